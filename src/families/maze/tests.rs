//! Hand-made mazes: each format's small cases, the edge cases the issue lists, and the editor.

use super::*;
use crate::families::{SolveOptions, Status};
use crate::midend::{Frames, Replayer};
use crate::search::{Flow, Method};

fn solve(text: &str) -> Report {
    let puzzle = MazePuzzle::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let report = puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap_or_else(|e| panic!("{e}"));
    if report.status == Status::Solved {
        let verdict = puzzle.check(&SolveOptions::default(), &report.moves).expect("the solution replays");
        assert!(verdict.ends_solved);
        assert_eq!(verdict.first_solved, Some(report.moves.len()), "no shorter prefix reaches the exit");
    }
    report
}

fn error(text: &str) -> String {
    let puzzle = MazePuzzle::parse(text).unwrap_or_else(|e| panic!("{e}"));
    match puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue) {
        Err(e) => e.message,
        Ok(r) => panic!("expected an error, got {r:?}"),
    }
}

const BOX: &str = "\
+   +---+---+
|   |       |
+   +   +---+
|       |   |
+---+   +   +
|           |
+---+   +---+
";

#[test]
fn box_art_with_gaps_is_solved_shortest() {
    // In at the top left, out at the bottom middle: down, right, down.
    let report = solve(BOX);
    assert_eq!(report.moves, vec!["S", "E", "S"]);
    assert_eq!(
        serde_json::Value::from(report.facts),
        serde_json::json!({"cells": 4, "entrance": [0, 0], "exit": [2, 1], "height": 3, "width": 3})
    );
}

#[test]
fn two_wide_box_art_and_marks_inside_cells() {
    let text = "+--+--+--+\n|S |  | E|\n+  +  +  +\n|        |\n+--+--+--+\n";
    let report = solve(text);
    assert_eq!(report.moves, vec!["S", "E", "E", "N"]);
}

#[test]
fn unicode_box_drawing_reads_like_box_art() {
    let text = "┌───┬───┐\n│ S │ E │\n│   ╵   │\n└───────┘\n";
    // Line 3 is a cell row in this drawing style, so it is not box art of ours: refuse clearly
    // or read it; either way no panic. The plain two-cell version must read.
    let _ = MazePuzzle::parse(text);
    let text = "┌───┬───┐\n│ S   E │\n└───┴───┘\n";
    assert_eq!(solve(text).moves, vec!["E"]);
}

#[test]
fn underscore_art() {
    // Rosetta Code style: a 3x2 maze open at the top left and the bottom right.
    let text = "   _ _\n|_  | |\n|_ _ _ \n";
    let puzzle = MazePuzzle::parse(text).unwrap();
    assert_eq!((puzzle.grid().cols, puzzle.grid().rows), (3, 2));
    let report = solve(text);
    assert_eq!(report.moves, vec!["E", "S", "E"]);
}

#[test]
fn block_grids_with_marks_aliases_and_ragged_lines() {
    let text = "#########\n#S  #   #\n# # # # #\n# #   #E#\n#########\n";
    assert_eq!(solve(text).moves.len(), 12);
    let ragged = "#####\n#A  B\n###\n";
    assert_eq!(solve(ragged).moves, vec!["E", "E", "E"]);
    let matrix = "[1, 1, 1, 1]\n[1, 2, 0, 1]\n[1, 1, 3, 1]\n[1, 1, 1, 1]\n";
    assert_eq!(solve(matrix).moves, vec!["E", "S"]);
}

#[test]
fn block_grid_gaps_are_the_openings() {
    let text = "## ##\n#   #\n### #\n";
    assert_eq!(solve(text).moves, vec!["S", "E", "S"]);
}

#[test]
fn edge_cases_say_what_is_wrong() {
    assert!(error("+---+---+\n|       |\n+---+---+\n").contains("no opening"));
    assert!(error("+   +---+\n|       |\n+---+---+\n").contains("only one opening"));
    assert!(error("+   +   +\n|       |\n+   +---+\n").contains("3 openings"));
    // A 1x1 maze with a gap on top and at the bottom: in and out of the same cell.
    let report = solve("+   +\n|   |\n+   +\n");
    assert_eq!((report.status, report.moves.len()), (Status::Solved, 0));
    // No way through: the exit is walled off.
    let report = solve("+   +---+\n|   |   |\n+---+   +\n");
    assert_eq!(report.status, Status::Unsolved);
}

