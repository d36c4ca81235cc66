//! One search shared among the page's Workers (issue 13), as plain data so it is tested
//! natively: which requests go to which Worker, and how their progress and reports join into
//! the one search the page shows. The Workers share no memory; each searches its part of the
//! tree ([`Part`]) and the page adds up what they say.

use super::protocol::Request;
use crate::families::{Capabilities, Report, SolveOptions};
use crate::search::{Part, Stats};

/// How many Workers the page uses by default: the cores the browser reports, at most this.
pub const MOST_WORKERS: usize = 8;

/// How many parts a solve is split into on a page with `workers` Workers: all of them when the
/// puzzle can split its search in the mode asked for ([`Capabilities::parts`]), else one.
pub fn parts_for(capabilities: &Capabilities, options: &SolveOptions, workers: usize) -> usize {
    if capabilities.parts.contains(&options.mode) {
        workers.clamp(1, MOST_WORKERS)
    } else {
        1
    }
}

/// A solve running on `parts` Workers: their latest figures, and the reports in so far.
#[derive(Debug)]
pub struct Split {
    progress: Vec<Stats>,
    reports: Vec<Option<Report>>,
}

impl Split {
    /// The requests for a solve in `parts` parts, one for each Worker in order (a whole solve
    /// when there is one part).
    pub fn start(job: u32, family: &str, text: &str, options: &SolveOptions, parts: usize) -> (Split, Vec<Request>) {
        let requests = (0..parts)
            .map(|index| {
                let part = (parts > 1).then_some(Part { index, of: parts });
                Request::Solve { job, family: family.to_string(), text: text.to_string(), options: SolveOptions { part, ..options.clone() } }
            })
            .collect();
        (Split { progress: vec![Stats::default(); parts], reports: vec![None; parts] }, requests)
    }

    pub fn parts(&self) -> usize {
        self.reports.len()
    }

    /// Whether some part has not reported yet.
    pub fn waiting(&self) -> bool {
        self.reports.iter().any(Option::is_none)
    }

    /// Part `part`'s progress; returns the whole search's.
    pub fn progress(&mut self, part: usize, stats: Stats) -> Stats {
        if let Some(slot) = self.progress.get_mut(part) {
            *slot = stats;
        }
        Stats::joined(&self.progress)
    }

