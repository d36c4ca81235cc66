//! The command-line tool's JavaScript engine: QuickJS (the quickjs-ng sources, through
//! `rquickjs`). Chosen over boa_engine on the 8-puzzle script, breadth-first, on this 2-core
//! machine: 29 s against 116 s to build, 1.8 MB against 16 MB of binary, 72 k states/s against
//! 16 k with the same host (docs/decisions/2026-11-27-javascript-rules-quickjs-natively-sandbox-in-the-page.md).
//! It has no I/O of its own: a script reaches nothing outside its values.
//!
//! Values returned to the search are written as canonical bytes here, in Rust, walking the
//! engine's values: four times faster than the same in JavaScript under QuickJS's interpreter.

use super::{
    arguments, call_error, check_defined, key, load_error, news_text, unlike_error, Cause, Engine, FILE_NAME,
    FUNCTIONS, HOST, MAX_CALL_SECONDS, MAX_VALUE_BYTES,
};
use crate::families::script::draw::{Shape, MAX_SHAPES};
use crate::families::FormatError;
use rquickjs::context::EvalOptions;
use rquickjs::{Array, CaughtError, Context, Ctx, Function, Object, Persistent, Runtime, Type, Value};
use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;
use web_time::Instant;

/// The host's functions, kept between calls.
struct Host {
    begin: Persistent<Function<'static>>,
    expand: Persistent<Function<'static>>,
    adopt: Persistent<Function<'static>>,
    heuristic: Persistent<Function<'static>>,
    call: Persistent<Function<'static>>,
    doing: Persistent<Function<'static>>,
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
        Type::Int => key::write_number(f64::from(value.as_int().unwrap_or_default()), out),
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
            let doing = self.host.doing.clone().restore(ctx).and_then(|f| f.call::<_, String>(()));
            doing.unwrap_or_else(|_| "start".into())
        };
        match failure {
            Failure::Unlike(unlike, name, what) => unlike_error(&self.text, name, what, &unlike.what, &unlike.path),
            Failure::Caught(CaughtError::Value(value)) => {
                // The host's {puzzlelabFailedIn, error}, or a value thrown past it.
                let object = value.as_object();
                let name = object.and_then(|o| o.get::<_, String>("puzzlelabFailedIn").ok()).unwrap_or_else(doing);
                let thrown: Value<'js> = object.and_then(|o| o.get("error").ok()).unwrap_or(value.clone());
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

/// Writes `value` after its length (u32, little-endian).
fn key_after_length<'js>(
    value: &Value<'js>,
    plain: &Object<'js>,
    out: &mut Vec<u8>,
    name: &'static str,
    what: &'static str,
) -> Done<'js, ()> {
    let at = out.len();
    out.extend_from_slice(&[0; 4]);
    encode(value, plain, out, at + 4, 0).map_err(|e| Failure::Unlike(e, name, what))?;
    let length = (out.len() - at - 4) as u32;
    out[at..at + 4].copy_from_slice(&length.to_le_bytes());
    Ok(())
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
            let host = Host {
                begin: get("begin")?,
                expand: get("expand")?,
                adopt: get("adopt")?,
                heuristic: get("heuristic")?,
                call: get("call")?,
                doing: get("doing")?,
                plain: Persistent::save(&ctx, plain),
            };
            Ok((host, defined))
        });
        guard.call_started.set(None);
        let (host, defined) = loaded?;
        check_defined(&defined)?;
        Ok(QuickJs { host, defined, context, runtime, guard, text: text.to_string() })
    }

    fn defines(&self, name: &str) -> bool {
        FUNCTIONS.iter().zip(&self.defined).any(|((n, ..), &defined)| *n == name && defined)
    }

    fn begin(&self) -> Result<Vec<u8>, FormatError> {
        self.run(|ctx, plain| {
            let begin = Self::function(ctx, &self.host.begin)?;
            let state = caught(ctx, begin.call::<_, Value<'_>>(()))?;
            key(&state, plain, "start", "a state")
        })
    }

    fn expand(&self, id: u32, _state: &[u8], news: &[bool], out: &mut Vec<u8>) -> Result<(), FormatError> {
        let news = news_text(news);
        self.run(|ctx, plain| {
            let expand = Self::function(ctx, &self.host.expand)?;
            let found: Array<'_> = caught(ctx, expand.call((id, news.as_str())))?;
            let pairs = found.len().saturating_sub(1);
            let digits: String = caught(ctx, found.get(pairs))?;
            for (i, digit) in (0..pairs).step_by(2).zip(digits.bytes()) {
                out.push(digit.wrapping_sub(b'0'));
                key_after_length(&caught(ctx, found.get(i))?, plain, out, "moves", "a move")?;
                key_after_length(&caught(ctx, found.get(i + 1))?, plain, out, "apply", "a state")?;
            }
            Ok(())
        })
    }

    fn adopt(&self, news: &[bool], flags: &mut Vec<u8>) -> Result<(), FormatError> {
        let news = news_text(news);
        self.run(|ctx, _| {
            let adopt = Self::function(ctx, &self.host.adopt)?;
            let found: String = caught(ctx, adopt.call((news.as_str(),)))?;
            flags.extend(found.bytes().map(|digit| digit.wrapping_sub(b'0')));
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
        self.runtime.set_memory_limit(bytes.min(usize::MAX as u64) as usize);
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
