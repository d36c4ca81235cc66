//! The Game About Squares text format (the one the reference Rust solver reads):
//!
//! ```text
//! // red goes down twice, blue left once: 3 clicks
//! Red:0,0 v        <- a square: colour, position, direction (^ v < >)
//! Blue:2,1 <
//! Red:0,2          <- a goal of that colour
//! ^:3,-1           <- an arrow
//! ```
//!
//! One element per line, `//` comments, screen coordinates (y grows downward), negatives allowed.

use crate::families::FormatError;

/// Up, right, down, left, as (dx, dy) in screen coordinates.
pub const DIRECTIONS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];
pub const DIRECTION_SIGNS: [char; 4] = ['^', '>', 'v', '<'];

pub fn direction_of(sign: char) -> Option<u8> {
    DIRECTION_SIGNS.iter().position(|&d| d == sign).map(|d| d as u8)
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Square {
    pub colour: String,
    pub x: i32,
    pub y: i32,
    /// Index into DIRECTIONS.
    pub direction: u8,
    /// Written without a direction (it took the arrow's), so the text prints back the same way.
    pub implicit: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Goal {
    pub colour: String,
    pub x: i32,
    pub y: i32,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrow {
    pub x: i32,
    pub y: i32,
    pub direction: u8,
}

/// A level as written.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Level {
    pub comments: Vec<String>,
    pub squares: Vec<Square>,
    pub goals: Vec<Goal>,
    pub arrows: Vec<Arrow>,
}

/// Most elements a level may have (the game's largest has about twenty).
pub const MAX_ELEMENTS: usize = 400;
/// Coordinates beyond this are refused: a level is a small thing.
pub const MAX_COORDINATE: i32 = 1000;

impl Level {
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for c in &self.comments {
            out.push_str(&format!("//{c}\n"));
        }
        for s in &self.squares {
            if s.implicit {
                out.push_str(&format!("{}:{},{}\n", s.colour, s.x, s.y));
            } else {
                out.push_str(&format!("{}:{},{} {}\n", s.colour, s.x, s.y, DIRECTION_SIGNS[s.direction as usize]));
            }
        }
        for g in &self.goals {
            out.push_str(&format!("{}:{},{}\n", g.colour, g.x, g.y));
        }
        for a in &self.arrows {
            out.push_str(&format!("{}:{},{}\n", DIRECTION_SIGNS[a.direction as usize], a.x, a.y));
        }
        out
    }

    pub fn arrow_at(&self, x: i32, y: i32) -> Option<&Arrow> {
        self.arrows.iter().find(|a| a.x == x && a.y == y)
    }

    pub fn goal_at(&self, x: i32, y: i32) -> Option<&Goal> {
        self.goals.iter().find(|g| g.x == x && g.y == y)
    }

    pub fn square_at(&self, x: i32, y: i32) -> Option<&Square> {
        self.squares.iter().find(|s| s.x == x && s.y == y)
    }
}

/// Refuses the square at (line, column) when the level already has the most a search can take.
fn one_more_square(level: &Level, line: usize, column: usize) -> Result<(), FormatError> {
    let most = super::rules::MAX_SQUARES;
    if level.squares.len() >= most {
        return Err(FormatError::new(
            line,
            column,
            format!("one square too many: a level may have at most {most} squares"),
        ));
    }
    Ok(())
}

/// Whether the text looks like a level of this format (for auto-detection).
pub fn looks_like(text: &str) -> bool {
    let mut elements = 0;
    for line in text.lines() {
        let line = strip_comment(line).trim();
        if line.is_empty() {
            continue;
        }
        let Some((head, _)) = line.split_once(':') else { return false };
        let head = head.trim();
        let is_colour = head.chars().next().is_some_and(|c| c.is_ascii_uppercase());
        let is_arrow = head.len() == 1 && head.chars().next().and_then(direction_of).is_some();
        if !(is_colour || is_arrow) || !line.contains(',') {
            return false;
        }
        elements += 1;
    }
    elements > 0
}

fn strip_comment(line: &str) -> &str {
    line.split_once("//").map_or(line, |(code, _)| code)
}

/// A line that is an element, before bare `Colour:x,y` lines are told apart.
enum Element {
    Square(Square),
    /// `Colour:x,y`: a goal, or a square taking the direction of the arrow it stands on.
    Bare {
        colour: String,
        x: i32,
        y: i32,
    },
    Arrow(Arrow),
}

pub fn parse(text: &str) -> Result<Level, FormatError> {
    let mut level = Level::default();
    let mut elements: Vec<(Element, usize, usize)> = Vec::new(); // element, line, column
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        if let Some(comment) = raw.trim_start().strip_prefix("//") {
            if elements.is_empty() {
                level.comments.push(comment.to_string());
            }
            continue;
        }
        let code = strip_comment(raw);
        if code.trim().is_empty() {
            continue;
        }
        if elements.len() >= MAX_ELEMENTS {
            return Err(FormatError::new(
                line_no,
                1,
                format!("too many elements: a level may have at most {MAX_ELEMENTS}"),
            ));
        }
        let indent = code.len() - code.trim_start().len();
        elements.push((parse_element(code.trim(), line_no, indent)?, line_no, indent + 1));
    }
    let arrows: Vec<(i32, i32, u8)> = elements
        .iter()
        .filter_map(|(e, _, _)| match e {
            Element::Arrow(a) => Some((a.x, a.y, a.direction)),
            _ => None,
        })
        .collect();
    let mut fixed: Vec<(i32, i32, usize)> = Vec::new();
    let mut squares: Vec<(i32, i32, usize)> = Vec::new();
    let mut goal_places: Vec<(usize, usize)> = Vec::new();
    for (element, line, column) in elements {
        match element {
            Element::Arrow(arrow) => {
                claim(&mut fixed, arrow.x, arrow.y, line, column, "a goal or an arrow")?;
                level.arrows.push(arrow);
            }
            Element::Square(square) => {
                claim(&mut squares, square.x, square.y, line, column, "a square")?;
                one_more_square(&level, line, column)?;
                level.squares.push(square);
            }
            Element::Bare { colour, x, y } => match arrows.iter().find(|a| a.0 == x && a.1 == y) {
                Some(&(_, _, direction)) => {
                    claim(&mut squares, x, y, line, column, "a square")?;
                    one_more_square(&level, line, column)?;
                    level.squares.push(Square { colour, x, y, direction, implicit: true });
                }
                None => {
                    claim(&mut fixed, x, y, line, column, "a goal or an arrow")?;
                    goal_places.push((line, column));
                    level.goals.push(Goal { colour, x, y });
                }
            },
        }
    }
    if level.squares.is_empty() {
        return Err(FormatError::new(1, 1, "the level has no squares: add one such as `Red:0,0 v`"));
    }
    // A goal whose colour has no square can never be filled: say so before any search.
    for (goal, &(line, column)) in level.goals.iter().zip(&goal_places) {
        if !level.squares.iter().any(|s| s.colour == goal.colour) {
            let (colour, x, y) = (&goal.colour, goal.x, goal.y);
            return Err(FormatError::new(
                line,
                column,
                format!("the {colour} goal at {x},{y} can never be reached: there is no {colour} square, so the level cannot be won"),
            ));
        }
    }
    Ok(level)
}

