//! Puzzle families: the traits every family implements, the registry, and format detection.
//!
//! A family is one folder below this one plus one line in [`FAMILIES`] (DESIGN.md rule 2).

pub mod analysis;
pub mod lmsolve;
pub mod maze;
pub mod npuzzle;
pub mod rushhour;
pub mod script;
pub mod sliding;
pub mod squares;
pub mod tiles;
pub mod tiling;

use crate::draw::Painter;
use crate::search::{astar, bfs, dfs, idastar, Budget, Flow, Knowledge, Method, Outcome, Part, Space, Stats};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// Every family, in the order pickers list them.
pub static FAMILIES: &[&dyn Family] = &[
    &sliding::Sliding,
    &npuzzle::NPuzzles,
    &rushhour::RushHour,
    &squares::Squares,
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
    &script::Script,
];

/// A family: a text format and what to do with a parsed puzzle.
pub trait Family: Sync {
    /// Stable identifier used by the CLI, the page and share links ("sliding").
    fn id(&self) -> &'static str;
    /// Human name ("Sliding blocks").
    fn name(&self) -> &'static str;
    /// A few lines on the format, for `puzzlelab formats` and the page's help.
    fn format_help(&self) -> &'static str;
    /// The move metrics the family understands; the first is the default.
    fn metrics(&self) -> &'static [&'static str];
    /// How sure the family is that `text` is one of its puzzles.
    fn detect(&self, text: &str) -> Confidence;
    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError>;
    /// A small valid puzzle to start drawing from.
    fn blank(&self) -> &'static str;

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
        Method::Auto | Method::Bfs | Method::Bidir => bfs(space, &budget, on_progress),
    }
}

/// [`search`] for spaces that threads can share: breadth-first search spreads over
/// `options.threads()` threads natively (with the same answer and counts as on one).
pub fn search_spread<S>(space: &S, method: Method, options: &SolveOptions, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Outcome<S::Move, S::State>
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

/// How deep depth-first search goes unless told otherwise.
pub const DEFAULT_MAX_DEPTH: u64 = 100_000;

/// What a puzzle offers: the page builds its pickers from this and the CLI checks its flags
/// against it, so neither needs to know families by name.
#[derive(Debug, Clone, PartialEq)]
pub struct Capabilities {
    /// The methods it accepts, `Auto` first.
    pub methods: Vec<Method>,
    /// What it knows of its space, from which `auto` chooses.
    pub knowledge: Knowledge,
    /// Its solve modes; `First` alone means one solution is the only answer.
    pub modes: Vec<SolveMode>,
    /// The switches of [`SolveOptions`] it reads, by field name: "exact", "distinct".
    pub switches: Vec<&'static str>,
    /// Whether [`Puzzle::analyse`] explores its space.
    pub analyses: bool,
    /// The modes whose search splits into parts ([`SolveOptions::part`]) and takes long enough
    /// for the page to share it among its Workers (a tiling's count).
    pub parts: Vec<SolveMode>,
    /// What its solutions are, in words ([`Report::noun`] carries it to the faces).
    pub noun: Noun,
}

/// What a family's solutions are made of, for the words the faces use: "Solved in 22 clicks",
/// "9,356 tilings". The family declares it ([`Capabilities::noun`]); its reports carry it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Noun {
    /// Moves in a metric ("37 moves (unit metric, shortest)").
    #[default]
    Moves,
    /// Clicks, the only metric there is ("22 clicks (shortest)").
    Clicks,
    /// Tilings of a board: counted, or one found as its pieces' placements.
    Tilings,
}

impl Capabilities {
    /// A puzzle searched for one shortest solution by `methods`, knowing nothing that helps.
    pub fn searches(methods: &[Method]) -> Capabilities {
        Capabilities {
            methods: methods.to_vec(),
            knowledge: Knowledge::default(),
            modes: vec![SolveMode::First],
            switches: Vec::new(),
            analyses: false,
            parts: Vec::new(),
            noun: Noun::Moves,
        }
    }

    /// Says what its solutions are called.
    pub fn calling(mut self, noun: Noun) -> Capabilities {
        self.noun = noun;
        self
    }

    /// Says that [`Puzzle::analyse`] explores the puzzle's space.
    pub fn analysing(mut self) -> Capabilities {
        self.analyses = true;
        self
    }

    pub fn knowing(mut self, knowledge: Knowledge) -> Capabilities {
        self.knowledge = knowledge;
        self
    }

