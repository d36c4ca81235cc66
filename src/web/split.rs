//! One search shared among the page's Workers, as plain data so it is tested
//! natively: which requests go to which Worker, and how their progress and reports join into
//! the one search the page shows. The Workers share no memory; each searches its part of the
//! tree ([`Part`]) and the page adds up what they say. An IDA* search goes round by round
//! ([`Splits::ByBound`]): the Workers search the round's parts at one cost bound, several parts
//! each, a Worker taking the next part when it reports one ([`Step::Next`]), and when all parts
//! have reported without a solution the page sends the next round, at the least bound they
//! report.
//! Before its first bound, a round makes the pattern tables ready ([`SolveOptions::prepare`]):
//! each Worker builds (or finds kept) every `of`-th pattern and the pool hands each pattern to
//! the others, so the tables are built once, side by side, not in every Worker. The first bound,
//! the start's own, then runs on Worker 0 alone: it is a moment's search.

use super::protocol::Request;
use crate::families::{Beside, Capabilities, Report, SolveOptions, Splits, Status};
use crate::search::{Part, Stats};

/// How many Workers the page uses by default: the cores the browser reports, at most this.
pub const MOST_WORKERS: usize = 8;

/// A round bound by bound that took less than this is followed by one on Worker 0 alone: the
/// next bound's search is a few times larger, still too small to gain from being shared, and
/// every part costs messages and a listing of the top of the tree.
pub const SHORT_ROUND_MS: u64 = 50;

/// How many Workers a solve is shared among on a page with `workers` Workers: all of them when
/// the puzzle can split the search asked for ([`Capabilities::splits`]), else one.
pub fn parts_for(capabilities: &Capabilities, options: &SolveOptions, workers: usize) -> usize {
    match capabilities.splits(options) {
        Splits::No => 1,
        Splits::Once | Splits::ByBound { .. } => workers.clamp(1, MOST_WORKERS),
        Splits::Beside { seeds } => workers.clamp(1, beside_workers(seeds)),
    }
}

/// The memory `auto`'s searches side by side share, unless a budget is asked for: what two
/// Workers held each before there were more (1 GiB), so that more Workers hold no more in all.
pub const BESIDE_MEMORY: u64 = 2 << 30;

/// The most Workers `auto`'s searches side by side use: the proof's and one for each search for
/// any solution (`seeds` of them), at most [`MOST_WORKERS`].
fn beside_workers(seeds: u32) -> usize {
    usize::try_from(seeds).unwrap_or(usize::MAX).saturating_add(1).min(MOST_WORKERS)
}

/// A solve shared among Workers: the round's parts (each part's latest figures and report),
/// which Worker searches which part, and what the next parts' requests are made from.
#[derive(Debug)]
pub struct Split {
    job: u32,
    family: String,
    text: String,
    /// The round's options (for a search bound by bound, the round's bound).
    options: SolveOptions,
    workers: usize,
    /// Whether the search goes bound by bound.
    by_bound: bool,
    /// For `auto`'s searches side by side ([`Splits::Beside`]), how many searches for any
    /// solution there may be (its seeds); 0 for any other search. Part 0 is the proof, part `n`
    /// the search for any solution whose ties are broken by seed `n - 1`. Once the proof has
    /// given up, its Worker takes the next seed as one more part, if there is one.
    seeds: u32,
    /// Parts per Worker in a round bound by bound: a Worker whose part is done takes the next
    /// one no Worker has had, so a part that turns out large does not leave the other Workers
    /// waiting at the bound. (A count keeps one part per Worker: each part lists the top of the
    /// tree again, deeper the more parts there are, which on 6x10 cost more than the balance
    /// gave.)
    parts_per_worker: usize,
    /// Rounds shorter than this are followed by one on Worker 0 alone ([`SHORT_ROUND_MS`]).
    short_round_ms: u64,
    /// Whether the round makes the tables ready rather than searching (the first of a search
    /// bound by bound).
    preparing: bool,
    /// Per part of the round (one for a search not shared and for the first bound): its latest
    /// figures and its report.
    progress: Vec<Stats>,
    reports: Vec<Option<Report>>,
    /// Per Worker: the part it searches now, and how long its earlier parts of the round took.
    on: Vec<Option<usize>>,
    before: Vec<u64>,
    /// The first part no Worker has had yet.
    next: usize,
    /// The figures of the rounds done.
    done: Stats,
}

