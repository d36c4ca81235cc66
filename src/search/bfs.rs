//! Breadth-first search: least moves when every move costs the same.

use super::meter::{Halt, Meter};
#[cfg(not(target_arch = "wasm32"))]
use super::spread::{GoalTest, Spread, SPREAD_FROM};
use super::store::{Store, NO_PARENT};
use super::{expand, held_beside, solution_in, Budget, Flow, Outcome, Space, Stats};

/// Breadth-first search from the space's start: the fewest moves to a goal (every move costing
/// the same), each distinct state stored once, so `budget.max_states` bounds its memory.
/// `on_progress` hears from it now and then and may cancel it.
///
/// ```
/// use puzzlelab::search::{bfs, Budget, Flow, Outcome, Space};
///
/// /// From 1, reach 100 by adding one or doubling (each move costs 1).
/// struct Double;
/// impl Space for Double {
///     type State = u32;
///     type Move = char;
///     fn start(&self) -> u32 { 1 }
///     fn successors(&self, &n: &u32, out: &mut Vec<(char, u32, u32)>) {
///         for (label, next) in [('+', n + 1), ('*', n * 2)] {
///             if next <= 100 {
///                 out.push((label, next, 1));
///             }
///         }
///     }
///     fn is_goal(&self, &n: &u32) -> bool { n == 100 }
/// }
///
/// let outcome = bfs(&Double, &Budget::default(), &mut |_| Flow::Continue);
/// let Outcome::Solved { moves, states, .. } = outcome else { panic!("100 can be reached") };
/// assert_eq!(moves.iter().collect::<String>(), "++***+**");
/// assert_eq!(states, [1, 2, 3, 6, 12, 24, 25, 50, 100]);
/// ```
pub fn bfs<S: Space>(
    space: &S,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let mut meter = Meter::new(budget, on_progress);
    let mut walk = Walk::new(space);
    let step = walk.run(space, &mut meter, usize::MAX);
    walk.finish(space, step, meter)
}

/// The one-thread loop: the store, the next state to expand, and where the current level ends.
struct Walk<T> {
    store: Store<T>,
    head: u32,
    level_end: u32,
    depth: u64,
}

/// Where [`Walk::run`] stopped.
enum Step {
    /// A goal was stored (or the start is one).
    Goal(u32),
    /// Every state is expanded.
    Done,
    /// As many states as asked are stored.
    Paused,
}

impl<T: Clone + Eq + std::hash::Hash> Walk<T> {
    fn new<S: Space<State = T>>(space: &S) -> Self {
        let mut store = Store::new();
        let _ = store.insert(space.start(), NO_PARENT);
        Walk { store, head: 0, level_end: 1, depth: 0 }
    }

    /// Expands states until a goal is stored, every state is expanded or `until` are stored.
    fn run<S: Space<State = T>>(&mut self, space: &S, meter: &mut Meter<'_>, until: usize) -> Result<Step, Halt> {
        if self.head == 0 && space.is_goal(self.store.state(0)) {
            return Ok(Step::Goal(0));
        }
        let mut successors = Vec::new();
        while (self.head as usize) < self.store.len() {
            if self.store.len() >= until {
                return Ok(Step::Paused);
            }
            if self.head == self.level_end {
                self.depth += 1;
                self.level_end = self.store.len() as u32;
            }
            meter.explore_at(
                self.store.len(),
                self.store.len() - self.head as usize,
                self.depth,
                self.store.bytes() + held_beside(space, self.store.len()),
            )?;
            expand(space, self.store.state(self.head), &mut successors);
            for (_, next, _) in successors.drain(..) {
                let stored = match space.number(&next) {
                    Some(number) => self.store.insert_numbered(next, number, self.head),
                    None => self.store.insert(next, self.head),
                };
                if let Ok(index) = stored {
                    if space.is_goal(self.store.state(index)) {
                        return Ok(Step::Goal(index));
                    }
                }
            }
            self.head += 1;
        }
        Ok(Step::Done)
    }

    /// The outcome of a run that did not pause.
    fn finish<S: Space<State = T>>(
        self,
        space: &S,
        step: Result<Step, Halt>,
        mut meter: Meter<'_>,
    ) -> Outcome<S::Move, T> {
        match step {
            Ok(Step::Goal(index)) => solution_in(space, &self.store, index, meter),
            Ok(_) => {
                meter.stats.stored = self.store.len() as u64;
                meter.stats.frontier = 0;
                meter.stats.bytes = self.store.bytes();
                Outcome::NoSolution { stats: meter.finish() }
            }
            Err(halt) => meter.end(halt),
        }
    }
}

