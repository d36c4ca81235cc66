//! Sliding blocks: rows of letters and a goal regex (also Rush Hour with `axis: yes`, and
//! N-puzzles). See `format.rs` for the text, `rules.rs` for moves and the search space.

pub mod draw;
pub mod edit;
pub mod format;
pub mod generate;
pub mod goal;
pub mod metric;
mod play;
pub mod rules;

use crate::draw::Painter;
use crate::families::analysis::{analysis_spread, AnalysisReport, Completion};
use crate::families::tiles::{self, TileProblem};
use crate::families::{
    search_spread, Capabilities, Confidence, Difficulty, Editor, Example, Family, FormatError, NewGame, Puzzle, Report,
    SolveOptions, GENERIC_METHODS,
};
use crate::midend::{self, Frames, Replayer};
use crate::search::{bidir, Flow, GaveUp, Knowledge, Method, Outcome, Stats};
use format::Layout;
use metric::Metric;
use rules::{Rules, SlidingSpace};

pub struct Sliding;

impl Family for Sliding {
    fn id(&self) -> &'static str {
        "sliding"
    }

    fn name(&self) -> &'static str {
        "Sliding blocks"
    }

    fn how_to_play(&self) -> Option<&'static str> {
        Some(
            "Each piece has a colour of its own; a dashed outline in a piece's colour marks a cell the goal asks that piece to cover. Drag a piece along free cells to move it; a tap moves a piece that has only one way to go. On the keyboard, type a piece's letter to choose it, then step it with the arrow keys (Esc lets go). Moves count in the metric chosen (unit: a cell; slide: a straight run; piece: any route).",
        )
    }

    fn format_help(&self) -> &'static str {
        format_doc!("sliding")
    }

    fn metrics(&self) -> &'static [&'static str] {
        Metric::NAMES
    }

    fn detect(&self, text: &str) -> Confidence {
        if format::looks_like(text) {
            Confidence::Sure
        } else if board_sized(text) {
            // Perhaps a sliding puzzle with a mistake in it: parsing it says where.
            Confidence::Maybe
        } else {
            Confidence::No
        }
    }

    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Ok(Box::new(SlidingPuzzle::parse(text)?))
    }

    fn new_game(&self, difficulty: Difficulty, seed: u64) -> Option<NewGame> {
        generate::new_game(difficulty, seed)
    }

    fn new_games(&self) -> Option<&'static str> {
        Some("Sliding blocks (4 x 5)")
    }

    fn examples(&self) -> &'static [Example] {
        static EXAMPLES: [Example; 5] = [
            // the article's unit count
            example!("article-maze", "txt", 37, "The Perl article's maze (37 moves)"),
            // classic piece-metric count (the example asks for it)
            example!("klotski", "txt", 81, "Klotski, 横刀立马 (81 moves)"),
            // one of the two hardest 8-puzzle positions
            example!("eight-puzzle", "txt", 31, "8-puzzle as blocks (31 moves)", group = "N-puzzle (15-puzzle)"),
            // by hand: d right, b down 2, c down, a right 4 (slide metric)
            example!("rush-hour", "txt", 4, "A small Rush Hour as blocks (4 moves)", group = "Rush Hour"),
            // by hand: right once, then down three times (unit metric)
            example!("two-part-piece", "txt", 4, "A piece in two parts (4 moves)"),
        ];
        &EXAMPLES
    }

    fn blank(&self) -> &'static str {
        "aa  \naa  \n    \n    \n    \n^----.{4}-.{4}-.{4}-.aa.-.aa.----$\n"
    }

    /// In the page's first module (without Perl-style goals or the regex engine): a board whose
    /// goal only those read or test needs the full module, which reads it or says why not.
    #[cfg(not(all(feature = "perl-goals", feature = "regex-goals")))]
    fn needs_full_build(&self, text: &str) -> bool {
        // What the plain engine cannot translate (Unicode classes) the full module cannot read
        // either: its error is shown here.
        format::parse(text).is_ok_and(|layout| match rules::plain_goal(&layout.goal) {
            Ok(_) => rules::Rules::needs_regex_engine(&layout),
            Err(e) => !matches!(e, regex_syntax::Error::Translate(_)),
        })
    }
}

