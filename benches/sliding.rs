//! Exhaustive BFS of classic Klotski in each metric (every one of its 25,955 positions), and the
//! solves people run. Throughput is in states explored per second.

// Criterion is native only; the wasm timings are in tests/wasm_speed.rs.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion, Throughput};
use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Method, Stats};
use std::time::Duration;

/// Klotski with a goal naming a that never matches: BFS must exhaust the space.
const KLOTSKI_ALL: &str = "baac\nbaac\ndeef\ndghf\ni  j\naX\n";
const KLOTSKI: &str = "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n";
const EIGHT: &str = "hfg\nbed\nc a\n^---abc-def-gh[ ]---$\n";
const EIGHT_ALL: &str = "hfg\nbed\nc a\nabcdefghX\n";
/// The 8-puzzle at its goal, in numbers: Analyse explores all 181,440 positions from it.
const EIGHT_GOAL: &str = "1 2 3\n4 5 6\n7 8 _\n";
/// The 2x5 puzzle with a goal that never matches: BFS visits all 1,814,400 positions.
const TWO_BY_FIVE_ALL: &str = "abcde\nfghi \nabcdefghiX\n";
/// The 2x5 puzzle at its goal: 10!/2 = 1,814,400 positions.
const TWO_BY_FIVE: &str = "1 2 3 4 5\n6 7 8 9 _\n";

/// Explored states, on one thread (the figures before breadth-first search spread over threads).
fn solve(text: &str, metric: &str, method: Method) -> u64 {
    solve_on(text, metric, method, 1)
}

fn solve_on(text: &str, metric: &str, method: Method, threads: usize) -> u64 {
    let puzzle = families::parse(None, text).expect("bench puzzles parse");
    let options =
        SolveOptions { metric: Some(metric.into()), method, threads: Some(threads), ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).expect("options are valid");
    assert_ne!(report.status, Status::GaveUp);
    report.stats.explored
}

#[cfg(not(target_arch = "wasm32"))]
fn exhaustive(c: &mut Criterion) {
    // What a stored state costs: the packed state, its parent index and its hash-table slot.
    let puzzle = families::parse(None, KLOTSKI_ALL).expect("parses");
    let options = SolveOptions { method: Method::Bfs, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).expect("valid");
    eprintln!(
        "Klotski exhaustive BFS: {} states, {:.1} bytes per state",
        report.stats.stored,
        report.stats.bytes as f64 / report.stats.stored as f64
    );
    let mut group = c.benchmark_group("klotski-exhaustive-bfs");
    group.throughput(Throughput::Elements(25_955));
    for metric in ["unit", "slide", "piece"] {
        assert_eq!(solve(KLOTSKI_ALL, metric, Method::Bfs), 25_955);
        group.bench_function(metric, |b| b.iter(|| solve(KLOTSKI_ALL, metric, Method::Bfs)));
    }
    group.finish();

    let mut group = c.benchmark_group("eight-puzzle-exhaustive-bfs");
    group.throughput(Throughput::Elements(181_440));
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("unit", |b| b.iter(|| solve(EIGHT_ALL, "unit", Method::Bfs)));
    group.finish();

    // Breadth-first search on every core (issue 13): Klotski, and the 2x5 puzzle's 1,814,400
    // positions, where the spread pays.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut group = c.benchmark_group("spread-bfs");
    group.throughput(Throughput::Elements(25_955));
    assert_eq!(solve_on(KLOTSKI_ALL, "unit", Method::Bfs, cores), 25_955);
    group.bench_function(format!("klotski-unit-{cores}-threads"), |b| {
        b.iter(|| solve_on(KLOTSKI_ALL, "unit", Method::Bfs, cores))
    });
    group.throughput(Throughput::Elements(1_814_400));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    for threads in [1, cores] {
        assert_eq!(solve_on(TWO_BY_FIVE_ALL, "unit", Method::Bfs, threads), 1_814_400);
        group.bench_function(format!("two-by-five-{threads}-threads"), |b| {
            b.iter(|| solve_on(TWO_BY_FIVE_ALL, "unit", Method::Bfs, threads))
        });
    }
    group.finish();
}

#[cfg(not(target_arch = "wasm32"))]
fn solves(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.bench_function("klotski-piece-bfs", |b| b.iter(|| solve(KLOTSKI, "piece", Method::Bfs)));
    group.bench_function("eight-puzzle-bfs", |b| b.iter(|| solve(EIGHT, "unit", Method::Bfs)));
    group.bench_function("eight-puzzle-bidir", |b| b.iter(|| solve(EIGHT, "unit", Method::Bidir)));
    group.bench_function("eight-puzzle-astar", |b| b.iter(|| solve(EIGHT, "unit", Method::Astar)));
    group.finish();
}

/// Analyse's whole pass (explore, search back from the solved positions, count the shortest
/// solutions, find the hardest start): Klotski in each metric, and the 8-puzzle's 181,440.
#[cfg(not(target_arch = "wasm32"))]
fn analyse(c: &mut Criterion) {
    let on = |text: &str, metric: &str, threads: Option<usize>| {
        let puzzle = families::parse(None, text).expect("bench puzzles parse");
        let options = SolveOptions { metric: Some(metric.into()), threads, ..SolveOptions::default() };
        puzzle.analyse(&options, &mut |_: &Stats| Flow::Continue).expect("valid").positions
    };
    let run = |text: &str, metric: &str| on(text, metric, Some(1));
    let mut group = c.benchmark_group("analyse");
    group.throughput(Throughput::Elements(25_955));
    for metric in ["unit", "slide", "piece"] {
        assert_eq!(run(KLOTSKI, metric), 25_955);
        group.bench_function(format!("klotski-{metric}"), |b| b.iter(|| run(KLOTSKI, metric)));
    }
    group.throughput(Throughput::Elements(181_440));
    group.measurement_time(Duration::from_secs(8));
    assert_eq!(run(EIGHT_GOAL, "unit"), 181_440);
    group.bench_function("eight-puzzle", |b| b.iter(|| run(EIGHT_GOAL, "unit")));
    // The largest space here: the 2x5 puzzle's 1,814,400 positions, on one thread and on every
    // core (`--threads`: the exploration spreads; the figures do not change).
    group.throughput(Throughput::Elements(1_814_400));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(15));
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    for threads in [1, cores] {
        assert_eq!(on(TWO_BY_FIVE, "unit", Some(threads)), 1_814_400);
        group.bench_function(format!("two-by-five-{threads}-threads"), |b| {
            b.iter(|| on(TWO_BY_FIVE, "unit", Some(threads)))
        });
    }
    group.finish();
}

#[cfg(not(target_arch = "wasm32"))]
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(4));
    targets = exhaustive, solves, analyse
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
