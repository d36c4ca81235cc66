//! IDA* on tile spaces spread over several threads (native only: the page has no threads).
//!
//! Each iteration (one cost bound) first walks the top of the tree on one thread, down to a depth
//! where it has a few dozen subtrees per thread, listing them in the order the sequential walk
//! would enter them. The subtrees are then searched in parallel (rayon), each on its own copy of
//! the position, every thread taking the next subtree in that order. The answer is the path of
//! the first subtree, in that order, that holds a goal: exactly the path the sequential walk
//! returns, because it enters the subtrees in that order and stops at the first goal. A subtree
//! later than one that found a goal is abandoned; earlier ones still finish, as they might hold
//! the true first. The next bound is the least f beyond the bound over all subtrees and the top.
//! Only the expansion count differs from the sequential search (other threads may have searched
//! past the answer).
//!
//! The calling thread does none of the search: it reports progress every 50 ms, enforces the
//! time and expansion budgets, and passes Cancel on to the workers through a flag.

use super::part::{split, Top};
use super::walk::{Tally, Walk};
use super::{Slide, TileSpace, Tiles};
use crate::search::meter::{supervise, Halt, Meter};
use crate::search::parts::front_first;
use crate::search::{Budget, Flow, GaveUp, Outcome, Stats};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// Subtrees per thread to aim for: enough that one large subtree does not leave the others idle.
const SUBTREES_PER_THREAD: usize = 64;
/// Iterations after one that expanded fewer states than this are searched on one thread.
const PARALLEL_FROM: u64 = 1 << 14;
/// Expansions a worker counts before it adds them to the shared count and looks at the flags.
const BATCH: u64 = 1 << 12;

/// What all workers share.
struct Shared {
    explored: AtomicU64,
    /// Cancel, or a budget ran out.
    stop: AtomicBool,
    /// The index of the earliest subtree known to hold a goal (usize::MAX: none yet).
    first_goal: AtomicUsize,
}

/// A worker's tally: counts locally, adds to the shared count every BATCH expansions and then
/// checks whether to stop (the search is stopped, or an earlier subtree found a goal).
struct Worker<'s> {
    shared: &'s Shared,
    subtree: usize,
    counted: u64,
}

impl Tally for Worker<'_> {
    #[inline]
    fn explore(&mut self, _depth: u32) -> Result<(), Halt> {
        self.counted += 1;
        if self.counted % BATCH == 0 {
            self.shared.explored.fetch_add(BATCH, Ordering::Relaxed);
            if self.shared.stop.load(Ordering::Relaxed) || self.shared.first_goal.load(Ordering::Relaxed) < self.subtree
            {
                return Err(Halt::Cancelled);
            }
        }
        Ok(())
    }
}

impl Worker<'_> {
    fn finish(&self) {
        self.shared.explored.fetch_add(self.counted % BATCH, Ordering::Relaxed);
    }
}

/// The top of the tree counts its expansions directly.
struct TopTally<'s>(&'s Shared);

impl Tally for TopTally<'_> {
    fn explore(&mut self, _depth: u32) -> Result<(), Halt> {
        self.0.explored.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }
}

/// How one subtree ended.
enum Found {
    Goal(Vec<Slide>),
    /// The least f beyond the bound in it (u32::MAX: none).
    Beyond(u32),
    /// Given up: the search stopped, or an earlier subtree holds the answer.
    Abandoned,
}

impl<const N: usize> TileSpace<'_, N> {
    /// [`TileSpace::idastar`] on `threads` threads: the same optimum and the same path.
    pub fn idastar_parallel(
        &self,
        threads: usize,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Outcome<Slide, Tiles<N>> {
        self.idastar_split(threads, PARALLEL_FROM, budget, on_progress)
    }

    /// As [`TileSpace::idastar_parallel`], splitting iterations after one of `parallel_from`
    /// expansions or more (tests split every one).
    fn idastar_split(
        &self,
        threads: usize,
        parallel_from: u64,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Outcome<Slide, Tiles<N>> {
        let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) if threads > 1 => pool,
            _ => return self.idastar(budget, on_progress),
        };
        let Some(root) = Walk::new(self) else { return self.idastar(budget, on_progress) };
        let shared = Shared {
            explored: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            first_goal: AtomicUsize::new(usize::MAX),
        };
        let mut meter = Meter::new(budget, on_progress);
        let mut bound = root.heuristic();
        // Explored by the last iteration: small iterations run on this thread, as splitting
        // them would cost more than it saves.
        let mut last_iteration = 0;
        loop {
            meter.stats.depth = u64::from(bound);
            shared.first_goal.store(usize::MAX, Ordering::Relaxed);
            let before = shared.explored.load(Ordering::Relaxed);
            let (found, halt) = if last_iteration < parallel_from {
                let mut walk = root.clone();
                match walk.deepen(&mut TopTally(&shared), 0, bound, u8::MAX) {
                    Ok(None) => (vec![Found::Goal(walk.moves)], None),
                    Ok(Some(beyond)) => (vec![Found::Beyond(beyond)], None),
                    Err(halt) => (Vec::new(), Some(halt)),
                }
            } else {
                let (top, top_beyond) = split(&root, &mut TopTally(&shared), bound, threads * SUBTREES_PER_THREAD);
                let (mut found, halt) = run_in_pool(&pool, &root, &top, &shared, bound, &mut meter);
                found.push(Found::Beyond(top_beyond));
                (found, halt)
            };
            meter.stats.explored = shared.explored.load(Ordering::Relaxed);
            last_iteration = meter.stats.explored - before;
            if let Some(halt) = halt {
                return meter.end(halt);
            }
            if let Err(halt) = meter.look_up(meter.stats.explored) {
                return meter.end(halt);
            }
            if let Some(moves) = found.iter().find_map(|f| match f {
                Found::Goal(moves) => Some(moves.clone()),
                _ => None,
            }) {
                return self.solution(moves, meter);
            }
            let beyond = found.iter().fold(u32::MAX, |least, f| match f {
                Found::Beyond(f) => least.min(*f),
                _ => least,
            });
            if beyond == u32::MAX {
                return Outcome::NoSolution { stats: meter.finish() };
            }
            bound = beyond;
        }
    }
}

