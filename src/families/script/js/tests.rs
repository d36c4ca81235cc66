//! Scripts in JavaScript, run by QuickJS: every rhai example's twin gives the same answer, move
//! for move; the English board's peg solitaire; every kind of error, placed.

use crate::families::script::Script;
use crate::families::{Family, FormatError, Puzzle, Report, SolveOptions, Status};
use crate::search::{Flow, Method, Stats};

fn example(name: &str) -> &'static str {
    crate::examples::text(name).unwrap()
}

/// The JavaScript twins of the rhai examples, and the English board.
fn js(name: &str) -> &'static str {
    match name {
        "eight" => include_str!("../../../../tests/fixtures/script/eight-puzzle.js"),
        name => example(&format!("script-js-{name}")),
    }
}

fn parse(text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
    Script.parse(text)
}

/// Solves and, when solved, replays the answer through the rules.
fn solve_with(text: &str, options: &SolveOptions) -> Result<Report, FormatError> {
    let puzzle = parse(text)?;
    let report = puzzle.solve(options, &mut |_: &Stats| Flow::Continue)?;
    if report.status == Status::Solved {
        let verdict = puzzle.check(options, &report.moves).unwrap();
        assert!(verdict.ends_solved && verdict.first_solved == Some(report.moves.len()), "{:?}", report.moves);
    }
    Ok(report)
}

fn solve(text: &str, method: Method) -> Result<Report, FormatError> {
    solve_with(text, &SolveOptions { method, ..SolveOptions::default() })
}

fn error(text: &str) -> FormatError {
    match solve(text, Method::Bfs) {
        Err(e) => e,
        Ok(report) => panic!("expected an error, got {report:?}"),
    }
}

const HEAD: &str = "// puzzlelab script js\n";

/// A script of the given functions' bodies, one per line from line 2.
fn script(start: &str, moves: &str, apply: &str, is_goal: &str) -> String {
    format!(
        "{HEAD}function start() {{ {start} }}\nfunction moves(s) {{ {moves} }}\nfunction apply(s, m) {{ {apply} }}\nfunction is_goal(s) {{ {is_goal} }}\n"
    )
}

/// Each rhai example and its JavaScript twin: the same moves, one for one, and the same number
/// of states stored (their moves are listed in the same order).
#[test]
fn every_rhai_example_gives_the_same_answer_in_javascript() {
    for (name, length, method) in [
        ("cards", 14, Method::Bfs),
        ("river", 7, Method::Bfs),
        ("jugs", 6, Method::Bfs),
        ("hanoi", 15, Method::Bfs),
        ("hanoi", 15, Method::Astar),
        ("pegs", 13, Method::Bfs),
    ] {
        let rhai = solve(example(&format!("script-{name}")), method).unwrap();
        let javascript = solve(js(name), method).unwrap();
        assert_eq!(javascript.status, Status::Solved, "{name}");
        assert_eq!(javascript.moves.len(), length, "{name}");
        assert_eq!((&javascript.moves, javascript.stats.stored), (&rhai.moves, rhai.stats.stored), "{name}");
    }
}

/// The English board: 31 jumps, found by `auto` (A*, with the exact count of pegs left as its
/// heuristic) among a thousand positions, and replayed.
#[test]
fn peg_solitaire_on_the_english_board_in_31_jumps() {
    let report = solve(js("solitaire"), Method::Auto).unwrap();
    assert_eq!(
        (report.status, report.method, report.moves.len(), report.optimal),
        (Status::Solved, Method::Astar, 31, true)
    );
    assert!(report.stats.stored < 5_000, "{}", report.stats.stored);
    // The last jump ends in the centre, d4.
    assert!(report.moves[30].ends_with("-d4"), "{:?}", report.moves);
}

/// The 8-puzzle from its hardest start: 31 moves, and every one of the 181,440 positions of its
/// half of the permutations stored, breadth-first.
#[test]
fn the_eight_puzzle_in_31_moves_over_all_181440_positions() {
    let report = solve(js("eight"), Method::Bfs).unwrap();
    assert_eq!((report.moves.len(), report.stats.stored), (31, 181_440));
}

