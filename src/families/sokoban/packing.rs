//! The order to fill the goals in, found backwards: from the level solved, take out every box
//! that can be pulled off the goals now, then every box that can be once those are gone, and so
//! on. Filling goes the other way, the last layer taken out first (FESS's packing plan). In a
//! goal room this is the room's depth order; where the goals are apart, every goal is in the
//! first layer and any order will do.

use super::rules::{Direction, DIRECTIONS};
use super::solver::{Geometry, Node, Push, Pushes, Squares, NONE};
use crate::search::{Features, Packs, Space};
use rustc_hash::FxHashSet;
use std::collections::VecDeque;

/// The goals in layers, the layer to fill first first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    pub layers: Vec<Vec<u16>>,
}

impl Plan {
    pub fn new<const W: usize>(pushes: &Pushes<'_, W>) -> Plan {
        let geometry = pushes.geometry;
        let mut boxes = Squares::<W>::EMPTY;
        geometry.goals.iter().for_each(|&goal| boxes.set(goal));
        let mut layers = Vec::new();
        loop {
            let left: Vec<u16> = geometry.goals.iter().copied().filter(|&g| boxes.has(g)).collect();
            if left.is_empty() {
                break;
            }
            let out: Vec<u16> = left.iter().copied().filter(|&b| leaves(pushes, &boxes, b)).collect();
            // Boxes no pull takes off the goals (a level whose goals wall each other in) are
            // filled first, as if they were the deepest layer.
            let layer = if out.is_empty() { left } else { out };
            for &b in &layer {
                boxes.clear(b);
            }
            layers.push(layer);
        }
        layers.reverse();
        Plan { layers }
    }

    /// The goals to fill next: the empty goals of the first layer not yet filled.
    pub fn next_goals(&self, has_box: impl Fn(u16) -> bool) -> Vec<u16> {
        let layer = self.layers.iter().find(|layer| layer.iter().any(|&g| !has_box(g)));
        layer.map_or_else(Vec::new, |layer| layer.iter().copied().filter(|&g| !has_box(g)).collect())
    }

    /// How many boxes are packed in the plan's order (every goal of each layer from the first
    /// that is filled, and the filled goals of the first layer that is not), and the first layer
    /// not filled (the number of layers once all are).
    pub fn progress(&self, has_box: impl Fn(u16) -> bool) -> (u16, usize) {
        let mut packed = 0;
        for (at, layer) in self.layers.iter().enumerate() {
            let filled = layer.iter().filter(|&&g| has_box(g)).count() as u16;
            packed += filled;
            if usize::from(filled) < layer.len() {
                return (packed, at);
            }
        }
        (packed, self.layers.len())
    }
}

/// For each layer of the plan, whether a box on each square can still reach a goal of a later
/// layer once that layer and those before it are filled (their boxes taken as walls, the other
/// boxes off the board, the player on any side of the box): a box elsewhere, off the goals, is
/// in an area soon to be blocked and out of plan (FESS's fourth feature), unless it is the one
/// to fill that layer. Every square for the last layer, and where the level is too large to work
/// it out (more than [`OUT_OF_PLAN_WORK`] steps). Not generic over the width of a set of squares,
/// so that the page's module holds it once.
fn in_plan(geometry: &Geometry, plan: &Plan) -> Vec<Vec<u64>> {
    let squares = geometry.cells.len();
    let too_large = squares * squares * 4 * plan.layers.len() > OUT_OF_PLAN_WORK;
    let mut walled = vec![false; squares];
    let mut in_plan = Vec::with_capacity(plan.layers.len());
    for (at, layer) in plan.layers.iter().enumerate() {
        layer.iter().for_each(|&goal| walled[usize::from(goal)] = true);
        let later = &plan.layers[at + 1..];
        let every = later.is_empty() || too_large;
        let reach = if every { vec![true; squares] } else { pulled_from(geometry, &walled, later.iter().flatten()) };
        let mut words = vec![0; squares.div_ceil(64)];
        reach
            .iter()
            .enumerate()
            .filter(|(_, &can)| can)
            .for_each(|(square, _)| words[square / 64] |= 1 << (square % 64));
        in_plan.push(words);
    }
    in_plan
}

