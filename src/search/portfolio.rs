//! Two searches under one budget, in turn: the first has a [`Turn`] (a share of the time and at
//! most so many positions); if it gives up at the turn's end, the second has what is left
//! ([`in_turn`]). A proof first, then a search that only finds, is how `auto` keeps its promise
//! on puzzles too large to prove: the shortest answer where the proof fits, an answer said to be
//! unproven where it does not.

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
}
