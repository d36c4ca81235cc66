//! Planks in the swamp (§4.5), on a square grid (`plank`) or a hexagonal one (`hex_plank`):
//! carry a plank you can reach and lay it between two stumps its length apart, with nothing in
//! between; win when a plank touches the goal stump.

use super::input::{self, Kind, Xy};
use super::scan::Game;
use crate::families::FormatError;

pub const KEYS: &[(&str, Kind)] = &[("dims", Kind::Xy), ("planks", Kind::PlankList), ("layout", Kind::Layout)];

/// Directions in LM-Solve's order: E W S N, then (hexagons) SE NW.
pub const DIRECTIONS: [(&str, (i64, i64)); 6] =
    [("E", (1, 0)), ("W", (-1, 0)), ("S", (0, 1)), ("N", (0, -1)), ("SE", (1, 1)), ("NW", (-1, -1))];
/// How a move's text goes on when it names the plank moved ("Move the Plank of Length 1 to
/// (3,2) E, the one at (4,2)-(5,2)"): the page's, where LM-Solve's text reads two ways.
pub const TOLD_APART: &str = ", the one at ";
/// The orientation a plank laid in each direction is stored with: 0 E, 1 S, 2 SE.
const ORIENTATION: [usize; 6] = [0, 0, 1, 1, 2, 2];
const ALONG: [(i64, i64); 3] = [(1, 0), (0, 1), (1, 1)];

#[derive(Clone)]
pub struct Plank {
    pub width: usize,
    pub height: usize,
    pub hex: bool,
    pub stumps: Vec<bool>,
    pub goal: Xy,
    pub lengths: Vec<i64>,
    /// The planks as given: (top/left end, orientation).
    pub start: Vec<(Xy, usize)>,
}

/// (the smallest active plank, each plank's top/left end and orientation).
pub type PlankState = (usize, Vec<(Xy, usize)>);

/// (plank, the stump it is laid from, direction index).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lay {
    pub plank: usize,
    pub from: Xy,
    pub direction: usize,
}

impl Plank {
    pub fn parse(text: &str, hex: bool) -> Result<Plank, FormatError> {
        let input = input::read(text, KEYS)?;
        let (width, height) = input::dims(&input)?;
        let (block, first) = input.layout();
        if block.len() < height {
            return Err(FormatError::new(
                first + block.len(),
                1,
                format!("the layout has {} lines; a board {height} high needs {height}", block.len()),
            ));
        }
        let mut stumps = vec![false; width * height];
        let mut goal = None;
        for (y, line) in block.iter().take(height).enumerate() {
            let chars: Vec<char> = line.chars().collect();
            if chars.len() < width {
                return Err(FormatError::new(
                    first + y,
                    chars.len() + 1,
                    format!(
                        "a layout line needs at least {width} characters (spaces count); this one has {}",
                        chars.len()
                    ),
                ));
            }
            for (x, &ch) in chars.iter().enumerate() {
                // LM-Solve takes every character but a space for a stump.
                if ch != ' ' && x < width {
                    stumps[y * width + x] = true;
                }
                if ch == 'G' && goal.replace((x as i64, y as i64)).is_some() {
                    return Err(FormatError::new(first + y, x + 1, "a second goal G: there must be exactly one"));
                }
            }
        }
        let goal = goal.ok_or_else(|| FormatError::new(first, 1, "the layout has no goal G"))?;
        let mut plank = Plank { width, height, hex, stumps, goal, lengths: Vec::new(), start: Vec::new() };
        let line = input.line("planks");
        for ((sx, sy), (ex, ey)) in input.planks("planks") {
            let name = format!("the plank ({sx},{sy}) -> ({ex},{ey})");
            if sx.max(ex) >= width as i64 || sy.max(ey) >= height as i64 {
                return Err(FormatError::new(line, 1, format!("{name} is off the board")));
            }
            if (sx, sy) == (ex, ey) {
                return Err(FormatError::new(line, 1, format!("{name} has no length")));
            }
            for end in [(sx, sy), (ex, ey)] {
                if !plank.stump(end) {
                    return Err(FormatError::new(line, 1, format!("{name}: ({},{}) is not a stump", end.0, end.1)));
                }
            }
            let (orientation, length) = if sy == ey {
                (0, (ex - sx).abs())
            } else if sx == ex {
                (1, (ey - sy).abs())
            } else if hex && ex - sx == ey - sy {
                (2, (ex - sx).abs())
            } else {
                let allowed =
                    if hex { "horizontal, vertical or along the SE diagonal" } else { "horizontal or vertical" };
                return Err(FormatError::new(line, 1, format!("{name} is not {allowed}")));
            };
            let top_left = (sx.min(ex), sy.min(ey));
            let (dx, dy) = ALONG[orientation];
            if (1..length).any(|k| plank.stump((top_left.0 + k * dx, top_left.1 + k * dy))) {
                return Err(FormatError::new(line, 1, format!("{name} passes over a stump")));
            }
            // A second plank where one lies already: no board has that, and each copy once
            // multiplied the positions for nothing (1,000 copies ran on past a time limit).
            if let Some(first) = plank
                .start
                .iter()
                .zip(&plank.lengths)
                .position(|(&at, &l)| at == (top_left, orientation) && l == length)
            {
                return Err(FormatError::new(line, 1, format!("{name} lies where plank {} already does", first + 1)));
            }
            plank.lengths.push(length);
            plank.start.push((top_left, orientation));
        }
        Ok(plank)
    }

