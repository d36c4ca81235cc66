//! The solver worker: a message loop around the engine. It reads what earlier visits kept
//! (IndexedDB, `kept.rs`), then posts `Ready` once listening, runs one job at a time, posts
//! progress at most every 100 ms, and after each job writes what it kept. Cancel is the page
//! ending the worker.

use super::protocol::{handle, Reply, Request};
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
        let mut post = |reply: Reply| post(&replies, &reply);
        match serde_wasm_bindgen::from_value::<Request>(event.data()) {
            Ok(request) => handle(request, 100.0, &js_sys::Date::now, &super::canvas::frame, &mut post),
            Err(e) => post(Reply::Failed { job: 0, error: FormatError::general(format!("the page sent a message the worker does not understand: {e}")) }),
        }
        if let Some(database) = &database {
            super::kept::save(database);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    post(&scope, &Reply::Ready);
}

fn post(scope: &DedicatedWorkerGlobalScope, reply: &Reply) {
    match serde_wasm_bindgen::to_value(reply) {
        Ok(value) => {
            let _ = scope.post_message(&value);
        }
        Err(e) => web_sys::console::error_1(&format!("puzzlelab worker: cannot send a reply: {e}").into()),
    }
}
