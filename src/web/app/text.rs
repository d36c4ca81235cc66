//! The text box: typing, undo and redo, reading the text into a puzzle, and its errors shown in
//! place.

use super::*;

/// What the text box keeps beside the text and its history.
#[derive(Default)]
pub(super) struct Reading {
    /// The text last read: a step or a note kept for a result belongs to it.
    last: String,
    /// The timer that will read a big text once typing pauses.
    reparse_timer: Option<i32>,
    /// Line numbers shown in the gutter, and the one marked as bad.
    gutter_lines: std::cell::Cell<usize>,
    gutter_bad: std::cell::Cell<Option<usize>>,
}

impl App {
    /// Replaces the text, optionally as one undo step.
    pub(super) fn set_text(&mut self, text: &str, undoable: bool) {
        self.history.set(text, undoable);
        self.el.text.set_value(text);
    }

    /// Opens `text` of `family` (its id) as a puzzle chosen from a menu is: in a history entry
    /// of its own, the family named only when detection would not find it, so that the next
    /// paste is detected again.
    pub(super) fn open_puzzle(&mut self, family: &str, text: &str) {
        self.leave_entry();
        let detected = families::choose(None, text).is_ok_and(|f| f.id() == family);
        self.el.family.set_value(if detected { "auto" } else { family });
        self.set_text(text, true);
        self.reparse();
        self.open_entry();
    }

    /// The user typed: quick keystrokes are one undo step.
    pub(super) fn typed(&mut self) {
        let now = self.now();
        self.history.typed(self.el.text.value(), now);
        // The picker names an example only while the text is that example's.
        let chosen = self.el.examples.value();
        if !chosen.is_empty() && examples::find(&chosen).is_none_or(|(_, example)| example.text != self.history.text())
        {
            self.el.examples.set_value("");
        }
        if self.history.text().len() > BIG_TEXT {
            self.reparse_later(BIG_TEXT_PAUSE_MS, "Reading the puzzle when typing pauses…");
        } else {
            self.reparse();
        }
    }

    /// Reads the text after `delay_ms` (restarting the wait if already waiting), saying so
    /// meanwhile. Until then there is no puzzle: Solve waits, the old error goes.
    pub(super) fn reparse_later(&mut self, delay_ms: i32, status: &str) {
        self.cancel_reparse();
        self.puzzle = None;
        self.el.error.set_text_content(None);
        self.set_status(status);
        self.update_buttons();
        let read = Closure::once_into_js(|| {
            with_app(|app| {
                app.reading.reparse_timer = None;
                app.reparse();
            })
        });
        self.reading.reparse_timer =
            self.window.set_timeout_with_callback_and_timeout_and_arguments_0(read.unchecked_ref(), delay_ms).ok();
    }

    pub(super) fn cancel_reparse(&mut self) {
        if let Some(timer) = self.reading.reparse_timer.take() {
            self.window.clear_timeout_with_handle(timer);
        }
    }

    pub(super) fn undo(&mut self) {
        if self.history.undo() {
            self.el.text.set_value(self.history.text());
            self.reparse();
        }
    }

    pub(super) fn redo(&mut self) {
        if self.history.redo() {
            self.el.text.set_value(self.history.text());
            self.reparse();
        }
    }

    /// An edit from draw mode.
    pub(super) fn edit(&mut self, text: String) {
        self.set_text(&text, true);
        self.reparse();
    }

