//! Every example the page offers solves, with its known answer, and replays through the rules.
#![cfg(not(target_arch = "wasm32"))]

use puzzlelab::examples::EXAMPLES;
use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Stats};

#[test]
fn every_example_solves_with_its_known_length() {
    let expected = [
        ("article-maze", 37),  // the article's unit count
        ("klotski", 81),       // classic piece-metric count (the example asks for it)
        ("eight-puzzle", 31),  // one of the two hardest 8-puzzle positions
        ("fifteen-puzzle", 46), // Korf's instance 9, published optimum
        ("rush-hour", 4),      // by hand: d right, b down 2, c down, a right 4 (slide metric)
        ("rush-hour-51", 51),  // Fogleman's database line, and tests/fixtures/rushhour/check.py
        ("two-part-piece", 4), // by hand: right once, then down three times (unit metric)
        ("squares-intro", 3),  // the format's own example
        ("squares-push", 9),   // game level 3, tests/fixtures/gas/EXPECTED.md
        ("squares-arrows", 9), // game level 8, same table
        ("tiling-6x10", 12),   // one placement per pentomino
        ("tiling-scott", 12),  // Scott's 8x8 with the centre removed
        ("maze-20x20", 60),    // a separate BFS over the file's <line>s (Python, by hand)
        ("maze-sigma", 27),    // BFS over the generator's own passages (the script that wrote it)
        ("maze-blocks", 56),   // a separate BFS over the characters (Python, by hand)
        ("lm-alice", 5),       // the LM-Solve spec's examples (lm-solve 0.14.2's output there)
        ("lm-minotaur", 7),
        ("lm-numbers", 3),
        ("lm-plank", 6),
        ("lm-hex_plank", 4),
        ("lm-tilt_single", 4),
        ("lm-tilt_multi", 4),
        ("lm-tilt_rb", 5),
        ("script-cards", 14),  // LM-Solve's Jumping Cards
        ("script-river", 7),   // the classic river crossing
        ("script-jugs", 6),    // 3 and 5 litres to 4
        ("script-hanoi", 15),  // 2^4 - 1
        ("script-pegs", 13),   // 14 pegs to 1, one peg per jump
    ];
    assert_eq!(EXAMPLES.len(), expected.len());
    for (name, family, text) in EXAMPLES {
        // Hexagonal planks share the square ones' keys: that example names its family.
        let asked = if *name == "lm-hex_plank" { *family } else { "auto" };
        let puzzle = families::parse(Some(asked), text).unwrap();
        assert_eq!(puzzle.family(), *family);
        let options = SolveOptions::default();
        let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        assert_eq!(report.status, Status::Solved, "{name}");
        // The words the faces use come from the report: what its family says it is made of.
        assert_eq!(report.noun, puzzle.capabilities().noun, "{name}");
        let length = expected.iter().find(|(n, _)| n == name).map(|(_, l)| *l);
        assert_eq!(Some(report.moves.len()), length, "{name}: {:?}", report.moves);
        let verdict = puzzle.check(&options, &report.moves).unwrap();
        assert!(verdict.ends_solved && verdict.first_solved == Some(report.moves.len()), "{name}");
        // The text round-trips.
        assert_eq!(families::parse(Some(family), &puzzle.to_text()).unwrap().to_text(), puzzle.to_text());
    }
}

/// A family says it makes random puzzles exactly when it does (the page labels its button so).
#[test]
fn families_that_generate_say_so() {
    for family in puzzlelab::families::FAMILIES {
        assert_eq!(family.generates(), family.generate(6, 6, 1).is_some(), "{}", family.id());
    }
}
