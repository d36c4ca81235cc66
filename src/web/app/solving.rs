//! Solving: the options asked for, the Worker pool started and restarted, a job sent (shared among
//! Workers when it splits), its replies, Cancel, and the buttons that follow its state.

use super::*;

/// The Workers' jobs: the one running, how it is shared among them, and what waits to start.
#[derive(Default)]
pub(super) struct Running {
    job: u32,
    busy: bool,
    /// The running solve, as shared among Workers.
    split: Option<Split>,
    /// Solutions the running search has listed so far (a tiling's "all"), browsable before it ends.
    streamed: Vec<Vec<String>>,
    /// A step to show once the running solve finishes (from a share link).
    pending_step: Option<usize>,
    /// What to start once the worker is ready (a shared link's solve or analysis).
    start_when_ready: Option<Task>,
    /// Workers that died before they were ready, since one last was: past
    /// [`solving::FAILED_STARTS`] the page stops starting new ones.
    failed_starts: u32,
    /// The kind of the last new game asked for (a family's id and a difficulty): `n` on the
    /// board asks for another.
    new_game: Option<(&'static str, families::Difficulty)>,
}

/// Workers that may die before they are ready, one after another, before the page stops
/// starting new ones ([`App::worker_died`]).
pub(super) const FAILED_STARTS: u32 = 3;

/// What the other rooms ask of the Workers' jobs, and tell them.
impl Running {
    /// The job last asked for: replies to another are stale.
    #[cfg(feature = "js")]
    pub(super) fn job(&self) -> u32 {
        self.job
    }

    /// A job of another kind (an animation) is asked for: its number, which makes the
    /// replies to the one before stale.
    pub(super) fn next_job(&mut self) -> u32 {
        self.job += 1;
        self.job
    }

    /// A search, analysis or new game is running.
    pub(super) fn busy(&self) -> bool {
        self.busy
    }

    /// What was running has ended (answered, refused or stopped elsewhere).
    pub(super) fn ended(&mut self) {
        self.busy = false;
    }

    /// A new game of `family` at `difficulty` is asked for: its job's number.
    pub(super) fn new_game(&mut self, family: &'static str, difficulty: families::Difficulty) -> u32 {
        self.split = None;
        self.new_game = Some((family, difficulty));
        self.busy = true;
        self.next_job()
    }

    /// The kind of the last new game asked for.
    pub(super) fn last_new_game(&self) -> Option<(&'static str, families::Difficulty)> {
        self.new_game
    }

    /// Solutions the running search has listed so far.
    pub(super) fn streamed(&self) -> &[Vec<String>] {
        &self.streamed
    }

    /// The solutions listed so far no longer apply (the text or the moves changed).
    pub(super) fn forget_streamed(&mut self) {
        self.streamed.clear();
    }

    /// What waits for Worker 0 to be ready.
    pub(super) fn waiting(&self) -> Option<Task> {
        self.start_when_ready
    }

    /// `task` starts once Worker 0 is ready.
    pub(super) fn start_later(&mut self, task: Task) {
        self.start_when_ready = Some(task);
    }

    /// What waited for Worker 0, now to start.
    pub(super) fn take_waiting(&mut self) -> Option<Task> {
        self.start_when_ready.take()
    }

    /// The step to show once the running solve finishes.
    pub(super) fn pending_step(&self) -> Option<usize> {
        self.pending_step
    }

    /// Shows `step` once the running solve finishes.
    pub(super) fn show_step_after(&mut self, step: usize) {
        self.pending_step = Some(step);
    }

    /// What a link asked of its own text (a step to show, a solve to start) is not carried to
    /// another.
    pub(super) fn forget_asked(&mut self) {
        self.pending_step = None;
        self.start_when_ready = None;
    }
}

impl App {
    /// The metric picked, or None for "as the puzzle says".
    pub(super) fn metric_picked(&self) -> Option<String> {
        Some(self.el.metric.value()).filter(|metric| !metric.is_empty())
    }

