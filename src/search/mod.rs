#![warn(missing_docs)]
//! The search engine: generic searches over a [`Space`], with budgets, progress and honest outcomes.
//!
//! Nothing in here knows about puzzles, families or the web (ARCHITECTURE.md, "The layers").

mod analyse;
mod astar;
mod bfs;
mod bidir;
pub mod cover;
mod dfs;
mod features;
mod idastar;
mod meter;
mod novelty;
mod packed;
#[cfg(not(target_arch = "wasm32"))]
pub mod parts;
pub mod portfolio;
mod space;
#[cfg(not(target_arch = "wasm32"))]
mod spread;
mod store;
pub mod tiles;

#[cfg(not(target_arch = "wasm32"))]
pub use analyse::analyse_spread;
pub use analyse::{analyse, Analysed, Analysis, Hardest, Shortest, StateGraph, GRAPH_POSITIONS};
pub use astar::{astar, astar_weighted};
pub use bfs::bfs;
#[cfg(not(target_arch = "wasm32"))]
pub use bfs::bfs_spread;
pub use bidir::bidir;
pub use dfs::dfs;
pub use features::{feature_space, Features, Member};
pub use idastar::{idastar, idastar_part, Iteration};
pub use meter::{Budget, Flow, GaveUp, Stats};
pub(crate) use meter::{Halt, Meter};
pub use novelty::novelty_first;
pub use packed::{same_bytes, Packs};
pub use space::{Reversible, Space};
pub use store::buckets;

use serde::{Deserialize, Serialize};

/// How a search ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome<M, S> {
    /// A path from the start to a goal. `states` has one more entry than `moves` (the start first).
    Solved {
        /// The moves, in order.
        moves: Vec<M>,
        /// The start, then the position after each move.
        states: Vec<S>,
        /// The sum of the moves' costs.
        cost: u64,
        /// What the search did.
        stats: Stats,
    },
    /// The whole reachable space was explored and holds no goal.
    NoSolution {
        /// What the search did.
        stats: Stats,
    },
    /// A budget ran out first; the answer is unknown.
    GaveUp {
        /// Which budget, or the search's own reason (its words are its `Display`).
        reason: GaveUp,
        /// What the search did.
        stats: Stats,
    },
    /// The progress callback asked to stop.
    Cancelled {
        /// What the search did.
        stats: Stats,
    },
}

impl<M, S> Outcome<M, S> {
    /// What the search did, however it ended, to add to (a search run in turn after another).
    pub fn stats_mut(&mut self) -> &mut Stats {
        match self {
            Outcome::Solved { stats, .. }
            | Outcome::NoSolution { stats }
            | Outcome::GaveUp { stats, .. }
            | Outcome::Cancelled { stats } => stats,
        }
    }

    /// What the search did, however it ended.
    pub fn stats(&self) -> &Stats {
        match self {
            Outcome::Solved { stats, .. }
            | Outcome::NoSolution { stats }
            | Outcome::GaveUp { stats, .. }
            | Outcome::Cancelled { stats } => stats,
        }
    }

    /// Number of moves of a solution, if there is one.
    pub fn length(&self) -> Option<usize> {
        match self {
            Outcome::Solved { moves, .. } => Some(moves.len()),
            _ => None,
        }
    }
}

/// One of several parts of a search split across processes that share no memory (the page's
/// Workers): every part lists the top of the search tree alike and searches the
/// subtrees [`Part::takes`], so that the parts' answers together are the whole search's (see
/// [`cover::cover_part`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Part {
    /// This part's number, from 0.
    pub index: usize,
    /// How many parts the search is split into.
    pub of: usize,
}

impl Part {
    /// Most parts a search is split into.
    pub const MOST: usize = 64;

    /// The part as asked for, or a sentence saying why there is no such part.
    pub fn checked(self) -> Result<Part, String> {
        if self.of == 0 || self.of > Part::MOST || self.index >= self.of {
            return Err(format!(
                "a search cannot be split into part {} of {} (at most {} parts)",
                self.index + 1,
                self.of,
                Part::MOST
            ));
        }
        Ok(self)
    }