/// The most steps [`in_plan`] takes (for each layer, a flood of the floor for each of the box's
/// squares and the player's areas beside it): past them, no box is out of plan.
const OUT_OF_PLAN_WORK: usize = 1 << 26;

/// Whether a box on each square, alone on the board with the squares `walled`, can be pushed to
/// one of `goals`: a breadth-first search pulling it away from them over the box's square and
/// the player's area (named by its first square).
fn pulled_from<'g>(geometry: &Geometry, walled: &[bool], goals: impl Iterator<Item = &'g u16>) -> Vec<bool> {
    let next = &geometry.next;
    let open = |square: u16| square != NONE && !walled[usize::from(square)];
    let mut reach = vec![false; geometry.cells.len()];
    let mut queue = VecDeque::new();
    for &goal in goals {
        reach[usize::from(goal)] = true;
        queue.extend(next[usize::from(goal)].iter().filter(|&&beside| open(beside)).map(|&beside| (goal, beside)));
    }
    // Each state's area is flooded when it is taken, marked by the state's turn.
    let (mut mark, mut turn, mut stack) = (vec![0u32; reach.len()], 0, Vec::new());
    let mut seen = FxHashSet::default();
    while let Some((at, player)) = queue.pop_front() {
        turn += 1;
        let mut first = player;
        mark[usize::from(player)] = turn;
        stack.push(player);
        while let Some(square) = stack.pop() {
            first = first.min(square);
            for &n in &next[usize::from(square)] {
                if open(n) && n != at && mark[usize::from(n)] != turn {
                    mark[usize::from(n)] = turn;
                    stack.push(n);
                }
            }
        }
        if !seen.insert((at, first)) {
            continue;
        }
        for (d, &to) in next[usize::from(at)].iter().enumerate() {
            // A pull: the player on `to`, beside the box, steps on beyond it; the box follows.
            let beyond = if to == NONE { NONE } else { next[usize::from(to)][d] };
            if open(to) && mark[usize::from(to)] == turn && open(beyond) {
                reach[usize::from(to)] = true;
                queue.push_back((to, beyond));
            }
        }
    }
    reach
}

/// The search over pushes with a packing plan, for the feature-space search: a position's cell
/// ([`Cell`]) is its boxes packed in the plan's order, its boxes out of plan, the links between
/// rooms its boxes shut and the areas they cut the floor into; a push that packs more, brings a
/// box back into the plan, opens a link, joins areas or lowers the bound is advised.
pub struct Planned<'a, const W: usize> {
    pub pushes: &'a Pushes<'a, W>,
    plan: Plan,
    /// Where a box is in plan, for each first layer not filled ([`in_plan`]), a bit a square.
    in_plan: Vec<Vec<u64>>,
    /// The level's links between rooms ([`links`]).
    links: Vec<Squares<W>>,
}

impl<'a, const W: usize> Planned<'a, W> {
    pub fn new(pushes: &'a Pushes<'a, W>) -> Self {
        let plan = Plan::new(pushes);
        let in_plan = in_plan(pushes.geometry, &plan);
        let links = links(pushes);
        Planned { pushes, plan, in_plan, links }
    }

    /// How many boxes are packed in the plan's order, and how many are out of plan: off the
    /// goals, where no later layer's goal can be reached once the layer being filled is.
    fn packing(&self, boxes: &Squares<W>) -> (u16, u16) {
        let (packed, layer) = self.plan.progress(|goal| boxes.has(goal));
        let Some(in_plan) = self.in_plan.get(layer) else { return (packed, 0) };
        let goals = &self.pushes.home;
        let out = boxes.0.iter().zip(in_plan).zip(&goals.0).map(|((&b, &p), &g)| (b & !p & !g).count_ones());
        (packed, out.sum::<u32>() as u16)
    }