/// A parsed sliding-block puzzle.
pub struct SlidingPuzzle {
    pub layout: Layout,
    /// The rules in each metric, in the order of `Metric::NAMES`.
    by_metric: [Rules; 3],
    /// The positions of the moves last replayed (the mid-end).
    replayer: Replayer<Vec<u16>>,
    /// The piece (slot) touched last or named on the keyboard: the arrow keys move it.
    chosen: std::cell::Cell<Option<usize>>,
}

impl SlidingPuzzle {
    pub fn parse(text: &str) -> Result<SlidingPuzzle, FormatError> {
        let layout = format::parse(text)?;
        let by_metric = [
            Rules::new(&layout, Metric::Unit)?,
            Rules::new(&layout, Metric::Slide)?,
            Rules::new(&layout, Metric::Piece)?,
        ];
        impossible_goal(&layout, &by_metric[0].goal_cells)?;
        Ok(SlidingPuzzle { layout, by_metric, replayer: Replayer::default(), chosen: std::cell::Cell::new(None) })
    }

    /// The metric the puzzle text asks for (unit when it says nothing).
    pub fn own_metric(&self) -> Metric {
        self.layout.options.metric.unwrap_or(Metric::Unit)
    }

    pub fn rules(&self, metric: Metric) -> &Rules {
        &self.by_metric[metric as usize]
    }

    fn metric(&self, options: &SolveOptions) -> Result<Metric, String> {
        match options.metric.as_deref() {
            None | Some("") | Some("auto") => Ok(self.own_metric()),
            Some(name) => Metric::parse(name)
                .ok_or_else(|| format!("unknown metric \"{name}\" for sliding blocks: use unit, slide or piece")),
        }
    }

    /// What the rules in `metric` offer: a tile puzzle's methods and strong heuristic; else the
    /// generic searches, and bidirectional search when the goal pins every piece (how much the
    /// distance bound helps A* is `Rules::heuristic_kind`).
    fn capabilities_in(&self, metric: Metric) -> Capabilities {
        let rules = self.rules(metric);
        let mut capabilities = if as_tiles(rules).is_some() {
            tiles::capabilities().analysing()
        } else {
            let explicit_goal = rules.goal_anchors().is_some();
            let mut methods = GENERIC_METHODS.to_vec();
            if explicit_goal {
                methods.push(Method::Bidir);
            }
            Capabilities::searches(&methods)
                .knowing(Knowledge { heuristic: rules.heuristic_kind(), explicit_goal })
                .analysing()
        };
        capabilities.moves_in_steps = metric != Metric::Unit;
        capabilities
    }

    /// Concrete piece positions after the first `step` moves. Moves are applied with the most
    /// permissive metric (a piece may travel any free route), so a solution in any metric replays;
    /// a move that does not apply is skipped.
    pub fn position_after(&self, moves: &[String], step: usize) -> Vec<u16> {
        self.replayer.at(self, moves, step).unwrap_or_default()
    }
}

/// A goal that pins cells to pieces but asks a piece to cover more cells than it has can never be
/// met: said when read, rather than searched for in vain ("No solution: explored 473 states").
fn impossible_goal(layout: &format::Layout, goal_cells: &[(usize, u8)]) -> Result<(), FormatError> {
    let mut letters: Vec<u8> = goal_cells.iter().map(|&(_, l)| l).collect();
    letters.sort_unstable();
    letters.dedup();
    for letter in letters {
        let asked = goal_cells.iter().filter(|&&(_, l)| l == letter).count();
        let has = layout.cells.iter().filter(|&&c| c == letter).count();
        if asked > has {
            let name = char::from(letter);
            let message = if has == 0 {
                format!("the goal asks for piece {name}, which is not on the board")
            } else {
                format!("the goal asks piece {name} to cover {asked} cells, but it has {has}: no position can meet it")
            };
            return Err(FormatError::new(layout.goal_line, 1, message));
        }
    }
    Ok(())
}

/// Sliding blocks for the mid-end: a position is each piece's anchor cell, moved with the most
/// permissive metric (a piece may travel any free route) so that a solution in any metric
/// replays; a move that does not apply is skipped, as the page always showed it
/// (`Puzzle::check` reports it, in the metric asked for).
impl midend::Backend for SlidingPuzzle {
    type State = Vec<u16>;

    fn start(&self) -> Result<Vec<u16>, String> {
        Ok(self.rules(Metric::Piece).start.clone())
    }

