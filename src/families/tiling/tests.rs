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
        format!("{}\n", corners.join("\n")),            // 8x8 less its corners: 8 symmetries
        format!("pieces: tetrominoes\n{}", rect(4, 5)), // the 5 free tetrominoes
        format!("mirror: no\npieces: L4 L4\n{}", rect(2, 4)),
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
    // Counted apart by a plain enumeration of partitions and their images (the earlier 26,919
    // told tilings apart by the piece on each cell, which two O4s side by side do not tell).
    assert_eq!(by(false), Counts { raw: 85_819, distinct: 26_767 });
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
        // 235 by a plain enumeration of partitions and their images.
        (format!("pieces: I4 O4 X\neach: any\n{}", rect(4, 10)), Counts { raw: 590, distinct: 235 }),
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
                assert_eq!(
                    (joined.status, joined.counts, &joined.moves),
                    (whole.status, whole.counts, &whole.moves),
                    "{what}"
                );
                assert_eq!(joined.stats.stored, whole.stats.stored, "{what}");
                assert_eq!(joined.first_at, None);
            }
        }
    }
    // Only a count splits; a part that does not exist is refused.
    let p = puzzle(&rect(3, 20));
    for (options, error) in [
        (
            SolveOptions { mode: SolveMode::All, part: Some(crate::search::Part { index: 0, of: 2 }), ..count.clone() },
            "this puzzle's search cannot be split into parts when the mode is all",
        ),
        (
            SolveOptions { part: Some(crate::search::Part { index: 2, of: 2 }), ..count.clone() },
            "a search cannot be split into part 3 of 2 (at most 64 parts)",
        ),
    ] {
        assert_eq!(p.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap_err().message, error);
    }
}

