//! The page's view of a script it must not run: what a sandboxed Worker ran and wrote down.
//! The page's own thread never evaluates a script (it holds the app's storage and the DOM, and
//! an endless loop there would freeze the tab), so a Worker in the sandbox answers with a
//! [`Trace`]: each position along a move list, shown, drawn, and with the moves allowed from it
//! and where each leads. The page replays, draws and plays from traces ([`Recorded`]); a
//! position not traced yet is asked for ([`crate::families::Puzzle::wants_trace`]).

use super::{draw::Shape, key, Engine, Found, JsPuzzle, FUNCTIONS};
use crate::families::FormatError;
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// One position as the script shows and draws it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Position {
    pub key: Vec<u8>,
    pub show: String,
    /// `draw(state)`'s shapes, when the script draws.
    pub shapes: Option<Vec<Shape>>,
    pub goal: bool,
    /// The moves allowed, by label, and the key of the position each leads to.
    pub moves: Vec<(String, Vec<u8>)>,
    /// Beside `moves`: whether the position each leads to is solved, so that a move played
    /// says at once whether it solved the puzzle, before that position is traced.
    #[serde(default)]
    pub goals: Vec<bool>,
}

/// What a Worker traced of a script: the functions it defines, and positions.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Trace {
    pub defines: Vec<String>,
    pub start: Vec<u8>,
    pub positions: Vec<Position>,
}

/// The trace of `moves` (as many as replay) from the start of `puzzle`: every position along
/// them.
pub fn trace(puzzle: &JsPuzzle, moves: &[String]) -> Result<Trace, FormatError> {
    let engine = puzzle.engine.as_ref();
    let start = engine.begin()?;
    let mut trace = Trace {
        defines: FUNCTIONS
            .iter()
            .filter(|(name, ..)| engine.defines(name))
            .map(|(name, ..)| name.to_string())
            .collect(),
        start: start.clone(),
        positions: Vec::new(),
    };
    let mut at = start;
    for step in 0..=moves.len() {
        let mut allowed = Vec::new();
        for mv in engine.moves(&at)? {
            if let Some(next) = engine.apply(&at, &mv)? {
                allowed.push((puzzle.label(&mv)?, next));
            }
        }
        let shapes = if engine.defines("draw") { Some(engine.shapes(&at)?) } else { None };
        let goals = allowed.iter().map(|(_, next)| engine.is_goal(next)).collect::<Result<_, _>>()?;
        let next = moves.get(step).and_then(|label| allowed.iter().find(|(l, _)| l == label)).map(|(_, k)| k.clone());
        trace.positions.push(Position {
            show: puzzle.show_state(&at)?,
            shapes,
            goal: engine.is_goal(&at)?,
            moves: allowed,
            goals,
            key: at,
        });
        match next {
            Some(next) => at = next,
            None => break,
        }
    }
    Ok(trace)
}

/// What the page has learnt of each script, by its text: the last few texts' traces, merged.
type Learnt = Vec<(String, Result<Rc<RefCell<Known>>, FormatError>)>;

/// How many scripts' traces the page keeps.
const TEXTS_KEPT: usize = 4;

thread_local! {
    static LEARNT: RefCell<Learnt> = const { RefCell::new(Vec::new()) };
}

/// The positions known of one script.
#[derive(Default)]
pub struct Known {
    defines: Vec<String>,
    start: Vec<u8>,
    positions: HashMap<Vec<u8>, Position>,
    /// Whether each position met is solved, those not traced yet among them.
    goals: HashMap<Vec<u8>, bool>,
}

/// Keeps what a Worker said of `text`: a trace (JSON) or the script's error.
pub fn learn(text: &str, said: Result<String, FormatError>) {
    let said = said.and_then(|json| {
        serde_json::from_str::<Trace>(&json).map_err(|e| FormatError::general(format!("an unreadable trace: {e}")))
    });
    LEARNT.with(|learnt| {
        let mut learnt = learnt.borrow_mut();
        let found = learnt.iter().position(|(t, _)| t == text);
        let mut entry = found.map(|i| learnt.remove(i)).map(|(_, known)| known);
        match (said, &mut entry) {
            (Ok(trace), Some(Ok(known))) => known.borrow_mut().add(trace),
            (Ok(trace), _) => {
                let known = Known::default();
                let known = Rc::new(RefCell::new(known));
                known.borrow_mut().add(trace);
                entry = Some(Ok(known));
            }
            // An error without a place does not replace the same error placed (a syntax error
            // the sandbox found by parsing, while its Worker's engine could not say where).
            (Err(error), Some(Err(placed))) if error.line == 0 && placed.line > 0 => {}
            (Err(error), _) => entry = Some(Err(error)),
        }
        if let Some(entry) = entry {
            learnt.push((text.to_string(), entry));
        }
        let excess = learnt.len().saturating_sub(TEXTS_KEPT);
        learnt.drain(..excess);
    });
}

/// Forgets what was learnt of `text` (a held script, to be read afresh).
pub fn forget(text: &str) {
    LEARNT.with(|learnt| learnt.borrow_mut().retain(|(t, _)| t != text));
}

