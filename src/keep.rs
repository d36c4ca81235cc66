//! Bytes kept from one run to the next under a name (built heuristic tables), so work that takes
//! seconds is done once per machine, not once per run.
//!
//! Natively they are files in the user's cache folder (`$XDG_CACHE_HOME/puzzlelab` or
//! `~/.cache/puzzlelab`; `PUZZLELAB_CACHE=off` turns it off). In the page they live in IndexedDB,
//! which only answers asynchronously while a solve runs synchronously in the Worker: so the Worker
//! reads every kept entry before it says it is ready (`preload`, in the page), and writes what a job kept
//! as soon as it is made (`take_unsaved`, before the job's next reply), handing it to the page too
//! for the other Workers, whose copies are read like IndexedDB's (`preload`). Readers check what
//! they read: a name's bytes may be from another version.

#[cfg(not(target_arch = "wasm32"))]
mod store {
    use std::path::PathBuf;

    fn folder() -> Option<PathBuf> {
        if std::env::var("PUZZLELAB_CACHE").is_ok_and(|v| v == "off") {
            return None;
        }
        let base = std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
        Some(base.join("puzzlelab"))
    }

    pub fn read(name: &str) -> Option<Vec<u8>> {
        std::fs::read(folder()?.join(name)).ok()
    }

    /// Whether something is kept under `name` (without reading it).
    pub fn has(name: &str) -> bool {
        folder().is_some_and(|folder| folder.join(name).is_file())
    }

    pub fn write(name: &str, bytes: Vec<u8>) {
        let Some(folder) = folder() else { return };
        if std::fs::create_dir_all(&folder).is_err() {
            return;
        }
        // Written under a temporary name and renamed, so a reader never sees half a file.
        let temporary = folder.join(format!("{name}.{}.part", std::process::id()));
        if std::fs::write(&temporary, bytes).is_ok() {
            let _ = std::fs::rename(&temporary, folder.join(name));
        }
    }
}

#[cfg(target_arch = "wasm32")]
mod store {
    use std::collections::HashMap;
    use std::sync::Mutex;

    /// Entries read from IndexedDB when the Worker started, until a reader takes them.
    static PRELOADED: Mutex<Option<HashMap<String, Vec<u8>>>> = Mutex::new(None);
    /// Entries kept during a job, for the Worker to write to IndexedDB after it.
    static UNSAVED: Mutex<Vec<(String, Vec<u8>)>> = Mutex::new(Vec::new());

    /// Taken, not copied: the reader turns the bytes into its own tables, and a second copy of
    /// megabytes would only sit in the Worker's memory.
    pub fn read(name: &str) -> Option<Vec<u8>> {
        PRELOADED.lock().ok()?.as_mut()?.remove(name)
    }

    /// Whether something is kept under `name` for a reader to take.
    pub fn has(name: &str) -> bool {
        PRELOADED.lock().is_ok_and(|preloaded| preloaded.as_ref().is_some_and(|entries| entries.contains_key(name)))
    }

    pub fn write(name: &str, bytes: Vec<u8>) {
        if let Ok(mut unsaved) = UNSAVED.lock() {
            unsaved.push((name.to_string(), bytes));
        }
    }

    /// What the Worker read from IndexedDB at start, or was sent by the page (another Worker's).
    pub fn preload(entries: Vec<(String, Vec<u8>)>) {
        if let Ok(mut preloaded) = PRELOADED.lock() {
            preloaded.get_or_insert_with(HashMap::new).extend(entries);
        }
    }

    /// What was kept since the last call, to write to IndexedDB.
    pub fn take_unsaved() -> Vec<(String, Vec<u8>)> {
        UNSAVED.lock().map(|mut unsaved| std::mem::take(&mut *unsaved)).unwrap_or_default()
    }
}

pub use store::*;
