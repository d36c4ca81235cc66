//! Rush Hour: the known positions of `tests/fixtures/rushhour/positions.txt` solved as people
//! ask (`auto`, BFS in the slide metric) and by A* with the blocking-vehicle bound, and the same boards written in the sliding
//! format with `axis: yes`, which the generic sliding rules solve: what the family's bitboard
//! rules are worth.

// Criterion is native only.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion};
use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Method, Stats};

const POSITIONS: &str = include_str!("../tests/fixtures/rushhour/positions.txt");

/// (name, board) of each solvable position.
fn boards() -> Vec<(String, &'static str)> {
    POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with('-') && !l.trim().is_empty())
        .filter_map(|l| {
            let mut words = l.split_whitespace();
            let moves = words.next()?;
            Some((format!("{moves}-moves"), words.next()?))
        })
        .collect()
}

/// The board in the sliding format: letters in lower case, walls `#`, the red car at the right
/// end of the third row as the goal.
fn as_sliding(board: &str) -> String {
    let rows: Vec<String> = board
        .as_bytes()
        .chunks(6)
        .map(|row| {
            row.iter()
                .map(|&b| match b {
                    b'.' | b'o' => ' ',
                    b'x' => '#',
                    _ => b.to_ascii_lowercase() as char,
                })
                .collect()
        })
        .collect();
    format!("metric: slide\naxis: yes\n{}\n^-{{6}}.{{6}}-.{{6}}-.{{4}}aa\n", rows.join("\n"))
}

fn solve(family: &str, text: &str, method: Method) -> usize {
    let puzzle = families::parse(Some(family), text).expect("bench puzzles parse");
    let options = SolveOptions { method, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).expect("options are valid");
    assert_eq!(report.status, Status::Solved);
    report.moves.len()
}

#[cfg(not(target_arch = "wasm32"))]
fn positions(c: &mut Criterion) {
    let mut group = c.benchmark_group("rushhour");
    for (name, board) in boards() {
        let sliding = as_sliding(board);
        // The two families agree on the optimum before either is timed.
        assert_eq!(solve("rushhour", board, Method::Bfs), solve("sliding", &sliding, Method::Bfs), "{name}");
        group.bench_function(format!("{name}/auto"), |b| b.iter(|| solve("rushhour", board, Method::Auto)));
        group.bench_function(format!("{name}/astar"), |b| b.iter(|| solve("rushhour", board, Method::Astar)));
        group.bench_function(format!("{name}/as-sliding-bfs"), |b| b.iter(|| solve("sliding", &sliding, Method::Bfs)));
    }
    group.finish();
}

#[cfg(not(target_arch = "wasm32"))]
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = positions
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
