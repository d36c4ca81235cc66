//! The drawing API families paint through, so the canvas, SVG export and tests see one picture.
//!
//! Coordinates are pixels from the top-left; colours are CSS colour strings.

use std::fmt::Write;

pub trait Painter {
    /// Width and height of the drawing surface.
    fn size(&self) -> (f64, f64);
    fn clear(&mut self, colour: &str);
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str);
    /// An outline only.
    fn stroke_rect(&mut self, x: f64, y: f64, w: f64, h: f64, stroke: &Stroke<'_>);
    fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, colour: &str, width: f64);
    fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str);
    /// A circle's outline.
    fn ring(&mut self, cx: f64, cy: f64, r: f64, stroke: &Stroke<'_>);
    /// A filled polygon.
    fn polygon(&mut self, points: &[(f64, f64)], fill: &str);
    /// Text centred on (x, y), when it is large enough to read ([`SMALLEST_TEXT`]).
    fn text(&mut self, x: f64, y: f64, size: f64, colour: &str, text: &str) {
        if size >= SMALLEST_TEXT {
            self.write_text(x, y, size, colour, text);
        }
    }
    /// Text centred on (x, y), whatever its size (painters write it; families call `text`).
    fn write_text(&mut self, x: f64, y: f64, size: f64, colour: &str, text: &str);

    /// An open line through `points`.
    fn polyline(&mut self, points: &[(f64, f64)], stroke: &Stroke<'_>) {
        for pair in points.windows(2) {
            self.line(pair[0].0, pair[0].1, pair[1].0, pair[1].1, stroke.colour, stroke.width);
        }
    }

    /// Many separate lines in one colour (a maze's walls): one path on a canvas.
    fn lines(&mut self, lines: &[Line], colour: &str, width: f64) {
        for &((x1, y1), (x2, y2)) in lines {
            self.line(x1, y1, x2, y2, colour, width);
        }
    }

    /// Paints what does not change between frames. A painter may keep the result under `key`
    /// and reuse it while the key stays the same (the canvas does: a 200 x 200 maze's walls
    /// are drawn once, not every frame).
    fn layer(&mut self, _key: u64, paint: &mut dyn FnMut(&mut dyn Painter)) {
        paint(self.as_dyn());
    }

    /// This painter as a trait object (for `layer`'s default).
    fn as_dyn(&mut self) -> &mut dyn Painter;
}

/// A line from one point to another.
pub type Line = ((f64, f64), (f64, f64));

/// How to draw an outline: colour, line width and dash length (0 for a solid line).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke<'a> {
    pub colour: &'a str,
    pub width: f64,
    pub dash: f64,
}

/// A square-cell grid fitted into a drawing surface with a margin, centred.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GridLayout {
    pub cols: usize,
    pub rows: usize,
    pub cell: f64,
    pub left: f64,
    pub top: f64,
}

impl GridLayout {
    pub fn fit(cols: usize, rows: usize, width: f64, height: f64) -> GridLayout {
        let margin = 8.0;
        let cols_f = cols.max(1) as f64;
        let rows_f = rows.max(1) as f64;
        let cell = ((width - 2.0 * margin) / cols_f).min((height - 2.0 * margin) / rows_f).max(1.0);
        let left = (width - cell * cols_f) / 2.0;
        let top = (height - cell * rows_f) / 2.0;
        GridLayout { cols, rows, cell, left, top }
    }

    /// Top-left corner of a cell; fractional rows and columns are fine (for animation).
    pub fn at(&self, row: f64, col: f64) -> (f64, f64) {
        (self.left + col * self.cell, self.top + row * self.cell)
    }

    pub fn cell_at(&self, x: f64, y: f64) -> Option<(usize, usize)> {
        let col = ((x - self.left) / self.cell).floor();
        let row = ((y - self.top) / self.cell).floor();
        (col >= 0.0 && row >= 0.0 && (col as usize) < self.cols && (row as usize) < self.rows)
            .then_some((row as usize, col as usize))
    }
}

/// What a point at (`fx`, `fy`) cells from a `cols` x `rows` grid's corner is on, for editors of
/// walls between cells: on a doubled grid, (2r+1, 2c+1) is cell (r, c), (2r, 2c+1) the line
/// above it and (2r+1, 2c) the line to its left. A point within `near` of a line (in cells) is on
/// it; None when the point is well outside the grid.
pub fn wall_or_cell(fx: f64, fy: f64, cols: usize, rows: usize, near: f64) -> Option<(usize, usize)> {
    let (c, r) = (cols as f64, rows as f64);
    if cols == 0 || rows == 0 || fx < -0.3 || fy < -0.3 || fx > c + 0.3 || fy > r + 0.3 {
        return None;
    }
    let inside = |v: f64, n: usize| (v.floor().max(0.0) as usize).min(n - 1);
    let (near_x, near_y) = ((fx - fx.round()).abs(), (fy - fy.round()).abs());
    Some(if near_x < near && near_x < near_y {
        (2 * inside(fy, rows) + 1, 2 * fx.round().clamp(0.0, c) as usize)
    } else if near_y < near {
        (2 * fy.round().clamp(0.0, r) as usize, 2 * inside(fx, cols) + 1)
    } else {
        (2 * inside(fy, rows) + 1, 2 * inside(fx, cols) + 1)
    })
}

