//! Puzzle scripts written in JavaScript (first line `// puzzlelab script js`): the same
//! functions as a rhai script, run by a JavaScript engine behind the [`Engine`] trait. Natively
//! that is QuickJS (`quickjs.rs`, the Cargo feature `js`); in the page, the browser's own
//! (`web.rs`). Every engine evaluates the same host (`host.js`) around the script, and one
//! expansion is one call into the engine, which hands the search each state found
//! ([`Found`]). QuickJS keeps the states the search numbers and drives the expansion from Rust;
//! the browser's engine keeps none and is handed each state's bytes.
//!
//! States and moves are JSON-like values (numbers, strings, booleans, null, arrays, plain
//! objects), compared by their canonical bytes ([`key`]: objects' keys sorted, `2.0` is `2`).
//! Anything else (a function, undefined, NaN, a Map, a cycle) is an error naming the function
//! that returned it.

pub mod key;
#[cfg(all(feature = "js", not(target_arch = "wasm32")))]
pub mod quickjs;
pub mod recorded;
mod space;
#[cfg(all(test, feature = "js", not(target_arch = "wasm32")))]
mod tests;
#[cfg(target_arch = "wasm32")]
pub mod web;

use super::draw::{self, Picture, Shape};
use super::shared;
use crate::draw::Painter;
use crate::families::analysis::AnalysisReport;
use crate::families::{Capabilities, FormatError, MoveError, Puzzle, Report, SolveOptions, Verdict};
use crate::midend::{self, Frames, Replayer};
use crate::search::{Flow, Stats};
use std::rc::Rc;
use web_time::Instant;

/// The host every engine evaluates: one expression, a function of the script's rules.
pub const HOST: &str = include_str!("host.js");

/// The name errors give the script's own text (`script.js:3:10`).
pub const FILE_NAME: &str = "script.js";

/// (name, parameters, whether required, what it does) of the functions a script may define.
pub const FUNCTIONS: &[(&str, &str, bool, &str)] = &[
    ("start", "", true, "the starting state"),
    ("moves", "state", true, "the moves possible in a state, as an array"),
    ("apply", "state, move", true, "the state after a move, or null when the move is not allowed"),
    ("is_goal", "state", true, "whether a state is solved (true or false)"),
    ("is_dead", "state", false, "whether a state can never lead to a solution"),
    ("heuristic", "state", false, "a lower bound on the moves still needed"),
    ("show", "state", false, "a state as text"),
    ("label", "move", false, "a move as text"),
    ("draw", "state", false, "a state as shapes on a grid"),
];

/// Longest canonical form of one state or move, in bytes.
pub const MAX_VALUE_BYTES: usize = 64 << 10;

/// Longest one call may run when the search has no time limit: an endless loop ends here.
pub const MAX_CALL_SECONDS: u64 = 5;

/// The script as the engine evaluates it: its text inside a function (on its first line, so
/// lines keep their numbers; the marker's comment is the rest of that line) that returns the
/// functions it defines. Top-level `const`s and helpers stay the script's own.
pub fn wrapped(text: &str) -> String {
    let names: Vec<String> = (FUNCTIONS.iter())
        .map(|(name, ..)| format!("{name}: typeof {name} === \"function\" ? {name} : undefined"))
        .collect();
    format!("{WRAPPER_HEAD}{text}\n;return {{ {} }};\n}})", names.join(", "))
}

/// What [`wrapped`] puts before the script's first line (errors on that line count from after it).
pub const WRAPPER_HEAD: &str = "(function () {\"use strict\"; ";

/// Where the script defines `name` (line and column; 1, 1 when it does not): `function name`
/// or `name =` (a const, let or var holding a function).
pub fn definition(text: &str, name: &str) -> (usize, usize) {
    let pattern = format!(r"\bfunction\s+{name}\s*\(|\b(?:const|let|var)\s+{name}\s*=");
    let Ok(found) = regex::Regex::new(&pattern) else { return (1, 1) };
    text.lines()
        .enumerate()
        .find_map(|(i, line)| found.find(line).map(|m| (i + 1, line[..m.start()].chars().count() + 1)))
        .unwrap_or((1, 1))
}

