//! IDA* written for tile spaces alone. The generic [`idastar`](crate::search::idastar) copies a
//! whole position for every move, collects successors in a buffer and recomputes both values of
//! the moved tile's pattern; this walk keeps one position that it slides and slides back, keeps
//! each pattern's value so a move costs one table lookup per side (plain and mirrored), and
//! prunes a child before descending into it, on its plain value alone when that settles it (the
//! mirrored lookup, a second cache miss, is then skipped). It expands exactly the states the
//! generic search expands, in the same order (a test holds it to that), several times faster.

use super::pdb::NO_PATTERN;
use super::{PatternDatabase, Slide, TileSpace, Tiles};
use crate::search::meter::{Halt, Meter};
use crate::search::{Budget, Flow, Outcome, Space, Stats};

/// Most neighbours a cell may have in the walk's flat neighbour table.
const MAX_DEGREE: usize = 8;

impl<const N: usize> TileSpace<'_, N> {
    /// The least number of moves to the goal, by IDA* on the pattern databases.
    ///
    /// ```
    /// use puzzlelab::search::tiles::{Board, PatternDatabase, TileSpace};
    /// use puzzlelab::search::{Budget, Flow};
    ///
    /// // The 8-puzzle, goal 1 2 3 / 4 5 6 / 7 8 _: tiles are named by their goal cell (tile 1
    /// // is 0, ..., the blank is 8).
    /// let board = Board::rectangle(3, 3, 8);
    /// // Tables for pairs of tiles (built in a moment; the family uses one table of all eight).
    /// let pairs = [vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7]];
    /// let pdb = PatternDatabase::build(&board, &pairs, &mut |_| Flow::Continue).unwrap();
    /// // 8 6 7 / 2 5 4 / 3 _ 1, one of the two positions that need 31 moves.
    /// let space = TileSpace::<16>::new(&board, &pdb, &[7, 5, 6, 1, 4, 3, 2, 8, 0]);
    /// let outcome = space.idastar(&Budget::default(), &mut |_| Flow::Continue);
    /// assert_eq!(outcome.length(), Some(31));
    /// ```
    pub fn idastar(&self, budget: &Budget, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Outcome<Slide, Tiles<N>> {
        let Some(mut walk) = Walk::new(self) else {
            // A graph with cells of more than MAX_DEGREE neighbours: the generic search copes.
            return crate::search::idastar(self, budget, on_progress);
        };
        let mut meter = Meter::new(budget, on_progress);
        let mut bound = walk.heuristic();
        loop {
            meter.stats.depth = u64::from(bound);
            match walk.deepen(&mut meter, 0, bound, u8::MAX) {
                Ok(None) => return self.solution(walk.moves, meter),
                Ok(Some(u32::MAX)) => return Outcome::NoSolution { stats: meter.finish() },
                Ok(Some(next)) => bound = next,
                Err(halt) => return meter.end(halt),
            }
        }
    }

    /// The outcome for the moves the walk found, with the position after each.
    pub(super) fn solution(&self, moves: Vec<Slide>, mut meter: Meter<'_>) -> Outcome<Slide, Tiles<N>> {
        let mut states = vec![self.start()];
        let mut successors = Vec::new();
        for slide in &moves {
            successors.clear();
            self.successors(&states[states.len() - 1], &mut successors);
            let Some(&(_, next, _)) = successors.iter().find(|(s, _, _)| s == slide) else {
                unreachable!("the walk only makes moves of the space");
            };
            states.push(next);
        }
        meter.stats.depth = moves.len() as u64;
        let cost = moves.len() as u64;
        Outcome::Solved { moves, states, cost, stats: meter.finish() }
    }
}

/// Counts the walk's expansions and says when it must stop: the meter of a search on one thread,
/// or a worker's share of a search on several (`parallel.rs`).
pub(super) trait Tally {
    /// One expansion at `depth` moves from the start.
    fn explore(&mut self, depth: u32) -> Result<(), Halt>;
}

impl Tally for Meter<'_> {
    fn explore(&mut self, depth: u32) -> Result<(), Halt> {
        self.stats.frontier = u64::from(depth) + 1;
        Meter::explore(self)?;
        self.expansion_budget()
    }
}

