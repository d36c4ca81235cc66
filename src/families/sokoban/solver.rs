//! Sokoban as a search space over pushes. A position is the set of boxes and where the player
//! stands; between two pushes the player may walk anywhere it can reach, so a push is one move
//! and the walk before it is found afterwards. What makes it fast is what the strong solvers use
//! (the sokobano.de wiki and the Rolling Stone papers describe each):
//!
//! - **Dead squares**: a box can reach a goal from a cell only if pulling a box from some goal
//!   gets there; the others are never pushed onto.
//! - **Freeze deadlocks**: a box pushed where it can move along neither axis (a wall, or a box
//!   that is itself stuck) and is not on a goal can never be moved home.
//! - **The assignment bound**: the least pushes of giving each box a goal of its own, each box's
//!   pushes counted on an empty board ([`super::bound`]); admissible, so A* stays optimal.
//! - **Normalised player**: counting pushes, positions that differ only in where the player
//!   stands within one reachable area are one position (the area's first cell stands for it).
//!
//! Counting moves, the player's cell is kept exactly and a push costs the walk to it and itself.

use super::bound::{Assignment, NEVER};
use super::format::{Cell, Level};
use super::rules::{Direction, Position, DIRECTIONS};
use crate::search::{Packs, Space};
use rustc_hash::FxHashMap;
use std::cell::RefCell;
use std::rc::Rc;

/// No square: a wall or the board's edge.
pub const NONE: u16 = u16::MAX;

/// What a search counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Metric {
    /// Pushes (the walks between them are free).
    Pushes,
    /// Every step of the player; among as many steps, fewer pushes.
    Moves,
    /// Pushes, and among as many pushes, fewer steps: what `pushes` asks for, searched once the
    /// fewest pushes are known (positions then keep the player's own square, and PI-corrals,
    /// which may cost steps, are not pruned). Not a name a user gives.
    PushesThenMoves,
}

impl Metric {
    pub const NAMES: &'static [&'static str] = &["pushes", "moves"];

    pub fn parse(name: &str) -> Option<Metric> {
        match name {
            "pushes" => Some(Metric::Pushes),
            "moves" => Some(Metric::Moves),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Metric::Pushes | Metric::PushesThenMoves => "pushes",
            Metric::Moves => "moves",
        }
    }

    /// What a push costs after a walk of `walk` steps to get behind the box.
    pub fn push_cost(self, walk: u32) -> u32 {
        match self {
            Metric::Pushes => 1,
            Metric::Moves => (walk + 1) * PER_MOVE + 1,
            Metric::PushesThenMoves => PER_MOVE + walk + 1,
        }
    }

    /// The player's square after a push from `from` (on it now), around `boxes`: the first
    /// square of its area when counting pushes, `from` itself otherwise.
    pub(super) fn player_after<const W: usize>(self, pushes: &Pushes<'_, W>, boxes: &Squares<W>, from: u16) -> u16 {
        match self {
            Metric::Pushes => pushes.first_reached(boxes, from),
            Metric::Moves | Metric::PushesThenMoves => from,
        }
    }
}

/// In the moves metric a step costs this much per move plus one per push, so that among
/// solutions of as many moves the one with fewer pushes costs less; in pushes then moves, a push
/// costs this much plus one per move.
pub const PER_MOVE: u32 = 1 << 16;

/// A level's cells inside the walls ("squares", numbered from 0) and what is known of them
/// before any search: their neighbours, the goals, the dead squares and each square's pushes to
/// each goal on an empty board.
pub struct Geometry {
    /// The board cell of each square.
    pub cells: Vec<usize>,
    /// The square of each board cell, or [`NONE`].
    pub square_of: Vec<u16>,
    /// Each square's neighbour in each direction (LURD order), or [`NONE`].
    pub next: Vec<[u16; 4]>,
    /// As `next`, with the square itself where there is no neighbour: a flood, which has the
    /// square already, then needs no test for the board's edge.
    around: Vec<[u16; 4]>,
    pub goals: Vec<u16>,
    pub is_goal: Vec<bool>,
    /// No box on it can ever reach a goal.
    pub dead: Vec<bool>,
    /// `distance[goal][square]`: the pushes a box on the square needs to reach that goal (among
    /// `goals`) if nothing else were on the board, or [`NEVER`].
    pub distance: Vec<Vec<u32>>,
}

impl Geometry {
    pub fn new(level: &Level) -> Geometry {
        let cells: Vec<usize> = (0..level.cells.len()).filter(|&c| level.cells[c] == Cell::Floor).collect();
        let mut square_of = vec![NONE; level.cells.len()];
        for (square, &cell) in cells.iter().enumerate() {
            square_of[cell] = square as u16;
        }
        let next: Vec<[u16; 4]> = cells
            .iter()
            .map(|&cell| DIRECTIONS.map(|d| super::rules::step(level, cell, d).map_or(NONE, |n| square_of[n])))
            .collect();
        let goals: Vec<u16> = (0..cells.len()).filter(|&s| level.goals[cells[s]]).map(|s| s as u16).collect();
        let is_goal: Vec<bool> = cells.iter().map(|&c| level.goals[c]).collect();
        let distance: Vec<Vec<u32>> = goals.iter().map(|&goal| pull_distances(&next, goal)).collect();
        let dead = (0..cells.len()).map(|s| distance.iter().all(|d| d[s] >= NEVER)).collect();
        let around =
            (0..cells.len() as u16).map(|s| next[usize::from(s)].map(|n| if n == NONE { s } else { n })).collect();
        Geometry { cells, square_of, next, around, goals, is_goal, dead, distance }
    }

