//! The page's solver Workers: Worker 0 always, more while a search is shared among
//! them ([`super::split`]). A Worker is started when first needed, so a page that never counts
//! tilings loads one. Each Worker's messages reach the page with its number. A Worker that has
//! not posted Ready keeps its requests until it does (messages sent earlier are lost), and a
//! Worker that answers a ping is known to be idle: a search holds its thread until it ends.
//! Cancel ends Workers and starts fresh ones, since a running search reads no messages.
//! Tables a Worker builds come to the pool ([`Pool::share`]), which hands them to every other
//! Worker and to each started later, so they are built once a page (and a machine: IndexedDB).

use super::protocol::{Kept, Reply, Request};
#[cfg(feature = "js")]
use super::sandbox::{Heard, Sandbox};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Blob, BlobPropertyBag, ErrorEvent, MessageEvent, Url, Worker, WorkerOptions, WorkerType};

/// The Workers' loader (`www/worker_loader.js`), compiled in and started from a blob URL: a
/// Worker then needs nothing downloaded to start. As a file of its own, with a fixed name, it
/// had to be asked for again on every visit (fresh or not), a round trip between the page's
/// start and Ready.
const LOADER: &str = include_str!("../../www/worker_loader.js");

#[wasm_bindgen]
extern "C" {
    /// The URL of this module's JavaScript glue (`import.meta.url` where the glue runs).
    #[wasm_bindgen(thread_local_v2, js_namespace = ["import", "meta"], js_name = url)]
    static GLUE_URL: JsValue;
}

/// What the page does with a Worker's reply, and with a Worker that died (its number and the
/// error's message).
pub type OnReply = Rc<dyn Fn(usize, Reply)>;
pub type OnError = Rc<dyn Fn(usize, String)>;
/// What the page does with bytes a Worker built and kept: hand them to [`Pool::share`].
pub type OnKept = Rc<dyn Fn(usize, Kept)>;

pub struct Pool {
    /// Where the Workers run: in the page's origin, or in the sandbox (scripts in JavaScript).
    #[cfg(feature = "js")]
    sandbox: Option<Rc<Sandbox>>,
    /// In the sandbox: the text the Workers have been given. A Worker that ran one script never
    /// runs another (the realm it ran in is the script's), so a new text gets fresh Workers.
    #[cfg(feature = "js")]
    text: Option<String>,
    slots: Vec<Slot>,
    /// Workers ended while their callbacks may still be on the stack; dropped at the next start.
    retired: Vec<Slot>,
    on_reply: OnReply,
    on_error: OnError,
    on_kept: OnKept,
    /// Bytes the Workers built and kept (pattern tables), one per name: JavaScript arrays, never
    /// copied into the page's own memory.
    kept: Vec<Kept>,
    /// The loader's blob URL, made once a page.
    loader: String,
}

/// A URL for [`LOADER`]'s text.
fn loader_url() -> Result<String, JsValue> {
    let options = BlobPropertyBag::new();
    options.set_type("text/javascript");
    let blob = Blob::new_with_str_sequence_and_options(&js_sys::Array::of1(&LOADER.into()), &options)?;
    Url::create_object_url_with_blob(&blob)
}

/// A Worker of the pool: started by the page, or by the sandbox for the page.
enum Port {
    Page(Worker),
    #[cfg(feature = "js")]
    Sandbox(Rc<Sandbox>, usize),
}

impl Port {
    fn post(&self, message: &JsValue) -> bool {
        match self {
            Port::Page(worker) => worker.post_message(message).is_ok(),
            #[cfg(feature = "js")]
            Port::Sandbox(sandbox, index) => {
                sandbox.post(*index, message);
                true
            }
        }
    }

    fn terminate(&self) {
        match self {
            Port::Page(worker) => worker.terminate(),
            #[cfg(feature = "js")]
            Port::Sandbox(sandbox, index) => sandbox.end(*index),
        }
    }
}

/// What a Worker's message says: kept bytes go to `on_kept`, replies to `on_reply`.
fn deliver(index: usize, data: &JsValue, on_reply: &OnReply, on_kept: &OnKept) {
    if let Some(kept) = Kept::read(data) {
        return on_kept(index, kept);
    }
    match serde_wasm_bindgen::from_value::<Reply>(data.clone()) {
        Ok(reply) => on_reply(index, reply),
        Err(e) => web_sys::console::error_1(&format!("puzzlelab: unreadable message from Worker {index}: {e}").into()),
    }
}

/// The listeners of a Worker the page started: for its messages and for its failure.
type Listeners = (Closure<dyn FnMut(MessageEvent)>, Closure<dyn FnMut(ErrorEvent)>);