    /// How many links between rooms have a box in them: FESS's room connectivity.
    fn blocked_links(&self, boxes: &Squares<W>) -> u16 {
        self.links.iter().filter(|link| link.meets(boxes)).count() as u16
    }
}

/// The level's links between rooms: each a run of doorway squares (walled in on both sides
/// across one axis) with two ways out or more to other squares. A box in one shuts that way
/// between the rooms, even where the player can still walk round by another. A dead end (one way
/// out) links nothing.
fn links<const W: usize>(pushes: &Pushes<'_, W>) -> Vec<Squares<W>> {
    let next = &pushes.geometry.next;
    let doorway = |square: u16| {
        let [left, up, right, down] = next[usize::from(square)];
        (left == NONE && right == NONE) || (up == NONE && down == NONE)
    };
    let mut seen = Squares::<W>::EMPTY;
    let mut links = Vec::new();
    for start in 0..next.len() as u16 {
        if !doorway(start) || seen.has(start) {
            continue;
        }
        seen.set(start);
        let (mut run, mut members, mut ways_out) = (Squares::<W>::EMPTY, vec![start], 0);
        while let Some(square) = members.pop() {
            run.set(square);
            for &to in &next[usize::from(square)] {
                if to == NONE {
                    continue;
                }
                if !doorway(to) {
                    ways_out += 1;
                } else if !seen.has(to) {
                    seen.set(to);
                    members.push(to);
                }
            }
        }
        if ways_out >= 2 {
            links.push(run);
        }
    }
    links
}

