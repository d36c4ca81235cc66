use super::*;
use crate::families::{Puzzle, SolveOptions, Status};
use crate::search::Flow;

fn solve(text: &str) -> crate::families::Report {
    let puzzle = PsPuzzle::parse(text).expect("reads");
    puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).expect("solves")
}

/// The blank game's one rule: the player pushes a crate.
const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";

/// The blank game with `rules` in place of its one rule ([`PUSH`]).
fn blank_ruled(rules: &str) -> String {
    PuzzleScript.blank().replace(PUSH, rules)
}

/// The blank game: push the crate two cells right onto the target.
#[test]
fn the_blank_game_is_solved_shortest_and_replays() {
    let text = PuzzleScript.blank();
    let report = solve(text);
    assert_eq!(report.status, Status::Solved);
    assert_eq!(report.moves, ["right", "right"]);
    assert!(report.optimal);
    let puzzle = PsPuzzle::parse(text).expect("reads");
    let verdict = puzzle.check(&SolveOptions::default(), &report.moves).expect("replays");
    assert!(verdict.ends_solved);
    // Breadth-first search on 1, 2 and 3 threads gives the one-thread answer.
    for threads in 1..=3 {
        let options = SolveOptions { threads: Some(threads), ..SolveOptions::default() };
        let spread = puzzle.solve(&options, &mut |_| Flow::Continue).expect("solves");
        assert_eq!((spread.moves, spread.stats.stored), (report.moves.clone(), report.stats.stored));
    }
    // One push short is not solved.
    assert!(!puzzle.check(&SolveOptions::default(), &report.moves[..1]).expect("replays").ends_solved);
}

/// The turns `again` starts belong to the input that starts them: a crate pushed onto ice
/// slides on, one cell an again turn (a late rule sees it on the ice and asks for one), onto the
/// target; one input wins.
#[test]
fn again_turns_belong_to_the_input_that_starts_them() {
    let text =
        blank_ruled(&format!("{PUSH}\n[ stationary Crate Ice ] -> [ right Crate Ice ]\nlate [ Crate Ice ] -> again"))
            .replace("Target\ndarkblue", "Ice\nlightblue\n\nTarget\ndarkblue")
            .replace("O = Target", "O = Target\n~ = Ice")
            .replace("Background\nTarget\n", "Background\nTarget, Ice\n")
            .replace("#.P*.O#", "#.P*~~O#")
            .replace("#######", "########")
            .replace("#.....#", "#......#");
    let report = solve(&text);
    assert_eq!(report.moves, ["right"], "{report:?}");
    // Without again, the crate slides a cell an input: three inputs.
    let report = solve(&text.replace("late [ Crate Ice ] -> again", ""));
    assert_eq!(report.moves.len(), 3, "{report:?}");
}

/// A played position is a puzzle of its own (Hint, Solve from here): the game's text with that
/// position as its level, cells no glyph says whole given new names; it reads back to the same
/// cells, and solves in what is left.
#[test]
fn a_played_position_is_a_game_of_its_own() {
    let text = PuzzleScript.blank();
    let puzzle = PsPuzzle::parse(text).expect("reads");
    let played = ["right".to_string()];
    let at = puzzle.text_at(&played).expect("a text");
    let again = PsPuzzle::parse(&at).expect("reads back");
    let after =
        crate::midend::Backend::execute(&puzzle, &puzzle.start_position().expect("starts"), "right").expect("moves");
    assert_eq!(again.start_position().expect("starts").cells, after.cells);
    assert_eq!(solve(&at).moves, ["right"]);
    // The crate on the target has no glyph of its own in this game's map: "@" says both.
    let stacked = puzzle.text_at(&["right".into(), "right".into()]).expect("a text");
    assert!(stacked.contains("\n@") || stacked.contains("@"), "{stacked}");
}

/// A game of several levels is a collection: each level opens alone, messages give titles.
#[test]
fn each_level_opens_alone() {
    let text = format!("{}\nmessage The second\n\n#######\n#.P*O.#\n#######\n", PuzzleScript.blank());
    let puzzle = PsPuzzle::parse(&text).expect("reads");
    assert_eq!(puzzle.levels(), ["1", "The second"]);
    let second = PsPuzzle::parse(&puzzle.level_text(1).expect("level 2")).expect("reads");
    assert!(second.levels().is_empty());
    assert_eq!(solve(&puzzle.level_text(1).expect("level 2")).moves, ["right"]);
    assert!(puzzle.solves_every_level());
}

