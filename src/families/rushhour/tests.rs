use super::*;
use crate::draw::SvgPainter;
use crate::families::{self, Status};
use crate::random::SplitMix;
use std::collections::HashSet;

fn quiet(_: &Stats) -> Flow {
    Flow::Continue
}

fn options(metric: &str, method: Method) -> SolveOptions {
    SolveOptions { metric: Some(metric.into()), method, ..SolveOptions::default() }
}

/// Solves `text` and replays the answer through the rules.
fn solve(text: &str, metric: &str, method: Method) -> Report {
    let puzzle = families::parse(None, text).unwrap();
    assert_eq!(puzzle.family(), "rushhour");
    let options = options(metric, method);
    let report = puzzle.solve(&options, &mut quiet).unwrap();
    if report.status == Status::Solved {
        let verdict = puzzle.check(&options, &report.moves).unwrap();
        assert!(verdict.ends_solved && verdict.first_solved == Some(report.moves.len()), "{:?}", report.moves);
        assert_eq!(report.cost, report.moves.len() as u64);
    }
    report
}

/// (moves, board, steps, cluster) from `tests/fixtures/rushhour/positions.txt`, whose figures are
/// published or recomputed by an independent search (`check.py` there); None: no solution.
fn positions() -> Vec<(Option<usize>, &'static str, Option<usize>, usize)> {
    let number = |word: &str| word.parse().ok();
    include_str!("../../../tests/fixtures/rushhour/positions.txt")
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let words: Vec<&'static str> = line.split_whitespace().collect();
            (number(words[0]), words[1], number(words[2]), words[3].parse().unwrap())
        })
        .collect()
}

#[test]
fn known_optima_in_both_metrics() {
    for (moves, board, steps, _) in positions() {
        for (metric, expected) in [("slide", moves), ("unit", steps)] {
            let auto = solve(board, metric, Method::Auto);
            assert_eq!(auto.method, Method::Bfs);
            let astar = solve(board, metric, Method::Astar);
            match expected {
                Some(length) => {
                    assert_eq!((auto.status, auto.moves.len()), (Status::Solved, length), "{board} {metric}");
                    assert_eq!(astar.moves.len(), length, "{board} {metric}");
                    assert!(auto.optimal && astar.optimal);
                    assert_eq!(astar.heuristic.as_deref(), Some("cars in the red car's way"));
                    // The bound is sound and saves some work, though not enough to pay for A*'s
                    // queue (the benchmark): what keeps `auto` on BFS.
                    assert!(
                        astar.stats.explored <= auto.stats.explored,
                        "{board} {metric}: {} > {}",
                        astar.stats.explored,
                        auto.stats.explored
                    );
                }
                None => {
                    assert_eq!(auto.status, Status::Unsolved, "{board}");
                    assert_eq!(astar.status, Status::Unsolved, "{board}");
                }
            }
        }
    }
}

/// Every position the rules reach from each board: the count is the cluster size of Fogleman's
/// database (4,780 for the 51-mover) and of the independent search.
#[test]
fn the_rules_reach_exactly_each_cluster() {
    for (_, board, _, cluster) in positions() {
        let puzzle = RushPuzzle::new(format::parse(board).unwrap());
        let rules = puzzle.rules(Metric::Slide);
        let mut seen = HashSet::from([rules.start()]);
        let mut todo = vec![rules.start()];
        let mut next = Vec::new();
        while let Some(state) = todo.pop() {
            next.clear();
            crate::search::Space::successors(rules, &state, &mut next);
            for &(step, after, _) in &next {
                // Each move's text makes the same move again.
                assert_eq!(rules.apply(state, &rules.describe(step)), Ok(after));
                if seen.insert(after) {
                    todo.push(after);
                }
            }
        }
        assert_eq!(seen.len(), cluster, "{board}");
    }
}