    fn stump(&self, (x, y): Xy) -> bool {
        x >= 0
            && y >= 0
            && x < self.width as i64
            && y < self.height as i64
            && self.stumps[y as usize * self.width + x as usize]
    }

    pub fn ends(&self, planks: &[(Xy, usize)], i: usize) -> (Xy, Xy) {
        let ((x, y), o) = planks[i];
        let (dx, dy) = ALONG[o];
        ((x, y), (x + self.lengths[i] * dx, y + self.lengths[i] * dy))
    }

    /// Plank `i` named by where it lies, as a move's text goes on after [`TOLD_APART`].
    pub fn named(&self, planks: &[(Xy, usize)], i: usize) -> String {
        let ((sx, sy), (ex, ey)) = self.ends(planks, i);
        format!("{TOLD_APART}({sx},{sy})-({ex},{ey})")
    }

    /// The planks reachable from plank `seed` through shared stumps (§4.5's order).
    pub fn active(&self, planks: &[(Xy, usize)], seed: usize) -> Vec<bool> {
        let mut active = vec![false; planks.len()];
        active[seed] = true;
        let (a, b) = self.ends(planks, seed);
        let mut stack = vec![a, b];
        while let Some(p) = stack.pop() {
            for (i, reached) in active.iter_mut().enumerate() {
                if *reached {
                    continue;
                }
                let (s, e) = self.ends(planks, i);
                if s == p {
                    *reached = true;
                    stack.push(e);
                }
                if e == p {
                    *reached = true;
                    stack.push(s);
                }
            }
        }
        active
    }

    fn canonical(&self, planks: Vec<(Xy, usize)>, seed: usize) -> PlankState {
        let active = self.active(&planks, seed);
        (active.iter().position(|&a| a).unwrap_or(seed), planks)
    }

    fn directions(&self) -> usize {
        if self.hex {
            6
        } else {
            4
        }
    }
}

impl Game for Plank {
    type State = PlankState;
    type Move = Lay;

    fn initial(&self) -> PlankState {
        self.canonical(self.start.clone(), 0)
    }

