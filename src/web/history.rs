//! The puzzle text and its undo history: the text before each change, quick keystrokes grouped
//! into one step, bounded in steps and in bytes. Plain data, so it is tested natively; the page
//! (`app/text.rs`) puts the text in the text box and reads the puzzle again after each change.

/// Typing pauses longer than this start a new undo step.
pub const GROUP_MS: f64 = 800.0;
/// The history keeps at most this many texts, and drops the oldest past this many bytes
/// (a 30 MB file pasted twice must not hold hundreds of megabytes).
pub const MAX_STEPS: usize = 200;
pub const MAX_BYTES: usize = 64 << 20;

#[derive(Debug, Default, PartialEq)]
pub struct History {
    text: String,
    undo: Vec<String>,
    redo: Vec<String>,
    /// When the last keystroke came (ms), to group quick ones.
    last_typed: f64,
}

impl History {
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Replaces the text, as one undo step when `undoable` and it changes.
    pub fn set(&mut self, text: &str, undoable: bool) {
        if undoable && text != self.text {
            let previous = std::mem::take(&mut self.text);
            self.remember(previous);
        }
        self.text = text.to_string();
    }

    /// The user typed, making the text `text`, at `now_ms`: keystrokes closer together than
    /// [`GROUP_MS`] make one undo step.
    pub fn typed(&mut self, text: String, now_ms: f64) {
        if now_ms - self.last_typed > GROUP_MS {
            self.remember(self.text.clone());
        }
        self.last_typed = now_ms;
        self.text = text;
    }

    /// Goes back one step; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(previous) = self.undo.pop() else { return false };
        self.redo.push(std::mem::replace(&mut self.text, previous));
        true
    }

    /// Goes forward one undone step; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else { return false };
        self.undo.push(std::mem::replace(&mut self.text, next));
        true
    }

    /// The history as texts (the undo stack, the text, the redo stack, in that order) and the
    /// counts that split them: what the page hands its full module (`app/handover.rs`), which
    /// [`History::from_texts`] reads back.
    pub fn texts(&self) -> (impl Iterator<Item = &str>, usize, usize) {
        let texts = self.undo.iter().chain([&self.text]).chain(&self.redo).map(String::as_str);
        (texts, self.undo.len(), self.redo.len())
    }

    /// When the last keystroke came (ms): handed over with the texts, so that keys typed on
    /// either side of a handover group as one undo step.
    pub fn last_typed(&self) -> f64 {
        self.last_typed
    }

    /// A history from [`History::texts`] and [`History::last_typed`]; None when the counts do
    /// not fit the texts.
    pub fn from_texts(mut texts: Vec<String>, undone: usize, redone: usize, last_typed: f64) -> Option<History> {
        if texts.len() != undone + redone + 1 {
            return None;
        }
        let redo = texts.split_off(undone + 1);
        let text = texts.pop()?;
        Some(History { text, undo: texts, redo, last_typed })
    }

    /// Pushes a text on the undo history, within its limits; a new change forgets what was undone.
    fn remember(&mut self, text: String) {
        self.undo.push(text);
        self.redo.clear();
        let mut bytes: usize = self.undo.iter().map(String::len).sum();
        let mut drop = 0;
        while self.undo.len() - drop > MAX_STEPS || (bytes > MAX_BYTES && self.undo.len() - drop > 1) {
            bytes -= self.undo[drop].len();
            drop += 1;
        }
        self.undo.drain(..drop);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_keystrokes_are_one_step_and_a_pause_starts_another() {
        let mut history = History::default();
        history.set("start", false);
        history.typed("start a".into(), 10_000.0);
        history.typed("start ab".into(), 10_300.0);
        history.typed("start abc".into(), 11_000.0);
        history.typed("start abc d".into(), 12_000.0);
        assert!(history.undo());
        assert_eq!(history.text(), "start abc");
        assert!(history.undo());
        assert_eq!(history.text(), "start");
        assert!(!history.undo());
        assert!(history.redo() && history.redo());
        assert_eq!(history.text(), "start abc d");
        assert!(!history.redo());
    }

    #[test]
    fn a_change_forgets_what_was_undone_and_an_unchanged_text_is_no_step() {
        let mut history = History::default();
        history.set("a", true);
        history.set("b", true);
        history.set("b", true);
        assert!(history.undo());
        assert_eq!(history.text(), "a");
        history.set("c", true);
        assert!(!history.redo());
        assert!(history.undo() && history.undo());
        assert_eq!(history.text(), "");
        assert!(!history.undo());
    }

    #[test]
    fn the_history_is_bounded_in_steps_and_bytes() {
        let mut history = History::default();
        for i in 0..MAX_STEPS + 50 {
            history.set(&i.to_string(), true);
        }
        assert_eq!((undo_all(&mut history), history.text()), (MAX_STEPS, "49"));
        // Texts of 20 MB: the oldest go once the history passes 64 MB (three of them stay).
        let mut history = History::default();
        for letter in ['a', 'b', 'c', 'd', 'e'] {
            history.set(&letter.to_string().repeat(20 << 20), true);
        }
        assert_eq!((undo_all(&mut history), history.text().chars().next()), (3, Some('b')));
    }

    #[test]
    fn a_history_handed_over_as_texts_is_the_same_history() {
        let mut history = History::default();
        for text in ["a", "b", "c", "d"] {
            history.set(text, true);
        }
        assert!(history.undo());
        let (texts, undone, redone) = history.texts();
        let texts: Vec<String> = texts.map(String::from).collect();
        assert_eq!((texts.join("|"), undone, redone), ("|a|b|c|d".to_string(), 3, 1));
        let mut back = History::from_texts(texts, undone, redone, 5_000.0).unwrap();
        assert_eq!(back.text(), "c");
        // A key typed soon after the handover joins the step typed before it.
        back.typed("cx".into(), 5_100.0);
        assert!(back.undo() && back.text() == "b");
        assert!(back.redo() && back.text() == "cx");
        assert!(back.redo() && back.text() == "d" && !back.redo());
        assert!(back.undo() && back.undo() && back.undo() && back.undo() && back.text().is_empty() && !back.undo());
        assert_eq!(History::from_texts(vec!["x".into()], 1, 0, 0.0), None);
    }

    /// Undoes every step kept; how many there were.
    fn undo_all(history: &mut History) -> usize {
        std::iter::from_fn(|| history.undo().then_some(())).count()
    }
}
