#![warn(missing_docs)]
//! What passes between the families and the faces (the page, the Worker and the CLI): what a
//! puzzle offers ([`Capabilities`]), how to search ([`SolveOptions`]), what came of it
//! ([`Report`]), and the errors that point into the user's text ([`FormatError`],
//! [`MoveError`]). It sits below both, beside the engine, so that the faces' shared wording
//! (`replay.rs`) reads reports without looking up at the families; `families`
//! re-exports it all, so a family names these where it always did.

mod family;

pub use family::{
    shown_char, shown_text, Confidence, Editor, Example, Export, Family, HistoryKey, Puzzle, GENERIC_METHODS,
};

use crate::search::{Budget, Iteration, Knowledge, Method, Outcome, Part, Stats};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

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
    /// Its yes-or-no options ([`SolveOptions::switches`]): Game About Squares' "exact".
    pub switches: Vec<Switch>,
    /// Whether [`Puzzle::analyse`] explores its space.
    pub analyses: bool,
    /// The modes whose search splits into parts ([`SolveOptions::part`]) and takes long enough
    /// for the page to share it among its Workers (a tiling's count).
    pub parts: Vec<SolveMode>,
    /// What its solutions are, in words ([`Report::noun`] carries it to the faces).
    pub noun: Noun,
    /// Parts per Worker in each round of its IDA* shared bound by bound: more where subtrees
    /// differ much in size, so that no Worker is left alone on the round's last large part.
    pub bound_parts: usize,
    /// How many searches for any solution its `auto` runs beside its proof, one a Worker, each
    /// breaking ties its own way ([`Splits::Beside`]); 0: `auto` is not shared so.
    pub beside: u32,
    /// Whether one move of its solutions may take several of the moves it lists to play by
    /// choosing ([`Puzzle::moves_from`]): sliding blocks and Rush Hour list steps of one cell,
    /// which a solution in the slide metric need not take; Sokoban lists the player's steps, and
    /// a solution's move is a walk and a push.
    pub moves_in_steps: bool,
    /// A method that answers at once, without proving, where `auto`'s proof may first spend
    /// seconds making ready (tile puzzles' best-first search over small tables, while `auto`
    /// builds large ones): the page's Hint shows its answer first, then the proven one.
    pub quick: Option<Method>,
}

/// How a search is shared among processes ([`Capabilities::splits`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Splits {
    /// On one.
    No,
    /// In parts that each search their share once (a tiling's count).
    Once,
    /// In parts bound by bound (IDA*): each round searches one cost bound in every part, and
    /// the next round's bound is the least the parts report past it ([`Report::beyond`]),
    /// until one finds a solution. Each round has this many parts per Worker, handed out as
    /// Workers come free ([`Capabilities::bound_parts`]).
    ByBound {
        /// Parts per Worker in each round.
        parts_per_worker: usize,
    },
    /// As searches side by side, one a Worker ([`SolveOptions::beside`]): `auto`'s proof of the
    /// shortest, and searches for any solution that differ only in how they break ties (Sokoban's
    /// A* and best-first searches), as threads run them natively. The proof's answer is taken
    /// when it ends within its turn, else the first answer found; the proof's Worker searches
    /// too once its turn is over.
    Beside {
        /// How many searches for any solution there are, at most ([`Capabilities::beside`]).
        seeds: u32,
    },
}

/// A yes-or-no option a puzzle declares, as Tatham's `configure()` lists a game's options: the
/// page shows it as a checkbox (the label, the help as its tooltip), the CLI takes it as
/// `--switch NAME`, a share link carries it, and the family reads it with
/// [`SolveOptions::switch`]. No face names a switch.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Switch {
    /// Its name in [`SolveOptions::switches`], on the command line and in links ("exact").
    pub name: &'static str,
    /// The checkbox's label ("Exact").
    pub label: &'static str,
    /// What it does, in a sentence.
    pub help: &'static str,
}

