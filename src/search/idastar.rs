//! IDA*: iterative deepening on f = g + h. Memory grows with the path only, so it reaches depths
//! where a stored search would run out of memory; it pays for that by expanding states again.

use super::meter::{Halt, Meter};
use super::{solution, Budget, Flow, Outcome, Space, Stats};

/// IDA*: depth-first searches bounded by cost so far plus [`Space::heuristic`], the bound
/// raised to the least value that passed it, until a goal is within it. The answer is shortest
/// when the heuristic never overestimates; memory is only the path.
///
/// ```
/// # use puzzlelab::search::{idastar, Budget, Flow, Outcome, Space};
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
/// #     fn heuristic(&self, &n: &u32) -> u32 { 100u32.ilog2() - n.ilog2() }
/// # }
/// // `Double`: from 1, reach 100 by adding one or doubling; its heuristic counts the doublings
/// // still needed at the least.
/// let outcome = idastar(&Double, &Budget::default(), &mut |_| Flow::Continue);
/// let Outcome::Solved { states, cost, .. } = outcome else { panic!("100 can be reached") };
/// assert_eq!((cost, states.last()), (8, Some(&100)));
/// ```
pub fn idastar<S: Space>(
    space: &S,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let mut meter = Meter::new(budget, on_progress);
    let start = space.start();
    let mut bound = u64::from(space.heuristic(&start));
    let mut path = vec![start];
    // One buffer of successors per depth, reused across iterations.
    let mut buffers: Vec<Successors<S>> = Vec::new();
    loop {
        meter.stats.depth = bound;
        match deepen(space, &mut path, &mut buffers, 0, bound, &mut meter) {
            Ok(Step::Found) => return solution(space, path, meter),
            Ok(Step::Exceeded(next)) if next == u64::MAX => {
                return Outcome::NoSolution { stats: meter.finish() };
            }
            Ok(Step::Exceeded(next)) => bound = next,
            Err(halt) => return meter.end(halt),
        }
    }
}

/// The moves out of one state on the path: (move, next state, cost).
type Successors<S> = Vec<(<S as Space>::Move, <S as Space>::State, u32)>;

enum Step {
    Found,
    /// Smallest f beyond the bound seen (u64::MAX: nothing beyond).
    Exceeded(u64),
}

fn deepen<S: Space>(
    space: &S,
    path: &mut Vec<S::State>,
    buffers: &mut Vec<Successors<S>>,
    cost: u64,
    bound: u64,
    meter: &mut Meter<'_>,
) -> Result<Step, Halt> {
    let depth = path.len() - 1;
    let state = &path[depth];
    let f = cost + u64::from(space.heuristic(state));
    if f > bound {
        return Ok(Step::Exceeded(f));
    }
    if space.is_goal(state) {
        return Ok(Step::Found);
    }
    meter.stats.frontier = path.len() as u64;
    meter.explore()?;
    meter.expansion_budget()?;
    if space.is_dead(state) {
        return Ok(Step::Exceeded(u64::MAX));
    }
    if buffers.len() <= depth {
        buffers.resize_with(depth + 1, Vec::new);
    }
    let mut successors = std::mem::take(&mut buffers[depth]);
    successors.clear();
    space.successors(state, &mut successors);
    let full_check = space.needs_cycle_check();
    let mut next_bound = u64::MAX;
    let mut result = Ok(Step::Exceeded(u64::MAX));
    for (_, next, step) in successors.drain(..) {
        // Undoing the last move never helps. Longer circles only cost time, but a path that may
        // circle never ends, so the search could not prove that there is no solution; spaces
        // that know that beforehand (the N-puzzle's parity) skip the costly test.
        let undo = depth > 0 && path[depth - 1] == next;
        if undo || ((step == 0 || full_check) && path.contains(&next)) {
            continue;
        }
        path.push(next);
        match deepen(space, path, buffers, cost + u64::from(step), bound, meter) {
            Ok(Step::Found) => {
                result = Ok(Step::Found);
                break;
            }
            Ok(Step::Exceeded(f)) => next_bound = next_bound.min(f),
            Err(halt) => {
                result = Err(halt);
                break;
            }
        }
        path.pop();
    }
    buffers[depth] = successors;
    match result {
        Ok(Step::Exceeded(_)) => Ok(Step::Exceeded(next_bound)),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn finds_the_optimum() {
        assert_eq!(solved_path(&idastar(&diamond(), &Budget::default(), &mut quiet)), (vec![0, 1, 4], 2));
        let g = Graph::new(vec![vec![(1, 5), (2, 1)], vec![(3, 1)], vec![(4, 1)], vec![], vec![(3, 1)]], vec![3]);
        assert_eq!(solved_path(&idastar(&g, &Budget::default(), &mut quiet)).1, 3);
    }

    #[test]
    fn exhausts_finite_spaces() {
        let mut g = line(6, 0);
        g.goals = vec![];
        assert!(matches!(idastar(&g, &Budget::default(), &mut quiet), Outcome::NoSolution { .. }));
    }

    #[test]
    fn gives_up_on_endless_spaces() {
        let budget = Budget { max_expansions: 500, ..Budget::default() };
        match idastar(&Endless, &budget, &mut quiet) {
            Outcome::GaveUp { reason, .. } => assert!(reason.contains("500 states"), "{reason}"),
            other => panic!("{other:?}"),
        }
    }
}
