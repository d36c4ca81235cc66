//! Reading, step two: the lattice inferred from the coordinates alone (square cells, walls or
//! the centre lines of a "line maze"; or hexagons, fitted side by side), and the grid built.

use super::*;

/// Distinct values, merging those closer than `tolerance`.
pub(super) fn distinct(mut values: Vec<f64>, tolerance: f64) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    let mut out: Vec<f64> = Vec::new();
    for v in values {
        if out.last().is_none_or(|&last| v - last > tolerance) {
            out.push(v);
        }
    }
    out
}

/// The step of the lattice the values sit on: the most common gap between them.
pub(super) fn common_step(values: &[f64]) -> Option<f64> {
    let mut gaps: Vec<f64> = values.windows(2).map(|w| w[1] - w[0]).filter(|g| *g > 0.0).collect();
    gaps.sort_by(f64::total_cmp);
    let mut best: Option<(usize, f64)> = None;
    let mut i = 0;
    while i < gaps.len() {
        let mut j = i;
        let mut sum = 0.0;
        while j < gaps.len() && gaps[j] <= gaps[i] * 1.02 {
            sum += gaps[j];
            j += 1;
        }
        // The most common gap; among equally common ones the smallest (listed first).
        if best.is_none_or(|(count, _)| j - i > count) {
            best = Some((j - i, sum / (j - i) as f64));
        }
        i = j;
    }
    Some(best?.1)
}

/// The value the most others sit a whole number of `step`s from (within 0.05 of a step); among
/// equally good ones the first. Values a whole number of steps apart share their remainder
/// modulo the step, so each value's count is the number of remainders within 0.05 of its own,
/// around the circle: found by binary search in the sorted remainders, O(n log n). Trying every
/// value against every other took 14 s on a 100,000-step staircase.
pub(super) fn origin(values: &[f64], step: f64) -> Option<f64> {
    let first = *values.first()?;
    let fraction = |v: f64| {
        let k = (v - first) / step;
        k - k.floor()
    };
    let mut sorted: Vec<f64> = values.iter().map(|&v| fraction(v)).collect();
    sorted.sort_by(f64::total_cmp);
    // Remainders in the open range (low, high).
    let between = |low: f64, high: f64| sorted.partition_point(|&f| f < high) - sorted.partition_point(|&f| f <= low);
    let near = |f: f64| {
        let mut count = between(f - 0.05, f + 0.05);
        if f - 0.05 < 0.0 {
            count += between(f - 0.05 + 1.0, 2.0);
        }
        if f + 0.05 > 1.0 {
            count += between(-1.0, f + 0.05 - 1.0);
        }
        count
    };
    let counts: Vec<usize> = values.iter().map(|&v| near(fraction(v))).collect();
    let best = *counts.iter().max()?;
    values.iter().zip(&counts).find(|(_, &count)| count == best).map(|(&v, _)| v)
}

/// The fraction of a step `v` is off the lattice, in [0, 0.5].
pub(super) fn offset(v: f64, step: f64, origin: f64) -> f64 {
    let k = (v - origin) / step;
    (k - k.round()).abs()
}

/// A square lattice: its step and the lowest and highest lines the segments use.
pub(super) struct Lattice {
    step: f64,
    min: (f64, f64),
    max: (f64, f64),
}

impl Lattice {
    fn steps(&self, from: f64, to: f64) -> usize {
        ((to - from) / self.step).round() as usize
    }
}

