//! The sandboxed rhai engine that runs a puzzle script: compiling it, checking it has the
//! functions a puzzle needs, and calling them under limits, with every failure turned into a
//! sentence with the script's line and column.

use super::draw::{Picture, Shape, MAX_SHAPES};
use crate::families::FormatError;
use rhai::{Array, CallFnOptions, Dynamic, Engine, EvalAltResult, FuncArgs, Map, Position, Scope, AST};
use std::cell::Cell;
use std::rc::Rc;
use web_time::Instant;

/// Script operations allowed in one call (an endless loop ends here, not in a frozen tab).
pub const MAX_OPERATIONS: u64 = 5_000_000;

pub struct Runner {
    engine: Engine,
    ast: AST,
    has_dead: bool,
    has_heuristic: bool,
    has_show: bool,
    has_label: bool,
    has_draw: bool,
    /// (name, line, column) where each function is defined, for errors that have no place of
    /// their own (an operation limit reached).
    definitions: Vec<(String, usize, usize)>,
    /// When a search's time runs out: a call still running then is stopped between two of its
    /// operations (one call can take seconds: a state nested 20,000 deep), and `out_of_time` set.
    deadline: Rc<Cell<Option<Instant>>>,
    out_of_time: Rc<Cell<bool>>,
}

/// How many operations pass between two looks at the clock.
const CLOCK_EVERY: u64 = 1024;

/// (name, parameters, whether required, what it does) of the functions a script may define.
const FUNCTIONS: &[(&str, usize, bool, &str)] = &[
    ("start", 0, true, "the starting state"),
    ("moves", 1, true, "the moves possible in a state, as an array"),
    ("apply", 2, true, "the state after a move, or () when the move is not allowed"),
    ("is_goal", 1, true, "whether a state is solved"),
    ("is_dead", 1, false, "whether a state can never lead to a solution"),
    ("heuristic", 1, false, "a lower bound on the moves still needed"),
    ("show", 1, false, "a state as text"),
    ("label", 1, false, "a move as text"),
    ("draw", 1, false, "a state as shapes on a grid"),
];

fn position_of(position: Position) -> (usize, usize) {
    (position.line().unwrap_or(1), position.position().unwrap_or(1))
}

impl Runner {
    pub fn new(text: &str) -> Result<Runner, FormatError> {
        super::check_size(text)?;
        let mut engine = Engine::new();
        engine
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(64)
            .set_max_expr_depths(64, 32)
            .set_max_string_size(100_000)
            .set_max_array_size(100_000)
            .set_max_map_size(10_000)
            .set_optimization_level(rhai::OptimizationLevel::Full);
        let deadline: Rc<Cell<Option<Instant>>> = Rc::default();
        let out_of_time: Rc<Cell<bool>> = Rc::default();
        let (watched, stopped) = (deadline.clone(), out_of_time.clone());
        engine.on_progress(move |operations| {
            let late = operations % CLOCK_EVERY == 0 && watched.get().is_some_and(|deadline| Instant::now() > deadline);
            stopped.set(stopped.get() || late);
            late.then_some(Dynamic::UNIT)
        });
        // A script's print and debug go nowhere: output belongs to the front end.
        engine.on_print(|_| {});
        engine.on_debug(|_, _, _| {});
        let ast = engine.compile(text).map_err(|e| {
            let (line, column) = position_of(e.position());
            FormatError::new(line, column, format!("the script does not parse: {}", e.err_type()))
        })?;
        let defined: Vec<(String, usize)> =
            ast.iter_functions().map(|f| (f.name.to_string(), f.params.len())).collect();
        let has = |name: &str, params: usize| defined.iter().any(|(n, p)| n == name && *p == params);
        for &(name, params, required, purpose) in FUNCTIONS {
            if required && !has(name, params) {
                let args = ["", "state", "state, move"][params];
                let also = if defined.iter().any(|(n, _)| n == name) {
                    " (it has one, with the wrong number of parameters)"
                } else {
                    ""
                };
                return Err(FormatError::new(
                    1,
                    1,
                    format!("the script needs a function {name}({args}): {purpose}{also}"),
                ));
            }
        }
        let definitions = text
            .lines()
            .enumerate()
            .filter_map(|(i, line)| {
                let at = line.find("fn ")?;
                let name = line[at + 3..].split('(').next()?.trim();
                Some((name.to_string(), i + 1, at + 1))
            })
            .collect();
        Ok(Runner {
            definitions,
            deadline,
            out_of_time,
            has_dead: has("is_dead", 1),
            has_heuristic: has("heuristic", 1),
            has_show: has("show", 1),
            has_label: has("label", 1),
            has_draw: has("draw", 1),
            engine,
            ast,
        })
    }

