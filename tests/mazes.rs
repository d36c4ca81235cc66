//! Mazes written by a generator of our own, in every SVG convention and text format the maze
//! family reads (as `docs/specs/mazes.md` describes them), at several sizes: the parsed
//! graph must equal the generated one and the solver must find the one path through.
//!
//! The generator here is independent of the crate's (a randomised Kruskal over its own wall
//! lists, its own hexagon geometry), so the reader is checked against a second opinion.
#![cfg(not(target_arch = "wasm32"))]

use puzzlelab::families::maze::MazePuzzle;
use puzzlelab::families::{Puzzle, SolveOptions, Status};
use puzzlelab::search::Flow;
use std::collections::{BTreeSet, VecDeque};
use std::fmt::Write;

/// xorshift64*: the tests' own randomness.
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n
    }
}

type Cell = (usize, usize);

/// A generated perfect maze: its passages as unordered pairs of (row, col), and the two cells
/// whose outer wall is open.
struct Generated {
    cols: usize,
    rows: usize,
    hex: bool,
    passages: BTreeSet<(Cell, Cell)>,
    entrance: Cell,
    exit: Cell,
}

fn pair(a: Cell, b: Cell) -> (Cell, Cell) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Hexagon neighbours as mazegenerator.net lays them out: even columns sit half a row lower.
fn hex_neighbours((r, c): Cell, cols: usize, rows: usize) -> Vec<Cell> {
    let low = c % 2 == 0;
    let mut out = Vec::new();
    let (r, c) = (r as isize, c as isize);
    let up = if low { 0 } else { -1 };
    for (dr, dc) in [(-1, 0), (1, 0), (up, -1), (up + 1, -1), (up, 1), (up + 1, 1)] {
        let (nr, nc) = (r + dr, c + dc);
        if nr >= 0 && nc >= 0 && (nr as usize) < rows && (nc as usize) < cols {
            out.push((nr as usize, nc as usize));
        }
    }
    out
}

fn square_neighbours((r, c): Cell, cols: usize, rows: usize) -> Vec<Cell> {
    let mut out = Vec::new();
    if r > 0 {
        out.push((r - 1, c));
    }
    if r + 1 < rows {
        out.push((r + 1, c));
    }
    if c > 0 {
        out.push((r, c - 1));
    }
    if c + 1 < cols {
        out.push((r, c + 1));
    }
    out
}

