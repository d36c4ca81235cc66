//! Example puzzles shipped with the page (from `www/examples/`); the tests solve each of them.

/// (file name, family id, text).
pub static EXAMPLES: &[(&str, &str, &str)] = &[
    ("article-maze", "sliding", include_str!("../www/examples/article-maze.txt")),
    ("klotski", "sliding", include_str!("../www/examples/klotski.txt")),
    ("eight-puzzle", "sliding", include_str!("../www/examples/eight-puzzle.txt")),
    ("fifteen-puzzle", "npuzzle", include_str!("../www/examples/fifteen-puzzle.txt")),
    ("rush-hour", "sliding", include_str!("../www/examples/rush-hour.txt")),
    ("rush-hour-51", "rushhour", include_str!("../www/examples/rush-hour-51.txt")),
    ("two-part-piece", "sliding", include_str!("../www/examples/two-part-piece.txt")),
    ("squares-intro", "squares", include_str!("../www/examples/squares-intro.txt")),
    ("squares-push", "squares", include_str!("../www/examples/squares-push.txt")),
    ("squares-arrows", "squares", include_str!("../www/examples/squares-arrows.txt")),
    ("tiling-6x10", "tiling", include_str!("../www/examples/tiling-6x10.txt")),
    ("tiling-scott", "tiling", include_str!("../www/examples/tiling-scott.txt")),
    ("maze-20x20", "maze", include_str!("../www/examples/maze-20x20.svg")),
    ("maze-sigma", "maze", include_str!("../www/examples/maze-sigma.svg")),
    ("maze-blocks", "maze", include_str!("../www/examples/maze-blocks.txt")),
    ("lm-alice", "lmsolve:alice", include_str!("../www/examples/lm-alice.txt")),
    ("lm-minotaur", "lmsolve:minotaur", include_str!("../www/examples/lm-minotaur.txt")),
    ("lm-numbers", "lmsolve:numbers", include_str!("../www/examples/lm-numbers.txt")),
    ("lm-plank", "lmsolve:plank", include_str!("../www/examples/lm-plank.txt")),
    ("lm-hex_plank", "lmsolve:hex_plank", include_str!("../www/examples/lm-hex_plank.txt")),
    ("lm-tilt_single", "lmsolve:tilt_single", include_str!("../www/examples/lm-tilt_single.txt")),
    ("lm-tilt_multi", "lmsolve:tilt_multi", include_str!("../www/examples/lm-tilt_multi.txt")),
    ("lm-tilt_rb", "lmsolve:tilt_rb", include_str!("../www/examples/lm-tilt_rb.txt")),
    ("script-cards", "script", include_str!("../www/examples/script-cards.txt")),
    ("script-river", "script", include_str!("../www/examples/script-river.txt")),
    ("script-jugs", "script", include_str!("../www/examples/script-jugs.txt")),
    ("script-hanoi", "script", include_str!("../www/examples/script-hanoi.txt")),
    ("script-pegs", "script", include_str!("../www/examples/script-pegs.txt")),
];

/// A name for the menu: an SVG's `<title>`, the text's `title:` line or first `//` comment
/// (not a format's marker line, `// puzzlelab …`, such as a script's), or the file name.
pub fn title(name: &'static str, text: &'static str) -> &'static str {
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
