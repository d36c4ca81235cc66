//! The replay: the move list, stepping and playing through `Playback`, and the keys that drive it.

use super::*;
use std::cell::Cell;

/// The move list as shown (its items are made by `show_moves`).
#[derive(Default)]
pub(super) struct MoveList {
    /// The index of the item marked as current.
    highlighted: Cell<Option<usize>>,
    /// The step last announced to screen readers.
    announced: Cell<Option<usize>>,
}

impl App {
    /// A move as the page words it in its list and hints ([`Puzzle::move_words`]).
    pub(super) fn move_words(&self, text: &str) -> String {
        self.puzzle.as_ref().and_then(|puzzle| puzzle.move_words(text)).unwrap_or_else(|| text.to_string())
    }

    pub(super) fn show_moves(&self) {
        self.playing.list_changed();
        let list = &self.el.moves;
        list.set_text_content(None);
        self.move_list.highlighted.set(None);
        for (i, m) in self.moves().iter().enumerate() {
            let item = self.document.create_element("li").unwrap_throw();
            item.set_text_content(Some(&self.move_words(m)));
            let _ = item.set_attribute("data-step", &(i + 1).to_string());
            let _ = list.append_child(&item);
        }
        self.update_buttons();
    }

    pub(super) fn highlight_move(&self) {
        // Screen readers hear the step someone went to (not every step of a replay playing).
        if !self.playback.playing && self.move_list.announced.get() != Some(self.playback.step) && self.report.is_some()
        {
            self.move_list.announced.set(Some(self.playback.step));
            let said = match self.playback.step.checked_sub(1).and_then(|i| self.moves().get(i)) {
                Some(played) => {
                    format!("Step {} of {}: {}", self.playback.step, self.moves_len(), self.move_words(played))
                }
                None => format!("The start, before step 1 of {}", self.moves_len()),
            };
            self.el.announce.set_text_content(Some(&said));
        }
        let items = self.el.moves.children();
        // Only the item that was current and the one that is: a maze's path can be thousands.
        if let Some(old) = self.move_list.highlighted.replace(None).and_then(|i| items.item(i as u32)) {
            let _ = old.class_list().remove_1("current");
        }
        let Some(item) = self.playback.step.checked_sub(1).and_then(|i| items.item(i as u32)) else { return };
        let _ = item.class_list().add_1("current");
        self.move_list.highlighted.set(Some(self.playback.step - 1));
        // Scroll the list, not the page, to keep the current move in sight.
        if let Ok(item) = item.dyn_into::<HtmlElement>() {
            let list = &self.el.moves;
            let (top, height) = (item.offset_top(), item.offset_height());
            if top < list.scroll_top() {
                list.set_scroll_top(top);
            } else if top + height > list.scroll_top() + list.client_height() {
                list.set_scroll_top(top + height - list.client_height());
            }
        }
    }

    pub(super) fn go_to(&mut self, step: usize) {
        self.playing.clear_hint();
        if self.playing.left_at().is_some_and(|at| step <= at) {
            self.rejoin();
        }
        self.playback.go_to(step, self.moves_len());
        self.update_buttons();
        self.draw();
    }

    /// Animates the next move.
    pub(super) fn advance(&mut self) {
        self.playing.clear_hint();
        if self.playback.advance(self.moves_len()) {
            request_frame(&self.window);
        }
        self.update_buttons();
        self.draw();
    }

    /// A looping player starts again from the start after a pause on the solved position,
    /// unless someone moved away from it meanwhile.
    pub(super) fn loop_later(&self) {
        let again = Closure::once_into_js(move || {
            with_app(|app| {
                if !app.playback.playing && app.playback.step == app.moves_len() {
                    app.playback.step = 0;
                    app.toggle_play();
                    app.draw();
                }
            })
        });
        let _ = self.window.set_timeout_with_callback_and_timeout_and_arguments_0(again.unchecked_ref(), 1500);
    }

    pub(super) fn toggle_play(&mut self) {
        if self.playback.toggle(self.moves_len()) {
            request_frame(&self.window);
        }
        self.update_buttons();
    }

    pub(super) fn frame(&mut self, time: f64) {
        // A long solution (a big maze's thousands of steps) plays in about a minute at the
        // middle speed, several moves a frame if need be.
        let speed = self.speed();
        let move_ms = crate::animation::move_millis(speed).min(300_000.0 / speed / self.moves_len().max(1) as f64);
        let tick = self.playback.frame(time, self.moves_len(), move_ms);
        if tick == Tick::default() {
            return;
        }
        if tick.played_out && self.player.as_ref().is_some_and(|p| p.looped) {
            self.loop_later();
        }
        if tick.stepped {
            self.update_buttons();
        }
        self.draw();
        if tick.again {
            request_frame(&self.window);
        }
    }

    pub(super) fn key(&mut self, event: &KeyboardEvent) {
        let key = event.key();
        let command = event.ctrl_key() || event.meta_key();
        let in_field = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|t| matches!(t.tag_name().as_str(), "TEXTAREA" | "INPUT" | "SELECT"));
        // Undo and redo: of the text in the text box, and in Draw (where the text is what is
        // edited); of moves everywhere else.
        let undo = command && (key == "z" || key == "Z") && !event.shift_key();
        let redo = command && ((key == "z" || key == "Z") && event.shift_key() || key == "y" || key == "Y");
        if undo || redo {
            event.prevent_default();
            match (in_field || self.drawing(), undo) {
                (true, true) => self.undo(),
                (true, false) => self.redo(),
                (false, true) => self.undo_move(),
                (false, false) => self.redo_move(),
            }
            return;
        }
        if in_field || command || event.alt_key() {
            return;
        }
        let on_board =
            event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()).is_some_and(|t| t.id() == "board");
        if self.drawing() && on_board {
            if self.draw_key(&key) {
                event.prevent_default();
            }
            return;
        }
        // The family's keys first: a letter that names a piece or a move is that piece or move.
        if on_board && self.key_played(&key) {
            event.prevent_default();
            return;
        }
        match self.puzzle.as_ref().and_then(|p| p.key_for_history(&key)) {
            Some(HistoryKey::Undo) => self.undo_move(),
            Some(HistoryKey::Redo) => self.redo_move(),
            Some(HistoryKey::Restart) => self.go_to(0),
            None => match key.as_str() {
                "ArrowLeft" => self.undo_move(),
                "ArrowRight" => self.advance(),
                " " => self.toggle_play(),
                "Home" | "R" => self.go_to(0),
                "End" => self.go_to(self.moves_len()),
                "u" | "Backspace" => self.undo_move(),
                "r" => self.redo_move(),
                "n" if self.another_game() => {}
                _ => return,
            },
        }
        event.prevent_default();
    }

    /// Takes back the move before the step shown (the moves after it stay, to be redone); a move
    /// still in flight counts as made, so a quick undo takes back that move and no more.
    pub(super) fn undo_move(&mut self) {
        let landing = self.playback.landing(self.moves_len());
        self.playback.stop();
        self.go_to(landing.saturating_sub(1));
    }

    /// Makes again the move after the step shown.
    pub(super) fn redo_move(&mut self) {
        self.playback.stop();
        if self.playback.step < self.moves_len() {
            self.advance();
        }
    }
}
