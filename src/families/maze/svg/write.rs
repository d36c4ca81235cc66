//! Writing: a solution as a polyline put into the original file, and a grid drawn as an SVG of
//! its own (as mazegenerator.net would).

use super::*;

/// The solution as points in the file's coordinates: from the middle of the entrance gap (or
/// the start cell's centre) through the centres where the path turns, to the exit.
pub fn path_points(grid: &Grid, cells: &[usize], start_side: Option<u8>, exit_side: Option<u8>) -> Vec<Point> {
    let g = &grid.geometry;
    let centre = |cell: usize| {
        let (r, c) = grid.row_col(cell);
        g.centre(r, c)
    };
    let mut points = Vec::new();
    if let (Some(&first), Some(side)) = (cells.first(), start_side) {
        let (r, c) = grid.row_col(first);
        points.push(g.wall_middle(r, c, side));
    }
    points.extend(cells.iter().map(|&c| centre(c)));
    if let (Some(&last), Some(side)) = (cells.last(), exit_side) {
        let (r, c) = grid.row_col(last);
        points.push(g.wall_middle(r, c, side));
    }
    // Keep only the turns, as mazegenerator.net does.
    let mut kept: Vec<Point> = Vec::with_capacity(points.len());
    for p in points {
        if kept.len() >= 2 {
            let (a, b) = (kept[kept.len() - 2], kept[kept.len() - 1]);
            let cross = (b.0 - a.0) * (p.1 - b.1) - (b.1 - a.1) * (p.0 - b.0);
            let scale = (b.0 - a.0).hypot(b.1 - a.1) * (p.0 - b.0).hypot(p.1 - b.1);
            if cross.abs() <= 1e-9 * scale.max(1e-12) {
                kept.pop();
            }
        }
        kept.push(p);
    }
    kept
}

/// The red polyline mazegenerator.net draws a solution with.
pub fn solution_element(points: &[Point], width: f64) -> String {
    let mut out = format!(
        "<polyline fill=\"none\" stroke=\"#ff0000\" stroke-width=\"{}\" stroke-linecap=\"square\" stroke-linejoin=\"round\" points=\"",
        number(width)
    );
    for (i, (x, y)) in points.iter().enumerate() {
        let _ = write!(out, "{}{},{}", if i > 0 { " " } else { "" }, number(*x), number(*y));
    }
    out.push_str("\"/>");
    out
}

/// A coordinate without float noise: integers as integers, others to 3 decimals.
pub(super) fn number(v: f64) -> String {
    let rounded = (v * 1000.0).round() / 1000.0;
    if rounded == rounded.trunc() {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded}")
    }
}

/// The original file with `element` added as the last child of the root `<svg>`, leaving
/// every byte before it as it was.
pub fn insert_before_end(original: &str, element: &str) -> Option<String> {
    let end = original.rfind("</svg")?;
    let line_start = original[..end].rfind('\n').map_or(0, |i| i + 1);
    let indent = if original[line_start..end].trim().is_empty() { &original[line_start..end] } else { "" };
    let mut out = String::with_capacity(original.len() + element.len() + 8);
    out.push_str(&original[..end]);
    if indent.is_empty() && !original[..end].ends_with('\n') {
        out.push('\n');
    }
    out.push_str(if indent.is_empty() { "  " } else { "" });
    out.push_str(element);
    out.push('\n');
    out.push_str(indent);
    out.push_str(&original[end..]);
    Some(out)
}

