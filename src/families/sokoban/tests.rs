//! Sokoban against answers computed here independently: a plain breadth-first search over
//! single player steps (every position a player and the boxes), too slow for anything but small
//! levels and too simple to be wrong, gives each small level's fewest pushes and fewest moves.

use super::format::{parse, Cell, Level};
use super::rules::replay_lurd;
use super::*;
use crate::search::testing::quiet;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

fn level_of(text: &str) -> SokobanPuzzle {
    SokobanPuzzle::new(parse(text).unwrap())
}

/// Fewest (pushes, then moves) and fewest (moves, then pushes), by Dijkstra's algorithm over
/// single player steps on a board of at most 128 cells, if the level is solvable. It uses
/// nothing of the family but the level as read: its own steps, its own positions.
pub fn independent(level: &Level) -> Option<((usize, usize), (usize, usize))> {
    assert!(level.cells.len() <= 128, "small boards only");
    let floor = |cell: usize| level.cells[cell] == Cell::Floor;
    let width = level.width as isize;
    let start_boxes = (0..level.cells.len()).filter(|&c| level.boxes[c]).fold(0u128, |b, c| b | 1 << c);
    let goals = (0..level.cells.len()).filter(|&c| level.goals[c]).fold(0u128, |b, c| b | 1 << c);
    let fewest = |push_first: bool| -> Option<(usize, usize)> {
        let mut best: HashMap<(usize, u128), (usize, usize)> = HashMap::from([((level.player, start_boxes), (0, 0))]);
        let mut heap = BinaryHeap::from([Reverse(((0usize, 0usize), level.player, start_boxes))]);
        while let Some(Reverse((key, player, boxes))) = heap.pop() {
            if best.get(&(player, boxes)).is_some_and(|&b| b < key) {
                continue;
            }
            if boxes == goals {
                return Some(key);
            }
            for delta in [-1, -width, 1, width] {
                let next = (player as isize + delta) as usize;
                if !floor(next) {
                    continue;
                }
                let mut after = boxes;
                let pushed = boxes >> next & 1 == 1;
                if pushed {
                    let beyond = (next as isize + delta) as usize;
                    if !floor(beyond) || boxes >> beyond & 1 == 1 {
                        continue;
                    }
                    after = after & !(1 << next) | 1 << beyond;
                }
                let (pushes, moves) = if push_first { key } else { (key.1, key.0) };
                let (pushes, moves) = (pushes + usize::from(pushed), moves + 1);
                let key = if push_first { (pushes, moves) } else { (moves, pushes) };
                if best.get(&(next, after)).is_none_or(|&b| key < b) {
                    best.insert((next, after), key);
                    heap.push(Reverse((key, next, after)));
                }
            }
        }
        None
    };
    Some((fewest(true)?, fewest(false)?))
}

fn solved(puzzle: &SokobanPuzzle, metric: &str, method: Method) -> Report {
    let options = SolveOptions { metric: Some(metric.into()), method, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut quiet).unwrap();
    assert_eq!(report.status, crate::families::Status::Solved, "{report:?}");
    let lurd = rules::lurd(puzzle.level(), &report.moves);
    assert_eq!(replay_lurd(puzzle.level(), &lurd).map(|_| ()), Ok(()), "the answer replays through the rules");
    assert!(puzzle.check(&options, &report.moves).unwrap().ends_solved);
    report
}

/// Microban's small levels (three boxes or fewer on at most 128 cells), numbered from 1: the ones
/// the independent search can answer.
fn small_microban_levels() -> Vec<(usize, Level)> {
    let text =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sokoban/microban.txt")).unwrap();
    let collection = parse(&text).unwrap();
    let small = |level: &Level| level.box_count() <= 3 && level.cells.len() <= 128;
    collection.levels.into_iter().enumerate().filter(|(_, l)| small(l)).map(|(n, l)| (n + 1, l)).collect()
}

