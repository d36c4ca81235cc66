//! Puzzle families: the list of them, and picking the one that reads a text. The contract they
//! keep (`Family`, `Puzzle`, `Editor`) is in `contract`, re-exported here.
//!
//! A family is one folder below this one plus one line in [`FAMILIES`] (ARCHITECTURE.md, "Adding a family").

/// A family's format reference, `docs/formats/NAME.md`: the page's help panel shows it, and it
/// is the reference the README links to.
macro_rules! format_doc {
    ($name:literal) => {
        include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/formats/", $name, ".md"))
    };
}

/// An [`Example`] from `www/examples/NAME.EXT`: `example!("klotski", "txt", 81)`.
macro_rules! example {
    ($name:literal, $ext:literal, $length:expr) => {
        $crate::families::Example {
            name: $name,
            text: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/www/examples/", $name, ".", $ext)),
            length: $length,
            title: None,
            group: None,
        }
    };
    // The menu's short title, where the text's own is long or missing (the text's stays its
    // tooltip).
    ($name:literal, $ext:literal, $length:expr, $title:literal) => {
        $crate::families::Example { title: Some($title), ..example!($name, $ext, $length) }
    };
    // Listed in the menu under another group than the family's name: where people look for it.
    ($name:literal, $ext:literal, $length:expr, $title:literal, group = $group:literal) => {
        $crate::families::Example { group: Some($group), ..example!($name, $ext, $length, $title) }
    };
}

pub mod analysis;
mod generic;
pub mod lmsolve;
pub mod maze;
pub mod newgame;
pub mod npuzzle;
pub mod puzzlescript;
pub mod rushhour;
pub mod script;
pub mod sliding;
pub mod sokoban;
pub mod squares;
pub mod tiles;
pub mod tiling;

pub use crate::contract::GENERIC_METHODS;
pub use crate::contract::{
    shown_char, shown_text, Beside, Capabilities, Confidence, Counts, Difficulty, Editor, Example, Export, Facts,
    Family, FormatError, HistoryKey, MoveError, NewGame, Noun, Puzzle, Report, SolveMode, SolveOptions, Splits, Status,
    Switch, SyntaxCheck, Verdict,
};
pub use generic::{only_metric, search, search_iterated, search_spread, DEFAULT_MAX_DEPTH, GREEDY_WEIGHT};

/// Every family, in the order pickers list them.
pub static FAMILIES: &[&dyn Family] = &[
    &sliding::Sliding,
    &npuzzle::NPuzzles,
    &rushhour::RushHour,
    &squares::Squares,
    &sokoban::Sokoban,
    &tiling::Tiling,
    &maze::Maze,
    &lmsolve::family::ALICE,
    &lmsolve::family::MINOTAUR,
    &lmsolve::family::NUMBERS,
    &lmsolve::family::PLANK,
    &lmsolve::family::HEX_PLANK,
    &lmsolve::family::TILT_SINGLE,
    &lmsolve::family::TILT_MULTI,
    &lmsolve::family::TILT_RB,
    &puzzlescript::PuzzleScript,
    &script::Script,
];

/// Looks a family up by id.
pub fn family(id: &str) -> Option<&'static dyn Family> {
    FAMILIES.iter().copied().find(|f| f.id().eq_ignore_ascii_case(id.trim()))
}

/// Picks the family for `text`: the named one, or with "auto" (or None) the most confident.
pub fn choose(id: Option<&str>, text: &str) -> Result<&'static dyn Family, FormatError> {
    match id {
        Some(id) if !detected(Some(id)) => family(id).ok_or_else(|| {
            let known: Vec<_> = FAMILIES.iter().map(|f| f.id()).collect();
            // Not a place in the text: the name came from elsewhere (an option, a picker).
            FormatError::general(format!("unknown family {}; known families: {}", shown_text(id), known.join(", ")))
        }),
        _ => {
            if text.trim().is_empty() {
                return Err(FormatError::new(1, 1, "the puzzle text is empty"));
            }
            // Each family looks once (detecting can mean scanning a large text).
            let best = FAMILIES.iter().map(|&f| (f.detect(text), f)).max_by_key(|(confidence, _)| *confidence);
            match best {
                Some((confidence, f)) if confidence > Confidence::No => Ok(f),
                _ => Err(FormatError::new(
                    1,
                    1,
                    format!("could not tell which kind of puzzle this is: {}", formats_read()),
                )),
            }
        }
    }
}

/// A file's bytes as puzzle text (the CLI's FILE and the page's Open file alike), or a sentence
/// naming the file and the line and column of the first byte that is not UTF-8. A byte-order
/// mark is dropped, and lines ended by a lone carriage return (old Mac files) become lines.
pub fn file_text(name: &str, bytes: Vec<u8>) -> Result<String, String> {
    let mut text = String::from_utf8(bytes).map_err(|e| {
        let good = e.utf8_error().valid_up_to();
        let before = String::from_utf8_lossy(&e.as_bytes()[..good]).into_owned();
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |last| last.chars().count()) + 1;
        format!(
            "{name}:{line}:{column}: this is not UTF-8 text (byte 0x{:02X}); save the file as UTF-8",
            e.as_bytes()[good]
        )
    })?;
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if text.contains('\r') {
        text = text.replace("\r\n", "\n").replace('\r', "\n");
    }
    Ok(text)
}

