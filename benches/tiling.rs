//! Polyomino tiling: counting every tiling of the pentomino boards of issue 20 (6x10, 5x12,
//! 4x15, 3x20, two 8x8 boards), finding a first one, and the same count by dancing links. Ends
//! with a table of the counting times (in the process, and the command line's wall time)
//! beside the fastest peer's.
#![cfg_attr(target_arch = "wasm32", allow(unused))]

#[cfg(not(target_arch = "wasm32"))]
use criterion::{criterion_group, Criterion};
use puzzlelab::families::{self, SolveMode, SolveOptions};
use puzzlelab::search::{Flow, Stats};
use std::time::Duration;

#[path = "shared/tiling_boards.rs"]
mod tiling_boards;

const RECTANGLE: &str = include_str!("../tests/fixtures/tiling/6x10.txt");
const SCOTT: &str = include_str!("../www/examples/tiling-scott.txt");

fn solve(text: &str, mode: SolveMode) -> (u64, u64) {
    solve_on(text, mode, 1)
}

fn solve_on(text: &str, mode: SolveMode, threads: usize) -> (u64, u64) {
    let puzzle = families::parse(None, text).expect("parses");
    let options = SolveOptions { mode, threads: Some(threads), ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).expect("solves");
    report.counts.map_or((0, report.moves.len() as u64), |c| (c.raw, c.distinct))
}

/// Knuth's Algorithm X with dancing links (array-linked, smallest column first): the generic
/// exact-cover method the issue asks to measure against `search/cover.rs`. Counts every cover.
struct Dlx {
    left: Vec<usize>,
    right: Vec<usize>,
    up: Vec<usize>,
    down: Vec<usize>,
    column: Vec<usize>,
    size: Vec<usize>,
}

impl Dlx {
    /// Columns 1..=columns (0 is the root); each row lists its columns.
    fn new(columns: usize, rows: &[Vec<usize>]) -> Dlx {
        let n = columns + 1;
        let mut d = Dlx {
            left: (0..n).map(|i| (i + n - 1) % n).collect(),
            right: (0..n).map(|i| (i + 1) % n).collect(),
            up: (0..n).collect(),
            down: (0..n).collect(),
            column: (0..n).collect(),
            size: vec![0; n],
        };
        for row in rows {
            let first = d.up.len();
            for (k, &col) in row.iter().enumerate() {
                let node = d.up.len();
                let c = col + 1;
                d.up.push(d.up[c]);
                d.down.push(c);
                let above = d.up[c];
                d.down[above] = node;
                d.up[c] = node;
                d.column.push(c);
                d.size[c] += 1;
                d.left.push(if k == 0 { node } else { node - 1 });
                d.right.push(first);
                if k > 0 {
                    d.right[node - 1] = node;
                    d.left[first] = node;
                }
            }
        }
        d
    }

    fn cover(&mut self, c: usize) {
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = r;
        self.left[r] = l;
        let mut i = self.down[c];
        while i != c {
            let mut j = self.right[i];
            while j != i {
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = d;
                self.up[d] = u;
                self.size[self.column[j]] -= 1;
                j = self.right[j];
            }
            i = self.down[i];
        }
    }

    fn uncover(&mut self, c: usize) {
        let mut i = self.up[c];
        while i != c {
            let mut j = self.left[i];
            while j != i {
                self.size[self.column[j]] += 1;
                let (u, d) = (self.up[j], self.down[j]);
                self.down[u] = j;
                self.up[d] = j;
                j = self.left[j];
            }
            i = self.up[i];
        }
        let (l, r) = (self.left[c], self.right[c]);
        self.right[l] = c;
        self.left[r] = c;
    }

