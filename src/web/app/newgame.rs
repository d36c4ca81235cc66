//! New game: a puzzle made at a chosen difficulty by a Worker ([`Family::new_game`], which
//! solves each puzzle it makes to measure it), then opened as an example is, with what the
//! measure found in the status.

use super::*;
use crate::families::{Difficulty, NewGame};

/// The menu's value for a family's difficulty.
fn choice(family: &dyn Family, difficulty: Difficulty) -> String {
    format!("{}:{}", family.id(), difficulty.id())
}

/// The family (its id) and difficulty a menu value names.
pub(super) fn read_choice(value: &str) -> Option<(&'static str, Difficulty)> {
    let (id, difficulty) = value.split_once(':')?;
    let family = families::family(id).filter(|f| f.new_games().is_some())?;
    Some((family.id(), Difficulty::parse(difficulty)?))
}

/// Fills the New game menu: a group for each family that makes games, named by what it makes,
/// with its difficulties.
pub(super) fn fill_menu(app: &App) {
    let doc = &app.document;
    for family in FAMILIES.iter() {
        let Some(name) = family.new_games() else { continue };
        let Ok(group) = doc.create_element("optgroup") else { continue };
        let _ = group.set_attribute("label", name);
        for difficulty in Difficulty::ALL {
            let label = format!("{name}, {}", difficulty.id());
            let _ = group.append_child(&option(doc, &label, &choice(*family, difficulty)));
        }
        let _ = app.el.new_game.append_child(&group);
    }
}

impl App {
    /// Asks Worker 0 for a new game (it is ready: `start` waits for it).
    pub(super) fn make_new_game(&mut self, family: &'static str, difficulty: Difficulty) {
        let job = self.running.new_game(family, difficulty);
        let seed = (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64;
        let request = Request::NewGame { job, family: family.to_string(), difficulty, seed };
        if !self.pool.as_mut().is_some_and(|pool| pool.send(0, request)) {
            self.running.ended();
            return self.set_status("Could not ask the solver for a new game.");
        }
        let name = families::family(family).and_then(|f| f.new_games()).unwrap_or("puzzle");
        self.set_status(&format!(
            "Making a new {name} ({}): each one made is solved to measure how hard it is…",
            difficulty.id()
        ));
        self.update_buttons();
    }

    /// A new game of `family` at `difficulty` (the menu, `n`): whatever runs is cancelled.
    pub(super) fn ask_new_game(&mut self, family: &'static str, difficulty: Difficulty) {
        self.cancel();
        self.start(Task::NewGame(family, difficulty));
    }

    /// `n` on the board: another game of the kind made last, or a Medium one of the family shown
    /// when it makes games; false when there is none to make.
    pub(super) fn another_game(&mut self) -> bool {
        let shown = self.puzzle.as_ref().and_then(|p| families::family(p.family())).filter(|f| f.new_games().is_some());
        let Some((family, difficulty)) =
            self.running.last_new_game().or_else(|| shown.map(|family| (family.id(), Difficulty::Medium)))
        else {
            return false;
        };
        self.ask_new_game(family, difficulty);
        true
    }

    /// Opens the game a Worker made, as an example opens, and says how hard it measured.
    pub(super) fn new_game_made(&mut self, family: &str, difficulty: Difficulty, game: &NewGame) {
        self.running.ended();
        self.el.examples.set_value("");
        self.open_puzzle(family, &game.text);
        self.set_status(&replay::new_game_line(game, difficulty));
        self.update_buttons();
    }
}