impl<const W: usize> Planned<'_, W> {
    /// The pushes that take some box to `goal` with the others where they are (a box pushed
    /// home in one move: FESS's packing advisor, Rolling Stone's goal macro), found backwards
    /// from the goal over the box's square and the player's area; and the position after.
    /// Which box goes is not known until the search meets one, except where a step needs the
    /// player on a box's square: that box is then the one that goes (it has left it by then).
    fn pushed_home(&self, node: &Node<W>, player: &Squares<W>, goal: u16) -> Option<(Vec<Push>, Node<W>)> {
        let pushes = &self.pushes;
        let next = &pushes.geometry.next;
        // The boxes with the one that goes on `at` (off its own square, if known).
        let board = |at: u16, mover: u16| {
            let mut boxes = node.boxes;
            if mover != NONE {
                boxes.clear(mover);
            }
            boxes.set(at);
            boxes
        };
        // The player's area from `from` around those boxes.
        let area_from = |at: u16, mover: u16, from: u16| {
            let area = pushes.area(&board(at, mover), from, None);
            let first = area.iter().next().unwrap_or(from);
            (first, area)
        };
        let mut states: Vec<Reached<W>> = Vec::new();
        let mut seen = FxHashSet::default();
        for &beside in &next[usize::from(goal)] {
            if beside != NONE && !node.boxes.has(beside) {
                let (first, area) = area_from(goal, NONE, beside);
                if seen.insert((goal, first, NONE)) {
                    states.push(Reached {
                        at: goal,
                        area,
                        mover: NONE,
                        toward: usize::MAX,
                        direction: Direction::Left,
                    });
                }
            }
        }
        let mut head = 0;
        while head < states.len() && states.len() < PUSHED_HOME_STATES {
            let Reached { at, area, mover, .. } = states[head];
            let mover_before = mover;
            let blocked = |square: u16| node.boxes.has(square) && square != mover;
            for direction in DIRECTIONS {
                // The push that ended here: the box came from `from`, the player from `behind`,
                // and stands on `from` after it, in this state's area.
                let back = direction.opposite() as usize;
                let from = next[usize::from(at)][back];
                if from == NONE {
                    continue;
                }
                let behind = next[usize::from(from)][back];
                if behind == NONE {
                    continue;
                }
                if node.boxes.has(from) && (mover == NONE || mover == from) {
                    // A box of the position: this one goes, if the player can get behind it and,
                    // once it has moved, stands beside this state's area.
                    let joins = area.has(from) || next[usize::from(from)].iter().any(|&n| n != NONE && area.has(n));
                    if player.has(behind) && joins {
                        return self.macro_from(node, goal, from, direction, &states, head);
                    }
                    continue;
                }
                if blocked(from) || !area.has(from) {
                    continue;
                }
                // The player stood on `behind`: a box's square only if that box is the one that
                // goes, and has left it.
                let mover = if mover == NONE && node.boxes.has(behind) { behind } else { mover };
                if blocked(behind) && behind != mover {
                    continue;
                }
                // Pulled from `at` to `from` on the same boxes, the area most often changes
                // only there, and needs no flood.
                let pulled = (mover == mover_before)
                    .then(|| pushes.area_after_pull(&board(from, mover), &area, at, from, behind));
                let (first, area) = match pulled.flatten() {
                    Some(area) => (area.iter().next().unwrap_or(behind), area),
                    None => area_from(from, mover, behind),
                };
                if seen.insert((from, first, mover)) {
                    states.push(Reached { at: from, area, mover, toward: head, direction });
                }
            }
            head += 1;
        }
        None
    }

    /// The macro found by [`Planned::pushed_home`]: the first push (the box on `from` pushed
    /// `direction`), then the states' pushes to the goal.
    fn macro_from(
        &self,
        node: &Node<W>,
        goal: u16,
        from: u16,
        direction: Direction,
        states: &[Reached<W>],
        mut at: usize,
    ) -> Option<(Vec<Push>, Node<W>)> {
        let mut moves = vec![Push { from, direction }];
        while states[at].toward != usize::MAX {
            let Reached { at: square, toward, direction, .. } = states[at];
            moves.push(Push { from: square, direction });
            at = toward;
        }
        let mut boxes = node.boxes;
        boxes.clear(from);
        boxes.set(goal);
        // The player ends where the box last was: the first square of its area when counting
        // pushes, that square when counting moves (as `Pushes` names positions).
        let last = moves.last().map_or(from, |push| push.from);
        let player = self.pushes.metric.player_after(self.pushes, &boxes, last);
        let bound = self.pushes.bound(&boxes)?;
        Some((moves, Node { boxes, player, bound }))
    }
}

impl<const W: usize> Planned<'_, W> {
    /// A push that leaves the box in a tunnel, made on until the box leaves it: the player
    /// behind the box and the box itself both walled in on either side across the way they go
    /// (and the box on no goal). The player can then do nothing else in there that helps, so the
    /// positions with the box halfway are never needed (Junghanns and Schaeffer's tunnel macro).
    /// It stops before a push onto a box, a dead square or a freeze.
    fn through_tunnel(&self, push: Push, mut next: Node<W>, mut cost: u32) -> (Vec<Push>, Node<W>, u32) {
        let geometry = self.pushes.geometry;
        let way = push.direction as usize;
        let walled = |square: u16| {
            let sides = &geometry.next[usize::from(square)];
            sides[(way + 1) % 4] == NONE && sides[(way + 3) % 4] == NONE
        };
        let mut moves = vec![push];
        let (mut player, mut at) = (push.from, geometry.next[usize::from(push.from)][way]);
        while !geometry.is_goal[usize::from(at)] && walled(player) && walled(at) {
            let to = geometry.next[usize::from(at)][way];
            if to == NONE || next.boxes.has(to) || geometry.dead[usize::from(to)] {
                break;
            }
            let mut boxes = next.boxes;
            boxes.clear(at);
            boxes.set(to);
            if self.pushes.freezes(&boxes, to) {
                break;
            }
            let Some(bound) = self.pushes.bound(&boxes) else { break };
            moves.push(Push { from: at, direction: push.direction });
            (player, at) = (at, to);
            next = Node { boxes, player, bound };
            cost += self.pushes.metric.push_cost(0);
        }
        if moves.len() > 1 {
            next.player = self.pushes.metric.player_after(self.pushes, &next.boxes, player);
        }
        (moves, next, cost)
    }
}

