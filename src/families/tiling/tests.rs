//! Tiling: the placement generator, symmetry, and published counts.

use super::*;

fn puzzle(text: &str) -> TilingPuzzle {
    TilingPuzzle::parse(text).unwrap()
}

fn rect(rows: usize, cols: usize) -> String {
    format!("{}\n", vec![".".repeat(cols); rows].join("\n"))
}

fn count(text: &str) -> Counts {
    let p = puzzle(text);
    let options = SolveOptions { mode: SolveMode::Count, ..SolveOptions::default() };
    let report = p.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
    report.counts.unwrap()
}

#[test]
fn placements_and_symmetries() {
    assert_eq!(puzzle(&rect(6, 10)).placements.len(), 2056);
    assert_eq!(puzzle(&rect(3, 20)).placements.len(), 1236);
    assert_eq!(puzzle(&rect(6, 10)).symmetries.len(), 3, "a rectangle has 4 symmetries");
}

#[test]
fn three_by_twenty_has_2_distinct_8_raw() {
    assert_eq!(count(&rect(3, 20)), Counts { raw: 8, distinct: 2 });
}

#[test]
fn scotts_8x8_with_a_central_hole() {
    let mut rows: Vec<String> = vec![".".repeat(8); 8];
    rows[3] = "...##...".into();
    rows[4] = "...##...".into();
    let text = format!("{}\n", rows.join("\n"));
    assert_eq!(puzzle(&text).symmetries.len(), 7, "a square with a central hole has 8 symmetries");
    assert_eq!(count(&text), Counts { raw: 520, distinct: 65 });
}

#[test]
fn first_solution_replays_and_prints_as_letters() {
    let p = puzzle(&rect(3, 20));
    let report = p.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
    assert_eq!(report.status, Status::Solved);
    assert_eq!(report.moves.len(), 12);
    let verdict = p.check(&SolveOptions::default(), &report.moves).unwrap();
    assert!(verdict.ends_solved);
    let board = p.solution_text(&report.moves);
    assert_eq!(board.lines().count(), 3);
    let mut letters: Vec<char> = board.chars().filter(|c| c.is_ascii_uppercase()).collect();
    letters.sort_unstable();
    letters.dedup();
    assert_eq!(letters.iter().collect::<String>(), "FILNPTUVWXYZ");
}

#[test]
fn sizes_that_cannot_work() {
    let e = TilingPuzzle::parse(&rect(1, 59)).err().unwrap();
    assert!(e.message.contains("the board has 59 cells; the 12 pieces cover 60"), "{e}");
    // A 2x30 strip has the right size but no tiling (X and others do not fit): exhausted, not hung.
    let p = puzzle(&rect(2, 30));
    let report = p.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap();
    assert_eq!(report.status, Status::Unsolved);
}

#[test]
fn tetrominoes_any_number_of_times() {
    // Squares (O4) only, used freely: a 4x4 board has exactly one tiling.
    let text = "pieces: O4\neach: any\n....\n....\n....\n....\n";
    assert_eq!(count(text), Counts { raw: 1, distinct: 1 });
    let e = TilingPuzzle::parse("pieces: Q9\n.....\n").err().unwrap();
    assert!(e.message.contains("unknown piece \"Q9\""), "{e}");
    let custom = "piece D: ##\npieces: D\neach: any\n....\n....\n";
    assert_eq!(count(custom).raw, 5, "dominoes on a 2x4 board: 5 tilings");
}

#[test]
fn draw_mode_paints_the_board() {
    use crate::families::Editor;
    let p = TilingPuzzle::parse("each: any\npieces: O4\n..\n..\n").unwrap();
    let holed = p.apply("erase", 0, 0).unwrap();
    assert_eq!(holed, "pieces: O4\neach: any\n#.\n..\n".replace("pieces: O4\neach: any", "each: any\npieces: O4"));
    let bigger = p.resize(4, 2).unwrap();
    assert!(bigger.ends_with("....\n....\n"), "{bigger}");
    assert_eq!(p.paint("cell", 0, 0), None, "painting a board cell again changes nothing");
}
