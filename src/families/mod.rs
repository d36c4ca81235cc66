//! Puzzle families: the traits every family implements, the registry, and format detection.
//!
//! A family is one folder below this one plus one line in [`FAMILIES`] (ARCHITECTURE.md, "Adding a family").

/// An [`Example`] from `www/examples/NAME.EXT`: `example!("klotski", "txt", 81)`.
macro_rules! example {
    ($name:literal, $ext:literal, $length:expr) => {
        $crate::families::Example {
            name: $name,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/www/examples/", $name, ".", $ext)),
            length: $length,
            title: None,
            group: None,
        }
    };
    // The menu's short title, where the text's own is long or missing (the text's stays its
    // tooltip).
    ($name:literal, $ext:literal, $length:expr, $title:literal) => {
        $crate::families::Example { title: Some($title), ..example!($name, $ext, $length) }
    };
    // Listed in the menu under another group than the family's name: where people look for it.
    ($name:literal, $ext:literal, $length:expr, $title:literal, group = $group:literal) => {
        $crate::families::Example { group: Some($group), ..example!($name, $ext, $length, $title) }
    };
}

pub mod analysis;
pub mod lmsolve;
pub mod maze;
pub mod npuzzle;
pub mod puzzlescript;
pub mod rushhour;
pub mod script;
pub mod sliding;
pub mod sokoban;
pub mod squares;
pub mod tiles;
pub mod tiling;

pub use crate::contract::{
    Beside, Capabilities, Counts, Facts, FormatError, MoveError, Noun, Report, SolveMode, SolveOptions, Splits, Status,
    Switch, SyntaxCheck, Verdict,
};
use crate::draw::Painter;
use crate::search::{
    astar, astar_weighted, bfs, dfs, idastar, idastar_part, Flow, Iteration, Method, Outcome, Space, Stats,
};

/// Every family, in the order pickers list them.
pub static FAMILIES: &[&dyn Family] = &[
    &sliding::Sliding,
    &npuzzle::NPuzzles,
    &rushhour::RushHour,
    &squares::Squares,
    &sokoban::Sokoban,
    &tiling::Tiling,
    &maze::Maze,
    &lmsolve::family::ALICE,
    &lmsolve::family::MINOTAUR,
    &lmsolve::family::NUMBERS,
    &lmsolve::family::PLANK,
    &lmsolve::family::HEX_PLANK,
    &lmsolve::family::TILT_SINGLE,
    &lmsolve::family::TILT_MULTI,
    &lmsolve::family::TILT_RB,
    &puzzlescript::PuzzleScript,
    &script::Script,
];

