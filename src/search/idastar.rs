//! IDA*: iterative deepening on f = g + h. Memory grows with the path only, so it reaches depths
//! where a stored search would run out of memory; it pays for that by expanding states again.

use super::meter::{Halt, Meter};
use super::{solution, Budget, Flow, Outcome, Part, Space, Stats};

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
        if is_circle(path, &next, step, full_check) {
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

/// Subtrees listed for each part of an iteration: enough that the parts' shares come out even.
/// Every part lists the same top in every iteration, and a script's expansion is costly, so
/// fewer than the tile search lists (256), whose expansions take nanoseconds.
const SUBTREES_PER_PART: usize = 16;

/// The deepest the top of the tree is listed, whatever the count of subtrees there.
const DEEPEST_TOP: usize = 64;

/// How one part of an IDA* iteration ended, besides its outcome ([`idastar_part`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Iteration {
    /// The bound searched.
    pub bound: u32,
    /// Solved: the number of the subtree, in the sequential walk's order, its goal lies in.
    pub first_at: Option<u64>,
    /// Not solved: the least cost past the bound in this part's share (None: nothing lies past
    /// it, so the part's share holds no solution at any bound).
    pub beyond: Option<u32>,
}

/// One entry of the top of the tree, in the sequential walk's order: the path from the start
/// to a subtree's root (and its cost), or to a goal met within the top itself.
enum Top<State> {
    Subtree(Vec<State>, u64),
    Goal(Vec<State>),
}