    /// From now on, calls stop once `deadline` has passed (None: no deadline), and
    /// [`Runner::out_of_time`] says whether one did.
    pub fn set_deadline(&self, deadline: Option<Instant>) {
        self.deadline.set(deadline);
        self.out_of_time.set(false);
    }

    /// Whether a call was stopped at the deadline since it was set.
    pub fn out_of_time(&self) -> bool {
        self.out_of_time.get()
    }

    pub fn has_heuristic(&self) -> bool {
        self.has_heuristic
    }

    fn call(&self, name: &str, args: impl FuncArgs) -> Result<Dynamic, FormatError> {
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        self.engine
            .call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &self.ast, name, args)
            .map_err(|e| self.error(name, *e))
    }

    /// Where the function `name` is defined (line and column; 1, 1 when it is not).
    pub fn definition(&self, name: &str) -> (usize, usize) {
        self.definitions.iter().find(|(n, _, _)| n == name).map_or((1, 1), |&(_, l, c)| (l, c))
    }

    /// The error of a call to `name`, at the place of the fault itself: inside the functions it
    /// called, when it was there (rhai says the place of each call on the way, and its message
    /// says the fault's place again, so the place is taken out of the message).
    fn error(&self, name: &str, error: EvalAltResult) -> FormatError {
        let (mut fault, mut inside) = (&error, name.to_string());
        while let EvalAltResult::ErrorInFunctionCall(function, _, inner, _) = fault {
            inside = function.clone();
            fault = inner;
        }
        let place = [fault.position(), error.position()].into_iter().find(|p| !p.is_none());
        let (line, column) = place.map_or_else(|| self.definition(name), position_of);
        let said = fault.to_string();
        let said = place.and_then(|p| said.strip_suffix(&format!(" ({p})"))).unwrap_or(&said);
        let message = match fault {
            EvalAltResult::ErrorTooManyOperations(_) => {
                format!("{name}() ran for more than {MAX_OPERATIONS} operations: is there a loop that never ends?")
            }
            EvalAltResult::ErrorTerminated(..) => format!("{name}() was still running"),
            _ if inside != name => format!("{name}() failed in {inside}(): {said}"),
            _ => format!("{name}() failed: {said}"),
        };
        FormatError::new(line, column, message)
    }

    fn wrong_type(name: &str, wanted: &str, got: &Dynamic) -> FormatError {
        FormatError::new(1, 1, format!("{name}() must return {wanted}, but it returned {} ({got:?})", got.type_name()))
    }

    pub fn start(&self) -> Result<Dynamic, FormatError> {
        self.call("start", ())
    }

    pub fn moves(&self, state: &Dynamic) -> Result<Array, FormatError> {
        let result = self.call("moves", (state.clone(),))?;
        if !result.is_array() {
            return Err(Self::wrong_type("moves", "an array of moves", &result));
        }
        result.into_array().map_err(|_| FormatError::general("moves() must return an array"))
    }

    /// The state after `mv`, or None when the script says the move is not allowed.
    pub fn apply(&self, state: &Dynamic, mv: &Dynamic) -> Result<Option<Dynamic>, FormatError> {
        let result = self.call("apply", (state.clone(), mv.clone()))?;
        Ok((!result.is_unit()).then_some(result))
    }

    fn boolean(&self, name: &str, state: &Dynamic) -> Result<bool, FormatError> {
        let result = self.call(name, (state.clone(),))?;
        result.as_bool().map_err(|_| Self::wrong_type(name, "true or false", &result))
    }

    pub fn is_goal(&self, state: &Dynamic) -> Result<bool, FormatError> {
        self.boolean("is_goal", state)
    }

    pub fn is_dead(&self, state: &Dynamic) -> Result<bool, FormatError> {
        if !self.has_dead {
            return Ok(false);
        }
        self.boolean("is_dead", state)
    }

    pub fn heuristic(&self, state: &Dynamic) -> Result<u32, FormatError> {
        if !self.has_heuristic {
            return Ok(0);
        }
        let result = self.call("heuristic", (state.clone(),))?;
        let value = result.as_int().map_err(|_| Self::wrong_type("heuristic", "a whole number", &result))?;
        Ok(value.clamp(0, i64::from(u32::MAX)) as u32)
    }

    /// A move as text: `label(move)`, or the move itself.
    pub fn label(&self, mv: &Dynamic) -> Result<String, FormatError> {
        if self.has_label {
            let result = self.call("label", (mv.clone(),))?;
            return Ok(result.to_string());
        }
        Ok(if mv.is_string() { mv.to_string() } else { format!("{mv:?}") })
    }

    /// A state as text: `show(state)`, or the state itself.
    pub fn show(&self, state: &Dynamic) -> Result<String, FormatError> {
        if self.has_show {
            return Ok(self.call("show", (state.clone(),))?.to_string());
        }
        Ok(format!("{state:?}"))
    }

    /// What the script draws of `state`: the shapes `draw(state)` returns, or its text.
    pub fn picture(&self, state: &Dynamic) -> Result<Picture, FormatError> {
        if !self.has_draw {
            return Ok(Picture::Text(self.show(state)?));
        }
        let result = self.call("draw", (state.clone(),))?;
        if !result.is_array() {
            return Err(Self::wrong_type("draw", "an array of shapes", &result));
        }
        let list = result.into_array().unwrap_or_default();
        let shape = |map: &Map| {
            let number =
                |key: &str| map.get(key).and_then(|v| v.as_float().ok().or_else(|| v.as_int().ok().map(|i| i as f64)));
            let text = |key: &str| map.get(key).map(|v| if v.is_string() { v.to_string() } else { format!("{v:?}") });
            Shape::read(number, text)
        };
        Ok(Picture::Shapes(
            list.iter().take(MAX_SHAPES).filter_map(|item| item.read_lock::<Map>().map(|m| shape(&m))).collect(),
        ))
    }
}

