//! Breadth-first search: least moves when every move costs the same.

use super::meter::Meter;
use super::store::{Store, NO_PARENT};
use super::{expand, solution_in, Budget, Flow, Outcome, Space, Stats};

pub fn bfs<S: Space>(
    space: &S,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let mut meter = Meter::new(budget, on_progress);
    let mut store = Store::new();
    let start = space.start();
    let start_is_goal = space.is_goal(&start);
    let _ = store.insert(start, NO_PARENT);
    if start_is_goal {
        return solution_in(space, &store, 0, meter);
    }
    let mut successors = Vec::new();
    let mut head: u32 = 0;
    let mut level_end: u32 = 1;
    let mut depth = 0u64;
    while (head as usize) < store.len() {
        if head == level_end {
            depth += 1;
            level_end = store.len() as u32;
        }
        if let Err(halt) = meter.explore_at(store.len(), store.len() - head as usize, depth, store.bytes() + space.bytes()) {
            return meter.end(halt);
        }
        let state = store.state(head).clone();
        expand(space, &state, &mut successors);
        for (_, next, _) in successors.drain(..) {
            if let Ok(index) = store.insert(next, head) {
                if space.is_goal(store.state(index)) {
                    return solution_in(space, &store, index, meter);
                }
            }
        }
        head += 1;
    }
    meter.stats.stored = store.len() as u64;
    meter.stats.frontier = 0;
    meter.stats.bytes = store.bytes();
    Outcome::NoSolution { stats: meter.finish() }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

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
                assert!(reason.starts_with("gave up after 1000 states"), "{reason}");
                assert_eq!(stats.stored, 1001);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_time_budget_gives_up() {
        let budget = Budget { time_limit: Some(std::time::Duration::from_millis(1)), report_every: 64, ..Budget::default() };
        match bfs(&Endless, &budget, &mut |_: &Stats| {
            std::thread::sleep(std::time::Duration::from_millis(2));
            Flow::Continue
        }) {
            Outcome::GaveUp { reason, .. } => assert!(reason.contains("time limit"), "{reason}"),
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
                assert!(reason.contains("time limit"), "{reason}");
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
}