    pub(super) fn options(&self) -> SolveOptions {
        let mode = match self.el.mode.value().as_str() {
            "count" => SolveMode::Count,
            "all" => SolveMode::All,
            _ => SolveMode::First,
        };
        // The mode picker is hidden, not reset, for a puzzle with one mode: its value then stays
        // from a tiling and must not reach a puzzle that has none such (it kept a 15-puzzle's
        // IDA* on one Worker).
        let modes = self.puzzle.as_ref().map(|p| p.capabilities().modes);
        let mode = if modes.is_none_or(|modes| modes.contains(&mode)) { mode } else { SolveMode::First };
        SolveOptions {
            metric: self.metric_picked(),
            method: Method::parse(&self.el.method.value()).unwrap_or_default(),
            max_bytes: Some(PAGE_MAX_BYTES),
            switches: self.switches_on(),
            mode,
            distinct: true,
            ..SolveOptions::default()
        }
    }

    /// Starts the solver Workers' pool unless it runs; their replies and failures reach the
    /// page with the number of the Worker they come from.
    pub(super) fn start_pool(&mut self) {
        if self.pool.is_some() {
            return;
        }
        let chosen = families::choose(Some(&self.el.family.value()), self.history.text());
        let sandboxed = chosen.is_ok_and(|family| family.runs_sandboxed(self.history.text()));
        self.start_pool_in(sandboxed);
    }

    /// Starts the pool, its Workers in the sandbox or not.
    pub(super) fn start_pool_in(&mut self, sandboxed: bool) {
        let on_reply: crate::web::solver::OnReply =
            Rc::new(|worker, reply| with_app(|app| app.on_reply(worker, reply)));
        let on_error: crate::web::solver::OnError =
            Rc::new(|worker, message| with_app(|app| app.worker_died(worker, &message)));
        // Tables one Worker built go to the others.
        let on_kept: crate::web::solver::OnKept = Rc::new(|worker, kept| {
            with_app(|app| {
                if let Some(pool) = &mut app.pool {
                    pool.share(worker, kept);
                }
            })
        });
        // The sandbox's Workers run the full module (the first one hands such texts over).
        #[cfg(feature = "js")]
        let started = if sandboxed {
            Pool::sandboxed(on_reply, on_error, on_kept, &self.full_module_at("full/app.js"))
        } else {
            Pool::new(on_reply, on_error, on_kept)
        };
        #[cfg(not(feature = "js"))]
        let started = {
            let _ = sandboxed;
            Pool::new(on_reply, on_error, on_kept)
        };
        match started {
            Ok(pool) => self.pool = Some(pool),
            Err(_) => self.set_status("Could not start the solver worker in this browser."),
        }
        self.show_workers();
        self.update_buttons();
    }

    /// Whether Worker 0 is ready for work (a shared search waits for the others itself).
    pub(super) fn solver_ready(&self) -> bool {
        self.pool.as_ref().is_some_and(|pool| pool.ready(0))
    }

    /// The Workers the settings allow.
    pub(super) fn workers_wanted(&self) -> usize {
        self.el.workers.value().parse().unwrap_or(1)
    }

