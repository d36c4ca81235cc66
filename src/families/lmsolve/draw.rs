//! The LM-Solve families on the canvas, each in the spirit of its original site: Alice's arrows
//! and step size, Theseus and the Minotaur in a walled grid, number mazes, tilt mazes with their
//! balls, and planks between stumps (on squares or hexagons).

use super::alice::{Alice, ARROWS};
use super::input::{Walls, Xy};
use super::minotaur::Minotaur;
use super::numbers::Numbers;
use super::plank::{Lay, Plank, PlankState};
use super::scan::Game;
use super::tilt::{Kind3, Tilt, TiltState};
use crate::draw::{GridLayout, Painter, Stroke};

/// How a family's state looks on the canvas.
pub trait Picture: Game {
    /// Paints the move from `from` to `to`, `t` (0 to 1) of the way (`to` is `from` at rest).
    fn paint(&self, from: &Self::State, to: &Self::State, t: f64, painter: &mut dyn Painter);

    /// Where the move `mv` from `state` (to `after`) goes on the board, from cell to cell: the
    /// piece played (Alice's token, Theseus, the number maze's ring, the first ball of a tilt
    /// maze), or the two stumps a plank is laid between. Play reads taps and drags by it.
    fn stroke(&self, state: &Self::State, mv: &Self::Move, after: &Self::State) -> (Xy, Xy);

    /// The way (dx, dy) a move goes, for games whose moves are ways to go (a tilt, a step, a
    /// jump); None for a move that is not (Theseus waiting, a plank). The arrow keys, and taps
    /// and swipes that way, read moves by it.
    fn way(&self, mv: &Self::Move) -> Option<Xy>;

    /// The piece drawn at `point` of a drawing of `size`, in the words of
    /// [`told_apart`](Game::told_apart), for a tap that chooses which one to move (a plank); None, the
    /// default, for games with one piece.
    fn piece_at(&self, _state: &Self::State, _point: (f64, f64), _size: (f64, f64)) -> Option<String> {
        None
    }

    /// Marks the piece `piece` (in the words of [`told_apart`](Game::told_apart)) as chosen.
    fn mark(&self, _state: &Self::State, _piece: &str, _painter: &mut dyn Painter) {}
}

const PAPER: &str = "#f4f1ea";
const CELL: &str = "#fffdf8";
const INK: &str = "#2b2b2b";
const GOAL: &str = "#f2c94c";
/// The stumps a plank puzzle's walker can stand on are ringed in it.
pub(super) const WALKER: &str = "#e67e22";

fn centre(grid: &GridLayout, at: Xy) -> (f64, f64) {
    between(grid, at, at, 0.0)
}

/// A grid of empty cells, with `fill` deciding each cell's colour.
fn cells(painter: &mut dyn Painter, grid: &GridLayout, fill: &dyn Fn(usize, usize) -> Option<&'static str>) {
    painter.clear(PAPER);
    // Cells too small for a gutter between them (a 400 x 400 board) are one block, with only the
    // marked ones drawn on it: a cell drawn a pixel smaller than itself would vanish.
    let gutter = if grid.cell >= 4.0 { 1.0 } else { 0.0 };
    if gutter == 0.0 {
        let (left, top) = grid.at(0.0, 0.0);
        painter.rect(left, top, grid.cell * grid.cols as f64, grid.cell * grid.rows as f64, CELL);
    }
    for y in 0..grid.rows {
        for x in 0..grid.cols {
            let colour = fill(x, y);
            if gutter > 0.0 || colour.is_some() {
                let (left, top) = grid.at(y as f64, x as f64);
                painter.rect(
                    left + gutter / 2.0,
                    top + gutter / 2.0,
                    grid.cell - gutter,
                    grid.cell - gutter,
                    colour.unwrap_or(CELL),
                );
            }
        }
    }
}

