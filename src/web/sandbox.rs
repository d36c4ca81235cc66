//! The sandbox: where scripts in JavaScript run (issues 46 and 60). A hidden iframe, sandboxed
//! with `allow-scripts` only, so its origin is opaque: no cookies, no storage of the app's, no DOM
//! of the page. Its policy (nothing fetched, nothing connected to) is both in its document
//! (`www/sandbox.html`) and in the iframe's `csp` attribute, which the browser enforces on any
//! document the frame is navigated to. The frame starts solver Workers for the page, each with a
//! private channel; each Worker loses every global that reaches out before anything runs, and
//! runs a script only in a compartment of its own (`families::script::js::web`). The page hands
//! the frame its module's bytes and glue once; after that only the solver's protocol crosses,
//! relayed by the frame ([`super::solver::Pool::sandboxed`]): requests as values, replies as bytes
//! of at most [`MAX_REPLY_BYTES`], checked by the frame and again here before they are read.
//!
//! Nothing the user wrote runs in the frame's document: a syntax check runs in a Worker of its own
//! whose first statement throws. A frame that loads a second document (navigated away) is thrown
//! away and its Workers are said to have died; so is a frame that stops answering
//! ([`discard`]): the next use makes a new one.

use super::protocol::MAX_REPLY_BYTES;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlIFrameElement, MessageEvent};

const DOCUMENT: &str = include_str!("../../www/sandbox.html");

/// The frame's policy, as its `csp` attribute: the same as its document's own (a test holds them
/// equal), which a document the frame is navigated to must then accept or not be shown.
pub const POLICY: &str =
    "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:; worker-src blob:";

/// What the frame tells the page about one of a pool's Workers: a reply's bytes, or that it died.
pub enum Heard {
    Message(Vec<u8>),
    Died(String),
}

/// Where the frame's news of a pool's Workers goes: the pool's number and the Worker's.
type Listener = Rc<dyn Fn(usize, Heard)>;
/// The page's listener for messages.
type OnMessage = Closure<dyn FnMut(MessageEvent)>;
/// What a syntax check found: None, or (line, column, message).
type Checked = Box<dyn FnOnce(Option<(usize, usize, String)>)>;

struct Frame {
    /// The frame's window, once its document listens.
    target: Option<web_sys::Window>,
    /// Messages for the frame until it listens.
    waiting: Vec<JsValue>,
    iframe: HtmlIFrameElement,
    _on_load: Closure<dyn FnMut()>,
    _started: Closure<dyn FnMut(JsValue)>,
}

thread_local! {
    static FRAME: RefCell<Option<Frame>> = const { RefCell::new(None) };
    /// The module the frame's Workers run (its glue's URL) and their loader: kept to make the
    /// frame again after one was thrown away.
    static MODULE: RefCell<Option<(JsValue, String)>> = const { RefCell::new(None) };
    static LISTENERS: RefCell<HashMap<u32, Listener>> = RefCell::new(HashMap::new());
    static CHECKS: RefCell<HashMap<u32, Checked>> = RefCell::new(HashMap::new());
    static NEXT: Cell<u32> = const { Cell::new(0) };
    /// The page's listener for the frame's messages, added once.
    static ON_MESSAGE: RefCell<Option<OnMessage>> = const { RefCell::new(None) };
}

fn next_number() -> u32 {
    NEXT.with(|n| {
        n.set(n.get() + 1);
        n.get()
    })
}

fn field(object: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(object, &name.into()).unwrap_or(JsValue::UNDEFINED)
}

fn object(pairs: &[(&str, JsValue)]) -> JsValue {
    let object = js_sys::Object::new();
    for (key, value) in pairs {
        let _ = js_sys::Reflect::set(&object, &(*key).into(), value);
    }
    object.into()
}

/// Reads the module's glue (text) and bytes from the browser's cache, where the page's own load
/// put them: wasm-bindgen names the bytes after the glue (`app-HASH.js`, `app-HASH_bg.wasm`).
const FETCH_MODULE: &str = "return Promise.all([\
    fetch(glue, { cache: 'force-cache' }).then((r) => r.text()),\
    fetch(glue.replace(/\\.js$/, '_bg.wasm'), { cache: 'force-cache' }).then((r) => r.arrayBuffer()),\
]);";

