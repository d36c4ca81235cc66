//! Maze SVGs: reading the walls (or passages) of any generator's file into a [`Grid`], and
//! writing a solution back into the file. `docs/specs/mazes.md` describes the layouts.
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

mod lattice;
mod walk;
mod write;

use lattice::{hexagonal, square};
use walk::collect;
pub use write::{insert_before_end, path_points, render, solution_element, wall_runs};

/// Limits that make a hostile file fail fast rather than freeze a tab.
pub(super) const MAX_BYTES: usize = 32 << 20;
pub(super) const MAX_NODES: u32 = 1_000_000;
pub(super) const MAX_DEPTH: usize = 256;
pub(super) const MAX_SEGMENTS: usize = 8_000_000;

pub(super) type Point = (f64, f64);
pub(super) type Segment = (Point, Point);
/// A hexagon side's middle, its cell and which side it is.
pub(super) type SideAt = (Point, usize, u8);

/// Whether a text is an SVG document (or at least XML that wants to be one).
pub fn looks_like(text: &str) -> bool {
    let head = text.trim_start_matches('\u{feff}').trim_start();
    head.starts_with('<') && (head.contains("<svg") || head.starts_with("<?xml"))
}

/// Reads a maze SVG.
pub fn read(text: &str) -> Result<Grid, FormatError> {
    if text.len() > MAX_BYTES {
        return Err(FormatError::new(
            1,
            1,
            format!("the SVG is {} MB; the most this tool reads is {} MB", text.len() >> 20, MAX_BYTES >> 20),
        ));
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
    let place = |node: roxmltree::Node<'_, '_>| {
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
    if title.contains("theta")
        || title.contains("circular")
        || (drawing.arcs > 0 && drawing.arcs * 2 >= drawing.segments.len())
    {
        return Err(fail(
            "this is a circular (theta) maze; only mazes of square or hexagonal cells can be solved here".into(),
        ));
    }
    if title.contains("delta") || title.contains("triangular") {
        return Err(fail(
            "this is a triangular (delta) maze; only mazes of square or hexagonal cells can be solved here".into(),
        ));
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
pub(super) fn nesting(text: &str) -> Result<(), FormatError> {
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
                    return Err(FormatError::new(
                        line,
                        column,
                        format!("the SVG nests elements more than {MAX_DEPTH} deep"),
                    ));
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

pub(super) fn is_horizontal(((x1, y1), (x2, y2)): &Segment) -> bool {
    (y2 - y1).abs() <= 0.02 * (x2 - x1).abs()
}

pub(super) fn is_vertical(((x1, y1), (x2, y2)): &Segment) -> bool {
    (x2 - x1).abs() <= 0.02 * (y2 - y1).abs()
}

#[cfg(test)]
mod tests {
    use super::lattice::*;
    use super::walk::*;

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
