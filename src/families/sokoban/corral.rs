//! Corral deadlocks: an area the player cannot reach, fenced by boxes, that can never be put
//! right. Freeze and dead squares see one box, or boxes that hold each other; a corral deadlock
//! needs a search. The boxes that fence the area (and any inside it) are searched alone, every
//! other box taken off the board: that only frees the player and the boxes kept, so if even then
//! no order of pushes puts every kept box on a goal, the position has no solution (the
//! sokobano.de wiki's "corral deadlock"). The search gives up, and the corral counts as no
//! deadlock, once a kept box leaves the corral's squares or after [`CORRAL_STATES`] positions.
//! It runs in the feature-space search only (see `Planned::successors` for why).

use super::rules::DIRECTIONS;
use super::solver::{Pushes, Squares, NONE};
use rustc_hash::FxHashSet;

/// The most positions one corral's search looks at before it gives up (and prunes nothing).
pub const CORRAL_STATES: usize = 64;

/// The most boxes a corral's search keeps: a larger corral is most of the level, and its search
/// would be as hard as the level's.
pub const MAX_KEPT: u32 = 8;

/// The most corral answers a search keeps; past them, a corral is searched each time.
pub const MAX_CORRALS: usize = 1 << 16;

impl<const W: usize> Pushes<'_, W> {
    /// Whether some corral of the position (`boxes`, the player's area `reached`) can never be
    /// put right: then the position has no solution.
    pub(super) fn corral_deadlock(&self, boxes: &Squares<W>, reached: &Squares<W>, player: u16) -> bool {
        self.each_corral(boxes, reached, |corral, kept, work| {
            if !work || kept.0.iter().map(|w| w.count_ones()).sum::<u32>() > MAX_KEPT {
                return false;
            }
            let mut fenced = *corral;
            fenced.0.iter_mut().zip(kept.0).for_each(|(f, k)| *f |= k);
            !self.pushed_out_now(boxes, reached, kept, &fenced) && self.corral_is_dead(&fenced, kept, player)
        })
    }

    /// Whether a box of the fence can be pushed out of the `fenced` squares now, in the position
    /// itself (`boxes`, the player's area `reached`): the search would find that push first and
    /// give up, so the corral need not be searched.
    fn pushed_out_now(&self, boxes: &Squares<W>, reached: &Squares<W>, kept: &Squares<W>, fenced: &Squares<W>) -> bool {
        let geometry = self.geometry;
        kept.iter().any(|from| {
            DIRECTIONS.iter().any(|&direction| {
                let behind = geometry.next[usize::from(from)][direction.opposite() as usize];
                let to = geometry.next[usize::from(from)][direction as usize];
                behind != NONE
                    && to != NONE
                    && reached.has(behind)
                    && !boxes.has(to)
                    && !fenced.has(to)
                    && !geometry.dead[usize::from(to)]
            })
        })
    }

    /// Whether the boxes `kept`, alone on the board with the player on `player`, can never all
    /// reach goals: a search over their pushes that gives up (false) once a box leaves the
    /// `fenced` squares (the corral's and the kept boxes'), or after [`CORRAL_STATES`]
    /// positions. Answers are kept by the boxes and the player's square.
    fn corral_is_dead(&self, fenced: &Squares<W>, kept: &Squares<W>, player: u16) -> bool {
        let geometry = self.geometry;
        let key = (*kept, player);
        if let Some(&dead) = self.corrals.borrow().get(&key) {
            return dead;
        }
        let start = (*kept, self.first_reached(kept, player));
        let mut seen = FxHashSet::default();
        seen.insert(start);
        let mut queue = vec![start];
        let mut dead = true;
        'search: while let Some((boxes, player)) = queue.pop() {
            if boxes.iter().all(|b| geometry.is_goal[usize::from(b)]) {
                dead = false;
                break;
            }
            let reached = self.area(&boxes, player, None);
            for from in boxes.iter() {
                for direction in DIRECTIONS {
                    let behind = geometry.next[usize::from(from)][direction.opposite() as usize];
                    let to = geometry.next[usize::from(from)][direction as usize];
                    if behind == NONE || to == NONE || !reached.has(behind) || boxes.has(to) {
                        continue;
                    }
                    if geometry.dead[usize::from(to)] {
                        continue;
                    }
                    if !fenced.has(to) {
                        dead = false; // out of the corral: no longer this corral's question
                        break 'search;
                    }
                    let mut after = boxes;
                    after.clear(from);
                    after.set(to);
                    if self.freezes(&after, to) {
                        continue;
                    }
                    let next = (after, self.first_reached(&after, from));
                    if seen.insert(next) {
                        if seen.len() > CORRAL_STATES {
                            dead = false;
                            break 'search;
                        }
                        queue.push(next);
                    }
                }
            }
        }
        let mut corrals = self.corrals.borrow_mut();
        if corrals.len() < MAX_CORRALS {
            corrals.insert(key, dead);
        }
        dead
    }
}
