//! The maze every format reads into: cells on a square or hexagonal grid, the passages between
//! them, where the entrance and exit are, and where the cells sit in the source's coordinates
//! (so a solution can be drawn back into the original SVG).

use crate::search::Space;

/// The two cell shapes we solve. Hexagons are flat-topped, in columns, every other column
/// shifted half a row (mazegenerator.net's "sigma" mazes).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Square,
    Hex,
}

/// Side names, in bit order. Square: N E S W. Hexagon: N NE SE S SW NW.
pub const SQUARE_SIDES: [&str; 4] = ["N", "E", "S", "W"];
pub const HEX_SIDES: [&str; 6] = ["N", "NE", "SE", "S", "SW", "NW"];

impl Shape {
    pub fn sides(self) -> usize {
        match self {
            Shape::Square => 4,
            Shape::Hex => 6,
        }
    }

    pub fn opposite(self, side: u8) -> u8 {
        (side + self.sides() as u8 / 2) % self.sides() as u8
    }

    fn names(self) -> &'static [&'static str] {
        match self {
            Shape::Square => &SQUARE_SIDES,
            Shape::Hex => &HEX_SIDES,
        }
    }

    pub fn side_name(self, side: u8) -> &'static str {
        self.names()[side as usize]
    }

    pub fn side_named(self, name: &str) -> Option<u8> {
        self.names().iter().position(|n| n.eq_ignore_ascii_case(name)).map(|i| i as u8)
    }
}

/// Where cells are in the coordinates of the file they came from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Geometry {
    /// Cell (r, c) spans [x0 + c·step, x0 + (c+1)·step] × [y0 + r·step, y0 + (r+1)·step].
    Square { x0: f64, y0: f64, step: f64 },
    /// Hexagons with side `side`; the leftmost vertex is at x0, the top of a raised column at
    /// y0. Columns whose index has parity `lowered` sit half a row lower than the others.
    Hex { x0: f64, y0: f64, side: f64, lowered: usize },
}

impl Geometry {
    /// mazegenerator.net's lattice, which our own SVGs use too.
    pub const STANDARD: Geometry = Geometry::Square { x0: 2.0, y0: 2.0, step: 16.0 };

    /// The length of a cell's side.
    pub fn unit(&self) -> f64 {
        match *self {
            Geometry::Square { step, .. } => step,
            Geometry::Hex { side, .. } => side,
        }
    }

    pub fn centre(&self, row: usize, col: usize) -> (f64, f64) {
        match *self {
            Geometry::Square { x0, y0, step } => (x0 + (col as f64 + 0.5) * step, y0 + (row as f64 + 0.5) * step),
            Geometry::Hex { x0, y0, side, lowered } => {
                let h = side * 3f64.sqrt();
                let drop = if col % 2 == lowered { h / 2.0 } else { 0.0 };
                (x0 + side + 1.5 * side * col as f64, y0 + h / 2.0 + h * row as f64 + drop)
            }
        }
    }

    /// The two ends of the wall on `side` of a cell.
    pub fn wall(&self, row: usize, col: usize, side: u8) -> ((f64, f64), (f64, f64)) {
        let (cx, cy) = self.centre(row, col);
        match *self {
            Geometry::Square { step, .. } => {
                let h = step / 2.0;
                let corners = [(cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h)];
                (corners[side as usize], corners[(side as usize + 1) % 4])
            }
            Geometry::Hex { side: s, .. } => {
                let vertex = |k: usize| {
                    let angle = std::f64::consts::PI / 3.0 * k as f64;
                    (cx + s * angle.cos(), cy + s * angle.sin())
                };
                // Vertex k is at 60k degrees (y down); the N side runs from vertex 4 to 5.
                (vertex((4 + side as usize) % 6), vertex((5 + side as usize) % 6))
            }
        }
    }

