//! Paints an N-puzzle: numbered tiles on a tray, tiles already home in a second colour, and the
//! moving tile part-way into the blank.

use super::format::BLANK;
use super::NPuzzle;
use crate::draw::{GridLayout, Painter};

const TRAY: &str = "#3d3a35";
const HOLE: &str = "#2a2824";
const TILE: &str = "#f2e3c6";
const HOME: &str = "#cfe3c2";
const INK: &str = "#2b2b2b";

pub fn layout(puzzle: &NPuzzle, width: f64, height: f64) -> GridLayout {
    GridLayout::fit(puzzle.board.width, puzzle.board.height, width, height)
}

/// The tiles on `cells`, the tile of the `next` move (if any) `tween` of the way into the blank.
pub fn draw(puzzle: &NPuzzle, cells: &[u16], next: Option<&str>, tween: f32, painter: &mut dyn Painter) {
    let (width, height) = painter.size();
    let grid = layout(puzzle, width, height);
    let cols = grid.cols;
    painter.clear(TRAY);
    let (x0, y0) = grid.at(0.0, 0.0);
    painter.rect(x0, y0, grid.cell * cols as f64, grid.cell * grid.rows as f64, HOLE);
    let hole = cells.iter().position(|&t| t == BLANK).unwrap_or(0);
    // The tile of the next move slides `tween` of the way into the blank.
    let moving = next
        .and_then(|text| text.trim().parse::<u16>().ok())
        .and_then(|tile| cells.iter().position(|&t| t == tile && t != BLANK));
    let gap = (grid.cell * 0.04).max(1.0);
    for (cell, &tile) in cells.iter().enumerate() {
        if tile == BLANK {
            continue;
        }
        let (mut row, mut col) = ((cell / cols) as f64, (cell % cols) as f64);
        if moving == Some(cell) {
            let t = f64::from(tween.clamp(0.0, 1.0));
            row += t * ((hole / cols) as f64 - row);
            col += t * ((hole % cols) as f64 - col);
        }
        let (x, y) = grid.at(row, col);
        let colour = if puzzle.board.goal[cell] == tile { HOME } else { TILE };
        painter.rect(x + gap, y + gap, grid.cell - 2.0 * gap, grid.cell - 2.0 * gap, colour);
        let size = grid.cell * if tile >= 10 { 0.38 } else { 0.45 };
        painter.text(x + grid.cell / 2.0, y + grid.cell / 2.0, size, INK, &tile.to_string());
    }
}