/// Makes the frame, unless it is there, for the module and loader [`Sandbox::open`] kept.
fn ensure() -> Result<(), JsValue> {
    if FRAME.with(|f| f.borrow().is_some()) {
        return Ok(());
    }
    let Some((glue, loader)) = MODULE.with(|m| m.borrow().clone()) else {
        return Err("no module for the sandbox".into());
    };
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    ON_MESSAGE.with(|listener| -> Result<(), JsValue> {
        let mut listener = listener.borrow_mut();
        if listener.is_none() {
            let on_message = OnMessage::new(|event: MessageEvent| heard(&event));
            window.add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())?;
            *listener = Some(on_message);
        }
        Ok(())
    })?;
    let iframe: HtmlIFrameElement = document.create_element("iframe")?.unchecked_into();
    iframe.set_attribute("sandbox", "allow-scripts")?;
    iframe.set_attribute("csp", POLICY)?;
    iframe.set_attribute("srcdoc", DOCUMENT)?;
    iframe.set_attribute("title", "sandbox for scripts")?;
    iframe.set_attribute("aria-hidden", "true")?;
    iframe.set_attribute("tabindex", "-1")?;
    iframe.set_hidden(true);
    // The page wrote one document, the frame's first; a second is one the frame was navigated
    // to, which the page neither wrote nor talks to.
    let loads = Cell::new(0);
    let frame_element = iframe.clone();
    let on_load = Closure::<dyn FnMut()>::new(move || {
        loads.set(loads.get() + 1);
        let ours = FRAME.with(|f| f.borrow().as_ref().is_some_and(|f| f.iframe == frame_element));
        if loads.get() > 1 && ours {
            navigated();
        }
    });
    iframe.set_onload(Some(on_load.as_ref().unchecked_ref()));
    document.body().ok_or("no body")?.append_child(&iframe)?;
    let started = Closure::<dyn FnMut(JsValue)>::new(move |module: JsValue| {
        let part = |i: u32| js_sys::Reflect::get(&module, &i.into()).unwrap_or(JsValue::UNDEFINED);
        post(object(&[
            ("kind", "start".into()),
            ("glue", part(0)),
            ("wasm", part(1)),
            ("loader", loader.as_str().into()),
        ]));
    });
    let fetch = js_sys::Function::new_with_args("glue", FETCH_MODULE);
    let promise: js_sys::Promise = fetch.call1(&JsValue::NULL, &glue)?.unchecked_into();
    let _ = promise.then(&started);
    FRAME.with(|f| {
        *f.borrow_mut() =
            Some(Frame { target: None, waiting: Vec::new(), iframe, _on_load: on_load, _started: started })
    });
    Ok(())
}

/// Throws the frame away, with its Workers and the syntax checks it was doing: the next use makes
/// a new one. For a frame that stopped answering (its process died, or something in it spins).
pub fn discard() {
    if let Some(frame) = FRAME.with(|f| f.borrow_mut().take()) {
        frame.iframe.remove();
    }
    CHECKS.with(|c| c.borrow_mut().clear());
}

/// The frame loaded a document the page did not write: it is thrown away, and every pool hears
/// that its Workers died (each then starts fresh ones, in a new frame).
fn navigated() {
    discard();
    let listeners: Vec<Listener> = LISTENERS.with(|l| l.borrow().values().cloned().collect());
    for listener in listeners {
        listener(0, Heard::Died("the sandbox's frame was navigated away, so it was rebuilt".to_string()));
    }
}

/// A message from the frame (any other window's is ignored).
fn heard(event: &MessageEvent) {
    let data = event.data();
    let from_frame = FRAME.with(|f| {
        let frame = f.borrow();
        let Some(frame) = frame.as_ref() else { return false };
        let content = frame.iframe.content_window();
        let source = event.source().map(JsValue::from);
        content.is_some_and(|content| source.is_some_and(|source| JsValue::from(content) == source))
    });
    if !from_frame {
        return;
    }
    let number = |name: &str| field(&data, name).as_f64().unwrap_or(-1.0);
    match field(&data, "kind").as_string().as_deref() {
        Some("listening") => FRAME.with(|f| {
            let mut frame = f.borrow_mut();
            let Some(frame) = frame.as_mut() else { return };
            let target = frame.iframe.content_window();
            for message in frame.waiting.drain(..) {
                if let Some(target) = &target {
                    let _ = target.post_message(&message, "*");
                }
            }
            frame.target = target;
        }),
        Some(kind @ ("reply" | "failed")) => {
            let (pool, worker) = (number("pool"), number("worker"));
            let listener = LISTENERS.with(|l| l.borrow().get(&(pool as u32)).cloned());
            if let Some(listener) = listener.filter(|_| pool >= 0.0 && worker >= 0.0) {
                let heard = if kind == "reply" {
                    match reply_bytes(&field(&data, "bytes")) {
                        Ok(bytes) => Heard::Message(bytes),
                        Err(said) => Heard::Died(said),
                    }
                } else {
                    Heard::Died(field(&data, "message").as_string().unwrap_or_default())
                };
                listener(worker as usize, heard);
            }
        }
        Some("checked") => {
            let id = number("id") as u32;
            let check = CHECKS.with(|c| c.borrow_mut().remove(&id));
            let error = field(&data, "error");
            let said = (!error.is_null() && !error.is_undefined()).then(|| {
                let at = |name: &str| field(&error, name).as_f64().unwrap_or(1.0).max(1.0) as usize;
                let message = field(&error, "message").as_string().unwrap_or_default();
                (at("line"), at("column"), message.chars().take(300).collect())
            });
            if let Some(check) = check {
                check(said);
            }
        }
        _ => {}
    }
}

