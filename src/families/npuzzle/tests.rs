use super::*;
use crate::families::{self, SolveOptions, Status};
use crate::search::Method;

fn quiet(_: &Stats) -> Flow {
    Flow::Continue
}

fn solve(text: &str, method: Method) -> Report {
    let puzzle = families::parse(None, text).unwrap();
    assert_eq!(puzzle.family(), "npuzzle");
    let options = SolveOptions { method, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut quiet).unwrap();
    if report.status == Status::Solved {
        let verdict = puzzle.check(&options, &report.moves).unwrap();
        assert!(verdict.ends_solved && verdict.first_solved == Some(report.moves.len()), "{:?}", report.moves);
    }
    report
}

/// The two 8-puzzle positions that need 31 moves, the most any needs (Reinefeld 1993).
#[test]
fn hardest_eight_puzzles() {
    for text in ["8 6 7\n2 5 4\n3 _ 1\n", "6 4 7\n8 5 _\n3 2 1\n"] {
        let report = solve(text, Method::Auto);
        assert_eq!(report.moves.len(), 31, "{text}");
        assert_eq!(report.method, Method::Idastar);
        assert!(report.optimal);
        assert_eq!(report.heuristic.as_deref(), Some("a complete distance table"));
        // Breadth-first search over the whole 181,440 positions agrees.
        assert_eq!(solve(text, Method::Bfs).moves.len(), 31);
    }
}

/// The quick method the page's first hint uses: best-first search over small tables (4-4-4-3
/// on the 15-puzzle) answers Korf's instance 12 (45 moves at best) with a longer way that
/// replays, says it is not proven, and builds no large table.
#[test]
fn a_quick_answer_is_found_over_small_tables_and_not_claimed_shortest() {
    let text = "1 3 5 6\n_ 13 14 9\n11 4 8 12\n10 7 15 2\n";
    let puzzle = families::parse(None, text).unwrap();
    assert_eq!(puzzle.capabilities().quick, Some(Method::Greedy));
    let report = solve(text, Method::Greedy);
    assert_eq!(report.status, Status::Solved);
    assert!(report.moves.len() >= 45 && report.moves.len() % 2 == 1, "{}", report.moves.len());
    assert!(!report.optimal);
    assert_eq!(report.heuristic.as_deref(), Some("pattern databases 4-4-4-3"));
    assert!(report.stats.stored < 100_000, "{} positions", report.stats.stored);
    // The 8-puzzle's small tables are its whole table: still not claimed shortest.
    let eight = solve("8 6 7\n2 5 4\n3 _ 1\n", Method::Greedy);
    assert!(eight.moves.len() >= 31 && !eight.optimal);
}

#[test]
fn auto_is_ida_star_and_the_page_is_told() {
    let puzzle = families::parse(None, "1 2 3\n4 5 6\n7 _ 8\n").unwrap();
    assert_eq!(puzzle.capabilities().auto(), Method::Idastar);
    let sliding = families::parse(None, "hfg\nbed\nc a\n^---abc-def-gh[ ]---$\n").unwrap();
    assert_eq!(sliding.capabilities().auto(), Method::Idastar);
    let klotski = families::parse(None, crate::examples::text("klotski").unwrap()).unwrap();
    assert_eq!(klotski.capabilities().auto(), Method::Bfs);
    let level = families::parse(None, "Red:0,0 v\nRed:0,2\n").unwrap();
    assert_eq!(level.capabilities().auto(), Method::Astar);
}

#[test]
fn wrong_parity_is_answered_without_searching() {
    let report = solve("2 1 3\n4 5 6\n7 8 _\n", Method::Auto);
    assert_eq!(report.status, Status::Unsolved);
    assert_eq!(report.stats.explored, 0);
    assert!(report.reason.as_deref().unwrap().contains("wrong parity"));
}

#[test]
fn other_goals_and_rectangles() {
    // Blank first in the goal: one move from it.
    let report = solve("1 _ 2\n3 4 5\ngoal:\n_ 1 2\n3 4 5\n", Method::Auto);
    assert_eq!(report.moves, ["1"]);
    // A 2x3 rectangle, checked against breadth-first search.
    let text = "5 4 3\n2 1 _\n";
    let by_auto = solve(text, Method::Auto);
    assert_eq!(by_auto.moves.len(), solve(text, Method::Bfs).moves.len());
    assert_eq!(by_auto.moves.len(), solve(text, Method::Bidir).moves.len());
}

#[test]
fn moves_replay_and_illegal_moves_are_named() {
    let puzzle = families::parse(None, "1 2 3\n4 5 6\n7 _ 8\n").unwrap();
    let options = SolveOptions::default();
    assert!(puzzle.check(&options, &["8".to_string()]).unwrap().ends_solved);
    let e = puzzle.check(&options, &["8".into(), "1".into()]).unwrap_err();
    assert_eq!(e.index, 1);
    assert!(e.message.contains("not next to the blank"), "{e}");
    assert_eq!(puzzle.show(&["8".into()], 1), "1 2 3\n4 5 6\n7 8 _\n");
}

