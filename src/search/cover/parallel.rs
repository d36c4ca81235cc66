//! The fast exact cover spread over several threads (native only: the page has no threads).
//!
//! The top of the tree is first listed on one thread, down to a depth where there are a few
//! dozen subtrees per thread, in the order the sequential search enters them. The subtrees are
//! then searched in parallel (rayon), each by its own search over the shared tables, and each
//! hands back the covers it found. The calling thread passes them on in the listed order, so the
//! caller sees exactly the covers of the sequential search, in the same order: the same counts,
//! the same first cover, the same list. A subtree's covers wait until every earlier subtree is
//! done. Meanwhile the calling thread reports progress every 50 ms, enforces the budgets, and
//! passes Stop (Cancel, or enough covers) on to the workers through a flag.

use super::fast::{Fast, Tables};
use super::word::Word;
use super::CoverEnd;
use crate::search::meter::{Budget, Flow, Stats};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{channel, RecvTimeoutError};
use std::time::Duration;
use web_time::Instant;

/// Subtrees per thread to aim for: enough that one large subtree does not leave the others idle.
const SUBTREES_PER_THREAD: usize = 64;
/// Search nodes a worker counts between two looks at the shared count and the stop flag.
const BATCH: u64 = 1 << 12;

/// What one subtree gave: its covers, in order, and whether it was searched to the end.
struct Done {
    index: usize,
    covers: Vec<Vec<usize>>,
    complete: bool,
}

/// [`super::cover`] on `threads` threads, for a problem the fast search takes.
pub(super) fn search<B: Word + Send + Sync>(
    tables: &Tables<B>,
    threads: usize,
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
    let explored = AtomicU64::new(top_nodes);
    let stop = AtomicBool::new(false);
    let mut delivered = 0u64;
    // The share of the tree whose covers have been passed on (see `Top::weight`).
    let mut share = 0.0;
    let mut end = None;
    let mut waiting: BTreeMap<usize, Done> = BTreeMap::new();
    let mut next = 0;
    std::thread::scope(|scope| {
        let (sender, results) = channel::<Done>();
        let (top, explored, stop) = (&top, &explored, &stop);
        scope.spawn(move || {
            pool.install(|| {
                top.par_iter().enumerate().for_each_with(sender, |sender, (index, entry)| {
                    let done = match entry.subtree {
                        None => Done { index, covers: vec![entry.chosen.clone()], complete: true },
                        Some(_) if stop.load(Ordering::Relaxed) => Done { index, covers: Vec::new(), complete: false },
                        Some(_) => {
                            let mut covers = Vec::new();
                            let mut counted = 0;
                            let worker_budget = Budget { max_states: u64::MAX, time_limit: None, report_every: BATCH, ..*budget };
                            let (subtree_end, stats) = Fast::resume(
                                tables,
                                entry,
                                &worker_budget,
                                &mut |chosen: &[usize]| {
                                    covers.push(chosen.to_vec());
                                    Flow::Continue
                                },
                                &mut |stats: &Stats| {
                                    explored.fetch_add(stats.explored - counted, Ordering::Relaxed);
                                    counted = stats.explored;
                                    if stop.load(Ordering::Relaxed) {
                                        Flow::Stop
                                    } else {
                                        Flow::Continue
                                    }
                                },
                            );
                            explored.fetch_add(stats.explored - counted, Ordering::Relaxed);
                            Done { index, covers, complete: subtree_end == CoverEnd::Complete }
                        }
                    };
                    let _ = sender.send(done);
                });
            });
        });
        let mut reported = Instant::now();
        loop {
            let received = results.recv_timeout(Duration::from_millis(50));
            match received {
                Ok(done) => {
                    waiting.insert(done.index, done);
                }
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {}
            }
            // Pass on the covers of the subtrees done, in order.
            while end.is_none() {
                let Some(done) = waiting.remove(&next) else { break };
                next += 1;
                if !done.complete {
                    end = Some(CoverEnd::Stopped);
                    break;
                }
                share += top[done.index].weight;
                for chosen in &done.covers {
                    delivered += 1;
                    if on_solution(chosen) == Flow::Stop {
                        end = Some(CoverEnd::Stopped);
                        break;
                    }
                }
            }
            if end.is_none() {
                let nodes = explored.load(Ordering::Relaxed);
                if nodes > budget.max_states || budget.time_limit.is_some_and(|t| started.elapsed() > t) {
                    end = Some(CoverEnd::GaveUp);
                } else if reported.elapsed() >= Duration::from_millis(50) {
                    reported = Instant::now();
                    let stats = Stats { explored: nodes, stored: delivered, elapsed_ms: started.elapsed().as_millis() as u64, done: share, ..Stats::default() };
                    if on_progress(&stats) == Flow::Stop {
                        end = Some(CoverEnd::Stopped);
                    }
                }
            }
            if end.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
        }
    });
    let end = end.unwrap_or(CoverEnd::Complete);
    let stats = Stats {
        explored: explored.load(Ordering::Relaxed),
        stored: delivered,
        elapsed_ms: started.elapsed().as_millis() as u64,
        done: if end == CoverEnd::Complete { 1.0 } else { share },
        ..Stats::default()
    };
    (end, stats)
}