    /// The words a page needs at most for a set of squares.
    pub fn words(&self) -> usize {
        self.cells.len().div_ceil(64)
    }
}

/// Pushes from every square to `goal` on an empty board: a breadth-first search pulling a box
/// away from the goal (the player stands on the cell the box moves to, and steps back beyond).
fn pull_distances(next: &[[u16; 4]], goal: u16) -> Vec<u32> {
    pull_distances_around(next, goal, |_| false)
}

/// [`pull_distances`] with the squares `walled` taken as walls (boxes that can never move).
fn pull_distances_around(next: &[[u16; 4]], goal: u16, walled: impl Fn(u16) -> bool) -> Vec<u32> {
    let mut distance = vec![NEVER; next.len()];
    distance[usize::from(goal)] = 0;
    let mut queue = std::collections::VecDeque::from([goal]);
    let open = |square: u16| square != NONE && !walled(square);
    while let Some(square) = queue.pop_front() {
        for (d, &to) in next[usize::from(square)].iter().enumerate() {
            if !open(to) || !open(next[usize::from(to)][d]) || distance[usize::from(to)] < NEVER {
                continue;
            }
            distance[usize::from(to)] = distance[usize::from(square)] + 1;
            queue.push_back(to);
        }
    }
    distance
}

/// The pushes from each square to each goal with the boxes on `frozen` (frozen on their goals)
/// for walls: such a box's goal is its own, and no other box reaches it.
fn walled_table(geometry: &Geometry, frozen: &[u64]) -> Table {
    let walled = |square: u16| frozen[usize::from(square) / 64] >> (square % 64) & 1 == 1;
    let own = |goal: u16| {
        let mut own = vec![NEVER; geometry.cells.len()];
        own[usize::from(goal)] = 0;
        own
    };
    let goals = geometry.goals.iter();
    goals
        .map(|&goal| if walled(goal) { own(goal) } else { pull_distances_around(&geometry.next, goal, walled) })
        .collect()
}

/// A breadth-first flood from the squares in `queue` over the squares not `seen` (taken or
/// reached), `around` each square ([`Geometry`]'s neighbours, with the square itself at the
/// board's edge): each square reached is seen and queued, and `step(from, to)` told of it.
fn flood<const W: usize>(
    around: &[[u16; 4]],
    seen: &mut Squares<W>,
    queue: &mut Vec<u16>,
    mut step: impl FnMut(u16, u16),
) {
    let mut head = 0;
    while let Some(&square) = queue.get(head) {
        head += 1;
        for &n in &around[usize::from(square)] {
            if !seen.has(n) {
                seen.set(n);
                step(square, n);
                queue.push(n);
            }
        }
    }
}

/// A set of squares, one bit each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Squares<const W: usize>(pub [u64; W]);

impl<const W: usize> Squares<W> {
    pub const EMPTY: Self = Squares([0; W]);

    #[inline]
    pub fn has(&self, square: u16) -> bool {
        self.0[usize::from(square) / 64] >> (square % 64) & 1 == 1
    }

    #[inline]
    pub fn set(&mut self, square: u16) {
        self.0[usize::from(square) / 64] |= 1 << (square % 64);
    }

    #[inline]
    pub fn clear(&mut self, square: u16) {
        self.0[usize::from(square) / 64] &= !(1 << (square % 64));
    }

    /// Whether the two sets share a square.
    #[inline]
    pub fn meets(&self, other: &Squares<W>) -> bool {
        self.0.iter().zip(&other.0).any(|(&a, &b)| a & b != 0)
    }

    /// The squares in the set, in order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut bits = bits;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let bit = bits.trailing_zeros();
                    bits &= bits - 1;
                    (word * 64) as u16 + bit as u16
                })
            })
        })
    }
}

/// A position in the search: the boxes, the player's square (the first of its area when counting
/// pushes) and the position's bound (a function of the boxes, kept so it is computed once).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Node<const W: usize> {
    pub boxes: Squares<W>,
    pub player: u16,
    pub bound: u16,
}

/// One push: the box's square and the way it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Push {
    pub from: u16,
    pub direction: Direction,
}

pub struct Pushes<'a, const W: usize> {
    pub geometry: &'a Geometry,
    pub metric: Metric,
    start: Node<W>,
    /// The goals' squares.
    pub(super) home: Squares<W>,
    /// Room for the assignments (a position's, and its child's) and the boxes' squares, so
    /// positions cost no allocation.
    scratch: RefCell<Scratch<W>>,
    /// The pushes from each square to each goal once some boxes are frozen on their goals, by
    /// the set of those boxes (see [`Pushes::frozen_on_goals`]) as a slice of words, so that the
    /// map's code is the same for every width.
    tables: RefCell<FxHashMap<Box<[u64]>, Rc<Table>>>,
    /// Whether each corral searched is a deadlock, by its boxes and the player's square
    /// ([`Pushes::corral_deadlock`]).
    pub(super) corrals: RefCell<FxHashMap<(Squares<W>, u16), bool>>,
    /// A flood's queue of squares ([`Pushes::area`]), kept so that a flood allocates nothing.
    queue: RefCell<Vec<u16>>,
    /// Each square's walk from the player, as [`Pushes::area`] leaves it for a position's pushes.
    pub(super) walk: RefCell<Vec<u16>>,
}

