//! Tilt mazes (§4.4): tilting slides a ball until a wall stops it. One goal to rest on
//! (`tilt_single`), goals to pass over (`tilt_multi`), or a red and a blue block that move
//! together and must rest on their goals at once (`tilt_rb`).

use super::input::{self, Kind, Walls, Xy};
use super::scan::Game;
use crate::families::FormatError;

pub const SINGLE_KEYS: &[(&str, Kind)] =
    &[("dims", Kind::Xy), ("start", Kind::Xy), ("goal", Kind::Xy), ("layout", Kind::Layout)];
pub const MULTI_KEYS: &[(&str, Kind)] =
    &[("dims", Kind::Xy), ("start", Kind::Xy), ("goals", Kind::XyList), ("layout", Kind::Layout)];
pub const RB_KEYS: &[(&str, Kind)] = &[
    ("dims", Kind::Xy),
    ("red_start", Kind::Xy),
    ("red_goal", Kind::Xy),
    ("blue_start", Kind::Xy),
    ("blue_goal", Kind::Xy),
    ("layout", Kind::Layout),
];

/// The moves, in LM-Solve's order, and their directions for [`Walls::blocked`].
pub(super) const TILTS: [(char, usize, (i64, i64)); 4] =
    [('u', 2, (0, -1)), ('d', 3, (0, 1)), ('l', 0, (-1, 0)), ('r', 1, (1, 0))];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind3 {
    Single { goal: Xy },
    Multi,
    RedBlue { red_goal: Xy, blue_goal: Xy },
}

#[derive(Clone)]
pub struct Tilt {
    pub walls: Walls,
    pub kind: Kind3,
    /// Where the ball (or red, then blue) starts.
    pub starts: Vec<Xy>,
    /// Multi: the goals, numbered from 1 in the order listed.
    pub goals: Vec<Xy>,
}

fn walls(input: &input::Input, dims: (usize, usize)) -> Result<Walls, FormatError> {
    let (block, first) = input.layout();
    Walls::read(dims.0, dims.1, &block, first)
}

impl Tilt {
    pub fn single(text: &str) -> Result<Tilt, FormatError> {
        let input = input::read(text, SINGLE_KEYS)?;
        let dims = input::dims(&input)?;
        let start = input::inside(&input, "start", "the start", dims)?;
        let goal = input::inside(&input, "goal", "the goal", dims)?;
        Ok(Tilt { walls: walls(&input, dims)?, kind: Kind3::Single { goal }, starts: vec![start], goals: vec![goal] })
    }

    pub fn multi(text: &str) -> Result<Tilt, FormatError> {
        let input = input::read(text, MULTI_KEYS)?;
        let dims = input::dims(&input)?;
        let start = input::inside(&input, "start", "the start", dims)?;
        let goals = input.xy_list("goals");
        for (i, &(x, y)) in goals.iter().enumerate() {
            if x >= dims.0 as i64 || y >= dims.1 as i64 {
                return Err(FormatError::new(
                    input.line("goals"),
                    1,
                    format!("goal {} ({x},{y}) is off the board", i + 1),
                ));
            }
            if goals[..i].contains(&(x, y)) {
                // LM-Solve would let the later goal hide the earlier one: never solvable.
                return Err(FormatError::new(
                    input.line("goals"),
                    1,
                    format!("goal {} ({x},{y}) repeats an earlier goal", i + 1),
                ));
            }
        }
        if goals.len() > 31 {
            return Err(FormatError::new(input.line("goals"), 1, "at most 31 goals (LM-Solve keeps them in 32 bits)"));
        }
        Ok(Tilt { walls: walls(&input, dims)?, kind: Kind3::Multi, starts: vec![start], goals })
    }

