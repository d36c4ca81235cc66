//! Bidirectional breadth-first search, for spaces whose goal is one explicit state: two searches
//! of half the depth each usually store far fewer states than one of the full depth.

use super::meter::Meter;
use super::store::{Store, NO_PARENT};
use super::{held_beside, solution, Budget, Flow, GaveUp, Outcome, Reversible, Stats};

/// Bidirectional breadth-first search: one search forward from the start and one backward from
/// the goal state ([`Reversible`]), a level at a time on the smaller side, until they meet. The
/// fewest moves, with about the square root of the states one search would store.
///
/// ```
/// # use puzzlelab::search::{bidir, Budget, Flow, Reversible, Space};
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
/// // `Double`: from 1, reach 100 by adding one or doubling; backwards, subtract one or halve.
/// impl Reversible for Double {
///     fn goal_state(&self) -> Option<u32> { Some(100) }
///     fn predecessors(&self, &n: &u32, out: &mut Vec<(char, u32, u32)>) {
///         if n > 1 {
///             out.push(('+', n - 1, 1));
///         }
///         if n % 2 == 0 {
///             out.push(('*', n / 2, 1));
///         }
///     }
/// }
///
/// let outcome = bidir(&Double, &Budget::default(), &mut |_| Flow::Continue);
/// assert_eq!(outcome.length(), Some(8));
/// ```
pub fn bidir<S: Reversible>(
    space: &S,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let Some(goal) = space.goal_state() else {
        let stats = Stats::default();
        return Outcome::GaveUp { reason: GaveUp::other("bidirectional search needs one explicit goal state"), stats };
    };
    let mut meter = Meter::new(budget, on_progress);
    let mut sides = [Side::new(space.start()), Side::new(goal)];
    if sides[0].store.find(sides[1].store.state(0)).is_some() {
        let states = vec![space.start()];
        return Outcome::Solved { moves: vec![], states, cost: 0, stats: meter.finish() };
    }
    let mut neighbours = Vec::new();
    loop {
        // Grow the side with the smaller frontier by one whole layer.
        let grow = if sides[0].frontier() <= sides[1].frontier() { 0 } else { 1 };
        if sides[grow].frontier() == 0 {
            meter.stats = sides_stats_of(space, &sides[0], &sides[1], meter.stats);
            return Outcome::NoSolution { stats: meter.finish() };
        }
        let (this, other) = if grow == 0 {
            let (a, b) = sides.split_at_mut(1);
            (&mut a[0], &b[0])
        } else {
            let (a, b) = sides.split_at_mut(1);
            (&mut b[0], &a[0])
        };
        let layer_end = this.store.len() as u32;
        // Best meeting in this layer: (total depth, index on this side, index on the other).
        let mut best: Option<(u64, u32, u32)> = None;
        while this.head < layer_end {
            let state = this.store.state(this.head).clone();
            neighbours.clear();
            if grow == 0 {
                space.successors(&state, &mut neighbours);
            } else {
                space.predecessors(&state, &mut neighbours);
            }
            for (_, next, _) in neighbours.drain(..) {
                if let Ok(index) = this.store.insert(next, this.head) {
                    this.depth.push(this.depth[this.head as usize] + 1);
                    if let Some(there) = other.store.find(this.store.state(index)) {
                        let total = this.depth[index as usize] + other.depth[there as usize];
                        if best.is_none_or(|(b, _, _)| total < b) {
                            best = Some((total, index, there));
                        }
                    }
                }
            }
            this.head += 1;
            meter.stats = sides_stats_of(space, this, other, meter.stats);
            if let Err(halt) = meter.explore() {
                return meter.end(halt);
            }
        }
        if let Some((_, here, there)) = best {
            let (forward_end, backward_end) = if grow == 0 { (here, there) } else { (there, here) };
            let mut states = sides[0].store.path_to(forward_end);
            let mut back = sides[1].store.path_to(backward_end);
            back.reverse();
            states.extend(back.into_iter().skip(1));
            return solution(space, states, meter);
        }
    }
}

struct Side<T> {
    store: Store<T>,
    depth: Vec<u64>,
    head: u32,
}

