//! Draw mode for the LM-Solve families: each variant's model is changed by a click and written
//! back as an LM-Solve file (so the text follows the drawing, and parses to the same board).
//! Walled variants (Minotaur, Tilt) are edited on a doubled grid as mazes are: (2y+1, 2x+1) is
//! cell (x, y), (2y, 2x+1) the wall above it, (2y+1, 2x) the wall to its left.

use super::alice::{Alice, Cell, ARROWS};
use super::draw::Picture;
use super::input::{Walls, Xy};
use super::minotaur::Minotaur;
use super::numbers::Numbers;
use super::plank::Plank;
use super::tilt::{Kind3, Tilt};
use std::fmt::Write;

/// Where a click landed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spot {
    Cell(Xy),
    /// The wall above (x, y) (horizontal) or to its left.
    Wall {
        horizontal: bool,
        at: Xy,
    },
}

/// The largest board draw mode makes, per side.
pub const MAX_SIDE: usize = 60;

pub trait Edit: Picture + Sized {
    /// (columns, rows).
    fn size(&self) -> (usize, usize);
    /// Whether clicks land on walls too (the doubled grid).
    fn walled(&self) -> bool {
        false
    }
    /// The cell (x, y) drawn under a point of a `width` x `height` drawing (unwalled boards).
    fn locate(&self, x: f64, y: f64, width: f64, height: f64) -> Option<Xy> {
        let (cols, rows) = self.size();
        crate::draw::GridLayout::fit(cols, rows, width, height).cell_at(x, y).map(|(r, c)| (c as i64, r as i64))
    }
    fn tools(&self) -> Vec<(&'static str, &'static str)>;
    /// The board after `tool` at `spot`, or None when nothing changes.
    fn edit(&self, tool: &str, spot: Spot) -> Option<Self>;
    fn resized(&self, cols: usize, rows: usize) -> Self;
    /// The board as an LM-Solve file.
    fn write(&self) -> String;
    /// The board started from `state` (Analyse's hardest start), or None when the file cannot
    /// say it (an Alice maze's piece grown or shrunk, every goal of a tilt maze collected).
    fn at(&self, state: &Self::State) -> Option<Self>;
}

fn dims(out: &mut String, (w, h): (usize, usize)) {
    let _ = writeln!(out, "Dims = ({w},{h})");
}

fn xy(out: &mut String, key: &str, (x, y): Xy) {
    let _ = writeln!(out, "{key} = ({x},{y})");
}

fn write_walls(out: &mut String, walls: &Walls) {
    out.push_str("layout = <<EOF\n");
    for y in 0..=walls.height {
        out.extend(walls.h[y].iter().map(|&w| if w { '-' } else { ' ' }));
        out.push('\n');
        if y < walls.height {
            out.extend(walls.v[y].iter().map(|&w| if w { '|' } else { ' ' }));
            out.push('\n');
        }
    }
    out.push_str("EOF\n");
}

/// Walls toggled at a wall spot (None when the spot is a cell or off the grid).
fn toggle_wall(walls: &Walls, spot: Spot) -> Option<Walls> {
    let Spot::Wall { horizontal, at: (x, y) } = spot else { return None };
    let mut walls = walls.clone();
    let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
    let cell = if horizontal { walls.h.get_mut(y)?.get_mut(x)? } else { walls.v.get_mut(y)?.get_mut(x)? };
    *cell = !*cell;
    Some(walls)
}

/// Walls for a new size: old walls kept where they fit, the frame closed.
fn resize_walls(walls: &Walls, w: usize, h: usize) -> Walls {
    let hline = |y: usize| {
        (0..w).map(|x| y == 0 || y == h || walls.h.get(y).and_then(|r| r.get(x)).copied().unwrap_or(false)).collect()
    };
    let vline = |y: usize| {
        (0..=w).map(|x| x == 0 || x == w || walls.v.get(y).and_then(|r| r.get(x)).copied().unwrap_or(false)).collect()
    };
    Walls { width: w, height: h, h: (0..=h).map(hline).collect(), v: (0..h).map(vline).collect() }
}

/// Row-major cells of a `old.0` x `old.1` board on a `w` x `h` one: kept where they fit, `fill`
/// elsewhere.
fn regrid<T: Clone>(cells: &[T], old: (usize, usize), (w, h): (usize, usize), fill: T) -> Vec<T> {
    (0..w * h)
        .map(|i| if i % w < old.0 && i / w < old.1 { cells[(i / w) * old.0 + i % w].clone() } else { fill.clone() })
        .collect()
}

