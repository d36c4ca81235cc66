//! The page's JavaScript engine: the browser's own. The script and the host are evaluated where
//! this module runs, so it must run only where a script can reach nothing of the app's (a
//! sandboxed Worker: docs/decisions/2026-11-27-javascript-rules-quickjs-natively-sandbox-in-the-page.md says how).
//! The host writes states' canonical bytes itself, straight into this module's memory: the
//! browser compiles JavaScript, and no string then crosses on the way.
//!
//! The browser cannot interrupt a call: an endless loop is stopped by ending the Worker (Cancel,
//! and the time limit on the page's side).
//!
//! The script runs in a compartment of its own (Hardened JavaScript, `www/vendor/ses`): before
//! the first script loads, [`lock_down`] freezes every intrinsic the realm shares (so a script
//! that redefines `Math.min` or `Array.prototype.push` fails, and the solver's code keeps its
//! own), and each script is evaluated in a new `Compartment`, whose global object holds those
//! frozen intrinsics and nothing of the Worker's: no `postMessage`, no `self`, no channel to the
//! page. The host stays outside and hands the script plain values only.

use super::{
    arguments, call_error, check_defined, load_error, unlike_error, wrapped, Cause, Engine, Found, FILE_NAME,
    FUNCTIONS, HOST,
};
use crate::families::script::draw::Shape;
use crate::families::FormatError;
use js_sys::{Function, Reflect};
use std::cell::RefCell;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

// The host's calls made once a state, typed: a number comes back as a number, with no value of
// the glue's to make and read (a twentieth of the page's time when they went through `call`).
// They catch what is thrown themselves and say NaN, and `thrown` gives it (the glue's wrapper
// of a call that may throw was another twentieth).
#[wasm_bindgen]
extern "C" {
    /// The object `host.js` returns.
    type Host;
    #[wasm_bindgen(method, js_name = expandGiven)]
    fn expand_given(this: &Host) -> f64;
    #[wasm_bindgen(method, js_name = flagsGiven)]
    fn flags_given(this: &Host) -> f64;
    #[wasm_bindgen(method, js_name = heuristicGiven)]
    fn heuristic_given(this: &Host) -> f64;
    #[wasm_bindgen(method, js_name = copyAgain)]
    fn copy_again(this: &Host) -> f64;
    #[wasm_bindgen(method)]
    fn thrown(this: &Host) -> JsValue;
}

/// Hardened JavaScript's shim (`ses`, vendored with its licence in `www/vendor/ses`).
const SES: &str = include_str!("../../../../www/vendor/ses/ses.umd.min.js");

/// Evaluated once a realm, after SES: locks the realm down and returns the function that
/// evaluates a script's text in a new compartment. The intrinsics a script names most are bound
/// as parameters of a function around it, so that naming them is a lookup of a variable, not of
/// the compartment's global object, which a compartment's `with` makes a slow dynamic one (the
/// 8-puzzle in the style a new user writes ran at half its speed without this).
const CONFINE: &str = r#"(function () {
  "use strict";
  if (!Object.isFrozen(Array.prototype)) {
    lockdown({ errorTaming: "unsafe", stackFiltering: "verbose", overrideTaming: "severe", consoleTaming: "unsafe", localeTaming: "unsafe", reporting: "none" });
  }
  if (!Object.isFrozen(Array.prototype) || !Object.isFrozen(Math) || typeof Compartment !== "function") {
    throw new Error("the realm is not locked down");
  }
  const NAMED = ["Math", "JSON", "Array", "Object", "Number", "String", "Boolean", "Map", "Set", "Symbol",
    "Error", "TypeError", "RangeError", "parseInt", "parseFloat", "isNaN", "isFinite", "Uint8Array",
    "Int32Array", "Float64Array"];
  return function evaluate(source) {
    const compartment = new Compartment({ __options__: true });
    const global = compartment.globalThis;
    const names = NAMED.filter((name) => name in global);
    const around = "(function (" + names.join(", ") + ") { return " + source + "; })";
    return compartment.evaluate(around).apply(undefined, names.map((name) => global[name]));
  };
})"#;

