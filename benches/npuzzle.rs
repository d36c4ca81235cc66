//! N-puzzle figures for `make bench`: the pattern-database build (time and size), Korf's 100
//! instances (total and worst, each checked against its published optimum) and an 80-move
//! position. One timed pass each: a Korf run takes tens of seconds, too long to repeat.

use puzzlelab::search::tiles::{Board, PatternDatabase, Slide, TileSpace, Tiles, DEFAULT_MAX_ENTRIES};
use puzzlelab::search::{Budget, Flow, Outcome};
use std::time::Instant;

fn cells(line: &str) -> Vec<u8> {
    line.split_whitespace().map(|n| n.parse().unwrap()).collect()
}

/// Solves each of Korf's 100 with `search`, checking its published optimum: the seconds in total,
/// the states expanded, and the slowest instance (seconds, number).
fn korf(
    board: &Board,
    pdb: &PatternDatabase,
    search: impl Fn(&TileSpace<'_, 16>) -> Outcome<Slide, Tiles<16>>,
) -> (f64, u64, (f64, u8)) {
    let (mut total, mut nodes, mut worst) = (0.0, 0u64, (0.0, 0));
    for line in include_str!("../tests/fixtures/npuzzle/korf100.txt").lines().filter(|l| !l.starts_with('#')) {
        let numbers = cells(line);
        let space = TileSpace::<16>::new(board, pdb, &numbers[2..]);
        let started = Instant::now();
        let outcome = search(&space);
        let seconds = started.elapsed().as_secs_f64();
        assert_eq!(outcome.length(), Some(usize::from(numbers[1])), "Korf instance {}", numbers[0]);
        total += seconds;
        nodes += outcome.stats().explored;
        if seconds > worst.0 {
            worst = (seconds, numbers[0]);
        }
    }
    (total, nodes, worst)
}

fn main() {
    // Korf's goal has the blank top-left: tile t's goal cell is t, the blank's is 0.
    let board = Board::rectangle(4, 4, 0);
    let groups = PatternDatabase::partition(&board, DEFAULT_MAX_ENTRIES);
    let started = Instant::now();
    let pdb = PatternDatabase::build(&board, &groups, &mut |_| Flow::Continue).unwrap();
    println!(
        "pattern databases {}: built in {:.1} s, {:.1} MB",
        pdb.describe(),
        started.elapsed().as_secs_f64(),
        pdb.bytes() as f64 / 1e6
    );
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let started = Instant::now();
    let again = PatternDatabase::build_on(&board, &groups, cores, &mut |_| Flow::Continue).unwrap();
    assert_eq!(again.to_bytes(), pdb.to_bytes(), "the same tables on every core");
    println!("pattern databases built on {cores} threads: {:.1} s", started.elapsed().as_secs_f64());

    let budget = Budget { max_states: u64::MAX, ..Budget::default() };
    let (total, nodes, worst) = korf(&board, &pdb, |space| space.idastar(&budget, &mut |_| Flow::Continue));
    println!(
        "Korf's 100 (IDA*, one core): {total:.1} s in total, {nodes} states expanded; worst instance {} in {:.2} s",
        worst.1, worst.0
    );

    // The same on every core (the answers must not change; the time should drop).
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let (parallel, _, worst) =
        korf(&board, &pdb, |space| space.idastar_parallel(threads, &budget, &mut |_| Flow::Continue));
    println!(
        "Korf's 100 on {threads} threads: {parallel:.1} s in total ({:.2}x one core); worst instance {} in {:.2} s",
        total / parallel,
        worst.1,
        worst.0
    );

    // The 80-move positions are listed towards Korf's goal too (the same board and tables).
    for line in include_str!("../tests/fixtures/npuzzle/hardest.txt").lines().filter(|l| !l.starts_with('#')) {
        let numbers = cells(line);
        let space = TileSpace::<16>::new(&board, &pdb, &numbers[1..]);
        // Bounded, so that a slower change still prints a figure.
        let limited = Budget { time_limit: Some(std::time::Duration::from_secs(120)), ..budget };
        for (label, threads) in [("one core", 1), ("every core", threads)] {
            let started = Instant::now();
            let outcome = if threads == 1 {
                space.idastar(&limited, &mut |_| Flow::Continue)
            } else {
                space.idastar_parallel(threads, &limited, &mut |_| Flow::Continue)
            };
            let seconds = started.elapsed().as_secs_f64();
            match &outcome {
                Outcome::Solved { moves, .. } => {
                    assert_eq!(moves.len(), usize::from(numbers[0]));
                    println!("80-move position ({label}, {threads} threads): {seconds:.1} s, {} states expanded", outcome.stats().explored);
                }
                _ => println!(
                    "80-move position ({label}): not solved within {seconds:.0} s ({} states expanded, bound reached {})",
                    outcome.stats().explored,
                    outcome.stats().depth
                ),
            }
        }
    }
}
