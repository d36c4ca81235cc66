//! Sliding-tile permutation puzzles: numbered tiles on a graph of cells with one blank, where a
//! move slides a tile next to the blank into it (the 8- and 15-puzzles on any board shape), and
//! the heuristic that makes them solvable optimally: additive disjoint pattern databases
//! (Korf and Felner, 2002) with the mirror lookup (the max of the position and its transpose).
//!
//! Tiles are named by their goal cell, so the goal is always "tile t on cell t" and one set of
//! tables serves every goal with the same blank cell. The module knows cells and neighbours, not
//! which puzzle they came from: the N-puzzle family and sliding-block boards of one-cell pieces
//! both build a [`Board`] and search a [`TileSpace`].

use super::{Reversible, Space};

#[cfg(not(target_arch = "wasm32"))]
mod parallel;
mod part;
mod pdb;
mod walk;

pub use pdb::{PatternDatabase, DEFAULT_MAX_ENTRIES};

/// Most cells a board may have (tile positions are kept in a `u64` mask).
pub const MAX_CELLS: usize = 64;

/// The graph tiles move on.
#[derive(Debug, Clone)]
pub struct Board {
    /// Neighbours of each cell.
    pub neighbours: Vec<Vec<u8>>,
    /// The goal cell of the blank.
    pub blank: u8,
    /// Cells per row, when the graph is a rectangle's grid (0 otherwise).
    pub width: usize,
    /// A symmetry of the graph that fixes the blank's goal cell (a square board's transpose when
    /// the blank's goal is on the diagonal): the mirrored position is as far from the goal.
    pub mirror: Option<Vec<u8>>,
}

impl Board {
    /// A `width` x `height` rectangle with its four-neighbour grid. The transpose is used as the
    /// mirror when the board is square and the blank's goal cell lies on the main diagonal.
    pub fn rectangle(width: usize, height: usize, blank: usize) -> Board {
        let cells = width * height;
        assert!((2..=MAX_CELLS).contains(&cells) && blank < cells);
        let neighbours = (0..cells)
            .map(|c| {
                let (r, col) = (c / width, c % width);
                let mut n = Vec::new();
                if r > 0 {
                    n.push((c - width) as u8);
                }
                if r + 1 < height {
                    n.push((c + width) as u8);
                }
                if col > 0 {
                    n.push((c - 1) as u8);
                }
                if col + 1 < width {
                    n.push((c + 1) as u8);
                }
                n
            })
            .collect();
        let on_diagonal = blank / width == blank % width;
        let mirror = (width == height && on_diagonal)
            .then(|| (0..cells).map(|c| ((c % width) * width + c / width) as u8).collect());
        Board { neighbours, blank: blank as u8, width, mirror }
    }

    /// The number of cells on the board.
    pub fn cells(&self) -> usize {
        self.neighbours.len()
    }
}

/// A position: the tile on each cell and the cell of each tile, in arrays of `N` (16, 36 or 64)
/// of which the board uses the first `cells`. Equality and hashing look at the cells only.
#[derive(Debug, Clone, Copy)]
pub struct Tiles<const N: usize> {
    /// The tile on each cell, each tile named by its goal cell (the blank by [`Board::blank`]).
    pub at: [u8; N],
    /// The cell of each tile.
    pub pos: [u8; N],
    /// Pattern-database sums for the position and for its mirror image.
    plain: u8,
    mirrored: u8,
}

impl<const N: usize> PartialEq for Tiles<N> {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at
    }
}

impl<const N: usize> Eq for Tiles<N> {}

impl<const N: usize> std::hash::Hash for Tiles<N> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

/// One move: `tile` slides from cell `from` into the blank at `to`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Slide {
    /// The tile moved.
    pub tile: u8,
    /// The cell it leaves.
    pub from: u8,
    /// The cell it enters: the blank's.
    pub to: u8,
}

/// The search space of a tile puzzle, with the pattern databases as its heuristic.
pub struct TileSpace<'a, const N: usize> {
    board: &'a Board,
    pdb: &'a PatternDatabase,
    start: Tiles<N>,
    goal: Tiles<N>,
}

impl<'a, const N: usize> TileSpace<'a, N> {
    /// `start[c]` is the tile on cell c (tiles named by goal cell; the blank is `board.blank`).
    pub fn new(board: &'a Board, pdb: &'a PatternDatabase, start: &[u8]) -> Self {
        assert!(start.len() == board.cells() && start.len() <= N);
        let mut at = [0u8; N];
        let mut pos = [0u8; N];
        for (cell, &tile) in start.iter().enumerate() {
            at[cell] = tile;
            pos[tile as usize] = cell as u8;
        }
        let (plain, mirrored) = pdb.evaluate(&pos);
        let start = Tiles { at, pos, plain: plain as u8, mirrored: mirrored as u8 };
        let mut goal = Tiles { at: [0; N], pos: [0; N], plain: 0, mirrored: 0 };
        for cell in 0..board.cells() {
            goal.at[cell] = cell as u8;
            goal.pos[cell] = cell as u8;
        }
        TileSpace { board, pdb, start, goal }
    }
}