    fn execute(&self, anchors: &Vec<u16>, text: &str) -> Result<Vec<u16>, String> {
        let mut next = anchors.clone();
        self.rules(Metric::Piece).apply(&mut next, text)?;
        Ok(next)
    }

    fn skips_bad_moves(&self) -> bool {
        true
    }

    /// Replayed as routes of any length (the piece metric), a move counts in the metric asked
    /// for only when it is one there: a cell (unit), a straight run (slide), any route (piece).
    fn allows(&self, options: &SolveOptions, anchors: &Vec<u16>, text: &str) -> Result<(), String> {
        self.rules(self.metric(options)?).apply(&mut anchors.clone(), text)
    }

    fn is_solved(&self, anchors: &Vec<u16>) -> bool {
        self.rules(Metric::Piece).is_goal(anchors)
    }

    fn paint(&self, frames: &Frames<Vec<u16>>, step: usize, tween: f32, painter: &mut dyn Painter) {
        let anchors = frames.at(step).map_or(&[][..], Vec::as_slice);
        draw::draw(self, anchors, frames.moves.get(step).map(String::as_str), tween, painter);
    }

    fn show(&self, frames: &Frames<Vec<u16>>, step: usize) -> String {
        frames.at(step).map_or(String::new(), |anchors| self.rules(Metric::Piece).render(anchors))
    }
}

/// A board that is an N-puzzle: one-cell pieces filling a wall-less rectangle but for one cell,
/// and a goal that pins every piece. Such a board is solved as a tile puzzle (pattern
/// databases), which is what makes a 15-puzzle written this way solvable.
struct AsTiles {
    /// The goal cell of the piece on each cell (the blank's goal cell on the empty cell).
    start: Vec<u8>,
    blank: u8,
}

fn as_tiles(rules: &Rules) -> Option<AsTiles> {
    let goal = rules.goal_anchors()?;
    let cells = rules.width * rules.height;
    let one_cell = rules.slots.iter().all(|slot| rules.shapes[slot.shape].offsets.len() == 1);
    if !one_cell
        || rules.width < 2
        || rules.height < 2
        || rules.walls.iter().any(|&w| w)
        || rules.slots.len() + 1 != cells
        || cells > crate::search::tiles::MAX_CELLS
    {
        return None;
    }
    let mut covered = vec![false; cells];
    goal.iter().for_each(|&g| covered[usize::from(g)] = true);
    let blank = covered.iter().position(|&c| !c)? as u8;
    let mut start = vec![blank; cells];
    for (slot, &anchor) in rules.start.iter().enumerate() {
        start[usize::from(anchor)] = goal[slot] as u8;
    }
    Some(AsTiles { start, blank })
}