/// The one position the walk slides tiles on, with each pattern's current table value.
#[derive(Clone)]
pub(super) struct Walk<'a, const N: usize> {
    pdb: &'a PatternDatabase,
    blank: u8,
    cells: usize,
    /// Neighbours of cell c: `neighbours[c * MAX_DEGREE..][..degree[c]]`.
    neighbours: Vec<u8>,
    degree: Vec<u8>,
    at: [u8; N],
    pos: [u8; N],
    plain: Vec<u8>,
    mirrored: Vec<u8>,
    plain_sum: u32,
    mirrored_sum: u32,
    /// The least f beyond the bound met so far in this iteration ([`Walk::deepen`]).
    beyond: u32,
    pub(super) moves: Vec<Slide>,
}

/// What a slide changed in the pattern values, to put back.
pub(super) struct Undo {
    plain: Option<(usize, u8)>,
    mirrored: Option<(usize, u8)>,
}

impl<'a, const N: usize> Walk<'a, N> {
    pub(super) fn new(space: &TileSpace<'a, N>) -> Option<Self> {
        let board = space.board;
        let cells = board.cells();
        let mut neighbours = vec![0u8; cells * MAX_DEGREE];
        let mut degree = vec![0u8; cells];
        for (cell, next) in board.neighbours.iter().enumerate() {
            if next.len() > MAX_DEGREE {
                return None;
            }
            neighbours[cell * MAX_DEGREE..][..next.len()].copy_from_slice(next);
            degree[cell] = next.len() as u8;
        }
        let pdb = space.pdb;
        let start = &space.start;
        let plain: Vec<u8> = (0..pdb.patterns.len()).map(|p| pdb.value(p, &start.pos) as u8).collect();
        let mirrored: Vec<u8> = match &pdb.mirror {
            Some(m) => (0..pdb.patterns.len()).map(|p| pdb.mirrored_value(m, p, &start.pos) as u8).collect(),
            None => vec![0; pdb.patterns.len()],
        };
        Some(Walk {
            pdb,
            blank: board.blank,
            cells,
            neighbours,
            degree,
            at: start.at,
            pos: start.pos,
            plain_sum: plain.iter().map(|&v| u32::from(v)).sum(),
            mirrored_sum: mirrored.iter().map(|&v| u32::from(v)).sum(),
            plain,
            mirrored,
            beyond: u32::MAX,
            moves: Vec::new(),
        })
    }

    #[inline]
    pub(super) fn heuristic(&self) -> u32 {
        self.plain_sum.max(self.mirrored_sum)
    }

    pub(super) fn is_goal(&self) -> bool {
        self.at[..self.cells].iter().enumerate().all(|(cell, &tile)| usize::from(tile) == cell)
    }

    /// A copy of this walk after `moves` (a subtree's root, for a search split into subtrees).
    pub(super) fn after(&self, moves: &[Slide]) -> Self {
        let mut walk = self.clone();
        for slide in moves {
            walk.slide(slide.tile, slide.from, slide.to);
        }
        walk.moves.extend_from_slice(moves);
        walk
    }

    /// Slides `tile` from `from` into the blank at `to`, updating the one pattern value that
    /// changes on each side (the top of a split search; [`Walk::deepen`] does its own).
    #[inline]
    pub(super) fn slide(&mut self, tile: u8, from: u8, to: u8) -> Undo {
        let mut undo = self.shift(tile, from, to);
        undo.mirrored = self.reflect(tile);
        undo
    }

    /// Slides `tile` from `from` into the blank at `to` and updates its plain pattern value; the
    /// mirrored value is left for [`Walk::reflect`] (a walk that prunes on the plain value alone
    /// never needs it).
    #[inline(always)]
    fn shift(&mut self, tile: u8, from: u8, to: u8) -> Undo {
        self.at[usize::from(to)] = tile;
        self.at[usize::from(from)] = self.blank;
        self.pos[usize::from(tile)] = to;
        self.pos[usize::from(self.blank)] = from;
        let pdb = self.pdb;
        let mut undo = Undo { plain: None, mirrored: None };
        let pattern = pdb.pattern_of[usize::from(tile)];
        if pattern != NO_PATTERN {
            let p = usize::from(pattern);
            let old = self.plain[p];
            let new = pdb.value(p, &self.pos) as u8;
            self.plain[p] = new;
            self.plain_sum = self.plain_sum + u32::from(new) - u32::from(old);
            undo.plain = Some((p, old));
        }
        undo
    }