/// A rectangle with corners rounded by `radius`, as a polygon (every painter draws polygons).
pub fn rounded_rect(painter: &mut dyn Painter, x: f64, y: f64, w: f64, h: f64, radius: f64, fill: &str) {
    let r = radius.min(w / 2.0).min(h / 2.0).max(0.0);
    // Each corner's centre, and the angle its quarter circle starts at.
    let corners =
        [(x + w - r, y + r, -90.0), (x + w - r, y + h - r, 0.0), (x + r, y + h - r, 90.0), (x + r, y + r, 180.0)];
    let mut points = Vec::with_capacity(4 * 7);
    for (cx, cy, from) in corners {
        for step in 0..=6 {
            let angle = (from + 15.0 * f64::from(step)).to_radians();
            points.push((cx + r * angle.cos(), cy + r * angle.sin()));
        }
    }
    painter.polygon(&points, fill);
}

/// A colour per index that neighbours tell apart (golden-angle hues).
pub fn palette(index: usize) -> String {
    let hue = (index as f64 * 137.508) % 360.0;
    let light = if index % 2 == 0 { 58 } else { 46 };
    format!("hsl({hue:.0}, 65%, {light}%)")
}

/// Collects drawing calls as an SVG document.
pub struct SvgPainter {
    width: f64,
    height: f64,
    body: String,
}

impl SvgPainter {
    pub fn new(width: f64, height: f64) -> Self {
        SvgPainter { width, height, body: String::new() }
    }

    pub fn finish(self) -> String {
        self.finish_taller(0.0, "")
    }

    /// The document made `extra` taller than what was painted, with the elements `more` (already
    /// SVG, escaped) after the painting: a caption under the board.
    pub fn finish_taller(self, extra: f64, more: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n{}{more}</svg>\n",
            self.body,
            w = self.width,
            h = self.height + extra
        )
    }
}

/// Escapes text for XML character data and attribute values.
pub fn xml_escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Text smaller than this many pixels is not drawn: nobody reads it, and a 400x400 board's
/// digits, one a cell, took over 30 s to rasterize.
pub const SMALLEST_TEXT: f64 = 3.0;

impl Painter for SvgPainter {
    fn size(&self) -> (f64, f64) {
        (self.width, self.height)
    }
    fn as_dyn(&mut self) -> &mut dyn Painter {
        self
    }
    fn polyline(&mut self, points: &[(f64, f64)], stroke: &Stroke<'_>) {
        let points: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(
            self.body,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1}\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
            points.join(" "),
            xml_escape(stroke.colour),
            stroke.width
        );
    }
    fn clear(&mut self, colour: &str) {
        self.body.clear();
        self.rect(0.0, 0.0, self.width, self.height, colour);
    }
    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        let _ = writeln!(
            self.body,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"{}\"/>",
            xml_escape(fill)
        );
    }
    fn stroke_rect(&mut self, x: f64, y: f64, w: f64, h: f64, stroke: &Stroke<'_>) {
        let Stroke { colour, width, dash } = *stroke;
        let dash = if dash > 0.0 { format!(" stroke-dasharray=\"{dash:.1}\"") } else { String::new() };
        let _ = writeln!(
            self.body,
            "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{w:.1}\" height=\"{h:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{width:.1}\"{dash}/>",
            xml_escape(colour)
        );
    }
    fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, colour: &str, width: f64) {
        let _ = writeln!(
            self.body,
            "<line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{}\" stroke-width=\"{width:.1}\" stroke-linecap=\"round\"/>",
            xml_escape(colour)
        );
    }
    fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str) {
        let _ =
            writeln!(self.body, "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\" fill=\"{}\"/>", xml_escape(fill));
    }
    fn ring(&mut self, cx: f64, cy: f64, r: f64, stroke: &Stroke<'_>) {
        let _ = writeln!(
            self.body,
            "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{r:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1}\"/>",
            xml_escape(stroke.colour),
            stroke.width
        );
    }
    fn polygon(&mut self, points: &[(f64, f64)], fill: &str) {
        let points: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ = writeln!(self.body, "<polygon points=\"{}\" fill=\"{}\"/>", points.join(" "), xml_escape(fill));
    }
    fn write_text(&mut self, x: f64, y: f64, size: f64, colour: &str, text: &str) {
        let _ = writeln!(
            self.body,
            "<text x=\"{x:.1}\" y=\"{y:.1}\" font-size=\"{size:.1}\" fill=\"{}\" text-anchor=\"middle\" dominant-baseline=\"central\" font-family=\"sans-serif\">{}</text>",
            xml_escape(colour),
            xml_escape(text)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_round_trips_cells() {
        let layout = GridLayout::fit(4, 5, 400.0, 300.0);
        assert_eq!(layout.cell_at(layout.left + 1.0, layout.top + 1.0), Some((0, 0)));
        let (x, y) = layout.at(4.0, 3.0);
        assert_eq!(layout.cell_at(x + layout.cell / 2.0, y + layout.cell / 2.0), Some((4, 3)));
        assert_eq!(layout.cell_at(layout.left - 1.0, layout.top), None);
        assert_eq!(layout.cell_at(x + layout.cell * 1.5, y), None);
    }

    #[test]
    fn text_too_small_to_read_is_not_drawn() {
        let mut svg = SvgPainter::new(10.0, 10.0);
        svg.text(1.0, 1.0, SMALLEST_TEXT - 0.5, "red", "tiny");
        svg.text(1.0, 1.0, SMALLEST_TEXT, "red", "read");
        let out = svg.finish();
        assert!(!out.contains("tiny") && out.contains("read"), "{out}");
    }

    #[test]
    fn svg_text_is_escaped() {
        let mut svg = SvgPainter::new(10.0, 10.0);
        svg.text(1.0, 1.0, 5.0, "red", "<script>&\"");
        let out = svg.finish();
        assert!(out.contains("&lt;script&gt;&amp;&quot;"), "{out}");
        assert!(!out.contains("<script>"));
    }
}
