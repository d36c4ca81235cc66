//! Game About Squares: exhaustive BFS over every position within the search area of two levels
//! that cannot be won (a colour with two goals and one square), so the whole area is explored
//! (less the positions past which no click can help: 1.6 M of the four-square level's 5.8 M).
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion, Throughput};
use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Method, Stats};
use std::time::Duration;

const THREE: &str = include_str!("../tests/fixtures/gas/bench-three-squares.txt");
const FOUR: &str = include_str!("../tests/fixtures/gas/bench-four-squares.txt");
const PUSH: &str = include_str!("../tests/fixtures/gas/level-04.txt");
/// The hardest random level of the fixtures: 25 clicks, as the live game's later levels.
const HARDEST: &str = include_str!("../tests/fixtures/gas/random-4173.txt");

fn exhaust(text: &str) -> u64 {
    let puzzle = families::parse(None, text).expect("bench levels parse");
    let options = SolveOptions { method: Method::Bfs, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).expect("valid options");
    assert_eq!(report.status, Status::Unsolved);
    report.stats.stored
}

#[cfg(not(target_arch = "wasm32"))]
fn squares(c: &mut Criterion) {
    let mut group = c.benchmark_group("squares-exhaustive-bfs");
    for (name, text, states) in [("three-squares", THREE, 251_812), ("four-squares", FOUR, 1_611_694)] {
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
    let mut group = c.benchmark_group("squares-solve");
    group.sample_size(10);
    group.bench_function("random-4173-25-clicks", |b| {
        b.iter(|| {
            let puzzle = families::parse(None, HARDEST).expect("parses");
            let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).expect("valid");
            assert_eq!(report.moves.len(), 25);
        })
    });
    group.finish();
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