#[test]
fn small_levels_are_solved_in_the_fewest_pushes_and_moves() {
    let levels = small_microban_levels();
    assert_eq!(levels.len(), 71, "levels of three boxes or fewer on at most 128 cells");
    for (n, level) in levels {
        let puzzle = level_of(&level.to_text());
        let ((pushes, moves_with), (moves, pushes_with)) = independent(&level).unwrap();
        let by_pushes = solved(&puzzle, "pushes", Method::Auto);
        assert_eq!((by_pushes.cost, by_pushes.optimal), (pushes as u64, true), "level {n}");
        assert_eq!(by_pushes.facts["fewest_moves_among_them"], true, "level {n}");
        assert_eq!(by_pushes.facts["walks_and_pushes"], moves_with, "level {n}: ties are broken by moves");
        let by_moves = solved(&puzzle, "moves", Method::Auto);
        assert_eq!(by_moves.cost, moves as u64, "level {n}");
        assert_eq!(by_moves.facts["pushes"].as_u64(), Some(pushes_with as u64), "level {n}: ties are broken by pushes");
    }
}

/// Best-first search solves every small Microban level, its answers replay through the rules,
/// and none is shorter than the fewest pushes an independent search finds.
#[test]
fn best_first_answers_replay_and_are_never_below_the_fewest() {
    for (n, level) in small_microban_levels() {
        let puzzle = level_of(&level.to_text());
        let ((pushes, _), _) = independent(&level).unwrap();
        let report = solved(&puzzle, "pushes", Method::Greedy);
        assert!(!report.optimal, "level {n}: best-first search proves nothing");
        assert!(report.cost >= pushes as u64, "level {n}: {} pushes, fewer than the fewest", report.cost);
    }
}

/// The feature-space search itself (best-first search gives it the levels weighted A* does not
/// solve quickly, which small levels never are): on every small Microban level its pushes,
/// macros included, replay through the rules to the solution, and they are never fewer than the
/// fewest; on some they are more, so it is no shortest-path search in disguise. The same with
/// advisors that pick one push each (a portfolio's member, seed 2), whose answers differ.
#[test]
fn the_feature_space_search_answers_replay_and_are_never_below_the_fewest() {
    let mut answers = [Vec::new(), Vec::new()];
    for (picks_one, answers) in [false, true].into_iter().zip(&mut answers) {
        let mut longer = 0;
        for (n, level) in small_microban_levels() {
            let ((pushes, _), _) = independent(&level).unwrap();
            let geometry = Geometry::new(&level);
            let space = Pushes::<2>::new(&level, &geometry, Metric::Pushes);
            let member = crate::search::Member { tie: 0, picks_one };
            let outcome =
                crate::search::feature_space(&packing::Planned::new(&space), member, &Budget::default(), &mut quiet);
            let Outcome::Solved { moves, .. } = outcome else { panic!("level {n}: {outcome:?}") };
            let steps = solver::written(&level, &geometry, &moves.concat()).unwrap();
            let (_, found) = replay_lurd(&level, &steps.concat()).unwrap_or_else(|why| panic!("level {n}: {why}"));
            assert!(found >= pushes, "level {n}: {found} pushes, fewer than the fewest {pushes}");
            longer += usize::from(found > pushes);
            answers.push(steps);
        }
        assert!(longer > 0, "some answers are longer than the fewest");
    }
    assert_ne!(answers[0], answers[1], "picking one push an advisor is another search");
}