/// A square maze as mazegenerator.net would write it: 16-pixel cells, walls as maximal runs
/// of `<line>`s (horizontal ones first), marked cells as green and red squares.
pub fn render(grid: &Grid, title: &str) -> String {
    let (left, top, right, bottom) = grid.geometry.bounds(grid.rows, grid.cols);
    let (width, height) = (right + left, bottom + top);
    let mut out = String::new();
    let _ = writeln!(out, "<?xml version=\"1.0\" standalone=\"no\"?>");
    let _ = writeln!(
        out,
        "<svg width=\"{}\" height=\"{}\" version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\">",
        number(width),
        number(height)
    );
    let _ = writeln!(out, "  <title>{}</title>", crate::draw::xml_escape(title));
    let step = grid.geometry.unit();
    for (mark, colour) in [(grid.start_mark, "#00aa00"), (grid.exit_mark, "#dd0000")] {
        if let Some(cell) = mark {
            let (r, c) = grid.row_col(cell);
            let (cx, cy) = grid.geometry.centre(r, c);
            let s = step * 0.5;
            let _ = writeln!(
                out,
                "  <rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{colour}\"/>",
                number(cx - s / 2.0),
                number(cy - s / 2.0),
                number(s),
                number(s)
            );
        }
    }
    let _ = writeln!(out, "  <g fill=\"none\" stroke=\"#000000\" stroke-width=\"2\" stroke-linecap=\"square\">");
    for ((x1, y1), (x2, y2)) in wall_runs(grid) {
        let _ = writeln!(
            out,
            "    <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" />",
            number(x1),
            number(y1),
            number(x2),
            number(y2)
        );
    }
    out.push_str("  </g>\n</svg>\n");
    out
}

/// The maximal runs of indices in 0..length where `wall` holds, as (first, one past the last).
pub(super) fn runs_of(length: usize, wall: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < length {
        if wall(i) {
            let from = i;
            while i < length && wall(i) {
                i += 1;
            }
            runs.push((from, i));
        } else {
            i += 1;
        }
    }
    runs
}

/// The walls of a square maze as maximal straight runs: horizontal by (y, x), then vertical by
/// (x, y). Hexagonal mazes give one segment per side. The outer frame is written a cell's side
/// at a time, so that every line of the lattice has an end on it: a reader finds the cell size
/// from the gaps between ends, and a maze one cell wide or high has no wall inside to show it
/// (its long sides in one run each, a 1x3 maze read as having no cells at all).
pub fn wall_runs(grid: &Grid) -> Vec<Segment> {
    let g = &grid.geometry;
    let mut runs = Vec::new();
    let (x0, y0, step) = match *g {
        Geometry::Square { x0, y0, step } => (x0, y0, step),
        Geometry::Hex { .. } => {
            for cell in 0..grid.cells() {
                let (r, c) = grid.row_col(cell);
                // Each wall once: N, NE and SE from this cell, the others only on the border
                // (inside, they are the N, NE or SE of the cell across).
                for side in (0..6u8).filter(|&s| !grid.is_open(cell, s) && (s < 3 || grid.neighbour(cell, s).is_none()))
                {
                    runs.push(g.wall(r, c, side));
                }
            }
            return runs;
        }
    };
    let wall_above = |line: usize, col: usize| {
        if line < grid.rows {
            !grid.is_open(grid.cell(line, col), 0)
        } else {
            !grid.is_open(grid.cell(line - 1, col), 2)
        }
    };
    let wall_left = |row: usize, line: usize| {
        if line < grid.cols {
            !grid.is_open(grid.cell(row, line), 3)
        } else {
            !grid.is_open(grid.cell(row, line - 1), 1)
        }
    };
    let corner = |line_r: usize, line_c: usize| (x0 + line_c as f64 * step, y0 + line_r as f64 * step);
    // A frame run, cut into one segment per cell.
    let cut = |(from, to): (usize, usize), frame: bool| {
        if frame {
            (from..to).map(|i| (i, i + 1)).collect()
        } else {
            vec![(from, to)]
        }
    };
    for line in 0..=grid.rows {
        for (from, to) in runs_of(grid.cols, |col| wall_above(line, col))
            .into_iter()
            .flat_map(|run| cut(run, line == 0 || line == grid.rows))
        {
            runs.push((corner(line, from), corner(line, to)));
        }
    }
    for line in 0..=grid.cols {
        for (from, to) in runs_of(grid.rows, |row| wall_left(row, line))
            .into_iter()
            .flat_map(|run| cut(run, line == 0 || line == grid.cols))
        {
            runs.push((corner(from, line), corner(to, line)));
        }
    }
    runs
}
