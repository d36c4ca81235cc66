//! Rush Hour as Michael Fogleman writes it: the board in one line of n x n characters read row
//! by row, or as n rows; `.` or `o` is an empty cell, `x` a wall, `A` the red car, `B`–`Z` the
//! other cars (two cells) and trucks (three). A line of his database of hard positions (`moves
//! board cluster_size`) is read too: its first number is the optimum in his move metric.
//!
//! ```text
//! title: the hardest position without walls
//! 51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780
//! ```
//!
//! The red car lies across the exit row (the third row of a 6 x 6 board: row (n - 1) / 2 of n)
//! and leaves through the exit on its right.

use crate::families::{shown_char, shown_text, FormatError};

pub const MIN_SIDE: usize = 3;
pub const MAX_SIDE: usize = 8;
/// The letter of the red car.
pub const RED: u8 = b'A';

/// A car or truck: its letter, top-left cell and length along its axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vehicle {
    pub letter: u8,
    pub row: usize,
    pub col: usize,
    pub len: usize,
    pub horizontal: bool,
}

impl Vehicle {
    /// Its cells, from the top-left one.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.len).map(move |i| if self.horizontal { (self.row, self.col + i) } else { (self.row + i, self.col) })
    }

    pub fn covers(&self, row: usize, col: usize) -> bool {
        self.cells().any(|cell| cell == (row, col))
    }

    /// Its place along its axis: its column if it lies across, else its row.
    pub fn place(&self) -> usize {
        if self.horizontal {
            self.col
        } else {
            self.row
        }
    }

    /// The same vehicle moved to `place` along its axis.
    pub fn at(&self, place: usize) -> Vehicle {
        if self.horizontal {
            Vehicle { col: place, ..*self }
        } else {
            Vehicle { row: place, ..*self }
        }
    }
}

/// What a database line says of its position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expected {
    /// The optimal number of moves (a move is one car travelling any distance).
    pub moves: u64,
    /// How many positions can be reached from this one (its cluster).
    pub cluster: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub title: Option<String>,
    pub width: usize,
    pub height: usize,
    /// A wall on each cell, in reading order.
    pub walls: Vec<bool>,
    /// The red car first, then the others in letter order.
    pub vehicles: Vec<Vehicle>,
    /// What the database line the board came from says of it.
    pub expected: Option<Expected>,
    /// Written in one line (his database's form) rather than in rows.
    pub one_line: bool,
}

impl Board {
    /// The row the red car must lie on, with the exit at its right end.
    pub fn exit_row(height: usize) -> usize {
        (height - 1) / 2
    }

    /// The character on each cell, in reading order, with `empty` for empty cells.
    pub fn cells(&self, empty: u8) -> Vec<u8> {
        let mut cells: Vec<u8> = self.walls.iter().map(|&wall| if wall { b'x' } else { empty }).collect();
        for vehicle in &self.vehicles {
            for (row, col) in vehicle.cells() {
                cells[row * self.width + col] = vehicle.letter;
            }
        }
        cells
    }

    pub fn to_text(&self) -> String {
        let mut text = String::new();
        if let Some(title) = &self.title {
            text.push_str(&format!("title: {title}\n"));
        }
        if self.one_line {
            let line = String::from_utf8_lossy(&self.cells(b'o')).into_owned();
            match self.expected {
                Some(expected) => text.push_str(&format!("{} {line} {}\n", expected.moves, expected.cluster)),
                None => text.push_str(&format!("{line}\n")),
            }
        } else {
            for row in self.cells(b'.').chunks(self.width) {
                text.push_str(&String::from_utf8_lossy(row));
                text.push('\n');
            }
        }
        text
    }

    /// The vehicle on a cell, by index.
    pub fn vehicle_at(&self, row: usize, col: usize) -> Option<usize> {
        self.vehicles.iter().position(|v| v.covers(row, col))
    }
}

/// True when `text` is a board in this notation (for detection; parsing says what is wrong).
pub fn looks_like(text: &str) -> bool {
    parse(text).is_ok()
}