/// What the page does after a part's report.
#[derive(Debug)]
pub enum Step {
    /// Waits for the other parts.
    Wait,
    /// Gives the Worker that reported its next part.
    Next(Box<Request>),
    /// Shows the whole search's report.
    Whole(Box<Report>),
    /// Sends the next round, one request to each Worker in order.
    Again(Vec<Request>),
}

impl Split {
    /// The requests that start a solve shared among `workers` Workers, one for each Worker in
    /// order (a whole solve when there is one); a search that `splits` bound by bound starts
    /// with a round that makes its tables ready, a share on each Worker.
    pub fn start(
        job: u32,
        family: &str,
        text: &str,
        options: &SolveOptions,
        workers: usize,
        splits: Splits,
    ) -> (Split, Vec<Request>) {
        let (by_bound, parts_per_worker) = match splits {
            Splits::ByBound { parts_per_worker } => (workers > 1, parts_per_worker.max(1)),
            _ => (false, 1),
        };
        let (seeds, workers) = match splits {
            Splits::Beside { seeds } if workers > 1 => (seeds, workers.min(beside_workers(seeds))),
            _ => (0, workers),
        };
        let mut options = SolveOptions { bound: None, ..options.clone() };
        if seeds > 0 {
            // Each search has its share of the memory, as natively each thread's.
            options.max_bytes = Some(options.max_bytes.unwrap_or(BESIDE_MEMORY) / workers as u64);
        }
        let mut split = Split {
            job,
            family: family.to_string(),
            text: text.to_string(),
            options,
            workers,
            by_bound,
            seeds,
            parts_per_worker,
            short_round_ms: SHORT_ROUND_MS,
            preparing: by_bound,
            progress: Vec::new(),
            reports: Vec::new(),
            on: Vec::new(),
            before: Vec::new(),
            next: 0,
            done: Stats::default(),
        };
        let requests = split.round(workers);
        (split, requests)
    }

    /// Starts a round of `of` parts: the requests for the first of them, one per Worker.
    fn round(&mut self, of: usize) -> Vec<Request> {
        self.progress = vec![Stats::default(); of];
        self.reports = vec![None; of];
        self.next = of.min(self.workers);
        self.on = (0..self.workers).map(|worker| (worker < self.next).then_some(worker)).collect();
        self.before = vec![0; self.workers];
        (0..self.next).map(|part| self.request(part)).collect()
    }

    /// The request for part `part` of the round. Once a part of a round bound by bound has found
    /// a goal, the parts given out after it search no subtree past that goal's.
    fn request(&self, part: usize) -> Request {
        let of = self.reports.len();
        let options = if self.beside() {
            let beside = Some(if part == 0 { Beside::Prove } else { Beside::Find { seed: part as u32 - 1 } });
            SolveOptions { beside, ..self.options.clone() }
        } else if self.preparing {
            SolveOptions { prepare: Some(Part { index: part, of }), ..self.options.clone() }
        } else {
            let part = (of > 1 || self.by_bound).then_some(Part { index: part, of });
            SolveOptions { part, until: self.found(), ..self.options.clone() }
        };
        Request::Solve { job: self.job, family: self.family.clone(), text: self.text.clone(), options }
    }

    /// In a round bound by bound, the subtree of the first goal found so far.
    fn found(&self) -> Option<u64> {
        if !self.by_bound {
            return None;
        }
        self.reports.iter().flatten().filter(|r| r.status == Status::Solved).filter_map(|r| r.first_at).min()
    }