#[test]
fn editing_keeps_the_text_the_truth() {
    let puzzle = NPuzzle::new(format::parse("1 2 3\n4 5 6\n7 8 _\n").unwrap());
    // Sliding 8 (next to the blank) is a move; 1 is not next to it.
    assert_eq!(puzzle.apply("slide", 2, 1).as_deref(), Some("1 2 3\n4 5 6\n7 _ 8\n"));
    assert_eq!(puzzle.apply("slide", 0, 0), None);
    assert_eq!(puzzle.apply("blank", 0, 0).as_deref(), Some("_ 2 3\n4 5 6\n7 8 1\n"));
    // Shuffles are solvable, and differ from one press to the next.
    let first = puzzle.apply("now:shuffle", 0, 0).unwrap();
    let shuffled = NPuzzle::new(format::parse(&first).unwrap());
    assert!(shuffled.solvable());
    let second = shuffled.apply("now:shuffle", 0, 0).unwrap();
    assert_ne!(first, second);
    assert_eq!(puzzle.resize(4, 4).as_deref(), Some(" 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  _\n"));
    for seed in 0..20 {
        let text = NPuzzles.generate(4, 4, seed).unwrap();
        assert!(NPuzzle::new(format::parse(&text).unwrap()).solvable(), "{text}");
    }
}

/// The whole 8-puzzle from its goal: 181,440 positions spread over distances as OEIS A089473
/// lists them, the farthest 31 moves away and exactly two of them (Reinefeld 1993), one of
/// which Analyse writes out as the hardest start.
#[test]
fn the_eight_puzzle_analysed_from_its_goal() {
    let puzzle = families::parse(None, "1 2 3\n4 5 6\n7 8 _\n").unwrap();
    let a = puzzle.analyse(&SolveOptions::default(), &mut quiet).unwrap();
    let a089473 = [
        1, 2, 4, 8, 16, 20, 39, 62, 116, 152, 286, 396, 748, 1024, 1893, 2512, 4485, 5638, 9529, 10878, 16993, 17110,
        23952, 20224, 24047, 15578, 14560, 6274, 3910, 760, 221, 2,
    ];
    assert_eq!((a.positions, a.solved, a.dead_ends, a.shortest), (181_440, 1, 0, Some(0)));
    assert_eq!(a.histogram, a089473);
    let hardest = a.hardest.unwrap();
    assert_eq!((hardest.moves, hardest.positions), (31, 2));
    let text = hardest.text.unwrap();
    assert!(["8 6 7\n2 5 4\n3 _ 1\n", "6 4 7\n8 5 _\n3 2 1\n"].contains(&text.as_str()), "{text}");
    assert_eq!(solve(&text, Method::Auto).moves.len(), 31);
}

/// Play: a tap on a tile in line with the blank slides it and the tiles between; a tap
/// elsewhere plays nothing; the moves replay to the solved board.
#[test]
fn a_tap_in_line_with_the_blank_slides_the_tiles_between() {
    let puzzle = families::parse(None, "1 2 3\n4 5 6\n7 _ 8\n").unwrap();
    let options = SolveOptions::default();
    let size = (300.0, 240.0);
    let grid = crate::draw::GridLayout::fit(3, 3, size.0, size.1);
    let tap = |moves: &[String], row: usize, col: usize| {
        let point = grid.at(row as f64 + 0.5, col as f64 + 0.5);
        puzzle.moves_at(&options, moves, moves.len(), point, point, size)
    };
    assert_eq!(tap(&[], 0, 1), ["5", "2"]);
    assert_eq!(tap(&[], 0, 0), Vec::<String>::new());
    assert_eq!(tap(&[], 2, 1), Vec::<String>::new(), "the blank itself");
    let played = tap(&[], 2, 2);
    assert_eq!(played, ["8"]);
    let verdict = puzzle.check(&options, &played).unwrap();
    assert!(verdict.ends_solved);
    // From a later step: after 8 slid left, the blank is in the corner.
    assert_eq!(tap(&played, 0, 2), ["6", "3"]);
    // The arrow keys slide the tile beside the blank their way into it.
    let key = |moves: &[String], key: &str| puzzle.moves_for_key(&options, moves, moves.len(), key);
    assert_eq!(
        (key(&[], "ArrowLeft"), key(&[], "ArrowRight"), key(&[], "ArrowDown")),
        (Some(vec!["8".to_string()]), Some(vec!["7".to_string()]), Some(vec!["5".to_string()]))
    );
    assert_eq!(key(&[], "ArrowUp"), Some(vec![]), "nothing below the blank");
    assert_eq!(key(&played, "ArrowLeft"), Some(vec![]), "the blank in the corner: nothing to its right");
    assert_eq!(key(&[], "x"), None, "not a key of the puzzle's");
}
