//! Pictures of script states, whatever language the script is in: the shapes `draw(state)`
//! returns, on a grid, or else the state as text.

use crate::draw::{GridLayout, Painter};

const BACKGROUND: &str = "#f7f5f0";
/// Most shapes drawn from one state.
pub const MAX_SHAPES: usize = 10_000;

/// One shape of `draw(state)`, read with the format's defaults.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Shape {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub colour: String,
    pub label: String,
    pub circle: bool,
    /// The move a tap on the shape plays, as the move list writes it (`move` in the script).
    #[serde(default)]
    pub tap: Option<String>,
}

impl Shape {
    /// A shape from its fields as the script gave them: `number` reads a finite number,
    /// `text` a field as text; a field missing or of another kind takes its default.
    pub fn read(number: impl Fn(&str) -> Option<f64>, text: impl Fn(&str) -> Option<String>) -> Shape {
        let number = |key: &str, default: f64| number(key).filter(|v| v.is_finite()).unwrap_or(default);
        Shape {
            x: number("x", 0.0),
            y: number("y", 0.0),
            w: number("w", 1.0).clamp(0.0, 1e4),
            h: number("h", 1.0).clamp(0.0, 1e4),
            colour: text("colour").unwrap_or_else(|| "#c9c2b2".into()),
            label: text("label").unwrap_or_default(),
            circle: text("shape").is_some_and(|s| s == "circle"),
            tap: text("move").filter(|m| !m.is_empty()),
        }
    }
}

/// What a script draws of a state: its shapes, or (without `draw`) its text.
pub enum Picture {
    Shapes(Vec<Shape>),
    Text(String),
}

/// Where shapes are drawn on a surface: a grid fitted to their bounding box.
struct Placed {
    grid: GridLayout,
    min_x: f64,
    min_y: f64,
}

impl Placed {
    /// None for no shapes.
    fn on(shapes: &[Shape], (width, height): (f64, f64)) -> Option<Placed> {
        if shapes.is_empty() {
            return None;
        }
        let min_x = shapes.iter().map(|s| s.x).fold(f64::INFINITY, f64::min);
        let min_y = shapes.iter().map(|s| s.y).fold(f64::INFINITY, f64::min);
        let max_x = shapes.iter().map(|s| s.x + s.w).fold(f64::NEG_INFINITY, f64::max);
        let max_y = shapes.iter().map(|s| s.y + s.h).fold(f64::NEG_INFINITY, f64::max);
        let cols = (max_x - min_x).ceil().clamp(1.0, 1e4) as usize;
        let rows = (max_y - min_y).ceil().clamp(1.0, 1e4) as usize;
        Some(Placed { grid: GridLayout::fit(cols, rows, width, height), min_x, min_y })
    }

    /// A shape's rectangle on the surface: left, top, width and height.
    fn rect(&self, s: &Shape) -> (f64, f64, f64, f64) {
        let (x, y) = self.grid.at(s.y - self.min_y, s.x - self.min_x);
        (x, y, s.w * self.grid.cell, s.h * self.grid.cell)
    }
}

/// The move a tap plays on a picture of `shapes` painted on a surface of `size`: that of the
/// topmost shape under both `from` and `to` (a tap, or a drag that stays on it) that names a
/// move, when `allowed` lists it.
pub fn tapped(shapes: &[Shape], from: (f64, f64), to: (f64, f64), size: (f64, f64), allowed: &[String]) -> Vec<String> {
    let Some(placed) = Placed::on(shapes, size) else { return Vec::new() };
    let under = |s: &&Shape, (px, py): (f64, f64)| {
        let (x, y, w, h) = placed.rect(s);
        (x..=x + w).contains(&px) && (y..=y + h).contains(&py)
    };
    let topmost = shapes.iter().rev().find(|s| under(s, from) && under(s, to) && s.tap.is_some());
    topmost.and_then(|s| s.tap.clone()).filter(|tap| allowed.contains(tap)).into_iter().collect()
}

pub fn message(painter: &mut dyn Painter, text: &str) {
    let (width, height) = painter.size();
    painter.clear(BACKGROUND);
    painter.text(width / 2.0, height / 2.0, 16.0, "#777", text);
}

/// Paints a picture, or the error that stopped the script drawing one.
pub fn paint(picture: Result<Picture, String>, painter: &mut dyn Painter) {
    let (width, height) = painter.size();
    match picture {
        Ok(Picture::Shapes(shapes)) => {
            painter.clear(BACKGROUND);
            let Some(placed) = Placed::on(&shapes, (width, height)) else { return };
            let cell = placed.grid.cell;
            for s in &shapes {
                let (x, y, w, h) = placed.rect(s);
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
        Ok(Picture::Text(shown)) => {
            // No draw(): the state as text, one line per line.
            painter.clear(BACKGROUND);
            let lines: Vec<&str> = shown.lines().take(60).collect();
            let size = (height / (lines.len() as f64 + 2.0)).clamp(8.0, 22.0);
            for (i, line) in lines.iter().enumerate() {
                painter.text(width / 2.0, size * (i as f64 + 1.5), size * 0.8, "#333", line);
            }
        }
        Err(e) => message(painter, &e),
    }
}