    /// What `auto` runs: the rule's choice ([`Knowledge::auto`]) when the puzzle accepts it,
    /// else the first method it lists (a tiling's exact cover).
    pub fn auto(&self) -> Method {
        let chosen = self.knowledge.auto();
        if self.methods.contains(&chosen) {
            chosen
        } else {
            self.methods.iter().copied().find(|&m| m != Method::Auto).unwrap_or(Method::Bfs)
        }
    }

    /// The method `asked` stands for (auto resolved), or an error naming the ones accepted.
    pub fn resolve(&self, asked: Method) -> Result<Method, FormatError> {
        let method = if asked == Method::Auto { self.auto() } else { asked };
        if self.methods.contains(&method) {
            return Ok(method);
        }
        let accepted: Vec<&str> = self.methods.iter().map(|m| m.name()).collect();
        let why = match method {
            Method::Bidir => "bidirectional search needs one explicit goal position that moves can reach backwards; ",
            _ => "",
        };
        Err(FormatError::general(format!(
            "{why}this puzzle cannot be solved with {}; use {}",
            method.name(),
            accepted.join(", ")
        )))
    }
}

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
    fn solve(&self, options: &SolveOptions, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Result<Report, FormatError>;

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
    fn explore(&self, _options: &SolveOptions, _on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Result<analysis::AnalysisReport, FormatError> {
        Err(analysis::not_offered(self.family()))
    }

    /// Analyse: [`Puzzle::explore`], with the hardest start written as a puzzle of its own
    /// where the family can ([`Puzzle::text_at`]) and its explore has not written it already.
    fn analyse(&self, options: &SolveOptions, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Result<analysis::AnalysisReport, FormatError> {
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

    /// Replays moves (in their text form) through the rules of the metric in `options`: an error
    /// names the first illegal move.
    fn check(&self, options: &SolveOptions, moves: &[String]) -> Result<Verdict, MoveError>;

    /// Paints the position after `step` moves, `tween` (0..1) of the way into the next move.
    fn draw(&self, moves: &[String], step: usize, tween: f32, painter: &mut dyn Painter);

    /// The position after `step` moves, as text (the CLI's `--output-states`).
    fn show(&self, moves: &[String], step: usize) -> String;

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

/// What replaying a move list found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The position after the last move is a goal.
    pub ends_solved: bool,
    /// The first step (number of moves made) whose position is a goal, if any.
    pub first_solved: Option<usize>,
}

impl Verdict {
    /// Replays `moves` from `start` with `apply` (which makes a move or says why it cannot),
    /// noting where `solved` first holds: [`Puzzle::check`] for families whose rules can.
    pub fn replay<S>(
        mut state: S,
        moves: &[String],
        mut apply: impl FnMut(&mut S, &str) -> Result<(), String>,
        solved: impl Fn(&S) -> bool,
    ) -> Result<Verdict, MoveError> {
        let mut first_solved = solved(&state).then_some(0);
        for (index, text) in moves.iter().enumerate() {
            apply(&mut state, text).map_err(|message| MoveError { index, message })?;
            if first_solved.is_none() && solved(&state) {
                first_solved = Some(index + 1);
            }
        }
        Ok(Verdict { ends_solved: solved(&state), first_solved })
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError {
    /// Index of the offending move.
    pub index: usize,
    pub message: String,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.message)
    }
}

/// A problem with puzzle text, pointing at a place in it (1-based line and column; line 0 when
/// the problem is not at one place, such as an option that does not fit the puzzle).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormatError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl FormatError {
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> Self {
        FormatError { line, column, message: message.into() }
    }

    /// A problem with no place in the text.
    pub fn general(message: impl Into<String>) -> Self {
        FormatError { line: 0, column: 0, message: message.into() }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
        }
    }
}

impl std::error::Error for FormatError {}

/// How to search. Everything is optional; families fill in their defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SolveOptions {
    /// A family metric name; None = the one the puzzle text asks for, else the family default.
    pub metric: Option<String>,
    pub method: Method,
    pub max_states: Option<u64>,
    pub max_bytes: Option<u64>,
    pub time_limit_ms: Option<u64>,
    /// For DFS only.
    pub max_depth: Option<u64>,
    /// Search without bounds that are sound-looking but unproven (Game About Squares' search
    /// area): slower, and limited only by the budgets.
    #[serde(default)]
    pub exact: bool,
    /// For families with many solutions (tiling): stop at the first, count all, or list all.
    #[serde(default)]
    pub mode: SolveMode,
    /// With `SolveMode::All`: list only solutions distinct under the puzzle's symmetry.
    #[serde(default)]
    pub distinct: bool,
    /// Threads for the searches that spread over several (natively); None: every core.
    #[serde(default)]
    pub threads: Option<usize>,
    /// Search only this part of the tree, for a search shared among processes (the page's
    /// Workers); the parts' reports join into the whole search's ([`Report::joined`]).
    #[serde(default)]
    pub part: Option<Part>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SolveMode {
    #[default]
    First,
    Count,
    All,
}

/// How many solutions there are: all of them, and up to the puzzle's symmetry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    pub raw: u64,
    pub distinct: u64,
}

