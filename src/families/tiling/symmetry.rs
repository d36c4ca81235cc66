//! The board's symmetries and what the search does with them: the group as cell permutations,
//! symmetry breaking (one piece tried in one placement per orbit), whether a tiling is the one
//! of its orbit that is listed, and the counts of raw and distinct tilings.

use super::{pieces, TilingPuzzle};
use super::format::Board;
use rustc_hash::FxHashMap as HashMap;

/// Each symmetry of `board` but the identity, as a permutation of its cell numbers (`index`:
/// the number of each cell).
pub(super) fn of_board(board: &Board, index: &HashMap<(i32, i32), usize>) -> Vec<Vec<usize>> {
    let normal = pieces::normalise(&board.cells);
    pieces::SYMMETRIES[1..]
        .iter()
        .filter_map(|symmetry| {
            let turned: Vec<(i32, i32)> = board.cells.iter().map(|&c| symmetry(c)).collect();
            if pieces::normalise(&turned) != normal {
                return None;
            }
            let top = turned.iter().map(|c| c.0).min().unwrap_or(0);
            let left = turned.iter().map(|c| c.1).min().unwrap_or(0);
            let base = (board.cells.iter().map(|c| c.0).min().unwrap_or(0), board.cells.iter().map(|c| c.1).min().unwrap_or(0));
            turned.iter().map(|&(r, c)| index.get(&(r - top + base.0, c - left + base.1)).copied()).collect()
        })
        .collect()
}

impl TilingPuzzle {
    /// Whether a tiling (piece number per cell) is the least of its images under the board's
    /// symmetries: each distinct tiling has exactly one such member among its raw copies.
    pub(super) fn canonical(&self, tiling: &[u16]) -> bool {
        let mut image = vec![0u16; tiling.len()];
        self.symmetries.iter().all(|map| {
            Self::image(tiling, map, &mut image);
            tiling <= image.as_slice()
        })
    }

    /// The board's symmetry group as cell permutations, the identity first.
    pub(super) fn group(&self) -> Vec<Vec<usize>> {
        std::iter::once((0..self.board.cells.len()).collect()).chain(self.symmetries.iter().cloned()).collect()
    }

    /// Symmetry breaking: when every piece is used once, one piece `p` need only be tried in one
    /// placement per orbit of its placements under the board's symmetries, since every tiling
    /// has an image with `p` there. Picks the piece with the fewest orbits (the X pentomino on
    /// 6x10: 8 of its 32 placements) and returns it with, for each placement, whether it is
    /// the least of its orbit (the one kept). None when there is nothing to break.
    pub(super) fn breaking(&self, group: &[Vec<usize>]) -> Option<(usize, Vec<bool>)> {
        if !self.board.each_once || group.len() < 2 || !self.break_symmetry {
            return None;
        }
        let index: HashMap<(usize, &[usize]), usize> = self.placements.iter().enumerate().map(|(i, p)| ((p.piece, p.cells.as_slice()), i)).collect();
        let mut representative = vec![true; self.placements.len()];
        let mut image = Vec::new();
        for (i, placement) in self.placements.iter().enumerate() {
            for map in &group[1..] {
                image.clear();
                image.extend(placement.cells.iter().map(|&c| map[c]));
                image.sort_unstable();
                if index.get(&(placement.piece, image.as_slice())).is_some_and(|&j| j < i) {
                    representative[i] = false;
                }
            }
        }
        let orbits = |piece: usize| self.placements.iter().zip(&representative).filter(|(p, &r)| p.piece == piece && r).count();
        let piece = (0..self.board.pieces.len()).min_by_key(|&p| orbits(p))?;
        Some((piece, representative))
    }

    /// The tiling `g` makes of `tiling` (piece number per cell).
    pub(super) fn image(tiling: &[u16], map: &[usize], out: &mut [u16]) {
        for (cell, &to) in map.iter().enumerate() {
            out[to] = tiling[cell];
        }
    }
}

/// Solution counts. Without symmetry breaking the search finds every raw tiling, and a distinct
/// one is the least of its orbit. With it, a tiling T found with the broken piece at its orbit
/// leader r is found once for each member of {gT : g ∈ Stab r} (exactly the members of its
/// orbit O(T) with the piece at r, since r is the only leader in its orbit of placements); the
/// least of those finds alone counts, for one distinct tiling and |O(T)| = |G| / |Stab T| raw
/// ones. Each orbit is then counted by one find, whatever part of the tree it is in, so the
/// counts of parts of the search add up (`SolveOptions::part`).
pub(super) struct Tally {
    pub(super) order: u64,
    pub(super) raw: u64,
    pub(super) distinct: u64,
}

impl Tally {
    /// A tiling found by the unbroken search, which finds every raw tiling: `canonical` when it
    /// is the least of its orbit.
    pub(super) fn add_each(&mut self, canonical: bool) {
        self.raw += 1;
        self.distinct += u64::from(canonical);
    }

    /// A tiling found by the broken search, with `stabiliser` symmetries fixing it (at least the
    /// identity): `least` when it is the least of the finds of its orbit.
    pub(super) fn add_least(&mut self, least: bool, stabiliser: u64) {
        if least {
            self.distinct += 1;
            self.raw += self.order / stabiliser;
        }
    }
}
