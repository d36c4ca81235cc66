//! Game About Squares: exhaustive BFS over every position within the search area of two levels
//! that cannot be won (a colour with two goals and one square), so the whole area is explored.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion, Throughput};
use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Stats};
use std::time::Duration;

const THREE: &str = include_str!("../tests/fixtures/gas/bench-three-squares.txt");
const FOUR: &str = include_str!("../tests/fixtures/gas/bench-four-squares.txt");
const PUSH: &str = include_str!("../tests/fixtures/gas/level-04.txt");

fn exhaust(text: &str) -> u64 {
    let puzzle = families::parse(None, text).expect("bench levels parse");
    let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).expect("valid options");
    assert_eq!(report.status, Status::Unsolved);
    report.stats.stored
}

#[cfg(not(target_arch = "wasm32"))]
fn squares(c: &mut Criterion) {
    let mut group = c.benchmark_group("squares-exhaustive-bfs");
    for (name, text, states) in [("three-squares", THREE, 251_812), ("four-squares", FOUR, 5_811_436)] {
        assert_eq!(exhaust(text), states);
        group.throughput(Throughput::Elements(states));
        if states > 1_000_000 {
            group.sample_size(10).measurement_time(Duration::from_secs(30));
        }
        group.bench_function(name, |b| b.iter(|| exhaust(text)));
    }
    group.finish();
    c.bench_function("squares-solve/level-04-push", |b| {
        b.iter(|| {
            let puzzle = families::parse(None, PUSH).expect("parses");
            puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).expect("valid").moves.len()
        })
    });
}

#[cfg(not(target_arch = "wasm32"))]
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(Duration::from_secs(4));
    targets = squares
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
