//! What the engine needs to know about a problem, and nothing else.

use std::hash::Hash;

/// A search problem: a start, moves with costs, and goals. States should be small values
/// (integers, packed bytes): the engine stores every distinct one it meets.
pub trait Space {
    /// A position.
    type State: Clone + Eq + Hash;
    /// A move, as the solution lists it.
    type Move: Clone;

    /// The position searched from.
    fn start(&self) -> Self::State;

    /// Appends `(move, next state, cost)` for every move from `state`. Costs are at least 1 for
    /// BFS and bidirectional BFS to be optimal; A* and IDA* honour any non-negative cost.
    fn successors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State, u32)>);

    /// Whether `state` is a goal.
    fn is_goal(&self, state: &Self::State) -> bool;

    /// A lower bound on the cost still to pay (admissible), or 0 when unknown.
    fn heuristic(&self, _state: &Self::State) -> u32 {
        0
    }

    /// True when no goal can be reached from `state` (LM-Solve's `check_if_unsolvable`).
    fn is_dead(&self, _state: &Self::State) -> bool {
        false
    }

    /// Whether IDA* must keep each path free of repeated states, which is what lets it prove that
    /// no solution exists in a finite space. A space whose unsolvable starts are known beforehand
    /// (the N-puzzle's parity) may say no: IDA* then only refuses to undo the last move.
    fn needs_cycle_check(&self) -> bool {
        true
    }

    /// The facts that hold in `state`, as small numbers (for a game board: which object is in
    /// which cell), for searches led by novelty ([`crate::search::novelty_first`]). None by
    /// default.
    fn facts(&self, _state: &Self::State, _out: &mut Vec<u32>) {}

    /// Memory the space itself holds for the states it has handed out (for spaces whose states
    /// are handles to values it keeps); counted against the memory budget.
    fn bytes(&self) -> u64 {
        0
    }

    /// The heap bytes each state owns beyond its own size (a space whose states are vectors of
    /// one length), counted against the memory budget for each state stored. 0 by default.
    fn heap_each(&self) -> u64 {
        0
    }

    /// The space's own number of `state`, for a space that numbers the states it hands out
    /// 0, 1, 2, … in the order it first hands them out (the start first), so that breadth-first
    /// search, which stores them in that same order, needs no index of its own. None, the
    /// default, for every other space.
    fn number(&self, _state: &Self::State) -> Option<u32> {
        None
    }
}

/// A space whose goal is one explicit state and whose moves can be run backwards, which is what
/// bidirectional search needs.
pub trait Reversible: Space {
    /// The one goal state, if the goal is that explicit.
    fn goal_state(&self) -> Option<Self::State>;

    /// Appends `(move, previous state, cost)` for every move that leads *to* `state`.
    fn predecessors(&self, state: &Self::State, out: &mut Vec<(Self::Move, Self::State, u32)>);
}