fn clamp((x, y): Xy, (w, h): (usize, usize)) -> Xy {
    (x.min(w as i64 - 1), y.min(h as i64 - 1))
}

impl Edit for Numbers {
    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    fn tools(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("start", "Start"),
            ("*", "Goal ★"),
            ("1", "1"),
            ("2", "2"),
            ("3", "3"),
            ("4", "4"),
            ("5", "5"),
            ("6", "6"),
            ("7", "7"),
            ("8", "8"),
            ("9", "9"),
            ("0", "0"),
        ]
    }

    fn edit(&self, tool: &str, spot: Spot) -> Option<Numbers> {
        let Spot::Cell((x, y)) = spot else { return None };
        let mut next = Numbers { width: self.width, height: self.height, cells: self.cells.clone(), start: self.start };
        let i = y as usize * self.width + x as usize;
        match tool {
            "start" if self.start != (x, y) => next.start = (x, y),
            "*" if self.cells[i].is_some() => next.cells[i] = None,
            d if d.len() == 1 && d.as_bytes()[0].is_ascii_digit() && self.cells[i] != Some(d.as_bytes()[0] - b'0') => {
                next.cells[i] = Some(d.as_bytes()[0] - b'0')
            }
            _ => return None,
        }
        Some(next)
    }

    fn resized(&self, w: usize, h: usize) -> Numbers {
        let cells = regrid(&self.cells, (self.width, self.height), (w, h), Some(1));
        Numbers { width: w, height: h, cells, start: clamp(self.start, (w, h)) }
    }

    fn at(&self, &start: &(i64, i64)) -> Option<Numbers> {
        Some(Numbers { start, ..self.clone() })
    }

    fn write(&self) -> String {
        let mut out = String::new();
        dims(&mut out, (self.width, self.height));
        xy(&mut out, "Start", self.start);
        out.push_str("layout = <<EOF\n");
        for row in self.cells.chunks(self.width) {
            out.extend(row.iter().map(|c| c.map_or('*', |d| char::from(b'0' + d))));
            out.push('\n');
        }
        out.push_str("EOF\n");
        out
    }
}