fn parse_element(code: &str, line: usize, indent: usize) -> Result<Element, FormatError> {
    let column = |offset: usize| indent + offset + 1;
    let Some((head, rest)) = code.split_once(':') else {
        return Err(FormatError::new(
            line,
            column(0),
            "expected `Colour:x,y d` (a square), `Colour:x,y` (a goal) or `d:x,y` (an arrow), with d one of ^ v < >",
        ));
    };
    let head = head.trim();
    let rest_at = code.len() - rest.len() + (rest.len() - rest.trim_start().len());
    let (coords, direction) = match rest.trim().split_once(char::is_whitespace) {
        Some((coords, d)) => (coords.trim(), Some(d.trim())),
        None => (rest.trim(), None),
    };
    let (x, y) = parse_coords(coords).ok_or_else(|| {
        FormatError::new(
            line,
            column(rest_at),
            format!(
                "{} is not a position: write x,y with whole numbers, such as 3,-1",
                crate::families::shown_text(coords)
            ),
        )
    })?;
    // unsigned_abs: -2147483648 has no i32 absolute value (abs() wraps it to itself, negative).
    if x.unsigned_abs() > MAX_COORDINATE.unsigned_abs() || y.unsigned_abs() > MAX_COORDINATE.unsigned_abs() {
        return Err(FormatError::new(
            line,
            column(rest_at),
            format!("{x},{y} is too far out: coordinates go from -{MAX_COORDINATE} to {MAX_COORDINATE}"),
        ));
    }
    let direction_column = |d: &str| column(code.len() - d.len());
    let mut head_chars = head.chars();
    let first = head_chars.next().unwrap_or(' ');
    if head_chars.next().is_none() && direction_of(first).is_some() {
        if let Some(d) = direction {
            return Err(FormatError::new(
                line,
                direction_column(d),
                format!("an arrow takes nothing after its position (found \"{d}\")"),
            ));
        }
        return Ok(Element::Arrow(Arrow { x, y, direction: direction_of(first).unwrap_or(0) }));
    }
    if !(first.is_ascii_uppercase() && head.chars().all(|c| c.is_ascii_alphanumeric())) {
        return Err(FormatError::new(
            line,
            column(0),
            format!("\"{head}\" is neither a colour (a word starting with a capital letter) nor an arrow (^ v < >)"),
        ));
    }
    let colour = head.to_string();
    match direction {
        None => Ok(Element::Bare { colour, x, y }),
        Some(d) => {
            let mut chars = d.chars();
            match (chars.next().and_then(direction_of), chars.next()) {
                (Some(direction), None) => Ok(Element::Square(Square { colour, x, y, direction, implicit: false })),
                _ => Err(FormatError::new(
                    line,
                    direction_column(d),
                    format!("unknown direction \"{d}\": use ^ (up), v (down), < (left) or > (right)"),
                )),
            }
        }
    }
}