/// Games that choose at random are played, not solved, and say why.
#[test]
fn random_games_are_played_not_solved() {
    let text = blank_ruled(&format!("{PUSH}\nrandom [ Crate ] -> [ Crate ]"));
    let puzzle = PsPuzzle::parse(&text).expect("reads");
    let error = puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).expect_err("not solved");
    assert!(error.message.contains("at random"), "{}", error.message);
    assert!(puzzle.check(&SolveOptions::default(), &["right".into(), "right".into()]).expect("plays").ends_solved);
}

/// Best-first search, led by the win conditions, finds an answer it does not claim shortest.
#[test]
fn best_first_search_is_offered_and_honest() {
    let text = PuzzleScript.blank();
    let puzzle = PsPuzzle::parse(text).expect("reads");
    let options = SolveOptions { method: crate::search::Method::Greedy, ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_| Flow::Continue).expect("solves");
    assert_eq!(report.status, Status::Solved);
    assert!(!report.optimal, "best-first search proves nothing");
    assert!(puzzle.check(&SolveOptions::default(), &report.moves).expect("replays").ends_solved);
}

/// Memory counts the positions themselves, not only their handles: a budget of 64 KB ends the
/// search of a level whose positions need more, with a reason, instead of a tab out of memory.
#[test]
fn memory_counts_the_positions() {
    let text = PuzzleScript
        .blank()
        .replace("#.P*.O#", "#.P*..........O#")
        .replace("#######", "################")
        .replace("#.....#", "#..............#");
    let puzzle = PsPuzzle::parse(&text).expect("reads");
    let options = SolveOptions { max_bytes: Some(64 * 1024), ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_| Flow::Continue).expect("runs");
    assert_eq!(report.status, Status::GaveUp, "{report:?}");
    assert!(report.reason.as_deref().is_some_and(|r| r.starts_with("gave up after")), "{report:?}");
    // With room, the same level is solved.
    assert_eq!(solve(&text).status, Status::Solved);
}

/// A rule with many ambiguous movements would expand into millions of rules: it is refused, at
/// its line, in a moment.
#[test]
fn a_rule_that_expands_without_end_is_refused() {
    let many = "[ moving Crate | moving Crate | moving Crate | moving Crate | moving Crate | moving Crate | moving Crate ] -> [ moving Crate | moving Crate | moving Crate | moving Crate | moving Crate | moving Crate | moving Crate ]";
    let text = blank_ruled(many);
    let error = PsPuzzle::parse(&text).err().expect("refused");
    assert!(error.message.starts_with("this rule expands into more than"), "{}", error.message);
    let line = text.lines().position(|l| l.starts_with("[ moving Crate")).expect("the rule") + 1;
    assert_eq!(error.line, line);
}

/// A rule's `message` is shown with the position it came with: written across the board (in
/// the page and in pictures) and under the map, and gone after the next input.
#[test]
fn a_message_is_shown_with_its_position() {
    let text = blank_ruled(&format!("{PUSH} message The crate moves, and this message is long enough to wrap."));
    let puzzle = PsPuzzle::parse(&text).expect("reads");
    let picture = |moves: &[&str]| {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let mut painter = crate::draw::SvgPainter::new(300.0, 200.0);
        puzzle.draw(&moves, moves.len(), 0.0, &mut painter);
        (painter.finish(), puzzle.show(&moves, moves.len()))
    };
    let (svg, shown) = picture(&[]);
    assert!(!svg.contains("crate moves") && !shown.contains("message"), "{shown}");
    let (svg, shown) = picture(&["right"]);
    assert!(svg.contains(">The crate moves, and this message is<"), "wrapped between words: {svg}");
    assert!(svg.contains(">long enough to wrap.<"), "{svg}");
    assert!(shown.ends_with("message: The crate moves, and this message is long enough to wrap.\n"), "{shown}");
    // The next input that says nothing clears it.
    let (svg, _) = picture(&["right", "up"]);
    assert!(!svg.contains("crate moves"));
    assert_eq!(draw::wrap("a bcdefghij k", 4), ["a", "bcde", "fghi", "j k"]);
}

