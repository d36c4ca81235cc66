//! Maze SVGs: reading the walls (or passages) of any generator's file into a [`Grid`], and
//! writing a solution back into the file. `../shared/specs/mazes.md` describes the layouts.
//!
//! Reading is in three steps. The XML tree is walked (with `roxmltree`) into straight segments
//! in root coordinates, skipping whatever is not a wall: red or marker-ended strokes (drawn
//! solutions), fills without strokes, text, curves, definitions. The lattice is then inferred
//! from the coordinates alone: the step is the most common gap between distinct coordinates and
//! the origin the coordinate most others sit a whole number of steps from; coordinates half a
//! step off (the stubs to the openings), or an outline that is far from all wall, give away a
//! "line maze" whose polylines are passages through cell centres. Segments at 60° mean hexagons, fitted by matching each segment's middle
//! to the middle of a hexagon side. Coloured rectangles and emoji mark a start and exit.

use super::grid::{Geometry, Grid, Shape};
use crate::families::FormatError;
use std::collections::HashMap;
use std::fmt::Write;

/// Limits that make a hostile file fail fast rather than freeze a tab.
const MAX_BYTES: usize = 32 << 20;
const MAX_NODES: u32 = 1_000_000;
const MAX_DEPTH: usize = 256;
const MAX_SEGMENTS: usize = 8_000_000;

type Point = (f64, f64);
type Segment = (Point, Point);
/// A hexagon side's middle, its cell and which side it is.
type SideAt = (Point, usize, u8);

/// Whether a text is an SVG document (or at least XML that wants to be one).
pub fn looks_like(text: &str) -> bool {
    let head = text.trim_start_matches('\u{feff}').trim_start();
    head.starts_with('<') && (head.contains("<svg") || head.starts_with("<?xml"))
}

/// Reads a maze SVG.
pub fn read(text: &str) -> Result<Grid, FormatError> {
    if text.len() > MAX_BYTES {
        return Err(FormatError::new(1, 1, format!("the SVG is {} MB; the most this tool reads is {} MB", text.len() >> 20, MAX_BYTES >> 20)));
    }
    nesting(text)?;
    // An entity used many times expands to far more than the file (a 76 KB file read for minutes);
    // no maze generator declares one, so the DOCTYPE may name its DTD but not define entities.
    if let Some(at) = text.find("<!ENTITY") {
        let line = text[..at].matches('\n').count() + 1;
        let column = text[..at].rfind('\n').map_or(at, |n| at - n - 1) + 1;
        return Err(FormatError::new(line, column, "this SVG defines XML entities (<!ENTITY …>), which maze drawings never need and which can expand to far more than the file; remove them"));
    }
    let options = roxmltree::ParsingOptions { allow_dtd: true, nodes_limit: MAX_NODES };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(|e| {
        let pos = e.pos();
        let message = match e {
            roxmltree::Error::NodesLimitReached => {
                format!("the SVG has more than {MAX_NODES} elements; a 200 x 200 maze has at most about 40,000")
            }
            roxmltree::Error::EntityReferenceLoop(_) => "the SVG's entities refer to themselves endlessly".to_string(),
            other => format!("this is not well-formed XML: {other}"),
        };
        FormatError::new(pos.row as usize, pos.col as usize, message)
    })?;
    let root = doc.root_element();
    let place = |node: roxmltree::Node| {
        let pos = doc.text_pos_at(node.range().start);
        (pos.row as usize, pos.col as usize)
    };
    let (row, col) = place(root);
    let fail = |message: String| FormatError::new(row, col, message);
    if root.tag_name().name() != "svg" {
        return Err(fail(format!("the file is XML but not SVG: its root element is <{}>", root.tag_name().name())));
    }
    let drawing = collect(root).map_err(|(node, message)| {
        let (row, col) = place(node);
        FormatError::new(row, col, message)
    })?;
    let title = drawing.title.to_lowercase();
    if title.contains("theta") || title.contains("circular") || (drawing.arcs > 0 && drawing.arcs * 2 >= drawing.segments.len()) {
        return Err(fail(
            "this is a circular (theta) maze; only mazes of square or hexagonal cells can be solved here".into(),
        ));
    }
    if title.contains("delta") || title.contains("triangular") {
        return Err(fail("this is a triangular (delta) maze; only mazes of square or hexagonal cells can be solved here".into()));
    }
    if drawing.segments.is_empty() {
        return Err(fail(
            "no walls found: the SVG has no lines, polylines or straight paths drawn with a stroke \
             (red lines are taken for a drawn solution and ignored)"
                .into(),
        ));
    }
    let slanted = drawing.segments.iter().filter(|s| !is_horizontal(s) && !is_vertical(s)).count();
    let mut grid = if title.contains("sigma") || slanted * 4 > drawing.segments.len() {
        hexagonal(&drawing.segments).map_err(fail)?
    } else {
        square(&drawing.segments).map_err(fail)?
    };
    for (point, is_start) in drawing.marks {
        if let Some(cell) = grid.cell_at_point(point.0, point.1) {
            let slot = if is_start { &mut grid.start_mark } else { &mut grid.exit_mark };
            slot.get_or_insert(cell);
        }
    }
    Ok(grid)
}

