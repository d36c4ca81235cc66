//! Paints a tiling: the board's cells, each placed piece in its colour with lines where pieces
//! meet and its name on its first cell, and the custom pieces being drawn before any solution.

use super::TilingPuzzle;
use crate::draw::{palette, GridLayout, Painter};

/// The board with `tiling` (piece number per cell, u16::MAX: empty), and the custom pieces being
/// drawn when `sketches` (there is no solution to show yet).
pub(super) fn draw(puzzle: &TilingPuzzle, tiling: &[u16], sketches: bool, painter: &mut dyn Painter) {
    let (width, height) = painter.size();
    let grid = GridLayout::fit(puzzle.board.width, puzzle.board.height, width, height);
    painter.clear("#f4f1ea");
    for (i, &(r, c)) in puzzle.board.cells.iter().enumerate() {
        let (x, y) = grid.at(f64::from(r), f64::from(c));
        let colour = match tiling[i] {
            u16::MAX => "#fffdf8".to_string(),
            p => palette(usize::from(p)),
        };
        painter.rect(x, y, grid.cell, grid.cell, &colour);
        // Lines where two different pieces (or a piece and an empty cell) meet.
        for (dr, dc, x1, y1, x2, y2) in [(0, 1, 1.0, 0.0, 1.0, 1.0), (1, 0, 0.0, 1.0, 1.0, 1.0)] {
            let other = puzzle.index.get(&(r + dr, c + dc)).map(|&j| tiling[j]);
            if other != Some(tiling[i]) || tiling[i] == u16::MAX {
                painter.line(
                    x + x1 * grid.cell,
                    y + y1 * grid.cell,
                    x + x2 * grid.cell,
                    y + y2 * grid.cell,
                    "#4b4b4b",
                    1.5,
                );
            }
        }
        if c == 0 || !puzzle.index.contains_key(&(r, c - 1)) {
            painter.line(x, y, x, y + grid.cell, "#4b4b4b", 1.5);
        }
        if r == 0 || !puzzle.index.contains_key(&(r - 1, c)) {
            painter.line(x, y, x + grid.cell, y, "#4b4b4b", 1.5);
        }
    }
    // Custom pieces where they were drawn, before there is a solution to show.
    if sketches {
        for (k, (name, cells)) in puzzle.board.sketches.iter().enumerate() {
            let colour = palette(puzzle.board.pieces.len() + k);
            for &(r, c) in cells {
                let (x, y) = grid.at(f64::from(r), f64::from(c));
                let inset = grid.cell * 0.18;
                painter.rect(x + inset, y + inset, grid.cell - 2.0 * inset, grid.cell - 2.0 * inset, &colour);
            }
            if let Some(&(r, c)) = cells.iter().min() {
                let (x, y) = grid.at(f64::from(r), f64::from(c));
                painter.text(x + grid.cell / 2.0, y + grid.cell / 2.0, grid.cell * 0.35, "#ffffff", name);
            }
        }
    }
    // Each placed piece's name on its first cell.
    let mut named = vec![false; puzzle.board.pieces.len()];
    for (i, &(r, c)) in puzzle.board.cells.iter().enumerate() {
        if let Some(p) = (tiling[i] != u16::MAX).then_some(tiling[i] as usize) {
            if !std::mem::replace(&mut named[p], true) || !puzzle.board.each_once {
                let (x, y) = grid.at(f64::from(r), f64::from(c));
                painter.text(
                    x + grid.cell / 2.0,
                    y + grid.cell / 2.0,
                    grid.cell * 0.45,
                    "#ffffff",
                    &puzzle.board.pieces[p].name,
                );
            }
        }
    }
}
