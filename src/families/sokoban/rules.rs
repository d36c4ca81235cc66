//! Sokoban's rules on a level's own cells: the player walks one cell at a time and pushes the box
//! in front when the cell beyond it is free floor. A move is written in LURD: `l u r d` walk,
//! `L U R D` push. The replay's step is a walk and the push that ends it (`llU`), as the move list
//! groups them; any LURD text is a move (a walk alone, when played on the board).

use super::format::{Cell, Level};

/// The four ways to go, in LURD order.
pub const DIRECTIONS: [Direction; 4] = [Direction::Left, Direction::Up, Direction::Right, Direction::Down];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Left,
    Up,
    Right,
    Down,
}

impl Direction {
    /// The letter of a walk that way (`l`); a push is its capital.
    pub fn letter(self) -> char {
        ['l', 'u', 'r', 'd'][self as usize]
    }

    pub fn from_letter(letter: char) -> Option<Direction> {
        DIRECTIONS.into_iter().find(|d| d.letter() == letter.to_ascii_lowercase())
    }

    pub fn opposite(self) -> Direction {
        DIRECTIONS[(self as usize + 2) % 4]
    }

    /// The step on a board `width` cells wide, as (rows, columns).
    pub fn delta(self) -> (isize, isize) {
        [(0, -1), (-1, 0), (0, 1), (1, 0)][self as usize]
    }
}

/// A position: where the player stands and which cells hold boxes (cells in reading order).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub player: usize,
    pub boxes: Vec<bool>,
}

/// The cell one step from `cell` in `direction`, if it is on the board.
pub fn step(level: &Level, cell: usize, direction: Direction) -> Option<usize> {
    let (dr, dc) = direction.delta();
    let row = (cell / level.width).checked_add_signed(dr)?;
    let col = (cell % level.width).checked_add_signed(dc)?;
    (row < level.height && col < level.width).then(|| row * level.width + col)
}

/// Where a cell is, for messages: "row 3, column 5".
pub fn place(level: &Level, cell: usize) -> String {
    format!("row {}, column {}", cell / level.width + 1, cell % level.width + 1)
}

impl Position {
    pub fn start(level: &Level) -> Position {
        Position { player: level.player, boxes: level.boxes.clone() }
    }

    pub fn is_solved(&self, level: &Level) -> bool {
        self.boxes.iter().zip(&level.goals).all(|(&b, &g)| b == g)
    }

    /// The player's step `direction`, pushing a box in the way; which says why it cannot.
    /// Whether the letter is a capital is not checked: the board says if the step pushes.
    pub fn go(&mut self, level: &Level, direction: Direction) -> Result<bool, String> {
        let free = |cell: Option<usize>| cell.filter(|&c| level.cells[c] == Cell::Floor);
        let Some(next) = free(step(level, self.player, direction)) else {
            return Err(format!("the player at {} would walk into a wall", place(level, self.player)));
        };
        let pushed = self.boxes[next];
        if pushed {
            let Some(beyond) = free(step(level, next, direction)) else {
                return Err(format!("the box at {} would go into a wall", place(level, next)));
            };
            if self.boxes[beyond] {
                return Err(format!("the box at {} is against another box", place(level, next)));
            }
            self.boxes[next] = false;
            self.boxes[beyond] = true;
        }
        self.player = next;
        Ok(pushed)
    }

    /// The position after the moves of `text` (LURD letters), or which letter fails and why.
    pub fn after(&self, level: &Level, text: &str) -> Result<Position, String> {
        let mut position = self.clone();
        for (index, letter) in text.chars().enumerate() {
            let Some(direction) = Direction::from_letter(letter) else {
                return Err(format!(
                    "{} is not a move: LURD moves are l u r d (walk) and L U R D (push)",
                    crate::families::shown_char(letter)
                ));
            };
            position.go(level, direction).map_err(|why| {
                if text.chars().count() == 1 {
                    why
                } else {
                    format!("letter {} ('{letter}'): {why}", index + 1)
                }
            })?;
        }
        Ok(position)
    }

