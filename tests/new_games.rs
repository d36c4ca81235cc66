//! New game at a difficulty (the page's New game, `puzzlelab new`): every family that makes games
//! makes one at each difficulty that reads, whose measured shortest solution replays to the goal,
//! the same from the same seed, each difficulty at least as long as the one below it; and the
//! 8-puzzle's lengths agree with a breadth-first search written here, apart from the solver; a
//! tiling game has exactly one way.
#![cfg(not(target_arch = "wasm32"))]

use puzzlelab::families::newgame::measure;
use puzzlelab::families::{self, Difficulty, Family, NewGame, SolveMode, SolveOptions, FAMILIES};
use puzzlelab::search::Flow;
use std::collections::HashMap;

fn made(family: &dyn Family, difficulty: Difficulty, seed: u64) -> NewGame {
    family.new_game(difficulty, seed).unwrap_or_else(|| panic!("{} makes no {difficulty:?} game", family.id()))
}

#[test]
fn the_families_that_make_games() {
    let makers: Vec<(&str, &str)> = FAMILIES.iter().filter_map(|f| Some((f.id(), f.new_games()?))).collect();
    assert_eq!(
        makers,
        [
            ("sliding", "Sliding blocks (4 x 5)"),
            ("npuzzle", "8-puzzle"),
            ("rushhour", "Rush Hour"),
            ("tiling", "Pentomino rectangle"),
            ("maze", "Maze")
        ]
    );
    for family in FAMILIES.iter().filter(|f| f.new_games().is_none()) {
        assert!(family.new_game(Difficulty::Easy, 1).is_none(), "{}", family.id());
    }
}

#[test]
fn each_difficulty_is_made_measured_and_harder_than_the_one_below() {
    for family in FAMILIES.iter().filter(|f| f.new_games().is_some()) {
        let mut longest_below = 0;
        for difficulty in Difficulty::ALL {
            // A Hard Rush Hour or block puzzle explores a million positions or more: one seed.
            let slow = difficulty == Difficulty::Hard && ["rushhour", "sliding"].contains(&family.id());
            let seeds: &[u64] = if slow { &[1] } else { &[1, 2, 3] };
            let mut shortest = u64::MAX;
            let mut longest = 0;
            for &seed in seeds {
                let game = made(*family, difficulty, seed);
                let what = format!("{} {difficulty:?} seed {seed}", family.id());
                let puzzle = family.parse(&game.text).unwrap_or_else(|e| panic!("{what}: {e}\n{}", game.text));
                let solution = measure(*family, &game.text).expect(&what);
                assert_eq!(solution.moves.len() as u64, game.moves, "{what}");
                match game.ways {
                    // A tiling: its ways counted whole, and there is one.
                    Some(ways) => {
                        let options = SolveOptions { mode: SolveMode::Count, threads: Some(1), ..Default::default() };
                        let report = puzzle.solve(&options, &mut |_| Flow::Continue).expect(&what);
                        let counted = report.counts.expect(&what);
                        assert_eq!((counted.distinct, ways, report.stats.explored), (1, 1, game.positions), "{what}");
                    }
                    None => assert_eq!(solution.positions, game.positions, "{what}"),
                }
                let verdict = puzzle.check(&SolveOptions::default(), &solution.moves).expect(&what);
                assert!(verdict.ends_solved, "{what}");
                assert!(game.moves > 0, "{what}: already solved");
                assert_eq!(made(*family, difficulty, seed), game, "{what}: the same seed makes the same game");
                shortest = shortest.min(game.moves);
                longest = longest.max(game.moves);
            }
            assert!(
                shortest > longest_below,
                "{} {difficulty:?}: {shortest} moves, not past {longest_below}",
                family.id()
            );
            longest_below = longest;
        }
        assert_ne!(made(*family, Difficulty::Medium, 1).text, made(*family, Difficulty::Medium, 2).text);
    }
}

/// Every 8-puzzle position's distance from the goal, by a breadth-first search from it.
fn eight_puzzle_distances() -> HashMap<[u8; 9], u64> {
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let mut distance = HashMap::from([(goal, 0)]);
    let mut frontier = vec![goal];
    let mut depth = 0;
    while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for cells in frontier {
            let hole = cells.iter().position(|&t| t == 0).unwrap();
            let (row, col) = (hole / 3, hole % 3);
            let sides = [
                (row > 0, hole.wrapping_sub(3)),
                (row < 2, hole + 3),
                (col > 0, hole.wrapping_sub(1)),
                (col < 2, hole + 1),
            ];
            for (ok, other) in sides {
                if ok {
                    let mut moved = cells;
                    moved.swap(hole, other);
                    if let std::collections::hash_map::Entry::Vacant(entry) = distance.entry(moved) {
                        entry.insert(depth);
                        next.push(moved);
                    }
                }
            }
        }
        frontier = next;
    }
    distance
}

#[test]
fn new_eight_puzzles_are_as_long_as_a_separate_search_says() {
    let distances = eight_puzzle_distances();
    assert_eq!((distances.len(), distances.values().max()), (181_440, Some(&31)));
    let family = families::family("npuzzle").unwrap();
    for difficulty in Difficulty::ALL {
        for seed in 1..=5 {
            let game = made(family, difficulty, seed);
            let tiles: Vec<u8> =
                game.text.split_whitespace().map(|t| if t == "_" { 0 } else { t.parse().unwrap() }).collect();
            let cells: [u8; 9] = tiles.try_into().unwrap_or_else(|t| panic!("not 3 x 3: {t:?}"));
            assert_eq!(distances[&cells], game.moves, "{difficulty:?} seed {seed}:\n{}", game.text);
        }
    }
}