/// `auto` on one, two and three threads: where A* proves the fewest pushes (on every small
/// level) the answers are the same; where its turn is too short, best-first search, started
/// beside it, answers as it does alone.
#[test]
#[cfg(not(target_arch = "wasm32"))]
fn auto_answers_the_same_on_one_two_and_three_threads() {
    for (n, level) in small_microban_levels().into_iter().step_by(6) {
        let puzzle = level_of(&level.to_text());
        let answers = [1, 2, 3].map(|threads| {
            let options = SolveOptions { threads: Some(threads), ..SolveOptions::default() };
            let report = puzzle.solve(&options, &mut quiet).unwrap();
            (report.moves, report.optimal, report.method)
        });
        assert!(answers[0].1, "level {n}: proven");
        assert!(answers.iter().all(|answer| answer == &answers[0]), "level {n}: {answers:?}");
    }
    let (n, level) = small_microban_levels().into_iter().max_by_key(|(_, level)| level.cells.len()).unwrap();
    let geometry = Geometry::new(&level);
    let space = Pushes::<2>::new(&level, &geometry, Metric::Pushes);
    let short = Turn { positions: 20, share: 1.0 };
    // Beside it, best-first searches each break ties their own way: the answer is one of theirs
    // as it is alone (whichever ends first).
    let alone = |seed| match best_first(&space, seed, &Budget::default(), &mut quiet) {
        Outcome::Solved { moves, stats, .. } => (moves, stats.explored),
        other => panic!("level {n} is solved: {other:?}"),
    };
    let seeds = [alone(0), alone(1), alone(2)];
    assert!(seeds[1] != seeds[0] && seeds[2] != seeds[0], "level {n}: a seed breaks ties in an order of its own");
    for threads in [2, 3] {
        let (method, beside) = side_by_side(&level, &space, &Budget::default(), &short, threads, &mut quiet);
        assert_eq!(method, Method::Greedy, "level {n}: A* needs more than 20 positions");
        let Outcome::Solved { moves: beside, stats, .. } = beside else { panic!("level {n} is solved") };
        let own = (beside, stats.explored);
        assert!(seeds[..threads].contains(&own), "level {n}, {threads} threads: one seed's answer and its positions");
        assert!(stats.beside >= 20, "level {n}, {threads} threads: A*'s turn and the others' work beside it");
    }
    let alone = seeds[0].0.clone();
    // On one thread A* proves first, for its turn: its answer when it ends within it, else
    // best-first search's as it is alone.
    let whole = Turn { positions: u64::MAX, share: 1.0 };
    let (method, proven) = proven_then_found(&space, &Budget::default(), &whole, &mut quiet);
    let optimal = astar(&space, &Budget::default(), &mut quiet);
    let (Outcome::Solved { moves: proven, .. }, Outcome::Solved { moves: optimal, .. }) = (proven, optimal) else {
        panic!("level {n} is solved")
    };
    assert_eq!((method, &proven), (Method::Astar, &optimal), "level {n}");
    let (method, found) = proven_then_found(&space, &Budget::default(), &short, &mut quiet);
    let Outcome::Solved { moves: found, .. } = found else { panic!("level {n} is solved") };
    assert_eq!((method, &found), (Method::Greedy, &alone), "level {n}: A* needs more than 20 positions");
    assert!(found.len() > optimal.len(), "level {n}: best-first search's is longer, so the test tells them apart");
}

#[test]
fn step_buttons_say_their_way_and_whether_they_push() {
    let puzzle = level_of("#####\n#@$.#\n#####\n");
    let labels: Vec<Option<String>> = ["l", "U", "llU", ""].iter().map(|m| puzzle.move_label(m)).collect();
    assert_eq!(labels, vec![Some("← walk".into()), Some("↑ push".into()), None, None]);
}

#[test]
fn the_examples_answers_are_the_independent_ones() {
    for example in Sokoban.examples() {
        let puzzle = level_of(example.text);
        let ((pushes, _), _) = independent(puzzle.level()).unwrap();
        assert_eq!(pushes, example.length, "{}", example.name);
    }
}