    /// Updates the mirrored value of the pattern that `tile`, just moved, mirrors into; what to
    /// put back.
    #[inline(always)]
    fn reflect(&mut self, tile: u8) -> Option<(usize, u8)> {
        let pdb = self.pdb;
        let mirror = pdb.mirror.as_ref()?;
        let pattern = pdb.pattern_of[usize::from(mirror[usize::from(tile)])];
        if pattern == NO_PATTERN {
            return None;
        }
        let p = usize::from(pattern);
        let old = self.mirrored[p];
        let new = pdb.mirrored_value(mirror, p, &self.pos) as u8;
        self.mirrored[p] = new;
        self.mirrored_sum = self.mirrored_sum + u32::from(new) - u32::from(old);
        Some((p, old))
    }

    #[inline]
    pub(super) fn slide_back(&mut self, tile: u8, from: u8, to: u8, undo: Undo) {
        self.at[usize::from(from)] = tile;
        self.at[usize::from(to)] = self.blank;
        self.pos[usize::from(tile)] = from;
        self.pos[usize::from(self.blank)] = to;
        if let Some((p, old)) = undo.plain {
            self.plain_sum = self.plain_sum + u32::from(old) - u32::from(self.plain[p]);
            self.plain[p] = old;
        }
        if let Some((p, old)) = undo.mirrored {
            self.mirrored_sum = self.mirrored_sum + u32::from(old) - u32::from(self.mirrored[p]);
            self.mirrored[p] = old;
        }
    }

    /// The moves from the current position (whose blank is at `hole`), leaving out the one into
    /// `back` (the cell the blank just left: that move would undo the last).
    #[inline]
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))] // the split of parallel.rs, native only
    pub(super) fn children(&self, back: u8) -> impl Iterator<Item = Slide> + '_ {
        let hole = self.pos[usize::from(self.blank)];
        let first = usize::from(hole) * MAX_DEGREE;
        self.neighbours[first..first + usize::from(self.degree[usize::from(hole)])]
            .iter()
            .filter(move |&&from| from != back)
            .map(move |&from| Slide { tile: self.at[usize::from(from)], from, to: hole })
    }

    /// Searches below the current position, which is `depth` moves from the start and within
    /// `bound`; `back` is the cell the blank just left (moving there would undo the last move).
    /// Ok(None): the goal was found and `moves` leads to it. Ok(Some(f)): the least f beyond the
    /// bound met (u32::MAX: none).
    pub(super) fn deepen(
        &mut self,
        tally: &mut impl Tally,
        depth: u32,
        bound: u32,
        back: u8,
    ) -> Result<Option<u32>, Halt> {
        self.beyond = u32::MAX;
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: this CPU has just been seen to have the popcnt instruction.
            #[allow(unsafe_code)]
            let found = unsafe { self.descend_popcnt(tally, depth, bound, back)? };
            return Ok((!found).then_some(self.beyond));
        }
        Ok((!self.descend::<false>(tally, depth, bound, back)?).then_some(self.beyond))
    }

    /// [`Walk::descend`] compiled with the popcnt instruction, which x86-64's baseline lacks:
    /// ranking a placement counts bits, and the emulated count made the walk about 1.35x slower
    /// (the 80-move 15-puzzle on one thread: 37 s against 27 s;
    /// docs/decisions/2026-11-23-tile-spaces-get-their-own-ida.md). Elsewhere (wasm,
    /// AArch64) the plain build already counts bits in one instruction.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn descend_popcnt(&mut self, tally: &mut impl Tally, depth: u32, bound: u32, back: u8) -> Result<bool, Halt> {
        self.descend::<true>(tally, depth, bound, back)
    }

    /// One level deeper, in the same build of [`Walk::descend`] as the caller.
    #[inline(always)]
    fn deeper<const POPCNT: bool>(
        &mut self,
        tally: &mut impl Tally,
        depth: u32,
        bound: u32,
        back: u8,
    ) -> Result<bool, Halt> {
        #[cfg(target_arch = "x86_64")]
        if POPCNT {
            // SAFETY: POPCNT is true only below `deepen`'s check that the CPU has popcnt.
            #[allow(unsafe_code)]
            return unsafe { self.descend_popcnt(tally, depth, bound, back) };
        }
        self.descend::<false>(tally, depth, bound, back)
    }

    /// [`Walk::deepen`]'s recursion: true when the goal is found. The least f beyond the bound
    /// goes to `beyond`, and a child is pruned on its plain value alone when that value is
    /// beyond the bound and not below `beyond` already: its mirrored value could raise its f
    /// but not lower the least, so the table lookup is skipped. The pruning and the least f
    /// are exactly those of a walk that always looks both up.
    ///
    /// Inlined always, so that [`Walk::descend_popcnt`]'s build of it, and of the lookups it
    /// inlines, uses the instruction; POPCNT says which build the recursion stays in.
    #[inline(always)]
    fn descend<const POPCNT: bool>(
        &mut self,
        tally: &mut impl Tally,
        depth: u32,
        bound: u32,
        back: u8,
    ) -> Result<bool, Halt> {
        if self.heuristic() == 0 && self.is_goal() {
            return Ok(true);
        }
        tally.explore(depth)?;
        let hole = self.pos[usize::from(self.blank)];
        let first = usize::from(hole) * MAX_DEGREE;
        for i in 0..usize::from(self.degree[usize::from(hole)]) {
            let from = self.neighbours[first + i];
            if from == back {
                continue;
            }
            let tile = self.at[usize::from(from)];
            let mut undo = self.shift(tile, from, hole);
            let plain = depth + 1 + self.plain_sum;
            if plain <= bound || plain < self.beyond {
                undo.mirrored = self.reflect(tile);
                let f = depth + 1 + self.heuristic();
                if f > bound {
                    self.beyond = self.beyond.min(f);
                } else {
                    self.moves.push(Slide { tile, from, to: hole });
                    if self.deeper::<POPCNT>(tally, depth + 1, bound, hole)? {
                        return Ok(true);
                    }
                    self.moves.pop();
                }
            }
            self.slide_back(tile, from, hole, undo);
        }
        Ok(false)
    }
}