impl Generated {
    /// Randomised Kruskal: shuffle all inner walls, knock down those joining two components.
    fn new(cols: usize, rows: usize, hex: bool, seed: u64) -> Generated {
        let mut random = Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
        let mut walls = BTreeSet::new();
        for r in 0..rows {
            for c in 0..cols {
                let list = if hex { hex_neighbours((r, c), cols, rows) } else { square_neighbours((r, c), cols, rows) };
                for n in list {
                    walls.insert(pair((r, c), n));
                }
            }
        }
        let mut walls: Vec<(Cell, Cell)> = walls.into_iter().collect();
        for i in (1..walls.len()).rev() {
            walls.swap(i, random.below(i + 1));
        }
        let mut parent: Vec<usize> = (0..rows * cols).collect();
        fn find(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        let mut passages = BTreeSet::new();
        for (a, b) in walls {
            let (ra, rb) = (find(&mut parent, a.0 * cols + a.1), find(&mut parent, b.0 * cols + b.1));
            if ra != rb {
                parent[ra] = rb;
                passages.insert((a, b));
            }
        }
        Generated { cols, rows, hex, passages, entrance: (0, (cols - 1) / 2), exit: (rows - 1, cols / 2) }
    }

    fn open(&self, a: Cell, b: Cell) -> bool {
        self.passages.contains(&pair(a, b))
    }

    /// The one path from entrance to exit, by BFS.
    fn path(&self) -> Vec<Cell> {
        let mut from = std::collections::HashMap::new();
        let mut queue = VecDeque::from([self.entrance]);
        from.insert(self.entrance, self.entrance);
        while let Some(cell) = queue.pop_front() {
            let list = if self.hex {
                hex_neighbours(cell, self.cols, self.rows)
            } else {
                square_neighbours(cell, self.cols, self.rows)
            };
            for n in list {
                if self.open(cell, n) && !from.contains_key(&n) {
                    from.insert(n, cell);
                    queue.push_back(n);
                }
            }
        }
        let mut path = vec![self.exit];
        while *path.last().unwrap() != self.entrance {
            path.push(from[path.last().unwrap()]);
        }
        path.reverse();
        path
    }

    /// Horizontal walls: is there a wall above row `line` (0..=rows) at column c?
    fn wall_above(&self, line: usize, c: usize) -> bool {
        if line == 0 {
            (0, c) != self.entrance
        } else if line == self.rows {
            (self.rows - 1, c) != self.exit
        } else {
            !self.open((line - 1, c), (line, c))
        }
    }

    /// Vertical walls: is there a wall left of column `line` (0..=cols) in row r?
    fn wall_left(&self, r: usize, line: usize) -> bool {
        line == 0 || line == self.cols || !self.open((r, line - 1), (r, line))
    }

    /// Maximal wall runs on a lattice: horizontal by (y, x), then vertical by (x, y), as
    /// (x1, y1, x2, y2) in lattice units.
    fn runs(&self) -> Vec<(usize, usize, usize, usize)> {
        let mut out = Vec::new();
        for line in 0..=self.rows {
            let mut c = 0;
            while c < self.cols {
                if self.wall_above(line, c) {
                    let from = c;
                    while c < self.cols && self.wall_above(line, c) {
                        c += 1;
                    }
                    out.push((from, line, c, line));
                } else {
                    c += 1;
                }
            }
        }
        for line in 0..=self.cols {
            let mut r = 0;
            while r < self.rows {
                if self.wall_left(r, line) {
                    let from = r;
                    while r < self.rows && self.wall_left(r, line) {
                        r += 1;
                    }
                    out.push((line, from, line, r));
                } else {
                    r += 1;
                }
            }
        }
        out
    }
}

// ---- the SVG conventions ----------------------------------------------------------------------

fn header(width: f64, height: f64, title: &str) -> String {
    format!(
        "<?xml version=\"1.0\" standalone=\"no\"?>\n<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n\
         <svg width=\"{width}\" height=\"{height}\" version=\"1.1\" xmlns=\"http://www.w3.org/2000/svg\">\n  <title>{title}</title>\n  \
         <desc>{title} generated by The Maze Generator Website (https://www.mazegenerator.net/).</desc>\n"
    )
}

/// mazegenerator.net's orthogonal walls, optionally with its red solution polyline.
fn mazegenerator_walls(m: &Generated, solved: bool) -> String {
    let mut s = header(
        (16 * m.cols + 4) as f64,
        (16 * m.rows + 4) as f64,
        &format!("{} by {} orthogonal maze", m.cols, m.rows),
    );
    s.push_str("  <g fill=\"none\" stroke=\"#000000\" stroke-width=\"2\" stroke-linecap=\"square\">\n");
    for (x1, y1, x2, y2) in m.runs() {
        let _ = writeln!(
            s,
            "    <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" />",
            2 + 16 * x1,
            2 + 16 * y1,
            2 + 16 * x2,
            2 + 16 * y2
        );
    }
    s.push_str("  </g>\n");
    if solved {
        let mut points = vec![(10 + 16 * m.entrance.1, 2)];
        points.extend(m.path().iter().map(|&(r, c)| (10 + 16 * c, 10 + 16 * r)));
        points.push((10 + 16 * m.exit.1, 16 * m.rows + 2));
        let text: Vec<String> = points.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = writeln!(
            s,
            "  <polyline fill=\"none\" stroke=\"#ff0000\" stroke-width=\"2\" stroke-linecap=\"square\" stroke-linejoin=\"round\" points=\"{}\"/>",
            text.join(" ")
        );
    }
    s.push_str("</svg>\n");
    s
}

/// mazegenerator.net's "line maze": passages through cell centres, stubs to the openings.
fn line_maze(m: &Generated) -> String {
    let mut s = header(
        (16 * m.cols + 4) as f64,
        (16 * m.rows + 4) as f64,
        &format!("{} by {} orthogonal maze", m.cols, m.rows),
    );
    s.push_str("  <g fill=\"none\" stroke=\"#000000\" stroke-width=\"2\" stroke-linecap=\"square\" stroke-linejoin=\"round\">\n");
    let centre = |(r, c): Cell| (10 + 16 * c, 10 + 16 * r);
    for &(a, b) in &m.passages {
        let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
        let _ = writeln!(s, "    <polyline points=\"{x1},{y1} {x2},{y2}\" />");
    }
    let (ex, ey) = centre(m.entrance);
    let _ = writeln!(s, "    <polyline points=\"{ex},2 {ex},{ey}\" />");
    let (xx, xy) = centre(m.exit);
    let _ = writeln!(s, "    <polyline points=\"{xx},{xy} {xx},{}\" />", 16 * m.rows + 2);
    s.push_str("  </g>\n</svg>\n");
    s
}

/// mazegenerator.net's sigma maze: flat-topped hexagons of side 14, float noise included.
fn sigma(m: &Generated) -> String {
    let side = 14.0f64;
    let h = side * 3f64.sqrt();
    let centre = |(r, c): Cell| {
        let y = if c % 2 == 0 { 2.0 + h * (r as f64 + 1.0) } else { 2.0 + h * (r as f64 + 0.5) };
        (2.0 + side + 1.5 * side * c as f64, y)
    };
    let vertex = |cell: Cell, k: usize| {
        let (x, y) = centre(cell);
        let a = std::f64::consts::PI / 3.0 * k as f64;
        // Round-off as in the real files.
        (x + side * a.cos() + 1.07e-14, y + side * a.sin())
    };
    let width = 21.0 * m.cols as f64 + 11.0;
    let height = h * (m.rows as f64 + 0.5) + 4.0;
    let mut s = header(width, height, &format!("{} by {} sigma maze", m.cols, m.rows));
    s.push_str("  <g fill=\"none\" stroke=\"#000000\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n");
    // Sides in N, NE, SE, S, SW, NW order: side d runs from vertex 4+d to 5+d.
    for r in 0..m.rows {
        for c in 0..m.cols {
            let low = c % 2 == 0;
            let up: isize = if low { 0 } else { -1 };
            let offsets = [(-1, 0), (up, 1), (up + 1, 1), (1, 0), (up + 1, -1), (up, -1)];
            let mut chain: Vec<(f64, f64)> = Vec::new();
            for (d, (dr, dc)) in offsets.iter().enumerate() {
                let (nr, nc) = (r as isize + dr, c as isize + dc);
                let inside = nr >= 0 && nc >= 0 && (nr as usize) < m.rows && (nc as usize) < m.cols;
                // Each inner wall once (from the N, NE and SE sides); outer walls always.
                let wall = if inside {
                    d < 3 && !m.open((r, c), (nr as usize, nc as usize))
                } else {
                    !(((r, c) == m.entrance && d == 0) || ((r, c) == m.exit && d == 3))
                };
                if wall {
                    let (a, b) = (vertex((r, c), (4 + d) % 6), vertex((r, c), (5 + d) % 6));
                    if chain.last() != Some(&a) {
                        flush(&mut s, &mut chain);
                        chain.push(a);
                    }
                    chain.push(b);
                } else {
                    flush(&mut s, &mut chain);
                }
            }
            flush(&mut s, &mut chain);
        }
    }
    s.push_str("  </g>\n</svg>\n");
    s
}

fn flush(s: &mut String, chain: &mut Vec<(f64, f64)>) {
    if chain.len() >= 2 {
        let points: Vec<String> = chain.iter().map(|(x, y)| format!("{x},{y}")).collect();
        let _ = writeln!(s, "    <polyline points=\"{}\" />", points.join(" "));
    }
    chain.clear();
}

/// An editor's re-export: viewBox only, CSS classes, one `<path>` per run (some relative),
/// green Bézier chevrons that are decoration.
fn editor_paths(m: &Generated) -> String {
    let (w, h) = (16 * m.cols + 4, 16 * m.rows + 4);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\">\n<style>\n  .shp0 {{ fill:none;stroke:#000000;stroke-width:2 }}\n  .shp1 {{ fill:#00ff00 }}\n</style>\n"
    );
    for (i, (x1, y1, x2, y2)) in m.runs().into_iter().enumerate() {
        let (x1, y1, x2, y2) = (2 + 16 * x1, 2 + 16 * y1, 2 + 16 * x2, 2 + 16 * y2);
        let d = match i % 3 {
            0 => format!("M{x1} {y1}L{x2} {y2}"),
            1 if y1 == y2 => format!("m{x1},{y1} h{}", x2 - x1),
            1 => format!("m{x1},{y1} v{}", y2 - y1),
            _ => format!("M {x1},{y1} l {},{}", x2 - x1, y2 - y1),
        };
        let _ = writeln!(s, "<path id=\"Layer\" class=\"shp0\" d=\"{d}\" />");
    }
    for (r, c) in m.path() {
        let (x, y) = (10 + 16 * c, 10 + 16 * r);
        let _ =
            writeln!(s, "<path class=\"shp1\" d=\"M{} {y} C{x} {} {} {} {x} {} Z\" />", x - 3, y - 3, x + 3, y, y + 3);
    }
    s.push_str("</svg>\n");
    s
}

