//! The rules of Game About Squares (read from the game's 2014 source): a click moves one square a
//! cell in its own direction, pushing the whole chain of squares in front of it; any square that
//! lands on an arrow takes the arrow's direction; the level is won when every goal holds a square
//! of its colour. The plane is unbounded, so the search needs a bound (see `Area`).

use super::format::{Level, DIRECTIONS};
use crate::search::Space;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

/// Most squares a level may have.
pub const MAX_SQUARES: usize = 16;
/// In exact mode, how far beyond the level (in cells) squares may still be represented.
const EXACT_REACH: i32 = 60;

/// One square's place and direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    pub x: i32,
    pub y: i32,
    pub direction: u8,
}

/// Where squares may go: the bounding box of the level's squares, goals and arrows, widened by
/// `margin` cells on every side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Area {
    pub min_x: i32,
    pub min_y: i32,
    pub max_x: i32,
    pub max_y: i32,
}

impl Area {
    pub fn contains(&self, x: i32, y: i32) -> bool {
        (self.min_x..=self.max_x).contains(&x) && (self.min_y..=self.max_y).contains(&y)
    }
}

pub struct Rules {
    /// Colour names; squares and goals refer to them by index.
    pub colours: Vec<String>,
    /// The colour of each slot; slots are grouped by colour (same-coloured squares are
    /// interchangeable, so each group is kept sorted).
    pub slot_colour: Vec<u8>,
    groups: Vec<Range<usize>>,
    /// Per slot: the only square of its colour (so moving it never reorders a group).
    alone: Vec<bool>,
    /// The squares at the start, in slot order.
    pub start: Vec<Piece>,
    /// (colour, x, y) of each goal.
    pub goals: Vec<(u8, i32, i32)>,
    /// Arrows on a grid over their bounding box: 0 = none, 1 + direction.
    arrows: Vec<u8>,
    arrow_box: Area,
    /// The directions of the arrows, one bit each.
    arrow_directions: u8,
    /// The level's own bounding box (squares, goals, arrows).
    pub level_box: Area,
    /// Squares must stay inside this area (the prune), or, in exact mode, inside what a state
    /// can represent.
    pub area: Area,
    pub exact: bool,
    /// Bits per coordinate in a packed state.
    coordinate_bits: u32,
    per_word: usize,
    pub words: usize,
    /// Set when an exact search dropped a state that left the representable area: then "no
    /// solution" would be a claim we cannot make.
    pub clipped: AtomicBool,
}

impl Rules {
    pub fn new(level: &Level, exact: bool) -> Result<Rules, String> {
        if level.squares.len() > MAX_SQUARES {
            return Err(format!(
                "this level has {} squares; the most this solver takes is {MAX_SQUARES}",
                level.squares.len()
            ));
        }
        let mut colours: Vec<String> = Vec::new();
        for s in &level.squares {
            if !colours.contains(&s.colour) {
                colours.push(s.colour.clone());
            }
        }
        let colour_of = |name: &str| colours.iter().position(|c| c == name).unwrap_or(0) as u8;
        let mut slots: Vec<(u8, Piece)> = level
            .squares
            .iter()
            .map(|s| (colour_of(&s.colour), Piece { x: s.x, y: s.y, direction: s.direction }))
            .collect();
        slots.sort();
        let groups: Vec<Range<usize>> = (0..colours.len() as u8)
            .map(|c| {
                let first = slots.iter().position(|s| s.0 == c).unwrap_or(0);
                let end = slots.iter().rposition(|s| s.0 == c).map_or(first, |l| l + 1);
                first..end
            })
            .collect();
        let alone = slots.iter().map(|s| groups[s.0 as usize].len() == 1).collect();
        let goals: Vec<(u8, i32, i32)> = level.goals.iter().map(|g| (colour_of(&g.colour), g.x, g.y)).collect();

        let points = level
            .squares
            .iter()
            .map(|s| (s.x, s.y))
            .chain(level.goals.iter().map(|g| (g.x, g.y)))
            .chain(level.arrows.iter().map(|a| (a.x, a.y)));
        let level_box = bounding_box(points);
        let arrow_box = bounding_box(level.arrows.iter().map(|a| (a.x, a.y)));
        let mut arrows = vec![0u8; if level.arrows.is_empty() { 0 } else { area_cells(&arrow_box) }];
        for a in &level.arrows {
            let width = (arrow_box.max_x - arrow_box.min_x + 1) as usize;
            arrows[(a.y - arrow_box.min_y) as usize * width + (a.x - arrow_box.min_x) as usize] = 1 + a.direction;
        }
        // The prune: no square farther than N - 1 cells outside the level's bounding box.
        let margin = if exact { EXACT_REACH } else { level.squares.len() as i32 - 1 };
        let area = Area {
            min_x: level_box.min_x - margin,
            min_y: level_box.min_y - margin,
            max_x: level_box.max_x + margin,
            max_y: level_box.max_y + margin,
        };
        let span = (area.max_x - area.min_x).max(area.max_y - area.min_y) as u32 + 1;
        let coordinate_bits = u32::BITS - (span - 1).max(1).leading_zeros();
        let per_word = (64 / (2 * coordinate_bits + 2)) as usize;
        let words = slots.len().div_ceil(per_word);
        Ok(Rules {
            colours,
            slot_colour: slots.iter().map(|s| s.0).collect(),
            groups,
            alone,
            start: slots.iter().map(|s| s.1).collect(),
            goals,
            arrow_directions: level.arrows.iter().fold(0, |set, a| set | 1 << a.direction),
            arrows,
            arrow_box,
            level_box,
            area,
            exact,
            coordinate_bits,
            per_word,
            words,
            clipped: AtomicBool::new(false),
        })
    }

