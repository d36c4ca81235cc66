//! Draw mode for Rush Hour: park cars and trucks (across or down) with their top-left end on the
//! cell clicked, move the red car along the exit row, put walls, and click a vehicle or wall
//! again to take it away. An edited board is no longer the database's, so its stated optimum
//! is dropped.

use super::format::{Board, Vehicle, MAX_SIDE, MIN_SIDE, RED};
use super::RushPuzzle;
use crate::families::Editor;

const TOOLS: &[(&str, &str)] = &[
    ("car-across", "Car ↔"),
    ("car-down", "Car ↕"),
    ("truck-across", "Truck ↔"),
    ("truck-down", "Truck ↕"),
    ("red", "Red car"),
    ("wall", "Wall"),
    ("erase", "Remove"),
];

impl RushPuzzle {
    fn edited(&self, board: Board) -> Option<String> {
        let board = Board { expected: None, ..board };
        (board != Board { expected: None, ..self.board.clone() }).then(|| board.to_text())
    }

    /// Whether `vehicle` fits on the board on cells that are free (but for vehicle `except`).
    fn fits(&self, vehicle: &Vehicle, except: Option<usize>) -> bool {
        let board = &self.board;
        vehicle.cells().all(|(row, col)| {
            row < board.height
                && col < board.width
                && !board.walls[row * board.width + col]
                && board.vehicle_at(row, col).is_none_or(|v| Some(v) == except)
        })
    }

    fn edit(&self, tool: &str, row: usize, col: usize, toggles: bool) -> Option<String> {
        let board = &self.board;
        if row >= board.height || col >= board.width {
            return None;
        }
        let mut edited = board.clone();
        let cell = row * board.width + col;
        if let Some(index) = board.vehicle_at(row, col) {
            // The red car stays: a board needs one.
            if index == 0 || !(toggles || tool == "erase") {
                return None;
            }
            edited.vehicles.remove(index);
            return self.edited(edited);
        }
        match tool {
            "wall" if board.walls[cell] => {
                if !toggles {
                    return None;
                }
                edited.walls[cell] = false;
            }
            "erase" if board.walls[cell] => edited.walls[cell] = false,
            "wall" => edited.walls[cell] = true,
            "red" => {
                let red = board.vehicles[0].at(col.min(board.width - board.vehicles[0].len));
                if !self.fits(&red, Some(0)) {
                    return None;
                }
                edited.vehicles[0] = red;
            }
            "car-across" | "car-down" | "truck-across" | "truck-down" => {
                if board.walls[cell] {
                    return None;
                }
                let used: Vec<u8> = board.vehicles.iter().map(|v| v.letter).collect();
                let letter = (RED + 1..=b'Z').find(|l| !used.contains(l))?;
                let len = if tool.starts_with("truck") { 3 } else { 2 };
                let vehicle = Vehicle { letter, row, col, len, horizontal: tool.ends_with("across") };
                if !self.fits(&vehicle, None) {
                    return None;
                }
                edited.vehicles.push(vehicle);
                edited.vehicles.sort_by_key(|v| v.letter);
            }
            _ => return None,
        }
        self.edited(edited)
    }
}

impl Editor for RushPuzzle {
    fn tools(&self) -> Vec<(String, String)> {
        TOOLS.iter().map(|(id, label)| (id.to_string(), label.to_string())).collect()
    }

    fn apply(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        self.edit(tool, row, col, true)
    }

    fn paint(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        // A drag lays walls or clears; vehicles are placed one click at a time.
        matches!(tool, "wall" | "erase").then(|| self.edit(tool, row, col, false)).flatten()
    }

    /// Keeps what fits on the new board; the red car moves to the new exit row, and what stood
    /// there is taken away.
    fn resize(&self, cols: usize, rows: usize) -> Option<String> {
        let board = &self.board;
        let sides = MIN_SIDE..=MAX_SIDE;
        if !sides.contains(&cols) || !sides.contains(&rows) || (cols, rows) == (board.width, board.height) {
            return None;
        }
        let fits = |v: &Vehicle| v.cells().all(|(r, c)| r < rows && c < cols);
        let red = Vehicle {
            row: Board::exit_row(rows),
            col: board.vehicles[0].col.min(cols - board.vehicles[0].len),
            ..board.vehicles[0]
        };
        let mut vehicles = vec![red];
        vehicles.extend(
            board.vehicles[1..].iter().filter(|v| fits(v) && !v.cells().any(|(r, c)| red.covers(r, c))).copied(),
        );
        let mut walls = vec![false; cols * rows];
        for (index, _) in board.walls.iter().enumerate().filter(|(_, &wall)| wall) {
            let (r, c) = (index / board.width, index % board.width);
            if r < rows && c < cols && !red.covers(r, c) {
                walls[r * cols + c] = true;
            }
        }
        let one_line = board.one_line && cols == rows;
        Some(
            Board { width: cols, height: rows, walls, vehicles, expected: None, one_line, title: board.title.clone() }
                .to_text(),
        )
    }

    fn size(&self) -> (usize, usize) {
        (self.board.width, self.board.height)
    }

    fn cell_at(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(usize, usize)> {
        super::draw::layout(self, width, height).cell_at(x, y)
    }
}
