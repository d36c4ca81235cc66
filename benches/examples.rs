//! Every example the families offer (`examples::all()`, the registry's lists), solved as a
//! new user would: default options, `auto`. A new family's example is timed here with no line
//! added; the family's own bench (`benches/FAMILY.rs`) goes deeper.

// Criterion is native only.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion};
use puzzlelab::examples;
use puzzlelab::families::{self, Example, Family, SolveOptions, Status};
use puzzlelab::search::{Flow, Stats};
use std::time::Duration;

/// Solves the example as the menu opens it (its family named) and returns the solution's length.
fn solve(family: &dyn Family, example: &Example) -> usize {
    let puzzle = families::parse(Some(family.id()), example.text).expect("examples parse");
    let report =
        puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).expect("default options are valid");
    assert_eq!(report.status, Status::Solved, "{}", example.name);
    report.moves.len()
}

#[cfg(not(target_arch = "wasm32"))]
fn every_example(c: &mut Criterion) {
    let mut group = c.benchmark_group("examples");
    for (family, example) in examples::all() {
        // The answer is the known one before it is timed (the first solve also builds any tables
        // the family keeps, such as the 15-puzzle's pattern databases).
        assert_eq!(solve(family, example), example.length, "{}", example.name);
        group.bench_function(example.name, |b| b.iter(|| solve(family, example)));
    }
    group.finish();
}

#[cfg(not(target_arch = "wasm32"))]
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).warm_up_time(Duration::from_millis(500)).measurement_time(Duration::from_secs(2));
    targets = every_example
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
