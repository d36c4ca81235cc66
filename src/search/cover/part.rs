//! One part of the fast exact cover, for a search split across processes that share no memory
//! (the page's Workers). Every part lists the top of the tree as the parallel search does, in
//! the order the sequential search enters it, for the same number of subtrees whatever the
//! part, and searches only the subtrees [`Part::takes`]: the parts' covers together are the
//! sequential search's, each found by exactly one part. No part can take work from another once
//! started, so the subtrees are many (1,024 a part) and dealt out at random but alike in every
//! part (a hash of their number): each part gets its share of the large ones. Measured on
//! 6x10 with two parts: 64 subtrees a part dealt in turn gave the parts 57% and 43% of the
//! nodes; hashed, 1,024 a part, 51% and 49%, for 1.8x on two Workers.

use super::fast::{Fast, Tables};
use super::word::Word;
use super::CoverEnd;
use crate::search::meter::{Budget, Flow, Stats};
use crate::search::Part;
use web_time::Instant;

/// Subtrees listed per part: enough that the parts end at about the same time.
const SUBTREES_PER_PART: usize = 1024;

/// Searches the subtrees of `part`, handing on its covers in the sequential search's order.
/// Returns how it ended, its figures (the nodes above the subtrees are counted by part 0 only,
/// so that the parts' figures add up to the whole search's) and where its first cover comes in
/// the whole search's order (the number of the listed subtree it is in).
pub(super) fn search<B: Word>(
    tables: &Tables<'_, B>,
    part: Part,
    budget: &Budget,
    on_solution: &mut dyn FnMut(&[usize]) -> Flow,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (CoverEnd, Stats, Option<u64>) {
    let started = Instant::now();
    let (top, top_nodes) = Fast::split(tables, part.of * SUBTREES_PER_PART);
    let mut explored = if part.index == 0 { top_nodes } else { 0 };
    // The listed places stand for less than the whole tree where branches were cut above them:
    // shares are of what they stand for, so that the parts' shares add up to 1.
    let whole: f64 = top.iter().map(|entry| entry.weight).sum();
    let (mut found, mut first_at, mut share) = (0, None, 0.0);
    let mut next_report = budget.report_every.max(1);
    for (n, entry) in top.iter().enumerate().filter(|(n, _)| part.takes(*n)) {
        let rest = Budget {
            max_expansions: budget.max_expansions.saturating_sub(explored),
            time_limit: budget.time_limit.map(|t| t.saturating_sub(started.elapsed())),
            ..*budget
        };
        let before = (explored, found);
        let mut on_cover = |chosen: &[usize]| {
            found += 1;
            first_at.get_or_insert(n as u64);
            on_solution(chosen)
        };
        let (end, stats) = match entry.subtree {
            Some(_) => Fast::resume(tables, entry, &rest, &mut on_cover, &mut |stats: &Stats| {
                on_progress(&Stats {
                    explored: before.0 + stats.explored,
                    stored: before.1 + stats.stored,
                    elapsed_ms: started.elapsed().as_millis() as u64,
                    done: (share + stats.done * entry.weight) / whole,
                    ..*stats
                })
            }),
            // A cover found in the top itself.
            None => match on_cover(&entry.chosen) {
                Flow::Stop => (CoverEnd::Stopped, Stats::default()),
                Flow::Continue => (CoverEnd::Complete, Stats::default()),
            },
        };
        explored += stats.explored;
        share += entry.weight;
        // Most subtrees are smaller than the budget's reporting interval, so the budgets and
        // progress are also looked at here, between them.
        let mut end = end;
        if end == CoverEnd::Complete && explored >= next_report {
            next_report = explored + budget.report_every.max(1);
            if explored > budget.max_expansions || budget.time_limit.is_some_and(|t| started.elapsed() > t) {
                end = CoverEnd::GaveUp;
            } else if on_progress(&figures(explored, found, &started, share / whole)) == Flow::Stop {
                end = CoverEnd::Stopped;
            }
        }
        if end != CoverEnd::Complete {
            return (end, figures(explored, found, &started, share / whole), first_at);
        }
    }
    (CoverEnd::Complete, figures(explored, found, &started, share / whole), first_at)
}

fn figures(explored: u64, found: u64, started: &Instant, done: f64) -> Stats {
    Stats { explored, stored: found, elapsed_ms: started.elapsed().as_millis() as u64, done, ..Stats::default() }
}
