//! Texts the page must not run itself (rules in JavaScript: `Family::runs_sandboxed`). Their
//! requests go to Workers started in the sandbox (`web/sandbox.rs`), and what the page shows of
//! them comes from a tracing Worker's traces: of the start when a text is first read, of a move
//! list when the page shows one it has not seen. The sandbox also places syntax errors.
//!
//! What the page claims of such a text it checks first: a solution a search reports
//! is replayed by a fresh tracing Worker before the page says "Solved", and one that does not
//! replay to a solved position of the same length is refused. A Worker, or the whole frame, that
//! stops answering is thrown away and made again, the status blaming the script that hung; and a
//! script whose first reading never answered (it hung, or took the tab down with it) is not run
//! again when its link is opened next, until the user presses Solve.

use super::*;
use crate::families::script::js;
use crate::families::Report;
use crate::web::sandbox;

/// How long a trace may take (the first also waits for the sandbox to start its Worker).
const TRACE_MS: i32 = 10_000;

/// How long a search in the sandbox may go without a word from its Worker, which reports
/// progress every tenth of a second between calls into the script: longer is one call that
/// never returns (natively, QuickJS stops one call after 5 s).
const SILENCE_MS: f64 = 10_000.0;

/// Local storage's note of the script being read for the first time, until its Worker answers:
/// a text whose note is still there on the next visit hung (or crashed the tab) and is held.
const PENDING_KEY: &str = "puzzlelab-script-pending";

/// Local storage's note of the last script whose trace did not answer in time.
const HUNG_KEY: &str = "puzzlelab-script-hung";

/// What the page keeps of the scripts its sandbox runs.
#[derive(Default)]
pub(super) struct Sandboxed {
    /// Trace requests sent.
    trace_job: u32,
    /// The last trace request answered.
    trace_answered: u32,
    /// When a Worker last said anything (`js_sys::Date::now()`): a search in the sandbox that
    /// goes quiet for long is a call into the script that never returns.
    heard: f64,
    /// The move list whose trace was last asked for, so it is asked once.
    trace_asked: RefCell<Option<Vec<String>>>,
    /// The sandbox's Worker that traces (apart from the searching ones, which may be searching
    /// another text: a position played to), started when first needed.
    tracer: Option<Pool>,
    /// A script's solution the search reported, held until a fresh Worker has replayed it.
    unchecked: Option<Unchecked>,
    /// Solve was pressed on a script held because it hung when last read: read it this time.
    held_released: bool,
}

/// A solution held until a fresh Worker has replayed it.
pub(super) struct Unchecked {
    /// The trace request that replays it.
    job: u32,
    report: Report,
    /// What the search said of itself.
    summary: String,
    /// For a hint: how many of the report's moves were played (the hint is the next).
    hint: Option<usize>,
}

/// What a held script says until Solve is pressed.
const HELD: &str =
    "this script stopped answering the last time it was run here, so it has not been run now: press Solve to run it";

/// A short fingerprint of a text (FNV-1a), for the pending note.
fn fingerprint(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("{hash:016x}-{}", text.len())
}

impl Sandboxed {
    /// A Worker said something: a search in the sandbox is alive.
    pub(super) fn heard(&mut self) {
        self.heard = js_sys::Date::now();
    }
}