/// Refuses elements nested deeper than [`MAX_DEPTH`] before the XML parser (which recurses)
/// sees them. A light scan: tags, comments, CDATA and declarations; quotes inside tags.
fn nesting(text: &str) -> Result<(), FormatError> {
    let bytes = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let skip_to = |from: usize, end: &str| text[from..].find(end).map_or(bytes.len(), |p| from + p + end.len());
    while let Some(p) = text[i..].find('<') {
        let at = i + p;
        let rest = &text[at..];
        if rest.starts_with("<!--") {
            i = skip_to(at, "-->");
        } else if rest.starts_with("<![CDATA[") {
            i = skip_to(at, "]]>");
        } else if rest.starts_with("<!") || rest.starts_with("<?") {
            i = skip_to(at + 1, ">");
        } else if rest.starts_with("</") {
            depth = depth.saturating_sub(1);
            i = skip_to(at, ">");
        } else {
            let mut j = at + 1;
            let mut quote = None;
            while j < bytes.len() {
                match (quote, bytes[j]) {
                    (None, b'"' | b'\'') => quote = Some(bytes[j]),
                    (Some(q), c) if c == q => quote = None,
                    (None, b'>') => break,
                    _ => {}
                }
                j += 1;
            }
            if j < bytes.len() && bytes[j - 1] != b'/' {
                depth += 1;
                if depth > MAX_DEPTH {
                    let line = text[..at].matches('\n').count() + 1;
                    let column = text[..at].rfind('\n').map_or(at, |n| at - n - 1) + 1;
                    return Err(FormatError::new(line, column, format!("the SVG nests elements more than {MAX_DEPTH} deep")));
                }
            }
            i = j + 1;
        }
        if i >= bytes.len() {
            break;
        }
    }
    Ok(())
}

fn is_horizontal(((x1, y1), (x2, y2)): &Segment) -> bool {
    (y2 - y1).abs() <= 0.02 * (x2 - x1).abs()
}

fn is_vertical(((x1, y1), (x2, y2)): &Segment) -> bool {
    (x2 - x1).abs() <= 0.02 * (y2 - y1).abs()
}

// ---- the walk over the tree -------------------------------------------------------------------

/// What the walk found: wall segments, start (true) and exit marks, and hints at the shape.
struct Drawing {
    segments: Vec<Segment>,
    marks: Vec<(Point, bool)>,
    title: String,
    arcs: usize,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Paint {
    None,
    Rgb(u8, u8, u8),
    /// A gradient, `currentColor` or a colour name we do not know: drawn, and not red.
    Other,
}

impl Paint {
    fn parse(value: &str) -> Paint {
        let v = value.trim().to_ascii_lowercase();
        if v == "none" || v == "transparent" {
            return Paint::None;
        }
        if let Some(hex) = v.strip_prefix('#') {
            let digit = |i: usize| u8::from_str_radix(hex.get(i..i + 1).unwrap_or("g"), 16).ok();
            return match hex.len() {
                3 | 4 => match (digit(0), digit(1), digit(2)) {
                    (Some(r), Some(g), Some(b)) => Paint::Rgb(r * 17, g * 17, b * 17),
                    _ => Paint::Other,
                },
                6 | 8 => {
                    let byte = |i: usize| hex.get(i..i + 2).and_then(|h| u8::from_str_radix(h, 16).ok());
                    match (byte(0), byte(2), byte(4)) {
                        (Some(r), Some(g), Some(b)) => Paint::Rgb(r, g, b),
                        _ => Paint::Other,
                    }
                }
                _ => Paint::Other,
            };
        }
        if let Some(args) = v.strip_prefix("rgb(").or_else(|| v.strip_prefix("rgba(")) {
            let parts: Vec<u8> = args
                .trim_end_matches(')')
                .split([',', ' ', '/'])
                .filter(|p| !p.is_empty())
                .take(3)
                .filter_map(|p| match p.strip_suffix('%') {
                    Some(pct) => pct.parse::<f64>().ok().map(|x| (x.clamp(0.0, 100.0) * 2.55).round() as u8),
                    None => p.parse::<f64>().ok().map(|x| x.clamp(0.0, 255.0).round() as u8),
                })
                .collect();
            return match parts[..] {
                [r, g, b] => Paint::Rgb(r, g, b),
                _ => Paint::Other,
            };
        }
        match v.as_str() {
            "red" => Paint::Rgb(255, 0, 0),
            "crimson" => Paint::Rgb(220, 20, 60),
            "darkred" => Paint::Rgb(139, 0, 0),
            "orangered" => Paint::Rgb(255, 69, 0),
            "green" => Paint::Rgb(0, 128, 0),
            "lime" => Paint::Rgb(0, 255, 0),
            "limegreen" => Paint::Rgb(50, 205, 50),
            "darkgreen" => Paint::Rgb(0, 100, 0),
            "black" => Paint::Rgb(0, 0, 0),
            "white" => Paint::Rgb(255, 255, 255),
            _ => Paint::Other,
        }
    }

