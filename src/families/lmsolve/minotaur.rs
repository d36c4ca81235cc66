//! Theseus and the Minotaur (§4.2): Theseus steps (or waits), then the Minotaur takes two steps
//! towards him, horizontal first. Caught is lost; on the exit (and not caught) is won.

use super::input::{self, Kind, Walls, Xy};
use super::scan::Game;
use crate::families::FormatError;

pub const KEYS: &[(&str, Kind)] =
    &[("dims", Kind::Xy), ("thes", Kind::Xy), ("mino", Kind::Xy), ("exit", Kind::Xy), ("layout", Kind::Layout)];

#[derive(Clone)]
pub struct Minotaur {
    pub walls: Walls,
    pub theseus: Xy,
    pub minotaur: Xy,
    pub exit: Xy,
}

/// Theseus's moves in LM-Solve's order, with their [`Walls::blocked`] directions (w: wait).
pub(super) const STEPS: [(char, Option<usize>); 5] =
    [('l', Some(0)), ('r', Some(1)), ('u', Some(2)), ('d', Some(3)), ('w', None)];

pub(super) fn step((x, y): Xy, dir: usize) -> Xy {
    match dir {
        0 => (x - 1, y),
        1 => (x + 1, y),
        2 => (x, y - 1),
        _ => (x, y + 1),
    }
}

impl Minotaur {
    pub fn parse(text: &str) -> Result<Minotaur, FormatError> {
        let input = input::read(text, KEYS)?;
        let dims = input::dims(&input)?;
        let theseus = input::inside(&input, "thes", "Theseus", dims)?;
        let minotaur = input::inside(&input, "mino", "the Minotaur", dims)?;
        let exit = input::inside(&input, "exit", "the exit", dims)?;
        let (block, first) = input.layout();
        let walls = Walls::read(dims.0, dims.1, &block, first)?;
        Ok(Minotaur { walls, theseus, minotaur, exit })
    }

    /// The Minotaur's two steps towards Theseus.
    pub fn chase(&self, theseus: Xy, minotaur: Xy) -> Xy {
        self.chase_steps(theseus, minotaur)[2]
    }

    /// Where the Minotaur is before, between and after its two steps (for drawing them).
    pub fn chase_steps(&self, theseus: Xy, mut minotaur: Xy) -> [Xy; 3] {
        let mut steps = [minotaur; 3];
        for taken in steps.iter_mut().skip(1) {
            let (tx, ty) = theseus;
            let (mx, my) = minotaur;
            let dir = if tx < mx && !self.walls.blocked(mx, my, 0) {
                Some(0)
            } else if tx > mx && !self.walls.blocked(mx, my, 1) {
                Some(1)
            } else if ty < my && !self.walls.blocked(mx, my, 2) {
                Some(2)
            } else if ty > my && !self.walls.blocked(mx, my, 3) {
                Some(3)
            } else {
                None
            };
            if let Some(dir) = dir {
                minotaur = step(minotaur, dir);
            }
            *taken = minotaur;
        }
        steps
    }
}

impl Game for Minotaur {
    /// (Theseus, the Minotaur).
    type State = (Xy, Xy);
    type Move = char;

    fn initial(&self) -> (Xy, Xy) {
        (self.theseus, self.minotaur)
    }

    fn moves(&self, &((x, y), _): &(Xy, Xy)) -> Vec<char> {
        // A step off the board counts as blocked (a safety rule; LM-Solve has no bounds check).
        STEPS.iter().filter(|(_, dir)| dir.is_none_or(|d| !self.walls.blocked(x, y, d))).map(|(m, _)| *m).collect()
    }

    fn perform(&self, &(theseus, minotaur): &(Xy, Xy), m: &char) -> Option<(Xy, Xy)> {
        let (_, dir) = STEPS.iter().find(|(c, _)| c == m)?;
        let theseus = match dir {
            Some(d) => step(theseus, *d),
            None => theseus,
        };
        // Walking onto the Minotaur is lost already: it has no reason to move.
        if theseus == minotaur {
            return Some((theseus, minotaur));
        }
        Some((theseus, self.chase(theseus, minotaur)))
    }

    fn is_final(&self, &(theseus, _): &(Xy, Xy)) -> bool {
        theseus == self.exit
    }

    fn is_dead(&self, &(theseus, minotaur): &(Xy, Xy)) -> bool {
        theseus == minotaur
    }

    fn render(&self, m: &char) -> String {
        m.to_string()
    }

    fn display(&self, &((tx, ty), (mx, my)): &(Xy, Xy)) -> String {
        format!("Thes=({},{}) Mino=({},{})", tx + 1, ty + 1, mx + 1, my + 1)
    }

    fn vector(&self, &((tx, ty), (mx, my)): &(Xy, Xy)) -> String {
        format!("{tx},{ty},{mx},{my}")
    }
}
