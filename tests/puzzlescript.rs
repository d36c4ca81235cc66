//! PuzzleScript against the reference engine's own simulation suite (tests/fixtures/puzzlescript):
//! each case is a game, a list of inputs and the level the reference ends on.

use puzzlelab::families::puzzlescript::compile::{compile, Game};
use puzzlelab::families::puzzlescript::engine::{serialise, OnWin, Session};

type Case = (String, String, Vec<serde_json::Value>, String, usize);

fn cases() -> Vec<Case> {
    let text = include_str!("fixtures/puzzlescript/testdata.json");
    serde_json::from_str(text).expect("the suite reads")
}

/// Why a case is out of scope: the reference's choices at random cannot be repeated.
fn out_of_scope(game: &Game) -> Option<&'static str> {
    game.random.then_some("random rules")
}

fn run(game: &Game, inputs: &[serde_json::Value], level: usize) -> Result<String, String> {
    let mut session = Session::new(game, level, OnWin::NextLevel).map_err(|_| "overran".to_string())?;
    for input in inputs {
        match input {
            serde_json::Value::String(s) if s == "undo" => session.undo(),
            serde_json::Value::String(s) if s == "restart" => {
                session.restart(false).and_then(|()| session.settle()).map_err(|_| "overran")?
            }
            serde_json::Value::String(s) if s == "tick" => {
                session.play(None).map_err(|_| "overran")?;
            }
            serde_json::Value::Number(n) => {
                session.play(n.as_u64().map(|n| n as usize)).map_err(|_| "overran")?;
            }
            other => return Err(format!("unknown input {other}")),
        }
    }
    Ok(serialise(game, &session.board))
}

#[test]
fn the_reference_simulation_suite() {
    let mut passed = 0;
    let mut failed = Vec::new();
    let mut skipped = Vec::new();
    for (name, text, inputs, expected, level) in cases() {
        let game = match compile(&text) {
            Ok(game) => game,
            Err(e) => {
                failed.push(format!("{name}: does not compile: {}:{} {}", e.line, e.column, e.message));
                continue;
            }
        };
        if let Some(why) = out_of_scope(&game) {
            skipped.push(format!("{name} ({why})"));
            continue;
        }
        match run(&game, &inputs, level) {
            Ok(got) if got == expected => passed += 1,
            Ok(got) => failed.push(format!("{name}: ended on\n{got}expected\n{expected}")),
            Err(e) => failed.push(format!("{name}: {e}")),
        }
    }
    eprintln!("passed {passed}, failed {}, out of scope {}", failed.len(), skipped.len());
    for f in failed.iter().take(400) {
        eprintln!("FAIL {}", f.lines().next().unwrap_or(""));
    }
    if std::env::var("PS_VERBOSE").is_ok() {
        for f in &failed {
            eprintln!("----\n{f}");
        }
    }
    assert!(failed.is_empty(), "{} cases failed", failed.len());
    // The suite has 470 cases; those with random rules (their seeds drive the reference's own
    // generator) are out of scope: 78 of them.
    assert_eq!((passed, skipped.len()), (392, 78));
}
