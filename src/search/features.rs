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
use super::packed::{Blocks, PackedStore, Packs};
use super::store::NO_PARENT;
use super::{expand, held_beside, solution, Budget, Flow, Outcome, Space, Stats};
use rustc_hash::FxHashMap;
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

    /// How many advisors pick moves in `order` one each, for a search that lets each advisor
    /// make one move an expansion (FESS's own way, [`Member::picks_one`]): 0 by default, and
    /// every move [`Features::advised`] is made.
    fn advisors(&self, _order: usize) -> usize {
        0
    }

    /// How advisor `advisor` of `order` ranks the move from a state in cell `from` to one in cell
    /// `to` (heuristics `h_from` and `h_to`): None where it would not make it, else a rank, the
    /// least the move it picks among an expansion's.
    fn advice(
        &self,
        _order: usize,
        _advisor: usize,
        _from: Self::Cell,
        _to: Self::Cell,
        _h_from: u32,
        _h_to: u32,
    ) -> Option<u64> {
        None
    }

    /// What a cell orders states of the same unadvised moves by, least first, in 16 bits: by
    /// default the heuristic (at most `u16::MAX`). A space whose heuristic is a multiple of a
    /// smaller count (Sokoban's moves, counted as pushes times a constant) gives that count,
    /// which orders its states the same way.
    fn estimate(&self, state: &Self::State) -> u16 {
        self.heuristic(state).min(u32::from(u16::MAX)) as u16
    }

    /// How much of the goal `state` has in place, of how much (Sokoban: boxes on goals), for
    /// the progress report's best so far; None when the puzzle cannot tell.
    fn placed(&self, _state: &Self::State) -> Option<(u64, u64)> {
        None
    }
}

/// The most orders a space may give ([`Features::orders`]).
pub const ORDERS: usize = 2;

/// One feature-space search of a portfolio: how it breaks ties and which moves are advised.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Member {
    /// The seed ties within a cell are broken by: 0 the first stored first, another a mixed order.
    pub tie: u32,
    /// Whether each advisor makes one move an expansion, the one it ranks first
    /// ([`Features::advice`]), rather than every move [`Features::advised`].
    pub picks_one: bool,
}

/// What the search keeps of a state to queue it and for its children: its unadvised moves in
/// each order (at most `u16::MAX`) and its estimate. Six bytes a state, and a queue entry is the
/// state's index alone: this search runs until memory ends it on the hardest levels.
#[derive(Clone, Copy)]
struct Known {
    weights: [u16; ORDERS],
    estimate: u16,
}

/// Where a state comes in `order`, least first: its unadvised moves, then its estimate, then
/// its index (the first stored first) or, for a search with ties broken by a seed `tie` other than
/// 0, the index mixed with the seed. No two states share one.
fn rank(known: &Blocks<Known>, order: usize, index: u32, tie: u32) -> u64 {
    let Known { weights, estimate } = known.get(index as usize)[0];
    u64::from(weights[order]) << 48 | u64::from(estimate) << 32 | u64::from(mixed(index, tie))
}

/// `index` mixed with the seed `tie`: itself for 0, else a different number for each index.
fn mixed(index: u32, tie: u32) -> u32 {
    if tie == 0 {
        index
    } else {
        (index ^ tie).wrapping_mul(0x9e37_79b1).rotate_left(tie % 32)
    }
}

/// A binary heap of states' indices, the least [`rank`] first, the ranks looked up rather than
/// held. It grows by a quarter at a time, not double.
#[derive(Default)]
struct Queue(Vec<u32>);

impl Queue {
    /// Adds `index`, ranked in `order` by what is `known`; returns how many entries' room was
    /// added. (No closure for the rank: one copy of this serves every space.)
    fn push(&mut self, index: u32, known: &Blocks<Known>, order: usize, tie: u32) -> usize {
        let rank = |i| rank(known, order, i, tie);
        let heap = &mut self.0;
        let room = heap.capacity();
        if heap.len() == room {
            heap.reserve_exact((room / 4).max(4));
        }
        let (mut at, key) = (heap.len(), rank(index));
        heap.push(index);
        while at > 0 {
            let up = (at - 1) / 2;
            if rank(heap[up]) <= key {
                break;
            }
            heap[at] = heap[up];
            at = up;
        }
        heap[at] = index;
        heap.capacity() - room
    }