fn walls(painter: &mut dyn Painter, grid: &GridLayout, walls: &Walls) {
    let width = (grid.cell * 0.08).clamp(2.0, 5.0);
    for (y, row) in walls.h.iter().enumerate() {
        for (x, &wall) in row.iter().enumerate() {
            if wall {
                let (x1, y1) = grid.at(y as f64, x as f64);
                painter.line(x1, y1, x1 + grid.cell, y1, INK, width);
            }
        }
    }
    for (y, row) in walls.v.iter().enumerate() {
        for (x, &wall) in row.iter().enumerate() {
            if wall {
                let (x1, y1) = grid.at(y as f64, x as f64);
                painter.line(x1, y1, x1, y1 + grid.cell, INK, width);
            }
        }
    }
}

/// The centre of a piece on its way from one cell to another, `t` of the way.
fn between(grid: &GridLayout, from: Xy, to: Xy, t: f64) -> (f64, f64) {
    let lerp = |a: i64, b: i64| a as f64 + (b - a) as f64 * t.clamp(0.0, 1.0);
    let (left, top) = grid.at(lerp(from.1, to.1), lerp(from.0, to.0));
    (left + grid.cell / 2.0, top + grid.cell / 2.0)
}

/// A piece on its way from one cell to another, `t` of the way.
fn token(painter: &mut dyn Painter, grid: &GridLayout, (from, to, t): (Xy, Xy, f64), colour: &str, label: &str) {
    let (cx, cy) = between(grid, from, to, t);
    painter.circle(cx, cy, grid.cell * 0.32, colour);
    painter.text(cx, cy, grid.cell * 0.32, "#ffffff", label);
}

/// The part of `t` that falls in [start, end], scaled to 0..1 (animating in phases).
fn phase(t: f64, start: f64, end: f64) -> f64 {
    ((t - start) / (end - start)).clamp(0.0, 1.0)
}

impl Picture for Tilt {
    fn paint(
        &self,
        (balls, collected): &TiltState,
        (after, collected_after): &TiltState,
        t: f64,
        painter: &mut dyn Painter,
    ) {
        // Goals passed over count once the ball is half-way.
        let collected = if t >= 0.5 { collected_after } else { collected };
        let (w, h) = painter.size();
        let grid = GridLayout::fit(self.walls.width, self.walls.height, w, h);
        let kind = self.kind;
        let goals = self.goals.clone();
        cells(painter, &grid, &|x, y| {
            let at = (x as i64, y as i64);
            match kind {
                Kind3::Single { goal } => (goal == at).then_some(GOAL),
                Kind3::Multi => goals.iter().position(|g| *g == at).map(|i| {
                    if collected & (1 << (i + 1)) != 0 {
                        "#d9d2c0"
                    } else {
                        GOAL
                    }
                }),
                Kind3::RedBlue { red_goal, blue_goal } => {
                    if red_goal == at {
                        Some("#f5b7ae")
                    } else if blue_goal == at {
                        Some("#b3cdf2")
                    } else {
                        None
                    }
                }
            }
        });
        if kind == Kind3::Multi {
            for (i, &g) in self.goals.iter().enumerate() {
                let (cx, cy) = centre(&grid, g);
                painter.text(cx, cy - grid.cell * 0.3, grid.cell * 0.22, "#8a6d1a", &(i + 1).to_string());
            }
        }
        walls(painter, &grid, &self.walls);
        match kind {
            Kind3::RedBlue { .. } => {
                token(painter, &grid, (balls[0], after[0], t), "#d2412f", "R");
                token(painter, &grid, (balls[1], after[1], t), "#2d6cdf", "B");
            }
            _ => token(painter, &grid, (balls[0], after[0], t), "#3a3a3a", ""),
        }
    }

    fn stroke(&self, (balls, _): &TiltState, _: &char, (after, _): &TiltState) -> (Xy, Xy) {
        (balls[0], after[0])
    }

    fn way(&self, tilt: &char) -> Option<Xy> {
        super::tilt::TILTS.iter().find(|t| t.0 == *tilt).map(|t| t.2)
    }
}