/// What a family's solutions are made of, for the words the faces use: "Solved in 22 clicks",
/// "9,356 tilings". The family declares it ([`Capabilities::noun`]); its reports carry it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Noun {
    /// Moves in a metric ("37 moves (counted in one-cell steps, shortest)").
    #[default]
    Moves,
    /// Clicks, the only metric there is ("22 clicks (shortest)").
    Clicks,
    /// Tilings of a board: counted, or one found as its pieces' placements.
    Tilings,
    /// Inputs to a game, each with the turns it starts (PuzzleScript: "33 inputs (shortest)").
    Inputs,
    /// Pushes and the walks between them (Sokoban: "97 pushes and 230 moves (shortest in
    /// pushes)"); the report's facts `pushes` and `walks_and_pushes` give the two counts.
    Pushes,
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
            bound_parts: 4,
            beside: 0,
            moves_in_steps: false,
            quick: None,
        }
    }

    /// Options the puzzle cannot honour, refused in a sentence rather than ignored: a mode it
    /// does not have, a switch it does not declare (the sentence lists those it has).
    pub fn check_options(&self, options: &SolveOptions) -> Result<(), String> {
        if !self.modes.contains(&options.mode) {
            let verb = if options.mode == SolveMode::Count { "count" } else { "list all" };
            let why = if self.modes == [SolveMode::First] { ": it has one answer, a shortest solution" } else { "" };
            return Err(format!("this puzzle cannot {verb} its solutions{why}"));
        }
        let Some(unknown) = options.switches.iter().find(|name| !self.switches.iter().any(|s| s.name == name.as_str()))
        else {
            return Ok(());
        };
        let known: Vec<String> = self.switches.iter().map(|s| format!("{} ({})", s.name, s.help)).collect();
        Err(match known.is_empty() {
            true => format!("this puzzle has no switches (asked for \"{unknown}\")"),
            false => format!("this puzzle has no switch \"{unknown}\"; its switches: {}", known.join("; ")),
        })
    }

    /// How the search `options` ask for is shared among processes (the page's Workers).
    pub fn splits(&self, options: &SolveOptions) -> Splits {
        if self.beside > 0 && options.method == Method::Auto && options.mode == SolveMode::First {
            Splits::Beside { seeds: self.beside }
        } else if !self.parts.contains(&options.mode) {
            Splits::No
        } else if options.mode == SolveMode::First {
            // One shortest solution splits only as IDA*'s iterations do.
            match self.resolve(options.method) {
                Ok(Method::Idastar) => Splits::ByBound { parts_per_worker: self.bound_parts },
                _ => Splits::No,
            }
        } else {
            Splits::Once
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

    /// With what is known of the puzzle's answer before any search (`knowledge`).
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

/// What replaying a move list found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The position after the last move is a goal.
    pub ends_solved: bool,
    /// The first step (number of moves made) whose position is a goal, if any.
    pub first_solved: Option<usize>,
}

/// A move of a list that does not apply, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveError {
    /// Index of the offending move.
    pub index: usize,
    /// Why, as a sentence for the user.
    pub message: String,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {}: {}", self.index + 1, self.message)
    }
}

/// How the page's sandbox places a script's syntax error: it parses `source` as a script,
/// never running it, and the browser says where the first error is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxCheck {
    /// What the browser parses: the text inside a function nothing calls. Its lines are the
    /// text's lines.
    pub source: String,
    /// How many characters come before the text's own on the first line.
    pub column_offset: usize,
    /// Said before the browser's message ("the script does not parse: ").
    pub prefix: &'static str,
}

impl SyntaxCheck {
    /// The error the browser found at `line`, `column`, in its words (`Uncaught SyntaxError: …`).
    pub fn error(&self, line: usize, column: usize, said: &str) -> FormatError {
        let column = if line == 1 { column.saturating_sub(self.column_offset).max(1) } else { column };
        FormatError::new(line, column, format!("{}{}", self.prefix, said.trim_start_matches("Uncaught ")))
    }
}

/// A problem with puzzle text, pointing at a place in it (1-based line and column; line 0 when
/// the problem is not at one place, such as an option that does not fit the puzzle).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FormatError {
    /// 1-based; 0 when the problem is not at one place.
    pub line: usize,
    /// 1-based.
    pub column: usize,
    /// What is wrong, as a sentence for the user.
    pub message: String,
}

impl FormatError {
    /// A problem at `line` and `column` (both from 1).
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

/// How hard a new game should be (the page's New game, `puzzlelab new`). Each family says what
/// each means for it in its solution's length, which it measures by solving what it made.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    /// A few moves: a first game.
    Easy,
    /// About twice as long.
    Medium,
    /// Near the longest of its kind.
    Hard,
}

impl Difficulty {
    /// Each, easiest first.
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    /// Its name in lower case, as the command line and a link write it.
    pub fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    /// The difficulty named `id` (in any case).
    pub fn parse(id: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.id().eq_ignore_ascii_case(id.trim()))
    }
}

