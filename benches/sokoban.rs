//! Sokoban: Microban levels of growing difficulty solved as people ask (`auto`: A* with the
//! assignment bound, proving the fewest pushes) and by best-first search (`greedy`), which
//! trades the proof for speed. `make bench` also runs the whole of Microban with ten seconds
//! a level (`puzzlelab solve … --all-levels`), and `make bench-xsokoban` the original 90.

// Criterion is native only.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion};
use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Method, Stats};

const MICROBAN: &str = include_str!("../tests/fixtures/sokoban/microban.txt");

/// (level, fewest pushes) of the levels timed: the pushes as A* proves them, which
/// `tests.rs` checks independently for the small ones.
const LEVELS: [(usize, usize); 3] = [(16, 39), (66, 15), (123, 101)];

fn level(number: usize) -> String {
    let collection = families::parse(Some("sokoban"), MICROBAN).expect("Microban parses");
    collection.level_text(number - 1).expect("the level exists")
}

fn pushes(text: &str, method: Method) -> usize {
    let puzzle = families::parse(Some("sokoban"), text).expect("bench levels parse");
    let options = SolveOptions { method, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).expect("options are valid");
    assert_eq!(report.status, Status::Solved);
    report.moves.len()
}

#[cfg(not(target_arch = "wasm32"))]
fn microban(c: &mut Criterion) {
    let mut group = c.benchmark_group("sokoban");
    for (number, fewest) in LEVELS {
        let text = level(number);
        assert_eq!(pushes(&text, Method::Auto), fewest, "Microban {number}");
        group.bench_function(format!("microban-{number}/auto"), |b| b.iter(|| pushes(&text, Method::Auto)));
        group.bench_function(format!("microban-{number}/greedy"), |b| b.iter(|| pushes(&text, Method::Greedy)));
    }
    group.finish();
}

#[cfg(not(target_arch = "wasm32"))]
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = microban
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
