//! The contract every family keeps: [`Family`] (a kind of puzzle: its name, its examples, how
//! sure it is a text is its, how to read one) and [`Puzzle`] (one puzzle read: solve, check,
//! play, draw, explain), with draw mode's [`Editor`]. The page, the Worker and the CLI hold
//! puzzles only through these; `families` lists the families that keep it.

use super::{Capabilities, Difficulty, FormatError, MoveError, NewGame, Report, SolveOptions, SyntaxCheck, Verdict};
use crate::draw::Painter;
// Analyse's report is the families' shared module's (it runs the engine's exploration).
use crate::families::analysis;
use crate::search::{Flow, Method, Stats};

/// The methods of a puzzle the engine's generic searches serve (no bidirectional search).
pub const GENERIC_METHODS: &[Method] = &[Method::Auto, Method::Bfs, Method::Astar, Method::Idastar, Method::Dfs];

/// An example puzzle a family offers: the page's menu lists it, `tests/examples.rs` solves it
/// with the default options and holds it to its known answer, and `benches/examples.rs` times it.
pub struct Example {
    /// The file's name in `www/examples/` without its extension, unique among all examples.
    pub name: &'static str,
    /// The puzzle's text, as the file holds it.
    pub text: &'static str,
    /// The length of its shortest solution under the default options (tilings: the pieces of one
    /// tiling), from a published source or an independent computation, named where it is listed.
    pub length: usize,
    /// Its short name in the page's menu ([`crate::examples::title`]); the text's own title or
    /// first comment is then its tooltip.
    pub title: Option<&'static str>,
    /// The menu's group it is listed in, when not its family's (an 8-puzzle written as sliding
    /// blocks sits with the N-puzzles).
    pub group: Option<&'static str>,
}

/// What a key does to the moves played ([`Puzzle::key_for_history`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistoryKey {
    /// Take the last move back.
    Undo,
    /// Make the move taken back again.
    Redo,
    /// Back to the start.
    Restart,
}

/// A family: a text format and what to do with a parsed puzzle.
pub trait Family: Sync {
    /// Stable identifier used by the CLI, the page and share links ("sliding").
    fn id(&self) -> &'static str;
    /// Human name ("Sliding blocks").
    fn name(&self) -> &'static str;
    /// A few lines on the format, for `puzzlelab formats` and the page's help.
    fn format_help(&self) -> &'static str;
    /// What the board shows and how to play on it (the page's help), for a family whose puzzles
    /// answer [`Puzzle::moves_at`]; None: the board is for watching solutions only.
    fn how_to_play(&self) -> Option<&'static str> {
        None
    }
    /// The move metrics the family understands; the first is the default.
    fn metrics(&self) -> &'static [&'static str];
    /// How sure the family is that `text` is one of its puzzles.
    fn detect(&self, text: &str) -> Confidence;
    /// Reads `text` as one of this family's puzzles, or says where and why it cannot.
    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError>;
    /// A small valid puzzle to start drawing from.
    fn blank(&self) -> &'static str;

    /// The puzzles it offers as examples (the page's menu), each with its known answer.
    fn examples(&self) -> &'static [Example];

    /// A new random puzzle of about `cols` x `rows` (the same `seed` gives the same puzzle),
    /// for families that can make them; the page's "New" button uses it instead of `blank`.
    fn generate(&self, _cols: usize, _rows: usize, _seed: u64) -> Option<String> {
        None
    }

    /// The side lengths (columns, rows) [`Family::generate`] makes puzzles of, or None when it
    /// makes none; it brings other sizes into this range, and the CLI refuses them.
    fn generated_sides(&self) -> Option<std::ops::RangeInclusive<usize>> {
        None
    }

    /// Whether [`Family::generate`] makes puzzles (asked without making one, which may search).
    fn generates(&self) -> bool {
        self.generated_sides().is_some()
    }

    /// A new game at `difficulty` (the same seed gives the same game), measured by solving it
    /// (`families::newgame`): the page's New game. None for a family that makes none.
    fn new_game(&self, _difficulty: Difficulty, _seed: u64) -> Option<NewGame> {
        None
    }

    /// What [`Family::new_game`] makes, in a word or two (the page's New game menu: "8-puzzle"),
    /// or None when it makes none (asked without making one, which searches).
    fn new_games(&self) -> Option<&'static str> {
        None
    }

    /// Whether only a build with everything can read `text` (the page's first module is built
    /// without the Cargo features `script`, `lmsolve`, `perl-goals`, `regex-goals` and
    /// `puzzlescript`; the page then opens its full module). False, the default, when this build reads it, and for a text whose errors
    /// this build can already tell: [`Family::parse`] says them.
    fn needs_full_build(&self, _text: &str) -> bool {
        false
    }

    /// Whether `text` is a script the page must run only in its sandbox (rules in JavaScript:
    /// the page's own thread never evaluates them). The page then sends its requests to Workers
    /// started in the sandbox, and learns what it shows from their traces ([`Puzzle::trace`]).
    fn runs_sandboxed(&self, _text: &str) -> bool {
        false
    }

    /// Keeps what a sandboxed Worker said of `text` ([`Puzzle::trace`]'s JSON, or the error
    /// reading it): [`Family::parse`] reads from it in the page.
    fn learn(&self, _text: &str, _said: Result<String, FormatError>) {}

    /// Whether the page must have a sandboxed Worker trace `text` before [`Family::parse`] can
    /// read it (it has learnt nothing of it yet).
    fn wants_trace(&self, _text: &str) -> bool {
        false
    }

    /// For a text that [`Family::runs_sandboxed`]: how the page's sandbox can place its syntax
    /// errors (a Worker's engine reports them without a place).
    fn syntax_check(&self, _text: &str) -> Option<SyntaxCheck> {
        None
    }
}