    fn is_red(self) -> bool {
        matches!(self, Paint::Rgb(r, g, b) if r >= 130 && g < 110 && b < 110)
    }

    fn is_green(self) -> bool {
        matches!(self, Paint::Rgb(r, g, b) if g >= 100 && r < 110 && b < 110)
    }
}

/// The properties that decide whether something is a wall, as inherited down the tree.
#[derive(Debug, Clone, Copy)]
struct Style {
    stroke: Paint,
    fill: Paint,
    transform: [f64; 6],
}

const IDENTITY: [f64; 6] = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

fn apply(m: &[f64; 6], (x, y): Point) -> Point {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// `outer` after `inner`: the matrix of a child's transform inside its parent's.
fn compose(outer: &[f64; 6], inner: &[f64; 6]) -> [f64; 6] {
    [
        outer[0] * inner[0] + outer[2] * inner[1],
        outer[1] * inner[0] + outer[3] * inner[1],
        outer[0] * inner[2] + outer[2] * inner[3],
        outer[1] * inner[2] + outer[3] * inner[3],
        outer[0] * inner[4] + outer[2] * inner[5] + outer[4],
        outer[1] * inner[4] + outer[3] * inner[5] + outer[5],
    ]
}

/// Parses an SVG `transform` list (matrix, translate, scale, rotate, skewX, skewY).
fn parse_transform(text: &str) -> [f64; 6] {
    let mut result = IDENTITY;
    for part in text.split(')') {
        let Some((name, args)) = part.split_once('(') else { continue };
        let a = numbers(args);
        let arg = |i: usize, default: f64| a.get(i).copied().unwrap_or(default);
        let m = match name.trim().trim_start_matches(',').trim() {
            "matrix" if a.len() == 6 => [a[0], a[1], a[2], a[3], a[4], a[5]],
            "translate" => [1.0, 0.0, 0.0, 1.0, arg(0, 0.0), arg(1, 0.0)],
            "scale" => [arg(0, 1.0), 0.0, 0.0, arg(1, arg(0, 1.0)), 0.0, 0.0],
            "rotate" => {
                let (sin, cos) = arg(0, 0.0).to_radians().sin_cos();
                let (cx, cy) = (arg(1, 0.0), arg(2, 0.0));
                let turn = [cos, sin, -sin, cos, 0.0, 0.0];
                compose(&compose(&[1.0, 0.0, 0.0, 1.0, cx, cy], &turn), &[1.0, 0.0, 0.0, 1.0, -cx, -cy])
            }
            "skewX" => [1.0, 0.0, arg(0, 0.0).to_radians().tan(), 1.0, 0.0, 0.0],
            "skewY" => [1.0, arg(0, 0.0).to_radians().tan(), 0.0, 1.0, 0.0, 0.0],
            _ => IDENTITY,
        };
        result = compose(&result, &m);
    }
    result
}

/// Every number in a list separated by commas and/or spaces (also "1-2" and "1.5.5", as SVG
/// allows).
fn numbers(text: &str) -> Vec<f64> {
    number_iter(text).collect()
}

fn number_iter(text: &str) -> impl Iterator<Item = f64> + '_ {
    let bytes = text.as_bytes();
    let mut i = 0;
    std::iter::from_fn(move || {
        while i < bytes.len() {
            let (value, next) = number_at(bytes, i);
            match value {
                Some(v) => {
                    i = next;
                    return Some(v);
                }
                None => i += 1,
            }
        }
        None
    })
}

/// The number starting at `i` (if one does) and where it ends.
fn number_at(bytes: &[u8], start: usize) -> (Option<f64>, usize) {
    let mut i = start;
    if i < bytes.len() && (bytes[i] == b'+' || bytes[i] == b'-') {
        i += 1;
    }
    let mut digits = 0;
    let mut dot = false;
    while i < bytes.len() && (bytes[i].is_ascii_digit() || (bytes[i] == b'.' && !dot)) {
        dot |= bytes[i] == b'.';
        digits += usize::from(bytes[i].is_ascii_digit());
        i += 1;
    }
    if digits == 0 {
        return (None, start);
    }
    if i < bytes.len() && (bytes[i] == b'e' || bytes[i] == b'E') {
        let mut j = i + 1;
        if j < bytes.len() && (bytes[j] == b'+' || bytes[j] == b'-') {
            j += 1;
        }
        if j < bytes.len() && bytes[j].is_ascii_digit() {
            while j < bytes.len() && bytes[j].is_ascii_digit() {
                j += 1;
            }
            i = j;
        }
    }
    let value = std::str::from_utf8(&bytes[start..i]).ok().and_then(|s| s.parse::<f64>().ok()).filter(|v| v.is_finite());
    (value, i)
}

/// One CSS rule, reduced to what matters here: the last compound selector and its declarations.
struct Rule {
    tag: Option<String>,
    classes: Vec<String>,
    id: Option<String>,
    declarations: Vec<(String, String)>,
}

/// The `property: value` pairs of a CSS block or a `style` attribute, trimmed.
fn declaration_pairs(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split(';').filter_map(|d| d.split_once(':')).map(|(k, v)| (k.trim(), v.trim().trim_end_matches("!important").trim()))
}

fn declarations(text: &str) -> Vec<(String, String)> {
    declaration_pairs(text).map(|(k, v)| (k.to_ascii_lowercase(), v.to_string())).collect()
}

fn parse_css(text: &str) -> Vec<Rule> {
    let mut without_comments = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("/*") {
        without_comments.push_str(&rest[..start]);
        rest = rest[start + 2..].split_once("*/").map_or("", |(_, after)| after);
    }
    without_comments.push_str(rest);
    let mut rules = Vec::new();
    for block in without_comments.split('}') {
        let Some((selectors, body)) = block.split_once('{') else { continue };
        let body = declarations(body);
        for selector in selectors.split(',') {
            // Only the element itself is matched: "svg line" is read as "line".
            let Some(last) = selector.split(|c: char| c.is_whitespace() || matches!(c, '>' | '+' | '~')).rfind(|s| !s.is_empty()) else {
                continue;
            };
            let mut tag = None;
            let mut classes = Vec::new();
            let mut id = None;
            let mut current = String::new();
            let mut kind = 't';
            for c in last.chars().chain(std::iter::once('.')) {
                if c == '.' || c == '#' {
                    match kind {
                        't' if !current.is_empty() && current != "*" => tag = Some(current.clone()),
                        '.' if !current.is_empty() => classes.push(current.clone()),
                        '#' if !current.is_empty() => id = Some(current.clone()),
                        _ => {}
                    }
                    current.clear();
                    kind = c;
                } else {
                    current.push(c);
                }
            }
            rules.push(Rule { tag, classes, id, declarations: body.clone() });
        }
    }
    rules
}

/// The properties that decide whether an element is a wall.
const PROPERTIES: [&str; 4] = ["display", "visibility", "stroke", "fill"];

/// The element's own values for [`PROPERTIES`]: presentation attributes, then CSS rules, then
/// the `style` attribute, each overriding the one before (as SVG does). One pass over the
/// attributes: a big maze has tens of thousands of elements.
fn own_properties<'a>(node: roxmltree::Node<'a, '_>, rules: &'a [Rule]) -> [Option<&'a str>; 4] {
    let mut values: [Option<&str>; 4] = [None; 4];
    let (mut class, mut style, mut id) = (None, None, None);
    for attribute in node.attributes() {
        match attribute.name() {
            "class" => class = Some(attribute.value()),
            "style" => style = Some(attribute.value()),
            "id" => id = Some(attribute.value()),
            name => {
                if let Some(i) = PROPERTIES.iter().position(|p| *p == name) {
                    values[i] = Some(attribute.value());
                }
            }
        }
    }
    if !rules.is_empty() {
        let tag = node.tag_name().name();
        let classes: Vec<&str> = class.map(|c| c.split_whitespace().collect()).unwrap_or_default();
        for rule in rules {
            let matches = rule.tag.as_deref().is_none_or(|t| t == tag)
                && rule.classes.iter().all(|c| classes.contains(&c.as_str()))
                && rule.id.as_deref().is_none_or(|wanted| id == Some(wanted));
            if matches {
                for (k, v) in &rule.declarations {
                    if let Some(i) = PROPERTIES.iter().position(|p| p == k) {
                        values[i] = Some(v.as_str());
                    }
                }
            }
        }
    }
    if let Some(style) = style {
        for (k, v) in declaration_pairs(style) {
            if let Some(i) = PROPERTIES.iter().position(|p| p.eq_ignore_ascii_case(k)) {
                values[i] = Some(v);
            }
        }
    }
    values.map(|v| v.filter(|v| *v != "inherit"))
}