/// What [`Family::parse`] says in a build without `what` (see [`Family::needs_full_build`]).
#[cfg(not(all(
    feature = "script",
    feature = "lmsolve",
    feature = "perl-goals",
    feature = "regex-goals",
    feature = "puzzlescript"
)))]
pub fn not_in_this_build(what: &str) -> FormatError {
    FormatError::general(format!("this build has no {what}: such puzzles open in the page's full module (full.html) and in the command-line tool"))
}

/// Chooses the family and parses `text` with it.
pub fn parse(id: Option<&str>, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
    parse_as(id, choose(id, text)?, text)
}

/// Reads `text` as `family`, the one [`choose`] gave for `id`. When the family was only guessed
/// ([`Confidence::Maybe`]: a few lines of anything could be a sliding-block board with a typo)
/// and the text does not read as it, its error says so and lists the formats: the text may be
/// no puzzle at all, or one of another kind with a mistake that hid it.
pub fn parse_as(id: Option<&str>, family: &dyn Family, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
    family.parse(text).map_err(|error| {
        if !(detected(id) && family.detect(text) == Confidence::Maybe) {
            return error;
        }
        let message = format!(
            "{} (read as {}, the nearest of the formats; {})",
            error.message.trim_end_matches('.'),
            family.name(),
            formats_read()
        );
        FormatError { message, ..error }
    })
}

/// Whether `id` leaves the family to detection (none named, or "auto").
fn detected(id: Option<&str>) -> bool {
    id.is_none_or(|id| id.trim().eq_ignore_ascii_case("auto"))
}

/// "the formats read are: …. Pick a family to see what it expects"
fn formats_read() -> String {
    let formats: Vec<&str> = FAMILIES.iter().map(|f| f.name()).collect();
    format!("the formats read are: {}. Pick a family to see what it expects", formats.join("; "))
}

#[cfg(test)]
mod shown_tests {
    use super::*;

    /// A text no family reads gets the message that lists the formats. A family that takes any
    /// few lines for a board with a typo (sliding blocks) says what it found, at its place,
    /// and the formats are listed after it. A family picked by name says only its own.
    #[test]
    fn a_text_no_family_reads_is_told_the_formats() {
        let listed = |text: &str| {
            let error = parse(None, text).err().expect("not a puzzle");
            assert!(error.message.contains("the formats read are: Sliding blocks; N-puzzle"), "{}", error.message);
            error
        };
        let gibberish = listed("lorem ipsum dolor, sit 2 amet\nconsectetur adipiscing elit\n");
        assert_eq!((gibberish.line, gibberish.column), (2, 1));
        assert!(
            gibberish.message.starts_with("missing goal line: ")
                && gibberish.message.contains("(read as Sliding blocks, the nearest of the formats; the formats read"),
            "{}",
            gibberish.message
        );
        // Prose is no board: too long in its lines and rows for any family to guess at.
        let prose = "the quick brown fox jumps over the lazy dog, as it does in every typing lesson\n".repeat(2500);
        assert!(listed(&prose).message.starts_with("could not tell which kind of puzzle this is: the formats"));
        assert!(listed("hello").message.starts_with("could not tell which kind of puzzle this is"));
        // All walls: a maze of blocks being drawn, with no way in yet (read, and said so).
        let walls = format!("{}\n", "#".repeat(80)).repeat(2500);
        let unready = parse(None, &walls).ok().and_then(|maze| maze.unready()).expect("a maze with no way in");
        assert!(unready.message.starts_with("no opening found in the outer wall"), "{}", unready.message);
        // Picked by name, a family says what is wrong in its own words.
        let picked = parse(Some("sliding"), "aabb\naaXd\na--\n").err().expect("a stray X");
        assert!(picked.message.starts_with("'X' is not allowed on the board") && !picked.message.contains("formats"));
        // What a family reads for sure is not second-guessed.
        assert!(parse(None, "aabb\naacd\n  cd\na--\n").is_ok());
    }

    #[test]
    fn files_must_be_utf8_and_lose_their_byte_order_mark() {
        assert_eq!(file_text("a.txt", b"ab\ncd".to_vec()).unwrap(), "ab\ncd");
        assert_eq!(file_text("a.txt", b"\xef\xbb\xbfab\n".to_vec()).unwrap(), "ab\n");
        assert_eq!(
            file_text("b.txt", b"ab\xff\xfe".to_vec()).unwrap_err(),
            "b.txt:1:3: this is not UTF-8 text (byte 0xFF); save the file as UTF-8"
        );
        assert_eq!(
            file_text("c.txt", [b"a\nb".as_slice(), "\u{e9}".as_bytes(), b"c\xfe"].concat()).unwrap_err(),
            "c.txt:2:4: this is not UTF-8 text (byte 0xFE); save the file as UTF-8"
        );
        assert_eq!(
            file_text("d.txt", b"ab\rcd\r\nef\r".to_vec()).unwrap(),
            "ab\ncd\nef\n",
            "lone carriage returns end lines"
        );
    }

    #[test]
    fn messages_show_odd_characters_by_code_point() {
        assert_eq!(shown_char('x'), "'x'");
        assert_eq!(shown_char('\u{301}'), "U+0301");
        assert_eq!(shown_char('\u{7}'), "U+0007");
        assert_eq!(shown_char('é'), "'é' (U+00E9)");
        assert_eq!(shown_text("a\u{301}b"), "\"a<U+0301>b\"");
        assert_eq!(shown_text(&"z".repeat(100)), format!("\"{}…\"", "z".repeat(40)));
    }
}