/// How sure a family is that a text is one of its puzzles: the most sure family reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Confidence {
    /// Not this family's.
    No,
    /// Could be: nothing in it says otherwise.
    Maybe,
    /// This family's own (a marker line, a header only it writes).
    Sure,
}

impl Confidence {
    /// Sure when the format's own test says yes, else no.
    pub fn sure_if(yes: bool) -> Confidence {
        if yes {
            Confidence::Sure
        } else {
            Confidence::No
        }
    }
}

/// A parsed puzzle, seen by the page, the worker and the CLI.
pub trait Puzzle {
    /// The id of the family that read it.
    fn family(&self) -> &'static str;

    /// Its methods, modes and switches (see [`Capabilities`]).
    fn capabilities(&self) -> Capabilities {
        Capabilities::searches(GENERIC_METHODS)
    }

    /// Searches for a solution. Errors are about the options (an unknown metric, a method the
    /// puzzle cannot use; these have no line), or, for scripted rules, about the script.
    fn solve(&self, options: &SolveOptions, on_progress: &mut dyn FnMut(&Stats) -> Flow)
        -> Result<Report, FormatError>;

    /// Like [`Puzzle::solve`], also handing each solution listed (`SolveMode::All`) to
    /// `on_found` as soon as it is found, so a front end can show them while the search goes on.
    fn solve_streaming(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
        _on_found: &mut dyn FnMut(&[String]),
    ) -> Result<Report, FormatError> {
        self.solve(options, on_progress)
    }

