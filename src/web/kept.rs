//! The Worker's side of [`crate::keep`] in the page: IndexedDB database `puzzlelab`, object store
//! `kept`, one entry (a `Uint8Array`) per name. Every call degrades to doing nothing when
//! IndexedDB is missing or refuses (private windows, full disks): kept bytes only save time.

use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{IdbDatabase, IdbRequest, IdbTransactionMode, WorkerGlobalScope};

const DATABASE: &str = "puzzlelab";
const STORE: &str = "kept";

/// Opens the database and reads every entry into [`crate::keep::preload`], then calls `done`
/// with the database (None when there is none to write to later). `done` is called exactly once.
pub fn open_and_preload(done: impl FnOnce(Option<IdbDatabase>) + 'static) {
    let done = once(done);
    let factory = js_sys::global().unchecked_into::<WorkerGlobalScope>().indexed_db().ok().flatten();
    let Some(request) = factory.and_then(|f| f.open_with_u32(DATABASE, 1).ok()) else {
        return done(None);
    };
    let upgrading = request.clone();
    on_event(&request, "upgradeneeded", move || {
        if let Ok(database) = upgrading.result().and_then(|r| r.dyn_into::<IdbDatabase>()) {
            let _ = database.create_object_store(STORE);
        }
    });
    let opened = request.clone();
    let on_error = done.clone();
    on_event(&request, "error", move || on_error(None));
    on_event(&request, "success", move || match opened.result().and_then(|r| r.dyn_into::<IdbDatabase>()) {
        Ok(database) => preload(database, done.clone()),
        Err(_) => done(None),
    });
}

fn preload(database: IdbDatabase, done: Rc<dyn Fn(Option<IdbDatabase>)>) {
    let store = database.transaction_with_str(STORE).and_then(|t| t.object_store(STORE));
    let requests = store.and_then(|s| Ok((s.get_all_keys()?, s.get_all()?)));
    let Ok((keys, values)) = requests else { return done(Some(database)) };
    let read = values.clone();
    let on_error = done.clone();
    let kept = database.clone();
    on_event(&values, "error", move || on_error(Some(kept.clone())));
    on_event(&values, "success", move || {
        // Requests of one transaction finish in order: the keys are there when the values are.
        if let (Ok(keys), Ok(values)) = (keys.result(), read.result()) {
            let keys = js_sys::Array::from(&keys);
            let values = js_sys::Array::from(&values);
            let entries = keys
                .iter()
                .zip(values.iter())
                .filter_map(|(key, value)| {
                    Some((key.as_string()?, value.dyn_into::<js_sys::Uint8Array>().ok()?.to_vec()))
                })
                .collect();
            crate::keep::preload(entries);
        }
        done(Some(database.clone()));
    });
}

/// Writes `bytes` under `name` (IndexedDB clones them at once: the caller may then transfer
/// their buffer).
pub fn save(database: &IdbDatabase, name: &str, bytes: &js_sys::Uint8Array) {
    let store = database
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .and_then(|t| t.object_store(STORE));
    if let Ok(store) = store {
        let _ = store.put_with_key(bytes, &JsValue::from_str(name));
    }
}

/// Runs `handler` each time `request` fires `event`, for as long as the request lives.
fn on_event(request: &IdbRequest, event: &str, handler: impl FnMut() + 'static) {
    let closure = Closure::<dyn FnMut()>::new(handler);
    let _ = request.add_event_listener_with_callback(event, closure.as_ref().unchecked_ref());
    // The request fires its events once; the closure is small and lives as long as the Worker.
    closure.forget();
}

/// `f` callable through clones, running only the first time.
fn once<T: 'static>(f: impl FnOnce(T) + 'static) -> Rc<dyn Fn(T)> {
    let slot = RefCell::new(Some(f));
    Rc::new(move |value| {
        if let Some(f) = slot.borrow_mut().take() {
            f(value);
        }
    })
}