#[test]
fn errors_say_where() {
    // Syntax.
    let e = error(&format!("{HEAD}function start() {{\n  return [1, 2;\n}}\n"));
    assert_eq!((e.line, e.message.starts_with("the script does not parse: SyntaxError")), (3, true), "{e}");
    // A function missing.
    let e = error(&format!("{HEAD}function start() {{ return 0; }}\nfunction moves(s) {{ return [1]; }}\nfunction apply(s, m) {{ return s + m; }}\n"));
    assert_eq!(e.message, "the script needs a function is_goal(state): whether a state is solved (true or false)");
    // A move whose apply throws: at the error made.
    let e = error(&script(
        "return 0;",
        "return [1];",
        "\n  if (s > 1) throw new RangeError(\"too far\");\n  return s + m;\n",
        "return false;",
    ));
    assert_eq!((e.line, e.column, e.message.as_str()), (5, 24, "apply() failed: RangeError: too far"));
    // A fault inside a helper is placed in the helper, and named by the function the search called.
    let e = error(&format!(
        "{HEAD}function helper(x) {{\n  return x.y.z;\n}}\n{}",
        &script("return 0;", "return [1];", "return helper(s);", "return false;")[HEAD.len()..]
    ));
    assert_eq!((e.line, e.message.starts_with("apply() failed: TypeError")), (3, true), "{e}");
    // Something thrown that is not an Error: at the function's definition.
    let e = error(&script("return 0;", "throw \"no moves\";", "return s;", "return false;"));
    assert_eq!((e.line, e.column, e.message.as_str()), (3, 1, "moves() failed: it threw \"no moves\""));
    // Values of the wrong kind.
    let e = error(&script("return 0;", "return 7;", "return s;", "return false;"));
    assert_eq!(
        (e.line, e.message.as_str()),
        (3, "moves() failed: TypeError: moves() must return an array of moves, but it returned a number (7)")
    );
    let e = error(&script("return 0;", "return [1];", "return s + m;", "return s === 3 ? 1 : 0;"));
    assert!(e.message.contains("is_goal() must return true or false, but it returned a number (0)"), "{e}");
    let e = error(&script("return 0;", "return [1];", "return s + m;", ""));
    assert!(e.message.contains("returned undefined (is a return missing?)"), "{e}");
    // The top level.
    let e = error(&format!(
        "{HEAD}const TABLE = undefined.length;\n{}",
        &script("return 0;", "return [];", "return s;", "return false;")[HEAD.len()..]
    ));
    assert_eq!((e.line, e.message.starts_with("the script's top level failed: TypeError")), (2, true), "{e}");
}

/// A state or move must be JSON-like; the error names what it held and where.
#[test]
fn states_must_be_json_like() {
    for (state, held) in [
        ("[1, () => 2]", "a function (at [1])"),
        ("{ a: [undefined] }", "undefined (at .a[0])"),
        ("[0 / 0]", "the number NaN (at [0])"),
        ("new Map()", "an object that is not plain"),
        ("(() => { const a = []; a.push(a); return a; })()", "nested more than 64 deep (is there a cycle?)"),
    ] {
        let e = error(&script(&format!("return {state};"), "return [];", "return s;", "return false;"));
        assert!(e.message.starts_with("start() returned a state that is not JSON-like: "), "{e}");
        assert!(e.message.contains(held), "{state}: {e}");
        assert_eq!(e.line, 2, "{e}");
    }
    let e = error(&script("return 0;", "return [{ f() {} }];", "return s + 1;", "return false;"));
    assert_eq!((e.line, e.message.as_str()), (3, "moves() returned a move that is not JSON-like: a function (at .f)"));
    // Objects are compared by value whatever the order of their keys; 2.0 is 2.
    let keys = script(
        "return { b: 1, a: 2.0 };",
        "return [1, 2];",
        "return m === 1 ? { a: 2, b: s.b } : { b: 1, a: 2 };",
        "return false;",
    );
    let report = solve(&keys, Method::Bfs).unwrap();
    assert_eq!((report.status, report.stats.stored), (Status::Unsolved, 1));
}

/// A label need only tell apart the moves allowed from a position; two allowed moves labelled
/// alike make an answer that cannot be replayed, and the error says so at `label`.
#[test]
fn labels_must_tell_allowed_moves_apart() {
    let hanoi = js("hanoi");
    let to_peg = hanoi.replace("return `peg ${from + 1} to peg ${to + 1}`;", "return `to peg ${to + 1}`;");
    assert_ne!(to_peg, hanoi);
    let e = error(&to_peg);
    assert_eq!(e.line, 30, "{e}");
    assert!(
        e.message
            .starts_with("label(move) gives two moves allowed from one position the same text (\"to peg 1\", move 5)"),
        "{e}"
    );
}

/// An endless loop is stopped by the time limit, inside one call; a quick script under the
/// same limit is answered.
#[test]
fn a_time_limit_stops_an_endless_loop() {
    let endless = script("return 0;", "for (;;) {}", "return s;", "return false;");
    let limited = SolveOptions { time_limit_ms: Some(100), ..SolveOptions::default() };
    let report = solve_with(&endless, &limited).unwrap();
    assert_eq!(
        (report.status, report.reason.as_deref()),
        (Status::GaveUp, Some("gave up while moves() was still running (the time limit of 0.1 s)"))
    );
    assert_eq!(solve_with(js("jugs"), &limited).unwrap().moves.len(), 6);
}

