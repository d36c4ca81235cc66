//! Depth-first search with a depth limit: finds *a* solution quickly and uses little time per
//! state, but the solution is not the shortest. Results say so (see `Method::is_optimal`).

use super::meter::Meter;
use super::store::{Store, NO_PARENT};
use super::{expand, held_beside, solution_in, Budget, Flow, GaveUp, Outcome, Space, Stats};

/// Depth-first search to `max_depth` moves: a solution quickly, not the shortest. A state met
/// again by a shorter route is searched again, so the limit hides no solution within it.
///
/// ```
/// # use puzzlelab::search::{dfs, Budget, Flow, GaveUp, Outcome, Space};
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
/// // `Double`: from 1, reach 100 by adding one or doubling (8 moves at the fewest).
/// let outcome = dfs(&Double, 99, &Budget::default(), &mut |_| Flow::Continue);
/// let Outcome::Solved { states, .. } = outcome else { panic!("100 is within 99 moves") };
/// assert_eq!(states.last(), Some(&100));
/// assert!(states.len() - 1 > 8);
/// // Within 7 moves there is none, and the search says that its limit, not the space, ended it.
/// let outcome = dfs(&Double, 7, &Budget::default(), &mut |_| Flow::Continue);
/// assert!(matches!(outcome, Outcome::GaveUp { reason: GaveUp::Depth { max_depth: 7, .. }, .. }));
/// ```
pub fn dfs<S: Space>(
    space: &S,
    max_depth: u64,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let mut meter = Meter::new(budget, on_progress);
    let mut store = Store::new();
    // Depth at which each stored state was last reached: reaching it shallower explores it again,
    // so the depth limit never hides a solution that a shallower route could reach.
    let mut depth_of: Vec<u64> = vec![0];
    let _ = store.insert(space.start(), NO_PARENT);
    let mut stack: Vec<(u32, u64)> = vec![(0, 0)];
    let mut successors = Vec::new();
    let mut cut_by_depth = false;
    while let Some((index, depth)) = stack.pop() {
        if depth > depth_of[index as usize] {
            continue;
        }
        let state = store.state(index).clone();
        if space.is_goal(&state) {
            return solution_in(space, &store, index, meter);
        }
        if depth >= max_depth {
            cut_by_depth = true;
            continue;
        }
        let bytes =
            store.bytes() + held_beside(space, store.len()) + (depth_of.capacity() * 8 + stack.capacity() * 16) as u64;
        if let Err(halt) = meter.explore_at(store.len(), stack.len(), depth, bytes) {
            return meter.end(halt);
        }
        expand(space, &state, &mut successors);
        // Pushed in reverse so the first move is tried first.
        for (_, next, _) in successors.drain(..).rev() {
            match store.insert(next, index) {
                Ok(new) => {
                    depth_of.push(depth + 1);
                    stack.push((new, depth + 1));
                }
                Err(old) if depth + 1 < depth_of[old as usize] => {
                    depth_of[old as usize] = depth + 1;
                    store.set_parent(old, index);
                    stack.push((old, depth + 1));
                }
                Err(_) => {}
            }
        }
    }
    meter.stats.stored = store.len() as u64;
    let stats = meter.finish();
    if cut_by_depth {
        Outcome::GaveUp { reason: GaveUp::Depth { states: stats.stored, max_depth }, stats }
    } else {
        Outcome::NoSolution { stats }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::*;

    #[test]
    fn finds_a_valid_path() {
        let (states, cost) = solved_path(&dfs(&diamond(), 100, &Budget::default(), &mut quiet));
        // The first edge listed from 0 goes to 2: DFS follows it and finds the longer way.
        assert_eq!(states, vec![0, 2, 3, 4]);
        assert_eq!(cost, 3);
    }

    #[test]
    fn depth_limit_is_reported_not_hidden() {
        let o = dfs(&line(10, 9), 5, &Budget::default(), &mut quiet);
        assert!(matches!(o, Outcome::GaveUp { reason: GaveUp::Depth { .. }, .. }), "{o:?}");
        let mut g = line(4, 0);
        g.goals = vec![];
        assert!(matches!(dfs(&g, 100, &Budget::default(), &mut quiet), Outcome::NoSolution { .. }));
    }

    #[test]
    fn shallower_route_reopens_a_state() {
        // 0->1->2->3->4 (goal) and 0->5->3. The long way is tried first and reaches 3 at depth 3,
        // where the limit of 3 stops it; the way through 5 must reopen 3 at depth 2.
        let g = Graph::new(
            vec![vec![(1, 1), (5, 1)], vec![(2, 1)], vec![(3, 1)], vec![(4, 1)], vec![], vec![(3, 1)]],
            vec![4],
        );
        let (states, _) = solved_path(&dfs(&g, 3, &Budget::default(), &mut quiet));
        assert_eq!(states, vec![0, 5, 3, 4]);
    }
}
