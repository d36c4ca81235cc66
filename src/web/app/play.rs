//! Play it yourself: outside Draw, a tap or a drag on the board is a move, as the family reads it
//! (`Puzzle::moves_at`), taken only when the family's rules allow it (`Puzzle::check`, under
//! the metric chosen). The moves played are the move list shown, so the replay controls are
//! undo (◀, Ctrl+Z, u), redo (▶, Ctrl+Y, r) and restart (|◀, R). A move that is the list's next
//! follows it; another, played before the end of the list, replaces what followed, and when the
//! list was a solution, it is kept and comes back when the moves are undone to where it was left.
//! Hint and "solve from here" solve the position reached, written as a puzzle of its
//! own (`Puzzle::text_at`), and put the answer after the moves played.

use super::*;

/// Play by hand: what was played, where the pointer went down, and the hints asked.
#[derive(Default)]
pub(super) struct Playing {
    /// Moves played on the board (`play.rs`): the list shown while there is no solution.
    moves: Vec<String>,
    /// Where the pointer went down on the board, outside Draw.
    press: Option<(f64, f64)>,
    /// A solution left by moves played from one of its steps.
    departure: Option<play::Departure>,
    /// The running search starts from a position played to (a hint, or solve from here).
    from_here: Option<play::FromHere>,
    /// The next move of a shortest solution from the step shown, drawn a little way along.
    hint: Option<String>,
    /// What a quick hint said while a proven one is looked for: the search's progress follows it.
    hint_said: Option<String>,
    /// The family can write a position as a puzzle of its own, so Hint and solve from here work.
    from_here_works: bool,
    /// What the list of moves from here was made for: (step, moves shown), or None to make it.
    choices_for: std::cell::Cell<Option<(usize, usize)>>,
}

/// A solution left by a move of one's own, kept to come back to.
pub(super) struct Departure {
    solution: Report,
    /// Which of its solutions was shown (a search that lists several).
    chosen: usize,
    /// The step it was left at.
    at: usize,
}

/// A search asked for from a position played to: the moves that lead there, and whether only
/// its first move is wanted (a hint).
pub(super) struct FromHere {
    prefix: Vec<String>,
    hint: bool,
    /// A hint by the puzzle's quick method: a proven hint is looked for next.
    quick: bool,
}

/// What the other rooms ask of play by hand, and tell it.
impl Playing {
    /// The moves played (the list shown while there is no solution).
    pub(super) fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The moves a shared link played, restored.
    pub(super) fn restore(&mut self, moves: Vec<String>) {
        self.moves = moves;
    }

    /// Another text: nothing of the last one's play is kept.
    pub(super) fn forget(&mut self) {
        self.moves.clear();
        self.hint = None;
        self.from_here = None;
        self.departure = None;
    }

    /// Another puzzle was read; `writes_positions` says whether its family can write a position
    /// as a puzzle of its own (so Hint and solve from here work).
    pub(super) fn new_puzzle(&mut self, writes_positions: bool) {
        self.from_here_works = writes_positions;
        self.choices_for.set(None);
    }

    /// Hint and solve from here work for this puzzle.
    pub(super) fn writes_positions(&self) -> bool {
        self.from_here_works
    }

    /// The list shown changed: the moves allowed from a step are made again.
    pub(super) fn list_changed(&self) {
        self.choices_for.set(None);
    }

    /// The step shown moved or a move was made: the hint drawn no longer applies.
    pub(super) fn clear_hint(&mut self) {
        self.hint = None;
    }

    /// The step at which moves played left a solution, kept to come back to.
    pub(super) fn left_at(&self) -> Option<usize> {
        self.departure.as_ref().map(|left| left.at)
    }

    /// A new solution is shown: one left before is not come back to.
    pub(super) fn forget_departure(&mut self) {
        self.departure = None;
    }

    /// A search is asked for: any but the proven hint after a quick one ends what the quick
    /// one said.
    pub(super) fn searching(&mut self, proven_hint: bool) {
        if !proven_hint {
            self.hint_said = None;
        }
    }