    pub(super) fn reparse(&mut self) {
        self.cancel_reparse();
        // A result belongs to the text it was asked for: a new text stops the search.
        self.cancel();
        self.playback.stop();
        self.show_analysis(None);
        self.report = None;
        self.running.forget_streamed();
        self.playing.forget();
        self.solution = 0;
        self.playback.step = 0;
        // What a link asked of its own text (a step to show, a solve to start, a note) is not
        // carried to another.
        if self.reading.last != self.history.text() {
            self.reading.last = self.history.text().to_string();
            self.running.forget_asked();
            self.link_note = None;
        }
        self.show_moves();
        let chosen = families::choose(Some(&self.el.family.value()), self.history.text());
        if let Ok(family) = chosen {
            if family.needs_full_build(self.history.text()) && !self.full_module_failed {
                return self.hand_over(family);
            }
        }
        // A script the sandbox runs: read there first.
        let reading = chosen.as_ref().is_ok_and(|family| family.wants_trace(self.history.text()));
        #[cfg(feature = "js")]
        self.sandbox_reads(chosen.as_ref().ok().copied(), reading);
        // Still reading unless the sandbox knew at once (a script held until Solve).
        let reading = reading && chosen.as_ref().is_ok_and(|family| family.wants_trace(self.history.text()));
        self.show_detected(chosen.as_ref().ok().copied());
        // The status speaks of this text from now on (while the solver loads, it says so).
        let idle = !self.running.busy() && !self.el.status.text_content().is_some_and(|s| s.starts_with("Loading"));
        let picked = self.el.family.value();
        match chosen.and_then(|family| families::parse_as(Some(&picked), family, self.history.text())) {
            Ok(puzzle) => {
                // Small texts only: writing a huge maze's position at every key would lag.
                self.playing.new_puzzle(self.history.text().len() <= BIG_TEXT && puzzle.text_at(&[]).is_some());
                // Read and drawn, but not solvable as it stands: said now, where it is.
                let unready = puzzle.unready();
                self.puzzle = Some(puzzle);
                self.show_error(unready.as_ref());
                if idle {
                    self.set_status(&self.ready_line(unready.as_ref()));
                }
            }
            Err(_) if reading => {
                self.puzzle = None;
                self.playing.new_puzzle(false);
                self.show_error(None);
                if idle {
                    self.set_status("Reading the script in its sandbox…");
                }
            }
            Err(error) => {
                self.puzzle = None;
                self.playing.new_puzzle(false);
                self.show_error(Some(&error));
                if idle {
                    self.set_status("The puzzle could not be read: see the message under the text.");
                }
            }
        }
        self.show_warnings();
        #[cfg(feature = "js")]
        self.say_if_held();
        self.show_metrics();
        self.show_levels();
        // The pickers offer what this puzzle accepts: its methods, its modes, its switches.
        let capabilities = self.puzzle.as_ref().map(|p| p.capabilities());
        self.show_methods(capabilities.as_ref());
        self.el.mode_option.set_hidden(capabilities.as_ref().is_none_or(|c| c.modes.len() < 2));
        self.show_switches(capabilities.as_ref());
        self.el.workers_option.set_hidden(capabilities.as_ref().is_none_or(|c| c.parts.is_empty() && c.beside == 0));
        if let Some((cols, rows)) = self.puzzle.as_ref().and_then(|p| p.editor()).map(|e| e.size()) {
            self.el.cols.set_value(&cols.to_string());
            self.el.rows.set_value(&rows.to_string());
        }
        let makes_new = self.puzzle.as_ref().and_then(|p| families::family(p.family())).is_some_and(|f| f.generates());
        self.el.new_board.set_text_content(Some(if makes_new { "New random" } else { "New board" }));
        self.show_tools();
        self.show_help();
        self.update_buttons();
        self.draw();
    }

    /// The family picker says what detection found ("Detect: Rush Hour"), and a family picked
    /// by hand shows a button back to detection.
    pub(super) fn show_detected(&self, chosen: Option<&dyn Family>) {
        let picked = self.el.family.value() != "auto";
        self.el.family_detect.set_hidden(!picked);
        let label = match chosen {
            Some(family) if !picked => format!("Detect: {}", family.name()),
            _ => "Detect".to_string(),
        };
        if let Some(detect) = self.el.family.item(0) {
            if detect.text_content().as_deref() != Some(label.as_str()) {
                detect.set_text_content(Some(&label));
            }
        }
    }

    /// The help panel, while open: the family on screen (or picked), how its board is played,
    /// its format and a small example, all as text.
    pub(super) fn show_help(&self) {
        if self.el.help.hidden() {
            return;
        }
        let family = (self.puzzle.as_ref().and_then(|p| families::family(p.family())))
            .or_else(|| families::choose(Some(&self.el.family.value()), self.history.text()).ok())
            .unwrap_or(FAMILIES[0]);
        let text = |id: &str, value: &str| {
            if let Some(element) = self.document.get_element_by_id(id) {
                element.set_text_content(Some(value));
            }
        };
        text("help-title", family.name());
        text(
            "help-play",
            family
                .how_to_play()
                .unwrap_or("Press Solve, then watch the solution: ◀ and ▶ (or the arrow keys) step through it."),
        );
        if let Some(element) = self.document.get_element_by_id("help-format") {
            show_reference(&self.document, &element, family.format_help());
        }
        text("help-example", family.blank());
    }

    /// One checkbox per switch the puzzle declares, its help as the tooltip; left alone (and
    /// so left checked) while the puzzle declares the same ones.
    pub(super) fn show_switches(&self, capabilities: Option<&families::Capabilities>) {
        let switches = capabilities.map_or(&[][..], |c| &c.switches[..]);
        let shown = self.el.switches.child_element_count() as usize == switches.len()
            && switches.iter().all(|s| self.switch_box(s.name).is_some());
        if !shown {
            self.el.switches.set_text_content(None);
            for switch in switches {
                let label = self.document.create_element("label").unwrap_throw();
                let mut help = switch.help.to_string();
                if let Some(first) = help.get_mut(..1) {
                    first.make_ascii_uppercase();
                }
                let _ = label.set_attribute("title", &help);
                let checkbox: HtmlInputElement = self.document.create_element("input").unwrap_throw().unchecked_into();
                checkbox.set_type("checkbox");
                checkbox.set_id(&format!("switch-{}", switch.name));
                let text = self.document.create_element("span").unwrap_throw();
                text.set_text_content(Some(&format!(" {}", switch.label)));
                let _ = label.append_child(&checkbox);
                let _ = label.append_child(&text);
                let _ = self.el.switches.append_child(&label);
            }
        }
        self.el.switches.set_hidden(switches.is_empty());
    }

