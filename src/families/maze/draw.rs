//! Drawing a maze: walls (once, into a layer the canvas keeps), the start and exit, the path
//! walked so far in red and the walker on it.

use super::grid::{Ends, Grid, Shape};
use super::svg;
use crate::draw::{Line, Painter, Stroke};

const BACKGROUND: &str = "#fbfaf6";
const WALL: &str = "#222";
const ROCK: &str = "#4a4a52";
const START: &str = "#c8ecc4";
const EXIT: &str = "#f6c9c4";
const PATH: &str = "#e0301e";

/// How source coordinates map onto the drawing: screen = (source - origin) · scale + offset.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    pub scale: f64,
    pub origin: (f64, f64),
    pub offset: (f64, f64),
}

impl View {
    /// The maze fitted into `width` x `height`, centred, with a margin.
    pub fn fit(grid: &Grid, width: f64, height: f64) -> View {
        let (left, top, right, bottom) = grid.geometry.bounds(grid.rows, grid.cols);
        let margin = 10.0;
        let (w, h) = ((right - left).max(1e-9), (bottom - top).max(1e-9));
        let scale = ((width - 2.0 * margin) / w).min((height - 2.0 * margin) / h).max(1e-6);
        View { scale, origin: (left, top), offset: ((width - w * scale) / 2.0, (height - h * scale) / 2.0) }
    }

    pub fn screen(&self, (x, y): (f64, f64)) -> (f64, f64) {
        ((x - self.origin.0) * self.scale + self.offset.0, (y - self.origin.1) * self.scale + self.offset.1)
    }

    pub fn source(&self, (x, y): (f64, f64)) -> (f64, f64) {
        ((x - self.offset.0) / self.scale + self.origin.0, (y - self.offset.1) / self.scale + self.origin.1)
    }
}

/// The length of a cell's side on screen.
pub fn cell_size(grid: &Grid, view: &View) -> f64 {
    grid.geometry.unit() * view.scale
}

fn cell_polygon(grid: &Grid, view: &View, cell: usize) -> Vec<(f64, f64)> {
    let (r, c) = grid.row_col(cell);
    (0..grid.shape.sides() as u8).map(|side| view.screen(grid.geometry.wall(r, c, side).0)).collect()
}

/// Paints the maze with the path along `cells` walked up to `step` (+ `tween` of the next).
pub fn draw(
    grid: &Grid,
    key: u64,
    ends: Option<Ends>,
    cells: &[usize],
    step: usize,
    tween: f32,
    painter: &mut dyn Painter,
) {
    let (width, height) = painter.size();
    let view = View::fit(grid, width, height);
    let size = cell_size(grid, &view);
    painter.layer(key, &mut |p: &mut dyn Painter| {
        p.clear(BACKGROUND);
        for cell in (0..grid.cells()).filter(|&c| grid.solid[c]) {
            p.polygon(&cell_polygon(grid, &view, cell), ROCK);
        }
        if let Some(ends) = ends {
            p.polygon(&cell_polygon(grid, &view, ends.start), START);
            p.polygon(&cell_polygon(grid, &view, ends.exit), EXIT);
        }
        let walls: Vec<Line> =
            svg::wall_runs(grid).into_iter().map(|(a, b)| (view.screen(a), view.screen(b))).collect();
        let blocks = grid.solid.iter().any(|&s| s);
        if !blocks {
            p.lines(&walls, WALL, (size * 0.12).clamp(1.0, 3.0));
        }
        if size >= 14.0 {
            if let Some(ends) = ends {
                let label = |p: &mut dyn Painter, cell: usize, text: &str| {
                    let (r, c) = grid.row_col(cell);
                    let (x, y) = view.screen(grid.geometry.centre(r, c));
                    p.text(x, y, size * 0.45, "#555", text);
                };
                label(p, ends.start, "S");
                if ends.exit != ends.start {
                    label(p, ends.exit, "E");
                }
            }
        }
    });
    let Some(ends) = ends else { return };
    if cells.is_empty() {
        return;
    }
    let shown = step.min(cells.len() - 1);
    let centre = |cell: usize| {
        let (r, c) = grid.row_col(cell);
        view.screen(grid.geometry.centre(r, c))
    };
    let mut points: Vec<(f64, f64)> = Vec::with_capacity(shown + 3);
    if let Some(side) = ends.start_side {
        let (r, c) = grid.row_col(ends.start);
        points.push(view.screen(grid.geometry.wall_middle(r, c, side)));
    }
    points.extend(cells[..=shown].iter().map(|&c| centre(c)));
    let mut walker = centre(cells[shown]);
    if shown + 1 < cells.len() && tween > 0.0 {
        let (a, b) = (walker, centre(cells[shown + 1]));
        let t = f64::from(tween);
        walker = (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        points.push(walker);
    }
    let line = (size * 0.3).clamp(1.5, 6.0);
    if points.len() >= 2 {
        painter.polyline(&points, &Stroke { colour: PATH, width: line, dash: 0.0 });
    }
    let radius = (size * 0.32).max(2.5);
    painter.circle(walker.0, walker.1, radius, "#1d5fd1");
    if grid.shape == Shape::Square && radius > 5.0 {
        painter.circle(walker.0, walker.1, radius * 0.4, "#fff");
    }
}

/// A message instead of a maze.
pub fn message(painter: &mut dyn Painter, text: &str) {
    let (width, height) = painter.size();
    painter.clear(BACKGROUND);
    painter.text(width / 2.0, height / 2.0, 15.0, "#a33", text);
}