/// An example puzzle a family offers: the page's menu lists it, `tests/examples.rs` solves it
/// with the default options and holds it to its known answer, and `benches/examples.rs` times it.
pub struct Example {
    /// The file's name in `www/examples/` without its extension, unique among all examples.
    pub name: &'static str,
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
    Undo,
    Redo,
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

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Confidence {
    No,
    Maybe,
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

/// Runs the search `method` names, with the budgets in `options`. Bidirectional search needs a
/// `Reversible` space; the families that offer it run it themselves.
pub fn search<S: Space>(
    space: &S,
    method: Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let budget = options.budget();
    match method {
        Method::Astar => astar(space, &budget, on_progress),
        Method::Idastar => idastar(space, &budget, on_progress),
        Method::Dfs => dfs(space, options.max_depth.unwrap_or(DEFAULT_MAX_DEPTH), &budget, on_progress),
        Method::Greedy => astar_weighted(space, GREEDY_WEIGHT, &budget, on_progress),
        Method::Auto | Method::Bfs | Method::Bidir => bfs(space, &budget, on_progress),
    }
}

/// [`search`], where with `options.part` IDA* searches that part of one iteration, as the page's
/// Workers share it bound by bound ([`Splits::ByBound`]): also how that part ended, for
/// [`Report::iterated`]. (Only the families that split call it: every family's space would
/// otherwise carry its own copy of the parts' code: 18 KB more of the page's first load, gzip.)
pub fn search_iterated<S: Space>(
    space: &S,
    method: Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (Outcome<S::Move, S::State>, Option<Iteration>) {
    if let (Method::Idastar, Some(part)) = (method, options.part) {
        let (outcome, iteration) =
            idastar_part(space, part, options.bound, options.until, &options.budget(), on_progress);
        return (outcome, Some(iteration));
    }
    (search(space, method, options, on_progress), None)
}

/// [`search`] for spaces that threads can share: breadth-first search spreads over
/// `options.threads()` threads natively (with the same answer and counts as on one).
pub fn search_spread<S>(
    space: &S,
    method: Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State>
where
    S: Space + Sync,
    S::State: Send + Sync,
{
    #[cfg(not(target_arch = "wasm32"))]
    if matches!(method, Method::Auto | Method::Bfs | Method::Bidir) {
        return crate::search::bfs_spread(space, &options.budget(), options.threads(), on_progress);
    }
    search(space, method, options, on_progress)
}

/// Checks the metric asked for by a family that counts moves one way only (`name`); `why`
/// finishes the sentence that refuses any other.
pub fn only_metric(options: &SolveOptions, name: &str, why: &str) -> Result<(), FormatError> {
    match options.metric.as_deref() {
        None | Some("") | Some("auto") => Ok(()),
        Some(asked) if asked == name => Ok(()),
        Some(other) => Err(FormatError::general(format!("unknown metric \"{other}\"{why}"))),
    }
}

/// How many times over best-first search ([`Method::Greedy`]) counts a puzzle's bound.
pub const GREEDY_WEIGHT: u32 = 5;

/// How deep depth-first search goes unless told otherwise.
pub const DEFAULT_MAX_DEPTH: u64 = 100_000;

/// The methods of a puzzle the engine's generic searches serve (no bidirectional search).
pub const GENERIC_METHODS: &[Method] = &[Method::Auto, Method::Bfs, Method::Astar, Method::Idastar, Method::Dfs];

/// A parsed puzzle, seen by the page, the worker and the CLI.
pub trait Puzzle {
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

    /// The family's part of Analyse (issue 16), for puzzles whose capabilities say `analyses`:
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
    /// is terse (Sokoban's `l` and `U`: "← walk", "↑ push"); None: the text itself.
    fn move_label(&self, _text: &str) -> Option<String> {
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
    pub file_name: String,
    pub mime: &'static str,
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

/// Looks a family up by id.
pub fn family(id: &str) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|f| f.id().eq_ignore_ascii_case(id.trim()))
}

/// Picks the family for `text`: the named one, or with "auto" (or None) the most confident.
pub fn choose(id: Option<&str>, text: &str) -> Result<&'static dyn Family, FormatError> {
    match id {
        Some(id) if !detected(Some(id)) => family(id).ok_or_else(|| {
            let known: Vec<_> = FAMILIES.iter().map(|f| f.id()).collect();
            // Not a place in the text: the name came from elsewhere (an option, a picker).
            FormatError::general(format!("unknown family {}; known families: {}", shown_text(id), known.join(", ")))
        }),
        _ => {
            if text.trim().is_empty() {
                return Err(FormatError::new(1, 1, "the puzzle text is empty"));
            }
            // Each family looks once (detecting can mean scanning a large text).
            let best = FAMILIES.iter().map(|&f| (f.detect(text), f)).max_by_key(|(confidence, _)| *confidence);
            match best {
                Some((confidence, f)) if confidence > Confidence::No => Ok(f),
                _ => Err(FormatError::new(
                    1,
                    1,
                    format!("could not tell which kind of puzzle this is: {}", formats_read()),
                )),
            }
        }
    }
}

/// A file's bytes as puzzle text (the CLI's FILE and the page's Open file alike), or a sentence
/// naming the file and the line and column of the first byte that is not UTF-8. A byte-order
/// mark is dropped, and lines ended by a lone carriage return (old Mac files) become lines.
pub fn file_text(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let before = String::from_utf8_lossy(&e.as_bytes()[..good]).into_owned();
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |last| last.chars().count()) + 1;
        format!(
            "{name}:{line}:{column}: this is not UTF-8 text (byte 0x{:02X}); save the file as UTF-8",
            e.as_bytes()[good]
        )
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if text.contains('\r') {
        text = text.replace("\r\n", "\n").replace('\r', "\n");
    }
    Ok(text)
}

/// What [`Family::parse`] says in a build without `what` (see [`Family::needs_full_build`]).
#[cfg(not(all(
    feature = "script",
    feature = "lmsolve",
    feature = "perl-goals",
    feature = "regex-goals",
    feature = "puzzlescript"
)))]
pub fn not_in_this_build(what: &str) -> FormatError {
    FormatError::general(format!("this build has no {what}: such puzzles open in the page's full module (full.html) and in the command-line tool"))
}

/// Chooses the family and parses `text` with it.
pub fn parse(id: Option<&str>, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
    parse_as(id, choose(id, text)?, text)
}

