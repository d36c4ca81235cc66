//! Paints a sliding-block position: board, walls, the goal area, pieces in distinct colours
//! (a thin connector joins the parts of a piece whose cells are not connected), and a moving
//! piece part-way along its route.

use super::metric::Metric;
use super::rules::DIRECTIONS;
use super::SlidingPuzzle;
use crate::draw::{palette, GridLayout, Painter, Stroke};

const BACKGROUND: &str = "#f4f1ea";
const FLOOR: &str = "#fffdf8";
const GRID: &str = "#d9d2c3";
const WALL: &str = "#4b4b4b";

pub fn piece_colour(letter: u8) -> String {
    palette(usize::from(letter - b'a'))
}

pub fn layout(puzzle: &SlidingPuzzle, width: f64, height: f64) -> GridLayout {
    GridLayout::fit(puzzle.layout.width, puzzle.layout.height, width, height)
}

/// The pieces at `anchors`, the piece of the `next` move (if any) `tween` of the way along its route.
pub fn draw(puzzle: &SlidingPuzzle, anchors: &[u16], next: Option<&str>, tween: f32, painter: &mut dyn Painter) {
    let rules = puzzle.rules(Metric::Piece);
    let (width, height) = painter.size();
    let grid = layout(puzzle, width, height);
    let cell = grid.cell;
    painter.clear(BACKGROUND);
    let (x0, y0) = grid.at(0.0, 0.0);
    painter.rect(x0, y0, cell * grid.cols as f64, cell * grid.rows as f64, GRID);
    for index in 0..grid.cols * grid.rows {
        let (x, y) = grid.at((index / grid.cols) as f64, (index % grid.cols) as f64);
        let colour = if rules.walls[index] { WALL } else { FLOOR };
        painter.rect(x + 0.5, y + 0.5, cell - 1.0, cell - 1.0, colour);
    }

    // The piece in motion and where it is along its route, in (fractional) rows and columns.
    let mut moving: Option<(usize, f64, f64)> = None;
    if let Some(next) = next.filter(|_| tween > 0.0) {
        if let Ok((slot, dirs)) = rules.parse_move(next) {
            let travelled = f64::from(tween.clamp(0.0, 1.0)) * dirs.len() as f64;
            let (mut dr, mut dc) = (0.0, 0.0);
            for (i, &d) in dirs.iter().enumerate() {
                let part = (travelled - i as f64).clamp(0.0, 1.0);
                dr += f64::from(DIRECTIONS[d].0) * part;
                dc += f64::from(DIRECTIONS[d].1) * part;
            }
            moving = Some((slot, dr, dc));
        }
    }
    for (slot, &anchor) in anchors.iter().enumerate() {
        let info = &rules.slots[slot];
        let shape = &rules.shapes[info.shape];
        let (mut row, mut col) = ((anchor as usize / grid.cols) as f64, (anchor as usize % grid.cols) as f64);
        if let Some((moving_slot, dr, dc)) = moving {
            if moving_slot == slot {
                row += dr;
                col += dc;
            }
        }
        let colour = piece_colour(info.letter);
        let inset = (cell * 0.06).max(1.5);
        let offsets = &shape.offsets;
        for &(r, c) in offsets {
            let (x, y) = grid.at(row + r as f64, col + c as f64);
            painter.rect(x + inset, y + inset, cell - 2.0 * inset, cell - 2.0 * inset, &colour);
            // Bridge to the right and below when the piece continues there, so it reads as one block.
            if offsets.contains(&(r, c + 1)) {
                painter.rect(x + cell - inset - 0.5, y + inset, 2.0 * inset + 1.0, cell - 2.0 * inset, &colour);
            }
            if offsets.contains(&(r + 1, c)) {
                painter.rect(x + inset, y + cell - inset - 0.5, cell - 2.0 * inset, 2.0 * inset + 1.0, &colour);
            }
            if offsets.contains(&(r, c + 1)) && offsets.contains(&(r + 1, c)) && offsets.contains(&(r + 1, c + 1)) {
                painter.rect(
                    x + cell - inset - 0.5,
                    y + cell - inset - 0.5,
                    2.0 * inset + 1.0,
                    2.0 * inset + 1.0,
                    &colour,
                );
            }
        }
        // Parts that do not touch still move as one: join them with a thin line.
        let parts = components(offsets);
        for pair in parts.windows(2) {
            let centre = |(r, c): (usize, usize)| {
                let (x, y) = grid.at(row + r as f64, col + c as f64);
                (x + cell / 2.0, y + cell / 2.0)
            };
            let (ax, ay) = centre(pair[0]);
            let (bx, by) = centre(pair[1]);
            painter.line(ax, ay, bx, by, &colour, (cell * 0.08).max(2.0));
        }
        let (r, c) = offsets[0];
        let (x, y) = grid.at(row + r as f64, col + c as f64);
        painter.text(x + cell / 2.0, y + cell / 2.0, cell * 0.4, "#ffffff", &(info.letter as char).to_string());
        if puzzle.chosen.get() == Some(slot) {
            outline(painter, &grid, (row, col), offsets);
        }
    }
    // The goal on top, so it shows even under the pieces: a dashed frame in the piece's colour.
    for &(index, letter) in &puzzle.rules(puzzle.own_metric()).goal_cells {
        let (x, y) = grid.at((index / grid.cols) as f64, (index % grid.cols) as f64);
        let colour = piece_colour(letter);
        painter.stroke_rect(
            x + 1.5,
            y + 1.5,
            cell - 3.0,
            cell - 3.0,
            &Stroke { colour: "#ffffff", width: 3.5, dash: 0.0 },
        );
        painter.stroke_rect(
            x + 1.5,
            y + 1.5,
            cell - 3.0,
            cell - 3.0,
            &Stroke { colour: &colour, width: 2.5, dash: cell / 8.0 },
        );
    }
}