    /// Takes the least: the last entry goes down from the top, each step to the lesser child,
    /// each rank looked up once.
    fn pop(&mut self, known: &Blocks<Known>, order: usize, tie: u32) -> Option<u32> {
        let rank = |i| rank(known, order, i, tie);
        let heap = &mut self.0;
        let last = heap.pop()?;
        let Some(&first) = heap.first() else { return Some(last) };
        let (key, mut at) = (rank(last), 0);
        loop {
            let left = 2 * at + 1;
            let Some(&child) = heap.get(left) else { break };
            let (mut child, mut child_key) = (left, rank(child));
            if let Some(&right) = heap.get(left + 1) {
                let right_key = rank(right);
                if right_key < child_key {
                    (child, child_key) = (left + 1, right_key);
                }
            }
            if key <= child_key {
                break;
            }
            heap[at] = heap[child];
            at = child;
        }
        heap[at] = last;
        Some(first)
    }
}

/// The cells found, in the order found, each with its states in every order.
struct Cells<C> {
    numbers: FxHashMap<C, u32>,
    cells: Vec<C>,
    queues: Vec<[Queue; ORDERS]>,
    /// Entries in the queues, over all orders (a state stays queued in the other orders once
    /// expanded, and is passed over there).
    waiting: usize,
    /// The queues' room, in entries.
    held: usize,
    /// The seed ties are broken by ([`rank`]).
    tie: u32,
}

impl<C: Copy + Eq + Hash> Cells<C> {
    fn new(tie: u32) -> Self {
        Cells { numbers: FxHashMap::default(), cells: Vec::new(), queues: Vec::new(), waiting: 0, held: 0, tie }
    }

    /// Queues state `index` in `cell` (added if new), in each order up to `orders`.
    fn queue(&mut self, cell: C, orders: usize, index: u32, known: &Blocks<Known>) {
        let number = *self.numbers.entry(cell).or_insert_with(|| {
            self.cells.push(cell);
            self.queues.push(Default::default());
            self.cells.len() as u32 - 1
        });
        for (order, queue) in self.queues[number as usize].iter_mut().enumerate().take(orders) {
            self.held += queue.push(index, known, order, self.tie);
            self.waiting += 1;
        }
    }

    /// The next state of cell `number` in `order` that `done` does not pass over.
    fn next(&mut self, number: usize, order: usize, known: &Blocks<Known>, done: impl Fn(u32) -> bool) -> Option<u32> {
        let queue = &mut self.queues[number][order];
        while let Some(index) = queue.pop(known, order, self.tie) {
            self.waiting -= 1;
            if !done(index) {
                return Some(index);
            }
        }
        None
    }

    fn bytes(&self) -> u64 {
        let per_cell = std::mem::size_of::<(C, u32)>() * 2 + std::mem::size_of::<C>() + 24 * ORDERS;
        (self.held * 4 + self.cells.len() * per_cell) as u64
    }
}