/// Why a call into the script stopped.
pub enum Cause {
    /// It threw, or returned something the host refused: what it said.
    Failed(String),
    /// The search's time limit passed while it ran.
    StillRunning,
    /// It ran past [`MAX_CALL_SECONDS`].
    TooLong,
    OutOfMemory,
}

/// The error of a call into `name`, the user's function that was running, at the first place
/// in the script's own text the stack names (else at the function's definition).
pub fn call_error(text: &str, name: &str, cause: Cause, stack: Option<&str>) -> FormatError {
    let (line, column) = stack.and_then(place_in_stack).unwrap_or_else(|| definition(text, name));
    let message = match cause {
        Cause::StillRunning => format!("{name}() was still running"),
        Cause::TooLong => format!("{name}() ran for more than {MAX_CALL_SECONDS} s: is there a loop that never ends?"),
        Cause::OutOfMemory => {
            format!("{name}() ran out of memory: the script holds more than the search's memory budget")
        }
        Cause::Failed(what) => format!("{name}() failed: {what}"),
    };
    FormatError::new(line, column, message)
}

/// The error of a value `name` returned that is not JSON-like: `what` it was meant to be ("a
/// state"), what it held, and where in it (`[1].f`; empty for the value itself).
pub fn unlike_error(text: &str, name: &str, what: &str, held: &str, path: &str) -> FormatError {
    let (line, column) = definition(text, name);
    let at = if path.is_empty() { String::new() } else { format!(" (at {path})") };
    FormatError::new(line, column, format!("{name}() returned {what} that is not JSON-like: {held}{at}"))
}

/// The line and column of the first frame of a stack that is in the script's own text
/// (`script.js:3:10`, as QuickJS and V8 both write it).
pub fn place_in_stack(stack: &str) -> Option<(usize, usize)> {
    let at = format!("{FILE_NAME}:");
    stack.split(&at).skip(1).find_map(|part| {
        let mut numbers = part.split(|c: char| !c.is_ascii_digit()).filter(|s| !s.is_empty());
        let (line, column): (usize, usize) = (numbers.next()?.parse().ok()?, numbers.next()?.parse().ok()?);
        Some((line, if line == 1 { column.saturating_sub(WRAPPER_HEAD.len()).max(1) } else { column }))
    })
}

/// The error of a script that cannot be loaded: at `stage` ("parse", "top" for its top level,
/// else the host), with what the engine said.
pub fn load_error(stage: &str, what: &str, stack: Option<&str>, too_long: bool) -> FormatError {
    // No place (V8 gives none for a syntax error in evaluated text): line 0, which the page's
    // sandbox replaces with the place it finds (`recorded::learn`).
    let (line, column) = stack.and_then(place_in_stack).unwrap_or((0, 0));
    let message = match stage {
        "parse" => format!("the script does not parse: {what}"),
        "top" if too_long => {
            format!("the script's top level ran for more than {MAX_CALL_SECONDS} s: is there a loop that never ends?")
        }
        "top" => format!("the script's top level failed: {what}"),
        _ => format!("the script could not be started: {what}"),
    };
    FormatError::new(line, column, message)
}

/// Checks that the script defines every function it must (`defined`: one per [`FUNCTIONS`]).
pub fn check_defined(defined: &[bool]) -> Result<(), FormatError> {
    for ((name, params, required, purpose), &defined) in FUNCTIONS.iter().zip(defined) {
        if *required && !defined {
            return Err(FormatError::new(1, 1, format!("the script needs a function {name}({params}): {purpose}")));
        }
    }
    Ok(())
}

/// An expansion's flag: the state found is solved.
pub const GOAL: u8 = 1;
/// An expansion's flag: no solution can be reached from the state found.
pub const DEAD: u8 = 2;

