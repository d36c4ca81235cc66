//! The solver worker: a message loop around the engine. It reads what earlier visits kept
//! (IndexedDB, `kept.rs`), then posts `Ready` once listening, runs one job at a time, posts
//! progress at most every 100 ms, and hands what a job keeps (built tables) to IndexedDB and to
//! the page as soon as it is made, for the other Workers. Cancel is the page ending the worker.

use super::protocol::{handle, Kept, Reply, Request};
use crate::families::FormatError;
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, IdbDatabase, MessageEvent};

pub fn start() {
    console_error_panic_hook::set_once();
    super::kept::open_and_preload(listen);
}

fn listen(database: Option<IdbDatabase>) {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let replies = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
        if Kept::receive(&event.data()) {
            return;
        }
        // What a job keeps goes out before its next reply (every request ends with one): the
        // page can hand built tables to the other Workers while this one still searches.
        let mut post = |reply: Reply| {
            share_kept(&replies, database.as_ref());
            post(&replies, &reply);
        };
        match serde_wasm_bindgen::from_value::<Request>(event.data()) {
            Ok(request) => handle(request, 100.0, &js_sys::Date::now, &super::canvas::frame, &mut post),
            Err(e) => post(Reply::Failed {
                job: 0,
                error: FormatError::general(format!("the page sent a message the worker does not understand: {e}")),
            }),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, &Reply::Ready);
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