    /// The Workers the search is shared among (its first round may use fewer).
    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Whether some part has not reported yet.
    pub fn waiting(&self) -> bool {
        self.reports.iter().any(Option::is_none)
    }

    /// The Workers still at a part, other than `but` (which has just reported).
    pub fn working(&self, but: usize) -> Vec<usize> {
        (0..self.workers).filter(|&w| w != but && self.on[w].is_some()).collect()
    }

    /// Worker `worker`'s progress in its part; returns the whole search's.
    pub fn progress(&mut self, worker: usize, stats: Stats) -> Stats {
        if let Some(part) = self.on.get(worker).copied().flatten() {
            self.progress[part] = stats;
        }
        self.so_far()
    }

    /// In a round bound by bound, once a part has found a goal: the whole search's report as
    /// soon as every other part has passed the subtree of that goal (their progress says where
    /// they are; a part no Worker has had yet has not), since none can then find an earlier
    /// one. The search that splits once, or a round not yet settled, answers None. The page
    /// then stops the Workers still searching: the rest of their share would be work the
    /// sequential search never does.
    pub fn settled(&mut self) -> Option<Box<Report>> {
        let found = self.found()?;
        let passed = self
            .reports
            .iter()
            .zip(&self.progress)
            .all(|(report, stats)| report.is_some() || stats.at.is_some_and(|at| at > found));
        if !passed {
            return None;
        }
        let mut joined = Report::joined(self.reports.iter().flatten().cloned().collect())?;
        joined.stats = self.so_far();
        joined.beyond = None;
        Some(Box::new(joined))
    }

    /// `auto`'s searches side by side, after part `reported`'s report: the proof's answer once it
    /// has ended, as on one Worker; else, once the proof has given up (its turn is over), the
    /// first answer of the others (a solution, or that there is none), or seed 0's report once
    /// all have ended without one. Either way with the work of all. A proof that gives up hands
    /// its Worker the next seed, while there is one and no answer yet.
    fn side_by_side(&mut self, reported: Option<usize>) -> Step {
        let Some(proof) = &self.reports[0] else { return Step::Wait };
        let answered = |report: &Report| matches!(report.status, Status::Solved | Status::Unsolved);
        let finished = |part: &usize| self.reports[*part].is_some();
        let chosen = if proof.status != Status::GaveUp {
            0
        } else if let Some(found) =
            (1..self.reports.len()).find(|&part| self.reports[part].as_ref().is_some_and(answered))
        {
            found
        } else if reported == Some(0) && self.reports.len() <= self.seeds as usize {
            return self.next_seed();
        } else if self.waiting() {
            return Step::Wait;
        } else {
            (1..self.reports.len()).find(finished).unwrap_or(0)
        };
        Step::Whole(self.credited(chosen))
    }

    /// Whether the search is `auto`'s searches side by side.
    fn beside(&self) -> bool {
        self.seeds > 0
    }

    /// One more search for any solution, on the proof's Worker (0) once its turn is over: the
    /// next seed, with the time the proof left.
    fn next_seed(&mut self) -> Step {
        let part = self.reports.len();
        self.reports.push(None);
        self.progress.push(Stats::default());
        self.on[0] = Some(part);
        let mut request = self.request(part);
        if let Request::Solve { options, .. } = &mut request {
            options.time_limit_ms = options.time_limit_ms.map(|limit| limit.saturating_sub(self.before[0]).max(1));
        }
        Step::Next(Box::new(request))
    }

    /// What the status line says before the progress, for `auto`'s searches side by side once a
    /// search for any solution has one and the proof goes on.
    pub fn found_so_far(&self) -> Option<String> {
        let found = self.found_beside()?;
        Some(format!("Found {}; proving the fewest", crate::replay::summary_length(&found)))
    }

    /// For `auto`'s searches side by side while the proof goes on: the first answer the others
    /// have found, with the work of all so far (what Cancel keeps).
    pub fn found_beside(&self) -> Option<Box<Report>> {
        if !self.beside() || self.reports[0].is_some() {
            return None;
        }
        let found = (1..self.reports.len())
            .find(|&part| self.reports[part].as_ref().is_some_and(|found| found.status == Status::Solved))?;
        Some(self.credited(found))
    }

