//! New games at a measured difficulty (the page's New game, `puzzlelab new`). A family makes
//! candidates at random; each is solved by the family's own solver with the options a user's
//! Solve has, and a game's difficulty is what that measured: its shortest solution's length and
//! the positions the solver explored to prove it. A family says what Easy, Medium and Hard mean
//! for it as a band of lengths.

use super::{Family, NewGame, Puzzle, SolveOptions, Status};
use crate::random::SplitMix;
use crate::search::Flow;
use std::ops::RangeInclusive;

/// The most positions a candidate's measure may explore: a candidate past it is passed over.
pub const MAX_STATES: u64 = 2_000_000;

/// What solving a text measured.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Measured {
    /// The shortest solution.
    pub moves: Vec<String>,
    /// The positions the solver explored.
    pub positions: u64,
}

/// Solves `text` as `family` with the default options (as Solve would); None when it cannot be
/// read, has no solution, or is not solved and proven shortest within two million positions.
pub fn measure(family: &dyn Family, text: &str) -> Option<Measured> {
    let puzzle = family.parse(text).ok()?;
    let options = SolveOptions { max_states: Some(MAX_STATES), threads: Some(1), ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_| Flow::Continue).ok()?;
    (report.status == Status::Solved && report.optimal)
        .then_some(Measured { moves: report.moves, positions: report.stats.explored })
}

/// How far `length` is from `band` (0 inside it).
fn distance(band: &RangeInclusive<u64>, length: u64) -> u64 {
    band.start().saturating_sub(length).max(length.saturating_sub(*band.end()))
}

/// Up to `tries` candidates (each a `name`) that `make` makes from one random sequence seeded
/// with `seed`, each measured: the first whose length lies in `band`, or, when none does, the
/// one nearest it. None only when no candidate could be measured at all.
pub fn in_band(
    family: &dyn Family,
    name: &str,
    band: RangeInclusive<u64>,
    seed: u64,
    tries: u64,
    mut make: impl FnMut(&mut SplitMix) -> String,
) -> Option<NewGame> {
    let mut random = SplitMix::new(seed);
    let mut nearest: Option<NewGame> = None;
    for tried in 1..=tries {
        let text = make(&mut random);
        let Some(measured) = measure(family, &text) else { continue };
        let moves = measured.moves.len() as u64;
        let game = NewGame {
            name: name.to_string(),
            text,
            moves,
            positions: measured.positions,
            tried,
            about: String::new(),
            ways: None,
        };
        if band.contains(&moves) {
            return Some(game);
        }
        if nearest.as_ref().is_none_or(|best| distance(&band, moves) < distance(&band, best.moves)) {
            nearest = Some(game);
        }
    }
    nearest.map(|game| NewGame { tried: tries, ..game })
}

/// The hardest start among the positions a puzzle can reach (Analyse's).
#[derive(Debug, Clone)]
pub struct Hardest {
    pub text: String,
    /// Its shortest solution's length.
    pub moves: u64,
    /// The positions the puzzle reaches.
    pub positions: u64,
}

/// The hardest start among `puzzle`'s positions; None when none is solved or the family cannot
/// write it.
pub fn hardest(puzzle: &dyn Puzzle) -> Option<Hardest> {
    let options = SolveOptions { threads: Some(1), ..SolveOptions::default() };
    let report = puzzle.analyse(&options, &mut |_| Flow::Continue).ok()?;
    let hardest = report.hardest?;
    Some(Hardest { text: hardest.text?, moves: hardest.moves, positions: report.positions })
}

/// The hardest of up to `tries` starts that `find` finds, stopping at the first of `enough`
/// moves or more.
pub fn best_of(
    tries: usize,
    enough: u64,
    random: &mut SplitMix,
    mut find: impl FnMut(&mut SplitMix) -> Option<Hardest>,
) -> Option<Hardest> {
    let mut best: Option<Hardest> = None;
    for _ in 0..tries {
        let found = find(random);
        if found.as_ref().map_or(0, |f| f.moves) > best.as_ref().map_or(0, |b| b.moves) {
            best = found;
        }
        if best.as_ref().is_some_and(|b| b.moves >= enough) {
            break;
        }
    }
    best
}

/// A hardest start as a new game, measured as every game is; `movers` names what moves ("its
/// cars").
pub fn hardest_game(family: &dyn Family, name: &str, movers: &str, hardest: Hardest) -> Option<NewGame> {
    let measured = measure(family, &hardest.text)?;
    Some(NewGame {
        name: name.to_string(),
        moves: measured.moves.len() as u64,
        positions: measured.positions,
        tried: 1,
        about: format!("the hardest of the {} positions {movers} can reach", crate::replay::group(hardest.positions)),
        text: hardest.text,
        ways: None,
    })
}

/// A position inside `band` on a shortest way to the goal from a hardest start `from` (its text
/// when it is no farther than the band's end): a length in the band chosen at random, and the
/// position that many moves from the end.
pub fn walked_back(family: &dyn Family, from: Hardest, band: &RangeInclusive<u64>, random: &mut SplitMix) -> String {
    if from.moves <= *band.end() {
        return from.text;
    }
    let wanted = band.start() + random.below((band.end() - band.start() + 1) as usize) as u64;
    let Some(measured) = measure(family, &from.text) else { return from.text };
    let back = measured.moves.len().saturating_sub(wanted as usize);
    family.parse(&from.text).ok().and_then(|puzzle| puzzle.text_at(&measured.moves[..back])).unwrap_or(from.text)
}

/// Lengths found (of `tried` candidates) in a line: how many, the median, 90th and 99th
/// percentiles and the most (the ignored tests that measured the bands print it).
#[cfg(test)]
pub(crate) fn spread(mut found: Vec<u64>, tried: usize) -> String {
    found.sort_unstable();
    let at = |q: usize| found.get(found.len() * q / 100).copied().unwrap_or(0);
    format!(
        "{} of {tried} solvable, hardest starts: median {}, 90% {}, 99% {}, most {}",
        found.len(),
        at(50),
        at(90),
        at(99),
        found.last().copied().unwrap_or(0)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_distance_to_a_band_is_zero_inside_it() {
        assert_eq!([3, 8, 10, 12, 20].map(|n| distance(&(8..=12), n)), [5, 0, 0, 0, 8]);
    }
}
