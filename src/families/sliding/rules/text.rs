//! Moves as text: the moves from a position, a piece's route, a move read back and applied,
//! a solution written out, and a board drawn as letters.

use super::*;

impl Rules {
    /// Every position reachable from `anchors` by one move: (slot, new anchor).
    pub fn moves_from(&self, anchors: &[u16]) -> Vec<(usize, u16)> {
        let mut moves = Vec::new();
        self.for_each_move(anchors, |slot, to| moves.push((slot, to)));
        moves
    }

    /// Cells a piece passes through, as directions, on a shortest way from `from` to `to` with
    /// the other pieces standing still (None if it cannot get there).
    pub fn route(&self, anchors: &[u16], slot: usize, to: u16) -> Option<String> {
        let from = anchors[slot];
        let others = self.occupancy::<Cells>(anchors).without(self.tables.cover(slot, from));
        let n = self.width * self.height;
        let mut came_from: Vec<Option<(u16, usize)>> = vec![None; n];
        let mut queue = std::collections::VecDeque::from([from]);
        let mut seen = vec![false; n];
        seen[from as usize] = true;
        while let Some(at) = queue.pop_front() {
            if at == to {
                let mut dirs = Vec::new();
                let mut here = to;
                while let Some((prev, d)) = came_from[here as usize] {
                    dirs.push(DIRECTION_LETTERS[d]);
                    here = prev;
                }
                dirs.reverse();
                return Some(dirs.into_iter().collect());
            }
            for d in 0..4 {
                if !self.tables.moves_in(slot, d) {
                    continue;
                }
                let (next, entering) = self.tables.step::<Cells>(slot, at, d);
                if next != NONE && !seen[next as usize] && !others.meets(entering) {
                    seen[next as usize] = true;
                    came_from[next as usize] = Some((at, d));
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// Applies one move in text form (`b LL`) to concrete anchors, checking it against the
    /// rules of the metric. Errors are sentences.
    pub fn apply(&self, anchors: &mut [u16], text: &str) -> Result<(), String> {
        let (slot, dirs) = self.parse_move(text)?;
        let letter = self.slots[slot].name();
        if dirs.is_empty() {
            return Err(format!("\"{text}\" does not say where {letter} goes"));
        }
        match self.metric {
            Metric::Unit if dirs.len() != 1 => {
                return Err(format!(
                    "\"{text}\" moves more than one cell, which the unit metric counts as several moves"
                ))
            }
            Metric::Slide if dirs.iter().any(|&d| d != dirs[0]) => {
                return Err(format!("\"{text}\" turns a corner, which the slide metric counts as several moves"))
            }
            _ => {}
        }
        let others = self.occupancy::<Cells>(anchors).without(self.tables.cover(slot, anchors[slot]));
        let mut at = anchors[slot];
        for &d in &dirs {
            if !self.tables.moves_in(slot, d) {
                return Err(format!("{letter} may only move along its own long side"));
            }
            let (next, entering) = self.tables.step::<Cells>(slot, at, d);
            if next == NONE {
                return Err(format!(
                    "{letter} cannot move {} there: the board edge or a wall is in the way",
                    DIRECTION_LETTERS[d]
                ));
            }
            if others.meets(entering) {
                return Err(format!("{letter} cannot move {}: another piece is in the way", DIRECTION_LETTERS[d]));
            }
            at = next;
        }
        anchors[slot] = at;
        Ok(())
    }

    /// The slot whose [`Slot::name`] is `piece` (`b`, `s3`), read without building names: the
    /// replay parses every move on every animation frame.
    pub(super) fn slot_named(&self, piece: &str) -> Option<usize> {
        let (&letter, digits) = piece.as_bytes().split_first()?;
        let number = match digits {
            [] => 0,
            [b'1'..=b'9', ..] if digits.iter().all(u8::is_ascii_digit) => {
                std::str::from_utf8(digits).ok()?.parse().ok()?
            }
            _ => return None,
        };
        self.slots.iter().position(|s| s.letter == letter && s.number == number)
    }

    /// `b LL` -> (slot of b, [left, left]).
    pub fn parse_move(&self, text: &str) -> Result<(usize, Vec<usize>), String> {
        let mut parts = text.split_whitespace();
        let piece = parts.next().ok_or("an empty move")?;
        let slot = match piece.as_bytes() {
            [l, ..] if l.is_ascii_lowercase() => {
                self.slot_named(piece).ok_or_else(|| format!("there is no piece {piece}"))?
            }
            _ => return Err(format!("\"{text}\" does not start with a piece letter")),
        };
        let dirs = parts
            .flat_map(|p| p.chars())
            .map(|c| {
                DIRECTION_LETTERS.iter().position(|&d| d == c.to_ascii_uppercase()).ok_or_else(|| {
                    format!(
                        "{} in {} is not a direction (U, D, L or R)",
                        crate::families::shown_char(c),
                        crate::families::shown_text(text)
                    )
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((slot, dirs))
    }

    /// Names the moves along a path of canonical positions, following the real pieces.
    pub fn describe(&self, path: &[Vec<u16>]) -> Vec<String> {
        let mut concrete = self.start.clone();
        let mut moves = Vec::with_capacity(path.len().saturating_sub(1));
        for pair in path.windows(2) {
            let (before, after) = (&pair[0], &pair[1]);
            let Some(class) = self.classes.iter().find(|c| before[(*c).clone()] != after[(*c).clone()]) else {
                continue;
            };
            let from = *before[class.clone()]
                .iter()
                .find(|a| !after[class.clone()].contains(a))
                .unwrap_or(&before[class.start]);
            let to = *after[class.clone()]
                .iter()
                .find(|a| !before[class.clone()].contains(a))
                .unwrap_or(&after[class.start]);
            let Some(slot) = class.clone().find(|&s| concrete[s] == from) else { continue };
            // For unit and slide moves the shortest route is the straight line itself.
            let dirs = self.route(&concrete, slot, to).unwrap_or_default();
            moves.push(format!("{} {dirs}", self.slots[slot].name()));
            concrete[slot] = to;
        }
        moves
    }

    /// The board as text rows, for `--output-states`.
    pub fn render(&self, anchors: &[u16]) -> String {
        let mut cells: Vec<u8> = self.walls.iter().map(|&w| if w { b'#' } else { b' ' }).collect();
        for (slot, &a) in anchors.iter().enumerate() {
            for c in self.shapes[self.slots[slot].shape].cells(a, self.width) {
                cells[c] = self.slots[slot].letter;
            }
        }
        cells.chunks(self.width).map(|row| String::from_utf8_lossy(row).into_owned() + "\n").collect()
    }
}
