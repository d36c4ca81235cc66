//! One search shared among the page's Workers (issue 13), as plain data so it is tested
//! natively: which requests go to which Worker, and how their progress and reports join into
//! the one search the page shows. The Workers share no memory; each searches its part of the
//! tree ([`Part`]) and the page adds up what they say. An IDA* search goes round by round
//! ([`Splits::ByBound`]): every Worker searches its part at one cost bound, and when all have
//! reported without a solution the page sends the next round, at the least bound they report.
//! Its first round, the start's own bound, runs on Worker 0 alone: it is a moment's search, but
//! the first that needs the pattern tables, which Worker 0 builds (or reads) there and the pool
//! hands to the others before the next round, so they are built once, not in every Worker.

use super::protocol::Request;
use crate::families::{Capabilities, Report, SolveOptions, Splits, Status};
use crate::search::{Part, Stats};

/// How many Workers the page uses by default: the cores the browser reports, at most this.
pub const MOST_WORKERS: usize = 8;

/// How many parts a solve is split into on a page with `workers` Workers: all of them when the
/// puzzle can split the search asked for ([`Capabilities::splits`]), else one.
pub fn parts_for(capabilities: &Capabilities, options: &SolveOptions, workers: usize) -> usize {
    match capabilities.splits(options) {
        Splits::No => 1,
        Splits::Once | Splits::ByBound => workers.clamp(1, MOST_WORKERS),
    }
}

/// A solve running on `parts` Workers: their latest figures, and the reports in so far.
#[derive(Debug)]
pub struct Split {
    progress: Vec<Stats>,
    reports: Vec<Option<Report>>,
    /// A search that goes bound by bound: what the next round's requests are made from.
    rounds: Option<Rounds>,
}

#[derive(Debug)]
struct Rounds {
    job: u32,
    family: String,
    text: String,
    options: SolveOptions,
    /// The Workers sharing the rounds after the first.
    workers: usize,
    /// The figures of the rounds done.
    done: Stats,
}

/// What the page does after a part's report.
#[derive(Debug)]
pub enum Step {
    /// Waits for the other parts.
    Wait,
    /// Shows the whole search's report.
    Whole(Box<Report>),
    /// Sends the next round, one request to each Worker in order.
    Again(Vec<Request>),
}

impl Split {
    /// The requests for a solve in `parts` parts, one for each Worker in order (a whole solve
    /// when there is one part); a search that `splits` bound by bound starts at its first bound,
    /// on Worker 0 alone (as part 1 of 1, so that it ends with that bound).
    pub fn start(job: u32, family: &str, text: &str, options: &SolveOptions, parts: usize, splits: Splits) -> (Split, Vec<Request>) {
        let options = SolveOptions { bound: None, ..options.clone() };
        let rounds = (splits == Splits::ByBound && parts > 1).then(|| Rounds { job, family: family.to_string(), text: text.to_string(), options: options.clone(), workers: parts, done: Stats::default() });
        let requests = match rounds {
            Some(_) => vec![request(job, family, text, &options, Some(Part { index: 0, of: 1 }))],
            None => requests(job, family, text, &options, parts),
        };
        let first = requests.len();
        (Split { progress: vec![Stats::default(); first], reports: vec![None; first], rounds }, requests)
    }

    /// The Workers the search is shared among (its first round may use fewer).
    pub fn parts(&self) -> usize {
        self.rounds.as_ref().map_or(self.reports.len(), |rounds| rounds.workers)
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
        self.so_far(Stats::joined(&self.progress))
    }

    /// In a round bound by bound, once a part has found a goal: the whole search's report as
    /// soon as every part still searching has passed the subtree of that goal (their progress
    /// says where they are), since none can then find an earlier one. The search that splits
    /// once, or a round not yet settled, answers None. The page then stops the Workers still
    /// searching: the rest of their share would be work the sequential search never does.
    pub fn settled(&mut self) -> Option<Box<Report>> {
        self.rounds.as_ref()?;
        let found = self.reports.iter().flatten().filter(|r| r.status == Status::Solved).filter_map(|r| r.first_at).min()?;
        let passed = self.reports.iter().zip(&self.progress).all(|(report, stats)| report.is_some() || stats.at.is_some_and(|at| at > found));
        if !passed {
            return None;
        }
        let mut joined = Report::joined(self.reports.iter().flatten().cloned().collect())?;
        joined.stats = self.so_far(Stats::joined(&self.progress));
        joined.beyond = None;
        Some(Box::new(joined))
    }