    /// The family's part of Analyse, for puzzles whose capabilities say `analyses`:
    /// every position reachable from the start. The faces call [`Puzzle::analyse`].
    fn explore(
        &self,
        _options: &SolveOptions,
        _on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<analysis::AnalysisReport, FormatError> {
        Err(analysis::not_offered(self.family()))
    }

    /// Analyse: [`Puzzle::explore`], with the hardest start written as a puzzle of its own
    /// where the family can ([`Puzzle::text_at`]) and its explore has not written it already.
    fn analyse(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<analysis::AnalysisReport, FormatError> {
        let mut report = self.explore(options, on_progress)?;
        if let Some(hardest) = report.hardest.as_mut().filter(|h| h.text.is_none()) {
            hardest.text = self.text_at(&hardest.path);
        }
        Ok(report)
    }

    /// The position after `moves` as a puzzle of its own, in the family's format (Analyse's
    /// hardest start), for families that can write one.
    fn text_at(&self, _moves: &[String]) -> Option<String> {
        None
    }

    /// For a puzzle that [`Family::runs_sandboxed`]: each position along `moves` as its rules
    /// show and draw it (JSON, for [`Family::learn`]). None for the others.
    fn trace(&self, _moves: &[String]) -> Option<Result<String, FormatError>> {
        None
    }

    /// Whether the page must ask a sandboxed Worker to trace `moves` before it can show them.
    fn wants_trace(&self, _moves: &[String]) -> bool {
        false
    }

    /// Why the puzzle, read and drawn, cannot be solved as it stands (a Sokoban level with more
    /// boxes than goals, half drawn): said when it is read, at its place; solving says the same.
    fn unready(&self) -> Option<FormatError> {
        None
    }

    /// What was read but would be warned of by the format's own tools (PuzzleScript's compiler:
    /// a duplicate name, a sprite row too short), each at its place: shown under the text as
    /// notes; the puzzle plays and solves as read.
    fn warnings(&self) -> &[FormatError] {
        &[]
    }

    /// Replays moves (in their text form) through the rules of the metric in `options`: an error
    /// names the first illegal move.
    fn check(&self, options: &SolveOptions, moves: &[String]) -> Result<Verdict, MoveError>;

    /// Paints the position after `step` moves, `tween` (0..1) of the way into the next move.
    fn draw(&self, moves: &[String], step: usize, tween: f32, painter: &mut dyn Painter);

    /// The position after `step` moves, as text.
    fn show(&self, moves: &[String], step: usize) -> String;

    /// Every position of the replay as text, the start first (the CLI's `--output-states`).
    /// A family on the mid-end ([`crate::midend::Replayer::boards`]) replays the moves once;
    /// this default shows each step on its own.
    fn boards(&self, moves: &[String]) -> Vec<String> {
        (0..=moves.len()).map(|step| self.show(moves, step)).collect()
    }

    /// The puzzle in its own format; parses back to the same puzzle.
    fn to_text(&self) -> String;

    /// A solution as the CLI prints it after its status line: one move per line, unless the
    /// family writes solutions another way (a tiling prints the filled board).
    fn solution_text(&self, moves: &[String]) -> String {
        moves.iter().map(|m| format!("{m}\n")).collect()
    }

    /// Draw mode, for families that have one.
    fn editor(&self) -> Option<&dyn Editor> {
        None
    }

    /// A file to download showing the solution `moves` (a maze: the SVG with the path drawn in).
    fn export(&self, _moves: &[String]) -> Option<Export> {
        None
    }

    /// The puzzle in an SVG form of its own, for families that have one (a maze, as
    /// mazegenerator.net draws it): what `puzzlelab generate --svg` writes.
    fn to_svg(&self) -> Option<String> {
        None
    }

    /// What the thing drawn at a point is called (a tiling: the piece there), for a click on
    /// the board outside draw mode.
    fn name_at(&self, _moves: &[String], _step: usize, _point: (f64, f64), _size: (f64, f64)) -> Option<String> {
        None
    }

    /// Play (the page): the moves a tap or a drag on the board makes from the position after
    /// `step` of `moves`, in the notation of the metric in `options`; the board is painted on a
    /// surface of `size`, the pointer went down at `from` and up at `to`. Empty when it makes
    /// none: a family with no play, or a tap on nothing that moves. A family on the mid-end
    /// answers [`crate::midend::Backend::moves_at`] and forwards to its replayer.
    fn moves_at(
        &self,
        _options: &SolveOptions,
        _moves: &[String],
        _step: usize,
        _from: (f64, f64),
        _to: (f64, f64),
        _size: (f64, f64),
    ) -> Vec<String> {
        Vec::new()
    }

    /// Play by choosing (the page lists them as buttons): the moves allowed from the position
    /// after `step` of `moves`. Empty when the family does not list them.
    fn moves_from(&self, _options: &SolveOptions, _moves: &[String], _step: usize) -> Vec<String> {
        Vec::new()
    }

    /// What a button for the move `text` of [`Puzzle::moves_from`] says, where the move's text
    /// is terse (Sokoban's `l` and `U`: "← walk", "↑ push"); None: [`Puzzle::move_words`].
    fn move_label(&self, _text: &str) -> Option<String> {
        None
    }

    /// The move `text` in words a player reads, where its notation is a fan's shorthand (Rush
    /// Hour's `B+1`: "B right 1"), for the move list, a hint and the buttons; None: the text
    /// itself (notations players write and read, such as Sokoban's LURD, stay as they are).
    fn move_words(&self, _text: &str) -> Option<String> {
        None
    }

    /// How a list of moves played counts, where the family counts more than moves ("12 moves,
    /// 3 pushes"); None: the page counts the moves in the list.
    fn tally(&self, _moves: &[String]) -> Option<String> {
        None
    }

    /// A key that takes back, makes again or starts over the moves played, where the family's
    /// players know other keys than the page's (PuzzleScript's Z and R). None: the page's own
    /// (Ctrl+Z, u and Backspace undo; Ctrl+Y and r redo; R and Home restart).
    fn key_for_history(&self, _key: &str) -> Option<HistoryKey> {
        None
    }

    /// Play from the keyboard (the board focused): the moves a key makes (`ArrowLeft`, `a`, …
    /// as the browser names keys) from the position after `step` of `moves`; empty when the key
    /// is the family's but makes no move here (a wall in the way, a key that chose a piece).
    /// None for a key the family does not use: the page then does its own with it (the arrow
    /// keys step through the replay).
    fn moves_for_key(
        &self,
        _options: &SolveOptions,
        _moves: &[String],
        _step: usize,
        _key: &str,
    ) -> Option<Vec<String>> {
        None
    }

    /// The levels of a collection (a file of several puzzles, as Sokoban's are), by title, for
    /// a picker; empty for a text of one puzzle. A collection's puzzle is its first level.
    fn levels(&self) -> Vec<String> {
        Vec::new()
    }

    /// Level `index` (from 0) of a collection as a text of its own (the CLI's `--level`).
    fn level_text(&self, _index: usize) -> Option<String> {
        None
    }

    /// Whether `solve` without `--level` solves every level, as a game's designer checks a
    /// game (PuzzleScript); false: a collection's first level, as a puzzle of its own.
    fn solves_every_level(&self) -> bool {
        false
    }

    /// What the page's button for [`Puzzle::export`] says, for puzzles that export.
    fn export_label(&self) -> Option<&'static str> {
        None
    }
}

/// A file made for the user to keep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    /// The name offered for the file.
    pub file_name: String,
    /// Its media type.
    pub mime: &'static str,
    /// What it holds.
    pub text: String,
}

