//! One part of one IDA* iteration, for a search shared among processes that share no memory
//! (the page's Workers). Every part lists the top of the tree for the bound alike (the
//! same subtrees in the sequential walk's order, as `parallel.rs` lists them for threads) and
//! searches the subtrees [`Part::takes`] in that order, stopping at its first goal. The whole
//! iteration's answer is then the goal of the lowest-numbered subtree among the parts' (the
//! sequential walk's path), and its next bound the least of theirs; whoever runs the parts (the
//! page) goes bound by bound.

use super::walk::{Tally, Walk};
use super::{Slide, TileSpace, Tiles};
use crate::search::meter::Meter;
use crate::search::{Budget, Flow, Iteration, Outcome, Part, Stats};

/// Subtrees listed for each part: enough that the parts' shares come out even.
const SUBTREES_PER_PART: usize = 256;

/// One entry of the top of the tree, in the sequential walk's order.
pub(super) enum Top {
    /// A subtree to search: the moves from the start to its root, and the cell the blank left.
    Subtree(Vec<Slide>, u8),
    /// A goal reached within the top itself.
    Goal(Vec<Slide>),
}

impl<const N: usize> TileSpace<'_, N> {
    /// Part `part` of the IDA* iteration at `bound` (None: the first, at the start's heuristic):
    /// Solved with the first goal of its share, or NoSolution with the least cost past the
    /// bound ([`Iteration::beyond`]); the budgets and Cancel end it as they end [`Self::idastar`].
    /// With `until` (a goal found by another part in that subtree) it searches no subtree past
    /// it, where only later goals lie.
    pub fn idastar_part(
        &self,
        part: Part,
        bound: Option<u32>,
        until: Option<u64>,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> (Outcome<Slide, Tiles<N>>, Iteration) {
        let Some(root) = Walk::new(self) else {
            // A graph the walk does not take: part 0 searches it all, the others nothing.
            let outcome = if part.index == 0 {
                self.idastar(budget, on_progress)
            } else {
                Outcome::NoSolution { stats: Stats::default() }
            };
            return (outcome, Iteration::default());
        };
        let mut meter = Meter::new(budget, on_progress);
        let bound = bound.unwrap_or_else(|| root.heuristic());
        meter.stats.depth = u64::from(bound);
        let ended = Iteration { bound, ..Iteration::default() };
        let (top, mut beyond) = split(&root, &mut meter, bound, part.of * SUBTREES_PER_PART);
        let before_until = |&(index, _): &(usize, &Top)| until.is_none_or(|until| index as u64 <= until);
        for (index, entry) in top.iter().enumerate().take_while(before_until).filter(|&(index, _)| part.takes(index)) {
            meter.stats.at = Some(index as u64);
            let solved = Iteration { first_at: Some(index as u64), ..ended };
            let (moves, back) = match entry {
                Top::Goal(moves) => return (self.solution(moves.clone(), meter), solved),
                Top::Subtree(moves, back) => (moves, *back),
            };
            let mut walk = root.after(moves);
            match walk.deepen(&mut meter, moves.len() as u32, bound, back) {
                Ok(None) => return (self.solution(walk.moves, meter), solved),
                Ok(Some(next)) => beyond = beyond.min(next),
                Err(halt) => return (meter.end(halt), ended),
            }
        }
        (
            Outcome::NoSolution { stats: meter.finish() },
            Iteration { beyond: (beyond != u32::MAX).then_some(beyond), ..ended },
        )
    }
}

/// The top of the tree for `bound`, deep enough for about `wanted` subtrees (or the whole tree
/// when it is smaller), and the least f beyond the bound met within the top.
pub(super) fn split<const N: usize>(
    root: &Walk<'_, N>,
    tally: &mut impl Tally,
    bound: u32,
    wanted: usize,
) -> (Vec<Top>, u32) {
    let mut depth = 1;
    loop {
        let mut walk = root.clone();
        let mut top = Vec::new();
        let beyond = list(&mut walk, tally, 0, bound, u8::MAX, depth, &mut top);
        let subtrees = top.iter().filter(|t| matches!(t, Top::Subtree(..))).count();
        if subtrees >= wanted || subtrees == 0 || depth >= bound {
            return (top, beyond);
        }
        // Too few: the expansions of this try are counted again by the next; that is a few
        // thousand at most, against millions below.
        depth += 1;
    }
}