    /// This round's figures after the rounds done.
    fn so_far(&self, round: Stats) -> Stats {
        match &self.rounds {
            Some(Rounds { done, .. }) => Stats { explored: done.explored + round.explored, elapsed_ms: done.elapsed_ms + round.elapsed_ms, ..round },
            None => round,
        }
    }

    /// Part `part`'s report. Once every part has reported: the whole search's report, or, for a
    /// search bound by bound that found nothing within this bound, the next round. A part that
    /// was cancelled or gave up ends the whole search at once (the others' work is lost anyway,
    /// and the page stops them).
    pub fn finished(&mut self, part: usize, report: Report) -> Step {
        let ends_all = matches!(report.status, Status::Cancelled | Status::GaveUp);
        if let Some(slot) = self.reports.get_mut(part) {
            self.progress[part] = report.stats;
            *slot = Some(report);
        }
        if !ends_all && self.waiting() {
            return match self.settled() {
                Some(report) => Step::Whole(report),
                None => Step::Wait,
            };
        }
        let Some(mut joined) = Report::joined(self.reports.iter().flatten().cloned().collect()) else { return Step::Wait };
        joined.stats = self.so_far(joined.stats);
        if let (Some(rounds), Status::Unsolved, Some(bound)) = (&mut self.rounds, joined.status, joined.beyond) {
            rounds.done = joined.stats;
            rounds.options.bound = Some(bound);
            let parts = rounds.workers;
            self.reports = vec![None; parts];
            self.progress = vec![Stats::default(); parts];
            return Step::Again(requests(rounds.job, &rounds.family, &rounds.text, &rounds.options, parts));
        }
        joined.beyond = None;
        if let Some(reason) = joined.reason.as_mut().filter(|_| self.parts() > 1) {
            reason.push_str(&format!(", in one of the {} Workers sharing the search", self.parts()));
        }
        Step::Whole(Box::new(joined))
    }
}

/// One request per part, in part order (the whole search when there is one part).
fn requests(job: u32, family: &str, text: &str, options: &SolveOptions, parts: usize) -> Vec<Request> {
    (0..parts).map(|index| request(job, family, text, options, (parts > 1).then_some(Part { index, of: parts }))).collect()
}

