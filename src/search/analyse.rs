//! Analyse: the whole space reachable from the start, explored once and then read several
//! ways. Breadth-first exploration stores every position and the moves between them; a
//! second breadth-first pass runs backwards from every solved position over those moves. From the
//! two distances come the figures a puzzle designer asks for: positions, solved ones, dead ends
//! (no solution reachable any more), positions per distance from the start, the number of
//! distinct shortest solutions and the choice left at each of their steps, and the hardest start
//! (the position whose shortest solution is longest). The backward pass uses the moves as they
//! were found, so it is exact whether or not moves can be undone.

use super::meter::{Halt, Meter};
use super::store::{Store, NO_PARENT};
use super::{expand, held_beside, moves_along, Budget, Flow, GaveUp, Space, Stats};
use num_bigint::BigUint;

/// Not reached: no solved position can be reached from here.
const UNREACHED: u32 = u32::MAX;

/// What Analyse found about a space.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis<M, S> {
    /// Positions reachable from the start (the start included).
    pub positions: u64,
    /// Of those, positions that are solved.
    pub solved: u64,
    /// Positions from which no solved position can be reached.
    pub dead_ends: u64,
    /// Positions per distance from the start (index 0: the start).
    pub histogram: Vec<u64>,
    /// The shortest solutions, when the start has one.
    pub shortest: Option<Shortest<M, S>>,
    /// The position whose shortest solution is longest, when any position has a solution.
    pub hardest: Option<Hardest<M, S>>,
    /// The whole graph, for a picture, when it has at most [`GRAPH_POSITIONS`] positions.
    pub graph: Option<StateGraph<M, S>>,
    /// What the exploration did.
    pub stats: Stats,
}

/// Spaces up to this many positions come with their graph (a picture stays readable).
pub const GRAPH_POSITIONS: usize = 3000;

/// Every position and move of a small space, positions in breadth-first order from the start.
#[derive(Debug, Clone, PartialEq)]
pub struct StateGraph<M, S> {
    /// The positions, in breadth-first order from the start (the start first).
    pub states: Vec<S>,
    /// The position each was first reached from (`u32::MAX` for the start), and by which move.
    pub parent: Vec<u32>,
    /// The move that first reached each (None for the start).
    pub step: Vec<Option<M>>,
    /// Distance from the start.
    pub level: Vec<u32>,
    /// Which positions are solved.
    pub solved: Vec<bool>,
    /// Every pair of positions a move joins, once, the smaller index first.
    pub edges: Vec<(u32, u32)>,
    /// The positions of the shortest solution shown, from the start.
    pub path: Vec<u32>,
}

/// The shortest solutions from the start.
#[derive(Debug, Clone, PartialEq)]
pub struct Shortest<M, S> {
    /// One of them (the first in the order moves are generated), and its positions from the start.
    pub moves: Vec<M>,
    /// The start, then the position after each move.
    pub states: Vec<S>,
    /// How many distinct move sequences are shortest solutions.
    pub count: BigUint,
    /// At each step of `moves`, how many moves keep the solution shortest (1: the only move).
    pub choices: Vec<u32>,
}

/// The hardest start among the reachable positions.
#[derive(Debug, Clone, PartialEq)]
pub struct Hardest<M, S> {
    /// Moves from the start to it (the fewest), and the positions along them.
    pub moves: Vec<M>,
    /// The start, then the position after each move.
    pub states: Vec<S>,
    /// The length of its shortest solution.
    pub distance: u32,
    /// How many positions need that many moves.
    pub count: u64,
}

/// How an analysis ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Analysed<M, S> {
    /// Every reachable position explored.
    Done(Box<Analysis<M, S>>),
    /// A budget ran out first.
    GaveUp {
        /// Which budget.
        reason: GaveUp,
        /// What the exploration did.
        stats: Stats,
    },
    /// The progress callback asked to stop.
    Cancelled {
        /// What the exploration did.
        stats: Stats,
    },
}

