//! The address is the puzzle: after each change (typing pauses, a step moved) the fragment holds
//! what is on screen, the text and its options and step, so a reload or a copied address shows
//! the same. The same fragment is kept in local storage for the next visit without a link. A
//! puzzle opened from the menu, a file or a link is a new history entry, so Back returns to the
//! one before; a link opened in this tab (the fragment changed) opens its puzzle.

use super::*;

/// What the page keeps of its address.
#[derive(Default)]
pub(super) struct Address {
    /// The address the page last wrote: a change to anything else is a link opened.
    written: String,
    /// The puzzle being opened gets a history entry of its own.
    new_entry: bool,
    /// The timer that writes the address once changes pause.
    remember_timer: std::cell::Cell<Option<i32>>,
}

/// How long the page waits after a change before writing the address (one write for a burst
/// of keys, not one per key).
const REMEMBER_MS: i32 = 400;
/// Local storage: the puzzle on screen, and the one a link replaced (offered back).
const LAST: &str = "puzzlelab.last";
const PREVIOUS: &str = "puzzlelab.previous";

impl Address {
    /// The address the page last wrote (the link to what is on screen).
    pub(super) fn written(&self) -> &str {
        &self.written
    }
}

impl App {
    /// What the page shows, as a link holds it; also for a text that does not read (its family
    /// as picked: "auto" while detecting, so the next paste is detected again).
    pub(super) fn here(&self) -> Shared {
        // What a reload runs again: the solve or the analysis on screen (or asked for).
        let solving = self.report.is_some()
            || (self.running.busy() && !self.analysis_shown())
            || self.running.waiting() == Some(Task::Solve);
        let analyse = self.analysis_shown() || self.running.waiting() == Some(Task::Analyse);
        Shared {
            metric: self.metric_picked(),
            method: Some(self.el.method.value()),
            step: self.running.pending_step().unwrap_or(self.playback.step),
            switches: self.switches_on(),
            analyse,
            idle: !(solving || analyse),
            played: if self.report.is_none() { self.playing.moves().to_vec() } else { Vec::new() },
            ..Shared::new(&self.el.family.value(), self.history.text())
        }
    }

    /// Writes the address shortly after a change: at most one write per [`REMEMBER_MS`], of
    /// what is on screen then (a timer already set is left to run, so a stream of changes, a
    /// replay playing, still gets written).
    pub(super) fn remember_soon(&self) {
        if self.address.remember_timer.get().is_some() {
            return;
        }
        let write = Closure::once_into_js(|| {
            with_app(|app| {
                app.address.remember_timer.set(None);
                app.remember();
            })
        });
        self.address.remember_timer.set(
            self.window.set_timeout_with_callback_and_timeout_and_arguments_0(write.unchecked_ref(), REMEMBER_MS).ok(),
        );
    }

    /// Writes what is on screen to the address (replacing this history entry) and to local
    /// storage. An embedded player leaves its link alone; a text too long for a link is kept
    /// in storage only, and the address loses its fragment rather than hold an older puzzle.
    pub(super) fn remember(&mut self) {
        if !self.handing_over {
            self.write_address(false);
        }
    }

    /// Writes what is on screen to the address, in this history entry or (`new_entry`) a new
    /// one, and to local storage.
    fn write_address(&mut self, new_entry: bool) {
        if let Some(timer) = self.address.remember_timer.take() {
            self.window.clear_timeout_with_handle(timer);
        }
        if self.player.is_some() || self.history.text().is_empty() {
            return;
        }
        // A text past what a link may hold is not packed at every pause (a 30 MB file would
        // take seconds); nor is it kept for the next visit, which would show an older puzzle.
        let url = if self.history.text().len() > share::MAX_INFLATED {
            if let Some(storage) = self.storage() {
                let _ = storage.remove_item(LAST);
            }
            self.base_url()
        } else {
            let fragment = share::encode(&self.here());
            self.store(LAST, &fragment);
            if fragment.len() <= share::MAX_FRAGMENT {
                format!("{}#{fragment}", self.base_url())
            } else {
                self.base_url()
            }
        };
        if new_entry || self.window.location().href().ok().as_deref() != Some(url.as_str()) {
            if let Ok(history) = self.window.history() {
                let _ = match new_entry {
                    true => history.push_state_with_url(&JsValue::NULL, "", Some(&url)),
                    false => history.replace_state_with_url(&JsValue::NULL, "", Some(&url)),
                };
            }
        }
        self.address.written = url;
    }

    /// Before another puzzle opens (from the menu, a file, the analysis): the one on screen is
    /// written to this history entry, and the new one gets an entry of its own once shown.
    pub(super) fn leave_entry(&mut self) {
        self.remember();
        self.address.new_entry = true;
    }

    /// After a puzzle opened by [`App::leave_entry`]'s caller: its own history entry.
    pub(super) fn open_entry(&mut self) {
        // Written even while the full module loads to read it: the entry is this puzzle's.
        if std::mem::take(&mut self.address.new_entry) {
            self.write_address(true);
        }
    }

    /// The fragment changed under the page (a link opened in this tab, Back or Forward): opens
    /// the puzzle it holds. The page's own writes are recognised and ignored.
    pub(super) fn address_changed(&mut self) {
        let href = self.window.location().href().unwrap_or_default();
        if href == self.address.written {
            return;
        }
        self.address.written = href;
        self.stop_all();
        if self.open_shared_link() {
            // A link asks for a solve: now, if the solver is ready (else once it is).
            if self.solver_ready() {
                if let Some(task) = self.running.take_waiting() {
                    self.start(task);
                }
            }
            self.remember_soon();
        }
    }

    /// At the start of a visit: the link's puzzle, or else the one on screen last time. A link
    /// keeps the last puzzle aside and offers it back. False when there was neither.
    pub(super) fn open_first(&mut self) -> bool {
        let last = self.stored(LAST);
        let hash = self.window.location().hash().unwrap_or_default();
        if hash.len() > 1 {
            let embedded = share::decode(&hash).is_ok_and(|shared| shared.player.is_some());
            if let Some(last) = last.filter(|last| *last != hash.trim_start_matches('#') && !embedded) {
                self.store(PREVIOUS, &last);
                self.el.restore.set_hidden(false);
            }
            return self.open_shared_link();
        }
        let Some(last) = last else { return false };
        if let Ok(history) = self.window.history() {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&format!("{}#{last}", self.base_url())));
        }
        self.open_shared_link()
    }

    /// "Your previous puzzle": the one a link replaced, opened as a new history entry.
    pub(super) fn restore_previous(&mut self) {
        self.el.restore.set_hidden(true);
        let Some(previous) = self.stored(PREVIOUS) else { return };
        self.remember();
        let url = format!("{}#{previous}", self.base_url());
        if let Ok(history) = self.window.history() {
            let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&url));
        }
        self.address_changed();
    }

    /// Ends what runs for the puzzle on screen before another opens: the search, the replay.
    fn stop_all(&mut self) {
        self.cancel();
        self.playback.stop();
    }

    pub(super) fn storage(&self) -> Option<web_sys::Storage> {
        self.window.local_storage().ok().flatten()
    }

    /// Keeps `value` under `key`; a full or refused storage keeps nothing (the address still
    /// holds the puzzle).
    pub(super) fn store(&self, key: &str, value: &str) {
        if let Some(storage) = self.storage() {
            let _ = storage.set_item(key, value);
        }
    }

    fn stored(&self, key: &str) -> Option<String> {
        self.storage()?.get_item(key).ok().flatten().filter(|value| share::decode(value).is_ok())
    }
}
