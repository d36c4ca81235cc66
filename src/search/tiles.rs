//! Sliding-tile permutation puzzles: numbered tiles on a graph of cells with one blank, where a
//! move slides a tile next to the blank into it (the 8- and 15-puzzles on any board shape), and
//! the heuristic that makes them solvable optimally: additive disjoint pattern databases
//! (Korf and Felner, 2002) with the mirror lookup (the max of the position and its transpose).
//!
//! Tiles are named by their goal cell, so the goal is always "tile t on cell t" and one set of
//! tables serves every goal with the same blank cell. The module knows cells and neighbours, not
//! which puzzle they came from: the N-puzzle family and sliding-block boards of one-cell pieces
//! both build a [`Board`] and search a [`TileSpace`].

use super::{Flow, Reversible, Space};

/// Most cells a board may have (tile positions are kept in a `u64` mask).
pub const MAX_CELLS: usize = 64;

/// The graph tiles move on.
#[derive(Debug, Clone)]
pub struct Board {
    /// Neighbours of each cell.
    pub neighbours: Vec<Vec<u8>>,
    /// The goal cell of the blank.
    pub blank: u8,
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
        Board { neighbours, blank: blank as u8, mirror }
    }

    pub fn cells(&self) -> usize {
        self.neighbours.len()
    }
}

/// Number of ordered placements of `k` distinct tiles on `n` cells: n (n-1) ... (n-k+1).
fn placements(n: usize, k: usize) -> u64 {
    (0..k).map(|i| (n - i) as u64).product()
}

/// One pattern: some tiles, and for each placement of them the fewest moves of these tiles that
/// bring them home when the other tiles are ignored (a lower bound that adds up across patterns,
/// because every move moves exactly one tile).
#[derive(Debug, Clone)]
struct Pattern {
    tiles: Vec<u8>,
    table: Vec<u8>,
}

/// The index of a placement (cells of the pattern's tiles, in order) among all placements.
#[inline]
fn rank(cells: usize, positions: impl Iterator<Item = u8>) -> usize {
    let mut used = 0u64;
    let mut index = 0usize;
    for (j, p) in positions.enumerate() {
        let below = (used & ((1u64 << p) - 1)).count_ones() as usize;
        index = index * (cells - j) + (p as usize - below);
        used |= 1u64 << p;
    }
    index
}

/// Additive disjoint pattern databases for one board and blank cell.
#[derive(Debug, Clone)]
pub struct PatternDatabase {
    cells: usize,
    patterns: Vec<Pattern>,
    /// The pattern each tile belongs to (the blank: none, `u8::MAX`).
    pattern_of: Vec<u8>,
    mirror: Option<Vec<u8>>,
}

/// Positions one pattern's build may walk (a byte each) by default: the 15-puzzle gets 6-6-3
/// (six tiles and the blank: 57.7 M; the kept table has 5.8 M entries), the 24-puzzle patterns
/// of four.
pub const DEFAULT_MAX_ENTRIES: u64 = 64 << 20;

impl PatternDatabase {
    /// The largest pattern size whose table fits in `max_entries`, and the tiles cut into groups
    /// of that size, in reading order of their goal cells (neighbouring goals share a pattern).
    pub fn partition(board: &Board, max_entries: u64) -> Vec<Vec<u8>> {
        let n = board.cells();
        let tiles: Vec<u8> = (0..n as u8).filter(|&t| t != board.blank).collect();
        // Building a pattern of k tiles walks the placements of k tiles and the blank.
        let mut size = 1;
        while size < tiles.len() && placements(n, size + 2) <= max_entries {
            size += 1;
        }
        // Cut greedily: 15 tiles in patterns of at most 6 are 6-6-3, not 5-5-5 (bigger is stronger).
        tiles.chunks(size).map(<[u8]>::to_vec).collect()
    }

    /// Entries of all tables for `groups`.
    pub fn entries(board: &Board, groups: &[Vec<u8>]) -> u64 {
        groups.iter().map(|g| placements(board.cells(), g.len())).sum()
    }

