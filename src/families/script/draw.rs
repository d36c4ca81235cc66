//! Pictures of script states: the shapes `draw(state)` returns, on a grid, or else the state as
//! text.

use super::runner::Runner;
use crate::draw::{GridLayout, Painter};
use rhai::{Dynamic, Map};

const BACKGROUND: &str = "#f7f5f0";
/// Most shapes drawn from one state.
const MAX_SHAPES: usize = 10_000;

pub fn message(painter: &mut dyn Painter, text: &str) {
    let (width, height) = painter.size();
    painter.clear(BACKGROUND);
    painter.text(width / 2.0, height / 2.0, 16.0, "#777", text);
}

struct Shape {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    colour: String,
    label: String,
    circle: bool,
}

fn number(map: &Map, key: &str, default: f64) -> f64 {
    map.get(key)
        .and_then(|v| v.as_float().ok().or_else(|| v.as_int().ok().map(|i| i as f64)))
        .filter(|v| v.is_finite())
        .unwrap_or(default)
}

fn text(map: &Map, key: &str) -> Option<String> {
    map.get(key).map(|v| if v.is_string() { v.to_string() } else { format!("{v:?}") })
}

fn shapes(list: &[Dynamic]) -> Vec<Shape> {
    list.iter()
        .take(MAX_SHAPES)
        .filter_map(|item| item.read_lock::<Map>().map(|m| m.clone()))
        .map(|m| Shape {
            x: number(&m, "x", 0.0),
            y: number(&m, "y", 0.0),
            w: number(&m, "w", 1.0).clamp(0.0, 1e4),
            h: number(&m, "h", 1.0).clamp(0.0, 1e4),
            colour: text(&m, "colour").unwrap_or_else(|| "#c9c2b2".into()),
            label: text(&m, "label").unwrap_or_default(),
            circle: text(&m, "shape").is_some_and(|s| s == "circle"),
        })
        .collect()
}

pub fn draw(runner: &Runner, state: &Dynamic, painter: &mut dyn Painter) {
    let (width, height) = painter.size();
    match runner.draw(state) {
        Ok(Some(list)) => {
            let shapes = shapes(&list);
            painter.clear(BACKGROUND);
            if shapes.is_empty() {
                return;
            }
            let min_x = shapes.iter().map(|s| s.x).fold(f64::INFINITY, f64::min);
            let min_y = shapes.iter().map(|s| s.y).fold(f64::INFINITY, f64::min);
            let max_x = shapes.iter().map(|s| s.x + s.w).fold(f64::NEG_INFINITY, f64::max);
            let max_y = shapes.iter().map(|s| s.y + s.h).fold(f64::NEG_INFINITY, f64::max);
            let cols = (max_x - min_x).ceil().clamp(1.0, 1e4) as usize;
            let rows = (max_y - min_y).ceil().clamp(1.0, 1e4) as usize;
            let grid = GridLayout::fit(cols, rows, width, height);
            let cell = grid.cell;
            for s in &shapes {
                let (x, y) = grid.at(s.y - min_y, s.x - min_x);
                let (w, h) = (s.w * cell, s.h * cell);
                let inset = (cell * 0.05).min(w / 4.0).min(h / 4.0);
                if s.circle {
                    painter.circle(x + w / 2.0, y + h / 2.0, (w.min(h) / 2.0 - inset).max(0.5), &s.colour);
                } else {
                    painter.rect(x + inset, y + inset, w - 2.0 * inset, h - 2.0 * inset, &s.colour);
                }
                if !s.label.is_empty() {
                    painter.text(x + w / 2.0, y + h / 2.0, (cell * 0.4).min(h * 0.6), "#222", &s.label);
                }
            }
        }
        Ok(None) => {
            // No draw(): the state as text, one line per line.
            let shown = runner.show(state).unwrap_or_else(|e| e.to_string());
            painter.clear(BACKGROUND);
            let lines: Vec<&str> = shown.lines().take(60).collect();
            let size = (height / (lines.len() as f64 + 2.0)).clamp(8.0, 22.0);
            for (i, line) in lines.iter().enumerate() {
                painter.text(width / 2.0, size * (i as f64 + 1.5), size * 0.8, "#333", line);
            }
        }
        Err(e) => message(painter, &e.to_string()),
    }
}
