//! Number mazes (§4.3): jump exactly the number on your cell, orthogonally; land on a `*`.

use super::input::{self, Kind};
use super::scan::Game;
use crate::families::FormatError;

pub const KEYS: &[(&str, Kind)] = &[("dims", Kind::Xy), ("start", Kind::Xy), ("layout", Kind::Layout)];

#[derive(Clone)]
pub struct Numbers {
    pub width: usize,
    pub height: usize,
    /// Each cell's jump, or None for a goal (`*`).
    pub cells: Vec<Option<u8>>,
    pub start: (i64, i64),
}

impl Numbers {
    pub fn parse(text: &str) -> Result<Numbers, FormatError> {
        let input = input::read(text, KEYS)?;
        let (width, height) = input::dims(&input)?;
        let (block, first) = input.layout();
        if block.len() < height {
            return Err(FormatError::new(
                first + block.len(),
                1,
                format!("the layout ends after {} lines; a board {height} high needs {height}", block.len()),
            ));
        }
        let mut cells = Vec::with_capacity(width * height);
        for (y, line) in block.iter().take(height).enumerate() {
            let chars: Vec<char> = line.chars().collect();
            if chars.len() != width {
                return Err(FormatError::new(
                    first + y,
                    1,
                    format!("a row must have exactly {width} cells (digits or *); this one has {}", chars.len()),
                ));
            }
            for (x, ch) in chars.into_iter().enumerate() {
                cells.push(match ch {
                    '*' => None,
                    d if d.is_ascii_digit() => Some(d as u8 - b'0'),
                    other => {
                        return Err(FormatError::new(
                            first + y,
                            x + 1,
                            format!(
                                "{} is not a cell: use a digit 0-9, or * for a goal",
                                crate::families::shown_char(other)
                            ),
                        ))
                    }
                });
            }
        }
        // LM-Solve does not check the start; a start off the board would index nothing.
        let start = input::inside(&input, "start", "the start", (width, height))?;
        Ok(Numbers { width, height, cells, start })
    }

    fn cell(&self, (x, y): (i64, i64)) -> Option<u8> {
        self.cells[y as usize * self.width + x as usize]
    }
}

impl Game for Numbers {
    type State = (i64, i64);
    type Move = char;

    fn initial(&self) -> (i64, i64) {
        self.start
    }

    fn moves(&self, &(x, y): &(i64, i64)) -> Vec<char> {
        let k = i64::from(self.cell((x, y)).unwrap_or(0));
        let (w, h) = (self.width as i64, self.height as i64);
        [('E', x + k < w), ('W', x - k >= 0), ('S', y + k < h), ('N', y - k >= 0)]
            .into_iter()
            .filter(|&(_, ok)| ok)
            .map(|(m, _)| m)
            .collect()
    }

    fn perform(&self, &(x, y): &(i64, i64), m: &char) -> Option<(i64, i64)> {
        let k = i64::from(self.cell((x, y))?);
        let next = match m {
            'E' => (x + k, y),
            'W' => (x - k, y),
            'S' => (x, y + k),
            _ => (x, y - k),
        };
        (next.0 >= 0 && next.1 >= 0 && next.0 < self.width as i64 && next.1 < self.height as i64).then_some(next)
    }

    fn is_final(&self, &s: &(i64, i64)) -> bool {
        self.cell(s).is_none()
    }

    fn render(&self, m: &char) -> String {
        m.to_string()
    }

    fn display(&self, &(x, y): &(i64, i64)) -> String {
        format!("X = {} ; Y = {}", x + 1, y + 1)
    }

    fn vector(&self, &(x, y): &(i64, i64)) -> String {
        format!("{x},{y}")
    }
}