    fn moves(&self, (a, planks): &PlankState) -> Vec<Lay> {
        let active = self.active(planks, *a);
        let ends: Vec<(Xy, Xy)> = (0..planks.len()).map(|i| self.ends(planks, i)).collect();
        let occupied = |p: Xy, except: usize| {
            (0..planks.len()).any(|i| {
                if i == except {
                    return false;
                }
                let ((x, y), o) = planks[i];
                let (dx, dy) = ALONG[o];
                (0..=self.lengths[i]).any(|j| (x + j * dx, y + j * dy) == p)
            })
        };
        let mut out = Vec::new();
        for t in (0..planks.len()).filter(|&t| active[t]) {
            let n = self.lengths[t];
            for m in (0..planks.len()).filter(|&m| active[m]) {
                for from in [ends[m].0, ends[m].1] {
                    for (direction, &(_, (dx, dy))) in DIRECTIONS.iter().enumerate().take(self.directions()) {
                        let to = (from.0 + n * dx, from.1 + n * dy);
                        if to.0 < 0 || to.1 < 0 || to.0 >= self.width as i64 || to.1 >= self.height as i64 {
                            continue;
                        }
                        if ends.iter().any(|&(s, e)| (s, e) == (from, to) || (e, s) == (from, to)) {
                            continue; // exactly where a plank lies (the 0.10.1 fix)
                        }
                        if !self.stump(to) {
                            continue;
                        }
                        let between = |k: i64| (from.0 + k * dx, from.1 + k * dy);
                        if (1..n).any(|k| self.stump(between(k))) || (1..n).any(|k| occupied(between(k), t)) {
                            continue;
                        }
                        out.push(Lay { plank: t, from, direction });
                    }
                }
            }
        }
        out
    }

    fn perform(&self, (_, planks): &PlankState, lay: &Lay) -> Option<PlankState> {
        let n = self.lengths[lay.plank];
        let (_, (dx, dy)) = DIRECTIONS[lay.direction];
        let mut start = lay.from;
        if dx < 0 || dy < 0 {
            // Laid N, W or NW: the stored end is the far one.
            start = (start.0 + n * dx, start.1 + n * dy);
        }
        let mut planks = planks.clone();
        planks[lay.plank] = (start, ORIENTATION[lay.direction]);
        Some(self.canonical(planks, lay.plank))
    }

    fn is_final(&self, (_, planks): &PlankState) -> bool {
        (0..planks.len()).any(|i| {
            let (s, e) = self.ends(planks, i);
            s == self.goal || e == self.goal
        })
    }

    fn heap_bytes(&self, (_, planks): &PlankState) -> usize {
        planks.capacity() * std::mem::size_of::<(Xy, usize)>()
    }

    fn render(&self, lay: &Lay) -> String {
        format!(
            "Move the Plank of Length {} to ({},{}) {}",
            self.lengths[lay.plank], lay.from.0, lay.from.1, DIRECTIONS[lay.direction].0
        )
    }

    /// "Move the Plank of Length 2 to (3,1) W" is "2-plank from (3,1) west"; with the plank
    /// named (", the one at (3,2)-(4,2)"), "2-plank at (3,2)-(4,2), from (3,1) west".
    fn words(&self, text: &str) -> Option<String> {
        let rest = text.strip_prefix("Move the Plank of Length ")?;
        let (length, rest) = rest.split_once(" to ")?;
        let (lay, named) = match rest.split_once(TOLD_APART) {
            Some((lay, at)) => (lay, Some(at)),
            None => (rest, None),
        };
        let (from, direction) = lay.rsplit_once(' ')?;
        let way = match direction {
            "E" => "east",
            "W" => "west",
            "S" => "south",
            "N" => "north",
            "SE" => "south-east",
            "NW" => "north-west",
            _ => return None,
        };
        Some(match named {
            Some(at) => format!("{length}-plank at {at}, from {from} {way}"),
            None => format!("{length}-plank from {from} {way}"),
        })
    }

    /// The plank named by where it lies before the move.
    fn told_apart(&self, (_, planks): &PlankState, lay: &Lay) -> Option<String> {
        Some(self.named(planks, lay.plank))
    }

    fn display(&self, (a, planks): &PlankState) -> String {
        let active = self.active(planks, *a);
        (0..planks.len())
            .map(|i| {
                let ((sx, sy), (ex, ey)) = self.ends(planks, i);
                format!("({sx},{sy}) -> ({ex},{ey}) {}", if active[i] { "[active]" } else { "" })
            })
            .collect::<Vec<_>>()
            .join(" ; ")
    }

    fn vector(&self, (a, planks): &PlankState) -> String {
        let mut parts = vec![a.to_string()];
        for &((x, y), o) in planks {
            parts.extend([x.to_string(), y.to_string(), o.to_string()]);
        }
        parts.join(",")
    }

    fn groups(&self) -> bool {
        false
    }
}
