//! Game About Squares (gameaboutsquares.com, 2014): every level in the fewest clicks.
//! `format.rs` reads levels, `rules.rs` holds the moves and the search space.

pub mod draw;
pub mod edit;
pub mod format;
pub mod generate;
pub mod rules;

use crate::draw::Painter;
use crate::families::analysis::{analysis_spread, AnalysisReport, Completion};
use crate::families::{
    only_metric, search_spread, Capabilities, Confidence, Editor, Example, Family, FormatError, Noun, Puzzle, Report,
    SolveOptions, Status, Switch,
};
use crate::midend::{self, Frames, Replayer};
use crate::search::{Flow, Heuristic, Knowledge, Stats};
use format::Level;
use rules::{Piece, Rules, SquaresSpace};
use std::sync::atomic::Ordering;

/// Search without the search area, a bound that is sound-looking but unproven: slower, and
/// limited only by the budgets.
pub const EXACT: Switch = Switch {
    name: "exact",
    label: "Exact",
    help: "search the whole plane, not only near the level (slower; only the budgets end it)",
};

pub struct Squares;

/// What the answers of a bounded search are relative to.
pub const SCOPE: &str = "within the search area";

impl Family for Squares {
    fn id(&self) -> &'static str {
        "squares"
    }

    fn name(&self) -> &'static str {
        "Game About Squares"
    }

    fn how_to_play(&self) -> Option<&'static str> {
        Some(
            "Each square moves one cell the way its triangle points when clicked, pushing the squares in its way; a square that stops on an arrow turns that way. A ring marks where a square of that colour must end. Click a square to move it.",
        )
    }

    fn format_help(&self) -> &'static str {
        format_doc!("squares")
    }

    fn metrics(&self) -> &'static [&'static str] {
        &["clicks"]
    }

    fn detect(&self, text: &str) -> Confidence {
        Confidence::sure_if(format::looks_like(text))
    }

    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Ok(Box::new(SquaresPuzzle::parse(text)?))
    }

    fn examples(&self) -> &'static [Example] {
        static EXAMPLES: [Example; 3] = [
            example!("squares-intro", "txt", 3, "The format's example (3 clicks)"), // the format's own
            example!("squares-push", "txt", 9, "Level 3, push (9 clicks)"),         // tests/fixtures/gas/EXPECTED.md
            example!("squares-arrows", "txt", 9, "Level 8, arrows (9 clicks)"),     // same table
        ];
        &EXAMPLES
    }

    fn blank(&self) -> &'static str {
        "Red:0,0 v\nRed:0,2\n"
    }

    fn generated_sides(&self) -> Option<std::ops::RangeInclusive<usize>> {
        Some(generate::SIDES)
    }

    /// A random level that can be won: of a few candidates, the one a short search finds longest
    /// (so "New random" in the page stays quick).
    fn generate(&self, cols: usize, rows: usize, seed: u64) -> Option<String> {
        let recipe = generate::Recipe::for_box(cols, rows);
        let (level, _) = generate::longest(&recipe, seed, 6, |level| minimum_clicks(level, 20_000));
        Some(level.to_text())
    }
}

/// The fewest clicks `level` needs, if A* finds them within `max_states`.
pub fn minimum_clicks(level: &Level, max_states: u64) -> Option<usize> {
    let puzzle = SquaresPuzzle::parse(&level.to_text()).ok()?;
    let options = SolveOptions { max_states: Some(max_states), ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).ok()?;
    (report.status == Status::Solved).then_some(report.moves.len())
}

pub struct SquaresPuzzle {
    pub level: Level,
    /// The rules with the default search area (drawing, checking, editing).
    pub rules: Rules,
    /// The rules without it, for replaying solutions found in exact mode.
    replay: Rules,
    /// The positions of the clicks last replayed (the mid-end).
    replayer: Replayer<Vec<Piece>>,
}