    /// Sends the puzzle to the Workers to solve or analyse (once Worker 0 is ready): a search
    /// the puzzle can split goes to as many Workers as the settings allow, in parts.
    pub(super) fn start(&mut self, task: Task) {
        #[cfg(feature = "js")]
        if task == Task::Solve && self.release_held() {
            return;
        }
        self.start_pool();
        if !self.solver_ready() {
            self.running.start_when_ready = Some(task);
            return;
        }
        if let Task::NewGame(family, difficulty) = task {
            return self.make_new_game(family, difficulty);
        }
        let moves = self.moves_len();
        self.playback.settle(moves);
        let Some(puzzle) = &self.puzzle else { return };
        let family = puzzle.family().to_string();
        self.running.job += 1;
        self.playing.searching(task == Task::ProvenHint);
        let (job, options) = (self.running.job, self.options());
        let requests = match task {
            Task::Solve | Task::Hint | Task::ProvenHint => {
                let capabilities = puzzle.capabilities();
                // A hint by the puzzle's quick method first, where `auto` would make ready first.
                let quick = capabilities.quick.filter(|_| task == Task::Hint && options.method == Method::Auto);
                let options = SolveOptions { method: quick.unwrap_or(options.method), ..options };
                let parts = split::parts_for(&capabilities, &options, self.workers_wanted());
                let Some((text, from_here)) = self.search_start(task != Task::Solve, quick.is_some()) else {
                    return self.set_status(
                        "No hint here: this position cannot be written as a puzzle of its own to solve from.",
                    );
                };
                self.playing.search_from(from_here);
                let (split, requests) =
                    Split::start(job, &family, &text, &options, parts, capabilities.splits(&options));
                self.running.split = Some(split);
                requests
            }
            Task::NewGame(..) => return,
            Task::Analyse => {
                self.running.split = None;
                vec![Request::Analyse { job, family, text: self.history.text().to_string(), options }]
            }
        };
        let wanted = self.workers_wanted();
        let Some(pool) = &mut self.pool else { return };
        // A search bound by bound starts on Worker 0 alone, but the others start now.
        let count = self.running.split.as_ref().map_or(requests.len(), Split::workers);
        // Workers past the setting (lowered during a search) end now.
        pool.shrink(wanted);
        let sent = pool.ensure(count).is_ok()
            && requests.into_iter().enumerate().all(|(worker, request)| pool.send(worker, request));
        if sent {
            self.running.busy = true;
            #[cfg(feature = "js")]
            self.watch_silence();
            self.playback.stop();
            if task == Task::Analyse {
                self.show_analysis(None);
                self.set_status("Analysing: exploring every position…");
            } else if task == Task::Hint {
                self.playing.clear_hint();
                self.set_status("Looking for the next move of a shortest solution from here…");
            } else if task == Task::ProvenHint {
                // The quick hint stays on the board and in the status meanwhile.
            } else {
                self.report = None;
                self.running.streamed.clear();
                self.solution = 0;
                self.show_moves();
                self.set_status(&if count > 1 {
                    format!("Searching on {count} Workers…")
                } else {
                    "Searching…".to_string()
                });
            }
        } else {
            self.set_status("Could not send the puzzle to the solver.");
        }
        self.show_workers();
        self.update_buttons();
    }

    /// Ends every Worker (a search reads no messages, so this is how it stops) and starts
    /// fresh ones.
    pub(super) fn restart_workers(&mut self) {
        if let Some(pool) = &mut self.pool {
            if pool.restart_all().is_err() {
                self.set_status("Could not restart the solver worker in this browser.");
            }
        }
        self.running.split = None;
        self.show_workers();
    }

    /// A shared search is over (Worker `worker` ended it): the Workers still at a part of it
    /// start afresh, and only they, so that the others (Worker 0 among them, which Solve waits
    /// for) stay ready.
    fn stop_working(&mut self, worker: usize) {
        let Some(split) = self.running.split.take() else { return };
        let working = split.working(worker);
        if let Some(pool) = self.pool.as_mut().filter(|_| !working.is_empty()) {
            if working.into_iter().any(|w| pool.restart(w).is_err()) {
                self.set_status("Could not restart the solver worker in this browser.");
            }
            self.show_workers();
        }
    }

    pub(super) fn cancel(&mut self) {
        if !self.running.busy && self.animation_job.is_none() {
            return;
        }
        // An answer already found beside a proof still running is kept: only the proof stops.
        let found = self.running.split.as_ref().and_then(Split::found_beside);
        self.restart_workers();
        let searching = std::mem::take(&mut self.running.busy);
        self.animation_job = None;
        self.running.pending_step = None;
        if let (true, Some(found)) = (searching, found) {
            self.finished_saying(*found, "Proof cancelled. ");
        } else if searching {
            self.set_status("Cancelled.");
        } else {
            self.notice("Cancelled the animation.");
        }
        self.update_buttons();
    }