/// The Python maze_solver renderer: 100-pixel squares, offset 3, `<line>` and "x, y x, y"
/// polylines, emoji marks, a red solution with an arrow marker.
fn python_renderer(m: &Generated) -> String {
    let (w, h) = (100 * m.cols + 18, 100 * m.rows + 18);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" stroke-linejoin=\"round\" width=\"{w}\" height=\"{h}\" viewBox=\"-6 -6 {w} {h}\">\n\
         <defs><marker id=\"arrow\" markerWidth=\"5\" markerHeight=\"4\" refX=\"0\" refY=\"2\" orient=\"auto\"><polygon points=\"0 0, 5 2, 0 4\" stroke=\"black\"/></marker></defs>\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    );
    for (i, (x1, y1, x2, y2)) in m.runs().into_iter().enumerate() {
        let (x1, y1, x2, y2) = (3 + 100 * x1, 3 + 100 * y1, 3 + 100 * x2, 3 + 100 * y2);
        if i % 2 == 0 {
            let _ = writeln!(s, "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke-width=\"6\" stroke=\"black\" stroke-linecap=\"square\"/>");
        } else {
            let _ = writeln!(
                s,
                "<polyline points=\"{x1}, {y1} {x2}, {y2}\" stroke-width=\"6\" stroke=\"black\" fill=\"none\"/>"
            );
        }
    }
    let centre = |(r, c): Cell| (53 + 100 * c, 53 + 100 * r);
    let points: Vec<String> = m.path().iter().map(|&cell| centre(cell)).map(|(x, y)| format!("{x}, {y}")).collect();
    let _ = writeln!(
        s,
        "<polyline points=\"{}\" fill=\"none\" stroke=\"red\" stroke-width=\"12\" stroke-opacity=\"50%\" marker-end=\"url(#arrow)\"/>",
        points.join(" ")
    );
    for (cell, emoji) in [(m.entrance, "🚶"), (m.exit, "🏁")] {
        let (x, y) = centre(cell);
        let _ = writeln!(s, "<text x=\"{x}\" y=\"{y}\" font-size=\"50\" text-anchor=\"middle\" dominant-baseline=\"middle\">{emoji}</text>");
    }
    s.push_str("</svg>\n");
    s
}

