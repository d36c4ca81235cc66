//! Additive disjoint pattern databases (Korf and Felner, 2002): for groups of tiles, the fewest
//! moves of the group's tiles that bring them home, built once by breadth-first search back from
//! the goal; with the mirror lookup (the max of the position and its transpose).

use super::{Board, MAX_CELLS};
use crate::search::Flow;

/// Number of ordered placements of `k` distinct tiles on `n` cells: n (n-1) ... (n-k+1).
fn placements(n: usize, k: usize) -> u64 {
    (0..k).map(|i| (n - i) as u64).product()
}

/// One pattern: some tiles, and for each placement of them the fewest moves of these tiles that
/// bring them home when the other tiles are ignored (a lower bound that adds up across patterns,
/// because every move moves exactly one tile).
#[derive(Debug, Clone)]
pub(super) struct Pattern {
    pub(super) tiles: Vec<u8>,
    pub(super) table: Vec<u8>,
}

/// The index of a placement (cells of the pattern's tiles, in order) among all placements.
#[inline(always)]
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

/// The 6-6-3 partition of the 4x4 board measured best (docs/decisions/2026-11-23-tile-puzzles-engine-space.md) when the blank's goal is a
/// corner: for the blank top-left, two blocks two columns wide and three rows high beside each
/// other ({1,4,5,8,9,12}, {2,3,6,7,10,11}) and the rest of the far row ({13,14,15}); on Korf's
/// first 40 instances IDA* expands 7.9 M states with it against 16.8 M with reading order. Other
/// corners take its mirror image.
fn fifteen_partition(blank: u8) -> Option<Vec<Vec<u8>>> {
    let flip = |cell: u8| -> u8 {
        let (row, col) = (cell / 4, cell % 4);
        let row = if blank >= 12 { 3 - row } else { row };
        let col = if blank % 4 == 3 { 3 - col } else { col };
        row * 4 + col
    };
    if ![0, 3, 12, 15].contains(&blank) {
        return None;
    }
    let groups: [&[u8]; 3] = [&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]];
    Some(groups.iter().map(|g| g.iter().map(|&c| flip(c)).collect()).collect())
}

/// Additive disjoint pattern databases for one board and blank cell.
#[derive(Debug, Clone)]
pub struct PatternDatabase {
    cells: usize,
    pub(super) patterns: Vec<Pattern>,
    /// The pattern each tile belongs to (the blank: none, [`NO_PATTERN`]).
    pub(super) pattern_of: Vec<u8>,
    pub(super) mirror: Option<Vec<u8>>,
}