/// `auto` proves the fewest inputs by breadth-first search where it can within its turn; a level
/// it cannot prove by then is best-first search's, after it on one thread or beside it on more,
/// and the answer says it is not proven.
#[test]
fn auto_proves_within_its_turn_then_finds() {
    let puzzle = PsPuzzle::parse(PuzzleScript.blank()).expect("reads");
    let quiet = &mut |_: &crate::search::Stats| Flow::Continue;
    let proven = puzzle.solve(&SolveOptions::default(), quiet).expect("solves");
    assert_eq!((proven.method, proven.optimal), (crate::search::Method::Bfs, true));
    let short = crate::search::portfolio::Turn { positions: 3, share: 1.0 };
    // On one thread in turn; on two and three side by side, the proof's work counted beside.
    for threads in 1..=3 {
        let options = SolveOptions { threads: Some(threads), ..SolveOptions::default() };
        let found = puzzle.solve_in_turns(&options, &short, quiet).expect("solves");
        assert_eq!(found.status, Status::Solved, "{threads} threads");
        assert_eq!((found.method, found.optimal), (crate::search::Method::Greedy, false), "{threads} threads");
        assert!(puzzle.check(&SolveOptions::default(), &found.moves).expect("replays").ends_solved);
        // The work of both is counted: breadth-first search's three positions and more.
        assert!(found.stats.explored + found.stats.beside > 3, "{threads} threads: {:?}", found.stats);
        assert_eq!(found.stats.beside > 0, threads > 1, "{threads} threads: {:?}", found.stats);
    }
    // A method asked for runs alone.
    let bfs = SolveOptions { method: crate::search::Method::Bfs, ..SolveOptions::default() };
    let alone = puzzle.solve_in_turns(&bfs, &short, quiet).expect("ends");
    assert_eq!(alone.method, crate::search::Method::Bfs);
}

/// On two Workers `auto` is two searches side by side: breadth-first search proves for its turn
/// alone, best-first search finds with the whole budget (a third finds newest first); one
/// Worker runs them in turn.
#[test]
fn auto_side_by_side_proves_on_one_and_finds_on_the_other() {
    use crate::families::{Beside, Splits};
    use crate::search::Method;
    let puzzle = PsPuzzle::parse(PuzzleScript.blank()).expect("reads");
    let quiet = &mut |_: &crate::search::Stats| Flow::Continue;
    assert_eq!(puzzle.capabilities().splits(&SolveOptions::default()), Splits::Beside { seeds: 2 });
    let bfs = SolveOptions { method: Method::Bfs, ..SolveOptions::default() };
    assert_eq!(puzzle.capabilities().splits(&bfs), Splits::No, "a method asked for runs alone");
    let side = |beside| SolveOptions { beside: Some(beside), ..SolveOptions::default() };
    let proven = puzzle.solve(&side(Beside::Prove), quiet).expect("solves");
    assert_eq!((proven.method, proven.optimal, proven.moves.len()), (Method::Bfs, true, 2));
    // Oldest first, then newest first; and on a third Worker newest first from the start.
    for seed in [0, 1] {
        let found = puzzle.solve(&side(Beside::Find { seed }), quiet).expect("solves");
        assert_eq!((found.method, found.optimal), (Method::Greedy, false));
        assert!(puzzle.check(&SolveOptions::default(), &found.moves).expect("replays").ends_solved);
    }
    // The proof gives up at its turn's end (positions), not at the whole budget's.
    let short = crate::search::portfolio::Turn { positions: 3, share: 1.0 };
    let proving = puzzle.solve_in_turns(&side(Beside::Prove), &short, quiet).expect("ends");
    assert_eq!((proving.status, proving.method), (Status::GaveUp, Method::Bfs));
    // (A few past three: the count is checked between expansions.)
    assert!(proving.stats.stored < 10, "{:?}", proving.stats);
}