    /// The search starts from `from_here`, a position played to, or from the text's start (None).
    pub(super) fn search_from(&mut self, from_here: Option<FromHere>) {
        self.from_here = from_here;
    }

    /// The search ended: where it started from, if from a position played to.
    pub(super) fn search_ended(&mut self) -> Option<FromHere> {
        self.from_here.take()
    }

    /// What a quick hint said, while its proven one is looked for.
    pub(super) fn quick_hint_said(&self) -> Option<&str> {
        self.hint_said.as_deref().filter(|_| self.hint.is_some())
    }
}

impl App {
    /// Where a pointer event is on the canvas's own surface.
    fn canvas_point(&self, event: &MouseEvent) -> (f64, f64) {
        let canvas = &self.el.canvas;
        let scale = f64::from(canvas.width()) / f64::from(canvas.client_width().max(1));
        (f64::from(event.offset_x()) * scale, f64::from(event.offset_y()) * scale)
    }

    fn canvas_size(&self) -> (f64, f64) {
        (f64::from(self.el.canvas.width()), f64::from(self.el.canvas.height()))
    }

    /// The pointer went down on the board, outside Draw: a move starts there.
    pub(super) fn pointer_down(&mut self, event: &MouseEvent) {
        self.playing.press = Some(self.canvas_point(event));
    }

    /// The pointer left the board: no move.
    pub(super) fn pointer_left(&mut self) {
        self.playing.press = None;
    }

    /// The pointer went up after going down on the board: the move that makes, if any;
    /// otherwise, a tap names what it is on (a tiling's piece).
    pub(super) fn pointer_up(&mut self, event: &MouseEvent) {
        let Some(from) = self.playing.press.take() else { return };
        let to = self.canvas_point(event);
        self.settle_in_flight();
        let Some(puzzle) = &self.puzzle else { return };
        let size = self.canvas_size();
        let made = puzzle.moves_at(&self.options(), self.moves(), self.playback.step, from, to, size);
        if !made.is_empty() {
            return self.play(made);
        }
        if let Some(name) = puzzle.name_at(self.moves(), self.playback.step, from, size) {
            self.notice(&name);
        }
        // What the tap chose or let go shows (a Sokoban box's ring).
        self.draw();
    }

    /// A key pressed on the board: the moves it makes, played; false when the key is not the
    /// family's (the page then does its own with it).
    pub(super) fn key_played(&mut self, key: &str) -> bool {
        let Some(puzzle) = &self.puzzle else { return false };
        // Asked from where a move in flight lands, so that keys pressed quickly all count.
        let landing = self.playback.landing(self.moves_len());
        let Some(made) = puzzle.moves_for_key(&self.options(), self.moves(), landing, key) else { return false };
        if made.is_empty() {
            // Blocked, or a piece chosen: the board shows which.
            self.draw();
            return true;
        }
        self.settle_in_flight();
        self.play(made);
        true
    }

    /// A move still in flight counts as made: the board is played from where it lands.
    fn settle_in_flight(&mut self) {
        let (moves, before) = (self.moves_len(), self.playback.step);
        self.playback.settle(moves);
        if self.playback.step != before {
            self.update_buttons();
            self.draw();
        }
    }