impl Edit for Alice {
    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    fn tools(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("start", "Start"),
            ("GOAL", "Goal"),
            ("ADD", "+1"),
            ("SUB", "−1"),
            ("BLANK", "Blank"),
            ("N", "↑ N"),
            ("NE", "↗ NE"),
            ("E", "→ E"),
            ("SE", "↘ SE"),
            ("S", "↓ S"),
            ("SW", "↙ SW"),
            ("W", "← W"),
            ("NW", "↖ NW"),
        ]
    }

    fn edit(&self, tool: &str, spot: Spot) -> Option<Alice> {
        let Spot::Cell((x, y)) = spot else { return None };
        let mut cells = self.cells.clone();
        let mut start = self.start;
        let cell = &mut cells[y as usize * self.width + x as usize];
        match tool {
            "start" if start != (x, y) => start = (x, y),
            "GOAL" => cell.goal = !cell.goal,
            "ADD" => cell.add = !cell.add,
            "SUB" => cell.sub = !cell.sub,
            "BLANK" => cell.blank = !cell.blank,
            arrow => {
                let a = ARROWS.iter().position(|(name, _)| *name == arrow)?;
                match cell.arrows.iter().position(|&b| b == a) {
                    Some(i) => {
                        cell.arrows.remove(i);
                    }
                    None => cell.arrows.push(a),
                }
            }
        }
        Some(Alice { width: self.width, height: self.height, cells, start })
    }

    fn resized(&self, w: usize, h: usize) -> Alice {
        let cells = regrid(&self.cells, (self.width, self.height), (w, h), Cell::default());
        Alice { width: w, height: h, cells, start: clamp(self.start, (w, h)) }
    }

    fn at(&self, &(x, y, size): &(i64, i64, i64)) -> Option<Alice> {
        // The file has no key for the piece's size: every Alice maze starts at size 1.
        (size == 1).then(|| Alice { start: (x, y), ..self.clone() })
    }

    fn write(&self) -> String {
        let mut out = String::new();
        dims(&mut out, (self.width, self.height));
        out.push_str("layout = <<EOF\n");
        for (y, row) in self.cells.chunks(self.width).enumerate() {
            let _ = writeln!(out, "# Row {}", y + 1);
            let cells: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(x, c)| {
                    let mut flags: Vec<&str> = c.arrows.iter().map(|&a| ARROWS[a].0).collect();
                    for (on, name) in [
                        (c.add, "ADD"),
                        (c.sub, "SUB"),
                        (c.goal, "GOAL"),
                        (self.start == (x as i64, y as i64), "START"),
                        (c.blank, "BLANK"),
                    ] {
                        if on {
                            flags.push(name);
                        }
                    }
                    format!("[{}]", flags.join(","))
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out.push_str("EOF\n");
        out
    }
}

impl Edit for Tilt {
    fn size(&self) -> (usize, usize) {
        (self.walls.width, self.walls.height)
    }

    fn walled(&self) -> bool {
        true
    }

    fn tools(&self) -> Vec<(&'static str, &'static str)> {
        match self.kind {
            Kind3::Single { .. } => vec![("wall", "Wall"), ("start", "Ball"), ("goal", "Goal")],
            Kind3::Multi => vec![("wall", "Wall"), ("start", "Ball"), ("goal", "Goal (add or remove)")],
            Kind3::RedBlue { .. } => vec![
                ("wall", "Wall"),
                ("red", "Red"),
                ("red_goal", "Red goal"),
                ("blue", "Blue"),
                ("blue_goal", "Blue goal"),
            ],
        }
    }

    fn edit(&self, tool: &str, spot: Spot) -> Option<Tilt> {
        let mut next =
            Tilt { walls: self.walls.clone(), kind: self.kind, starts: self.starts.clone(), goals: self.goals.clone() };
        if tool == "wall" {
            next.walls = toggle_wall(&self.walls, spot)?;
            return Some(next);
        }
        let Spot::Cell(at) = spot else { return None };
        match (tool, self.kind) {
            ("start" | "red", _) => next.starts[0] = at,
            ("blue", Kind3::RedBlue { .. }) => next.starts[1] = at,
            ("goal", Kind3::Single { .. }) => {
                next.kind = Kind3::Single { goal: at };
                next.goals = vec![at];
            }
            ("goal", Kind3::Multi) => match self.goals.iter().position(|&g| g == at) {
                // A Multi board needs a goal: the last one stays.
                Some(_) if self.goals.len() == 1 => return None,
                Some(i) => {
                    next.goals.remove(i);
                }
                None if self.goals.len() < 31 => next.goals.push(at),
                None => return None,
            },
            ("red_goal", Kind3::RedBlue { blue_goal, .. }) => next.kind = Kind3::RedBlue { red_goal: at, blue_goal },
            ("blue_goal", Kind3::RedBlue { red_goal, .. }) => next.kind = Kind3::RedBlue { red_goal, blue_goal: at },
            _ => return None,
        }
        (next.starts != self.starts || next.goals != self.goals || next.kind != self.kind).then_some(next)
    }

    fn resized(&self, w: usize, h: usize) -> Tilt {
        let kind = match self.kind {
            Kind3::Single { goal } => Kind3::Single { goal: clamp(goal, (w, h)) },
            Kind3::Multi => Kind3::Multi,
            Kind3::RedBlue { red_goal, blue_goal } => {
                Kind3::RedBlue { red_goal: clamp(red_goal, (w, h)), blue_goal: clamp(blue_goal, (w, h)) }
            }
        };
        let mut goals: Vec<Xy> = Vec::new();
        for g in self.goals.iter().map(|&g| clamp(g, (w, h))) {
            if !goals.contains(&g) {
                goals.push(g);
            }
        }
        Tilt {
            walls: resize_walls(&self.walls, w, h),
            kind,
            starts: self.starts.iter().map(|&s| clamp(s, (w, h))).collect(),
            goals,
        }
    }

    fn at(&self, (balls, collected): &super::tilt::TiltState) -> Option<Tilt> {
        // Goals already collected leave the list: the rest are still to be reached, in any order.
        let goals: Vec<Xy> =
            self.goals.iter().enumerate().filter(|&(i, _)| collected & (1 << (i + 1)) == 0).map(|(_, &g)| g).collect();
        (self.kind != Kind3::Multi || !goals.is_empty()).then(|| Tilt { starts: balls.clone(), goals, ..self.clone() })
    }

    fn write(&self) -> String {
        let mut out = String::new();
        dims(&mut out, (self.walls.width, self.walls.height));
        match self.kind {
            Kind3::Single { goal } => {
                xy(&mut out, "Start", self.starts[0]);
                xy(&mut out, "Goal", goal);
            }
            Kind3::Multi => {
                xy(&mut out, "Start", self.starts[0]);
                let goals: Vec<String> = self.goals.iter().map(|(x, y)| format!("({x},{y})")).collect();
                let _ = writeln!(out, "Goals = [ {} ]", goals.join(", "));
            }
            Kind3::RedBlue { red_goal, blue_goal } => {
                xy(&mut out, "Red_Start", self.starts[0]);
                xy(&mut out, "Red_Goal", red_goal);
                xy(&mut out, "Blue_Start", self.starts[1]);
                xy(&mut out, "Blue_Goal", blue_goal);
            }
        }
        write_walls(&mut out, &self.walls);
        out
    }
}

impl Edit for Minotaur {
    fn size(&self) -> (usize, usize) {
        (self.walls.width, self.walls.height)
    }

    fn walled(&self) -> bool {
        true
    }

    fn tools(&self) -> Vec<(&'static str, &'static str)> {
        vec![("wall", "Wall"), ("thes", "Theseus"), ("mino", "Minotaur"), ("exit", "Exit")]
    }

    fn edit(&self, tool: &str, spot: Spot) -> Option<Minotaur> {
        let mut next =
            Minotaur { walls: self.walls.clone(), theseus: self.theseus, minotaur: self.minotaur, exit: self.exit };
        match (tool, spot) {
            ("wall", _) => next.walls = toggle_wall(&self.walls, spot)?,
            ("thes", Spot::Cell(at)) if at != self.theseus => next.theseus = at,
            ("mino", Spot::Cell(at)) if at != self.minotaur => next.minotaur = at,
            ("exit", Spot::Cell(at)) if at != self.exit => next.exit = at,
            _ => return None,
        }
        Some(next)
    }

    fn resized(&self, w: usize, h: usize) -> Minotaur {
        Minotaur {
            walls: resize_walls(&self.walls, w, h),
            theseus: clamp(self.theseus, (w, h)),
            minotaur: clamp(self.minotaur, (w, h)),
            exit: clamp(self.exit, (w, h)),
        }
    }

    fn at(&self, &(theseus, minotaur): &(Xy, Xy)) -> Option<Minotaur> {
        Some(Minotaur { theseus, minotaur, ..self.clone() })
    }

    fn write(&self) -> String {
        let mut out = String::new();
        dims(&mut out, (self.walls.width, self.walls.height));
        xy(&mut out, "Exit", self.exit);
        xy(&mut out, "Thes", self.theseus);
        xy(&mut out, "Mino", self.minotaur);
        write_walls(&mut out, &self.walls);
        out
    }
}

impl Plank {
    fn clone_board(&self) -> Plank {
        Plank {
            width: self.width,
            height: self.height,
            hex: self.hex,
            stumps: self.stumps.clone(),
            goal: self.goal,
            lengths: self.lengths.clone(),
            start: self.start.clone(),
        }
    }

    /// Both ends of starting plank `p`.
    fn plank_ends(&self, p: usize) -> [Xy; 2] {
        let ((sx, sy), o) = self.start[p];
        let (dx, dy) = [(1, 0), (0, 1), (1, 1)][o];
        [(sx, sy), (sx + self.lengths[p] * dx, sy + self.lengths[p] * dy)]
    }

    /// A starting plank from the stump at `from` to the next stump in orientation `o` (E, S,
    /// SE), or, when one starts there already, that plank taken away (the last one stays).
    fn toggle_plank(&self, from: Xy, o: usize) -> Option<Plank> {
        let i = from.1 as usize * self.width + from.0 as usize;
        if !self.stumps[i] || o > 2 || (o == 2 && !self.hex) {
            return None;
        }
        let mut next = self.clone_board();
        if let Some(p) = (0..self.start.len()).find(|&p| self.start[p] == (from, o)) {
            if self.start.len() == 1 {
                return None;
            }
            next.start.remove(p);
            next.lengths.remove(p);
            return Some(next);
        }
        let (dx, dy) = [(1, 0), (0, 1), (1, 1)][o];
        let length = (1..)
            .map(|k| (k, (from.0 + k * dx, from.1 + k * dy)))
            .take_while(|(_, (x, y))| *x < self.width as i64 && *y < self.height as i64)
            .find(|(_, (x, y))| self.stumps[*y as usize * self.width + *x as usize])?
            .0;
        next.start.push((from, o));
        next.lengths.push(length);
        Some(next)
    }
}

impl Edit for Plank {
    fn size(&self) -> (usize, usize) {
        (self.width, self.height)
    }

    fn locate(&self, x: f64, y: f64, width: f64, height: f64) -> Option<Xy> {
        self.view(width, height).nearest((x, y))
    }

    fn tools(&self) -> Vec<(&'static str, &'static str)> {
        let mut tools =
            vec![("stump", "Stump"), ("goal", "Goal stump"), ("plank:0", "Plank →"), ("plank:1", "Plank ↓")];
        if self.hex {
            tools.push(("plank:2", "Plank ↘"));
        }
        tools.push(("first", "Start on this plank"));
        tools
    }

    fn edit(&self, tool: &str, spot: Spot) -> Option<Plank> {
        let Spot::Cell((x, y)) = spot else { return None };
        if let Some(o) = tool.strip_prefix("plank:").and_then(|o| o.parse::<usize>().ok()) {
            return self.toggle_plank((x, y), o);
        }
        if tool == "first" {
            // The person starts on the first plank listed: move the clicked one to the front.
            let p = (0..self.start.len()).find(|&p| self.plank_ends(p).contains(&(x, y)))?;
            if p == 0 {
                return None;
            }
            let mut next = self.clone_board();
            let (start, length) = (next.start.remove(p), next.lengths.remove(p));
            next.start.insert(0, start);
            next.lengths.insert(0, length);
            return Some(next);
        }
        let i = y as usize * self.width + x as usize;
        // Stumps under a plank's ends stay: the planks need them.
        let under_plank = (0..self.start.len()).any(|p| self.plank_ends(p).contains(&(x, y)));
        let mut next = self.clone_board();
        match tool {
            "stump" if (x, y) != self.goal && !under_plank => next.stumps[i] = !self.stumps[i],
            "goal" if (x, y) != self.goal => {
                next.goal = (x, y);
                next.stumps[i] = true;
            }
            _ => return None,
        }
        Some(next)
    }

    fn resized(&self, w: usize, h: usize) -> Plank {
        // Planks must stay on the board: a size that cuts one off keeps the old size.
        let fits = (0..self.start.len()).all(|p| {
            let ((sx, sy), o) = self.start[p];
            let (dx, dy) = [(1, 0), (0, 1), (1, 1)][o];
            (sx + self.lengths[p] * dx) < w as i64 && (sy + self.lengths[p] * dy) < h as i64
        });
        let (w, h) = if fits && (self.goal.0 as usize) < w && (self.goal.1 as usize) < h {
            (w, h)
        } else {
            (self.width, self.height)
        };
        let stumps = regrid(&self.stumps, (self.width, self.height), (w, h), false);
        Plank {
            width: w,
            height: h,
            hex: self.hex,
            stumps,
            goal: self.goal,
            lengths: self.lengths.clone(),
            start: self.start.clone(),
        }
    }

    fn at(&self, (on, planks): &super::plank::PlankState) -> Option<Plank> {
        // The person starts on the first plank listed: the one they stand on comes first.
        let order: Vec<usize> = std::iter::once(*on).chain((0..planks.len()).filter(|p| p != on)).collect();
        let start = order.iter().map(|&p| planks[p]).collect();
        Some(Plank { lengths: order.iter().map(|&p| self.lengths[p]).collect(), start, ..self.clone() })
    }

    fn write(&self) -> String {
        let mut out = String::new();
        dims(&mut out, (self.width, self.height));
        out.push_str("layout = <<EOF\n");
        for y in 0..self.height {
            for x in 0..self.width {
                out.push(if (x as i64, y as i64) == self.goal {
                    'G'
                } else if self.stumps[y * self.width + x] {
                    'X'
                } else {
                    ' '
                });
            }
            out.push('\n');
        }
        out.push_str("EOF\n");
        let planks: Vec<String> = (0..self.start.len())
            .map(|p| {
                let ((sx, sy), o) = self.start[p];
                let (dx, dy) = [(1, 0), (0, 1), (1, 1)][o];
                format!("(({sx},{sy}) -> ({},{}))", sx + self.lengths[p] * dx, sy + self.lengths[p] * dy)
            })
            .collect();
        let _ = writeln!(out, "Planks = [ {} ]", planks.join(" , "));
        out
    }
}