/// True when `text` looks meant as this notation though it may have a mistake: one line of
/// board characters as long as a small board, or a database line.
pub fn nearly(text: &str) -> bool {
    let lines: Vec<&str> = content_lines(text).map(|(_, line)| line).collect();
    let [line] = lines[..] else { return false };
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let board = match tokens[..] {
        [board] => board,
        [moves, board, _] if moves.bytes().all(|b| b.is_ascii_digit()) => board,
        _ => return false,
    };
    board.len() >= MIN_SIDE * MIN_SIDE && board.contains('A') && board.chars().all(|ch| cell_kind(ch).is_some())
}

/// The lines that hold the board, numbered from 1, after an optional `title:` line; blank lines
/// and `//` comments are skipped.
fn content_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, line)| (i + 1, line.trim_end())).filter(|(_, line)| {
        !line.trim().is_empty() && !line.trim_start().starts_with("//") && !line.starts_with("title:")
    })
}

enum Cell {
    Empty,
    Wall,
    Letter(u8),
}

fn cell_kind(ch: char) -> Option<Cell> {
    match ch {
        '.' | 'o' => Some(Cell::Empty),
        'x' => Some(Cell::Wall),
        'A'..='Z' => Some(Cell::Letter(ch as u8)),
        _ => None,
    }
}

/// Where a cell was written: (line, column), 1-based.
type Place = (usize, usize);

pub fn parse(text: &str) -> Result<Board, FormatError> {
    let title = text.lines().find_map(|l| l.strip_prefix("title:")).map(|t| t.trim().to_string());
    let lines: Vec<(usize, &str)> = content_lines(text).collect();
    let (board, one_line, expected) = match lines[..] {
        [] => {
            return Err(FormatError::new(
                1,
                1,
                "there is no board: write it in one line of 36 cells (6 x 6) or as rows",
            ))
        }
        [(number, line)] => one_line(number, line)?,
        _ => (rows(&lines)?, false, None),
    };
    let (width, height, cells) = board;
    let mut walls = vec![false; width * height];
    let mut places: [Vec<(usize, usize, Place)>; 26] = Default::default();
    for (index, &(ch, place)) in cells.iter().enumerate() {
        let (row, col) = (index / width, index % width);
        match cell_kind(ch) {
            Some(Cell::Empty) => {}
            Some(Cell::Wall) => walls[index] = true,
            Some(Cell::Letter(letter)) => places[usize::from(letter - b'A')].push((row, col, place)),
            None => {
                return Err(FormatError::new(
                    place.0,
                    place.1,
                    format!("{} is not a cell: use . or o for empty, x for a wall, A for the red car and B to Z for the others", shown_char(ch)),
                ));
            }
        }
    }
    let mut vehicles = Vec::new();
    for (index, cells) in places.iter().enumerate() {
        let Some(&(row, col, place)) = cells.first() else { continue };
        let letter = b'A' + index as u8;
        let len = cells.len();
        let horizontal = cells.iter().all(|&(r, _, _)| r == row);
        let straight = cells
            .iter()
            .enumerate()
            .all(|(i, &(r, c, _))| if horizontal { c == col + i } else { c == col && r == row + i });
        if !(2..=3).contains(&len) || !straight {
            let name = if letter == RED { "the red car A".to_string() } else { format!("car {}", char::from(letter)) };
            let one_line = horizontal || cells.iter().all(|&(_, c, _)| c == col);
            let message = if !(2..=3).contains(&len) {
                format!(
                    "{name} has {len} cell{}; a car has 2 cells side by side and a truck 3",
                    if len == 1 { "" } else { "s" }
                )
            } else if one_line {
                format!("the cells of {name} are not next to each other: a car or a truck has no gap")
            } else {
                format!("the cells of {name} are not in one row or one column (a car cannot turn, or run on from the end of one row to the next)")
            };
            return Err(FormatError::new(place.0, place.1, message));
        }
        vehicles.push(Vehicle { letter, row, col, len, horizontal });
    }
    let exit_row = Board::exit_row(height);
    match vehicles.first() {
        Some(red) if red.letter == RED => {
            let place = places[0][0].2;
            if !red.horizontal {
                return Err(FormatError::new(
                    place.0,
                    place.1,
                    "the red car A must lie across the board (horizontally), on the exit row",
                ));
            }
            if red.row != exit_row {
                return Err(FormatError::new(
                    place.0,
                    place.1,
                    format!(
                        "the red car A must be on the exit row, row {} (the exit is at its right end); it is on row {}",
                        exit_row + 1,
                        red.row + 1
                    ),
                ));
            }
        }
        _ => {
            let line = lines.first().map_or(1, |(number, _)| *number);
            return Err(FormatError::new(
                line,
                1,
                format!("there is no red car: write it as AA on row {} (the exit row)", exit_row + 1),
            ));
        }
    }
    Ok(Board { title, width, height, walls, vehicles, expected, one_line })
}

