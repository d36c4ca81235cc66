//! Budgets, progress reports and the "should we stop?" check every search shares.

use serde::{Deserialize, Serialize};
use std::time::Duration;
use web_time::Instant;

/// Limits a search must stay within. A search that reaches one ends with `GaveUp`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Budget {
    /// Most distinct states to store.
    pub max_states: u64,
    /// Most states a search that stores nothing (IDA*) may expand: by default no limit, since
    /// such a search needs no memory; time and Cancel end it.
    pub max_expansions: u64,
    /// Most bytes the search's own tables may hold.
    pub max_bytes: u64,
    /// Wall-clock limit.
    pub time_limit: Option<Duration>,
    /// Most expansions between two progress reports. When expansions are slow (a script's
    /// moves), the clock is read more often, so that reports, the time limit and Cancel still
    /// come within about a tenth of a second.
    pub report_every: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            max_states: 50_000_000,
            max_expansions: u64::MAX,
            max_bytes: 2 << 30,
            time_limit: None,
            report_every: 1 << 14,
        }
    }
}

/// What a search has done so far.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
pub struct Stats {
    /// States whose moves were generated.
    pub explored: u64,
    /// Distinct states stored.
    pub stored: u64,
    /// States waiting to be explored.
    pub frontier: u64,
    /// Depth (or cost bound) reached.
    pub depth: u64,
    /// Milliseconds since the search started.
    pub elapsed_ms: u64,
    /// Memory held by the search's tables.
    pub bytes: u64,
    /// Estimated share of the whole search already done (0 to 1), where a search can tell
    /// (exact cover: from the branch being explored at each level).
    #[serde(default)]
    pub done: f64,
    /// While a heuristic's tables are being built before the search (an N-puzzle's pattern
    /// databases), the share built so far (0 to 1).
    #[serde(default)]
    pub building: Option<f64>,
    /// In a part of one IDA* bound shared among processes: the number of the subtree it is
    /// searching, in the sequential order (so that whoever joins the parts knows when no part
    /// can still find an earlier goal than one found).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// In a search that can tell how near a position is to solved (Sokoban: boxes on goals),
    /// the most any position searched had in place, and how many there are to place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub placed: Option<(u64, u64)>,
    /// In `auto`'s searches side by side: the states the other searches explored, beside the
    /// one whose answer this is (`explored` is that search's own).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub beside: u64,
}

/// Whether a count is zero (a figure left out of the serialised form then).
fn is_zero(n: &u64) -> bool {
    *n == 0
}

impl Stats {
    /// The figures of the parts of one search run side by side ([`super::Part`]): what they
    /// explored, stored, hold and have done adds up; depth, time and what is in place are the most
    /// of any part.
    pub fn joined<'a>(parts: impl IntoIterator<Item = &'a Stats>) -> Stats {
        parts.into_iter().fold(Stats::default(), |sum, part| Stats {
            explored: sum.explored + part.explored,
            stored: sum.stored + part.stored,
            frontier: sum.frontier + part.frontier,
            depth: sum.depth.max(part.depth),
            elapsed_ms: sum.elapsed_ms.max(part.elapsed_ms),
            bytes: sum.bytes + part.bytes,
            done: (sum.done + part.done).min(1.0),
            building: match (sum.building, part.building) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            at: None,
            placed: sum.placed.max(part.placed),
            beside: sum.beside + part.beside,
        })
    }

    /// Explored states per second.
    pub fn rate(&self) -> f64 {
        if self.elapsed_ms == 0 {
            0.0
        } else {
            self.explored as f64 * 1000.0 / self.elapsed_ms as f64
        }
    }
}

/// The progress callback's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Go on searching.
    Continue,
    /// Stop now: the search ends cancelled.
    Stop,
}

/// Why a search gave up. The words a user reads are made from it (`Display`), once, here:
/// code that needs to know why (a portfolio naming its whole time limit) matches on the kind,
/// never on the words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GaveUp {
    /// The state (or expansion) limit, after this many states.
    States(u64),
    /// The memory budget.
    Memory {
        /// The states stored when it ran out.
        states: u64,
        /// The budget.
        max_bytes: u64,
    },
    /// The time limit.
    Time {
        /// The states explored when it ran out.
        states: u64,
        /// The limit.
        limit: Duration,
    },
    /// The depth limit of a depth-first search.
    Depth {
        /// The states stored when the search ended.
        states: u64,
        /// The limit, in moves.
        max_depth: u64,
    },
    /// A search's or a family's own reason, in words ("the rules did not retrace the path they
    /// found").
    Other(String),
}

impl GaveUp {
    /// A reason of the search's or the family's own.
    pub fn other(reason: impl Into<String>) -> GaveUp {
        GaveUp::Other(reason.into())
    }
}