/// Searches the subtrees of `top` in `pool` while this thread supervises them (progress, the
/// budgets, Cancel: [`supervise`]); the results in `top`'s order, and what stopped the search,
/// if anything.
fn run_in_pool<const N: usize>(
    pool: &rayon::ThreadPool,
    root: &Walk<'_, N>,
    top: &[Top],
    shared: &Shared,
    bound: u32,
    meter: &mut Meter<'_>,
) -> (Vec<Found>, Option<Halt>) {
    std::thread::scope(|scope| {
        let (done, finished) = std::sync::mpsc::channel();
        scope.spawn(move || {
            let _ = done.send(pool.install(|| search_subtrees(root, top, shared, bound)));
        });
        let mut halt = None;
        let found = supervise(&finished, |found| {
            if found.is_none() && halt.is_none() {
                halt = meter.look_up(shared.explored.load(Ordering::Relaxed)).err();
                if halt.is_some() {
                    shared.stop.store(true, Ordering::Relaxed);
                }
            }
            found
        });
        match found {
            Some(found) => (found, halt),
            None => (Vec::new(), Some(Halt::GaveUp(GaveUp::other("gave up: a search thread failed")))),
        }
    })
}

/// Searches every subtree of `top` on every thread of the pool, front first
/// ([`front_first`]); results in `top`'s order.
fn search_subtrees<const N: usize>(root: &Walk<'_, N>, top: &[Top], shared: &Shared, bound: u32) -> Vec<Found> {
    let found = Mutex::new(Vec::with_capacity(top.len()));
    front_first(top, |index, entry| {
        let subtree = search_subtree(root, index, entry, shared, bound);
        found.lock().unwrap_or_else(PoisonError::into_inner).push((index, subtree));
    });
    let mut found = found.into_inner().unwrap_or_else(PoisonError::into_inner);
    found.sort_unstable_by_key(|&(index, _)| index);
    found.into_iter().map(|(_, found)| found).collect()
}

/// Searches subtree `index` of the top, unless an earlier one already holds a goal.
fn search_subtree<const N: usize>(root: &Walk<'_, N>, index: usize, entry: &Top, shared: &Shared, bound: u32) -> Found {
    if shared.first_goal.load(Ordering::Relaxed) < index || shared.stop.load(Ordering::Relaxed) {
        return Found::Abandoned;
    }
    let (moves, back) = match entry {
        Top::Goal(moves) => {
            shared.first_goal.fetch_min(index, Ordering::Relaxed);
            return Found::Goal(moves.clone());
        }
        Top::Subtree(moves, back) => (moves, *back),
    };
    let mut walk = root.after(moves);
    let mut worker = Worker { shared, subtree: index, counted: 0 };
    let ended = walk.deepen(&mut worker, moves.len() as u32, bound, back);
    worker.finish();
    match ended {
        Ok(None) => {
            shared.first_goal.fetch_min(index, Ordering::Relaxed);
            Found::Goal(walk.moves)
        }
        Ok(Some(beyond)) => Found::Beyond(beyond),
        Err(_) => Found::Abandoned,
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Board, PatternDatabase};
    use super::*;

    /// With 1, 2 and 3 threads, every iteration split: the same moves as the sequential walk, on
    /// the two 31-move 8-puzzles with partial tables (so the search has subtrees to share out).
    #[test]
    fn the_same_path_on_any_number_of_threads() {
        let (board, pdb, starts) = super::super::eight_puzzle_in_pairs();
        for start in starts {
            let space = TileSpace::<16>::new(&board, &pdb, &start);
            let moves = |outcome: Outcome<Slide, Tiles<16>>| match outcome {
                Outcome::Solved { moves, .. } => moves,
                _ => panic!("{start:?} not solved"),
            };
            let sequential = moves(space.idastar(&Budget::default(), &mut |_| Flow::Continue));
            for threads in 1..=3 {
                let parallel = moves(space.idastar_split(threads, 0, &Budget::default(), &mut |_| Flow::Continue));
                assert_eq!(parallel, sequential, "{start:?} on {threads} threads");
            }
        }
    }

    /// Cancel from the progress callback and the expansion budget both end a split search.
    #[test]
    fn cancel_and_budget_end_a_split_search() {
        let board = Board::rectangle(3, 3, 8);
        let pdb = PatternDatabase::none(&board);
        let space = TileSpace::<16>::new(&board, &pdb, &[7, 5, 6, 1, 4, 3, 2, 8, 0]);
        let budget = Budget { max_expansions: 200_000, ..Budget::default() };
        match space.idastar_split(2, 0, &budget, &mut |_| Flow::Continue) {
            Outcome::GaveUp { reason, .. } => assert!(matches!(reason, GaveUp::States(_)), "{reason}"),
            other => panic!("{:?}", other.length()),
        }
        match space.idastar_split(2, 0, &Budget::default(), &mut |_| Flow::Stop) {
            Outcome::Cancelled { .. } => {}
            other => panic!("{:?}", other.length()),
        }
    }
}