#[test]
fn bad_text_gets_a_place_and_a_sentence() {
    let e = MazePuzzle::parse("+---+\n| S |\n+-x-+\n").err().unwrap();
    assert_eq!((e.line, e.column), (3, 3), "{e}");
    let e = MazePuzzle::parse("+---+\n| S |\n").err().unwrap();
    assert!(e.message.contains("line of corners"), "{e}");
    let e = MazePuzzle::parse("#####\n#S?E#\n#####\n").err().unwrap();
    assert_eq!((e.line, e.column), (2, 3), "{e}");
}

#[test]
fn loops_are_fine_and_the_answer_is_the_shorter_way() {
    let text = "\
+---+---+---+
| S         |
+   +---+   +
|         E |
+---+---+---+
";
    assert_eq!(solve(text).moves.len(), 3);
}

#[test]
fn astar_agrees_with_bfs() {
    let grid = generate::perfect(30, 30, 9);
    let text = text::write_box_art(&grid, &|_| None);
    let puzzle = MazePuzzle::parse(&text).unwrap();
    let bfs = puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap();
    let astar = puzzle
        .solve(&SolveOptions { method: Method::Astar, ..SolveOptions::default() }, &mut |_| Flow::Continue)
        .unwrap();
    assert_eq!(bfs.moves.len(), astar.moves.len());
    assert!(astar.optimal);
}

#[test]
fn box_art_round_trips_through_the_writer() {
    for seed in 0..5 {
        let grid = generate::perfect(7 + seed as usize, 4, seed);
        let text = text::write_box_art(&grid, &|_| None);
        let again = MazePuzzle::parse(&text).unwrap();
        assert_eq!(again.grid().open, grid.open);
        assert_eq!(text::write_box_art(again.grid(), &|_| None), text);
    }
}

#[test]
fn our_svg_rereads_as_the_same_maze_with_or_without_the_solution() {
    let grid = generate::perfect(12, 9, 5);
    let text = text::write_box_art(&grid, &|_| None);
    let puzzle = MazePuzzle::parse(&text).unwrap();
    let report = puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap();
    let solved = puzzle.solved_svg(&report.moves).unwrap();
    assert!(solved.contains("stroke=\"#ff0000\""));
    let reread = MazePuzzle::parse(&solved).unwrap();
    assert_eq!(reread.grid().open, grid.open);
    assert_eq!(reread.solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap().moves, report.moves);
    // Solving the solved file again adds a second red line and still reads the same.
    let twice = reread.solved_svg(&report.moves).unwrap();
    assert_eq!(MazePuzzle::parse(&twice).unwrap().grid().open, grid.open);
}

#[test]
fn hostile_svgs_fail_fast_with_a_message() {
    let laughs = "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">\
        <!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">\
        <!ENTITY e \"&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;\"><!ENTITY f \"&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;\">]><svg><title>&f;&f;&f;&f;</title></svg>";
    let e = MazePuzzle::parse(laughs).err().unwrap();
    assert_eq!((e.line, e.column), (1, 37), "{e}");
    assert!(e.message.contains("defines XML entities"), "{e}");
    // One entity of 1,000 characters used 25,000 times: a 76 KB file read for minutes.
    let wide = format!(
        "<!DOCTYPE svg [<!ENTITY a \"{}\">]>\n<svg><title>{}</title></svg>",
        "x".repeat(1000),
        "&a;".repeat(25_000)
    );
    assert!(MazePuzzle::parse(&wide).err().unwrap().message.contains("defines XML entities"));
    // A staircase of 100,000 steps spans 50,000 x 50,000 cells: refused for its size at once
    // (finding its lattice was quadratic and took 14 s).
    let stairs = format!("<svg><path stroke=\"black\" d=\"M0 0 {}\"/></svg>", "h2 v2 ".repeat(50_000));
    assert!(MazePuzzle::parse(&stairs).err().unwrap().message.contains("50000 x 50000 cells"));
    let deep = format!("<svg>{}{}</svg>", "<g>".repeat(5000), "</g>".repeat(5000));
    let e = MazePuzzle::parse(&deep).err().unwrap();
    assert!(e.message.contains("deep"), "{e}");
    let e = MazePuzzle::parse("<svg><line x1=\"0\" y1=\"0\" x2=\"16\" y2=\"0\"").err().unwrap();
    assert!(e.line >= 1 && e.message.contains("XML"), "{e}");
    let e = MazePuzzle::parse("<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>").err().unwrap();
    assert!(e.message.contains("no walls"), "{e}");
    let e = MazePuzzle::parse("<?xml version=\"1.0\"?><html></html>").err().unwrap();
    assert!(e.message.contains("not SVG"), "{e}");
}

