//! Draw mode for square mazes. Thin-walled mazes (SVG, box art, `_|`) are edited on their
//! walls: the editor's "cells" are spots on a doubled grid, where (2r+1, 2c+1) is the middle of
//! cell (r, c), (2r, 2c+1) the wall above it and (2r+1, 2c) the wall to its left. Block mazes
//! are edited cell by cell. Either way the text that comes back is an ASCII maze.

use super::draw::View;
use super::grid::{Geometry, Grid};
use super::text::{self, Layout};
use super::{MazePuzzle, Source};
use crate::families::Editor;

/// The largest maze draw mode makes, in cells per side.
const MAX_SIDE: usize = 400;

impl MazePuzzle {
    fn blocks(&self) -> Option<(char, char)> {
        match self.source {
            Source::Text(Layout::Blocks { wall, open }) => Some((wall, open)),
            _ => None,
        }
    }

    /// The maze as text in the layout edits write: block mazes stay blocks, others become box art.
    pub fn write(&self, grid: &Grid) -> String {
        let marks = text::marks(grid);
        match self.blocks() {
            Some((wall, open)) => text::write_blocks(grid, wall, open, &marks),
            None => text::write_box_art(grid, &marks),
        }
    }

    /// The maze as text with its start moved to `cell` (Analyse's hardest start), for square
    /// mazes, which are the ones this module can write; None when `cell` is the exit.
    pub fn with_start(&self, cell: usize) -> Option<String> {
        let ends = self.grid.ends().ok()?;
        if self.grid.shape != super::grid::Shape::Square || cell == ends.exit {
            return None;
        }
        let mut grid = self.grid.clone();
        place_end(&mut grid, cell, true, self.blocks().is_some());
        Some(self.write(&grid))
    }

    /// The wall at a spot of the doubled grid, as (cell, side), if the spot is a wall.
    fn wall_at(&self, row: usize, col: usize) -> Option<(usize, u8)> {
        let g = &self.grid;
        match (row % 2, col % 2) {
            (0, 1) if row / 2 <= g.rows && col / 2 < g.cols => {
                let (k, c) = (row / 2, col / 2);
                Some(if k < g.rows { (g.cell(k, c), 0) } else { (g.cell(k - 1, c), 2) })
            }
            (1, 0) if row / 2 < g.rows && col / 2 <= g.cols => {
                let (r, k) = (row / 2, col / 2);
                Some(if k < g.cols { (g.cell(r, k), 3) } else { (g.cell(r, k - 1), 1) })
            }
            _ => None,
        }
    }

    /// The cell a spot (or, for block mazes, a cell position) stands for.
    fn cell_of(&self, row: usize, col: usize) -> usize {
        let g = &self.grid;
        if self.blocks().is_some() {
            g.cell(row.min(g.rows - 1), col.min(g.cols - 1))
        } else {
            g.cell((row / 2).min(g.rows - 1), (col / 2).min(g.cols - 1))
        }
    }

    fn edit(&self, tool: &str, row: usize, col: usize, toggle: bool) -> Option<String> {
        let mut grid = self.grid.clone();
        match tool {
            "wall" | "carve" if self.blocks().is_some() => {
                let cell = self.cell_of(row, col);
                let solid = if toggle && tool == "wall" { !grid.solid[cell] } else { tool == "wall" };
                if grid.solid[cell] == solid {
                    return None;
                }
                set_solid(&mut grid, cell, solid);
            }
            "wall" | "carve" => {
                let (cell, side) = self.wall_at(row, col)?;
                let wall = if toggle && tool == "wall" { grid.is_open(cell, side) } else { tool == "wall" };
                if grid.is_open(cell, side) != wall {
                    return None;
                }
                grid.set_wall(cell, side, wall);
            }
            "start" | "exit" if toggle => {
                place_end(&mut grid, self.cell_of(row, col), tool == "start", self.blocks().is_some())
            }
            _ => return None,
        }
        Some(self.write(&grid))
    }
}

/// Makes a block maze's cell rock or floor, keeping the passages to its neighbours right.
fn set_solid(grid: &mut Grid, cell: usize, solid: bool) {
    grid.solid[cell] = solid;
    if solid {
        if grid.start_mark == Some(cell) {
            grid.start_mark = None;
        }
        if grid.exit_mark == Some(cell) {
            grid.exit_mark = None;
        }
    }
    for side in 0..4u8 {
        if let Some(n) = grid.neighbour(cell, side) {
            grid.set_wall(cell, side, solid || grid.solid[n]);
        }
    }
    let outer = (0..4u8).find(|&s| grid.neighbour(cell, s).is_none());
    if let Some(side) = outer {
        grid.set_wall(cell, side, solid);
    }
}