/// A game a family made, with what solving it measured: the figures that make its difficulty.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewGame {
    /// What it is, in words ("8-puzzle", "Rush Hour puzzle", "16 x 16 maze").
    pub name: String,
    /// The puzzle, in the family's format.
    pub text: String,
    /// Its shortest solution's length, in the family's default metric.
    pub moves: u64,
    /// The positions the solver explored to prove it shortest.
    pub positions: u64,
    /// How many candidates were made to find it, it included (a Rush Hour climb counts as one).
    pub tried: u64,
    /// What else the measure says, in words ("the hardest of the 4,512 positions its cars can
    /// reach"), or empty.
    pub about: String,
    /// For a game whose solutions were all counted (a tiling): how many there are up to the
    /// puzzle's symmetry, and `positions` is what counting them explored. None: `moves` is a
    /// shortest solution's length.
    #[serde(default)]
    pub ways: Option<u64>,
}

/// How to search. Everything is optional; families fill in their defaults.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SolveOptions {
    /// A family metric name; None = the one the puzzle text asks for, else the family default.
    pub metric: Option<String>,
    /// The search to run; `Auto` lets the family pick the fastest one that keeps its promise.
    pub method: Method,
    /// At most this many states stored; None: the family's default budget.
    pub max_states: Option<u64>,
    /// At most this many bytes of memory for the search; None: the default.
    pub max_bytes: Option<u64>,
    /// Give up after this many milliseconds; None: no time limit.
    pub time_limit_ms: Option<u64>,
    /// For DFS only.
    pub max_depth: Option<u64>,
    /// The puzzle's switches turned on, by name (see [`Capabilities::switches`]).
    #[serde(default)]
    pub switches: Vec<String>,
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
    /// With `part`, in a search that deepens bound by bound (IDA*; [`Splits::ByBound`]): the
    /// one cost bound to search (None: the first). The parts' reports then say the next one
    /// ([`Report::beyond`]).
    #[serde(default)]
    pub bound: Option<u32>,
    /// With `part` and `bound`: the last subtree (in the sequential walk's order) worth
    /// searching, another part having found a goal in it; the part stops past it, where it could
    /// only find a later goal.
    #[serde(default)]
    pub until: Option<u64>,
    /// Instead of searching, make ready this share of what every part of a search shared among
    /// processes needs (an N-puzzle's pattern tables: every `of`-th pattern from the `index`-th),
    /// and keep it for the others ([`crate::keep`]); the report says only whether it is done.
    #[serde(default)]
    pub prepare: Option<Part>,
    /// With `auto`, in a search shared as searches side by side ([`Splits::Beside`]): which of
    /// them this one is.
    #[serde(default)]
    pub beside: Option<Beside>,
}

/// One of `auto`'s searches side by side on several processes ([`Splits::Beside`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Beside {
    /// The proof of the shortest, for its turn: its answer is taken when it ends.
    Prove,
    /// A search for any solution, with the whole budget: the first answer of these is taken
    /// when the proof does not end.
    Find {
        /// How it breaks ties (0: as on one process).
        seed: u32,
    },
}

/// How many solutions a search looks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SolveMode {
    /// The first (a shortest, where the method proves it).
    #[default]
    First,
    /// Count them all (a tiling).
    Count,
    /// Every one, each listed in the report.
    All,
}

/// How many solutions there are: all of them, and up to the puzzle's symmetry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Every solution.
    pub raw: u64,
    /// Solutions that are not turned or mirrored copies of another.
    pub distinct: u64,
}

impl SolveOptions {
    /// Whether the switch called `name` is on.
    pub fn switch(&self, name: &str) -> bool {
        self.switches.iter().any(|on| on == name)
    }

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
            return Err(FormatError::general(
                format!("this puzzle's search cannot be split into parts when the mode is {:?}", self.mode)
                    .to_lowercase(),
            ));
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
            max_bytes: self.max_bytes.unwrap_or_else(crate::memory::default_memory),
            time_limit: self.time_limit_ms.map(Duration::from_millis),
            report_every: default.report_every,
        }
    }
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// A solution was found.
    Solved,
    /// The whole space was searched: there is none.
    Unsolved,
    /// A budget ran out first ([`Report::reason`] says which).
    GaveUp,
    /// Someone cancelled it.
    Cancelled,
}

