//! The command-line tool's JavaScript engine: QuickJS (the quickjs-ng sources, through
//! `rquickjs`). Chosen over boa_engine for building in a quarter of the time into a binary a
//! ninth of the size and running the same script several times faster
//! (docs/decisions/2026-11-27-javascript-rules-quickjs-natively-sandbox-in-the-page.md).
//! It has no I/O of its own: a script reaches nothing outside its values.
//!
//! Values returned to the search are written as canonical bytes here, in Rust, walking the
//! engine's values: much faster than the same in JavaScript under QuickJS's interpreter.
//! For the same reason an expansion is driven from here, calling the script's functions one by
//! one (docs/decisions/2026-11-27-javascript-speed-bytes-in-the-page-rust-drives-quickjs.md).

use super::{
    arguments, call_error, check_defined, key, load_error, unlike_error, Cause, Engine, Found, DEAD, FILE_NAME,
    FUNCTIONS, GOAL, HOST, MAX_CALL_SECONDS, MAX_VALUE_BYTES,
};
use crate::families::script::draw::{Shape, MAX_SHAPES};
use crate::families::FormatError;
use rquickjs::context::EvalOptions;
use rquickjs::{Array, CaughtError, Context, Ctx, Function, Object, Persistent, Runtime, Type, Value};
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;
use web_time::Instant;

/// The host's functions and arrays, and the script's functions a search calls for every state,
/// kept between calls.
struct Host {
    begin: Persistent<Function<'static>>,
    heuristic: Persistent<Function<'static>>,
    call: Persistent<Function<'static>>,
    doing: Persistent<Function<'static>>,
    wrong: Persistent<Function<'static>>,
    /// The states kept by number.
    values: Persistent<Array<'static>>,
    moves: Persistent<Function<'static>>,
    apply: Persistent<Function<'static>>,
    is_goal: Persistent<Function<'static>>,
    is_dead: Option<Persistent<Function<'static>>>,
    /// `Object.prototype`: a state's objects must be plain.
    plain: Persistent<Object<'static>>,
}

/// When the running call must stop, read by the engine's interrupt handler.
#[derive(Default)]
struct Guard {
    deadline: Cell<Option<Instant>>,
    call_started: Cell<Option<Instant>>,
    out_of_time: Cell<bool>,
    too_long: Cell<bool>,
}

impl Guard {
    fn interrupts(&self) -> bool {
        let now = Instant::now();
        if self.deadline.get().is_some_and(|deadline| now > deadline) {
            self.out_of_time.set(true);
            return true;
        }
        let late = self.call_started.get().is_some_and(|at| now - at > Duration::from_secs(MAX_CALL_SECONDS));
        self.too_long.set(self.too_long.get() || late);
        late
    }
}

pub struct QuickJs {
    // Dropped in this order: the host's values before their context and runtime.
    host: Host,
    /// Which of [`FUNCTIONS`] the script defines.
    defined: Vec<bool>,
    context: Context,
    runtime: Runtime,
    guard: Rc<Guard>,
    text: String,
    /// The script's function an expansion is in (the host's `doing` says it for the host's calls).
    doing: Cell<Option<&'static str>>,
    /// How many states the host's `values` holds (asking it its length was a hundredth of the
    /// time).
    kept: Cell<usize>,
}

/// Why a value is not JSON-like, and where in it.
struct Unlike {
    what: String,
    path: String,
}

fn unlike(what: impl Into<String>) -> Unlike {
    Unlike { what: what.into(), path: String::new() }
}