    /// Plays `made` from the step shown: checked against the rules, then the list shown. Moves
    /// that are the list's next ones follow it (a solution stays a solution); others branch
    /// off, and a solution left that way comes back when the moves are undone to where it was
    /// left (`Departure`).
    pub(super) fn play(&mut self, made: Vec<String>) {
        let Some(puzzle) = &self.puzzle else { return };
        let step = self.playback.step.min(self.moves_len());
        if self.moves().get(step..step + made.len()) == Some(&made[..]) {
            return self.follow(made.len());
        }
        let mut list = self.moves()[..step].to_vec();
        list.extend(made.iter().cloned());
        let verdict = match puzzle.check(&self.options(), &list) {
            Ok(verdict) => verdict,
            Err(error) => return self.notice(&format!("Not allowed: {error}")),
        };
        if self.running.busy() {
            self.cancel();
        }
        if let Some(solution) = self.report.take().filter(|report| report.status == families::Status::Solved) {
            self.playing.departure = Some(Departure { solution, chosen: self.solution, at: step });
        }
        self.playing.moves = list;
        self.running.forget_streamed();
        self.solution = 0;
        self.playing.hint = None;
        self.show_moves();
        let count = self.playing.moves.len();
        if made.len() == 1 {
            self.playback.go_to(count - 1, count);
            self.advance();
        } else {
            self.go_to(count);
        }
        let metric = self.metric_shown();
        let counted_in = replay::metric_words(&metric).map(|words| format!(", counted in {words}")).unwrap_or_default();
        let moves = replay::counted(count as u64, "move", "moves");
        let tally = self
            .puzzle
            .as_ref()
            .and_then(|p| p.tally(&self.playing.moves))
            .unwrap_or_else(|| format!("{moves}{counted_in}"));
        self.set_status(&if verdict.ends_solved {
            format!("Solved! {tally}.")
        } else {
            match &self.playing.departure {
                Some(left) => format!(
                    "Your moves: {tally}. You left the solution at step {}; ◀ back to there returns to it.",
                    left.at
                ),
                None if self.playing.from_here_works => {
                    format!("Your moves: {tally}. ◀ undoes, ▶ redoes; Hint and Solve work from here.")
                }
                None => format!("Your moves: {tally}. ◀ undoes, ▶ redoes."),
            }
        });
    }

    /// The next `count` moves of the list shown were played by hand: the list is followed.
    fn follow(&mut self, count: usize) {
        self.playing.hint = None;
        if count == 1 {
            self.advance();
        } else {
            self.go_to(self.playback.step + count);
        }
        let (step, total) = (self.playback.landing(self.moves_len()), self.moves_len());
        let whose = if self.report.is_some() { "the solution" } else { "your moves" };
        self.set_status(&if step == total && self.report.is_some() {
            format!("Solved, along the solution: step {step} of {total}.")
        } else {
            format!("Step {step} of {total}, along {whose}: ▶ goes on, ◀ goes back.")
        });
    }

    /// Back on the solution the moves played left: it is the list again, to be followed (▶).
    pub(super) fn rejoin(&mut self) {
        let Some(left) = self.playing.departure.take() else { return };
        self.report = Some(left.solution);
        self.solution = left.chosen;
        self.playing.moves.clear();
        self.show_moves();
        self.set_status(&format!(
            "Back on the solution at step {}: ▶ follows it, and a move of your own leaves it again.",
            left.at
        ));
    }

    /// The moves allowed from the step shown, as buttons (for families that list them): play by
    /// choosing, and by keyboard. Made again only when the step or the list changes.
    pub(super) fn show_choices(&self) {
        /// More than this is no list to choose from.
        const MOST_CHOICES: usize = 30;
        let key = (self.playback.step, self.moves_len());
        if self.playing.choices_for.get() == Some(key) {
            return;
        }
        self.playing.choices_for.set(Some(key));
        let choices = &self.el.choices;
        choices.set_text_content(None);
        let allowed = self
            .puzzle
            .as_ref()
            .map_or_else(Vec::new, |puzzle| puzzle.moves_from(&self.options(), self.moves(), self.playback.step));
        choices.set_hidden(allowed.is_empty() || allowed.len() > MOST_CHOICES);
        if allowed.len() > MOST_CHOICES {
            return;
        }
        for text in allowed {
            let button = self.document.create_element("button").unwrap_throw();
            let label = self.puzzle.as_ref().and_then(|puzzle| puzzle.move_label(&text));
            button.set_text_content(Some(&label.unwrap_or_else(|| self.move_words(&text))));
            let _ = button.set_attribute("data-move", &text);
            let _ = button.set_attribute("type", "button");
            let _ = choices.append_child(&button);
        }
    }