    pub fn red_blue(text: &str) -> Result<Tilt, FormatError> {
        let input = input::read(text, RB_KEYS)?;
        let dims = input::dims(&input)?;
        let red = input::inside(&input, "red_start", "the red start", dims)?;
        let red_goal = input::inside(&input, "red_goal", "the red goal", dims)?;
        let blue = input::inside(&input, "blue_start", "the blue start", dims)?;
        let blue_goal = input::inside(&input, "blue_goal", "the blue goal", dims)?;
        Ok(Tilt {
            walls: walls(&input, dims)?,
            kind: Kind3::RedBlue { red_goal, blue_goal },
            starts: vec![red, blue],
            goals: vec![red_goal, blue_goal],
        })
    }

    /// Slides from (x, y) until a wall (or the edge: a safety rule) is in front; the cells passed.
    pub fn slide(&self, (mut x, mut y): Xy, tilt: usize) -> (Xy, Vec<Xy>) {
        let (_, dir, (dx, dy)) = TILTS[tilt];
        let mut path = vec![(x, y)];
        while !self.walls.blocked(x, y, dir) {
            x += dx;
            y += dy;
            path.push((x, y));
        }
        ((x, y), path)
    }
}

/// (x, y) of each ball, and the goals collected (Multi).
pub type TiltState = (Vec<Xy>, u32);

impl Game for Tilt {
    type State = TiltState;
    type Move = char;

    fn initial(&self) -> TiltState {
        (self.starts.clone(), 0)
    }

    fn moves(&self, _: &TiltState) -> Vec<char> {
        TILTS.iter().map(|t| t.0).collect()
    }

    fn perform(&self, (balls, collected): &TiltState, m: &char) -> Option<TiltState> {
        let tilt = TILTS.iter().position(|t| t.0 == *m)?;
        let mut next = Vec::with_capacity(balls.len());
        let mut collected = *collected;
        for &ball in balls {
            let (to, path) = self.slide(ball, tilt);
            if self.kind == Kind3::Multi {
                for (i, goal) in self.goals.iter().enumerate() {
                    if path.contains(goal) {
                        collected |= 1 << (i + 1);
                    }
                }
            }
            next.push(to);
        }
        Some((next, collected))
    }

    fn is_final(&self, (balls, collected): &TiltState) -> bool {
        match self.kind {
            Kind3::Single { goal } => balls[0] == goal,
            Kind3::Multi => *collected == (1u32 << (self.goals.len() + 1)) - 2,
            Kind3::RedBlue { red_goal, blue_goal } => balls[0] == red_goal && balls[1] == blue_goal,
        }
    }

    fn is_dead(&self, (balls, _): &TiltState) -> bool {
        matches!(self.kind, Kind3::RedBlue { .. }) && balls[0] == balls[1]
    }

    fn heap_bytes(&self, (balls, _): &TiltState) -> usize {
        balls.capacity() * std::mem::size_of::<Xy>()
    }

    fn render(&self, m: &char) -> String {
        m.to_string()
    }

    fn display(&self, (balls, collected): &TiltState) -> String {
        match self.kind {
            Kind3::Single { .. } => format!("({},{})", balls[0].0 + 1, balls[0].1 + 1),
            Kind3::Multi => {
                // LM-Solve's list, bug included (§4.4.2): only goal 1 can ever show.
                let mut v = u64::from(*collected) + 1;
                let mut shown = Vec::new();
                for i in 1..=self.goals.len() {
                    v &= 1 << i;
                    if v != 0 {
                        shown.push(i.to_string());
                    }
                }
                format!("({},{}) Goals Collected=[{}]", balls[0].0 + 1, balls[0].1 + 1, shown.join(","))
            }
            Kind3::RedBlue { .. } => {
                format!("Red=({},{}) ; Blue=({},{})", balls[0].0 + 1, balls[0].1 + 1, balls[1].0 + 1, balls[1].1 + 1)
            }
        }
    }

    fn vector(&self, (balls, collected): &TiltState) -> String {
        let mut parts: Vec<String> = balls.iter().flat_map(|&(x, y)| [x.to_string(), y.to_string()]).collect();
        if self.kind == Kind3::Multi {
            parts.push(collected.to_string());
        }
        parts.join(",")
    }
}