#[test]
fn theta_and_delta_mazes_are_refused_by_name() {
    let theta = "<svg><title>20 by 20 theta maze</title><path stroke=\"black\" d=\"M0 0 A 5 5 0 0 1 10 0\"/></svg>";
    assert!(MazePuzzle::parse(theta).err().unwrap().message.contains("circular (theta)"));
    let delta =
        "<svg><title>10 by 10 delta maze</title><line stroke=\"black\" x1=\"0\" y1=\"0\" x2=\"10\" y2=\"0\"/></svg>";
    assert!(MazePuzzle::parse(delta).err().unwrap().message.contains("triangular (delta)"));
}

#[test]
fn editing_walls_marks_and_size() {
    let puzzle = MazePuzzle::parse(BOX).unwrap();
    let editor = puzzle.editor().unwrap();
    // The wall below cell (0, 0) is the spot (2, 1): it is open; a click builds it.
    let walled = editor.apply("wall", 2, 1).unwrap();
    let walled = MazePuzzle::parse(&walled).unwrap();
    assert!(!walled.grid().is_open(0, 2));
    // Moving the start to the middle cell marks it and closes the old gap in the top wall.
    let moved = MazePuzzle::parse(&editor.apply("start", 3, 3).unwrap()).unwrap();
    assert_eq!(moved.grid().start_mark, Some(4));
    assert_eq!(moved.grid().openings().len(), 1);
    assert_eq!(solve(&moved.to_text()).moves, vec!["S"]);
    // Growing keeps the exit on the outer wall.
    let grown = MazePuzzle::parse(&editor.resize(5, 4).unwrap()).unwrap();
    assert_eq!((grown.grid().cols, grown.grid().rows), (5, 4));
    assert_eq!(grown.grid().openings().len(), 2);
    assert_eq!(solve(&grown.to_text()).status, Status::Solved);
}

#[test]
fn clicks_find_walls_and_cells() {
    let puzzle = MazePuzzle::parse(BOX).unwrap();
    let editor = puzzle.editor().unwrap();
    let view = draw::View::fit(puzzle.grid(), 300.0, 300.0);
    let Geometry::Square { x0, y0, step } = puzzle.grid().geometry else { panic!() };
    let at = |fx: f64, fy: f64| {
        let (x, y) = view.screen((x0 + fx * step, y0 + fy * step));
        editor.cell_at(x, y, 300.0, 300.0)
    };
    assert_eq!(at(0.5, 0.5), Some((1, 1)), "the middle of cell (0, 0)");
    assert_eq!(at(0.5, 1.05), Some((2, 1)), "the wall under it");
    assert_eq!(at(2.97, 1.5), Some((3, 6)), "the right outer wall of row 1");
    assert_eq!(at(-2.0, 0.5), None);
}

use grid::Geometry;