/// The action is offered as a button only where it does something; X still gives it.
#[test]
fn the_action_is_offered_where_it_acts() {
    let options = SolveOptions::default();
    let idle = PsPuzzle::parse(PuzzleScript.blank()).expect("reads");
    assert_eq!(idle.moves_from(&options, &[], 0), ["up", "down", "left", "right"]);
    assert_eq!(idle.moves_for_key(&options, &[], 0, "x"), Some(vec!["action".to_string()]));
    let acting = PsPuzzle::parse(&blank_ruled(&format!("{PUSH}\n[ action Player | Crate ] -> [ Player | > Crate ]")))
        .expect("reads");
    assert_eq!(acting.moves_from(&options, &[], 0), ["up", "down", "left", "right", "action"]);
    // Once won, nothing more.
    let won = ["right".to_string(), "right".to_string()];
    assert!(idle.moves_from(&options, &won, 2).is_empty());
    assert_eq!(idle.moves_for_key(&options, &won, 2, "ArrowUp"), Some(Vec::new()));
}

/// The search skips the action turn only where it changes nothing: no late rules, and every
/// rule needs a movement up, down, left or right. Where a rule acts on the action, a rule fires
/// without movement, or a late rule runs, it is kept, and the answers are the engine's.
#[test]
fn the_search_skips_the_action_only_where_it_cannot_act() {
    let game = |rules: &str| PsPuzzle::parse(&blank_ruled(rules)).expect("reads");
    assert!(game(PUSH).action_is_inert());
    let acting = game(&format!("{PUSH}\n[ action Player | Crate ] -> [ Player | > Crate ]"));
    assert!(!acting.action_is_inert());
    // Moves the crate right at any turn, the action's too (no movement asked).
    let still = game(&format!("{PUSH}\n[ Crate | no Wall ] -> [ > Crate | ]"));
    assert!(!still.action_is_inert());
    let late = game(&format!("{PUSH}\nlate [ Crate Target ] -> [ Crate Target ]"));
    assert!(!late.action_is_inert());
    // Microban's first level, whose action does nothing: the search that skips it gives the
    // length of a breadth-first search written here over every input, the action's too, each
    // turn the engine's own.
    let text = include_str!("../../../tests/fixtures/puzzlescript/microban.txt");
    let puzzle = PsPuzzle::parse(text).expect("reads");
    assert!(puzzle.action_is_inert());
    let start = puzzle.start_position().expect("starts");
    let mut seen = std::collections::HashSet::from([start.cells.clone()]);
    let (mut layer, mut depth) = (vec![start], 0);
    let shortest = 'search: loop {
        depth += 1;
        let mut next = Vec::new();
        for position in &layer {
            for input in 0..engine::INPUTS.len() {
                let Some(after) = puzzle.step(position, input) else { continue };
                if after.won {
                    break 'search depth;
                }
                if seen.insert(after.cells.clone()) {
                    next.push(after);
                }
            }
        }
        assert!(!next.is_empty(), "Microban's first level is solvable");
        layer = next;
    };
    assert_eq!(solve(text).moves.len(), shortest);
}

/// What the reference compiler only warns of is read as it reads it, and said as a note at its
/// place ([`Puzzle::warnings`]): the page shows it under the text.
#[test]
fn warnings_are_kept_at_their_place() {
    let clean = PsPuzzle::parse(PuzzleScript.blank()).expect("reads");
    assert!(Puzzle::warnings(&clean).is_empty());
    let text = PuzzleScript.blank().replace("O = Target\n", "O = Target\nO = Crate\n");
    let line = text.lines().position(|l| l == "O = Crate").expect("there") + 1;
    let puzzle = PsPuzzle::parse(&text).expect("reads, as the reference does");
    let warnings = Puzzle::warnings(&puzzle);
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert_eq!(warnings[0].line, line);
    assert!(warnings[0].message.contains("already in use"), "{}", warnings[0].message);
}

/// A key pressed on a message runs a turn on its empty board: nothing happens, nothing fails.
#[test]
fn a_turn_on_a_message_does_nothing() {
    let text = PuzzleScript.blank().replace("LEVELS\n", "LEVELS\n\nmessage Push the crate.\n\n");
    let game = compile::compile(&text).expect("reads");
    let message = game.levels.iter().position(|l| matches!(l, compile::Level::Message { .. })).expect("a message");
    let mut session = engine::Session::new(&game, message, engine::OnWin::Stop).expect("starts");
    assert_eq!(session.play(Some(3)), Ok(false));
}