/// A state of [`Planned::pushed_home`]'s search: the box on `at`, the player in `area`, the box
/// that goes (`NONE` while not known), and the next state towards the goal with the way the box
/// is pushed there.
#[derive(Clone, Copy)]
struct Reached<const W: usize> {
    at: u16,
    area: Squares<W>,
    mover: u16,
    toward: usize,
    direction: Direction,
}

/// The most states [`Planned::pushed_home`] looks at for one goal.
const PUSHED_HOME_STATES: usize = 1024;

/// The most goals a position tries to push a box home to.
const MACRO_GOALS: usize = 1;

impl<const W: usize> Space for Planned<'_, W> {
    type State = Node<W>;
    type Move = Vec<Push>;

    fn start(&self) -> Node<W> {
        self.pushes.start()
    }

    /// None in a corral deadlock (`Pushes::corral_deadlock`: searched here, where the search
    /// wanders into them, and not in A*, whose bound keeps it away from most); otherwise every
    /// push (on through a tunnel, `Planned::through_tunnel`), and for each goal the plan fills
    /// next, a box pushed all the way there.
    fn successors(&self, node: &Node<W>, out: &mut Vec<(Vec<Push>, Node<W>, u32)>) {
        // The player's area, flooded once for the corrals, the pushes and the macro.
        let mut walk = self.pushes.walk.borrow_mut();
        let reached = self.pushes.area(&node.boxes, node.player, Some(&mut walk[..]));
        if self.pushes.corral_deadlock(&node.boxes, &reached, node.player) {
            return;
        }
        let mut one = Vec::new();
        self.pushes.successors_in(node, &reached, &walk, &mut one);
        out.extend(one.into_iter().map(|(push, next, cost)| self.through_tunnel(push, next, cost)));
        for goal in self.plan.next_goals(|goal| node.boxes.has(goal)).into_iter().take(MACRO_GOALS) {
            if let Some((moves, next)) = self.pushed_home(node, &reached, goal) {
                let cost = moves.len() as u32;
                out.push((moves, next, cost));
            }
        }
    }

    fn is_goal(&self, node: &Node<W>) -> bool {
        self.pushes.is_goal(node)
    }

    fn heuristic(&self, node: &Node<W>) -> u32 {
        self.pushes.heuristic(node)
    }

    fn bytes(&self) -> u64 {
        self.pushes.bytes()
    }
}

impl<const W: usize> Packs for Planned<'_, W> {
    fn packed_len(&self) -> usize {
        self.pushes.packed_len()
    }

    fn pack(&self, node: &Node<W>, out: &mut [u8]) {
        self.pushes.pack(node, out);
    }

    fn unpack(&self, bytes: &[u8]) -> Node<W> {
        self.pushes.unpack(bytes)
    }
}

/// A position's place in the feature space (FESS's four features): its boxes packed in the
/// plan's order, its boxes out of plan, the links between rooms a box shuts, and the areas the
/// boxes cut the floor into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cell {
    packed: u16,
    out_of_plan: u16,
    links: u16,
    areas: u16,
}