impl<const N: usize> Space for TileSpace<'_, N> {
    type State = Tiles<N>;
    type Move = Slide;

    fn start(&self) -> Tiles<N> {
        self.start
    }

    fn successors(&self, state: &Tiles<N>, out: &mut Vec<(Slide, Tiles<N>, u32)>) {
        let blank = self.board.blank;
        let hole = state.pos[blank as usize];
        for &from in &self.board.neighbours[hole as usize] {
            let tile = state.at[from as usize];
            let mut next = *state;
            next.at[hole as usize] = tile;
            next.at[from as usize] = blank;
            next.pos[tile as usize] = hole;
            next.pos[blank as usize] = from;
            // Only the moved tile's pattern changes (none when there are no tables).
            let pattern = self.pdb.pattern_of[tile as usize] as usize;
            if pattern < self.pdb.patterns.len() {
                let plain =
                    u32::from(state.plain) + self.pdb.value(pattern, &next.pos) - self.pdb.value(pattern, &state.pos);
                next.plain = plain as u8;
            }
            if let Some(mirror) = &self.pdb.mirror {
                let pattern = self.pdb.pattern_of[mirror[tile as usize] as usize] as usize;
                if pattern < self.pdb.patterns.len() {
                    let mirrored = u32::from(state.mirrored) + self.pdb.mirrored_value(mirror, pattern, &next.pos)
                        - self.pdb.mirrored_value(mirror, pattern, &state.pos);
                    next.mirrored = mirrored as u8;
                }
            }
            out.push((Slide { tile, from, to: hole }, next, 1));
        }
    }

    fn is_goal(&self, state: &Tiles<N>) -> bool {
        state.at == self.goal.at
    }

    fn heuristic(&self, state: &Tiles<N>) -> u32 {
        u32::from(state.plain.max(state.mirrored))
    }

    fn bytes(&self) -> u64 {
        self.pdb.bytes()
    }

    fn needs_cycle_check(&self) -> bool {
        false // parity decides solvability before any search
    }
}

impl<const N: usize> Reversible for TileSpace<'_, N> {
    fn goal_state(&self) -> Option<Tiles<N>> {
        Some(self.goal)
    }

    /// Every slide is undone by sliding the same tile back, so the moves into a position are the
    /// moves out of it.
    fn predecessors(&self, state: &Tiles<N>, out: &mut Vec<(Slide, Tiles<N>, u32)>) {
        self.successors(state, out);
        for (slide, _, _) in out.iter_mut() {
            std::mem::swap(&mut slide.from, &mut slide.to);
        }
    }
}

/// Whether `start` (tiles by goal cell, as in [`TileSpace::new`]) can reach the goal on a
/// rectangle: on a grid every move is a transposition that also moves the blank one cell, so the
/// permutation's parity must equal the parity of the blank's distance from home.
pub fn solvable_on_rectangle(width: usize, start: &[u8], blank: u8) -> bool {
    let mut seen = vec![false; start.len()];
    let mut transpositions = 0;
    for first in 0..start.len() {
        let mut cell = first;
        let mut length = 0;
        while !seen[cell] {
            seen[cell] = true;
            cell = start[cell] as usize;
            length += 1;
        }
        transpositions += length.max(1) - 1;
    }
    let hole = start.iter().position(|&t| t == blank).unwrap_or(0);
    let distance = (hole / width).abs_diff(blank as usize / width) + (hole % width).abs_diff(blank as usize % width);
    transpositions % 2 == distance % 2
}

/// For the tests of searches split into parts or threads: the 8-puzzle with partial tables (pairs
/// of tiles), so that IDA* has subtrees to share out, and its starts: the two 31-move positions
/// and a one-move one.
#[cfg(test)]
fn eight_puzzle_in_pairs() -> (Board, PatternDatabase, [[u8; 9]; 3]) {
    let board = Board::rectangle(3, 3, 8);
    let groups = vec![vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7]];
    let pdb =
        PatternDatabase::build(&board, &groups, &mut |_| crate::search::Flow::Continue).expect("the tables build");
    (board, pdb, [[7, 5, 6, 1, 4, 3, 2, 8, 0], [5, 3, 6, 7, 4, 8, 2, 1, 0], [0, 1, 2, 3, 4, 5, 6, 8, 7]])
}

#[cfg(test)]
mod tests {
    use super::super::{bfs, idastar, Budget, Flow, Stats};
    use super::*;

    fn quiet(_: &Stats) -> Flow {
        Flow::Continue
    }

    #[test]
    fn exact_table_on_the_five_puzzle() {
        let board = Board::rectangle(3, 2, 5);
        let groups = PatternDatabase::partition(&board, DEFAULT_MAX_ENTRIES);
        let pdb = PatternDatabase::build(&board, &groups, &mut |_| Flow::Continue).unwrap();
        assert!(pdb.is_exact());
        let goal = TileSpace::<16>::new(&board, &pdb, &[0, 1, 2, 3, 4, 5]).start();
        let mut seed = 7u64;
        for walk in [3, 10, 40, 200] {
            let mut state = goal;
            let mut out = Vec::new();
            for _ in 0..walk {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                out.clear();
                TileSpace::<16>::new(&board, &pdb, &[0, 1, 2, 3, 4, 5]).successors(&state, &mut out);
                state = out[(seed >> 33) as usize % out.len()].1;
            }
            let start: Vec<u8> = state.at[..6].to_vec();
            assert!(solvable_on_rectangle(3, &start, 5));
            let space = TileSpace::<16>::new(&board, &pdb, &start);
            let by_ida = idastar(&space, &Budget::default(), &mut quiet).length();
            let by_bfs = bfs(&space, &Budget::default(), &mut quiet).length();
            assert_eq!(by_ida, by_bfs, "walk {walk}");
            assert_eq!(by_ida, Some(space.heuristic(&space.start()) as usize));
        }
    }

    #[test]
    fn parity() {
        // Two tiles swapped, blank home: unsolvable.
        let mut start: Vec<u8> = (0..16).collect();
        start.swap(0, 1);
        assert!(!solvable_on_rectangle(4, &start, 15));
        // Blank moved one cell left: solvable (one move).
        let mut start: Vec<u8> = (0..16).collect();
        start.swap(14, 15);
        assert!(solvable_on_rectangle(4, &start, 15));
    }
}