#[test]
fn every_published_level_is_read_and_written_back() {
    for (file, count) in [("microban.txt", 155), ("xsokoban.xsb", 90)] {
        let text =
            std::fs::read_to_string(format!("{}/tests/fixtures/sokoban/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let collection = parse(&text).unwrap();
        assert_eq!(collection.levels.len(), count, "{file}");
        let again = parse(&collection.to_text()).unwrap();
        assert_eq!(again.to_text(), collection.to_text(), "{file} round-trips");
        assert!(again
            .levels
            .iter()
            .zip(&collection.levels)
            .all(|(a, b)| (a.board_text(), &a.title, &a.solution) == (b.board_text(), &b.title, &b.solution)));
        let puzzle = level_of(&text);
        assert_eq!(puzzle.levels().len(), count);
        assert_eq!(
            parse(&puzzle.level_text(count - 1).unwrap()).unwrap().levels[0].board_text(),
            collection.levels[count - 1].board_text()
        );
    }
    let microban = parse(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sokoban/microban.txt")).unwrap(),
    )
    .unwrap();
    assert_eq!(microban.levels[154].title.as_deref(), Some("155 'The Dungeon'"));
    assert_eq!(microban.header[0], "; Microban");
    let original = parse(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/sokoban/xsokoban.xsb")).unwrap(),
    )
    .unwrap();
    assert_eq!((original.levels[0].title.as_deref(), original.levels[89].title.as_deref()), (Some("1"), Some("90")));
    assert!(original.notes_after);
}

#[test]
fn a_level_short_of_goals_is_drawn_but_not_solved() {
    let puzzle = level_of("#######\n#@$ $.#\n#######");
    let error = puzzle.solve(&SolveOptions::default(), &mut quiet).unwrap_err();
    assert_eq!(
        (error.line, error.message.as_str()),
        (1, "this level has 2 boxes but only 1 goal: every box needs a goal of its own")
    );
    assert_eq!(puzzle.moves_from(&SolveOptions::default(), &[], 0), vec!["R"], "it is played on all the same");
    // Said as soon as it is read (the page shows it then), and the other way round too.
    assert_eq!(puzzle.unready().map(|e| e.message), Some(error.message));
    let short_of_boxes = level_of("#######\n#@$ ..#\n#######");
    assert_eq!(
        short_of_boxes.unready().map(|e| (e.line, e.message)),
        Some((1, "this level has 1 box but 2 goals: every goal needs a box".to_string()))
    );
    assert!(level_of("#####\n#@$.#\n#####").unready().is_none());
}

#[test]
fn a_box_that_can_never_reach_a_goal_is_no_solution() {
    let puzzle = level_of("######\n#$ @.#\n######");
    let report = puzzle.solve(&SolveOptions::default(), &mut quiet).unwrap();
    assert_eq!(report.status, crate::families::Status::Unsolved);
    assert_eq!(report.reason.as_deref(), Some("the box at row 2, column 2 can never reach a goal"));
}

#[test]
fn a_level_with_no_way_through_is_no_solution() {
    // Each box could reach a goal alone, but the first can only be pushed into the second.
    let puzzle = level_of("#######\n#@$$..#\n#######");
    let report = puzzle.solve(&SolveOptions::default(), &mut quiet).unwrap();
    assert_eq!((report.status, report.reason), (crate::families::Status::Unsolved, None));
    let puzzle = level_of("#####\n#. $@#\n#####");
    let report = puzzle.solve(&SolveOptions::default(), &mut quiet).unwrap();
    assert_eq!((report.status, report.cost), (crate::families::Status::Solved, 2));
}

#[test]
fn play_walks_pushes_and_drags_boxes_home() {
    let puzzle = level_of("#######\n#@$  .#\n#     #\n#######");
    let options = SolveOptions::default();
    let size = (700.0, 400.0);
    let grid = draw::layout(puzzle.level(), size.0, size.1);
    let centre = |row: usize, col: usize| {
        let (x, y) = grid.at(row as f64, col as f64);
        (x + grid.cell / 2.0, y + grid.cell / 2.0)
    };
    assert_eq!(
        puzzle.moves_at(&options, &[], 0, centre(1, 2), centre(1, 2), size),
        Vec::<String>::new(),
        "a tap chooses a box"
    );
    assert!(puzzle.name_at(&[], 0, centre(1, 2), size).is_some_and(|n| n.starts_with("Box chosen")));
    assert_eq!(
        puzzle.moves_at(&options, &[], 0, centre(1, 4), centre(1, 4), size),
        vec!["R", "R"],
        "then a tap on a cell pushes it there"
    );
    assert_eq!(
        puzzle.moves_at(&options, &[], 0, centre(1, 4), centre(1, 4), size),
        vec!["drrur"],
        "and lets it go: a tap walks"
    );
    puzzle.moves_at(&options, &[], 0, centre(1, 2), centre(1, 2), size);
    puzzle.moves_at(&options, &[], 0, centre(1, 2), centre(1, 2), size);
    assert_eq!(puzzle.name_at(&[], 0, centre(1, 2), size), None, "a second tap on the box lets it go");
    assert_eq!(
        puzzle.moves_at(&options, &[], 0, centre(1, 2), centre(1, 5), size),
        vec!["R", "R", "R"],
        "a box dragged home"
    );
    assert_eq!(puzzle.moves_at(&options, &[], 0, centre(2, 1), centre(2, 3), size), vec!["r"], "a swipe steps");
    assert_eq!(puzzle.moves_from(&options, &[], 0), vec!["R", "d"]);
    assert_eq!(puzzle.moves_for_key(&options, &[], 0, "ArrowRight"), Some(vec!["R".to_string()]), "the key pushes");
    assert_eq!(
        puzzle.moves_for_key(&options, &[], 0, "ArrowLeft"),
        Some(vec![]),
        "into a wall: nothing, and the key is taken"
    );
    assert_eq!(puzzle.moves_for_key(&options, &["R".into()], 1, "ArrowDown"), Some(vec!["d".to_string()]));
    assert_eq!(puzzle.moves_for_key(&options, &[], 0, "Enter"), None);
    assert_eq!(puzzle.solution_text(&["R".into(), "R".into(), "R".into()]), "RRR\n");
    assert_eq!(puzzle.tally(&["d".into(), "urR".into()]).as_deref(), Some("4 moves, 2 pushes"));
}

/// Progress says its depth in whole pushes or moves, whatever a step costs inside the search.
#[test]
fn progress_counts_whole_steps() {
    let mut seen = Vec::new();
    let mut record = |stats: &Stats| {
        seen.push(stats.depth);
        Flow::Continue
    };
    let step = u64::from(solver::PER_MOVE);
    for (metric, depth) in
        [(Metric::Pushes, 7), (Metric::Moves, 7 * step + 3), (Metric::PushesThenMoves, 7 * step + 40)]
    {
        in_steps(metric, &mut record)(&Stats { depth, ..Stats::default() });
    }
    assert_eq!(seen, [7, 7, 7]);
}

/// Every position of the small Microban levels (boxes, and the player's area), each with the
/// positions one push away and whether it can still be solved, found here by plain pushes (no
/// pruning but never pushing onto a box or a wall) and worked back from the solved ones.
fn every_position(space: &Pushes<'_, 2>) -> Vec<(solver::Squares<2>, u16, bool)> {
    let geometry = space.geometry;
    let start = crate::search::Space::start(space);
    let mut index = HashMap::from([((start.boxes, start.player), 0usize)]);
    let mut positions = vec![(start.boxes, start.player)];
    let mut before: Vec<Vec<usize>> = vec![Vec::new()];
    let mut at = 0;
    while at < positions.len() {
        let (boxes, player) = positions[at];
        let reached = space.area(&boxes, player, None);
        for from in boxes.iter() {
            for direction in DIRECTIONS {
                let behind = geometry.next[usize::from(from)][direction.opposite() as usize];
                let to = geometry.next[usize::from(from)][direction as usize];
                if behind == solver::NONE || to == solver::NONE || !reached.has(behind) || boxes.has(to) {
                    continue;
                }
                let mut after = boxes;
                after.clear(from);
                after.set(to);
                let next = (after, space.first_reached(&after, from));
                let n = *index.entry(next).or_insert_with(|| {
                    positions.push(next);
                    before.push(Vec::new());
                    positions.len() - 1
                });
                before[n].push(at);
            }
        }
        at += 1;
    }
    let mut solvable: Vec<bool> =
        positions.iter().map(|(boxes, _)| boxes.iter().all(|b| geometry.is_goal[usize::from(b)])).collect();
    let mut queue: Vec<usize> = (0..positions.len()).filter(|&p| solvable[p]).collect();
    while let Some(p) = queue.pop() {
        for &b in &before[p] {
            if !std::mem::replace(&mut solvable[b], true) {
                queue.push(b);
            }
        }
    }
    positions.into_iter().zip(solvable).map(|((boxes, player), solvable)| (boxes, player, solvable)).collect()
}

/// A corral deadlock is found only where there is no solution: over every position of the small
/// Microban levels, every position it prunes cannot be solved (and it prunes some).
#[test]
fn a_corral_deadlock_is_only_found_where_there_is_no_solution() {
    let (mut found, mut unsolvable) = (0, 0);
    for (n, level) in small_microban_levels() {
        let geometry = Geometry::new(&level);
        let space = Pushes::<2>::new(&level, &geometry, Metric::Pushes);
        for (boxes, player, solvable) in every_position(&space) {
            let reached = space.area(&boxes, player, None);
            let dead = space.corral_deadlock(&boxes, &reached, player);
            assert!(!(dead && solvable), "level {n}: a solvable position pruned: {boxes:?}, player {player}");
            found += usize::from(dead);
            unsolvable += usize::from(!solvable);
        }
    }
    assert!(found > 0, "of {unsolvable} positions with no solution, none was found");
    eprintln!("corral deadlocks: {found} of {unsolvable} positions with no solution");
}

/// A room of `inside` x `inside` floor within walls, `boxes` boxes each `span` squares left of
/// its goal on rows of their own: the fewest pushes are `boxes * span` (each box goes straight).
fn open_room(inside: usize, boxes: usize, span: usize) -> String {
    let wall = "#".repeat(inside + 2);
    let mut rows = vec![wall.clone()];
    for row in 0..inside {
        let mut cells = vec![' '; inside];
        if row % 4 == 1 && row / 4 < boxes {
            cells[2] = '$';
            cells[2 + span] = '.';
        }
        if row == inside - 1 {
            cells[0] = '@';
        }
        rows.push(format!("#{}#", cells.into_iter().collect::<String>()));
    }
    rows.push(wall);
    rows.join("\n")
}

/// Levels of up to 4,096 cells inside are read, played and solved in the fewest pushes, on each
/// width of position the family picks by the level's size; one more cell is refused plainly.
#[test]
fn big_levels_are_solved_up_to_4096_cells() {
    for (inside, words) in [(24, 9), (64, 64)] {
        let puzzle = level_of(&open_room(inside, 3, 20));
        assert_eq!(puzzle.geometry.words(), words, "a room of {inside} x {inside}");
        let report = solved(&puzzle, "pushes", Method::Auto);
        assert_eq!((report.cost, report.optimal), (60, true), "a room of {inside} x {inside}");
        assert_eq!(puzzle.moves_from(&SolveOptions::default(), &[], 0).len(), 2, "played: up and right");
    }
    let mut alcove = open_room(64, 1, 20);
    alcove.replace_range(3..4, " ");
    let alcove = format!("{}\n{alcove}", "#".repeat(66));
    let error = parse(&alcove).unwrap_err();
    assert_eq!(error.message, "the player can reach 4097 cells; at most 4096 are solved");
}

/// The width of a position changes nothing but its size: small levels searched with the widest
/// positions give the same answers, positions and bound as with the narrowest.
#[test]
fn every_width_of_position_answers_alike() {
    for (n, level) in small_microban_levels().into_iter().step_by(7) {
        let puzzle = level_of(&level.to_text());
        let options = SolveOptions { method: Method::Astar, ..SolveOptions::default() };
        let (narrow, wide) = (
            puzzle.search::<1>(Metric::Pushes, Method::Astar, &options, &mut quiet),
            puzzle.search::<{ format::MAX_INSIDE / 64 }>(Metric::Pushes, Method::Astar, &options, &mut quiet),
        );
        let key = |(method, outcome, tie): (Method, Outcome<Push, ()>, bool)| match outcome {
            Outcome::Solved { moves, states, cost, .. } => (method, moves, states, cost, tie),
            other => panic!("level {n}: {other:?}"),
        };
        assert_eq!(key(narrow), key(wide), "level {n}");
    }
}

/// A position packed for the feature-space search's store reads back as itself, on a small level
/// (one byte for the player) and on a big one (two bytes, boxes past the first word), for every
/// position one and two pushes away: the search's answers rest on it.
#[test]
fn positions_pack_into_their_bytes_and_back() {
    use crate::search::{Packs, Space};
    fn round_trip<const W: usize>(level: &Level, player_bytes: usize) {
        let geometry = Geometry::new(level);
        let space = Pushes::<W>::new(level, &geometry, Metric::Pushes);
        assert_eq!(space.packed_len(), geometry.cells.len().div_ceil(8) + player_bytes + 2);
        let (mut bytes, mut out, mut next) = (vec![0; space.packed_len()], Vec::new(), Vec::new());
        space.successors(&space.start(), &mut out);
        for (_, node, _) in &out {
            space.successors(node, &mut next);
        }
        assert!(out.len() + next.len() > 3, "the level has pushes");
        for node in std::iter::once(space.start()).chain(out.into_iter().chain(next).map(|(_, node, _)| node)) {
            space.pack(&node, &mut bytes);
            assert_eq!(space.unpack(&bytes), node);
        }
    }
    round_trip::<2>(&small_microban_levels()[3].1, 1);
    let big = parse(&open_room(24, 3, 20)).unwrap();
    assert!(Geometry::new(&big.levels[0]).cells.len() > 256);
    round_trip::<{ format::MAX_INSIDE / 64 }>(&big.levels[0], 2);
}