/// scipython.com's "make a maze": a float step (500 / cols), CSS in CDATA, each cell drawing
/// its south and east walls, green and red rectangles for the start and end.
fn scipython(m: &Generated) -> String {
    let a = 500.0 / m.cols as f64;
    let mut s = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-10 -10 520 {}\">\n\
         <defs>\n<style type=\"text/css\"><![CDATA[\nline {{\n    stroke: #000000;\n    stroke-linecap: square;\n    stroke-width: 5;\n}}\n]]></style>\n</defs>\n",
        a * m.rows as f64 + 20.0
    );
    let line = |s: &mut String, x1: f64, y1: f64, x2: f64, y2: f64| {
        let _ = writeln!(s, "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>");
    };
    for r in 0..m.rows {
        for c in 0..m.cols {
            let (x, y) = (c as f64 * a, r as f64 * a);
            if m.wall_above(r + 1, c) {
                line(&mut s, x, y + a, x + a, y + a);
            }
            if m.wall_left(r, c + 1) {
                line(&mut s, x + a, y, x + a, y + a);
            }
        }
    }
    for c in 0..m.cols {
        if m.wall_above(0, c) {
            line(&mut s, c as f64 * a, 0.0, (c + 1) as f64 * a, 0.0);
        }
    }
    line(&mut s, 0.0, 0.0, 0.0, m.rows as f64 * a);
    for ((r, c), colour) in [(m.entrance, "green"), (m.exit, "red")] {
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" style=\"fill:{colour}\"/>",
            c as f64 * a + a / 4.0,
            r as f64 * a + a / 4.0,
            a / 2.0,
            a / 2.0
        );
    }
    let _ = writeln!(
        s,
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" style=\"fill:yellow\"/>",
        a / 3.0,
        a / 3.0,
        a / 3.0,
        a / 3.0
    );
    s.push_str("</svg>\n");
    s
}

// ---- the text formats -------------------------------------------------------------------------