    /// Builds the tables by breadth-first search back from the goal, one pattern after another.
    /// `on_progress` gets the share done (0 to 1) now and then and may stop the build (None).
    pub fn build(board: &Board, groups: &[Vec<u8>], on_progress: &mut dyn FnMut(f64) -> Flow) -> Option<PatternDatabase> {
        let total = Self::entries(board, groups).max(1) as f64;
        let mut done = 0u64;
        let mut tables = Vec::with_capacity(groups.len());
        for tiles in groups {
            let table = build_table(board, tiles, &mut |filled| on_progress((done + filled) as f64 / total))?;
            done += table.len() as u64;
            tables.push(table);
        }
        Some(Self::assemble(board, groups, tables))
    }

    /// No tables at all (a zero heuristic), for searches that use none.
    pub fn none(board: &Board) -> PatternDatabase {
        Self::assemble(board, &[], Vec::new())
    }

    fn assemble(board: &Board, groups: &[Vec<u8>], tables: Vec<Vec<u8>>) -> PatternDatabase {
        let mut pattern_of = vec![u8::MAX; board.cells()];
        for (g, tiles) in groups.iter().enumerate() {
            for &t in tiles {
                pattern_of[t as usize] = g as u8;
            }
        }
        let patterns = groups.iter().zip(tables).map(|(tiles, table)| Pattern { tiles: tiles.clone(), table }).collect();
        PatternDatabase { cells: board.cells(), patterns, pattern_of, mirror: board.mirror.clone() }
    }

    /// What a cache file starts with: a version, the board's size and the patterns.
    fn header(cells: usize, groups: impl Iterator<Item = impl AsRef<[u8]>>) -> Vec<u8> {
        let mut bytes = b"puzzlelab-pdb-1\n".to_vec();
        bytes.push(cells as u8);
        let count = bytes.len();
        bytes.push(0);
        for tiles in groups {
            bytes.push(tiles.as_ref().len() as u8);
            bytes.extend_from_slice(tiles.as_ref());
            bytes[count] += 1;
        }
        bytes
    }

    /// The tables as bytes, for a cache file: the header, then each table.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Self::header(self.cells, self.patterns.iter().map(|p| &p.tiles));
        for p in &self.patterns {
            bytes.extend_from_slice(&p.table);
        }
        bytes
    }

    /// Tables written by [`PatternDatabase::to_bytes`] for this board and these patterns, or
    /// None when the bytes are anything else.
    pub fn from_bytes(board: &Board, groups: &[Vec<u8>], bytes: &[u8]) -> Option<PatternDatabase> {
        let mut rest = bytes.strip_prefix(Self::header(board.cells(), groups.iter()).as_slice())?;
        if rest.len() as u64 != Self::entries(board, groups) {
            return None;
        }
        let tables = groups
            .iter()
            .map(|tiles| {
                let (table, after) = rest.split_at(placements(board.cells(), tiles.len()) as usize);
                rest = after;
                table.to_vec()
            })
            .collect();
        Some(Self::assemble(board, groups, tables))
    }

    /// Bytes the tables hold.
    pub fn bytes(&self) -> u64 {
        self.patterns.iter().map(|p| p.table.len() as u64).sum()
    }

    /// The pattern sizes, as "6-6-3".
    pub fn describe(&self) -> String {
        let sizes: Vec<String> = self.patterns.iter().map(|p| p.tiles.len().to_string()).collect();
        sizes.join("-")
    }

    /// Whether the tables are exact distances (one pattern holding every tile).
    pub fn is_exact(&self) -> bool {
        self.patterns.len() == 1
    }

    #[inline]
    fn value(&self, pattern: usize, pos: &[u8]) -> u32 {
        let p = &self.patterns[pattern];
        u32::from(p.table[rank(self.cells, p.tiles.iter().map(|&t| pos[t as usize]))])
    }

    /// The value of `pattern` in the mirrored position: its tile t stands where the mirror takes
    /// the cell of tile mirror(t).
    #[inline]
    fn mirrored_value(&self, mirror: &[u8], pattern: usize, pos: &[u8]) -> u32 {
        let p = &self.patterns[pattern];
        let positions = p.tiles.iter().map(|&t| mirror[pos[mirror[t as usize] as usize] as usize]);
        u32::from(p.table[rank(self.cells, positions)])
    }

    /// (sum over patterns, the same for the mirrored position) for tile positions `pos`.
    pub fn evaluate(&self, pos: &[u8]) -> (u32, u32) {
        let plain = (0..self.patterns.len()).map(|g| self.value(g, pos)).sum();
        let mirrored = match &self.mirror {
            Some(m) => (0..self.patterns.len()).map(|g| self.mirrored_value(m, g, pos)).sum(),
            None => 0,
        };
        (plain, mirrored)
    }
}