/// Searches `space` cell by cell (see the module's notes) for any solution, not the cheapest;
/// `member` says how ties are broken and moves advised (a portfolio's searches differ there).
pub fn feature_space<S: Features + Packs>(
    space: &S,
    member: Member,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let orders = space.orders().clamp(1, ORDERS);
    let mut meter = Meter::new(budget, on_progress);
    let mut store = PackedStore::new(space.packed_len());
    let mut packed = vec![0; space.packed_len()];
    let mut cells = Cells::new(member.tie);
    let mut known: Blocks<Known> = Blocks::new(1);
    // Whether each state was expanded (from either order's queue), a bit each.
    let mut expanded: Vec<u64> = Vec::new();
    let start = space.start();
    meter.stats.placed = space.placed(&start);
    space.pack(&start, &mut packed);
    let _ = store.insert(&packed, NO_PARENT);
    if space.is_goal(&start) {
        return solution(space, vec![start], meter);
    }
    known.push(&[Known { weights: [0; ORDERS], estimate: space.estimate(&start) }]);
    cells.queue(space.cell(&start), orders, 0, &known);
    let (mut successors, mut fresh) = (Vec::new(), Vec::new());
    let (mut turn, mut order, mut count) = (0, 0, 0);
    while cells.waiting > 0 {
        turn = (turn + 1) % cells.cells.len();
        if turn == 0 {
            order = (order + 1) % orders;
        }
        let done = |index: u32| expanded.get(index as usize / 64).is_some_and(|word| word >> (index % 64) & 1 == 1);
        let Some(index) = cells.next(turn, order, &known, done) else { continue };
        if expanded.len() <= index as usize / 64 {
            expanded.resize(index as usize / 64 + 1, 0);
        }
        expanded[index as usize / 64] |= 1 << (index % 64);
        count += 1;
        let bytes = store.bytes()
            + held_beside(space, store.len())
            + known.bytes()
            + cells.bytes()
            + expanded.capacity() as u64 * 8;
        if let Err(halt) = meter.explore_at(store.len(), store.len() - count, 0, bytes) {
            return meter.end(halt);
        }
        let state = space.unpack(store.get(index));
        let weights = known.get(index as usize)[0].weights;
        let (cell, h) = (cells.cells[turn], space.heuristic(&state));
        expand(space, &state, &mut successors);
        for (_, next, _) in successors.drain(..) {
            space.pack(&next, &mut packed);
            let Ok(new) = store.insert(&packed, index) else { continue };
            if space.is_goal(&next) {
                meter.stats.stored = store.len() as u64;
                meter.stats.bytes = meter.stats.bytes.max(store.bytes());
                let path = store.chain_to(new).into_iter().map(|at| space.unpack(store.get(at))).collect();
                return solution(space, path, meter);
            }
            let (next_h, next_cell) = (space.heuristic(&next), space.cell_after(&state, cell, &next));
            if let (Some((placed, _)), Some((best, _))) = (space.placed(&next), &mut meter.stats.placed) {
                *best = (*best).max(placed);
            }
            let advised = std::array::from_fn(|o| o < orders && space.advised(o, cell, next_cell, h, next_h));
            fresh.push(Fresh { index: new, cell: next_cell, h: next_h, estimate: space.estimate(&next), advised });
        }
        if member.picks_one {
            picked(space, orders, cell, h, &mut fresh);
        }
        for child in fresh.drain(..) {
            let mut next_weights = weights;
            for (weight, advised) in next_weights.iter_mut().zip(child.advised).take(orders) {
                *weight = weight.saturating_add(u16::from(!advised));
            }
            known.push(&[Known { weights: next_weights, estimate: child.estimate }]);
            cells.queue(child.cell, orders, child.index, &known);
        }
    }
    meter.stats.stored = store.len() as u64;
    meter.stats.frontier = 0;
    Outcome::NoSolution { stats: meter.finish() }
}

/// A state an expansion stored first: its index, cell, heuristic and estimate, and whether the
/// move to it is advised in each order.
struct Fresh<C> {
    index: u32,
    cell: C,
    h: u32,
    estimate: u16,
    advised: [bool; ORDERS],
}