/// Every character a cell: (2·cols+1) x (2·rows+1), with S and E on the openings' cells.
fn block_grid(m: &Generated) -> String {
    let (w, h) = (2 * m.cols + 1, 2 * m.rows + 1);
    let mut g = vec![vec!['#'; w]; h];
    for r in 0..m.rows {
        for c in 0..m.cols {
            g[2 * r + 1][2 * c + 1] = ' ';
            if c + 1 < m.cols && m.open((r, c), (r, c + 1)) {
                g[2 * r + 1][2 * c + 2] = ' ';
            }
            if r + 1 < m.rows && m.open((r, c), (r + 1, c)) {
                g[2 * r + 2][2 * c + 1] = ' ';
            }
        }
    }
    g[2 * m.entrance.0 + 1][2 * m.entrance.1 + 1] = 'S';
    g[2 * m.exit.0 + 1][2 * m.exit.1 + 1] = 'E';
    // Editors strip trailing spaces: the reader pads with wall, which must not matter here.
    g.iter().map(|row| row.iter().collect::<String>().trim_end().to_string() + "\n").collect()
}

fn box_art(m: &Generated, width: usize) -> String {
    let mut s = String::new();
    for line in 0..=m.rows {
        for c in 0..m.cols {
            s.push('+');
            s.push_str(&(if m.wall_above(line, c) { "-" } else { " " }).repeat(width));
        }
        s.push_str("+\n");
        if line < m.rows {
            for c in 0..=m.cols {
                s.push(if m.wall_left(line, c) { '|' } else { ' ' });
                if c < m.cols {
                    s.push_str(&" ".repeat(width));
                }
            }
            s.push('\n');
        }
    }
    s
}

fn underscores(m: &Generated) -> String {
    let mut s = String::from(" ");
    for c in 0..m.cols {
        s.push(if m.wall_above(0, c) { '_' } else { ' ' });
        s.push(' ');
    }
    s = s.trim_end().to_string() + "\n";
    for r in 0..m.rows {
        s.push('|');
        for c in 0..m.cols {
            s.push(if m.wall_above(r + 1, c) { '_' } else { ' ' });
            s.push(if m.wall_left(r, c + 1) { '|' } else { ' ' });
        }
        s.push('\n');
    }
    s
}

// ---- checks -----------------------------------------------------------------------------------

/// The parsed maze's passages between cells, as (row, col) pairs.
fn parsed_passages(puzzle: &MazePuzzle) -> BTreeSet<(Cell, Cell)> {
    let grid = puzzle.grid();
    let mut out = BTreeSet::new();
    for cell in 0..grid.cells() {
        for side in 0..grid.shape.sides() as u8 {
            if let Some(n) = grid.neighbour(cell, side) {
                if grid.is_open(cell, side) && !grid.solid[cell] && !grid.solid[n] {
                    out.insert(pair(grid.row_col(cell), grid.row_col(n)));
                }
            }
        }
    }
    out
}

fn solved_cells(puzzle: &MazePuzzle) -> Vec<Cell> {
    let report = puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).expect("solves");
    assert_eq!(report.status, Status::Solved);
    assert!(puzzle.check(&SolveOptions::default(), &report.moves).unwrap().ends_solved);
    let (_, cells) = puzzle.walk(&report.moves).unwrap();
    cells.into_iter().map(|c| puzzle.grid().row_col(c)).collect()
}

const SIZES: [(usize, usize); 6] = [(1, 1), (2, 7), (5, 3), (8, 8), (13, 6), (20, 11)];

fn check_svg(name: &str, write: fn(&Generated) -> String, hex: bool) {
    for (i, &(cols, rows)) in SIZES.iter().enumerate() {
        if (cols, rows) == (1, 1) && name == "line maze" {
            // One centre and two stubs: the lattice cannot be told from a 2-row wall maze.
            continue;
        }
        let maze = Generated::new(cols, rows, hex, i as u64 + 1);
        let svg = write(&maze);
        let puzzle = MazePuzzle::parse(&svg).unwrap_or_else(|e| panic!("{name} {cols}x{rows}: {e}\n{svg}"));
        let grid = puzzle.grid();
        assert_eq!((grid.cols, grid.rows), (cols, rows), "{name} {cols}x{rows}: size");
        assert_eq!(parsed_passages(&puzzle), maze.passages, "{name} {cols}x{rows}: passages");
        assert_eq!(solved_cells(&puzzle), maze.path(), "{name} {cols}x{rows}: the path");
        // The solved file re-reads as the same maze.
        let report = puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap();
        let solved = puzzle.solved_svg(&report.moves).expect("a solved SVG");
        let again = MazePuzzle::parse(&solved).unwrap_or_else(|e| panic!("{name} {cols}x{rows} solved: {e}"));
        assert_eq!(parsed_passages(&again), maze.passages, "{name} {cols}x{rows}: the solved file");
    }
}