/// Draw mode: tools that change the puzzle by clicking cells. Every edit returns the new puzzle
/// text, so the text stays the one source of truth (and undo is a stack of texts).
pub trait Editor {
    /// The tools, as (id, label); ids are passed back to [`Editor::apply`].
    fn tools(&self) -> Vec<(String, String)>;
    /// The text after clicking `tool` on the cell at (`row`, `col`), or None when nothing changes.
    /// A click may toggle (a wall on a wall takes it away).
    fn apply(&self, tool: &str, row: usize, col: usize) -> Option<String>;
    /// Like `apply` for the cells a drag passes over: it only ever sets, never toggles.
    fn paint(&self, tool: &str, row: usize, col: usize) -> Option<String>;
    /// The text with the board resized to `cols` x `rows`.
    fn resize(&self, cols: usize, rows: usize) -> Option<String>;
    /// (cols, rows) of the board.
    fn size(&self) -> (usize, usize);
    /// The cell under a point of a drawing of `width` x `height` pixels.
    fn cell_at(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(usize, usize)>;
}

/// A character of the user's text as a message shows it: in quotes when it prints plainly, else
/// by its code point ("U+0301"), so that no control, combining or invisible character reaches a
/// message (and a letter outside ASCII gets both: `'é' (U+00E9)`).
pub fn shown_char(ch: char) -> String {
    let invisible = ch.is_control()
        || (ch.is_whitespace() && ch != ' ')
        || matches!(ch, '\u{300}'..='\u{36f}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe00}'..='\u{fe2f}')
        || matches!(ch, '\u{200b}'..='\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{206f}' | '\u{feff}');
    match ch {
        _ if invisible => format!("U+{:04X}", u32::from(ch)),
        _ if ch.is_ascii() => format!("'{ch}'"),
        _ => format!("'{ch}' (U+{:04X})", u32::from(ch)),
    }
}

/// Words of the user's text as a message shows them: in quotes, at most 40 characters (then
/// "…"), with characters that do not print plainly as code points (see [`shown_char`]).
pub fn shown_text(text: &str) -> String {
    let mut shown = String::from("\"");
    for ch in text.chars().take(40) {
        match shown_char(ch) {
            quoted if quoted.starts_with('\'') => shown.push(ch),
            code => shown.push_str(&format!("<{code}>")),
        }
    }
    if text.chars().nth(40).is_some() {
        shown.push('…');
    }
    shown.push('"');
    shown
}