    /// The middle of the wall on `side` of a cell (where an opening's path leaves the maze).
    pub fn wall_middle(&self, row: usize, col: usize, side: u8) -> (f64, f64) {
        let ((x1, y1), (x2, y2)) = self.wall(row, col, side);
        ((x1 + x2) / 2.0, (y1 + y2) / 2.0)
    }

    /// The bounding box of a `rows` x `cols` maze: (left, top, right, bottom).
    pub fn bounds(&self, rows: usize, cols: usize) -> (f64, f64, f64, f64) {
        match *self {
            Geometry::Square { x0, y0, step } => (x0, y0, x0 + cols as f64 * step, y0 + rows as f64 * step),
            Geometry::Hex { x0, y0, side, lowered } => {
                let h = side * 3f64.sqrt();
                let any_lowered = (0..cols.min(2)).any(|c| c % 2 == lowered);
                let any_raised = (0..cols.min(2)).any(|c| c % 2 != lowered);
                let top = if any_raised { y0 } else { y0 + h / 2.0 };
                let bottom = y0 + h * rows as f64 + if any_lowered { h / 2.0 } else { 0.0 };
                (x0, top, x0 + side * (2.0 + 1.5 * (cols.max(1) - 1) as f64), bottom)
            }
        }
    }
}

/// A maze: cells, passages, marks. Passages are symmetric (the bit on both sides is set);
/// a passage on a side that faces out of the grid is an opening in the outer wall.
#[derive(Debug, Clone, PartialEq)]
pub struct Grid {
    pub shape: Shape,
    pub rows: usize,
    pub cols: usize,
    /// Per cell: bit `side` set when there is no wall on that side.
    pub open: Vec<u8>,
    /// Per cell: solid rock (block-grid mazes, where walls are whole cells). Never entered.
    pub solid: Vec<bool>,
    /// Cells marked as start and exit (S/E letters, coloured rectangles, emoji); openings in the
    /// outer wall stand in for marks that are missing.
    pub start_mark: Option<usize>,
    pub exit_mark: Option<usize>,
    pub geometry: Geometry,
}

/// Why a maze has no way through: a sentence, and the opening in the outer wall it is about
/// (the lone one, or one too many), which a text maze can point at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndsFault {
    pub message: String,
    pub opening: Option<(usize, u8)>,
}

/// The two ends of the way through: cells, and the outer-wall side the path enters or leaves by
/// (None when the end is a marked cell rather than an opening).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ends {
    pub start: usize,
    pub start_side: Option<u8>,
    pub exit: usize,
    pub exit_side: Option<u8>,
}

/// The largest maze we build: 4 million cells (2000 x 2000).
pub const MAX_CELLS: usize = 4_000_000;

