//! What a script's puzzle does the same whatever language its rules are in: the methods it
//! offers, searches under the time limit (a call still running at it is stopped inside the
//! engine), and the strict check of a move list.

use crate::families::analysis::{AnalysisReport, Completion};
use crate::families::{
    only_metric, Capabilities, FormatError, MoveError, Report, SolveMode, SolveOptions, Status, Verdict,
    GENERIC_METHODS,
};
use crate::midend::Frames;
use crate::search::{Heuristic, Knowledge, Method, Stats};
use web_time::Instant;

/// An interpreter that stops a call once a deadline has passed, and says whether it did; and
/// may hold its own memory to the search's budget.
pub trait Limits {
    fn set_deadline(&self, deadline: Option<Instant>);
    fn out_of_time(&self) -> bool;
    /// The most memory the interpreter may hold (its values are also counted by the search).
    fn set_memory_limit(&self, _bytes: u64) {}
}

/// Parts per Worker in each round of IDA* shared among the page's Workers: a script's
/// subtrees differ much in size, and the parts are runs of them in order
/// ([`crate::search::idastar_part`]), so the bound whose goal ends the search stops once the
/// runs before the goal's are done.
const BOUND_PARTS: usize = 16;

/// A* and IDA* only with the script's own `heuristic(state)`, which `auto` then trusts to be
/// admissible (the format asks for that); a goal test rules out bidirectional search. IDA*
/// splits bound by bound among the page's Workers.
pub fn capabilities(has_heuristic: bool) -> Capabilities {
    let capabilities = if has_heuristic {
        let mut capabilities = Capabilities::searches(GENERIC_METHODS)
            .knowing(Knowledge { heuristic: Heuristic::Admissible, explicit_goal: false });
        capabilities.parts = vec![SolveMode::First];
        capabilities.bound_parts = BOUND_PARTS;
        capabilities
    } else {
        Capabilities::searches(&[Method::Auto, Method::Bfs, Method::Dfs])
    };
    capabilities.analysing()
}

/// Runs `work` with the interpreter's calls under the time limit: what it returned, or, when a
/// call was stopped, why the search gave up (and the time it took).
fn timed<T>(
    interpreter: &dyn Limits,
    options: &SolveOptions,
    work: impl FnOnce() -> Result<T, FormatError>,
) -> Result<Result<T, (String, Stats)>, FormatError> {
    let started = Instant::now();
    let budget = options.budget();
    let limit = budget.time_limit;
    interpreter.set_deadline(limit.map(|limit| started + limit));
    // With some room: the search, which counts the values too, should give up first.
    interpreter.set_memory_limit(budget.max_bytes.saturating_add(budget.max_bytes / 4));
    let done = work();
    let out_of_time = interpreter.out_of_time();
    interpreter.set_deadline(None);
    match (done, limit) {
        (Err(error), Some(limit)) if out_of_time => Ok(Err((
            format!("gave up while {} (the time limit of {:.1} s)", error.message, limit.as_secs_f64()),
            Stats { elapsed_ms: started.elapsed().as_millis() as u64, ..Stats::default() },
        ))),
        (done, _) => done.map(Ok),
    }
}

/// [`crate::families::Puzzle::solve`]: `search` run by `method` under the time limit.
pub fn solve(
    interpreter: &dyn Limits,
    capabilities: &Capabilities,
    options: &SolveOptions,
    search: impl FnOnce(Method) -> Result<Report, FormatError>,
) -> Result<Report, FormatError> {
    only_metric(options, "moves", ": a script counts moves")?;
    let method = capabilities.resolve(options.method)?;
    if options.prepare.is_some() {
        return Ok(Report::without_search("script", "moves", Status::Unsolved, "a script has no tables to make ready"));
    }
    if options.part(capabilities)?.is_some() && method != Method::Idastar {
        return Err(FormatError::general(format!("only IDA* splits into parts here, not {}", method.title())));
    }
    let mut report = timed(interpreter, options, || search(method))?.unwrap_or_else(|(reason, stats)| Report {
        status: Status::GaveUp,
        reason: Some(reason),
        ..Report::new("script", "moves", method, stats)
    });
    // A search the script's heuristic() guides is as short as that heuristic is honest: said.
    if report.status == Status::Solved && report.optimal && matches!(report.method, Method::Astar | Method::Idastar) {
        report.scope.get_or_insert_with(|| HEURISTIC_SCOPE.to_string());
    }
    Ok(report)
}

/// What "shortest" is said with when the script's heuristic() guided the search.
pub const HEURISTIC_SCOPE: &str = "if heuristic() never overestimates";