/// `value` as rhai source that evaluates to it, for the plain data states are made of (unit,
/// booleans, numbers, characters, strings, arrays and maps); None for anything else.
pub fn literal(value: &Dynamic) -> Option<String> {
    fn quoted(text: &str, quote: char) -> String {
        let mut out = String::from(quote);
        for c in text.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                '\r' => out.push_str("\\r"),
                c if c == quote => {
                    out.push('\\');
                    out.push(c);
                }
                c if c.is_control() => out.push_str(&format!("\\u{:04X}", c as u32)),
                c => out.push(c),
            }
        }
        out.push(quote);
        out
    }
    if value.is_unit() {
        return Some("()".into());
    }
    if let Ok(b) = value.as_bool() {
        return Some(b.to_string());
    }
    if let Ok(n) = value.as_int() {
        return Some(n.to_string());
    }
    if let Ok(x) = value.as_float() {
        return x.is_finite().then(|| format!("{x:?}"));
    }
    if let Ok(c) = value.as_char() {
        return Some(quoted(&c.to_string(), '\''));
    }
    if let Ok(text) = value.as_immutable_string_ref() {
        return Some(quoted(&text, '"'));
    }
    if let Ok(array) = value.as_array_ref() {
        let items: Option<Vec<String>> = array.iter().map(literal).collect();
        return Some(format!("[{}]", items?.join(", ")));
    }
    if let Ok(map) = value.as_map_ref() {
        let entries: Option<Vec<String>> =
            map.iter().map(|(k, v)| Some(format!("{}: {}", quoted(k, '"'), literal(v)?))).collect();
        return Some(format!("#{{{}}}", entries?.join(", ")));
    }
    None
}

/// The value a state is known by: equal states give equal keys (maps print their keys sorted).
pub fn key(state: &Dynamic) -> String {
    let mut key = format!("{state:?}");
    // Written piece by piece, a long key holds up to twice its length: kept, it holds its own.
    if key.capacity() > key.len() + key.len() / 8 {
        key.shrink_to_fit();
    }
    key
}

/// About how many bytes a value holds, the value itself and everything it owns: a 16-byte
/// `Dynamic`, a string's text, an array's slots, a map's entries (key, value, tree node) and,
/// inside them, what each element holds. An array of 90,000 numbers holds 1.4 MB although it
/// prints in 270 KB, so the printed key alone would let a search run out of memory uncounted.
pub fn value_bytes(value: &Dynamic) -> u64 {
    const SLOT: u64 = std::mem::size_of::<Dynamic>() as u64;
    // A map entry: its key (a small string kept inline), its value and its share of a B-tree node.
    const ENTRY: u64 = 24 + SLOT + 16;
    if let Ok(text) = value.as_immutable_string_ref() {
        // Strings of up to 23 bytes live inside the value; longer ones behind a shared pointer.
        return SLOT + if text.len() > 23 { text.len() as u64 + 16 } else { 0 };
    }
    if let Ok(array) = value.as_array_ref() {
        return SLOT + 24 + array.iter().map(value_bytes).sum::<u64>() + (array.capacity() - array.len()) as u64 * SLOT;
    }
    if let Ok(blob) = value.as_blob_ref() {
        return SLOT + 24 + blob.capacity() as u64;
    }
    if let Ok(map) = value.as_map_ref() {
        return SLOT
            + map
                .iter()
                .map(|(k, v)| ENTRY - SLOT + if k.len() > 23 { k.len() as u64 } else { 0 } + value_bytes(v))
                .sum::<u64>();
    }
    SLOT
}
