//! The solver worker: a message loop around the engine. It reads what earlier visits kept
//! (IndexedDB, `kept.rs`), then posts `Ready` once listening, runs one job at a time, posts
//! progress at most every 100 ms, and hands what a job keeps (built tables) to IndexedDB and to
//! the page as soon as it is made, for the other Workers. Cancel is the page ending the worker.

use super::protocol::{handle, Kept, Reply, Request};
use crate::families::FormatError;
use wasm_bindgen::prelude::*;
#[cfg(feature = "js")]
use web_sys::MessagePort;
use web_sys::{DedicatedWorkerGlobalScope, IdbDatabase, MessageEvent};

pub fn start() {
    console_error_panic_hook::set_once();
    #[cfg(feature = "js")]
    if let Some(port) = sandbox_port() {
        return listen_on(Channel::Port(port), None);
    }
    super::kept::open_and_preload(listen);
}

/// In a Worker the sandbox started: its private channel, taken off the global where the loader
/// left it before any script could look for it, once the realm is locked down. (The first
/// module runs no sandboxed Worker: this and the bytes of `Reply::to_bytes` are the full
/// module's only, and the first load does not carry them.)
#[cfg(feature = "js")]
fn sandbox_port() -> Option<MessagePort> {
    let scope = js_sys::global();
    let port = js_sys::Reflect::get(&scope, &"puzzlelabPort".into()).ok()?.dyn_into::<MessagePort>().ok()?;
    let _ = js_sys::Reflect::delete_property(scope.unchecked_ref::<js_sys::Object>(), &"puzzlelabPort".into());
    if let Err(error) = crate::families::script::js::web::lock_down() {
        // Nothing is answered: the page hears this Worker died and says why.
        wasm_bindgen::throw_str(&format!("the sandbox could not lock its Worker down: {}", error.message));
    }
    Some(port)
}

/// Where a Worker's requests come from and its replies go.
enum Channel {
    /// The Worker's own global: a Worker of the page's.
    Scope(DedicatedWorkerGlobalScope),
    /// A private channel from the sandbox's frame.
    #[cfg(feature = "js")]
    Port(MessagePort),
}

impl Channel {
    /// The Worker's own global, where it answers there (and keeps tables: a sandboxed Worker
    /// keeps none).
    fn scope(&self) -> Option<&DedicatedWorkerGlobalScope> {
        match self {
            Channel::Scope(scope) => Some(scope),
            #[cfg(feature = "js")]
            Channel::Port(_) => None,
        }
    }

    fn post(&self, reply: &Reply) {
        match self {
            Channel::Scope(scope) => post(scope, reply),
            #[cfg(feature = "js")]
            Channel::Port(port) => {
                let bytes = js_sys::Uint8Array::from(reply.to_bytes().as_slice());
                if let Err(e) = port.post_message_with_transferable(&bytes, &js_sys::Array::of1(&bytes.buffer())) {
                    web_sys::console::error_1(&format!("puzzlelab worker: cannot send a reply: {e:?}").into());
                }
            }
        }
    }
}

fn listen(database: Option<IdbDatabase>) {
    listen_on(Channel::Scope(js_sys::global().unchecked_into()), database);
}

fn listen_on(channel: Channel, database: Option<IdbDatabase>) {
    let channel = std::rc::Rc::new(channel);
    let replies = channel.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if Kept::receive(&event.data()) {
            return;
        }
        // What a job keeps goes out before its next reply (every request ends with one): the
        // page can hand built tables to the other Workers while this one still searches.
        let mut post = |reply: Reply| {
            if let Some(scope) = replies.scope() {
                share_kept(scope, database.as_ref());
            }
            replies.post(&reply);
        };
        match serde_wasm_bindgen::from_value::<Request>(event.data()) {
            Ok(request) => handle(request, 100.0, &js_sys::Date::now, &super::canvas::frame, &mut post),
            Err(e) => post(Reply::Failed {
                job: 0,
                error: FormatError::general(format!("the page sent a message the worker does not understand: {e}")),
            }),
        }
    });
    match channel.as_ref() {
        Channel::Scope(scope) => scope.set_onmessage(Some(on_message.as_ref().unchecked_ref())),
        #[cfg(feature = "js")]
        Channel::Port(port) => port.set_onmessage(Some(on_message.as_ref().unchecked_ref())),
    }
    on_message.forget();
    channel.post(&Reply::Ready);
}

/// Writes what was kept since the last call to IndexedDB, and posts it to the page ([`Kept`]),
/// the buffer transferred rather than copied.
fn share_kept(scope: &DedicatedWorkerGlobalScope, database: Option<&IdbDatabase>) {
    for (name, bytes) in crate::keep::take_unsaved() {
        let bytes = js_sys::Uint8Array::from(bytes.as_slice());
        if let Some(database) = database {
            super::kept::save(database, &name, &bytes);
        }
        let transfer = js_sys::Array::of1(&bytes.buffer());
        if let Err(e) = scope.post_message_with_transfer(&Kept { name, bytes }.message(), &transfer) {
            web_sys::console::error_1(&format!("puzzlelab worker: cannot send kept bytes: {e:?}").into());
        }
    }
}

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    match serde_wasm_bindgen::to_value(reply) {
        Ok(value) => {
            let _ = scope.post_message(&value);
        }
        Err(e) => web_sys::console::error_1(&format!("puzzlelab worker: cannot send a reply: {e}").into()),
    }
}
