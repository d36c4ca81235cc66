//! Mazes: reading and solving a 200 x 200 mazegenerator.net-style SVG, and a 1000 x 1000
//! generated maze from its box-art text; every board of a 100,000-move replay (`--output-states`).
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion};
use puzzlelab::families::maze::{generate, text, MazePuzzle};
use puzzlelab::families::{Puzzle, SolveOptions, Status};
use puzzlelab::search::{Flow, Stats};
use std::time::Duration;

/// Parses and solves; returns the path length.
fn solve(text: &str) -> usize {
    let puzzle = MazePuzzle::parse(text).expect("parses");
    let options = SolveOptions { max_states: Some(10_000_000), ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).expect("solves");
    assert_eq!(report.status, Status::Solved);
    report.moves.len()
}

/// A maze's SVG with every wall its own `<line>` (the most lines a maze of that size can have).
fn unit_walls_svg(cols: usize, rows: usize, seed: u64) -> String {
    let grid = generate::perfect(cols, rows, seed);
    let mut out = format!("<svg width=\"{}\" height=\"{}\" xmlns=\"http://www.w3.org/2000/svg\">\n<g stroke=\"#000\" stroke-width=\"2\">\n", 16 * cols + 4, 16 * rows + 4);
    for cell in 0..grid.cells() {
        let (r, c) = grid.row_col(cell);
        for side in 0..4u8 {
            // Each wall once: the top and left of every cell, the bottom and right on the border.
            if !grid.is_open(cell, side) && (side == 0 || side == 3 || grid.neighbour(cell, side).is_none()) {
                let ((x1, y1), (x2, y2)) = grid.geometry.wall(r, c, side);
                out.push_str(&format!("<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>\n"));
            }
        }
    }
    out + "</g>\n</svg>\n"
}

/// A block-grid maze whose one corridor snakes through `corridors` rows of `width` cells: a
/// path of corridors x (width - 1) + 2 (corridors - 1) moves.
fn serpentine(corridors: usize, width: usize) -> String {
    let mut rows = vec!["#".repeat(width + 2)];
    for k in 0..corridors {
        let mut row = vec![b'.'; width + 2];
        (row[0], row[width + 1]) = (b'#', b'#');
        if k == 0 {
            row[1] = b'S';
        }
        if k + 1 == corridors {
            // Odd corridors run right to left, even ones left to right.
            row[if k % 2 == 1 { 1 } else { width }] = b'E';
        }
        rows.push(String::from_utf8(row).expect("ASCII"));
        if k + 1 < corridors {
            let mut wall = vec![b'#'; width + 2];
            wall[if k % 2 == 0 { width } else { 1 }] = b'.';
            rows.push(String::from_utf8(wall).expect("ASCII"));
        }
    }
    rows.push("#".repeat(width + 2));
    rows.join("\n") + "\n"
}

#[cfg(not(target_arch = "wasm32"))]
fn maze(c: &mut Criterion) {
    let big = MazePuzzle::parse(&text::write_box_art(&generate::perfect(200, 200, 1), &|_| None)).unwrap().svg();
    eprintln!("200 x 200 SVG, merged runs: {} <line>s, {} bytes", big.matches("<line").count(), big.len());
    let unit = unit_walls_svg(200, 200, 1);
    eprintln!("200 x 200 SVG, one line per wall: {} <line>s, {} bytes", unit.matches("<line").count(), unit.len());
    assert_eq!(solve(&big), solve(&unit));
    let huge = text::write_box_art(&generate::perfect(1000, 1000, 1), &|_| None);
    eprintln!("1000 x 1000 box art: {} bytes, path {} moves", huge.len(), solve(&huge));
    c.bench_function("maze/200x200-svg-parse-solve", |b| b.iter(|| solve(&big)));
    c.bench_function("maze/200x200-unit-walls-svg-parse-solve", |b| b.iter(|| solve(&unit)));
    c.bench_function("maze/1000x1000-text-parse-solve", |b| b.iter(|| solve(&huge)));

    // Every board of a long replay, as `puzzlelab solve --output-states` prints them: the mid-end
    // walks the path once (before, each board walked it from the start: quadratic).
    let snake = MazePuzzle::parse(&serpentine(500, 200)).expect("parses");
    let moves = snake.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).expect("solves").moves;
    assert_eq!(moves.len(), 500 * 199 + 2 * 499);
    c.bench_function("maze/100k-move-replay-every-board", |b| {
        b.iter(|| MazePuzzle::parse(&serpentine(500, 200)).expect("parses").boards(&moves).len())
    });
}

#[cfg(not(target_arch = "wasm32"))]
criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10).measurement_time(Duration::from_secs(10));
    targets = maze
}

fn main() {
    #[cfg(not(target_arch = "wasm32"))]
    {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