    /// The checkbox of the switch called `name`, if the puzzle has it.
    pub(super) fn switch_box(&self, name: &str) -> Option<HtmlInputElement> {
        self.document.get_element_by_id(&format!("switch-{name}"))?.dyn_into().ok()
    }

    /// The names of the puzzle's switches that are checked.
    pub(super) fn switches_on(&self) -> Vec<String> {
        let Some(puzzle) = &self.puzzle else { return Vec::new() };
        (puzzle.capabilities().switches.iter())
            .filter(|s| self.switch_box(s.name).is_some_and(|checkbox| checkbox.checked()))
            .map(|s| s.name.to_string())
            .collect()
    }

    /// The method picker offers the puzzle's methods, "Automatic" naming what it will run
    /// (keeping the choice if it fits).
    pub(super) fn show_methods(&self, capabilities: Option<&families::Capabilities>) {
        let methods: Vec<Method> = capabilities.map_or_else(|| Method::ALL.to_vec(), |c| c.methods.clone());
        let auto = capabilities.map(|c| c.auto());
        let labels: Vec<String> = methods
            .iter()
            .map(|&m| match (m, auto) {
                (Method::Auto, Some(chosen)) => format!("Automatic ({})", chosen.title()),
                _ => method_label(m).to_string(),
            })
            .collect();
        let picker = &self.el.method;
        // Typing re-reads the puzzle on every key: leave the picker alone when nothing changed.
        let shown: Vec<String> =
            (0..picker.length()).filter_map(|i| picker.item(i)).map(|o| o.text_content().unwrap_or_default()).collect();
        if shown == labels {
            return;
        }
        let current = picker.value();
        while picker.length() > 0 {
            picker.remove_with_index(0);
        }
        for (m, label) in methods.iter().zip(&labels) {
            let _ = picker.append_child(&option(&self.document, label, m.name()));
        }
        picker.set_value(if methods.iter().any(|m| m.name() == current) { &current } else { "auto" });
    }

    /// The metric picker offers the metrics of the puzzle's family (keeping the choice if it fits).
    pub(super) fn show_metrics(&self) {
        let family = self.puzzle.as_ref().and_then(|p| families::family(p.family()));
        let metrics: &[&str] = family.map_or(&[], |f| f.metrics());
        let picker = &self.el.metric;
        let current = picker.value();
        let shown: Vec<String> = (1..picker.length())
            .filter_map(|i| picker.item(i))
            .map(|o| o.get_attribute("value").unwrap_or_default())
            .collect();
        if shown.iter().map(String::as_str).eq(metrics.iter().copied()) {
            return;
        }
        while picker.length() > 1 {
            picker.remove_with_index(1);
        }
        for m in metrics {
            let _ = picker.append_child(&option(&self.document, m, m));
        }
        picker.set_value(if metrics.contains(&current.as_str()) { &current } else { "" });
    }

    /// What the status says of a puzzle read: ready to solve (with how many notes there are on
    /// its text), or why not.
    pub(super) fn ready_line(&self, unready: Option<&FormatError>) -> String {
        if let Some(why) = unready {
            return format!("Not ready to solve: {}.", why.message);
        }
        match self.puzzle.as_ref().map_or(0, |p| p.warnings().len()) {
            0 => "Ready: press Solve.".to_string(),
            1 => "Ready: press Solve. One note on the text: see under it.".to_string(),
            n => format!("Ready: press Solve. {n} notes on the text: see under it."),
        }
    }

    /// The puzzle's warnings under the text (as text, never markup): the first few, each at its
    /// place, and how many more.
    fn show_warnings(&self) {
        const SHOWN: usize = 5;
        let warnings = self.puzzle.as_ref().map_or(&[][..], |p| p.warnings());
        let mut lines: Vec<String> = warnings.iter().take(SHOWN).map(|w| format!("Note: {w}")).collect();
        if warnings.len() > SHOWN {
            lines.push(format!("and {} more notes like these.", warnings.len() - SHOWN));
        }
        self.el.warnings.set_text_content(Some(&lines.join("\n")));
    }

