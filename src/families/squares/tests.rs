//! Game About Squares: the rules on hand-made levels, and the minimum clicks of real levels.

use super::rules::Piece;
use super::*;
use crate::families::Editor;
use crate::search::Method;

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/gas/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn solve_with(text: &str, options: &SolveOptions) -> Report {
    let puzzle = SquaresPuzzle::parse(text).unwrap();
    let report = puzzle.solve(options, &mut |_: &Stats| Flow::Continue).unwrap();
    if report.status == Status::Solved {
        // Replayed through the rules: won on the last click and not before.
        let verdict = puzzle.check(options, &report.moves).unwrap();
        assert!(verdict.ends_solved, "{:?}", report.moves);
        assert_eq!(verdict.first_solved, Some(report.moves.len()), "{:?}", report.moves);
    }
    report
}

fn clicks(text: &str, method: Method) -> Option<usize> {
    let report = solve_with(text, &SolveOptions { method, ..SolveOptions::default() });
    (report.status == Status::Solved).then_some(report.moves.len())
}

#[test]
fn the_format_example_takes_three_clicks() {
    let text = "// red goes down twice, blue left once: 3 clicks\nRed:0,0 v\nBlue:2,1 <\nRed:0,2\nBlue:1,1\n^:3,-1\n";
    let report = solve_with(text, &SolveOptions::default());
    assert_eq!(report.moves.len(), 3);
    let mut sorted = report.moves.clone();
    sorted.sort();
    assert_eq!(sorted, vec!["Blue", "Red", "Red"]);
    assert_eq!(report.scope.as_deref(), Some(SCOPE));
}

#[test]
fn fixture_levels_in_their_minimum_clicks() {
    // From tests/fixtures/gas/EXPECTED.md (exact breadth-first minima).
    for (file, minimum) in [
        ("level-01.txt", 2),
        ("level-02.txt", 2),
        ("level-03.txt", 6),
        ("level-04.txt", 9),
        ("level-07.txt", 8),
        ("level-09.txt", 9),
    ] {
        let text = fixture(file);
        assert_eq!(clicks(&text, Method::Bfs), Some(minimum), "{file} bfs");
        assert_eq!(clicks(&text, Method::Astar), Some(minimum), "{file} astar");
        let exact = solve_with(&text, &SolveOptions { switches: vec!["exact".into()], ..SolveOptions::default() });
        assert_eq!(exact.moves.len(), minimum, "{file} exact");
        assert_eq!(exact.scope, None);
    }
}

