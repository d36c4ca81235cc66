//! Your own puzzle: the rules written as a rhai script (the LM-Solve idea of a handful of
//! methods, without Perl and without installing anything). The same script solves the same way
//! in the page (wasm) and on the command line. See `runner.rs` for the functions a script defines.
//!
//! The interpreter is behind the Cargo feature `script` (on by default). The page's first module
//! is built without it (docs/decisions/2026-11-26-a-first-module-and-the-full-one-on-demand.md): there this family still detects scripts, checks
//! what it can without rhai, and lists its examples, and the page opens its full module
//! (`full.html`) to read one.

pub mod draw;
#[cfg(feature = "js")]
pub mod js;
#[cfg(feature = "script")]
mod puzzle;
#[cfg(feature = "script")]
pub mod rules;
#[cfg(feature = "script")]
pub mod runner;
#[cfg(any(feature = "script", feature = "js"))]
mod shared;

#[cfg(feature = "script")]
pub use puzzle::ScriptPuzzle;

use crate::families::{Confidence, Example, Family, FormatError, Puzzle};

pub struct Script;

/// The first line that marks a text as a puzzle script.
pub const MARKER: &str = "// puzzlelab script";

/// Longest script read. Compiling grows faster than the script (8,000 small functions, 200 KB:
/// 0.27 s; 150,000, 4 MB: over 7 minutes, whatever the time limit), and the page reads the text
/// on every keystroke; the examples are 1 to 3 KB.
pub const MAX_SCRIPT_BYTES: usize = 128 << 10;

/// Whether the first line that is not blank is the script marker.
fn is_script(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|first| first.to_ascii_lowercase().starts_with(MARKER))
}

/// Whether a script's marker line says it is JavaScript (`// puzzlelab script js`).
fn is_javascript(text: &str) -> bool {
    let first = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let language = first.get(MARKER.len()..).unwrap_or("").trim().to_ascii_lowercase();
    is_script(text) && (language == "js" || language == "javascript")
}

/// A script in JavaScript, read by this build's engine.
#[cfg(all(feature = "js", not(target_arch = "wasm32")))]
fn parse_javascript(text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
    precheck(text)?;
    Ok(Box::new(js::JsPuzzle::load::<js::quickjs::QuickJs>(text)?))
}

/// In the page's full module: in a sandboxed Worker, the browser's engine runs the script; on
/// the page's own thread, what those Workers traced stands in for it (`js/recorded.rs`).
#[cfg(all(feature = "js", target_arch = "wasm32"))]
fn parse_javascript(text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
    precheck(text)?;
    if js::web::in_sandbox() {
        return Ok(Box::new(js::JsPuzzle::load::<js::web::WebEngine>(text)?));
    }
    Ok(Box::new(js::JsPuzzle::load::<js::recorded::Recorded>(text)?))
}

/// A build without the feature `js` (the page's first module, which opens the full one).
#[cfg(not(feature = "js"))]
fn parse_javascript(text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
    precheck(text)?;
    Err(crate::families::not_in_this_build("JavaScript rules"))
}

/// What can be said of a script before the interpreter reads it: that it is one, and not too
/// long to read.
fn precheck(text: &str) -> Result<(), FormatError> {
    if !is_script(text) {
        return Err(FormatError::new(1, 1, format!("a puzzle script starts with the line `{MARKER}`")));
    }
    check_size(text)
}

/// A script longer than [`MAX_SCRIPT_BYTES`] is refused at the line it goes past that.
fn check_size(text: &str) -> Result<(), FormatError> {
    if text.len() > MAX_SCRIPT_BYTES {
        // Bytes, not a string slice: the limit may fall inside a character.
        let line = text.as_bytes()[..MAX_SCRIPT_BYTES].iter().filter(|&&b| b == b'\n').count() + 1;
        return Err(FormatError::new(
            line,
            1,
            format!(
                "the script is {} KB; the most this tool reads is {} KB (it goes past that on this line)",
                text.len() >> 10,
                MAX_SCRIPT_BYTES >> 10
            ),
        ));
    }
    Ok(())
}