    /// A Worker failed (out of memory, a crash): said so, and every Worker restarts, since a
    /// shared search cannot end without that Worker's part.
    /// Workers that keep dying before they are ready (a browser that cannot start them) are not
    /// started again: past [`FAILED_STARTS`] in a row the page says so.
    pub(super) fn worker_died(&mut self, worker: usize, message: &str) {
        let was_solving = self.running.busy;
        self.running.busy = false;
        self.animation_job = None;
        self.running.start_when_ready = None;
        self.running.pending_step = None;
        let started = self.pool.as_ref().is_some_and(|pool| pool.ready(worker));
        self.running.failed_starts = if started { 0 } else { self.running.failed_starts + 1 };
        if self.running.failed_starts >= FAILED_STARTS {
            self.running.failed_starts = 0;
            if let Some(mut pool) = self.pool.take() {
                pool.end_all();
            }
            self.running.split = None;
            self.set_status(&format!(
                "The solver could not start in this browser ({message}). Reload the page to try again."
            ));
            self.show_workers();
            self.update_buttons();
            return;
        }
        self.restart_workers();
        let which = if self.pool.as_ref().is_some_and(|p| p.started() > 1) {
            format!("Worker {} of the solver", worker + 1)
        } else {
            "The solver".to_string()
        };
        self.set_status(&if was_solving {
            format!("{which} stopped unexpectedly ({message}); fresh Workers are starting. Press Solve to try again.")
        } else {
            format!("{which} stopped unexpectedly ({message}); a fresh one has been started.")
        });
        self.update_buttons();
    }

    /// The settings' count of Workers changed: Workers past it end (now, or once the running
    /// search ends).
    pub(super) fn workers_changed(&mut self) {
        if !self.running.busy {
            let wanted = self.workers_wanted();
            if let Some(pool) = &mut self.pool {
                pool.shrink(wanted);
            }
        }
        self.show_workers();
    }

    pub(super) fn show_workers(&self) {
        let state = self.pool.as_ref().map(Pool::state).unwrap_or_default();
        self.el.workers_state.set_text_content(Some(&state));
    }

