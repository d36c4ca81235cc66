//! Rush Hour's rules as a search space: cars move only along their own axis, and the puzzle is
//! solved when the red car reaches the exit at the right end of its row. A position is each
//! vehicle's place along its axis, four bits a vehicle in one `u128`; the cells it covers at
//! each place are a mask on a 64-bit board, so a move is tested with one AND.
//!
//! Metrics: `slide` (Fogleman's "move": one vehicle travelling any distance, the default) and
//! `unit` (his "step": one cell).

use super::format::{Board, Vehicle};
use crate::families::shown_text;
use crate::search::Space;

/// One vehicle travelling `distance` cells (positive: right or down).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub vehicle: u8,
    pub distance: i8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    Slide,
    Unit,
}

impl Metric {
    pub const NAMES: &'static [&'static str] = &["slide", "unit"];

    pub fn parse(name: &str) -> Option<Metric> {
        match name {
            "slide" => Some(Metric::Slide),
            "unit" => Some(Metric::Unit),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        Metric::NAMES[self as usize]
    }
}

/// Bits a vehicle's place takes in a position.
const BITS: u32 = 4;

pub struct Rules {
    pub metric: Metric,
    /// The letter of each vehicle (the red car first).
    letters: Vec<u8>,
    /// For each vehicle, the cells it covers at each place along its axis.
    masks: Vec<Vec<u64>>,
    walls: u64,
    /// The red car's place when it is at the exit.
    exit_place: u8,
    /// The cells of the exit row to the right of each place of the red car.
    ahead: Vec<u64>,
    start: u128,
    /// No move can ever bring the red car out: a wall or a horizontal vehicle ahead of it.
    hopeless: bool,
}

fn bit(width: usize, row: usize, col: usize) -> u64 {
    1 << (row * width + col)
}

impl Rules {
    pub fn new(board: &Board, metric: Metric) -> Rules {
        let width = board.width;
        let masks: Vec<Vec<u64>> = board
            .vehicles
            .iter()
            .map(|vehicle| {
                let span = if vehicle.horizontal { board.width } else { board.height };
                (0..=span - vehicle.len).map(|place| mask_of(&vehicle.at(place), width)).collect()
            })
            .collect();
        let walls =
            board.walls.iter().enumerate().filter(|(_, &wall)| wall).fold(0, |mask, (cell, _)| mask | 1u64 << cell);
        let red = board.vehicles[0];
        let ahead = (0..=board.width - red.len)
            .map(|place| (place + red.len..board.width).fold(0, |mask, col| mask | bit(width, red.row, col)))
            .collect::<Vec<u64>>();
        let blocked_for_ever = walls
            | board.vehicles[1..]
                .iter()
                .filter(|v| v.horizontal && v.row == red.row)
                .fold(0, |mask, v| mask | mask_of(v, width));
        let start = board
            .vehicles
            .iter()
            .enumerate()
            .fold(0u128, |state, (index, vehicle)| state | (vehicle.place() as u128) << (BITS * index as u32));
        Rules {
            metric,
            letters: board.vehicles.iter().map(|v| v.letter).collect(),
            masks,
            walls,
            exit_place: (board.width - red.len) as u8,
            hopeless: ahead[red.col] & blocked_for_ever != 0,
            ahead,
            start,
        }
    }

    pub fn start(&self) -> u128 {
        self.start
    }

    pub fn place(state: u128, vehicle: usize) -> usize {
        (state >> (BITS * vehicle as u32)) as usize & ((1 << BITS) - 1)
    }

    fn with_place(state: u128, vehicle: usize, place: usize) -> u128 {
        let shift = BITS * vehicle as u32;
        state & !(((1u128 << BITS) - 1) << shift) | (place as u128) << shift
    }

    fn occupied(&self, state: u128) -> u64 {
        self.masks
            .iter()
            .enumerate()
            .fold(self.walls, |cells, (vehicle, masks)| cells | masks[Rules::place(state, vehicle)])
    }

    pub fn is_solved(&self, state: u128) -> bool {
        Rules::place(state, 0) == usize::from(self.exit_place)
    }