struct Slot {
    worker: Port,
    ready: bool,
    /// Answered a ping since it was last given work.
    idle: bool,
    /// Messages waiting for Ready.
    queued: Vec<JsValue>,
    /// Work requests sent so far. A ping carries the count and its Pong echoes it, so that a
    /// Pong answering a ping sent before more work (the next bound of a shared IDA*) is not
    /// taken to mean the Worker is idle.
    given: u32,
    /// A Worker of the page's own: its listeners.
    _listeners: Option<Listeners>,
}

impl Pool {
    /// A pool with Worker 0 started; Err when the browser cannot start a Worker.
    pub fn new(on_reply: OnReply, on_error: OnError, on_kept: OnKept) -> Result<Pool, JsValue> {
        let mut pool = Pool::new_unstarted(on_reply, on_error, on_kept, loader_url()?);
        pool.ensure(1)?;
        Ok(pool)
    }

    /// A pool of the page's own Workers, none started yet, whose loader is at `loader`.
    fn new_unstarted(on_reply: OnReply, on_error: OnError, on_kept: OnKept, loader: String) -> Pool {
        Pool {
            #[cfg(feature = "js")]
            sandbox: None,
            #[cfg(feature = "js")]
            text: None,
            slots: Vec::new(),
            retired: Vec::new(),
            on_reply,
            on_error,
            on_kept,
            kept: Vec::new(),
            loader,
        }
    }

    #[cfg(feature = "js")]
    /// A pool whose Workers run in the sandbox (`sandbox.rs`), for scripts in JavaScript: the
    /// full module's, whose glue is at `glue` (the first module leaves the searches of scripts
    /// out, so the first load stays as it was).
    pub fn sandboxed(on_reply: OnReply, on_error: OnError, on_kept: OnKept, glue: &str) -> Result<Pool, JsValue> {
        // A script's search keeps no tables: its Workers' replies are all the protocol's.
        let (heard_reply, heard_error) = (on_reply.clone(), on_error.clone());
        let listener = move |index: usize, heard: Heard| match heard {
            Heard::Message(bytes) => match Reply::from_bytes(&bytes) {
                Ok(reply) => heard_reply(index, reply),
                Err(e) => heard_error(index, format!("its reply could not be read ({e})")),
            },
            Heard::Died(message) => heard_error(index, message.chars().filter(|c| !c.is_control()).take(160).collect()),
        };
        let sandbox = Sandbox::open(listener, &JsValue::from_str(glue), LOADER)?;
        let mut pool = Pool::new_unstarted(on_reply, on_error, on_kept, String::new());
        pool.sandbox = Some(Rc::new(sandbox));
        pool.ensure(1)?;
        Ok(pool)
    }

    /// Whether the Workers run in the sandbox.
    #[cfg(feature = "js")]
    pub fn is_sandboxed(&self) -> bool {
        self.sandbox.is_some()
    }