pub(super) fn square(segments: &[Segment]) -> Result<Grid, String> {
    let straight: Vec<Segment> = segments
        .iter()
        .filter(|s| is_horizontal(s) || is_vertical(s))
        .map(|&((x1, y1), (x2, y2))| ((x1.min(x2), y1.min(y2)), (x1.max(x2), y1.max(y2))))
        .collect();
    let span = straight.iter().fold(0.0f64, |m, ((x1, y1), (x2, y2))| m.max(x2 - x1).max(y2 - y1)).max(1e-9);
    let xs = distinct(straight.iter().flat_map(|((x1, _), (x2, _))| [*x1, *x2]).collect(), span * 1e-6);
    let ys = distinct(straight.iter().flat_map(|((_, y1), (_, y2))| [*y1, *y2]).collect(), span * 1e-6);
    let no_grid = || "the walls do not lie on a grid: cannot tell the cell size".to_string();
    // An axis with one coordinate (a one-cell-wide line maze) borrows the other axis's step.
    let (step_x, step_y) = match (common_step(&xs), common_step(&ys)) {
        (Some(sx), Some(sy)) => (sx, sy),
        (Some(sx), None) if ys.len() == 1 => (sx, sx),
        (None, Some(sy)) if xs.len() == 1 => (sy, sy),
        _ => return Err(no_grid()),
    };
    let close = |a: f64, b: f64| (a - b).abs() <= 0.02 * a.max(b);
    let (small, large) = (step_x.min(step_y), step_x.max(step_y));
    let step = if close(step_x, step_y) {
        (step_x + step_y) / 2.0
    } else if xs.len() == 2 && ys.len() == 2 && close(large, (large / small).round() * small) {
        // A single gap each way (a maze one cell wide, without walls across it): the cell is
        // the narrow way, and the long way is a whole number of cells.
        small
    } else if close(step_x, 2.0 * step_y) || close(step_y, 2.0 * step_x) {
        // A small line maze: the stubs to the openings make half steps common along one axis.
        step_x.max(step_y)
    } else if xs.len() <= 2 || ys.len() <= 2 {
        // A one-cell-wide maze has a single gap along that axis; trust the other one.
        if xs.len() > ys.len() {
            step_x
        } else {
            step_y
        }
    } else {
        return Err(format!("the cells are not square: the walls are {step_x:.3} apart across and {step_y:.3} down"));
    };
    // Each axis anchored on the chosen step (with a half step, a stub could have looked like one).
    let (origin_x, origin_y) = (origin(&xs, step).ok_or_else(no_grid)?, origin(&ys, step).ok_or_else(no_grid)?);
    let on = |values: &[f64], origin: f64, want: f64| -> Vec<f64> {
        values.iter().copied().filter(|&v| (offset(v, step, origin) - want).abs() < 0.05).collect()
    };
    let (lattice_x, lattice_y) = (on(&xs, origin_x, 0.0), on(&ys, origin_y, 0.0));
    let half_steps = on(&xs, origin_x, 0.5).len() + on(&ys, origin_y, 0.5).len();
    let lattice = Lattice {
        step,
        min: (lattice_x[0], lattice_y[0]),
        max: (lattice_x[lattice_x.len() - 1], lattice_y[lattice_y.len() - 1]),
    };
    // Lines half a step off the lattice are the stubs of a line maze running out to its
    // openings. Without them, a wall maze shows itself by its frame: the outline of the
    // lattice is nearly all wall, which a tree of passages through cell centres never is.
    if half_steps == 0 {
        let walls = walled_grid(&straight, &lattice)?;
        let border = 2 * (walls.rows + walls.cols);
        let framed = (0..walls.cells())
            .flat_map(|cell| (0..4u8).map(move |side| (cell, side)))
            .filter(|&(cell, side)| walls.neighbour(cell, side).is_none() && !walls.is_open(cell, side))
            .count();
        // A small maze's two openings are a large share of its frame: all but them is wall.
        if framed * 4 >= border * 3 || framed + 2 >= border || walls.cells() == 1 {
            return Ok(walls);
        }
    }
    centre_line_grid(&straight, &lattice)
}

/// A straight segment on the lattice: which way it runs, the index of its line, where it runs
/// along that line (from, to), and the lattice's first line along it.
pub(super) struct Placed {
    horizontal: bool,
    line: usize,
    from: f64,
    to: f64,
    min_along: f64,
}