    /// Side by side, part `chosen`'s report (which has ended) with the figures of all so far:
    /// its own positions as `explored`, the other searches' as `beside`.
    fn credited(&self, chosen: usize) -> Box<Report> {
        let mut whole = self.reports[chosen].clone().expect("the chosen search has reported");
        let all = self.so_far();
        let own = whole.stats.explored;
        whole.stats = Stats { explored: own, beside: all.explored.saturating_sub(own), ..all };
        Box::new(whole)
    }

    /// The figures so far: the rounds done, and this round's parts.
    fn so_far(&self) -> Stats {
        self.so_far_with(Stats::joined(&self.progress))
    }

    /// The rounds done and this round's joined figures, `round`. The round has taken as long as
    /// its busiest Worker, whose parts ran one after another.
    fn so_far_with(&self, mut round: Stats) -> Stats {
        round.elapsed_ms = (0..self.workers)
            .map(|w| self.before[w] + self.on[w].map_or(0, |part| self.progress[part].elapsed_ms))
            .max()
            .unwrap_or(0);
        Stats {
            explored: self.done.explored + round.explored,
            elapsed_ms: self.done.elapsed_ms + round.elapsed_ms,
            ..round
        }
    }

    /// Worker `worker`'s report on its part. While parts are left, the Worker is given the next
    /// one. Once every part has reported: the whole search's report, or, for a search bound by
    /// bound that found nothing within this bound, the next round. A part that was cancelled or
    /// gave up ends the whole search at once (the others' work is lost anyway, and the page
    /// stops them).
    pub fn finished(&mut self, worker: usize, report: Report) -> Step {
        let ends_all = matches!(report.status, Status::Cancelled | Status::GaveUp);
        let reported = self.on.get_mut(worker).and_then(Option::take);
        if let Some(part) = reported {
            self.before[worker] += report.stats.elapsed_ms;
            self.progress[part] = report.stats;
            self.reports[part] = Some(report);
        }
        if self.beside() {
            return self.side_by_side(reported);
        }
        if !ends_all && self.waiting() {
            if let Some(report) = self.settled() {
                return Step::Whole(report);
            }
            if self.next < self.reports.len() {
                let part = self.next;
                self.next += 1;
                self.on[worker] = Some(part);
                return Step::Next(Box::new(self.request(part)));
            }
            return Step::Wait;
        }
        if self.preparing && !ends_all {
            // The tables are ready (each Worker has the others' patterns: the pool forwards
            // them as they come, before the reports that follow): the first bound, on Worker 0
            // alone (as part 1 of 1, so that it ends with that bound).
            self.preparing = false;
            self.done = self.so_far();
            return Step::Again(self.round(1));
        }
        let Some(mut joined) = Report::joined(self.reports.iter().flatten().cloned().collect()) else {
            return Step::Wait;
        };
        joined.stats = self.so_far_with(joined.stats);
        if let (true, Status::Unsolved, Some(bound)) = (self.by_bound, joined.status, joined.beyond) {
            let took_ms = joined.stats.elapsed_ms.saturating_sub(self.done.elapsed_ms);
            self.done = joined.stats;
            self.options.bound = Some(bound);
            let parts = if took_ms < self.short_round_ms { 1 } else { self.workers * self.parts_per_worker };
            return Step::Again(self.round(parts));
        }
        joined.beyond = None;
        if let Some(reason) = joined.reason.as_mut().filter(|_| self.workers > 1) {
            reason.push_str(&format!(", in one of the {} Workers sharing the search", self.workers));
        }
        Step::Whole(Box::new(joined))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::{self, Beside, Counts, Noun, SolveMode, Status};
    use crate::search::{Flow, Method};
    use crate::web::protocol::{handle, Reply};

    const RECT_6X10: &str = "..........\n..........\n..........\n..........\n..........\n..........\n";

    /// Runs `requests` (one per Worker, in order) as the Workers would, one after another,
    /// handing the replies to `split` in an interleaved order and each Worker's next part or
    /// round to it; returns the joined report, the progress seen and the number of rounds.
    fn run(mut split: Split, requests: Vec<Request>) -> (Report, Vec<Stats>, usize) {
        let (mut seen, mut rounds) = (Vec::new(), 1);
        let mut pending: Vec<(usize, Request)> = requests.into_iter().enumerate().collect();
        loop {
            assert!(!pending.is_empty(), "a split that waits with no Worker searching");
            let mut replies: Vec<(usize, Reply)> = Vec::new();
            for (worker, request) in pending.drain(..) {
                handle(request, 0.0, &|| 1.0, &crate::web::protocol::no_pictures, &mut |reply| {
                    replies.push((worker, reply))
                });
            }
            // The last Worker first: reports may come in any order.
            replies
                .sort_by_key(|(worker, reply)| (matches!(reply, Reply::Finished { .. }), std::cmp::Reverse(*worker)));
            for (worker, reply) in replies {
                match reply {
                    Reply::Progress { stats, .. } => seen.push(split.progress(worker, stats)),
                    Reply::Finished { report, .. } => match split.finished(worker, report) {
                        Step::Wait => {}
                        Step::Next(request) => pending.push((worker, *request)),
                        Step::Whole(report) => return (*report, seen, rounds),
                        Step::Again(next) => {
                            assert!(pending.is_empty(), "a round ends once, after its last part");
                            rounds += 1;
                            pending = next.into_iter().enumerate().collect();
                        }
                    },
                    other => panic!("{other:?}"),
                }
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
            assert_eq!((split.workers(), requests.len()), (workers, workers));
            let (report, seen, rounds) = run(split, requests);
            assert_eq!(rounds, 1);
            assert_eq!(
                (report.status, report.counts, &report.moves),
                (Status::Solved, whole.counts, &whole.moves),
                "{workers} workers"
            );
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
        assert_eq!(puzzle.capabilities().splits(&options), Splits::ByBound { parts_per_worker: 4 });
        for workers in [2, 3] {
            let (split, requests) =
                Split::start(7, "npuzzle", text, &options, workers, Splits::ByBound { parts_per_worker: 4 });
            // First each Worker makes its share of the tables ready (then the start's bound
            // runs on Worker 0 alone).
            assert_eq!((split.workers(), requests.len()), (workers, workers));
            for (worker, request) in requests.iter().enumerate() {
                let Request::Solve { options: first, .. } = request else { panic!("{requests:?}") };
                assert_eq!(
                    (first.prepare, first.part, first.bound),
                    (Some(Part { index: worker, of: workers }), None, None)
                );
            }
            let (report, seen, rounds) = run(split, requests);
            assert_eq!(
                (report.status, &report.moves, report.beyond),
                (Status::Solved, &whole.moves, None),
                "{workers} workers"
            );
            assert!(rounds > 2, "{rounds} rounds");
            assert!(
                report.stats.explored >= seen.iter().map(|s| s.explored).max().unwrap_or(0),
                "figures add up across rounds"
            );
        }
        // Another method than IDA* stays on one Worker.
        let bfs = SolveOptions { method: Method::Bfs, ..SolveOptions::default() };
        assert_eq!(parts_for(&puzzle.capabilities(), &bfs, 4), 1);
    }

    /// Once a part found a goal in subtree 5, the round is settled when the other part's
    /// progress is past subtree 5 (it cannot find an earlier goal), not before.
    #[test]
    fn a_bound_is_settled_once_every_part_searching_is_past_the_goal() {
        let (mut split, prepare) = Split::start(
            3,
            "npuzzle",
            "1 2\n_ 3\n",
            &SolveOptions::default(),
            2,
            Splits::ByBound { parts_per_worker: 4 },
        );
        assert_eq!(prepare.len(), 2, "both Workers make the tables ready");
        let ready = Report::without_search("npuzzle", "unit", Status::Unsolved, "ready");
        assert!(matches!(split.finished(1, ready.clone()), Step::Wait), "until both are");
        let Step::Again(first) = split.finished(0, ready) else { panic!("the first bound") };
        assert_eq!(first.len(), 1, "the first bound runs on Worker 0 alone");
        let nothing = |elapsed_ms| Report {
            status: Status::Unsolved,
            beyond: Some(3),
            ..Report::new("npuzzle", "unit", Method::Idastar, Stats { elapsed_ms, ..Stats::default() })
        };
        let Step::Again(short) = split.finished(0, nothing(SHORT_ROUND_MS - 1)) else { panic!("the next bound") };
        assert_eq!(short.len(), 1, "after a short round, the next is on Worker 0 alone too");
        let Step::Again(second) = split.finished(0, nothing(SHORT_ROUND_MS)) else { panic!("the next bound") };
        assert_eq!(second.len(), 2, "then both Workers share each bound");
        let found = Report {
            status: Status::Solved,
            moves: vec!["3".into()],
            first_at: Some(5),
            ..Report::new("npuzzle", "unit", Method::Idastar, Stats::default())
        };
        // Worker 0 takes the first part no Worker has had: it may hold an earlier goal.
        let Step::Next(next) = split.finished(0, found) else { panic!("Worker 0's next part") };
        let Request::Solve { options, .. } = *next else { panic!("a solve") };
        assert_eq!(
            (options.part, options.until),
            (Some(Part { index: 2, of: 2 * 4 }), Some(5)),
            "no subtree past the goal's"
        );
        split.progress(1, Stats { at: Some(3), explored: 10, ..Stats::default() });
        assert!(split.settled().is_none(), "part 1 may still find an earlier goal");
        // Worker 0 goes through the parts left (parts 2 to 7), which find none.
        let none = Report {
            status: Status::Unsolved,
            beyond: Some(9),
            ..Report::new("npuzzle", "unit", Method::Idastar, Stats { explored: 1, ..Stats::default() })
        };
        let mut given = 0;
        while let Step::Next(_) = split.finished(0, none.clone()) {
            given += 1;
        }
        assert_eq!(given, 2 * 4 - 3, "parts 3 to 7");
        split.progress(1, Stats { at: Some(4), explored: 15, ..Stats::default() });
        assert!(split.settled().is_none(), "part 1 is not past subtree 5 yet");
        split.progress(1, Stats { at: Some(7), explored: 20, ..Stats::default() });
        let report = split.settled().expect("part 1 is past subtree 5, and every other part reported");
        assert_eq!(
            (report.status, report.moves.clone(), report.stats.explored),
            (Status::Solved, vec!["3".to_string()], 20 + 6)
        );
        // A count (split once) never settles early.
        let (mut once, _) = Split::start(3, "tiling", RECT_6X10, &SolveOptions::default(), 2, Splits::Once);
        let _ = once.finished(
            0,
            Report {
                status: Status::Solved,
                first_at: Some(0),
                ..Report::new("tiling", "pieces", Method::Dfs, Stats::default())
            },
        );
        once.progress(1, Stats { at: Some(9), ..Stats::default() });
        assert!(once.settled().is_none());
    }

    /// A script's IDA* (the example `name`) shared among each count of `workers`, bound by bound:
    /// the moves of the search on one; `auto` (A*) stays on one Worker.
    fn scripts_idastar_shared(name: &str, workers: &[usize]) {
        let idastar = SolveOptions { method: Method::Idastar, ..SolveOptions::default() };
        let text = crate::examples::text(name).expect("an example");
        let puzzle = families::parse(None, text).unwrap();
        let whole = puzzle.solve(&idastar, &mut |_: &Stats| Flow::Continue).unwrap();
        assert_eq!((whole.status, whole.moves.len()), (Status::Solved, 15), "{name}: four discs");
        assert_eq!(puzzle.capabilities().splits(&idastar), Splits::ByBound { parts_per_worker: 16 });
        assert_eq!(parts_for(&puzzle.capabilities(), &SolveOptions::default(), 4), 1, "{name}: auto is A*");
        for &workers in workers {
            let (mut split, requests) =
                Split::start(9, "script", text, &idastar, workers, Splits::ByBound { parts_per_worker: 16 });
            // Every round shared, short as they are here.
            split.short_round_ms = 0;
            let (report, _, rounds) = run(split, requests);
            assert_eq!((report.status, &report.moves), (Status::Solved, &whole.moves), "{name} on {workers}");
            assert!(rounds > 2, "{name}: {rounds} rounds");
        }
    }

    // Three tests, not one, so that the test threads share the work: the rhai ones are the
    // slowest of the unit tests.
    #[test]
    fn a_rhai_scripts_idastar_on_two_workers_gives_the_moves_on_one() {
        scripts_idastar_shared("script-hanoi", &[2]);
    }

    #[test]
    fn a_rhai_scripts_idastar_on_three_workers_gives_the_moves_on_one() {
        scripts_idastar_shared("script-hanoi", &[3]);
    }

    #[test]
    fn a_javascript_idastar_on_two_and_three_workers_gives_the_moves_on_one() {
        scripts_idastar_shared("script-js-hanoi", &[2, 3]);
    }

    /// Sokoban's `auto` on several Workers: A* proves on one for its turn and best-first
    /// searches find on the others, each breaking ties its own way, as threads run them
    /// natively; a proof that ends is the answer (the same as on one Worker), else the first
    /// other answer, with the work of all.
    #[test]
    fn auto_side_by_side_takes_the_proof_when_it_ends_else_the_first_other_answer() {
        let level = crate::examples::text("sokoban-microban-16").expect("an example");
        let puzzle = families::parse(Some("sokoban"), level).unwrap();
        let options = SolveOptions::default();
        let splits = Splits::Beside { seeds: u32::MAX };
        assert_eq!(puzzle.capabilities().splits(&options), splits);
        assert_eq!(parts_for(&puzzle.capabilities(), &options, 3), 3, "a search on every Worker");
        assert_eq!(parts_for(&puzzle.capabilities(), &options, 100), MOST_WORKERS);
        let astar = SolveOptions { method: Method::Astar, ..SolveOptions::default() };
        assert_eq!(puzzle.capabilities().splits(&astar), Splits::No);
        let alone = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        let (split, requests) = Split::start(4, "sokoban", level, &options, 3, splits);
        let asked: Vec<_> = requests
            .iter()
            .map(|r| match r {
                Request::Solve { options, .. } => options.beside,
                other => panic!("{other:?}"),
            })
            .collect();
        assert_eq!(asked, [Some(Beside::Prove), Some(Beside::Find { seed: 0 }), Some(Beside::Find { seed: 1 })]);
        let (report, _, _) = run(split, requests);
        assert_eq!((report.status, &report.moves, report.optimal), (Status::Solved, &alone.moves, true));
        assert_eq!(report.method, Method::Astar);
        assert_eq!(report.stats.explored, alone.stats.explored, "A*'s own positions, as on one Worker");
        // The proof's turn over: the first other answer, once it comes.
        let found = |moves: &[&str], explored| Report {
            status: Status::Solved,
            moves: moves.iter().map(|m| m.to_string()).collect(),
            noun: Noun::Pushes,
            ..Report::new("sokoban", "pushes", Method::Greedy, Stats { explored, ..Stats::default() })
        };
        let gave_up = |method, explored, elapsed_ms| Report {
            status: Status::GaveUp,
            ..Report::new("sokoban", "pushes", method, Stats { explored, elapsed_ms, ..Stats::default() })
        };
        let (mut split, _) = Split::start(4, "sokoban", level, &options, 2, splits);
        assert_eq!(split.found_so_far(), None);
        assert!(matches!(split.finished(1, found(&["R"], 30)), Step::Wait), "the proof may still end");
        assert_eq!(split.found_so_far().as_deref(), Some("Found 1 push and 1 move; proving the fewest"));
        split.progress(0, Stats { explored: 50, ..Stats::default() });
        let kept = split.found_beside().expect("what Cancel keeps");
        let figures = (kept.moves.clone(), kept.stats.explored, kept.stats.beside);
        assert_eq!(figures, (vec!["R".to_string()], 30, 50), "its own positions, and the proof's beside");
        let Step::Whole(whole) = split.finished(0, gave_up(Method::Astar, 70, 0)) else { panic!("an answer") };
        assert!(split.found_beside().is_none(), "nothing is running");
        let figures = (whole.method, whole.moves.clone(), whole.stats.explored, whole.stats.beside);
        assert_eq!(figures, (Method::Greedy, vec!["R".into()], 30, 70));
        // On three Workers, the proof's Worker searches with the next seed once its turn is
        // over, with the time it left; the first answer is taken, whichever Worker has it.
        let timed = SolveOptions { time_limit_ms: Some(10_000), ..SolveOptions::default() };
        let (mut split, _) = Split::start(4, "sokoban", level, &timed, 3, splits);
        let Step::Next(next) = split.finished(0, gave_up(Method::Astar, 70, 4_000)) else { panic!("the next seed") };
        let Request::Solve { options: next, .. } = *next else { panic!("a solve") };
        assert_eq!((next.beside, next.time_limit_ms), (Some(Beside::Find { seed: 2 }), Some(6_000)));
        assert!(matches!(split.finished(1, gave_up(Method::Greedy, 5, 10_000)), Step::Wait), "two search on");
        let Step::Whole(whole) = split.finished(2, found(&["U", "L"], 20)) else { panic!("the first answer") };
        assert_eq!((whole.stats.explored, whole.stats.beside), (20, 75));
        // The Worker searching last gave the answer; all ended without one: seed 0's report.
        let (mut split, _) = Split::start(4, "sokoban", level, &timed, 3, splits);
        assert!(matches!(split.finished(0, gave_up(Method::Astar, 70, 4_000)), Step::Next(_)));
        assert!(matches!(split.finished(2, gave_up(Method::Greedy, 3, 10_000)), Step::Wait));
        let Step::Whole(whole) = split.finished(0, found(&["D"], 9)) else { panic!("an answer") };
        assert_eq!(whole.moves, ["D"]);
        let (mut split, _) = Split::start(4, "sokoban", level, &timed, 3, splits);
        assert!(matches!(split.finished(0, gave_up(Method::Astar, 70, 4_000)), Step::Next(_)));
        assert!(matches!(split.finished(1, gave_up(Method::Greedy, 5, 10_000)), Step::Wait));
        assert!(matches!(split.finished(2, gave_up(Method::Greedy, 3, 10_000)), Step::Wait));
        let Step::Whole(whole) = split.finished(0, gave_up(Method::Greedy, 1, 6_000)) else { panic!("all ended") };
        let figures = (whole.status, whole.method, whole.stats.explored, whole.stats.beside);
        assert_eq!(figures, (Status::GaveUp, Method::Greedy, 5, 74));
        // A family with one search for any solution (PuzzleScript's) uses two Workers, and the
        // proof's Worker has no next seed.
        let one = Splits::Beside { seeds: 1 };
        let (mut split, requests) = Split::start(4, "sokoban", level, &timed, 8, one);
        assert_eq!(requests.len(), 2);
        assert!(matches!(split.finished(0, gave_up(Method::Astar, 70, 4_000)), Step::Wait));
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
        let request = Request::Solve {
            job: 1,
            family: "auto".into(),
            text: "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n".into(),
            options: SolveOptions { part: Some(Part { index: 0, of: 2 }), ..first },
        };
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
        assert!(
            joined.reason.as_deref().is_some_and(
                |r| r.starts_with("gave up after") && r.ends_with(", in one of the 2 Workers sharing the search")
            ),
            "{:?}",
            joined.reason
        );
    }
}
