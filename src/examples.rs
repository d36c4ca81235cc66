//! The example puzzles the page offers: each family lists its own ([`Family::examples`], the
//! files in `www/examples/`, each with its known answer), and the menu shows them in the order
//! of the registry. `tests/examples.rs` solves every one; `benches/examples.rs` times them.

use crate::families::{Example, Family, FAMILIES};

/// Every example with its family, in the menu's order.
pub fn all() -> impl Iterator<Item = (&'static dyn Family, &'static Example)> {
    FAMILIES.iter().flat_map(|&family| family.examples().iter().map(move |example| (family, example)))
}

/// The example called `name`.
pub fn find(name: &str) -> Option<(&'static dyn Family, &'static Example)> {
    all().find(|(_, example)| example.name == name)
}

/// The text of the example called `name`.
pub fn text(name: &str) -> Option<&'static str> {
    find(name).map(|(_, example)| example.text)
}

/// A name for the menu: an SVG's `<title>`, the text's `title:` line or first `//` comment
/// (not a format's marker line, `// puzzlelab …`, such as a script's), or the file name.
pub fn title(example: &'static Example) -> &'static str {
    let Example { name, text, title, .. } = example;
    if let Some(title) = title {
        return title;
    }
    if let Some((_, rest)) = text.split_once("<title>") {
        if let Some((title, _)) = rest.split_once("</title>") {
            return title.trim();
        }
    }
    text.lines()
        .filter(|l| !l.starts_with("// puzzlelab"))
        .find_map(|l| l.strip_prefix("title:").or_else(|| l.strip_prefix("//")))
        .map(str::trim)
        .unwrap_or(name)
}