/// Reads `text` as `family`, the one [`choose`] gave for `id`. When the family was only guessed
/// ([`Confidence::Maybe`]: a few lines of anything could be a sliding-block board with a typo)
/// and the text does not read as it, its error says so and lists the formats: the text may be
/// no puzzle at all, or one of another kind with a mistake that hid it.
pub fn parse_as(id: Option<&str>, family: &dyn Family, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
    family.parse(text).map_err(|error| {
        if !(detected(id) && family.detect(text) == Confidence::Maybe) {
            return error;
        }
        let message = format!(
            "{} (read as {}, the nearest of the formats; {})",
            error.message.trim_end_matches('.'),
            family.name(),
            formats_read()
        );
        FormatError { message, ..error }
    })
}

/// Whether `id` leaves the family to detection (none named, or "auto").
fn detected(id: Option<&str>) -> bool {
    id.is_none_or(|id| id.trim().eq_ignore_ascii_case("auto"))
}

/// "the formats read are: …. Pick a family to see what it expects"
fn formats_read() -> String {
    let formats: Vec<&str> = FAMILIES.iter().map(|f| f.name()).collect();
    format!("the formats read are: {}. Pick a family to see what it expects", formats.join("; "))
}

#[cfg(test)]
mod shown_tests {
    use super::*;

    /// A text no family reads gets the message that lists the formats. A family that takes any
    /// few lines for a board with a typo (sliding blocks) says what it found, at its place,
    /// and the formats are listed after it. A family picked by name says only its own.
    #[test]
    fn a_text_no_family_reads_is_told_the_formats() {
        let listed = |text: &str| {
            let error = parse(None, text).err().expect("not a puzzle");
            assert!(error.message.contains("the formats read are: Sliding blocks; N-puzzle"), "{}", error.message);
            error
        };
        let gibberish = listed("lorem ipsum dolor, sit 2 amet\nconsectetur adipiscing elit\n");
        assert_eq!((gibberish.line, gibberish.column), (2, 1));
        assert!(
            gibberish.message.starts_with("missing goal line: ")
                && gibberish.message.contains("(read as Sliding blocks, the nearest of the formats; the formats read"),
            "{}",
            gibberish.message
        );
        // Prose is no board: too long in its lines and rows for any family to guess at.
        let prose = "the quick brown fox jumps over the lazy dog, as it does in every typing lesson\n".repeat(2500);
        assert!(listed(&prose).message.starts_with("could not tell which kind of puzzle this is: the formats"));
        assert!(listed("hello").message.starts_with("could not tell which kind of puzzle this is"));
        // All walls: a maze of blocks being drawn, with no way in yet (read, and said so).
        let walls = format!("{}\n", "#".repeat(80)).repeat(2500);
        let unready = parse(None, &walls).ok().and_then(|maze| maze.unready()).expect("a maze with no way in");
        assert!(unready.message.starts_with("no opening found in the outer wall"), "{}", unready.message);
        // Picked by name, a family says what is wrong in its own words.
        let picked = parse(Some("sliding"), "aabb\naaXd\na--\n").err().expect("a stray X");
        assert!(picked.message.starts_with("'X' is not allowed on the board") && !picked.message.contains("formats"));
        // What a family reads for sure is not second-guessed.
        assert!(parse(None, "aabb\naacd\n  cd\na--\n").is_ok());
    }

    #[test]
    fn files_must_be_utf8_and_lose_their_byte_order_mark() {
        assert_eq!(file_text("a.txt", b"ab\ncd".to_vec()).unwrap(), "ab\ncd");
        assert_eq!(file_text("a.txt", b"\xef\xbb\xbfab\n".to_vec()).unwrap(), "ab\n");
        assert_eq!(
            file_text("b.txt", b"ab\xff\xfe".to_vec()).unwrap_err(),
            "b.txt:1:3: this is not UTF-8 text (byte 0xFF); save the file as UTF-8"
        );
        assert_eq!(
            file_text("c.txt", [b"a\nb".as_slice(), "\u{e9}".as_bytes(), b"c\xfe"].concat()).unwrap_err(),
            "c.txt:2:4: this is not UTF-8 text (byte 0xFE); save the file as UTF-8"
        );
        assert_eq!(
            file_text("d.txt", b"ab\rcd\r\nef\r".to_vec()).unwrap(),
            "ab\ncd\nef\n",
            "lone carriage returns end lines"
        );
    }

    #[test]
    fn messages_show_odd_characters_by_code_point() {
        assert_eq!(shown_char('x'), "'x'");
        assert_eq!(shown_char('\u{301}'), "U+0301");
        assert_eq!(shown_char('\u{7}'), "U+0007");
        assert_eq!(shown_char('é'), "'é' (U+00E9)");
        assert_eq!(shown_text("a\u{301}b"), "\"a<U+0301>b\"");
        assert_eq!(shown_text(&"z".repeat(100)), format!("\"{}…\"", "z".repeat(40)));
    }
}