impl std::fmt::Display for GaveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GaveUp::States(states) => write!(f, "gave up after {states} states (the state limit)"),
            GaveUp::Memory { states, max_bytes } => {
                write!(f, "gave up after {states} states (the memory limit of {} MB)", max_bytes >> 20)
            }
            GaveUp::Time { states, limit } => {
                write!(f, "gave up after {states} states (the time limit of {:.1} s)", limit.as_secs_f64())
            }
            GaveUp::Depth { states, max_depth } => {
                write!(f, "gave up after {states} states (the depth limit of {max_depth})")
            }
            GaveUp::Other(reason) => f.write_str(reason),
        }
    }
}

/// Why a search stopped early.
pub(crate) enum Halt {
    GaveUp(GaveUp),
    Cancelled,
}

impl Halt {
    /// The state (or expansion) limit ended the search after `states`.
    pub fn state_limit(states: u64) -> Halt {
        Halt::GaveUp(GaveUp::States(states))
    }

    /// The memory budget ended the search after `states`.
    pub fn memory_limit(states: u64, max_bytes: u64) -> Halt {
        Halt::GaveUp(GaveUp::Memory { states, max_bytes })
    }

    /// The time limit ended the search after `states`.
    pub fn time_limit(states: u64, limit: Duration) -> Halt {
        Halt::GaveUp(GaveUp::Time { states, limit })
    }
}

/// Longest wait between two progress reports when expansions are slow.
const REPORT_GAP: Duration = Duration::from_millis(100);

/// How often the calling thread of a search spread over threads looks up from waiting on them
/// ([`supervise`]): progress, the budgets and Cancel come within this.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) const LOOK_UP: Duration = Duration::from_millis(50);

/// The calling thread's part in a search whose work runs on other threads: `look_up` gets each
/// message they send, and None at least every [`LOOK_UP`] while none comes, and each time sees
/// to progress, the budgets and Cancel ([`Meter::look_up`]). It ends with what `look_up`
/// returned to end it, or None once every sender is gone.
#[cfg(not(target_arch = "wasm32"))]
pub(crate) fn supervise<T, R>(
    messages: &std::sync::mpsc::Receiver<T>,
    mut look_up: impl FnMut(Option<T>) -> Option<R>,
) -> Option<R> {
    use std::sync::mpsc::RecvTimeoutError;
    loop {
        let message = match messages.recv_timeout(LOOK_UP) {
            Ok(message) => Some(message),
            Err(RecvTimeoutError::Disconnected) => return None,
            Err(RecvTimeoutError::Timeout) => None,
        };
        if let Some(end) = look_up(message) {
            return Some(end);
        }
    }
}

/// Counts work, reports progress and enforces the budget.
pub(crate) struct Meter<'a> {
    budget: Budget,
    started: Instant,
    on_progress: &'a mut dyn FnMut(&Stats) -> Flow,
    pub stats: Stats,
    next_report: u64,
    /// Between reports the clock is read every `check_every` expansions: doubled while the gap
    /// is short, halved while it is long, so it costs nothing on fast searches.
    next_check: u64,
    check_every: u64,
    last_check: Instant,
    last_report: Instant,
}

impl<'a> Meter<'a> {
    pub fn new(budget: &Budget, on_progress: &'a mut dyn FnMut(&Stats) -> Flow) -> Self {
        let now = Instant::now();
        Meter {
            budget: *budget,
            started: now,
            on_progress,
            stats: Stats::default(),
            next_report: budget.report_every.max(1),
            next_check: 1,
            check_every: 1,
            last_check: now,
            last_report: now,
        }
    }

