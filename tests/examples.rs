//! Every example the page offers solves, with its known answer, and replays through the rules.
#![cfg(not(target_arch = "wasm32"))]

use puzzlelab::examples;
use puzzlelab::families::{self, Confidence, Example, Noun, SolveOptions, Status, FAMILIES};
use puzzlelab::search::{Flow, Stats};
use std::collections::HashSet;

/// Each family's examples (its known answers listed beside them, with their sources) solve
/// with the default options in exactly that many moves, replay through the rules and round-trip.
#[test]
fn every_example_solves_with_its_known_length() {
    let mut names = HashSet::new();
    for family in FAMILIES {
        assert!(!family.examples().is_empty(), "{}: a family offers at least one example", family.id());
    }
    for (family, example) in examples::all() {
        let Example { name, text, length, .. } = example;
        assert!(names.insert(*name), "{name}: two examples of one name");
        // Hexagonal planks share the square ones' keys: an example that its family is not sure
        // of is opened with the family named, as the menu does.
        let asked = if family.detect(text) == Confidence::Sure { "auto" } else { family.id() };
        let puzzle = families::parse(Some(asked), text).unwrap();
        assert_eq!(puzzle.family(), family.id(), "{name}");
        let options = SolveOptions::default();
        let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        assert_eq!(report.status, Status::Solved, "{name}");
        // The words the faces use come from the report: what its family says it is made of.
        assert_eq!(report.noun, puzzle.capabilities().noun, "{name}");
        assert_eq!(report.moves.len(), *length, "{name}: {:?}", report.moves);
        let verdict = puzzle.check(&options, &report.moves).unwrap();
        assert!(verdict.ends_solved && verdict.first_solved == Some(report.moves.len()), "{name}");
        // Where the family lists the moves allowed (play by choosing), each one listed applies,
        // and each move of the solution is listed at its step, unless the puzzle says a move of
        // its solutions may take several listed steps.
        let mut listing = false;
        let whole_moves = !puzzle.capabilities().moves_in_steps;
        for (step, made) in report.moves.iter().enumerate() {
            let allowed = puzzle.moves_from(&options, &report.moves, step);
            listing |= !allowed.is_empty();
            assert!(
                !(whole_moves && listing) || allowed.contains(made),
                "{name}: move {step} {made} is not among {allowed:?}"
            );
            for choice in &allowed {
                let mut played = report.moves[..step].to_vec();
                played.push(choice.clone());
                assert!(
                    puzzle.check(&options, &played).is_ok(),
                    "{name}: {choice} is listed at step {step} but does not apply"
                );
            }
        }
        // A tiling is placed, not played move by move.
        let lists = report.noun != Noun::Tilings;
        assert_eq!(listing, lists, "{name}: the families that list moves list them");
        // Hint and Solve from here: the position half-way along a shortest solution, written as a
        // puzzle of its own where the family can, is solved in exactly the moves left.
        let half = report.moves.len() / 2;
        if let Some(position) = puzzle.text_at(&report.moves[..half]) {
            let rest = families::parse(Some(asked), &position).unwrap_or_else(|e| panic!("{name}: {e}\n{position}"));
            let rest = rest.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
            assert_eq!(rest.moves.len(), length - half, "{name}: from half-way");
        }
        // The text round-trips.
        assert_eq!(
            families::parse(Some(family.id()), &puzzle.to_text()).unwrap().to_text(),
            puzzle.to_text(),
            "{name}"
        );
    }
    // Every file of www/examples is offered by a family (and every example offered is a file:
    // `example!` includes it).
    let files: HashSet<String> = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/www/examples"))
        .expect("www/examples")
        .map(|entry| entry.expect("an entry").path())
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_string()))
        .collect();
    assert_eq!(
        files,
        names.iter().map(|n| n.to_string()).collect::<HashSet<_>>(),
        "files in www/examples no family offers"
    );
}

/// A family says it makes random puzzles exactly when it does (the page labels its button so).
#[test]
fn families_that_generate_say_so() {
    for family in puzzlelab::families::FAMILIES {
        assert_eq!(family.generates(), family.generate(6, 6, 1).is_some(), "{}", family.id());
    }
}

/// The page's menu names each example by its title (the text's own `title:`, comment or SVG
/// `<title>`), never by its file name.
#[test]
fn every_example_has_a_title() {
    let untitled: Vec<&str> =
        examples::all().filter(|(_, e)| examples::title(e) == e.name).map(|(_, e)| e.name).collect();
    assert_eq!(untitled, Vec::<&str>::new());
}