impl<const W: usize> Features for Planned<'_, W> {
    type Cell = Cell;

    fn cell(&self, node: &Node<W>) -> Cell {
        let (packed, out_of_plan) = self.packing(&node.boxes);
        Cell { packed, out_of_plan, links: self.blocked_links(&node.boxes), areas: self.pushes.areas(&node.boxes) }
    }

    /// After a single push the areas are worked out from the parent's where the push changes
    /// them only locally ([`Pushes::areas_after`]).
    fn cell_after(&self, parent: &Node<W>, parent_cell: Cell, node: &Node<W>) -> Cell {
        let (packed, out_of_plan) = self.packing(&node.boxes);
        let areas = self.pushes.areas_after(&parent.boxes, parent_cell.areas, &node.boxes);
        Cell { packed, out_of_plan, links: self.blocked_links(&node.boxes), areas }
    }

    /// Two orders: FESS's advice alone (packing more, fewer boxes out of plan, opening links,
    /// joining areas), and that or a lower bound.
    fn orders(&self) -> usize {
        2
    }

    fn advised(&self, order: usize, from: Cell, to: Cell, h_from: u32, h_to: u32) -> bool {
        to.packed > from.packed
            || to.out_of_plan < from.out_of_plan
            || to.areas < from.areas
            || to.links < from.links
            || (order == 1 && h_to < h_from)
    }

    /// One advisor a feature (packing more, fewer boxes out of plan, joining areas, opening
    /// links), and in the second order one for the bound.
    fn advisors(&self, order: usize) -> usize {
        4 + order
    }

    /// Each advisor picks the push that improves its feature most, the least bound among equals.
    fn advice(&self, _order: usize, advisor: usize, from: Cell, to: Cell, h_from: u32, h_to: u32) -> Option<u64> {
        let gain = match advisor {
            0 => u32::from(to.packed).saturating_sub(u32::from(from.packed)),
            1 => u32::from(from.out_of_plan.saturating_sub(to.out_of_plan)),
            2 => u32::from(from.areas.saturating_sub(to.areas)),
            3 => u32::from(from.links.saturating_sub(to.links)),
            _ => h_from.saturating_sub(h_to),
        };
        (gain > 0).then(|| u64::from(u32::MAX - gain) << 32 | u64::from(h_to))
    }

    /// The bound in pushes, which orders a cell's positions as the heuristic does in either metric.
    fn estimate(&self, node: &Node<W>) -> u16 {
        node.bound
    }

    fn placed(&self, node: &Node<W>) -> Option<(u64, u64)> {
        let on_goals = self.pushes.geometry.goals.iter().filter(|&&g| node.boxes.has(g)).count();
        Some((on_goals as u64, self.pushes.geometry.goals.len() as u64))
    }
}