fn analyse(text: &str) -> crate::families::analysis::AnalysisReport {
    let puzzle = MazePuzzle::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    puzzle.analyse(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap()
}

/// A corridor maze (a tree) and a ring (a loop): dead-end cells and the two cells farthest
/// apart, counted by hand.
#[test]
fn analyse_finds_dead_ends_and_the_diameter() {
    // S and E at the left ends of two corridors joined in the middle: the right ends are dead
    // ends, and the farthest cells are a left end and the other corridor's ends, 6 steps apart.
    let a = analyse("#######\n#S    #\n### ###\n#E    #\n#######\n");
    assert_eq!((a.positions, a.shortest, a.farthest()), (11, Some(6), 6));
    assert_eq!(a.notes[0], "2 dead-end cells (open on one side, neither start nor exit)");
    assert!(a.notes[1].starts_with("The two cells farthest apart, 6 steps: "), "{}", a.notes[1]);
    // A ring of 8 cells: no dead ends, opposite cells 4 steps apart, two shortest ways round.
    let a = analyse("#####\n#S  #\n# # #\n#  E#\n#####\n");
    assert_eq!((a.positions, a.shortest, a.solutions.as_deref()), (8, Some(4), Some("2")));
    assert_eq!(a.notes[0], "0 dead-end cells (open on one side, neither start nor exit)");
    assert!(a.notes[1].starts_with("The two cells farthest apart, 4 steps: "), "{}", a.notes[1]);
}

/// "Open the hardest start" for a maze: the start moves to the cell farthest from the exit (the
/// exit stays), in the maze's own layout, and that maze solves in the promised number of steps.
#[test]
fn the_hardest_start_is_written_as_a_maze() {
    let a = analyse("#######\n#  S  #\n### ###\n#E    #\n#######\n");
    let hardest = a.hardest.unwrap();
    assert_eq!((hardest.moves, hardest.positions, hardest.path.len()), (6, 2, 2));
    let text = hardest.text.unwrap();
    assert!(
        text == "#######\n#S    #\n### ###\n#E    #\n#######\n"
            || text == "#######\n#    S#\n### ###\n#E    #\n#######\n",
        "{text}"
    );
    let solved = MazePuzzle::parse(&text).unwrap().solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap();
    assert_eq!(solved.moves.len(), 6);
    // Box art (thin walls): the start's gap in the outer wall moves with it.
    // The farthest cell from either opening is the top middle one, a dead end.
    let a = analyse("+--+--+--+\n   |     |\n+  +--+  +\n         |\n+--+--+--+\n");
    let hardest = a.hardest.unwrap();
    assert!(!hardest.path.is_empty());
    let text = hardest.text.unwrap();
    assert_eq!(text.lines().nth(1).map(|l| l.contains('S')), Some(true), "{text}");
    let solved = MazePuzzle::parse(&text)
        .unwrap_or_else(|e| panic!("{e}\n{text}"))
        .solve(&SolveOptions::default(), &mut |_| Flow::Continue)
        .unwrap();
    assert_eq!(solved.moves.len() as u64, hardest.moves, "{text}");
}

/// The maze's rules, counting the moves the mid-end executes.
struct Counting<'a>(&'a MazePuzzle, std::cell::Cell<usize>);

impl midend::Backend for Counting<'_> {
    type State = usize;
    fn start(&self) -> Result<usize, String> {
        midend::Backend::start(self.0)
    }
    fn execute(&self, at: &usize, text: &str) -> Result<usize, String> {
        self.1.set(self.1.get() + 1);
        midend::Backend::execute(self.0, at, text)
    }
    fn is_solved(&self, at: &usize) -> bool {
        midend::Backend::is_solved(self.0, at)
    }
    fn paint(&self, frames: &Frames<usize>, step: usize, tween: f32, painter: &mut dyn Painter) {
        midend::Backend::paint(self.0, frames, step, tween, painter)
    }
    fn show(&self, frames: &Frames<usize>, step: usize) -> String {
        midend::Backend::show(self.0, frames, step)
    }
}

/// A long path replays each cell once however it is shown: every board for `--output-states`,
/// every frame of a replay, and the check, from one walk of the path.
#[test]
fn a_long_path_is_walked_once() {
    let maze = MazePuzzle::parse(&text::write_box_art(&generate::perfect(40, 40, 7), &|_| None)).unwrap();
    let report = maze.solve(&SolveOptions::default(), &mut |_: &crate::search::Stats| Flow::Continue).unwrap();
    let moves = report.moves;
    assert!(moves.len() > 200, "{}", moves.len());
    let counting = Counting(&maze, std::cell::Cell::new(0));
    let replayer = Replayer::default();
    let boards = replayer.boards(&counting, &moves);
    assert_eq!(boards, maze.boards(&moves));
    for (step, board) in boards.iter().enumerate() {
        assert_eq!(&replayer.show(&counting, &moves, step), board);
        replayer.draw(&counting, &moves, step, 0.5, &mut crate::draw::SvgPainter::new(400.0, 400.0));
    }
    assert_eq!(replayer.check(&counting, &SolveOptions::default(), &moves).unwrap().first_solved, Some(moves.len()));
    assert_eq!(counting.1.get(), moves.len());
    // The walker stands on the exit at the end (its '@' hides the 'E'), at the start at first.
    let (first, last) = (&boards[0], &boards[moves.len()]);
    assert!(first.contains('@') && first.contains('E') && !first.contains('S'), "{first}");
    assert!(last.contains('@') && last.contains('S') && !last.contains('E'), "{last}");
}

