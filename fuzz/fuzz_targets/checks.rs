//! What every fuzz target asserts, beyond "no panic". Plain Rust with no fuzzing dependency, so
//! `tests/fuzz_finds.rs` runs the same checks on every input fuzzing ever found
//! (`tests/fixtures/fuzz/`).

#![allow(dead_code)] // each target uses one of these

use puzzlelab::families::analysis::Completion;
use puzzlelab::families::{self, Puzzle, SolveOptions, Status, Verdict, FAMILIES};
use puzzlelab::search::{Flow, Method, Stats};
use puzzlelab::share;

/// Reading: never a panic, and a puzzle that reads prints back to a text that reads again and
/// prints the same (a shared link carries the printed text).
pub fn read(family: &str, data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(puzzle) = families::parse(Some(family), &text) else { return };
    let printed = puzzle.to_text();
    match families::parse(Some(family), &printed) {
        Ok(again) => assert_eq!(again.to_text(), printed, "printing is not stable"),
        Err(e) => panic!("the printed puzzle does not read back: {e}\n{printed}"),
    }
}

/// Every family's reader on the text, and the reader detection picks: a family is fuzzed by
/// being in the registry (`FAMILIES`), with no target of its own.
pub fn read_every(data: &[u8]) {
    for family in FAMILIES {
        read(family.id(), data);
    }
    let _ = families::parse(None, &String::from_utf8_lossy(data));
}

/// A fragment decodes or says why not; what decodes encodes and decodes to the same.
pub fn share_link(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(shared) = share::decode(&text) {
        assert_eq!(share::decode(&share::encode(&shared)).as_ref(), Ok(&shared));
    }
    // Any puzzle text survives the round trip.
    let shared = share::Shared::new("auto", &text);
    assert_eq!(share::decode(&share::encode(&shared)).as_ref(), Ok(&shared));
    // And so do any moves in a player's link.
    let player = share::Player { moves: text.lines().map(String::from).collect(), ..share::Player::default() };
    let shared = share::Shared { player: Some(player), ..shared };
    assert_eq!(share::decode(&share::encode(&shared)).as_ref(), Ok(&shared));
}

/// Small enough that one input is checked in well under a second.
fn budget(method: Method) -> SolveOptions {
    SolveOptions {
        method,
        max_states: Some(5_000),
        max_bytes: Some(64 << 20),
        time_limit_ms: Some(2_000),
        ..SolveOptions::default()
    }
}

/// Read with detection, solve under a small budget, and check the answer: a solution replays
/// legally and ends solved (first solved at its last move when it claims to be shortest), and
/// breadth-first search finds the same length when both claim the shortest.
pub fn solve(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(puzzle) = families::parse(None, &text) else { return };
    let options = budget(Method::Auto);
    let Ok(report) = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue) else { return };
    if report.status != Status::Solved {
        return;
    }
    let verdict = replayed(puzzle.as_ref(), &options, &report.moves, "the answer");
    if report.optimal && report.counts.is_none() {
        assert_eq!(
            verdict.first_solved,
            Some(report.moves.len()),
            "a shortest answer is solved before its end: {:?}",
            report.moves
        );
    }
    if report.optimal && report.method != Method::Bfs && puzzle.capabilities().methods.contains(&Method::Bfs) {
        let bfs = puzzle.solve(&budget(Method::Bfs), &mut |_: &Stats| Flow::Continue).expect("BFS is accepted");
        match bfs.status {
            Status::Solved => assert_eq!(bfs.cost, report.cost, "BFS and {} disagree", report.method.name()),
            Status::Unsolved => panic!("BFS found no solution where {} found one", report.method.name()),
            _ => {}
        }
    }
}

/// `moves` (`what` they are, for the message) replay legally through the puzzle's rules and end
/// solved; the verdict.
fn replayed(puzzle: &dyn Puzzle, options: &SolveOptions, moves: &[String], what: &str) -> Verdict {
    let verdict = puzzle.check(options, moves).unwrap_or_else(|e| panic!("{what} does not replay: {e}: {moves:?}"));
    assert!(verdict.ends_solved, "{what} does not end solved: {moves:?}");
    verdict
}

/// Analyse under a small budget: never a panic, and a whole analysis's shortest solution
/// replays, ends solved, and is as long as the solver's shortest answer.
pub fn analyse(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(puzzle) = families::parse(None, &text) else { return };
    let options = budget(Method::Auto);
    let Ok(analysis) = puzzle.analyse(&options, &mut |_: &Stats| Flow::Continue) else { return };
    if analysis.status != Completion::Done {
        return;
    }
    let Some(shortest) = analysis.shortest else { return };
    assert_eq!(
        analysis.solution.len() as u64,
        shortest,
        "the solution listed is not as long as the shortest: {:?}",
        analysis.solution
    );
    replayed(puzzle.as_ref(), &options, &analysis.solution, "the analysis's solution");
    if let Ok(report) = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue) {
        if report.status == Status::Solved && report.optimal && report.counts.is_none() {
            assert_eq!(report.moves.len() as u64, shortest, "Analyse and solve disagree on the shortest");
        }
    }
}

/// A picture of any puzzle that reads, at any step of its answer, with its moves: our own SVG
/// always draws, within the picture budget (natively, through resvg as `render --png` does).
pub fn render(data: &[u8]) {
    let Some((&step, rest)) = data.split_first() else { return };
    let text = String::from_utf8_lossy(rest);
    let Ok(puzzle) = families::parse(None, &text) else { return };
    let moves = match puzzle.solve(&budget(Method::Auto), &mut |_: &Stats| Flow::Continue) {
        Ok(report) if report.status == Status::Solved => report.moves,
        _ => Vec::new(),
    };
    let step = usize::from(step).min(moves.len());
    let caption = puzzlelab::picture::caption(&moves, step);
    let characters: usize = caption.iter().map(|word| word.chars().count()).sum();
    assert!(characters <= puzzlelab::picture::MOST_CAPTION_CHARACTERS, "a caption of {characters} characters");
    let svg = puzzlelab::picture::svg(
        puzzle.as_ref(),
        &moves,
        step,
        puzzlelab::picture::BOARD,
        &caption,
        puzzlelab::picture::FONT,
    );
    #[cfg(not(target_arch = "wasm32"))]
    if let Err(e) = puzzlelab::render::png(&svg) {
        panic!("the picture does not draw: {e}\n{svg}");
    }
}

/// Any goal line under a small sliding board: a goal reads or is refused with its place, and one
/// that reads is solved as every puzzle is (replayed, shortest agreed with BFS), or gives up.
pub fn goal(data: &[u8]) {
    let goal = String::from_utf8_lossy(data).replace(['\n', '\r'], " ");
    solve(format!("ab \nc d\n  e\n{goal}\n").as_bytes());
}

/// Kept bytes as they come back (from a disk, IndexedDB, another Worker): the seal opens only on
/// what it sealed, and a table is read from whatever opens without a panic.
pub fn kept(data: &[u8]) {
    use puzzlelab::keep;
    use puzzlelab::search::tiles::{Board, PatternDatabase};
    assert_eq!(keep::unseal(keep::seal(data.to_vec())).as_deref(), Some(data));
    let Some(bytes) = keep::unseal(data.to_vec()) else { return };
    let board = Board::rectangle(3, 3, 8);
    let _ = PatternDatabase::read_pattern(&board, &[0, 1, 2, 3, 4, 5, 6, 7], &bytes);
}
