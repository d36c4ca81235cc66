//! Hunts for Game About Squares levels that need many clicks: random levels of the live game's
//! size (five squares, four arrows), each solved by A*, the long ones checked by a second method
//! and printed with their minimum. `tests/fixtures/gas/random-*.txt` came from here:
//!
//!     cargo run --release --example squares_levels -- [first seed] [how many] [least clicks]

use puzzlelab::families::squares::generate::{random_level, Recipe};
use puzzlelab::families::squares::SquaresPuzzle;
use puzzlelab::families::{Puzzle, SolveOptions, Status};
use puzzlelab::search::{Flow, Method, Stats};
use std::time::Instant;

fn main() {
    let arguments: Vec<u64> = std::env::args().skip(1).filter_map(|a| a.parse().ok()).collect();
    let first = arguments.first().copied().unwrap_or(0);
    let count = arguments.get(1).copied().unwrap_or(1000);
    let least = arguments.get(2).copied().unwrap_or(20) as usize;
    let recipe = Recipe { squares: 5, arrows: 4, width: 5, height: 5, clicks: 80 };
    for seed in first..first + count {
        let text = random_level(&recipe, seed).to_text();
        let Ok(puzzle) = SquaresPuzzle::parse(&text) else {
            continue;
        };
        let solve = |method, max_states| {
            let options = SolveOptions { method, max_states: Some(max_states), ..SolveOptions::default() };
            let started = Instant::now();
            let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).ok()?;
            (report.status == Status::Solved)
                .then(|| (report.moves.len(), report.stats.explored, started.elapsed().as_secs_f64()))
        };
        let Some((clicks, explored, seconds)) = solve(Method::Astar, 5_000_000) else {
            continue;
        };
        if clicks < least {
            continue;
        }
        let by_bfs = solve(Method::Bfs, 400_000_000).map(|(c, _, _)| c);
        println!("// seed {seed}: {clicks} clicks (A*: {explored} states, {seconds:.2} s; BFS: {by_bfs:?})\n{text}");
    }
}
