//! New tiling games (the page's New game): a rectangle and a set of pentominoes that fill it,
//! chosen at random among the sets that fill it in exactly one way (up to the rectangle's turns
//! and flips), as a puzzle book would set them. The rectangle grows with the difficulty; every
//! candidate set is counted whole by the family's own search, so "one way" is measured.

use super::TilingPuzzle;
use crate::families::{newgame, Difficulty, NewGame, Puzzle, SolveMode, SolveOptions, Status};
use crate::random::SplitMix;
use crate::search::Flow;

const PENTOMINOES: [&str; 12] = ["F", "I", "L", "N", "P", "T", "U", "V", "W", "X", "Y", "Z"];

/// The rectangle (rows, columns) for a difficulty: a pentomino for each five cells.
fn rectangle(difficulty: Difficulty) -> (usize, usize) {
    match difficulty {
        Difficulty::Easy => (3, 5),
        Difficulty::Medium => (5, 5),
        Difficulty::Hard => (5, 8),
    }
}

/// The puzzle's text: `names` to fill a `rows` x `cols` rectangle.
pub fn text(names: &[&str], (rows, cols): (usize, usize)) -> String {
    let row = ".".repeat(cols);
    format!("pieces: {}\n{}\n", names.join(" "), vec![row; rows].join("\n"))
}

/// How many distinct ways `text` is tiled, and the positions its search explored to count
/// them all; None when it cannot be read or counted within the budget.
pub fn ways(text: &str) -> Option<(u64, u64)> {
    let puzzle = TilingPuzzle::parse(text).ok()?;
    let options = SolveOptions {
        mode: SolveMode::Count,
        threads: Some(1),
        max_states: Some(newgame::MAX_STATES),
        ..SolveOptions::default()
    };
    let report = puzzle.solve(&options, &mut |_| Flow::Continue).ok()?;
    let counts = report.counts.filter(|_| report.status != Status::GaveUp)?;
    Some((counts.distinct, report.stats.explored))
}

/// A new game at `difficulty`: up to 300 random sets of pentominoes for its rectangle, the first
/// that fills it in exactly one way (or, when none does, the one with the fewest ways).
pub fn new_game(difficulty: Difficulty, seed: u64) -> Option<NewGame> {
    let (rows, cols) = rectangle(difficulty);
    let mut random = SplitMix::new(seed);
    let mut best: Option<(String, u64, u64, u64)> = None;
    for tried in 1..=300 {
        let mut names = PENTOMINOES;
        random.shuffle(&mut names);
        let mut chosen = names[..rows * cols / 5].to_vec();
        chosen.sort_unstable_by_key(|name| PENTOMINOES.iter().position(|p| p == name));
        let candidate = text(&chosen, (rows, cols));
        let Some((distinct, positions)) = ways(&candidate).filter(|&(distinct, _)| distinct > 0) else { continue };
        if best.as_ref().is_none_or(|b| distinct < b.1) {
            best = Some((candidate, distinct, positions, tried));
        }
        if distinct == 1 {
            break;
        }
    }
    let (text, distinct, positions, tried) = best?;
    let pieces = rows * cols / 5;
    Some(NewGame {
        name: format!("{rows} x {cols} pentomino rectangle"),
        moves: pieces as u64,
        positions,
        tried,
        about: String::new(),
        ways: Some(distinct),
        text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Not a check: how many sets of pentominoes fill each rectangle, and in how many ways
    /// (`cargo test --release --lib pentomino_rectangles -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn pentomino_rectangles() {
        for difficulty in Difficulty::ALL {
            let (rows, cols) = rectangle(difficulty);
            let mut random = SplitMix::new(1);
            let mut by_ways = std::collections::BTreeMap::new();
            let started = std::time::Instant::now();
            for _ in 0..200 {
                let mut names = PENTOMINOES;
                random.shuffle(&mut names);
                if let Some((distinct, _)) = ways(&text(&names[..rows * cols / 5], (rows, cols))) {
                    *by_ways.entry(distinct).or_insert(0) += 1;
                }
            }
            println!("{rows} x {cols}: sets by their ways {by_ways:?}, {:?}", started.elapsed());
        }
    }
}