/// Writes `value`'s canonical bytes (`key.rs`) from `start` in `out`, or says why it is not
/// JSON-like.
fn encode<'js>(
    value: &Value<'js>,
    plain: &Object<'js>,
    out: &mut Vec<u8>,
    start: usize,
    depth: usize,
) -> Result<(), Unlike> {
    if out.len() - start > MAX_VALUE_BYTES {
        return Err(unlike(format!("more than {} KB", MAX_VALUE_BYTES >> 10)));
    }
    if depth > 64 {
        return Err(unlike("values nested more than 64 deep (is there a cycle?)"));
    }
    // Where in the value a fault is, written only when there is one.
    let inside = |at: &dyn Fn() -> String, result: Result<(), Unlike>| {
        result.map_err(|mut e| {
            e.path.insert_str(0, &at());
            e
        })
    };
    match value.type_of() {
        Type::Int => key::write_int(value.as_int().unwrap_or_default(), out),
        Type::Float => {
            let x = value.as_float().unwrap_or(f64::NAN);
            if !x.is_finite() {
                return Err(unlike(format!("the number {x}")));
            }
            key::write_number(x, out);
        }
        Type::Bool => out.push(if value.as_bool() == Some(true) { key::TRUE } else { key::FALSE }),
        Type::Null => out.push(key::NULL),
        Type::String => {
            let text = value.as_string().and_then(|s| s.to_string().ok());
            key::write_string(&text.ok_or_else(|| unlike("a string that is not valid Unicode"))?, out);
        }
        Type::Array => {
            let array = value.as_array().ok_or_else(|| unlike("an array"))?;
            out.push(key::ARRAY);
            for i in 0..array.len() {
                if let Some(n) = int_item(array, i) {
                    key::write_int(n, out);
                    continue;
                }
                let item: Value<'_> = array.get(i).map_err(|e| unlike(e.to_string()))?;
                inside(&|| format!("[{i}]"), encode(&item, plain, out, start, depth + 1))?;
            }
            out.push(key::END);
        }
        Type::Object => {
            let object = value.as_object().ok_or_else(|| unlike("an object"))?;
            if object.get_prototype().is_some_and(|p| p != *plain) {
                return Err(unlike("an object that is not plain (a Map, a Set, a Date or a class's instance)"));
            }
            let mut keys: Vec<String> =
                object.keys::<String>().collect::<Result<_, _>>().map_err(|e| unlike(e.to_string()))?;
            keys.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
            out.push(key::OBJECT);
            for name in &keys {
                key::write_string(name, out);
                let item: Value<'_> = object.get(name.as_str()).map_err(|e| unlike(e.to_string()))?;
                inside(&|| format!(".{name}"), encode(&item, plain, out, start, depth + 1))?;
            }
            out.push(key::END);
        }
        Type::Undefined | Type::Uninitialized => return Err(unlike("undefined")),
        Type::Function | Type::Constructor => return Err(unlike("a function")),
        other => return Err(unlike(format!("a {}", other.as_str()))),
    }
    Ok(())
}

/// Item `i` of `array` if it is an integer, read without making a `Value` of it (which counts
/// its context's references up and down and checks for an exception): states are mostly
/// arrays of integers, and this saved an eighth of the command line's 8-puzzle script
/// (`benches/RESULTS.md`).
#[allow(unsafe_code)]
fn int_item(array: &Array<'_>, i: usize) -> Option<i32> {
    use rquickjs::qjs;
    let index = u32::try_from(i).ok()?;
    let ctx = array.ctx().as_raw().as_ptr();
    // SAFETY: `ctx` is the live context `array` belongs to (both borrowed for this call, inside
    // `Context::with`). JS_GetPropertyUint32 returns a value this side owns: an integer holds
    // nothing to free; anything else (an object, a string, an exception's marker) is freed
    // here, once, and the item is then read again the checked way.
    unsafe {
        let item = qjs::JS_GetPropertyUint32(ctx, array.as_raw(), index);
        if qjs::JS_VALUE_GET_TAG(item) == qjs::JS_TAG_INT {
            return Some(qjs::JS_VALUE_GET_INT(item));
        }
        qjs::JS_FreeValue(ctx, item);
    }
    None
}

/// The script's functions a search calls for every state, for one call into the engine.
struct Rules<'js> {
    moves: Function<'js>,
    apply: Function<'js>,
    is_goal: Function<'js>,
    is_dead: Option<Function<'js>>,
}

/// A failure inside a call: the thrown value, or an error of the binding.
enum Failure<'js> {
    Caught(CaughtError<'js>),
    /// A value the script returned is not JSON-like: (what it was, the function that returned it).
    Unlike(Unlike, &'static str, &'static str),
}

impl<'js> From<CaughtError<'js>> for Failure<'js> {
    fn from(error: CaughtError<'js>) -> Self {
        Failure::Caught(error)
    }
}

type Done<'js, T> = Result<T, Failure<'js>>;