    fn count(&mut self) -> u64 {
        if self.right[0] == 0 {
            return 1;
        }
        let mut best = self.right[0];
        let mut c = self.right[best];
        while c != 0 {
            if self.size[c] < self.size[best] {
                best = c;
            }
            c = self.right[c];
        }
        self.cover(best);
        let mut found = 0;
        let mut r = self.down[best];
        while r != best {
            let mut j = self.right[r];
            while j != r {
                self.cover(self.column[j]);
                j = self.right[j];
            }
            found += self.count();
            let mut j = self.left[r];
            while j != r {
                self.uncover(self.column[j]);
                j = self.left[j];
            }
            r = self.down[r];
        }
        self.uncover(best);
        found
    }
}

/// All raw tilings of a board by dancing links: a column per piece and per cell.
fn dlx_count(text: &str) -> u64 {
    let puzzle = puzzlelab::families::tiling::TilingPuzzle::parse(text).expect("parses");
    let pieces = puzzle.board.pieces.len();
    let rows: Vec<Vec<usize>> = puzzle
        .placements
        .iter()
        .map(|p| std::iter::once(p.piece).chain(p.cells.iter().map(|&c| pieces + c)).collect())
        .collect();
    Dlx::new(pieces + puzzle.board.cells.len(), &rows).count()
}

#[cfg(not(target_arch = "wasm32"))]
fn tiling(c: &mut Criterion) {
    assert_eq!(dlx_count(SCOTT), 520);
    assert_eq!(dlx_count(RECTANGLE), 9356);
    c.bench_function("tiling/6x10-count-all-dancing-links", |b| b.iter(|| dlx_count(RECTANGLE)));
    c.bench_function("tiling/6x10-first", |b| b.iter(|| solve(RECTANGLE, SolveMode::First)));
    assert_eq!(solve(SCOTT, SolveMode::Count), (520, 65));
    for board in &tiling_boards::BOARDS {
        assert_eq!(solve(board.text, SolveMode::Count), (board.raw, board.distinct), "{}", board.name);
        c.bench_function(&format!("tiling/count-{}", board.name.replace(' ', "-")), |b| {
            b.iter(|| solve(board.text, SolveMode::Count))
        });
    }
}

/// Best of ten: counting in this process (parse and search) on one thread and on every core,
/// and `puzzlelab solve --count --threads 1` as a user runs it (process start and file read
/// included, as the peer's one-thread figures are).
#[cfg(not(target_arch = "wasm32"))]
fn table() {
    use std::time::Instant;
    let dir = std::env::temp_dir().join("puzzlelab-tiling-bench");
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let cores = SolveOptions::default().threads();
    println!("\nCounting every tiling (best of 10); the ratio is the peer's time over the one-thread command line:");
    println!(
        "{:<18} {:>10} {:>12} {:>14} {:>8} {:>16}",
        "board",
        "1 thread",
        "command line",
        "tyfkda (issue)",
        "ratio",
        format!("{cores} threads")
    );
    for board in &tiling_boards::BOARDS {
        let best = |run: &mut dyn FnMut()| {
            (0..10)
                .map(|_| {
                    let started = Instant::now();
                    run();
                    started.elapsed().as_secs_f64()
                })
                .fold(f64::MAX, f64::min)
        };
        let inside = best(&mut || {
            solve(board.text, SolveMode::Count);
        });
        let every_core = best(&mut || {
            solve_on(board.text, SolveMode::Count, cores);
        });
        let file = dir.join(format!("{}.txt", board.name.replace(' ', "-")));
        std::fs::write(&file, board.text).expect("writes the board");
        let cli = best(&mut || {
            let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
                .args(["solve", "--count", "--threads", "1"])
                .arg(&file)
                .output()
                .expect("runs");
            assert!(out.status.success());
        });
        let (peer, ratio) = match board.peer_seconds {
            Some(p) => (format!("{:.1} ms", p * 1000.0), format!("{:.1}x", p / cli)),
            None => ("-".into(), "-".into()),
        };
        println!(
            "{:<18} {:>7.1} ms {:>9.1} ms {:>14} {:>8} {:>13.1} ms",
            board.name,
            inside * 1000.0,
            cli * 1000.0,
            peer,
            ratio,
            every_core * 1000.0
        );
    }
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
        table();
    }
}