/// `table[goal][square]`: as [`Geometry::distance`].
type Table = Vec<Vec<u32>>;

struct Scratch<const W: usize> {
    parent: Assignment,
    child: Assignment,
    squares: Vec<u16>,
    /// The boxes frozen on goals in the position whose matching `parent` holds, and the table
    /// its bound was counted with (None: the level's own).
    frozen: Squares<W>,
    table: Option<Rc<Table>>,
}

/// The most tables of frozen boxes a search keeps; past them, a table is worked out each time it
/// is needed (the same table, so a position's bound never depends on what was kept).
const MAX_TABLES: usize = 4096;

/// Why a level cannot be solved before any search: a box that no push brings to any goal.
pub fn stuck_box(level: &Level, geometry: &Geometry) -> Option<usize> {
    (0..level.cells.len())
        .find(|&cell| level.boxes[cell] && !level.goals[cell] && geometry.dead[usize::from(geometry.square_of[cell])])
}

impl<'a, const W: usize> Pushes<'a, W> {
    pub fn new(level: &Level, geometry: &'a Geometry, metric: Metric) -> Pushes<'a, W> {
        assert!(geometry.words() <= W, "the caller picks W from the geometry");
        let mut boxes = Squares::EMPTY;
        let mut home = Squares::EMPTY;
        for (square, &cell) in geometry.cells.iter().enumerate() {
            if level.boxes[cell] {
                boxes.set(square as u16);
            }
            if level.goals[cell] {
                home.set(square as u16);
            }
        }
        let n = geometry.goals.len();
        let mut space = Pushes {
            geometry,
            metric,
            start: Node { boxes, player: 0, bound: 0 },
            home,
            scratch: RefCell::new(Scratch {
                parent: Assignment::new(n),
                child: Assignment::new(n),
                squares: Vec::with_capacity(n),
                frozen: Squares::EMPTY,
                table: None,
            }),
            tables: RefCell::new(FxHashMap::default()),
            corrals: RefCell::new(FxHashMap::default()),
            queue: RefCell::new(Vec::with_capacity(geometry.cells.len())),
            walk: RefCell::new(vec![0; geometry.cells.len()]),
        };
        let player = geometry.square_of[level.player];
        space.start.player = match metric {
            Metric::Pushes => space.first_reached(&boxes, player),
            Metric::Moves | Metric::PushesThenMoves => player,
        };
        space.start.bound = space.bound(&boxes).unwrap_or(u16::MAX);
        space
    }

    /// The assignment bound in pushes, or None when some box can reach no goal left to it.
    /// Boxes frozen on their goals stay there, and the others' pushes are counted round them.
    /// The matching found stays in the scratch room, for `Pushes::bound_after`.
    pub fn bound(&self, boxes: &Squares<W>) -> Option<u16> {
        let frozen = self.frozen_on_goals(boxes);
        let table = self.table(&frozen);
        let mut scratch = self.scratch.borrow_mut();
        let Scratch { parent, squares, .. } = &mut *scratch;
        squares.clear();
        squares.extend(boxes.iter());
        let distance = table.as_deref().unwrap_or(&self.geometry.distance);
        let least = parent.least(squares.len(), |b, g| distance[g][usize::from(squares[b])]);
        scratch.frozen = frozen;
        scratch.table = table;
        Self::pushes(least)
    }

    /// The bound after the box on `from` went to `to` (`boxes` are after the push), from the
    /// matching [`Pushes::bound`] left for the position before: one row of the assignment
    /// redone, unless the push froze boxes on goals and the pushes are counted anew round them.
    fn bound_after(&self, boxes: &Squares<W>, from: u16, to: u16) -> Option<u16> {
        let frozen = self.frozen_on_goals(boxes);
        let mut scratch = self.scratch.borrow_mut();
        // A box frozen stays frozen, so a child's bound is never counted with less than its
        // parent's walls, and stays consistent.
        debug_assert!(frozen.0.iter().zip(&scratch.frozen.0).all(|(&f, &p)| f & p == p), "a push from {from} to {to}");
        if frozen != scratch.frozen {
            drop(scratch);
            let table = self.table(&frozen);
            let mut scratch = self.scratch.borrow_mut();
            let Scratch { child, .. } = &mut *scratch;
            let distance = table.as_deref().unwrap_or(&self.geometry.distance);
            let squares: Vec<u16> = boxes.iter().collect();
            return Self::pushes(child.least(squares.len(), |b, g| distance[g][usize::from(squares[b])]));
        }
        let Scratch { parent, child, squares, table, .. } = &mut *scratch;
        let row = squares.iter().position(|&s| s == from)?;
        let distance = table.as_deref().unwrap_or(&self.geometry.distance);
        let square = |b: usize| usize::from(if b == row { to } else { squares[b] });
        Self::pushes(child.replace_row(parent, squares.len(), row, |b, g| distance[g][square(b)]))
    }

    /// The boxes on goals that no push can ever move again ([`Pushes::frozen`] for each).
    pub(super) fn frozen_on_goals(&self, boxes: &Squares<W>) -> Squares<W> {
        let mut frozen = Squares::<W>::EMPTY;
        let mut chain = Vec::new();
        for (word, (&b, &h)) in boxes.0.iter().zip(&self.home.0).enumerate() {
            let mut on_goals = b & h;
            while on_goals != 0 {
                let square = (word * 64) as u16 + on_goals.trailing_zeros() as u16;
                on_goals &= on_goals - 1;
                chain.clear();
                let mut walls = Squares::EMPTY;
                if self.frozen(boxes, square, &mut walls, &mut chain) {
                    frozen.set(square);
                }
            }
        }
        frozen
    }

    /// The pushes from each square to each goal with the boxes `frozen` on their goals for
    /// walls: such a box's goal is its own, and no other box reaches it. None for no frozen
    /// box (the level's own table).
    fn table(&self, frozen: &Squares<W>) -> Option<Rc<Table>> {
        if *frozen == Squares::EMPTY {
            return None;
        }
        let mut tables = self.tables.borrow_mut();
        if let Some(table) = tables.get(&frozen.0[..]) {
            return Some(Rc::clone(table));
        }
        let table = Rc::new(walled_table(self.geometry, &frozen.0));
        if tables.len() < MAX_TABLES {
            tables.insert(frozen.0.into(), Rc::clone(&table));
        }
        Some(table)
    }

    fn pushes(least: u64) -> Option<u16> {
        (least < u64::from(NEVER)).then(|| least.min(u64::from(u16::MAX - 1)) as u16)
    }

    /// The squares the player can reach from `from` around `boxes`, and with `walk` (a square
    /// each), each one's walk from `from` (a breadth-first flood; the squares not reached keep
    /// what they held).
    pub(super) fn area(&self, boxes: &Squares<W>, from: u16, walk: Option<&mut [u16]>) -> Squares<W> {
        // The squares reached or taken by a box: one test a neighbour.
        let mut seen = *boxes;
        seen.set(from);
        let mut queue = self.queue.borrow_mut();
        queue.clear();
        queue.push(from);
        let around = &self.geometry.around;
        match walk {
            Some(walk) => {
                walk[usize::from(from)] = 0;
                flood(around, &mut seen, &mut queue, |square, n| walk[usize::from(n)] = walk[usize::from(square)] + 1);
            }
            None => flood(around, &mut seen, &mut queue, |_, _| {}),
        }
        let mut reached = Squares::<W>::EMPTY;
        queue.iter().for_each(|&square| reached.set(square));
        reached
    }

    /// How many areas the boxes cut the floor into (FESS's connectivity feature).
    pub fn areas(&self, boxes: &Squares<W>) -> u16 {
        let mut seen = *boxes;
        let mut areas = 0;
        for square in 0..self.geometry.cells.len() as u16 {
            if !seen.has(square) {
                areas += 1;
                let area = self.area(&seen, square, None);
                seen.0.iter_mut().zip(area.0).for_each(|(s, a)| *s |= a);
            }
        }
        areas
    }

    /// [`Pushes::areas`] after the boxes went from `before` (which cut `areas` areas) to `boxes`.
    /// A single push closes the square the box goes to and opens the one it leaves; where the
    /// free squares beside each are joined around it, the count changes only if that square
    /// stood alone (closed) or stands alone (opened), and needs no flood.
    pub fn areas_after(&self, before: &Squares<W>, areas: u16, boxes: &Squares<W>) -> u16 {
        let (mut left, mut went) = (Squares::<W>::EMPTY, Squares::<W>::EMPTY);
        for (word, (&b, &a)) in before.0.iter().zip(&boxes.0).enumerate() {
            left.0[word] = b & !a;
            went.0[word] = a & !b;
        }
        let (mut from, mut to) = (left.iter(), went.iter());
        let (Some(from), None, Some(to), None) = (from.next(), from.next(), to.next(), to.next()) else {
            return self.areas(boxes);
        };
        let free_sides = |boxes: &Squares<W>, square: u16| {
            self.geometry.next[usize::from(square)].iter().filter(|&&n| n != NONE && !boxes.has(n)).count()
        };
        // First the box's new square closes (its old one still taken), then its old one opens.
        let mut closed = *before;
        closed.set(to);
        let mut count = areas;
        match free_sides(&closed, to) {
            0 => count -= 1,
            _ if self.closes_nothing_off(&closed, to) => {}
            _ => return self.areas(boxes),
        }
        match free_sides(boxes, from) {
            0 => count += 1,
            _ if self.closes_nothing_off(boxes, from) => {}
            _ => return self.areas(boxes),
        }
        debug_assert_eq!(count, self.areas(boxes), "a push from {from} to {to}");
        count
    }

    /// The first square of the player's area (the area's name when counting pushes).
    pub(super) fn first_reached(&self, boxes: &Squares<W>, from: u16) -> u16 {
        self.area(boxes, from, None).iter().next().unwrap_or(from)
    }

    /// [`Pushes::first_reached`] after a push from `from` to `to` (`boxes` are after it), with the
    /// player's area before it, `reached`. Most pushes change the area only where the box was and
    /// went: no area beyond `from` joins, and `to`, if the player reached it, cuts nothing off.
    /// The area is then `reached` without `to` and with `from`, and needs no flood.
    fn first_reached_after(&self, boxes: &Squares<W>, reached: &Squares<W>, from: u16, to: u16) -> u16 {
        let open = |square: u16| square != NONE && !boxes.has(square);
        let joins = self.geometry.next[usize::from(from)].iter().any(|&n| open(n) && !reached.has(n));
        if joins || (reached.has(to) && !self.closes_nothing_off(boxes, to)) {
            return self.first_reached(boxes, from);
        }
        let mut area = *reached;
        area.clear(to);
        area.set(from);
        let first = area.iter().next().unwrap_or(from);
        debug_assert_eq!(first, self.first_reached(boxes, from), "a push from {from} to {to}");
        first
    }

    /// The player's area after a pull took a box from `was` to `now` and the player to `player`
    /// (`boxes` are after it), from the area before, `area`, if the pull changed it only on
    /// those squares: `now` cuts nothing off, and `was` joins no square the area did not have.
    /// The area is then `area` without `now`, and with `was` if it is beside the area. None
    /// where a flood is needed.
    pub(super) fn area_after_pull(
        &self,
        boxes: &Squares<W>,
        area: &Squares<W>,
        was: u16,
        now: u16,
        player: u16,
    ) -> Option<Squares<W>> {
        let next = &self.geometry.next[usize::from(was)];
        let open = |square: u16| square != NONE && !boxes.has(square);
        if !area.has(player) || player == now || !self.closes_nothing_off(boxes, now) {
            return None;
        }
        if next.iter().any(|&n| open(n) && !area.has(n)) {
            return None;
        }
        let mut after = *area;
        after.clear(now);
        if next.iter().any(|&n| open(n) && after.has(n)) {
            after.set(was);
        }
        debug_assert_eq!(after, self.area(boxes, player, None), "a pull from {was} to {now}");
        Some(after)
    }

    /// Whether the free squares beside `square` (`boxes` on it or not) are joined to each other
    /// through the eight squares around it: then a box on it cuts no area apart.
    fn closes_nothing_off(&self, boxes: &Squares<W>, square: u16) -> bool {
        let next = &self.geometry.next;
        let open = |s: u16| s != NONE && !boxes.has(s);
        // Around the square clockwise (the directions are in LURD order): each side, then the
        // corner between it and the next, which joins them only if all three are free.
        let sides = next[usize::from(square)];
        let mut ring = [false; 8];
        for (i, &side) in sides.iter().enumerate() {
            let following = sides[(i + 1) % 4];
            let corner = if side == NONE { NONE } else { next[usize::from(side)][(i + 1) % 4] };
            ring[2 * i] = open(side);
            ring[2 * i + 1] = open(side) && open(following) && open(corner);
        }
        // The free sides are joined when they lie in one run of free squares around the ring.
        let runs = (0..8).filter(|&i| ring[i] && !ring[(i + 7) % 8]).count();
        runs <= 1
    }

    /// A PI-corral, if the position has one: an area the player cannot reach, fenced by boxes
    /// (its barrier) and walls, with work to do in it (a goal in it, or a barrier box off its
    /// goal), such that no barrier box can ever move except into it, and every push into it can
    /// be made now. Every solution then pushes a barrier box into it first, and pushing it now
    /// costs no more: the pushes made before it elsewhere never needed the corral, nor the
    /// barrier box's square. So only the pushes into it need trying (Junghanns and Schaeffer's
    /// rule; the conditions here are stricter than the usual ones, which count only the pushes
    /// possible now, so that a box moved elsewhere can never open another way out). Of several,
    /// the one with the fewest pushes into it. A corral no push can enter is returned too: the
    /// position is then a deadlock, and nothing is tried.
    fn pi_corral(&self, boxes: &Squares<W>, reached: &Squares<W>) -> Option<Squares<W>> {
        let geometry = self.geometry;
        let mut best: Option<(Squares<W>, usize)> = None;
        self.each_corral(boxes, reached, |corral, barrier, work| {
            if !work {
                return false;
            }
            let mut pushes_in = 0;
            let mut fenced = true;
            'barrier: for b in barrier.iter() {
                for direction in DIRECTIONS {
                    let behind = geometry.next[usize::from(b)][direction.opposite() as usize];
                    let to = geometry.next[usize::from(b)][direction as usize];
                    if behind == NONE || to == NONE || corral.has(behind) {
                        continue; // no push, or one from inside the corral, where the player is not
                    }
                    if corral.has(to) {
                        if !reached.has(behind) {
                            fenced = false; // a push in that could only be made later
                            break 'barrier;
                        }
                        pushes_in += usize::from(!geometry.dead[usize::from(to)]);
                    } else if !geometry.dead[usize::from(to)] {
                        fenced = false; // the box might one day leave another way
                        break 'barrier;
                    }
                }
            }
            if fenced && best.as_ref().is_none_or(|&(_, fewest)| pushes_in < fewest) {
                best = Some((*corral, pushes_in));
            }
            false
        });
        best.map(|(corral, _)| corral)
    }