/// Marks as advised, in each order, only the moves the advisors pick, one each: the move each
/// ranks first among those it would make from the state in `cell` (heuristic `h`) to the states
/// `fresh` (the first of equals).
fn picked<S: Features>(space: &S, orders: usize, cell: S::Cell, h: u32, fresh: &mut [Fresh<S::Cell>]) {
    for order in 0..orders {
        fresh.iter_mut().for_each(|child| child.advised[order] = false);
        for advisor in 0..space.advisors(order) {
            let liked = fresh.iter().enumerate().filter_map(|(at, child)| {
                space.advice(order, advisor, cell, child.cell, h, child.h).map(|rank| (rank, at))
            });
            if let Some((_, at)) = liked.min() {
                fresh[at].advised[order] = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A number as its four bytes.
    macro_rules! packs_u32 {
        ($space:ty) => {
            impl Packs for $space {
                fn packed_len(&self) -> usize {
                    4
                }
                fn pack(&self, n: &u32, out: &mut [u8]) {
                    out.copy_from_slice(&n.to_le_bytes());
                }
                fn unpack(&self, bytes: &[u8]) -> u32 {
                    u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])
                }
            }
        };
    }

    packs_u32!(Double);
    packs_u32!(Line);

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
        for picks_one in [false, true] {
            let member = Member { tie: 0, picks_one };
            let outcome = feature_space(&Double(100), member, &Budget::default(), &mut |_| Flow::Continue);
            let Outcome::Solved { moves, states, .. } = outcome else { panic!("100 can be reached") };
            assert_eq!(states.first(), Some(&1));
            assert_eq!(states.last(), Some(&100));
            let mut n = 1;
            for m in moves {
                n = if m == '+' { n + 1 } else { n * 2 };
            }
            assert_eq!(n, 100, "the moves lead where the states say");
        }
    }

    /// Advisors that pick one move each mark only the moves they rank first, in each order; a
    /// move two advisors pick is advised once.
    #[test]
    fn each_advisor_picks_one_move() {
        struct Picky;
        impl Space for Picky {
            type State = u32;
            type Move = ();
            fn start(&self) -> u32 {
                0
            }
            fn successors(&self, _: &u32, _: &mut Vec<((), u32, u32)>) {}
            fn is_goal(&self, _: &u32) -> bool {
                false
            }
        }
        impl Features for Picky {
            type Cell = u32;
            fn cell(&self, &n: &u32) -> u32 {
                n
            }
            fn orders(&self) -> usize {
                2
            }
            fn advised(&self, _: usize, from: u32, to: u32, _: u32, _: u32) -> bool {
                to > from
            }
            fn advisors(&self, order: usize) -> usize {
                1 + order
            }
            // Advisor 0: the greatest cell above the parent's; advisor 1: the least heuristic.
            fn advice(&self, _: usize, advisor: usize, from: u32, to: u32, _: u32, h_to: u32) -> Option<u64> {
                match advisor {
                    0 => (to > from).then(|| u64::from(u32::MAX - to)),
                    _ => Some(u64::from(h_to)),
                }
            }
        }
        let child = |cell, h| Fresh { index: cell, cell, h, estimate: 0, advised: [true; ORDERS] };
        let mut fresh = vec![child(3, 5), child(7, 9), child(1, 2), child(7, 1)];
        picked(&Picky, 2, 2, 4, &mut fresh);
        let advised: Vec<_> = fresh.iter().map(|child| child.advised).collect();
        let (no, second, both) = ([false, false], [false, true], [true, true]);
        assert_eq!(advised, [no, both, no, second], "order 0: the first 7; order 1: that and the least h");
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
            let outcome =
                feature_space(&Line { last: 500, orders }, Member::default(), &Budget::default(), &mut |_| {
                    Flow::Continue
                });
            let Outcome::NoSolution { stats } = outcome else { panic!("{outcome:?}") };
            assert_eq!((stats.explored, stats.stored), (501, 501), "{orders} orders");
        }
    }

    /// The queue gives the least rank first, whatever the order of pushes and pops, with ties
    /// broken by index (seed 0) or by a seed.
    #[test]
    fn a_queue_gives_its_states_least_rank_first() {
        for tie in [0, 7] {
            let (mut known, mut queue, mut queued) = (Blocks::new(1), Queue::default(), Vec::new());
            let mut x = 12_345u32;
            for index in 0..3_000u32 {
                x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                let weights = [(x >> 20) as u16 % 7, (x >> 12) as u16 % 5];
                known.push(&[Known { weights, estimate: (x >> 4) as u16 % 13 }]);
                queue.push(index, &known, 1, tie);
                queued.push((rank(&known, 1, index, tie), index));
                if x % 3 == 0 {
                    queued.sort_unstable_by(|a, b| b.cmp(a));
                    assert_eq!(queue.pop(&known, 1, tie), queued.pop().map(|(_, index)| index));
                }
            }
            queued.sort_unstable_by(|a, b| b.cmp(a));
            while let Some((_, least)) = queued.pop() {
                assert_eq!(queue.pop(&known, 1, tie), Some(least));
            }
            assert_eq!(queue.pop(&known, 1, tie), None);
        }
    }

    /// A seed breaks ties in an order of its own, and no two states share a rank.
    #[test]
    fn a_seed_orders_ties_its_own_way() {
        let known: Blocks<Known> = {
            let mut known = Blocks::new(1);
            (0..1_000).for_each(|_| known.push(&[Known { weights: [0; ORDERS], estimate: 0 }]));
            known
        };
        let order = |tie| {
            let mut indices: Vec<u32> = (0..1_000).collect();
            indices.sort_by_key(|&index| rank(&known, 0, index, tie));
            indices
        };
        assert_eq!(order(0), (0..1_000).collect::<Vec<_>>(), "seed 0: the first stored first");
        assert_ne!(order(1), order(0));
        assert_ne!(order(2), order(1));
        for tie in [1, 2, 99] {
            let mut ranks: Vec<u64> = (0..1_000).map(|index| rank(&known, 0, index, tie)).collect();
            ranks.sort_unstable();
            ranks.dedup();
            assert_eq!(ranks.len(), 1_000, "seed {tie}");
        }
    }

    #[test]
    fn says_when_there_is_none_and_keeps_to_its_budget() {
        // Nothing may exceed 4 times 0: the start has no moves, and is not the target.
        let outcome = feature_space(&Double(0), Member::default(), &Budget::default(), &mut |_| Flow::Continue);
        assert!(matches!(outcome, Outcome::NoSolution { .. }), "{outcome:?}");
        let budget = Budget { max_states: 50, ..Budget::default() };
        let outcome = feature_space(&Double(1_000_000), Member::default(), &budget, &mut |_| Flow::Continue);
        assert!(matches!(outcome, Outcome::GaveUp { .. }), "{outcome:?}");
    }
}