    /// The shortest walk (lowercase LURD) from the player to `target` around the boxes, if any.
    pub fn walk_to(&self, level: &Level, target: usize) -> Option<String> {
        let mut came: Vec<Option<Direction>> = vec![None; level.cells.len()];
        let mut seen = vec![false; level.cells.len()];
        let mut queue = std::collections::VecDeque::from([self.player]);
        seen[self.player] = true;
        while let Some(cell) = queue.pop_front() {
            if cell == target {
                let mut letters = Vec::new();
                let mut at = cell;
                while let Some(direction) = came[at] {
                    letters.push(direction.letter());
                    at = step(level, at, direction.opposite()).unwrap_or(at);
                }
                return Some(letters.into_iter().rev().collect());
            }
            for direction in DIRECTIONS {
                if let Some(next) = step(level, cell, direction)
                    .filter(|&n| level.cells[n] == Cell::Floor && !self.boxes[n] && !seen[n])
                {
                    seen[next] = true;
                    came[next] = Some(direction);
                    queue.push_back(next);
                }
            }
        }
        None
    }
}

/// Replays a whole solution in LURD: Ok with (moves, pushes) when it ends with every box on a
/// goal, else a sentence saying which move fails or that the boxes are not all home.
pub fn replay_lurd(level: &Level, moves: &str) -> Result<(usize, usize), String> {
    let mut position = Position::start(level);
    let mut pushes = 0;
    for (index, letter) in moves.chars().enumerate() {
        let direction = Direction::from_letter(letter)
            .ok_or_else(|| format!("{} is not a move", crate::families::shown_char(letter)))?;
        pushes += usize::from(
            position.go(level, direction).map_err(|why| format!("move {} ('{letter}'): {why}", index + 1))?,
        );
    }
    if !position.is_solved(level) {
        return Err(format!("after its {} moves, not every box is on a goal", moves.chars().count()));
    }
    Ok((moves.chars().count(), pushes))
}

/// A move list's steps joined into one LURD string, with each letter's case as the board says
/// (a capital for each push), so that a list typed loosely is written as the world writes it.
pub fn lurd(level: &Level, moves: &[String]) -> String {
    let mut position = Position::start(level);
    let mut out = String::new();
    for letter in moves.iter().flat_map(|m| m.chars()) {
        let Some(direction) = Direction::from_letter(letter) else { continue };
        match position.go(level, direction) {
            Ok(true) => out.push(letter.to_ascii_uppercase()),
            Ok(false) => out.push(letter.to_ascii_lowercase()),
            Err(_) => break,
        }
    }
    out
}

/// A LURD string cut into steps, each a walk and the push that ends it (a walk left over last).
pub fn steps(moves: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    for letter in moves.chars() {
        current.push(letter);
        if letter.is_ascii_uppercase() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sokoban::format::parse;

    #[test]
    fn pushes_walks_and_refusals() {
        let level = parse("######\n#@$ .#\n######").unwrap().levels.remove(0);
        let start = Position::start(&level);
        assert_eq!(replay_lurd(&level, "RR"), Ok((2, 2)));
        assert_eq!(start.after(&level, "l").unwrap_err(), "the player at row 2, column 2 would walk into a wall");
        assert_eq!(
            start.after(&level, "RRR").unwrap_err(),
            "letter 3 ('R'): the box at row 2, column 5 would go into a wall"
        );
        assert_eq!(replay_lurd(&level, "R").unwrap_err(), "after its 1 moves, not every box is on a goal");
        assert_eq!(lurd(&level, &["r".into(), "r".into()]), "RR", "the board decides what pushes");
        assert_eq!(steps("llUrrD"), vec!["llU", "rrD"]);
        assert_eq!(steps("lU"), vec!["lU"]);
        assert_eq!(steps("lUr"), vec!["lU", "r"]);
    }

    #[test]
    fn walks_go_around_boxes() {
        let level = parse("#######\n#@$  .#\n#     #\n#######").unwrap().levels.remove(0);
        let start = Position::start(&level);
        assert_eq!(start.walk_to(&level, level.index(1, 3)).as_deref(), Some("drru"));
        assert_eq!(start.walk_to(&level, level.index(1, 2)), None, "a box is not walked through");
    }
}