/// A JavaScript engine running one script's host. States and moves cross as canonical bytes
/// ([`key`]); the states a search numbers stay in the engine, by number.
pub trait Engine {
    /// Evaluates the script `text` (its top level runs) and the host around it.
    fn load(text: &str) -> Result<Self, FormatError>
    where
        Self: Sized;
    /// Whether the script defines the function `name` (one of [`FUNCTIONS`]).
    fn defines(&self, name: &str) -> bool;
    /// Starts a search: `start()`, state 0.
    fn begin(&self) -> Result<Vec<u8>, FormatError>;
    /// The flags ([`GOAL`], [`DEAD`]) of state 0, once `begin` has made it.
    fn start_flags(&self) -> Result<u8, FormatError>;
    /// Whether the engine keeps the states the search numbers, by number (QuickJS: a state is
    /// then never read back from its bytes). The page's engine keeps none: it reads each state
    /// back from the bytes it is given, so its collector never walks the search's states.
    fn keeps_states(&self) -> bool {
        true
    }
    /// Hands `found`, in order, each move allowed from state `id` (whose bytes are `state`)
    /// and the state it leads to, then the flags of each that is new to the search.
    fn expand(&self, id: u32, state: &[u8], found: &mut dyn Found) -> Result<(), FormatError>;
    /// [`Engine::expand`] of each of `states` (a number and its bytes) in turn, `found` told
    /// where each begins ([`Found::next`]). A failure stops it: the place in `states` of the
    /// state whose expansion failed, and why (those before it are handed over in full).
    fn expand_many(&self, states: &[(u32, &[u8])], found: &mut dyn Found) -> Result<(), (usize, FormatError)> {
        for (at, &(id, state)) in states.iter().enumerate() {
            found.next(at);
            self.expand(id, state, found).map_err(|error| (at, error))?;
        }
        Ok(())
    }
    /// How many states [`Engine::expand_many`] is best given at once, where a search expands
    /// them in the order they are numbered: more than one where each call costs (the page's).
    fn batch(&self) -> usize {
        1
    }
    /// `heuristic` of state `id`, whose bytes are `state`.
    fn heuristic(&self, id: u32, state: &[u8]) -> Result<u32, FormatError>;
    /// `moves(state)`.
    fn moves(&self, state: &[u8]) -> Result<Vec<Vec<u8>>, FormatError>;
    /// `apply(state, move)`: the next state, or None when the move is not allowed.
    fn apply(&self, state: &[u8], mv: &[u8]) -> Result<Option<Vec<u8>>, FormatError>;
    /// `is_goal(state)`.
    fn is_goal(&self, state: &[u8]) -> Result<bool, FormatError>;
    /// `show(state)` or `label(move)` (`name`) as text.
    fn text(&self, name: &str, value: &[u8]) -> Result<String, FormatError>;
    /// The shapes of `draw(state)`, at most [`draw::MAX_SHAPES`].
    fn shapes(&self, state: &[u8]) -> Result<Vec<Shape>, FormatError>;
    /// From now on, calls stop once `deadline` has passed (None: only the per-call limit).
    /// Nothing, the default, for an engine that cannot stop a call (the browser's: its Worker is
    /// ended instead) or runs none (the page's traces).
    fn set_deadline(&self, _deadline: Option<Instant>) {}
    /// Whether a call was stopped at the deadline since it was set.
    fn out_of_time(&self) -> bool {
        false
    }
    /// The most memory the engine may hold (the search's budget, with some room). Nothing, the
    /// default, where the search's own count of the states (`space.rs`) is the only limit.
    fn set_memory_limit(&self, _bytes: u64) {}
    /// Whether the engine runs the script (the page's [`recorded::Recorded`] only reads what
    /// Workers traced).
    fn runs_scripts(&self) -> bool {
        true
    }
    /// Whether every position along `moves` is known here: engines that run the script know
    /// them all; the page's [`recorded::Recorded`] knows what Workers traced.
    fn traced(&self, _moves: &[String]) -> bool {
        true
    }
}