fn caught<'js, T>(ctx: &Ctx<'js>, result: rquickjs::Result<T>) -> Done<'js, T> {
    CaughtError::catch(ctx, result).map_err(Failure::Caught)
}

impl QuickJs {
    /// What the search needs to know of a state found: [`GOAL`] if solved, [`DEAD`] if dead.
    fn flags<'js>(&self, ctx: &Ctx<'js>, state: &Value<'js>, rules: &Rules<'js>) -> Done<'js, u8> {
        let truth = |name: &'static str, function: &Function<'js>| -> Done<'js, bool> {
            self.doing.set(Some(name));
            let said: Value<'js> = caught(ctx, function.call((state.clone(),)))?;
            said.as_bool().ok_or_else(|| self.wrong(ctx, name, "true or false", said))
        };
        let mut flags = if truth("is_goal", &rules.is_goal)? { GOAL } else { 0 };
        if rules.is_dead.as_ref().map(|is_dead| truth("is_dead", is_dead)).transpose()? == Some(true) {
            flags |= DEAD;
        }
        Ok(flags)
    }

    /// The script's functions a search calls for every state.
    fn rules<'js>(&self, ctx: &Ctx<'js>) -> Done<'js, Rules<'js>> {
        Ok(Rules {
            moves: Self::function(ctx, &self.host.moves)?,
            apply: Self::function(ctx, &self.host.apply)?,
            is_goal: Self::function(ctx, &self.host.is_goal)?,
            is_dead: self.host.is_dead.as_ref().map(|f| Self::function(ctx, f)).transpose()?,
        })
    }

    /// The host's error for the script's function `name` returning `value` instead of `wanted`.
    fn wrong<'js>(&self, ctx: &Ctx<'js>, name: &'static str, wanted: &str, value: Value<'js>) -> Failure<'js> {
        let error =
            Self::function(ctx, &self.host.wrong).and_then(|wrong| caught(ctx, wrong.call((name, wanted, value))));
        match error {
            Ok(error) => Failure::Caught(CaughtError::Value(error)),
            Err(failure) => failure,
        }
    }

    /// The error of a failed call into the host; `name` is the user's function it was in.
    fn error(&self, name: &str, what: &str, stack: Option<String>) -> FormatError {
        let cause = if self.guard.out_of_time.get() {
            Cause::StillRunning
        } else if self.guard.too_long.get() {
            Cause::TooLong
        } else if what.contains("out of memory") {
            Cause::OutOfMemory
        } else {
            Cause::Failed(what.to_string())
        };
        call_error(&self.text, name, cause, stack.as_deref())
    }

    /// Runs `work` inside the engine with the per-call limit set, turning its failure into an
    /// error with the script's line and column.
    fn run<T>(&self, work: impl for<'js> FnOnce(&Ctx<'js>, &Object<'js>) -> Done<'js, T>) -> Result<T, FormatError> {
        self.guard.call_started.set(Some(Instant::now()));
        self.guard.too_long.set(false);
        self.doing.set(None);
        let result = self.context.with(|ctx| {
            let plain = self.host.plain.clone().restore(&ctx).map_err(|e| FormatError::general(e.to_string()))?;
            match work(&ctx, &plain) {
                Ok(value) => Ok(value),
                Err(failure) => Err(self.failure(&ctx, failure)),
            }
        });
        self.guard.call_started.set(None);
        result
    }

    fn failure<'js>(&self, ctx: &Ctx<'js>, failure: Failure<'js>) -> FormatError {
        let doing = || -> String {
            if let Some(name) = self.doing.get() {
                return name.into();
            }
            let doing = self.host.doing.clone().restore(ctx).and_then(|f| f.call::<_, String>(()));
            doing.unwrap_or_else(|_| "start".into())
        };
        match failure {
            Failure::Unlike(unlike, name, what) => unlike_error(&self.text, name, what, &unlike.what, &unlike.path),
            Failure::Caught(CaughtError::Value(value)) => {
                // The host's {puzzlelabFailedIn, error}, or a value thrown past it.
                let object = value.as_object();
                let name = object.and_then(|o| o.get::<_, String>("puzzlelabFailedIn").ok()).unwrap_or_else(doing);
                let thrown: Value<'js> = object
                    .and_then(|o| o.get::<_, Option<Value<'js>>>("error").ok().flatten())
                    .unwrap_or(value.clone());
                let (what, stack) = describe(&thrown);
                self.error(&name, &what, stack)
            }
            Failure::Caught(CaughtError::Exception(exception)) => {
                let (what, stack) = describe(exception.as_value());
                self.error(&doing(), &what, stack)
            }
            Failure::Caught(CaughtError::Error(error)) => self.error(&doing(), &error.to_string(), None),
        }
    }

    fn function<'js>(ctx: &Ctx<'js>, kept: &Persistent<Function<'static>>) -> Done<'js, Function<'js>> {
        caught(ctx, kept.clone().restore(ctx))
    }

    /// Calls the host's `call(name, json)` and hands its value to `read`.
    fn call<T>(
        &self,
        name: &'static str,
        args: &[&[u8]],
        read: impl for<'js> FnOnce(&Ctx<'js>, &Object<'js>, Value<'js>) -> Done<'js, T>,
    ) -> Result<T, FormatError> {
        let json = arguments(args);
        self.run(|ctx, plain| {
            let call = Self::function(ctx, &self.host.call)?;
            let value = caught(ctx, call.call::<_, Value<'_>>((name, json.as_str())))?;
            read(ctx, plain, value)
        })
    }
}