/// `flickscreen` shows the screen the player is in, `zoomscreen` a screen centred on it short of
/// the level's edges; a tap is read on the screen shown. A size that is not columns x rows is
/// passed over with a note, and the whole level shown.
#[test]
fn a_screen_follows_the_player() {
    use super::draw::{input_at, view, View};
    let level = "#######\n#.....#\n#.P*.O#\n#.....#\n#######";
    let with = |setting: &str, map: &str| {
        let text = PuzzleScript.blank().replace("title A new game", &format!("title A new game\n{setting}"));
        PsPuzzle::parse(&text.replace(level, map)).expect("reads")
    };
    // A level of 5 x 3, the player at column 4, row 2 (from 0).
    let map = "*O...\n.....\n....P";
    let shown = |puzzle: &PsPuzzle| view(puzzle, &puzzle.start_position().expect("starts").cells);
    assert_eq!(shown(&with("", map)), View { col: 0, row: 0, cols: 5, rows: 3 });
    assert_eq!(shown(&with("flickscreen 3x2", map)), View { col: 3, row: 2, cols: 3, rows: 2 });
    assert_eq!(shown(&with("zoomscreen 3x2", map)), View { col: 2, row: 1, cols: 3, rows: 2 });
    assert_eq!(shown(&with("zoomscreen 3x2", "P*O..\n.....\n.....")), View { col: 0, row: 0, cols: 3, rows: 2 });
    // A tap on the player where the screen shows it is the action; a swipe is its way.
    let zoomed = with("zoomscreen 3x2", map);
    let cells = zoomed.start_position().expect("starts").cells;
    let grid = crate::draw::GridLayout::fit(3, 2, 300.0, 200.0);
    let (left, top) = grid.at(1.0, 2.0);
    let on_player = (left + grid.cell / 2.0, top + grid.cell / 2.0);
    assert_eq!(input_at(&zoomed, &cells, on_player, on_player, (300.0, 200.0)), Some(4));
    let (left, top) = grid.at(0.0, 0.0);
    let up_left = (left + grid.cell / 2.0, top + grid.cell / 2.0);
    assert_eq!(
        input_at(&zoomed, &cells, up_left, up_left, (300.0, 200.0)),
        Some(1),
        "a tap up and left of it steps left"
    );
    // Sizes the reference passes over with a warning.
    for bad in ["flickscreen 11", "flickscreen 0x5", "zoomscreen axb"] {
        let puzzle = with(bad, map);
        assert_eq!(shown(&puzzle), View { col: 0, row: 0, cols: 5, rows: 3 }, "{bad}");
        let notes = Puzzle::warnings(&puzzle);
        assert_eq!(notes.len(), 1, "{bad}: {notes:?}");
        assert_eq!(notes[0].line, 2, "{bad}");
        assert!(notes[0].message.contains("columns x rows (such as 11x9)"), "{bad}: {}", notes[0].message);
    }
}

/// Boards are compared word by word: the same words, and one bit apart anywhere.
#[test]
fn boards_compare_word_by_word() {
    let a: Vec<u64> = (0..12).map(|i| i * 0x0101_0101).collect();
    assert!(super::compile::same(&a, &a.clone()));
    assert!(!super::compile::same(&a, &a[..11]));
    for at in 0..a.len() {
        let mut b = a.clone();
        b[at] ^= 1 << 63;
        assert!(!super::compile::same(&a, &b), "{at}");
    }
}

/// A cell's test reads a single word of its objects and one of its movements even where the
/// game's objects and layers take several words: with 70 more objects, each on a layer of its
/// own before the player's, the push rule's cells are tested from the second word of objects
/// and a later word of movements, and the game plays as before.
#[test]
fn cells_are_tested_as_single_words_in_a_game_of_many_words() {
    let names: Vec<String> = (0..70).map(|i| format!("Dummy{i}")).collect();
    let objects: String = names.iter().map(|name| format!("{name}\nblack\n\n")).collect();
    let text = PuzzleScript
        .blank()
        .replace("Wall\nbrown", &format!("{objects}Wall\nbrown"))
        .replace("Background\nTarget\n", &format!("Background\nTarget\n{}\n", names.join("\n")));
    let game = super::compile::compile(&text).expect("compiles");
    assert!(game.words > 1 && game.move_words > 1, "{} and {} words", game.words, game.move_words);
    let cells: Vec<_> =
        game.rules.iter().flatten().flat_map(|rule| &rule.rows).flat_map(|row| row.cells.iter().flatten()).collect();
    assert_eq!(cells.len(), 8, "two cells in each of four directions");
    for cell in cells {
        let one = cell.one_word.expect("tested as single words");
        assert_eq!(one.objects_word, 1);
        assert!(one.moving == 0 || one.movements_word > 0, "{one:?}");
    }
    assert_eq!(solve(&text).moves, ["right", "right"]);
}