/// `pattern_of` for a tile in no pattern (the blank, or every tile when there are no tables).
pub(super) const NO_PATTERN: u8 = u8::MAX;

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
        if let Some(groups) =
            (n == 16 && board.width == 4 && size == 6).then(|| fifteen_partition(board.blank)).flatten()
        {
            return groups;
        }
        // Cut greedily: 15 tiles in patterns of at most 6 are 6-6-3, not 5-5-5 (bigger is stronger).
        tiles.chunks(size).map(<[u8]>::to_vec).collect()
    }

    /// Builds the tables by breadth-first search back from the goal, one pattern after another.
    /// `on_progress` gets the share done (0 to 1) now and then and may stop the build (None).
    pub fn build(
        board: &Board,
        groups: &[Vec<u8>],
        on_progress: &mut dyn FnMut(f64) -> Flow,
    ) -> Option<PatternDatabase> {
        Self::build_on(board, groups, 1, on_progress)
    }

    /// [`Self::build`] with the patterns' tables built on up to `threads` threads at once (the
    /// same tables; [`Self::build_some`]).
    pub fn build_on(
        board: &Board,
        groups: &[Vec<u8>],
        threads: usize,
        on_progress: &mut dyn FnMut(f64) -> Flow,
    ) -> Option<PatternDatabase> {
        let all: Vec<usize> = (0..groups.len()).collect();
        let tables = Self::build_some(board, groups, &all, threads, on_progress)?;
        Some(Self::from_tables(board, groups, tables.into_iter().map(|(_, table)| table).collect()))
    }

    /// The tables of the patterns numbered `which` in `groups`, with their numbers, in order;
    /// `on_progress` gets the share of them built. Natively on up to `threads` threads at once:
    /// part k of the threads builds the k-th, (k + threads)-th, ... of them. The two 6-tile
    /// tables of the 15-puzzle are most of its build, so two threads take it from 12 s to 6
    /// here (`make bench`). Each table built at once holds its own work space (a second 6-tile
    /// pattern of the 15-puzzle adds about 70 MB at the peak). In wasm, one after another: the
    /// page's Workers each build some patterns and send them to the others.
    pub fn build_some(
        board: &Board,
        groups: &[Vec<u8>],
        which: &[usize],
        threads: usize,
        on_progress: &mut dyn FnMut(f64) -> Flow,
    ) -> Option<Vec<(usize, Vec<u8>)>> {
        let total = which.iter().map(|&g| placements(board.cells(), groups[g].len())).sum::<u64>().max(1) as f64;
        let chosen = |skip: usize, step: usize| which.iter().skip(skip).step_by(step).map(|&g| (g, &groups[g]));
        match threads.min(which.len()) {
            #[cfg(not(target_arch = "wasm32"))]
            of @ 2.. => {
                let parts = crate::search::parts::run_parts(
                    of,
                    |part, progress| {
                        build_tables(board, chosen(part.index, part.of), &mut |done| {
                            progress(&crate::search::Stats { explored: done, ..Default::default() })
                        })
                    },
                    &mut |joined| on_progress(joined.explored as f64 / total),
                );
                let mut tables: Vec<(usize, Vec<u8>)> =
                    parts.into_iter().collect::<Option<Vec<_>>>()?.into_iter().flatten().collect();
                tables.sort_by_key(|&(g, _)| g);
                Some(tables)
            }
            _ => build_tables(board, chosen(0, 1), &mut |done| on_progress(done as f64 / total)),
        }
    }

    /// No tables at all (a zero heuristic), for searches that use none.
    pub fn none(board: &Board) -> PatternDatabase {
        Self::from_tables(board, &[], Vec::new())
    }

    /// The tables of `groups`, one per group in order (as built or read).
    pub fn from_tables(board: &Board, groups: &[Vec<u8>], tables: Vec<Vec<u8>>) -> PatternDatabase {
        let mut pattern_of = vec![NO_PATTERN; board.cells()];
        for (g, tiles) in groups.iter().enumerate() {
            for &t in tiles {
                pattern_of[t as usize] = g as u8;
            }
        }
        let patterns =
            groups.iter().zip(tables).map(|(tiles, table)| Pattern { tiles: tiles.clone(), table }).collect();
        PatternDatabase { cells: board.cells(), patterns, pattern_of, mirror: board.mirror.clone() }
    }

    /// What kept bytes start with: a version, the board's size and the patterns they hold.
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

    /// All the tables as bytes: the header, then each table (what the tests and `make bench`
    /// compare; each pattern is kept on its own, [`Self::pattern_bytes`]).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Self::header(self.cells, self.patterns.iter().map(|p| &p.tiles));
        for p in &self.patterns {
            bytes.extend_from_slice(&p.table);
        }
        bytes
    }

    /// The table of the pattern `tiles` as bytes, kept under a name of its own: the header
    /// (naming the board's size and this one pattern), then the table. Kept one by one, the
    /// patterns can be built by different Workers of the page.
    pub fn pattern_bytes(board: &Board, tiles: &[u8], table: &[u8]) -> Vec<u8> {
        let mut bytes = Self::header(board.cells(), std::iter::once(tiles));
        bytes.extend_from_slice(table);
        bytes
    }

    /// The table of the pattern `tiles` on `board` from bytes written by
    /// [`Self::pattern_bytes`], or None when the bytes are anything else (another version,
    /// another pattern, cut short).
    pub fn read_pattern(board: &Board, tiles: &[u8], bytes: &[u8]) -> Option<Vec<u8>> {
        let table = bytes.strip_prefix(Self::header(board.cells(), std::iter::once(tiles)).as_slice())?;
        (table.len() as u64 == placements(board.cells(), tiles.len())).then(|| table.to_vec())
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

    #[inline(always)]
    pub(super) fn value(&self, pattern: usize, pos: &[u8]) -> u32 {
        let p = &self.patterns[pattern];
        u32::from(p.table[rank(self.cells, p.tiles.iter().map(|&t| pos[t as usize]))])
    }

    /// The value of `pattern` in the mirrored position: its tile t stands where the mirror takes
    /// the cell of tile mirror(t).
    #[inline(always)]
    pub(super) fn mirrored_value(&self, mirror: &[u8], pattern: usize, pos: &[u8]) -> u32 {
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

/// The tables of `groups` (each with its number), one after another; `on_progress` gets the
/// entries filled so far across them.
fn build_tables<'a>(
    board: &Board,
    groups: impl Iterator<Item = (usize, &'a Vec<u8>)>,
    on_progress: &mut dyn FnMut(u64) -> Flow,
) -> Option<Vec<(usize, Vec<u8>)>> {
    let mut done = 0u64;
    let mut tables = Vec::new();
    for (g, tiles) in groups {
        let table = build_table(board, tiles, &mut |filled| on_progress(done + filled))?;
        done += table.len() as u64;
        tables.push((g, table));
    }
    Some(tables)
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

#[cfg(test)]
mod tests {
    use super::*;

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
        // The measured partition, turned so the blocks stand beside the blank (bottom right).
        assert_eq!(groups, [vec![14, 11, 10, 7, 6, 3], vec![13, 12, 9, 8, 5, 4], vec![2, 1, 0]]);
        let mut every: Vec<u8> = PatternDatabase::partition(&Board::rectangle(4, 4, 3), DEFAULT_MAX_ENTRIES).concat();
        every.sort();
        assert_eq!(every, [0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
        // A blank that is not in a corner keeps reading order.
        assert_eq!(PatternDatabase::partition(&Board::rectangle(4, 4, 5), DEFAULT_MAX_ENTRIES)[0], [0, 1, 2, 3, 4, 6]);
        // The 8-puzzle fits in one pattern: its table is the exact distance.
        let board = Board::rectangle(3, 3, 8);
        assert_eq!(PatternDatabase::partition(&board, DEFAULT_MAX_ENTRIES).len(), 1);
    }

    /// Built on 2 and 3 threads (patterns of three on the 15-puzzle, five of them): the tables
    /// built on one, byte for byte; and Stop (Cancel) ends the build on several threads too.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn tables_built_on_several_threads_are_the_tables_built_on_one() {
        let board = Board::rectangle(4, 4, 15);
        let groups: Vec<Vec<u8>> = (0..5).map(|g| vec![3 * g, 3 * g + 1, 3 * g + 2]).collect();
        let one = PatternDatabase::build(&board, &groups, &mut |_| Flow::Continue).unwrap().to_bytes();
        for threads in [1, 2, 3] {
            let mut shares = Vec::new();
            let built = PatternDatabase::build_on(&board, &groups, threads, &mut |share| {
                shares.push(share);
                Flow::Continue
            });
            assert!(built.is_some_and(|pdb| pdb.to_bytes() == one), "{threads} threads");
            assert!(shares.iter().all(|&s| (0.0..=1.0).contains(&s)), "{threads} threads: {shares:?}");
        }
        // Stop reaches the parts with the first report of progress, after 50 ms: tables of five
        // tiles take longer than that.
        let large: Vec<Vec<u8>> = vec![(0..5).collect(), (5..10).collect()];
        assert!(PatternDatabase::build_on(&board, &large, 2, &mut |_| Flow::Stop).is_none());
    }

    /// A pattern written as bytes reads back as the same table, and only for the pattern and the
    /// size of board it was built for, whole (boards of one size and another shape are told
    /// apart by the name the bytes are kept under).
    #[test]
    fn pattern_bytes_read_back_only_for_the_same_pattern() {
        let board = Board::rectangle(3, 2, 5);
        let groups = vec![vec![0, 1, 2], vec![3, 4]];
        let pdb = PatternDatabase::build(&board, &groups, &mut |_| Flow::Continue).unwrap();
        let bytes = |g: usize| PatternDatabase::pattern_bytes(&board, &groups[g], &pdb.patterns[g].table);
        let tables: Vec<Vec<u8>> =
            (0..2).map(|g| PatternDatabase::read_pattern(&board, &groups[g], &bytes(g)).unwrap()).collect();
        let read = PatternDatabase::from_tables(&board, &groups, tables);
        assert_eq!(read.to_bytes(), pdb.to_bytes());
        assert_eq!(read.evaluate(&[5, 4, 3, 2, 1, 0]), pdb.evaluate(&[5, 4, 3, 2, 1, 0]));
        let bytes = bytes(0);
        assert!(PatternDatabase::read_pattern(&board, &[0, 2, 1], &bytes).is_none(), "another pattern");
        assert!(PatternDatabase::read_pattern(&board, &groups[0], &bytes[..bytes.len() - 1]).is_none(), "cut short");
        assert!(
            PatternDatabase::read_pattern(&Board::rectangle(4, 2, 7), &groups[0], &bytes).is_none(),
            "another size of board"
        );
    }

    /// Some patterns built alone are the same tables as built with the rest.
    #[test]
    fn some_patterns_built_alone_are_those_built_with_the_rest() {
        let board = Board::rectangle(3, 3, 8);
        let groups = vec![vec![0, 1, 2], vec![3, 4, 5], vec![6, 7]];
        let all = PatternDatabase::build(&board, &groups, &mut |_| Flow::Continue).unwrap();
        for threads in [1, 2] {
            let some = PatternDatabase::build_some(&board, &groups, &[0, 2], threads, &mut |_| Flow::Continue).unwrap();
            assert_eq!(some.iter().map(|(g, _)| *g).collect::<Vec<_>>(), [0, 2]);
            for (g, table) in some {
                assert_eq!(table, all.patterns[g].table, "pattern {g}, {threads} threads");
            }
        }
    }
}