/// Breadth-first search back from the goal over placements of `tiles` and the blank (the other
/// tiles ignored), where the blank moves freely and only a pattern tile's move costs one; the table
/// keeps the least cost over the blank's cells. Knowing where the blank must go makes these values
/// larger than those of a search that ignores it, and they still add up across patterns.
///
/// The blank's free moves are a flood fill: each placement of the tiles is expanded once per
/// region of free cells the blank can be in, which is what makes the build take seconds.
fn build_table(board: &Board, tiles: &[u8], on_progress: &mut dyn FnMut(u64) -> Flow) -> Option<Vec<u8>> {
    const UNSEEN: u8 = u8::MAX;
    let n = board.cells();
    let k = tiles.len();
    // The blank is the last of k + 1 placed things, so the blank's cells for one placement of
    // the tiles are the n - k consecutive entries from tiles_index * (n - k).
    let spots = n - k;
    let size = placements(n, k) as usize;
    // Breadth-first layers reach each (placement, blank cell) first at its least cost, so bits
    // suffice: queued, and expanded (its region filled). With the table they fit in a cache.
    let mut table = vec![UNSEEN; size];
    let mut queued = vec![0u64; (size * spots).div_ceil(64)];
    let mut expanded = vec![0u64; (size * spots).div_ceil(64)];
    let is_set = |bits: &[u64], index: usize| bits[index / 64] & (1u64 << (index % 64)) != 0;
    let pack = |positions: &[u8]| positions.iter().rev().fold(0u64, |word, &p| word << 6 | u64::from(p));
    let mut goal = [0u8; MAX_CELLS];
    goal[..k].copy_from_slice(tiles);
    goal[k] = board.blank;
    let mut layer = vec![pack(&goal[..=k])];
    let mut next = Vec::new();
    let mut positions = [0u8; MAX_CELLS];
    let mut region = [0u8; MAX_CELLS];
    let mut depth = 0u8;
    let mut done = 0u64;
    let spot = |occupied: u64, cell: u8| cell as usize - (occupied & ((1u64 << cell) - 1)).count_ones() as usize;
    while !layer.is_empty() {
        for &word in &layer {
            for (j, p) in positions[..=k].iter_mut().enumerate() {
                *p = (word >> (6 * j) & 63) as u8;
            }
            let occupied = positions[..k].iter().fold(0u64, |m, &p| m | 1u64 << p);
            let placement = rank(n, positions[..k].iter().copied());
            let base = placement * spots;
            if is_set(&expanded, base + spot(occupied, positions[k])) {
                continue;
            }
            table[placement] = table[placement].min(depth);
            // Every cell the blank can reach for free costs the same.
            let mut reached = 1u64 << positions[k];
            region[0] = positions[k];
            let mut count = 1;
            let mut i = 0;
            while i < count {
                let cell = region[i];
                i += 1;
                let index = base + spot(occupied, cell);
                expanded[index / 64] |= 1u64 << (index % 64);
                for &to in &board.neighbours[cell as usize] {
                    if (occupied | reached) & (1u64 << to) == 0 {
                        reached |= 1u64 << to;
                        region[count] = to;
                        count += 1;
                    }
                }
            }
            done += count as u64;
            // A pattern tile next to the region steps into it; the blank takes its cell.
            for j in 0..k {
                let from = positions[j];
                for &to in &board.neighbours[from as usize] {
                    if reached & (1u64 << to) == 0 {
                        continue;
                    }
                    positions[j] = to;
                    let moved_occupied = occupied & !(1u64 << from) | 1u64 << to;
                    let index = rank(n, positions[..k].iter().copied()) * spots + spot(moved_occupied, from);
                    if !is_set(&queued, index) && !is_set(&expanded, index) {
                        queued[index / 64] |= 1u64 << (index % 64);
                        let blank = positions[k];
                        positions[k] = from;
                        next.push(pack(&positions[..=k]));
                        positions[k] = blank;
                    }
                    positions[j] = from;
                }
            }
        }
        if on_progress(done / spots as u64) == Flow::Stop {
            return None;
        }
        depth += 1;
        std::mem::swap(&mut layer, &mut next);
        next.clear();
    }
    on_progress(size as u64);
    Some(table)
}