/// A game with no win conditions and no rule that says `win` cannot be won: a solve says so at
/// once, searching nothing. A rule that says `win` makes its levels winnable again.
#[test]
fn a_game_that_cannot_be_won_says_so_without_searching() {
    let text = PuzzleScript.blank().replace("All Target on Crate", "");
    let report = solve(&text);
    assert_eq!(report.status, Status::Unsolved);
    assert_eq!(report.stats.explored, 0);
    assert_eq!(
        crate::replay::summary(&report),
        "No solution: this game has no win conditions and no rule that says win, so none of its levels can be won"
    );
    let winning = text.replace(PUSH, &format!("{PUSH}\nlate [ Crate Target ] -> win"));
    assert_eq!(solve(&winning).moves, ["right", "right"]);
}

/// Analyse explores every position of a level in inputs: its shortest solution is the one a
/// solve proves, and its hardest start, written as a game of its own, is solved in as many
/// inputs as it says.
#[test]
fn a_level_is_analysed_and_its_hardest_start_written() {
    let puzzle = PsPuzzle::parse(PuzzleScript.blank()).expect("reads");
    let report = puzzle.analyse(&SolveOptions::default(), &mut |_| Flow::Continue).expect("analyses");
    assert_eq!(report.shortest, Some(2));
    let hardest = report.hardest.expect("a hardest start");
    let text = hardest.text.expect("written as a game");
    assert_eq!(solve(&text).moves.len() as u64, hardest.moves);
}

/// An `again` turn tried (to see whether it is due) is taken when it comes only from the board
/// it was tried from: a crate on ice slides right each turn; tried from one board, then come
/// from another, the turn is that other board's.
#[test]
fn an_again_turn_tried_is_taken_only_from_its_board() {
    let text = blank_ruled("[ stationary Crate Ice ] -> [ right Crate Ice ]\nlate [ Crate Ice ] -> again")
        .replace("Target\ndarkblue", "Ice\nlightblue\n\nTarget\ndarkblue")
        .replace("O = Target", "O = Target\n~ = Ice\n% = Crate and Ice")
        .replace("Background\nTarget\n", "Background\nTarget, Ice\n")
        .replace(
            "#######\n#.....#\n#.P*.O#\n#.....#\n#######",
            "#######\n#P.%~O#\n#######\n\n#######\n#.P%~O#\n#######",
        );
    let game = compile::compile(&text).expect("reads");
    let start = |level| engine::Session::new(&game, level, engine::OnWin::Stop).expect("starts");
    let other = start(1).board.cells;
    let mut fresh = start(1);
    assert_eq!(fresh.process_input(None, false, false), Ok(true));
    let mut tried = start(0);
    assert_eq!(tried.process_input(None, true, true), Ok(true), "the crate on ice would slide");
    tried.set_cells(&other);
    assert_eq!(tried.process_input(None, false, false), Ok(true));
    assert_eq!(tried.board.cells, fresh.board.cells);
}

