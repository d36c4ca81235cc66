//! The N-puzzle's text: rows of numbers, the blank as `0`, `_` or `.`, one row per line (or rows
//! separated by `/` on one line), then optionally `goal:` and the goal's rows. Without a goal the
//! tiles go in reading order with the blank last.
//!
//! ```text
//! title: one of the 15-puzzle's hardest positions (80 moves)
//! 15 14  8 12
//! 10 11  9 13
//!  2  6  5  1
//!  3  7  4  _
//! goal:
//!  _  1  2  3
//!  4  5  6  7
//!  8  9 10 11
//! 12 13 14 15
//! ```

use crate::families::FormatError;

/// Smallest and largest side.
pub const MIN_SIDE: usize = 2;
pub const MAX_SIDE: usize = 8;

/// The blank's number inside the program.
pub const BLANK: u16 = 0;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    pub title: Option<String>,
    pub width: usize,
    pub height: usize,
    /// The tile on each cell in reading order; [`BLANK`] for the blank.
    pub start: Vec<u16>,
    /// The goal arrangement, in the same form.
    pub goal: Vec<u16>,
}

impl Board {
    /// 1, 2, … in reading order with the blank last.
    pub fn standard_goal(cells: usize) -> Vec<u16> {
        (1..cells as u16).chain([BLANK]).collect()
    }

    pub fn to_text(&self) -> String {
        let mut text = String::new();
        if let Some(title) = &self.title {
            text.push_str(&format!("title: {title}\n"));
        }
        write_rows(&mut text, &self.start, self.width);
        if self.goal != Board::standard_goal(self.start.len()) {
            text.push_str("goal:\n");
            write_rows(&mut text, &self.goal, self.width);
        }
        text
    }
}

fn write_rows(text: &mut String, cells: &[u16], width: usize) {
    let wide = (cells.len() - 1).to_string().len();
    for row in cells.chunks(width) {
        let items: Vec<String> =
            row.iter().map(|&t| if t == BLANK { format!("{:>wide$}", "_") } else { format!("{t:>wide$}") }).collect();
        text.push_str(items.join(" ").trim_end());
        text.push('\n');
    }
}

/// Whether `text` is written in this format: every line a title, comment, `goal:` or a row of
/// numbers (with a blank among them).
pub fn looks_like(text: &str) -> bool {
    let mut rows = 0;
    let mut blank = false;
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") || line.starts_with("title:") || line == "goal:" {
            continue;
        }
        for part in line.split('/') {
            let tokens: Vec<&str> = part.split_whitespace().collect();
            if tokens.is_empty() {
                continue;
            }
            if !tokens.iter().all(|t| is_blank(t) || (t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit()))) {
                return false;
            }
            blank |= tokens.iter().any(|t| is_blank(t));
            rows += 1;
        }
    }
    rows >= MIN_SIDE && blank
}

fn is_blank(token: &str) -> bool {
    matches!(token, "0" | "_" | ".")
}

/// Rows being read: each row's cells with their (line, column) for messages.
struct Grid {
    rows: Vec<Vec<(u16, usize, usize)>>,
    /// Where the grid starts, for messages about the whole of it.
    line: usize,
}

impl Grid {
    fn new(line: usize) -> Grid {
        Grid { rows: Vec::new(), line }
    }
}