impl Grid {
    /// A maze with every wall in place.
    pub fn walled(shape: Shape, rows: usize, cols: usize, geometry: Geometry) -> Grid {
        Grid {
            shape,
            rows,
            cols,
            open: vec![0; rows * cols],
            solid: vec![false; rows * cols],
            start_mark: None,
            exit_mark: None,
            geometry,
        }
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols
    }

    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.cols, cell % self.cols)
    }

    pub fn cell(&self, row: usize, col: usize) -> usize {
        row * self.cols + col
    }

    /// Whether a hexagonal column sits half a row lower than its neighbours.
    pub fn is_lowered(&self, col: usize) -> bool {
        match self.geometry {
            Geometry::Hex { lowered, .. } => col % 2 == lowered,
            Geometry::Square { .. } => false,
        }
    }

    /// The cell across `side`, or None when that side faces out of the grid.
    pub fn neighbour(&self, cell: usize, side: u8) -> Option<usize> {
        let (r, c) = self.row_col(cell);
        let (dr, dc): (isize, isize) = match self.shape {
            Shape::Square => [(-1, 0), (0, 1), (1, 0), (0, -1)][side as usize],
            Shape::Hex => {
                let east = if side <= 2 { 1 } else { -1 };
                match (side, self.is_lowered(c)) {
                    (0, _) => (-1, 0),
                    (3, _) => (1, 0),
                    // NE and NW: a lowered column's upper neighbours share its row.
                    (1 | 5, true) => (0, east),
                    (1 | 5, false) => (-1, east),
                    // SE and SW: a raised column's lower neighbours share its row.
                    (_, true) => (1, east),
                    (_, false) => (0, east),
                }
            }
        };
        let (nr, nc) = (r as isize + dr, c as isize + dc);
        (nr >= 0 && nc >= 0 && (nr as usize) < self.rows && (nc as usize) < self.cols)
            .then(|| self.cell(nr as usize, nc as usize))
    }

    pub fn is_open(&self, cell: usize, side: u8) -> bool {
        self.open[cell] & (1 << side) != 0
    }

    /// Puts up or takes down the wall on `side` of `cell` (and the same wall seen from the
    /// neighbour).
    pub fn set_wall(&mut self, cell: usize, side: u8, wall: bool) {
        let apply = |bits: &mut u8, side: u8| {
            if wall {
                *bits &= !(1 << side);
            } else {
                *bits |= 1 << side;
            }
        };
        apply(&mut self.open[cell], side);
        if let Some(other) = self.neighbour(cell, side) {
            apply(&mut self.open[other], self.shape.opposite(side));
        }
    }

    /// Gaps in the outer wall, in reading order: (cell, side).
    pub fn openings(&self) -> Vec<(usize, u8)> {
        let mut found = Vec::new();
        for cell in (0..self.cells()).filter(|&c| !self.solid[c]) {
            for side in 0..self.shape.sides() as u8 {
                if self.is_open(cell, side) && self.neighbour(cell, side).is_none() {
                    found.push((cell, side));
                }
            }
        }
        found
    }

    /// Where the way through starts and ends: the marks, and openings for missing marks.
    pub fn ends(&self) -> Result<Ends, EndsFault> {
        let openings = self.openings();
        let side_at = |cell: usize| openings.iter().find(|(c, _)| *c == cell).map(|&(_, s)| s);
        let free: Vec<(usize, u8)> = openings
            .iter()
            .copied()
            .filter(|&(c, _)| Some(c) != self.start_mark && Some(c) != self.exit_mark)
            .collect();
        const HOW: &str = "mark the start and the exit (Draw mode's Start and Exit tools, or S and E in a text maze)";
        let fault = |message: String, opening: Option<&(usize, u8)>| EndsFault { message, opening: opening.copied() };
        let ends = |start: usize, start_side: Option<u8>, exit: usize, exit_side: Option<u8>| Ends {
            start,
            start_side,
            exit,
            exit_side,
        };
        match (self.start_mark, self.exit_mark) {
            (Some(s), Some(e)) => Ok(ends(s, side_at(s), e, side_at(e))),
            (Some(s), None) => match free[..] {
                [(e, side)] => Ok(ends(s, side_at(s), e, Some(side))),
                [] => Err(fault(
                    format!("the start is marked but there is no exit (no other opening in the outer wall): {HOW}"),
                    None,
                )),
                _ => Err(fault(
                    format!(
                        "the start is marked, and {} openings in the outer wall could be the exit: {HOW}",
                        free.len()
                    ),
                    free.first(),
                )),
            },
            (None, Some(e)) => match free[..] {
                [(s, side)] => Ok(ends(s, Some(side), e, side_at(e))),
                [] => Err(fault(
                    format!("the exit is marked but there is no entrance (no other opening in the outer wall): {HOW}"),
                    None,
                )),
                _ => Err(fault(
                    format!(
                        "the exit is marked, and {} openings in the outer wall could be the entrance: {HOW}",
                        free.len()
                    ),
                    free.first(),
                )),
            },
            (None, None) => match free[..] {
                [(s, s_side), (e, e_side)] => Ok(ends(s, Some(s_side), e, Some(e_side))),
                [] => {
                    Err(fault(format!("no opening found in the outer wall, and no start or exit marked: {HOW}"), None))
                }
                [_] => Err(fault(
                    format!("only one opening found in the outer wall, and no start or exit marked: {HOW}"),
                    free.first(),
                )),
                // The first opening past the two a maze has.
                _ => Err(fault(
                    format!(
                        "{} openings found in the outer wall, so the entrance and exit are unclear: {HOW}",
                        free.len()
                    ),
                    free.get(2),
                )),
            },
        }
    }

    /// The cell a point (in source coordinates) falls in.
    pub fn cell_at_point(&self, x: f64, y: f64) -> Option<usize> {
        match self.geometry {
            Geometry::Square { x0, y0, step } => {
                let (c, r) = (((x - x0) / step).floor(), ((y - y0) / step).floor());
                (c >= 0.0 && r >= 0.0 && (c as usize) < self.cols && (r as usize) < self.rows)
                    .then(|| self.cell(r as usize, c as usize))
            }
            Geometry::Hex { x0, side, .. } => {
                // The nearest centre among the columns around x, if the point is in its hexagon.
                let approx = ((x - x0 - side) / (1.5 * side)).round() as isize;
                let mut best: Option<(f64, usize)> = None;
                for col in (approx - 1).max(0)..=(approx + 1).min(self.cols as isize - 1) {
                    for row in 0..self.rows {
                        let (cx, cy) = self.geometry.centre(row, col as usize);
                        let d = (cx - x).hypot(cy - y);
                        if best.is_none_or(|(bd, _)| d < bd) {
                            best = Some((d, self.cell(row, col as usize)));
                        }
                    }
                }
                best.filter(|&(d, _)| d <= side).map(|(_, cell)| cell)
            }
        }
    }

    /// Checks the size limits every reader shares.
    pub fn check_size(rows: usize, cols: usize) -> Result<(), String> {
        if rows == 0 || cols == 0 {
            return Err("the maze has no cells".into());
        }
        if rows.saturating_mul(cols) > MAX_CELLS {
            return Err(format!(
                "the maze is {cols} x {rows} cells; the most this tool solves is {MAX_CELLS} cells (2000 x 2000)"
            ));
        }
        Ok(())
    }
}