/// Best-first search led by novelty gets out of what the win conditions alone cannot: in Lime
/// Rick's second and third levels (the reference's demo) the way to the apple first goes away
/// from it. Both are found within 20,000 positions, where weighted A* on the win conditions
/// alone gives up (in 10 s it gave up after more than a million).
#[test]
fn novelty_finds_what_the_win_conditions_alone_do_not() {
    use crate::search::{astar_weighted, Method, Outcome};
    let quiet = &mut |_: &crate::search::Stats| Flow::Continue;
    let whole = PsPuzzle::parse(include_str!("../../../tests/fixtures/puzzlescript/limerick.txt")).expect("reads");
    let options = SolveOptions { method: Method::Greedy, max_states: Some(20_000), ..SolveOptions::default() };
    for level in [1, 2] {
        let puzzle = PsPuzzle::parse(&whole.level_text(level).expect("a level")).expect("reads");
        let found = puzzle.solve(&options, quiet).expect("solves");
        assert_eq!((found.status, found.method, found.optimal), (Status::Solved, Method::Greedy, false));
        assert!(found.stats.stored < 20_000, "{:?}", found.stats);
        assert!(puzzle.check(&SolveOptions::default(), &found.moves).expect("replays").ends_solved);
        let space = puzzle.space().expect("searchable");
        let weighted = astar_weighted(&space, crate::families::GREEDY_WEIGHT, &options.budget(), quiet);
        assert!(matches!(weighted, Outcome::GaveUp { .. }), "level {}", level + 1);
    }
    // Level 7 newest first, as a third Worker searches beside the proof; oldest first (then
    // newest first, with what is left: nothing here) gives up within the same budget.
    let puzzle = PsPuzzle::parse(&whole.level_text(6).expect("a level")).expect("reads");
    let beside = |seed| SolveOptions {
        method: Method::Auto,
        beside: Some(crate::families::Beside::Find { seed }),
        ..options.clone()
    };
    let newest = puzzle.solve(&beside(1), quiet).expect("solves");
    assert_eq!((newest.status, newest.method), (Status::Solved, Method::Greedy));
    assert!(puzzle.check(&SolveOptions::default(), &newest.moves).expect("replays").ends_solved);
    assert_eq!(puzzle.solve(&beside(0), quiet).expect("ends").status, Status::GaveUp);
}

/// The blank game dressed: an edge drawn on walls beside the floor, dust left where a crate was
/// pushed from, a shine on a crate on its target. None of it decides a turn.
fn dressed() -> String {
    blank_ruled("[ Wall no Edge | no Wall ] -> [ Wall Edge | ]\n[ > Player | Crate ] -> [ > Player | > Crate Dust ]\nlate [ Crate Target no Shine ] -> [ Crate Target Shine ]\nlate [ Shine no Crate ] -> [ ]")
        .replace("Target\ndarkblue", "Edge\nblack\n\nDust\ngrey\n\nShine\nyellow\n\nTarget\ndarkblue")
        .replace("Background\nTarget\n", "Background\nTarget\nEdge\nDust\nShine\n")
        .replace("#######\n#.....#\n#.P*.O#\n#.....#\n#######", "#########\n#.......#\n#.P*..*.#\n#...O..O#\n#.......#\n#########")
}

fn decoration_names(text: &str) -> Vec<String> {
    let puzzle = PsPuzzle::parse(text).expect("reads");
    let game = &puzzle.game;
    let decor = decor::decoration(game);
    (0..game.names.len()).filter(|&i| compile::has(&decor, i)).map(|i| game.names[i].clone()).collect()
}

/// Decoration is left out of the search: the dressed game is searched as the plain one is (the
/// same shortest answer, the same positions, not one for each trail of dust), and the answer
/// wins the dressed game played whole.
#[test]
fn decoration_is_left_out_of_the_search() {
    let text = dressed();
    assert_eq!(decoration_names(&text), ["edge", "dust", "shine"]);
    let puzzle = PsPuzzle::parse(&text).expect("reads");
    let rules = |game: &compile::Game| game.every_rule().count();
    assert_eq!((rules(&puzzle.game), rules(puzzle.searched())), (10, 4));
    let report = solve(&text);
    let plain = PuzzleScript.blank().replace(
        "#######\n#.....#\n#.P*.O#\n#.....#\n#######",
        "#########\n#.......#\n#.P*..*.#\n#...O..O#\n#.......#\n#########",
    );
    let bare = solve(&plain);
    assert!(report.optimal && bare.optimal);
    assert_eq!((report.moves.len(), report.stats.stored), (bare.moves.len(), bare.stats.stored));
    let verdict = puzzle.check(&SolveOptions::default(), &report.moves).expect("replays");
    assert!(verdict.ends_solved);
    // The dust is in the played game: its positions are more than the search's.
    let start = puzzle.start_position().expect("starts");
    let pushed = puzzle.step(&puzzle.step(&start, 3).expect("moves"), 3).expect("moves");
    let dust = puzzle.game.names.iter().position(|n| n == "dust").expect("dust");
    assert!(pushed.cells.chunks(puzzle.game.words).any(|cell| compile::has(cell, dust)));
}

