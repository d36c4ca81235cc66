//! Alice mazes (§4.1): follow an arrow of your cell exactly d cells; ADD and SUB cells change d;
//! reach a GOAL. d = 0 is a dead end.

use super::input::{self, Kind};
use super::scan::Game;
use crate::families::FormatError;

pub const KEYS: &[(&str, Kind)] = &[("dims", Kind::Xy), ("layout", Kind::Layout)];

/// The eight arrows and their (dx, dy).
pub const ARROWS: [(&str, (i64, i64)); 8] = [
    ("N", (0, -1)),
    ("S", (0, 1)),
    ("E", (1, 0)),
    ("W", (-1, 0)),
    ("NE", (1, -1)),
    ("NW", (-1, -1)),
    ("SE", (1, 1)),
    ("SW", (-1, 1)),
];

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cell {
    /// Arrow indices into [`ARROWS`], in the order they first appear in the cell.
    pub arrows: Vec<usize>,
    pub add: bool,
    pub sub: bool,
    pub goal: bool,
    pub blank: bool,
}

#[derive(Clone)]
pub struct Alice {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Cell>,
    pub start: (i64, i64),
}

impl Alice {
    pub fn parse(text: &str) -> Result<Alice, FormatError> {
        let input = input::read(text, KEYS)?;
        let (width, height) = input::dims(&input)?;
        let (block, first) = input.layout();
        let mut cells = Vec::with_capacity(width * height);
        let mut start = None;
        'lines: for (l, line) in block.iter().enumerate() {
            let line_no = first + l;
            let chars: Vec<char> = line.chars().collect();
            let mut i = 0;
            while i < chars.len() {
                if cells.len() == width * height {
                    break 'lines; // the rest of the layout is ignored
                }
                match chars[i] {
                    c if c.is_whitespace() => i += 1,
                    '#' => continue 'lines,
                    '[' => {
                        let Some(close) = chars[i..].iter().position(|&c| c == ']') else {
                            return Err(FormatError::new(
                                line_no,
                                i + 1,
                                "a cell opened with [ is not closed with ] on the same line",
                            ));
                        };
                        let flags: String = chars[i + 1..i + close].iter().collect::<String>().to_uppercase();
                        let mut cell = Cell::default();
                        let mut fields: Vec<&str> = flags.split(',').collect();
                        while fields.last() == Some(&"") {
                            fields.pop(); // empty fields at the end are dropped, as in LM-Solve
                        }
                        for flag in fields {
                            match flag {
                                "ADD" => cell.add = true,
                                "SUB" => cell.sub = true,
                                "GOAL" => cell.goal = true,
                                "BLANK" => cell.blank = true,
                                "START" => {
                                    let at = ((cells.len() % width) as i64, (cells.len() / width) as i64);
                                    if start.replace(at).is_some() {
                                        return Err(FormatError::new(line_no, i + 1, "a second START: there must be exactly one"));
                                    }
                                }
                                arrow => match ARROWS.iter().position(|(name, _)| *name == arrow) {
                                    Some(a) if !cell.arrows.contains(&a) => cell.arrows.push(a),
                                    Some(_) => {}
                                    None => {
                                        return Err(FormatError::new(
                                            line_no,
                                            i + 2,
                                            format!("unknown flag \"{arrow}\" in a cell: use N S E W NE NW SE SW, ADD, SUB, GOAL, START, BLANK, separated by commas without spaces"),
                                        ))
                                    }
                                },
                            }
                        }
                        cells.push(cell);
                        i += close + 1;
                    }
                    other => {
                        return Err(FormatError::new(
                            line_no,
                            i + 1,
                            format!("'{other}' between cells: a cell is [flags], and # starts a comment"),
                        ));
                    }
                }
            }
        }
        if cells.len() < width * height {
            let (y, x) = (cells.len() / width, cells.len() % width);
            return Err(FormatError::new(
                first + block.len(),
                1,
                format!(
                    "the layout ends after {} cells (at x={x}, y={y}); the board has {}",
                    cells.len(),
                    width * height
                ),
            ));
        }
        let start = start.ok_or_else(|| FormatError::new(first, 1, "no cell is marked START"))?;
        Ok(Alice { width, height, cells, start })
    }

    fn cell(&self, x: i64, y: i64) -> &Cell {
        &self.cells[y as usize * self.width + x as usize]
    }
}

impl Game for Alice {
    /// (x, y, d).
    type State = (i64, i64, i64);
    type Move = usize;

    fn initial(&self) -> (i64, i64, i64) {
        (self.start.0, self.start.1, 1)
    }

    fn moves(&self, &(x, y, _): &(i64, i64, i64)) -> Vec<usize> {
        self.cell(x, y).arrows.clone()
    }

    fn perform(&self, &(x, y, d): &(i64, i64, i64), &arrow: &usize) -> Option<(i64, i64, i64)> {
        let (dx, dy) = ARROWS.get(arrow)?.1;
        let (nx, ny) = (x + dx * d, y + dy * d);
        if nx < 0 || ny < 0 || nx >= self.width as i64 || ny >= self.height as i64 {
            return None;
        }
        let cell = self.cell(nx, ny);
        if cell.blank {
            return None;
        }
        let d = if cell.add {
            d + 1
        } else if cell.sub {
            d - 1
        } else {
            d
        };
        Some((nx, ny, d))
    }

    fn is_final(&self, &(x, y, _): &(i64, i64, i64)) -> bool {
        self.cell(x, y).goal
    }

    fn is_dead(&self, &(_, _, d): &(i64, i64, i64)) -> bool {
        d == 0
    }

    fn render(&self, &arrow: &usize) -> String {
        ARROWS[arrow].0.to_string()
    }

    fn display(&self, &(x, y, d): &(i64, i64, i64)) -> String {
        format!("X = {} ; Y = {} ; d = {d}", x + 1, y + 1)
    }

    fn vector(&self, &(x, y, d): &(i64, i64, i64)) -> String {
        format!("{x},{y},{d}")
    }
}