impl SolveOptions {
    /// The threads a search may use: as asked, else every core the machine reports (one in the
    /// page, where a search runs in one Worker).
    pub fn threads(&self) -> usize {
        #[cfg(not(target_arch = "wasm32"))]
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        #[cfg(target_arch = "wasm32")]
        let cores = 1;
        self.threads.unwrap_or(cores).max(1)
    }

    /// The part asked for, when the puzzle can split its search in this mode (see
    /// [`Capabilities::parts`]); an error otherwise, since a part that searched everything
    /// would count its solutions again in every other part.
    pub fn part(&self, capabilities: &Capabilities) -> Result<Option<Part>, FormatError> {
        let Some(part) = self.part else { return Ok(None) };
        let part = part.checked().map_err(FormatError::general)?;
        if !capabilities.parts.contains(&self.mode) {
            return Err(FormatError::general(format!("this puzzle's search cannot be split into parts when the mode is {:?}", self.mode).to_lowercase()));
        }
        Ok(Some(part))
    }

    /// The budget: what the options say, else limits that fit where the search runs. A stored
    /// search is bounded by memory (natively half of what the machine has free, in the page
    /// 1 GB, well under a tab's limit) and by the arena's u32 numbering; a search that stores
    /// nothing (IDA*) only by the options, time and Cancel.
    pub fn budget(&self) -> Budget {
        let default = Budget::default();
        Budget {
            // The arena numbers states with u32.
            max_states: self.max_states.unwrap_or(u64::MAX).min(u64::from(u32::MAX) - 1),
            max_expansions: self.max_states.unwrap_or(u64::MAX),
            max_bytes: self.max_bytes.unwrap_or_else(default_memory),
            time_limit: self.time_limit_ms.map(Duration::from_millis),
            report_every: default.report_every,
        }
    }
}

/// Bytes a stored search may hold by default: half of what this process may still take, which
/// is the least of the machine's free memory, the room left under the process's address-space
/// and data limits (`ulimit -v`, `ulimit -d`), and the room left in its control group (a
/// container's memory limit). Half, because the counted bytes are the search's tables and
/// the process needs more besides.
#[cfg(not(target_arch = "wasm32"))]
pub fn default_memory() -> u64 {
    let read = |path: &str| std::fs::read_to_string(path).unwrap_or_default();
    let room = memory_room(&read("/proc/meminfo"), &read("/proc/self/limits"), &read("/proc/self/status"), &read("/sys/fs/cgroup/memory.max"), &read("/sys/fs/cgroup/memory.current"));
    room.map_or(2 << 30, |bytes| (bytes / 2).max(64 << 20))
}