/// Lists the top of the tree below the walk's position down to `depth_limit`, in the sequential
/// walk's order, with the same pruning; returns the least f beyond the bound met.
fn list<const N: usize>(
    walk: &mut Walk<'_, N>,
    tally: &mut impl Tally,
    depth: u32,
    bound: u32,
    back: u8,
    depth_limit: u32,
    top: &mut Vec<Top>,
) -> u32 {
    if walk.heuristic() == 0 && walk.is_goal() {
        top.push(Top::Goal(walk.moves.clone()));
        return u32::MAX;
    }
    if depth == depth_limit {
        top.push(Top::Subtree(walk.moves.clone(), back));
        return u32::MAX;
    }
    // A stop asked for here is seen by the subtrees' walks, which all begin with a check.
    let _ = tally.explore(depth);
    let children: Vec<Slide> = walk.children(back).collect();
    let mut beyond = u32::MAX;
    for slide in children {
        let undo = walk.slide(slide.tile, slide.from, slide.to);
        let f = depth + 1 + walk.heuristic();
        if f > bound {
            beyond = beyond.min(f);
        } else {
            walk.moves.push(slide);
            beyond = beyond.min(list(walk, tally, depth + 1, bound, slide.to, depth_limit, top));
            walk.moves.pop();
        }
        walk.slide_back(slide.tile, slide.from, slide.to, undo);
    }
    beyond
}

#[cfg(test)]
mod tests {
    use super::super::{Board, PatternDatabase};
    use super::*;

    /// Runs the parts bound by bound as the page does: the answer of the lowest subtree among
    /// the parts that found one, else the next bound the least of theirs.
    fn in_parts<const N: usize>(space: &TileSpace<'_, N>, of: usize) -> Option<Vec<Slide>> {
        let mut bound = None;
        loop {
            let ends: Vec<_> = (0..of)
                .map(|index| {
                    space.idastar_part(Part { index, of }, bound, None, &Budget::default(), &mut |_| Flow::Continue)
                })
                .collect();
            let found = ends.iter().filter_map(|(outcome, iteration)| match outcome {
                Outcome::Solved { moves, .. } => Some((iteration.first_at, moves.clone())),
                _ => None,
            });
            if let Some((_, moves)) = found.min_by_key(|(at, _)| *at) {
                return Some(moves);
            }
            bound = Some(ends.iter().filter_map(|(_, iteration)| iteration.beyond).min()?);
        }
    }

    /// With 1, 2 and 3 parts: the sequential walk's moves, on the two 31-move 8-puzzles with
    /// partial tables (so there are subtrees to share out) and a one-move position.
    #[test]
    fn parts_bound_by_bound_give_the_sequential_path() {
        let (board, pdb, starts) = super::super::eight_puzzle_in_pairs();
        for start in starts {
            let space = TileSpace::<16>::new(&board, &pdb, &start);
            let Outcome::Solved { moves: sequential, .. } = space.idastar(&Budget::default(), &mut |_| Flow::Continue)
            else {
                panic!("{start:?}")
            };
            for of in 1..=3 {
                assert_eq!(in_parts(&space, of), Some(sequential.clone()), "{start:?} in {of} parts");
            }
        }
    }

    /// Cancel ends a part, and a part reports the bound it searched.
    #[test]
    fn a_part_can_be_cancelled_and_says_its_bound() {
        let board = Board::rectangle(3, 3, 8);
        let pdb = PatternDatabase::none(&board);
        let space = TileSpace::<16>::new(&board, &pdb, &[7, 5, 6, 1, 4, 3, 2, 8, 0]);
        let (outcome, iteration) =
            space.idastar_part(Part { index: 0, of: 2 }, Some(30), None, &Budget::default(), &mut |_| Flow::Stop);
        assert!(matches!(outcome, Outcome::Cancelled { .. }), "{:?}", outcome.length());
        assert_eq!(iteration.bound, 30);
        let (outcome, iteration) =
            space.idastar_part(Part { index: 1, of: 2 }, None, None, &Budget::default(), &mut |_| Flow::Continue);
        assert!(matches!(outcome, Outcome::NoSolution { .. }));
        assert!(iteration.bound < 31 && iteration.beyond.is_some_and(|b| b > iteration.bound), "{iteration:?}");
    }
}
