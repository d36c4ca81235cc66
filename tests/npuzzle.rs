//! N-puzzles against published optima: Korf's 100 random 15-puzzle instances (a quick subset
//! here; all 100 in `make bench`), every answer replayed through the rules.
#![cfg(not(target_arch = "wasm32"))]

use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Method, Stats};

/// Korf's instances as (number, optimal length, cells with the blank's goal top-left).
fn korf() -> Vec<(usize, usize, Vec<u16>)> {
    include_str!("fixtures/npuzzle/korf100.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let numbers: Vec<u16> = l.split_whitespace().map(|n| n.parse().unwrap()).collect();
            (usize::from(numbers[0]), usize::from(numbers[1]), numbers[2..].to_vec())
        })
        .collect()
}

fn rows(cells: &[u16]) -> String {
    cells.chunks(4).map(|r| r.iter().map(u16::to_string).collect::<Vec<_>>().join(" ") + "\n").collect()
}

/// Turning the board half round and numbering tile t as 16 - t maps Korf's goal onto the
/// standard one (1..15, blank last) and keeps every distance.
fn standard(cells: &[u16]) -> Vec<u16> {
    (0..16)
        .map(|i| match cells[15 - i] {
            0 => 0,
            t => 16 - t,
        })
        .collect()
}

fn solve(text: &str) -> (Status, usize, Method) {
    let puzzle = families::parse(None, text).unwrap();
    assert_eq!(puzzle.family(), "npuzzle");
    let options = SolveOptions::default();
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
    let verdict = puzzle.check(&options, &report.moves).unwrap();
    assert!(verdict.ends_solved && verdict.first_solved == Some(report.moves.len()), "{text}");
    (report.status, report.moves.len(), report.method)
}

#[test]
fn korf_instances_get_their_published_optimum() {
    let quick = [12, 19, 30, 28, 23, 13, 16, 6, 2, 20];
    for (number, optimum, cells) in korf().into_iter().filter(|(n, _, _)| quick.contains(n)) {
        let (status, length, method) = solve(&rows(&standard(&cells)));
        assert_eq!((status, length, method), (Status::Solved, optimum, Method::Idastar), "instance {number}");
    }
    // Korf's own goal, written out: the same optimum.
    let (_, optimum, cells) = &korf()[11];
    let text = format!("{}goal:\n_ 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n", rows(cells));
    assert_eq!(solve(&text).1, *optimum);
}

#[test]
fn the_fixture_lists_korfs_hundred() {
    let all = korf();
    assert_eq!(all.len(), 100);
    // The published total of the optimal lengths (average 53.05).
    assert_eq!(all.iter().map(|(_, length, _)| length).sum::<usize>(), 5305);
    assert!(all.iter().all(|(_, _, cells)| {
        let mut c = cells.clone();
        c.sort();
        c == (0..16).collect::<Vec<u16>>()
    }));
}

#[test]
fn unsolvable_fifteen_puzzle_answers_at_once() {
    let puzzle = families::parse(None, "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 _\n").unwrap();
    let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
    assert_eq!(report.status, Status::Unsolved);
    assert_eq!(report.stats.explored, 0);
    assert_eq!(
        puzzlelab::replay::summary(&report),
        "No solution: this arrangement has the wrong parity (two tiles swapped)"
    );
}

/// Spread over 1, 2 and 3 threads, Korf's hardest-to-search instance (88, the longest here)
/// gets its published optimum and the very same moves each time.
#[test]
fn threads_give_the_same_answer() {
    let (_, optimum, cells) = korf().into_iter().find(|(n, _, _)| *n == 88).unwrap();
    let puzzle = families::parse(None, &rows(&standard(&cells))).unwrap();
    let answers: Vec<Vec<String>> = (1..=3)
        .map(|threads| {
            let options = SolveOptions { threads: Some(threads), ..SolveOptions::default() };
            let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
            assert_eq!(report.moves.len(), optimum, "{threads} threads");
            report.moves
        })
        .collect();
    assert_eq!(answers[0], answers[1]);
    assert_eq!(answers[0], answers[2]);
}

/// The 80-move positions (and the format reference's example, one of them) are solvable towards their
/// goal: a short search gives up rather than answering "wrong parity". (Written towards the
/// default goal, blank last, they were unsolvable for a while and nothing noticed.)
#[test]
fn the_eighty_move_positions_can_be_solved() {
    let goal = "goal:\n_ 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n";
    let readme = include_str!("../docs/formats/npuzzle.md");
    let title = "title: one of the 15-puzzle's hardest positions";
    let example = readme.split(&format!("```text\n{title}")).nth(1).unwrap();
    let example = format!("{title}{}", example.split("```").next().unwrap());
    let mut texts: Vec<String> = include_str!("fixtures/npuzzle/hardest.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let numbers: Vec<u16> = line.split_whitespace().map(|n| n.parse().unwrap()).collect();
            assert_eq!(numbers[0], 80);
            rows(&numbers[1..]) + goal
        })
        .collect();
    assert!(example.contains("15 14  8 12") && example.contains("12 13 14 15"), "{example}");
    texts.push(example);
    for text in texts {
        let puzzle = families::parse(None, &text).unwrap();
        let options = SolveOptions { max_states: Some(10_000), ..SolveOptions::default() };
        let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        assert_eq!(report.status, Status::GaveUp, "{text}");
    }
}