impl SquaresPuzzle {
    pub fn parse(text: &str) -> Result<SquaresPuzzle, FormatError> {
        let level = format::parse(text)?;
        let rules = Rules::new(&level, false).map_err(FormatError::general)?;
        let replay = Rules::new(&level, true).map_err(FormatError::general)?;
        Ok(SquaresPuzzle { level, rules, replay, replayer: Replayer::default() })
    }

    /// The squares after the first `step` clicks (clicks that do not apply are skipped).
    pub fn position_after(&self, moves: &[String], step: usize) -> Vec<Piece> {
        self.replayer.at(self, moves, step).unwrap_or_default()
    }

    fn replay_click(&self, rules: &Rules, pieces: &mut [Piece], text: &str) -> Result<usize, String> {
        let slot = rules.parse_click(pieces, text)?;
        if !rules.click(pieces, slot) {
            return Err(format!("\"{text}\" pushes a square out of the search area"));
        }
        Ok(slot)
    }
}

fn run<const W: usize>(
    rules: &Rules,
    method: crate::search::Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Report {
    let space = SquaresSpace::<W> { rules };
    let outcome = search_spread(&space, method, options, on_progress);
    let mut report = Report::from_outcome("squares", "clicks", method, outcome, |_, states| {
        let path: Vec<Vec<Piece>> = states.iter().map(|s| space.unpack(s)).collect();
        rules.describe(&path)
    });
    report.noun = Noun::Clicks;
    if rules.exact {
        if report.status == Status::Unsolved && rules.clipped.load(Ordering::Relaxed) {
            // Some states were dropped for leaving what a state can hold: no claim of "none".
            report.status = Status::GaveUp;
            report.reason = Some(format!(
                "gave up after {} states: squares went farther from the level than this solver can follow",
                report.stats.stored
            ));
        }
    } else {
        report.scope = Some(SCOPE.to_string());
    }
    report
}

fn analyse_in<const W: usize>(
    rules: &Rules,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> AnalysisReport {
    let space = SquaresSpace::<W> { rules };
    let mut report = analysis_spread("squares", "clicks", &space, options, on_progress, |_, states| {
        let path: Vec<Vec<Piece>> = states.iter().map(|s| space.unpack(s)).collect();
        rules.describe(&path)
    });
    if rules.exact && rules.clipped.load(Ordering::Relaxed) && report.status == Completion::Done {
        report.status = Completion::GaveUp;
        report.reason =
            Some("squares went farther from the level than this tool can follow, so the space is not complete".into());
    }
    if !rules.exact {
        report.notes.push(format!("Positions counted {SCOPE}, near the level (Exact lifts that bound)"));
    }
    report.notes.push(
        "Positions where a square must go a way nothing can send it are counted as dead ends and not explored further"
            .into(),
    );
    report
}

/// Game About Squares for the mid-end: a position is the squares; a click that does not apply is
/// skipped in a replay, as the page always showed it (`Puzzle::check` reports it, with the rules
/// of the options given).
impl midend::Backend for SquaresPuzzle {
    type State = Vec<Piece>;

    fn start(&self) -> Result<Vec<Piece>, String> {
        Ok(self.replay.start.clone())
    }

    fn execute(&self, pieces: &Vec<Piece>, text: &str) -> Result<Vec<Piece>, String> {
        let mut next = pieces.clone();
        self.replay_click(&self.replay, &mut next, text)?;
        Ok(next)
    }

    fn skips_bad_moves(&self) -> bool {
        true
    }

    /// Replayed within the exact search's area, a click counts in the default search only when
    /// it keeps every square inside that search's smaller area.
    fn allows(&self, options: &SolveOptions, pieces: &Vec<Piece>, text: &str) -> Result<(), String> {
        let rules = if options.switch(EXACT.name) { &self.replay } else { &self.rules };
        self.replay_click(rules, &mut pieces.clone(), text).map(drop)
    }

    fn is_solved(&self, pieces: &Vec<Piece>) -> bool {
        self.replay.is_won(pieces)
    }

    fn paint(&self, frames: &Frames<Vec<Piece>>, step: usize, tween: f32, painter: &mut dyn Painter) {
        let now = frames.at(step).map_or(&[][..], Vec::as_slice);
        let next =
            if tween > 0.0 && step < frames.moves.len() { frames.at(step + 1).map_or(now, Vec::as_slice) } else { now };
        draw::draw(self, now, next, tween, painter);
    }

    /// Every square can be clicked.
    fn moves_from(&self, pieces: &Vec<Piece>) -> Vec<String> {
        (0..pieces.len()).map(|slot| self.replay.click_text(pieces, slot)).collect()
    }

    /// A square clicked moves in the direction it points (pushing what is in the way).
    fn moves_at(&self, pieces: &Vec<Piece>, from: (f64, f64), _to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        let area = draw::view(self, &[pieces, pieces]);
        let Some((row, col)) = draw::layout(&area, size.0, size.1).cell_at(from.0, from.1) else { return Vec::new() };
        let (x, y) = (area.min_x + col as i32, area.min_y + row as i32);
        (pieces.iter().position(|p| p.x == x && p.y == y))
            .map(|slot| self.replay.click_text(pieces, slot))
            .into_iter()
            .collect()
    }

    fn show(&self, frames: &Frames<Vec<Piece>>, step: usize) -> String {
        let pieces = frames.at(step).cloned().unwrap_or_default();
        let mut level = self.level.clone();
        level.comments.clear();
        level.squares = pieces
            .iter()
            .zip(&self.rules.slot_colour)
            .map(|(p, &c)| format::Square {
                colour: self.rules.colours[c as usize].clone(),
                x: p.x,
                y: p.y,
                direction: p.direction,
                implicit: false,
            })
            .collect();
        level.to_text()
    }
}

impl Puzzle for SquaresPuzzle {
    fn family(&self) -> &'static str {
        "squares"
    }

    /// A*: the per-direction click bound expands far fewer states than breadth-first search
    /// (random-4173, 25 clicks: 0.41 M expansions, where BFS stores tens of millions of states).
    /// No bidirectional search: a goal leaves squares free.
    fn capabilities(&self) -> Capabilities {
        let mut capabilities = Capabilities::searches(crate::families::GENERIC_METHODS)
            .knowing(Knowledge { heuristic: Heuristic::Admissible, explicit_goal: false })
            .calling(Noun::Clicks);
        capabilities.switches = vec![EXACT];
        capabilities.analysing()
    }

    fn explore(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<AnalysisReport, FormatError> {
        only_metric(options, "clicks", " for Game About Squares: every click counts (clicks)")?;
        let rules = Rules::new(&self.level, options.switch(EXACT.name)).map_err(FormatError::general)?;
        Ok(match rules.words {
            0 | 1 => analyse_in::<1>(&rules, options, on_progress),
            2 => analyse_in::<2>(&rules, options, on_progress),
            3 | 4 => analyse_in::<4>(&rules, options, on_progress),
            _ => analyse_in::<8>(&rules, options, on_progress),
        })
    }

    fn text_at(&self, moves: &[String]) -> Option<String> {
        Some(self.show(moves, moves.len()))
    }

    fn solve(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        only_metric(options, "clicks", " for Game About Squares: every click counts (clicks)")?;
        let method = self.capabilities().resolve(options.method)?;
        let rules = Rules::new(&self.level, options.switch(EXACT.name)).map_err(FormatError::general)?;
        Ok(match rules.words {
            0 | 1 => run::<1>(&rules, method, options, on_progress),
            2 => run::<2>(&rules, method, options, on_progress),
            3 | 4 => run::<4>(&rules, method, options, on_progress),
            _ => run::<8>(&rules, method, options, on_progress),
        })
    }

    crate::midend::replayed_by!(replayer; check draw show moves_at moves_from boards);

    fn to_text(&self) -> String {
        self.level.to_text()
    }

    fn editor(&self) -> Option<&dyn Editor> {
        Some(self)
    }
}

#[cfg(test)]
mod tests;