/// What only looks like decoration is kept: an object a rule that plays reads, one on a layer
/// with an object that plays, and every object of a game with `again` (a turn that changed
/// only decoration would still start an again turn).
#[test]
fn what_plays_is_not_decoration() {
    let text = dressed();
    let read = text.replace(
        "[ > Player | Crate ] -> [ > Player | > Crate Dust ]",
        "[ > Player | Crate Shine ] -> [ Player | Crate Shine ]\n[ > Player | Crate ] -> [ > Player | > Crate Dust ]",
    );
    assert_eq!(decoration_names(&read), ["edge", "dust"]);
    let shared = text
        .replace("Edge\nDust\nShine\n", "Edge\nShine\n")
        .replace("Player, Wall, Crate", "Player, Wall, Crate, Dust");
    assert_eq!(decoration_names(&shared), ["edge", "shine"]);
    let again = text
        .replace("late [ Shine no Crate ] -> [ ]", "late [ Shine no Crate ] -> [ ]\nlate [ Crate Target ] -> again");
    assert_eq!(decoration_names(&again), ["edge", "dust", "shine"]);
    let puzzle = PsPuzzle::parse(&again).expect("reads");
    assert!(std::ptr::eq(puzzle.searched(), &puzzle.game));
    assert_eq!(solve(&again).moves.len(), solve(&text).moves.len());
}

/// A group's rules pass over the board until a pass changes nothing. A lone rule of two cells
/// sees what its last pass made: a trail of crates grows a cell a pass, up to the wall. A lone
/// rule of one cell that replaces without chance makes one pass: a second would find only the
/// cells it replaced, and replacing them again changes nothing.
#[test]
fn a_lone_rule_passes_again_only_where_it_can_see_more() {
    let text =
        blank_ruled("right [ Crate | no Wall no Crate ] -> [ Crate | Crate ]\n[ Target no Crate ] -> [ Target Crate ]");
    let game = compile::compile(&text).expect("reads");
    let lone: Vec<(usize, bool)> = game.rules.iter().map(|group| (group.len(), group[0].one_pass)).collect();
    assert_eq!(lone, [(1, false), (1, true)]);
    let mut session = engine::Session::new(&game, 0, engine::OnWin::Stop).expect("starts");
    assert_eq!(session.process_input(None, false, false), Ok(true));
    let crate_id = game.names.iter().position(|name| name == "crate").expect("a crate");
    let crates = session.board.cells.chunks(game.words).filter(|cell| compile::has(cell, crate_id)).count();
    assert_eq!(crates, 3, "the crate, and a trail of two up to the wall");
}

/// A rule that tests no movement and was found to match nowhere is not tested again until an
/// object it tests changes: here a late rule that looks for a crate beside the target waits
/// while the player walks, and is tested again once the crate is pushed.
#[test]
fn a_rule_that_matched_nowhere_waits_for_what_it_tests() {
    let text = blank_ruled(&format!("{PUSH}\nlate right [ Crate | Target ] -> [ Crate | Target ]"));
    let game = compile::compile(&text).expect("reads");
    let [pushes, beside] = [&game.rules[0][0], &game.late_rules[0][0]];
    assert_eq!(pushes.reads, None, "it tests a movement");
    let mut session = engine::Session::new(&game, 0, engine::OnWin::Stop).expect("starts");
    let input = |name| engine::INPUTS.iter().position(|&i| i == name).expect("an input");
    assert_eq!(session.process_input(Some(input("up")), false, false), Ok(true));
    assert!(session.quiet(beside), "the crate is not beside the target, and has not moved");
    assert_eq!(session.process_input(Some(input("down")), false, false), Ok(true));
    assert!(session.quiet(beside), "the player walked back; the crate did not move");
    assert_eq!(session.process_input(Some(input("right")), false, false), Ok(true));
    assert!(!session.quiet(beside), "the crate moved beside the target");
}