    fn arrow_at(&self, x: i32, y: i32) -> Option<u8> {
        if self.arrows.is_empty() || !self.arrow_box.contains(x, y) {
            return None;
        }
        let width = (self.arrow_box.max_x - self.arrow_box.min_x + 1) as usize;
        let cell = self.arrows[(y - self.arrow_box.min_y) as usize * width + (x - self.arrow_box.min_x) as usize];
        cell.checked_sub(1)
    }

    /// What clicking the square in `slot` does: it and the chain of squares in front of it move
    /// one cell its way, and those landing on arrows turn. Returns the moved squares' new places
    /// (slot, piece) in the first `length` entries, or None when one would leave the area.
    fn push(&self, pieces: &[Piece], slot: usize) -> Option<([(usize, Piece); MAX_SQUARES], usize)> {
        let (dx, dy) = DIRECTIONS[pieces[slot].direction as usize];
        let mut moved = [(0usize, Piece { x: 0, y: 0, direction: 0 }); MAX_SQUARES];
        let mut length = 0;
        let mut at = Some(slot);
        while let Some(i) = at {
            let mut piece = pieces[i];
            piece.x += dx;
            piece.y += dy;
            if !self.area.contains(piece.x, piece.y) {
                if self.exact {
                    self.clipped.store(true, Ordering::Relaxed);
                }
                return None;
            }
            if let Some(turn) = self.arrow_at(piece.x, piece.y) {
                piece.direction = turn;
            }
            moved[length] = (i, piece);
            length += 1;
            at = pieces.iter().position(|p| p.x == piece.x && p.y == piece.y);
        }
        Some((moved, length))
    }

    /// Clicks the square in `slot`. Returns false, changing nothing, when a square would leave
    /// the area.
    pub fn click(&self, pieces: &mut [Piece], slot: usize) -> bool {
        let Some((moved, length)) = self.push(pieces, slot) else { return false };
        for &(i, piece) in &moved[..length] {
            pieces[i] = piece;
        }
        true
    }

    pub fn is_won(&self, pieces: &[Piece]) -> bool {
        self.goals
            .iter()
            .all(|&(colour, x, y)| self.groups[colour as usize].clone().any(|s| pieces[s].x == x && pieces[s].y == y))
    }

    /// A lower bound on the clicks still needed, by counting clicks per direction. A click moves
    /// every square it moves one cell the same way (the clicked square's direction), so the clicks
    /// made in direction d are at least the most cells any square must still travel in direction
    /// d net, and clicks in different directions are different clicks: the bound is the sum over
    /// the four directions of the largest need (for a goal, the least need over the squares of
    /// its colour). With one square per colour this is never below the older bound, the largest
    /// Manhattan distance from a goal to its nearest square; with several it may be, so the
    /// larger of the two is used. Consistent: a click lowers only its own direction's term, by at
    /// most one (docs/decisions/2026-11-23-game-about-squares-counts-clicks-per.md).
    pub fn heuristic(&self, pieces: &[Piece]) -> u32 {
        let mut per_direction = [0u32; 4];
        let mut farthest = 0u32;
        for &(colour, x, y) in &self.goals {
            let mut least = [u32::MAX; 4];
            let mut nearest = u32::MAX;
            for s in self.groups[colour as usize].clone() {
                let need = needs(&pieces[s], x, y);
                for (l, n) in least.iter_mut().zip(need) {
                    *l = (*l).min(n);
                }
                nearest = nearest.min(need.iter().sum());
            }
            if nearest == u32::MAX {
                continue;
            }
            for (d, l) in per_direction.iter_mut().zip(least) {
                *d = (*d).max(l);
            }
            farthest = farthest.max(nearest);
        }
        per_direction.iter().sum::<u32>().max(farthest)
    }

