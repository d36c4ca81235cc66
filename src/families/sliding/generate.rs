//! New sliding-block games (the page's New game) in Klotski's shape: a tray 4 wide and 5 deep,
//! a 2 x 2 block to bring to the bottom middle, and upright, flat and single blocks around it
//! with two cells left free, moves counted as Klotski's are (a block's move, however far).
//! Analyse explores every position the blocks can reach and gives the hardest start among them,
//! as for Rush Hour: Hard takes a layout's hardest start; Easy and Medium a position on a
//! shortest way out from one.

use crate::families::newgame::{self, Hardest};
use crate::families::sliding::{Sliding, SlidingPuzzle};
use crate::families::{Difficulty, NewGame};
use crate::random::SplitMix;

const WIDTH: usize = 4;
const HEIGHT: usize = 5;
/// The cells left free.
const FREE: usize = 2;
/// The big block.
const BIG: u8 = b'a';
/// The other blocks' letters (each letter a kind of block, cut by the `pieces:` line) and
/// sizes (width, height), with how often each is tried (uprights as often as Klotski has them).
const BLOCKS: [(u8, usize, usize, usize); 3] = [(b'v', 1, 2, 4), (b'h', 2, 1, 2), (b's', 1, 1, 3)];
const HEADER: &str = "metric: piece\npieces: v=1x2 h=2x1 s=1x1\n";
/// The big block at the bottom middle, in the format's flattened board.
const GOAL: &str = "-.aa.----$";

/// A tray's cells, row by row: a block's letter or a space.
type Tray = [u8; WIDTH * HEIGHT];

/// Whether a block `width` x `height` fits with its top left at `at`, and puts it there.
fn put(tray: &mut Tray, letter: u8, width: usize, height: usize, at: usize) -> bool {
    let (row, col) = (at / WIDTH, at % WIDTH);
    if row + height > HEIGHT || col + width > WIDTH {
        return false;
    }
    let cells = || (0..height).flat_map(move |r| (0..width).map(move |c| (row + r) * WIDTH + col + c));
    if cells().any(|cell| tray[cell] != b' ') {
        return false;
    }
    cells().for_each(|cell| tray[cell] = letter);
    true
}

/// `tray` filled with blocks at random until two cells are free: a block of a kind chosen at
/// random where it fits, singles at the end.
fn filled(mut tray: Tray, random: &mut SplitMix) -> Tray {
    let free = |tray: &Tray| tray.iter().filter(|&&c| c == b' ').count();
    let weights: usize = BLOCKS.iter().map(|b| b.3).sum();
    for _ in 0..200 {
        if free(&tray) == FREE {
            break;
        }
        let mut pick = random.below(weights);
        let &(letter, width, height, _) = BLOCKS
            .iter()
            .find(|b| {
                let found = pick < b.3;
                pick = pick.saturating_sub(b.3);
                found
            })
            .unwrap_or(&BLOCKS[2]);
        if free(&tray) >= FREE + width * height {
            put(&mut tray, letter, width, height, random.below(WIDTH * HEIGHT));
        }
    }
    while free(&tray) > FREE {
        let cells: Vec<usize> = (0..tray.len()).filter(|&c| tray[c] == b' ').collect();
        tray[cells[random.below(cells.len())]] = b's';
    }
    tray
}

/// A random layout: the big block anywhere, the others around it.
pub fn layout(random: &mut SplitMix) -> Tray {
    let mut tray = [b' '; WIDTH * HEIGHT];
    put(&mut tray, BIG, 2, 2, random.below(HEIGHT - 1) * WIDTH + random.below(WIDTH - 1));
    filled(tray, random)
}

/// The puzzle's text.
pub fn text(tray: &Tray) -> String {
    let rows: Vec<&str> = tray.chunks(WIDTH).map(|row| std::str::from_utf8(row).unwrap_or("")).collect();
    format!("{HEADER}{}\n{GOAL}\n", rows.join("\n"))
}

/// The hardest start of a layout's positions; None when the big block reaches the bottom
/// middle from none.
pub fn hardest(tray: &Tray) -> Option<Hardest> {
    newgame::hardest(&SlidingPuzzle::parse(&text(tray)).ok()?)
}

/// A new game at `difficulty`: Easy 8 to 15 moves, Medium 25 to 45 (a position that far from the
/// goal on a shortest way out from a random layout's hardest start), Hard the hardest start of
/// the first of up to 40 random layouts whose hardest start takes 80 moves or more (a fifth of
/// them do: the median is 62, the most 138).
pub fn new_game(difficulty: Difficulty, seed: u64) -> Option<NewGame> {
    const NAME: &str = "Sliding-block puzzle";
    let band = match difficulty {
        Difficulty::Easy => 8..=15,
        Difficulty::Medium => 25..=45,
        Difficulty::Hard => {
            let best = newgame::best_of(40, 80, &mut SplitMix::new(seed), |random| hardest(&layout(random)))?;
            return newgame::hardest_game(&Sliding, NAME, "its blocks", best);
        }
    };
    newgame::in_band(&Sliding, NAME, band.clone(), seed, 100, |random| {
        let found = hardest(&layout(random));
        found.map_or_else(String::new, |found| newgame::walked_back(&Sliding, found, &band, random))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_has_the_big_block_and_two_free_cells() {
        for seed in 0..50 {
            let tray = layout(&mut SplitMix::new(seed));
            assert_eq!(tray.iter().filter(|&&c| c == b' ').count(), FREE, "seed {seed}");
            assert_eq!(tray.iter().filter(|&&c| c == BIG).count(), 4, "seed {seed}");
            let puzzle = SlidingPuzzle::parse(&text(&tray)).expect("a layout reads");
            assert_eq!(puzzle.layout.cells, tray.to_vec(), "seed {seed}");
        }
    }

    /// Not a check: how far the hardest starts of random layouts are
    /// (`cargo test --release --lib sliding_layouts -- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn sliding_layouts() {
        let started = std::time::Instant::now();
        let mut random = SplitMix::new(1);
        let found: Vec<u64> = (0..200).filter_map(|_| hardest(&layout(&mut random)).map(|h| h.moves)).collect();
        println!("{}; {:?}", newgame::spread(found, 200), started.elapsed());
    }
}