/// Part `part` of the IDA* iteration at `bound` (None: the first, at the start's heuristic),
/// for a search shared among processes that share no memory (the page's Workers). Every part
/// lists the top of the tree alike, and searches its run of subtrees ([`Part::holds`]) in the
/// sequential walk's order: Solved with its run's first goal, or NoSolution with the least
/// cost past the bound ([`Iteration::beyond`]). The whole iteration's answer is the goal of the
/// lowest-numbered subtree among the parts' (exactly [`idastar`]'s path), and its next bound the
/// least of theirs. With `until` (another part's goal lies in that subtree) no later subtree is
/// searched.
pub fn idastar_part<S: Space>(
    space: &S,
    part: Part,
    bound: Option<u32>,
    until: Option<u64>,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (Outcome<S::Move, S::State>, Iteration) {
    let mut meter = Meter::new(budget, on_progress);
    let start = space.start();
    let bound = bound.map_or_else(|| u64::from(space.heuristic(&start)), u64::from);
    meter.stats.depth = bound;
    let ended = Iteration { bound: narrow(bound), ..Iteration::default() };
    let (top, mut beyond) = match list_top(space, start, bound, part.of * SUBTREES_PER_PART, &mut meter) {
        Ok(listed) => listed,
        Err(halt) => return (meter.end(halt), ended),
    };
    let mut buffers = Vec::new();
    let before_until = |(index, _): &(usize, Top<S::State>)| until.is_none_or(|until| *index as u64 <= until);
    let total = top.len();
    for (index, entry) in
        top.into_iter().enumerate().take_while(before_until).filter(|(index, _)| part.holds(*index, total))
    {
        meter.stats.at = Some(index as u64);
        let solved = Iteration { first_at: Some(index as u64), ..ended };
        let (mut path, cost) = match entry {
            Top::Goal(path) => return (solution(space, path, meter), solved),
            Top::Subtree(path, cost) => (path, cost),
        };
        match deepen(space, &mut path, &mut buffers, cost, bound, &mut meter) {
            Ok(Step::Found) => return (solution(space, path, meter), solved),
            Ok(Step::Exceeded(next)) => beyond = beyond.min(next),
            Err(halt) => return (meter.end(halt), ended),
        }
    }
    let beyond = (beyond != u64::MAX).then(|| narrow(beyond));
    (Outcome::NoSolution { stats: meter.finish() }, Iteration { beyond, ..ended })
}

/// A cost as the protocol carries it.
fn narrow(cost: u64) -> u32 {
    u32::try_from(cost).unwrap_or(u32::MAX)
}

/// The top of the tree, and the least f beyond the bound met within it.
type Listed<State> = (Vec<Top<State>>, u64);

/// The top of the tree for `bound`, deep enough for about `wanted` subtrees (or the whole tree
/// when it is smaller), and the least f beyond the bound met within the top. It deepens a level
/// at a time, each subtree's root giving way to its children in its place, so the order stays
/// the sequential walk's and no state of the top is expanded twice.
fn list_top<S: Space>(
    space: &S,
    start: S::State,
    bound: u64,
    wanted: usize,
    meter: &mut Meter<'_>,
) -> Result<Listed<S::State>, Halt> {
    let mut top = Vec::new();
    let mut beyond = enter(space, vec![start], 0, bound, &mut top);
    let mut successors = Vec::new();
    for _ in 0..DEEPEST_TOP {
        let subtrees = top.iter().filter(|t| matches!(t, Top::Subtree(..))).count();
        if subtrees >= wanted || subtrees == 0 {
            break;
        }
        let mut deeper = Vec::with_capacity(top.len() * 3);
        for entry in top {
            let Top::Subtree(path, cost) = entry else {
                deeper.push(entry);
                continue;
            };
            meter.explore()?;
            meter.expansion_budget()?;
            let state = &path[path.len() - 1];
            if space.is_dead(state) {
                continue;
            }
            successors.clear();
            space.successors(state, &mut successors);
            let full_check = space.needs_cycle_check();
            for (_, next, step) in successors.drain(..) {
                if !is_circle(&path, &next, step, full_check) {
                    let mut longer = path.clone();
                    longer.push(next);
                    beyond = beyond.min(enter(space, longer, cost + u64::from(step), bound, &mut deeper));
                }
            }
        }
        top = deeper;
    }
    Ok((top, beyond))
}

/// Lists the state at the end of `path` as [`deepen`] would meet it: past the bound (its f,
/// returned), a goal, or a subtree to search.
fn enter<State>(
    space: &impl Space<State = State>,
    path: Vec<State>,
    cost: u64,
    bound: u64,
    top: &mut Vec<Top<State>>,
) -> u64 {
    let state = &path[path.len() - 1];
    let f = cost + u64::from(space.heuristic(state));
    if f > bound {
        return f;
    }
    top.push(if space.is_goal(state) { Top::Goal(path) } else { Top::Subtree(path, cost) });
    u64::MAX
}

/// Whether stepping to `next` from the end of `path` undoes the last move or, where the space
/// needs it (or the step costs nothing), comes back to a state on the path. Undoing the last
/// move never helps. Longer circles only cost time, but a path that may circle never ends, so
/// the search could not prove that there is no solution; spaces that know that beforehand (the
/// N-puzzle's parity) skip the costly test.
fn is_circle<State: PartialEq>(path: &[State], next: &State, step: u32, full_check: bool) -> bool {
    let depth = path.len() - 1;
    (depth > 0 && path[depth - 1] == *next) || ((step == 0 || full_check) && path.contains(next))
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

    /// The 8-puzzle, with the Manhattan distance: many shortest paths, so that which one a
    /// search finds first tells its order.
    struct Eight([u8; 9]);

    impl Space for Eight {
        type State = [u8; 9];
        type Move = u8;
        fn start(&self) -> [u8; 9] {
            self.0
        }
        fn successors(&self, tiles: &[u8; 9], out: &mut Vec<(u8, [u8; 9], u32)>) {
            let blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
            let (row, col) = (blank / 3, blank % 3);
            let near = [
                (row > 0, blank.wrapping_sub(3)),
                (row < 2, blank + 3),
                (col > 0, blank.wrapping_sub(1)),
                (col < 2, blank + 1),
            ];
            for (_, from) in near.into_iter().filter(|&(inside, _)| inside) {
                let mut next = *tiles;
                next.swap(blank, from);
                out.push((tiles[from], next, 1));
            }
        }
        fn is_goal(&self, tiles: &[u8; 9]) -> bool {
            *tiles == [1, 2, 3, 4, 5, 6, 7, 8, 0]
        }
        fn heuristic(&self, tiles: &[u8; 9]) -> u32 {
            let far = |(at, &tile): (usize, &u8)| {
                let home = usize::from(tile) - 1;
                ((at / 3).abs_diff(home / 3) + (at % 3).abs_diff(home % 3)) as u32
            };
            tiles.iter().enumerate().filter(|(_, &tile)| tile != 0).map(far).sum()
        }
    }

    /// Runs `of` parts bound by bound as the page does: the answer of the lowest subtree among
    /// the parts that found one, else the next bound, the least of theirs.
    fn in_parts<S: Space>(space: &S, of: usize) -> Option<Vec<S::State>> {
        let mut bound = None;
        loop {
            let ends: Vec<_> = (0..of)
                .map(|index| idastar_part(space, Part { index, of }, bound, None, &Budget::default(), &mut quiet))
                .collect();
            let found = ends.iter().filter_map(|(outcome, iteration)| match outcome {
                Outcome::Solved { states, .. } => Some((iteration.first_at, states.clone())),
                _ => None,
            });
            if let Some((_, states)) = found.min_by_key(|(at, _)| *at) {
                return Some(states);
            }
            bound = Some(ends.iter().filter_map(|(_, iteration)| iteration.beyond).min()?);
        }
    }

    /// With 1, 2 and 3 parts, bound by bound: exactly the sequential search's path, on 8-puzzles
    /// of 31 moves (one of the two hardest starts), 20 and 0.
    #[test]
    fn parts_bound_by_bound_give_the_sequential_path() {
        for start in [[8, 6, 7, 2, 5, 4, 3, 0, 1], [4, 1, 2, 0, 8, 7, 6, 3, 5], [1, 2, 3, 4, 5, 6, 7, 8, 0]] {
            let space = Eight(start);
            let whole = idastar(&space, &Budget::default(), &mut quiet);
            let (sequential, cost) = solved_path(&whole);
            assert_eq!(cost as usize, bfs_cost(&space), "{start:?}");
            for of in 1..=3 {
                assert_eq!(in_parts(&space, of), Some(sequential.clone()), "{start:?} in {of} parts");
            }
        }
    }

    /// The same on graphs with several goals and none.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn parts_bound_by_bound_on_graphs_give_the_sequential_path() {
        let graph = random_graph(400, vec![97, 203, 311]);
        let (sequential, _) = solved_path(&idastar(&graph, &Budget::default(), &mut quiet));
        let mut hopeless = random_graph(60, vec![]);
        hopeless.edges[0] = vec![(1, 1), (2, 1), (3, 1)];
        assert!(matches!(idastar(&hopeless, &Budget::default(), &mut quiet), Outcome::NoSolution { .. }));
        for of in 1..=3 {
            assert_eq!(in_parts(&graph, of), Some(sequential.clone()), "{of} parts");
            assert_eq!(in_parts(&hopeless, of), None, "no goal, {of} parts");
        }
    }

    /// A part past the subtree `until` names searches no further; a part says its bound, and
    /// the least cost past it when it found nothing.
    #[test]
    fn a_part_stops_at_another_parts_goal_and_says_its_bounds() {
        let space = Eight([4, 1, 2, 0, 8, 7, 6, 3, 5]);
        let (outcome, first) =
            idastar_part(&space, Part { index: 0, of: 1 }, None, None, &Budget::default(), &mut quiet);
        assert!(matches!(outcome, Outcome::NoSolution { .. }));
        let h = space.heuristic(&space.start());
        assert_eq!((first.bound, first.first_at), (h, None));
        assert!(first.beyond.is_some_and(|next| next > h), "{first:?}");
        let (outcome, settled) =
            idastar_part(&space, Part { index: 0, of: 1 }, Some(1000), Some(0), &Budget::default(), &mut quiet);
        assert!(matches!(outcome, Outcome::Solved { .. }), "subtree 0 holds a goal at a bound of 1000");
        assert_eq!(settled.first_at, Some(0));
        let other = Part { index: 1, of: 2 };
        let (outcome, none) = idastar_part(&space, other, Some(1000), Some(0), &Budget::default(), &mut quiet);
        assert!(matches!(outcome, Outcome::NoSolution { .. }) && none.beyond.is_none(), "{none:?}");
        let often = Budget { report_every: 10, ..Budget::default() };
        let (stopped, _) = idastar_part(&space, Part { index: 0, of: 2 }, Some(20), None, &often, &mut |_| Flow::Stop);
        assert!(matches!(stopped, Outcome::Cancelled { .. }));
    }

    /// The moves of a shortest solution, by breadth-first search.
    fn bfs_cost<S: Space>(space: &S) -> usize {
        match crate::search::bfs(space, &Budget::default(), &mut quiet) {
            Outcome::Solved { moves, .. } => moves.len(),
            _ => panic!("solvable"),
        }
    }

    #[test]
    fn gives_up_on_endless_spaces() {
        let budget = Budget { max_expansions: 500, ..Budget::default() };
        match idastar(&Endless, &budget, &mut quiet) {
            Outcome::GaveUp { reason, .. } => assert_eq!(reason, crate::search::GaveUp::States(500)),
            other => panic!("{other:?}"),
        }
    }
}
