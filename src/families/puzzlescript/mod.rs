//! PuzzleScript (increpare/PuzzleScript, the web's puzzle-game language): a game's text is read
//! (`parse.rs`), its rules compiled to masks over bitsets (`compile.rs`) and run turn by turn
//! exactly as the reference engine runs them (`engine.rs`); a level is played, replayed and
//! solved in inputs (`up`, `down`, `left`, `right`, `action`), each input with every `again`
//! turn it starts. A game of several levels is a collection: each level opens alone, as the
//! game's text with only that level (`level_text`).

#[cfg(feature = "puzzlescript")]
pub mod compile;
#[cfg(feature = "puzzlescript")]
pub mod decor;
#[cfg(feature = "puzzlescript")]
pub mod draw;
#[cfg(feature = "puzzlescript")]
pub mod engine;
#[cfg(feature = "puzzlescript")]
mod pack;
#[cfg(feature = "puzzlescript")]
pub mod palettes;
#[cfg(feature = "puzzlescript")]
pub mod parse;
#[cfg(feature = "puzzlescript")]
mod puzzle;

use crate::families::{Confidence, Example, Family, FormatError, Puzzle};
#[cfg(feature = "puzzlescript")]
pub use puzzle::{Position, PsPuzzle};

pub struct PuzzleScript;

/// The metric: one input (with the again turns it starts) is one move.
const METRIC: &str = "inputs";

impl Family for PuzzleScript {
    fn id(&self) -> &'static str {
        "puzzlescript"
    }

    fn name(&self) -> &'static str {
        "PuzzleScript"
    }

    fn format_help(&self) -> &'static str {
        format_doc!("puzzlescript")
    }

    fn how_to_play(&self) -> Option<&'static str> {
        Some(
            "Arrow keys or WASD move, X or Space acts (where the game has an action); on a phone, swipe, and tap the player to act. Z undoes an input, R restarts the level (Ctrl+Y redoes).",
        )
    }

    fn metrics(&self) -> &'static [&'static str] {
        &[METRIC]
    }

    fn detect(&self, text: &str) -> Confidence {
        Confidence::sure_if(looks_like(text))
    }

    #[cfg(feature = "puzzlescript")]
    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Ok(Box::new(PsPuzzle::parse(text)?))
    }

    #[cfg(not(feature = "puzzlescript"))]
    fn parse(&self, _text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Err(crate::families::not_in_this_build("PuzzleScript"))
    }

    /// Without the engine (the page's first module): every game needs the rest.
    #[cfg(not(feature = "puzzlescript"))]
    fn needs_full_build(&self, _text: &str) -> bool {
        true
    }

    fn blank(&self) -> &'static str {
        include_str!("blank.txt")
    }

    fn examples(&self) -> &'static [Example] {
        // The first level's shortest answer, as a breadth-first search over the reference engine
        // finds it too (benches/puzzlescript_reference.mjs).
        static EXAMPLES: [Example; 4] = [
            example!("ps-sokoban-basic", "txt", 33, "Simple Block Pushing"),
            example!("ps-block-faker", "txt", 26, "Block Faker, by Droqen"),
            example!("ps-by-your-side", "txt", 9, "By Your Side, by Alan Hazelden"),
            example!("ps-kettle", "txt", 4, "Kettle, by increpare"),
        ];
        &EXAMPLES
    }
}

/// Whether `text` looks like a PuzzleScript game: it has most of the sections' headings.
pub fn looks_like(text: &str) -> bool {
    let headings = ["objects", "legend", "collisionlayers", "rules", "winconditions", "levels"];
    let found =
        text.lines().take(20_000).filter(|line| headings.iter().any(|h| line.trim().eq_ignore_ascii_case(h))).count();
    found >= 4
}

#[cfg(all(test, feature = "puzzlescript"))]
mod tests;