/// What was thrown, as a message, and its stack if it has one.
fn describe(thrown: &Value<'_>) -> (String, Option<String>) {
    if let Some(exception) = thrown.as_exception() {
        let kind = exception.get::<_, String>("name").unwrap_or_else(|_| "Error".into());
        let message = exception.message().unwrap_or_default();
        return (format!("{kind}: {message}"), exception.stack());
    }
    let text = thrown.as_string().and_then(|s| s.to_string().ok());
    (
        format!("it threw {}", text.map_or_else(|| format!("a {}", thrown.type_of().as_str()), |t| format!("\"{t}\""))),
        None,
    )
}

fn key<'js>(value: &Value<'js>, plain: &Object<'js>, name: &'static str, what: &'static str) -> Done<'js, Vec<u8>> {
    let mut out = Vec::new();
    encode(value, plain, &mut out, 0, 0).map_err(|e| Failure::Unlike(e, name, what))?;
    Ok(out)
}

/// Writes `value`'s canonical bytes into `out`, emptied first.
fn write_key<'js>(
    value: &Value<'js>,
    plain: &Object<'js>,
    out: &mut Vec<u8>,
    name: &'static str,
    what: &'static str,
) -> Done<'js, ()> {
    out.clear();
    encode(value, plain, out, 0, 0).map_err(|e| Failure::Unlike(e, name, what))
}

/// When QuickJS first looks for cycles among its values (its reference counts free the rest at
/// once): not at its default 256 KB, which had it walk the search's kept states time and again
/// as they grew (5% of the 8-puzzle script), but well before the memory limit, which it would
/// otherwise meet with cycles uncollected.
fn gc_threshold(memory_limit: usize) -> usize {
    (memory_limit / 4).min(256 << 20)
}

fn options(file: &str) -> EvalOptions {
    let mut options = EvalOptions::default();
    options.strict = false;
    options.filename = Some(file.into());
    options
}