impl Family for Script {
    fn id(&self) -> &'static str {
        "script"
    }

    fn name(&self) -> &'static str {
        "Your own rules (script)"
    }

    fn format_help(&self) -> &'static str {
        format_doc!("script")
    }

    fn metrics(&self) -> &'static [&'static str] {
        &["moves"]
    }

    fn detect(&self, text: &str) -> Confidence {
        Confidence::sure_if(is_script(text))
    }

    #[cfg(feature = "script")]
    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        if is_javascript(text) {
            return parse_javascript(text);
        }
        Ok(Box::new(ScriptPuzzle::parse(text)?))
    }

    /// Without the interpreter: the errors [`precheck`] finds, else that this build cannot go on.
    #[cfg(not(feature = "script"))]
    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        if is_javascript(text) {
            return parse_javascript(text);
        }
        precheck(text)?;
        Err(crate::families::not_in_this_build("script interpreter"))
    }

    /// A rhai script without the feature `script`, one in JavaScript without `js`.
    fn needs_full_build(&self, text: &str) -> bool {
        const HAS: [bool; 2] = [cfg!(feature = "script"), cfg!(feature = "js")];
        !HAS[usize::from(is_javascript(text))] && precheck(text).is_ok()
    }

    /// In the page, a script in JavaScript: it runs only in the sandbox's Workers.
    fn runs_sandboxed(&self, text: &str) -> bool {
        cfg!(all(feature = "js", target_arch = "wasm32")) && is_javascript(text)
    }

    #[cfg(feature = "js")]
    fn learn(&self, text: &str, said: Result<String, FormatError>) {
        js::recorded::learn(text, said);
    }

    #[cfg(feature = "js")]
    fn wants_trace(&self, text: &str) -> bool {
        self.runs_sandboxed(text) && js::recorded::known(text).is_none()
    }

    #[cfg(feature = "js")]
    fn syntax_check(&self, text: &str) -> Option<crate::families::SyntaxCheck> {
        self.runs_sandboxed(text).then(|| crate::families::SyntaxCheck {
            source: js::wrapped(text),
            column_offset: js::WRAPPER_HEAD.len(),
            prefix: "the script does not parse: ",
        })
    }

    fn examples(&self) -> &'static [Example] {
        static EXAMPLES: [Example; 11] = [
            // In JavaScript, the documented default.
            example!("script-js-jugs", "js", 6, "Water jugs (6 moves)"),
            example!("script-js-river", "js", 7, "River crossing (7 moves)"),
            example!("script-js-cards", "js", 14, "Jumping Cards (14 moves)"),
            example!("script-js-hanoi", "js", 15, "Tower of Hanoi (15 moves)"),
            example!("script-js-pegs", "js", 13, "Peg solitaire, triangle (13 jumps)"),
            // the English board: every solution is 31 jumps
            example!("script-js-solitaire", "js", 31, "Peg solitaire, English (31 jumps)"),
            // The same in rhai, for links made before JavaScript.
            example!(
                "script-cards",
                "txt",
                14,
                "Jumping Cards (14 moves)",
                group = "Your own rules in rhai (older links)"
            ), // LM-Solve's
            example!(
                "script-river",
                "txt",
                7,
                "River crossing (7 moves)",
                group = "Your own rules in rhai (older links)"
            ),
            example!("script-jugs", "txt", 6, "Water jugs (6 moves)", group = "Your own rules in rhai (older links)"), // 3 and 5 litres to 4
            example!(
                "script-hanoi",
                "txt",
                15,
                "Tower of Hanoi (15 moves)",
                group = "Your own rules in rhai (older links)"
            ), // 2^4 - 1
            example!(
                "script-pegs",
                "txt",
                13,
                "Peg solitaire, triangle (13 jumps)",
                group = "Your own rules in rhai (older links)"
            ), // 14 pegs to 1
        ];
        &EXAMPLES
    }

    fn blank(&self) -> &'static str {
        // The jugs in JavaScript: the shortest script to read.
        self.examples()[0].text
    }
}

#[cfg(all(test, feature = "script"))]
mod tests;

#[cfg(test)]
mod build_tests {
    use super::*;

    /// With the interpreter the family reads scripts; without it (the page's first module) it
    /// still finds what it can, and says the rest needs the full module.
    #[test]
    fn scripts_are_read_here_or_handed_on() {
        let jugs = crate::examples::text("script-jugs").expect("an example");
        let not_script = "fn start() { 0 }\n";
        let too_long = format!("{MARKER}\n{}", "let x = 1;\n".repeat(MAX_SCRIPT_BYTES / 10));
        assert!(precheck(jugs).is_ok());
        assert_eq!(precheck(not_script).map_err(|e| e.line), Err(1));
        assert!(precheck(&too_long).is_err_and(|e| e.line == (MAX_SCRIPT_BYTES - MARKER.len() - 1) / 11 + 2
            && e.message.contains("the most this tool reads is 128 KB")));
        if cfg!(feature = "script") {
            assert!(!Script.needs_full_build(jugs));
            assert!(Script.parse(jugs).is_ok());
        } else {
            assert!(Script.needs_full_build(jugs));
            assert!(Script.parse(jugs).is_err_and(|e| e.message.contains("full module")));
        }
        // What the precheck finds is said here, not handed on.
        assert!(!Script.needs_full_build(&too_long) && !Script.needs_full_build(not_script));
        assert_eq!(Script.parse(&too_long).err(), precheck(&too_long).err());
        // The limit falling inside a character (each "é" is two bytes, from an odd offset).
        let accents = format!("{MARKER}\nx{}", "é".repeat(MAX_SCRIPT_BYTES));
        assert!(precheck(&accents).is_err_and(|e| e.line == 2));
    }
}