/// [`crate::families::Puzzle::explore`]: `explore` run under the time limit.
pub fn explore(
    interpreter: &dyn Limits,
    options: &SolveOptions,
    explore: impl FnOnce() -> Result<AnalysisReport, FormatError>,
) -> Result<AnalysisReport, FormatError> {
    Ok(timed(interpreter, options, explore)?.unwrap_or_else(|(reason, stats)| {
        let mut analysis = AnalysisReport::empty("script", "moves");
        (analysis.status, analysis.reason, analysis.stats) = (Completion::GaveUp, Some(reason), stats);
        analysis
    }))
}

/// [`crate::families::Puzzle::check`], strict where the mid-end's is not: a goal test that
/// fails is an error at the move that led there.
pub fn verdict<S>(frames: &Frames<S>, is_goal: impl Fn(&S) -> Result<bool, FormatError>) -> Result<Verdict, MoveError> {
    if let Some(error) = &frames.error {
        return Err(error.clone());
    }
    let solved = (frames.states.iter().enumerate())
        .map(|(step, state)| {
            is_goal(state).map_err(|e| MoveError { index: step.saturating_sub(1), message: e.to_string() })
        })
        .collect::<Result<Vec<bool>, MoveError>>()?;
    Ok(Verdict { ends_solved: solved.last() == Some(&true), first_solved: solved.iter().position(|&s| s) })
}

/// The first of `moves` labelled `text` that `apply` allows: a label need only tell apart the
/// moves allowed from a position.
pub fn step<M, S>(
    moves: Vec<M>,
    text: &str,
    label: impl Fn(&M) -> Result<String, FormatError>,
    apply: impl Fn(&M) -> Result<Option<S>, FormatError>,
) -> Result<S, String> {
    let mut labelled = false;
    for mv in moves {
        if label(&mv).map_err(|e| e.to_string())? == text {
            labelled = true;
            if let Some(next) = apply(&mv).map_err(|e| e.to_string())? {
                return Ok(next);
            }
        }
    }
    Err(if labelled {
        format!("\"{text}\" is not allowed here")
    } else {
        format!("\"{text}\" is not one of the moves possible here")
    })
}

/// An error at `label`'s definition when a solution's labels, replayed, would take another path
/// than the one found (`strays(at, label)`): `label(move)` gives two moves allowed from one of
/// its positions the same text.
pub fn replays(
    labels: &[String],
    strays: impl Fn(usize, &str) -> bool,
    label_defined_at: (usize, usize),
) -> Result<(), FormatError> {
    match labels.iter().enumerate().find(|(at, label)| strays(*at, label)) {
        Some((at, label)) => Err(FormatError::new(
            label_defined_at.0,
            label_defined_at.1,
            format!("label(move) gives two moves allowed from one position the same text (\"{label}\", move {}), so the solution could not be replayed: make the labels tell the moves apart", at + 1),
        )),
        None => Ok(()),
    }
}

/// The [`crate::families::Puzzle`] methods a script's puzzle has alike whatever language its
/// rules are in, written once: `impl Puzzle for X { shared::script_puzzle!(); … }`. X has the
/// fields `text` (the script) and `replayer`, and the methods `has_heuristic`, `goal(state)`,
/// `solve_started`, `explore_started` and `text_from(state)`.
macro_rules! script_puzzle {
    () => {
        fn family(&self) -> &'static str {
            "script"
        }

        fn capabilities(&self) -> Capabilities {
            shared::capabilities(self.has_heuristic())
        }

        fn explore(
            &self,
            options: &SolveOptions,
            on_progress: &mut dyn FnMut(&Stats) -> Flow,
        ) -> Result<AnalysisReport, FormatError> {
            shared::explore(self, options, || self.explore_started(options, on_progress))
        }

        fn solve(
            &self,
            options: &SolveOptions,
            on_progress: &mut dyn FnMut(&Stats) -> Flow,
        ) -> Result<Report, FormatError> {
            shared::solve(self, &self.capabilities(), options, |method| self.solve_started(method, options, on_progress))
        }

        fn check(&self, _options: &SolveOptions, moves: &[String]) -> Result<Verdict, MoveError> {
            self.replayer.frames(self, moves, |frames| shared::verdict(frames, |state| self.goal(state)))
        }

        crate::midend::replayed_by!(replayer; draw show moves_from moves_at boards);

        /// The script started from the position after `moves` (Hint and Solve from here).
        fn text_at(&self, moves: &[String]) -> Option<String> {
            self.text_from(&self.replayer.at(self, moves, moves.len())?)
        }

        fn to_text(&self) -> String {
            self.text.clone()
        }
    };
}
pub(super) use script_puzzle;
