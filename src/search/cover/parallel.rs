//! The fast exact cover spread over several threads (native only: the page has no threads).
//!
//! The top of the tree is first listed on one thread, down to a depth where there are a few
//! dozen subtrees per thread, in the order the sequential search enters them. The subtrees are
//! then searched in parallel (rayon), every thread taking the next subtree in that order, each
//! by its own search over the shared tables, and each hands back the covers it found. The
//! calling thread passes them on in the listed order, so the caller sees exactly the covers of
//! the sequential search, in the same order: the same counts, the same first cover, the same
//! list. A subtree's covers wait until every earlier subtree is done; when more than [`HELD`]
//! covers wait (a problem with millions of covers), the workers stop and the calling thread
//! searches the subtrees not yet passed on itself, in order, so memory stays bounded. Meanwhile
//! the calling thread supervises them ([`supervise`]: progress, the budgets) and passes Stop
//! (Cancel, or enough covers) on to the workers through a flag.

use super::fast::{Fast, Tables, Top};
use super::word::Word;
use super::CoverEnd;
use crate::search::meter::{supervise, Budget, Flow, Halt, Meter, Stats};
use crate::search::parts::front_first;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::channel;
use web_time::Instant;

/// Subtrees per thread to aim for: enough that one large subtree does not leave the others idle.
const SUBTREES_PER_THREAD: usize = 64;
/// Search nodes a worker counts between two looks at the shared count and the stop flag.
const BATCH: u64 = 1 << 12;
/// Most covers held back at once (about 25 MB for pentomino tilings).
const HELD: u64 = 1 << 18;

/// What one subtree gave: its covers, in order, and whether it was searched to the end.
struct Done {
    index: usize,
    covers: Vec<Vec<usize>>,
    complete: bool,
}

/// What the workers and the calling thread share.
struct Shared {
    explored: AtomicU64,
    /// Cancel, a budget ran out, or enough covers.
    stop: AtomicBool,
    /// Covers found and not yet passed on, and whether there were too many.
    held: AtomicU64,
    crowded: AtomicBool,
}

/// [`super::cover`] on `threads` threads, for a problem the fast search takes.
pub(super) fn search<B: Word + Send + Sync>(
    tables: &Tables<'_, B>,
    threads: usize,
    budget: &Budget,
    on_solution: &mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (CoverEnd, Stats) {
    search_holding(tables, threads, HELD, budget, on_solution, on_progress)
}

/// [`search`] holding back at most `most_held` covers (tests make it small).
pub(super) fn search_holding<B: Word + Send + Sync>(
    tables: &Tables<'_, B>,
    threads: usize,
    most_held: u64,
    budget: &Budget,
    on_solution: &mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (CoverEnd, Stats) {
    let started = Instant::now();
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) if threads > 1 => pool,
        _ => return Fast::new(tables, budget, on_solution, on_progress).run(),
    };
    let (top, top_nodes) = Fast::split(tables, threads * SUBTREES_PER_THREAD);
    let shared = Shared {
        explored: AtomicU64::new(top_nodes),
        stop: AtomicBool::new(false),
        held: AtomicU64::new(0),
        crowded: AtomicBool::new(false),
    };
    let mut out = Out { delivered: 0, share: 0.0, on_solution };
    let mut end = None;
    let mut waiting: BTreeMap<usize, Done> = BTreeMap::new();
    let mut next = 0;
    let mut meter = Meter::new(budget, on_progress).since(started);
    std::thread::scope(|scope| {
        let (sender, results) = channel::<Done>();
        let (top, shared) = (&top, &shared);
        scope.spawn(move || {
            // Front first: the covers are handed on in order, so the earliest subtrees are
            // searched first, and together.
            pool.install(|| {
                front_first(top, |index, entry| {
                    let _ = sender.send(search_subtree(tables, index, entry, shared, most_held, budget));
                });
            });
        });
        supervise(&results, |done: Option<Done>| {
            if let Some(done) = done {
                waiting.insert(done.index, done);
            }
            // Pass on the covers of the subtrees done, in order.
            while end.is_none() {
                match waiting.get(&next) {
                    Some(done) if done.complete => {}
                    // Stopped: by the search's own stop, or by too many covers held (then the
                    // calling thread takes over from here, below).
                    Some(_) if !shared.crowded.load(Ordering::Relaxed) => end = Some(CoverEnd::Stopped),
                    _ => break,
                }
                if let Some(done) = waiting.remove(&next).filter(|_| end.is_none()) {
                    shared.held.fetch_sub(done.covers.len() as u64, Ordering::Relaxed);
                    end = out.hand_on(&done.covers, top[next].weight);
                    next += 1;
                }
            }
            if end.is_none() {
                (meter.stats.stored, meter.stats.done) = (out.delivered, out.share);
                end = match meter.look_up(shared.explored.load(Ordering::Relaxed)) {
                    Ok(()) => None,
                    Err(Halt::Cancelled) => Some(CoverEnd::Stopped),
                    Err(_) => Some(CoverEnd::GaveUp),
                };
            }
            if end.is_some() {
                shared.stop.store(true, Ordering::Relaxed);
            }
            None::<()>
        });
    });
    // Too many covers were held back: the rest on this thread, in order.
    while end.is_none() && next < top.len() {
        match waiting.remove(&next).filter(|done| done.complete) {
            Some(done) => end = out.hand_on(&done.covers, top[next].weight),
            None => {
                let before = (shared.explored.load(Ordering::Relaxed), out.delivered);
                let rest = Budget {
                    max_expansions: budget.max_expansions.saturating_sub(before.0),
                    time_limit: budget.time_limit.map(|t| t.saturating_sub(started.elapsed())),
                    ..*budget
                };
                let share = out.share;
                let (subtree_end, stats) = Fast::resume(
                    tables,
                    &top[next],
                    &rest,
                    &mut |chosen: &[usize]| out.hand_on(&[chosen.to_vec()], 0.0).map_or(Flow::Continue, |_| Flow::Stop),
                    &mut |stats: &Stats| {
                        on_progress(&Stats {
                            explored: before.0 + stats.explored,
                            stored: before.1 + stats.stored,
                            done: share,
                            ..*stats
                        })
                    },
                );
                shared.explored.fetch_add(stats.explored, Ordering::Relaxed);
                out.share += top[next].weight;
                end = (subtree_end != CoverEnd::Complete).then_some(subtree_end);
            }
        }
        next += 1;
    }
    let end = end.unwrap_or(CoverEnd::Complete);
    let stats = Stats {
        explored: shared.explored.load(Ordering::Relaxed),
        stored: out.delivered,
        elapsed_ms: started.elapsed().as_millis() as u64,
        done: if end == CoverEnd::Complete { 1.0 } else { out.share },
        ..Stats::default()
    };
    (end, stats)
}

