//! The command-line contract: output format, JSON, exit codes, standard input.
#![cfg(not(target_arch = "wasm32"))]

use puzzlelab::animation::Format;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/sliding/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlelab")).args(args).output().expect("the CLI runs")
}

/// Runs the CLI with `input` on its standard input.
fn run_with(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the CLI runs");
    child.stdin.take().expect("its standard input").write_all(input).expect("the input is written");
    child.wait_with_output().expect("it ends")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn solved_prints_solved_then_one_move_per_line() {
    let out = run(&["solve", &fixture("article.txt")]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "solved");
    assert_eq!(lines.len(), 1 + 37);
    assert!(lines[1..].iter().all(|l| l.len() == 3 && l.as_bytes()[1] == b' '), "{text}");
}

#[test]
fn metrics_and_methods_from_the_command_line() {
    for (metric, length) in [("unit", 116), ("slide", 90), ("piece", 81)] {
        let out = run(&["solve", &fixture("klotski.txt"), "--metric", metric, "--json"]);
        assert_eq!(out.status.code(), Some(0));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json["status"], "solved");
        assert_eq!(json["family"], "sliding");
        assert_eq!(json["metric"], metric);
        assert_eq!(json["length"], length);
        assert_eq!(json["moves"].as_array().unwrap().len(), length);
        assert!(json["explored"].as_u64().unwrap() > 0);
        assert!(json["elapsed_ms"].is_u64());
        // Breadth-first search spread over threads: the same moves, the same states counted.
        for threads in ["1", "2", "3"] {
            let out = run(&["solve", &fixture("klotski.txt"), "--metric", metric, "--json", "--threads", threads]);
            let spread: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            for key in ["moves", "explored", "stored"] {
                assert_eq!(spread[key], json[key], "{metric}, {threads} threads: {key}");
            }
        }
    }
    let out = run(&["solve", &fixture("article.txt"), "--method", "astar", "--metric", "slide", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((json["length"].as_u64(), json["method"].as_str()), (Some(29), Some("astar")));
}

#[test]
fn no_solution_exits_1() {
    let out = run(&["solve", &fixture("unsolvable.txt")]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "unsolved\n");
    let out = run(&["solve", &fixture("unsolvable.txt"), "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["status"], "unsolved");
}

#[test]
fn bad_input_exits_2_with_line_and_column() {
    let out = run(&["solve", &fixture("bad-char.txt")]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad-char.txt:2:3: 'X' is not allowed on the board"), "{err}");
    assert!(stdout(&out).is_empty());
    let out = run(&["solve", &fixture("bad-goal.txt")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains(":2:"));
    let out = run(&["solve", &fixture("no-goal.txt")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing goal line"));
    let out = run(&["solve", "/no/such/file"]);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&["solve", &fixture("article.txt"), "--metric", "diagonal"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown metric \"diagonal\""));
    let out = run(&["solve", &fixture("article.txt"), "--method", "magic"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_budget_exits_3_with_the_reason() {
    let out = run(&["solve", &fixture("huge.txt"), "--max-states", "20000"]);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stdout(&out), "gave up: gave up after 20000 states (the state limit)\n");
    let out = run(&["solve", &fixture("huge.txt"), "--timeout", "0.2", "--json"]);
    assert_eq!(out.status.code(), Some(3));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["status"], "gave_up");
    assert!(json["reason"].as_str().unwrap().contains("time limit"));
}

#[test]
fn reads_standard_input_and_prints_states() {
    let out = run_with(&["solve", "-", "--output-states"], b"b  \n## \n   \nb--\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        stdout(&out),
        "solved\nb  \n## \n   \n\nb R\n b \n## \n   \n\nb R\n  b\n## \n   \n\nb D\n   \n##b\n   \n\nb D\n   \n## \n  b\n\n"
    );
}

#[test]
fn formats_lists_the_families() {
    let out = run(&["formats"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).starts_with("sliding (Sliding blocks): metrics unit, slide, piece"));
}

#[test]
fn game_about_squares_from_the_command_line() {
    let level = format!("{}/tests/fixtures/gas/level-04.txt", env!("CARGO_MANIFEST_DIR"));
    let out = run(&["solve", &level, "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["family"], "squares");
    assert_eq!(json["metric"], "clicks");
    assert_eq!(json["length"], 9);
    assert_eq!(json["scope"], "within the search area");
    let out = run(&["solve", &level, "--exact", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((json["length"].as_u64(), json["scope"].is_null()), (Some(9), true));
    // --exact is the level's switch by its name too.
    let out = run(&["solve", &level, "--switch", "exact", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((json["length"].as_u64(), json["scope"].is_null()), (Some(9), true));
    // A switch the puzzle does not declare is refused, naming the ones it has.
    let out = run(&["solve", &level, "--switch", "fast"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("no switch \"fast\"; its switches: exact (search the whole plane"),
        "{out:?}"
    );
    let text = stdout(&run(&["solve", &level]));
    assert_eq!(text.lines().count(), 10);
    assert!(text.lines().skip(1).all(|l| l == "Red" || l == "Blue"), "{text}");
}

/// What a puzzle cannot do is refused in a sentence, from what it declares, not ignored: Klotski
/// has one answer and no switches (before, `--count` and `--exact` solved it as if unsaid).
#[test]
fn options_a_puzzle_cannot_honour_are_refused() {
    let klotski = format!("{}/www/examples/klotski.txt", env!("CARGO_MANIFEST_DIR"));
    for (flags, message) in [
        (&["--exact"][..], "puzzlelab: this puzzle has no switches (asked for \"exact\")\n"),
        (
            &["--count"][..],
            "puzzlelab: this puzzle cannot count its solutions: it has one answer, a shortest solution\n",
        ),
        (
            &["--all"][..],
            "puzzlelab: this puzzle cannot list all its solutions: it has one answer, a shortest solution\n",
        ),
    ] {
        let out = run(&[&["solve", klotski.as_str()][..], flags].concat());
        assert_eq!(
            (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned()),
            (Some(2), message.to_string()),
            "{flags:?}"
        );
        assert!(out.stdout.is_empty());
    }
    // --distinct qualifies --all.
    let out = run(&["solve", &klotski, "--distinct"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--all"));
}

#[test]
fn a_script_from_the_command_line() {
    let script = format!("{}/www/examples/script-jugs.txt", env!("CARGO_MANIFEST_DIR"));
    let out = run(&["solve", &script, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((json["family"].as_str(), json["length"].as_u64()), (Some("script"), Some(6)));
    let out = run(&["solve", &script]);
    let text = stdout(&out);
    assert_eq!(text.lines().next(), Some("solved"));
    assert_eq!(text.lines().count(), 7);
    // A script error is bad input: exit 2 with the place.
    let dir = std::env::temp_dir().join(format!("puzzlelab-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.rhai");
    std::fs::write(&broken, "// puzzlelab script\nfn start() { 0 }\nfn moves(s) { [1] }\nfn apply(s, m) {\n  s + nothing\n}\nfn is_goal(s) { false }\n").unwrap();
    let out = run(&["solve", broken.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("broken.rhai:5:7: apply() failed"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rules in JavaScript, run by the tool's own engine: the English board's peg solitaire, its
/// 31 jumps each written as the script labels them; a runaway call ends at the time limit.
#[test]
fn a_script_in_javascript_from_the_command_line() {
    let script = format!("{}/www/examples/script-js-solitaire.js", env!("CARGO_MANIFEST_DIR"));
    let out = run(&["solve", &script, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["length"].as_u64(), json["method"].as_str(), json["optimal"].as_bool()),
        (Some(31), Some("astar"), Some(true))
    );
    assert_eq!(json["moves"][0].as_str(), Some("d6-d4"));
    let dir = std::env::temp_dir().join(format!("puzzlelab-cli-js-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let endless = dir.join("endless.js");
    let script = "// puzzlelab script js\nfunction start() { return 0; }\nfunction moves(s) {\n  for (;;) {}\n}\nfunction apply(s, m) { return s; }\nfunction is_goal(s) { return false; }\n";
    std::fs::write(&endless, script).unwrap();
    let out = run(&["solve", endless.to_str().unwrap(), "--timeout", "0.3", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["status"].as_str(), Some("gave_up"), "{json}");
    assert_eq!(json["reason"].as_str(), Some("gave up while moves() was still running (the time limit of 0.3 s)"));
    let _ = std::fs::remove_dir_all(&dir);
}

fn tiling(name: &str) -> String {
    format!("{}/tests/fixtures/tiling/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn tiling_from_the_command_line() {
    // The first solution prints as the board with each cell's piece letter.
    let out = run(&["solve", &tiling("3x20.txt")]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "solved");
    assert_eq!(lines.len(), 4);
    assert!(lines[1..].iter().all(|l| l.len() == 20 && l.chars().all(|c| "FILNPTUVWXYZ".contains(c))), "{text}");
    // --all --distinct: the two distinct tilings.
    let out = run(&["solve", &tiling("3x20.txt"), "--all", "--distinct"]);
    let text = stdout(&out);
    assert_eq!(text.lines().filter(|l| l.len() == 20).count(), 6, "{text}");
    // --all: all eight.
    let out = run(&["solve", &tiling("3x20.txt"), "--all"]);
    assert_eq!(stdout(&out).lines().filter(|l| l.len() == 20).count(), 24);
}

#[test]
fn the_6x10_rectangle_has_2339_distinct_tilings() {
    let out = run(&["solve", &tiling("6x10.txt"), "--count", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((json["status"].as_str(), json["family"].as_str()), (Some("solved"), Some("tiling")));
    assert_eq!((json["raw"].as_u64(), json["distinct"].as_u64()), (Some(9356), Some(2339)));
}

/// A one-sided set: a reflection swaps each piece with its mirror image (Knuth's 46 ways, each
/// with its 4 images). `--count` says so, `--all` lists exactly the raw tilings and `--all
/// --distinct` exactly the distinct ones.
#[test]
fn one_sided_pentominoes_list_as_many_tilings_as_they_count() {
    let file = tiling("3x30-one-sided.txt");
    let out = run(&["solve", &file, "--count"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).contains("raw 184\ndistinct 46\n"), "{}", stdout(&out));
    for (flags, listed) in [(&["--all"][..], 184), (&["--all", "--distinct"][..], 46)] {
        let out = run(&[&["solve", file.as_str()][..], flags].concat());
        assert_eq!(stdout(&out).lines().filter(|l| l.len() == 30).count(), 3 * listed, "{flags:?}");
    }
}

/// Every command that solves takes `--max-states` and `--timeout`; `lm-solve` prints what LM-Solve
/// prints (`interrupted`) and says on stderr which budget ended it. The time limit covers
/// building an N-puzzle's pattern tables, not only the search after them.
#[test]
fn every_command_that_solves_takes_a_budget() {
    let lmsolve = format!("{}/tests/fixtures/lmsolve/minotaur.txt", env!("CARGO_MANIFEST_DIR"));
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["lm-solve", "-g", "minotaur", "--max-states", "3", &lmsolve])
        .output()
        .unwrap();
    assert_eq!((out.status.code(), stdout(&out)), (Some(3), "interrupted\n".to_string()));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "lm-solve: interrupted: gave up after 3 states (the state limit)\n"
    );
    let out = run(&["render", &fixture("klotski.txt"), "--svg", "/dev/null", "--max-states", "100"]);
    assert_eq!(out.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("gave up after 100 states"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for command in [
        &["lm-solve", "--timeout", "0", lmsolve.as_str()][..],
        &["render", &fixture("klotski.txt"), "--svg", "/dev/null", "--timeout=-1"],
    ] {
        let out = run(command);
        assert_eq!(out.status.code(), Some(2), "{command:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "puzzlelab: --timeout takes a positive number of seconds\n");
    }
    // A 5x5 puzzle's tables take far longer than a millisecond to build (a cache of its own, so
    // they are built).
    let cache = std::env::temp_dir().join(format!("puzzlelab-build-limit-{}", std::process::id()));
    let five = "5 1 2 3 4\n10 6 7 8 9\n15 11 12 13 14\n20 16 17 18 19\n0 21 22 23 24\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["solve", "-", "--timeout", "0.001", "--threads", "1"])
        .env("XDG_CACHE_HOME", &cache)
        .env_remove("PUZZLELAB_CACHE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(five.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stdout(&out), "gave up: gave up while building the pattern tables (the time limit of 0.0 s)\n");
    let _ = std::fs::remove_dir_all(&cache);
}

/// A picture of a long solution with its moves stays a picture: the caption holds the moves
/// around the marked one (a caption of every move of a 119,400-move maze once asked for a
/// pixmap of 7.7 GB and aborted).
#[test]
fn a_picture_of_a_long_solution_has_a_bounded_caption() {
    let dir = std::env::temp_dir().join(format!("puzzlelab-long-picture-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let maze = dir.join("maze.txt");
    std::fs::write(&maze, stdout(&run(&["generate", "maze", "--size", "120x120"]))).unwrap();
    let png = dir.join("maze.png");
    let out = run(&["render", maze.to_str().unwrap(), "--png", png.to_str().unwrap(), "--moves", "--scale", "3"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::read(&png).unwrap();
    let (width, height) =
        (u32::from_be_bytes(bytes[16..20].try_into().unwrap()), u32::from_be_bytes(bytes[20..24].try_into().unwrap()));
    assert_eq!(width, 1680);
    assert!(
        (1320..3 * 440 * 3).contains(&height),
        "{height}: the board (1320) and a caption of at most about twice its height"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Files as they come: lines ended by a lone carriage return (old Mac files) are lines, and
/// blank lines before a puzzle are no rows of it (the article maze pasted after two blank lines
/// once solved to another answer).
#[test]
fn line_ends_and_leading_blank_lines_change_nothing() {
    let dir = std::env::temp_dir().join(format!("puzzlelab-line-ends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let article = std::fs::read_to_string(fixture("article.txt")).unwrap();
    let expected = stdout(&run(&["solve", &fixture("article.txt")]));
    assert!(expected.starts_with("solved\n"), "{expected}");
    for (name, text) in [
        ("cr.txt", article.replace('\n', "\r")),
        ("crlf.txt", article.replace('\n', "\r\n")),
        ("blank.txt", format!("\n\n{article}")),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).unwrap();
        assert_eq!(stdout(&run(&["solve", file.to_str().unwrap()])), expected, "{name}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A damaged pattern table on disk is built again, not trusted: with the table bytes changed
/// (header and length intact, as after a bad disk or an edit), the 8-puzzle example was once
/// answered in 35 moves marked optimal; 31 is shortest.
#[test]
fn a_damaged_cached_table_is_built_again() {
    let cache = std::env::temp_dir().join(format!("puzzlelab-damaged-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let example = format!("{}/www/examples/eight-puzzle.txt", env!("CARGO_MANIFEST_DIR"));
    let solve = || {
        let out = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
            .args(["solve", &example, "--json"])
            .env("XDG_CACHE_HOME", &cache)
            .env_remove("PUZZLELAB_CACHE")
            .output()
            .unwrap();
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        (json["length"].as_u64(), json["optimal"].as_bool())
    };
    assert_eq!(solve(), (Some(31), Some(true)), "built");
    let tables: Vec<_> =
        std::fs::read_dir(cache.join("puzzlelab")).unwrap().map(|entry| entry.unwrap().path()).collect();
    assert_eq!(tables.len(), 1, "{tables:?}");
    let mut bytes = std::fs::read(&tables[0]).unwrap();
    let end = bytes.len() - 8; // the seal stays as it was
    for (i, byte) in bytes.iter_mut().enumerate().take(end).skip(64) {
        if *byte != 0xff {
            *byte = (i % 32) as u8;
        }
    }
    std::fs::write(&tables[0], &bytes).unwrap();
    assert_eq!(solve(), (Some(31), Some(true)), "damaged, so built again");
    assert_ne!(std::fs::read(&tables[0]).unwrap(), bytes, "and kept again");
    assert_eq!(solve(), (Some(31), Some(true)), "read back");
    let _ = std::fs::remove_dir_all(&cache);
}

fn maze(name: &str) -> String {
    format!("{}/tests/fixtures/maze/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_maze_svg_from_the_command_line() {
    let file = maze("generated-20x20.svg");
    let out = run(&["solve", &file, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["family"], "maze");
    assert_eq!((json["width"].as_u64(), json["height"].as_u64()), (Some(20), Some(20)));
    // mazegenerator.net's openings: top at column (20-1)/2, bottom at column 20/2.
    assert_eq!(json["entrance"], serde_json::json!([0, 9]));
    assert_eq!(json["exit"], serde_json::json!([19, 10]));
    let length = json["length"].as_u64().unwrap();
    assert_eq!(json["cells"].as_u64(), Some(length + 1));
    // A* with its distance bound finds a path of the same length.
    let astar: serde_json::Value =
        serde_json::from_slice(&run(&["solve", &file, "--json", "--method", "astar"]).stdout).unwrap();
    assert_eq!(astar["length"].as_u64(), Some(length));

    // --svg-out writes the original with the path added, which re-reads as the same maze.
    let out_file = std::env::temp_dir().join(format!("puzzlelab-solved-{}.svg", std::process::id()));
    let out_path = out_file.to_str().unwrap();
    let out = run(&["solve", &file, "--svg-out", out_path]);
    assert_eq!(out.status.code(), Some(0));
    let solved = std::fs::read_to_string(&out_file).unwrap();
    let original = std::fs::read_to_string(&file).unwrap();
    let end = original.rfind("</svg>").unwrap();
    assert!(solved.starts_with(&original[..end]), "the original is kept byte for byte");
    assert_eq!(solved.matches("<polyline").count(), 1);
    let again: serde_json::Value = serde_json::from_slice(&run(&["solve", out_path, "--json"]).stdout).unwrap();
    assert_eq!(again["length"].as_u64(), Some(length));
    let _ = std::fs::remove_file(&out_file);
}

#[test]
fn maze_problems_from_the_command_line() {
    let out = run_with(&["solve", "-"], b"+---+---+\n|       |\n+---+   +\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("only one opening"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["solve", &fixture("article.txt"), "--svg-out", "/dev/null"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--svg-out is for mazes"));
    let out = run(&["generate", "maze", "--size", "5x4", "--seed", "3"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out).lines().count(), 9);
    assert_eq!(stdout(&out), stdout(&run(&["generate", "maze", "--size", "5x4", "--seed", "3"])), "seeded");
    // --svg: the same maze as an SVG, which reads back as a maze with the same shortest path; a
    // family with no SVG form says so.
    let svg = run(&["generate", "maze", "--size", "5x4", "--seed", "3", "--svg"]);
    assert_eq!(svg.status.code(), Some(0));
    assert!(stdout(&svg).starts_with("<svg") || stdout(&svg).starts_with("<?xml"), "{}", stdout(&svg));
    let length = |text: &str| {
        let puzzle = puzzlelab::families::parse(Some("maze"), text).unwrap();
        puzzle
            .solve(&Default::default(), &mut |_: &puzzlelab::search::Stats| puzzlelab::search::Flow::Continue)
            .unwrap()
            .moves
            .len()
    };
    assert_eq!(length(&stdout(&svg)), length(&stdout(&out)));
    let none = run(&["generate", "npuzzle", "--size", "3x3", "--svg"]);
    assert_eq!(none.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&none.stderr).contains("a npuzzle puzzle has no SVG form"),
        "{}",
        String::from_utf8_lossy(&none.stderr)
    );
}

#[test]
fn lm_solve_prints_what_lm_solve_prints() {
    let dir = format!("{}/tests/fixtures/lmsolve", env!("CARGO_MANIFEST_DIR"));
    for variant in ["alice", "minotaur", "numbers", "plank", "hex_plank", "tilt_single", "tilt_multi", "tilt_rb"] {
        let board = format!("{dir}/{variant}.txt");
        let expected = |name: &str| std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        let out = run(&["lm-solve", "-g", variant, &board]);
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(stdout(&out), expected(&format!("{variant}.out")), "{variant}");
        let out = run(&["lm-solve", "-g", variant, "--output-states", "--norle", &board]);
        assert_eq!(stdout(&out), expected(&format!("{variant}.states.out")), "{variant} --output-states --norle");
    }
    let out = run(&["lm-solve", "-g", "tilt_single", "--rtd", &format!("{dir}/tilt_single.txt")]);
    assert_eq!(stdout(&out), std::fs::read_to_string(format!("{dir}/tilt_single.rtd.out")).unwrap());
    // tilt_puzzle is tilt_rb; an unknown scan, variant or file is an error.
    let out = run(&["lm-solve", "-g", "tilt_puzzle", &format!("{dir}/tilt_rb.txt")]);
    assert!(stdout(&out).starts_with("solved\nu * 1\n"));
    assert_eq!(run(&["lm-solve", "--method", "bfs", &format!("{dir}/tilt_rb.txt")]).status.code(), Some(2));
    assert_eq!(run(&["lm-solve", "-g", "sokoban", &format!("{dir}/tilt_rb.txt")]).status.code(), Some(2));
    let out = run(&["lm-solve", "-g", "numbers", &format!("{dir}/no-such-board.txt")]);
    assert_eq!(out.status.code(), Some(2));
    // `-` is standard input, as README says of every FILE.
    let numbers = std::fs::read(format!("{dir}/numbers.txt")).unwrap();
    let out = run_with(&["lm-solve", "-g", "numbers", "-"], &numbers);
    assert_eq!(
        (out.status.code(), stdout(&out)),
        (Some(0), std::fs::read_to_string(format!("{dir}/numbers.out")).unwrap())
    );
    // A board error names the file, line and column.
    let out = run(&["lm-solve", "-g", "minotaur", &format!("{dir}/numbers.txt")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("numbers.txt:2:1: unknown key \"Start\""),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn lm_solve_boards_through_solve_and_json() {
    let dir = format!("{}/tests/fixtures/lmsolve", env!("CARGO_MANIFEST_DIR"));
    let json = |args: &[&str]| -> serde_json::Value { serde_json::from_slice(&run(args).stdout).unwrap() };
    let rb = json(&["solve", &format!("{dir}/tilt_rb.txt"), "--json"]);
    assert_eq!(
        (rb["family"].as_str(), rb["length"].as_u64(), rb["optimal"].as_bool()),
        (Some("lmsolve:tilt_rb"), Some(5), Some(true))
    );
    assert_eq!(rb["moves"], serde_json::json!(["u", "l", "u", "r", "d"]));
    // Hexagonal planks share the square ones' keys: named, the diagonal move is allowed.
    let hex = json(&["solve", &format!("{dir}/hex_plank.txt"), "--family", "lmsolve:hex_plank", "--json"]);
    assert_eq!(hex["length"].as_u64(), Some(4));
    let square = json(&["solve", &format!("{dir}/hex_plank.txt"), "--json"]);
    assert_eq!(square["family"].as_str(), Some("lmsolve:plank"));
    assert_ne!(square["length"].as_u64(), Some(4), "on squares the SE move does not exist");
}

/// `puzzlelab solve` prints an LM-Solve board's solution in LM-Solve's own lines (issue 17: Copy
/// solution uses them too): byte for byte what `lm-solve` printed for the spec's boards.
#[test]
fn solve_prints_lm_solves_own_lines() {
    let dir = format!("{}/tests/fixtures/lmsolve", env!("CARGO_MANIFEST_DIR"));
    for variant in ["alice", "minotaur", "numbers", "plank", "hex_plank", "tilt_single", "tilt_multi", "tilt_rb"] {
        let out = run(&["solve", &format!("{dir}/{variant}.txt"), "--family", &format!("lmsolve:{variant}")]);
        let expected = std::fs::read_to_string(format!("{dir}/{variant}.out")).unwrap();
        assert_eq!(stdout(&out), expected, "{variant}");
    }
}

/// Output errors (issue 18): a reader that goes away ends the tool quietly; a full disk is an
/// error with a non-zero exit, not a panic and not a silent success.
#[test]
fn output_errors_are_handled() {
    // A reader that closes at once: the whole maze cannot be written, yet no panic.
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["generate", "maze", "--size", "400x400"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the CLI runs");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("it ends");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(!String::from_utf8_lossy(&output.stderr).contains("panicked"));
    if std::path::Path::new("/dev/full").exists() {
        for args in [&["formats"][..], &["solve", &fixture("../../../www/examples/fifteen-puzzle.txt")]] {
            let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full opens");
            let output =
                Command::new(env!("CARGO_BIN_EXE_puzzlelab")).args(args).stdout(full).output().expect("the CLI runs");
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            assert!(
                String::from_utf8_lossy(&output.stderr).starts_with("puzzlelab: cannot write the output"),
                "{args:?}"
            );
        }
    }
}

/// Family names are not case-sensitive, and an unknown one is not blamed on the file's first line.
#[test]
fn family_names_ignore_case_and_unknown_ones_are_named() {
    let board = fixture("klotski.txt");
    assert_eq!(run(&["solve", "--family", "Sliding", "--max-states", "10", &board]).status.code(), Some(3));
    let output = run(&["solve", "--family", "Nope", &board]);
    assert_eq!(output.status.code(), Some(2));
    let message = String::from_utf8_lossy(&output.stderr);
    assert!(message.starts_with("puzzlelab: unknown family \"Nope\""), "{message}");
}

/// A size a family does not make is refused with its range (it silently made another size).
#[test]
fn generate_refuses_sizes_it_does_not_make() {
    for (family, size) in [("maze", "0x0"), ("maze", "5000x5000"), ("npuzzle", "9x9"), ("squares", "2x5")] {
        let output = run(&["generate", family, "--size", size]);
        assert_eq!(output.status.code(), Some(2), "{family} {size}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            message.starts_with(&format!("puzzlelab: random {family} puzzles are ")) && message.contains(size),
            "{message}"
        );
    }
    let output = run(&["generate", "npuzzle", "--size", "3x3", "--seed", "4"]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(stdout(&output).lines().count(), 3);
}

#[test]
fn rush_hour_from_the_command_line() {
    let positions = format!("{}/tests/fixtures/rushhour/positions.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(positions).unwrap();
    let line = text.lines().find(|l| l.contains("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo")).unwrap();
    // A database line: moves, board, steps and cluster in the fixture; his own line has no steps.
    let words: Vec<&str> = line.split_whitespace().collect();
    let database_line = format!("{} {} {}\n", words[0], words[1], words[3]);
    let solve = |args: &[&str]| run_with(args, database_line.as_bytes());
    let out = solve(&["solve", "-", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["family"].as_str(), json["metric"].as_str(), json["method"].as_str()),
        (Some("rushhour"), Some("slide"), Some("bfs"))
    );
    assert_eq!(
        (json["length"].as_u64(), json["expected"].as_u64(), json["cluster_size"].as_u64()),
        (Some(51), Some(51), Some(4780))
    );
    // Text: "solved", then the moves in his notation, one a line.
    let out = solve(&["solve", "-", "--family", "rushhour", "--metric", "unit"]);
    let text = stdout(&out);
    assert_eq!(text.lines().next(), Some("solved"));
    assert_eq!(text.lines().count(), 1 + 81);
    assert!(text.lines().skip(1).all(|m| m.len() == 3 && (m.ends_with("+1") || m.ends_with("-1"))), "{text}");
    assert!(out.stderr.is_empty(), "the stated 51 is in the slide metric: no warning in the unit metric");
    // A line whose stated optimum disagrees with the answer says so in text mode too (stderr).
    let out = solve(&["solve", "-"]);
    assert!(out.stderr.is_empty() && stdout(&out).lines().count() == 1 + 51);
    let wrong = format!("52 {} {}\n", words[1], words[3]);
    let out = run_with(&["solve", "-"], wrong.as_bytes());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "puzzlelab: warning: the puzzle's text says 52 moves; this answer has 51\n"
    );
    assert_eq!(stdout(&out).lines().count(), 1 + 51);
}

/// Ctrl-C stops a long search at its next progress report: the CLI prints `cancelled` and says
/// on stderr how far it got, exit code 3.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_search_and_says_what_it_explored() {
    // Fifteen distinct one-cell pieces and a goal that never matches: billions of positions.
    let path = std::env::temp_dir().join(format!("puzzlelab-ctrl-c-{}.txt", std::process::id()));
    std::fs::write(&path, "abcd\nefgh\nijkl\nmno \n^abcdefghijklmnoX\n").unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_puzzlelab"))
        .args(["solve", path.to_str().unwrap(), "--method", "bfs"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    let killed = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(stdout(&out), "cancelled\n");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("interrupted: Cancelled after "), "{stderr}");
}

/// States that own megabytes (script strings, arrays and maps; LM-Solve planks on a big swamp)
/// end with "gave up" on memory under a 1 GB address-space limit, instead of the process dying:
/// the default budget reads the limit, and the states' own heap is counted.
#[test]
fn memory_hungry_states_give_up_before_the_process_runs_out() {
    let dir = format!("{}/tests/fixtures/hostile", env!("CARGO_MANIFEST_DIR"));
    for name in ["script-long-strings.txt", "script-long-arrays.txt", "script-big-maps.txt", "hex-planks-30x30.txt"] {
        let output = Command::new("sh")
            .args([
                "-c",
                "ulimit -v 1000000 && exec \"$0\" solve \"$1\"",
                env!("CARGO_BIN_EXE_puzzlelab"),
                &format!("{dir}/{name}"),
            ])
            .output()
            .expect("sh runs");
        let (out, err) = (stdout(&output), String::from_utf8_lossy(&output.stderr));
        assert_eq!(output.status.code(), Some(3), "{name}: {out} {err}");
        assert!(out.starts_with("gave up: gave up after ") && out.contains("(the memory limit of "), "{name}: {out}");
    }
    // lm-solve prints what LM-Solve prints when a budget ends the search, and exits 3.
    let output = Command::new("sh")
        .args([
            "-c",
            "ulimit -v 1000000 && exec \"$0\" lm-solve -g hex_plank \"$1\"",
            env!("CARGO_BIN_EXE_puzzlelab"),
            &format!("{dir}/hex-planks-30x30.txt"),
        ])
        .output()
        .expect("sh runs");
    assert_eq!(
        (output.status.code(), stdout(&output).as_str()),
        (Some(3), "interrupted\n"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// `analyse`: the figures in words, one JSON object, and the hardest start written as a puzzle
/// that `solve` answers in the length Analyse gave it.
#[test]
fn analyse_from_the_command_line() {
    let out = run(&["analyse", &fixture("klotski.txt")]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.starts_with("25,955 positions reachable from the start, 964 solved\n"), "{text}");
    assert!(text.contains("Shortest solution: 116 moves (one of 4,112,640,000 distinct ones)"), "{text}");
    assert!(text.contains("Positions by distance from the start:\n    0 1\n"), "{text}");
    // Spread over threads, the same words.
    for threads in ["1", "2", "3"] {
        assert_eq!(
            stdout(&run(&["analyse", &fixture("klotski.txt"), "--threads", threads])),
            text,
            "{threads} threads"
        );
    }
    let hardest = std::env::temp_dir().join(format!("puzzlelab-hardest-{}.txt", std::process::id()));
    let out = run(&[
        "analyse",
        &fixture("klotski.txt"),
        "--metric",
        "piece",
        "--json",
        "--hardest-out",
        hardest.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (json["positions"].as_u64(), json["shortest"].as_u64(), json["solutions"].as_str()),
        (Some(25_955), Some(81), Some("256"))
    );
    assert_eq!(json["hardest"]["moves"].as_u64(), Some(93));
    let out = run(&["solve", hardest.to_str().unwrap(), "--metric", "piece", "--json"]);
    let _ = std::fs::remove_file(&hardest);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["length"].as_u64(), Some(93), "the hardest start solves in 93 piece moves");
    // A budget ends it with exit 3.
    let out = run(&["analyse", &fixture("klotski.txt"), "--max-states", "1000"]);
    assert_eq!(
        (out.status.code(), stdout(&out).as_str()),
        (Some(3), "Analyse gave up after 1000 states (the state limit)\n")
    );
    // A tiling's analysis lists its tilings and what they all share.
    let out = run(&["analyse", &format!("{}/www/examples/tiling-6x10.txt", env!("CARGO_MANIFEST_DIR"))]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(stdout(&out), "9,356 tilings listed (mirror images and turns counted apart)\nNo piece lies in the same place in every tiling\n");
}

/// How far two pictures (RGBA, the same size) are apart: the mean difference of a channel.
fn distance(a: &[u8], b: &[u8]) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| f64::from(x.abs_diff(*y))).sum::<f64>() / a.len() as f64
}

#[test]
fn render_draws_a_step_as_svg_or_png_and_the_solution_as_an_animation() {
    let dir = std::env::temp_dir().join(format!("puzzlelab-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let article = fixture("article.txt");
    // SVG at twice the page's board, with the moves under it.
    let done = run(&["render", &article, "--step", "5", "--scale", "2", "--moves", "--svg", &out("a.svg")]);
    assert_eq!(done.status.code(), Some(0), "{}", String::from_utf8_lossy(&done.stderr));
    let svg = std::fs::read_to_string(out("a.svg")).unwrap();
    let document = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    assert_eq!(document.root_element().attribute("width"), Some("1120"));
    assert_eq!(svg.matches(" ◀").count(), 1, "one move marked");
    assert!(svg.contains("37. a D"), "every move, numbered");
    // PNG of the solved position: the page's board size.
    assert_eq!(run(&["render", &article, "--png", &out("a.png")]).status.code(), Some(0));
    let png = puzzlelab::render::rgba(&std::fs::read_to_string(out("a.svg")).unwrap()).unwrap();
    let height: f64 = document.root_element().attribute("height").unwrap().parse().unwrap();
    assert!(height > 880.0 + 2.0 * 28.0 + 39.2, "the moves take more than a line: {height}");
    assert_eq!(png.0, 1120);
    assert!((f64::from(png.1) - height).abs() < 1.0, "{} against {height}", png.1);
    let picture = std::fs::read(out("a.png")).unwrap();
    assert_eq!(&picture[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(
        (
            u32::from_be_bytes(picture[16..20].try_into().unwrap()),
            u32::from_be_bytes(picture[20..24].try_into().unwrap())
        ),
        (560, 440)
    );
    // The animations: a frame for the start and one per move; the first and the last show the
    // start's and the solved position's pictures, exactly in the APNG and within the colour
    // reduction of the GIF, which is the larger file. A step shows as long as the page's replay
    // takes for a move: 0.3 s at the default speed, 0.15 s at the fastest.
    let text = std::fs::read_to_string(&article).unwrap();
    let puzzle = puzzlelab::families::parse(None, &text).unwrap();
    let report = puzzle
        .solve(&Default::default(), &mut |_: &puzzlelab::search::Stats| puzzlelab::search::Flow::Continue)
        .unwrap();
    let alone = |step: usize| {
        let svg = puzzlelab::picture::svg(
            puzzle.as_ref(),
            &report.moves,
            step,
            puzzlelab::picture::BOARD,
            &[],
            puzzlelab::picture::FONT,
        );
        puzzlelab::render::rgba(&svg).unwrap().2
    };
    let (start, solved) = (alone(0), alone(37));
    let mut sizes = Vec::new();
    for (flag, name, format, speed, delay) in
        [("--apng", "a.apng.png", Format::Apng, "10", 15), ("--gif", "a.gif", Format::Gif, "5", 30)]
    {
        assert_eq!(run(&["render", &article, "--speed", speed, flag, &out(name)]).status.code(), Some(0));
        let bytes = std::fs::read(out(name)).unwrap();
        let (read, width, height, shown) = puzzlelab::animation::decode(&bytes).unwrap();
        assert_eq!((read, width, height, shown.len()), (format, 560, 440, 38));
        assert_eq!([shown[0].delay, shown[1].delay, shown[36].delay, shown[37].delay], [100, delay, delay, 250]);
        let apart =
            [distance(&shown[0].rgba, &start), distance(&shown[37].rgba, &solved), distance(&shown[0].rgba, &solved)];
        if format == Format::Apng {
            assert!(apart[0] == 0.0 && apart[1] == 0.0, "{apart:?}");
        }
        assert!(apart[0] < 1.0 && apart[1] < 1.0 && apart[2] > 5.0, "{format:?}: {apart:?}");
        sizes.push(bytes.len());
    }
    assert!(sizes[0] < sizes[1], "the APNG is the smaller: {sizes:?}");
    // Errors: a step past the end, a position with no solution, two outputs at once.
    let past = run(&["render", &article, "--step", "38", "--svg", &out("b.svg")]);
    assert_eq!(past.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&past.stderr).contains("step 38 is past the end of the solution (37 moves)"));
    let unsolvable = run(&["render", &fixture("unsolvable.txt"), "--png", &out("c.png")]);
    assert_eq!(unsolvable.status.code(), Some(1), "{}", String::from_utf8_lossy(&unsolvable.stderr));
    assert!(String::from_utf8_lossy(&unsolvable.stderr).starts_with("puzzlelab: there is no solution to draw"));
    assert_eq!(
        run(&["render", &fixture("unsolvable.txt"), "--step", "0", "--png", &out("c.png")]).status.code(),
        Some(0),
        "the start needs no solution"
    );
    assert_eq!(run(&["render", &article, "--svg", &out("d.svg"), "--png", &out("d.png")]).status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 60: a search of large states in either script engine ends at its memory budget, said
/// as such (exit 3), with no allocation failing on the way, and the process's resident memory
/// stays within 1.5 times what the search counted (plus the process's own start). Run under
/// `ulimit -v` (1.2 GB of address space), where a search that undercounted aborted.
#[test]
fn a_search_of_large_script_states_ends_at_its_memory_budget_counting_what_it_holds() {
    for script in ["large-states.txt", "large-states.js"] {
        let path = format!("{}/tests/fixtures/script/{script}", env!("CARGO_MANIFEST_DIR"));
        let mut child = Command::new("sh")
            .args(["-c", "ulimit -v 1200000 && exec \"$0\" solve \"$1\" --json --threads 1"])
            .args([env!("CARGO_BIN_EXE_puzzlelab"), &path])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the CLI runs");
        // The child's peak resident memory, as last seen (VmHWM only grows).
        let status_file = format!("/proc/{}/status", child.id());
        let mut peak = 0_u64;
        while child.try_wait().expect("the CLI runs").is_none() {
            let status = std::fs::read_to_string(&status_file).unwrap_or_default();
            let kilobytes = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.split_whitespace().next().and_then(|n| n.parse::<u64>().ok()));
            peak = peak.max(kilobytes.unwrap_or(0) * 1024);
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let output = child.wait_with_output().expect("the CLI runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(3), "{script}: {stderr}");
        let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("a JSON report");
        let reason = json["reason"].as_str().unwrap_or_default();
        assert!(reason.contains("the memory limit"), "{script}: {reason}");
        let counted = json["bytes"].as_u64().unwrap_or(0);
        // More than 1,000 states of 100 KB were counted: the budget was what ended it.
        assert!(counted > 100 << 20 && json["stored"].as_u64().unwrap_or(0) > 500, "{script}: {json}");
        let start = 60 << 20;
        assert!(peak <= counted * 3 / 2 + start, "{script}: resident {peak} bytes, counted {counted}");
    }
}

#[test]
fn a_new_game_from_the_command_line() {
    let out = run(&["new", "rushhour", "--difficulty", "easy", "--seed", "2"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = stdout(&out);
    let (line, board) = printed.split_once('\n').unwrap();
    assert!(line.starts_with("New Rush Hour puzzle (easy): "), "{line}");
    // The board it prints solves in the length its line says.
    let moves: usize = line.split(": ").nth(1).and_then(|rest| rest.split(' ').next()?.parse().ok()).unwrap();
    let solved = run_with(&["solve", "-"], board.as_bytes());
    assert_eq!(stdout(&solved).lines().count(), 1 + moves, "{}", stdout(&solved));
    let json = stdout(&run(&["new", "npuzzle", "--difficulty", "hard", "--seed", "2", "--json"]));
    let game: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!((27..=31).contains(&game["moves"].as_u64().unwrap()), "{json}");
    for (args, said) in [
        (&["new", "maze", "--difficulty", "impossible"][..], "--difficulty is easy, medium or hard"),
        (
            &["new", "sokoban"][..],
            "cannot make a new \"sokoban\" game (these can: sliding, npuzzle, rushhour, tiling, maze)",
        ),
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains(said), "{}", String::from_utf8_lossy(&out.stderr));
    }
}

/// `analyse --level N` on a PuzzleScript game: every position of Microban's first level, in
/// inputs, the same on any number of threads, with the shortest solution `solve` proves (33
/// inputs, as the reference engine's own breadth-first search finds: benches/RESULTS.md).
#[test]
fn a_puzzlescript_level_is_analysed() {
    let game = format!("{}/tests/fixtures/puzzlescript/microban.txt", env!("CARGO_MANIFEST_DIR"));
    let out = run(&["analyse", &game, "--level", "1"]);
    assert_eq!(out.status.code(), Some(0));
    let text = stdout(&out);
    assert!(text.starts_with("629 positions reachable from the start, 2 solved\n"), "{text}");
    // In the game's words: inputs, not moves.
    assert!(text.contains("Shortest solution: 33 inputs (the only one)"), "{text}");
    assert!(text.contains("Only one input keeps it shortest at "), "{text}");
    assert!(text.contains("Hardest start: 38 inputs to solve (2 positions), "), "{text}");
    for threads in ["1", "2", "3"] {
        assert_eq!(stdout(&run(&["analyse", &game, "--level", "1", "--threads", threads])), text, "{threads} threads");
    }
    let out = run(&["analyse", &game, "--level", "11"]);
    assert_eq!(out.status.code(), Some(2));
}
