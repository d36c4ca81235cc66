//! Paints Rush Hour as the game looks: a grey lot in a dark frame with a gap for the exit on the
//! right of the exit row, cars and trucks as rounded rectangles (the red car red), walls as dark
//! blocks, and the moving vehicle part-way along its move.

use super::format::Board;
use super::rules::Rules;
use super::RushPuzzle;
use crate::draw::{palette, rounded_rect, GridLayout, Painter, Stroke};

const BACKGROUND: &str = "#f4f1ea";
const FRAME: &str = "#4f4b45";
const LOT: &str = "#d9d4c9";
const LINES: &str = "#c8c2b5";
const WALL: &str = "#35322e";
const RED: &str = "#d62828";
const EXIT: &str = "#e9a3a3";
const INK: &str = "#1f1f1f";
const ON_RED: &str = "#ffffff";

/// The board's cells, with one more column's room on the right for the exit's arrow.
pub fn layout(puzzle: &RushPuzzle, width: f64, height: f64) -> GridLayout {
    let board = &puzzle.board;
    let mut grid = GridLayout::fit(board.width + 1, board.height, width, height);
    grid.cols = board.width;
    grid
}

/// The lot at `state`; the vehicle that the move to `next` (if any) drives, `tween` of the way there.
pub fn draw(puzzle: &RushPuzzle, state: u128, next: Option<u128>, tween: f32, painter: &mut dyn Painter) {
    let (width, height) = painter.size();
    let grid = layout(puzzle, width, height);
    let board = &puzzle.board;
    let cell = grid.cell;
    let (left, top) = grid.at(0.0, 0.0);
    let (lot_w, lot_h) = (cell * board.width as f64, cell * board.height as f64);
    let frame = (cell * 0.12).max(2.0);
    painter.clear(BACKGROUND);
    painter.rect(left - frame, top - frame, lot_w + 2.0 * frame, lot_h + 2.0 * frame, FRAME);
    painter.rect(left, top, lot_w, lot_h, LOT);
    for col in 1..board.width {
        let x = left + cell * col as f64;
        painter.line(x, top, x, top + lot_h, LINES, 1.0);
    }
    for row in 1..board.height {
        let y = top + cell * row as f64;
        painter.line(left, y, left + lot_w, y, LINES, 1.0);
    }
    // The exit: a gap in the frame and an arrow beyond it.
    let exit_y = top + cell * Board::exit_row(board.height) as f64;
    painter.rect(left + lot_w - 1.0, exit_y, frame + 2.0, cell, LOT);
    let (ax, ay) = (left + lot_w + frame + cell * 0.15, exit_y + cell / 2.0);
    painter.polygon(&[(ax, ay - cell * 0.22), (ax + cell * 0.35, ay), (ax, ay + cell * 0.22)], EXIT);
    let inset = (cell * 0.07).max(1.0);
    for (index, _) in board.walls.iter().enumerate().filter(|(_, &wall)| wall) {
        let (x, y) = grid.at((index / board.width) as f64, (index % board.width) as f64);
        painter.rect(x + inset, y + inset, cell - 2.0 * inset, cell - 2.0 * inset, WALL);
    }
    let next = next.filter(|_| tween > 0.0);
    let tween = f64::from(tween.clamp(0.0, 1.0));
    for (index, vehicle) in board.vehicles.iter().enumerate() {
        let place = Rules::place(state, index) as f64;
        let shift = next.map_or(0.0, |next| tween * (Rules::place(next, index) as f64 - place));
        let (row, col) =
            if vehicle.horizontal { (vehicle.row as f64, place + shift) } else { (place + shift, vehicle.col as f64) };
        let (x, y) = grid.at(row, col);
        let (w, h) =
            if vehicle.horizontal { (cell * vehicle.len as f64, cell) } else { (cell, cell * vehicle.len as f64) };
        let red = index == 0;
        let colour = if red { RED.to_string() } else { palette(index) };
        rounded_rect(painter, x + inset, y + inset, w - 2.0 * inset, h - 2.0 * inset, cell * 0.22, &colour);
        let ink = if red { ON_RED } else { INK };
        painter.text(x + w / 2.0, y + h / 2.0, cell * 0.36, ink, &char::from(vehicle.letter).to_string());
        if puzzle.chosen.get() == Some(index) {
            let stroke = Stroke { colour: "#1b1b1b", width: (cell * 0.08).max(2.5), dash: 0.0 };
            painter.stroke_rect(x + inset, y + inset, w - 2.0 * inset, h - 2.0 * inset, &stroke);
        }
    }
}
