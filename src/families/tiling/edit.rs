//! Draw mode for tilings: paint and erase board cells, resize the board, choose the piece set,
//! draw your own pieces on the board's grid; the text follows.

use super::{format, pieces, TilingPuzzle};

/// The piece sets draw mode offers, as (header value, button label).
const PIECE_SETS: [(&str, &str); 5] = [
    ("pentominoes", "Pentominoes"),
    ("tetrominoes", "Tetrominoes"),
    ("one-sided tetrominoes", "One-sided tetrominoes"),
    ("one-sided pentominoes", "One-sided pentominoes"),
    ("hexominoes", "Hexominoes"),
];

impl TilingPuzzle {
    /// The text with header `key` set to `value` (or removed, for None), other lines kept.
    fn with_header(&self, key: &str, value: Option<&str>) -> String {
        let mut board = self.board.clone();
        let matches = |line: &str| line.split_once(':').is_some_and(|(k, _)| k.trim().eq_ignore_ascii_case(key));
        let position = board.header.iter().position(|l| matches(l));
        board.header.retain(|l| !matches(l));
        if let Some(value) = value {
            let line = format!("{key}: {value}");
            match position {
                Some(at) => board.header.insert(at.min(board.header.len()), line),
                // Pieces are defined before a `pieces:` list may name them.
                None if key.starts_with("piece ") => {
                    let at = board
                        .header
                        .iter()
                        .position(|l| l.to_ascii_lowercase().starts_with("pieces"))
                        .unwrap_or(board.header.len());
                    board.header.insert(at, line);
                }
                None => board.header.push(line),
            }
        }
        board.to_text()
    }

    /// Custom piece `name` with the cell at (row, col) drawn or rubbed out.
    fn toggle_sketch(&self, name: &str, row: usize, col: usize) -> Option<String> {
        let at = (row as i32, col as i32);
        let mut cells = self.board.sketches.iter().find(|(n, _)| n == name).map(|(_, c)| c.clone()).unwrap_or_default();
        match cells.iter().position(|&c| c == at) {
            Some(i) => {
                cells.remove(i);
            }
            None => cells.push(at),
        }
        let key = format!("piece {name}");
        if cells.is_empty() {
            return Some(self.with_header(&key, None));
        }
        if cells.len() > 64 {
            return None;
        }
        Some(self.with_header(&key, Some(&pieces::sketch_rows(&cells))))
    }
}

/// Draw mode: paint and erase board cells, resize the board, choose the piece set, draw your
/// own pieces on the board's grid; the text follows.
impl crate::families::Editor for TilingPuzzle {
    fn tools(&self) -> Vec<(String, String)> {
        let mut tools = vec![("cell".to_string(), "Board cell".to_string()), ("erase".into(), "Hole".into())];
        for (name, _) in &self.board.sketches {
            tools.push((format!("custom:{name}"), format!("Piece {name}")));
        }
        tools.push(("custom:new".into(), "New piece".into()));
        for (value, label) in PIECE_SETS {
            tools.push((format!("now:pieces:{value}"), label.to_string()));
        }
        let each = if self.board.each_once { "Each piece once" } else { "Pieces any number of times" };
        tools.push(("now:each".into(), each.into()));
        let mirror = if self.board.mirror { "Pieces may flip" } else { "Pieces may not flip" };
        tools.push(("now:mirror".into(), mirror.into()));
        tools
    }

    fn apply(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        if let Some(value) = tool.strip_prefix("now:pieces:") {
            // Custom pieces drawn so far stay in the set (the parser adds them).
            return Some(self.with_header("pieces", Some(value)));
        }
        match tool {
            "now:each" => {
                return Some(self.with_header("each", Some(if self.board.each_once { "any" } else { "once" })))
            }
            "now:mirror" => {
                return Some(self.with_header("mirror", Some(if self.board.mirror { "no" } else { "yes" })))
            }
            "custom:new" => {
                let taken = |n: &str| self.board.pieces.iter().any(|p| p.name == n);
                let name = (1..).map(|i| format!("Q{i}")).find(|n| !taken(n))?;
                return self.toggle_sketch(&name, row, col);
            }
            _ => {}
        }
        if let Some(name) = tool.strip_prefix("custom:") {
            return self.toggle_sketch(name, row, col);
        }
        let at = (row as i32, col as i32);
        let mut board = self.board.clone();
        let present = board.cells.contains(&at);
        match (tool, present) {
            ("cell", true) | ("erase", true) => board.cells.retain(|&c| c != at),
            ("cell", false) => board.cells.push(at),
            _ => return None,
        }
        Some(board.to_text())
    }

    fn paint(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        let at = (row as i32, col as i32);
        match (tool, self.board.cells.contains(&at)) {
            ("cell", false) | ("erase", true) => self.apply(tool, row, col),
            _ => None,
        }
    }

    fn resize(&self, cols: usize, rows: usize) -> Option<String> {
        if cols == 0 || rows == 0 || cols * rows > 4 * format::MAX_CELLS {
            return None;
        }
        let mut board = self.board.clone();
        board.cells.retain(|&(r, c)| (r as usize) < rows && (c as usize) < cols);
        for r in board.height..rows {
            for c in 0..cols {
                board.cells.push((r as i32, c as i32));
            }
        }
        for c in board.width..cols {
            for r in 0..board.height.min(rows) {
                board.cells.push((r as i32, c as i32));
            }
        }
        board.width = cols;
        board.height = rows;
        Some(board.to_text())
    }

    fn size(&self) -> (usize, usize) {
        (self.board.width, self.board.height)
    }

    fn cell_at(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(usize, usize)> {
        let start = vec![u16::MAX; self.board.cells.len()];
        self.layout(&start, (width, height)).board.cell_at(x, y)
    }
}