impl Picture for Minotaur {
    fn paint(
        &self,
        &(theseus, minotaur): &(Xy, Xy),
        &(theseus_after, _): &(Xy, Xy),
        t: f64,
        painter: &mut dyn Painter,
    ) {
        let (w, h) = painter.size();
        let grid = GridLayout::fit(self.walls.width, self.walls.height, w, h);
        let exit = self.exit;
        cells(painter, &grid, &|x, y| ((x as i64, y as i64) == exit).then_some("#bfe3b4"));
        walls(painter, &grid, &self.walls);
        // Theseus steps first, then the Minotaur takes its two steps, one after the other.
        let steps = if theseus_after == minotaur { [minotaur; 3] } else { self.chase_steps(theseus_after, minotaur) };
        let mino =
            if t < 0.7 { (steps[0], steps[1], phase(t, 0.4, 0.7)) } else { (steps[1], steps[2], phase(t, 0.7, 1.0)) };
        token(painter, &grid, mino, "#b03020", "M");
        if t > 0.0 || theseus != minotaur {
            token(painter, &grid, (theseus, theseus_after, phase(t, 0.0, 0.4)), "#2d6cdf", "T");
        }
    }

    fn stroke(&self, &(theseus, _): &(Xy, Xy), _: &char, &(after, _): &(Xy, Xy)) -> (Xy, Xy) {
        (theseus, after)
    }

    fn way(&self, m: &char) -> Option<Xy> {
        let (_, dir) = super::minotaur::STEPS.iter().find(|(c, _)| c == m)?;
        dir.map(|d| super::minotaur::step((0, 0), d))
    }
}

impl Picture for Numbers {
    fn paint(&self, &(x, y): &(i64, i64), &(to_x, to_y): &(i64, i64), t: f64, painter: &mut dyn Painter) {
        let (w, h) = painter.size();
        let grid = GridLayout::fit(self.width, self.height, w, h);
        let width = self.width;
        let goals: Vec<bool> = self.cells.iter().map(Option::is_none).collect();
        cells(painter, &grid, &|cx, cy| goals[cy * width + cx].then_some(GOAL));
        for (i, cell) in self.cells.iter().enumerate() {
            let (cx, cy) = centre(&grid, ((i % width) as i64, (i / width) as i64));
            let label = cell.map_or("★".to_string(), |d| d.to_string());
            painter.text(cx, cy, grid.cell * 0.45, INK, &label);
        }
        let (cx, cy) = between(&grid, (x, y), (to_x, to_y), t);
        painter.ring(
            cx,
            cy,
            grid.cell * 0.4,
            &Stroke { colour: "#2d6cdf", width: (grid.cell * 0.08).max(2.0), dash: 0.0 },
        );
    }

    fn stroke(&self, &at: &Xy, _: &char, &after: &Xy) -> (Xy, Xy) {
        (at, after)
    }

    fn way(&self, m: &char) -> Option<Xy> {
        [('E', (1, 0)), ('W', (-1, 0)), ('S', (0, 1)), ('N', (0, -1))]
            .into_iter()
            .find(|(c, _)| c == m)
            .map(|(_, way)| way)
    }
}

impl Picture for Alice {
    fn paint(
        &self,
        &(x, y, d): &(i64, i64, i64),
        &(to_x, to_y, to_d): &(i64, i64, i64),
        t: f64,
        painter: &mut dyn Painter,
    ) {
        let (w, h) = painter.size();
        let grid = GridLayout::fit(self.width, self.height, w, h);
        let width = self.width;
        let kinds: Vec<Option<&'static str>> = self
            .cells
            .iter()
            .map(|c| {
                if c.blank {
                    Some("#3b3b3b")
                } else if c.goal {
                    Some(GOAL)
                } else if c.add {
                    Some("#cfe8c8")
                } else if c.sub {
                    Some("#f3d0cb")
                } else {
                    None
                }
            })
            .collect();
        cells(painter, &grid, &|cx, cy| kinds[cy * width + cx]);
        for (i, cell) in self.cells.iter().enumerate() {
            let (cx, cy) = centre(&grid, ((i % width) as i64, (i / width) as i64));
            for &a in &cell.arrows {
                let (dx, dy) = ARROWS[a].1;
                let (len, head) = (grid.cell * 0.38, grid.cell * 0.1);
                let norm = ((dx * dx + dy * dy) as f64).sqrt();
                let (ux, uy) = (dx as f64 / norm, dy as f64 / norm);
                let (tx, ty) = (cx + ux * len, cy + uy * len);
                painter.line(cx + ux * len * 0.35, cy + uy * len * 0.35, tx, ty, "#5a4a2f", 2.0);
                painter.polygon(
                    &[
                        (tx, ty),
                        (tx - ux * head - uy * head * 0.6, ty - uy * head + ux * head * 0.6),
                        (tx - ux * head + uy * head * 0.6, ty - uy * head - ux * head * 0.6),
                    ],
                    "#5a4a2f",
                );
            }
            let mark = if cell.add {
                "+1"
            } else if cell.sub {
                "−1"
            } else {
                ""
            };
            if !mark.is_empty() {
                painter.text(cx, cy + grid.cell * 0.3, grid.cell * 0.2, "#555", mark);
            }
        }
        // The step size shown changes on landing.
        let d = if t >= 1.0 { to_d } else { d };
        token(painter, &grid, ((x, y), (to_x, to_y), t), "#7a3fc0", &d.to_string());
    }