/// Whether a trace (JSON) of a move list of `moves` moves replayed all of them and ends on a
/// solved position: Err says how it fell short.
pub fn reaches_goal(json: &str, moves: usize) -> Result<(), String> {
    let trace = serde_json::from_str::<Trace>(json).map_err(|e| format!("its trace could not be read ({e})"))?;
    let replayed = trace.positions.len().saturating_sub(1);
    if replayed < moves {
        return Err(format!("move {} is not allowed there", replayed + 1));
    }
    match trace.positions.last() {
        Some(last) if last.goal => Ok(()),
        _ => Err("the position it ends on is not solved".to_string()),
    }
}

/// What is known of `text`: None before a Worker has said anything of it.
pub fn known(text: &str) -> Option<Result<Rc<RefCell<Known>>, FormatError>> {
    LEARNT.with(|learnt| learnt.borrow().iter().find(|(t, _)| t == text).map(|(_, known)| known.clone()))
}

impl Known {
    fn add(&mut self, trace: Trace) {
        self.defines = trace.defines;
        self.start = trace.start;
        for position in trace.positions {
            let nexts = position.moves.iter().map(|(_, next)| next.clone());
            self.goals.extend(nexts.zip(position.goals.iter().copied()));
            self.goals.insert(position.key.clone(), position.goal);
            self.positions.insert(position.key.clone(), position);
        }
    }
}

/// What a position not traced yet says while it is asked for.
pub const NOT_YET: &str = "working out this position…";

/// The engine of the page's own thread: lookups in what Workers traced.
pub struct Recorded {
    known: Rc<RefCell<Known>>,
}

impl Recorded {
    fn position<T>(&self, key: &[u8], read: impl FnOnce(&Position) -> T) -> Result<T, FormatError> {
        self.known.borrow().positions.get(key).map(read).ok_or_else(|| FormatError::general(NOT_YET))
    }

    /// Whether every position along `moves` has been traced (as far as the moves replay).
    pub fn traced(&self, moves: &[String]) -> bool {
        let known = self.known.borrow();
        let mut at = known.start.clone();
        for label in moves {
            let Some(position) = known.positions.get(&at) else { return false };
            match position.moves.iter().find(|(l, _)| l == label) {
                Some((_, next)) => at = next.clone(),
                None => return true, // the list stops replaying here: nothing more to trace
            }
        }
        known.positions.contains_key(&at)
    }
}

impl Engine for Recorded {
    fn traced(&self, moves: &[String]) -> bool {
        Recorded::traced(self, moves)
    }

    fn load(text: &str) -> Result<Self, FormatError> {
        match known(text) {
            Some(Ok(known)) => Ok(Recorded { known }),
            Some(Err(error)) => Err(error),
            None => Err(FormatError::general(NOT_YET)),
        }
    }

    /// As traced; a label and a show are always there (the Worker wrote them).
    fn defines(&self, name: &str) -> bool {
        name == "label" || name == "show" || self.known.borrow().defines.iter().any(|d| d == name)
    }

    fn begin(&self) -> Result<Vec<u8>, FormatError> {
        Ok(self.known.borrow().start.clone())
    }

    fn runs_scripts(&self) -> bool {
        false
    }

    fn start_flags(&self) -> Result<u8, FormatError> {
        Err(FormatError::general("a script is searched by the solver's Workers, not here"))
    }

    fn expand(&self, _id: u32, _state: &[u8], _found: &mut dyn Found) -> Result<(), FormatError> {
        Err(FormatError::general("a script is searched by the solver's Workers, not here"))
    }

    fn heuristic(&self, _id: u32, _state: &[u8]) -> Result<u32, FormatError> {
        Err(FormatError::general("a script is searched by the solver's Workers, not here"))
    }

    /// The moves allowed, each known by its label.
    fn moves(&self, state: &[u8]) -> Result<Vec<Vec<u8>>, FormatError> {
        self.position(state, |p| {
            p.moves
                .iter()
                .map(|(label, _)| {
                    let mut mv = Vec::new();
                    key::write_string(label, &mut mv);
                    mv
                })
                .collect()
        })
    }

    fn apply(&self, state: &[u8], mv: &[u8]) -> Result<Option<Vec<u8>>, FormatError> {
        let label = key::string(mv).unwrap_or_default();
        self.position(state, |p| p.moves.iter().find(|(l, _)| l == label).map(|(_, next)| next.clone()))
    }

    fn is_goal(&self, state: &[u8]) -> Result<bool, FormatError> {
        self.known.borrow().goals.get(state).copied().ok_or_else(|| FormatError::general(NOT_YET))
    }

    fn text(&self, name: &str, value: &[u8]) -> Result<String, FormatError> {
        if name == "label" {
            return Ok(key::string(value).unwrap_or_default().to_string());
        }
        self.position(value, |p| p.show.clone())
    }

    fn shapes(&self, state: &[u8]) -> Result<Vec<Shape>, FormatError> {
        self.position(state, |p| p.shapes.clone().unwrap_or_default())
    }
}