impl App {
    /// As a text is read: the pool's Workers where the text needs them, and, when the page has
    /// learnt nothing of it yet (`reading`), the sandbox asked to read it.
    pub(super) fn sandbox_reads(&mut self, chosen: Option<&'static dyn Family>, reading: bool) {
        self.scripts.trace_asked.replace(None);
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

    /// Asks the sandbox what it needs to read `text` (its start, and where a syntax error is),
    /// unless the last reading of the same text never answered: then it waits for Solve.
    fn ask_to_read(&mut self, family: &'static dyn Family, text: &str) {
        if (self.noted(PENDING_KEY, text) || self.noted(HUNG_KEY, text)) && !self.scripts.held_released {
            family.learn(text, Err(FormatError::general(HELD)));
            return;
        }
        self.scripts.held_released = false;
        self.store(PENDING_KEY, &fingerprint(text));
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
    /// Returns the job number of the request.
    pub(super) fn ask_trace(&mut self, family: &'static dyn Family, moves: Vec<String>) -> u32 {
        self.start_tracer();
        self.scripts.trace_job += 1;
        let (job, text) = (self.scripts.trace_job, self.history.text().to_string());
        let request = Request::Trace { job, family: family.id().to_string(), text: text.clone(), moves };
        if let Some(tracer) = &mut self.scripts.tracer {
            tracer.send(0, request);
        }
        let watch = Closure::once_into_js(move || {
            with_app(|app| {
                if app.scripts.trace_answered >= job || app.history.text() != text {
                    return;
                }
                // The frame itself may be what stopped answering: it is made again.
                app.rebuild_sandbox();
                app.store(HUNG_KEY, &fingerprint(&text));
                let said = format!(
                    "the script did not answer within {} s: is there a loop that never ends at its top level, or in start(), moves(), apply(), is_goal(), show(), label() or draw()?",
                    TRACE_MS / 1000
                );
                if app.scripts.unchecked.as_ref().is_some_and(|held| held.job == job) {
                    app.scripts.unchecked = None;
                    app.running.ended();
                    app.set_status(&format!("The solution found could not be checked: {said}"));
                    app.update_buttons();
                    return;
                }
                family.learn(&text, Err(FormatError::general(said)));
                app.learnt(&text, true);
            })
        });
        let _ = self.window.set_timeout_with_callback_and_timeout_and_arguments_0(watch.unchecked_ref(), TRACE_MS);
        job
    }

    /// Starts the tracing Worker unless it runs.
    fn start_tracer(&mut self) {
        if self.scripts.tracer.is_some() {
            return;
        }
        let on_reply: crate::web::solver::OnReply = Rc::new(|_, reply| with_app(|app| app.on_tracer_reply(reply)));
        let on_error: crate::web::solver::OnError = Rc::new(|_, message| with_app(|app| app.tracer_died(&message)));
        let on_kept: crate::web::solver::OnKept = Rc::new(|_, _| {});
        match Pool::sandboxed(on_reply, on_error, on_kept, &self.full_module_at("full/app.js")) {
            Ok(tracer) => self.scripts.tracer = Some(tracer),
            Err(_) => self.set_status("Could not start the script's sandbox in this browser."),
        }
    }

    fn on_tracer_reply(&mut self, reply: Reply) {
        match reply {
            Reply::Ready => {
                if let Some(tracer) = &mut self.scripts.tracer {
                    tracer.on_ready(0);
                }
            }
            Reply::Traced { job, text, said } => self.traced(job, &text, said),
            _ => {}
        }
    }

    /// The tracing Worker died (out of memory, a crash): the script it ran is to blame, the
    /// next trace starts a fresh one.
    fn tracer_died(&mut self, message: &str) {
        if let Some(mut tracer) = self.scripts.tracer.take() {
            tracer.end_all();
        }
        // Not while it ran the script (between traces): nothing to blame.
        if self.scripts.trace_answered >= self.scripts.trace_job {
            return;
        }
        self.scripts.trace_answered = self.scripts.trace_job;
        let said = format!("the script's Worker stopped while running it ({message})");
        if self.scripts.unchecked.take().is_some() {
            self.running.ended();
            self.set_status(&format!("The solution found could not be checked: {said}."));
            self.update_buttons();
            return;
        }
        let text = self.history.text().to_string();
        if let Ok(family) = families::choose(Some(&self.el.family.value()), &text) {
            family.learn(&text, Err(FormatError::general(said)));
            self.learnt(&text, true);
        }
    }

    /// Throws the sandbox's frame away with every Worker in it, and starts fresh ones in a new
    /// frame: for a Worker or a frame that stopped answering.
    pub(super) fn rebuild_sandbox(&mut self) {
        sandbox::discard();
        if let Some(mut tracer) = self.scripts.tracer.take() {
            tracer.end_all();
        }
        self.restart_workers();
    }

    /// Pressing Solve on a script held because it hung the last time it was read: it is read
    /// now (and solved once it is).
    pub(super) fn release_held(&mut self) -> bool {
        let held = self.is_held();
        if held {
            self.scripts.held_released = true;
            self.unnote(PENDING_KEY);
            self.unnote(HUNG_KEY);
            js::recorded::forget(self.history.text());
            self.reparse();
        }
        held
    }

    /// Whether local storage's note `key` names `text`.
    fn noted(&self, key: &str, text: &str) -> bool {
        self.storage().and_then(|s| s.get_item(key).ok().flatten()) == Some(fingerprint(text))
    }

    /// Local storage's note `key` is gone.
    fn unnote(&self, key: &str) {
        if let Some(storage) = self.storage() {
            let _ = storage.remove_item(key);
        }
    }

    /// The status says why a script held until Solve was not run (the message under the text
    /// is folded away on a phone).
    pub(super) fn say_if_held(&mut self) {
        if self.is_held() {
            self.set_status("This script stopped answering the last time it ran here, so it has not been run. Press Solve to run it.");
        }
    }

    /// Whether the text on screen is a script held until Solve.
    pub(super) fn is_held(&self) -> bool {
        js::recorded::known(self.history.text()).is_some_and(|k| k.is_err_and(|e| e.message == HELD))
    }

    /// A search in the sandbox reported `report` (of the moves from the start of the text on
    /// screen): held while a fresh tracing Worker replays it. Some(report) when nothing need be
    /// checked (not a script's, or not solved). `hint`: the moves played, when the search was
    /// a hint's from there.
    pub(super) fn check_before_showing(
        &mut self,
        report: Report,
        summary: String,
        hint: Option<usize>,
    ) -> Option<(Report, String)> {
        let sandboxed = self.pool.as_ref().is_some_and(Pool::is_sandboxed);
        if !sandboxed || report.status != families::Status::Solved {
            return Some((report, summary));
        }
        let Ok(family) = families::choose(Some(&self.el.family.value()), self.history.text()) else {
            return Some((report, summary));
        };
        // Fresh: it never ran anything for a search, nor this text's earlier traces.
        if let Some(mut tracer) = self.scripts.tracer.take() {
            tracer.end_all();
        }
        let job = self.ask_trace(family, report.moves.clone());
        self.set_status("Checking the solution: a fresh Worker replays it through the script's rules…");
        self.scripts.unchecked = Some(Unchecked { job, report, summary, hint });
        None
    }

    /// The fresh Worker's trace of a held solution: shown if it replays to a solved position,
    /// move for move; refused if not.
    fn checked(&mut self, held: Unchecked, said: &Result<String, FormatError>) {
        let moves = held.report.moves.len();
        let replayed =
            said.as_ref().map_err(|e| e.message.clone()).and_then(|json| js::recorded::reaches_goal(json, moves));
        match replayed {
            Ok(()) => match held.hint {
                Some(played) => {
                    let mut rest = held.report;
                    rest.moves.drain(..played.min(rest.moves.len()));
                    self.show_hint(&rest, false);
                }
                None => self.show_finished(held.report, &held.summary),
            },
            Err(why) => {
                self.running.ended();
                let (answer, refused) = match held.hint {
                    Some(played) => {
                        (format!("way from your move {played} ({} moves)", moves - played), "no hint is given")
                    }
                    None => (format!("answer ({moves} moves)"), "it is not shown"),
                };
                self.set_status(&format!(
                    "The search's {answer} did not replay through the script's rules in a fresh Worker, so {refused}: {}.",
                    why.trim_end_matches('.')
                ));
                self.update_buttons();
            }
        }
    }

    /// Watches the search just started, if it runs in the sandbox: once its Workers have said
    /// nothing for [`SILENCE_MS`], they are ended and the page says why.
    pub(super) fn watch_silence(&mut self) {
        if !self.pool.as_ref().is_some_and(|pool| pool.is_sandboxed()) {
            return;
        }
        self.scripts.heard = js_sys::Date::now();
        self.check_silence_later(self.running.job());
    }

    fn check_silence_later(&self, job: u32) {
        let check = Closure::once_into_js(move || {
            with_app(|app| {
                if !app.running.busy() || app.running.job() != job {
                    return;
                }
                if js_sys::Date::now() - app.scripts.heard < SILENCE_MS {
                    return app.check_silence_later(job);
                }
                app.rebuild_sandbox();
                app.running.ended();
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
    fn traced(&mut self, job: u32, text: &str, said: Result<String, FormatError>) {
        self.scripts.trace_answered = self.scripts.trace_answered.max(job);
        if self.noted(PENDING_KEY, text) {
            self.unnote(PENDING_KEY);
        }
        let held = self.scripts.unchecked.take_if(|held| held.job == job);
        let Ok(family) = families::choose(Some(&self.el.family.value()), text) else { return };
        let failed = said.is_err();
        if let Some(held) = held {
            // What it traced is kept for the replay; what it said of the solution decides.
            if let Ok(json) = &said {
                family.learn(text, Ok(json.clone()));
            }
            self.checked(held, &said);
            return self.learnt(text, false);
        }
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
            self.scripts.trace_asked.replace(None);
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
        if !puzzle.wants_trace(moves) || self.scripts.trace_asked.borrow().as_deref() == Some(moves) {
            return;
        }
        self.scripts.trace_asked.replace(Some(moves.to_vec()));
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
