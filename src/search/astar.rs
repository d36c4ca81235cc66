//! A*: least cost with an admissible heuristic (with a zero heuristic it is Dijkstra's algorithm).

use super::meter::Meter;
use super::store::{Store, NO_PARENT};
use super::{expand, held_beside, solution_in, Budget, Flow, Outcome, Space, Stats};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A*: the least total cost to a goal, expanding states in order of cost so far plus
/// [`Space::heuristic`], which must never overestimate (with a zero heuristic this is Dijkstra's
/// algorithm). A consistent heuristic means each state is expanded once.
///
/// ```
/// use puzzlelab::search::{astar, Budget, Flow, Outcome, Space};
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
///     /// Every move at most doubles, so at least this many are left: admissible.
///     fn heuristic(&self, &n: &u32) -> u32 { 100u32.ilog2() - n.ilog2() }
/// }
///
/// let outcome = astar(&Double, &Budget::default(), &mut |_| Flow::Continue);
/// let Outcome::Solved { states, cost, .. } = outcome else { panic!("100 can be reached") };
/// assert_eq!((cost, states.last()), (8, Some(&100)));
/// ```
pub fn astar<S: Space>(
    space: &S,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    astar_weighted(space, 1, budget, on_progress)
}

/// Weighted A*: states in order of cost so far plus `weight` times the heuristic. With weight 1
/// this is [`astar`]; above 1 it heads for the goal and its solution may cost more than the
/// least (at most `weight` times, for a consistent heuristic), which is what a hard puzzle
/// whose least cost is out of reach needs.
pub fn astar_weighted<S: Space>(
    space: &S,
    weight: u32,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let weight = u64::from(weight.max(1));
    let mut meter = Meter::new(budget, on_progress);
    let mut store = Store::new();
    let mut best_cost: Vec<u64> = Vec::new();
    // Ordered by f, then by larger g (deeper first breaks ties towards the goal), then index.
    let mut open: BinaryHeap<Reverse<(u64, Reverse<u64>, u32)>> = BinaryHeap::new();
    let start = space.start();
    let h = weight * u64::from(space.heuristic(&start));
    let _ = store.insert(start, NO_PARENT);
    best_cost.push(0);
    open.push(Reverse((h, Reverse(0), 0)));
    let mut successors = Vec::new();
    while let Some(Reverse((f, Reverse(g), index))) = open.pop() {
        if g > best_cost[index as usize] {
            continue; // a stale entry: this state was reached more cheaply since
        }
        let state = store.state(index).clone();
        if space.is_goal(&state) {
            return solution_in(space, &store, index, meter);
        }
        let bytes =
            store.bytes() + held_beside(space, store.len()) + (best_cost.capacity() * 8 + open.capacity() * 24) as u64;
        if let Err(halt) = meter.explore_at(store.len(), open.len(), f, bytes) {
            return meter.end(halt);
        }
        expand(space, &state, &mut successors);
        for (_, next, step) in successors.drain(..) {
            let cost = g + u64::from(step);
            // The bound is computed only for states that enter the queue: most successors are
            // states already stored at no greater cost.
            match store.insert(next, index) {
                Ok(new) => {
                    best_cost.push(cost);
                    let h = weight * u64::from(space.heuristic(store.state(new)));
                    open.push(Reverse((cost + h, Reverse(cost), new)));
                }
                Err(old) if cost < best_cost[old as usize] => {
                    best_cost[old as usize] = cost;
                    store.set_parent(old, index);
                    let h = weight * u64::from(space.heuristic(store.state(old)));
                    open.push(Reverse((cost + h, Reverse(cost), old)));
                }
                Err(_) => {}
            }
        }
    }
    meter.stats.stored = store.len() as u64;
    meter.stats.frontier = 0;
    Outcome::NoSolution { stats: meter.finish() }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn honours_costs() {
        // 0->1 (cost 5) ->3, 0->2 (1) ->4 (1) ->3 (1): the cheap way has more moves.
        let g = Graph::new(vec![vec![(1, 5), (2, 1)], vec![(3, 1)], vec![(4, 1)], vec![], vec![(3, 1)]], vec![3]);
        let o = astar(&g, &Budget::default(), &mut quiet);
        assert_eq!(solved_path(&o), (vec![0, 2, 4, 3], 3));
    }

    #[test]
    fn heuristic_still_gives_optimum() {
        let mut g = line(20, 15);
        g.heuristic = (0..20).map(|i: u32| 15u32.abs_diff(i)).collect();
        let o = astar(&g, &Budget::default(), &mut quiet);
        assert_eq!(o.length(), Some(15));
        // A perfect heuristic walks straight there.
        assert!(o.stats().explored <= 16, "{:?}", o.stats());
    }

    #[test]
    fn weighted_heads_for_the_goal_and_may_pay_more() {
        // 0->1->2->3 costs 3; 0->4->3 costs 4 but its bound says 1 at 4, 3 at 1.
        let mut g = Graph::new(vec![vec![(1, 1), (4, 2)], vec![(2, 1)], vec![(3, 1)], vec![], vec![(3, 2)]], vec![3]);
        g.heuristic = vec![3, 2, 1, 0, 1];
        assert_eq!(solved_path(&astar(&g, &Budget::default(), &mut quiet)), (vec![0, 1, 2, 3], 3));
        assert_eq!(solved_path(&astar_weighted(&g, 5, &Budget::default(), &mut quiet)), (vec![0, 4, 3], 4));
    }

    #[test]
    fn no_solution_and_budget() {
        let mut g = diamond();
        g.goals = vec![];
        assert!(matches!(astar(&g, &Budget::default(), &mut quiet), Outcome::NoSolution { .. }));
        let budget = Budget { max_states: 50, ..Budget::default() };
        assert!(matches!(astar(&Endless, &budget, &mut quiet), Outcome::GaveUp { .. }));
    }
}