fn parse_coords(text: &str) -> Option<(i32, i32)> {
    let (x, y) = text.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

fn claim(
    taken: &mut Vec<(i32, i32, usize)>,
    x: i32,
    y: i32,
    line: usize,
    column: usize,
    what: &str,
) -> Result<(), FormatError> {
    if let Some(&(_, _, other)) = taken.iter().find(|p| p.0 == x && p.1 == y) {
        return Err(FormatError::new(
            line,
            column,
            format!("{x},{y} already holds {what} (line {other}); one cell holds at most one"),
        ));
    }
    taken.push((x, y, line));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_example() {
        let text =
            "// red goes down twice, blue left once: 3 clicks\nRed:0,0 v\nBlue:2,1 <\nRed:0,2\nBlue:1,1\n^:3,-1\n";
        let level = parse(text).unwrap();
        assert_eq!(level.squares.len(), 2);
        assert_eq!(level.squares[1], Square { colour: "Blue".into(), x: 2, y: 1, direction: 3, implicit: false });
        assert_eq!(
            level.goals,
            vec![Goal { colour: "Red".into(), x: 0, y: 2 }, Goal { colour: "Blue".into(), x: 1, y: 1 }]
        );
        assert_eq!(level.arrows, vec![Arrow { x: 3, y: -1, direction: 0 }]);
        assert_eq!(parse(&level.to_text()).unwrap(), level);
    }

    #[test]
    fn a_square_on_an_arrow_may_omit_its_direction() {
        let level = parse("Black:0,2\n>:0,2\nBlack:3,3\n").unwrap();
        assert_eq!(level.squares, vec![Square { colour: "Black".into(), x: 0, y: 2, direction: 1, implicit: true }]);
        assert_eq!(level.goals.len(), 1);
        assert_eq!(parse(&level.to_text()).unwrap(), level);
    }

    fn error(text: &str) -> FormatError {
        parse(text).unwrap_err()
    }

    #[test]
    fn errors_point_at_the_place() {
        let e = error("Red:0,0 x\n");
        assert_eq!((e.line, e.column), (1, 9));
        assert!(e.message.starts_with("unknown direction \"x\""), "{e}");
        let e = error("Red:0,0 v\nRed:1,1\n^:1,1\n>:1,1\n");
        assert_eq!(e.line, 4);
        assert!(e.message.contains("already holds a goal or an arrow (line 3)"), "{e}");
        let e = error("Red:0,0 v\nBlue:0,0 <\n");
        assert!(e.message.contains("already holds a square (line 1)"), "{e}");
        let e = error("Red:0,0 v\n  Green:4,4\n");
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.message.contains("no Green square, so the level cannot be won"), "{e}");
        let e = error("Red:zero,0 v\n");
        assert_eq!((e.line, e.column), (1, 5));
        let e = error("red:0,0 v\n");
        assert!(e.message.contains("neither a colour"), "{e}");
        let e = error("// nothing\n");
        assert!(e.message.contains("no squares"), "{e}");
        let e = error("Red 0,0\n");
        assert!(e.message.starts_with("expected"), "{e}");
        assert!(parse("Red:-3,-1 v // a comment\nRed:-3,2\n").is_ok());
    }

    #[test]
    fn detection() {
        assert!(looks_like("Red:0,0 v\nRed:0,2\n"));
        assert!(looks_like("// c\n^:1,1\nBlue:1,1\n"));
        assert!(!looks_like("aabb\naacd\na--\n"));
        assert!(!looks_like("metric: unit\nab\na-\n"));
    }
}
