//! A parsed script: the rhai interpreter running its rules, for the engine's searches, the
//! mid-end's replay and the drawing. Only in builds with the `script` feature (the native tool,
//! the tests and the page's full module; see the family in `mod.rs`).

use super::draw;
use super::precheck;
use super::rules::ScriptSpace;
use super::runner::{self, Runner};
use super::shared;
use crate::draw::Painter;
use crate::families::analysis::{analysis_from, AnalysisReport};
use crate::families::{
    only_metric, search_iterated, Capabilities, FormatError, MoveError, Puzzle, Report, SolveOptions, Verdict,
};
use crate::midend::{self, Frames, Replayer};
use crate::search::{Flow, Method, Stats};
use rhai::Dynamic;

pub struct ScriptPuzzle {
    text: String,
    runner: Runner,
    /// The states along the last move list replayed (replaying a script is not free).
    replayer: Replayer<Dynamic>,
}

impl ScriptPuzzle {
    fn has_heuristic(&self) -> bool {
        self.runner.has_heuristic()
    }

    fn goal(&self, state: &Dynamic) -> Result<bool, FormatError> {
        self.runner.is_goal(state)
    }

    /// The analysis of [`Puzzle::explore`], with the deadline set.
    fn explore_started(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<AnalysisReport, FormatError> {
        only_metric(options, "moves", ": a script counts moves")?;
        let space = ScriptSpace::new(&self.runner, self.runner.start()?);
        let describe = |moves: &[Dynamic], _: &[u32]| labels(&space, moves);
        let analysed = crate::search::analyse(&space, &options.budget(), on_progress);
        let report = analysis_from::<ScriptSpace<'_>>("script", "moves", analysed, describe, |&id| {
            self.text_from(&space.value(id))
        });
        match space.error.into_inner() {
            Some(error) => Err(error),
            None => Ok(report),
        }
    }

    /// The search of [`Puzzle::solve`], with the deadline set.
    fn solve_started(
        &self,
        method: Method,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        let start = self.runner.start()?;
        let space = ScriptSpace::new(&self.runner, start);
        let (outcome, iteration) = search_iterated(&space, method, options, on_progress);
        let mut replays = Ok(());
        let report = Report::from_outcome("script", "moves", method, outcome, |moves, states| {
            let labels = labels(&space, moves);
            replays = self.replays(&space, &labels, states);
            labels
        });
        match space.error.into_inner() {
            Some(error) => Err(error),
            None => replays.map(|()| report.iterated(iteration)),
        }
    }

    pub fn parse(text: &str) -> Result<ScriptPuzzle, FormatError> {
        precheck(text)?;
        let runner = Runner::new(text)?;
        Ok(ScriptPuzzle { text: text.to_string(), runner, replayer: Replayer::default() })
    }

    /// Applies the move whose label is `text` to `state`: the first of `moves(state)` so labelled
    /// that `apply` allows (a label need only tell apart the moves allowed from a position).
    fn step(&self, state: &Dynamic, text: &str) -> Result<Dynamic, String> {
        let moves = self.runner.moves(state).map_err(|e| e.to_string())?;
        shared::step(moves, text, |mv| self.runner.label(mv), |mv| self.runner.apply(state, mv))
    }

    /// An error when the solution's labels, replayed, would take another path than the one found.
    fn replays(&self, space: &ScriptSpace<'_>, labels: &[String], states: &[u32]) -> Result<(), FormatError> {
        let strays = |at: usize, label: &str| {
            let (here, there) = (space.value(states[at]), space.value(states[at + 1]));
            self.step(&here, label).is_ok_and(|next| runner::key(&next) != runner::key(&there))
        };
        shared::replays(labels, strays, self.runner.definition("label"))
    }

    /// The script started from `state` (Analyse's hardest start): its `start()` renamed to
    /// `start_as_written()` (rhai refuses two definitions) and a new one written at the end. None
    /// when anything else calls start(), when the state is not plain data, or when the script so
    /// written does not start from exactly that state.
    fn text_from(&self, state: &Dynamic) -> Option<String> {
        let calls = regex::Regex::new(r"\bstart\s*\(").ok()?;
        let definition = regex::Regex::new(r"\bfn\s+start\s*\(\s*\)").ok()?;
        if calls.find_iter(&self.text).count() != 1 {
            return None;
        }
        let renamed = definition.replace(&self.text, "fn start_as_written()");
        let text = format!(
            "{}\n\n// The position Analyse found hardest to solve from.\nfn start() {{\n    {}\n}}\n",
            renamed.trim_end(),
            runner::literal(state)?
        );
        let start = Runner::new(&text).ok()?.start().ok()?;
        (runner::key(&start) == runner::key(state)).then_some(text)
    }
}

/// The mid-end's view: a state is whatever rhai value the script's functions pass around; a
/// move is found by its label among `moves(state)`.
impl midend::Backend for ScriptPuzzle {
    type State = Dynamic;

    fn start(&self) -> Result<Dynamic, String> {
        self.runner.start().map_err(|e| e.to_string())
    }

    fn execute(&self, state: &Dynamic, text: &str) -> Result<Dynamic, String> {
        self.step(state, text)
    }

    /// A goal test that fails counts as not solved here; [`Puzzle::check`] reports it.
    fn is_solved(&self, state: &Dynamic) -> bool {
        self.runner.is_goal(state).unwrap_or(false)
    }

    fn paint(&self, frames: &Frames<Dynamic>, step: usize, tween: f32, painter: &mut dyn Painter) {
        // A script's states have no in-between: show the next one from half-way.
        let shown = if tween >= 0.5 { step + 1 } else { step };
        match frames.at(shown.min(frames.moves.len())) {
            Some(state) => draw::paint(self.runner.picture(state).map_err(|e| e.to_string()), painter),
            None => draw::message(painter, "The script's start() fails: see the message above."),
        }
    }

    fn show(&self, frames: &Frames<Dynamic>, step: usize) -> String {
        match frames.at(step) {
            Some(state) => self.runner.show(state).unwrap_or_else(|e| e.to_string()) + "\n",
            None => String::new(),
        }
    }

    /// A tap on a shape whose `move` is allowed here plays it.
    fn moves_at(&self, state: &Dynamic, from: (f64, f64), to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        match self.runner.picture(state) {
            Ok(draw::Picture::Shapes(shapes)) => {
                draw::tapped(&shapes, from, to, size, &midend::Backend::moves_from(self, state))
            }
            _ => Vec::new(),
        }
    }

    /// The script's moves from `state` that `apply` allows, by their labels (none if the script
    /// fails: its error shows when the moves are checked).
    fn moves_from(&self, state: &Dynamic) -> Vec<String> {
        let Ok(moves) = self.runner.moves(state) else { return Vec::new() };
        (moves.iter())
            .filter(|mv| self.runner.apply(state, mv).is_ok_and(|next| next.is_some()))
            .filter_map(|mv| self.runner.label(mv).ok())
            .collect()
    }
}

/// Moves as the script labels them (as rhai prints them where `label` fails).
fn labels(space: &ScriptSpace<'_>, moves: &[Dynamic]) -> Vec<String> {
    moves.iter().map(|mv| space.runner.label(mv).unwrap_or_else(|_| format!("{mv:?}"))).collect()
}

impl shared::Limits for ScriptPuzzle {
    fn set_deadline(&self, deadline: Option<web_time::Instant>) {
        self.runner.set_deadline(deadline);
    }

    fn out_of_time(&self) -> bool {
        self.runner.out_of_time()
    }
}

impl Puzzle for ScriptPuzzle {
    shared::script_puzzle!();
}