#[test]
fn a_database_line_states_its_optimum() {
    let line = "51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780";
    let report = solve(line, "slide", Method::Auto);
    assert_eq!((report.moves.len(), report.expected), (51, Some(51)));
    assert_eq!(serde_json::Value::from(report.facts.clone()), serde_json::json!({"cluster_size": 4780}));
    assert!(crate::replay::summary(&report).ends_with("the puzzle's text says so too"));
    // The stated figure is in moves; a solve in steps has nothing to compare with.
    assert_eq!(solve(line, "unit", Method::Auto).expected, None);
    // A wrong figure is shown as what the text says, next to the true optimum.
    let wrong = solve("50 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780", "slide", Method::Bfs);
    assert!(
        crate::replay::summary(&wrong).ends_with("the puzzle's text says 50"),
        "{}",
        crate::replay::summary(&wrong)
    );
}

#[test]
fn moves_are_written_and_checked_in_his_notation() {
    let puzzle = families::parse(None, "ooooBoooooBoAAooBooooooooooooooooooo").unwrap();
    let report = puzzle.solve(&options("slide", Method::Auto), &mut quiet).unwrap();
    assert_eq!(report.moves, ["B+3", "A+4"]);
    let slide = options("slide", Method::Auto);
    let unit = options("unit", Method::Auto);
    let error = |opts: &SolveOptions, moves: &[&str]| {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        puzzle.check(opts, &moves).unwrap_err()
    };
    assert!(error(&slide, &["A+2", "A+3"]).message.contains("cannot travel 3 cells"));
    assert!(error(&slide, &["B-1"]).message.contains("cannot travel 1 cell:"), "B is at the top");
    assert!(error(&slide, &["Z+1"]).message.contains("no car Z"));
    assert!(error(&slide, &["A2"]).message.contains("+ or -"));
    assert!(error(&slide, &["a+1"]).message.contains("not a move"));
    // Distances at the ends of the integers are refused like any other (no overflow).
    assert!(error(&slide, &["A-9223372036854775808"]).message.contains("cannot travel 9223372036854775808 cells"));
    assert!(error(&slide, &["A+9223372036854775807"]).message.contains("cannot travel"));
    assert!(error(&unit, &["A-9223372036854775808"]).message.contains("one cell"));
    assert_eq!(error(&unit, &["B+1", "B+3"]).index, 1);
    let steps: Vec<String> = ["B+1", "B+1", "B+1", "A+1", "A+1", "A+1", "A+1"].map(String::from).to_vec();
    assert!(puzzle.check(&unit, &steps).unwrap().ends_solved);
    assert!(puzzle
        .solve(&options("piece", Method::Auto), &mut quiet)
        .unwrap_err()
        .message
        .contains("use slide or unit"));
}

#[test]
fn hopeless_boards_end_at_once() {
    // A wall, or a car across the exit row, between the red car and the exit.
    for board in ["ooooooooooooAAoxoooooooooooooooooooo", "ooooooooooooAAoBBooooooooooooooooooo"] {
        let report = solve(board, "slide", Method::Auto);
        assert_eq!(report.status, Status::Unsolved, "{board}");
        assert!(report.stats.explored <= 1, "{board}: {}", report.stats.explored);
    }
    // Already solved: no moves.
    let report = solve("ooooooooooooooooAAoooooooooooooooooo", "slide", Method::Auto);
    assert_eq!((report.status, report.moves.len()), (Status::Solved, 0));
}

#[test]
fn positions_show_in_rows() {
    let puzzle = families::parse(None, "ooooBoooooBoAAooBooooooooooooooooooo").unwrap();
    let moves = vec!["B+3".to_string(), "A+4".to_string()];
    assert_eq!(puzzle.show(&moves, 0), "....B.\n....B.\nAA..B.\n......\n......\n......\n");
    assert_eq!(puzzle.show(&moves, 2), "......\n......\n....AA\n....B.\n....B.\n....B.\n");
    // The shown position reads back as a board of its own.
    assert!(families::parse(Some("rushhour"), &puzzle.show(&moves, 1)).is_ok());
}

#[test]
fn drawn_with_the_moving_car_part_way() {
    let puzzle = families::parse(None, "ooooBoooooBoAAooBooooooooooooooooooo").unwrap();
    let moves = vec!["B+3".to_string()];
    let picture = |tween: f32| {
        let mut painter = SvgPainter::new(350.0, 300.0);
        puzzle.draw(&moves, 0, tween, &mut painter);
        painter.finish()
    };
    let (still, moving) = (picture(0.0), picture(0.5));
    assert_ne!(still, moving);
    assert!(still.contains("#d62828"), "the red car is red");
    // The tween moves one vehicle only: every other shape is where it was.
    let differing = still.lines().zip(moving.lines()).filter(|(a, b)| a != b).count();
    assert!(differing <= 2, "{differing}");
}