/// Evaluated before SES where the engine lacks `ArrayBuffer.prototype.detached` (Node 20's V8):
/// SES would answer `false` for it always, and wasm-bindgen's glue, which asks it whether the
/// module's memory grew, would keep writing through a view of the memory's old buffer.
const DETACHED: &str = r#"(function () {
  "use strict";
  if (Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, "detached")) return;
  // A detached buffer is empty; the module's memory never is.
  Object.defineProperty(ArrayBuffer.prototype, "detached", { configurable: true, get() {
    return this.byteLength === 0;
  } });
})()"#;

thread_local! {
    /// [`CONFINE`]'s function, once the realm is locked down.
    static EVALUATE: std::cell::OnceCell<Result<Function, String>> = const { std::cell::OnceCell::new() };
}

/// Locks this realm down (once): SES's `lockdown()`, which freezes every shared intrinsic. A
/// sandboxed Worker does it before it listens, so nothing a script does later reaches the
/// solver's own code; a script's engine does it before its first script in any case.
pub fn lock_down() -> Result<(), FormatError> {
    evaluator().map(|_| ())
}

fn evaluator() -> Result<Function, FormatError> {
    EVALUATE.with(|evaluate| {
        let made = evaluate.get_or_init(|| {
            let described = |e: JsValue| describe(&e).0;
            if !Reflect::has(&js_sys::global(), &"lockdown".into()).unwrap_or(false) {
                js_sys::eval(DETACHED).map_err(described)?;
                js_sys::eval(SES).map_err(described)?;
            }
            let confine: Function = js_sys::eval(CONFINE).map_err(described)?.unchecked_into();
            confine.call0(&JsValue::UNDEFINED).map_err(described)?.dyn_into::<Function>().map_err(described)
        });
        made.clone().map_err(|e| FormatError::general(format!("the script's sandbox could not be set up: {e}")))
    })
}

/// The error of a text the compartment refuses before it runs (SES's `SES_IMPORT_REJECTED` and
/// `SES_HTML_COMMENT_REJECTED`: it reads the text as a whole and cannot tell a comment or a string
/// from code), at the line it names ("at <unknown>:4"); None for any other error.
fn refused(what: &str) -> Option<FormatError> {
    let said = if what.contains("SES_IMPORT_REJECTED") {
        "the script does not parse: a script may not import code, so \"import(\" may not appear in it, not even in a comment or a string"
    } else if what.contains("SES_HTML_COMMENT_REJECTED") {
        "the script does not parse: HTML comments (\"<!--\" and \"-->\") may not appear in it, not even in a string"
    } else {
        return None;
    };
    let line = what.split("<unknown>:").nth(1).and_then(|rest| {
        rest.split(|c: char| !c.is_ascii_digit()).next().and_then(|digits| digits.parse::<usize>().ok())
    });
    Some(FormatError::new(line.unwrap_or(0), 1, said))
}

/// Whether this code runs where a script may run: a Worker of the sandbox, whose origin is
/// opaque (the browser says "null"), so it reaches none of the app's storage.
pub fn in_sandbox() -> bool {
    let global = js_sys::global();
    let origin = Reflect::get(&global, &"origin".into()).ok().and_then(|o| o.as_string());
    let document = Reflect::get(&global, &"document".into()).ok().filter(|d| !d.is_undefined());
    origin.as_deref() == Some("null") && document.is_none()
}

