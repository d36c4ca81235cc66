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

/// Every solution listed (raw, or distinct only), with and without symmetry breaking.
fn listed(text: &str, distinct: bool, breaking: bool) -> (Vec<Vec<String>>, Counts) {
    listed_by(text, distinct, breaking, false)
}

/// [`listed`], by the generic exact cover or by whichever the engine picks.
fn listed_by(text: &str, distinct: bool, breaking: bool, generic: bool) -> (Vec<Vec<String>>, Counts) {
    let mut p = puzzle(text);
    p.break_symmetry = breaking;
    p.generic_cover = generic;
    let options = SolveOptions { mode: SolveMode::All, distinct, ..SolveOptions::default() };
    let report = p.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
    for solution in &report.solutions {
        assert!(p.check(&options, solution).unwrap().ends_solved, "{solution:?}");
    }
    (report.solutions, report.counts.unwrap())
}

#[test]
fn counts_where_pieces_sit_on_mirror_axes() {
    // Published: 4x15 has 368 distinct tilings (the naive "X in one quadrant" gives 402 there),
    // 5x12 has 1010.
    assert_eq!(count(&rect(4, 15)), Counts { raw: 1472, distinct: 368 });
    assert_eq!(count(&rect(5, 12)), Counts { raw: 4040, distinct: 1010 });
}

#[test]
fn symmetry_breaking_agrees_with_the_plain_search() {
    let mut corners: Vec<String> = vec![".".repeat(8); 8];
    corners[0] = "#......#".into();
    corners[7] = "#......#".into();
    let boards = [
        format!("{}\n", corners.join("\n")),        // 8x8 less its corners: 8 symmetries
        format!("pieces: tetrominoes\n{}", rect(4, 5)), // the 5 free tetrominoes
        format!("pieces: one-sided tetrominoes\n{}", rect(4, 7)),
        rect(3, 20),
    ];
    for board in &boards {
        for distinct in [true, false] {
            let (mut broken, counts) = listed(board, distinct, true);
            let (mut plain, plain_counts) = listed(board, distinct, false);
            assert_eq!(counts, plain_counts, "{board}");
            assert_eq!(broken.len() as u64, if distinct { counts.distinct } else { counts.raw }, "{board}");
            if !distinct {
                // The same raw tilings, each once.
                let canonical = |s: &mut Vec<Vec<String>>| {
                    for t in s.iter_mut() {
                        t.sort();
                    }
                    s.sort();
                };
                canonical(&mut broken);
                canonical(&mut plain);
                assert_eq!(broken, plain, "{board}");
            }
        }
    }
}

#[test]
fn fast_and_generic_cover_find_the_same_tilings() {
    let scott = "........\n........\n........\n...##...\n...##...\n........\n........\n........\n";
    let boards = [
        // Rectangles, pieces used once or freely.
        rect(3, 20),
        format!("pieces: L4 T4 O4 I4\neach: any\n{}", rect(4, 6)),
        // Holes: Scott's board, and the same board drawn in a larger frame (numbered past 64:
        // the u128 search).
        scott.to_string(),
        format!("{scott}########\n"),
        // One-sided pieces; pieces of two sizes (the region cut cannot assume one size).
        format!("pieces: one-sided tetrominoes\neach: any\n{}", rect(4, 5)),
        format!("pieces: F L P T4 O4 L4\n{}", rect(3, 9)),
        format!("pieces: I4 O4 X\neach: any\n{}", rect(4, 10)),
    ];
    let sorted = |mut s: Vec<Vec<String>>| {
        for t in s.iter_mut() {
            t.sort();
        }
        s.sort();
        s
    };
    for board in &boards {
        let (fast, counts) = listed_by(board, false, false, false);
        let (generic, generic_counts) = listed_by(board, false, false, true);
        assert_eq!(counts, generic_counts, "{board}");
        assert!(counts.raw > 0 && fast.len() as u64 == counts.raw, "{board}: {counts:?}");
        assert_eq!(sorted(fast), sorted(generic), "{board}");
        // With symmetry breaking, the same counts again.
        assert_eq!(listed_by(board, true, true, false).1, counts, "{board}");
    }
    assert_eq!(count(&format!("{scott}########\n")), Counts { raw: 520, distinct: 65 }, "the frame changes nothing");
    // A rectangle past 64 cells with too many tilings to list: the counts agree.
    let long = format!("pieces: O4 I4\neach: any\n{}", rect(4, 17));
    let by = |generic: bool| {
        let mut p = puzzle(&long);
        p.generic_cover = generic;
        let options = SolveOptions { mode: SolveMode::Count, ..SolveOptions::default() };
        p.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap().counts.unwrap()
    };
    assert_eq!(by(false), Counts { raw: 85_819, distinct: 26_919 });
    assert_eq!(by(true), by(false));
}

#[test]
fn every_thread_count_gives_the_sequential_answers() {
    let scott = "........\n........\n........\n...##...\n...##...\n........\n........\n........\n";
    let solve = |text: &str, mode: SolveMode, threads: usize| {
        let options = SolveOptions { mode, threads: Some(threads), ..SolveOptions::default() };
        puzzle(text).solve(&options, &mut |_: &Stats| Flow::Continue).unwrap()
    };
    for board in [scott.to_string(), rect(3, 20), format!("pieces: I4 O4 X\neach: any\n{}", rect(4, 10))] {
        let one = solve(&board, SolveMode::All, 1);
        let first = solve(&board, SolveMode::First, 1);
        for threads in [2, 3] {
            let many = solve(&board, SolveMode::All, threads);
            assert_eq!((many.counts, &many.solutions), (one.counts, &one.solutions), "{board}, {threads} threads");
            assert_eq!(solve(&board, SolveMode::First, threads).moves, first.moves, "{board}, {threads} threads");
        }
    }
    for threads in [1, 2, 3] {
        assert_eq!(solve(&rect(6, 10), SolveMode::Count, threads).counts, Some(Counts { raw: 9356, distinct: 2339 }));
    }
}