    fn spawn(&self, index: usize) -> Result<Slot, JsValue> {
        #[cfg(feature = "js")]
        if let Some(sandbox) = &self.sandbox {
            sandbox.spawn(index)?;
            return Ok(Slot {
                worker: Port::Sandbox(sandbox.clone(), index),
                ready: false,
                idle: false,
                queued: Vec::new(),
                given: 0,
                _listeners: None,
            });
        }
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options(&self.loader, &options)?;
        // The page's own module, already compiled, and where its glue code is: the Worker runs
        // the same module (it posts Ready once it listens).
        let start = js_sys::Object::new();
        js_sys::Reflect::set(&start, &"glue".into(), &GLUE_URL.with(JsValue::clone))?;
        js_sys::Reflect::set(&start, &"module".into(), &wasm_bindgen::module())?;
        worker.post_message(&start)?;
        let (on_reply, on_kept) = (self.on_reply.clone(), self.on_kept.clone());
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            deliver(index, &event.data(), &on_reply, &on_kept)
        });
        let on_error = self.on_error.clone();
        let on_failure = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            event.prevent_default();
            on_error(index, event.message().chars().filter(|c| !c.is_control()).take(160).collect());
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_failure.as_ref().unchecked_ref()));
        Ok(Slot {
            worker: Port::Page(worker),
            ready: false,
            idle: false,
            queued: Vec::new(),
            given: 0,
            _listeners: Some((on_message, on_failure)),
        })
    }

    /// Starts Workers until there are `count`.
    pub fn ensure(&mut self, count: usize) -> Result<(), JsValue> {
        self.retired.clear();
        self.spawn_up_to(count)
    }

    fn spawn_up_to(&mut self, count: usize) -> Result<(), JsValue> {
        while self.slots.len() < count {
            let slot = self.fresh(self.slots.len())?;
            self.slots.push(slot);
        }
        Ok(())
    }

    /// A Worker started as number `index`, with the kept tables to be sent it once it is ready,
    /// before any work.
    fn fresh(&self, index: usize) -> Result<Slot, JsValue> {
        let mut slot = self.spawn(index)?;
        slot.queued.extend(self.kept.iter().map(Kept::message));
        Ok(slot)
    }

    /// Worker `from` built and kept these bytes: every other Worker gets a copy now (or once
    /// ready), and so does each Worker started later, which would otherwise build them again
    /// (where IndexedDB keeps nothing, after every restart).
    pub fn share(&mut self, from: usize, kept: Kept) {
        let message = kept.message();
        for (index, slot) in self.slots.iter_mut().enumerate() {
            if index != from {
                slot.post_when_ready(message.clone());
            }
        }
        self.kept.retain(|other| other.name != kept.name);
        self.kept.push(kept);
    }

    /// Ends the Workers past the first `count` (at least Worker 0 stays).
    pub fn shrink(&mut self, count: usize) {
        let ended = self.slots.split_off(count.max(1).min(self.slots.len()));
        for slot in &ended {
            slot.worker.terminate();
        }
        self.retired.extend(ended);
    }

    /// Ends every Worker (the page is handed to another module, which starts its own).
    pub fn end_all(&mut self) {
        for slot in self.slots.drain(..) {
            slot.worker.terminate();
            self.retired.push(slot);
        }
    }

    /// Ends every Worker and starts a fresh one in its place.
    pub fn restart_all(&mut self) -> Result<(), JsValue> {
        self.retired.clear();
        let count = self.slots.len();
        for slot in self.slots.drain(..) {
            slot.worker.terminate();
            self.retired.push(slot);
        }
        self.spawn_up_to(count)
    }

    /// Ends Worker `index` and starts a fresh one in its place; the others keep what they hold.
    pub fn restart(&mut self, index: usize) -> Result<(), JsValue> {
        let Some(slot) = self.slots.get_mut(index) else { return Ok(()) };
        slot.worker.terminate();
        let fresh = self.fresh(index)?;
        let ended = std::mem::replace(&mut self.slots[index], fresh);
        self.retired.push(ended);
        Ok(())
    }

    /// The Workers started.
    pub fn started(&self) -> usize {
        self.slots.len()
    }

    pub fn ready(&self, index: usize) -> bool {
        self.slots.get(index).is_some_and(|s| s.ready)
    }

    /// Sends `request` to Worker `index` now, or once it is ready; false when it cannot be sent.
    pub fn send(&mut self, index: usize, request: Request) -> bool {
        #[cfg(feature = "js")]
        if let (Some(_), Some(text)) = (&self.sandbox, request.text()) {
            if self.text.as_deref() != Some(text) {
                let fresh = self.text.is_none() || self.restart_all().is_ok();
                self.text = Some(text.to_string());
                if !fresh {
                    return false;
                }
            }
        }
        let Some(slot) = self.slots.get_mut(index) else { return false };
        if !matches!(request, Request::Ping { .. }) {
            slot.idle = false;
            slot.given = slot.given.wrapping_add(1);
        }
        serde_wasm_bindgen::to_value(&request).is_ok_and(|message| slot.post_when_ready(message))
    }

    /// Worker `index` posted Ready: what waited for it goes now, else a ping.
    pub fn on_ready(&mut self, index: usize) {
        let Some(slot) = self.slots.get_mut(index) else { return };
        slot.ready = true;
        for message in std::mem::take(&mut slot.queued) {
            slot.post_when_ready(message);
        }
        // Work given before Ready went with the rest; a Worker given none has nothing to run, so
        // it is idle now (no ping needed to tell).
        if slot.given == 0 {
            slot.idle = true;
        }
    }

    /// Asks Worker `index` whether it is idle (it answers Pong once no search holds it).
    pub fn ping(&mut self, index: usize) {
        let Some(given) = self.slots.get(index).map(|s| s.given) else { return };
        self.send(index, Request::Ping { job: given });
    }

    /// Worker `index` answered the ping sent after `given` work requests: idle, unless it has
    /// been given more since.
    pub fn on_pong(&mut self, index: usize, given: u32) {
        if let Some(slot) = self.slots.get_mut(index).filter(|s| s.given == given) {
            slot.idle = true;
        }
    }

    /// The Workers' state in a few words ("2 idle", "1 searching, 1 starting").
    pub fn state(&self) -> String {
        let count = |f: fn(&Slot) -> bool| self.slots.iter().filter(|s| f(s)).count();
        let parts = [
            (count(|s| !s.ready), "starting"),
            (count(|s| s.ready && !s.idle), "searching"),
            (count(|s| s.ready && s.idle), "idle"),
        ];
        parts.iter().filter(|(n, _)| *n > 0).map(|(n, what)| format!("{n} {what}")).collect::<Vec<_>>().join(", ")
    }
}

impl Slot {
    /// Posts `message` now, or keeps it until the Worker is ready; false when it cannot go.
    fn post_when_ready(&mut self, message: JsValue) -> bool {
        if !self.ready {
            self.queued.push(message);
            return true;
        }
        self.worker.post(&message)
    }
}