/// The arguments of a call, as the JSON array the host reads.
pub fn arguments(values: &[&[u8]]) -> String {
    let written: Vec<String> = values.iter().map(|value| key::json(value)).collect();
    format!("[{}]", written.join(","))
}

/// Where an expansion hands what it finds, one state at a time: the search's numbering.
pub trait Found {
    /// What follows is the expansion of the `at`-th state given to [`Engine::expand_many`].
    fn next(&mut self, at: usize);
    /// The number of a move, given as canonical bytes (a search numbers each move it meets).
    fn number_move(&mut self, mv: &[u8]) -> u32;
    /// A move allowed (its number) and the state it leads to, as canonical bytes: the state's
    /// number if it is new to the search. Then, and only then, its flags are wanted: an engine
    /// that keeps states keeps it, and the script's `is_goal` runs once a state.
    fn state(&mut self, mv: u32, state: &[u8]) -> Option<u32>;
    /// The flags ([`GOAL`], [`DEAD`]) of new state `id`.
    fn flags(&mut self, id: u32, flags: u8);
}

/// Loads a script into an engine of the kind a puzzle runs on (to write a position as a script
/// of its own and check it starts there).
pub type Load = fn(&str) -> Result<Box<dyn Engine>, FormatError>;

pub struct JsPuzzle {
    text: String,
    engine: Box<dyn Engine>,
    load: Load,
    /// The states along the last move list replayed, as canonical bytes.
    replayer: Replayer<Rc<[u8]>>,
}

impl JsPuzzle {
    fn has_heuristic(&self) -> bool {
        self.engine.defines("heuristic")
    }

    fn goal(&self, state: &[u8]) -> Result<bool, FormatError> {
        self.engine.is_goal(state)
    }

    /// The puzzle of `text` on an engine of kind `E`.
    pub fn load<E: Engine + 'static>(text: &str) -> Result<Self, FormatError> {
        let load: Load = |text| Ok(Box::new(E::load(text)?));
        let engine = load(text)?;
        check_written_start(text, engine.as_ref())?;
        Ok(JsPuzzle { text: text.to_string(), engine, load, replayer: Replayer::default() })
    }

    fn label(&self, mv: &[u8]) -> Result<String, FormatError> {
        if self.engine.defines("label") {
            return self.engine.text("label", mv);
        }
        // A string labels itself; anything else reads as its JSON.
        Ok(key::string(mv).map_or_else(|| key::json(mv), str::to_string))
    }

    fn show_state(&self, state: &[u8]) -> Result<String, FormatError> {
        if self.engine.defines("show") {
            return self.engine.text("show", state);
        }
        Ok(key::json(state))
    }

    /// Applies the move whose label is `text` to `state`: the first of `moves(state)` so labelled
    /// that `apply` allows.
    pub(super) fn step(&self, state: &[u8], text: &str) -> Result<Rc<[u8]>, String> {
        let moves = self.engine.moves(state).map_err(|e| e.to_string())?;
        let apply = |mv: &Vec<u8>| self.engine.apply(state, mv).map(|next| next.map(Rc::from));
        shared::step(moves, text, |mv| self.label(mv), apply)
    }

    /// The script started from `state`: a `start()` defined once more at its end, which a
    /// function declaration's hoisting makes the one that counts. None when the script defines
    /// `start` otherwise, or when the script so written does not start from exactly that state.
    /// The page's engine runs no script, so there the check is left to the Worker that loads
    /// the script written ([`check_written_start`]).
    pub(super) fn text_from(&self, state: &[u8]) -> Option<String> {
        let declared = regex::Regex::new(r"(?m)^\s*function\s+start\s*\(").ok()?;
        if declared.find_iter(&self.text).count() != 1 {
            return None;
        }
        let text = format!("{}{WRITTEN_START}{}{WRITTEN_END}", self.text.trim_end(), key::json(state));
        if !self.engine.runs_scripts() {
            return Some(text);
        }
        ((self.load)(&text).ok()?.begin().ok()? == state).then_some(text)
    }
}

