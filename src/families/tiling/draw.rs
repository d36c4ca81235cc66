//! Paints a tiling: the board's cells, each placed piece in its colour with lines where pieces
//! meet and its name on its first cell, the custom pieces being drawn before any solution, and
//! the tray of pieces still to place (`tray.rs`).

use super::tray::Slot;
use super::TilingPuzzle;
use crate::draw::{palette, rounded_rect, Painter, Stroke};

/// The board with `tiling` (piece number per cell, u16::MAX: empty), and the custom pieces being
/// drawn when `sketches` (there is no solution to show yet).
pub(super) fn draw(puzzle: &TilingPuzzle, tiling: &[u16], sketches: bool, painter: &mut dyn Painter) {
    let layout = puzzle.layout(tiling, painter.size());
    let grid = layout.board;
    painter.clear("#f4f1ea");
    for &(button, x, y, side) in &layout.buttons {
        rounded_rect(painter, x, y, side, side, side * 0.2, "#e4ddcc");
        painter.text(x + side / 2.0, y + side / 2.0, side * 0.6, "#4b4b4b", button.glyph());
    }
    let chosen = puzzle.chosen(tiling);
    for slot in layout.slots.iter().filter(|slot| slot.has_one()) {
        tray_piece(puzzle, slot, painter);
        if chosen == Some(slot.piece) && layout.slots.len() > 1 {
            // The piece the keys turn.
            let stroke = Stroke { colour: "#2d6cdf", width: 2.0, dash: 0.0 };
            painter.stroke_rect(slot.x + 2.0, slot.y + 2.0, slot.w - 4.0, slot.h - 4.0, &stroke);
        }
    }
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

/// A piece in the tray, as it is turned now, in its colour on the board, named, with how many
/// copies are left when more than one.
fn tray_piece(puzzle: &TilingPuzzle, slot: &Slot, painter: &mut dyn Painter) {
    let shape = puzzle.tray_shape(slot.piece);
    let (ox, oy) = slot.origin(&shape);
    let colour = palette(slot.piece);
    for &(r, c) in &shape {
        let (x, y) = (ox + f64::from(c) * slot.cell, oy + f64::from(r) * slot.cell);
        painter.rect(x, y, slot.cell, slot.cell, &colour);
        // Lines on the piece's outline only.
        for (dr, dc, x1, y1, x2, y2) in [
            (0, 1, 1.0, 0.0, 1.0, 1.0),
            (1, 0, 0.0, 1.0, 1.0, 1.0),
            (0, -1, 0.0, 0.0, 0.0, 1.0),
            (-1, 0, 0.0, 0.0, 1.0, 0.0),
        ] {
            if !shape.contains(&(r + dr, c + dc)) {
                let cell = slot.cell;
                painter.line(x + x1 * cell, y + y1 * cell, x + x2 * cell, y + y2 * cell, "#4b4b4b", 1.0);
            }
        }
    }
    if let Some(&(r, c)) = shape.iter().min() {
        let (x, y) = (ox + (f64::from(c) + 0.5) * slot.cell, oy + (f64::from(r) + 0.5) * slot.cell);
        painter.text(x, y, slot.cell * 0.6, "#ffffff", &puzzle.board.pieces[slot.piece].name);
    }
    if let Some(left) = slot.left.filter(|&left| left > 1) {
        let size = slot.cell * 0.7;
        painter.text(slot.x + slot.w - size, slot.y + size, size, "#4b4b4b", &format!("\u{d7}{left}"));
    }
}

/// The cells `next` covers that `tiling` leaves free, in their piece's colour, faint: a
/// placement about to be made (a hint, or the replay between two steps).
pub(super) fn faint(puzzle: &TilingPuzzle, tiling: &[u16], next: &[u16], painter: &mut dyn Painter) {
    let grid = puzzle.layout(tiling, painter.size()).board;
    for (i, &(r, c)) in puzzle.board.cells.iter().enumerate() {
        if let (Some(&u16::MAX), Some(&piece)) = (tiling.get(i), next.get(i).filter(|&&p| p != u16::MAX)) {
            let (x, y) = grid.at(f64::from(r), f64::from(c));
            let inset = grid.cell * 0.12;
            painter.rect(
                x + inset,
                y + inset,
                grid.cell - 2.0 * inset,
                grid.cell - 2.0 * inset,
                &palette(usize::from(piece)),
            );
            painter.rect(
                x + inset,
                y + inset,
                grid.cell - 2.0 * inset,
                grid.cell - 2.0 * inset,
                "rgba(255, 253, 248, 0.5)",
            );
        }
    }
}