#[test]
fn draw_mode_parks_cars_and_trucks() {
    let puzzle = RushPuzzle::new(format::parse("51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780").unwrap());
    let editor: &dyn Editor = &puzzle;
    assert_eq!(editor.size(), (6, 6));
    // Row 0, column 3 is free; a car across does not fit (column 4 is L), one down does not
    // either (row 1, column 3 is free, so it does).
    assert_eq!(editor.apply("car-across", 0, 3), None);
    let text = editor.apply("car-down", 0, 3).unwrap();
    assert_eq!(text, "GBBNLoGHINLMGHIAAMCCCKoMooJKDDEEJFFo\n", "a new letter, and the stated optimum dropped");
    // Clicking a vehicle takes it away; the red car stays.
    assert_eq!(editor.apply("wall", 0, 1).unwrap(), "GoooLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo\n");
    assert_eq!(editor.apply("erase", 2, 3), None);
    let walled = editor.apply("wall", 0, 5).unwrap();
    assert_eq!(walled, "GBBoLxGHIoLMGHIAAMCCCKoMooJKDDEEJFFo\n");
    let walled = RushPuzzle::new(format::parse(&walled).unwrap());
    assert_eq!(Editor::paint(&walled, "wall", 0, 5), None, "a drag never toggles");
    assert_eq!(Editor::apply(&walled, "wall", 0, 5).unwrap(), "GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo\n");
    // The red car moves along its row.
    let empty = RushPuzzle::new(format::parse("......\n......\n.AA...\n......\n......\n......\n").unwrap());
    assert_eq!(Editor::apply(&empty, "red", 4, 5).unwrap(), "......\n......\n....AA\n......\n......\n......\n");
    let truck = Editor::apply(&empty, "truck-across", 5, 3).unwrap();
    assert_eq!(truck.lines().last(), Some("...BBB"));
    // Resizing keeps what fits and moves the red car to the new exit row.
    let big = Editor::resize(&empty, 7, 7).unwrap();
    assert_eq!(big.lines().nth(3), Some(".AA...."));
    assert!(Editor::resize(&empty, 9, 9).is_none());
}

#[test]
fn hostile_text_gets_errors_not_panics() {
    let alphabet = b".oxABCDEZ \n0123456789-+/";
    let mut random = SplitMix::new(15);
    for _ in 0..3000 {
        let length = random.below(80);
        let text: String = (0..length).map(|_| char::from(alphabet[random.below(alphabet.len())])).collect();
        if let Ok(puzzle) = families::parse(Some("rushhour"), &text) {
            let budget = SolveOptions { max_states: Some(2000), ..SolveOptions::default() };
            let report = puzzle.solve(&budget, &mut quiet).unwrap();
            if report.status == Status::Solved {
                assert!(puzzle.check(&budget, &report.moves).unwrap().ends_solved, "{text}");
            }
            assert!(format::parse(&puzzle.to_text()).is_ok(), "{text}");
        }
    }
}

