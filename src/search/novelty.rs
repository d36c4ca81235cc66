//! Best-first width search (Lipovetzky and Geffner, 2017): best-first search led by novelty
//! first and the heuristic second. A state that makes true a fact (an object in a cell) that no
//! state of the same heuristic value made true before is expanded before every state that does
//! not; then a state that makes true a new pair of facts (novelty 2: the box here while the
//! player is there); among each, the lower heuristic first, then the older. A goal count
//! misleads in games where the way to a goal first goes away from it (fetch a key, walk round,
//! take a crate out of a corner): states that try something new are what gets out of such a
//! plateau.

use super::meter::Meter;
use super::store::{Store, NO_PARENT};
use super::{expand, held_beside, solution, Budget, Flow, Outcome, Space, Stats};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// A state's novelty: 1 when it holds a fact new among the states of its heuristic value, 2 when
/// only a pair of its facts is new, 3 when nothing is.
type Novelty = u8;

/// The facts and the pairs of facts seen so far, for each heuristic value.
#[derive(Default)]
struct Seen {
    /// A bitset of fact numbers per heuristic value.
    by_value: Vec<Vec<u64>>,
    /// Pairs of facts with their heuristic value, hashed into [`PAIR_BITS`] bits: a pair whose
    /// bit another pair set looks seen (rare while the table is sparse; a full table leaves
    /// novelty 1 alone to lead). Empty until the first pair.
    pairs: Vec<u64>,
}

/// The pair table's size: 2^26 bits, 8 MiB.
const PAIR_BITS: u32 = 26;

/// The most facts a state may have for all its pairs to be weighed (32,640 pairs). A state with
/// more is weighed by its single facts alone, unless its parent had the same heuristic value:
/// then, as every state, by the pairs with a fact it adds to its parent's.
const MOST_FACTS_PAIRED: usize = 256;

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

    /// Marks seen, among states of value `h`, each pair of a fact of `added` with a fact of
    /// `facts`, or with `added` None every pair of `facts`: whether any pair was new.
    fn novel_pairs(&mut self, h: u32, added: Option<&[u32]>, facts: &[u32]) -> bool {
        if self.pairs.is_empty() {
            self.pairs = vec![0; 1 << (PAIR_BITS - 6)];
        }
        let mut novel = false;
        for (i, &a) in added.unwrap_or(facts).iter().enumerate() {
            let others = if added.is_some() { facts } else { &facts[i + 1..] };
            for &b in others.iter().filter(|&&b| b != a) {
                let bit = pair_bit(h, a.min(b), a.max(b));
                let (word, mask) = (bit / 64, 1 << (bit % 64));
                novel |= self.pairs[word] & mask == 0;
                self.pairs[word] |= mask;
            }
        }
        novel
    }

    /// The novelty of a state of value `h` with `facts`, whose parent had `parent` at value
    /// `parent_h` (None for the start), marking its facts and pairs seen. Where the parent had
    /// the same value, what the parent held was marked at that value already: only the facts the
    /// state adds, and pairs with one of them, can be new.
    fn novelty(&mut self, h: u32, facts: &[u32], parent: Option<(u32, &[u32])>, added: &mut Vec<u32>) -> Novelty {
        added.clear();
        let added = match parent {
            Some((parent_h, parent)) if parent_h == h => {
                added.extend(facts.iter().filter(|fact| parent.binary_search(fact).is_err()));
                Some(&added[..])
            }
            _ if facts.len() > MOST_FACTS_PAIRED => {
                return if self.novel(h, facts) { 1 } else { 3 };
            }
            _ => None,
        };
        if self.novel(h, added.unwrap_or(facts)) {
            self.novel_pairs(h, added, facts);
            1
        } else if self.novel_pairs(h, added, facts) {
            2
        } else {
            3
        }
    }

    fn bytes(&self) -> u64 {
        8 * (self.by_value.iter().map(|bits| bits.capacity() as u64).sum::<u64>() + self.pairs.capacity() as u64)
    }
}

