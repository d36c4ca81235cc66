//! Sharing: links, the solution copied, the embedded player and its snippet, and a link opened.

use super::*;

impl App {
    /// Copies the address, which holds the puzzle on screen, its options and step.
    pub(super) fn share(&mut self) {
        self.remember();
        let url = self.address.written().to_string();
        if !url.contains('#') {
            return self.notice(
                "This puzzle is too long for a link (the page keeps it for your next visit); send it as a file.",
            );
        }
        self.el.share_link.set_value(&url);
        self.el.share_link.set_hidden(false);
        self.el.share_link.select();
        let _ = self.window.navigator().clipboard().write_text(&url);
        self.notice("Link to this puzzle and step: copied (it is also in the box below the buttons).");
    }

    /// Copies the puzzle's text and the solution shown, in the family's own notation, to paste
    /// in a post; it also shows in a box below the buttons (as text, never markup), for when the
    /// clipboard is not allowed.
    pub(super) fn copy_solution(&mut self) {
        let (Some(puzzle), Some(report)) = (&self.puzzle, &self.report) else { return };
        let moves = self.moves();
        let text = replay::pasteable(self.history.text(), report, moves.len(), &puzzle.solution_text(moves));
        self.el.solution_text.set_value(&text);
        self.el.solution_text.set_hidden(false);
        self.el.solution_text.select();
        let _ = self.window.navigator().clipboard().write_text(&text);
        self.notice("The puzzle and its solution: copied as text (also in the box below the buttons).");
    }

    /// Opens an embedded link's compact player: the board, the replay controls and the moves
    /// (the rest of the page is hidden by the `player` class). Its moves replay without the
    /// solver when they pass the rules and end solved; otherwise the puzzle is solved, and the
    /// result says why.
    pub(super) fn open_player(&mut self, shared: &Shared, player: share::Player) {
        if let Some(root) = self.document.document_element() {
            let _ = root.class_list().add_1("player");
            if player.dark {
                let _ = root.class_list().add_1("dark");
            }
        }
        let full = Shared { player: None, ..shared.clone() };
        self.el.open_full.set_href(&format!("{}#{}", self.base_url(), share::encode(&full)));
        self.el.open_full.set_hidden(false);
        if let Some(speed) = player.speed {
            self.el.speed.set_value(&speed.clamp(1, 10).to_string());
        }
        let options = self.options();
        let checked =
            self.puzzle.as_ref().map(|p| (p.family(), p.capabilities().noun, p.check(&options, &player.moves)));
        match checked {
            Some((family, noun, Ok(verdict))) if verdict.ends_solved => {
                let metric = options
                    .metric
                    .clone()
                    .or_else(|| families::family(family).and_then(|f| f.metrics().first()).map(|m| m.to_string()))
                    .unwrap_or_default();
                let count = player.moves.len();
                self.report = Some(Report::replayed(family, &metric, noun, player.moves.clone()));
                self.playback.step = shared.step.min(count);
                self.running.forget_asked();
                self.show_moves();
                self.set_status(&format!(
                    "A solution in {count} steps, replayed from the link (checked against the rules)."
                ));
                let autoplay = player.autoplay;
                self.player = Some(player);
                if autoplay {
                    self.toggle_play();
                }
            }
            checked => {
                let why = match checked {
                    Some((_, _, Err(error))) => error.to_string(),
                    Some((_, _, Ok(_))) => "they do not end solved".to_string(),
                    None => "the puzzle could not be read".to_string(),
                };
                self.link_note =
                    Some(format!("The link's moves did not replay ({why}), so the puzzle was solved here:"));
                self.set_status(&format!("The link's moves do not replay ({why}): solving the puzzle instead…"));
                self.player = Some(player);
            }
        }
    }

    /// The page's address without its fragment.
    pub(super) fn base_url(&self) -> String {
        let href = self.window.location().href().unwrap_or_default();
        href.split('#').next().unwrap_or_default().to_string()
    }

