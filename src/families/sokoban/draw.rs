//! Paints a Sokoban board: floor, walls, goals as dots, boxes as crates (boxes on goals set
//! apart in green) and the player as a round figure. Between two steps of a replay the player
//! walks the step's letters one cell at a time and pushes its box along.

use super::format::{Cell, Level};
use super::rules::{Direction, Position};
use crate::draw::{rounded_rect, GridLayout, Painter, Stroke};

const BACKGROUND: &str = "#f4f1ea";
const FLOOR: &str = "#e3dccb";
const WALL: &str = "#5b5148";
const WALL_EDGE: &str = "#463e37";
const GOAL: &str = "#c0392b";
const BOX: &str = "#c8903c";
const BOX_EDGE: &str = "#8a5a1c";
const BOX_HOME: &str = "#3f8f4a";
const BOX_HOME_EDGE: &str = "#2a6332";
const PLAYER: &str = "#2c5aa0";
const FACE: &str = "#ffffff";
const CHOSEN: &str = "#1f6feb";

pub fn layout(level: &Level, width: f64, height: f64) -> GridLayout {
    GridLayout::fit(level.width, level.height, width, height)
}

/// The board at `state`; `moving` (a step's letters) is `tween` of the way done; the box on
/// `chosen` (a tap chose it, to be pushed somewhere) ringed.
pub fn draw(
    level: &Level,
    state: &Position,
    moving: Option<&str>,
    tween: f32,
    chosen: Option<usize>,
    painter: &mut dyn Painter,
) {
    let (width, height) = painter.size();
    let grid = layout(level, width, height);
    let cell = grid.cell;
    painter.clear(BACKGROUND);
    for index in 0..level.cells.len() {
        let (x, y) = grid.at((index / level.width) as f64, (index % level.width) as f64);
        match level.cells[index] {
            Cell::Outside => {}
            Cell::Wall => {
                painter.rect(x, y, cell, cell, WALL_EDGE);
                painter.rect(x + cell * 0.06, y + cell * 0.06, cell * 0.88, cell * 0.88, WALL);
            }
            Cell::Floor => {
                painter.rect(x, y, cell, cell, FLOOR);
                if level.goals[index] {
                    painter.circle(x + cell / 2.0, y + cell / 2.0, cell * 0.16, GOAL);
                }
            }
        }
    }
    // Part-way through a step: the letters done, and the one under way.
    let letters: Vec<char> = moving.map(|m| m.chars().collect()).unwrap_or_default();
    let progress = f64::from(tween.clamp(0.0, 1.0)) * letters.len() as f64;
    let done = (progress.floor() as usize).min(letters.len());
    let mut shown = state.clone();
    for &letter in &letters[..done] {
        if let Some(d) = Direction::from_letter(letter) {
            let _ = shown.go(level, d);
        }
    }
    let under_way =
        letters.get(done).and_then(|&l| Direction::from_letter(l)).filter(|&d| shown.clone().go(level, d).is_ok());
    let fraction = progress - done as f64;
    let shift = |d: Option<Direction>| {
        d.map_or((0.0, 0.0), |d| (d.delta().1 as f64 * fraction * cell, d.delta().0 as f64 * fraction * cell))
    };
    let pushed = under_way.and_then(|d| super::rules::step(level, shown.player, d)).filter(|&n| shown.boxes[n]);
    for index in (0..level.cells.len()).filter(|&i| shown.boxes[i]) {
        let (x, y) = grid.at((index / level.width) as f64, (index % level.width) as f64);
        let (dx, dy) = if pushed == Some(index) { shift(under_way) } else { (0.0, 0.0) };
        let (fill, edge) = if level.goals[index] { (BOX_HOME, BOX_HOME_EDGE) } else { (BOX, BOX_EDGE) };
        let inset = cell * 0.08;
        rounded_rect(
            painter,
            x + dx + inset,
            y + dy + inset,
            cell - 2.0 * inset,
            cell - 2.0 * inset,
            cell * 0.14,
            edge,
        );
        let inner = cell * 0.16;
        rounded_rect(
            painter,
            x + dx + inner,
            y + dy + inner,
            cell - 2.0 * inner,
            cell - 2.0 * inner,
            cell * 0.08,
            fill,
        );
        if chosen == Some(index) {
            painter.ring(
                x + cell / 2.0,
                y + cell / 2.0,
                cell * 0.5,
                &Stroke { colour: CHOSEN, width: (cell * 0.08).max(2.0), dash: 0.0 },
            );
        }
    }
    let (x, y) = grid.at((shown.player / level.width) as f64, (shown.player % level.width) as f64);
    let (dx, dy) = shift(under_way);
    let (cx, cy) = (x + dx + cell / 2.0, y + dy + cell / 2.0);
    painter.circle(cx, cy, cell * 0.34, PLAYER);
    painter.circle(cx - cell * 0.11, cy - cell * 0.06, cell * 0.06, FACE);
    painter.circle(cx + cell * 0.11, cy - cell * 0.06, cell * 0.06, FACE);
}