/// The search space of a maze: states are cells, moves are the sides walked through.
pub struct Walk<'a> {
    pub grid: &'a Grid,
    pub start: usize,
    pub exit: usize,
}

impl Space for Walk<'_> {
    type State = u32;
    type Move = u8;

    fn start(&self) -> u32 {
        self.start as u32
    }

    fn successors(&self, state: &u32, out: &mut Vec<(u8, u32, u32)>) {
        let cell = *state as usize;
        for side in 0..self.grid.shape.sides() as u8 {
            if self.grid.is_open(cell, side) {
                if let Some(next) = self.grid.neighbour(cell, side) {
                    if !self.grid.solid[next] {
                        out.push((side, next as u32, 1));
                    }
                }
            }
        }
    }

    fn is_goal(&self, state: &u32) -> bool {
        *state as usize == self.exit
    }

    /// Steps needed if there were no walls: admissible, so A* stays shortest.
    fn heuristic(&self, state: &u32) -> u32 {
        let (r, c) = self.grid.row_col(*state as usize);
        let (er, ec) = self.grid.row_col(self.exit);
        let dc = c.abs_diff(ec);
        match self.grid.shape {
            Shape::Square => (r.abs_diff(er) + dc) as u32,
            Shape::Hex => {
                // Counted in half rows, a step to the next column moves one half row and a step
                // along the column two.
                let dy = (2 * r + usize::from(self.grid.is_lowered(c)))
                    .abs_diff(2 * er + usize::from(self.grid.is_lowered(ec)));
                (if dy <= dc { dc } else { dc + (dy - dc) / 2 }) as u32
            }
        }
    }
}