pub struct WebEngine {
    host: JsValue,
    typed: Host,
    begin_into: Function,
    call_into: Function,
    target: Function,
    start_flags: Function,
    call: Function,
    shapes: Function,
    doing: Function,
    defined: Vec<bool>,
    text: String,
    /// Where the host copies what it writes (all of it is the room it has).
    buffer: RefCell<Vec<u8>>,
    /// The states expansions found new: their places in them, their numbers, and which of the
    /// states given found them.
    new: RefCell<Vec<(u32, u32, usize)>>,
    /// The search's numbers of the moves the host numbered, by the host's number (`begin`
    /// starts both afresh).
    known_moves: RefCell<Vec<u32>>,
}

/// What was thrown, as a message, and its stack if it has one.
fn describe(thrown: &JsValue) -> (String, Option<String>) {
    if let Some(error) = thrown.dyn_ref::<js_sys::Error>() {
        let stack = Reflect::get(error, &"stack".into()).ok().and_then(|s| s.as_string());
        return (format!("{}: {}", String::from(error.name()), String::from(error.message())), stack);
    }
    match thrown.as_string() {
        Some(text) => (format!("it threw \"{text}\""), None),
        None => (format!("it threw a {}", thrown.js_typeof().as_string().unwrap_or_default()), None),
    }
}

fn field(object: &JsValue, name: &str) -> Option<JsValue> {
    Reflect::get(object, &name.into()).ok().filter(|v| !v.is_undefined())
}

fn function(host: &JsValue, name: &str) -> Result<Function, FormatError> {
    (field(host, name).and_then(|f| f.dyn_into::<Function>().ok()))
        .ok_or_else(|| FormatError::general(format!("the script's host has no function {name}")))
}

impl WebEngine {
    /// The error of a call that threw `thrown`: the host's `{puzzlelabFailedIn, error}`, its
    /// `{puzzlelabUnlike, …}` for a value that is not JSON-like, or anything thrown past it.
    fn failure(&self, thrown: JsValue) -> FormatError {
        let name = field(&thrown, "puzzlelabFailedIn").and_then(|n| n.as_string());
        if let Some(held) = field(&thrown, "puzzlelabUnlike").and_then(|h| h.as_string()) {
            let what = field(&thrown, "what").and_then(|w| w.as_string()).unwrap_or_default();
            let path = field(&thrown, "path").and_then(|p| p.as_string()).unwrap_or_default();
            return unlike_error(&self.text, name.as_deref().unwrap_or("start"), &what, &held, &path);
        }
        let name =
            name.unwrap_or_else(|| self.doing.call0(&self.host).ok().and_then(|d| d.as_string()).unwrap_or_default());
        let inner = field(&thrown, "error").unwrap_or(thrown);
        let (what, stack) = describe(&inner);
        call_error(&self.text, &name, Cause::Failed(what), stack.as_deref())
    }

    fn text_of(&self, result: Result<JsValue, JsValue>) -> Result<String, FormatError> {
        let value = result.map_err(|thrown| self.failure(thrown))?;
        value.as_string().ok_or_else(|| FormatError::general("the script's host returned something other than text"))
    }

    /// What a typed call said: NaN when it threw.
    fn said(&self, value: f64) -> Result<f64, JsValue> {
        if value.is_nan() {
            Err(self.typed.thrown())
        } else {
            Ok(value)
        }
    }

    /// Has the host copy what it wrote into the buffer: `written` is what the call returned
    /// (the bytes copied, or minus the bytes needed, when the buffer grows and the host copies
    /// again). `read` gets the bytes.
    fn written<T>(&self, written: Result<f64, JsValue>, read: impl FnOnce(&[u8]) -> T) -> Result<T, FormatError> {
        let mut written = written.map_err(|thrown| self.failure(thrown))?;
        if written < 0.0 {
            self.grow((-written) as usize);
            written = self.said(self.typed.copy_again()).map_err(|thrown| self.failure(thrown))?;
        }
        let buffer = self.buffer.borrow();
        Ok(read(buffer.get(..written.max(0.0) as usize).unwrap_or_default()))
    }

