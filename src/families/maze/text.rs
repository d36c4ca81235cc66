//! Text mazes people paste: block grids (every character a cell: `#` wall, space or `.` open,
//! S and E), 0/1 matrices, `+--+ |` box art (also drawn with Unicode box characters), and the
//! compact `_|` style. Also the box-art writer that draw mode and the CLI use.

use super::grid::{Geometry, Grid, Shape};
use crate::families::FormatError;

/// Which text layout a maze came in; edits write back the same kind (box art for `_|`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// Walls are whole cells. The wall and open characters are kept for writing back.
    Blocks {
        wall: char,
        open: char,
    },
    /// Thin walls between cells `width` characters wide.
    BoxArt {
        width: usize,
    },
    Underscores,
}

const STARTS: [char; 6] = ['S', 'A', '@', 'o', 'P', '🚶'];
const EXITS: [char; 7] = ['E', 'B', 'F', 'G', '$', 'X', '🏁'];
const WALLS: [char; 8] = ['#', '█', 'X', '*', '1', '▓', '■', 'W'];
const OPENS: [char; 5] = [' ', '.', '0', '-', '_'];

fn lines(text: &str) -> Vec<Vec<char>> {
    let mut rows: Vec<Vec<char>> = text.lines().map(|l| l.trim_end_matches('\r').chars().collect()).collect();
    while rows.last().is_some_and(|r| r.iter().all(|c| c.is_whitespace())) {
        rows.pop();
    }
    rows
}

/// Unicode box drawing reduced to `+ - |`.
fn normalise_box(c: char) -> char {
    match c {
        '─' | '━' | '═' | '╌' | '┄' => '-',
        '│' | '┃' | '║' | '╎' | '┆' => '|',
        '┌' | '┐' | '└' | '┘' | '├' | '┤' | '┬' | '┴' | '┼' | '╴' | '╶' | '╵' | '╷' | '╔' | '╗' | '╚' | '╝' | '╠'
        | '╣' | '╦' | '╩' | '╬' | '┏' | '┓' | '┗' | '┛' | '┣' | '┫' | '┳' | '┻' | '╋' => '+',
        c => c,
    }
}

/// Guesses the layout of a text maze, if it is one.
pub fn detect(text: &str) -> Option<Layout> {
    // The first lines tell the layout; reading all of a 30 MB text for it would cost a second.
    const SAMPLE_LINES: usize = 2000;
    let sample = text.match_indices('\n').nth(SAMPLE_LINES).map_or(text, |(end, _)| &text[..end]);
    let rows = lines(sample);
    let first = rows.iter().position(|r| !r.iter().all(|c| c.is_whitespace()))?;
    let rows = &rows[first..];
    let top: String = rows[0].iter().map(|&c| normalise_box(c)).collect();
    let walls_line = |r: &Vec<char>| r.iter().any(|&c| matches!(normalise_box(c), '-' | '='));
    if top.trim_start().starts_with('+')
        && top.chars().all(|c| matches!(c, '+' | '-' | ' ' | '='))
        && (rows.iter().step_by(2).any(walls_line)
            || rows.get(1).is_some_and(|r| r.iter().any(|&c| normalise_box(c) == '|')))
    {
        let width = top.find('+').and_then(|p| top[p + 1..].find('+')).unwrap_or(3);
        return Some(Layout::BoxArt { width: width.max(1) });
    }
    if rows.len() >= 2
        && rows[0].iter().all(|c| matches!(c, ' ' | '_'))
        && rows[0].contains(&'_')
        && rows[1..].iter().all(|r| r.iter().all(|c| matches!(c, ' ' | '_' | '|')))
        && rows[1..].iter().any(|r| r.contains(&'|'))
    {
        return Some(Layout::Underscores);
    }
    let all: Vec<char> = rows.iter().flatten().copied().collect();
    let known = |c: &char| {
        WALLS.contains(c)
            || OPENS.contains(c)
            || STARTS.contains(c)
            || EXITS.contains(c)
            || c.is_ascii_digit()
            || matches!(c, '[' | ']' | ',' | ';')
    };
    let has_wall = all.iter().any(|c| WALLS.contains(c));
    let marks = all.iter().filter(|c| STARTS.contains(c) || EXITS.contains(c)).count();
    // A block maze needs walls and either marks or gaps; the rest of the characters must be ours
    // (a few strangers are let through so that parsing can point at them).
    let strangers = all.iter().filter(|c| !known(c) && !c.is_whitespace()).count();
    if has_wall && strangers <= 3 && (marks >= 1 || rows.len() >= 3) {
        let wall = most_common(&all, &WALLS).unwrap_or('#');
        let open = most_common(&all, &OPENS).unwrap_or(' ');
        return Some(Layout::Blocks { wall, open });
    }
    None
}