/// Places a segment on one of `lines` = (horizontal lines, vertical lines); None when it lies
/// between lines or beyond them.
pub(super) fn place(segment: &Segment, lattice: &Lattice, lines: (usize, usize)) -> Option<Placed> {
    let &((x1, y1), (x2, y2)) = segment;
    let horizontal = x2 - x1 >= y2 - y1;
    let (fixed, from, to, min_across, min_along, count) = if horizontal {
        (y1, x1, x2, lattice.min.1, lattice.min.0, lines.0)
    } else {
        (x1, y1, y2, lattice.min.0, lattice.min.1, lines.1)
    };
    let k = (fixed - min_across) / lattice.step;
    if (k - k.round()).abs() > 0.1 || k.round() < 0.0 || k.round() as usize >= count {
        return None;
    }
    Some(Placed { horizontal, line: k.round() as usize, from, to, min_along })
}

/// The whole numbers in [low, high] that index 0..length.
pub(super) fn index_range(low: f64, high: f64, length: usize) -> std::ops::Range<usize> {
    let first = low.ceil().max(0.0);
    let last = high.floor().min(length as f64 - 1.0);
    if first.is_nan() || last.is_nan() || first > last {
        return 0..0;
    }
    first as usize..last as usize + 1
}

pub(super) fn walled_grid(straight: &[Segment], lattice: &Lattice) -> Result<Grid, String> {
    let step = lattice.step;
    let (cols, rows) = (lattice.steps(lattice.min.0, lattice.max.0), lattice.steps(lattice.min.1, lattice.max.1));
    Grid::check_size(rows, cols)?;
    let geometry = Geometry::Square { x0: lattice.min.0, y0: lattice.min.1, step };
    let mut grid = Grid::walled(Shape::Square, rows, cols, geometry);
    grid.open.fill(0b1111);
    let tolerance = 0.1 * step;
    for segment in straight {
        // Walls lie on the lines around the cells: rows + 1 across, cols + 1 down.
        let Some(Placed { horizontal, line: k, from, to, min_along }) = place(segment, lattice, (rows + 1, cols + 1))
        else {
            continue;
        };
        let (across, length) = if horizontal { (rows, cols) } else { (cols, rows) };
        // The cells whose middle the segment passes.
        for i in
            index_range((from - tolerance - min_along) / step - 0.5, (to + tolerance - min_along) / step - 0.5, length)
        {
            // The wall before line k of cells, seen from the cell after it (or before, at the end).
            let (line, side) =
                if k < across { (k, if horizontal { 0 } else { 3 }) } else { (k - 1, if horizontal { 2 } else { 1 }) };
            let cell = if horizontal { grid.cell(line, i) } else { grid.cell(i, line) };
            grid.set_wall(cell, side, true);
        }
    }
    Ok(grid)
}

pub(super) fn centre_line_grid(straight: &[Segment], lattice: &Lattice) -> Result<Grid, String> {
    let step = lattice.step;
    let (cols, rows) =
        (lattice.steps(lattice.min.0, lattice.max.0) + 1, lattice.steps(lattice.min.1, lattice.max.1) + 1);
    Grid::check_size(rows, cols)?;
    let geometry = Geometry::Square { x0: lattice.min.0 - step / 2.0, y0: lattice.min.1 - step / 2.0, step };
    let mut grid = Grid::walled(Shape::Square, rows, cols, geometry);
    let tolerance = 0.1 * step;
    for segment in straight {
        // Passages run along the rows and columns of centres.
        let Some(Placed { horizontal, line: k, from, to, min_along }) = place(segment, lattice, (rows, cols)) else {
            continue;
        };
        let length = if horizontal { cols } else { rows };
        let cell = |i: usize| if horizontal { k * cols + i } else { i * cols + k };
        let (forward, backward) = if horizontal { (1, 3) } else { (2, 0) };
        let centre = |i: usize| min_along + i as f64 * step;
        // The centres the segment passes.
        for i in index_range((from - tolerance - min_along) / step, (to + tolerance - min_along) / step, length) {
            if i + 1 < length && centre(i + 1) <= to + tolerance {
                grid.set_wall(cell(i), forward, false);
            }
            // Stubs beyond the first or last centre are the openings.
            if i == 0 && from <= centre(0) - 0.4 * step {
                grid.set_wall(cell(0), backward, false);
            }
            if i + 1 == length && to >= centre(i) + 0.4 * step {
                grid.set_wall(cell(i), forward, false);
            }
        }
    }
    Ok(grid)
}

