//! Reading, step one: the XML tree walked (with `roxmltree`) into straight segments in root
//! coordinates, with transforms, CSS and presentation attributes applied, and whatever is not a
//! wall skipped (red or marker-ended strokes, fills without strokes, text, curves, definitions).

use super::*;

/// What the walk found: wall segments, start (true) and exit marks, and hints at the shape.
pub(super) struct Drawing {
    pub(super) segments: Vec<Segment>,
    pub(super) marks: Vec<(Point, bool)>,
    pub(super) title: String,
    pub(super) arcs: usize,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Paint {
    None,
    Rgb(u8, u8, u8),
    /// A gradient, `currentColor` or a colour name we do not know: drawn, and not red.
    Other,
}

impl Paint {
    pub(super) fn parse(value: &str) -> Paint {
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

    pub(super) fn is_red(self) -> bool {
        matches!(self, Paint::Rgb(r, g, b) if r >= 130 && g < 110 && b < 110)
    }

    pub(super) fn is_green(self) -> bool {
        matches!(self, Paint::Rgb(r, g, b) if g >= 100 && r < 110 && b < 110)
    }
}

/// The properties that decide whether something is a wall, as inherited down the tree.
#[derive(Debug, Clone, Copy)]
pub(super) struct Style {
    stroke: Paint,
    fill: Paint,
    transform: [f64; 6],
}

pub(super) const IDENTITY: [f64; 6] = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0];

pub(super) fn apply(m: &[f64; 6], (x, y): Point) -> Point {
    (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])
}

/// `outer` after `inner`: the matrix of a child's transform inside its parent's.
pub(super) fn compose(outer: &[f64; 6], inner: &[f64; 6]) -> [f64; 6] {
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
pub(super) fn parse_transform(text: &str) -> [f64; 6] {
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
pub(super) fn numbers(text: &str) -> Vec<f64> {
    number_iter(text).collect()
}

pub(super) fn number_iter(text: &str) -> impl Iterator<Item = f64> + '_ {
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
pub(super) fn number_at(bytes: &[u8], start: usize) -> (Option<f64>, usize) {
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
    let value =
        std::str::from_utf8(&bytes[start..i]).ok().and_then(|s| s.parse::<f64>().ok()).filter(|v| v.is_finite());
    (value, i)
}

/// One CSS rule, reduced to what matters here: the last compound selector and its declarations.
pub(super) struct Rule {
    pub(super) tag: Option<String>,
    pub(super) classes: Vec<String>,
    id: Option<String>,
    declarations: Vec<(String, String)>,
}

/// The `property: value` pairs of a CSS block or a `style` attribute, trimmed.
pub(super) fn declaration_pairs(text: &str) -> impl Iterator<Item = (&str, &str)> {
    text.split(';')
        .filter_map(|d| d.split_once(':'))
        .map(|(k, v)| (k.trim(), v.trim().trim_end_matches("!important").trim()))
}

pub(super) fn declarations(text: &str) -> Vec<(String, String)> {
    declaration_pairs(text).map(|(k, v)| (k.to_ascii_lowercase(), v.to_string())).collect()
}

pub(super) fn parse_css(text: &str) -> Vec<Rule> {
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
            let Some(last) =
                selector.split(|c: char| c.is_whitespace() || matches!(c, '>' | '+' | '~')).rfind(|s| !s.is_empty())
            else {
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
pub(super) const PROPERTIES: [&str; 4] = ["display", "visibility", "stroke", "fill"];

/// The element's own values for [`PROPERTIES`]: presentation attributes, then CSS rules, then
/// the `style` attribute, each overriding the one before (as SVG does). One pass over the
/// attributes: a big maze has tens of thousands of elements.
pub(super) fn own_properties<'a>(node: roxmltree::Node<'a, '_>, rules: &'a [Rule]) -> [Option<&'a str>; 4] {
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

pub(super) fn collect<'a, 'input>(
    root: roxmltree::Node<'a, 'input>,
) -> Result<Drawing, (roxmltree::Node<'a, 'input>, String)> {
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
            "defs"
                | "marker"
                | "symbol"
                | "clipPath"
                | "mask"
                | "pattern"
                | "style"
                | "script"
                | "metadata"
                | "title"
                | "desc"
                | "linearGradient"
                | "radialGradient"
                | "filter"
                | "use"
                | "image"
                | "foreignObject"
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

pub(super) fn attr(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name).and_then(|v| number_iter(v).next()).unwrap_or(0.0)
}

/// Adds the wall segments or marks one shape element contributes.
pub(super) fn shape(node: roxmltree::Node<'_, '_>, tag: &str, style: &Style, drawing: &mut Drawing) {
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
pub(super) fn path_polylines(d: &str) -> Result<Vec<(Vec<Point>, bool)>, bool> {
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