    /// Makes the buffer hold at least `bytes`, and tells the host where it is.
    fn grow(&self, bytes: usize) {
        let mut buffer = self.buffer.borrow_mut();
        if buffer.len() < bytes {
            *buffer = vec![0; bytes.next_power_of_two()];
        }
        let _ = self.target.call2(&self.host, &(buffer.as_ptr() as u32).into(), &(buffer.len() as u32).into());
    }

    /// Puts `state`'s bytes where the host reads a state it is given (the start of the buffer).
    fn give(&self, state: &[u8]) {
        if self.buffer.borrow().len() < state.len() {
            self.grow(state.len());
        }
        self.buffer.borrow_mut()[..state.len()].copy_from_slice(state);
    }

    /// Puts `states`' bytes where the host reads the states it expands: their count, then each
    /// after its length.
    fn give_all(&self, states: &[(u32, &[u8])]) {
        let size = 4 + states.iter().map(|(_, state)| 4 + state.len()).sum::<usize>();
        if self.buffer.borrow().len() < size {
            self.grow(size);
        }
        let mut buffer = self.buffer.borrow_mut();
        buffer[..4].copy_from_slice(&(states.len() as u32).to_le_bytes());
        let mut at = 4;
        for (_, state) in states {
            buffer[at..at + 4].copy_from_slice(&(state.len() as u32).to_le_bytes());
            buffer[at + 4..at + 4 + state.len()].copy_from_slice(state);
            at += 4 + state.len();
        }
    }

    fn call_text(&self, name: &str, args: &[&[u8]]) -> Result<String, FormatError> {
        self.text_of(self.call.call2(&self.host, &name.into(), &arguments(args).into()))
    }

    fn call_into<T>(&self, name: &str, args: &[&[u8]], read: impl FnOnce(&[u8]) -> T) -> Result<T, FormatError> {
        self.written(number(self.call_into.call2(&self.host, &name.into(), &arguments(args).into())), read)
    }
}

/// A call's number (0 if it returned something else).
fn number(result: Result<JsValue, JsValue>) -> Result<f64, JsValue> {
    result.map(|value| value.as_f64().unwrap_or(0.0))
}

/// The keys of `bytes`, each after its length (u32, little-endian).
fn keys(bytes: &[u8]) -> Vec<Vec<u8>> {
    let mut at = 0;
    std::iter::from_fn(|| take_key(bytes, &mut at)).map(<[u8]>::to_vec).collect()
}

/// The word (u32, little-endian) at `at` in `bytes`.
fn word_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// In an expansion, a move's length word with this set is instead the number of a move that is
/// text, written before (`host.js`'s `writeMove`)...
const KNOWN_MOVE: u32 = 0x8000_0000;
/// ...and one with this set gives the move it writes the next number.
const FIRST_MOVE: u32 = 0x4000_0000;
/// The word before each state's expansion...
const NEXT_STATE: u32 = 0x2000_0000;
/// ...and the one after it, the last, when it failed.
const FAILED_STATE: u32 = 0x1000_0000;
/// The flag of a state whose `is_goal` or `is_dead` failed, the last.
const FLAGS_FAILED: u8 = 0xff;

/// The key at `at` in `bytes`, after its length (u32, little-endian); `at` moves past it.
fn take_key<'a>(bytes: &'a [u8], at: &mut usize) -> Option<&'a [u8]> {
    let length = word_at(bytes, *at)? as usize;
    let key = bytes.get(*at + 4..*at + 4 + length)?;
    *at += 4 + length;
    Some(key)
}