    /// The metric moves are counted in: the one picked, or the family's own.
    fn metric_shown(&self) -> String {
        let family = self.puzzle.as_ref().and_then(|p| families::family(p.family()));
        self.metric_picked()
            .or_else(|| family.and_then(|f| f.metrics().first()).map(|m| m.to_string()))
            .unwrap_or_else(|| "moves".into())
    }

    /// What a search starts from: the position shown when it was played to (as a puzzle of its
    /// own, with the moves that lead there), else the puzzle's start. None for a hint at a
    /// position the family cannot write as a puzzle: a hint from the start would be wrong there.
    /// `quick`: the hint is asked of the puzzle's quick method.
    pub(super) fn search_start(&self, hint: bool, quick: bool) -> Option<(String, Option<FromHere>)> {
        let text = self.history.text().to_string();
        let step = self.playback.step.min(self.moves_len());
        let played_to = self.report.is_none() && step > 0 && !self.playing.moves.is_empty();
        if !(played_to || (hint && step > 0)) {
            return Some((text, hint.then(|| FromHere { prefix: Vec::new(), hint, quick })));
        }
        let prefix = self.moves()[..step].to_vec();
        match self.puzzle.as_ref().and_then(|p| p.text_at(&prefix)) {
            Some(position) => Some((position, Some(FromHere { prefix, hint, quick }))),
            None if hint => None,
            None => Some((text, None)),
        }
    }

    /// A hint: the first of `report`'s moves (a solution from the position played to); a quick
    /// one says that a proven one is being looked for.
    pub(super) fn show_hint(&mut self, report: &Report, quick: bool) {
        self.running.ended();
        if let Some(first) = report.moves.first() {
            self.playing.hint = Some(first.clone());
            // Shortest only when the method that ran proves it (a depth-first pick does not).
            let way = if report.optimal { "a shortest way" } else { "a way (not proven shortest)" };
            let length = replay::summary_length(report);
            let said = format!("Hint: {} ({way} from here takes {length}).", self.move_words(first));
            self.set_status(&if quick { format!("{said} Looking for a shortest one…") } else { said.clone() });
            self.playing.hint_said = quick.then_some(said);
        }
        self.draw();
    }

    /// A search from a position played to ended: a hint shows its first move; a solve puts its
    /// moves after the ones played. Returns the report for the replay (None for a hint).
    pub(super) fn searched_from_here(&mut self, from: FromHere, mut report: Report) -> Option<Report> {
        let summary = replay::summary(&report);
        if from.hint {
            if report.status != families::Status::Solved || report.moves.is_empty() {
                self.running.ended();
                self.set_status(&format!("No hint from here: {summary}"));
                self.draw();
                return None;
            }
            // What a script's search claims is replayed in a fresh Worker first, from the start.
            #[cfg(feature = "js")]
            let report = {
                let played = from.prefix.len();
                let mut whole = report;
                whole.moves.splice(0..0, from.prefix);
                let (mut whole, _) = self.check_before_showing(whole, summary, Some(played))?;
                whole.moves.drain(..played);
                whole
            };
            self.show_hint(&report, from.quick);
            if from.quick {
                self.start(Task::ProvenHint);
            }
            return None;
        }
        let start = from.prefix.len();
        if report.status == families::Status::Solved && start > 0 {
            let mut moves = from.prefix;
            moves.append(&mut report.moves);
            report.moves = moves;
            self.running.show_step_after(start);
            self.link_note = Some(format!("From your move {start}:"));
        }
        Some(report)
    }

    /// The position shown, with the hint's move a third of the way along (not played).
    pub(super) fn hinted(&self) -> Option<(Vec<String>, usize)> {
        let hint = self.playing.hint.as_ref()?;
        let step = self.playback.step.min(self.moves_len());
        let mut moves = self.moves()[..step].to_vec();
        moves.push(hint.clone());
        Some((moves, step))
    }
}
