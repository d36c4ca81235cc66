//! Feature-space search: a best-first search for hard puzzles whose cost-to-go estimate misleads,
//! after Shoham and Schaeffer's FESS ("The FESS Algorithm: A Feature Based Approach to
//! Single-Agent Search", IEEE CoG 2020), the first solver of all 90 original Sokoban levels
//! within minutes.
//!
//! Each state is placed in a cell of a feature space (for Sokoban: how many boxes are packed in
//! a planned order, how many areas the boxes cut the floor into). The search visits the cells
//! that hold states in turn, one state from each, so no single measure of progress can trap it;
//! within a cell it takes the state reached with the fewest moves no advisor would make (a move
//! that improves the features is free), then the smallest heuristic. A space may give two
//! advices (orders): each cell then keeps its states in both orders, and the rounds of the cells
//! take turns between them, over the one store of states.

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

    /// How many orders within a cell take turns (`ORDERS` at most): 1 by default.
    fn orders(&self) -> usize {
        1
    }

    /// Whether the move from a state in cell `from` to one in cell `to`, whose heuristics are
    /// `h_from` and `h_to`, is one an advisor would make in order `order`: it costs nothing in
    /// that order within a cell.
    fn advised(&self, order: usize, from: Self::Cell, to: Self::Cell, h_from: u32, h_to: u32) -> bool;

    /// How much of the goal `state` has in place, of how much (Sokoban: boxes on goals), for
    /// the progress report's best so far; None when the puzzle cannot tell.
    fn placed(&self, _state: &Self::State) -> Option<(u64, u64)> {
        None
    }
}

/// The most orders a space may give ([`Features::orders`]).
pub const ORDERS: usize = 2;

/// A cell's states in one order: (unadvised moves, heuristic, index), least first.
type Queue = BinaryHeap<Reverse<(u32, u32, u32)>>;

/// What the search keeps of a state for its children: its unadvised moves in each order, its
/// heuristic, its cell, and whether it was expanded (from either order's queue).
struct Known<C> {
    weights: [u32; ORDERS],
    h: u32,
    cell: C,
    expanded: bool,
}

/// Searches `space` cell by cell (see the module's notes) for any solution, not the cheapest.
pub fn feature_space<S: Features>(
    space: &S,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let orders = space.orders().clamp(1, ORDERS);
    let mut meter = Meter::new(budget, on_progress);
    let mut store = Store::new();
    // Per cell, its states in each order; `cells` in the order found.
    let mut queues: FxHashMap<S::Cell, [Queue; ORDERS]> = FxHashMap::default();
    let mut cells: Vec<S::Cell> = Vec::new();
    let mut known: Vec<Known<S::Cell>> = Vec::new();
    let start = space.start();
    let (h, cell, solved) = (space.heuristic(&start), space.cell(&start), space.is_goal(&start));
    meter.stats.placed = space.placed(&start);
    let _ = store.insert(start, NO_PARENT);
    if solved {
        return solution_in(space, &store, 0, meter);
    }
    known.push(Known { weights: [0; ORDERS], h, cell, expanded: false });
    let queue = queues.entry(cell).or_default();
    queue.iter_mut().take(orders).for_each(|queue| queue.push(Reverse((0, h, 0))));
    cells.push(cell);
    let mut successors = Vec::new();
    // Entries in the queues, over all orders (a state stays queued in the other orders once
    // expanded, and is passed over there).
    let mut waiting = orders;
    let (mut turn, mut order, mut expanded) = (0, 0, 0);
    while waiting > 0 {
        turn = (turn + 1) % cells.len();
        if turn == 0 {
            order = (order + 1) % orders;
        }
        let Some(queue) = queues.get_mut(&cells[turn]).map(|queues| &mut queues[order]) else { continue };
        let mut index = None;
        while let Some(Reverse((_, _, next))) = queue.pop() {
            waiting -= 1;
            if !known[next as usize].expanded {
                index = Some(next);
                break;
            }
        }
        let Some(index) = index else { continue };
        known[index as usize].expanded = true;
        expanded += 1;
        let bytes = store.bytes()
            + space.bytes()
            + (known.capacity() * std::mem::size_of::<Known<S::Cell>>() + waiting * 16 + cells.len() * 128) as u64;
        if let Err(halt) = meter.explore_at(store.len(), store.len() - expanded, 0, bytes) {
            return meter.end(halt);
        }
        let state = store.state(index).clone();
        let Known { weights, h, cell, .. } = known[index as usize];
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
            let mut next_weights = weights;
            for (o, weight) in next_weights.iter_mut().enumerate().take(orders) {
                *weight += u32::from(!space.advised(o, cell, next_cell, h, next_h));
            }
            known.push(Known { weights: next_weights, h: next_h, cell: next_cell, expanded: false });
            let queue = queues.entry(next_cell).or_insert_with(|| {
                cells.push(next_cell);
                Default::default()
            });
            for (o, queue) in queue.iter_mut().enumerate().take(orders) {
                queue.push(Reverse((next_weights[o], next_h, new)));
            }
            waiting += orders;
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
        fn advised(&self, _: usize, from: u32, to: u32, _: u32, _: u32) -> bool {
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

    /// 0 to `last`, a step of 1 or 2 at a time, with no goal: every number is searched.
    struct Line {
        last: u32,
        orders: usize,
    }

    impl Space for Line {
        type State = u32;
        type Move = u32;
        fn start(&self) -> u32 {
            0
        }
        fn successors(&self, &n: &u32, out: &mut Vec<(u32, u32, u32)>) {
            out.extend([1, 2].into_iter().filter(|&step| n + step <= self.last).map(|step| (step, n + step, 1)));
        }
        fn is_goal(&self, _: &u32) -> bool {
            false
        }
    }

    impl Features for Line {
        type Cell = u32;
        fn cell(&self, &n: &u32) -> u32 {
            n % 3
        }
        fn orders(&self) -> usize {
            self.orders
        }
        fn advised(&self, order: usize, from: u32, to: u32, _: u32, _: u32) -> bool {
            (order == 0) == (to > from)
        }
    }

    #[test]
    fn in_two_orders_each_state_is_expanded_once() {
        for orders in [1, 2] {
            let outcome = feature_space(&Line { last: 500, orders }, &Budget::default(), &mut |_| Flow::Continue);
            let Outcome::NoSolution { stats } = outcome else { panic!("{outcome:?}") };
            assert_eq!((stats.explored, stats.stored), (501, 501), "{orders} orders");
        }
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
