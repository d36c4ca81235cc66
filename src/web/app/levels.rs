//! A file of several levels (a Sokoban collection): the picker above the board opens one level
//! at a time as the puzzle text, in a history entry of its own (Back returns to the file), and
//! stays while the text is one of the file's levels, so the next level is one click away.

use super::App;

impl App {
    /// After each reading of the text: a text of several levels becomes the collection the
    /// picker offers (its first level is the puzzle shown); a text that is one of them keeps
    /// the picker, at that level; any other text hides it.
    pub(super) fn show_levels(&mut self) {
        let titles = self.puzzle.as_ref().map(|p| p.levels()).unwrap_or_default();
        let whole = !titles.is_empty();
        if whole {
            self.levels = self
                .puzzle
                .as_ref()
                .map(|p| (0..titles.len()).filter_map(|i| p.level_text(i)).collect())
                .unwrap_or_default();
            self.fill_level_picker(&titles);
        }
        // The whole file shows its first level; any text that is not one of its levels, none.
        let Some(index) = (if whole { Some(0) } else { self.level_open() }) else {
            self.el.levels.set_hidden(true);
            return;
        };
        self.el.level.set_selected_index(index as i32);
        let said = whole
            .then(|| format!("This file holds {} levels; level 1 is shown. Pick one to open it alone.", titles.len()));
        self.el.level_status.set_text_content(said.as_deref());
        self.el.level_prev.set_disabled(whole || index == 0);
        self.el.level_next.set_disabled(!whole && index + 1 >= self.levels.len());
        self.el.levels.set_hidden(false);
    }

    /// Which of the file's levels the text on screen is, if it is one of them.
    fn level_open(&self) -> Option<usize> {
        self.levels.iter().position(|t| t == self.history.text())
    }

    fn fill_level_picker(&self, titles: &[String]) {
        let picker = &self.el.level;
        while picker.length() > 0 {
            picker.remove_with_index(0);
        }
        for (index, title) in titles.iter().enumerate() {
            let number = (index + 1).to_string();
            // Most titles start with the level's number ("155 'The Dungeon'"); the others get it.
            let label = if title.starts_with(&number) { title.clone() } else { format!("{number}. {title}") };
            let _ = picker.append_child(&super::option(&self.document, &label, &index.to_string()));
        }
    }

    /// Opens level `index` of the collection alone, as a new history entry.
    pub(super) fn open_level(&mut self, index: usize) {
        let Some(text) = self.levels.get(index).cloned() else { return };
        if text == self.history.text() {
            return;
        }
        self.leave_entry();
        self.set_text(&text, true);
        self.reparse();
        self.open_entry();
    }

    /// The level after (`by` 1) or before (-1) the one open. The whole file shows its first
    /// level, so "next" from there opens the second.
    pub(super) fn step_level(&mut self, by: isize) {
        let index = self.level_open().map_or(usize::from(by > 0), |open| open.saturating_add_signed(by));
        self.open_level(index);
    }
}