/// The least of the limits `default_memory` reads, from the texts of those files (empty when a
/// file is missing); None when none of them says anything.
#[cfg(not(target_arch = "wasm32"))]
fn memory_room(meminfo: &str, limits: &str, status: &str, cgroup_max: &str, cgroup_current: &str) -> Option<u64> {
    // "MemAvailable:  23651 kB" in /proc/meminfo, "VmSize:  10240 kB" in /proc/self/status.
    let kilobytes = |text: &str, key: &str| {
        let line = text.lines().find(|l| l.starts_with(key))?;
        line[key.len()..].split_whitespace().next()?.parse::<u64>().ok().map(|kb| kb * 1024)
    };
    // "Max address space   3072000000   3072000000   bytes": the soft limit, or "unlimited".
    let limit = |name: &str| {
        let line = limits.lines().find(|l| l.starts_with(name))?;
        line[name.len()..].split_whitespace().next()?.parse::<u64>().ok()
    };
    let used = kilobytes(status, "VmSize:").unwrap_or(0);
    let under_limits = [limit("Max address space"), limit("Max data size")].into_iter().flatten().map(|l| l.saturating_sub(used));
    let cgroup = cgroup_max.trim().parse::<u64>().ok().map(|max| max.saturating_sub(cgroup_current.trim().parse().unwrap_or(0)));
    [kilobytes(meminfo, "MemAvailable:"), cgroup].into_iter().flatten().chain(under_limits).min()
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod memory_tests {
    use super::memory_room;

    const MEMINFO: &str = "MemTotal:       24684532 kB\nMemFree:        22722600 kB\nMemAvailable:   24218624 kB\n";
    const UNLIMITED: &str = "Limit                     Soft Limit           Hard Limit           Units\nMax data size             unlimited            unlimited            bytes\nMax address space         unlimited            unlimited            bytes\n";

    #[test]
    fn the_least_room_wins() {
        let free = 24218624 * 1024;
        assert_eq!(memory_room(MEMINFO, UNLIMITED, "VmSize:\t  10240 kB\n", "max\n", "1000\n"), Some(free));
        // ulimit -v 3000000 (KB): what is left under it once the process's own size is taken off.
        let limited = UNLIMITED.replace("Max address space         unlimited            unlimited", "Max address space         3072000000           3072000000");
        assert_eq!(memory_room(MEMINFO, &limited, "VmSize:\t  10240 kB\n", "max\n", ""), Some(3072000000 - 10240 * 1024));
        // A container allowed 1 GB, of which 100 MB is used.
        assert_eq!(memory_room(MEMINFO, UNLIMITED, "", "1073741824\n", "104857600\n"), Some(1073741824 - 104857600));
        assert_eq!(memory_room("", "", "", "", ""), None);
    }
}

/// Bytes a stored search may hold by default in the page.
#[cfg(target_arch = "wasm32")]
pub fn default_memory() -> u64 {
    1 << 30
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Solved,
    Unsolved,
    GaveUp,
    Cancelled,
}

/// The result of a solve: what every front end shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub family: String,
    pub metric: String,
    /// The method that actually ran (`Auto` only when no search ran: an answer known beforehand).
    pub method: Method,
    pub status: Status,
    /// Why a search gave up.
    pub reason: Option<String>,
    /// The moves, in the family's text form.
    pub moves: Vec<String>,
    pub cost: u64,
    /// Whether the solution is guaranteed to be shortest in the metric.
    pub optimal: bool,
    /// What "shortest" and "no solution" are relative to, when not the whole space
    /// ("within the search area").
    #[serde(default)]
    pub scope: Option<String>,
    /// Solution counts, when all solutions were counted.
    #[serde(default)]
    pub counts: Option<Counts>,
    /// Further solutions, when they were asked for (`SolveMode::All`).
    #[serde(default)]
    pub solutions: Vec<Vec<String>>,
    /// The heuristic the method used, in words ("pattern databases 6-6-3"), when it used one.
    #[serde(default)]
    pub heuristic: Option<String>,
    /// Facts particular to the family, as a JSON object the CLI's `--json` adds to its own
    /// (a maze: its size, the path's length in cells, the entrance and exit).
    #[serde(default)]
    pub facts: Option<String>,
    /// The optimum the puzzle's text states (a line of Fogleman's Rush Hour database), for the
    /// summary to compare with.
    #[serde(default)]
    pub expected: Option<u64>,
    /// In a part's report ([`SolveOptions::part`]): where its solution (`moves`) comes in the
    /// whole search's order, so that the parts' reports join into the whole search's.
    #[serde(default)]
    pub first_at: Option<u64>,
    /// What the solution is made of, as the family calls it ([`Capabilities::noun`]).
    #[serde(default)]
    pub noun: Noun,
    pub stats: Stats,
}

impl Report {
    /// An answer known without searching (an N-puzzle of the wrong parity): `reason` says why.
    pub fn without_search(family: &str, metric: &str, status: Status, reason: &str) -> Report {
        let outcome: Outcome<(), ()> = Outcome::NoSolution { stats: Stats::default() };
        let mut report = Report::from_outcome(family, metric, Method::Auto, outcome, |_, _| Vec::new());
        report.status = status;
        report.reason = Some(reason.to_string());
        report
    }