/// [`bfs`] on `threads` threads once the store holds `SPREAD_FROM` states
/// (`search::spread`): the same states numbered alike, so the same path and the same counts
/// as on one thread.
///
/// ```
/// # use puzzlelab::search::{bfs, bfs_spread, Budget, Flow, Outcome, Space};
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
/// // `Double`: from 1, reach 100 by adding one or doubling ([`bfs`]'s example).
/// let path = |outcome| match outcome {
///     Outcome::Solved { states, .. } => states,
///     _ => panic!("100 can be reached"),
/// };
/// let one = path(bfs(&Double, &Budget::default(), &mut |_| Flow::Continue));
/// for threads in [1, 2, 3] {
///     assert_eq!(path(bfs_spread(&Double, &Budget::default(), threads, &mut |_| Flow::Continue)), one);
/// }
/// ```
#[cfg(not(target_arch = "wasm32"))]
pub fn bfs_spread<S>(
    space: &S,
    budget: &Budget,
    threads: usize,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State>
where
    S: Space + Sync,
    S::State: Send + Sync,
{
    let mut meter = Meter::new(budget, on_progress);
    let mut walk = Walk::new(space);
    let step = walk.run(space, &mut meter, if threads > 1 { SPREAD_FROM } else { usize::MAX });
    if !matches!(step, Ok(Step::Paused)) {
        return walk.finish(space, step, meter);
    }
    let (head, mut level_end, mut depth) = (walk.head as usize, walk.level_end as usize, walk.depth);
    let mut spread = match Spread::resume(walk.store, head, threads, GoalTest::Stored) {
        Ok(spread) => spread,
        Err(store) => {
            walk.store = store;
            let step = walk.run(space, &mut meter, usize::MAX);
            return walk.finish(space, step, meter);
        }
    };
    while !spread.is_done() {
        let found = spread.next_batch(space, |at| {
            if at.index == level_end {
                depth += 1;
                level_end = at.stored;
            }
            meter
                .explore_at(at.stored, at.stored - at.index, depth, at.bytes + held_beside(space, at.stored))
                .map_err(Err)?;
            // The first new goal, as the one-thread loop tests each state it stores.
            at.successors.iter().find(|next| next.new && next.goal).map_or(Ok(()), |next| Err(Ok(next.index)))
        });
        match found {
            Ok(()) => {}
            Err(Ok(goal)) => return solution_in(space, &spread.into_store(goal as usize + 1), goal, meter),
            Err(Err(halt)) => return meter.end(halt),
        }
    }
    meter.stats.stored = spread.len() as u64;
    meter.stats.frontier = 0;
    Outcome::NoSolution { stats: meter.finish() }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;
    use crate::search::GaveUp;

    #[test]
    fn finds_the_shortest_path() {
        let o = bfs(&diamond(), &Budget::default(), &mut quiet);
        assert_eq!(solved_path(&o), (vec![0, 1, 4], 2));
        let o = bfs(&line(10, 7), &Budget::default(), &mut quiet);
        assert_eq!(o.length(), Some(7));
    }

    #[test]
    fn start_that_is_a_goal_needs_no_moves() {
        let o = bfs(&line(3, 0), &Budget::default(), &mut quiet);
        assert_eq!(solved_path(&o), (vec![0], 0));
    }

    #[test]
    fn exhausting_the_space_is_no_solution() {
        let mut g = line(5, 0);
        g.goals = vec![99];
        match bfs(&g, &Budget::default(), &mut quiet) {
            Outcome::NoSolution { stats } => {
                assert_eq!(stats.stored, 5);
                assert_eq!(stats.explored, 5);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_state_budget_gives_up() {
        let budget = Budget { max_states: 1000, ..Budget::default() };
        match bfs(&Endless, &budget, &mut quiet) {
            Outcome::GaveUp { reason, stats } => {
                assert_eq!(reason, GaveUp::States(1000));
                assert_eq!(reason.to_string(), "gave up after 1000 states (the state limit)");
                assert_eq!(stats.stored, 1001);
            }
            other => panic!("{other:?}"),
        }
    }

    /// The heap each state owns ([`Space::heap_each`]) is counted once for each state kept, not
    /// for the repeats a search is handed and drops: 600 KB holds a little under 600 states of
    /// 1 KB each, though every state is handed out five times.
    #[test]
    fn memory_counts_the_heap_of_the_states_kept() {
        struct Heavy;
        impl Space for Heavy {
            type State = u64;
            type Move = ();
            fn start(&self) -> u64 {
                0
            }
            fn successors(&self, &s: &u64, out: &mut Vec<((), u64, u32)>) {
                out.push(((), s + 1, 1));
                out.extend((0..4).map(|_| ((), s.saturating_sub(1), 1)));
            }
            fn is_goal(&self, _: &u64) -> bool {
                false
            }
            fn heap_each(&self) -> u64 {
                1024
            }
        }
        let budget = Budget { max_bytes: 600 * 1024, report_every: 1, ..Budget::default() };
        let held = |outcome: Outcome<(), u64>| match outcome {
            Outcome::GaveUp { reason: GaveUp::Memory { .. }, stats } => stats.stored,
            other => panic!("{other:?}"),
        };
        assert!((500..600).contains(&held(bfs(&Heavy, &budget, &mut quiet))));
        #[cfg(not(target_arch = "wasm32"))]
        for threads in [1, 2, 3] {
            let stored = held(bfs_spread(&Heavy, &budget, threads, &mut quiet));
            assert!((500..600).contains(&stored), "{threads} threads: {stored}");
        }
    }

    #[test]
    fn a_time_budget_gives_up() {
        let budget =
            Budget { time_limit: Some(std::time::Duration::from_millis(1)), report_every: 64, ..Budget::default() };
        match bfs(&Endless, &budget, &mut |_: &Stats| {
            std::thread::sleep(std::time::Duration::from_millis(2));
            Flow::Continue
        }) {
            Outcome::GaveUp { reason, .. } => assert!(matches!(reason, GaveUp::Time { .. }), "{reason}"),
            other => panic!("{other:?}"),
        }
    }

    /// A space whose every expansion takes 5 ms (a slow script): the time limit of 300 ms must
    /// hold although the default report interval is 16,384 expansions (80 s of them here), and
    /// progress (which is also how Cancel is heard) must come about every 100 ms.
    #[test]
    fn slow_expansions_still_meet_the_time_limit() {
        struct Slow;
        impl Space for Slow {
            type State = u64;
            type Move = ();
            fn start(&self) -> u64 {
                0
            }
            fn successors(&self, s: &u64, out: &mut Vec<((), u64, u32)>) {
                std::thread::sleep(std::time::Duration::from_millis(5));
                out.push(((), s + 1, 1));
            }
            fn is_goal(&self, _: &u64) -> bool {
                false
            }
        }
        let budget = Budget { time_limit: Some(std::time::Duration::from_millis(300)), ..Budget::default() };
        let mut reports = 0;
        match bfs(&Slow, &budget, &mut |_: &Stats| {
            reports += 1;
            Flow::Continue
        }) {
            // 60 expansions fit in the limit; the clock is read often enough to stop soon after.
            Outcome::GaveUp { reason, stats } => {
                assert!(matches!(reason, GaveUp::Time { .. }), "{reason}");
                assert!(stats.explored < 150, "{}", stats.explored);
            }
            other => panic!("{other:?}"),
        }
        assert!(reports >= 2, "{reports} progress reports while slow expansions ran");
    }

    #[test]
    fn progress_can_cancel() {
        let budget = Budget { report_every: 100, ..Budget::default() };
        let mut reports = 0;
        let outcome = bfs(&Endless, &budget, &mut |stats: &Stats| {
            reports += 1;
            assert_eq!(stats.explored, reports * 100);
            if reports == 3 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        });
        match outcome {
            Outcome::Cancelled { stats } => assert_eq!(stats.explored, 300),
            other => panic!("{other:?}"),
        }
    }

    /// On 1, 2 and 3 threads: the same path, the same states counted, the same end when there
    /// is no goal or a budget runs out (a random graph of 200,000 states: the spread search takes
    /// over from the one-thread loop at 65,536 and runs several batches).
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn spread_over_threads_the_answer_is_the_same() {
        let summary = |o: Outcome<(usize, usize), usize>| match o {
            Outcome::Solved { moves, stats, .. } => (format!("solved {moves:?}"), stats.explored, stats.stored),
            Outcome::NoSolution { stats } => ("no solution".to_string(), stats.explored, stats.stored),
            Outcome::GaveUp { reason, stats } => (reason.to_string(), stats.explored, stats.stored),
            Outcome::Cancelled { stats } => ("cancelled".to_string(), stats.explored, stats.stored),
        };
        let n = 200_000;
        // The states in the order breadth-first search stores them, to pick goals at known places.
        let all = random_graph(n, vec![]);
        let mut order = vec![0usize];
        let mut seen = vec![false; n];
        seen[0] = true;
        let mut head = 0;
        while head < order.len() {
            for &(next, _) in &all.edges[order[head]] {
                if !std::mem::replace(&mut seen[next], true) {
                    order.push(next);
                }
            }
            head += 1;
        }
        assert!(order.len() > 150_000, "{}", order.len());
        let cases = [vec![order[1_000]], vec![order[100_000], order[140_000]], vec![order[order.len() - 1]], vec![]];
        for goals in cases {
            let graph = random_graph(n, goals.clone());
            for budget in [Budget::default(), Budget { max_states: 120_000, ..Budget::default() }] {
                let one = summary(bfs(&graph, &budget, &mut quiet));
                for threads in [1, 2, 3] {
                    assert_eq!(
                        summary(bfs_spread(&graph, &budget, threads, &mut quiet)),
                        one,
                        "{goals:?}, {threads} threads"
                    );
                }
            }
        }
        // A line of 100,000 states (a maze's corridor): past the hand-over every batch holds one
        // state, which the calling thread expands itself (the same answer, without the pool).
        let corridor = line(100_000, 99_999);
        let one = summary(bfs(&corridor, &Budget::default(), &mut quiet));
        assert_eq!((one.1, one.2), (99_999, 100_000));
        for threads in [2, 3] {
            assert_eq!(
                summary(bfs_spread(&corridor, &Budget::default(), threads, &mut quiet)),
                one,
                "{threads} threads"
            );
        }
    }
}

#[cfg(test)]
mod retracing {
    use super::*;
    use crate::search::testing::Graph;
    use crate::search::GaveUp;
    use std::cell::Cell;

    /// A space whose successors stop after `calls` (a script whose calls begin to fail, at its
    /// own error or its time limit): a path found, then not retraced.
    struct Failing {
        graph: Graph,
        calls: Cell<usize>,
    }

    impl Space for Failing {
        type State = usize;
        type Move = (usize, usize);
        fn start(&self) -> usize {
            0
        }
        fn successors(&self, s: &usize, out: &mut Vec<((usize, usize), usize, u32)>) {
            if self.calls.get() > 0 {
                self.calls.set(self.calls.get() - 1);
                self.graph.successors(s, out);
            }
        }
        fn is_goal(&self, s: &usize) -> bool {
            self.graph.is_goal(s)
        }
    }

    /// The search gives up rather than claim, or panic on, a path it cannot retrace; Analyse
    /// leaves out the moves it cannot retrace.
    #[test]
    fn a_path_the_space_does_not_retrace_is_no_answer() {
        let line = || Graph::new(vec![vec![(1, 1)], vec![(2, 1)], vec![(3, 1)], vec![]], vec![3]);
        let failing = Failing { graph: line(), calls: Cell::new(3) };
        match bfs(&failing, &Budget::default(), &mut |_| Flow::Continue) {
            Outcome::GaveUp { reason, .. } => {
                assert_eq!(reason, GaveUp::other("the rules did not retrace the path they found"))
            }
            other => panic!("{:?}", other.stats()),
        }
        let whole = Failing { graph: line(), calls: Cell::new(usize::MAX) };
        assert!(matches!(bfs(&whole, &Budget::default(), &mut |_| Flow::Continue), Outcome::Solved { cost: 3, .. }));
        let failing = Failing { graph: line(), calls: Cell::new(4) };
        match crate::search::analyse(&failing, &Budget::default(), &mut |_| Flow::Continue) {
            crate::search::analyse::Analysed::Done(analysis) => {
                assert!(analysis.shortest.is_some_and(|s| s.moves.is_empty()))
            }
            _ => panic!("the analysis ends"),
        }
    }
}