impl Engine for WebEngine {
    fn load(text: &str) -> Result<Self, FormatError> {
        let failed = |stage: &str, thrown: JsValue| {
            let (what, stack) = describe(&thrown);
            refused(&what).unwrap_or_else(|| load_error(stage, &what, stack.as_deref(), false))
        };
        // The name makes the browser's stacks say `script.js:LINE:COLUMN`.
        let source = format!("{}\n//# sourceURL={FILE_NAME}\n", wrapped(text));
        let evaluate = evaluator()?;
        let script = evaluate.call1(&JsValue::UNDEFINED, &source.into()).map_err(|e| failed("parse", e))?;
        let script: Function = script.dyn_into().map_err(|e| failed("parse", e))?;
        let rules = script.call0(&JsValue::UNDEFINED).map_err(|e| failed("top", e))?;
        let factory: Function = js_sys::eval(HOST).map_err(|e| failed("host", e))?.unchecked_into();
        let host = factory.call1(&JsValue::UNDEFINED, &rules).map_err(|e| failed("host", e))?;
        let defines = function(&host, "defines")?;
        let defined: Vec<bool> = (FUNCTIONS.iter())
            .map(|(name, ..)| defines.call1(&host, &(*name).into()).ok().and_then(|d| d.as_bool()) == Some(true))
            .collect();
        check_defined(&defined)?;
        let bind = function(&host, "bind")?;
        bind.call1(&host, &wasm_bindgen::memory()).map_err(|e| failed("host", e))?;
        let engine = WebEngine {
            begin_into: function(&host, "beginInto")?,
            call_into: function(&host, "callInto")?,
            target: function(&host, "target")?,
            start_flags: function(&host, "startFlags")?,
            call: function(&host, "call")?,
            shapes: function(&host, "shapes")?,
            doing: function(&host, "doing")?,
            typed: host.clone().unchecked_into(),
            host,
            defined,
            text: text.to_string(),
            buffer: RefCell::new(Vec::new()),
            new: RefCell::new(Vec::new()),
            known_moves: RefCell::new(Vec::new()),
        };
        engine.grow(1 << 12);
        Ok(engine)
    }

    fn defines(&self, name: &str) -> bool {
        FUNCTIONS.iter().zip(&self.defined).any(|((n, ..), &defined)| *n == name && defined)
    }

    fn begin(&self) -> Result<Vec<u8>, FormatError> {
        self.known_moves.borrow_mut().clear();
        self.written(number(self.begin_into.call0(&self.host)), <[u8]>::to_vec)
    }

    fn keeps_states(&self) -> bool {
        false
    }

    fn expand(&self, id: u32, state: &[u8], found: &mut dyn Found) -> Result<(), FormatError> {
        self.expand_many(&[(id, state)], found).map_err(|(_, error)| error)
    }