/// Without a time limit, one call is stopped after [`super::MAX_CALL_SECONDS`].
#[test]
fn one_call_has_a_limit_of_its_own() {
    let guard = super::quickjs::tests_only::guard_started_ago(super::MAX_CALL_SECONDS + 1);
    assert!(guard);
    assert!(!super::quickjs::tests_only::guard_started_ago(0));
}

/// The memory budget counts what the engine holds: states of 10,000 numbers each give up at
/// the budget, not at the machine's end.
#[test]
fn the_memory_budget_holds() {
    let big = script(
        "return new Array(10000).fill(0);",
        "return [1];",
        "const n = s.slice(); n[0]++; return n;",
        "return false;",
    );
    let options = SolveOptions { max_bytes: Some(64 << 20), ..SolveOptions::default() };
    let report = solve_with(&big, &options).unwrap();
    assert_eq!(report.status, Status::GaveUp, "{report:?}");
    assert!(report.stats.bytes <= 80 << 20, "{}", report.stats.bytes);
    // Cancel.
    let puzzle = parse(&big).unwrap();
    let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Stop).unwrap();
    assert_eq!(report.status, Status::Cancelled);
}

#[test]
fn shows_and_draws_states() {
    let puzzle = parse(js("jugs")).unwrap();
    let moves = vec!["fill 5".to_string(), "pour 5 into 3".to_string()];
    assert_eq!(puzzle.show(&moves, 2), "3-litre jug: 3, 5-litre jug: 2\n");
    let mut svg = crate::draw::SvgPainter::new(200.0, 200.0);
    puzzle.draw(&moves, 2, 0.0, &mut svg);
    assert_eq!(svg.finish().matches("fill=\"#4a90d9\"").count(), 5);
    assert!(puzzle.check(&SolveOptions::default(), &["fill 7".to_string()]).is_err());
    assert_eq!(puzzle.moves_from(&SolveOptions::default(), &moves, 1), ["fill 3", "empty 5", "pour 5 into 3"]);
    // Without show(): the state's JSON.
    let plain = script("return { b: [1, \"x\"], a: null };", "return [];", "return s;", "return false;");
    assert_eq!(parse(&plain).unwrap().show(&[], 0), "{\"a\":null,\"b\":[1,\"x\"]}\n");
    // 33 holes, 32 pegs.
    let mut svg = crate::draw::SvgPainter::new(300.0, 300.0);
    parse(js("solitaire")).unwrap().draw(&[], 0, 0.0, &mut svg);
    assert_eq!(svg.finish().matches("fill=\"#c0392b\"").count(), 32);
}