    /// Part `part`'s report; returns the whole search's once every part has reported. A part
    /// that was cancelled or gave up ends the whole search at once (the others' work is lost
    /// anyway, and the page stops them).
    pub fn finished(&mut self, part: usize, report: Report) -> Option<Report> {
        let ends_all = matches!(report.status, crate::families::Status::Cancelled | crate::families::Status::GaveUp);
        if let Some(slot) = self.reports.get_mut(part) {
            self.progress[part] = report.stats;
            *slot = Some(report);
        }
        if !ends_all && self.waiting() {
            return None;
        }
        let mut joined = Report::joined(self.reports.iter().flatten().cloned().collect())?;
        if let Some(reason) = joined.reason.as_mut().filter(|_| self.parts() > 1) {
            reason.push_str(&format!(", in one of the {} Workers sharing the search", self.parts()));
        }
        Some(joined)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::{self, Counts, SolveMode, Status};
    use crate::search::Flow;
    use crate::web::protocol::{handle, Reply};

    const RECT_6X10: &str = "..........\n..........\n..........\n..........\n..........\n..........\n";

    /// Runs `requests` one after another as the Workers would, handing the replies to `split`
    /// in an interleaved order; returns the joined report and the progress seen.
    fn run(mut split: Split, requests: Vec<Request>) -> (Report, Vec<Stats>) {
        let mut replies: Vec<(usize, Reply)> = Vec::new();
        for (part, request) in requests.into_iter().enumerate() {
            handle(request, 0.0, &|| 1.0, &crate::web::protocol::no_pictures, &mut |reply| replies.push((part, reply)));
        }
        // The last part first: reports may come in any order.
        replies.sort_by_key(|(part, reply)| (matches!(reply, Reply::Finished { .. }), std::cmp::Reverse(*part)));
        let (mut seen, mut joined) = (Vec::new(), None);
        for (part, reply) in replies {
            match reply {
                Reply::Progress { stats, .. } => seen.push(split.progress(part, stats)),
                Reply::Finished { report, .. } => {
                    assert!(joined.is_none(), "the whole report comes once, after the last part");
                    joined = split.finished(part, report);
                }
                other => panic!("{other:?}"),
            }
        }
        (joined.expect("every part reported"), seen)
    }

    #[test]
    fn a_count_on_several_workers_is_the_count_on_one() {
        let puzzle = families::parse(Some("tiling"), RECT_6X10).unwrap();
        let options = SolveOptions { mode: SolveMode::Count, ..SolveOptions::default() };
        let whole = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        assert_eq!(whole.counts, Some(Counts { raw: 9356, distinct: 2339 }));
        for workers in [1, 2, 3] {
            let parts = parts_for(&puzzle.capabilities(), &options, workers);
            assert_eq!(parts, workers);
            let (split, requests) = Split::start(5, "tiling", RECT_6X10, &options, parts);
            assert_eq!(split.parts(), workers);
            let (report, seen) = run(split, requests);
            assert_eq!((report.status, report.counts, &report.moves), (Status::Solved, whole.counts, &whole.moves), "{workers} workers");
            assert!(seen.windows(2).all(|w| w[0].explored <= w[1].explored), "progress only grows");
            assert!(seen.iter().all(|s| s.done <= 1.0));
        }
    }

    #[test]
    fn only_searches_that_split_are_shared() {
        let tiling = families::parse(Some("tiling"), RECT_6X10).unwrap().capabilities();
        let klotski = families::parse(None, "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n").unwrap().capabilities();
        let first = SolveOptions::default();
        let count = SolveOptions { mode: SolveMode::Count, ..SolveOptions::default() };
        assert_eq!(parts_for(&tiling, &first, 4), 1, "one tiling is found at once");
        assert_eq!(parts_for(&tiling, &count, 4), 4);
        assert_eq!(parts_for(&tiling, &count, 100), MOST_WORKERS);
        assert_eq!(parts_for(&klotski, &count, 4), 1);
        // A Worker refuses a part of a search that cannot split, rather than search it all.
        let request = Request::Solve { job: 1, family: "auto".into(), text: "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n".into(), options: SolveOptions { part: Some(Part { index: 0, of: 2 }), ..first } };
        let mut replies = Vec::new();
        handle(request, 0.0, &|| 1.0, &crate::web::protocol::no_pictures, &mut |reply| replies.push(reply));
        assert!(matches!(&replies[..], [Reply::Failed { .. }]), "{replies:?}");
    }

    #[test]
    fn a_part_that_gives_up_ends_the_whole_search() {
        let options = SolveOptions { mode: SolveMode::Count, max_states: Some(50_000), ..SolveOptions::default() };
        let (mut split, requests) = Split::start(1, "tiling", RECT_6X10, &options, 2);
        let mut reports = Vec::new();
        for request in requests {
            handle(request, 1e9, &|| 1.0, &crate::web::protocol::no_pictures, &mut |reply| {
                if let Reply::Finished { report, .. } = reply {
                    reports.push(report)
                }
            });
        }
        assert_eq!(reports[1].status, Status::GaveUp);
        let joined = split.finished(1, reports.remove(1)).expect("a part that gave up ends it");
        assert!(split.waiting(), "the other part is still searching: the page stops it");
        assert_eq!((joined.status, joined.counts), (Status::GaveUp, None));
        assert!(joined.reason.as_deref().is_some_and(|r| r.starts_with("gave up after") && r.ends_with(", in one of the 2 Workers sharing the search")), "{:?}", joined.reason);
    }
}