    /// Whether the `n`th listed subtree (or cover found above them) belongs to this part: its
    /// number hashed (splitmix64) modulo the parts. Dealing the subtrees out in turn would be
    /// simpler, but neighbouring subtrees differ in size in step with the branching above them,
    /// and on 6x10 one of two parts then got 57% of the nodes; hashed, 51%.
    pub fn takes(self, n: usize) -> bool {
        let mut x = (n as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^= x >> 31;
        (x % self.of as u64) as usize == self.index
    }

    /// Whether the `n`th of `total` listed subtrees lies in this part's run of them, the parts
    /// holding consecutive runs in order. For a search whose answer is the first goal in the
    /// listing's order (IDA*'s last bound), where a part handed out after the goal's need not
    /// search at all, and one searching past it can be stopped: hashed shares
    /// ([`Part::takes`]) each reach to the end of the listing, so every part would search on
    /// past the goal.
    pub fn holds(self, n: usize, total: usize) -> bool {
        n * self.of / total.max(1) == self.index
    }
}

/// The search methods a user can pick.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// Let the puzzle choose from what it knows ([`Knowledge::auto`]).
    #[default]
    Auto,
    /// Breadth-first search: fewest moves.
    Bfs,
    /// A*: least cost, guided by the puzzle's lower bound.
    Astar,
    /// IDA*: A*'s answer in depth-first passes of growing bound, in little memory.
    Idastar,
    /// Depth-first search: a solution, not the shortest.
    Dfs,
    /// Bidirectional breadth-first search, from the start and the goal at once.
    Bidir,
    /// Best-first: A* with the bound counted several times over, which finds long solutions
    /// of hard puzzles fast and proves nothing about their length.
    Greedy,
}

impl Method {
    /// Every method, `Auto` first.
    pub const ALL: [Method; 7] =
        [Method::Auto, Method::Bfs, Method::Astar, Method::Idastar, Method::Dfs, Method::Bidir, Method::Greedy];

    /// The method's name on the command line and in messages (`idastar`).
    pub fn name(self) -> &'static str {
        match self {
            Method::Auto => "auto",
            Method::Bfs => "bfs",
            Method::Astar => "astar",
            Method::Idastar => "idastar",
            Method::Dfs => "dfs",
            Method::Bidir => "bidir",
            Method::Greedy => "greedy",
        }
    }

    /// The method named `name` ([`Method::name`], any case).
    pub fn parse(name: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.name().eq_ignore_ascii_case(name.trim()))
    }

    /// The method's name for people ("IDA*").
    pub fn title(self) -> &'static str {
        match self {
            Method::Auto => "automatic",
            Method::Bfs => "breadth-first search",
            Method::Astar => "A*",
            Method::Idastar => "IDA*",
            Method::Dfs => "depth-first search",
            Method::Bidir => "bidirectional search",
            Method::Greedy => "best-first search",
        }
    }

    /// Whether a solution found by this method is guaranteed to be of least cost
    /// (given an admissible heuristic for A* and IDA*).
    pub fn is_optimal(self) -> bool {
        !matches!(self, Method::Dfs | Method::Greedy)
    }
}

/// What a puzzle knows about its own search space, from which `auto` picks a method.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Knowledge {
    /// How good the puzzle's lower bound is.
    pub heuristic: Heuristic,
    /// The goal is one explicit position whose moves can be run backwards (bidirectional search).
    pub explicit_goal: bool,
}

/// How good a puzzle's lower bound on the cost still to pay is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Heuristic {
    /// None (zero everywhere).
    #[default]
    None,
    /// Admissible and informative enough that A* expands far fewer states than breadth-first
    /// search (measured per family).
    Admissible,
    /// Strong enough that IDA*, which stores nothing, beats any stored search: pattern databases
    /// on permutation puzzles, where the space is too large to store anyway.
    Strong,
}

impl Knowledge {
    /// The fastest method that is still optimal, as ARCHITECTURE.md states the rule: IDA* with a strong
    /// heuristic, A* with an admissible one, bidirectional BFS towards an explicit goal, else BFS.
    pub fn auto(self) -> Method {
        match (self.heuristic, self.explicit_goal) {
            (Heuristic::Strong, _) => Method::Idastar,
            (Heuristic::Admissible, _) => Method::Astar,
            (Heuristic::None, true) => Method::Bidir,
            (Heuristic::None, false) => Method::Bfs,
        }
    }
}

/// Rebuilds the moves along a path of states by asking the space again which move leads from each
/// state to the next. This keeps the searches from storing a move per state. None when the space
/// answers differently the second time and links no pair (a script whose calls began to fail:
/// its own error, or its time limit passed meanwhile); never a panic.
pub(crate) fn moves_along<S: Space>(space: &S, states: &[S::State]) -> Option<(Vec<S::Move>, u64)> {
    let mut moves = Vec::with_capacity(states.len().saturating_sub(1));
    let mut cost = 0u64;
    let mut successors = Vec::new();
    for pair in states.windows(2) {
        successors.clear();
        space.successors(&pair[0], &mut successors);
        let best =
            successors.drain(..).filter(|(_, next, _)| *next == pair[1]).min_by_key(|(_, _, step_cost)| *step_cost)?;
        cost += u64::from(best.2);
        moves.push(best.0);
    }
    Some((moves, cost))
}

/// Memory a search holds for `stored` states beyond its store's own: the space's
/// ([`Space::bytes`]) and the heap each stored state owns ([`Space::heap_each`]).
pub(crate) fn held_beside<S: Space>(space: &S, stored: usize) -> u64 {
    space.bytes() + stored as u64 * space.heap_each()
}

