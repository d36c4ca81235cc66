//! Bytes kept from one run to the next under a name (built heuristic tables), so work that takes
//! seconds is done once per machine, not once per run.
//!
//! Natively they are files in the user's cache folder (`$XDG_CACHE_HOME/puzzlelab` or
//! `~/.cache/puzzlelab`; `PUZZLELAB_CACHE=off` turns it off). In the page they live in IndexedDB,
//! which only answers asynchronously while a solve runs synchronously in the Worker: so the Worker
//! reads every kept entry before it says it is ready (`preload`, in the page), and writes what a job kept
//! as soon as it is made (`take_unsaved`, before the job's next reply), handing it to the page too
//! for the other Workers, whose copies are read like IndexedDB's (`preload`).
//!
//! Every entry is kept sealed: its bytes, their CRC-32 and a tag ([`seal`]). A reader is given an
//! entry's bytes only when the seal holds, so a file cut short by a crash, damaged on disk or
//! edited reads as nothing kept and the table is built again, never trusted (a damaged pattern
//! table once made the 8-puzzle's "optimal" answer 47 moves where 31 is shortest). Readers still
//! check what they read: a name's bytes may be from another version.

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

pub use store::has;
#[cfg(target_arch = "wasm32")]
pub use store::{preload, take_unsaved};

/// What ends every sealed entry: the CRC-32 of the bytes before it (little-endian), then this.
const TAG: &[u8; 4] = b"kep1";

/// `bytes` sealed as they are kept: followed by their CRC-32 and the tag `kep1`.
pub fn seal(mut bytes: Vec<u8>) -> Vec<u8> {
    let sum = crc32fast::hash(&bytes);
    bytes.extend_from_slice(&sum.to_le_bytes());
    bytes.extend_from_slice(TAG);
    bytes
}

/// The bytes of a sealed entry, when its seal holds.
pub fn unseal(mut sealed: Vec<u8>) -> Option<Vec<u8>> {
    let length = sealed.len().checked_sub(8)?;
    let (bytes, trailer) = sealed.split_at(length);
    let sum = u32::from_le_bytes(trailer[..4].try_into().ok()?);
    if &trailer[4..] != TAG || crc32fast::hash(bytes) != sum {
        return None;
    }
    sealed.truncate(length);
    Some(sealed)
}

/// The bytes kept under `name`: None when nothing is, or what is does not hold its seal.
pub fn read(name: &str) -> Option<Vec<u8>> {
    store::read(name).and_then(unseal)
}

/// Keeps `bytes` under `name`, sealed.
pub fn write(name: &str, bytes: Vec<u8>) {
    store::write(name, seal(bytes));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_entry_reads_as_nothing_kept() {
        let bytes: Vec<u8> = (0..=255).collect();
        let sealed = seal(bytes.clone());
        assert_eq!(sealed.len(), bytes.len() + 8);
        assert_eq!(unseal(sealed.clone()), Some(bytes));
        // A byte changed anywhere, the tail cut off, or bytes never sealed.
        for at in [0, 100, 255, 256, 259, 263] {
            let mut damaged = sealed.clone();
            damaged[at] ^= 0x20;
            assert_eq!(unseal(damaged), None, "byte {at} changed");
        }
        assert_eq!(unseal(sealed[..sealed.len() - 1].to_vec()), None);
        assert_eq!(unseal(sealed[..7].to_vec()), None);
        assert_eq!(unseal((0..=255).collect()), None);
        assert_eq!(unseal(seal(Vec::new())), Some(Vec::new()));
    }
}