    /// Whether some goal needs its squares to travel a way no click can ever go: a click moves
    /// squares in the clicked square's direction, and directions change only on arrows, so the
    /// ways open are the squares' directions now and the arrows'.
    pub fn is_hopeless(&self, pieces: &[Piece]) -> bool {
        let open = pieces.iter().fold(self.arrow_directions, |open, p| open | 1 << p.direction);
        if open == 0b1111 {
            return false;
        }
        self.goals.iter().any(|&(colour, x, y)| {
            self.groups[colour as usize]
                .clone()
                .all(|s| needs(&pieces[s], x, y).iter().enumerate().any(|(d, &n)| n > 0 && open & (1 << d) == 0))
        })
    }

    /// Sorts each colour group so interchangeable squares give one state.
    pub fn canonical(&self, pieces: &mut [Piece]) {
        for group in &self.groups {
            if group.len() > 1 {
                pieces[group.clone()].sort_unstable();
            }
        }
    }

    fn square_bits(&self) -> u32 {
        2 * self.coordinate_bits + 2
    }

    pub fn pack<const W: usize>(&self, pieces: &[Piece]) -> [u64; W] {
        let mut words = [0u64; W];
        for (slot, &piece) in pieces.iter().enumerate() {
            self.put(&mut words, slot, piece);
        }
        words
    }

    /// Writes one slot into a packed state.
    #[inline]
    fn put<const W: usize>(&self, words: &mut [u64; W], slot: usize, p: Piece) {
        let bits = self.square_bits();
        let x = (p.x - self.area.min_x) as u64;
        let y = (p.y - self.area.min_y) as u64;
        let value = x | (y << self.coordinate_bits) | (u64::from(p.direction) << (2 * self.coordinate_bits));
        let shift = (slot % self.per_word) as u32 * bits;
        let word = &mut words[slot / self.per_word];
        *word = (*word & !(((1u64 << bits) - 1) << shift)) | (value << shift);
    }

    pub fn unpack<const W: usize>(&self, words: &[u64; W], pieces: &mut [Piece]) {
        let bits = self.square_bits();
        let mask = (1u64 << self.coordinate_bits) - 1;
        for (slot, p) in pieces.iter_mut().enumerate() {
            let value = words[slot / self.per_word] >> ((slot % self.per_word) as u32 * bits);
            p.x = (value & mask) as i32 + self.area.min_x;
            p.y = ((value >> self.coordinate_bits) & mask) as i32 + self.area.min_y;
            p.direction = ((value >> (2 * self.coordinate_bits)) & 3) as u8;
        }
    }

    /// The slot a click in text form names: `Red`, or `Red 3,-1` when colours repeat.
    pub fn parse_click(&self, pieces: &[Piece], text: &str) -> Result<usize, String> {
        let mut parts = text.split_whitespace();
        let name = parts.next().ok_or("an empty click")?;
        let colour = self.colours.iter().position(|c| c == name).ok_or_else(|| format!("there is no {name} square"))?;
        let group = self.groups[colour].clone();
        match parts.next() {
            None if group.len() == 1 => Ok(group.start),
            None => Err(format!("there are {} {name} squares: say which, as in \"{name} x,y\"", group.len())),
            Some(place) => {
                let (x, y) = place
                    .split_once(',')
                    .and_then(|(x, y)| Some((x.parse::<i32>().ok()?, y.parse::<i32>().ok()?)))
                    .ok_or_else(|| format!("\"{place}\" is not a position"))?;
                group
                    .into_iter()
                    .find(|&s| pieces[s].x == x && pieces[s].y == y)
                    .ok_or_else(|| format!("no {name} square at {x},{y}"))
            }
        }
    }

    /// The text form of clicking `slot`.
    pub fn click_text(&self, pieces: &[Piece], slot: usize) -> String {
        let colour = self.slot_colour[slot] as usize;
        let name = &self.colours[colour];
        if self.groups[colour].len() == 1 {
            name.clone()
        } else {
            format!("{name} {},{}", pieces[slot].x, pieces[slot].y)
        }
    }

