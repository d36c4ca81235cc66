//! New Rush Hour games (the page's New game). Cars and trucks are put on the 6 x 6 board at
//! random; Analyse explores every position they can reach and gives the hardest start among them,
//! its distance from the nearest solved one measured, not guessed. Hard takes the hardest start
//! of a layout made harder change by change; Easy and Medium take a position on a shortest
//! solution from a hardest start, as many moves from the end as the band asks.

use super::format::{Board, Vehicle, RED};
use super::RushPuzzle;
use crate::families::newgame::{self, Hardest};
use crate::families::{Difficulty, NewGame};
use crate::random::SplitMix;

pub const SIDE: usize = 6;

/// The positions a climb of Hard may explore in all.
const CLIMB: u64 = 1_000_000;

/// Vehicles besides the red car, by difficulty: a fuller board locks more (the hardest starts of
/// random layouts by their number: benches/RESULTS.md).
fn vehicles(difficulty: Difficulty) -> usize {
    match difficulty {
        Difficulty::Easy => 7,
        Difficulty::Medium => 10,
        Difficulty::Hard => 12,
    }
}

/// A random layout: the red car on the exit row, left of the exit, and up to `others` cars
/// (three in four) and trucks where they fit, none lying across the exit row (one there would
/// bar the way for good).
pub fn layout(others: usize, random: &mut SplitMix) -> Board {
    let exit_row = Board::exit_row(SIDE);
    let red = Vehicle { letter: RED, row: exit_row, col: random.below(SIDE - 3), len: 2, horizontal: true };
    let board = Board {
        title: None,
        width: SIDE,
        height: SIDE,
        walls: vec![false; SIDE * SIDE],
        vehicles: vec![red],
        expected: None,
        one_line: false,
    };
    layout_onto(board, others, random)
}

/// `board` with vehicles added at random where they fit, up to `others` besides the red car.
fn layout_onto(mut board: Board, others: usize, random: &mut SplitMix) -> Board {
    let exit_row = Board::exit_row(SIDE);
    for _ in 0..(others + 1) * 20 {
        if board.vehicles.len() > others {
            break;
        }
        let len = if random.below(4) == 0 { 3 } else { 2 };
        let horizontal = random.below(2) == 0;
        let (rows, cols) = if horizontal { (SIDE, SIDE - len + 1) } else { (SIDE - len + 1, SIDE) };
        let (row, col) = (random.below(rows), random.below(cols));
        let letter = RED + board.vehicles.len() as u8;
        let vehicle = Vehicle { letter, row, col, len, horizontal };
        let free = vehicle.cells().all(|(r, c)| board.vehicle_at(r, c).is_none());
        if free && !(horizontal && row == exit_row) {
            board.vehicles.push(vehicle);
        }
    }
    board
}

/// The hardest start of `board`'s positions; None when the red car cannot get out from any.
pub fn hardest(board: &Board) -> Option<Hardest> {
    newgame::hardest(&RushPuzzle::new(board.clone()))
}

/// `board` with one change at random: a vehicle taken away, one added where it fits, or one
/// put elsewhere. The red car stays; the others are lettered afresh in order.
fn changed(board: &Board, random: &mut SplitMix) -> Board {
    let mut next = board.clone();
    let others = next.vehicles.len() - 1;
    let change = random.below(3);
    if others > 0 && change != 1 {
        next.vehicles.remove(1 + random.below(others));
    }
    if change != 0 {
        let others = next.vehicles.len();
        next = layout_onto(next, others, random);
    }
    for (i, vehicle) in next.vehicles.iter_mut().enumerate() {
        vehicle.letter = RED + i as u8;
    }
    next
}

/// A layout made harder step by step: from a random one, changes at random, each kept when the
/// hardest start it gives is no nearer the exit (ties kept, so the search drifts rather than
/// sticks), until one reaches `enough` moves or the layouts tried have reached `budget`
/// positions in all (a count, not a time: the same seed makes the same game everywhere). Its
/// hardest start, as [`hardest`].
pub fn climbed(budget: u64, enough: u64, random: &mut SplitMix) -> Option<Hardest> {
    let mut board = layout(vehicles(Difficulty::Hard), random);
    let mut best = hardest(&board);
    let mut spent = best.as_ref().map_or(0, |b| b.positions);
    let score = |h: &Option<Hardest>| h.as_ref().map_or(0, |h| h.moves + 1);
    while spent < budget && score(&best) <= enough {
        let next = changed(&board, random);
        let found = hardest(&next);
        // A layout the red car cannot leave is explored too, but its size is not known here:
        // counted as one.
        spent += found.as_ref().map_or(1, |f| f.positions);
        if score(&found) >= score(&best) {
            (board, best) = (next, found);
        }
    }
    best
}

/// A new game at `difficulty`: Easy 4 to 8 moves, Medium 10 to 15 (a position that far from
/// the exit on a shortest way out from a random layout's hardest start), Hard the hardest start
/// of a layout climbed to 16 moves or more (up to three climbs of a million positions each,
/// each stopping at 25 moves: about a second natively; the farthest start there is on this
/// board takes 51).
pub fn new_game(difficulty: Difficulty, seed: u64) -> Option<NewGame> {
    let family = &super::RushHour;
    let band = match difficulty {
        Difficulty::Easy => 4..=8,
        Difficulty::Medium => 10..=15,
        Difficulty::Hard => {
            let best = newgame::best_of(3, 16, &mut SplitMix::new(seed), |random| climbed(CLIMB, 25, random));
            return newgame::hardest_game(family, "Rush Hour puzzle", "its cars", best?);
        }
    };
    newgame::in_band(family, "Rush Hour puzzle", band.clone(), seed, 100, |random| {
        let found = hardest(&layout(vehicles(difficulty), random));
        found.map_or_else(String::new, |found| newgame::walked_back(family, found, &band, random))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::rushhour::format;

    #[test]
    fn a_layout_reads_back_with_every_vehicle_where_it_was_put() {
        for seed in 0..50 {
            let board = layout(12, &mut SplitMix::new(seed));
            let read = format::parse(&board.to_text()).expect("a layout reads back");
            assert_eq!(read.vehicles, board.vehicles, "seed {seed}");
            assert!(board.vehicles.iter().skip(1).all(|v| !(v.horizontal && v.row == Board::exit_row(SIDE))));
        }
    }

    /// Not a check: how far the hardest starts of random layouts are, by the number of vehicles
    /// (`cargo test --release --lib layouts_by_vehicles -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn layouts_by_vehicles() {
        for others in [6, 7, 8, 9, 10, 11, 12, 13] {
            let started = std::time::Instant::now();
            let mut random = SplitMix::new(others as u64);
            let mut found = Vec::new();
            for _ in 0..200 {
                if let Some(h) = hardest(&layout(others, &mut random)) {
                    found.push(h.moves);
                }
            }
            println!("{others} others: {}; {:?}", newgame::spread(found, 200), started.elapsed());
        }
    }

    /// Not a check: how far climbing takes the hardest start, by its budget of positions
    /// (`cargo test --release --lib climbing -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn climbing() {
        for budget in [300_000, 1_000_000, 3_000_000] {
            let started = std::time::Instant::now();
            let mut found: Vec<u64> =
                (0..10).filter_map(|seed| climbed(budget, 60, &mut SplitMix::new(seed)).map(|h| h.moves)).collect();
            found.sort_unstable();
            println!("{budget} positions: {found:?}, {:?} each", started.elapsed() / 10);
        }
    }
}
