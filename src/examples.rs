//! Example puzzles shipped with the page (from `www/examples/`); the tests solve each of them.

/// (file name, family id, text).
pub static EXAMPLES: &[(&str, &str, &str)] = &[
    ("article-maze", "sliding", include_str!("../www/examples/article-maze.txt")),
    ("klotski", "sliding", include_str!("../www/examples/klotski.txt")),
    ("eight-puzzle", "sliding", include_str!("../www/examples/eight-puzzle.txt")),
    ("rush-hour", "sliding", include_str!("../www/examples/rush-hour.txt")),
    ("two-part-piece", "sliding", include_str!("../www/examples/two-part-piece.txt")),
    ("squares-intro", "squares", include_str!("../www/examples/squares-intro.txt")),
    ("squares-push", "squares", include_str!("../www/examples/squares-push.txt")),
    ("squares-arrows", "squares", include_str!("../www/examples/squares-arrows.txt")),
];

/// A name for the menu: the text's `title:` line or first `//` comment, or the file name.
pub fn title(name: &'static str, text: &'static str) -> &'static str {
    text.lines()
        .find_map(|l| l.strip_prefix("title:").or_else(|| l.strip_prefix("//")))
        .map(str::trim)
        .unwrap_or(name)
}
