//! Exhaustive searches of classic Klotski in wasm (Node), with their known counts, timed so
//! `make bench` can show the native/wasm ratio. No timing is asserted.
#![cfg(target_arch = "wasm32")]

use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Stats};
use wasm_bindgen_test::*;

/// Klotski with a goal naming a that never matches: the search must visit every position.
/// How many times a timed run repeats: the best of `n` in optimised builds (`make bench`), once in
/// `make test`'s unoptimised build, where only the answers are checked.
fn runs(n: usize) -> usize {
    if cfg!(debug_assertions) {
        1
    } else {
        n
    }
}

const KLOTSKI_ALL: &str = "baac\nbaac\ndeef\ndghf\ni  j\naX\n";

#[wasm_bindgen_test]
fn exhaustive_klotski_in_each_metric() {
    let puzzle = families::parse(None, KLOTSKI_ALL).unwrap();
    for metric in ["unit", "slide", "piece"] {
        let options = SolveOptions { metric: Some(metric.into()), ..SolveOptions::default() };
        let mut best = f64::MAX;
        for _ in 0..runs(20) {
            let started = web_time::Instant::now();
            let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
            best = best.min(started.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(report.status, Status::Unsolved);
            assert_eq!(report.stats.stored, 25_955);
        }
        console_log!(
            "wasm: exhaustive Klotski BFS, {metric} metric: {best:.2} ms (best of {}), {:.2} M states/s",
            runs(20),
            25_955.0 / best / 1000.0
        );
    }
}

/// Analyse in wasm: Klotski in each metric and the 8-puzzle's 181,440 positions.
#[wasm_bindgen_test]
fn analyse_klotski_and_the_eight_puzzle() {
    let cases = [
        ("Klotski, unit", "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n", "unit", 25_955),
        ("Klotski, slide", "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n", "slide", 25_955),
        ("Klotski, piece", "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n", "piece", 25_955),
        ("the 8-puzzle", "1 2 3\n4 5 6\n7 8 _\n", "unit", 181_440),
    ];
    for (name, text, metric, positions) in cases {
        let puzzle = families::parse(None, text).unwrap();
        let options = SolveOptions { metric: Some(metric.into()), ..SolveOptions::default() };
        let mut best = f64::MAX;
        for _ in 0..runs(5) {
            let started = web_time::Instant::now();
            let report = puzzle.analyse(&options, &mut |_: &Stats| Flow::Continue).unwrap();
            best = best.min(started.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(report.positions, positions);
        }
        console_log!("wasm: Analyse {name}: {best:.1} ms (best of {})", runs(5));
    }
}

/// Analyse in wasm on the largest space `make bench` analyses natively: the 2x5 puzzle's
/// 1,814,400 positions (one run, in optimised builds only: `make test` runs this file unoptimised).
#[cfg(not(debug_assertions))]
#[wasm_bindgen_test]
fn analyse_the_two_by_five_puzzle() {
    let puzzle = families::parse(None, "1 2 3 4 5\n6 7 8 9 _\n").unwrap();
    let started = web_time::Instant::now();
    let report = puzzle.analyse(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    assert_eq!((report.positions, report.farthest()), (1_814_400, 55));
    console_log!(
        "wasm: Analyse the 2x5 puzzle (1,814,400 positions): {ms:.0} ms, {} MB stored",
        report.stats.bytes / 1_000_000
    );
}

/// Game About Squares: every position of a three-square level within its search area.
#[wasm_bindgen_test]
fn exhaustive_squares_level() {
    let puzzle = families::parse(None, include_str!("fixtures/gas/bench-three-squares.txt")).unwrap();
    let mut best = f64::MAX;
    for _ in 0..runs(5) {
        let started = web_time::Instant::now();
        let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
        best = best.min(started.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(report.status, Status::Unsolved);
        assert_eq!(report.stats.stored, 251_812, "the same count as natively");
    }
    console_log!(
        "wasm: exhaustive Game About Squares (3 squares): {best:.1} ms (best of {}), {:.2} M states/s",
        runs(5),
        251_812.0 / best / 1000.0
    );
}

/// Game About Squares: the hardest random fixture (25 clicks), solved by default (A*).
#[wasm_bindgen_test]
fn hardest_squares_fixture() {
    let puzzle = families::parse(None, include_str!("fixtures/gas/random-4173.txt")).unwrap();
    let started = web_time::Instant::now();
    let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    assert_eq!((report.status, report.moves.len()), (Status::Solved, 25));
    console_log!(
        "wasm: Game About Squares random-4173 (25 clicks, A*): {ms:.0} ms, {} states expanded",
        report.stats.explored
    );
}

/// Scripted rules in wasm: Jumping Cards and Tower of Hanoi with 8 discs (the same answers as
/// natively; `make bench` also times Hanoi with 10 natively).
#[wasm_bindgen_test]
fn scripts() {
    let example = |name: &str| puzzlelab::examples::text(name).unwrap();
    let hanoi = example("script-hanoi").replace("fn discs() { 4 }", "fn discs() { 8 }");
    for (name, text, moves) in [("Jumping Cards", example("script-cards").to_string(), 14), ("Hanoi 8", hanoi, 255)] {
        let puzzle = families::parse(None, &text).unwrap();
        let started = web_time::Instant::now();
        let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        assert_eq!(report.moves.len(), moves);
        console_log!(
            "wasm: script {name}: {} states in {ms:.0} ms, {:.1} k states/s",
            report.stats.stored,
            report.stats.stored as f64 / ms
        );
    }
}

/// Mazes in wasm: a 200 x 200 maze's SVG and a 1000 x 1000 maze's box art, read and solved
/// (the same mazes as `benches/maze.rs`).
#[wasm_bindgen_test]
fn mazes() {
    use puzzlelab::families::maze::{generate, text, MazePuzzle};
    use puzzlelab::families::Puzzle;
    let svg = MazePuzzle::parse(&text::write_box_art(&generate::perfect(200, 200, 1), &|_| None)).unwrap().svg();
    let huge = text::write_box_art(&generate::perfect(1000, 1000, 1), &|_| None);
    for (name, text, runs_wanted) in [("200 x 200 SVG", &svg, 20), ("1000 x 1000 box art", &huge, 5)] {
        let mut best = f64::MAX;
        for _ in 0..runs(runs_wanted) {
            let started = web_time::Instant::now();
            // As benches/maze.rs does: the maze reader itself (format detection is not timed).
            let puzzle = MazePuzzle::parse(text).unwrap();
            let options = SolveOptions { max_states: Some(10_000_000), ..SolveOptions::default() };
            let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
            best = best.min(started.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(report.status, Status::Solved);
        }
        console_log!("wasm: maze {name}, parse + solve: {best:.1} ms (best of {})", runs(runs_wanted));
    }
}

/// The 15-puzzle in wasm: the first solve builds the 6-6-3 pattern tables (kept after), the
/// second only searches. Korf's instance 12 turned to the standard goal, 45 moves; and the
/// wasm memory the tables take. In optimised builds only (`make bench`): unoptimised, the tables
/// took 24 s of `make test`, whose end-to-end tests build them in the page itself
/// (`tests/e2e/play.test.mjs`, the 15-puzzle solved with every setting on default).
#[cfg(not(debug_assertions))]
#[wasm_bindgen_test]
fn fifteen_puzzle_tables_and_search() {
    use wasm_bindgen::JsCast;
    let puzzle = families::parse(None, "1 3 5 6 / _ 13 14 9 / 11 4 8 12 / 10 7 15 2").unwrap();
    let pages = || {
        wasm_bindgen::memory()
            .unchecked_into::<js_sys::WebAssembly::Memory>()
            .buffer()
            .unchecked_into::<js_sys::ArrayBuffer>()
            .byte_length()
    };
    let before = pages();
    let mut times = Vec::new();
    for _ in 0..2 {
        let started = web_time::Instant::now();
        let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
        times.push(started.elapsed().as_secs_f64());
        assert_eq!((report.status, report.moves.len()), (Status::Solved, 45));
    }
    console_log!(
        "wasm: 15-puzzle tables 6-6-3 built in {:.1} s (memory grew {:.1} MB); Korf #12 (45 moves) then solved in {:.3} s",
        times[0] - times[1],
        f64::from(pages() - before) / 1e6,
        times[1]
    );
}

/// Korf's 100 in wasm, towards his goal as the native `cargo bench --bench npuzzle` solves them
/// (in optimised builds only: unoptimised, `make test` would take minutes), to set the page's
/// speed beside the native figure. The tables are built before the clock starts.
#[cfg(not(debug_assertions))]
#[wasm_bindgen_test]
fn korf_hundred() {
    const GOAL: &str = "goal:\n_ 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";
    let instances: Vec<(u64, usize, String)> = include_str!("fixtures/npuzzle/korf100.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let n: Vec<&str> = l.split_whitespace().collect();
            let rows: String = n[2..].chunks(4).map(|r| r.join(" ") + "\n").collect();
            (n[0].parse().unwrap(), n[1].parse().unwrap(), rows)
        })
        .collect();
    let solve = |rows: &str| {
        let puzzle = families::parse(Some("npuzzle"), &format!("{rows}{GOAL}")).unwrap();
        puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap()
    };
    solve(&instances[0].2);
    let (mut total, mut worst) = (0.0, (0.0, 0));
    for (number, optimum, rows) in &instances {
        let started = web_time::Instant::now();
        let report = solve(rows);
        let seconds = started.elapsed().as_secs_f64();
        assert_eq!((report.status, report.moves.len()), (Status::Solved, *optimum), "instance {number}");
        total += seconds;
        if seconds > worst.0 {
            worst = (seconds, *number);
        }
    }
    console_log!(
        "wasm: Korf's 100 (IDA*, one core): {total:.1} s in total; worst instance {} in {:.2} s",
        worst.1,
        worst.0
    );
}

#[path = "../benches/shared/tiling_boards.rs"]
mod tiling_boards;

/// Counting every pentomino tiling of the boards of issue 20, with their published counts.
#[wasm_bindgen_test]
fn tiling_counts() {
    let options = SolveOptions { mode: families::SolveMode::Count, ..SolveOptions::default() };
    for board in &tiling_boards::BOARDS {
        let mut best = f64::MAX;
        for _ in 0..runs(5) {
            let started = web_time::Instant::now();
            let puzzle = families::parse(None, board.text).unwrap();
            let counts = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap().counts.unwrap();
            best = best.min(started.elapsed().as_secs_f64() * 1000.0);
            assert_eq!((counts.raw, counts.distinct), (board.raw, board.distinct), "{}", board.name);
        }
        let peer = board.peer_seconds.map_or_else(String::new, |s| {
            format!("; tyfkda's solver natively {:.1} ms ({:.1}x)", s * 1000.0, s * 1000.0 / best)
        });
        console_log!("wasm: tiling count {}: {best:.1} ms (best of {}){peer}", board.name, runs(5));
    }
}

/// Rules in JavaScript, run by the JavaScript engine this module runs beside (V8, as in the
/// page's Workers): the 8-puzzle from its hardest start, breadth-first over all 181,440
/// positions (31 moves), and the English board's peg solitaire (31 jumps, `auto`).
#[wasm_bindgen_test]
fn javascript_rules() {
    use puzzlelab::families::script::js::{web::WebEngine, JsPuzzle};
    use puzzlelab::families::Puzzle;
    use puzzlelab::search::Method;
    let solve = |text: &str, method: Method| {
        let puzzle = JsPuzzle::load::<WebEngine>(text).unwrap();
        let options = SolveOptions { method, ..SolveOptions::default() };
        let started = web_time::Instant::now();
        let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let verdict = puzzle.check(&options, &report.moves).unwrap();
        assert!(verdict.ends_solved);
        (report, ms)
    };
    // The 8-puzzle breadth-first, best of a few runs: the fixture, and the same puzzle as a new
    // user writes it (issue 60): every direction offered, an object a state, text compared in
    // is_goal.
    for (text, written) in [
        (include_str!("fixtures/script/eight-puzzle.js"), ""),
        (include_str!("fixtures/script/eight-puzzle-plain.js"), " as a new user writes it"),
    ] {
        let mut best = f64::MAX;
        for _ in 0..runs(5) {
            let (report, ms) = solve(text, Method::Bfs);
            assert_eq!((report.status, report.moves.len(), report.stats.stored), (Status::Solved, 31, 181_440));
            best = best.min(ms);
        }
        console_log!(
            "wasm: JavaScript 8-puzzle{written}, breadth-first: 181440 states in {best:.0} ms, {:.0} k states/s",
            181_440.0 / best
        );
    }
    let (report, ms) = solve(puzzlelab::examples::text("script-js-solitaire").unwrap(), Method::Auto);
    assert_eq!((report.status, report.moves.len(), report.method), (Status::Solved, 31, Method::Astar));
    console_log!("wasm: JavaScript peg solitaire (33 holes, A*): {} states in {ms:.0} ms", report.stats.stored);
    // The browser's engine places errors as QuickJS does: a value that is not JSON-like, found
    // while the host writes it, and a throw, at its line.
    let error = |apply: &str| {
        let text = format!("// puzzlelab script js\nfunction start() {{ return 0; }}\nfunction moves(s) {{ return [1]; }}\nfunction apply(s, m) {{\n  {apply}\n}}\nfunction is_goal(s) {{ return false; }}\n");
        let puzzle = JsPuzzle::load::<WebEngine>(&text).unwrap();
        puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap_err()
    };
    let unlike = error("return [1, () => 2];");
    assert_eq!(
        (unlike.line, unlike.message.as_str()),
        (4, "apply() returned a state that is not JSON-like: a function (at [1])")
    );
    // A state is the same whatever the order its fields were made in (the host writes them in
    // the order made while that is sorted, and sorts them otherwise).
    let keys = "// puzzlelab script js\nfunction start() { return { c: 3, a: 1, b: { y: 2, x: 1 } }; }\nfunction moves(s) { return [1, 2, 3]; }\nfunction apply(s, m) { return m === 1 ? { a: 1, b: { x: 1, y: 2 }, c: 3 } : m === 2 ? { b: { y: 2, x: 1 }, c: 3, a: 1 } : { a: 1, c: 3, b: { x: 1, y: 2 } }; }\nfunction is_goal(s) { return false; }\n";
    let puzzle = JsPuzzle::load::<WebEngine>(keys).unwrap();
    let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
    assert_eq!((report.status, report.stats.stored), (Status::Unsolved, 1));
    // Each new state gets its own flags, asked after the expansion: steps of 1 and 2 from 0 to
    // 10 take 5 moves (0, 2, 4, 6, 8, 10), and 6 when 2, 4 and 6 are dead ends.
    for (dead, length) in [("false", 5), ("s === 2 || s === 4 || s === 6", 6)] {
        let text = format!("// puzzlelab script js\nfunction start() {{ return 0; }}\nfunction moves(s) {{ return [1, 2]; }}\nfunction apply(s, m) {{ return s + m <= 10 ? s + m : null; }}\nfunction is_goal(s) {{ return s === 10; }}\nfunction is_dead(s) {{ return {dead}; }}\n");
        let puzzle = JsPuzzle::load::<WebEngine>(&text).unwrap();
        let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
        assert_eq!((report.status, report.moves.len()), (Status::Solved, length), "{dead}");
    }
    // Moves that are text cross as numbers once the host has numbered them, up to its limit
    // (4,096), and as their bytes after it and when they are not text: 6,000 moves named once
    // each, one named on every state, and a number. From 5,997 the move 3 jumps to the goal,
    // 6,001: 3,000 moves, one of them a step of 1.
    let text = "// puzzlelab script js\nfunction start() { return 0; }\nfunction moves(s) { return [\"+1 from \" + s, \"+2\", 3]; }\nfunction apply(s, m) { if (m === 3) return s === 5997 ? 6001 : null; const next = s + (m === \"+2\" ? 2 : 1); return next <= 6001 ? next : null; }\nfunction is_goal(s) { return s === 6001; }\n";
    let puzzle = JsPuzzle::load::<WebEngine>(text).unwrap();
    let options = SolveOptions { method: Method::Bfs, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
    assert_eq!((report.status, report.moves.len()), (Status::Solved, 3000));
    assert_eq!(report.moves.last().map(String::as_str), Some("3"));
    assert_eq!(report.moves.iter().filter(|m| m.starts_with("+1 from ")).count(), 1);
    assert!(puzzle.check(&options, &report.moves).unwrap().ends_solved);
    // The host remembers the move last seen at each place of a list and its number: a move at
    // a place first used, or one that differs from the last there, is numbered afresh, whatever
    // it is (here null, second on the odd states, where the start lists one move).
    let text = "// puzzlelab script js\nfunction start() { return 0; }\nfunction moves(s) { return s === 0 ? [\"a\"] : s % 2 === 1 ? [\"b\", null] : [\"a\", \"b\"]; }\nfunction apply(s, m) { return m === \"a\" ? s + 1 : m === \"b\" ? s + 2 : s + 5; }\nfunction is_goal(s) { return s === 6; }\nfunction is_dead(s) { return s > 6; }\n";
    let puzzle = JsPuzzle::load::<WebEngine>(text).unwrap();
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
    assert_eq!(report.moves, ["a", "null"]);
    assert!(puzzle.check(&options, &report.moves).unwrap().ends_solved);
    let thrown = error("throw new RangeError(\"no\");");
    assert_eq!((thrown.line, thrown.message.as_str()), (5, "apply() failed: RangeError: no"));
    // Breadth-first search has the page's engine expand many states in one call: a failure in
    // one it would not have come to yet is not said. From 0, steps of 1 and 2; 3 is solved
    // (found expanding 1), and state 2, expanded in the same call as 1, fails in apply() or
    // has a state whose is_goal() fails; when 1 fails instead, that is said.
    for (fails, solved) in [
        ("function apply(s, m) { if (s === 2) throw new Error(\"two\"); return s + m; }\nfunction is_goal(s) { return s === 3; }", true),
        ("function apply(s, m) { return s + m; }\nfunction is_goal(s) { if (s === 4) throw new Error(\"four\"); return s === 3; }", true),
        ("function apply(s, m) { if (s === 1) throw new Error(\"one\"); return s + m; }\nfunction is_goal(s) { return s === 3; }", false),
    ] {
        let text = format!("// puzzlelab script js\nfunction start() {{ return 0; }}\nfunction moves(s) {{ return [1, 2]; }}\n{fails}\n");
        let puzzle = JsPuzzle::load::<WebEngine>(&text).unwrap();
        let options = SolveOptions { method: Method::Bfs, ..SolveOptions::default() };
        match puzzle.solve(&options, &mut |_: &Stats| Flow::Continue) {
            Ok(report) => assert!(solved && report.moves.join(" ") == "1 2", "{fails}: {report:?}"),
            Err(error) => assert!(!solved && error.message == "apply() failed: Error: one", "{fails}: {error:?}"),
        }
    }
    // The script runs in a compartment of its own (issue 60): the realm's intrinsics are frozen
    // (the solver's code keeps its own), and none of the realm's globals are the script's.
    let rules = "function start() { return 0; }\nfunction moves(s) { return [1]; }\nfunction apply(s, m) { return s + m; }\nfunction is_goal(s) { return s === 1; }\n";
    let frozen =
        JsPuzzle::load::<WebEngine>(&format!("// puzzlelab script js\nMath.min = () => 0;\n{rules}")).err().unwrap();
    assert_eq!(frozen.line, 2);
    assert!(frozen.message.contains("Cannot assign to read only property 'min'"), "{}", frozen.message);
    let globals = "function show(s) { return [typeof process, typeof require, typeof postMessage, typeof setTimeout, typeof WebAssembly, Function('return typeof this')()].join(); }";
    let puzzle = JsPuzzle::load::<WebEngine>(&format!("// puzzlelab script js\n{rules}{globals}\n")).unwrap();
    assert_eq!(puzzle.show(&[], 0), "undefined,undefined,undefined,undefined,undefined,undefined\n");
    let imports =
        JsPuzzle::load::<WebEngine>(&format!("// puzzlelab script js\n{rules}// import('x')\n")).err().unwrap();
    assert_eq!(imports.line, 6, "{}", imports.message);
    assert!(imports.message.starts_with("the script does not parse: a script may not import code"));
}

/// PuzzleScript's engine in wasm (issue 61: the page within 1.5x of native): Microban's level 6
/// breadth-first, 107 inputs over 54,031 positions (level 1, 33 inputs, in `make test`'s
/// unoptimised build).
#[wasm_bindgen_test]
fn puzzlescript_breadth_first() {
    let game = include_str!("fixtures/puzzlescript/microban.txt");
    let (level, inputs, positions) = if cfg!(debug_assertions) { (1, 33, 572) } else { (6, 107, 54_031) };
    let whole = families::parse(Some("puzzlescript"), game).unwrap();
    let text = whole.level_text(level - 1).unwrap();
    let mut best = f64::MAX;
    for _ in 0..runs(5) {
        let puzzle = families::parse(Some("puzzlescript"), &text).unwrap();
        let options = SolveOptions { method: puzzlelab::search::Method::Bfs, ..SolveOptions::default() };
        let started = web_time::Instant::now();
        let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        best = best.min(started.elapsed().as_secs_f64() * 1000.0);
        assert_eq!((report.status, report.moves.len(), report.stats.stored), (Status::Solved, inputs, positions));
    }
    console_log!("wasm: PuzzleScript Microban level {level}, breadth-first: {positions} positions in {best:.0} ms");
}