/// Cells with where each was written, and the board's width and height.
type Cells = (usize, usize, Vec<(char, Place)>);

/// One line: a board of n x n cells, or a database line `moves board cluster_size`.
fn one_line(number: usize, line: &str) -> Result<(Cells, bool, Option<Expected>), FormatError> {
    // Words, each with the column it starts at.
    let chars: Vec<char> = line.chars().collect();
    let mut tokens: Vec<(usize, String)> = Vec::new();
    let mut at = 0;
    while at < chars.len() {
        if chars[at].is_whitespace() {
            at += 1;
            continue;
        }
        let first = at;
        while at < chars.len() && !chars[at].is_whitespace() {
            at += 1;
        }
        tokens.push((first + 1, chars[first..at].iter().collect()));
    }
    let number_at = |(column, token): &(usize, String), what: &str| {
        token
            .parse::<u64>()
            .map_err(|_| FormatError::new(number, *column, format!("{} is not a number ({what})", shown_text(token))))
    };
    let (board, expected) = match &tokens[..] {
        [board] => (board, None),
        [moves, board, cluster] => {
            let expected = Expected { moves: number_at(moves, "a database line starts with the optimal number of moves")?, cluster: number_at(cluster, "a database line ends with the cluster's size")? };
            (board, Some(expected))
        }
        _ => {
            return Err(FormatError::new(
                number,
                1,
                "write the board as one word of n x n cells, or a database line: moves, board and cluster size separated by spaces",
            ))
        }
    };
    let (column, token) = board;
    let length = token.chars().count();
    let side = (MIN_SIDE..=MAX_SIDE).find(|side| side * side == length).ok_or_else(|| {
        FormatError::new(
            number,
            column + length.min(36),
            format!(
                "a board in one line has n x n cells (36 for the 6 x 6 game, from {} to {}); this one has {length}",
                MIN_SIDE * MIN_SIDE,
                MAX_SIDE * MAX_SIDE
            ),
        )
    })?;
    let cells = token.chars().enumerate().map(|(i, ch)| (ch, (number, column + i))).collect();
    Ok(((side, side, cells), true, expected))
}

/// Rows of equal length, each a row of the board.
fn rows(lines: &[(usize, &str)]) -> Result<Cells, FormatError> {
    let (first_number, first) = lines[0];
    let width = first.chars().count();
    let height = lines.len();
    let sides = MIN_SIDE..=MAX_SIDE;
    if !sides.contains(&width) {
        return Err(FormatError::new(
            first_number,
            1,
            format!("a row has {MIN_SIDE} to {MAX_SIDE} cells; this one has {width}"),
        ));
    }
    if !sides.contains(&height) {
        let (number, _) = lines[lines.len().min(MAX_SIDE + 1) - 1];
        return Err(FormatError::new(
            number,
            1,
            format!("a board has {MIN_SIDE} to {MAX_SIDE} rows; this one has {height}"),
        ));
    }
    let mut cells = Vec::with_capacity(width * height);
    for &(number, line) in lines {
        let length = line.chars().count();
        if length != width {
            return Err(FormatError::new(
                number,
                length.min(width) + 1,
                format!("this row has {length} cells and the first row {width}: every row has the same length"),
            ));
        }
        cells.extend(line.chars().enumerate().map(|(i, ch)| (ch, (number, i + 1))));
    }
    Ok((width, height, cells))
}