fn most_common(chars: &[char], among: &[char]) -> Option<char> {
    among
        .iter()
        .copied()
        .map(|c| (chars.iter().filter(|&&x| x == c).count(), c))
        .filter(|(n, _)| *n > 0)
        .max_by_key(|(n, _)| *n)
        .map(|(_, c)| c)
}

pub fn read(text: &str, layout: Layout) -> Result<Grid, FormatError> {
    match layout {
        Layout::Blocks { .. } => blocks(text),
        Layout::BoxArt { width } => box_art(text, width),
        Layout::Underscores => underscores(text),
    }
}

/// The first line that has something on it (1-based) and the rows from there.
fn body(text: &str) -> (usize, Vec<Vec<char>>) {
    let rows = lines(text);
    let first = rows.iter().position(|r| !r.iter().all(|c| c.is_whitespace())).unwrap_or(0);
    (first + 1, rows[first..].to_vec())
}

/// Where in the text (line, column, from 1) the opening `(cell, side)` of a maze read from it is
/// drawn; with no opening, where the maze's first line starts (its outer wall).
pub fn place_of(text: &str, layout: Layout, grid: &Grid, opening: Option<(usize, u8)>) -> (usize, usize) {
    let (first_line, rows) = body(text);
    let Some((cell, side)) = opening else { return (first_line, 1) };
    let (r, c) = grid.row_col(cell);
    match layout {
        // A 0/1 matrix's digits are not one a column: its line is the place.
        Layout::Blocks { .. } if rows.iter().any(|row| row.contains(&',')) => (first_line + r, 1),
        Layout::Blocks { .. } => (first_line + r, c + 1),
        Layout::BoxArt { width } => {
            let pitch = width + 1;
            match side {
                0 => (first_line + 2 * r, c * pitch + 2),
                2 => (first_line + 2 * r + 2, c * pitch + 2),
                3 => (first_line + 2 * r + 1, c * pitch + 1),
                _ => (first_line + 2 * r + 1, (c + 1) * pitch + 1),
            }
        }
        Layout::Underscores => match side {
            0 => (first_line, 2 * c + 2),
            2 => (first_line + r + 1, 2 * c + 2),
            3 => (first_line + r + 1, 1),
            _ => (first_line + r + 1, 2 * c + 3),
        },
    }
}

