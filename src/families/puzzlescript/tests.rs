use super::*;
use crate::families::{Puzzle, SolveOptions, Status};
use crate::search::Flow;

fn solve(text: &str) -> crate::families::Report {
    let puzzle = PsPuzzle::parse(text).expect("reads");
    puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).expect("solves")
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
    // One push short is not solved.
    assert!(!puzzle.check(&SolveOptions::default(), &report.moves[..1]).expect("replays").ends_solved);
}

/// The turns `again` starts belong to the input that starts them: a crate pushed onto ice
/// slides on, one cell an again turn (a late rule sees it on the ice and asks for one), onto the
/// target; one input wins.
#[test]
fn again_turns_belong_to_the_input_that_starts_them() {
    let text = PuzzleScript
        .blank()
        .replace(
            "[ > Player | Crate ] -> [ > Player | > Crate ]",
            "[ > Player | Crate ] -> [ > Player | > Crate ]\n[ stationary Crate Ice ] -> [ right Crate Ice ]\nlate [ Crate Ice ] -> again",
        )
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
