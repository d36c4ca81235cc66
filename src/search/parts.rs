//! The parts of one search ([`Part`]) on as many threads (native), for searches whose parts do
//! their own work on what they find: a tiling count checks each tiling's symmetry in the part
//! that found it, where the threads of `cover/parallel.rs` hand every cover to one thread in
//! order (which made a count of millions of tilings slower on two threads than on one). The
//! calling thread does none of the search: it supervises them (`supervise`), reporting the
//! parts' joined progress and passing Stop (Cancel) on to them.
//!
//! Also the one way the split searches that must go in order (tile IDA*, covers handed on in
//! order) hand their subtrees to a pool's threads: [`front_first`].

use super::meter::supervise;
use super::{Flow, Part, Stats};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::channel;
use std::sync::Mutex;

/// Calls `visit(index, item)` for every item, on every thread of the rayon pool it runs in, each
/// thread taking the next item not yet taken (front first). The split searches that must finish
/// every subtree before the one holding the answer (IDA*'s first goal; covers handed on in
/// order) then search those together, where a parallel iterator would give each thread a half
/// of the list and leave one alone on the first half.
pub fn front_first<T: Sync>(items: &[T], visit: impl Fn(usize, &T) + Sync) {
    let next = AtomicUsize::new(0);
    rayon::broadcast(|_| loop {
        let index = next.fetch_add(1, Ordering::Relaxed);
        let Some(item) = items.get(index) else { return };
        visit(index, item);
    });
}

/// Runs `search(part, on_progress)` for each of `of` parts on its own thread and returns what
/// each gave, in part order. `on_progress` sees the parts' figures joined ([`Stats::joined`]);
/// when it says Stop, every part's progress callback says Stop from then on.
pub fn run_parts<R: Send>(
    of: usize,
    search: impl Fn(Part, &mut dyn FnMut(&Stats) -> Flow) -> R + Sync,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Vec<R> {
    let figures = Mutex::new(vec![Stats::default(); of]);
    let stop = AtomicBool::new(false);
    let (search, figures, stop) = (&search, &figures, &stop);
    std::thread::scope(|scope| {
        let (sender, ended) = channel::<()>();
        let handles: Vec<_> = (0..of)
            .map(|index| {
                let sender = sender.clone();
                scope.spawn(move || {
                    let result = search(Part { index, of }, &mut |stats: &Stats| {
                        if let Ok(mut figures) = figures.lock() {
                            figures[index] = *stats;
                        }
                        if stop.load(Ordering::Relaxed) {
                            Flow::Stop
                        } else {
                            Flow::Continue
                        }
                    });
                    let _ = sender.send(());
                    result
                })
            })
            .collect();
        drop(sender);
        // Until every part has ended (its sender gone); each part keeps its own budget.
        supervise(&ended, |part_ended| {
            if part_ended.is_none() {
                let joined = figures.lock().map(|f| Stats::joined(f.iter())).unwrap_or_default();
                if on_progress(&joined) == Flow::Stop {
                    stop.store(true, Ordering::Relaxed);
                }
            }
            None::<()>
        });
        // A part that panicked takes the search down with it, as on one thread.
        handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn every_part_runs_once_and_stop_reaches_them_all() {
        let seen = run_parts(3, |part, _| part, &mut |_| Flow::Continue);
        assert_eq!(seen, (0..3).map(|index| Part { index, of: 3 }).collect::<Vec<_>>());
        // Parts that run until told to stop: Stop from the caller's progress ends each of them.
        let stopped = run_parts(
            2,
            |part, on_progress| {
                let mut rounds = 0u64;
                while on_progress(&Stats { explored: rounds, ..Stats::default() }) == Flow::Continue {
                    rounds += 1;
                    std::thread::sleep(Duration::from_millis(1));
                }
                part.index
            },
            &mut |joined: &Stats| if joined.explored > 20 { Flow::Stop } else { Flow::Continue },
        );
        assert_eq!(stopped, [0, 1]);
    }
}