#[cfg(test)]
mod tests {
    use super::*;

    const HARDEST: &str = "51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780\n";

    #[test]
    fn reads_a_database_line_and_prints_it_back() {
        let board = parse(HARDEST).unwrap();
        assert_eq!((board.width, board.height, board.vehicles.len()), (6, 6, 13));
        assert_eq!(board.expected, Some(Expected { moves: 51, cluster: 4780 }));
        assert_eq!(board.vehicles[0], Vehicle { letter: b'A', row: 2, col: 3, len: 2, horizontal: true });
        assert_eq!(board.vehicles[2], Vehicle { letter: b'C', row: 3, col: 0, len: 3, horizontal: true });
        assert_eq!(board.to_text(), HARDEST);
        let rows = Board { one_line: false, ..board.clone() }.to_text();
        assert_eq!(rows.lines().nth(2), Some("GHIAAM"));
        assert_eq!(parse(&rows).unwrap(), Board { one_line: false, expected: None, ..board });
    }

    #[test]
    fn reads_walls_and_either_empty_mark() {
        let board = parse("title: walls\nIBBx..I..LDDJAALooJoKEEMFFKooMGGHHHM").unwrap();
        assert_eq!(board.title.as_deref(), Some("walls"));
        assert_eq!(board.walls.iter().filter(|&&w| w).count(), 1);
        assert!(board.walls[3]);
    }

    #[test]
    fn mistakes_are_placed() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF", (1, 36), "this one has 35"),
            ("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFoo", (1, 37), "this one has 37"),
            (
                "oooooooooooooAAooooooooooooooooooooB",
                (1, 36),
                "car B has 1 cell; a car has 2 cells side by side and a truck 3",
            ),
            ("ooooooBooooooAAooooBoooooooooooooooo", (1, 7), "the cells of car B are not in one row or one column"),
            ("ooooooooooooAABoBooooooooooooooooooo", (1, 15), "the cells of car B are not next to each other"),
            (
                "oooooBBooooooAAooooooooooooooooooooo",
                (1, 6),
                "the cells of car B are not in one row or one column (a car cannot turn, or run on",
            ),
            ("ooooooooooooooooooooooooooooooooBBoo", (1, 1), "there is no red car"),
            ("oooooooooooooAoooooAoooooooooooooooo", (1, 14), "must lie across"),
            ("AAoooooooooooooooooooooooooooooooooo", (1, 1), "must be on the exit row, row 3"),
            ("ooooooooooooAA?ooooooooooooooooooooo", (1, 15), "'?' is not a cell"),
            ("ooooooooooooAA\u{301}ooooooooooooooooooooo", (1, 15), "U+0301 is not a cell"),
            ("51 GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo", (1, 1), "database line"),
            ("5x GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo 4780", (1, 1), "\"5x\" is not a number"),
            ("......\n......\n.AA...\n.....\n......\n......\n", (4, 6), "this row has 5 cells"),
            ("..\n..\n", (1, 1), "a row has 3 to 8 cells"),
        ];
        for (text, (line, column), words) in cases {
            let error = parse(text).unwrap_err();
            assert_eq!((error.line, error.column), (*line, *column), "{text}: {error}");
            assert!(error.message.contains(words), "{text}: {error}");
        }
    }

    #[test]
    fn detection_takes_boards_and_leaves_other_text() {
        assert!(looks_like(HARDEST));
        assert!(looks_like("BBBCDE\nFGGCDE\nF.AADE\nHHI...\n.JI.KK\n.JLLMM\n"));
        assert!(!looks_like("aa  \naa  \n    \n^aa$\n"));
        assert!(!looks_like("1 2 3\n4 5 6\n7 8 _\n"));
        assert!(nearly("GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFF"));
        assert!(!nearly("hello world"));
    }
}