    /// A solution given rather than searched for (an embedded player's link), already checked
    /// by replaying it through the rules: solved, not known to be shortest; made of `noun`.
    pub fn replayed(family: &str, metric: &str, noun: Noun, moves: Vec<String>) -> Report {
        let mut report = Report::without_search(family, metric, Status::Solved, "replayed from the link");
        report.reason = None;
        report.noun = noun;
        report.cost = moves.len() as u64;
        report.moves = moves;
        report
    }

    /// Fills a report from a search outcome, turning moves into their text form.
    pub fn from_outcome<M, S>(
        family: &str,
        metric: &str,
        method: Method,
        outcome: Outcome<M, S>,
        describe: impl FnOnce(&[M], &[S]) -> Vec<String>,
    ) -> Report {
        let mut report = Report {
            family: family.to_string(),
            metric: metric.to_string(),
            method,
            status: Status::Unsolved,
            reason: None,
            moves: Vec::new(),
            cost: 0,
            optimal: false,
            scope: None,
            counts: None,
            solutions: Vec::new(),
            heuristic: None,
            facts: None,
            expected: None,
            first_at: None,
            noun: Noun::Moves,
            stats: *outcome.stats(),
        };
        match outcome {
            Outcome::Solved { moves, states, cost, .. } => {
                report.status = Status::Solved;
                report.moves = describe(&moves, &states);
                report.cost = cost;
                report.optimal = method.is_optimal();
            }
            Outcome::NoSolution { .. } => {}
            Outcome::GaveUp { reason, .. } => {
                report.status = Status::GaveUp;
                report.reason = Some(reason);
            }
            Outcome::Cancelled { .. } => report.status = Status::Cancelled,
        }
        report
    }

    /// The report of a whole search from the reports of its parts (in part order; see
    /// [`SolveOptions::part`]). Its solution is the one the whole search meets first, its counts
    /// and figures the parts' together ([`Stats::joined`]); it is cancelled or gave up when a
    /// part did (with that part's reason). None when there are no parts.
    pub fn joined(parts: Vec<Report>) -> Option<Report> {
        let stats = Stats::joined(parts.iter().map(|p| &p.stats));
        let counts = parts.iter().map(|p| p.counts).sum::<Option<Counts>>();
        let ended_early = parts.iter().position(|p| p.status == Status::Cancelled).or_else(|| parts.iter().position(|p| p.status == Status::GaveUp));
        let solved = parts.iter().enumerate().filter(|(_, p)| p.status == Status::Solved).min_by_key(|(_, p)| p.first_at.unwrap_or(u64::MAX)).map(|(i, _)| i);
        let mut parts = parts;
        let mut report = match (ended_early, solved) {
            (Some(i), _) | (None, Some(i)) => parts.swap_remove(i),
            (None, None) => parts.into_iter().next()?,
        };
        report.counts = counts.filter(|_| matches!(report.status, Status::Solved | Status::Unsolved));
        report.first_at = None;
        report.stats = stats;
        Some(report)
    }
}

impl std::iter::Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.fold(Counts { raw: 0, distinct: 0 }, |a, b| Counts { raw: a.raw + b.raw, distinct: a.distinct + b.distinct })
    }
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
        Some(id) if !id.trim().eq_ignore_ascii_case("auto") => family(id).ok_or_else(|| {
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
                _ => Err(FormatError::new(1, 1, "could not tell which kind of puzzle this is; pick a family")),
            }
        }
    }
}

/// A file's bytes as puzzle text (the CLI's FILE and the page's Open file alike), or a sentence
/// naming the file and the first byte that is not UTF-8. A byte-order mark is dropped.
pub fn file_text(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    let mut text = String::from_utf8(bytes).map_err(|e| format!("{name} is not UTF-8 text (bad byte at offset {})", e.utf8_error().valid_up_to()))?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    Ok(text)
}

/// Chooses the family and parses `text` with it.
pub fn parse(id: Option<&str>, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
    choose(id, text)?.parse(text)
}

#[cfg(test)]
mod shown_tests {
    use super::*;

    #[test]
    fn files_must_be_utf8_and_lose_their_byte_order_mark() {
        assert_eq!(file_text("a.txt", b"ab\ncd".to_vec()).unwrap(), "ab\ncd");
        assert_eq!(file_text("a.txt", b"\xef\xbb\xbfab\n".to_vec()).unwrap(), "ab\n");
        assert_eq!(file_text("b.txt", b"ab\xff\xfe".to_vec()).unwrap_err(), "b.txt is not UTF-8 text (bad byte at offset 2)");
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