/// Puts the moves from `state` into `out` (emptied first); false for a dead end, which has none.
pub(crate) fn expand<S: Space>(space: &S, state: &S::State, out: &mut Vec<(S::Move, S::State, u32)>) -> bool {
    out.clear();
    if space.is_dead(state) {
        return false;
    }
    space.successors(state, out);
    true
}

/// The outcome for a path of states from the start to a goal.
/// A path the space does not retrace is no answer: the search gives up.
pub(crate) fn solution<S: Space>(
    space: &S,
    states: Vec<S::State>,
    mut meter: meter::Meter<'_>,
) -> Outcome<S::Move, S::State> {
    let Some((moves, cost)) = moves_along(space, &states) else {
        return Outcome::GaveUp {
            reason: GaveUp::other("the rules did not retrace the path they found"),
            stats: meter.finish(),
        };
    };
    meter.stats.depth = moves.len() as u64;
    Outcome::Solved { moves, states, cost, stats: meter.finish() }
}

/// The outcome for a goal found in a store: the path to it through the parent indices.
pub(crate) fn solution_in<S: Space>(
    space: &S,
    store: &store::Store<S::State>,
    goal: u32,
    mut meter: meter::Meter<'_>,
) -> Outcome<S::Move, S::State> {
    meter.stats.stored = store.len() as u64;
    meter.stats.bytes = meter.stats.bytes.max(store.bytes());
    solution(space, store.path_to(goal), meter)
}

#[cfg(test)]
pub(crate) mod testing {
    //! Small graphs for testing every search method.
    use super::*;

    /// A directed graph given as adjacency lists with costs; node 0 is the start.
    pub struct Graph {
        pub edges: Vec<Vec<(usize, u32)>>,
        pub goals: Vec<usize>,
        pub heuristic: Vec<u32>,
    }

    impl Graph {
        pub fn new(edges: Vec<Vec<(usize, u32)>>, goals: Vec<usize>) -> Graph {
            let heuristic = vec![0; edges.len()];
            Graph { edges, goals, heuristic }
        }
    }

    impl Space for Graph {
        type State = usize;
        type Move = (usize, usize);
        fn start(&self) -> usize {
            0
        }
        fn successors(&self, s: &usize, out: &mut Vec<((usize, usize), usize, u32)>) {
            for &(next, cost) in &self.edges[*s] {
                out.push(((*s, next), next, cost));
            }
        }
        fn is_goal(&self, s: &usize) -> bool {
            self.goals.contains(s)
        }
        fn heuristic(&self, s: &usize) -> u32 {
            self.heuristic[*s]
        }
    }

    impl Reversible for Graph {
        fn goal_state(&self) -> Option<usize> {
            (self.goals.len() == 1).then(|| self.goals[0])
        }
        fn predecessors(&self, s: &usize, out: &mut Vec<((usize, usize), usize, u32)>) {
            for (from, edges) in self.edges.iter().enumerate() {
                for &(to, cost) in edges {
                    if to == *s {
                        out.push(((from, to), from, cost));
                    }
                }
            }
        }
    }

    /// A random directed graph of `n` states, each with up to four moves (some one way only,
    /// so dead ends too): wide enough for several batches of a spread search.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn random_graph(n: usize, goals: Vec<usize>) -> Graph {
        let mut random = crate::random::SplitMix::new(16);
        let edges = (0..n).map(|_| (0..random.below(5)).map(|_| (random.below(n), 1)).collect()).collect();
        Graph::new(edges, goals)
    }

    /// A line 0 - 1 - 2 - ... - (n-1) with edges both ways.
    pub fn line(n: usize, goal: usize) -> Graph {
        let edges = (0..n)
            .map(|i| {
                let mut e = Vec::new();
                if i > 0 {
                    e.push((i - 1, 1));
                }
                if i + 1 < n {
                    e.push((i + 1, 1));
                }
                e
            })
            .collect();
        Graph::new(edges, vec![goal])
    }

    /// A diamond with a short and a long way round: 0->1->4, 0->2->3->4.
    pub fn diamond() -> Graph {
        Graph::new(vec![vec![(2, 1), (1, 1)], vec![(4, 1)], vec![(3, 1)], vec![(4, 1)], vec![]], vec![4])
    }

    /// An infinite chain: state n leads to n+1; the goal is never reached.
    pub struct Endless;
    impl Space for Endless {
        type State = u64;
        type Move = ();
        fn start(&self) -> u64 {
            0
        }
        fn successors(&self, s: &u64, out: &mut Vec<((), u64, u32)>) {
            out.push(((), s + 1, 1));
        }
        fn is_goal(&self, _: &u64) -> bool {
            false
        }
    }

    pub fn quiet(_: &Stats) -> Flow {
        Flow::Continue
    }

    pub fn solved_path<M: Clone, S: Clone>(o: &Outcome<M, S>) -> (Vec<S>, u64) {
        match o {
            Outcome::Solved { states, cost, .. } => (states.clone(), *cost),
            _ => panic!("expected a solution"),
        }
    }
}
