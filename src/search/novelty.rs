//! Best-first width search (Lipovetzky and Geffner, 2017): best-first search led by novelty
//! first and the heuristic second. A state that makes true a fact (an object in a cell) that no
//! state of the same heuristic value made true before is expanded before every state that does
//! not; among each, the lower heuristic first, then the older. A goal count misleads in games
//! where the way to a goal first goes away from it (fetch a key, walk round, take a crate out of
//! a corner): states that try something new are what gets out of such a plateau.

use super::meter::Meter;
use super::store::{Store, NO_PARENT};
use super::{expand, solution, Budget, Flow, Outcome, Space, Stats};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// The facts seen so far, for each heuristic value: a bitset of fact numbers each.
#[derive(Default)]
struct Seen {
    by_value: Vec<Vec<u64>>,
}

impl Seen {
    /// Marks `facts` seen among states of value `h`: whether any of them was new.
    fn novel(&mut self, h: u32, facts: &[u32]) -> bool {
        let h = h as usize;
        if self.by_value.len() <= h {
            self.by_value.resize_with(h + 1, Vec::new);
        }
        let bits = &mut self.by_value[h];
        let mut novel = false;
        for &fact in facts {
            let (word, bit) = (fact as usize / 64, fact % 64);
            if bits.len() <= word {
                bits.resize(word + 1, 0);
            }
            novel |= bits[word] & (1 << bit) == 0;
            bits[word] |= 1 << bit;
        }
        novel
    }

    fn bytes(&self) -> u64 {
        8 * self.by_value.iter().map(|bits| bits.capacity() as u64).sum::<u64>()
    }
}

/// Best-first width search: states in order of whether they were novel when found (a fact of
/// theirs, [`Space::facts`], new among the states of their [`Space::heuristic`] value), then of
/// the heuristic, then of age: the oldest first, or with `newest_first` the newest (which dives,
/// and finds other answers, longer ones). Every state found is kept and expanded in turn, so it
/// finds an answer wherever there is one; it does not prove that answer the shortest, but gives
/// the shortest way to it among the states it stored. A space without facts is searched by the
/// heuristic alone.
pub fn novelty_first<S: Space>(
    space: &S,
    newest_first: bool,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let mut meter = Meter::new(budget, on_progress);
    let mut store = Store::new();
    let mut seen = Seen::default();
    let mut facts = Vec::new();
    // (0 if novel else 1, heuristic): a state's place in the queue, before its age.
    let mut rank = |state: &S::State, seen: &mut Seen| {
        let h = space.heuristic(state);
        facts.clear();
        space.facts(state, &mut facts);
        (u8::from(!seen.novel(h, &facts)), h)
    };
    // A state's age as the queue orders it (an involution: it also gives the index back).
    let age = |index: u32| if newest_first { u32::MAX - index } else { index };
    let mut open: BinaryHeap<Reverse<(u8, u32, u32)>> = BinaryHeap::new();
    let start = space.start();
    let (old, h) = rank(&start, &mut seen);
    let _ = store.insert(start, NO_PARENT);
    open.push(Reverse((old, h, age(0))));
    let mut successors = Vec::new();
    while let Some(Reverse((_, h, aged))) = open.pop() {
        let index = age(aged);
        let state = store.state(index).clone();
        if space.is_goal(&state) {
            meter.stats.stored = store.len() as u64;
            meter.stats.bytes = meter.stats.bytes.max(store.bytes());
            let path = shortest_among(space, &store, index, &mut meter);
            return solution(space, path, meter);
        }
        let bytes = store.bytes() + space.bytes() + seen.bytes() + 12 * open.capacity() as u64;
        if let Err(halt) = meter.explore_at(store.len(), open.len(), u64::from(h), bytes) {
            return meter.end(halt);
        }
        expand(space, &state, &mut successors);
        for (_, next, _) in successors.drain(..) {
            if let Ok(new) = store.insert(next, index) {
                let (old, h) = rank(store.state(new), &mut seen);
                open.push(Reverse((old, h, age(new))));
            }
        }
    }
    meter.stats.stored = store.len() as u64;
    meter.stats.frontier = 0;
    Outcome::NoSolution { stats: meter.finish() }
}