    /// Each corral of a position in turn, until `visit` says to stop (true, also returned): an
    /// area the player (its area `reached`) cannot get into, the boxes beside it (its fence, and
    /// any inside it), and whether there is work to do in it (a goal in it, or a box of the fence
    /// off its goal).
    pub(super) fn each_corral(
        &self,
        boxes: &Squares<W>,
        reached: &Squares<W>,
        mut visit: impl FnMut(&Squares<W>, &Squares<W>, bool) -> bool,
    ) -> bool {
        let geometry = self.geometry;
        let mut seen = *reached;
        let mut stack = Vec::new();
        for start in 0..geometry.cells.len() as u16 {
            if seen.has(start) || boxes.has(start) {
                continue;
            }
            let (mut corral, mut fence) = (Squares::<W>::EMPTY, Squares::<W>::EMPTY);
            corral.set(start);
            seen.set(start);
            stack.push(start);
            let mut work = false;
            while let Some(square) = stack.pop() {
                work |= geometry.is_goal[usize::from(square)];
                for &n in &geometry.next[usize::from(square)] {
                    if n == NONE {
                        continue;
                    }
                    if boxes.has(n) {
                        fence.set(n);
                    } else if !seen.has(n) {
                        seen.set(n);
                        corral.set(n);
                        stack.push(n);
                    }
                }
            }
            work |= fence.iter().any(|b| !geometry.is_goal[usize::from(b)]);
            if visit(&corral, &fence, work) {
                return true;
            }
        }
        false
    }

