//! The page's solver Workers (issue 13): Worker 0 always, more while a search is shared among
//! them ([`super::split`]). A Worker is started when first needed, so a page that never counts
//! tilings loads one. Each Worker's messages reach the page with its number. A Worker that has
//! not posted Ready keeps its requests until it does (messages sent earlier are lost), and a
//! Worker that answers a ping is known to be idle: a search holds its thread until it ends.
//! Cancel ends Workers and starts fresh ones, since a running search reads no messages.

use super::protocol::{Reply, Request};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker, WorkerOptions, WorkerType};

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

pub struct Pool {
    slots: Vec<Slot>,
    /// Workers ended while their callbacks may still be on the stack; dropped at the next start.
    retired: Vec<Slot>,
    on_reply: OnReply,
    on_error: OnError,
}

struct Slot {
    worker: Worker,
    ready: bool,
    /// Answered a ping since it was last given work.
    idle: bool,
    /// Requests waiting for Ready.
    queued: Vec<Request>,
    /// Work requests sent so far. A ping carries the count and its Pong echoes it, so that a
    /// Pong answering a ping sent before more work (the next bound of a shared IDA*) is not
    /// taken to mean the Worker is idle.
    given: u32,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Pool {
    /// A pool with Worker 0 started; Err when the browser cannot start a Worker.
    pub fn new(on_reply: OnReply, on_error: OnError) -> Result<Pool, JsValue> {
        let mut pool = Pool { slots: Vec::new(), retired: Vec::new(), on_reply, on_error };
        pool.ensure(1)?;
        Ok(pool)
    }

    fn spawn(&self, index: usize) -> Result<Slot, JsValue> {
        let options = WorkerOptions::new();
        options.set_type(WorkerType::Module);
        let worker = Worker::new_with_options("./worker_loader.js", &options)?;
        // The page's own module, already compiled, and where its glue code is: the Worker runs
        // the same module (it posts Ready once it listens).
        let start = js_sys::Object::new();
        js_sys::Reflect::set(&start, &"glue".into(), &GLUE_URL.with(JsValue::clone))?;
        js_sys::Reflect::set(&start, &"module".into(), &wasm_bindgen::module())?;
        worker.post_message(&start)?;
        let on_reply = self.on_reply.clone();
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| match serde_wasm_bindgen::from_value::<Reply>(event.data()) {
            Ok(reply) => on_reply(index, reply),
            Err(e) => web_sys::console::error_1(&format!("puzzlelab: unreadable message from Worker {index}: {e}").into()),
        });
        let on_error = self.on_error.clone();
        let on_failure = Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
            event.prevent_default();
            on_error(index, event.message().chars().filter(|c| !c.is_control()).take(160).collect());
        });
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_failure.as_ref().unchecked_ref()));
        Ok(Slot { worker, ready: false, idle: false, queued: Vec::new(), given: 0, _on_message: on_message, _on_error: on_failure })
    }

    /// Starts Workers until there are `count`.
    pub fn ensure(&mut self, count: usize) -> Result<(), JsValue> {
        self.retired.clear();
        self.spawn_up_to(count)
    }

    fn spawn_up_to(&mut self, count: usize) -> Result<(), JsValue> {
        while self.slots.len() < count {
            let slot = self.spawn(self.slots.len())?;
            self.slots.push(slot);
        }
        Ok(())
    }

    /// Ends the Workers past the first `count` (at least Worker 0 stays).
    pub fn shrink(&mut self, count: usize) {
        let ended = self.slots.split_off(count.max(1).min(self.slots.len()));
        for slot in &ended {
            slot.worker.terminate();
        }
        self.retired.extend(ended);
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

    /// The Workers started.
    pub fn started(&self) -> usize {
        self.slots.len()
    }

    pub fn ready(&self, index: usize) -> bool {
        self.slots.get(index).is_some_and(|s| s.ready)
    }

    /// Sends `request` to Worker `index` now, or once it is ready; false when it cannot be sent.
    pub fn send(&mut self, index: usize, request: Request) -> bool {
        let Some(slot) = self.slots.get_mut(index) else { return false };
        if !matches!(request, Request::Ping { .. }) {
            slot.idle = false;
            slot.given = slot.given.wrapping_add(1);
        }
        if !slot.ready {
            slot.queued.push(request);
            return true;
        }
        post(&slot.worker, &request)
    }

    /// Worker `index` posted Ready: what waited for it goes now, else a ping.
    pub fn on_ready(&mut self, index: usize) {
        let Some(slot) = self.slots.get_mut(index) else { return };
        slot.ready = true;
        let mut queued = std::mem::take(&mut slot.queued);
        if queued.is_empty() {
            queued.push(Request::Ping { job: slot.given });
        }
        for request in queued {
            post(&slot.worker, &request);
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

fn post(worker: &Worker, request: &Request) -> bool {
    serde_wasm_bindgen::to_value(request).is_ok_and(|message| worker.post_message(&message).is_ok())
}
