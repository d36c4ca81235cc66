//! Rules and solver tests for sliding blocks, on small boards solved by hand and on the
//! published answers (the article's maze, classic Klotski).

use super::*;
use crate::families::Editor;
use crate::families::Status;
use crate::search::Flow;

pub const ARTICLE: &str = "aabb\naacd\n  cd\neffh\neggi\na--\n";
pub const KLOTSKI: &str = "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n";

fn solve(text: &str, metric: &str, method: Method) -> Report {
    let puzzle = SlidingPuzzle::parse(text).unwrap();
    let options = SolveOptions { metric: Some(metric.into()), method, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
    if report.status == Status::Solved {
        // Every solution replays through the rules of its metric and is solved last, not before.
        let verdict = puzzle.check(&options, &report.moves).unwrap();
        assert!(verdict.ends_solved, "{text} {metric}: {:?}", report.moves);
        if report.optimal {
            assert_eq!(verdict.first_solved, Some(report.moves.len()));
        }
        assert_eq!(report.cost, report.moves.len() as u64);
    }
    report
}

fn length(text: &str, metric: &str, method: Method) -> Option<usize> {
    let report = solve(text, metric, method);
    (report.status == Status::Solved).then_some(report.moves.len())
}

/// Reachable positions: search with a goal that never matches (`never`), so the space is
/// exhausted. The letters `never` names keep their identity, as in any goal.
fn reachable(text: &str, never: &str) -> u64 {
    let mut lines: Vec<&str> = text.lines().collect();
    lines.pop();
    let text = format!("{}\n{never}\n", lines.join("\n"));
    let report = solve(&text, "unit", Method::Bfs);
    assert_eq!(report.status, Status::Unsolved);
    report.stats.stored
}

#[test]
fn article_maze_in_every_metric() {
    assert_eq!(length(ARTICLE, "unit", Method::Bfs), Some(37));
    assert_eq!(length(ARTICLE, "slide", Method::Bfs), Some(29));
    assert_eq!(length(ARTICLE, "piece", Method::Bfs), Some(25));
    assert_eq!(reachable(ARTICLE, "aX"), 888);
}

#[test]
fn klotski_in_every_metric() {
    assert_eq!(length(KLOTSKI, "unit", Method::Bfs), Some(116));
    assert_eq!(length(KLOTSKI, "slide", Method::Bfs), Some(90));
    assert_eq!(length(KLOTSKI, "piece", Method::Bfs), Some(81));
    assert_eq!(reachable(KLOTSKI, "aX"), 25_955);
}

#[test]
fn every_method_agrees_on_the_optimum() {
    for metric in ["unit", "slide", "piece"] {
        let bfs = length(ARTICLE, metric, Method::Bfs);
        assert_eq!(length(ARTICLE, metric, Method::Astar), bfs, "{metric}");
        let dfs = solve(ARTICLE, metric, Method::Dfs);
        assert_eq!(dfs.status, Status::Solved);
        assert!(!dfs.optimal);
        assert!(dfs.moves.len() >= bfs.unwrap());
    }
}

#[test]
fn the_moves_name_real_pieces() {
    let report = solve(ARTICLE, "unit", Method::Bfs);
    // Checked by hand: the empty cells are at row 2, columns 0-1, and only a (down) and e (up)
    // can move into them.
    let first = &report.moves[0];
    assert!(["a D", "e U"].contains(&first.as_str()), "{first}");
    let report = solve(KLOTSKI, "piece", Method::Bfs);
    assert!(report.moves.iter().all(|m| m.len() >= 3 && m.as_bytes()[1] == b' '), "{:?}", report.moves);
}

/// The 8-puzzle with digit d written as the d-th letter: one of the two hardest positions
/// (31 moves; 181,440 positions reachable).
const EIGHT: &str = "hfg\nbed\nc a\n^---abc-def-gh[ ]---$\n";

#[test]
fn an_explicit_goal_uses_bidirectional_search() {
    // An N-puzzle written as letters is solved as a tile puzzle: IDA* with its exact table.
    let auto = solve(EIGHT, "unit", Method::Auto);
    assert_eq!(auto.method, Method::Idastar);
    assert_eq!(auto.heuristic.as_deref(), Some("a complete distance table"));
    assert_eq!(auto.moves.len(), 31);
    assert_eq!(length(EIGHT, "unit", Method::Bidir), Some(31));
    // Other boards whose goal pins every piece get bidirectional search.
    let two_cell = "aab\nc  \n^---aab-..c---$\n";
    let auto = solve(two_cell, "unit", Method::Auto);
    assert_eq!(auto.method, Method::Bidir);
    assert_eq!(auto.moves, ["c R", "c R"]);
    assert_eq!(length(EIGHT, "unit", Method::Bfs), Some(31));
    assert_eq!(length(EIGHT, "unit", Method::Astar), Some(31));
    assert_eq!(length(EIGHT, "unit", Method::Idastar), Some(31));
    assert_eq!(reachable(EIGHT, "abcdefghX"), 181_440);
    // A goal that names no tile cannot tell them apart: only the blank's 9 places remain.
    assert_eq!(reachable(EIGHT, "X"), 9);
    // With one blank, every metric counts the same.
    assert_eq!(length(EIGHT, "piece", Method::Bidir), Some(31));
}

#[test]
fn bidirectional_needs_an_explicit_goal() {
    let puzzle = SlidingPuzzle::parse(ARTICLE).unwrap();
    let options = SolveOptions { method: Method::Bidir, ..SolveOptions::default() };
    let err = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap_err();
    assert!(err.message.contains("bidirectional search needs one explicit goal position"), "{err}");
}

#[test]
fn no_solution_is_reported_after_exhausting_the_space() {
    // a is two cells wide; the wall in the middle of the bottom row leaves no room for it there,
    // so it can never cover the bottom-left cell. It can stand in 4 places.
    let text = "aa \n   \n # \n^---.{3}-.{3}-a\n";
    let report = solve(text, "unit", Method::Bfs);
    assert_eq!(report.status, Status::Unsolved);
    assert_eq!(report.stats.stored, 4);
    for method in [Method::Astar, Method::Idastar, Method::Dfs] {
        assert_eq!(solve(text, "unit", method).status, Status::Unsolved, "{method:?}");
    }
}

#[test]
fn walls_block() {
    // b goes right twice and down twice round the walls to the bottom-right corner.
    assert_eq!(length("b  \n## \n   \nb--\n", "unit", Method::Bfs), Some(4));
    assert_eq!(length("b  \n## \n   \nb--\n", "slide", Method::Bfs), Some(2));
    assert_eq!(length("b  \n###\n   \nb--\n", "unit", Method::Bfs), None);
}

#[test]
fn a_two_part_piece_threads_two_gaps_at_once() {
    // a's two cells (columns 0 and 2) move together; the wall row has gaps at columns 1 and 3,
    // so a must first step right to line up with both, then go down through them.
    let text = "a a\n\n# # #\n\n^-----.{5}-.{5}-.{5}-.a.a.-----$\n";
    assert_eq!(length(text, "unit", Method::Bfs), Some(4));
    assert_eq!(length(text, "slide", Method::Bfs), Some(2));
    assert_eq!(length(text, "piece", Method::Bfs), Some(1));
    let report = solve(text, "unit", Method::Bfs);
    assert_eq!(report.moves.iter().filter(|m| *m == "a R").count(), 1);
    assert_eq!(report.moves.iter().filter(|m| *m == "a D").count(), 3);
    // Where only one of its parts fits through, it cannot pass.
    assert_eq!(length(&text.replace("# # #", "# ###"), "unit", Method::Bfs), None);
}

#[test]
fn merging_same_shaped_pieces_unless_the_goal_names_them() {
    // b and c are both 1x1 on a 2x2 board. A goal naming b keeps them apart (4 x 3 = 12
    // positions); a goal that cannot tell them apart merges them (4 choose 2 = 6 positions).
    assert_eq!(length("bc\n\nb--\n", "unit", Method::Bfs), Some(2), "b D, b R");
    assert_eq!(length("bc\n\n[bc]--\n", "unit", Method::Bfs), Some(1), "c D");
    assert_eq!(solve("bc\n\n[bc]--\n", "unit", Method::Bfs).moves, vec!["c D"]);
    let count = |goal: &str| {
        let report = solve(&format!("bc\n\n{goal}\n"), "unit", Method::Bfs);
        assert_eq!(report.status, Status::Unsolved);
        report.stats.stored
    };
    assert_eq!(count("bX"), 12);
    assert_eq!(count("[bc]X"), 6);
    assert_eq!(count("X"), 6);
}

/// Two pairs of same-shaped pieces (dominoes i, j across; k, l down) may end in either order:
/// said with backreferences, as Perl reads them, and with an alternation, which the plain
/// engine reads. Same optimum in every metric; the backreferences let i, j (and k, l) merge.
#[test]
fn perl_goals_with_backreferences() {
    let board = "ii k\njj k\nl   \nl   \n";
    let perl = format!("{board}^----([ij])\\1([ij])\\2-([kl])..([kl])-\\3..\\4-....----$\n");
    let plain = format!("{board}^----(iijj|jjii)-(k..l-k..l|l..k-l..k)-....----$\n");
    for metric in ["unit", "slide", "piece"] {
        let (with_refs, with_alternation) = (solve(&perl, metric, Method::Bfs), solve(&plain, metric, Method::Bfs));
        assert_eq!(with_refs.status, Status::Solved, "{metric}");
        assert_eq!(with_refs.moves.len(), with_alternation.moves.len(), "{metric}");
        // Merged pieces, fewer positions; in the unit metric the goal is found before any
        // position where i and j (or k and l) have traded places, so there the counts are equal.
        assert!(with_refs.stats.stored < with_alternation.stats.stored || metric == "unit", "{metric}");
        assert!(with_refs.stats.stored <= with_alternation.stats.stored, "{metric}");
        // A* has no bound from a Perl goal, and still agrees.
        assert_eq!(length(&perl, metric, Method::Astar), Some(with_refs.moves.len()));
    }
    // By hand: k down, i right two (the pairs end as jj ii), j up, l up.
    assert_eq!(length(&perl, "slide", Method::Bfs), Some(4));
    assert_eq!(length(&perl, "unit", Method::Bfs), Some(5));
    // Backreferences to groups that name one letter each keep the letters apart.
    let named = format!("{board}^----(i)\\1(j)\\2-([kl])..([kl])-\\3..\\4-....----$\n");
    let separate = format!("{board}^----iijj-([kl])..([kl])-\\1..\\2-....----$\n");
    assert_eq!(solve(&named, "unit", Method::Bfs).stats.stored, solve(&separate, "unit", Method::Bfs).stats.stored);
    // Lookaround too: "a is in the bottom row, and the cell above it is not b".
    assert_eq!(length("b \na \n(?<!b.{2})a.-{2}$\n", "unit", Method::Bfs), Some(1));
    // A pattern neither engine reads still points at the goal line.
    let err = SlidingPuzzle::parse("ab\n(a)\\1(\n").err().unwrap();
    assert_eq!(err.line, 2);
}

/// Klotski as it is often written, a letter per kind of piece: every soldier `s`, every
/// upright general `v`. The same puzzle as one letter per piece: the same optimum in every
/// metric (81 in the piece metric), the same positions, and moves that name each piece.
#[test]
fn klotski_with_a_letter_per_kind_of_piece() {
    let kinds = "pieces: s=1x1 v=1x2\nvaav\nvaav\nvhhv\nvssv\ns  s\n-.aa.----$\n";
    for metric in ["unit", "slide", "piece"] {
        let (by_kind, by_piece) = (solve(kinds, metric, Method::Bfs), solve(KLOTSKI, metric, Method::Bfs));
        assert_eq!(by_kind.moves.len(), by_piece.moves.len(), "{metric}");
    }
    // The whole space is the same: the 25,955 positions of Klotski with identical pieces merged,
    // the count published for this start.
    assert_eq!(reachable(kinds, "X"), 25_955);
    assert_eq!(reachable(KLOTSKI, "X"), 25_955);
    assert_eq!(length(kinds, "piece", Method::Bfs), Some(81));
    let puzzle = SlidingPuzzle::parse(kinds).unwrap();
    assert_eq!(puzzle.to_text(), kinds);
    // Pieces of one letter are numbered in reading order at the start: s1 is the soldier at row 4,
    // column 2, s3 the one at the bottom left.
    let moves = |list: &[&str]| list.iter().map(|m| m.to_string()).collect::<Vec<_>>();
    let two = moves(&["s3 R", "s2 D"]);
    assert!(puzzle.check(&SolveOptions::default(), &two).is_ok());
    assert_eq!(puzzle.show(&two, 2), "vaav\nvaav\nvhhv\nvs v\n sss\n");
    let error = puzzle.check(&SolveOptions::default(), &moves(&["s5 R"])).unwrap_err();
    assert!(error.message.contains("no piece s5"), "{error}");
    // Cells that do not cut into whole pieces, and a kind written wrong, are pointed at.
    let err = SlidingPuzzle::parse("pieces: v=1x2\nv \nvv\nv \nv--\n").err().unwrap();
    assert_eq!((err.line, err.column), (3, 2), "{err}");
    let err = SlidingPuzzle::parse("pieces: s=1x1, v=2\ns \ns--\n").err().unwrap();
    assert_eq!((err.line, err.column), (1, 16), "{err}");
    // More pieces of one kind than letters exist: 30 soldiers (a class of 30 once overflowed a
    // fixed array of 26), and more than a position can hold is refused, not a crash.
    let thirty = "pieces: s\nssssssssss\nssssssssss\nssssssssss\n          \ns--\n";
    assert_eq!(solve(thirty, "unit", Method::Bfs).moves, ["s30 D"]);
    let crowd = format!("pieces: s\n{}{}s--\n", "ssssssssssss\n".repeat(8), "            \n".repeat(4));
    let err = SlidingPuzzle::parse(&crowd).err().unwrap();
    assert_eq!((err.line, err.column), (2, 1), "{err}");
    assert!(
        err.message.contains("the board has 96 pieces; the most this solver takes on a board of 144 cells is 32"),
        "{err}"
    );
    // 256 of one kind are refused before they are numbered (the numbers are bytes).
    let full = format!("pieces: s\n{}s--\n", "ssssssssssssssss\n".repeat(16));
    assert!(SlidingPuzzle::parse(&full).err().unwrap().message.contains("the board has 256 pieces"));
    // A move names a numbered piece exactly: no sign, no leading zero.
    let puzzle = SlidingPuzzle::parse(thirty).unwrap();
    for wrong in ["s+1 D", "s01 D", "s0 D", "s D", "s31 D"] {
        assert!(
            puzzle
                .check(&SolveOptions::default(), &[wrong.to_string()])
                .unwrap_err()
                .message
                .contains("there is no piece"),
            "{wrong}"
        );
    }
}

#[test]
fn rush_hour_axis_rule() {
    // A horizontal car may not move down when axis is on.
    let text = "bb\n\n^--..-bb--$\n";
    assert_eq!(length(text, "slide", Method::Bfs), Some(1));
    let axis = format!("axis: yes\n{text}");
    let report = solve(&axis, "slide", Method::Bfs);
    assert_eq!(report.status, Status::Unsolved);
    assert_eq!(report.stats.stored, 1);
    let puzzle = SlidingPuzzle::parse(&axis).unwrap();
    let err = puzzle.check(&SolveOptions::default(), &["b D".to_string()]).unwrap_err();
    assert!(err.message.contains("along its own long side"), "{err}");
}

#[test]
fn budgets_and_cancel() {
    let puzzle = SlidingPuzzle::parse(KLOTSKI).unwrap();
    let options = SolveOptions { max_states: Some(1000), ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
    assert_eq!(report.status, Status::GaveUp);
    assert!(report.reason.as_deref().unwrap().starts_with("gave up after 1000 states"));
    let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Stop).unwrap();
    assert_eq!(report.status, Status::Cancelled);
}

#[test]
fn illegal_moves_are_named() {
    let puzzle = SlidingPuzzle::parse(ARTICLE).unwrap();
    let options = SolveOptions::default();
    let moves = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let err = puzzle.check(&options, &moves(&["a D", "b U"])).unwrap_err();
    assert_eq!(err.index, 1);
    assert!(err.message.contains("board edge"), "{err}");
    let err = puzzle.check(&options, &moves(&["e UU"])).unwrap_err();
    assert!(err.message.contains("unit metric"), "{err}");
    let err = puzzle.check(&options, &moves(&["z U"])).unwrap_err();
    assert!(err.message.contains("no piece z"), "{err}");
    let err = puzzle.check(&options, &moves(&["a X"])).unwrap_err();
    assert!(err.message.contains("not a direction"), "{err}");
    let err = puzzle.check(&options, &moves(&["b D"])).unwrap_err();
    assert!(err.message.contains("another piece"), "{err}");
}

#[test]
fn bad_goals_point_at_the_goal_line() {
    let err = SlidingPuzzle::parse("ab\na(--\n").err().unwrap();
    assert_eq!(err.line, 2);
    assert!(err.message.starts_with("the goal is not a valid regular expression"), "{err}");
}

#[test]
fn shows_positions_as_text() {
    let puzzle = SlidingPuzzle::parse(ARTICLE).unwrap();
    let moves = vec!["a D".to_string()];
    assert_eq!(puzzle.show(&moves, 0), "aabb\naacd\n  cd\neffh\neggi\n");
    assert_eq!(puzzle.show(&moves, 1), "  bb\naacd\naacd\neffh\neggi\n");
}

/// A small deterministic random source (xorshift), so the test needs no crate and repeats.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn random_text_never_panics() {
    // Board rows, then a goal made of regex pieces, with now and then an option line or junk.
    const BOARD: &[u8] = b"aabbccz    ##";
    const GOAL: &[u8] = b"ab--..$^[]{}2()*|z ";
    const JUNK: &[u8] = b"A9\t\r:!{";
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    let mut parsed = 0;
    for _ in 0..3000 {
        let mut text = String::new();
        if random.below(8) == 0 {
            text.push_str(["metric: slide\n", "axis: yes\n", "metric: bogus\n", "title: x\n"][random.below(4)]);
        }
        for _ in 0..random.below(5) {
            let row: String = (0..random.below(6)).map(|_| BOARD[random.below(BOARD.len())] as char).collect();
            text.push_str(&row);
            text.push('\n');
        }
        let goal: String = (0..1 + random.below(8)).map(|_| GOAL[random.below(GOAL.len())] as char).collect();
        text.push_str(&goal);
        if random.below(10) == 0 {
            let at = random.below(text.len() + 1);
            text.insert(at, JUNK[random.below(JUNK.len())] as char);
        }
        let Ok(puzzle) = SlidingPuzzle::parse(&text) else { continue };
        parsed += 1;
        let metric = ["unit", "slide", "piece"][random.below(3)];
        let method = [Method::Auto, Method::Bfs, Method::Astar, Method::Idastar, Method::Dfs][random.below(5)];
        let options =
            SolveOptions { metric: Some(metric.into()), method, max_states: Some(2000), ..SolveOptions::default() };
        let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        if report.status == Status::Solved {
            assert!(puzzle.check(&options, &report.moves).unwrap().ends_solved, "{text:?}");
        }
        let (cols, rows) = puzzle.size();
        for (tool, _) in puzzle.tools() {
            let _ = puzzle.apply(&tool, random.below(rows + 1), random.below(cols + 1));
        }
        let _ = puzzle.show(&report.moves, report.moves.len());
        let mut svg = crate::draw::SvgPainter::new(100.0, 80.0);
        puzzle.draw(&report.moves, report.moves.len() / 2, 0.5, &mut svg);
        assert_eq!(SlidingPuzzle::parse(&puzzle.to_text()).unwrap().to_text(), puzzle.to_text(), "{text:?}");
    }
    assert!(parsed > 300, "the generator should make many valid puzzles, made {parsed}");
}