    /// Whether the box just pushed to `square` is frozen off a goal, or freezes another box off
    /// its goal: no push can ever move them again.
    pub(super) fn freezes(&self, boxes: &Squares<W>, square: u16) -> bool {
        let mut walls = Squares::<W>::EMPTY;
        let mut frozen = Vec::new();
        self.frozen(boxes, square, &mut walls, &mut frozen)
            && frozen.iter().any(|&b| !self.geometry.is_goal[usize::from(b)])
    }

    /// Whether the box on `square` can move along neither axis. Boxes being looked at count as
    /// walls (`walls`), as the wiki's method says, so a ring of boxes is not looked at for ever;
    /// boxes found frozen go in `frozen`, and a box found free is taken out of both again.
    fn frozen(&self, boxes: &Squares<W>, square: u16, walls: &mut Squares<W>, frozen: &mut Vec<u16>) -> bool {
        walls.set(square);
        let mark = frozen.len();
        let stuck =
            self.axis_blocked(boxes, square, 0, walls, frozen) && self.axis_blocked(boxes, square, 1, walls, frozen);
        if stuck {
            frozen.push(square);
        } else {
            walls.clear(square);
            frozen.truncate(mark);
        }
        stuck
    }

    /// Whether the box on `square` cannot move along an axis (0: left-right, 1: up-down).
    fn axis_blocked(
        &self,
        boxes: &Squares<W>,
        square: u16,
        axis: usize,
        walls: &mut Squares<W>,
        frozen: &mut Vec<u16>,
    ) -> bool {
        let [a, b] = [self.geometry.next[usize::from(square)][axis], self.geometry.next[usize::from(square)][axis + 2]];
        let wall = |n: u16| n == NONE || walls.has(n);
        if wall(a) || wall(b) {
            return true;
        }
        if self.geometry.dead[usize::from(a)] && self.geometry.dead[usize::from(b)] {
            return true;
        }
        (boxes.has(a) && self.frozen(boxes, a, walls, frozen)) || (boxes.has(b) && self.frozen(boxes, b, walls, frozen))
    }
}

