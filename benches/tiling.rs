//! Polyomino tiling: counting every tiling of the 6x10 rectangle, and finding a first one.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion};
use puzzlelab::families::{self, SolveMode, SolveOptions};
use puzzlelab::search::{Flow, Stats};
use std::time::Duration;

const RECTANGLE: &str = include_str!("../tests/fixtures/tiling/6x10.txt");
const SCOTT: &str = include_str!("../www/examples/tiling-scott.txt");

fn solve(text: &str, mode: SolveMode) -> usize {
    let puzzle = families::parse(None, text).expect("parses");
    let options = SolveOptions { mode, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).expect("solves");
    report.counts.map_or(report.moves.len(), |c| c.distinct as usize)
}

#[cfg(not(target_arch = "wasm32"))]
fn tiling(c: &mut Criterion) {
    assert_eq!(solve(RECTANGLE, SolveMode::Count), 2339);
    assert_eq!(solve(SCOTT, SolveMode::Count), 65);
    c.bench_function("tiling/6x10-first", |b| b.iter(|| solve(RECTANGLE, SolveMode::First)));
    c.bench_function("tiling/scott-count-all", |b| b.iter(|| solve(SCOTT, SolveMode::Count)));
    c.bench_function("tiling/6x10-count-all", |b| b.iter(|| solve(RECTANGLE, SolveMode::Count)));
}

#[cfg(not(target_arch = "wasm32"))]
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(20));
    targets = tiling
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