fn analyse(text: &str, metric: &str) -> crate::families::analysis::AnalysisReport {
    let puzzle = SlidingPuzzle::parse(text).unwrap();
    let options = SolveOptions { metric: Some(metric.into()), ..SolveOptions::default() };
    puzzle.analyse(&options, &mut |_: &Stats| Flow::Continue).unwrap()
}

/// Klotski's whole space in each metric: the same figures as the independent Python BFS
/// `tests/fixtures/sliding/analyse.py` prints (positions, solved, shortest and how many move
/// sequences are shortest, farthest from the start and how many lie there, the hardest start and
/// how many share it), and the hardest start, written out, solves in that many moves.
#[test]
fn klotski_analysed_in_each_metric() {
    let expected = [
        ("unit", 116, "4112640000", 167, 4, 126, 4),
        ("slide", 90, "4096", 133, 8, 101, 2),
        ("piece", 81, "256", 124, 8, 93, 2),
    ];
    for (metric, shortest, ways, farthest, at_farthest, hardest, at_hardest) in expected {
        let a = analyse(KLOTSKI, metric);
        assert_eq!((a.positions, a.solved, a.dead_ends), (25_955, 964, 0), "{metric}");
        assert_eq!((a.shortest, a.solutions.as_deref()), (Some(shortest), Some(ways)), "{metric}");
        assert_eq!((a.farthest(), a.histogram.last().copied()), (farthest, Some(at_farthest)), "{metric}");
        assert_eq!(a.histogram.iter().sum::<u64>(), 25_955);
        // The solution shown is one of the shortest: it replays and is solved at its end only.
        assert_eq!(a.solution.len() as u64, shortest);
        let options = SolveOptions { metric: Some(metric.into()), ..SolveOptions::default() };
        let verdict = SlidingPuzzle::parse(KLOTSKI).unwrap().check(&options, &a.solution).unwrap();
        assert_eq!(verdict.first_solved, Some(a.solution.len()));
        assert_eq!(a.choices.len(), a.solution.len());
        assert!(a.choices.iter().all(|&c| c >= 1) && a.only_moves() > 0);
        let h = a.hardest.unwrap();
        assert_eq!((h.moves, h.positions), (hardest, at_hardest), "{metric}");
        let text = h.text.unwrap();
        assert_eq!(length(&text, metric, Method::Bfs), Some(hardest as usize), "{metric}: the hardest start\n{text}");
    }
}