impl<T: Eq + std::hash::Hash> Side<T> {
    fn new(root: T) -> Self {
        let mut store = Store::new();
        let _ = store.insert(root, NO_PARENT);
        Side { store, depth: vec![0], head: 0 }
    }

    fn frontier(&self) -> u64 {
        self.store.len() as u64 - u64::from(self.head)
    }

    fn bytes(&self) -> u64 {
        self.store.bytes() + self.depth.capacity() as u64 * 8
    }
}

/// The two sides' figures, their memory with the space's and each stored state's heap
/// ([`held_beside`]).
fn sides_stats_of<S: Reversible>(space: &S, a: &Side<S::State>, b: &Side<S::State>, mut stats: Stats) -> Stats {
    let stored = a.store.len() + b.store.len();
    stats.stored = stored as u64;
    stats.frontier = a.frontier() + b.frontier();
    stats.bytes = a.bytes() + b.bytes() + held_beside(space, stored);
    let deepest = |s: &Side<S::State>| s.depth.last().copied().unwrap_or(0);
    stats.depth = deepest(a) + deepest(b);
    stats
}

#[cfg(test)]
mod tests {
    use super::super::testing::*;
    use super::super::{bfs, Space};
    use super::*;

    #[test]
    fn meets_in_the_middle_with_the_optimum() {
        for n in 2..12 {
            for goal in 0..n {
                let g = line(n, goal);
                let o = bidir(&g, &Budget::default(), &mut quiet);
                let (states, cost) = solved_path(&o);
                assert_eq!(cost, goal as u64);
                assert_eq!(states, (0..=goal).collect::<Vec<_>>());
            }
        }
        assert_eq!(solved_path(&bidir(&diamond(), &Budget::default(), &mut quiet)), (vec![0, 1, 4], 2));
    }

    /// Each stored state's heap ([`Space::heap_each`]) counts against the memory budget, on both
    /// sides: 600 KB holds a little under 600 states of 1 KB each on a line too long to meet on.
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
                out.extend([s.saturating_sub(1), s + 1].map(|next| ((), next, 1)));
            }
            fn is_goal(&self, &s: &u64) -> bool {
                s == 1 << 40
            }
            fn heap_each(&self) -> u64 {
                1024
            }
        }
        impl Reversible for Heavy {
            fn goal_state(&self) -> Option<u64> {
                Some(1 << 40)
            }
            fn predecessors(&self, s: &u64, out: &mut Vec<((), u64, u32)>) {
                self.successors(s, out);
            }
        }
        let budget = Budget { max_bytes: 600 * 1024, report_every: 1, ..Budget::default() };
        match bidir(&Heavy, &budget, &mut quiet) {
            Outcome::GaveUp { reason: GaveUp::Memory { .. }, stats } => {
                assert!((500..600).contains(&stats.stored), "{stats:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn agrees_with_bfs_on_a_grid() {
        // A 7x7 grid with some blocked nodes; goal in the far corner.
        let n = 7;
        let blocked = [8, 9, 10, 11, 12, 22, 23, 24, 25, 26, 36, 37, 38, 39, 40];
        let edges = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let mut e = Vec::new();
                if blocked.contains(&i) {
                    return e;
                }
                for (dr, dc) in [(0i32, 1i32), (1, 0), (0, -1), (-1, 0)] {
                    let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                    if nr >= 0 && nc >= 0 && (nr as usize) < n && (nc as usize) < n {
                        let j = nr as usize * n + nc as usize;
                        if !blocked.contains(&j) {
                            e.push((j, 1));
                        }
                    }
                }
                e
            })
            .collect();
        let g = Graph::new(edges, vec![n * n - 1]);
        let from_bfs = bfs(&g, &Budget::default(), &mut quiet).length();
        let from_bidir = bidir(&g, &Budget::default(), &mut quiet).length();
        assert_eq!(from_bfs, from_bidir);
        assert_eq!(from_bfs, Some(12));
    }

    #[test]
    fn disconnected_goal_is_no_solution() {
        let g = Graph::new(vec![vec![(1, 1)], vec![(0, 1)], vec![]], vec![2]);
        assert!(matches!(bidir(&g, &Budget::default(), &mut quiet), Outcome::NoSolution { .. }));
    }
}