/// The request to solve `part` of the search (None: all of it).
fn request(job: u32, family: &str, text: &str, options: &SolveOptions, part: Option<Part>) -> Request {
    Request::Solve { job, family: family.to_string(), text: text.to_string(), options: SolveOptions { part, ..options.clone() } }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::{self, Counts, SolveMode, Status};
    use crate::search::{Flow, Method};
    use crate::web::protocol::{handle, Reply};

    const RECT_6X10: &str = "..........\n..........\n..........\n..........\n..........\n..........\n";

    /// Runs `requests` one after another as the Workers would, handing the replies to `split`
    /// in an interleaved order, round after round; returns the joined report, the progress seen
    /// and the number of rounds.
    fn run(mut split: Split, mut requests: Vec<Request>) -> (Report, Vec<Stats>, usize) {
        let (mut seen, mut rounds) = (Vec::new(), 0);
        loop {
            rounds += 1;
            let mut replies: Vec<(usize, Reply)> = Vec::new();
            for (part, request) in requests.drain(..).enumerate() {
                handle(request, 0.0, &|| 1.0, &crate::web::protocol::no_pictures, &mut |reply| replies.push((part, reply)));
            }
            // The last part first: reports may come in any order.
            replies.sort_by_key(|(part, reply)| (matches!(reply, Reply::Finished { .. }), std::cmp::Reverse(*part)));
            let mut step = None;
            for (part, reply) in replies {
                match reply {
                    Reply::Progress { stats, .. } => seen.push(split.progress(part, stats)),
                    Reply::Finished { report, .. } => {
                        assert!(step.is_none(), "the round ends once, after the last part");
                        match split.finished(part, report) {
                            Step::Wait => {}
                            other => step = Some(other),
                        }
                    }
                    other => panic!("{other:?}"),
                }
            }
            match step.expect("every part reported") {
                Step::Whole(report) => return (*report, seen, rounds),
                Step::Again(next) => requests = next,
                Step::Wait => unreachable!(),
            }
        }
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
            let (split, requests) = Split::start(5, "tiling", RECT_6X10, &options, parts, Splits::Once);
            assert_eq!(split.parts(), workers);
            let (report, seen, rounds) = run(split, requests);
            assert_eq!(rounds, 1);
            assert_eq!((report.status, report.counts, &report.moves), (Status::Solved, whole.counts, &whole.moves), "{workers} workers");
            assert!(seen.windows(2).all(|w| w[0].explored <= w[1].explored), "progress only grows");
            assert!(seen.iter().all(|s| s.done <= 1.0));
        }
    }

    /// IDA* shared among 2 and 3 Workers, bound by bound: the moves of the search on one, on a
    /// 4x3 puzzle of 35 moves (from `puzzlelab generate npuzzle --size 4x3 --seed 3`).
    #[test]
    fn idastar_on_several_workers_goes_bound_by_bound_to_the_same_moves() {
        let text = " 4  6  3 11\n10  9  5  _\n 1  7  8  2\n";
        let puzzle = families::parse(None, text).unwrap();
        let options = SolveOptions::default();
        let whole = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        assert_eq!((whole.status, whole.moves.len(), whole.method), (Status::Solved, 35, Method::Idastar));
        assert_eq!(puzzle.capabilities().splits(&options), Splits::ByBound);
        for workers in [2, 3] {
            let (split, requests) = Split::start(7, "npuzzle", text, &options, workers, Splits::ByBound);
            // The start's bound on Worker 0 alone (it builds the tables the others are sent).
            assert_eq!(split.parts(), workers);
            let [Request::Solve { options: first, .. }] = &requests[..] else { panic!("{requests:?}") };
            assert_eq!((first.part, first.bound), (Some(Part { index: 0, of: 1 }), None));
            let (report, seen, rounds) = run(split, requests);
            assert_eq!((report.status, &report.moves, report.beyond), (Status::Solved, &whole.moves, None), "{workers} workers");
            assert!(rounds > 1, "{rounds} rounds");
            assert!(report.stats.explored >= seen.iter().map(|s| s.explored).max().unwrap_or(0), "figures add up across rounds");
        }
        // Another method than IDA* stays on one Worker.
        let bfs = SolveOptions { method: Method::Bfs, ..SolveOptions::default() };
        assert_eq!(parts_for(&puzzle.capabilities(), &bfs, 4), 1);
    }

    /// Once a part found a goal in subtree 5, the round is settled when the other part's
    /// progress is past subtree 5 (it cannot find an earlier goal), not before.
    #[test]
    fn a_bound_is_settled_once_every_part_searching_is_past_the_goal() {
        let (mut split, first) = Split::start(3, "npuzzle", "1 2\n_ 3\n", &SolveOptions::default(), 2, Splits::ByBound);
        assert_eq!(first.len(), 1, "the first bound runs on Worker 0 alone");
        let nothing = Report { status: Status::Unsolved, beyond: Some(3), ..Report::new("npuzzle", "unit", Method::Idastar, Stats::default()) };
        let Step::Again(second) = split.finished(0, nothing) else { panic!("the next bound") };
        assert_eq!(second.len(), 2, "then both Workers share each bound");
        let found = Report { status: Status::Solved, moves: vec!["3".into()], first_at: Some(5), ..Report::new("npuzzle", "unit", Method::Idastar, Stats::default()) };
        assert!(matches!(split.finished(0, found), Step::Wait), "part 1 may still find an earlier goal");
        split.progress(1, Stats { at: Some(3), explored: 10, ..Stats::default() });
        assert!(split.settled().is_none());
        split.progress(1, Stats { at: Some(7), explored: 20, ..Stats::default() });
        let report = split.settled().expect("part 1 is past subtree 5");
        assert_eq!((report.status, report.moves.clone(), report.stats.explored), (Status::Solved, vec!["3".to_string()], 20));
        // A count (split once) never settles early.
        let (mut once, _) = Split::start(3, "tiling", RECT_6X10, &SolveOptions::default(), 2, Splits::Once);
        let _ = once.finished(0, Report { status: Status::Solved, first_at: Some(0), ..Report::new("tiling", "pieces", Method::Dfs, Stats::default()) });
        once.progress(1, Stats { at: Some(9), ..Stats::default() });
        assert!(once.settled().is_none());
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
        let (mut split, requests) = Split::start(1, "tiling", RECT_6X10, &options, 2, Splits::Once);
        let mut reports = Vec::new();
        for request in requests {
            handle(request, 1e9, &|| 1.0, &crate::web::protocol::no_pictures, &mut |reply| {
                if let Reply::Finished { report, .. } = reply {
                    reports.push(report)
                }
            });
        }
        assert_eq!(reports[1].status, Status::GaveUp);
        let Step::Whole(joined) = split.finished(1, reports.remove(1)) else { panic!("a part that gave up ends it") };
        let joined = *joined;
        assert!(split.waiting(), "the other part is still searching: the page stops it");
        assert_eq!((joined.status, joined.counts), (Status::GaveUp, None));
        assert!(joined.reason.as_deref().is_some_and(|r| r.starts_with("gave up after") && r.ends_with(", in one of the 2 Workers sharing the search")), "{:?}", joined.reason);
    }
}