// ---- hexagons ---------------------------------------------------------------------------------

pub(super) fn hexagonal(segments: &[Segment]) -> Result<Grid, String> {
    let mut lengths: Vec<f64> =
        segments.iter().map(|((x1, y1), (x2, y2))| (x2 - x1).hypot(y2 - y1)).filter(|l| *l > 0.0).collect();
    lengths.sort_by(f64::total_cmp);
    let side = *lengths.get(lengths.len() / 2).ok_or("no walls found")?;
    let points = segments.iter().flat_map(|(a, b)| [*a, *b]);
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (x, y) in points {
        (min_x, min_y, max_x, max_y) = (min_x.min(x), min_y.min(y), max_x.max(x), max_y.max(y));
    }
    let h = side * 3f64.sqrt();
    // In floats, where a coordinate of 1e65 saturates the cast instead of overflowing a sum
    // (found by fuzzing); check_size then refuses the size.
    let cols = (((max_x - min_x - 2.0 * side) / (1.5 * side)).round() + 1.0).max(1.0) as usize;
    let rows_f = if cols > 1 { (max_y - min_y) / h - 0.5 } else { (max_y - min_y) / h };
    let rows = rows_f.round().max(1.0) as usize;
    Grid::check_size(rows, cols)?;
    // A hexagonal maze of n cells has about 2n wall sides. Far fewer walls over far more cells
    // is no such maze (a stray point far off stretches the box), and matching them against
    // every side of that grid would take minutes (found by fuzzing).
    if rows.saturating_mul(cols) > 8 * segments.len() + 64 {
        return Err(format!(
            "{} wall pieces are too few for a hexagonal maze of {cols} x {rows} cells, which is what their extent asks for: is a coordinate far off?",
            segments.len()
        ));
    }
    let mut best: Option<(usize, Grid)> = None;
    for lowered in [0, 1] {
        // With one column there is nothing to lower: it is raised, whatever its parity.
        let lowered = if cols == 1 { 1 } else { lowered };
        let geometry = Geometry::Hex { x0: min_x, y0: min_y, side, lowered };
        let mut grid = Grid::walled(Shape::Hex, rows, cols, geometry);
        grid.open.fill(0b11_1111);
        let bucket = side / 4.0;
        let key = |(x, y): Point| ((x / bucket).round() as i64, (y / bucket).round() as i64);
        // Hexagon sides by the bucket of their middle: (middle, cell, side).
        let mut sides: HashMap<(i64, i64), Vec<SideAt>> = HashMap::new();
        for cell in 0..grid.cells() {
            let (r, c) = grid.row_col(cell);
            for s in 0..6u8 {
                let middle = geometry.wall_middle(r, c, s);
                sides.entry(key(middle)).or_default().push((middle, cell, s));
            }
        }
        let mut matched = 0;
        for &(a, b) in segments {
            let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
            let (kx, ky) = key(middle);
            let found = (-1..=1)
                .flat_map(|dx| (-1..=1).map(move |dy| (kx + dx, ky + dy)))
                .filter_map(|k| sides.get(&k))
                .flatten()
                .filter(|(m, _, _)| (m.0 - middle.0).hypot(m.1 - middle.1) < side * 0.2)
                .map(|&(_, cell, s)| (cell, s))
                .next();
            if let Some((cell, s)) = found {
                grid.set_wall(cell, s, true);
                matched += 1;
            }
        }
        if best.as_ref().is_none_or(|(m, _)| matched > *m) {
            best = Some((matched, grid));
        }
    }
    let (matched, grid) = best.ok_or("no walls found")?;
    if matched * 10 < segments.len() * 9 {
        return Err(format!(
            "the walls fit neither a square nor a hexagonal grid ({} of {} wall pieces are sides of hexagons); \
             triangular (delta) and circular (theta) mazes are not supported",
            matched,
            segments.len()
        ));
    }
    Ok(grid)
}