/// The covers passed on so far, and the share of the tree they stand for (see `Top::weight`).
struct Out<'a> {
    delivered: u64,
    share: f64,
    on_solution: &'a mut dyn FnMut(&[usize]) -> Flow,
}

impl Out<'_> {
    /// Passes on a subtree's covers; Some(Stopped) when the caller has had enough.
    fn hand_on(&mut self, covers: &[Vec<usize>], weight: f64) -> Option<CoverEnd> {
        self.share += weight;
        for chosen in covers {
            self.delivered += 1;
            if (self.on_solution)(chosen) == Flow::Stop {
                return Some(CoverEnd::Stopped);
            }
        }
        None
    }
}

/// One worker's search of one subtree of the top.
fn search_subtree<B: Word>(
    tables: &Tables<'_, B>,
    index: usize,
    entry: &Top<B>,
    shared: &Shared,
    most_held: u64,
    budget: &Budget,
) -> Done {
    let halted = || shared.stop.load(Ordering::Relaxed) || shared.crowded.load(Ordering::Relaxed);
    if entry.subtree.is_none() {
        return Done { index, covers: vec![entry.chosen.clone()], complete: true };
    }
    if halted() {
        return Done { index, covers: Vec::new(), complete: false };
    }
    let mut covers = Vec::new();
    let mut counted = 0;
    let worker_budget = Budget { max_expansions: u64::MAX, time_limit: None, report_every: BATCH, ..*budget };
    let (end, stats) = Fast::resume(
        tables,
        entry,
        &worker_budget,
        &mut |chosen: &[usize]| {
            covers.push(chosen.to_vec());
            if shared.held.fetch_add(1, Ordering::Relaxed) >= most_held {
                shared.crowded.store(true, Ordering::Relaxed);
                return Flow::Stop;
            }
            Flow::Continue
        },
        &mut |stats: &Stats| {
            shared.explored.fetch_add(stats.explored - counted, Ordering::Relaxed);
            counted = stats.explored;
            if halted() {
                Flow::Stop
            } else {
                Flow::Continue
            }
        },
    );
    shared.explored.fetch_add(stats.explored - counted, Ordering::Relaxed);
    Done { index, covers, complete: end == CoverEnd::Complete }
}