/// The bit of the pair of facts `a` < `b` among states of value `h`.
fn pair_bit(h: u32, a: u32, b: u32) -> usize {
    let key = (u64::from(a) << 32 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(h);
    (key.wrapping_mul(0xD6E8_FEB8_6659_FD93) >> (64 - PAIR_BITS)) as usize
}

/// A state's facts ([`Space::facts`]) into `out`, in order, each once.
fn facts_of<S: Space>(space: &S, state: &S::State, out: &mut Vec<u32>) {
    out.clear();
    space.facts(state, out);
    if !out.is_sorted() {
        out.sort_unstable();
    }
    out.dedup();
}

/// Best-first width search: states in order of their novelty when found (a fact of theirs,
/// [`Space::facts`], new among the states of their [`Space::heuristic`] value, else a pair of
/// facts), then of the heuristic, then of age: the oldest first, or with `newest_first` the
/// newest (which dives, and finds other answers, longer ones). Every state found is kept and
/// expanded in turn, so it finds an answer wherever there is one; it does not prove that answer
/// the shortest, but gives the shortest way to it among the states it stored. A space without
/// facts is searched by the heuristic alone.
pub fn novelty_first<S: Space>(
    space: &S,
    newest_first: bool,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let mut meter = Meter::new(budget, on_progress);
    let mut store = Store::new();
    let mut seen = Seen::default();
    let (mut facts, mut parent_facts, mut added) = (Vec::new(), Vec::new(), Vec::new());
    // A state's age as the queue orders it (an involution: it also gives the index back).
    let age = |index: u32| if newest_first { u32::MAX - index } else { index };
    // (novelty, heuristic, age): a state's place in the queue.
    let mut open: BinaryHeap<Reverse<(Novelty, u32, u32)>> = BinaryHeap::new();
    let start = space.start();
    let h = space.heuristic(&start);
    facts_of(space, &start, &mut facts);
    let novelty = seen.novelty(h, &facts, None, &mut added);
    let _ = store.insert(start, NO_PARENT);
    open.push(Reverse((novelty, h, age(0))));
    let mut successors = Vec::new();
    while let Some(Reverse((_, parent_h, aged))) = open.pop() {
        let index = age(aged);
        let state = store.state(index);
        if space.is_goal(state) {
            meter.stats.stored = store.len() as u64;
            meter.stats.bytes = meter.stats.bytes.max(store.bytes());
            let path = shortest_among(space, &store, index, &mut meter);
            return solution(space, path, meter);
        }
        let bytes = store.bytes() + held_beside(space, store.len()) + seen.bytes() + 12 * open.capacity() as u64;
        if let Err(halt) = meter.explore_at(store.len(), open.len(), u64::from(parent_h), bytes) {
            return meter.end(halt);
        }
        expand(space, state, &mut successors);
        facts_of(space, state, &mut parent_facts);
        for (_, next, _) in successors.drain(..) {
            if let Ok(new) = store.insert(next, index) {
                let next = store.state(new);
                let h = space.heuristic(next);
                facts_of(space, next, &mut facts);
                let novelty = seen.novelty(h, &facts, Some((parent_h, &parent_facts)), &mut added);
                open.push(Reverse((novelty, h, age(new))));
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
/// Cancel comes) before it is done, the search's own path. (That path has no shortcut of its
/// own: a state one move from a state on it, further along, would have been stored as that
/// state's child.)
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

    /// Where no single fact is new, a new pair of facts leads: two dead ends at the way's value
    /// hold every fact the way will, each alone, and the way's states hold them two by two, one
    /// from each. The way goes before the trap of states that look closer and hold nothing new;
    /// by single facts alone the way would look no newer than the trap, and the whole trap would
    /// be stored first.
    #[test]
    fn new_pairs_lead_where_no_single_fact_is_new() {
        let (trap, way) = (1000, 10);
        let n = 3 + trap + way + 1;
        let goal = n - 1;
        let (first_trap, first_way) = (3, 3 + trap);
        let mut edges = vec![Vec::new(); n];
        let mut heuristic = vec![5; n];
        let mut facts = vec![vec![0], (10..10 + way as u32).collect(), (30..30 + way as u32).collect()];
        edges[0] = vec![(1, 1), (2, 1), (first_trap, 1), (first_way, 1)];
        for t in first_trap..first_way {
            heuristic[t] = 1;
            facts.push(vec![1]);
            if t + 1 < first_way {
                edges[t].push((t + 1, 1));
            }
        }
        for i in 0..way as u32 {
            facts.push(vec![10 + i, 30 + i]);
            edges[first_way + i as usize].push((first_way + i as usize + 1, 1));
        }
        facts.push(vec![99]);
        heuristic[goal] = 0;
        let space = WithFacts { graph: Graph { edges, goals: vec![goal], heuristic }, facts };
        let outcome = novelty_first(&space, false, &Budget::default(), &mut quiet);
        assert_eq!(solved_path(&outcome), ([0].into_iter().chain(first_way..=goal).collect(), 11));
        assert!(outcome.stats().stored < 20, "{:?}", outcome.stats());
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

    /// A state's novelty: 1 for a new fact, 2 for a new pair only, 3 for neither; a state
    /// whose parent had the same value is weighed by what it adds to its parent, and gets the
    /// same novelty as when all its pairs are weighed.
    #[test]
    fn novelty_is_of_facts_then_of_pairs() {
        let mut seen = Seen::default();
        let mut added = Vec::new();
        assert_eq!(seen.novelty(5, &[1, 2], None, &mut added), 1);
        assert_eq!(seen.novelty(5, &[3, 4], None, &mut added), 1);
        assert_eq!(seen.novelty(5, &[1, 2], None, &mut added), 3);
        // From [1, 2] at the same value: 3 adds the pair (1, 3).
        assert_eq!(seen.novelty(5, &[1, 3], Some((5, &[1, 2])), &mut added), 2);
        assert_eq!(seen.novelty(5, &[1, 3], Some((5, &[1, 2])), &mut added), 3);
        assert_eq!(seen.novelty(5, &[1, 3], None, &mut added), 3);
        // From another value every pair is weighed: (2, 4) is new; then (2, 3).
        assert_eq!(seen.novelty(5, &[2, 4], Some((4, &[2, 4])), &mut added), 2);
        assert_eq!(seen.novelty(5, &[1, 2, 3], None, &mut added), 2);
        assert_eq!(seen.novelty(5, &[1, 2, 3, 4], Some((5, &[1, 2, 3])), &mut added), 2);
        assert_eq!(seen.novelty(5, &[1, 2, 3, 4], None, &mut added), 3);
        // Pairs too are per value.
        assert_eq!(seen.novelty(6, &[1], None, &mut added), 1);
        assert_eq!(seen.novelty(6, &[1, 3], Some((6, &[1])), &mut added), 1);
        assert_eq!(seen.novelty(6, &[1, 2], None, &mut added), 1);
        assert_eq!(seen.novelty(6, &[2, 3], None, &mut added), 2);
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