fn blocks(text: &str) -> Result<Grid, FormatError> {
    let (first_line, mut rows) = body(text);
    // 0/1 matrices: "[1, 0, 1]" or "1,0,1" rows become "101".
    let matrix = rows.iter().all(|r| r.iter().all(|c| c.is_ascii_digit() || matches!(c, '[' | ']' | ',' | ' ' | ';')))
        && rows.iter().any(|r| r.contains(&','));
    if matrix {
        rows = rows
            .into_iter()
            .map(|r| r.into_iter().filter(char::is_ascii_digit).collect())
            .filter(|r: &Vec<char>| !r.is_empty())
            .collect();
    }
    // The size first: a text too large to solve is refused before it is read cell by cell.
    let cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    Grid::check_size(rows.len(), cols).map_err(|m| FormatError::new(first_line, 1, m))?;
    let all: Vec<char> = rows.iter().flatten().copied().collect();
    let count = |c: char| all.iter().filter(|&&x| x == c).count();
    let digits_only = all.iter().all(|c| c.is_ascii_digit() || *c == ' ');
    let (start_char, exit_char) = if digits_only {
        // Digits: 1 wall, 0 open, and two other digits that appear once each: the smaller
        // marks the start ("2 and 3", "8 and 9").
        let special: Vec<char> = ('2'..='9').filter(|&d| count(d) == 1).collect();
        match special[..] {
            [s, e] => (Some(s), Some(e)),
            _ => (None, None),
        }
    } else {
        let start = STARTS.iter().copied().find(|&c| count(c) == 1);
        let exit = EXITS.iter().copied().find(|&c| count(c) == 1 && Some(c) != start);
        (start, exit)
    };
    let mut grid = Grid::walled(Shape::Square, rows.len(), cols, Geometry::STANDARD);
    for (r, row) in rows.iter().enumerate() {
        for c in 0..cols {
            let ch = row.get(c).copied().unwrap_or('#'); // ragged lines are padded with wall
            let cell = grid.cell(r, c);
            if Some(ch) == start_char {
                grid.start_mark = Some(cell);
            } else if Some(ch) == exit_char {
                grid.exit_mark = Some(cell);
            } else if WALLS.contains(&ch) || (digits_only && ch != '0' && ch != ' ') {
                grid.solid[cell] = true;
            } else if !OPENS.contains(&ch) {
                let column = if matrix { 1 } else { c + 1 };
                return Err(FormatError::new(
                    first_line + r,
                    column,
                    format!("'{ch}' is not part of a block maze: use # for wall, space or . for open, S for the start and E for the exit"),
                ));
            }
        }
    }
    // Open cells are joined to their open neighbours; an open cell on the border is a gap in
    // the outer wall (one gap, even in a corner).
    for cell in 0..grid.cells() {
        if grid.solid[cell] {
            continue;
        }
        for side in 0..4u8 {
            if grid.neighbour(cell, side).is_some_and(|n| !grid.solid[n]) {
                grid.open[cell] |= 1 << side;
            }
        }
        if let Some(side) = (0..4u8).find(|&s| grid.neighbour(cell, s).is_none()) {
            grid.open[cell] |= 1 << side;
        }
    }
    Ok(grid)
}

fn box_art(text: &str, width: usize) -> Result<Grid, FormatError> {
    let (first_line, raw) = body(text);
    let rows: Vec<Vec<char>> = raw.into_iter().map(|r| r.into_iter().map(normalise_box).collect()).collect();
    let pitch = width + 1;
    if rows.len() % 2 == 0 {
        return Err(FormatError::new(
            first_line + rows.len(),
            1,
            "a box-art maze ends with a line of corners and walls like +--+--+ (it has one more such line than rows of cells)",
        ));
    }
    let cols = rows.iter().step_by(2).map(|r| r.len().saturating_sub(1) / pitch).max().unwrap_or(0);
    let height = rows.len() / 2;
    Grid::check_size(height, cols).map_err(|m| FormatError::new(first_line, 1, m))?;
    let mut grid = Grid::walled(Shape::Square, height, cols, Geometry::STANDARD);
    grid.open.fill(0b1111);
    let at = |line: usize, col: usize| rows[line].get(col).copied().unwrap_or(' ');
    for (line, row) in rows.iter().enumerate() {
        if line % 2 == 0 {
            // A line of corners: a wall above cell column c where its span is drawn.
            let k = line / 2;
            for c in 0..cols {
                let span: Vec<char> = (1..=width).map(|i| at(line, c * pitch + i)).collect();
                if let Some(bad) = span.iter().position(|ch| !matches!(ch, ' ' | '-' | '=' | '_' | '+')) {
                    return Err(FormatError::new(
                        first_line + line,
                        c * pitch + 2 + bad,
                        format!("'{}' in a line of walls: use - for a wall and a space for a gap", span[bad]),
                    ));
                }
                if span.iter().any(|&ch| ch != ' ') {
                    let (cell_row, side) = if k < height { (k, 0) } else { (height - 1, 2) };
                    let cell = grid.cell(cell_row, c);
                    grid.set_wall(cell, side, true);
                }
            }
            if let Some(extra) = row.iter().skip(cols * pitch + 1).position(|ch| !ch.is_whitespace()) {
                return Err(FormatError::new(
                    first_line + line,
                    cols * pitch + 2 + extra,
                    "this line is longer than the maze's first line of walls",
                ));
            }
        } else {
            let r = line / 2;
            for k in 0..=cols {
                let ch = at(line, k * pitch);
                if ch == '|' || ch == '+' || ch == '#' {
                    let (cell_col, side) = if k < cols { (k, 3) } else { (cols - 1, 1) };
                    let cell = grid.cell(r, cell_col);
                    grid.set_wall(cell, side, true);
                } else if ch != ' ' {
                    return Err(FormatError::new(
                        first_line + line,
                        k * pitch + 1,
                        format!("'{ch}' where a wall belongs: use | for a wall and a space for a gap"),
                    ));
                }
                if k == cols {
                    break;
                }
                let inside: String = (1..=width).map(|i| at(line, k * pitch + i)).collect::<String>();
                let inside = inside.trim();
                let cell = grid.cell(r, k);
                match inside.chars().next() {
                    None => {}
                    Some(ch) if inside.chars().count() == 1 && STARTS.contains(&ch) => grid.start_mark = Some(cell),
                    Some(ch) if inside.chars().count() == 1 && EXITS.contains(&ch) => grid.exit_mark = Some(cell),
                    // A drawn path (. * o) or other notes inside a cell are not part of the maze.
                    Some(_) => {}
                }
            }
        }
    }
    Ok(grid)
}