#[cfg(test)]
mod tests {
    use super::super::Board;
    use super::*;
    use crate::search::idastar;

    /// The walk and the generic IDA* expand the same states in the same order: the same optimum
    /// and the same count, on 8-puzzles with partial tables (2-2-2-2, so the search has work to do)
    /// and with the mirror lookup.
    #[test]
    fn the_walk_expands_what_generic_idastar_expands() {
        // Tiles named by goal cell for the goal 1 2 3 / 4 5 6 / 7 8 _ (blank home in cell 8).
        let board = Board::rectangle(3, 3, 8);
        assert!(board.mirror.is_some());
        let groups = vec![vec![0, 1], vec![2, 3], vec![4, 5], vec![6, 7]];
        let pdb = PatternDatabase::build(&board, &groups, &mut |_| Flow::Continue).unwrap();
        // The two positions that need 31 moves (8 6 7 / 2 5 4 / 3 _ 1 and 6 4 7 / 8 5 _ / 3 2 1),
        // and two easy ones.
        let starts: [[u8; 9]; 4] = [
            [7, 5, 6, 1, 4, 3, 2, 8, 0],
            [5, 3, 6, 7, 4, 8, 2, 1, 0],
            [0, 1, 2, 3, 4, 5, 6, 8, 7],
            [0, 1, 2, 3, 4, 5, 8, 6, 7],
        ];
        let expected = [31, 31, 1, 2];
        for (start, length) in starts.iter().zip(expected) {
            let space = TileSpace::<16>::new(&board, &pdb, start);
            let walked = space.idastar(&Budget::default(), &mut |_| Flow::Continue);
            let generic = idastar(&space, &Budget::default(), &mut |_| Flow::Continue);
            assert_eq!(walked.length(), Some(length), "{start:?}");
            assert_eq!(generic.length(), Some(length));
            assert_eq!(walked.stats().explored, generic.stats().explored, "{start:?}");
            // The path is legal: each state follows from the one before by its slide.
            if let Outcome::Solved { moves, states, .. } = &walked {
                for (slide, pair) in moves.iter().zip(states.windows(2)) {
                    assert_eq!(pair[0].at[usize::from(slide.from)], slide.tile);
                    assert_eq!(pair[1].at[usize::from(slide.to)], slide.tile);
                }
                assert!(space.is_goal(&states[states.len() - 1]));
            }
        }
    }

    #[test]
    fn the_walk_honours_the_expansion_budget() {
        let board = Board::rectangle(3, 3, 8);
        let pdb = PatternDatabase::none(&board);
        let space = TileSpace::<16>::new(&board, &pdb, &[7, 5, 6, 1, 4, 3, 2, 8, 0]);
        let budget = Budget { max_expansions: 1000, ..Budget::default() };
        match space.idastar(&budget, &mut |_| Flow::Continue) {
            Outcome::GaveUp { reason, .. } => assert_eq!(reason, crate::search::GaveUp::States(1000)),
            other => panic!("{:?}", other.length()),
        }
    }
}
