//! Two searches under one budget, in turn: the first has a [`Turn`] (a share of the time and at
//! most so many positions); if it gives up at the turn's end, the second has what is left
//! ([`in_turn`]). A proof first, then a search that only finds, is how `auto` keeps its promise
//! on puzzles too large to prove: the shortest answer where the proof fits, an answer said to be
//! unproven where it does not. With threads to spare they run side by side instead
//! (`side_by_side`, natively): the proof beside searches that find from the start.

use super::{Budget, Flow, GaveUp, Outcome, Stats};
use std::time::Duration;

/// The first of two searches' part of a budget: at most `positions` stored, and at most `share`
/// of the time limit (when there is one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Turn {
    /// The most positions the first search may store.
    pub positions: u64,
    /// Its share of the time limit, from 0 to 1.
    pub share: f64,
}

impl Turn {
    /// The turn's part of `budget`.
    pub fn of(&self, budget: &Budget) -> Budget {
        let time_limit = budget.time_limit.map(|limit| limit.mul_f64(self.share.clamp(0.0, 1.0)));
        Budget { max_states: self.positions.min(budget.max_states), time_limit, ..*budget }
    }

    /// The work done, if a search given this turn of `budget` gave up at the turn's end (its
    /// positions or its share of the time), not at the budget's or for its memory.
    pub fn ended<M, S>(&self, budget: &Budget, outcome: &Outcome<M, S>) -> Option<Stats> {
        let Outcome::GaveUp { stats, .. } = outcome else { return None };
        let turn = self.of(budget);
        let stored_its_cap = stats.stored >= turn.max_states && turn.max_states < budget.max_states;
        let took_its_time = turn.time_limit < budget.time_limit && out_of(turn.time_limit, stats);
        (stored_its_cap || took_its_time).then_some(*stats)
    }
}

/// Whether a search's `stats` show it used all of `limit`.
fn out_of(limit: Option<Duration>, stats: &Stats) -> bool {
    limit.is_some_and(|limit| u128::from(stats.elapsed_ms) >= limit.as_millis())
}

/// Runs `first` for its `turn` of `budget` and, if the turn ended without an answer, `then` with
/// the rest: whether it handed over, and the outcome (`then`'s with the work of both added up,
/// or `first`'s when it ended, or the whole budget's time or memory ran out).
pub fn in_turn<M, S>(
    budget: &Budget,
    turn: &Turn,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
    first: impl FnOnce(&Budget, &mut dyn FnMut(&Stats) -> Flow) -> Outcome<M, S>,
    then: impl FnOnce(&Budget, &mut dyn FnMut(&Stats) -> Flow) -> Outcome<M, S>,
) -> (bool, Outcome<M, S>) {
    let first = first(&turn.of(budget), on_progress);
    let Some(spent) = turn.ended(budget, &first) else { return (false, first) };
    // The second search's progress counts the first's work too.
    let mut counted = |stats: &Stats| {
        let mut whole = *stats;
        add_work(&mut whole, &spent);
        on_progress(&whole)
    };
    let outcome = then(&left_after(budget, &spent), &mut counted);
    (true, after_work(outcome, &spent, budget))
}

/// The outcome of a search that had what was left of `budget` after `spent`: with that work
/// added, and, when it gave up at its time limit, naming the whole limit.
pub fn after_work<M, S>(mut outcome: Outcome<M, S>, spent: &Stats, budget: &Budget) -> Outcome<M, S> {
    let stats = outcome.stats_mut();
    add_work(stats, spent);
    let (explored, whole_time) = (stats.explored, out_of(budget.time_limit, stats));
    if let (Outcome::GaveUp { reason, .. }, Some(limit)) = (&mut outcome, budget.time_limit) {
        if whole_time {
            *reason = GaveUp::Time { states: explored, limit };
        }
    }
    outcome
}

/// `budget` with the time `spent` took off its limit.
pub fn left_after(budget: &Budget, spent: &Stats) -> Budget {
    let elapsed = Duration::from_millis(spent.elapsed_ms);
    Budget { time_limit: budget.time_limit.map(|limit| limit.saturating_sub(elapsed)), ..*budget }
}

/// `stats` with the work of a search run before or after it added: what it explored, and its time.
pub fn add_work(stats: &mut Stats, more: &Stats) {
    stats.explored += more.explored;
    stats.elapsed_ms += more.elapsed_ms;
}

