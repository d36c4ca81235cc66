//! Texts the page must not run itself (rules in JavaScript: `Family::runs_sandboxed`). Their
//! requests go to Workers started in the sandbox (`web/sandbox.rs`), and what the page shows of
//! them comes from those Workers' traces: of the start when a text is first read, of a move list
//! when the page shows one it has not seen. The sandbox also places syntax errors.

use super::*;
use crate::web::sandbox;

/// How long a trace may take (the first also waits for the sandbox to start its Worker).
const TRACE_MS: i32 = 10_000;

/// How long a search in the sandbox may go without a word from its Worker, which reports
/// progress every tenth of a second between calls into the script: longer is one call that
/// never returns (natively, QuickJS stops one call after 5 s).
const SILENCE_MS: f64 = 10_000.0;

impl App {
    /// As a text is read: the pool's Workers where the text needs them, and, when the page has
    /// learnt nothing of it yet (`reading`), the sandbox asked to read it.
    pub(super) fn sandbox_reads(&mut self, chosen: Option<&'static dyn Family>, reading: bool) {
        self.trace_asked.replace(None);
        let Some(family) = chosen else { return };
        let text = self.history.text().to_string();
        if self.pool.is_some() {
            self.use_pool_for(family, &text);
        }
        if reading {
            self.ask_to_read(family, &text);
        }
    }

    /// Has the pool's Workers run where `text` needs them: in the page's origin, or in the
    /// sandbox. Workers of the other kind are ended (a search of the old text ends anyway).
    fn use_pool_for(&mut self, family: &dyn Family, text: &str) {
        let sandboxed = family.runs_sandboxed(text);
        if self.pool.as_ref().is_some_and(|pool| pool.is_sandboxed() != sandboxed) {
            if let Some(mut pool) = self.pool.take() {
                pool.end_all();
            }
            self.start_pool_in(sandboxed);
        }
    }

    /// Asks the sandbox what it needs to read `text` (its start, and where a syntax error is).
    fn ask_to_read(&mut self, family: &'static dyn Family, text: &str) {
        self.ask_trace(family, Vec::new());
        if let Some(check) = family.syntax_check(text) {
            let text = text.to_string();
            sandbox::check_syntax(&check.source.clone(), move |error| {
                if let Some((line, column, said)) = error {
                    family.learn(&text, Err(check.error(line, column, &said)));
                    with_app(|app| app.learnt(&text, true));
                }
            });
        }
    }

    /// Asks a sandboxed Worker for the trace of `moves` of the text. A trace takes a few
    /// calls of the script; one not answered within [`TRACE_MS`] is a script that never ends
    /// one of them: its Workers are ended, and the script's error says so.
    pub(super) fn ask_trace(&mut self, family: &'static dyn Family, moves: Vec<String>) {
        self.start_pool();
        self.trace_job += 1;
        let (job, text) = (self.trace_job, self.history.text().to_string());
        let request = Request::Trace { job, family: family.id().to_string(), text: text.clone(), moves };
        if let Some(pool) = &mut self.pool {
            pool.send(0, request);
        }
        let watch = Closure::once_into_js(move || {
            with_app(|app| {
                // A trace waits behind a search running in the same Worker: Cancel ends that.
                if app.trace_answered >= job || app.history.text() != text || app.busy {
                    return;
                }
                app.restart_workers();
                let said = format!(
                    "the script did not answer within {} s: is there a loop that never ends at its top level, or in start(), moves(), apply(), is_goal(), show(), label() or draw()?",
                    TRACE_MS / 1000
                );
                family.learn(&text, Err(FormatError::general(said)));
                app.learnt(&text, true);
            })
        });
        let _ = self.window.set_timeout_with_callback_and_timeout_and_arguments_0(watch.unchecked_ref(), TRACE_MS);
    }

    /// Watches the search just started, if it runs in the sandbox: once its Workers have said
    /// nothing for [`SILENCE_MS`], they are ended and the page says why.
    pub(super) fn watch_silence(&mut self) {
        if !self.pool.as_ref().is_some_and(|pool| pool.is_sandboxed()) {
            return;
        }
        self.heard = js_sys::Date::now();
        self.check_silence_later(self.job);
    }

    fn check_silence_later(&self, job: u32) {
        let check = Closure::once_into_js(move || {
            with_app(|app| {
                if !app.busy || app.job != job {
                    return;
                }
                if js_sys::Date::now() - app.heard < SILENCE_MS {
                    return app.check_silence_later(job);
                }
                app.restart_workers();
                app.busy = false;
                app.set_status(&format!(
                    "Stopped: the script did not return from a call within {} s. Is there a loop that never ends in moves(), apply(), is_goal(), is_dead() or heuristic()?",
                    SILENCE_MS / 1000.0
                ));
                app.update_buttons();
            })
        });
        let _ = self.window.set_timeout_with_callback_and_timeout_and_arguments_0(check.unchecked_ref(), 1000);
    }

    /// A Worker's trace of `text` (or the script's error, met at a position along the moves):
    /// kept, and shown if `text` is still the one on screen.
    pub(super) fn traced(&mut self, job: u32, text: &str, said: Result<String, FormatError>) {
        self.trace_answered = self.trace_answered.max(job);
        let Ok(family) = families::choose(Some(&self.el.family.value()), text) else { return };
        let failed = said.is_err();
        family.learn(text, said);
        self.learnt(text, failed);
    }

    /// What was learnt of `text` shows: read afresh when it could not be read before (or when
    /// what was learnt is an error), else the puzzle made again from what is now known (its
    /// replay kept the positions it lacked), with the moves and step on screen kept.
    fn learnt(&mut self, text: &str, error: bool) {
        if text != self.history.text() {
            return;
        }
        if self.puzzle.is_none() || error {
            return self.reparse();
        }
        let Ok(family) = families::choose(Some(&self.el.family.value()), text) else { return };
        if let Ok(puzzle) = family.parse(text) {
            self.puzzle = Some(puzzle);
            self.trace_asked.replace(None);
        }
        self.show_moves();
        self.update_buttons();
        self.draw();
    }

    /// Called as the board is drawn: when the puzzle lacks positions of the moves shown, a
    /// trace of them is asked for, once, after this turn.
    pub(super) fn trace_if_wanted(&self) {
        let Some(puzzle) = &self.puzzle else { return };
        let moves = self.moves();
        if !puzzle.wants_trace(moves) || self.trace_asked.borrow().as_deref() == Some(moves) {
            return;
        }
        self.trace_asked.replace(Some(moves.to_vec()));
        let moves = moves.to_vec();
        let ask = Closure::once_into_js(move || {
            with_app(|app| {
                if let Ok(family) = families::choose(Some(&app.el.family.value()), app.history.text()) {
                    app.ask_trace(family, moves);
                }
            })
        });
        let _ = self.window.set_timeout_with_callback_and_timeout_and_arguments_0(ask.unchecked_ref(), 0);
    }
}