#[test]
fn a_count_gives_up_at_the_node_limit_on_any_number_of_threads() {
    // No limit by default (the search stores nothing); `--max-states` caps its nodes.
    assert_eq!(SolveOptions::default().budget().max_expansions, u64::MAX);
    for threads in [1, 2] {
        let options = SolveOptions {
            mode: SolveMode::Count,
            max_states: Some(100_000),
            threads: Some(threads),
            ..SolveOptions::default()
        };
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
    assert_eq!(
        (e.line, e.column, e.message.as_str()),
        (1, 9 + 2 * 256, "more than 256 pieces: no board here has room for more")
    );
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
    assert_eq!(
        a.lines(),
        [
            "3 tilings listed (mirror images and turns counted apart)",
            "Forced in every tiling (2 of 8 cells):",
            "D on (row, column) (2, 0) (3, 0)"
        ]
    );
    let scott = analyse(crate::examples::text("tiling-scott").unwrap());
    assert_eq!(
        scott.lines(),
        [
            "520 tilings listed (mirror images and turns counted apart)",
            "No piece lies in the same place in every tiling"
        ]
    );
}

/// A tiling's partition of the board: its pieces' cells, read from its move texts, names
/// dropped (in the sets tested here a piece's shape names it).
fn partition(moves: &[String]) -> Vec<Vec<(i32, i32)>> {
    let mut parts: Vec<Vec<(i32, i32)>> = moves
        .iter()
        .map(|placed| {
            let (_, cells) = placed.split_once(':').unwrap();
            let mut cells: Vec<(i32, i32)> = cells
                .split_whitespace()
                .map(|cell| {
                    let (r, c) = cell.split_once(',').unwrap();
                    (r.parse().unwrap(), c.parse().unwrap())
                })
                .collect();
            cells.sort_unstable();
            cells
        })
        .collect();
    parts.sort_unstable();
    parts
}

/// Distinct tilings counted without the family's symmetry code: the raw tilings' partitions are
/// merged with their images under each of the eight motions of the square that carry the
/// board onto itself, wherever the image is a raw tiling too.
fn orbits(board: &[(i32, i32)], raw: &[Vec<String>]) -> u64 {
    let motion = |k: usize, (r, c): (i32, i32)| {
        let (r, c) = if k >= 4 { (r, -c) } else { (r, c) };
        (0..k % 4).fold((r, c), |(r, c), _| (c, -r))
    };
    let corner =
        |cells: &[(i32, i32)]| (cells.iter().map(|c| c.0).min().unwrap(), cells.iter().map(|c| c.1).min().unwrap());
    let mut sorted = board.to_vec();
    sorted.sort_unstable();
    let home = corner(board);
    type Motion = Box<dyn Fn((i32, i32)) -> (i32, i32)>;
    let motions: Vec<Motion> = (0..8)
        .filter_map(|k| {
            let moved: Vec<(i32, i32)> = board.iter().map(|&cell| motion(k, cell)).collect();
            let (top, left) = corner(&moved);
            let shift = move |cell| {
                let (r, c) = motion(k, cell);
                (r - top + home.0, c - left + home.1)
            };
            let mut image: Vec<(i32, i32)> = board.iter().map(|&cell| shift(cell)).collect();
            image.sort_unstable();
            (image == sorted).then(|| Box::new(shift) as Box<dyn Fn((i32, i32)) -> (i32, i32)>)
        })
        .collect();
    let tilings: Vec<Vec<Vec<(i32, i32)>>> = raw.iter().map(|t| partition(t)).collect();
    let known: std::collections::HashSet<&Vec<Vec<(i32, i32)>>> = tilings.iter().collect();
    let mut merged = std::collections::HashSet::new();
    let mut count = 0;
    for tiling in &tilings {
        if merged.contains(tiling) {
            continue;
        }
        count += 1;
        for shift in &motions {
            let mut image: Vec<Vec<(i32, i32)>> = tiling
                .iter()
                .map(|piece| {
                    let mut cells: Vec<(i32, i32)> = piece.iter().map(|&cell| shift(cell)).collect();
                    cells.sort_unstable();
                    cells
                })
                .collect();
            image.sort_unstable();
            if known.contains(&image) {
                merged.insert(image);
            }
        }
    }
    count
}

/// Tilings as sorted lists of sorted move texts, to compare lists whatever their order.
fn sorted(mut tilings: Vec<Vec<String>>) -> Vec<Vec<String>> {
    for tiling in tilings.iter_mut() {
        tiling.sort();
    }
    tilings.sort();
    tilings
}

/// A board with holes: a rectangle of `rows` x `cols` with the cells `holes` (row, col) left out.
fn holed(header: &str, rows: usize, cols: usize, holes: &[(usize, usize)]) -> String {
    let lines: Vec<String> =
        (0..rows).map(|r| (0..cols).map(|c| if holes.contains(&(r, c)) { '#' } else { '.' }).collect()).collect();
    format!("{header}{}\n", lines.join("\n"))
}

/// Every kind of piece set the format offers (free, one-sided, mixed sizes, custom, repeated
/// pieces), on rectangles thin and wide and on boards with holes; each small enough for the
/// generic search with no symmetry breaking, and each with tilings.
fn boards_of_every_kind() -> Vec<String> {
    let scott = holed("", 8, 8, &[(3, 3), (3, 4), (4, 3), (4, 4)]);
    vec![
        // Free pentominoes: a thin rectangle, a square with a hole (4 and 8 symmetries).
        rect(3, 20),
        scott.clone(),
        // Free tetrominoes used freely, on a thin and a wider rectangle.
        format!("pieces: tetrominoes\neach: any\n{}", rect(3, 8)),
        format!("pieces: tetrominoes\neach: any\n{}", rect(4, 6)),
        // One-sided sets: the reflections swap each piece with its mirror image.
        format!("pieces: one-sided tetrominoes\neach: any\n{}", rect(4, 4)),
        format!("pieces: one-sided tetrominoes\neach: any\n{}", rect(3, 8)),
        holed("pieces: one-sided tetrominoes\neach: any\n", 5, 5, &[(2, 2)]),
        format!("mirror: no\npieces: F F' L L' P P' N N'\n{}", rect(5, 8)),
        format!("mirror: no\npieces: L L' P P' I U\n{}", rect(5, 6)),
        // One-sided pieces without their mirror images: the reflections are no symmetries.
        format!("mirror: no\npieces: L4 O4\neach: any\n{}", rect(4, 4)),
        format!("mirror: no\npieces: L4 L4\n{}", rect(2, 4)),
        // Pieces of two sizes.
        format!("pieces: F L P T4 O4 L4\n{}", rect(3, 9)),
        format!("pieces: I4 O4 X\neach: any\n{}", rect(4, 10)),
        // Pieces of your own, one-sided ones among them.
        format!("piece D: ##\npieces: D\neach: any\n{}", rect(4, 5)),
        format!("piece S: .##/##.\npiece Z: ##./.##\nmirror: no\npieces: S Z O4\neach: any\n{}", rect(4, 6)),
        // Repeated pieces, each copy used once: copies are not told apart.
        format!("piece D: ##\npieces: D D D D D D D D D D\n{}", rect(2, 10)),
        format!("pieces: O4 O4 O4 O4\n{}", rect(4, 4)),
        format!("mirror: no\npieces: L4 L4 J4 J4\n{}", rect(4, 4)),
        format!("pieces: P P P P P P\n{}", rect(5, 6)),
        holed("pieces: T4 T4 T4 T4 L4 L4\n", 5, 5, &[(0, 0)]),
    ]
}

/// The fast search and the generic one, with and without symmetry breaking, on 1, 2 and 3
/// threads, find the same tilings, tiling for tiling: the generic search with no symmetry
/// breaking, which finds every raw tiling once, is the reference. `--all` lists exactly `raw`
/// tilings, `--all --distinct` exactly `distinct`, each of another orbit, and `distinct` is
/// the count of orbits found without the family's symmetry code.
#[test]
fn every_kind_of_set_counts_alike_by_every_search() {
    for board in boards_of_every_kind() {
        let (reference, counts) = listed_by(&board, false, false, true);
        let reference = sorted(reference);
        assert!(counts.raw > 0, "{board}: no tiling to compare");
        assert_eq!(reference.len() as u64, counts.raw, "{board}");
        assert_eq!(
            reference.iter().collect::<std::collections::HashSet<_>>().len(),
            reference.len(),
            "{board}: a tiling listed twice"
        );
        let p = puzzle(&board);
        assert_eq!(counts.distinct, orbits(&p.board.cells, &reference), "{board}");
        for (breaking, generic) in [(true, true), (false, false), (true, false)] {
            let (raw, by) = listed_by(&board, false, breaking, generic);
            assert_eq!(
                (by, sorted(raw)),
                (counts, reference.clone()),
                "{board}: breaking {breaking}, generic {generic}"
            );
            let (distinct, by) = listed_by(&board, true, breaking, generic);
            assert_eq!(by, counts, "{board}: breaking {breaking}, generic {generic}");
            assert_eq!(distinct.len() as u64, counts.distinct, "{board}: breaking {breaking}, generic {generic}");
            assert_eq!(orbits(&p.board.cells, &distinct), counts.distinct, "{board}: two listed tilings of one orbit");
        }
        for threads in [1, 2, 3] {
            for mode in [SolveMode::Count, SolveMode::All] {
                let options = SolveOptions { mode, threads: Some(threads), ..SolveOptions::default() };
                let report = p.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
                assert_eq!(report.counts, Some(counts), "{board}: {threads} threads, {mode:?}");
                if mode == SolveMode::All {
                    assert_eq!(sorted(report.solutions), reference, "{board}: {threads} threads");
                }
            }
        }
    }
}

/// A published count for each kind of set, with its source.
#[test]
fn published_counts_for_every_kind_of_set() {
    // One-sided pentominoes in a 3x30 rectangle: 46 (Knuth, "Dancing Links", 2000), each with
    // its 4 images under the rectangle's turns and flips (which swap F and F', and so on).
    assert_eq!(count(&format!("pieces: one-sided pentominoes\n{}", rect(3, 30))), Counts { raw: 184, distinct: 46 });
    // The 12 pentominoes and the 2x2 square on the 8x8 board: 16,146 (Knuth, "Dancing Links",
    // 2000); no tiling is its own image, so 8 times as many counting turns and flips.
    assert_eq!(
        count(&format!("pieces: F I L N P T U V W X Y Z + O4\n{}", rect(8, 8))),
        Counts { raw: 129_168, distinct: 16_146 }
    );
    // Dominoes of your own on the 6x6 board: 6,728 (Kasteleyn 1961; Temperley and Fisher
    // 1961), used freely or as a set of 18 copies each placed once.
    let freely = count(&format!("piece D: ##\npieces: D\neach: any\n{}", rect(6, 6)));
    assert_eq!(freely.raw, 6_728);
    let set = format!("piece D: ##\npieces: {}\n{}", ["D"; 18].join(" "), rect(6, 6));
    assert_eq!(count(&set), freely);
    // Repeated pieces: the domino tilings of a 2xn strip are Fibonacci numbers (89 for n = 10),
    // 4 copies of the square fill a 4x4 board one way.
    assert_eq!(count(&format!("piece D: ##\npieces: {}\n{}", ["D"; 10].join(" "), rect(2, 10))).raw, 89);
    assert_eq!(count(&format!("pieces: O4 O4 O4 O4\n{}", rect(4, 4))), Counts { raw: 1, distinct: 1 });
}

/// The puzzle's symmetries: a reflection of a one-sided set swaps each piece with its mirror
/// image; without that image in the set (as many times) it is no symmetry.
#[test]
fn reflections_of_one_sided_sets_swap_mirror_images() {
    let p = puzzle(&format!("pieces: one-sided pentominoes\n{}", rect(3, 30)));
    let names = |piece: u16| p.board.pieces[usize::from(piece)].name.clone();
    let mirrors: Vec<Vec<(String, String)>> = p
        .symmetries
        .iter()
        .map(|s| {
            s.pieces
                .iter()
                .enumerate()
                .filter(|&(q, &to)| q != usize::from(to))
                .map(|(q, &to)| (names(q as u16), names(to)))
                .collect()
        })
        .collect();
    assert_eq!(mirrors.len(), 3, "the rectangle's two reflections and half turn");
    assert_eq!(mirrors.iter().filter(|swaps| swaps.is_empty()).count(), 1, "the half turn keeps every piece");
    for swaps in mirrors.iter().filter(|swaps| !swaps.is_empty()) {
        assert_eq!(swaps.len(), 12, "{swaps:?}");
        assert!(swaps.iter().all(|(a, b)| a.trim_end_matches('\'') == b.trim_end_matches('\'') && a != b), "{swaps:?}");
    }
    let rotations_only = |text: &str| {
        puzzle(text).symmetries.iter().all(|s| s.pieces.iter().enumerate().all(|(q, &to)| q == usize::from(to)))
    };
    assert_eq!(
        puzzle(&format!("mirror: no\npieces: L4 O4\neach: any\n{}", rect(4, 4))).symmetries.len(),
        3,
        "the square's turns alone"
    );
    assert!(rotations_only(&format!("mirror: no\npieces: L4 O4\neach: any\n{}", rect(4, 4))));
    assert_eq!(
        puzzle(&format!("mirror: no\npieces: L4 L4 J4\n{}", rect(2, 6))).symmetries.len(),
        1,
        "two L4s, one J4: the half turn alone"
    );
    assert_eq!(puzzle(&format!("mirror: no\npieces: L4 L4 J4 J4\n{}", rect(4, 4))).symmetries.len(), 7);
}

#[test]
fn copies_of_a_piece_are_checked_against_their_number() {
    let p = puzzle(&format!("piece D: ##\npieces: D D\n{}", rect(2, 3)));
    let options = SolveOptions::default();
    let e = p.check(&options, &["D: 0,0 0,1".into(), "D: 1,0 1,1".into(), "D: 0,2 1,2".into()]).unwrap_err();
    assert_eq!((e.index, e.message.as_str()), (2, "D is used 3 times; the set has 2"));
    let e = puzzle(&rect(3, 20))
        .check(&options, &["I: 0,0 0,1 0,2 0,3 0,4".into(), "I: 1,0 1,1 1,2 1,3 1,4".into()])
        .unwrap_err();
    assert_eq!((e.index, e.message.as_str()), (1, "I is used twice"));
}

/// A board played to part-way reads as a puzzle of its own (the free cells, the pieces left);
/// its solution after the moves played solves the whole: a set named, one that may not flip,
/// copies of a piece defined in the text, and a set used freely.
#[test]
fn a_board_played_to_is_a_puzzle_of_its_own() {
    let boards = [
        include_str!("../../../www/examples/tiling-scott.txt").to_string(),
        format!("mirror: no\npieces: L4 L4\n{}", rect(2, 4)),
        format!("// four of a tromino\npiece Q: ##/#.\npieces: Q Q Q Q\n{}", rect(3, 4)),
        format!("pieces: tetrominoes\neach: any\n{}", rect(4, 4)),
    ];
    for text in &boards {
        let whole = puzzle(text);
        let solution = whole.solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap().moves;
        assert!(!solution.is_empty(), "{text}");
        let played = &solution[..solution.len() / 2];
        let rest = whole.text_at(played).unwrap_or_else(|| panic!("no text after {played:?}\n{text}"));
        let finish = puzzle(&rest).solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap();
        assert_eq!(finish.status, Status::Solved, "{rest}");
        let moves = [played, &finish.moves[..]].concat();
        assert!(whole.check(&SolveOptions::default(), &moves).unwrap().ends_solved, "{text}\n{rest}");
        // The pieces placed are gone from the set, apart from a set used freely.
        let left = format::parse(&rest).unwrap().pieces.len();
        let set = whole.board.pieces.len();
        assert_eq!(left, if whole.board.each_once { set - played.len() } else { set }, "{rest}");
        assert_eq!(whole.text_at(&solution), None, "a full board has nothing left to do");
    }
}
