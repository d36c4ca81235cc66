//! The LM-Solve families: the spec's examples, and large generated boards (Tilt with eight
//! goals on 30 x 30, Theseus and the Minotaur on 30 x 30, a 200 x 200 number maze), each solved
//! with LM-Solve's breadth-first scan; states per second are printed beside the times.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion};
use puzzlelab::families::lmsolve::{lm_solve, Options, Variant};
use puzzlelab::search::{Budget, Flow, Stats};
use std::time::Duration;

/// xorshift: the boards are the same on every run.
struct Random(u64);

impl Random {
    fn chance(&mut self, percent: u64) -> bool {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % 100 < percent
    }
}

/// A wall layout with a closed frame and random inner walls.
fn walls(w: usize, h: usize, random: &mut Random) -> String {
    let mut out = String::new();
    for line in 0..=2 * h {
        if line % 2 == 0 {
            let edge = line == 0 || line == 2 * h;
            out.extend((0..w).map(|_| if edge || random.chance(10) { '-' } else { ' ' }));
        } else {
            out.extend((0..=w).map(|x| if x == 0 || x == w || random.chance(10) { '|' } else { ' ' }));
        }
        out.push('\n');
    }
    out
}

fn big_tilt() -> String {
    let mut random = Random(7);
    let goals = "(3,4), (27,2), (15,15), (2,28), (29,29), (20,8), (9,21), (25,18)";
    format!("Dims = (30,30)\nStart = (0,0)\nGoals = [ {goals} ]\nlayout = <<EOF\n{}EOF\n", walls(30, 30, &mut random))
}

fn big_minotaur() -> String {
    let mut random = Random(11);
    format!(
        "Dims = (30,30)\nThes = (0,29)\nMino = (29,29)\nExit = (29,0)\nlayout = <<EOF\n{}EOF\n",
        walls(30, 30, &mut random)
    )
}

fn big_numbers() -> String {
    let mut random = Random(3);
    let mut rows = String::new();
    for y in 0..200 {
        for x in 0..200 {
            let digit = (1..=9).find(|_| random.chance(30)).unwrap_or(1);
            rows.push(if (x, y) == (199, 199) { '*' } else { char::from(b'0' + digit) });
        }
        rows.push('\n');
    }
    format!("Dims = (200,200)\nStart = (0,0)\nlayout = <<EOF\n{rows}EOF\n")
}

/// Solves and returns the states taken off the queue (LM-Solve's iteration count).
fn solve(variant: Variant, text: &str) -> u64 {
    let mut explored = 0;
    let out = lm_solve(text, variant, &Options::default(), &Budget::default(), &mut |s: &Stats| {
        explored = s.explored;
        Flow::Continue
    })
    .expect("a board")
    .out;
    assert!(out.starts_with("solved") || out.starts_with("unsolved"), "{out}");
    explored
}

#[cfg(not(target_arch = "wasm32"))]
fn lmsolve(c: &mut Criterion) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/lmsolve");
    for variant in Variant::ALL {
        let text = std::fs::read_to_string(format!("{dir}/{}.txt", variant.name())).expect("fixture");
        c.bench_function(&format!("lmsolve/example-{}", variant.name()), |b| b.iter(|| solve(variant, &text)));
    }
    for (name, variant, text) in [
        ("tilt-multi-30x30-8-goals", Variant::TiltMulti, big_tilt()),
        ("minotaur-30x30", Variant::Minotaur, big_minotaur()),
        ("numbers-200x200", Variant::Numbers, big_numbers()),
    ] {
        // The scan's own count of states taken off the queue, for states per second.
        let started = std::time::Instant::now();
        let out = lm_solve(&text, variant, &Options::default(), &Budget::default(), &mut |_| Flow::Continue)
            .expect("a board")
            .out;
        let seconds = started.elapsed().as_secs_f64();
        let options = Options { rtd: true, ..Options::default() };
        let states = lm_solve(&text, variant, &options, &Budget::default(), &mut |_| Flow::Continue)
            .expect("a board")
            .out
            .lines()
            .count()
            - out.lines().count();
        eprintln!(
            "{name}: {} ({} moves), {states} states in {:.1} ms = {:.2} M states/s",
            out.lines().next().unwrap_or(""),
            out.lines().count() - 1,
            seconds * 1000.0,
            states as f64 / seconds / 1e6
        );
        c.bench_function(&format!("lmsolve/{name}"), |b| b.iter(|| solve(variant, &text)));
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(5));
    targets = lmsolve
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