#[test]
fn counts_split_into_parts_join_into_the_whole_count() {
    let scott = "........\n........\n........\n...##...\n...##...\n........\n........\n........\n";
    let count = SolveOptions { mode: SolveMode::Count, ..SolveOptions::default() };
    let boards = [
        (rect(6, 10), Counts { raw: 9356, distinct: 2339 }),
        (scott.to_string(), Counts { raw: 520, distinct: 65 }),
        (format!("pieces: I4 O4 X\neach: any\n{}", rect(4, 10)), Counts { raw: 590, distinct: 242 }),
    ];
    for (board, counts) in &boards {
        for generic in [false, true] {
            let mut p = puzzle(board);
            p.generic_cover = generic;
            let whole = p.solve(&count, &mut |_: &Stats| Flow::Continue).unwrap();
            assert_eq!(whole.counts.as_ref(), Some(counts), "{board}");
            for of in [1, 2, 3] {
                let parts: Vec<Report> = (0..of)
                    .map(|index| {
                        let options = SolveOptions { part: Some(crate::search::Part { index, of }), ..count.clone() };
                        p.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap()
                    })
                    .collect();
                let joined = Report::joined(parts).unwrap();
                let what = format!("{board}, {of} parts, generic {generic}");
                assert_eq!((joined.status, joined.counts, &joined.moves), (whole.status, whole.counts, &whole.moves), "{what}");
                assert_eq!(joined.stats.stored, whole.stats.stored, "{what}");
                assert_eq!(joined.first_at, None);
            }
        }
    }
    // Only a count splits; a part that does not exist is refused.
    let p = puzzle(&rect(3, 20));
    for (options, error) in [
        (SolveOptions { mode: SolveMode::All, part: Some(crate::search::Part { index: 0, of: 2 }), ..count.clone() }, "this puzzle's search cannot be split into parts when the mode is all"),
        (SolveOptions { part: Some(crate::search::Part { index: 2, of: 2 }), ..count.clone() }, "a search cannot be split into part 3 of 2 (at most 64 parts)"),
    ] {
        assert_eq!(p.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap_err().message, error);
    }
}

#[test]
fn a_count_gives_up_at_the_node_limit_on_any_number_of_threads() {
    // No limit by default (the search stores nothing); `--max-states` caps its nodes.
    assert_eq!(SolveOptions::default().budget().max_expansions, u64::MAX);
    for threads in [1, 2] {
        let options = SolveOptions { mode: SolveMode::Count, max_states: Some(100_000), threads: Some(threads), ..SolveOptions::default() };
        let report = puzzle(&rect(6, 10)).solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
        assert_eq!((report.status, report.counts), (Status::GaveUp, None), "{threads} threads");
        assert!(report.reason.as_deref().is_some_and(|r| r.starts_with("gave up after 1")), "{:?}", report.reason);
    }
}

#[test]
fn eight_by_eight_less_its_corners_has_2170_tilings() {
    let mut rows: Vec<String> = vec![".".repeat(8); 8];
    rows[0] = "#......#".into();
    rows[7] = "#......#".into();
    assert_eq!(count(&format!("{}\n", rows.join("\n"))), Counts { raw: 17_360, distinct: 2170 });
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
    // Said when solving (a board being drawn passes through such sizes), before any search.
    let short = puzzle(&rect(1, 59));
    let e = short.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).err().unwrap();
    assert!(e.message.contains("the board has 59 cells; the 12 pieces cover 60"), "{e}");
    assert_eq!((e.line, e.column), (1, 1));
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
    assert_eq!((e.line, e.column), (1, 9));
    // A hundred thousand names (this took 27 s to refuse) end at the 257th, at once.
    let many = format!("pieces: {}\n..........\n", ["I"; 100_000].join(" "));
    let e = TilingPuzzle::parse(&many).err().unwrap();
    assert_eq!((e.line, e.column, e.message.as_str()), (1, 9 + 2 * 256, "more than 256 pieces: no board here has room for more"));
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

/// Analyse lists the tilings and names the placements all of them share: on a 2x3 block with a
/// two-cell tail, the tail's domino is forced and the block has its 3 domino tilings; Scott's
/// board (520 tilings) forces nothing.
#[test]
fn analyse_names_the_pieces_every_tiling_places_alike() {
    let analyse = |text: &str| puzzle(text).analyse(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap();
    let a = analyse("piece D: ##\npieces: D\neach: any\n...\n...\n.\n.\n");
    assert_eq!(a.status, Completion::Done);
    assert_eq!(a.lines(), ["3 tilings listed (mirror images and turns counted apart)", "Forced in every tiling (2 of 8 cells):", "D on (row, column) (2, 0) (3, 0)"]);
    let scott = analyse(crate::examples::text("tiling-scott").unwrap());
    assert_eq!(scott.lines(), ["520 tilings listed (mirror images and turns counted apart)", "No piece lies in the same place in every tiling"]);
}
