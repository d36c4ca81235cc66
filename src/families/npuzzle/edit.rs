//! Draw mode for N-puzzles: slide a tile next to the blank (a legal move), move the blank to any
//! cell (swapping with the tile there, which can make the board unsolvable, as a real tray
//! taken apart can), shuffle to a random solvable board, or put every tile home.

use super::format::{Board, BLANK, MAX_SIDE, MIN_SIDE};
use super::NPuzzle;
use crate::families::tiles;
use crate::families::Editor;

impl NPuzzle {
    fn with_start(&self, start: Vec<u16>) -> Option<String> {
        (start != self.board.start).then(|| Board { start, ..self.board.clone() }.to_text())
    }

    fn edit(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        let (width, height) = (self.board.width, self.board.height);
        if tool.starts_with("now:") {
            return match tool {
                // The board's own text seeds the shuffle: pressing again shuffles again.
                "now:shuffle" => Some(self.shuffled(seed_of(&self.board.to_text())).board.to_text()),
                "now:solved" => self.with_start(self.board.goal.clone()),
                _ => None,
            };
        }
        if row >= height || col >= width {
            return None;
        }
        let cell = row * width + col;
        let hole = self.board.start.iter().position(|&t| t == BLANK)?;
        let mut start = self.board.start.clone();
        match tool {
            "slide" if tiles::adjacent(width, hole, cell) => start.swap(hole, cell),
            "blank" => start.swap(hole, cell),
            _ => return None,
        }
        self.with_start(start)
    }
}

fn seed_of(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

impl Editor for NPuzzle {
    fn tools(&self) -> Vec<(String, String)> {
        [
            ("slide", "Slide a tile"),
            ("blank", "Put the blank here"),
            ("now:shuffle", "Shuffle (solvable)"),
            ("now:solved", "Solved position"),
        ]
        .iter()
        .map(|(id, label)| (id.to_string(), label.to_string()))
        .collect()
    }

    fn apply(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        self.edit(tool, row, col)
    }

    fn paint(&self, _tool: &str, _row: usize, _col: usize) -> Option<String> {
        None // a drag would slide tiles back and forth
    }

    fn resize(&self, cols: usize, rows: usize) -> Option<String> {
        let fits = |side: usize| (MIN_SIDE..=MAX_SIDE).contains(&side);
        if !fits(cols) || !fits(rows) || (cols, rows) == (self.board.width, self.board.height) {
            return None;
        }
        let goal = Board::standard_goal(cols * rows);
        Some(Board { title: self.board.title.clone(), width: cols, height: rows, start: goal.clone(), goal }.to_text())
    }

    fn size(&self) -> (usize, usize) {
        (self.board.width, self.board.height)
    }

    fn cell_at(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(usize, usize)> {
        super::draw::layout(self, width, height).cell_at(x, y)
    }
}