/// Whether the box on `from` (one of `boxes`) can be pulled off the goals, the other boxes
/// staying where they are and the player starting in any area beside it: a breadth-first search
/// over the box's square and the player's area (named by its first square).
fn leaves<const W: usize>(pushes: &Pushes<'_, W>, boxes: &Squares<W>, from: u16) -> bool {
    let geometry = pushes.geometry;
    let squares = geometry.cells.len();
    // The boxes with the one pulled on `at` as well: its square on the goals stays taken too, so
    // the pull is judged as if that goal were still filled (the cautious side).
    let around = |at: u16| {
        let mut around = *boxes;
        around.set(at);
        around
    };
    let mut seen = vec![false; squares * squares];
    let mut queue = VecDeque::new();
    for &beside in &geometry.next[usize::from(from)] {
        if beside != NONE && !boxes.has(beside) {
            let area = pushes.first_reached(boxes, beside);
            if !std::mem::replace(&mut seen[usize::from(from) * squares + usize::from(area)], true) {
                queue.push_back((from, area));
            }
        }
    }
    while let Some((at, player)) = queue.pop_front() {
        let reached = pushes.area(&around(at), player, None);
        for (d, &to) in geometry.next[usize::from(at)].iter().enumerate() {
            // A pull: the player on `to`, beside the box, steps on beyond it; the box follows.
            if to == NONE || !reached.has(to) {
                continue;
            }
            let beyond = geometry.next[usize::from(to)][d];
            if beyond == NONE || boxes.has(beyond) {
                continue;
            }
            if !geometry.is_goal[usize::from(to)] {
                return true;
            }
            let area = pushes.first_reached(&around(to), beyond);
            if !std::mem::replace(&mut seen[usize::from(to) * squares + usize::from(area)], true) {
                queue.push_back((to, area));
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::sokoban::format::parse;
    use crate::families::sokoban::solver::{Geometry, Metric};

    fn plan(text: &str) -> (Plan, Vec<(usize, usize)>) {
        let level = parse(text).unwrap().levels.remove(0);
        let geometry = Geometry::new(&level);
        let place = |g: u16| {
            let cell = geometry.cells[usize::from(g)];
            (cell / level.width, cell % level.width)
        };
        let plan = Plan::new(&Pushes::<1>::new(&level, &geometry, Metric::Pushes));
        let places = plan.layers.iter().flatten().map(|&g| place(g)).collect();
        (plan, places)
    }

    #[test]
    fn a_dead_end_corridor_fills_from_its_end() {
        // Three goals in a corridor closed on the right: the far one first.
        let (plan, order) = plan("##########\n#@ $$$...#\n##########\n");
        assert_eq!(plan.layers.len(), 3);
        assert_eq!(order, vec![(1, 8), (1, 7), (1, 6)]);
        assert_eq!(plan.progress(|g| g == plan.layers[0][0]).0, 1);
        assert_eq!(plan.progress(|g| g == plan.layers[2][0]).0, 0, "the corridor's mouth filled first packs nothing");
    }

    #[test]
    fn a_doorway_links_two_rooms_and_a_dead_end_links_nothing() {
        // Two rooms joined by the doorway at (2, 4); the dead end at (2, 8) leads nowhere.
        let level = parse("##########\n#   #   ##\n# @  $ . #\n#   #   ##\n##########\n").unwrap().levels.remove(0);
        let geometry = Geometry::new(&level);
        let pushes = Pushes::<1>::new(&level, &geometry, Metric::Pushes);
        let (doorway, dead_end) = (geometry.square_of[level.index(2, 4)], geometry.square_of[level.index(2, 8)]);
        let links = links(&pushes);
        assert_eq!(links.len(), 1);
        assert_eq!(links[0].iter().collect::<Vec<_>>(), vec![doorway]);
        let planned = Planned::new(&pushes);
        let boxes_on = |squares: &[u16]| {
            let mut boxes = Squares::<1>::EMPTY;
            squares.iter().for_each(|&square| boxes.set(square));
            boxes
        };
        assert_eq!(planned.blocked_links(&boxes_on(&[doorway])), 1);
        assert_eq!(planned.blocked_links(&boxes_on(&[dead_end])), 0);
        let beside = [geometry.square_of[level.index(2, 3)], geometry.square_of[level.index(2, 5)]];
        assert_eq!(planned.blocked_links(&boxes_on(&beside)), 0, "boxes beside it shut nothing");
    }

    #[test]
    fn a_box_the_goals_filled_first_shut_off_is_out_of_plan() {
        // XSokoban 18: the goal room on the left is entered from the corridor along the bottom
        // (row 10) only over goals the plan fills first. With them empty, a box in that corridor
        // can still be pushed home; once they are filled it cannot reach a goal, however the
        // other boxes stand: it is out of plan.
        let text = include_str!("../../../tests/fixtures/sokoban/xsokoban.xsb");
        let level = parse(text).unwrap().levels.remove(17);
        let geometry = Geometry::new(&level);
        let pushes = Pushes::<2>::new(&level, &geometry, Metric::Pushes);
        let planned = Planned::new(&pushes);
        let corridor = geometry.square_of[level.index(10, 5)];
        let with = |goals: &[u16], others: &[u16]| {
            let mut boxes = Squares::<2>::EMPTY;
            goals.iter().chain(others).for_each(|&square| boxes.set(square));
            boxes
        };
        let first = &planned.plan.layers[0];
        assert_eq!(planned.packing(&with(&[], &[corridor])), (0, 0), "in plan while the first layer is empty");
        let filled = first.len() as u16;
        assert_eq!(planned.packing(&with(first, &[corridor])), (filled, 1), "out of plan once it is filled");
        let inside = geometry.square_of[level.index(5, 8)];
        assert_eq!(planned.packing(&with(first, &[inside])), (filled, 0), "a box in the room is still in plan");
        // Every layer the plan can be at is known; the last (nothing left to shut) counts no box.
        assert_eq!(planned.in_plan.len(), planned.plan.layers.len());
        let every = (0..geometry.cells.len())
            .all(|s| planned.in_plan.last().is_some_and(|last| last[s / 64] >> (s % 64) & 1 == 1));
        assert!(every, "the last layer counts every square in plan");
        // Fewer boxes out of plan is advised, as packing more is.
        let out = planned.cell(&Node { boxes: with(first, &[corridor]), player: 0, bound: 0 });
        let back = Cell { out_of_plan: 0, ..out };
        assert!(planned.advised(0, out, back, 0, 0), "a box brought back into the plan is advised");
        assert!(!planned.advised(0, back, out, 0, 0));
    }

    #[test]
    fn goals_apart_are_one_layer() {
        let (plan, _) = plan("#######\n#.$ $.#\n#  @  #\n#######\n");
        assert_eq!(plan.layers.len(), 1);
        assert_eq!(plan.layers[0].len(), 2);
        assert_eq!(plan.progress(|g| g == plan.layers[0][1]).0, 1, "either goal counts");
    }
}

#[cfg(test)]
mod macro_tests {
    use super::*;
    use crate::families::sokoban::format::{parse, Level};
    use crate::families::sokoban::solver::{Geometry, Metric, PER_MOVE};

    /// A position's moves in the feature-space search's space: the pushes, the position after
    /// and the cost.
    type Moves = Vec<(Vec<Push>, Node<1>, u32)>;

    /// The level of `text`, its squares, and its start's moves, counting `metric`.
    fn first_moves(text: &str, metric: Metric) -> (Level, Geometry, Moves) {
        let level = parse(text).unwrap().levels.remove(0);
        let geometry = Geometry::new(&level);
        let pushes = Pushes::<1>::new(&level, &geometry, metric);
        let planned = Planned::new(&pushes);
        let mut out = Vec::new();
        planned.successors(&planned.start(), &mut out);
        (level, geometry, out)
    }

    fn lengths(out: &[(Vec<Push>, Node<1>, u32)]) -> Vec<usize> {
        out.iter().map(|(moves, _, _)| moves.len()).collect()
    }

    #[test]
    fn a_box_is_pushed_home_in_one_move() {
        let (level, geometry, out) = first_moves("#######\n#@$  .#\n#  ## #\n#######\n", Metric::Pushes);
        assert_eq!(lengths(&out), vec![1, 3], "one push, and the three that take the box home");
        assert!(out[1].1.boxes.has(geometry.square_of[level.index(1, 5)]), "the one box on the one goal");
    }

    #[test]
    fn a_push_into_a_tunnel_goes_on_to_its_end() {
        // The box can only go right; walled in above and below, it goes on to the first square
        // open below, (1, 5), and stops there: three pushes in one move.
        let text = "##########\n#@$     .#\n#####    #\n    ######\n";
        let (level, geometry, out) = first_moves(text, Metric::Pushes);
        assert_eq!(lengths(&out), vec![3, 6], "the tunnel's three pushes, and the six that take the box home");
        assert_eq!(out[0].2, 3, "each push counted");
        assert!(out[0].1.boxes.has(geometry.square_of[level.index(1, 5)]));
        let (_, _, out) = first_moves(text, Metric::Moves);
        assert_eq!(out[0].2, 3 * (PER_MOVE + 1), "counting moves, the player is already behind the box");
    }
}