    /// Names the clicks along a path of canonical positions, following the real squares.
    pub fn describe(&self, path: &[Vec<Piece>]) -> Vec<String> {
        let mut pieces = self.start.clone();
        let mut clicks = Vec::with_capacity(path.len().saturating_sub(1));
        for next in path.iter().skip(1) {
            let found = (0..pieces.len()).find(|&slot| {
                let mut trial = pieces.clone();
                self.click(&mut trial, slot) && {
                    self.canonical(&mut trial);
                    trial == *next
                }
            });
            let Some(slot) = found else { break };
            clicks.push(self.click_text(&pieces, slot));
            self.click(&mut pieces, slot);
        }
        clicks
    }
}

/// Cells `piece` must still travel in each direction (as DIRECTIONS: up, right, down, left) to
/// stand on (x, y).
fn needs(piece: &Piece, x: i32, y: i32) -> [u32; 4] {
    let (dx, dy) = (x - piece.x, y - piece.y);
    [(-dy).max(0) as u32, dx.max(0) as u32, dy.max(0) as u32, (-dx).max(0) as u32]
}

fn bounding_box(points: impl Iterator<Item = (i32, i32)>) -> Area {
    let mut area = Area { min_x: i32::MAX, min_y: i32::MAX, max_x: i32::MIN, max_y: i32::MIN };
    for (x, y) in points {
        area.min_x = area.min_x.min(x);
        area.min_y = area.min_y.min(y);
        area.max_x = area.max_x.max(x);
        area.max_y = area.max_y.max(y);
    }
    if area.min_x > area.max_x {
        area = Area { min_x: 0, min_y: 0, max_x: 0, max_y: 0 };
    }
    area
}

fn area_cells(area: &Area) -> usize {
    ((area.max_x - area.min_x + 1) * (area.max_y - area.min_y + 1)) as usize
}

/// The search space over packed states of `W` words.
pub struct SquaresSpace<'a, const W: usize> {
    pub rules: &'a Rules,
}

impl<const W: usize> SquaresSpace<'_, W> {
    pub fn unpack(&self, state: &[u64; W]) -> Vec<Piece> {
        let mut pieces = self.rules.start.clone();
        self.rules.unpack(state, &mut pieces);
        pieces
    }

    /// `test` on the squares of `state`, unpacked on the stack (no allocation: this runs for
    /// every state the search meets).
    #[inline]
    fn with_pieces<R>(&self, state: &[u64; W], test: impl FnOnce(&[Piece]) -> R) -> R {
        let mut pieces = [Piece { x: 0, y: 0, direction: 0 }; MAX_SQUARES];
        let pieces = &mut pieces[..self.rules.start.len()];
        self.rules.unpack(state, pieces);
        test(pieces)
    }
}

impl<const W: usize> Space for SquaresSpace<'_, W> {
    type State = [u64; W];
    type Move = ();

    fn start(&self) -> [u64; W] {
        let mut pieces = self.rules.start.clone();
        self.rules.canonical(&mut pieces);
        self.rules.pack(&pieces)
    }

    fn successors(&self, state: &[u64; W], out: &mut Vec<((), [u64; W], u32)>) {
        let rules = self.rules;
        let count = rules.start.len();
        let mut pieces = [Piece { x: 0, y: 0, direction: 0 }; MAX_SQUARES];
        let pieces = &mut pieces[..count];
        rules.unpack(state, pieces);
        for slot in 0..count {
            let Some((moved, length)) = rules.push(pieces, slot) else { continue };
            let moved = &moved[..length];
            if moved.iter().all(|&(i, _)| rules.alone[i]) {
                // Only the moved squares' bits change (no colour group to keep sorted).
                let mut next = *state;
                for &(i, piece) in moved {
                    rules.put(&mut next, i, piece);
                }
                out.push(((), next, 1));
            } else {
                let mut next = [Piece { x: 0, y: 0, direction: 0 }; MAX_SQUARES];
                let next = &mut next[..count];
                next.copy_from_slice(pieces);
                for &(i, piece) in moved {
                    next[i] = piece;
                }
                rules.canonical(next);
                out.push(((), rules.pack(next), 1));
            }
        }
    }

    fn is_goal(&self, state: &[u64; W]) -> bool {
        self.with_pieces(state, |pieces| self.rules.is_won(pieces))
    }

    fn heuristic(&self, state: &[u64; W]) -> u32 {
        self.with_pieces(state, |pieces| self.rules.heuristic(pieces))
    }

    fn is_dead(&self, state: &[u64; W]) -> bool {
        self.with_pieces(state, |pieces| self.rules.is_hopeless(pieces))
    }
}