/// Play: a click on a cell walks there by a shortest path; a click on the exit from the start
/// walks the whole shortest solution, square and hexagonal alike.
#[test]
fn a_click_walks_to_the_cell_by_a_shortest_path() {
    let size = (560.0, 440.0);
    for text in [
        BOX,
        include_str!("../../../www/examples/maze-sigma.svg"),
        include_str!("../../../www/examples/maze-blocks.txt"),
    ] {
        let puzzle = MazePuzzle::parse(text).unwrap();
        let ends = puzzle.ends.clone().unwrap();
        let view = draw::View::fit(&puzzle.grid, size.0, size.1);
        let (row, col) = puzzle.grid.row_col(ends.exit);
        let exit = view.screen(puzzle.grid.geometry.centre(row, col));
        let options = SolveOptions::default();
        let walked = puzzle.moves_at(&options, &[], 0, exit, exit, size);
        let shortest = solve(text).moves.len();
        assert_eq!(walked.len(), shortest, "{walked:?}");
        assert!(puzzle.check(&options, &walked).unwrap().ends_solved);
        // From there, a click where the walker stands makes no move.
        assert_eq!(puzzle.moves_at(&options, &walked, walked.len(), exit, exit, size), Vec::<String>::new());
    }
}

/// A text maze whose openings do not say where it starts and ends has the opening it is about
/// placed in the text: the lone one, or the first past the two a maze has; with none, its first
/// line.
#[test]
fn unclear_openings_are_placed_in_the_text() {
    let placed = |text: &str| {
        let puzzle = MazePuzzle::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let error = puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap_err();
        (error.line, error.column, error.message)
    };
    // Blocks: gaps at (0,1) north, (2,0) west, (3,3) south; the third is on line 4, column 4.
    let (line, column, message) = placed("# ###\n#   #\n    #\n### #\n");
    assert_eq!((line, column), (4, 4), "{message}");
    assert!(message.starts_with("3 openings found in the outer wall"), "{message}");
    // Box art after a blank line: one gap, under the first cell (line 4, column 2).
    let (line, column, message) = placed("\n+---+---+\n|       |\n+   +---+\n");
    assert_eq!((line, column), (4, 2), "{message}");
    assert!(message.starts_with("only one opening found"), "{message}");
    // `_|` art: west of (0,0), north of (0,1), east of (1,1): the third on line 3, column 5.
    let (line, column, message) = placed(" _  \n   _|\n|_ _ \n");
    assert_eq!((line, column), (3, 5), "{message}");
    assert!(message.starts_with("3 openings found"), "{message}");
    // No opening at all: the first line of the maze.
    let (line, column, message) = placed("\n\n#####\n#   #\n#####\n");
    assert_eq!((line, column), (3, 1), "{message}");
    assert!(message.starts_with("no opening found"), "{message}");
}

/// Play from the keyboard: on square cells the arrow keys step where the walls allow.
#[test]
fn arrow_keys_step_where_the_walls_allow() {
    // #S  #: the walker starts at row 1, column 1 and may go east only.
    let puzzle = MazePuzzle::parse("#####\n#S  #\n### #\n#E  #\n#####\n").unwrap();
    let options = SolveOptions::default();
    let key = |moves: &[String], key: &str| puzzle.moves_for_key(&options, moves, moves.len(), key);
    assert_eq!(key(&[], "ArrowRight"), Some(vec!["E".to_string()]));
    assert_eq!(
        (key(&[], "ArrowUp"), key(&[], "ArrowDown"), key(&[], "ArrowLeft")),
        (Some(vec![]), Some(vec![]), Some(vec![])),
        "walls: the key is taken, no step"
    );
    let east = vec!["E".to_string(), "E".to_string()];
    assert_eq!(key(&east, "ArrowDown"), Some(vec!["S".to_string()]));
    assert_eq!(key(&east, "Enter"), None, "not a key of the maze's");
}