    pub(super) fn show_error(&self, error: Option<&FormatError>) {
        self.el.error.set_text_content(error.map(|e| e.to_string()).as_deref());
        // Numbers for the lines one can scroll to (a huge paste does not get a million of them),
        // rebuilt only when the count changes, not at every keystroke.
        const MAX_GUTTER_LINES: usize = 5000;
        let gutter = &self.el.gutter;
        let lines = self.history.text().split('\n').count().clamp(1, MAX_GUTTER_LINES);
        if lines != self.reading.gutter_lines.replace(lines) {
            gutter.set_text_content(None);
            self.reading.gutter_bad.set(None);
            for n in 1..=lines {
                let span = self.document.create_element("span").unwrap_throw();
                span.set_text_content(Some(&n.to_string()));
                let _ = span.set_attribute("style", "display:block");
                let _ = gutter.append_child(&span);
            }
        }
        let line_span = |n: usize| (n >= 1).then(|| gutter.children().item(n as u32 - 1)).flatten();
        if let Some(span) = self.reading.gutter_bad.take().and_then(line_span) {
            let _ = span.remove_attribute("class");
            let _ = span.remove_attribute("title");
        }
        if let Some(e) = error {
            if let Some(span) = line_span(e.line) {
                let _ = span.set_attribute("class", "bad");
                let _ = span.set_attribute("title", &e.message);
                self.reading.gutter_bad.set(Some(e.line));
            }
        }
        // While someone types in the box its caret is theirs: a selection made there now would
        // be replaced by the next key. Otherwise (a file opened, an example) the line is chosen.
        let typing = self.document.active_element().is_some_and(|e| e.id() == "puzzle-text");
        if error.is_some() {
            self.unfold("editor-fold"); // the message is under the text
        }
        if let Some(e) = error.filter(|e| e.line > 0 && !typing) {
            // Select the offending line so it is easy to find and fix.
            let start: usize =
                self.history.text().split('\n').take(e.line.saturating_sub(1)).map(|l| l.chars().count() + 1).sum();
            let len = self.history.text().split('\n').nth(e.line.saturating_sub(1)).map_or(0, |l| l.chars().count());
            let _ = self.el.text.set_selection_range(start as u32, (start + len) as u32);
        }
        gutter.set_scroll_top(self.el.text.scroll_top());
    }
}

/// A format's reference (`docs/formats/`) into `parent` as elements with text: its title left
/// out (the panel names the family).
fn show_reference(document: &Document, parent: &web_sys::Element, reference: &str) {
    use crate::web::markdown::{blocks, Block, Span};
    parent.set_text_content(None);
    let add = |to: &web_sys::Element, tag: &str| -> Option<web_sys::Element> {
        let element = document.create_element(tag).ok()?;
        to.append_child(&element).ok()?;
        Some(element)
    };
    let fill = |to: &web_sys::Element, spans: &[Span]| {
        for span in spans {
            let (tag, words) = match span {
                Span::Text(words) => {
                    let _ = to.append_with_str_1(words);
                    continue;
                }
                Span::Code(words) => ("code", words),
                Span::Bold(words) => ("strong", words),
                // A link within the repository (`npuzzle.md`) leads nowhere from the page.
                Span::Link(words, to_address) if !to_address.starts_with("https://") => {
                    let _ = to.append_with_str_1(words);
                    continue;
                }
                Span::Link(words, to_address) => {
                    if let Some(link) = add(to, "a") {
                        link.set_text_content(Some(words));
                        let _ = link.set_attribute("href", to_address);
                        let _ = link.set_attribute("target", "_blank");
                        let _ = link.set_attribute("rel", "noopener");
                    }
                    continue;
                }
            };
            if let Some(element) = add(to, tag) {
                element.set_text_content(Some(words));
            }
        }
    };
    for block in blocks(reference) {
        match block {
            Block::Heading(1, _) => {}
            Block::Heading(level, spans) => {
                if let Some(heading) = add(parent, if level == 2 { "h3" } else { "h4" }) {
                    fill(&heading, &spans);
                }
            }
            Block::Paragraph(spans) => {
                if let Some(paragraph) = add(parent, "p") {
                    fill(&paragraph, &spans);
                }
            }
            Block::List(items) => {
                if let Some(list) = add(parent, "ul") {
                    for item in items {
                        if let Some(element) = add(&list, "li") {
                            fill(&element, &item);
                        }
                    }
                }
            }
            Block::Code(code) => {
                if let Some(pre) = add(parent, "pre") {
                    pre.set_text_content(Some(&code));
                }
            }
            Block::Table(rows) => {
                if let Some(table) = add(parent, "table") {
                    for (i, row) in rows.iter().enumerate() {
                        if let Some(tr) = add(&table, "tr") {
                            for cell in row {
                                if let Some(element) = add(&tr, if i == 0 { "th" } else { "td" }) {
                                    fill(&element, cell);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
