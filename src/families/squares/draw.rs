//! Paints a Game About Squares position the way the game looks: rounded coloured squares with a
//! small triangle pointing their way, goals as coloured rings, arrows as grey chevrons. The view
//! follows the squares when they leave the level's area.

use super::format::DIRECTIONS;
use super::rules::{Area, Piece};
use super::SquaresPuzzle;
use crate::draw::{palette, GridLayout, Painter, Stroke};

const BACKGROUND: &str = "#f7f5f0";
const DOT: &str = "#e2ddd2";
const ARROW: &str = "#9a968d";

/// The game's colours for the names its levels use; other names get a palette colour.
pub fn colour_css(name: &str) -> String {
    match name.to_ascii_lowercase().as_str() {
        "red" => "#e8484f".into(),
        "blue" => "#3c7fd6".into(),
        "black" => "#3a3a3a".into(),
        "orange" => "#f29b38".into(),
        "green" => "#3fa55b".into(),
        "purple" => "#8a55c9".into(),
        "yellow" => "#e6c229".into(),
        "grey" | "gray" => "#8c8c8c".into(),
        "pink" => "#e86fa6".into(),
        "brown" => "#8b5a36".into(),
        _ => palette(name.bytes().fold(7usize, |h, b| h.wrapping_mul(31).wrapping_add(usize::from(b)))),
    }
}

/// The cells shown: the level with one cell around it, grown to take in `pieces`.
pub fn view(puzzle: &SquaresPuzzle, pieces: &[&[Piece]]) -> Area {
    let b = puzzle.rules.level_box;
    let mut area = Area { min_x: b.min_x - 1, min_y: b.min_y - 1, max_x: b.max_x + 1, max_y: b.max_y + 1 };
    for p in pieces.iter().flat_map(|ps| ps.iter()) {
        area.min_x = area.min_x.min(p.x - 1);
        area.min_y = area.min_y.min(p.y - 1);
        area.max_x = area.max_x.max(p.x + 1);
        area.max_y = area.max_y.max(p.y + 1);
    }
    area
}

pub fn layout(area: &Area, width: f64, height: f64) -> GridLayout {
    GridLayout::fit((area.max_x - area.min_x + 1) as usize, (area.max_y - area.min_y + 1) as usize, width, height)
}

/// The squares at `now`, `tween` (0 to 1) of the way to `next` (the position after the next click).
pub fn draw(puzzle: &SquaresPuzzle, now: &[Piece], next: &[Piece], tween: f32, painter: &mut dyn Painter) {
    let area = view(puzzle, &[now, next]);
    let (width, height) = painter.size();
    let grid = layout(&area, width, height);
    let cell = grid.cell;
    let at = |x: f64, y: f64| grid.at(y - f64::from(area.min_y), x - f64::from(area.min_x));
    painter.clear(BACKGROUND);
    // A dot on every cell, while the cells are big enough to see them.
    if cell >= 6.0 {
        for y in area.min_y..=area.max_y {
            for x in area.min_x..=area.max_x {
                let (px, py) = at(f64::from(x), f64::from(y));
                painter.circle(px + cell / 2.0, py + cell / 2.0, (cell * 0.04).max(1.0), DOT);
            }
        }
    }
    let level = &puzzle.level;
    for arrow in &level.arrows {
        let (px, py) = at(f64::from(arrow.x), f64::from(arrow.y));
        chevron(painter, px + cell / 2.0, py + cell / 2.0, cell, arrow.direction);
    }
    for goal in &level.goals {
        let (px, py) = at(f64::from(goal.x), f64::from(goal.y));
        let colour = colour_css(&goal.colour);
        painter.ring(
            px + cell / 2.0,
            py + cell / 2.0,
            cell * 0.3,
            &Stroke { colour: &colour, width: cell * 0.09, dash: 0.0 },
        );
    }
    let t = f64::from(tween.clamp(0.0, 1.0));
    for (slot, (a, b)) in now.iter().zip(next).enumerate() {
        let x = f64::from(a.x) + (f64::from(b.x) - f64::from(a.x)) * t;
        let y = f64::from(a.y) + (f64::from(b.y) - f64::from(a.y)) * t;
        // Turning on an arrow: rotate the short way round.
        let from = f64::from(a.direction);
        let mut turn = f64::from(b.direction) - from;
        if turn > 2.0 {
            turn -= 4.0;
        } else if turn < -2.0 {
            turn += 4.0;
        }
        let angle = (from + turn * t) * std::f64::consts::FRAC_PI_2;
        let colour = colour_css(&puzzle.rules.colours[puzzle.rules.slot_colour[slot] as usize]);
        let (px, py) = at(x, y);
        square(painter, px, py, cell, &colour, angle);
    }
}

/// A rounded square with a pale triangle pointing at `angle` (0 = up, clockwise, radians).
fn square(painter: &mut dyn Painter, x: f64, y: f64, cell: f64, colour: &str, angle: f64) {
    let inset = cell * 0.06;
    let radius = cell * 0.12;
    let (l, t, size) = (x + inset, y + inset, cell - 2.0 * inset);
    painter.rect(l + radius, t, size - 2.0 * radius, size, colour);
    painter.rect(l, t + radius, size, size - 2.0 * radius, colour);
    for (cx, cy) in [
        (l + radius, t + radius),
        (l + size - radius, t + radius),
        (l + radius, t + size - radius),
        (l + size - radius, t + size - radius),
    ] {
        painter.circle(cx, cy, radius, colour);
    }
    let (cx, cy) = (x + cell / 2.0, y + cell / 2.0);
    let rotate =
        |dx: f64, dy: f64| (cx + dx * angle.cos() - dy * angle.sin(), cy + dx * angle.sin() + dy * angle.cos());
    let tip = rotate(0.0, -cell * 0.36);
    let left = rotate(-cell * 0.12, -cell * 0.24);
    let right = rotate(cell * 0.12, -cell * 0.24);
    painter.polygon(&[tip, left, right], "rgba(255,255,255,0.85)");
}

/// A grey chevron (">" turned to face `direction`).
fn chevron(painter: &mut dyn Painter, cx: f64, cy: f64, cell: f64, direction: u8) {
    let (dx, dy) = DIRECTIONS[direction as usize];
    let (dx, dy) = (f64::from(dx), f64::from(dy));
    let s = cell * 0.3;
    // (forward, sideways) corners of ">" pointing forward, one unit = s.
    let shape = [(-0.3, -0.6), (0.0, -0.6), (0.5, 0.0), (0.0, 0.6), (-0.3, 0.6), (0.2, 0.0)];
    let points: Vec<(f64, f64)> =
        shape.iter().map(|&(f, side)| (cx + (f * dx - side * dy) * s, cy + (f * dy + side * dx) * s)).collect();
    painter.polygon(&points, ARROW);
}