    /// The replay's speed set on the slider, 1 (slow) to 10.
    pub(super) fn speed(&self) -> f64 {
        let speed = self.el.speed.value_as_number();
        if speed.is_finite() {
            speed.clamp(1.0, 10.0)
        } else {
            f64::from(crate::animation::DEFAULT_SPEED)
        }
    }

    /// The embedded player's link for the solution shown, at the current step, with the
    /// options ticked in the Embed panel and the current speed.
    pub(super) fn player_link(&self) -> Option<String> {
        if self.moves().is_empty() {
            return None;
        }
        let player = share::Player {
            moves: self.moves().to_vec(),
            autoplay: self.el.embed_autoplay.checked(),
            looped: self.el.embed_loop.checked(),
            speed: Some(self.speed() as u8),
            dark: self.el.embed_dark.checked(),
        };
        let shared = Shared { analyse: false, idle: false, played: Vec::new(), player: Some(player), ..self.here() };
        Some(format!("{}#{}", self.base_url(), share::encode(&shared)))
    }

    /// Fills the Embed panel: the player's link and an `<iframe>` snippet for it (as text in
    /// form fields, never markup on this page).
    pub(super) fn show_embed(&self) {
        let Some(link) = self.player_link() else { return };
        let name = self.puzzle.as_ref().and_then(|p| families::family(p.family())).map_or("puzzle", |f| f.name());
        let snippet = format!(
            "<iframe src=\"{}\" title=\"{}\" width=\"420\" height=\"640\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>",
            crate::draw::xml_escape(&link),
            crate::draw::xml_escape(&format!("puzzlelab: a {name} solution"))
        );
        self.el.embed_code.set_value(&snippet);
        self.el.embed_link.set_value(&link);
    }

    /// Embed: shows the panel with the snippet, and copies the snippet.
    pub(super) fn embed(&mut self) {
        let open = self.el.embed_panel.hidden();
        self.el.embed_panel.set_hidden(!open);
        if open {
            self.show_embed();
            self.el.embed_code.select();
            let _ = self.window.navigator().clipboard().write_text(&self.el.embed_code.value());
            self.notice("Embed code for this solution: copied (it is also in the box below the buttons).");
        }
    }

    /// Opens the puzzle in the URL fragment, if there is one. Returns whether it did.
    pub(super) fn open_shared_link(&mut self) -> bool {
        let hash = self.window.location().hash().unwrap_or_default();
        if hash.len() <= 1 {
            return false;
        }
        match share::decode(&hash) {
            Ok(shared) => {
                self.el.examples.set_value("");
                let family_known = families::family(&shared.family).is_some();
                self.el.family.set_value(if family_known { &shared.family } else { "auto" });
                self.set_text(&shared.text, false);
                self.reparse(); // offers the family's metrics, so the shared one can be chosen
                self.el.metric.set_value(shared.metric.as_deref().unwrap_or(""));
                self.el.method.set_value(shared.method.as_deref().unwrap_or("auto"));
                if self.el.method.value().is_empty() {
                    self.el.method.set_value("auto");
                }
                for name in shared.switches_on() {
                    if let Some(checkbox) = self.switch_box(&name) {
                        checkbox.set_checked(true);
                    }
                }
                self.running.show_step_after(shared.step);
                // Moves played by hand, if they are still moves of this puzzle.
                let playable = self.puzzle.as_ref().is_some_and(|p| p.check(&self.options(), &shared.played).is_ok());
                if !shared.played.is_empty() && playable {
                    self.playing.restore(shared.played.clone());
                    self.show_moves();
                    self.go_to(shared.step);
                }
                if !shared.idle {
                    self.running.start_later(if shared.analyse { Task::Analyse } else { Task::Solve });
                    self.set_status("Opening the shared puzzle…");
                }
                if let Some(player) = shared.player.clone() {
                    self.open_player(&shared, player);
                }
                true
            }
            Err(message) => {
                self.set_status(&format!("Could not open the shared link: {message}"));
                false
            }
        }
    }
}