/// Searches side by side, one a thread (natively; the page shares them among Workers instead): a
/// proof on this thread for its `turn` of `budget`, beside searches for any solution on
/// `searches - 1` others, each with its own seed (`find(seed, ..)`: how it breaks ties, or which
/// order it takes) and an equal share of the memory. The proof's answer is taken whenever it
/// ends within its turn; else the first answer the others give (a solution, or that there is
/// none), or seed 0's outcome when none gives one. Once the proof's turn is over its thread finds
/// too, with the next seed, while there is one of `seeds` and no answer yet.
///
/// Returns whether the proof's answer was taken, and the outcome: the chosen search's own work as
/// `explored`, the others' as `beside`; the progress reported is all of theirs.
#[cfg(not(target_arch = "wasm32"))]
pub fn side_by_side<M: Send, S: Send>(
    budget: &Budget,
    turn: &Turn,
    (searches, seeds): (u32, u32),
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
    prove: impl FnOnce(&Budget, &mut dyn FnMut(&Stats) -> Flow) -> Outcome<M, S>,
    find: impl Fn(u32, &Budget, &mut dyn FnMut(&Stats) -> Flow) -> Outcome<M, S> + Sync,
) -> (bool, Outcome<M, S>) {
    use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
    use std::sync::mpsc::{channel, RecvTimeoutError, Sender};
    let started = std::time::Instant::now();
    let searches = searches.max(2);
    let share = Budget { max_bytes: budget.max_bytes / u64::from(searches), ..*budget };
    let stop = AtomicBool::new(false);
    // The seed of the search that first answered.
    let first = AtomicU32::new(u32::MAX);
    let answered = |outcome: &Outcome<M, S>| matches!(outcome, Outcome::Solved { .. } | Outcome::NoSolution { .. });
    std::thread::scope(|scope| {
        let (stop, first, find) = (&stop, &first, &find);
        let spawn = |seed: u32, budget: Budget, progress: Sender<(u32, Stats)>| {
            scope.spawn(move || {
                let outcome = find(seed, &budget, &mut |stats| {
                    let _ = progress.send((seed, *stats));
                    if stop.load(Ordering::Relaxed) {
                        Flow::Stop
                    } else {
                        Flow::Continue
                    }
                });
                if answered(&outcome)
                    && first.compare_exchange(u32::MAX, seed, Ordering::SeqCst, Ordering::SeqCst).is_ok()
                {
                    stop.store(true, Ordering::Relaxed);
                }
                outcome
            })
        };
        let (progress, reports) = channel::<(u32, Stats)>();
        let beside = (searches - 1).min(seeds);
        let mut finders: Vec<_> = (0..beside).map(|seed| spawn(seed, share, progress.clone())).collect();
        // The figures of the searches for any solution, by seed, and of all with the proof's.
        let mut latest = vec![Stats::default(); beside as usize + 1];
        let report = |latest: &[Stats], proof: &Stats, on_progress: &mut dyn FnMut(&Stats) -> Flow| {
            let mut whole = Stats::joined(latest.iter().chain([proof]));
            whole.elapsed_ms = started.elapsed().as_millis() as u64;
            if on_progress(&whole) == Flow::Stop {
                stop.store(true, Ordering::Relaxed);
                return Flow::Stop;
            }
            Flow::Continue
        };
        let proving = prove(&turn.of(&share), &mut |stats| {
            while let Ok((seed, stats)) = reports.try_recv() {
                latest[seed as usize] = stats;
            }
            report(&latest, stats, on_progress)
        });
        let turn_over = turn.ended(&share, &proving).is_some();
        if answered(&proving) || matches!(proving, Outcome::Cancelled { .. }) {
            stop.store(true, Ordering::Relaxed);
            let mut proving = proving;
            proving.stats_mut().beside = finders.into_iter().map(|f| joined(f).stats().explored).sum();
            return (true, proving);
        }
        let spent = *proving.stats();
        // What the proof did, once its memory is given back.
        let proved = Stats { explored: spent.explored, ..Stats::default() };
        if turn_over && beside < seeds && !stop.load(Ordering::Relaxed) {
            finders.push(spawn(beside, left_after(&share, &spent), progress));
        } else {
            // The last sender goes, so the loop below ends once every search has.
            drop(progress);
        }
        loop {
            match reports.recv_timeout(Duration::from_millis(100)) {
                Ok((seed, stats)) => {
                    latest[seed as usize] = stats;
                    report(&latest, &proved, on_progress);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => break,
            }
        }
        let mut outcomes: Vec<Outcome<M, S>> = finders.into_iter().map(joined).collect();
        if outcomes.is_empty() {
            return (true, proving);
        }
        let all = spent.explored + outcomes.iter().map(|o| o.stats().explored).sum::<u64>();
        let chosen = first.load(Ordering::SeqCst) as usize;
        let mut outcome = outcomes.swap_remove(if chosen < outcomes.len() { chosen } else { 0 });
        let stats = outcome.stats_mut();
        stats.beside = all - stats.explored;
        stats.elapsed_ms = started.elapsed().as_millis() as u64;
        (false, outcome)
    })
}

/// A search thread's outcome once it has ended (its panic passed on).
#[cfg(not(target_arch = "wasm32"))]
fn joined<T>(search: std::thread::ScopedJoinHandle<'_, T>) -> T {
    search.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{astar, bfs, Space};

    /// A line of `n` cells, from 0 to the last: `n - 1` steps either way, nothing else.
    struct Line(u32);

    impl Space for Line {
        type State = u32;
        type Move = i8;
        fn start(&self) -> u32 {
            0
        }
        fn successors(&self, state: &u32, out: &mut Vec<(i8, u32, u32)>) {
            if *state + 1 < self.0 {
                out.push((1, state + 1, 1));
            }
            if *state > 0 {
                out.push((-1, state - 1, 1));
            }
        }
        fn is_goal(&self, state: &u32) -> bool {
            *state + 1 == self.0
        }
        fn heuristic(&self, state: &u32) -> u32 {
            self.0 - 1 - state
        }
    }

    /// The first search answers within its turn: the second never runs. It gives up at its
    /// turn's positions: the second runs with what is left, its work counted after the first's.
    /// It gives up for the budget's own limit: that is the answer, no hand-over.
    #[test]
    fn the_second_runs_only_when_the_first_turn_ends() {
        let budget = Budget::default();
        let line = Line(50);
        let (handed, outcome) = in_turn(
            &budget,
            &Turn { positions: 1_000, share: 0.5 },
            &mut |_| Flow::Continue,
            |b, p| bfs(&line, b, p),
            |_, _| unreachable!("the first answered"),
        );
        assert!(!handed && outcome.length() == Some(49));
        let (handed, outcome) = in_turn(
            &budget,
            &Turn { positions: 10, share: 0.5 },
            &mut |_| Flow::Continue,
            |b, p| bfs(&line, b, p),
            |b, p| astar(&line, b, p),
        );
        assert!(handed && outcome.length() == Some(49));
        let first = 10;
        assert!(outcome.stats().explored >= first + 49, "{:?}", outcome.stats());
        let small = Budget { max_states: 10, ..budget };
        let (handed, outcome) = in_turn(
            &small,
            &Turn { positions: 1_000, share: 0.5 },
            &mut |_| Flow::Continue,
            |b, p| bfs(&line, b, p),
            |_, _| unreachable!("the budget's own limit is no turn's end"),
        );
        assert!(!handed && matches!(outcome, Outcome::GaveUp { .. }));
    }

    /// Side by side: the proof's answer when it ends within its turn, whatever the others do;
    /// else the first answer found (here seed 1's: seed 0 gives up at once), with the proof's
    /// and the others' work as `beside`; with no seeds to find with, the proof's outcome.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn side_by_side_takes_the_proof_then_the_first_answer() {
        let budget = Budget::default();
        let line = Line(50);
        let find = |seed: u32, b: &Budget, p: &mut dyn FnMut(&Stats) -> Flow| match seed {
            0 => bfs(&line, &Budget { max_states: 5, ..*b }, p),
            _ => astar(&line, b, p),
        };
        let run = |positions: u64, searches_seeds: (u32, u32)| {
            let turn = Turn { positions, share: 0.5 };
            side_by_side(&budget, &turn, searches_seeds, &mut |_| Flow::Continue, |b, p| bfs(&line, b, p), find)
        };
        for searches in [2, 3] {
            let (proven, outcome) = run(1_000, (searches, 2));
            assert!(proven && outcome.length() == Some(49), "{searches} searches: {outcome:?}");
            let (proven, outcome) = run(10, (searches, 2));
            assert!(!proven && outcome.length() == Some(49), "{searches} searches: {outcome:?}");
            let stats = outcome.stats();
            assert_eq!(stats.explored, 49, "A* on the line expands each cell before the last once");
            assert!(stats.beside >= 10, "the proof's work is counted beside: {stats:?}");
        }
        let (proven, outcome) = run(10, (2, 0));
        assert!(proven && matches!(outcome, Outcome::GaveUp { .. }), "{outcome:?}");
    }
}