/// The result of a solve: what every front end shows.
///
/// It has one serialised shape, `ReportShape` (a flat object): the CLI's `--json` prints it and the Worker
/// sends it to the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "ReportShape", from = "ReportShape")]
pub struct Report {
    /// The family's id.
    pub family: String,
    /// The metric the cost is counted in.
    pub metric: String,
    /// The method that actually ran (`Auto` only when no search ran: an answer known beforehand).
    pub method: Method,
    /// How the search ended.
    pub status: Status,
    /// Why a search gave up.
    pub reason: Option<String>,
    /// The moves, in the family's text form.
    pub moves: Vec<String>,
    /// The solution's cost in `metric`.
    pub cost: u64,
    /// Whether the solution is guaranteed to be shortest in the metric.
    pub optimal: bool,
    /// What "shortest" and "no solution" are relative to, when not the whole space
    /// ("within the search area").
    pub scope: Option<String>,
    /// Solution counts, when all solutions were counted.
    pub counts: Option<Counts>,
    /// Further solutions, when they were asked for (`SolveMode::All`).
    pub solutions: Vec<Vec<String>>,
    /// The heuristic the method used, in words ("pattern databases 6-6-3"), when it used one.
    pub heuristic: Option<String>,
    /// Facts particular to the family, which its serialised form lists beside the others (a
    /// maze: its size, the path's length in cells, the entrance and exit). Empty for most.
    pub facts: Facts,
    /// The optimum the puzzle's text states (a line of Fogleman's Rush Hour database), for the
    /// summary to compare with.
    pub expected: Option<u64>,
    /// In a part's report ([`SolveOptions::part`]): where its solution (`moves`) comes in the
    /// whole search's order, so that the parts' reports join into the whole search's.
    pub first_at: Option<u64>,
    /// In the report of a part of one bound ([`SolveOptions::bound`]) that found nothing: the
    /// least cost past the bound in its share, the next bound to search (None: nothing lies
    /// past it). Joined, the least of the parts'.
    pub beyond: Option<u32>,
    /// What the solution is made of, as the family calls it ([`Capabilities::noun`]).
    pub noun: Noun,
    /// What the search did: states, time, memory.
    pub stats: Stats,
}

/// A family's own facts in a [`Report`], by name.
pub type Facts = serde_json::Map<String, serde_json::Value>;

/// A [`Report`] as it is written out: one flat object, as `puzzlelab solve --json` prints it
/// (`{"status": "solved", "length": 37, "moves": [...], "explored": 1234, ...}`). The
/// search's figures, the counts and the family's facts stand beside the report's own fields,
/// and `length` is the number of moves, for readers that want only that.
#[derive(Serialize, Deserialize)]
struct ReportShape {
    status: Status,
    family: String,
    metric: String,
    method: Method,
    #[serde(default)]
    heuristic: Option<String>,
    length: usize,
    cost: u64,
    optimal: bool,
    moves: Vec<String>,
    #[serde(default)]
    reason: Option<String>,
    #[serde(default)]
    scope: Option<String>,
    #[serde(default)]
    expected: Option<u64>,
    #[serde(default)]
    noun: Noun,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    solutions: Vec<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    first_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    beyond: Option<u32>,
    #[serde(flatten)]
    stats: Stats,
    #[serde(flatten)]
    counts: Option<Counts>,
    #[serde(flatten)]
    facts: Facts,
}

impl From<Report> for ReportShape {
    fn from(r: Report) -> ReportShape {
        ReportShape {
            status: r.status,
            family: r.family,
            metric: r.metric,
            method: r.method,
            heuristic: r.heuristic,
            length: r.moves.len(),
            cost: r.cost,
            optimal: r.optimal,
            moves: r.moves,
            reason: r.reason,
            scope: r.scope,
            expected: r.expected,
            noun: r.noun,
            solutions: r.solutions,
            first_at: r.first_at,
            beyond: r.beyond,
            stats: r.stats,
            counts: r.counts,
            facts: r.facts,
        }
    }
}

impl From<ReportShape> for Report {
    fn from(s: ReportShape) -> Report {
        Report {
            family: s.family,
            metric: s.metric,
            method: s.method,
            status: s.status,
            reason: s.reason,
            moves: s.moves,
            cost: s.cost,
            optimal: s.optimal,
            scope: s.scope,
            counts: s.counts,
            solutions: s.solutions,
            heuristic: s.heuristic,
            facts: s.facts,
            expected: s.expected,
            first_at: s.first_at,
            beyond: s.beyond,
            noun: s.noun,
            stats: s.stats,
        }
    }
}

impl Report {
    /// A report of `family` in `metric` after `method` ran with `stats`, saying nothing yet: no
    /// solution, nothing counted, no notes. The families' own reports start from it
    /// (`Report { status, moves, .. Report::new(…) }`).
    pub fn new(family: &str, metric: &str, method: Method, stats: Stats) -> Report {
        Report {
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
            facts: Facts::new(),
            expected: None,
            first_at: None,
            beyond: None,
            noun: Noun::Moves,
            stats,
        }
    }