    pub(super) fn on_reply(&mut self, worker: usize, reply: Reply) {
        #[cfg(feature = "js")]
        self.scripts.heard();
        match reply {
            Reply::Ready => {
                self.running.failed_starts = 0;
                if let Some(pool) = &mut self.pool {
                    pool.on_ready(worker);
                }
                if worker == 0 {
                    self.el.solve.set_title("Solve (finds the shortest solution)");
                    if let Some(task) = self.running.start_when_ready.take() {
                        self.start(task);
                    } else if !self.running.busy
                        && self.el.status.text_content().unwrap_or_default().starts_with("Loading")
                    {
                        // Only replaces the loading note: a message already shown (a damaged
                        // link, a cancel) stays.
                        let unready = self.puzzle.as_ref().and_then(|p| p.unready());
                        self.set_status(&if self.puzzle.is_some() {
                            self.ready_line(unready.as_ref())
                        } else {
                            "The puzzle could not be read: see the message under the text.".to_string()
                        });
                    }
                }
            }
            Reply::Pong { job } => {
                if let Some(pool) = &mut self.pool {
                    pool.on_pong(worker, job);
                }
            }
            Reply::Animating { job, done, frames } if self.animating_job(job) => {
                self.notice(&format!("Making the animation: frame {done} of {frames}…"));
            }
            Reply::Animated { job, bytes, frames, note } if self.animating_job(job) => {
                self.idle(worker);
                if let Some(made) = self.animation_job.take() {
                    self.save_bytes(&bytes, made.format.mime(), &made.name);
                    self.notice(&format!(
                        "Saved {}: {frames} frames, {}{note}.",
                        made.name,
                        crate::animation::file_size(bytes.len())
                    ));
                }
            }
            Reply::Failed { job, error } if self.animating_job(job) => {
                self.idle(worker);
                self.animation_job = None;
                self.notice(&format!("Could not make the animation: {}.", error.message));
            }
            Reply::Progress { job, stats } if job == self.running.job && self.running.busy => {
                let stats = match &mut self.running.split {
                    Some(split) => split.progress(worker, stats),
                    None => stats,
                };
                // The last bound of a search shared bound by bound is settled once the Workers
                // still searching are past the goal one found: they stop there.
                if let Some(report) = self.running.split.as_mut().and_then(Split::settled) {
                    self.restart_workers();
                    self.running.split = None;
                    self.finished(*report);
                } else {
                    let mut line = replay::progress_line(&stats);
                    if let Some(said) = self.playing.quick_hint_said() {
                        line = format!("{said} Looking for a shortest one: {line}");
                    }
                    match self.running.split.as_ref().and_then(Split::found_so_far) {
                        Some(found) => self.set_status(&line.replacen("Searching", &found, 1)),
                        None => self.set_status(&line),
                    }
                }
            }
            Reply::Found { job, solutions } if job == self.running.job && self.running.busy => {
                let first = self.running.streamed.is_empty();
                self.running.streamed.extend(solutions);
                if first {
                    self.solution = 0;
                    self.playback.step = self.moves_len();
                    self.show_moves();
                }
            }
            Reply::Finished { job, report } if job == self.running.job => {
                self.idle(worker);
                let step = match &mut self.running.split {
                    Some(split) => split.finished(worker, report),
                    None => Step::Whole(Box::new(report)),
                };
                match step {
                    Step::Wait => {}
                    // The Worker's next part of a shared search.
                    Step::Next(request) => {
                        if !self.pool.as_mut().is_some_and(|pool| pool.send(worker, *request)) {
                            self.worker_died(worker, "a solver Worker could not be given its next part");
                        }
                    }
                    // The next bound of a search shared bound by bound, to the same Workers.
                    Step::Again(requests) => {
                        let sent = self.pool.as_mut().is_some_and(|pool| {
                            requests.into_iter().enumerate().all(|(worker, request)| pool.send(worker, request))
                        });
                        if !sent {
                            self.worker_died(0, "a solver Worker could not be given the next bound");
                        }
                    }
                    Step::Whole(report) => {
                        // The answer is in (or a part gave up and ends the search): the Workers
                        // still at theirs stop; the others stay ready for the next.
                        self.stop_working(worker);
                        self.finished(*report);
                    }
                }
            }
            Reply::Made { job, family, difficulty, game } if job == self.running.job => {
                self.idle(worker);
                self.new_game_made(&family, difficulty, &game);
            }
            Reply::Analysed { job, report } if job == self.running.job => {
                self.idle(worker);
                self.running.busy = false;
                self.set_status(report.lines().first().map_or("Analysed.", String::as_str));
                self.show_analysis(Some(report));
            }
            Reply::Failed { job, error } if job == self.running.job => {
                self.idle(worker);
                self.stop_working(worker);
                self.running.busy = false;
                self.running.pending_step = None;
                self.playing.search_ended();
                // Said in the status too: on a phone the message under the text is folded away.
                self.set_status(&format!(
                    "The puzzle could not be solved as given: {}.",
                    error.message.trim_end_matches('.')
                ));
                self.show_error(Some(&error));
            }
            _ => {} // replies to a job that was replaced
        }
        self.show_workers();
        self.update_buttons();
        self.draw();
    }

    /// Whether `job` is the animation being made.
    pub(super) fn animating_job(&self, job: u32) -> bool {
        self.animation_job.as_ref().is_some_and(|made| made.job == job)
    }

    /// Worker `worker` has ended its job: a ping confirms it is idle.
    pub(super) fn idle(&mut self, worker: usize) {
        if let Some(pool) = &mut self.pool {
            pool.ping(worker);
        }
    }

    /// The search ended with `report` (joined from its parts when it was shared).
    pub(super) fn finished(&mut self, report: Report) {
        self.finished_saying(report, "");
    }

    /// [`App::finished`], with `first` said before the report's summary (where a long status
    /// line, folded, still shows it).
    fn finished_saying(&mut self, report: Report, first: &str) {
        // Said of the search that ran (from a position played to: of the moves from there).
        let summary = format!("{first}{}", replay::summary(&report));
        let report = match self.playing.search_ended() {
            Some(from) => match self.searched_from_here(from, report) {
                Some(report) => report,
                None => return,
            },
            None => report,
        };
        #[cfg(feature = "js")]
        let Some((report, summary)) = self.check_before_showing(report, summary, None) else {
            return;
        };
        self.show_finished(report, &summary);
    }

