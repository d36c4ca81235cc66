//! Draw mode for Sokoban: paint walls and floor, toggle goals and boxes, and put the player.
//! Edits work on the board's characters, so a board that is not yet a level (a box short of a
//! goal, walls not yet closed) is still drawn on; the text says what is missing. A file of
//! several levels is edited one level at a time: pick the level first.

use super::format::{Cell, Level};
use super::SokobanPuzzle;
use crate::families::Editor;

const TOOLS: &[(&str, &str)] =
    &[("wall", "Wall"), ("floor", "Floor"), ("goal", "Goal"), ("box", "Box"), ("player", "Player")];

/// The most cells a side may have in draw mode: the biggest room solved, 64 x 64, in its walls.
const MAX_SIDE: usize = 66;

/// One cell as drawn: what stands on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Square {
    wall: bool,
    goal: bool,
    boxed: bool,
    player: bool,
}

impl Square {
    fn of(level: &Level, cell: usize) -> Square {
        Square {
            wall: level.cells[cell] == Cell::Wall,
            goal: level.goals[cell],
            boxed: level.boxes[cell],
            player: level.player == cell,
        }
    }

    fn char(self) -> char {
        match self {
            Square { wall: true, .. } => '#',
            Square { player: true, goal: true, .. } => '+',
            Square { player: true, .. } => '@',
            Square { boxed: true, goal: true, .. } => '*',
            Square { boxed: true, .. } => '$',
            Square { goal: true, .. } => '.',
            _ => ' ',
        }
    }
}

impl SokobanPuzzle {
    fn squares(&self) -> Vec<Vec<Square>> {
        let level = self.level();
        (0..level.height)
            .map(|row| (0..level.width).map(|col| Square::of(level, level.index(row, col))).collect())
            .collect()
    }

    /// The level's notes and the board `squares`, as text; None when nothing changed.
    fn written(&self, squares: &[Vec<Square>]) -> Option<String> {
        let mut text: String = self.level().notes.iter().map(|n| format!("{n}\n")).collect();
        if !text.is_empty() {
            text.push('\n');
        }
        for row in squares {
            let line: String = row.iter().map(|s| s.char()).collect();
            text.push_str(line.trim_end());
            text.push('\n');
        }
        (self.squares() != squares).then_some(text)
    }

    fn edit(&self, tool: &str, row: usize, col: usize, toggles: bool) -> Option<String> {
        let mut squares = self.squares();
        let square = *squares.get(row)?.get(col)?;
        let edited = match tool {
            "wall" if square.wall && toggles => Square::default(),
            "wall" => Square { wall: true, ..Square::default() },
            "floor" => Square::default(),
            "goal" => Square { wall: false, goal: !(square.goal && toggles), ..square },
            "box" => Square { wall: false, boxed: !(square.boxed && toggles), player: false, ..square },
            "player" => {
                for other in squares.iter_mut().flatten() {
                    other.player = false;
                }
                Square { wall: false, boxed: false, player: true, ..square }
            }
            _ => return None,
        };
        squares[row][col] = edited;
        self.written(&squares)
    }
}

impl Editor for SokobanPuzzle {
    fn tools(&self) -> Vec<(String, String)> {
        TOOLS.iter().map(|(id, label)| (id.to_string(), label.to_string())).collect()
    }

    fn apply(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        self.edit(tool, row, col, true)
    }

    fn paint(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        // A drag lays walls, floor, goals or boxes; the player is put with a click.
        (tool != "player").then(|| self.edit(tool, row, col, false)).flatten()
    }

    /// Keeps what fits; new cells are walls, so the board stays closed.
    fn resize(&self, cols: usize, rows: usize) -> Option<String> {
        let (width, height) = self.size();
        if !(3..=MAX_SIDE).contains(&cols) || !(3..=MAX_SIDE).contains(&rows) || (cols, rows) == (width, height) {
            return None;
        }
        let old = self.squares();
        let wall = Square { wall: true, ..Square::default() };
        let squares: Vec<Vec<Square>> = (0..rows)
            .map(|r| (0..cols).map(|c| old.get(r).and_then(|row| row.get(c)).copied().unwrap_or(wall)).collect())
            .collect();
        self.written(&squares)
    }

    fn size(&self) -> (usize, usize) {
        (self.level().width, self.level().height)
    }

    fn cell_at(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(usize, usize)> {
        super::draw::layout(self.level(), width, height).cell_at(x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sokoban::format::parse;
    use crate::families::Puzzle;

    fn puzzle(text: &str) -> SokobanPuzzle {
        SokobanPuzzle::new(parse(text).unwrap())
    }

    #[test]
    fn tools_paint_the_board_and_the_text_follows() {
        let puzzle = puzzle("; mine\n#######\n#@$ .#\n#     #\n#######\n");
        let editor = puzzle.editor().unwrap();
        assert_eq!(
            editor.apply("box", 2, 2).unwrap(),
            "; mine\n\n#######\n#@$ .#\n# $   #\n#######\n",
            "a box short of a goal is still drawn"
        );
        assert_eq!(editor.apply("goal", 2, 3).unwrap(), "; mine\n\n#######\n#@$ .#\n#  .  #\n#######\n");
        assert_eq!(
            editor.apply("player", 2, 5).unwrap(),
            "; mine\n\n#######\n# $ .#\n#    @#\n#######\n",
            "one player: it moves"
        );
        assert_eq!(
            editor.apply("box", 1, 2).unwrap(),
            "; mine\n\n#######\n#@  .#\n#     #\n#######\n",
            "a click on a box takes it away"
        );
        assert_eq!(editor.paint("box", 1, 2), None, "a drag only sets");
        assert_eq!(editor.apply("wall", 0, 0).unwrap(), "; mine\n\n ######\n#@$ .#\n#     #\n#######\n");
        assert_eq!(editor.resize(8, 4).unwrap(), "; mine\n\n########\n#@$ .# #\n#     ##\n########\n");
        assert_eq!(editor.resize(7, 4), None, "the same size");
        let edited = parse(&editor.apply("goal", 2, 3).unwrap()).unwrap();
        assert!(
            edited.levels[0].unfinished().is_some(),
            "one box, two goals: read, drawn, and solving says what is missing"
        );
    }
}