impl<const W: usize> Pushes<'_, W> {
    /// The pushes from `node` (the player's area `reached`, each square's walk from the player
    /// `walk`), as [`Space::successors`] gives them: for a caller that has flooded the area
    /// already.
    pub(super) fn successors_in(
        &self,
        node: &Node<W>,
        reached: &Squares<W>,
        walk: &[u16],
        out: &mut Vec<(Push, Node<W>, u32)>,
    ) {
        let geometry = self.geometry;
        // The position's own matching, which each push's bound starts from.
        if self.bound(&node.boxes).is_none() {
            return;
        }
        // Counting pushes, a PI-corral leaves only the pushes into it to try.
        let only_into = if self.metric == Metric::Pushes { self.pi_corral(&node.boxes, reached) } else { None };
        for from in node.boxes.iter() {
            for direction in DIRECTIONS {
                let behind = geometry.next[usize::from(from)][direction.opposite() as usize];
                let to = geometry.next[usize::from(from)][direction as usize];
                if behind == NONE
                    || to == NONE
                    || !reached.has(behind)
                    || node.boxes.has(to)
                    || geometry.dead[usize::from(to)]
                {
                    continue;
                }
                if only_into.as_ref().is_some_and(|corral| !corral.has(to)) {
                    continue;
                }
                let mut boxes = node.boxes;
                boxes.clear(from);
                boxes.set(to);
                if self.freezes(&boxes, to) {
                    continue;
                }
                let Some(bound) = self.bound_after(&boxes, from, to) else { continue };
                let player = match self.metric {
                    Metric::Pushes => self.first_reached_after(&boxes, reached, from, to),
                    Metric::Moves | Metric::PushesThenMoves => from,
                };
                let cost = self.metric.push_cost(u32::from(walk[usize::from(behind)]));
                out.push((Push { from, direction }, Node { boxes, player, bound }, cost));
            }
        }
    }
}