    /// Shows a search's `report` (its moves from the start of the text on screen), and what it
    /// said of itself.
    pub(super) fn show_finished(&mut self, report: Report, summary: &str) {
        self.running.busy = false;
        let note = self.link_note.take().map(|note| note + " ").unwrap_or_default();
        self.set_status(&format!("{note}{summary}"));
        // Someone browsing the tilings listed so far stays on the one they look at.
        let browsing = !self.running.streamed.is_empty() && self.solution < report.solutions.len();
        let step = self.running.pending_step.take().unwrap_or(0).min(report.moves.len());
        self.report = Some(report);
        self.playing.forget_departure();
        self.running.streamed.clear();
        if browsing {
            self.playback.step = self.moves_len();
        } else {
            self.solution = 0;
            self.playback.step = step;
        }
        self.show_moves();
    }

    pub(super) fn update_buttons(&self) {
        let el = &self.el;
        #[cfg(feature = "js")]
        let held = self.is_held();
        #[cfg(not(feature = "js"))]
        let held = false;
        el.solve.set_disabled(!held && (!self.solver_ready() || self.running.busy || self.puzzle.is_none()));
        let from_here = self.playing.writes_positions()
            && self.report.is_none()
            && self.playback.step > 0
            && !self.playing.moves().is_empty();
        el.solve.set_text_content(Some(if from_here { "Solve from here" } else { "Solve" }));
        el.hint.set_hidden(!self.playing.writes_positions());
        el.hint.set_disabled(
            el.solve.disabled()
                || self.moves_len() > 0 && self.report.is_some() && self.playback.step >= self.moves_len(),
        );
        let analyses = self.puzzle.as_ref().is_some_and(|p| p.capabilities().analyses);
        el.analyse.set_hidden(!analyses);
        el.analyse.set_disabled(!self.solver_ready() || self.running.busy || !analyses);
        el.cancel.set_disabled(!self.running.busy && self.animation_job.is_none());
        el.share.set_disabled(self.puzzle.is_none());
        el.picture.set_disabled(self.puzzle.is_none());
        let solved = self.report.as_ref().is_some_and(|r| r.status == families::Status::Solved);
        let label = self.puzzle.as_ref().and_then(|p| p.export_label()).filter(|_| solved && !self.running.busy);
        el.download.set_hidden(label.is_none());
        if let Some(label) = label {
            el.download.set_text_content(Some(label));
        }
        let copyable = solved && !self.running.busy && !self.moves().is_empty();
        el.copy_solution.set_hidden(!copyable);
        el.embed.set_hidden(!copyable);
        if !copyable {
            el.embed_panel.set_hidden(true);
        }
        el.animation.set_hidden(!copyable);
        el.animation_format.set_hidden(!copyable);
        el.animation.set_disabled(self.animation_job.is_some());
        if !copyable {
            // What it showed belongs to an earlier solve.
            el.solution_text.set_hidden(true);
        }
        let len = self.moves_len();
        el.first.set_disabled(self.playback.step == 0);
        el.prev.set_disabled(self.playback.step == 0);
        el.next.set_disabled(self.playback.step >= len);
        el.last.set_disabled(self.playback.step >= len);
        el.play.set_disabled(len == 0);
        el.play.set_text_content(Some(if self.playback.playing { "Pause" } else { "Play" }));
        el.step.set_max(&len.to_string());
        el.step.set_value(&self.playback.step.to_string());
        el.step_label.set_text_content(Some(&format!("{} / {len}", self.playback.step)));
        self.show_choices();
        self.remember_soon();
        let listed = self.listed();
        el.solutions.set_hidden(listed == 0);
        let so_far = if self.running.busy { " so far" } else { "" };
        el.solution_label.set_text_content(Some(&format!("Solution {} of {listed}{so_far}", self.solution + 1)));
        el.prev_solution.set_disabled(self.solution == 0);
        el.next_solution.set_disabled(self.solution + 1 >= listed);
    }
}
