//! The tiling text: optional header lines, then the board.
//!
//! ```text
//! pieces: pentominoes      <- or tetrominoes, hexominoes, one-sided pentominoes, or names: F I L + O4
//! each: once               <- or any (use pieces any number of times)
//! mirror: yes              <- may pieces be flipped
//! piece Q: ##/#.           <- a piece of your own, rows separated by /
//! ..........               <- . is a cell to cover; # or space is not part of the board
//! ```

use super::pieces::{self, Piece};
use crate::families::FormatError;

#[derive(Debug, Clone, PartialEq)]
pub struct Board {
    pub pieces: Vec<Piece>,
    pub each_once: bool,
    pub mirror: bool,
    /// (row, col) of every cell to cover.
    pub cells: Vec<(i32, i32)>,
    pub width: usize,
    pub height: usize,
    /// The header lines as written, for printing back.
    pub header: Vec<String>,
    /// `//` comment lines, for printing back.
    pub comments: Vec<String>,
    /// Custom pieces as drawn in their `piece` lines (not moved to the corner), so draw mode can
    /// show them where they were drawn.
    pub sketches: Vec<(String, Vec<(i32, i32)>)>,
    /// The board's size does not match the pieces' (when each is used once): said at Solve.
    pub size_error: Option<FormatError>,
}

/// Most cells a board may have (the search packs them into 256 bits).
pub const MAX_CELLS: usize = 256;

pub fn looks_like(text: &str) -> bool {
    let mut rows = 0;
    for line in text.lines() {
        if is_header(line) || line.trim_start().starts_with("//") {
            continue;
        }
        if !line.chars().all(|c| c == '.' || c == '#' || c == ' ') {
            return false;
        }
        rows += usize::from(line.contains('.'));
    }
    rows > 0
}

fn is_header(line: &str) -> bool {
    line.contains(':')
}

fn named(name: &str) -> Option<Piece> {
    let all = pieces::pentominoes()
        .into_iter()
        .chain(pieces::tetrominoes(true))
        .chain(pieces::hexominoes())
        .chain(pieces::one_sided_pentominoes());
    all.into_iter().find(|p| p.name.eq_ignore_ascii_case(name))
}