    /// An answer known without searching (an N-puzzle of the wrong parity): `reason` says why.
    pub fn without_search(family: &str, metric: &str, status: Status, reason: &str) -> Report {
        Report {
            status,
            reason: Some(reason.to_string()),
            ..Report::new(family, metric, Method::Auto, Stats::default())
        }
    }

    /// A solution given rather than searched for (an embedded player's link), already checked
    /// by replaying it through the rules: solved, not known to be shortest; made of `noun`.
    pub fn replayed(family: &str, metric: &str, noun: Noun, moves: Vec<String>) -> Report {
        Report {
            status: Status::Solved,
            cost: moves.len() as u64,
            moves,
            noun,
            ..Report::new(family, metric, Method::Auto, Stats::default())
        }
    }

    /// With how its part of one IDA* iteration ended, when it searched one: the subtree of
    /// its goal, or the next bound ([`Report::first_at`], [`Report::beyond`]).
    pub fn iterated(mut self, iteration: Option<Iteration>) -> Report {
        if let Some(iteration) = iteration {
            (self.first_at, self.beyond) = (iteration.first_at, iteration.beyond);
        }
        self
    }

    /// Fills a report from a search outcome, turning moves into their text form.
    pub fn from_outcome<M, S>(
        family: &str,
        metric: &str,
        method: Method,
        outcome: Outcome<M, S>,
        describe: impl FnOnce(&[M], &[S]) -> Vec<String>,
    ) -> Report {
        let mut report = Report::new(family, metric, method, *outcome.stats());
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
                report.reason = Some(reason.to_string());
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
        let ended_early = parts
            .iter()
            .position(|p| p.status == Status::Cancelled)
            .or_else(|| parts.iter().position(|p| p.status == Status::GaveUp));
        let solved = parts
            .iter()
            .enumerate()
            .filter(|(_, p)| p.status == Status::Solved)
            .min_by_key(|(_, p)| p.first_at.unwrap_or(u64::MAX))
            .map(|(i, _)| i);
        let beyond = parts.iter().filter_map(|p| p.beyond).min();
        let mut parts = parts;
        let mut report = match (ended_early, solved) {
            (Some(i), _) | (None, Some(i)) => parts.swap_remove(i),
            (None, None) => parts.into_iter().next()?,
        };
        report.counts = counts.filter(|_| matches!(report.status, Status::Solved | Status::Unsolved));
        report.first_at = None;
        report.beyond = beyond.filter(|_| report.status == Status::Unsolved);
        report.stats = stats;
        Some(report)
    }
}

impl std::iter::Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.fold(Counts { raw: 0, distinct: 0 }, |a, b| Counts {
            raw: a.raw + b.raw,
            distinct: a.distinct + b.distinct,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one shape: a flat object with the moves' count, the figures, the counts and the
    /// family's facts beside the report's own fields, the status as it is; and it reads back
    /// into the same report.
    #[test]
    fn a_report_is_written_as_one_flat_object_and_read_back() {
        let stats = Stats { explored: 12, stored: 30, elapsed_ms: 4, ..Stats::default() };
        let mut report = Report {
            status: Status::Solved,
            moves: vec!["a".into(), "b".into()],
            cost: 2,
            optimal: true,
            ..Report::new("maze", "unit", Method::Bfs, stats)
        };
        report.counts = Some(Counts { raw: 8, distinct: 1 });
        report.facts.insert("width".into(), 3.into());
        let json = serde_json::to_value(&report).unwrap();
        for (key, value) in [
            ("status", serde_json::json!("solved")),
            ("method", "bfs".into()),
            ("length", 2.into()),
            ("moves", serde_json::json!(["a", "b"])),
            ("explored", 12.into()),
            ("stored", 30.into()),
            ("elapsed_ms", 4.into()),
            ("raw", 8.into()),
            ("distinct", 1.into()),
            ("width", 3.into()),
            ("noun", "moves".into()),
        ] {
            assert_eq!(json[key], value, "{key} in {json}");
        }
        assert!(json.get("stats").is_none() && json.get("facts").is_none() && json.get("counts").is_none(), "{json}");
        assert_eq!(serde_json::from_value::<Report>(json).unwrap(), report);

        let cancelled =
            Report { status: Status::Cancelled, ..Report::new("npuzzle", "unit", Method::Idastar, Stats::default()) };
        let json = serde_json::to_value(&cancelled).unwrap();
        assert_eq!((json["status"].as_str(), json.get("raw")), (Some("cancelled"), None));
        assert_eq!(serde_json::from_value::<Report>(json).unwrap(), cancelled);
    }
}
