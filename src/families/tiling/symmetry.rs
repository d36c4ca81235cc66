//! The puzzle's symmetries and what the search does with them: the group as cell permutations
//! with the piece each piece becomes, symmetry breaking (one piece tried in one placement per
//! orbit), whether a tiling is the one of its orbit that is listed, and the counts of raw and
//! distinct tilings.

use super::format::Board;
use super::{pieces, Placement, TilingPuzzle};
use rustc_hash::FxHashMap as HashMap;

/// A symmetry of the puzzle: a symmetry of the board (where it moves each cell) and the piece
/// each piece becomes. A rotation keeps every piece. A reflection keeps a piece that may be
/// flipped, and turns a one-sided piece into its mirror image: it is a symmetry of the puzzle
/// only when the set has that mirror image, as many times (the one-sided pentominoes swap F
/// and F'; a set of L4s alone has no reflection).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symmetry {
    pub cells: Vec<usize>,
    pub pieces: Vec<u16>,
}

impl Symmetry {
    /// The tiling this symmetry makes of the tiling `chosen` (numbers of `placements`), as a key
    /// per cell: the piece on it and the first cell of that piece's placement. Two tilings have
    /// equal keys exactly when they place the same pieces on the same cells; the piece on each
    /// cell alone would not tell two L4s making a 2x4 block from the other two that make it.
    pub(super) fn key(&self, placements: &[Placement], chosen: &[usize], out: &mut [u32]) {
        for placement in chosen.iter().map(|&o| &placements[o]) {
            let first = placement.cells.iter().map(|&c| self.cells[c]).min().unwrap_or(0) as u32;
            let piece = u32::from(self.pieces[placement.piece]);
            for &c in &placement.cells {
                out[self.cells[c]] = piece << 16 | first;
            }
        }
    }

    /// The placement this symmetry makes of `placement`.
    pub(super) fn place(&self, placement: &Placement) -> Placement {
        let mut cells: Vec<usize> = placement.cells.iter().map(|&c| self.cells[c]).collect();
        cells.sort_unstable();
        Placement { piece: usize::from(self.pieces[placement.piece]), cells }
    }
}

/// Each symmetry of the puzzle but the identity (see [`Symmetry`]). `index`: the number of
/// each cell; `copies`: how many copies each piece stands for (0 for a later copy of a piece).
pub(super) fn of_puzzle(board: &Board, index: &HashMap<(i32, i32), usize>, copies: &[usize]) -> Vec<Symmetry> {
    let normal = pieces::normalise(&board.cells);
    let orientations: Vec<Vec<Vec<(i32, i32)>>> = board
        .pieces
        .iter()
        .map(|p| turned(&pieces::orientations(&p.cells, board.mirror), pieces::SYMMETRIES[0]))
        .collect();
    let base = (board.cells.iter().map(|c| c.0).min().unwrap_or(0), board.cells.iter().map(|c| c.1).min().unwrap_or(0));
    pieces::SYMMETRIES[1..]
        .iter()
        .filter_map(|&symmetry| {
            let moved: Vec<(i32, i32)> = board.cells.iter().map(|&c| symmetry(c)).collect();
            if pieces::normalise(&moved) != normal {
                return None;
            }
            let top = moved.iter().map(|c| c.0).min().unwrap_or(0);
            let left = moved.iter().map(|c| c.1).min().unwrap_or(0);
            let cells = moved
                .iter()
                .map(|&(r, c)| index.get(&(r - top + base.0, c - left + base.1)).copied())
                .collect::<Option<Vec<usize>>>()?;
            let pieces = relabelled(&orientations, copies, board.each_once, symmetry)?;
            Some(Symmetry { cells, pieces })
        })
        .collect()
}

/// A piece's orientations (`shapes`) moved by `symmetry`, as a sorted list (so that two
/// pieces allowed the same orientations have equal lists).
fn turned(shapes: &[Vec<(i32, i32)>], symmetry: pieces::Symmetry) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> =
        shapes.iter().map(|shape| pieces::normalise(&shape.iter().map(|&c| symmetry(c)).collect::<Vec<_>>())).collect();
    out.sort_unstable();
    out
}