/// The fewest moves from the start to `goal` over moves between states `store` holds: the
/// search's own path is among them, so this is never longer, and after a search that dives it
/// is often a fraction of it. Breadth-first over the stored states; where the budget ends (or
/// Cancel comes) before it is done, the search's own path.
fn shortest_among<S: Space>(space: &S, store: &Store<S::State>, goal: u32, meter: &mut Meter<'_>) -> Vec<S::State> {
    let mut parent = vec![NO_PARENT; store.len()];
    parent[0] = 0;
    let mut queue = VecDeque::from([0]);
    let mut successors = Vec::new();
    while let Some(index) = queue.pop_front() {
        if index == goal {
            break;
        }
        if meter.explore().is_err() {
            return store.path_to(goal);
        }
        successors.clear();
        space.successors(store.state(index), &mut successors);
        for (_, next, _) in &successors {
            if let Some(found) = store.find(next).filter(|&found| parent[found as usize] == NO_PARENT) {
                parent[found as usize] = index;
                queue.push_back(found);
            }
        }
    }
    if parent[goal as usize] == NO_PARENT {
        return store.path_to(goal); // the space did not retrace its own path: `solution` says so
    }
    let mut path = vec![goal];
    while let Some(&index) = path.last().filter(|&&index| index != 0) {
        path.push(parent[index as usize]);
    }
    path.iter().rev().map(|&index| store.state(index).clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    /// A graph whose states hold facts.
    struct WithFacts {
        graph: Graph,
        facts: Vec<Vec<u32>>,
    }

    impl Space for WithFacts {
        type State = usize;
        type Move = (usize, usize);
        fn start(&self) -> usize {
            self.graph.start()
        }
        fn successors(&self, s: &usize, out: &mut Vec<((usize, usize), usize, u32)>) {
            self.graph.successors(s, out)
        }
        fn is_goal(&self, s: &usize) -> bool {
            self.graph.is_goal(s)
        }
        fn heuristic(&self, s: &usize) -> u32 {
            self.graph.heuristic(s)
        }
        fn facts(&self, s: &usize, out: &mut Vec<u32>) {
            out.extend(&self.facts[*s]);
        }
    }

    /// From the start, a trap of `trap` states that all look closer to the goal (heuristic 1)
    /// but hold nothing new, and a way of `way` states that look no closer (heuristic 5) but
    /// each holds a fact of its own, ending at the goal.
    fn trap_and_way(trap: usize, way: usize) -> WithFacts {
        let n = 1 + trap + way + 1;
        let goal = n - 1;
        let mut edges = vec![Vec::new(); n];
        let mut heuristic = vec![5; n];
        let mut facts = vec![vec![0]; n];
        edges[0] = vec![(1, 1), (1 + trap, 1)];
        for t in 1..=trap {
            heuristic[t] = 1;
            if t < trap {
                edges[t].push((t + 1, 1));
            }
        }
        for (i, w) in (1 + trap..goal).enumerate() {
            facts[w] = vec![1 + i as u32];
            edges[w].push((w + 1, 1));
        }
        heuristic[goal] = 0;
        WithFacts { graph: Graph { edges, goals: vec![goal], heuristic }, facts }
    }

    /// The novel way is taken before the trap that only looks closer: the goal is reached
    /// having stored the way and one state of the trap, where the heuristic alone (no facts)
    /// walks the whole trap first.
    #[test]
    fn novel_states_lead_out_of_a_trap() {
        let space = trap_and_way(1000, 10);
        let outcome = novelty_first(&space, false, &Budget::default(), &mut quiet);
        let (path, cost) = solved_path(&outcome);
        assert_eq!(path, [0, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1011]);
        assert_eq!(cost, 11);
        assert!(outcome.stats().stored < 20, "{:?}", outcome.stats());
        // Without facts, the heuristic alone stores the whole trap before the way.
        let blind = WithFacts { facts: vec![Vec::new(); space.facts.len()], ..space };
        let outcome = novelty_first(&blind, false, &Budget::default(), &mut quiet);
        assert_eq!(solved_path(&outcome).1, 11);
        assert!(outcome.stats().stored > 1000, "{:?}", outcome.stats());
    }

    /// Every state found is expanded in the end: a goal behind states that are never novel is
    /// still found, and a space without one is searched to its end.
    #[test]
    fn it_finds_wherever_there_is_an_answer_and_ends_where_there_is_none() {
        let mut space = trap_and_way(50, 3);
        space.graph.edges[1 + 50 + 3 - 1].clear();
        space.graph.edges[50].push((54, 1));
        let outcome = novelty_first(&space, false, &Budget::default(), &mut quiet);
        assert_eq!(solved_path(&outcome), ((0..=50).chain([54]).collect(), 51));
        let outcome = novelty_first(&line(40, 99), false, &Budget::default(), &mut quiet);
        assert!(matches!(outcome, Outcome::NoSolution { .. }));
        assert_eq!(outcome.stats().stored, 40);
        // And within a budget it gives up.
        let budget = Budget { max_states: 10, ..Budget::default() };
        assert!(matches!(novelty_first(&Endless, false, &budget, &mut quiet), Outcome::GaveUp { .. }));
    }

    /// An answer is the fewest moves among the states stored, not the path the search took:
    /// a chain stored one state after the other, with a move from its third state to its
    /// ninth, gives the way through that move; and a budget that ends first gives the chain.
    #[test]
    fn the_answer_is_the_shortest_among_the_states_stored() {
        let mut graph = line(10, 9);
        graph.edges[2].push((8, 1));
        let mut store = Store::new();
        for state in 0..10 {
            let _ = store.insert(state, if state == 0 { NO_PARENT } else { state as u32 - 1 });
        }
        let budget = Budget::default();
        let mut go = quiet;
        let mut meter = Meter::new(&budget, &mut go);
        assert_eq!(shortest_among(&graph, &store, 9, &mut meter), [0, 1, 2, 8, 9]);
        let mut stop = |_: &Stats| Flow::Stop;
        let mut meter = Meter::new(&budget, &mut stop);
        meter.stats.explored = u64::MAX / 2;
        assert_eq!(shortest_among(&graph, &store, 9, &mut meter), (0..10).collect::<Vec<_>>());
        // Newest first finds it too, and gives the same.
        let outcome = novelty_first(&graph, true, &Budget::default(), &mut quiet);
        assert_eq!(solved_path(&outcome), (vec![0, 1, 2, 8, 9], 4));
    }

    /// Facts are seen per heuristic value: a fact seen at one value is still new at another.
    #[test]
    fn facts_are_new_per_heuristic_value() {
        let mut seen = Seen::default();
        assert!(seen.novel(3, &[5, 200]));
        assert!(!seen.novel(3, &[200]));
        assert!(seen.novel(2, &[200]));
        assert!(seen.novel(3, &[5, 7]));
        assert!(!seen.novel(3, &[]));
    }
}