    /// The same meter, its clock started at `started` (a search that did work before it made
    /// its meter: the time limit counts from the search's start).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn since(mut self, started: Instant) -> Self {
        self.started = started;
        self
    }

    /// The supervisor's look up ([`supervise`]), for a search whose expansions run on other
    /// threads and are counted in `explored`: the expansion and time budgets, then, at most
    /// every [`LOOK_UP`], a progress report; the halt the one-thread search would give, once
    /// the search should stop.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn look_up(&mut self, explored: u64) -> Result<(), Halt> {
        self.stats.explored = explored;
        if explored > self.budget.max_expansions {
            return Err(Halt::state_limit(explored));
        }
        let now = Instant::now();
        let elapsed = now - self.started;
        self.stats.elapsed_ms = elapsed.as_millis() as u64;
        if let Some(limit) = self.budget.time_limit.filter(|&limit| elapsed > limit) {
            return Err(Halt::time_limit(explored, limit));
        }
        if now - self.last_report >= LOOK_UP {
            self.last_report = now;
            if (self.on_progress)(&self.stats) == Flow::Stop {
                return Err(Halt::Cancelled);
            }
        }
        Ok(())
    }

    /// Records where a stored search stands, then counts one expansion (see `explore`).
    #[inline]
    pub fn explore_at(&mut self, stored: usize, frontier: usize, depth: u64, bytes: u64) -> Result<(), Halt> {
        self.stats.stored = stored as u64;
        self.stats.frontier = frontier as u64;
        self.stats.depth = self.stats.depth.max(depth);
        self.stats.bytes = bytes;
        self.explore()
    }

    /// Call once per expanded state, after updating `stats` fields other than `explored`.
    /// Inlined, with one test for the usual case (nothing due); the rest is out of line.
    #[inline]
    pub fn explore(&mut self) -> Result<(), Halt> {
        self.stats.explored += 1;
        let due = self.stats.explored >= self.next_check.min(self.next_report);
        if due || self.stats.stored > self.budget.max_states || self.stats.bytes > self.budget.max_bytes {
            return self.checks();
        }
        Ok(())
    }

    /// The budget's checks, and a report or a look at the clock when one is due.
    #[cold]
    #[inline(never)]
    fn checks(&mut self) -> Result<(), Halt> {
        if self.stats.stored > self.budget.max_states {
            return Err(Halt::state_limit(self.budget.max_states));
        }
        // At every expansion, not every report: one expansion may add megabytes (a script's
        // states), and memory that is not there cannot be given back after the fact.
        if self.stats.bytes > self.budget.max_bytes {
            return Err(Halt::memory_limit(self.stats.stored.max(self.stats.explored), self.budget.max_bytes));
        }
        if self.stats.explored >= self.next_report {
            return self.report_now();
        }
        if self.stats.explored >= self.next_check {
            let now = Instant::now();
            let gap = now - self.last_check;
            self.last_check = now;
            self.check_every = if gap < REPORT_GAP / 50 {
                (self.check_every * 2).min(self.budget.report_every.max(1))
            } else if gap > REPORT_GAP / 10 {
                (self.check_every / 2).max(1)
            } else {
                self.check_every
            };
            self.next_check = self.stats.explored + self.check_every;
            if now - self.last_report >= REPORT_GAP {
                return self.report_now();
            }
        }
        Ok(())
    }

    /// A progress report, with the budget's checks.
    fn report_now(&mut self) -> Result<(), Halt> {
        self.next_report = self.stats.explored + self.budget.report_every.max(1);
        self.last_report = Instant::now();
        let elapsed = self.last_report - self.started;
        self.stats.elapsed_ms = elapsed.as_millis() as u64;
        if let Some(limit) = self.budget.time_limit {
            if elapsed > limit {
                return Err(Halt::time_limit(self.stats.stored.max(self.stats.explored), limit));
            }
        }
        if (self.on_progress)(&self.stats) == Flow::Stop {
            return Err(Halt::Cancelled);
        }
        Ok(())
    }

    /// For searches without a store: the expansion budget, checked after `explore` counted
    /// the state that went over it (which is not explored).
    pub fn expansion_budget(&self) -> Result<(), Halt> {
        if self.stats.explored > self.budget.max_expansions {
            return Err(Halt::state_limit(self.stats.explored - 1));
        }
        Ok(())
    }

    pub fn finish(mut self) -> Stats {
        self.stats.elapsed_ms = self.started.elapsed().as_millis() as u64;
        self.stats
    }

    pub fn end<M, S>(self, halt: Halt) -> super::Outcome<M, S> {
        let stats = self.finish();
        match halt {
            Halt::GaveUp(reason) => super::Outcome::GaveUp { reason, stats },
            Halt::Cancelled => super::Outcome::Cancelled { stats },
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    /// The supervisor hands on every message the threads send and ends when they are gone; the
    /// look up gives the one-thread search's halts: the expansion budget, then Cancel.
    #[test]
    fn the_supervisor_hears_every_thread_and_stops_on_the_budget_or_cancel() {
        let (sender, messages) = std::sync::mpsc::channel();
        let worker = std::thread::spawn(move || {
            for n in 1..=3 {
                std::thread::sleep(Duration::from_millis(30));
                let _ = sender.send(n);
            }
        });
        let mut heard = Vec::new();
        assert_eq!(
            supervise(&messages, |n| {
                heard.extend(n);
                None::<()>
            }),
            None
        );
        assert_eq!(heard, [1, 2, 3]);
        let _ = worker.join();
        // Ended by what the look up returns, with the messages still coming.
        let (sender, messages) = std::sync::mpsc::channel();
        let worker = std::thread::spawn(move || while sender.send(()).is_ok() {});
        assert_eq!(supervise(&messages, |message| message.map(|()| "ended")), Some("ended"));
        drop(messages);
        let _ = worker.join();

        let budget = Budget { max_expansions: 100, ..Budget::default() };
        let mut reports = 0;
        let mut on_progress = |_: &Stats| {
            reports += 1;
            if reports > 1 {
                Flow::Stop
            } else {
                Flow::Continue
            }
        };
        let mut meter = Meter::new(&budget, &mut on_progress);
        meter.last_report -= LOOK_UP; // as if a look up ago: the next look up reports
        assert!(matches!(meter.look_up(50), Ok(())), "the first report goes on");
        assert!(matches!(meter.look_up(101), Err(Halt::GaveUp(GaveUp::States(101)))));
        meter.last_report -= LOOK_UP;
        assert!(matches!(meter.look_up(60), Err(Halt::Cancelled)), "the second report says Stop");
    }
}