fn collect<'a, 'input>(root: roxmltree::Node<'a, 'input>) -> Result<Drawing, (roxmltree::Node<'a, 'input>, String)> {
    let css: String = root
        .descendants()
        .filter(|n| n.has_tag_name("style"))
        .flat_map(|n| n.children().filter_map(|t| t.text()))
        .collect();
    let rules = parse_css(&css);
    let mut drawing = Drawing { segments: Vec::new(), marks: Vec::new(), title: String::new(), arcs: 0 };
    let start = Style { stroke: Paint::None, fill: Paint::Rgb(0, 0, 0), transform: IDENTITY };
    let mut stack = vec![(root, start, 0usize)];
    while let Some((node, inherited, depth)) = stack.pop() {
        if depth > MAX_DEPTH {
            return Err((node, format!("the SVG nests elements more than {MAX_DEPTH} deep")));
        }
        let tag = node.tag_name().name();
        if tag == "title" && drawing.title.is_empty() {
            drawing.title = node.text().unwrap_or_default().to_string();
            continue;
        }
        if matches!(
            tag,
            "defs" | "marker" | "symbol" | "clipPath" | "mask" | "pattern" | "style" | "script" | "metadata" | "title"
                | "desc" | "linearGradient" | "radialGradient" | "filter" | "use" | "image" | "foreignObject"
        ) {
            continue;
        }
        let [display, visibility, stroke, fill] = own_properties(node, &rules);
        if display == Some("none") || visibility == Some("hidden") {
            continue;
        }
        let mut style = inherited;
        if let Some(v) = stroke {
            style.stroke = Paint::parse(v);
        }
        if let Some(v) = fill {
            style.fill = Paint::parse(v);
        }
        if let Some(t) = node.attribute("transform") {
            style.transform = compose(&inherited.transform, &parse_transform(t));
        }
        if tag == "text" {
            let words: String = node.descendants().filter_map(|n| n.text()).collect();
            let at = (attr(node, "x"), attr(node, "y"));
            let mark = match words.trim().to_lowercase().as_str() {
                "🚶" | "s" | "start" | "entrance" => Some(true),
                "🏁" | "e" | "end" | "exit" | "finish" | "goal" => Some(false),
                _ => None,
            };
            if let Some(is_start) = mark {
                drawing.marks.push((apply(&style.transform, at), is_start));
            }
            continue;
        }
        for child in node.children().filter(|c| c.is_element()).collect::<Vec<_>>().into_iter().rev() {
            stack.push((child, style, depth + 1));
        }
        shape(node, tag, &style, &mut drawing);
        if drawing.segments.len() > MAX_SEGMENTS {
            return Err((node, format!("the SVG has more than {MAX_SEGMENTS} wall segments")));
        }
    }
    Ok(drawing)
}