fn underscores(text: &str) -> Result<Grid, FormatError> {
    let (first_line, rows) = body(text);
    let cols = rows
        .iter()
        .enumerate()
        .map(|(i, r)| if i == 0 { r.len() / 2 } else { r.len().saturating_sub(1) / 2 })
        .max()
        .unwrap_or(0);
    let height = rows.len() - 1;
    Grid::check_size(height, cols).map_err(|m| FormatError::new(first_line, 1, m))?;
    let mut grid = Grid::walled(Shape::Square, height, cols, Geometry::STANDARD);
    grid.open.fill(0b1111);
    let at = |line: usize, col: usize| rows[line].get(col).copied().unwrap_or(' ');
    for c in 0..cols {
        if at(0, 2 * c + 1) == '_' {
            grid.set_wall(c, 0, true);
        }
    }
    for r in 0..height {
        if at(r + 1, 0) == '|' {
            let cell = grid.cell(r, 0);
            grid.set_wall(cell, 3, true);
        }
        for c in 0..cols {
            let cell = grid.cell(r, c);
            if at(r + 1, 2 * c + 1) == '_' {
                grid.set_wall(cell, 2, true);
            }
            if at(r + 1, 2 * c + 2) == '|' {
                grid.set_wall(cell, 1, true);
            }
        }
    }
    Ok(grid)
}

/// Writes a thin-walled square maze as box art with cells three characters wide; `mark`
/// may put a character in a cell (the start, the exit, a path).
pub fn write_box_art(grid: &Grid, mark: &dyn Fn(usize) -> Option<char>) -> String {
    let mut out = String::with_capacity((grid.cols * 4 + 2) * (grid.rows * 2 + 1));
    for line in 0..=grid.rows {
        for c in 0..grid.cols {
            let wall = if line < grid.rows {
                !grid.is_open(grid.cell(line, c), 0)
            } else {
                !grid.is_open(grid.cell(line - 1, c), 2)
            };
            out.push('+');
            out.push_str(if wall { "---" } else { "   " });
        }
        out.push_str("+\n");
        if line == grid.rows {
            break;
        }
        for c in 0..=grid.cols {
            let wall = if c < grid.cols {
                !grid.is_open(grid.cell(line, c), 3)
            } else {
                !grid.is_open(grid.cell(line, c - 1), 1)
            };
            out.push(if wall { '|' } else { ' ' });
            if c < grid.cols {
                let cell = grid.cell(line, c);
                out.push(' ');
                out.push(mark(cell).unwrap_or(' '));
                out.push(' ');
            }
        }
        // Trailing spaces would be stripped by editors and are not needed to read it back.
        while out.ends_with(' ') {
            out.pop();
        }
        out.push('\n');
    }
    out
}

/// Writes a block maze back with its own characters; `mark` as in [`write_box_art`].
pub fn write_blocks(grid: &Grid, wall: char, open: char, mark: &dyn Fn(usize) -> Option<char>) -> String {
    let mut out = String::new();
    for r in 0..grid.rows {
        for c in 0..grid.cols {
            let cell = grid.cell(r, c);
            out.push(if grid.solid[cell] { wall } else { mark(cell).unwrap_or(open) });
        }
        out.push('\n');
    }
    out
}

/// The start and exit marks, for writers.
pub fn marks(grid: &Grid) -> impl Fn(usize) -> Option<char> + '_ {
    move |cell| {
        if Some(cell) == grid.start_mark {
            Some('S')
        } else if Some(cell) == grid.exit_mark {
            Some('E')
        } else {
            None
        }
    }
}