pub fn parse(text: &str) -> Result<Board, FormatError> {
    let mut title = None;
    let mut start = Grid::new(1);
    let mut goal: Option<Grid> = None;
    for (index, raw) in text.lines().enumerate() {
        let number = index + 1;
        let line = raw.trim_end_matches('\r');
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with("//") {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("title:") {
            title = Some(rest.trim().to_string());
            continue;
        }
        if trimmed.starts_with("goal:") {
            if goal.is_some() {
                return Err(FormatError::new(number, column_of(line, trimmed), "a second \"goal:\"; give one goal"));
            }
            let mut grid = Grid::new(number);
            let after = line.find("goal:").map_or(line.len(), |at| at + "goal:".len());
            read_rows(line, after, number, &mut grid)?;
            goal = Some(grid);
            continue;
        }
        let target = goal.as_mut().unwrap_or(&mut start);
        if target.rows.is_empty() {
            target.line = number;
        }
        read_rows(line, 0, number, target)?;
    }
    let (width, start) = check_grid(&start, "the board")?;
    let height = start.len() / width;
    let goal = match &goal {
        None => Board::standard_goal(start.len()),
        Some(grid) => {
            let (goal_width, cells) = check_grid(grid, "the goal")?;
            if goal_width != width || cells.len() != start.len() {
                return Err(FormatError::new(
                    grid.line,
                    1,
                    format!(
                        "the goal is {goal_width} x {} but the board is {width} x {height}",
                        cells.len() / goal_width
                    ),
                ));
            }
            cells
        }
    };
    Ok(Board { title, width, height, start, goal })
}

fn column_of(line: &str, part: &str) -> usize {
    line.find(part).map_or(1, |at| line[..at].chars().count() + 1)
}

/// Reads the rows in `line` from byte `from` on (rows split at `/`) into `grid`.
fn read_rows(line: &str, from: usize, number: usize, grid: &mut Grid) -> Result<(), FormatError> {
    let mut row = Vec::new();
    let mut token_start: Option<(usize, usize)> = None; // (byte, column)
    let rest = line.get(from..).unwrap_or("");
    let first_column = line[..from.min(line.len())].chars().count() + 1;
    let finish = |row: &mut Vec<_>, end: usize, token_start: &mut Option<(usize, usize)>| -> Result<(), FormatError> {
        if let Some((start, column)) = token_start.take() {
            row.push((read_cell(&rest[start..end], number, column)?, number, column));
        }
        Ok(())
    };
    for (column, (byte, c)) in rest.char_indices().enumerate() {
        let column = first_column + column;
        if c.is_whitespace() || c == '/' {
            finish(&mut row, byte, &mut token_start)?;
            if c == '/' && !row.is_empty() {
                grid.rows.push(std::mem::take(&mut row));
            }
        } else if token_start.is_none() {
            token_start = Some((byte, column));
        }
    }
    finish(&mut row, rest.len(), &mut token_start)?;
    if !row.is_empty() {
        grid.rows.push(row);
    }
    Ok(())
}

fn read_cell(token: &str, line: usize, column: usize) -> Result<u16, FormatError> {
    if matches!(token, "_" | ".") {
        return Ok(BLANK);
    }
    if token.len() > 4 || !token.bytes().all(|b| b.is_ascii_digit()) {
        let shown = crate::families::shown_text(token);
        return Err(FormatError::new(
            line,
            column,
            format!("{shown} is not a tile number; tiles are numbers, the blank 0, _ or ."),
        ));
    }
    token.parse().map_err(|_| FormatError::new(line, column, "this number is too large"))
}

/// The cells of a grid in reading order and its width, after checking its shape and tiles.
fn check_grid(grid: &Grid, what: &str) -> Result<(usize, Vec<u16>), FormatError> {
    let Some(first) = grid.rows.first() else {
        return Err(FormatError::new(grid.line, 1, format!("{what} has no rows of numbers")));
    };
    let width = first.len();
    for row in &grid.rows {
        if row.len() != width {
            let (line, column) = (row[0].1, row[0].2);
            return Err(FormatError::new(
                line,
                column,
                format!(
                    "this row has {} tiles but the first row has {width}; every row needs the same number",
                    row.len()
                ),
            ));
        }
    }
    let height = grid.rows.len();
    for (side, name) in [(width, "wide"), (height, "tall")] {
        if !(MIN_SIDE..=MAX_SIDE).contains(&side) {
            return Err(FormatError::new(
                grid.line,
                1,
                format!("{what} is {side} cells {name}; boards from {MIN_SIDE} x {MIN_SIDE} to {MAX_SIDE} x {MAX_SIDE} are supported"),
            ));
        }
    }
    let cells = width * height;
    let mut seen = vec![false; cells];
    let mut blanks = 0;
    for &(tile, line, column) in grid.rows.iter().flatten() {
        if tile == BLANK {
            blanks += 1;
            if blanks > 1 {
                return Err(FormatError::new(line, column, format!("a second blank in {what}; there is exactly one")));
            }
        } else if usize::from(tile) >= cells {
            return Err(FormatError::new(
                line,
                column,
                format!("tile {tile} is too large: a {width} x {height} board has tiles 1 to {}", cells - 1),
            ));
        } else if std::mem::replace(&mut seen[usize::from(tile)], true) {
            return Err(FormatError::new(line, column, format!("tile {tile} appears twice in {what}")));
        }
    }
    if blanks == 0 {
        return Err(FormatError::new(grid.line, 1, format!("{what} has no blank; write it as _, . or 0")));
    }
    // With one blank and no repeats, exactly one number below `cells` is missing only if some
    // other one repeated, which was refused; so every tile is there.
    Ok((width, grid.rows.iter().flatten().map(|&(t, _, _)| t).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_rows_blanks_and_goals() {
        let board = parse("title: t\n 1 2 3\n 4 5 6\n 7 8 _\n").unwrap();
        assert_eq!((board.width, board.height), (3, 3));
        assert_eq!(board.start, Board::standard_goal(9));
        assert_eq!(board.title.as_deref(), Some("t"));
        let inline = parse("15 14 8 12 / 10 11 9 13 / 2 6 5 1 / 3 7 4 _").unwrap();
        assert_eq!((inline.width, inline.height), (4, 4));
        assert_eq!(inline.start[15], BLANK);
        let goal = parse("1 2\n3 0\ngoal:\n_ 1\n2 3\n").unwrap();
        assert_eq!(goal.goal, vec![0, 1, 2, 3]);
        assert_eq!(parse(&goal.to_text()).unwrap(), goal);
        assert!(!goal.to_text().contains("title"));
        // A rectangle.
        assert_eq!(parse("1 2 3 4 5\n6 7 8 9 .\n").map(|b| (b.width, b.height)), Ok((5, 2)));
    }

    #[test]
    fn errors_point_at_the_place() {
        // A token that is no tile is quoted whole, as written.
        let e = parse("3 2 1\n12345678901234567890 5 4\n6 7 0\n").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.message.as_str()),
            (2, 1, "\"12345678901234567890\" is not a tile number; tiles are numbers, the blank 0, _ or .")
        );
        let e = parse("1 2 3\n4 5\n6 7 _\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.message.contains("has 2 tiles"), "{e}");
        let e = parse("1 2 3\n4 5 5\n6 7 _\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 5));
        assert!(e.message.contains("tile 5 appears twice"), "{e}");
        let e = parse("1 2 3\n4 _ 6\n7 8 0\n").unwrap_err();
        assert_eq!((e.line, e.column), (3, 5));
        assert!(e.message.contains("second blank"), "{e}");
        let e = parse("1 2 3\n4 9 6\n7 8 _\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.message.contains("too large"), "{e}");
        let e = parse("1 2 3\n4 x 6\n7 8 _\n").unwrap_err();
        assert_eq!((e.line, e.column), (2, 3));
        let e = parse("1 2 3\n4 5 6\n7 8 _\ngoal:\n1 2 3 4\n5 6 7 8\n9 10 11 _\n").unwrap_err();
        assert_eq!(e.line, 5); // the goal's first row
        assert!(e.message.contains("the goal is 4 x 3"), "{e}");
        let e = parse("1 2 3\n4 5 6\n7 8 _\ngoal:\n1 2 3\n4 5 6\n7 7 _\n").unwrap_err();
        assert!(e.message.contains("appears twice in the goal"), "{e}");
        let e = parse("1 _\n").unwrap_err();
        assert!(e.message.contains("1 cells tall"), "{e}");
    }

    #[test]
    fn detection() {
        assert!(looks_like("1 2\n3 _\n"));
        assert!(looks_like("15 14 8 12 / 10 11 9 13 / 2 6 5 1 / 3 7 4 _"));
        assert!(!looks_like("aa \nbb \n^a$\n"));
        assert!(!looks_like("1 2\n3 4\n")); // no blank: not clearly ours
        assert!(!looks_like("Red:0,0 v\nRed:0,2\n"));
    }
}