#[test]
fn the_article_maze_has_888_positions() {
    let a = analyse(ARTICLE, "unit");
    assert_eq!((a.positions, a.shortest, a.dead_ends), (888, Some(37), 0));
    // A space this small comes with its graph: every position's way from the start replays, to
    // that position's distance, and the highlighted path is the solution shown.
    let graph = a.graph.as_ref().unwrap();
    assert_eq!((graph.level.len(), graph.solved.len()), (888, 175));
    let puzzle = SlidingPuzzle::parse(ARTICLE).unwrap();
    for node in 0..888 {
        let moves = graph.moves_to(node);
        assert_eq!(moves.len() as u32, graph.level[node]);
        let verdict = puzzle.check(&SolveOptions::default(), &moves).unwrap();
        assert_eq!(verdict.ends_solved, graph.solved.contains(&(node as u32)), "{moves:?}");
    }
    assert_eq!(graph.moves_to(*graph.path.last().unwrap() as usize), a.solution);
    assert_eq!(reachable(ARTICLE, "-zz"), 888, "the same count as exhausting the space with BFS");
}

/// A goal only Perl-style backtracking reads, or only the regex engine tests, is read here, or
/// (in the page's first module, built without `perl-goals` and `regex-goals`) handed on to the
/// full module; a goal of one position never is.
#[test]
fn perl_goals_are_read_here_or_handed_on() {
    let perl = "ii\njj\n^(i)\\1(j)\\2$\n";
    let plain = "ii\njj\n^iijj$\n";
    assert!(!Sliding.needs_full_build(plain));
    assert!(Sliding.parse(plain).is_ok());
    if cfg!(feature = "perl-goals") {
        assert!(!Sliding.needs_full_build(perl));
        assert!(Sliding.parse(perl).is_ok());
    } else {
        assert!(Sliding.needs_full_build(perl));
        assert!(Sliding.parse(perl).is_err());
    }
    // A goal that neither one position nor a few placements of pieces decide is tested by the
    // regex engine, which the first module leaves out.
    let any_order = "ii\njj\n^(.*i){2}.*$\n";
    assert_eq!(Sliding.needs_full_build(any_order), !cfg!(feature = "regex-goals"));
    assert_eq!(Sliding.parse(any_order).is_ok(), cfg!(feature = "regex-goals"));
    // A text that is not a board is not handed on: its error is shown here; nor is a goal with a
    // Unicode class, which no module reads.
    assert!(!Sliding.needs_full_build(""));
    assert!(!Sliding.needs_full_build("ii\njj\n\\p{L}\n"));
    assert!(Sliding.parse("ii\njj\n\\p{L}\n").is_err());
}