impl Engine for QuickJs {
    fn load(text: &str) -> Result<Self, FormatError> {
        let runtime = Runtime::new().map_err(|e| FormatError::general(e.to_string()))?;
        let context = Context::full(&runtime).map_err(|e| FormatError::general(e.to_string()))?;
        let guard = Rc::new(Guard::default());
        let watched = guard.clone();
        runtime.set_interrupt_handler(Some(Box::new(move || watched.interrupts())));
        runtime.set_memory_limit(1 << 30);
        runtime.set_gc_threshold(gc_threshold(1 << 30));
        let source = super::wrapped(text);
        guard.call_started.set(Some(Instant::now()));
        let loaded = context.with(|ctx| {
            // An error while loading, at the place the engine gives in the script's text.
            let failed = |stage: &str, error: rquickjs::Error| {
                let (what, stack) = match CaughtError::from_error(&ctx, error) {
                    CaughtError::Exception(e) => describe(e.as_value()),
                    CaughtError::Value(v) => describe(&v),
                    CaughtError::Error(e) => (e.to_string(), None),
                };
                load_error(stage, &what, stack.as_deref(), guard.too_long.get())
            };
            let script: Function<'_> =
                ctx.eval_with_options(source, options(FILE_NAME)).map_err(|e| failed("parse", e))?;
            let rules: Object<'_> = script.call(()).map_err(|e| failed("top", e))?;
            let factory: Function<'_> =
                ctx.eval_with_options(HOST, options("host.js")).map_err(|e| failed("host", e))?;
            let own = |name: &str| -> Result<Option<Persistent<Function<'static>>>, FormatError> {
                let value: Value<'_> = rules.get(name).map_err(|e| failed("host", e))?;
                Ok(value.into_function().map(|f| Persistent::save(&ctx, f)))
            };
            let (moves, apply, is_goal, is_dead) = (own("moves")?, own("apply")?, own("is_goal")?, own("is_dead")?);
            let host: Object<'_> = factory.call((rules,)).map_err(|e| failed("host", e))?;
            let get = |name: &str| -> Result<Persistent<Function<'static>>, FormatError> {
                let f: Function<'_> = host.get(name).map_err(|e| failed("host", e))?;
                Ok(Persistent::save(&ctx, f))
            };
            let defines: Function<'_> = host.get("defines").map_err(|e| failed("host", e))?;
            let defined: Vec<bool> =
                FUNCTIONS.iter().map(|(name, ..)| defines.call::<_, bool>((*name,)).unwrap_or(false)).collect();
            let plain: Object<'_> = ctx
                .globals()
                .get::<_, Object<'_>>("Object")
                .and_then(|o| o.get("prototype"))
                .map_err(|e| failed("host", e))?;
            let array = |name: &str| -> Result<Persistent<Array<'static>>, FormatError> {
                Ok(Persistent::save(&ctx, host.get::<_, Array<'_>>(name).map_err(|e| failed("host", e))?))
            };
            let (Some(moves), Some(apply), Some(is_goal)) = (moves, apply, is_goal) else {
                check_defined(&defined)?;
                return Err(FormatError::general("the script's functions could not be read"));
            };
            let host = Host {
                begin: get("begin")?,
                heuristic: get("heuristic")?,
                call: get("call")?,
                doing: get("doing")?,
                wrong: get("wrong")?,
                values: array("values")?,
                moves,
                apply,
                is_goal,
                is_dead,
                plain: Persistent::save(&ctx, plain),
            };
            Ok((host, defined))
        });
        guard.call_started.set(None);
        let (host, defined) = loaded?;
        check_defined(&defined)?;
        Ok(QuickJs {
            host,
            defined,
            context,
            runtime,
            guard,
            text: text.to_string(),
            doing: Cell::new(None),
            kept: Cell::new(0),
        })
    }

    fn defines(&self, name: &str) -> bool {
        FUNCTIONS.iter().zip(&self.defined).any(|((n, ..), &defined)| *n == name && defined)
    }

    fn begin(&self) -> Result<Vec<u8>, FormatError> {
        self.run(|ctx, plain| {
            let begin = Self::function(ctx, &self.host.begin)?;
            let state = caught(ctx, begin.call::<_, Value<'_>>(()))?;
            self.kept.set(1);
            key(&state, plain, "start", "a state")
        })
    }

    fn start_flags(&self) -> Result<u8, FormatError> {
        self.run(|ctx, _| {
            let values = caught(ctx, self.host.values.clone().restore(ctx))?;
            let state: Value<'_> = caught(ctx, values.get(0))?;
            self.flags(ctx, &state, &self.rules(ctx)?)
        })
    }

    /// The expansion is driven from here, calling the script's functions one by one: the same
    /// loop in the host's JavaScript took half the time under QuickJS's interpreter. A state new
    /// to the search is kept, and `is_goal` asked of it, as it is found.
    fn expand(&self, id: u32, _state: &[u8], found: &mut dyn Found) -> Result<(), FormatError> {
        let (mut mv_key, mut state_key) = (Vec::new(), Vec::new());
        self.run(|ctx, plain| {
            let values = caught(ctx, self.host.values.clone().restore(ctx))?;
            let rules = self.rules(ctx)?;
            let state: Value<'_> = caught(ctx, values.get(id as usize))?;
            self.doing.set(Some("moves"));
            let allowed: Value<'_> = caught(ctx, rules.moves.call((state.clone(),)))?;
            let Some(allowed) = allowed.as_array() else {
                return Err(self.wrong(ctx, "moves", "an array of moves", allowed));
            };
            for i in 0..allowed.len() {
                let mv: Value<'_> = caught(ctx, allowed.get(i))?;
                self.doing.set(Some("apply"));
                let next: Value<'_> = caught(ctx, rules.apply.call((state.clone(), mv.clone())))?;
                if next.is_null() || next.is_undefined() {
                    continue;
                }
                write_key(&mv, plain, &mut mv_key, "moves", "a move")?;
                write_key(&next, plain, &mut state_key, "apply", "a state")?;
                let mv = found.number_move(&mv_key);
                if let Some(id) = found.state(mv, &state_key) {
                    caught(ctx, values.set(self.kept.get(), next.clone()))?;
                    self.kept.set(self.kept.get() + 1);
                    found.flags(id, self.flags(ctx, &next, &rules)?);
                }
            }
            Ok(())
        })
    }

    fn heuristic(&self, id: u32, _state: &[u8]) -> Result<u32, FormatError> {
        self.run(|ctx, _| {
            let heuristic = Self::function(ctx, &self.host.heuristic)?;
            let h: f64 = caught(ctx, heuristic.call((id,)))?;
            Ok(h.min(f64::from(u32::MAX)) as u32)
        })
    }

    fn moves(&self, state: &[u8]) -> Result<Vec<Vec<u8>>, FormatError> {
        self.call("moves", &[state], |ctx, plain, value| {
            let Some(array) = value.as_array() else { return Ok(Vec::new()) };
            (0..array.len()).map(|i| key(&caught(ctx, array.get(i))?, plain, "moves", "a move")).collect()
        })
    }

    fn apply(&self, state: &[u8], mv: &[u8]) -> Result<Option<Vec<u8>>, FormatError> {
        self.call("apply", &[state, mv], |_, plain, value| {
            if value.is_null() || value.is_undefined() {
                return Ok(None);
            }
            key(&value, plain, "apply", "a state").map(Some)
        })
    }

    fn is_goal(&self, state: &[u8]) -> Result<bool, FormatError> {
        self.call("is_goal", &[state], |_, _, value| Ok(value.as_bool() == Some(true)))
    }

    fn text(&self, name: &str, value: &[u8]) -> Result<String, FormatError> {
        let name = if name == "label" { "label" } else { "show" };
        self.call(name, &[value], |ctx, _, value| caught(ctx, value.get::<String>()))
    }

    fn shapes(&self, state: &[u8]) -> Result<Vec<Shape>, FormatError> {
        self.call("draw", &[state], |_, _, value| {
            let Some(list) = value.as_array() else { return Ok(Vec::new()) };
            let shape = |object: &Object<'_>| {
                let number = |field: &str| object.get::<_, Value<'_>>(field).ok().and_then(|v| v.as_number());
                let text = |field: &str| {
                    let value: Value<'_> = object.get(field).ok()?;
                    if value.is_undefined() || value.is_null() {
                        return None;
                    }
                    value.get::<rquickjs::Coerced<String>>().ok().map(|c| c.0)
                };
                Shape::read(number, text)
            };
            Ok((0..list.len().min(MAX_SHAPES))
                .filter_map(|i| list.get::<Value<'_>>(i).ok())
                .filter_map(|item| item.as_object().map(shape))
                .collect())
        })
    }

    fn set_deadline(&self, deadline: Option<Instant>) {
        self.guard.deadline.set(deadline);
        self.guard.out_of_time.set(false);
    }

    fn out_of_time(&self) -> bool {
        self.guard.out_of_time.get()
    }

    fn set_memory_limit(&self, bytes: u64) {
        let bytes = bytes.min(usize::MAX as u64) as usize;
        self.runtime.set_memory_limit(bytes);
        self.runtime.set_gc_threshold(gc_threshold(bytes));
    }
}

#[cfg(test)]
pub mod tests_only {
    use super::*;

    /// Whether the interrupt handler stops a call that started `seconds` ago (no deadline set).
    pub fn guard_started_ago(seconds: u64) -> bool {
        let guard = Guard::default();
        guard.call_started.set(Instant::now().checked_sub(Duration::from_secs(seconds)));
        guard.interrupts()
    }
}