/// What [`JsPuzzle::text_from`] writes at a script's end, around the position's JSON.
const WRITTEN_START: &str =
    "\n\n// The position to start from, written here by puzzlelab.\nfunction start() {\n  return ";
const WRITTEN_END: &str = ";\n}\n";

/// A script that ends as [`JsPuzzle::text_from`] writes one starts from the position written
/// there: the page writes it without running it (to search from a position played to, or for a
/// hint), and the Worker that loads it checks it here.
fn check_written_start(text: &str, engine: &dyn Engine) -> Result<(), FormatError> {
    let written = text.strip_suffix(WRITTEN_END).and_then(|t| t.rsplit_once(WRITTEN_START)).map(|(_, json)| json);
    let Some(json) = written.filter(|_| engine.runs_scripts()) else { return Ok(()) };
    if key::json(&engine.begin()?) == json {
        return Ok(());
    }
    Err(FormatError::general(
        "this position cannot be written as a puzzle of its own: the script's start() is not the one written at its end",
    ))
}

impl midend::Backend for JsPuzzle {
    type State = Rc<[u8]>;

    fn start(&self) -> Result<Rc<[u8]>, String> {
        self.engine.begin().map(Rc::from).map_err(|e| e.to_string())
    }

    fn execute(&self, state: &Rc<[u8]>, text: &str) -> Result<Rc<[u8]>, String> {
        self.step(state, text)
    }

    fn is_solved(&self, state: &Rc<[u8]>) -> bool {
        self.engine.is_goal(state).unwrap_or(false)
    }

    fn paint(&self, frames: &Frames<Rc<[u8]>>, step: usize, tween: f32, painter: &mut dyn Painter) {
        // A script's states have no in-between: show the next one from half-way.
        let shown = if tween >= 0.5 { step + 1 } else { step };
        let Some(state) = frames.at(shown.min(frames.moves.len())) else {
            return draw::message(painter, "The script's start() fails: see the message above.");
        };
        let picture = if self.engine.defines("draw") {
            self.engine.shapes(state).map(Picture::Shapes)
        } else {
            self.show_state(state).map(Picture::Text)
        };
        draw::paint(picture.map_err(|e| e.to_string()), painter);
    }

    fn show(&self, frames: &Frames<Rc<[u8]>>, step: usize) -> String {
        match frames.at(step) {
            Some(state) => self.show_state(state).unwrap_or_else(|e| e.to_string()) + "\n",
            None => String::new(),
        }
    }

    /// A tap on a shape whose `move` is allowed here plays it.
    fn moves_at(&self, state: &Rc<[u8]>, from: (f64, f64), to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        if !self.engine.defines("draw") {
            return Vec::new();
        }
        let Ok(shapes) = self.engine.shapes(state) else { return Vec::new() };
        draw::tapped(&shapes, from, to, size, &midend::Backend::moves_from(self, state))
    }

    fn moves_from(&self, state: &Rc<[u8]>) -> Vec<String> {
        let Ok(moves) = self.engine.moves(state) else { return Vec::new() };
        (moves.iter())
            .filter(|mv| self.engine.apply(state, mv).is_ok_and(|next| next.is_some()))
            .filter_map(|mv| self.label(mv).ok())
            .collect()
    }
}

/// The engine's deadline and memory limit.
impl shared::Limits for JsPuzzle {
    fn set_deadline(&self, deadline: Option<Instant>) {
        self.engine.set_deadline(deadline);
    }

    fn out_of_time(&self) -> bool {
        self.engine.out_of_time()
    }

    fn set_memory_limit(&self, bytes: u64) {
        self.engine.set_memory_limit(bytes);
    }
}

impl Puzzle for JsPuzzle {
    super::shared::script_puzzle!();

    fn trace(&self, moves: &[String]) -> Option<Result<String, FormatError>> {
        let json = |trace| serde_json::to_string(&trace).map_err(|e| FormatError::general(e.to_string()));
        Some(recorded::trace(self, moves).and_then(json))
    }

    fn wants_trace(&self, moves: &[String]) -> bool {
        !self.engine.traced(moves)
    }
}