impl<const W: usize> Space for Pushes<'_, W> {
    type State = Node<W>;
    type Move = Push;

    fn start(&self) -> Node<W> {
        self.start.clone()
    }

    fn successors(&self, node: &Node<W>, out: &mut Vec<(Push, Node<W>, u32)>) {
        // The player's area, with each square's walk from the player (moves metric).
        let mut walk = self.walk.borrow_mut();
        let reached = self.area(&node.boxes, node.player, Some(&mut walk[..]));
        self.successors_in(node, &reached, &walk, out);
    }

    fn is_goal(&self, node: &Node<W>) -> bool {
        node.boxes == self.home
    }

    fn bytes(&self) -> u64 {
        let table = (self.geometry.goals.len() * self.geometry.cells.len() * 4 + 64) as u64;
        let corral = (std::mem::size_of::<(Squares<W>, u16)>() + 8) as u64;
        self.tables.borrow().len() as u64 * table + self.corrals.borrow().len() as u64 * corral
    }

    fn heuristic(&self, node: &Node<W>) -> u32 {
        match self.metric {
            Metric::Pushes => u32::from(node.bound),
            // Each push left is a move and a push at least.
            Metric::Moves | Metric::PushesThenMoves => u32::from(node.bound) * (PER_MOVE + 1),
        }
    }
}

/// A position packed for the feature-space search's store: the boxes a bit a square in as many
/// bytes as the level's squares need, the player's square (one byte on a level of at most 256
/// squares, else two) and the bound (two bytes).
impl<const W: usize> Packs for Pushes<'_, W> {
    fn packed_len(&self) -> usize {
        self.box_bytes() + self.player_bytes() + 2
    }

    fn pack(&self, node: &Node<W>, out: &mut [u8]) {
        let (boxes, rest) = out.split_at_mut(self.box_bytes());
        for (bytes, word) in boxes.chunks_mut(8).zip(node.boxes.0) {
            bytes.copy_from_slice(&word.to_le_bytes()[..bytes.len()]);
        }
        let (player, bound) = rest.split_at_mut(self.player_bytes());
        player.copy_from_slice(&node.player.to_le_bytes()[..player.len()]);
        bound.copy_from_slice(&node.bound.to_le_bytes());
    }

    fn unpack(&self, bytes: &[u8]) -> Node<W> {
        let (boxes, rest) = bytes.split_at(self.box_bytes());
        let mut squares = Squares::EMPTY;
        for (word, bytes) in squares.0.iter_mut().zip(boxes.chunks(8)) {
            let mut full = [0; 8];
            full[..bytes.len()].copy_from_slice(bytes);
            *word = u64::from_le_bytes(full);
        }
        let (player, bound) = rest.split_at(self.player_bytes());
        let player = u16::from_le_bytes([player[0], player.get(1).copied().unwrap_or(0)]);
        Node { boxes: squares, player, bound: u16::from_le_bytes([bound[0], bound[1]]) }
    }
}

impl<const W: usize> Pushes<'_, W> {
    /// The bytes a packed position gives the boxes: a bit a square.
    fn box_bytes(&self) -> usize {
        self.geometry.cells.len().div_ceil(8)
    }

    /// The bytes a packed position gives the player's square.
    fn player_bytes(&self) -> usize {
        if self.geometry.cells.len() <= 256 {
            1
        } else {
            2
        }
    }
}