    /// Every place `vehicle` can reach travelling at most `longest` cells, with the distance travelled.
    fn reach(&self, state: u128, occupied: u64, vehicle: usize, longest: usize, mut each: impl FnMut(i8, usize)) {
        let masks = &self.masks[vehicle];
        let here = Rules::place(state, vehicle);
        let others = occupied & !masks[here];
        let longest = longest.min(masks.len());
        for place in (here.saturating_sub(longest)..here).rev().take_while(|&p| masks[p] & others == 0) {
            each(place as i8 - here as i8, place);
        }
        for place in (here + 1..masks.len().min(here + 1 + longest)).take_while(|&p| masks[p] & others == 0) {
            each((place - here) as i8, place);
        }
    }

    /// A lower bound on the moves left: the red car's own move (in the unit metric, its cells to
    /// go), plus one for each vehicle standing between it and the exit, since each must move
    /// out of the way. A move changes the bound by at most one, so it is consistent too.
    pub fn lower_bound(&self, state: u128) -> u32 {
        let red = Rules::place(state, 0);
        if red == usize::from(self.exit_place) {
            return 0;
        }
        let ahead = self.ahead[red];
        let blockers =
            (1..self.masks.len()).filter(|&v| self.masks[v][Rules::place(state, v)] & ahead != 0).count() as u32;
        let own = match self.metric {
            Metric::Slide => 1,
            Metric::Unit => u32::from(self.exit_place) - red as u32,
        };
        own + blockers
    }

    /// The move's text: the vehicle's letter and the signed distance (`A+2`, `B-1`), Fogleman's
    /// notation.
    pub fn describe(&self, step: Move) -> String {
        format!("{}{:+}", char::from(self.letters[usize::from(step.vehicle)]), step.distance)
    }

    /// Makes the move written as `text` on `state`; an error says why it cannot be made.
    pub fn apply(&self, state: u128, text: &str) -> Result<u128, String> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars.next().filter(char::is_ascii_uppercase).ok_or_else(|| {
            format!("{} is not a move: write a car's letter and a distance, such as A+2 or B-1", shown_text(text))
        })?;
        let distance: i64 = chars
            .as_str()
            .parse()
            .ok()
            .filter(|d: &i64| *d != 0 && chars.as_str().starts_with(['+', '-']))
            .ok_or_else(|| {
                format!(
                    "{} is not a move: after the letter comes + or - and the cells travelled, such as A+2",
                    shown_text(text)
                )
            })?;
        let vehicle = self
            .letters
            .iter()
            .position(|&l| char::from(l) == letter)
            .ok_or_else(|| format!("there is no car {letter} on this board"))?;
        let cells = distance.unsigned_abs();
        if self.metric == Metric::Unit && cells != 1 {
            return Err(format!(
                "in the unit metric a move travels one cell: write {letter}{distance:+} as {cells} moves"
            ));
        }
        let target = (Rules::place(state, vehicle) as i64).saturating_add(distance);
        let mut reached = None;
        // Travelling further than one cell in a move is the slide metric's; the unit metric was
        // checked above.
        self.reach(state, self.occupied(state), vehicle, usize::MAX, |_, place| {
            if place as i64 == target {
                reached = Some(place);
            }
        });
        let place = reached.ok_or_else(|| {
            format!(
                "{letter} cannot travel {cells} cell{}: something is in the way or the board ends",
                if cells == 1 { "" } else { "s" }
            )
        })?;
        Ok(Rules::with_place(state, vehicle, place))
    }

    /// The vehicles' top-left cells in `state`, in the board's vehicle order.
    pub fn places(&self, state: u128) -> Vec<usize> {
        (0..self.letters.len()).map(|v| Rules::place(state, v)).collect()
    }
}

fn mask_of(vehicle: &Vehicle, width: usize) -> u64 {
    vehicle.cells().fold(0, |mask, (row, col)| mask | bit(width, row, col))
}

impl Space for Rules {
    type State = u128;
    type Move = Move;

    fn start(&self) -> u128 {
        self.start
    }

    fn successors(&self, state: &u128, out: &mut Vec<(Move, u128, u32)>) {
        let occupied = self.occupied(*state);
        let longest = if self.metric == Metric::Unit { 1 } else { usize::MAX };
        for vehicle in 0..self.masks.len() {
            self.reach(*state, occupied, vehicle, longest, |distance, place| {
                out.push((Move { vehicle: vehicle as u8, distance }, Rules::with_place(*state, vehicle, place), 1));
            });
        }
    }

    fn is_goal(&self, state: &u128) -> bool {
        self.is_solved(*state)
    }

    fn heuristic(&self, state: &u128) -> u32 {
        self.lower_bound(*state)
    }

    fn is_dead(&self, _state: &u128) -> bool {
        self.hopeless
    }
}