fn attr(node: roxmltree::Node, name: &str) -> f64 {
    node.attribute(name).and_then(|v| number_iter(v).next()).unwrap_or(0.0)
}

/// Adds the wall segments or marks one shape element contributes.
fn shape(node: roxmltree::Node, tag: &str, style: &Style, drawing: &mut Drawing) {
    let t = &style.transform;
    // Coloured rectangles and dots are start (green) and exit (red) marks.
    if matches!(tag, "rect" | "circle" | "ellipse") && (style.fill.is_green() || style.fill.is_red()) {
        let centre = match tag {
            "rect" => (attr(node, "x") + attr(node, "width") / 2.0, attr(node, "y") + attr(node, "height") / 2.0),
            _ => (attr(node, "cx"), attr(node, "cy")),
        };
        drawing.marks.push((apply(t, centre), style.fill.is_green()));
        return;
    }
    let drawn = style.stroke != Paint::None && !style.stroke.is_red();
    let arrow = ["marker-start", "marker-mid", "marker-end"].iter().any(|m| node.attribute(*m).is_some());
    if !drawn || arrow {
        return;
    }
    let mut add_polyline = |points: &[Point], closed: bool| {
        for pair in points.windows(2) {
            drawing.segments.push((apply(t, pair[0]), apply(t, pair[1])));
        }
        if closed && points.len() > 2 {
            drawing.segments.push((apply(t, points[points.len() - 1]), apply(t, points[0])));
        }
    };
    match tag {
        "line" => add_polyline(&[(attr(node, "x1"), attr(node, "y1")), (attr(node, "x2"), attr(node, "y2"))], false),
        "polyline" | "polygon" => {
            let n = numbers(node.attribute("points").unwrap_or_default());
            let points: Vec<Point> = n.chunks_exact(2).map(|p| (p[0], p[1])).collect();
            add_polyline(&points, tag == "polygon");
        }
        "rect" => {
            let (x, y, w, h) = (attr(node, "x"), attr(node, "y"), attr(node, "width"), attr(node, "height"));
            add_polyline(&[(x, y), (x + w, y), (x + w, y + h), (x, y + h)], true);
        }
        "path" => match path_polylines(node.attribute("d").unwrap_or_default()) {
            Ok(lines) => {
                for (points, closed) in lines {
                    add_polyline(&points, closed);
                }
            }
            Err(arc) => drawing.arcs += usize::from(arc),
        },
        _ => {}
    }
}