/// A Perl-style goal test that runs out of backtracking ends the search with a message naming
/// the goal and the limit, whatever the search found: here `a-` is reached in 4 moves, but on
/// those positions the first alternative's nested stars meet the limit first, and the search
/// once answered 7 moves (moving b out of the way first) marked optimal.
#[cfg(feature = "perl-goals")]
#[test]
fn a_goal_test_out_of_backtracking_gives_up_rather_than_answer() {
    let board = "b     \n      \n a    \n      \n";
    assert_eq!(length(&format!("{board}a-\n"), "unit", Method::Bfs), Some(4));
    let hostile = format!("{board}b((.*)*)*\\2Q|a-\n");
    for method in [Method::Auto, Method::Bfs, Method::Astar] {
        let report = solve(&hostile, "unit", method);
        assert_eq!((report.status, report.optimal, report.moves.len()), (Status::GaveUp, false, 0), "{method:?}");
        let reason = report.reason.unwrap_or_default();
        assert!(reason.contains("\"b((.*)*)*\\2Q|a-\"") && reason.contains("1,000,000 steps"), "{reason}");
    }
    let puzzle = SlidingPuzzle::parse(&hostile).unwrap();
    let analysis = puzzle.analyse(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
    assert_eq!(analysis.status, crate::families::analysis::Completion::GaveUp);
    assert!(analysis.reason.is_some_and(|r| r.contains("1,000,000 steps")));
}

/// Goals that would match always or never because of how they are written are refused when
/// read, pointing at the fault, as Perl refuses them; goals that only look alike still stand.
#[test]
fn goals_that_cannot_stand_as_written_are_refused() {
    let board = "b  \n a \n";
    let refused =
        |goal: &str| SlidingPuzzle::parse(&format!("{board}{goal}\n")).err().map(|e| (e.line, e.column, e.message));
    let everywhere =
        "the goal cannot stand as written: it matches an empty text, so every position would match it".to_string();
    assert_eq!(refused("(?R)"), Some((3, 1, everywhere.clone())), "a flag here, not Perl's recursion");
    assert_eq!(refused("a*"), Some((3, 1, everywhere.clone())));
    assert_eq!(refused("a-|"), Some((3, 1, everywhere)), "its empty alternative matches anywhere");
    let bogus = refused("x[[:bogus:]]").unwrap();
    assert_eq!((bogus.0, bogus.1), (3, 3));
    assert!(bogus.2.contains("[:bogus:] names no character class"), "{}", bogus.2);
    if cfg!(feature = "perl-goals") {
        assert_eq!(
            refused("a{2,1}"),
            Some((3, 2, "the goal cannot stand as written: {2,1} asks for at least 2 and at most 1 repeats".into()))
        );
    }
    for stands in ["[[:alpha:]]-", "x[[:^digit:]]a", "[:bogus:]", "^(?!.*a--)", "(a)\\1|a-"] {
        assert_eq!(refused(stands), None, "{stands}");
    }
}

/// Goal errors say what to change: `(?i)` is read (in ASCII, as a board is), a Unicode class
/// names the letters a board holds, a lookbehind of varying length and a backreference to a
/// group that does not exist say so, each pointing where it starts.
#[test]
fn goal_errors_say_what_to_change() {
    let board = "b     \n      \n a    \n      \n";
    let error =
        |goal: &str| SlidingPuzzle::parse(&format!("{board}{goal}\n")).err().map(|e| (e.line, e.column, e.message));
    assert_eq!(length(&format!("{board}(?i)A-\n"), "unit", Method::Bfs), Some(4));
    let unicode = error("x\\p{Greek}").unwrap();
    assert_eq!((unicode.0, unicode.1), (5, 2));
    assert!(unicode.2.contains("a board holds the letters a-z, so write [a-z]"), "{}", unicode.2);
    if cfg!(feature = "perl-goals") {
        let behind = error("(?<=a+)-").unwrap();
        assert_eq!((behind.0, behind.1), (5, 1));
        assert!(behind.2.contains("a variable-length lookbehind"), "{}", behind.2);
        assert_eq!(
            length(&format!("{board}(?<=a)-\n"), "unit", Method::Bfs),
            Some(4),
            "a fixed-length lookbehind is read"
        );
        let missing = error("(a)\\2").unwrap();
        assert_eq!((missing.0, missing.1), (5, 4));
        assert!(missing.2.ends_with("\\2 matches group 2 again, and the goal has no group 2"), "{}", missing.2);
    }
}