/// The chosen piece's outline: a dark line along each side of its cells that is not another
/// of its cells, the piece's top-left cell at (`row`, `col`).
pub fn outline(painter: &mut dyn Painter, grid: &GridLayout, (row, col): (f64, f64), offsets: &[(usize, usize)]) {
    let width = (grid.cell * 0.08).max(2.5);
    let inside = |r: usize, c: usize, dr: isize, dc: isize| {
        let (r, c) = (r as isize + dr, c as isize + dc);
        r >= 0 && c >= 0 && offsets.contains(&(r as usize, c as usize))
    };
    for &(r, c) in offsets {
        let (x, y) = grid.at(row + r as f64, col + c as f64);
        let (right, bottom) = (x + grid.cell, y + grid.cell);
        for (dr, dc, (x1, y1, x2, y2)) in [
            (-1, 0, (x, y, right, y)),
            (1, 0, (x, bottom, right, bottom)),
            (0, -1, (x, y, x, bottom)),
            (0, 1, (right, y, right, bottom)),
        ] {
            if !inside(r, c, dr, dc) {
                painter.line(x1, y1, x2, y2, "#1b1b1b", width);
            }
        }
    }
}

/// One representative cell per group of cells connected side to side.
fn components(offsets: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let mut group = vec![usize::MAX; offsets.len()];
    let mut representatives = Vec::new();
    for start in 0..offsets.len() {
        if group[start] != usize::MAX {
            continue;
        }
        group[start] = representatives.len();
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            let (r, c) = offsets[i];
            for (j, &(r2, c2)) in offsets.iter().enumerate() {
                if group[j] == usize::MAX && r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                    group[j] = group[start];
                    stack.push(j);
                }
            }
        }
        representatives.push(offsets[start]);
    }
    representatives
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_of_shapes() {
        assert_eq!(components(&[(0, 0), (0, 1), (1, 0)]).len(), 1);
        assert_eq!(components(&[(0, 0), (0, 2)]), vec![(0, 0), (0, 2)]);
        assert_eq!(components(&[(0, 0), (1, 1), (2, 2)]).len(), 3);
    }
}