/// The piece each piece becomes under `symmetry`: one allowed exactly the moved piece's
/// orientations, standing for as many copies (when each is used once). Pieces alike in both
/// are matched in order (the k-th to the k-th), so that the choices of two symmetries compose
/// into the choice of their product and the symmetries form a group. None when a piece has no
/// such partner: the board's symmetry is not one of the puzzle.
fn relabelled(
    orientations: &[Vec<Vec<(i32, i32)>>],
    copies: &[usize],
    each_once: bool,
    symmetry: pieces::Symmetry,
) -> Option<Vec<u16>> {
    let kinds: Vec<usize> = (0..copies.len()).filter(|&p| copies[p] > 0).collect();
    let uses = |p: usize| if each_once { copies[p] } else { 1 };
    let mut pieces: Vec<u16> = (0..copies.len() as u16).collect();
    let mut taken = vec![false; copies.len()];
    for &p in &kinds {
        let image = turned(&orientations[p], symmetry);
        let rank = kinds.iter().filter(|&&q| q < p && orientations[q] == orientations[p] && uses(q) == uses(p)).count();
        let partner = kinds.iter().copied().filter(|&q| orientations[q] == image && uses(q) == uses(p)).nth(rank)?;
        if std::mem::replace(&mut taken[partner], true) {
            return None;
        }
        pieces[p] = partner as u16;
    }
    Some(pieces)
}

impl TilingPuzzle {
    /// Whether the tiling `chosen` (numbers of placements, `tiling` its key, see
    /// [`Symmetry::key`]) is the least of its images under the puzzle's symmetries: each
    /// distinct tiling has exactly one such member among its raw copies. `image` is room for a
    /// key, reused from tiling to tiling.
    pub(super) fn canonical(&self, chosen: &[usize], tiling: &[u32], image: &mut [u32]) -> bool {
        self.symmetries.iter().all(|symmetry| {
            symmetry.key(&self.placements, chosen, image);
            tiling <= &*image
        })
    }

    /// The puzzle's symmetry group, the identity first.
    pub(super) fn group(&self) -> Vec<Symmetry> {
        let identity = Symmetry {
            cells: (0..self.board.cells.len()).collect(),
            pieces: (0..self.board.pieces.len() as u16).collect(),
        };
        std::iter::once(identity).chain(self.symmetries.iter().cloned()).collect()
    }

    /// Symmetry breaking: when every piece is used once, one piece `p` need only be tried in one
    /// placement per orbit of its placements under the puzzle's symmetries, since every tiling
    /// has an image with `p` there. `p` is a piece of one copy that every symmetry keeps (so
    /// that its orbits are its own placements), the one with the fewest orbits (the X
    /// pentomino on 6x10: 8 of its 32 placements). Returns it with, for each placement, whether
    /// it is the least of its orbit (the one kept). None when there is nothing to break.
    pub(super) fn breaking(&self, group: &[Symmetry]) -> Option<(usize, Vec<bool>)> {
        if !self.board.each_once || group.len() < 2 || !self.break_symmetry {
            return None;
        }
        let index: HashMap<(usize, &[usize]), usize> =
            self.placements.iter().enumerate().map(|(i, p)| ((p.piece, p.cells.as_slice()), i)).collect();
        let mut representative = vec![true; self.placements.len()];
        for (i, placement) in self.placements.iter().enumerate() {
            for symmetry in &group[1..] {
                let image = symmetry.place(placement);
                if index.get(&(image.piece, image.cells.as_slice())).is_some_and(|&j| j < i) {
                    representative[i] = false;
                }
            }
        }
        let kept_by_all = |piece: usize| {
            self.copies[piece] == 1 && group.iter().all(|symmetry| usize::from(symmetry.pieces[piece]) == piece)
        };
        let orbits =
            |piece: usize| self.placements.iter().zip(&representative).filter(|(p, &r)| p.piece == piece && r).count();
        let piece = (0..self.board.pieces.len()).filter(|&p| kept_by_all(p)).min_by_key(|&p| orbits(p))?;
        Some((piece, representative))
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