fn pieces_after(text: &str, slot_clicks: &[&str]) -> Vec<(String, i32, i32, char)> {
    let puzzle = SquaresPuzzle::parse(text).unwrap();
    let moves: Vec<String> = slot_clicks.iter().map(|s| s.to_string()).collect();
    assert!(puzzle.check(&SolveOptions::default(), &moves).is_ok());
    let pieces: Vec<Piece> = puzzle.position_after(&moves, moves.len());
    let mut out: Vec<(String, i32, i32, char)> = pieces
        .iter()
        .zip(&puzzle.rules.slot_colour)
        .map(|(p, &c)| {
            (puzzle.rules.colours[c as usize].clone(), p.x, p.y, format::DIRECTION_SIGNS[p.direction as usize])
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_click_pushes_the_whole_chain_in_front() {
    let text = "Red:0,0 >\nBlue:1,0 v\nGreen:2,0 ^\nBlack:3,0 <\nBlack:9,9\n";
    let after = pieces_after(text, &["Red"]);
    assert_eq!(
        after,
        vec![
            ("Black".into(), 4, 0, '<'),
            ("Blue".into(), 2, 0, 'v'),
            ("Green".into(), 3, 0, '^'),
            ("Red".into(), 1, 0, '>')
        ]
    );
    // The chain stops at the first gap: Black at 4,0 is not touched by Blue moving down.
    let after = pieces_after(text, &["Red", "Blue"]);
    assert!(after.contains(&("Blue".into(), 2, 1, 'v')));
    assert!(after.contains(&("Black".into(), 4, 0, '<')));
}

#[test]
fn pushed_squares_turn_on_arrows_and_leaving_changes_nothing() {
    let text = "Red:0,0 >\nBlue:1,0 ^\nv:2,0\nRed:5,5\n";
    let after = pieces_after(text, &["Red"]);
    assert_eq!(after, vec![("Blue".into(), 2, 0, 'v'), ("Red".into(), 1, 0, '>')]);
    // Blue now goes down off the arrow and keeps pointing down.
    let after = pieces_after(text, &["Red", "Blue", "Blue"]);
    assert!(after.contains(&("Blue".into(), 2, 2, 'v')));
}

#[test]
fn unwinnable_within_the_search_area_says_so() {
    // Red only ever goes up, away from its goal.
    let text = "Red:0,0 ^\nRed:1,0\n";
    let report = solve_with(text, &SolveOptions::default());
    assert_eq!(report.status, Status::Unsolved);
    assert_eq!(report.scope.as_deref(), Some(SCOPE));
    assert!(crate::replay::summary(&report).starts_with("No solution within the search area"));
    // Without the bound too: nothing ever moves Red right (no square or arrow points that way).
    let report = solve_with(
        text,
        &SolveOptions { switches: vec!["exact".into()], max_states: Some(50), ..SolveOptions::default() },
    );
    assert_eq!(report.status, Status::Unsolved);
    assert_eq!(report.scope, None);
    // Blue could push right, but never meets Red: without the bound the plane never runs out,
    // and only a budget ends the search.
    let text = "Red:0,0 ^\nBlue:5,5 >\nRed:1,0\n";
    let report = solve_with(
        text,
        &SolveOptions { switches: vec!["exact".into()], max_states: Some(50), ..SolveOptions::default() },
    );
    assert_eq!(report.status, Status::GaveUp);
}

#[test]
fn same_coloured_squares_are_interchangeable() {
    // Two red squares, two red goals: either square may fill either goal.
    let text = "Red:0,0 >\nRed:0,1 >\nRed:1,0\nRed:2,1\n";
    let report = solve_with(text, &SolveOptions::default());
    assert_eq!(report.moves.len(), 3);
    assert!(report.moves.iter().all(|m| m.starts_with("Red ")), "{:?}", report.moves);
}

#[test]
fn clicks_that_do_not_apply_are_named() {
    let puzzle = SquaresPuzzle::parse("Red:0,0 >\nRed:0,1 v\nRed:3,3\n").unwrap();
    let options = SolveOptions::default();
    let err = puzzle.check(&options, &["Red".to_string()]).unwrap_err();
    assert!(err.message.contains("say which"), "{err}");
    let err = puzzle.check(&options, &["Blue".to_string()]).unwrap_err();
    assert!(err.message.contains("no Blue square"), "{err}");
    assert!(puzzle.check(&options, &["Red 0,0".to_string()]).is_ok());
}

#[test]
fn bidirectional_and_unknown_metrics_are_refused_in_words() {
    let puzzle = SquaresPuzzle::parse("Red:0,0 v\nRed:0,2\n").unwrap();
    let options = SolveOptions { method: Method::Bidir, ..SolveOptions::default() };
    assert!(puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap_err().message.contains("bidirectional"));
    let options = SolveOptions { metric: Some("unit".into()), ..SolveOptions::default() };
    assert!(puzzle
        .solve(&options, &mut |_: &Stats| Flow::Continue)
        .unwrap_err()
        .message
        .contains("every click counts"));
}

#[test]
fn draw_mode_places_turns_and_erases() {
    let puzzle = SquaresPuzzle::parse("Red:0,0 v\nRed:0,2\n").unwrap();
    // The editing grid is the level with one cell around it: 3 x 5, (0,0) world = (1,1) grid.
    assert_eq!(puzzle.size(), (3, 5));
    let turned = puzzle.apply("square:Red", 1, 1).unwrap();
    assert!(turned.starts_with("Red:0,0 <\n"), "{turned}");
    let text = puzzle.apply("square:new", 1, 2).unwrap();
    assert!(text.contains("Blue:1,0 v"), "{text}");
    let text = puzzle.apply("arrow", 2, 2).unwrap();
    assert!(text.contains("^:1,1"), "{text}");
    let twice = SquaresPuzzle::parse(&text).unwrap().apply("arrow", 2, 2).unwrap();
    assert!(twice.contains(">:1,1"), "{twice}");
    let text = puzzle.apply("goal:Red", 3, 1).unwrap();
    assert!(!text.contains("Red:0,2\n"), "a second click on a goal takes it away: {text}");
    let text = puzzle.apply("erase", 1, 1);
    assert!(text.is_some());
    assert_eq!(puzzle.apply("erase", 0, 0), None);
    assert_eq!(puzzle.resize(4, 4), None);
}

#[test]
fn shows_positions_as_level_text() {
    let puzzle = SquaresPuzzle::parse("Red:0,0 v\nRed:0,2\n>:0,1\n").unwrap();
    let moves = vec!["Red".to_string()];
    assert_eq!(puzzle.show(&moves, 1), "Red:0,1 >\nRed:0,2\n>:0,1\n");
}

/// Random levels of the live game's size (five squares, four arrows; examples/squares_levels.rs),
/// whose minimum breadth-first search confirmed when they were made (EXPECTED.md; 5-15 s each,
/// too slow to repeat here): `auto` (A*) finds that minimum, and along its path the bound never
/// promises less than the clicks that are really left.
#[test]
fn random_levels_of_the_live_games_size() {
    for (file, minimum) in
        [("random-982.txt", 22), ("random-1834.txt", 22), ("random-3752.txt", 23), ("random-4173.txt", 25)]
    {
        let text = fixture(file);
        let report = solve_with(&text, &SolveOptions::default());
        assert_eq!((report.method, report.moves.len()), (Method::Astar, minimum), "{file}");
        let puzzle = SquaresPuzzle::parse(&text).unwrap();
        for step in 0..=minimum {
            let pieces = puzzle.position_after(&report.moves, step);
            let mut sorted = pieces.clone();
            puzzle.rules.canonical(&mut sorted);
            assert!(puzzle.rules.heuristic(&sorted) as usize <= minimum - step, "{file} after {step} clicks");
            assert!(!puzzle.rules.is_hopeless(&sorted), "{file} after {step} clicks");
        }
    }
}

/// The per-direction bound on hand-made positions: a square that must go two right and one up
/// needs three clicks; two squares that must both go right two cells may share those clicks
/// (one pushes the other), so two; no square can ever go left when nothing points left.
#[test]
fn the_bound_counts_clicks_per_direction() {
    let rules = |text: &str| SquaresPuzzle::parse(text).unwrap().rules;
    let r = rules("Red:0,1 >\nRed:2,0\n");
    assert_eq!(r.heuristic(&r.start), 3);
    let r = rules("Red:0,0 >\nBlue:1,0 >\nRed:2,0\nBlue:3,0\n");
    assert_eq!(r.heuristic(&r.start), 2);
    // Red must go down 2, Blue left 2: different directions, so four clicks, where the largest
    // single distance says two.
    let r = rules("Red:0,0 v\nBlue:3,0 <\nRed:0,2\nBlue:1,0\n");
    assert_eq!(r.heuristic(&r.start), 4);
    assert!(!r.is_hopeless(&r.start));
    let r = rules("Red:2,0 >\nRed:0,0\n");
    assert!(r.is_hopeless(&r.start));
    let r = rules("Red:2,0 >\nRed:0,0\n<:4,0\n");
    assert!(!r.is_hopeless(&r.start));
}

/// "New random" gives a level that parses, can be won, and is the same for the same seed.
#[test]
fn new_random_levels_can_be_won() {
    assert!(Squares.generates());
    for seed in [1, 2, 3] {
        let text = Squares.generate(5, 5, seed).unwrap();
        assert_eq!(text, Squares.generate(5, 5, seed).unwrap());
        assert_eq!(solve_with(&text, &SolveOptions::default()).status, Status::Solved, "{text}");
    }
}

/// Coordinates at the integer limits are refused with a message, not a crash (the
/// smallest i32 passed a check written with abs()).
#[test]
fn coordinates_at_the_integer_limits_are_refused() {
    for text in [
        "Red:0,0 >\nRed:2,0\n>:-2147483648,-2147483648\n",
        "Red:-2147483648,0 >\nRed:2,0\n",
        "Red:0,0 >\nRed:2,2147483647\n",
    ] {
        let error = SquaresPuzzle::parse(text).err().expect("refused");
        assert!(error.message.contains("too far out"), "{}", error.message);
        assert!(error.line >= 1, "{text}");
    }
    // The farthest allowed corners still make a level that reads and solves.
    let report = solve_with("Red:0,0 >\nRed:2,0\n>:-1000,-1000\n>:1000,1000\n", &SolveOptions::default());
    assert_eq!(report.moves.len(), 2);
}

/// Too many squares are refused at the first square too many (it said line 0, column 0).
#[test]
fn too_many_squares_are_pointed_at() {
    let text: String = (0..17).map(|i| format!("Red:{i},0 v\n")).collect::<String>() + "Red:0,5\n";
    let error = SquaresPuzzle::parse(&text).err().expect("refused");
    assert_eq!((error.line, error.column), (17, 1), "{}", error.message);
    assert!(error.message.contains("at most 16 squares"), "{}", error.message);
}

/// Play: clicking each square the solution names, where it is drawn, makes exactly that click,
/// and the clicks end won.
#[test]
fn clicking_the_squares_replays_the_solution() {
    let text = include_str!("../../../www/examples/squares-intro.txt");
    let puzzle = SquaresPuzzle::parse(text).unwrap();
    let options = SolveOptions::default();
    let solution = solve_with(text, &options).moves;
    assert!(!solution.is_empty());
    let size = (560.0, 440.0);
    let mut played: Vec<String> = Vec::new();
    for click in &solution {
        let pieces = puzzle.replayer.at(&puzzle, &played, played.len()).unwrap();
        let slot = puzzle.replay.parse_click(&pieces, click).unwrap();
        let area = draw::view(&puzzle, &[&pieces, &pieces]);
        let grid = draw::layout(&area, size.0, size.1);
        let (x, y) =
            grid.at(f64::from(pieces[slot].y - area.min_y) + 0.5, f64::from(pieces[slot].x - area.min_x) + 0.5);
        let made = puzzle.moves_at(&options, &played, played.len(), (x, y), (x, y), size);
        assert_eq!(made, std::slice::from_ref(click));
        played.extend(made);
    }
    assert!(puzzle.check(&options, &played).unwrap().ends_solved);
    // A click on an empty cell makes nothing.
    assert_eq!(puzzle.moves_at(&options, &[], 0, (1.0, 1.0), (1.0, 1.0), size), Vec::<String>::new());
}
