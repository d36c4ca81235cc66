//! Feature-space search: a best-first search for hard puzzles whose cost-to-go estimate misleads,
//! after Shoham and Schaeffer's FESS ("The FESS Algorithm: A Feature Based Approach to
//! Single-Agent Search", IEEE CoG 2020), the first solver of all 90 original Sokoban levels
//! within minutes.
//!
//! Each state is placed in a cell of a feature space (for Sokoban: how many boxes are packed in
//! a planned order, how many areas the boxes cut the floor into). The search visits the cells
//! that hold states in turn, one state from each, so no single measure of progress can trap it;
//! within a cell it takes the state reached with the fewest moves no advisor would make (a move
//! that improves the features is free), then the smallest heuristic.

use super::meter::Meter;
use super::store::{Store, NO_PARENT};
use super::{expand, solution_in, Budget, Flow, Outcome, Space, Stats};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::hash::Hash;

/// What a feature-space search needs beyond a [`Space`]: where a state sits in the feature
/// space, and which moves are advised.
pub trait Features: Space {
    /// A cell of the feature space.
    type Cell: Copy + Eq + Hash;

    /// The cell of `state`.
    fn cell(&self, state: &Self::State) -> Self::Cell;

    /// The cell of `state`, reached in one move from `parent` in cell `parent_cell`: by default
    /// [`Features::cell`]; a space whose features change little per move can work it out from
    /// the parent's.
    fn cell_after(&self, _parent: &Self::State, _parent_cell: Self::Cell, state: &Self::State) -> Self::Cell {
        self.cell(state)
    }

    /// Whether the move from a state in cell `from` to one in cell `to`, whose heuristics are
    /// `h_from` and `h_to`, is one an advisor would make: it costs nothing in the search's
    /// order within a cell.
    fn advised(&self, from: Self::Cell, to: Self::Cell, h_from: u32, h_to: u32) -> bool;

    /// How much of the goal `state` has in place, of how much (Sokoban: boxes on goals), for
    /// the progress report's best so far; None when the puzzle cannot tell.
    fn placed(&self, _state: &Self::State) -> Option<(u64, u64)> {
        None
    }
}

/// A cell's states: (unadvised moves, heuristic, index), least first.
type Queue = BinaryHeap<Reverse<(u32, u32, u32)>>;

/// Searches `space` cell by cell (see the module's notes) for any solution, not the cheapest.
pub fn feature_space<S: Features>(
    space: &S,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let mut meter = Meter::new(budget, on_progress);
    let mut store = Store::new();
    // Per cell, its states by (unadvised moves, heuristic, index); `cells` in the order found.
    let mut queues: FxHashMap<S::Cell, Queue> = FxHashMap::default();
    let mut cells: Vec<S::Cell> = Vec::new();
    // Per state: its unadvised moves so far, its heuristic and its cell (kept for its children).
    let mut known: Vec<(u32, u32, S::Cell)> = Vec::new();
    let start = space.start();
    let (h, cell, solved) = (space.heuristic(&start), space.cell(&start), space.is_goal(&start));
    meter.stats.placed = space.placed(&start);
    let _ = store.insert(start, NO_PARENT);
    if solved {
        return solution_in(space, &store, 0, meter);
    }
    known.push((0, h, cell));
    queues.entry(cell).or_default().push(Reverse((0, h, 0)));
    cells.push(cell);
    let mut successors = Vec::new();
    let mut waiting = 1usize;
    let mut turn = 0;
    while waiting > 0 {
        turn = (turn + 1) % cells.len();
        let Some(Reverse((_, _, index))) = queues.get_mut(&cells[turn]).and_then(BinaryHeap::pop) else { continue };
        waiting -= 1;
        let bytes = store.bytes() + space.bytes() + (known.capacity() * 16 + waiting * 16 + cells.len() * 64) as u64;
        if let Err(halt) = meter.explore_at(store.len(), waiting, 0, bytes) {
            return meter.end(halt);
        }
        let state = store.state(index).clone();
        let (weight, h, cell) = known[index as usize];
        expand(space, &state, &mut successors);
        for (_, next, _) in successors.drain(..) {
            let Ok(new) = store.insert(next, index) else { continue };
            let next = store.state(new);
            if space.is_goal(next) {
                return solution_in(space, &store, new, meter);
            }
            let (next_h, next_cell) = (space.heuristic(next), space.cell_after(&state, cell, next));
            if let (Some((placed, _)), Some((best, _))) = (space.placed(next), &mut meter.stats.placed) {
                *best = (*best).max(placed);
            }
            let next_weight = weight + u32::from(!space.advised(cell, next_cell, h, next_h));
            known.push((next_weight, next_h, next_cell));
            let queue = queues.entry(next_cell).or_insert_with(|| {
                cells.push(next_cell);
                BinaryHeap::new()
            });
            queue.push(Reverse((next_weight, next_h, new)));
            waiting += 1;
        }
    }
    meter.stats.stored = store.len() as u64;
    meter.stats.frontier = 0;
    Outcome::NoSolution { stats: meter.finish() }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From 1, reach a target by adding one or doubling, never above 4 times the target; the
    /// cell is the number's bit length, and doubling is advised.
    struct Double(u32);

    impl Space for Double {
        type State = u32;
        type Move = char;
        fn start(&self) -> u32 {
            1
        }
        fn successors(&self, &n: &u32, out: &mut Vec<(char, u32, u32)>) {
            for (label, next) in [('+', n + 1), ('*', n * 2)] {
                if next <= 4 * self.0 {
                    out.push((label, next, 1));
                }
            }
        }
        fn is_goal(&self, &n: &u32) -> bool {
            n == self.0
        }
        fn heuristic(&self, &n: &u32) -> u32 {
            self.0.abs_diff(n)
        }
    }

    impl Features for Double {
        type Cell = u32;
        fn cell(&self, &n: &u32) -> u32 {
            n.ilog2()
        }
        fn advised(&self, from: u32, to: u32, _: u32, _: u32) -> bool {
            to > from
        }
    }

    #[test]
    fn finds_a_solution_and_replays_it() {
        let outcome = feature_space(&Double(100), &Budget::default(), &mut |_| Flow::Continue);
        let Outcome::Solved { moves, states, .. } = outcome else { panic!("100 can be reached") };
        assert_eq!(states.first(), Some(&1));
        assert_eq!(states.last(), Some(&100));
        let mut n = 1;
        for m in moves {
            n = if m == '+' { n + 1 } else { n * 2 };
        }
        assert_eq!(n, 100, "the moves lead where the states say");
    }

    #[test]
    fn says_when_there_is_none_and_keeps_to_its_budget() {
        // Nothing may exceed 4 times 0: the start has no moves, and is not the target.
        let outcome = feature_space(&Double(0), &Budget::default(), &mut |_| Flow::Continue);
        assert!(matches!(outcome, Outcome::NoSolution { .. }), "{outcome:?}");
        let budget = Budget { max_states: 50, ..Budget::default() };
        let outcome = feature_space(&Double(1_000_000), &budget, &mut |_| Flow::Continue);
        assert!(matches!(outcome, Outcome::GaveUp { .. }), "{outcome:?}");
    }
}