/// A position: the tile on each cell and the cell of each tile, in arrays of `N` (16, 36 or 64)
/// of which the board uses the first `cells`. Equality and hashing look at the cells only.
#[derive(Debug, Clone, Copy)]
pub struct Tiles<const N: usize> {
    pub at: [u8; N],
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
    pub tile: u8,
    pub from: u8,
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
                let plain = u32::from(state.plain) + self.pdb.value(pattern, &next.pos) - self.pdb.value(pattern, &state.pos);
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

#[cfg(test)]
mod tests {
    use super::super::{bfs, idastar, Budget, Stats};
    use super::*;

    fn quiet(_: &Stats) -> Flow {
        Flow::Continue
    }

    #[test]
    fn ranks_number_placements_densely() {
        assert_eq!(placements(16, 6), 5_765_760);
        assert_eq!(rank(16, [0u8, 1, 2, 3, 4, 5].into_iter()), 0);
        assert_eq!(rank(16, [15u8, 14, 13, 12, 11, 10].into_iter()), 5_765_759);
        // Two cells: every ordered pair gets its own index below 16 x 15.
        let mut seen = std::collections::HashSet::new();
        for a in 0..16u8 {
            for b in (0..16u8).filter(|&b| b != a) {
                assert!(seen.insert(rank(16, [a, b].into_iter())));
            }
        }
        assert_eq!(seen.len(), 240);
        assert!(seen.iter().all(|&i| i < 240));
    }

    #[test]
    fn the_fifteen_puzzle_gets_six_six_three() {
        let board = Board::rectangle(4, 4, 15);
        let groups = PatternDatabase::partition(&board, DEFAULT_MAX_ENTRIES);
        let sizes: Vec<usize> = groups.iter().map(Vec::len).collect();
        assert_eq!(sizes, [6, 6, 3]);
        // The 8-puzzle fits in one pattern: its table is the exact distance.
        let board = Board::rectangle(3, 3, 8);
        assert_eq!(PatternDatabase::partition(&board, DEFAULT_MAX_ENTRIES).len(), 1);
    }

    /// On the 2x3 puzzle the single pattern is the exact distance; IDA* with it and breadth-first
    /// search (no heuristic) agree on positions scrambled by random walks.
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
    fn cache_bytes_read_back_only_for_the_same_patterns() {
        let board = Board::rectangle(3, 2, 5);
        let groups = vec![vec![0, 1, 2], vec![3, 4]];
        let pdb = PatternDatabase::build(&board, &groups, &mut |_| Flow::Continue).unwrap();
        let bytes = pdb.to_bytes();
        let read = PatternDatabase::from_bytes(&board, &groups, &bytes).unwrap();
        assert_eq!(read.to_bytes(), bytes);
        assert_eq!(read.evaluate(&[5, 4, 3, 2, 1, 0]), pdb.evaluate(&[5, 4, 3, 2, 1, 0]));
        assert!(PatternDatabase::from_bytes(&board, &[vec![0, 1], vec![2, 3, 4]], &bytes).is_none());
        assert!(PatternDatabase::from_bytes(&board, &groups, &bytes[..bytes.len() - 1]).is_none());
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