/// Explores every position reachable from the start and reads the whole space: how many
/// positions, how many are solved, the dead ends, positions per distance, the shortest solutions
/// (and how many there are) and the hardest position. Every move is counted as one (Analyse
/// counts moves, whatever a move costs to a search).
///
/// ```
/// # use puzzlelab::search::{analyse, Analysed, Budget, Flow, Space};
/// # struct Double;
/// # impl Space for Double {
/// #     type State = u32;
/// #     type Move = char;
/// #     fn start(&self) -> u32 { 1 }
/// #     fn successors(&self, &n: &u32, out: &mut Vec<(char, u32, u32)>) {
/// #         for (label, next) in [('+', n + 1), ('*', n * 2)] {
/// #             if next <= 100 {
/// #                 out.push((label, next, 1));
/// #             }
/// #         }
/// #     }
/// #     fn is_goal(&self, &n: &u32) -> bool { n == 100 }
/// # }
/// // `Double`: from 1, reach 100 by adding one or doubling (never past 100).
/// let Analysed::Done(analysis) = analyse(&Double, &Budget::default(), &mut |_| Flow::Continue) else { panic!() };
/// assert_eq!((analysis.positions, analysis.solved, analysis.dead_ends), (100, 1, 0));
/// let shortest = analysis.shortest.unwrap();
/// assert_eq!((shortest.moves.len(), shortest.count.to_string()), (8, "2".to_string()));
/// // The hardest position is 51: doubling would pass 100, so it takes 49 additions.
/// let hardest = analysis.hardest.unwrap();
/// assert_eq!((hardest.states.last(), hardest.distance), (Some(&51), 49));
/// ```
pub fn analyse<S: Space>(
    space: &S,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Analysed<S::Move, S::State> {
    let mut meter = Meter::new(budget, on_progress);
    let explored = explore(space, &mut meter);
    read(space, explored, meter)
}

/// [`analyse`] with the exploration spread over `threads` threads: exactly the same figures,
/// positions numbered alike (see `spread::explore`).
#[cfg(not(target_arch = "wasm32"))]
pub fn analyse_spread<S>(
    space: &S,
    budget: &Budget,
    threads: usize,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Analysed<S::Move, S::State>
where
    S: Space + Sync,
    S::State: Send + Sync,
{
    let mut meter = Meter::new(budget, on_progress);
    let explored = spread::explore(space, &mut meter, threads);
    read(space, explored, meter)
}

/// The figures of an explored space.
fn read<S: Space>(
    space: &S,
    explored: Result<Explored<S::State>, Halt>,
    mut meter: Meter<'_>,
) -> Analysed<S::Move, S::State> {
    let graph = match explored {
        Ok(graph) => graph,
        Err(halt) => {
            let stats = meter.finish();
            return match halt {
                Halt::GaveUp(reason) => Analysed::GaveUp { reason, stats },
                Halt::Cancelled => Analysed::Cancelled { stats },
            };
        }
    };
    let to_goal = graph.distances_to_goal();
    let positions = graph.level.len();
    let mut histogram = vec![0u64; graph.level.iter().max().map_or(0, |&d| d as usize + 1)];
    for &d in &graph.level {
        histogram[d as usize] += 1;
    }
    let solvable = to_goal[0] != UNREACHED;
    let (shortest_path, choices) = if solvable { graph.one_shortest(&to_goal) } else { (Vec::new(), Vec::new()) };
    let shortest = solvable.then(|| {
        let states: Vec<S::State> = shortest_path.iter().map(|&i| graph.store.state(i).clone()).collect();
        Shortest {
            moves: moves_along(space, &states).map(|(moves, _)| moves).unwrap_or_default(),
            states,
            count: graph.count_shortest(&to_goal),
            choices,
        }
    });
    let hardest = to_goal.iter().copied().filter(|&d| d != UNREACHED).max().map(|distance| {
        // The first in breadth-first order: the fewest moves from the start.
        let index = to_goal.iter().position(|&d| d == distance).unwrap_or(0) as u32;
        let states = graph.store.path_to(index);
        Hardest {
            moves: moves_along(space, &states).map(|(moves, _)| moves).unwrap_or_default(),
            states,
            distance,
            count: to_goal.iter().filter(|&&d| d == distance).count() as u64,
        }
    });
    let picture = (positions <= GRAPH_POSITIONS).then(|| graph.picture(space, shortest_path));
    meter.stats.stored = positions as u64;
    meter.stats.frontier = 0;
    meter.stats.done = 1.0;
    Analysed::Done(Box::new(Analysis {
        positions: positions as u64,
        solved: graph.goal.iter().filter(|&&g| g).count() as u64,
        dead_ends: to_goal.iter().filter(|&&d| d == UNREACHED).count() as u64,
        histogram,
        shortest,
        hardest,
        graph: picture,
        stats: meter.finish(),
    }))
}

/// The explored space: positions in breadth-first order (with the parent that first reached
/// each), their distance from the start, whether each is solved, and the moves as a list of
/// targets per position (`targets[offsets[i]..offsets[i + 1]]`, one entry per move).
struct Explored<T> {
    store: Store<T>,
    level: Vec<u32>,
    goal: Vec<bool>,
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

fn explore<S: Space>(space: &S, meter: &mut Meter<'_>) -> Result<Explored<S::State>, Halt> {
    let mut graph = Explored::new(space.start());
    explore_until(space, meter, &mut graph, usize::MAX)?;
    Ok(graph)
}

/// Explores `graph` on until every position is expanded or `until` are stored.
fn explore_until<S: Space>(
    space: &S,
    meter: &mut Meter<'_>,
    graph: &mut Explored<S::State>,
    until: usize,
) -> Result<(), Halt> {
    let mut successors = Vec::new();
    while graph.goal.len() < graph.store.len() && graph.store.len() < until {
        let head = graph.goal.len();
        graph.meter(space, meter)?;
        let state = graph.store.state(head as u32).clone();
        // Solved positions are explored too: the space goes on past them.
        let goal = space.is_goal(&state);
        expand(space, &state, &mut successors);
        graph.add(goal, successors.drain(..).map(|(_, next, _)| next))?;
    }
    Ok(())
}

/// Exploration on several threads once [`SPREAD_FROM`] positions are stored ([`super::spread`]):
/// every position gets the number, parent and moves the one-thread loop gives it.
#[cfg(not(target_arch = "wasm32"))]
mod spread {
    use super::*;
    use crate::search::spread::{GoalTest, Spread, SPREAD_FROM};

    pub fn explore<S>(space: &S, meter: &mut Meter<'_>, threads: usize) -> Result<Explored<S::State>, Halt>
    where
        S: Space + Sync,
        S::State: Send + Sync,
    {
        let mut graph = Explored::new(space.start());
        explore_until(space, meter, &mut graph, if threads > 1 { SPREAD_FROM } else { usize::MAX })?;
        if graph.goal.len() == graph.store.len() {
            return Ok(graph);
        }
        let mut spread =
            match Spread::resume(std::mem::take(&mut graph.store), graph.goal.len(), threads, GoalTest::Expanded) {
                Ok(spread) => spread,
                Err(store) => {
                    graph.store = store;
                    explore_until(space, meter, &mut graph, usize::MAX)?;
                    return Ok(graph);
                }
            };
        while !spread.is_done() {
            spread.next_batch(space, |at| {
                meter.explore_at(
                    at.stored,
                    at.stored - at.index,
                    u64::from(graph.level[at.index]),
                    at.bytes + graph.bytes_beside(space),
                )?;
                graph.goal.push(at.goal);
                for next in at.successors {
                    if next.new {
                        graph.level.push(graph.level[at.index] + 1);
                    }
                    graph.targets.push(next.index);
                }
                if graph.targets.len() > u32::MAX as usize - 1 {
                    return Err(Halt::state_limit(at.stored as u64));
                }
                graph.offsets.push(graph.targets.len() as u32);
                Ok(())
            })?;
        }
        let positions = spread.len();
        graph.store = spread.into_store(positions);
        Ok(graph)
    }
}

impl<T: Clone + Eq + std::hash::Hash> Explored<T> {
    fn new(start: T) -> Self {
        let mut graph =
            Explored { store: Store::new(), level: vec![0], goal: Vec::new(), offsets: vec![0], targets: Vec::new() };
        let _ = graph.store.insert(start, NO_PARENT);
        graph
    }

    /// Reports the next expansion to the meter (the positions expanded so far are `goal.len()`).
    fn meter<S: Space<State = T>>(&self, space: &S, meter: &mut Meter<'_>) -> Result<(), Halt> {
        let head = self.goal.len();
        meter.explore_at(
            self.store.len(),
            self.store.len() - head,
            u64::from(self.level[head]),
            self.store.bytes() + self.bytes_beside(space),
        )
    }

    /// Memory held besides the stored states and their index: the space's, and the moves.
    fn bytes_beside<S: Space<State = T>>(&self, space: &S) -> u64 {
        held_beside(space, self.store.len())
            + 4 * (self.level.capacity() + self.offsets.capacity() + self.targets.capacity()) as u64
            + self.goal.capacity() as u64
    }

    /// Adds the next position's expansion: whether it is solved, and its successors in move
    /// order, each stored unless it already is.
    fn add(&mut self, goal: bool, successors: impl Iterator<Item = T>) -> Result<(), Halt> {
        let head = self.goal.len();
        self.goal.push(goal);
        for next in successors {
            let index = match self.store.insert(next, head as u32) {
                Ok(new) => {
                    self.level.push(self.level[head] + 1);
                    new
                }
                Err(known) => known,
            };
            self.targets.push(index);
        }
        if self.targets.len() > u32::MAX as usize - 1 {
            return Err(Halt::state_limit(self.store.len() as u64));
        }
        self.offsets.push(self.targets.len() as u32);
        Ok(())
    }

    fn moves_from(&self, i: usize) -> &[u32] {
        &self.targets[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// Each position's fewest moves to a solved position (UNREACHED when there is none): a
    /// breadth-first pass from every solved position along the moves run backwards.
    fn distances_to_goal(&self) -> Vec<u32> {
        let n = self.level.len();
        // The moves reversed, as lists of sources per target (a counting sort of the move list).
        let mut starts = vec![0u32; n + 1];
        for &t in &self.targets {
            starts[t as usize + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut filled = starts.clone();
        let mut sources = vec![0u32; self.targets.len()];
        for from in 0..n {
            for &to in self.moves_from(from) {
                sources[filled[to as usize] as usize] = from as u32;
                filled[to as usize] += 1;
            }
        }
        let mut distance = vec![UNREACHED; n];
        let mut queue: Vec<u32> = (0..n as u32).filter(|&i| self.goal[i as usize]).collect();
        for &g in &queue {
            distance[g as usize] = 0;
        }
        let mut head = 0;
        while head < queue.len() {
            let to = queue[head] as usize;
            head += 1;
            for &from in &sources[starts[to] as usize..starts[to + 1] as usize] {
                if distance[from as usize] == UNREACHED {
                    distance[from as usize] = distance[to] + 1;
                    queue.push(from);
                }
            }
        }
        distance
    }

    /// The graph as it is drawn: positions, how each was first reached, and the moves as pairs.
    fn picture<S: Space<State = T>>(&self, space: &S, path: Vec<u32>) -> StateGraph<S::Move, T> {
        let n = self.level.len();
        let states: Vec<T> = (0..n as u32).map(|i| self.store.state(i).clone()).collect();
        let parent: Vec<u32> = (0..n as u32).map(|i| self.store.parent(i)).collect();
        let step = (0..n)
            .map(|i| {
                (parent[i] != NO_PARENT)
                    .then(|| moves_along(space, &[states[parent[i] as usize].clone(), states[i].clone()])?.0.pop())
                    .flatten()
            })
            .collect();
        let mut edges = Vec::new();
        for from in 0..n as u32 {
            for &to in self.moves_from(from as usize).iter().filter(|&&to| to != from) {
                edges.push((from.min(to), from.max(to)));
            }
        }
        edges.sort_unstable();
        edges.dedup();
        StateGraph { states, parent, step, level: self.level.clone(), solved: self.goal.clone(), edges, path }
    }

    /// One shortest solution (positions from the start) and, at each step, how many moves keep
    /// it shortest.
    fn one_shortest(&self, to_goal: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let mut path = vec![0u32];
        let mut choices = Vec::new();
        let mut at = 0usize;
        while to_goal[at] > 0 {
            let on_course = |&&t: &&u32| to_goal[t as usize] == to_goal[at] - 1;
            choices.push(self.moves_from(at).iter().filter(on_course).count() as u32);
            let Some(&next) = self.moves_from(at).iter().find(on_course) else { break };
            path.push(next);
            at = next as usize;
        }
        (path, choices)
    }

    /// The number of distinct move sequences that solve from the start in the fewest moves:
    /// counted forwards over the moves that bring a solution one step nearer, in breadth-first
    /// order (so each position's count is complete before it is passed on). In 128 bits, and
    /// again exactly when that overflows.
    fn count_shortest(&self, to_goal: &[u32]) -> BigUint {
        match self.count_paths::<u128>(to_goal, |a, b| a.checked_add(*b)) {
            Some(count) => BigUint::from(count),
            None => self.count_paths::<BigUint>(to_goal, |a, b| Some(a + b)).unwrap_or_default(),
        }
    }

    fn count_paths<N: Clone + From<u8>>(&self, to_goal: &[u32], add: impl Fn(&N, &N) -> Option<N>) -> Option<N> {
        let length = to_goal[0];
        let mut count: Vec<N> = vec![N::from(0); self.level.len()];
        count[0] = N::from(1);
        let mut total = N::from(0);
        for v in 0..self.level.len() {
            if self.level[v].checked_add(to_goal[v]) != Some(length) {
                continue; // on no shortest solution
            }
            if to_goal[v] == 0 {
                total = add(&total, &count[v])?;
                continue;
            }
            for &w in self.moves_from(v) {
                if to_goal[w as usize] == to_goal[v] - 1 {
                    count[w as usize] = add(&count[w as usize], &count[v])?;
                }
            }
        }
        Some(total)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    fn done<M, S>(analysed: Analysed<M, S>) -> Analysis<M, S> {
        match analysed {
            Analysed::Done(analysis) => *analysis,
            _ => panic!("the analysis did not finish"),
        }
    }

    #[test]
    fn a_diamond_has_two_shortest_solutions_and_one_choice_point() {
        // 0 -> 1, 0 -> 2, 1 -> 4, 2 -> 4 (goal), and 3 hangs off 2 as a trap with no way on.
        let graph = Graph::new(vec![vec![(1, 1), (2, 1)], vec![(4, 1)], vec![(4, 1), (3, 1)], vec![], vec![]], vec![4]);
        let a = done(analyse(&graph, &Budget::default(), &mut quiet));
        assert_eq!((a.positions, a.solved, a.dead_ends), (5, 1, 1));
        assert_eq!(a.histogram, vec![1, 2, 2]);
        let shortest = a.shortest.unwrap();
        assert_eq!((shortest.moves.len(), shortest.count, shortest.choices), (2, BigUint::from(2u8), vec![2, 1]));
        let hardest = a.hardest.unwrap();
        assert_eq!((hardest.distance, hardest.count, hardest.moves.len()), (2, 1, 0), "the start is the hardest");
    }

    #[test]
    fn small_spaces_come_with_their_graph() {
        let graph = Graph::new(vec![vec![(1, 1), (2, 1)], vec![(4, 1)], vec![(4, 1), (3, 1)], vec![], vec![]], vec![4]);
        let picture = done(analyse(&graph, &Budget::default(), &mut quiet)).graph.unwrap();
        assert_eq!(picture.states, vec![0, 1, 2, 4, 3], "breadth-first order");
        assert_eq!(picture.parent, vec![u32::MAX, 0, 0, 1, 2]);
        assert_eq!(picture.step, vec![None, Some((0, 1)), Some((0, 2)), Some((1, 4)), Some((2, 3))]);
        assert_eq!(picture.edges, vec![(0, 1), (0, 2), (1, 3), (2, 3), (2, 4)]);
        assert_eq!(
            (picture.level, picture.solved, picture.path),
            (vec![0, 1, 1, 2, 2], vec![false, false, false, true, false], vec![0, 1, 3])
        );
    }

    #[test]
    fn a_line_counts_one_way_and_the_far_end_is_hardest_when_moves_go_both_ways() {
        // 0 <-> 1 <-> 2 <-> 3, goal 0, started at 0: the hardest start is 3, three moves away.
        let graph = line(4, 0);
        let a = done(analyse(&graph, &Budget::default(), &mut quiet));
        assert_eq!((a.positions, a.solved, a.dead_ends), (4, 1, 0));
        assert_eq!(a.shortest.unwrap().moves.len(), 0);
        let hardest = a.hardest.unwrap();
        assert_eq!((hardest.distance, hardest.count, hardest.moves.len()), (3, 1, 3));
    }

    #[test]
    fn counts_past_128_bits_are_exact() {
        // 140 diamonds in a row: 2^140 shortest solutions.
        let diamonds = 140;
        let mut edges = Vec::new();
        for d in 0..diamonds {
            let top = 3 * d;
            edges.push(vec![(top + 1, 1), (top + 2, 1)]);
            edges.push(vec![(top + 3, 1)]);
            edges.push(vec![(top + 3, 1)]);
        }
        edges.push(vec![]);
        let graph = Graph::new(edges, vec![3 * diamonds]);
        let a = done(analyse(&graph, &Budget::default(), &mut quiet));
        let shortest = a.shortest.unwrap();
        assert_eq!(shortest.count, BigUint::from(1u8) << 140);
        assert_eq!(shortest.choices.iter().filter(|&&c| c == 2).count(), diamonds);
    }

    #[test]
    fn unsolvable_spaces_are_all_dead_ends_and_budgets_end_the_exploration() {
        let graph = Graph::new(vec![vec![(1, 1)], vec![(0, 1)]], vec![]);
        let a = done(analyse(&graph, &Budget::default(), &mut quiet));
        assert_eq!((a.positions, a.dead_ends, a.shortest, a.hardest), (2, 2, None, None));
        let budget = Budget { max_states: 3, ..Budget::default() };
        assert!(matches!(analyse(&Endless, &budget, &mut quiet), Analysed::GaveUp { .. }));
        assert!(matches!(
            analyse(&Endless, &Budget::default(), &mut |_: &Stats| Flow::Stop),
            Analysed::Cancelled { .. }
        ));
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn spread_over_threads_the_figures_are_the_same() {
        let graph = random_graph(200_000, vec![7, 4_242, 31_337, 150_001]);
        let one = done(analyse(&graph, &Budget::default(), &mut quiet));
        // Past 65,536 positions, where the spread exploration takes over.
        assert!(
            one.positions > 150_000 && one.dead_ends > 1_000 && one.shortest.is_some(),
            "{} {}",
            one.positions,
            one.dead_ends
        );
        for threads in [1, 2, 3] {
            let spread = done(analyse_spread(&graph, &Budget::default(), threads, &mut quiet));
            assert_eq!(
                (spread.positions, spread.solved, spread.dead_ends),
                (one.positions, one.solved, one.dead_ends),
                "{threads} threads"
            );
            assert_eq!(
                (&spread.histogram, &spread.shortest, &spread.hardest),
                (&one.histogram, &one.shortest, &one.hardest),
                "{threads} threads"
            );
            assert_eq!(
                (spread.stats.explored, spread.stats.stored),
                (one.stats.explored, one.stats.stored),
                "{threads} threads"
            );
        }
        // A budget ends both at the same position, with the same words.
        let budget = Budget { max_states: 100_000, ..Budget::default() };
        let reason = |analysed: Analysed<_, _>| match analysed {
            Analysed::GaveUp { reason, stats } => (reason, stats.explored),
            _ => panic!("the budget did not end it"),
        };
        let one = reason(analyse(&graph, &budget, &mut quiet));
        for threads in [2, 3] {
            assert_eq!(reason(analyse_spread(&graph, &budget, threads, &mut quiet)), one, "{threads} threads");
        }
    }
}