/// The straight runs of a path's data (M L H V Z, absolute and relative). A path with curves is
/// a decoration: Err(true) when it has arcs (a circular maze's walls), Err(false) otherwise.
fn path_polylines(d: &str) -> Result<Vec<(Vec<Point>, bool)>, bool> {
    let bytes = d.as_bytes();
    let mut runs: Vec<(Vec<Point>, bool)> = Vec::new();
    let (mut x, mut y) = (0.0, 0.0);
    let mut command = b'M';
    let mut i = 0;
    let mut first_pair = true;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_alphabetic() {
            match c.to_ascii_uppercase() {
                b'A' => return Err(true),
                b'C' | b'S' | b'Q' | b'T' => return Err(false),
                b'Z' => {
                    if let Some((points, closed)) = runs.last_mut() {
                        *closed = true;
                        if let Some(&p) = points.first() {
                            (x, y) = p;
                        }
                    }
                }
                b'M' | b'L' | b'H' | b'V' => {}
                _ => return Err(false),
            }
            command = c;
            first_pair = true;
            i += 1;
            continue;
        }
        let (value, next) = number_at(bytes, i);
        let Some(a) = value else {
            i += 1;
            continue;
        };
        i = next;
        let relative = command.is_ascii_lowercase();
        match command.to_ascii_uppercase() {
            b'H' => x = if relative { x + a } else { a },
            b'V' => y = if relative { y + a } else { a },
            b'M' | b'L' => {
                // The second number of the pair.
                let mut j = i;
                while j < bytes.len() && (bytes[j] == b',' || bytes[j].is_ascii_whitespace()) {
                    j += 1;
                }
                let (value, next) = number_at(bytes, j);
                let Some(b) = value else { continue };
                i = next;
                (x, y) = if relative { (x + a, y + b) } else { (a, b) };
            }
            _ => continue,
        }
        if command.eq_ignore_ascii_case(&b'M') && first_pair {
            runs.push((vec![(x, y)], false));
            first_pair = false;
            continue;
        }
        match runs.last_mut() {
            Some((points, _)) => points.push((x, y)),
            None => runs.push((vec![(x, y)], false)),
        }
    }
    Ok(runs)
}

// ---- square lattices --------------------------------------------------------------------------