/// A reply's bytes, copied into this module's memory only once their size is known to be
/// within [`MAX_REPLY_BYTES`].
fn reply_bytes(bytes: &JsValue) -> Result<Vec<u8>, String> {
    let bytes: &js_sys::Uint8Array =
        bytes.dyn_ref().ok_or("the solver's Worker sent something other than its protocol")?;
    let length = bytes.byte_length() as usize;
    if length > MAX_REPLY_BYTES {
        return Err(format!(
            "the solver's Worker sent a message of {:.1} MB; at most {} MB may cross",
            length as f64 / 1_048_576.0,
            MAX_REPLY_BYTES >> 20
        ));
    }
    Ok(bytes.to_vec())
}

/// Posts `message` to the frame, now or once it listens.
fn post(message: JsValue) {
    FRAME.with(|f| {
        let mut frame = f.borrow_mut();
        let Some(frame) = frame.as_mut() else { return };
        match &frame.target {
            Some(target) => {
                let _ = target.post_message(&message, "*");
            }
            None => frame.waiting.push(message),
        }
    });
}

/// The page's sandbox, for a pool of Workers started in it.
pub struct Sandbox {
    pool: u32,
}

impl Sandbox {
    /// A pool's place in the sandbox (made on first use, with the module whose glue is at
    /// `glue` and the Workers' `loader`): what its Workers say goes to `listener`.
    pub fn open(listener: impl Fn(usize, Heard) + 'static, glue: &JsValue, loader: &str) -> Result<Sandbox, JsValue> {
        MODULE.with(|m| *m.borrow_mut() = Some((glue.clone(), loader.to_string())));
        ensure()?;
        let pool = next_number();
        LISTENERS.with(|l| l.borrow_mut().insert(pool, Rc::new(listener)));
        Ok(Sandbox { pool })
    }

    fn send(&self, kind: &str, worker: usize, message: Option<&JsValue>) {
        let mut pairs =
            vec![("kind", JsValue::from(kind)), ("pool", self.pool.into()), ("worker", (worker as u32).into())];
        if let Some(message) = message {
            pairs.push(("message", message.clone()));
        }
        post(object(&pairs));
    }

    /// Starts Worker `worker` (in a new frame, if the last was thrown away).
    pub fn spawn(&self, worker: usize) -> Result<(), JsValue> {
        ensure()?;
        self.send("spawn", worker, None);
        Ok(())
    }

    pub fn post(&self, worker: usize, message: &JsValue) {
        self.send("post", worker, Some(message));
    }

    pub fn end(&self, worker: usize) {
        self.send("end", worker, None);
    }
}

impl Drop for Sandbox {
    /// What this pool's Workers still say is not heard.
    fn drop(&mut self) {
        LISTENERS.with(|l| l.borrow_mut().remove(&self.pool));
    }
}

/// Has a Worker of the frame parse `source` without running it; `then` gets the syntax error
/// found, if any (its line and column in `source`). Does nothing before the frame is made.
pub fn check_syntax(source: &str, then: impl FnOnce(Option<(usize, usize, String)>) + 'static) {
    if FRAME.with(|f| f.borrow().is_none()) && ensure().is_err() {
        return;
    }
    let id = next_number();
    CHECKS.with(|c| c.borrow_mut().insert(id, Box::new(then)));
    post(object(&[("kind", "check".into()), ("id", id.into()), ("source", source.into())]));
}
