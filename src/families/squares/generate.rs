//! Random levels that can always be won: squares and arrows are scattered in a box, the squares
//! are clicked at random for a while (never leaving the box), and the goals are put where they
//! end up. How many clicks the level then needs is for a search to say; [`longest`] keeps the
//! candidate that needs most.

use super::format::{Arrow, Goal, Level, Square};
use super::rules::Rules;
use crate::random::SplitMix;

/// Colour names for generated squares, one each.
const COLOURS: [&str; 8] = ["Red", "Blue", "Black", "Orange", "Green", "Purple", "Grey", "Pink"];

/// The box sides a random level is made in.
pub const SIDES: std::ops::RangeInclusive<usize> = 3..=8;

/// What a random level is made of.
#[derive(Debug, Clone, Copy)]
pub struct Recipe {
    pub squares: usize,
    pub arrows: usize,
    /// The box squares and arrows start in and squares stay in while the level is made.
    pub width: i32,
    pub height: i32,
    /// Random clicks from the start to the goals.
    pub clicks: usize,
}

impl Recipe {
    /// A level about the size of the live game's later ones, scaled to a box of `cols` x `rows`.
    pub fn for_box(cols: usize, rows: usize) -> Recipe {
        let width = cols.clamp(*SIDES.start(), *SIDES.end()) as i32;
        let height = rows.clamp(*SIDES.start(), *SIDES.end()) as i32;
        let cells = (width * height) as usize;
        Recipe { squares: (cells / 6).clamp(2, 5), arrows: (cells / 6).clamp(1, 4), width, height, clicks: 60 }
    }
}

/// One random level from `seed` (the same seed gives the same level everywhere).
pub fn random_level(recipe: &Recipe, seed: u64) -> Level {
    let mut random = SplitMix::new(seed);
    let mut cells: Vec<(i32, i32)> = (0..recipe.height).flat_map(|y| (0..recipe.width).map(move |x| (x, y))).collect();
    random.shuffle(&mut cells);
    let squares = recipe.squares.min(COLOURS.len()).min(cells.len());
    let arrows = recipe.arrows.min(cells.len() - squares);
    let arrows: Vec<Arrow> =
        cells[..arrows].iter().map(|&(x, y)| Arrow { x, y, direction: random.below(4) as u8 }).collect();
    let squares: Vec<Square> = cells[arrows.len()..][..squares]
        .iter()
        .zip(COLOURS)
        .map(|(&(x, y), colour)| Square {
            colour: colour.to_string(),
            x,
            y,
            direction: random.below(4) as u8,
            implicit: false,
        })
        .collect();
    let mut level = Level { comments: Vec::new(), squares, goals: Vec::new(), arrows };
    let Ok(rules) = Rules::new(&level, false) else {
        return level;
    };
    // Slots are sorted by colour; with one square per colour that is a fixed order.
    let mut pieces = rules.start.clone();
    let inside = |x: i32, y: i32| (0..recipe.width).contains(&x) && (0..recipe.height).contains(&y);
    for _ in 0..recipe.clicks * 4 {
        let mut next = pieces.clone();
        let slot = random.below(next.len());
        if rules.click(&mut next, slot) && next.iter().all(|p| inside(p.x, p.y)) {
            pieces = next;
        }
    }
    level.goals = pieces
        .iter()
        .zip(&rules.slot_colour)
        .map(|(p, &c)| Goal { colour: rules.colours[usize::from(c)].clone(), x: p.x, y: p.y })
        .collect();
    level
}

/// Of the levels from seeds `seed`, `seed + 1`, … (`candidates` of them), the one that needs most
/// clicks according to `minimum` (None: not known within its budget, never chosen over a known one).
pub fn longest(
    recipe: &Recipe,
    seed: u64,
    candidates: u64,
    minimum: impl Fn(&Level) -> Option<usize>,
) -> (Level, Option<usize>) {
    (0..candidates.max(1))
        .map(|i| {
            let level = random_level(recipe, seed.wrapping_add(i));
            let clicks = minimum(&level);
            (level, clicks)
        })
        .max_by_key(|(_, clicks)| *clicks)
        .expect("at least one candidate")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::squares::SquaresPuzzle;
    use crate::families::{Puzzle, SolveOptions, Status};
    use crate::search::{Flow, Method, Stats};

    /// Every generated level is won by replaying the clicks that made it; here, more simply, a
    /// search finds a way, and breadth-first search and A* agree on how long the shortest is.
    #[test]
    fn generated_levels_can_be_won_and_methods_agree() {
        let recipe = Recipe { squares: 3, arrows: 2, width: 4, height: 4, clicks: 20 };
        for seed in 0..12 {
            let level = random_level(&recipe, seed);
            assert_eq!(level.squares.len(), 3);
            assert_eq!(level.goals.len(), 3);
            let text = level.to_text();
            let puzzle = SquaresPuzzle::parse(&text).unwrap();
            let solve = |method| {
                let report = puzzle
                    .solve(&SolveOptions { method, ..SolveOptions::default() }, &mut |_: &Stats| Flow::Continue)
                    .unwrap();
                assert_eq!(report.status, Status::Solved, "{text}");
                report.moves.len()
            };
            assert_eq!(solve(Method::Bfs), solve(Method::Astar), "seed {seed}:\n{text}");
        }
        // The same seed gives the same level.
        assert_eq!(random_level(&recipe, 5).to_text(), random_level(&recipe, 5).to_text());
        assert_ne!(random_level(&recipe, 5).to_text(), random_level(&recipe, 6).to_text());
    }
}