/// Distinct values, merging those closer than `tolerance`.
fn distinct(mut values: Vec<f64>, tolerance: f64) -> Vec<f64> {
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
fn common_step(values: &[f64]) -> Option<f64> {
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
/// value against every other took 14 s on a 100,000-step staircase (issue 18).
fn origin(values: &[f64], step: f64) -> Option<f64> {
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
fn offset(v: f64, step: f64, origin: f64) -> f64 {
    let k = (v - origin) / step;
    (k - k.round()).abs()
}

/// A square lattice: its step and the lowest and highest lines the segments use.
struct Lattice {
    step: f64,
    min: (f64, f64),
    max: (f64, f64),
}

impl Lattice {
    fn steps(&self, from: f64, to: f64) -> usize {
        ((to - from) / self.step).round() as usize
    }
}

fn square(segments: &[Segment]) -> Result<Grid, String> {
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
    let step = if close(step_x, step_y) {
        (step_x + step_y) / 2.0
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
        if framed * 4 >= border * 3 || walls.cells() == 1 {
            return Ok(walls);
        }
    }
    centre_line_grid(&straight, &lattice)
}

/// A straight segment on the lattice: which way it runs, the index of its line, where it runs
/// along that line (from, to), and the lattice's first line along it.
struct Placed {
    horizontal: bool,
    line: usize,
    from: f64,
    to: f64,
    min_along: f64,
}

/// Places a segment on one of `lines` = (horizontal lines, vertical lines); None when it lies
/// between lines or beyond them.
fn place(segment: &Segment, lattice: &Lattice, lines: (usize, usize)) -> Option<Placed> {
    let &((x1, y1), (x2, y2)) = segment;
    let horizontal = x2 - x1 >= y2 - y1;
    let (fixed, from, to, min_across, min_along, count) =
        if horizontal { (y1, x1, x2, lattice.min.1, lattice.min.0, lines.0) } else { (x1, y1, y2, lattice.min.0, lattice.min.1, lines.1) };
    let k = (fixed - min_across) / lattice.step;
    if (k - k.round()).abs() > 0.1 || k.round() < 0.0 || k.round() as usize >= count {
        return None;
    }
    Some(Placed { horizontal, line: k.round() as usize, from, to, min_along })
}

/// The whole numbers in [low, high] that index 0..length.
fn index_range(low: f64, high: f64, length: usize) -> std::ops::Range<usize> {
    let first = low.ceil().max(0.0);
    let last = high.floor().min(length as f64 - 1.0);
    if first.is_nan() || last.is_nan() || first > last {
        return 0..0;
    }
    first as usize..last as usize + 1
}

fn walled_grid(straight: &[Segment], lattice: &Lattice) -> Result<Grid, String> {
    let step = lattice.step;
    let (cols, rows) = (lattice.steps(lattice.min.0, lattice.max.0), lattice.steps(lattice.min.1, lattice.max.1));
    Grid::check_size(rows, cols)?;
    let geometry = Geometry::Square { x0: lattice.min.0, y0: lattice.min.1, step };
    let mut grid = Grid::walled(Shape::Square, rows, cols, geometry);
    grid.open.fill(0b1111);
    let tolerance = 0.1 * step;
    for segment in straight {
        // Walls lie on the lines around the cells: rows + 1 across, cols + 1 down.
        let Some(Placed { horizontal, line: k, from, to, min_along }) = place(segment, lattice, (rows + 1, cols + 1)) else { continue };
        let (across, length) = if horizontal { (rows, cols) } else { (cols, rows) };
        // The cells whose middle the segment passes.
        for i in index_range((from - tolerance - min_along) / step - 0.5, (to + tolerance - min_along) / step - 0.5, length) {
            // The wall before line k of cells, seen from the cell after it (or before, at the end).
            let (line, side) = if k < across { (k, if horizontal { 0 } else { 3 }) } else { (k - 1, if horizontal { 2 } else { 1 }) };
            let cell = if horizontal { grid.cell(line, i) } else { grid.cell(i, line) };
            grid.set_wall(cell, side, true);
        }
    }
    Ok(grid)
}

fn centre_line_grid(straight: &[Segment], lattice: &Lattice) -> Result<Grid, String> {
    let step = lattice.step;
    let (cols, rows) = (lattice.steps(lattice.min.0, lattice.max.0) + 1, lattice.steps(lattice.min.1, lattice.max.1) + 1);
    Grid::check_size(rows, cols)?;
    let geometry = Geometry::Square { x0: lattice.min.0 - step / 2.0, y0: lattice.min.1 - step / 2.0, step };
    let mut grid = Grid::walled(Shape::Square, rows, cols, geometry);
    let tolerance = 0.1 * step;
    for segment in straight {
        // Passages run along the rows and columns of centres.
        let Some(Placed { horizontal, line: k, from, to, min_along }) = place(segment, lattice, (rows, cols)) else { continue };
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

fn hexagonal(segments: &[Segment]) -> Result<Grid, String> {
    let mut lengths: Vec<f64> = segments.iter().map(|((x1, y1), (x2, y2))| (x2 - x1).hypot(y2 - y1)).filter(|l| *l > 0.0).collect();
    lengths.sort_by(f64::total_cmp);
    let side = *lengths.get(lengths.len() / 2).ok_or("no walls found")?;
    let points = segments.iter().flat_map(|(a, b)| [*a, *b]);
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for (x, y) in points {
        (min_x, min_y, max_x, max_y) = (min_x.min(x), min_y.min(y), max_x.max(x), max_y.max(y));
    }
    let h = side * 3f64.sqrt();
    let cols = (((max_x - min_x - 2.0 * side) / (1.5 * side)).round() as isize + 1).max(1) as usize;
    let rows_f = if cols > 1 { (max_y - min_y) / h - 0.5 } else { (max_y - min_y) / h };
    let rows = (rows_f.round() as isize).max(1) as usize;
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

// ---- writing ----------------------------------------------------------------------------------

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
fn number(v: f64) -> String {
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
        let _ = writeln!(out, "    <line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" />", number(x1), number(y1), number(x2), number(y2));
    }
    out.push_str("  </g>\n</svg>\n");
    out
}

/// The maximal runs of indices in 0..length where `wall` holds, as (first, one past the last).
fn runs_of(length: usize, wall: impl Fn(usize) -> bool) -> Vec<(usize, usize)> {
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
/// (x, y). Hexagonal mazes give one segment per side.
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
                for side in (0..6u8).filter(|&s| !grid.is_open(cell, s) && (s < 3 || grid.neighbour(cell, s).is_none())) {
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
    for line in 0..=grid.rows {
        for (from, to) in runs_of(grid.cols, |col| wall_above(line, col)) {
            runs.push((corner(line, from), corner(line, to)));
        }
    }
    for line in 0..=grid.cols {
        for (from, to) in runs_of(grid.rows, |row| wall_left(row, line)) {
            runs.push((corner(from, line), corner(to, line)));
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_read_in_every_spelling() {
        for red in ["red", "#f00", "#ff0000", "#FF0000", "rgb(255, 0, 0)", "rgb(100%,0%,0%)", "crimson", "#e00000ff"] {
            assert!(Paint::parse(red).is_red(), "{red}");
        }
        for not_red in ["black", "#000", "none", "url(#g)", "#00ff00", "rgb(0,0,0)"] {
            assert!(!Paint::parse(not_red).is_red(), "{not_red}");
        }
        assert!(Paint::parse("green").is_green() && Paint::parse("#00ff00").is_green());
    }

    #[test]
    fn numbers_split_on_commas_spaces_and_signs() {
        assert_eq!(numbers("1,2 3, 4"), vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(numbers("1-2.5.5e1"), vec![1.0, -2.5, 5.0]);
        assert_eq!(numbers("x, y"), Vec::<f64>::new());
    }

    #[test]
    fn paths_give_straight_runs_and_refuse_curves() {
        let runs = path_polylines("M2 2L66 2 m0 16 h16 v16 z").unwrap();
        assert_eq!(runs[0], (vec![(2.0, 2.0), (66.0, 2.0)], false));
        assert_eq!(runs[1], (vec![(66.0, 18.0), (82.0, 18.0), (82.0, 34.0)], true));
        assert_eq!(path_polylines("M0 0 C 1 1 2 2 3 3"), Err(false));
        assert_eq!(path_polylines("M0 0 A 5 5 0 0 1 10 0"), Err(true));
    }

    #[test]
    fn transforms_compose() {
        let m = parse_transform("translate(10, 20) scale(2)");
        assert_eq!(apply(&m, (1.0, 1.0)), (12.0, 22.0));
        let r = parse_transform("rotate(90)");
        let (x, y) = apply(&r, (1.0, 0.0));
        assert!((x - 0.0).abs() < 1e-12 && (y - 1.0).abs() < 1e-12);
    }

    #[test]
    fn css_classes_and_tags_are_matched() {
        let rules = parse_css("/* c */ .shp0 { fill:none; stroke:#000; } svg line { stroke: red }");
        assert_eq!(rules.len(), 2);
        assert_eq!(rules[0].classes, vec!["shp0".to_string()]);
        assert_eq!(rules[1].tag.as_deref(), Some("line"));
    }

    #[test]
    fn the_lattice_is_found_from_the_data() {
        let values = [2.0, 18.0, 34.0, 66.0, 82.0];
        let step = common_step(&values).unwrap();
        assert_eq!((step, origin(&values, step).unwrap()), (16.0, 2.0));
        let step = common_step(&[0.0, 33.333333, 66.666667, 100.0]).unwrap();
        assert!((step - 33.333).abs() < 0.01);
    }
}