/// Hint and Solve from here: the script started from a position is a script of its own, which
/// solves from there; Analyse's hardest start of the jugs is written the same way.
#[test]
fn a_position_is_written_as_a_script_of_its_own() {
    let puzzle = parse(js("jugs")).unwrap();
    let text = puzzle.text_at(&["fill 5".to_string()]).unwrap();
    assert!(text.ends_with("function start() {\n  return [0,5];\n}\n"), "{text}");
    assert_eq!(solve(&text, Method::Bfs).unwrap().moves.len(), 5);
    let hardest = puzzle.analyse(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap().hardest.unwrap();
    assert_eq!((hardest.moves, hardest.path), (7, vec!["fill 3".to_string()]));
    assert!(hardest.text.unwrap().ends_with("return [3,0];\n}\n"));
}

/// Hint and Solve from here in the page: its engine runs no script, so it writes the position's
/// script unchecked and the Worker that loads it checks that it starts there.
#[test]
fn a_position_written_in_the_page_is_checked_where_it_runs() {
    use super::recorded::{self, Recorded};
    use super::JsPuzzle;
    let text = js("river");
    let played = ["the farmer takes the goat".to_string(), "the farmer crosses alone".to_string()];
    recorded::learn(text, parse(text).unwrap().trace(&played).unwrap());
    let page = JsPuzzle::load::<Recorded>(text).unwrap();
    let written = page.text_at(&played).unwrap();
    assert!(written.ends_with("return {\"cabbage\":0,\"farmer\":0,\"goat\":1,\"wolf\":0};\n}\n"), "{written}");
    assert_eq!(written, parse(text).unwrap().text_at(&played).unwrap());
    // The Worker solves from there: 5 crossings of the 7 are left.
    assert_eq!(solve(&written, Method::Bfs).unwrap().moves.len(), 5);
    // A script whose top level makes start() another function starts elsewhere: the page
    // cannot know, the Worker says so.
    let elsewhere = text
        .replace("function start()", "start = () => ({ farmer: 1, wolf: 1, goat: 1, cabbage: 0 });\nfunction start()");
    recorded::learn(&elsewhere, parse(&elsewhere).unwrap().trace(&played[..1]).unwrap());
    let written = JsPuzzle::load::<Recorded>(&elsewhere).unwrap().text_at(&played[..1]).unwrap();
    assert!(parse(&written)
        .err()
        .unwrap()
        .message
        .starts_with("this position cannot be written as a puzzle of its own"));
    // Natively (the engine runs the script) the same position is not written at all.
    assert_eq!(parse(&elsewhere).unwrap().text_at(&played[..1]), None);
}

#[test]
fn javascript_is_told_from_rhai_by_its_first_line() {
    assert!(super::super::is_javascript(js("jugs")));
    assert!(!super::super::is_javascript(example("script-jugs")));
    assert!(super::super::is_javascript("\n// puzzlelab script JavaScript\nfunction start() {}"));
    assert_eq!(crate::families::parse(None, js("jugs")).map(|p| p.family()).ok(), Some("script"));
}

/// The page's own thread shows a script from what a Worker traced: the same positions, texts,
/// pictures and moves as the engine that ran it, and it asks for what it has not seen.
#[test]
fn the_page_replays_what_a_worker_traced() {
    use super::recorded::{self, Recorded};
    use super::{Engine, JsPuzzle};
    let text = js("hanoi");
    let worker = parse(text).unwrap();
    let options = SolveOptions::default();
    let moves = worker.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap().moves;
    assert_eq!(Recorded::load(text).err().map(|e| e.message), Some(recorded::NOT_YET.to_string()));
    recorded::learn(text, worker.trace(&[]).unwrap());
    let page = JsPuzzle::load::<Recorded>(text).unwrap();
    assert!(!page.wants_trace(&[]) && page.wants_trace(&moves));
    // A move played from a position traced is allowed at once, solved or not, while the
    // position it leads to is still asked for.
    let verdict = page.check(&options, &moves[..1]).unwrap();
    assert_eq!((verdict.ends_solved, page.wants_trace(&moves[..1])), (false, true));
    recorded::learn(text, worker.trace(&moves).unwrap());
    assert!(!page.wants_trace(&moves));
    assert_eq!(page.check(&options, &moves).unwrap(), worker.check(&options, &moves).unwrap());
    let picture = |puzzle: &dyn Puzzle, step| {
        let mut svg = crate::draw::SvgPainter::new(300.0, 200.0);
        puzzle.draw(&moves, step, 0.0, &mut svg);
        svg.finish()
    };
    for step in 0..=moves.len() {
        assert_eq!(page.show(&moves, step), worker.show(&moves, step));
        assert_eq!(page.moves_from(&options, &moves, step), worker.moves_from(&options, &moves, step));
        assert_eq!(picture(&page, step), picture(worker.as_ref(), step));
    }
    // A script's error, said by a Worker, is what the page reads.
    let broken = format!("{HEAD}function start() {{ return 0; }}\n");
    recorded::learn(&broken, Err(parse(&broken).err().unwrap()));
    assert!(Recorded::load(&broken).err().unwrap().message.contains("needs a function moves(state)"));
}

/// A tap on a drawn shape plays the move the shape names, where that move is allowed: in
/// JavaScript natively, in the page from what a Worker traced, and in rhai.
#[test]
fn a_tap_on_a_shape_plays_its_move() {
    use super::recorded::{self, Recorded};
    use super::JsPuzzle;
    use crate::draw::GridLayout;
    let size = (560.0, 440.0);
    // The river's picture: the banks at x 0 and 4, the river between, a row for each of the four.
    let grid = GridLayout::fit(5, 4, size.0, size.1);
    let at = |x: f64, y: f64| grid.at(y + 0.5, x + 0.5);
    let text = js("river");
    recorded::learn(text, parse(text).unwrap().trace(&[]).unwrap());
    let page: Box<dyn Puzzle> = Box::new(JsPuzzle::load::<Recorded>(text).unwrap());
    let options = SolveOptions::default();
    for (name, puzzle) in
        [("js", parse(text).unwrap()), ("page", page), ("rhai", parse(example("script-river")).unwrap())]
    {
        let tap = |point: (f64, f64)| puzzle.moves_at(&options, &[], 0, point, point, size);
        assert_eq!(tap(at(0.0, 2.0)), ["the farmer takes the goat"], "{name}: the goat");
        // The wolf may not go first (the goat would eat the cabbage); the river names no move.
        assert_eq!(tap(at(0.0, 1.0)), Vec::<String>::new(), "{name}: the wolf");
        assert_eq!(tap(at(2.0, 1.0)), Vec::<String>::new(), "{name}: the river");
        // A drag from one shape to another is no tap.
        assert_eq!(puzzle.moves_at(&options, &[], 0, at(0.0, 2.0), at(0.0, 3.0), size), Vec::<String>::new(), "{name}");
    }
}
