//! The sandbox: where scripts in JavaScript run (issue 46). A hidden iframe, sandboxed with
//! `allow-scripts` only, so its origin is opaque: no cookies, no storage of the app's, no DOM of
//! the page. Its document (`www/sandbox.html`) carries its own Content Security Policy (nothing
//! fetched, nothing connected to) and starts solver Workers for the page, which inherit both;
//! each Worker also loses every global that reaches out before any script runs. The page hands
//! the frame its module's bytes and glue once; after that only the solver's protocol crosses,
//! relayed by the frame ([`super::solver::Pool::sandboxed`]).
//!
//! The frame also checks a script's syntax the one way the browser places a syntax error: as a
//! script element, parsed but never run.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{HtmlIFrameElement, MessageEvent};

const DOCUMENT: &str = include_str!("../../www/sandbox.html");

/// What the frame tells the page about one of a pool's Workers: its message, or that it died.
pub enum Heard {
    Message(JsValue),
    Died(String),
}

/// Where the frame's news of a pool's Workers goes: the pool's number and the Worker's.
type Listener = Rc<dyn Fn(usize, Heard)>;
/// What a syntax check found: None, or (line, column, message).
type Checked = Box<dyn FnOnce(Option<(usize, usize, String)>)>;

struct Frame {
    /// The frame's window, once its document listens.
    target: Option<web_sys::Window>,
    /// Messages for the frame until it listens.
    waiting: Vec<JsValue>,
    listeners: HashMap<u32, Listener>,
    checks: HashMap<u32, Checked>,
    next: u32,
    iframe: HtmlIFrameElement,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _started: Closure<dyn FnMut(JsValue)>,
}

thread_local! {
    static FRAME: RefCell<Option<Frame>> = const { RefCell::new(None) };
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

/// Makes the frame, unless it is there, and hands it the module whose glue is at `glue` and
/// the Workers' `loader`.
fn ensure(glue: &JsValue, loader: &str) -> Result<(), JsValue> {
    if FRAME.with(|f| f.borrow().is_some()) {
        return Ok(());
    }
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let iframe: HtmlIFrameElement = document.create_element("iframe")?.unchecked_into();
    iframe.set_attribute("sandbox", "allow-scripts")?;
    iframe.set_attribute("srcdoc", DOCUMENT)?;
    iframe.set_attribute("title", "sandbox for scripts")?;
    iframe.set_attribute("aria-hidden", "true")?;
    iframe.set_attribute("tabindex", "-1")?;
    iframe.set_hidden(true);
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(|event: MessageEvent| heard(&event));
    window.add_event_listener_with_callback("message", on_message.as_ref().unchecked_ref())?;
    document.body().ok_or("no body")?.append_child(&iframe)?;
    let loader = loader.to_string();
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
    let promise: js_sys::Promise = fetch.call1(&JsValue::NULL, glue)?.unchecked_into();
    let _ = promise.then(&started);
    FRAME.with(|f| {
        *f.borrow_mut() = Some(Frame {
            target: None,
            waiting: Vec::new(),
            listeners: HashMap::new(),
            checks: HashMap::new(),
            next: 0,
            iframe,
            _on_message: on_message,
            _started: started,
        })
    });
    Ok(())
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
            let listener = FRAME.with(|f| f.borrow().as_ref().and_then(|f| f.listeners.get(&(pool as u32)).cloned()));
            if let Some(listener) = listener.filter(|_| pool >= 0.0 && worker >= 0.0) {
                let heard = if kind == "reply" {
                    Heard::Message(field(&data, "message"))
                } else {
                    Heard::Died(field(&data, "message").as_string().unwrap_or_default())
                };
                listener(worker as usize, heard);
            }
        }
        Some("checked") => {
            let id = number("id") as u32;
            let check = FRAME.with(|f| f.borrow_mut().as_mut().and_then(|f| f.checks.remove(&id)));
            let error = field(&data, "error");
            let said = (!error.is_null() && !error.is_undefined()).then(|| {
                let at = |name: &str| field(&error, name).as_f64().unwrap_or(1.0).max(1.0) as usize;
                (at("line"), at("column"), field(&error, "message").as_string().unwrap_or_default())
            });
            if let Some(check) = check {
                check(said);
            }
        }
        _ => {}
    }
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
        ensure(glue, loader)?;
        let pool = FRAME.with(|f| {
            let mut frame = f.borrow_mut();
            let frame = frame.as_mut().expect("made above");
            frame.next += 1;
            frame.listeners.insert(frame.next, Rc::new(listener));
            frame.next
        });
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

    pub fn spawn(&self, worker: usize) {
        self.send("spawn", worker, None);
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
        FRAME.with(|f| {
            if let Some(frame) = f.borrow_mut().as_mut() {
                frame.listeners.remove(&self.pool);
            }
        });
    }
}

/// Has the frame parse `source` without running it; `then` gets the syntax error found, if
/// any (its line and column in `source`). Does nothing before the frame is made.
pub fn check_syntax(source: &str, then: impl FnOnce(Option<(usize, usize, String)>) + 'static) {
    let id = FRAME.with(|f| {
        let mut frame = f.borrow_mut();
        let frame = frame.as_mut()?;
        frame.next += 1;
        frame.checks.insert(frame.next, Box::new(then));
        Some(frame.next)
    });
    if let Some(id) = id {
        post(object(&[("kind", "check".into()), ("id", id.into()), ("source", source.into())]));
    }
}