/// Moves the start or exit to `cell`. In a thin-walled maze the old end's gap in the outer wall
/// closes, and a cell on the border gets a gap of its own, so the picture shows the way in.
fn place_end(grid: &mut Grid, cell: usize, start: bool, blocks: bool) {
    if blocks && grid.solid[cell] {
        set_solid(grid, cell, false);
    }
    if !blocks {
        if let Ok(ends) = grid.ends() {
            let (old, side) = if start { (ends.start, ends.start_side) } else { (ends.exit, ends.exit_side) };
            if let (Some(side), true) = (side, old != cell) {
                grid.set_wall(old, side, true);
            }
        }
        let outer = (0..4u8).find(|&s| grid.neighbour(cell, s).is_none());
        let has_gap = (0..4u8).any(|s| grid.neighbour(cell, s).is_none() && grid.is_open(cell, s));
        if let (Some(side), false) = (outer, has_gap) {
            grid.set_wall(cell, side, false);
        }
    }
    let (mine, other) =
        if start { (&mut grid.start_mark, &mut grid.exit_mark) } else { (&mut grid.exit_mark, &mut grid.start_mark) };
    *mine = Some(cell);
    if *other == Some(cell) {
        *other = None;
    }
}

/// The maze grown or cut to `cols` x `rows`. Cells that were there keep their walls; new
/// cells form an open room inside the outer wall; gaps in the outer wall stay on it.
pub fn resized(grid: &Grid, cols: usize, rows: usize) -> Grid {
    let mut out = Grid::walled(grid.shape, rows, cols, grid.geometry);
    let old = |r: usize, c: usize| (r < grid.rows && c < grid.cols).then(|| grid.cell(r, c));
    for cell in 0..out.cells() {
        let (r, c) = out.row_col(cell);
        out.solid[cell] = old(r, c).is_some_and(|o| grid.solid[o]);
        for side in 0..4u8 {
            let Some(next) = out.neighbour(cell, side) else { continue };
            let (nr, nc) = out.row_col(next);
            let open = match (old(r, c), old(nr, nc)) {
                (Some(a), Some(_)) => grid.is_open(a, side),
                (None, None) => true,
                // A gap in the old outer wall leads on into the new room.
                (Some(a), None) => grid.is_open(a, side),
                (None, Some(b)) => grid.is_open(b, grid.shape.opposite(side)),
            };
            if open {
                out.open[cell] |= 1 << side;
            }
        }
    }
    for (cell, side) in grid.openings() {
        let (r, c) = grid.row_col(cell);
        let (r, c) = (r.min(rows - 1), c.min(cols - 1));
        let at = match side {
            0 => out.cell(0, c),
            1 => out.cell(r, cols - 1),
            2 => out.cell(rows - 1, c),
            _ => out.cell(r, 0),
        };
        if !out.solid[at] {
            out.set_wall(at, side, false);
        }
    }
    let keep = |mark: Option<usize>| {
        mark.map(|m| grid.row_col(m)).filter(|&(r, c)| r < rows && c < cols).map(|(r, c)| r * cols + c)
    };
    out.start_mark = keep(grid.start_mark);
    out.exit_mark = keep(grid.exit_mark);
    out
}

impl Editor for MazePuzzle {
    fn tools(&self) -> Vec<(String, String)> {
        let open = if self.blocks().is_some() { "Floor" } else { "Knock down" };
        [("wall", "Wall"), ("carve", open), ("start", "Start"), ("exit", "Exit")]
            .iter()
            .map(|(id, label)| (id.to_string(), label.to_string()))
            .collect()
    }

    fn apply(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        self.edit(tool, row, col, true)
    }

    fn paint(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        self.edit(tool, row, col, false)
    }

    fn resize(&self, cols: usize, rows: usize) -> Option<String> {
        if !(1..=MAX_SIDE).contains(&cols)
            || !(1..=MAX_SIDE).contains(&rows)
            || (cols, rows) == (self.grid.cols, self.grid.rows)
        {
            return None;
        }
        Some(self.write(&resized(&self.grid, cols, rows)))
    }

    fn size(&self) -> (usize, usize) {
        (self.grid.cols, self.grid.rows)
    }

    fn cell_at(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(usize, usize)> {
        let grid = &self.grid;
        let (sx, sy) = View::fit(grid, width, height).source((x, y));
        if self.blocks().is_some() {
            return grid.cell_at_point(sx, sy).map(|cell| grid.row_col(cell));
        }
        let Geometry::Square { x0, y0, step } = grid.geometry else { return None };
        crate::draw::wall_or_cell((sx - x0) / step, (sy - y0) / step, grid.cols, grid.rows, 0.25)
    }
}