    fn stroke(&self, &(x, y, _): &(i64, i64, i64), _: &usize, &(to_x, to_y, _): &(i64, i64, i64)) -> (Xy, Xy) {
        ((x, y), (to_x, to_y))
    }

    fn way(&self, &arrow: &usize) -> Option<Xy> {
        ARROWS.get(arrow).map(|a| a.1)
    }
}

/// Where a plank board's lattice points are drawn: squares, or hexagons with each row half a
/// cell further left and rows √3/2 apart (§4.5).
pub struct PlankView {
    hex: bool,
    unit: f64,
    origin: (f64, f64),
    least: (f64, f64),
    size: (usize, usize),
}

impl PlankView {
    fn place(&self, (x, y): Xy) -> (f64, f64) {
        if self.hex {
            (x as f64 - y as f64 / 2.0, y as f64 * 3f64.sqrt() / 2.0)
        } else {
            (x as f64, y as f64)
        }
    }

    pub fn screen(&self, p: Xy) -> (f64, f64) {
        let (px, py) = self.place(p);
        (self.origin.0 + (px - self.least.0) * self.unit, self.origin.1 + (py - self.least.1) * self.unit)
    }

    /// The lattice point drawn nearest a point of the canvas, if it is close.
    pub fn nearest(&self, (x, y): (f64, f64)) -> Option<Xy> {
        let points = (0..self.size.1 as i64).flat_map(|py| (0..self.size.0 as i64).map(move |px| (px, py)));
        let distance = |p: &Xy| {
            let (sx, sy) = self.screen(*p);
            (sx - x).hypot(sy - y)
        };
        points.min_by(|a, b| distance(a).total_cmp(&distance(b))).filter(|p| distance(p) <= self.unit * 0.5)
    }
}

impl Plank {
    pub fn view(&self, w: f64, h: f64) -> PlankView {
        let mut view = PlankView {
            hex: self.hex,
            unit: 1.0,
            origin: (0.0, 0.0),
            least: (0.0, 0.0),
            size: (self.width, self.height),
        };
        let mut bounds = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for y in 0..self.height as i64 {
            for x in 0..self.width as i64 {
                let (px, py) = view.place((x, y));
                bounds = (bounds.0.min(px), bounds.1.min(py), bounds.2.max(px), bounds.3.max(py));
            }
        }
        let span = ((bounds.2 - bounds.0) + 1.0, (bounds.3 - bounds.1) + 1.0);
        view.unit = ((w - 20.0) / span.0).min((h - 20.0) / span.1);
        view.origin = ((w - (span.0 - 1.0) * view.unit) / 2.0, (h - (span.1 - 1.0) * view.unit) / 2.0);
        view.least = (bounds.0, bounds.1);
        view
    }
}