/// The solution in LURD steps (each a walk and its push) for the pushes a search found.
pub fn written(level: &Level, geometry: &Geometry, pushes: &[Push]) -> Result<Vec<String>, String> {
    let mut position = Position::start(level);
    let mut steps = Vec::with_capacity(pushes.len());
    for push in pushes {
        let from = geometry.cells[usize::from(push.from)];
        let behind =
            geometry.cells[usize::from(geometry.next[usize::from(push.from)][push.direction.opposite() as usize])];
        let walk = position.walk_to(level, behind).ok_or("the search's push could not be reached")?;
        let mut step = walk.clone();
        step.push(push.direction.letter().to_ascii_uppercase());
        position = position.after(level, &step)?;
        debug_assert_eq!(position.player, from);
        steps.push(step);
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sokoban::format::parse;

    fn level(text: &str) -> Level {
        parse(text).unwrap().levels.remove(0)
    }

    #[test]
    fn dead_squares_are_corners_and_walls_with_no_goal() {
        let level = level("#######\n#     #\n# $@. #\n#     #\n#######");
        let geometry = Geometry::new(&level);
        let dead: Vec<bool> =
            (0..5).map(|col| geometry.dead[usize::from(geometry.square_of[level.index(1, col + 1)])]).collect();
        assert_eq!(dead, vec![true; 5], "the top row: a box there never leaves the wall");
        assert!(!geometry.dead[usize::from(geometry.square_of[level.index(2, 2)])]);
        assert!(geometry.dead[usize::from(geometry.square_of[level.index(2, 1)])], "the left wall's middle");
        assert_eq!(geometry.distance[0][usize::from(geometry.square_of[level.index(2, 2)])], 2);
    }

    #[test]
    fn a_box_closes_an_area_off_only_where_nothing_goes_round_it() {
        // A corridor cut by a box in its middle, and the same square in a room with a way round.
        for (text, cuts) in [("#######\n#@$  .#\n#######", true), ("#######\n#@$  .#\n#     #\n#######", false)] {
            let level = level(text);
            let geometry = Geometry::new(&level);
            let space = Pushes::<1>::new(&level, &geometry, Metric::Pushes);
            let middle = geometry.square_of[level.index(1, 3)];
            assert_eq!(space.closes_nothing_off(&Squares::EMPTY, middle), !cuts, "{text}");
            // After a push onto it from the left, the player's area is found without a flood.
            let (from, to) = (geometry.square_of[level.index(1, 2)], middle);
            let mut boxes = Squares::<1>::EMPTY;
            boxes.set(from);
            let reached = space.area(&boxes, geometry.square_of[level.index(1, 1)], None);
            boxes.clear(from);
            boxes.set(to);
            assert_eq!(space.first_reached_after(&boxes, &reached, from, to), space.first_reached(&boxes, from));
            // Pulled back from the middle, the player going on to the corridor's end: in the
            // room the area is found without a flood; in the corridor the box cuts it, and the
            // flood is left to the caller.
            let player = geometry.square_of[level.index(1, 1)];
            let before = space.area(&boxes, from, None);
            let mut pulled = Squares::<1>::EMPTY;
            pulled.set(from);
            let after = space.area_after_pull(&pulled, &before, to, from, player);
            assert_eq!(after, (!cuts).then(|| space.area(&pulled, player, None)), "{text}");
        }
    }

    #[test]
    fn freeze_deadlocks() {
        // Two boxes side by side against the top wall, one not on a goal: frozen.
        let level = level("########\n#  $$  #\n#    @ #\n#  ..  #\n########");
        let geometry = Geometry::new(&level);
        let space = Pushes::<1>::new(&level, &geometry, Metric::Pushes);
        let sq = |row, col| geometry.square_of[level.index(row, col)];
        let mut boxes = Squares::<1>::EMPTY;
        boxes.set(sq(2, 3));
        boxes.set(sq(2, 4));
        assert!(!space.freezes(&boxes, sq(2, 4)), "in open floor they move");
        let mut boxes = Squares::<1>::EMPTY;
        boxes.set(sq(1, 3));
        boxes.set(sq(1, 4));
        assert!(space.freezes(&boxes, sq(1, 4)), "against a wall, each holds the other");
        // A 2x2 block of boxes anywhere is frozen.
        let level = level_2x2();
        let geometry = Geometry::new(&level);
        let space = Pushes::<1>::new(&level, &geometry, Metric::Pushes);
        let sq = |row, col| geometry.square_of[level.index(row, col)];
        let mut boxes = Squares::<1>::EMPTY;
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3)] {
            boxes.set(sq(r, c));
        }
        assert!(space.freezes(&boxes, sq(3, 3)));
        boxes.clear(sq(3, 3));
        boxes.set(sq(3, 4));
        assert!(!space.freezes(&boxes, sq(3, 4)));
    }

    #[test]
    fn areas_count_the_floor_the_boxes_cut_apart() {
        let level = level("######\n#@$ .#\n#   ##\n######\n");
        let geometry = Geometry::new(&level);
        let space = Pushes::<1>::new(&level, &geometry, Metric::Pushes);
        let sq = |row, col| geometry.square_of[level.index(row, col)];
        let mut boxes = Squares::<1>::EMPTY;
        assert_eq!(space.areas(&boxes), 1);
        boxes.set(sq(1, 2));
        assert_eq!(space.areas(&boxes), 1, "the floor below joins the two sides");
        boxes.set(sq(2, 3));
        assert_eq!(space.areas(&boxes), 2, "(1,3) and (1,4) are cut off");
    }

    #[test]
    fn a_box_frozen_on_its_goal_is_a_wall_for_the_others() {
        // The two boxes on goals at the bottom hold each other against the walls. The third box
        // could reach the top-left goal on an empty board (pushed up from (2, 1), the player on
        // (3, 1)), but not with a frozen box on (3, 1): the level can no longer be solved.
        let level = level("#######\n#.#####\n#  $  #\n#**  @#\n#######\n");
        let geometry = Geometry::new(&level);
        let space = Pushes::<1>::new(&level, &geometry, Metric::Pushes);
        let sq = |row, col| geometry.square_of[level.index(row, col)];
        let start = space.start();
        let frozen: Vec<u16> = space.frozen_on_goals(&start.boxes).iter().collect();
        assert_eq!(frozen, vec![sq(3, 1), sq(3, 2)]);
        let top = geometry.goals.iter().position(|&g| g == sq(1, 1)).unwrap();
        assert_eq!(geometry.distance[top][usize::from(sq(2, 3))], 3, "on an empty board");
        assert_eq!(space.bound(&start.boxes), None);
        // Without the frozen pair the bound is the empty board's.
        let mut boxes = Squares::<1>::EMPTY;
        for (r, c) in [(2, 1), (3, 3), (3, 4)] {
            boxes.set(sq(r, c));
        }
        assert!(space.frozen_on_goals(&boxes).iter().next().is_none());
        assert!(space.bound(&boxes).is_some());
        let outcome =
            crate::search::astar(&space, &crate::search::Budget::default(), &mut |_| crate::search::Flow::Continue);
        assert!(matches!(outcome, crate::search::Outcome::NoSolution { .. }), "{outcome:?}");
    }

    fn level_2x2() -> Level {
        level("#########\n#       #\n# $$    #\n# $$    #\n#  @    #\n#  ...  #\n#   .   #\n#       #\n#########\n")
    }
}