fn run_tiles(
    rules: &Rules,
    tiles_form: &AsTiles,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Result<Report, FormatError> {
    let metric = rules.metric.name();
    let problem =
        TileProblem { width: rules.width, height: rules.height, start: &tiles_form.start, blank: tiles_form.blank };
    let goal = rules.goal_anchors().unwrap_or_default();
    tiles::report("sliding", metric, &problem, options, on_progress, |_, states| {
        // Each state as the pieces' anchors, in slot order, for the family's own move text.
        let path: Vec<Vec<u16>> = states
            .iter()
            .map(|at| goal.iter().map(|&g| at.iter().position(|&t| u16::from(t) == g).unwrap_or(0) as u16).collect())
            .collect();
        rules.describe(&path)
    })
}

fn run<const W: usize>(
    rules: &Rules,
    method: Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Report {
    let space = SlidingSpace::<W>::new(rules);
    // A goal test that ran out of backtracking may have missed a goal: the search stops at its
    // next report and gives up, whatever it found.
    let mut watched = |stats: &Stats| if rules.goal_test_failure().is_some() { Flow::Stop } else { on_progress(stats) };
    let mut outcome = match method {
        Method::Bidir => bidir(&space, &options.budget(), &mut watched),
        method => search_spread(&space, method, options, &mut watched),
    };
    if let Some(reason) = rules.goal_test_failure() {
        outcome = Outcome::GaveUp { reason: GaveUp::Other(reason), stats: *outcome.stats() };
    }
    Report::from_outcome("sliding", rules.metric.name(), method, outcome, |_, states| {
        let path: Vec<Vec<u16>> = states.iter().map(|s| space.unpack(s)).collect();
        rules.describe(&path)
    })
}

fn analyse_in<const W: usize>(
    rules: &Rules,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> AnalysisReport {
    let space = SlidingSpace::<W>::new(rules);
    let mut watched = |stats: &Stats| if rules.goal_test_failure().is_some() { Flow::Stop } else { on_progress(stats) };
    let mut analysis = analysis_spread("sliding", rules.metric.name(), &space, options, &mut watched, |_, states| {
        let path: Vec<Vec<u16>> = states.iter().map(|s| space.unpack(s)).collect();
        rules.describe(&path)
    });
    if let Some(reason) = rules.goal_test_failure() {
        analysis.status = Completion::GaveUp;
        analysis.reason = Some(reason);
    }
    analysis
}

impl Puzzle for SlidingPuzzle {
    fn family(&self) -> &'static str {
        "sliding"
    }

    fn capabilities(&self) -> Capabilities {
        self.capabilities_in(self.own_metric())
    }

    fn solve(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        let metric = self.metric(options).map_err(FormatError::general)?;
        let rules = self.rules(metric);
        if let Some(tiles_form) = as_tiles(rules) {
            return run_tiles(rules, &tiles_form, options, on_progress);
        }
        let method = self.capabilities_in(metric).resolve(options.method)?;
        Ok(match rules.words() {
            1 => run::<1>(rules, method, options, on_progress),
            2 => run::<2>(rules, method, options, on_progress),
            _ => run::<4>(rules, method, options, on_progress),
        })
    }

    fn explore(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<AnalysisReport, FormatError> {
        let rules = self.rules(self.metric(options).map_err(FormatError::general)?);
        Ok(match rules.words() {
            1 => analyse_in::<1>(rules, options, on_progress),
            2 => analyse_in::<2>(rules, options, on_progress),
            _ => analyse_in::<4>(rules, options, on_progress),
        })
    }

    /// The board with the pieces where `moves` put them; the options and goal stay.
    fn text_at(&self, moves: &[String]) -> Option<String> {
        let rules = self.rules(Metric::Piece);
        let board = rules.render(&self.position_after(moves, moves.len()));
        let mut layout = self.layout.clone();
        layout.cells = board.bytes().filter(|&b| b != b'\n').collect();
        Some(layout.to_text())
    }

    crate::midend::replayed_by!(replayer; check draw show boards);

    /// Each piece's steps of one cell (allowed in every metric).
    fn moves_from(&self, _options: &SolveOptions, moves: &[String], step: usize) -> Vec<String> {
        let rules = self.rules(Metric::Unit);
        let anchors = self.position_after(moves, step.min(moves.len()));
        (rules.moves_from(&anchors).into_iter())
            .filter_map(|(slot, to)| Some(format!("{} {}", rules.slots[slot].name(), rules.route(&anchors, slot, to)?)))
            .collect()
    }

    fn moves_at(
        &self,
        options: &SolveOptions,
        moves: &[String],
        step: usize,
        from: (f64, f64),
        to: (f64, f64),
        size: (f64, f64),
    ) -> Vec<String> {
        let Ok(metric) = self.metric(options) else { return Vec::new() };
        let anchors = self.position_after(moves, step.min(moves.len()));
        self.play(metric, &anchors, from, to, size)
    }

    fn moves_for_key(&self, _options: &SolveOptions, moves: &[String], step: usize, key: &str) -> Option<Vec<String>> {
        self.key(&self.position_after(moves, step.min(moves.len())), key)
    }

    fn name_at(&self, _moves: &[String], _step: usize, _point: (f64, f64), _size: (f64, f64)) -> Option<String> {
        self.chosen_note()
    }

    fn to_text(&self) -> String {
        self.layout.to_text()
    }

    fn editor(&self) -> Option<&dyn Editor> {
        Some(self)
    }
}

/// Whether `text` has the shape of a board and its goal, to be guessed at when it does not
/// read as one: at least two lines, none longer than [`GUESSED`] characters, no more than
/// [`GUESSED`] of them (prose, a log or a program is not taken for a board with a typo).
fn board_sized(text: &str) -> bool {
    const GUESSED: usize = 64;
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    (2..=GUESSED).contains(&lines.len()) && lines.iter().all(|l| l.chars().count() <= GUESSED)
}

#[cfg(test)]
mod tests;