impl Picture for Plank {
    fn paint(&self, from: &PlankState, to: &PlankState, t: f64, painter: &mut dyn Painter) {
        // A plank is picked up and laid down: the board changes half-way.
        let (a, planks) = if t >= 0.5 { to } else { from };
        let (w, h) = painter.size();
        painter.clear(PAPER);
        let view = self.view(w, h);
        let (unit, screen) = (view.unit, |p: Xy| view.screen(p));
        painter.rect(0.0, 0.0, w, h, "#9cc3c9"); // the swamp
        let active = self.active(planks, *a);
        for (i, &((x, y), o)) in planks.iter().enumerate() {
            let (dx, dy) = [(1, 0), (0, 1), (1, 1)][o];
            let n = self.lengths[i];
            let (p1, p2) = (screen((x, y)), screen((x + n * dx, y + n * dy)));
            let colour = if active[i] { "#8a5a2b" } else { "#b8a58a" };
            painter.line(p1.0, p1.1, p2.0, p2.1, colour, unit * 0.22);
        }
        // Before it is laid, where the plank in hand goes (a hint is drawn a third of the way).
        if t > 0.0 && t < 0.5 {
            for i in (0..planks.len()).filter(|&i| from.1.get(i) != to.1.get(i)) {
                let (a, b) = self.ends(&to.1, i);
                let ((ax, ay), (bx, by)) = (screen(a), screen(b));
                painter.line(ax, ay, bx, by, GOAL, unit * 0.1);
            }
        }
        for y in 0..self.height as i64 {
            for x in 0..self.width as i64 {
                if self.stumps[y as usize * self.width + x as usize] {
                    let (sx, sy) = screen((x, y));
                    let colour = if (x, y) == self.goal { GOAL } else { "#5b3a1e" };
                    painter.circle(sx, sy, unit * 0.18, colour);
                }
            }
        }
        // Where the walker can stand: the stumps at the ends of the planks he can walk.
        let walker = Stroke { colour: WALKER, width: unit * 0.07, dash: 0.0 };
        for i in (0..planks.len()).filter(|&i| active[i]) {
            let (a, b) = self.ends(planks, i);
            for end in [a, b] {
                let (sx, sy) = screen(end);
                painter.ring(sx, sy, unit * 0.3, &walker);
            }
        }
        let (gx, gy) = screen(self.goal);
        painter.text(gx, gy, unit * 0.2, INK, "G");
    }

    fn stroke(&self, _: &PlankState, lay: &Lay, _: &PlankState) -> (Xy, Xy) {
        let n = self.lengths[lay.plank];
        let (_, (dx, dy)) = super::plank::DIRECTIONS[lay.direction];
        (lay.from, (lay.from.0 + n * dx, lay.from.1 + n * dy))
    }

    fn way(&self, _: &Lay) -> Option<Xy> {
        None
    }

    /// A plank is tapped along its middle, away from the stumps at its ends.
    fn piece_at(&self, (_, planks): &PlankState, (x, y): (f64, f64), (w, h): (f64, f64)) -> Option<String> {
        let view = self.view(w, h);
        let near = |i: usize| {
            let (a, b) = self.ends(planks, i);
            let ((ax, ay), (bx, by)) = (view.screen(a), view.screen(b));
            let (dx, dy) = (bx - ax, by - ay);
            let along = (((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)).clamp(0.0, 1.0);
            let off = (ax + along * dx - x).hypot(ay + along * dy - y);
            let from_ends = along.min(1.0 - along) * dx.hypot(dy);
            (off <= view.unit * 0.2 && from_ends >= view.unit * 0.25).then_some(off)
        };
        let (plank, _) = (0..planks.len()).filter_map(|i| Some((i, near(i)?))).min_by(|a, b| a.1.total_cmp(&b.1))?;
        Some(self.named(planks, plank))
    }

    fn mark(&self, (_, planks): &PlankState, piece: &str, painter: &mut dyn Painter) {
        let (w, h) = painter.size();
        let view = self.view(w, h);
        for i in 0..planks.len() {
            if self.named(planks, i) == piece {
                let (a, b) = self.ends(planks, i);
                let ((ax, ay), (bx, by)) = (view.screen(a), view.screen(b));
                painter.line(ax, ay, bx, by, "#f2c94c", view.unit * 0.1);
            }
        }
    }
}