    /// The host writes every state found; the flags are asked, in a second call, of the new
    /// ones only (in the 8-puzzle as a new user writes it, whose `is_goal` joins the tiles into
    /// text, that was a tenth of the time). Two calls for many states: a call's own cost was
    /// more than the expansion's in the 8-puzzle.
    fn expand_many(&self, states: &[(u32, &[u8])], found: &mut dyn Found) -> Result<(), (usize, FormatError)> {
        self.give_all(states);
        let mut new = self.new.borrow_mut();
        new.clear();
        let mut failed = None;
        let unreadable = || FormatError::general("the script's host wrote an expansion this build cannot read");
        self.written(self.said(self.typed.expand_given()), |bytes| {
            // Each expansion after `NEXT_STATE`: the move and the state, each after its length
            // (a move known by its number, or numbered as it is read, as `host.js` says).
            let mut known = self.known_moves.borrow_mut();
            // The place of the state found in all, the state expanded, and how many are begun.
            let (mut at, mut place, mut expansion, mut begun) = (0, 0, 0, 0);
            while at < bytes.len() {
                let word = word_at(bytes, at).ok_or_else(unreadable)?;
                if word == NEXT_STATE {
                    at += 4;
                    if begun == states.len() {
                        return Err(unreadable());
                    }
                    (expansion, begun) = (begun, begun + 1);
                    found.next(expansion);
                    continue;
                }
                if word == FAILED_STATE {
                    failed = Some(expansion);
                    break;
                }
                let mv = if word & KNOWN_MOVE != 0 {
                    at += 4;
                    *known.get((word & !KNOWN_MOVE) as usize).ok_or_else(unreadable)?
                } else {
                    let length = (word & !FIRST_MOVE) as usize;
                    let mv = found.number_move(bytes.get(at + 4..at + 4 + length).ok_or_else(unreadable)?);
                    at += 4 + length;
                    if word & FIRST_MOVE != 0 {
                        known.push(mv);
                    }
                    mv
                };
                let next = take_key(bytes, &mut at).ok_or_else(unreadable)?;
                if let Some(id) = found.state(mv, next) {
                    new.push((place, id, expansion));
                }
                place += 1;
            }
            Ok(())
        })
        .and_then(|read| read)
        .map_err(|error| (0, error))?;
        // Why an expansion failed, asked before the flags' call can fail too.
        let failed = failed.map(|at| (at, self.failure(self.typed.thrown())));
        if !new.is_empty() {
            // Their count, then their places, 4 bytes each.
            let size = 4 + 4 * new.len();
            if self.buffer.borrow().len() < size {
                self.grow(size);
            }
            let mut buffer = self.buffer.borrow_mut();
            let places = std::iter::once(new.len() as u32).chain(new.iter().map(|&(place, ..)| place));
            for (room, place) in buffer.chunks_exact_mut(4).zip(places) {
                room.copy_from_slice(&place.to_le_bytes());
            }
            drop(buffer);
            let stopped = self
                .written(self.said(self.typed.flags_given()), |flags| {
                    for (&(_, id, expansion), &flags) in new.iter().zip(flags) {
                        if flags == FLAGS_FAILED {
                            return Some(expansion);
                        }
                        found.flags(id, flags);
                    }
                    None
                })
                .map_err(|error| (0, error))?;
            if let Some(at) = stopped {
                return Err((at, self.failure(self.typed.thrown())));
            }
        }
        failed.map_or(Ok(()), Err)
    }

    fn batch(&self) -> usize {
        64
    }

    fn start_flags(&self) -> Result<u8, FormatError> {
        let flags = self.start_flags.call0(&self.host).map_err(|thrown| self.failure(thrown))?;
        Ok(flags.as_f64().unwrap_or(0.0) as u8)
    }

    fn heuristic(&self, _id: u32, state: &[u8]) -> Result<u32, FormatError> {
        self.give(state);
        let h = self.said(self.typed.heuristic_given()).map_err(|thrown| self.failure(thrown))?;
        Ok(h.min(f64::from(u32::MAX)) as u32)
    }

    fn moves(&self, state: &[u8]) -> Result<Vec<Vec<u8>>, FormatError> {
        self.call_into("moves", &[state], keys)
    }

    fn apply(&self, state: &[u8], mv: &[u8]) -> Result<Option<Vec<u8>>, FormatError> {
        self.call_into("apply", &[state, mv], |bytes| keys(bytes).into_iter().next())
    }

    fn is_goal(&self, state: &[u8]) -> Result<bool, FormatError> {
        let value = self.call.call2(&self.host, &"is_goal".into(), &arguments(&[state]).into());
        Ok(value.map_err(|thrown| self.failure(thrown))?.as_bool() == Some(true))
    }

    fn text(&self, name: &str, value: &[u8]) -> Result<String, FormatError> {
        self.call_text(if name == "label" { "label" } else { "show" }, &[value])
    }

    fn shapes(&self, state: &[u8]) -> Result<Vec<Shape>, FormatError> {
        let json = self.text_of(self.shapes.call1(&self.host, &arguments(&[state]).into()))?;
        let list: Vec<serde_json::Value> = serde_json::from_str(&json).unwrap_or_default();
        Ok(list
            .iter()
            .map(|shape| Shape::read(|key| shape[key].as_f64(), |key| shape[key].as_str().map(str::to_string)))
            .collect())
    }
}