pub fn parse(text: &str) -> Result<Board, FormatError> {
    let mut set: Option<Vec<Piece>> = None;
    let mut custom: Vec<Piece> = Vec::new();
    let mut sketches = Vec::new();
    let mut each_once = true;
    let mut mirror = true;
    let mut header = Vec::new();
    let mut rows: Vec<(usize, &str)> = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if line.trim_start().starts_with("//") {
            continue; // a comment
        }
        if !is_header(line) {
            rows.push((line_no, line));
            continue;
        }
        if !rows.iter().all(|(_, r)| r.trim().is_empty()) {
            return Err(FormatError::new(line_no, 1, "header lines (with ':') go before the board"));
        }
        header.push(line.to_string());
        let (key, value) = line.split_once(':').unwrap_or((line, ""));
        let value = value.trim();
        let key = key.trim().to_ascii_lowercase();
        match key.as_str() {
            "pieces" => {
                let lower = value.to_ascii_lowercase();
                set = Some(match lower.as_str() {
                    "pentominoes" => pieces::pentominoes(),
                    "tetrominoes" => pieces::tetrominoes(false),
                    "one-sided tetrominoes" => {
                        mirror = false;
                        pieces::tetrominoes(true)
                    }
                    "one-sided pentominoes" => {
                        mirror = false;
                        pieces::one_sided_pentominoes()
                    }
                    "hexominoes" => pieces::hexominoes(),
                    _ => {
                        let mut list = Vec::new();
                        for name in value.split_whitespace().filter(|n| *n != "+") {
                            // `name` is a slice of `line`: where it starts is its column.
                            let column = name.as_ptr() as usize - line.as_ptr() as usize + 1;
                            // Each piece covers a cell at least, so no board takes more; and
                            // reading a hundred thousand names took half a minute.
                            if list.len() == MAX_CELLS {
                                return Err(FormatError::new(
                                    line_no,
                                    column,
                                    format!("more than {MAX_CELLS} pieces: no board here has room for more"),
                                ));
                            }
                            match named(name).or_else(|| custom.iter().find(|p| p.name == name).cloned()) {
                                Some(p) => list.push(p),
                                None => {
                                    let name = crate::families::shown_text(name);
                                    return Err(FormatError::new(line_no, column, format!("unknown piece {name}: use F I L N P T U V W X Y Z, I4 O4 T4 S4 L4 Z4 J4, H1..H35, or a piece defined above")));
                                }
                            }
                        }
                        list
                    }
                });
            }
            "each" => {
                each_once = match value.to_ascii_lowercase().as_str() {
                    "once" => true,
                    "any" => false,
                    _ => return Err(FormatError::new(line_no, 1, format!("each takes once or any, not \"{value}\""))),
                }
            }
            "mirror" => {
                mirror = match value.to_ascii_lowercase().as_str() {
                    "yes" | "on" | "true" => true,
                    "no" | "off" | "false" => false,
                    _ => return Err(FormatError::new(line_no, 1, format!("mirror takes yes or no, not \"{value}\""))),
                }
            }
            k if k.starts_with("piece ") => {
                let name = k[6..].trim();
                let name = line.split_once(':').map_or(name, |(k, _)| k.trim()[6..].trim());
                let piece = Piece { name: name.to_string(), cells: pieces::from_rows_public(value) };
                if piece.cells.is_empty() || piece.cells.len() > 64 || name.is_empty() {
                    return Err(FormatError::new(
                        line_no,
                        1,
                        "a piece is a name and rows such as `piece Q: ##/#.` (at most 64 cells)",
                    ));
                }
                sketches.push((piece.name.clone(), pieces::sketch(value)));
                custom.push(piece);
            }
            _ => {
                return Err(FormatError::new(
                    line_no,
                    1,
                    format!("unknown header \"{}\": use pieces, each, mirror or piece NAME", key),
                ))
            }
        }
    }
    let mut pieces = set.unwrap_or_else(pieces::pentominoes);
    for c in custom {
        if !pieces.iter().any(|p| p.name == c.name) {
            pieces.push(c);
        }
    }
    let mut cells = Vec::new();
    let board_rows: Vec<&(usize, &str)> = {
        let first = rows.iter().position(|(_, r)| !r.trim().is_empty());
        let last = rows.iter().rposition(|(_, r)| !r.trim().is_empty());
        match (first, last) {
            (Some(f), Some(l)) => rows[f..=l].iter().collect(),
            _ => return Err(FormatError::new(1, 1, "there is no board: draw it with . for each cell to cover")),
        }
    };
    for (r, (line_no, row)) in board_rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => cells.push((r as i32, c as i32)),
                '#' | ' ' => {}
                other => {
                    return Err(FormatError::new(
                        *line_no,
                        c + 1,
                        format!(
                            "{} is not allowed on the board: . is a cell to cover, # or space is not part of it",
                            crate::families::shown_char(other)
                        ),
                    ))
                }
            }
        }
    }
    if cells.is_empty() {
        return Err(FormatError::new(1, 1, "the board has no cells: draw it with . for each cell to cover"));
    }
    if cells.len() > MAX_CELLS {
        return Err(FormatError::new(
            1,
            1,
            format!("the board has {} cells; the most this solver takes is {MAX_CELLS}", cells.len()),
        ));
    }
    let width = board_rows.iter().map(|(_, r)| r.chars().count()).max().unwrap_or(0);
    let area: usize = pieces.iter().map(|p| p.cells.len()).sum();
    // Reported when solving, not here: a board being drawn cell by cell passes through sizes
    // that do not fit, and draw mode needs the puzzle to stay open meanwhile.
    let size_error = (each_once && area != cells.len()).then(|| {
        FormatError::new(
            board_rows[0].0,
            1,
            format!(
                "the board has {} cells; the {} pieces cover {area}, and each is used once",
                cells.len(),
                pieces.len()
            ),
        )
    });
    let comments = text.lines().filter(|l| l.trim_start().starts_with("//")).map(str::to_string).collect();
    Ok(Board {
        pieces,
        each_once,
        mirror,
        cells,
        width,
        height: board_rows.len(),
        header,
        comments,
        sketches,
        size_error,
    })
}

impl Board {
    pub fn to_text(&self) -> String {
        let mut out: String = self.comments.iter().map(|c| format!("{c}\n")).collect();
        out.extend(self.header.iter().map(|h| format!("{h}\n")));
        for r in 0..self.height as i32 {
            let row: String =
                (0..self.width as i32).map(|c| if self.cells.contains(&(r, c)) { '.' } else { '#' }).collect();
            out.push_str(&row);
            out.push('\n');
        }
        out
    }
}
