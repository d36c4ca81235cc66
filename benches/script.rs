//! Scripted puzzles: how fast rules in rhai and in JavaScript (QuickJS) run under the search
//! (states per second). The 8-puzzle from its hardest start is written in both (`tests/fixtures/
//! script/eight-puzzle.*`): breadth-first over its 181,440 positions.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion, Throughput};
use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Stats};
use std::time::Duration;

fn example(name: &str) -> &'static str {
    puzzlelab::examples::text(name).expect("the example exists")
}

/// Solves and returns (moves, states stored).
fn solve(text: &str) -> (usize, u64) {
    let puzzle = families::parse(None, text).expect("parses");
    let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).expect("solves");
    assert_eq!(report.status, Status::Solved);
    (report.moves.len(), report.stats.stored)
}

#[cfg(not(target_arch = "wasm32"))]
fn scripts(c: &mut Criterion) {
    let cards = example("script-cards");
    let hanoi = example("script-hanoi").replace("fn discs() { 4 }", "fn discs() { 10 }");
    let mut group = c.benchmark_group("script-bfs");
    for (name, text, moves) in [("jumping-cards", cards.to_string(), 14), ("hanoi-10", hanoi, 1023)] {
        let (length, stored) = solve(&text);
        assert_eq!(length, moves);
        group.throughput(Throughput::Elements(stored));
        group.bench_function(name, |b| b.iter(|| solve(&text)));
    }
    group.finish();
    let mut group = c.benchmark_group("script-eight-puzzle");
    group.sample_size(10);
    for (name, text) in [
        ("rhai", include_str!("../tests/fixtures/script/eight-puzzle.txt")),
        ("javascript", include_str!("../tests/fixtures/script/eight-puzzle.js")),
    ] {
        let (length, stored) = solve(text);
        assert_eq!((length, stored), (31, 181_440));
        group.throughput(Throughput::Elements(stored));
        group.bench_function(name, |b| b.iter(|| solve(text)));
    }
    group.finish();
}

#[cfg(not(target_arch = "wasm32"))]
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(10));
    targets = scripts
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