#[test]
fn mazegenerator_orthogonal_walls() {
    check_svg("walls", |m| mazegenerator_walls(m, false), false);
}

#[test]
fn mazegenerator_walls_with_its_own_drawn_solution() {
    check_svg("walls + solution", |m| mazegenerator_walls(m, true), false);
}

#[test]
fn mazegenerator_line_mazes_are_passages_not_walls() {
    check_svg("line maze", line_maze, false);
}

#[test]
fn mazegenerator_sigma_hexagons() {
    check_svg("sigma", sigma, true);
}

#[test]
fn editor_reexports_with_css_paths_and_decorations() {
    check_svg("editor paths", editor_paths, false);
}

#[test]
fn python_renderer_with_emoji_marks_and_an_arrowed_solution() {
    check_svg("python renderer", python_renderer, false);
}

#[test]
fn scipython_float_steps_and_coloured_marks() {
    check_svg("scipython", scipython, false);
}

#[test]
fn text_formats() {
    type Writer = fn(&Generated) -> String;
    let formats: [(&str, Writer); 4] = [
        ("blocks", block_grid),
        ("box art 3", |m| box_art(m, 3)),
        ("box art 2", |m| box_art(m, 2)),
        ("underscores", underscores),
    ];
    for (name, write) in formats {
        for (i, &(cols, rows)) in SIZES.iter().enumerate() {
            let maze = Generated::new(cols, rows, false, 100 + i as u64);
            if maze.entrance == maze.exit && (name == "blocks" || name == "underscores") {
                // S and E cannot share a character; `_|` art cannot show a top line with no
                // wall at all (it would be a blank line).
                continue;
            }
            let text = write(&maze);
            let puzzle = MazePuzzle::parse(&text).unwrap_or_else(|e| panic!("{name} {cols}x{rows}: {e}\n{text}"));
            let cells = solved_cells(&puzzle);
            if name == "blocks" {
                // Block cells are twice as fine: the path visits every maze cell and the wall
                // cell between each two.
                let path = maze.path();
                assert_eq!(cells.len(), 2 * path.len() - 1, "{name} {cols}x{rows}");
                for (k, (r, c)) in path.into_iter().enumerate() {
                    assert_eq!(cells[2 * k], (2 * r + 1, 2 * c + 1), "{name} {cols}x{rows}");
                }
            } else {
                assert_eq!(parsed_passages(&puzzle), maze.passages, "{name} {cols}x{rows}: passages");
                assert_eq!(cells, maze.path(), "{name} {cols}x{rows}: the path");
            }
        }
    }
}

/// Every maze `generate` makes reads back, as box art and as SVG, with its size and the same
/// shortest path: one cell wide or high (the SVG then has a single gap each way, or its two
/// openings are a large share of its frame), 2x2, and the largest.
#[test]
fn every_generated_maze_reads_back_as_text_and_as_svg() {
    let maze = puzzlelab::families::family("maze").unwrap();
    let solve = |text: &str| {
        let puzzle = MazePuzzle::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let report = puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).unwrap();
        assert_eq!(report.status, Status::Solved);
        (report.facts["width"].clone(), report.facts["height"].clone(), report.moves.len(), puzzle)
    };
    let sides = maze.generated_sides().unwrap();
    let mut sizes: Vec<(usize, usize)> = [1, 2, 3, 5, 50].iter().flat_map(|&n| [(1, n), (n, 1)]).collect();
    sizes.extend([(2, 2), (3, 2), (*sides.end(), *sides.end())]);
    for (cols, rows) in sizes {
        let text = maze.generate(cols, rows, 7).unwrap();
        let (width, height, length, puzzle) = solve(&text);
        assert_eq!((width.as_u64(), height.as_u64()), (Some(cols as u64), Some(rows as u64)), "{cols}x{rows}");
        let (svg_width, svg_height, svg_length, _) = solve(&puzzle.to_svg().unwrap());
        assert_eq!((svg_width, svg_height, svg_length), (width, height, length), "{cols}x{rows}: the SVG");
    }
}