/// Play: dragging each vehicle of Fogleman's 51-move solution of the hardest position by the
/// cells its move travels makes exactly that move (one per cell in the unit metric), and the
/// drags end solved; a drag past a vehicle in the way stops before it.
#[test]
fn drags_replay_the_hardest_positions_solution() {
    let text = include_str!("../../../www/examples/rush-hour-51.txt");
    let puzzle = RushPuzzle::new(format::parse(text).unwrap());
    let slide = options("slide", Method::Auto);
    let solution = solve(text, "slide", Method::Auto).moves;
    assert_eq!(solution.len(), 51);
    let size = (560.0, 440.0);
    let grid = draw::layout(&puzzle, size.0, size.1);
    let mut played: Vec<String> = Vec::new();
    for text in &solution {
        let board = puzzle.board_at(puzzle.position_after(&played, played.len()));
        let letter = text.as_bytes()[0];
        let vehicle = board.vehicles.iter().find(|v| v.letter == letter).unwrap();
        let cells: f64 = text[1..].parse().unwrap();
        let from = grid.at(vehicle.row as f64 + 0.5, vehicle.col as f64 + 0.5);
        let to = if vehicle.horizontal {
            (from.0 + cells * grid.cell, from.1)
        } else {
            (from.0, from.1 + cells * grid.cell)
        };
        let made = puzzle.moves_at(&slide, &played, played.len(), from, to, size);
        assert_eq!(made, std::slice::from_ref(text));
        let unit = puzzle.moves_at(&options("unit", Method::Auto), &played, played.len(), from, to, size);
        assert_eq!(unit.len() as f64, cells.abs(), "{unit:?}");
        played.extend(made);
    }
    assert!(puzzle.check(&slide, &played).unwrap().ends_solved);
    // From the start, the red car dragged to the exit stops where the first vehicle blocks it.
    let start = puzzle.board_at(puzzle.position_after(&[], 0));
    let red = start.vehicles[0];
    let from = grid.at(red.row as f64 + 0.5, red.col as f64 + 0.5);
    let made = puzzle.moves_at(&slide, &[], 0, from, (from.0 + 6.0 * grid.cell, from.1), size);
    assert!(made.iter().all(|m| puzzle.check(&slide, std::slice::from_ref(m)).is_ok()), "{made:?}");
}

/// The keyboard plays the same 51-move solution: each vehicle chosen by its letter, then
/// driven a cell per arrow key along its length (the unit metric's moves); an arrow across a
/// vehicle's length is taken and drives nothing, Escape lets the vehicle go, and then the
/// arrows are the page's again.
#[test]
fn keys_drive_the_vehicle_chosen() {
    let text = include_str!("../../../www/examples/rush-hour-51.txt");
    let puzzle = RushPuzzle::new(format::parse(text).unwrap());
    let unit = options("unit", Method::Auto);
    let solution = solve(text, "slide", Method::Auto).moves;
    let mut played: Vec<String> = Vec::new();
    let key = |played: &[String], key: &str| puzzle.moves_for_key(&unit, played, played.len(), key);
    assert_eq!(key(&played, "ArrowLeft"), None, "nothing chosen yet");
    for drive in &solution {
        let letter = &drive[..1];
        let cells: i32 = drive[1..].parse().unwrap();
        let vehicle = puzzle.board.vehicles.iter().find(|v| v.letter == letter.as_bytes()[0]).unwrap();
        assert_eq!(key(&played, &letter.to_lowercase()), Some(vec![]));
        let (back, forth, across) = if vehicle.horizontal {
            ("ArrowLeft", "ArrowRight", "ArrowUp")
        } else {
            ("ArrowUp", "ArrowDown", "ArrowLeft")
        };
        assert_eq!(key(&played, across), Some(vec![]));
        for _ in 0..cells.abs() {
            let made = key(&played, if cells < 0 { back } else { forth }).unwrap();
            assert_eq!(made, vec![format!("{letter}{:+}", cells.signum())]);
            played.extend(made);
        }
    }
    assert!(puzzle.check(&unit, &played).unwrap().ends_solved);
    assert_eq!(played.len() as i32, solution.iter().map(|d| d[1..].parse::<i32>().unwrap().abs()).sum::<i32>());
    assert_eq!((key(&played, "Escape"), key(&played, "ArrowLeft"), key(&played, "Escape")), (Some(vec![]), None, None));
}

/// Moves read in words in the page: his `B+1` is "B down 1" for a truck standing up, "A left 2"
/// for the red car; a move of no vehicle stays as written.
#[test]
fn moves_in_words() {
    let puzzle = RushPuzzle::new(format::parse("....B.\n....B.\n..AA..\n......\n......\n......\n").unwrap());
    let words: Vec<Option<String>> =
        ["B+1", "B-1", "A-2", "A+1", "Z+1", "A"].iter().map(|m| puzzle.move_words(m)).collect();
    assert_eq!(
        words,
        [Some("B down 1"), Some("B up 1"), Some("A left 2"), Some("A right 1"), None, None]
            .map(|w| w.map(String::from))
    );
}
