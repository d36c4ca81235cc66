//! Moves on positions that fit one machine word, on boards of up to 64 cells (Klotski, the
//! 2x5 puzzle, most sliding-block puzzles people bring): the general move generator
//! (`Rules::moves_with`) with everything a position needs per piece in one table row, so the
//! hot loop is a load, an AND and a compare per direction.

use super::*;

/// A piece's placement at one anchor.
#[derive(Clone, Copy)]
struct Row {
    /// The cells covered.
    cover: u64,
    /// Per direction, the cells a step enters; every cell when the step is not allowed (off the
    /// board, into a wall, or across `axis`), which the covered cells always meet.
    enter: [u64; 4],
    /// Per direction, the anchor after the step (`STUCK` when there is none).
    to: [u8; 4],
}

const STUCK: u8 = u8::MAX;

pub(super) struct WordMoves {
    /// Slot `k`'s row for anchor `a` at `k * 64 + a`: a fixed size, so that an index made of
    /// the position's bits needs no bounds check.
    rows: Box<[Row; MAX_SLOTS * 64]>,
    /// Per slot: its anchor's shift in the word (fixed-size too, indexed modulo its length).
    shifts: [u32; MAX_SLOTS],
    /// Per slot: the slots of its class (`SlotTables::class_of`).
    class: [(u8, u8); MAX_SLOTS],
    /// How many slots there are.
    slots: usize,
    /// The bits of one anchor.
    anchor: u64,
}

/// Pieces in a one-word position of a board of up to 64 cells: at most 16 (a 6-bit anchor
/// leaves room for 10, a 4-bit one for 16), so their open directions fit one word.
const MAX_SLOTS: usize = 16;

/// Slot `slot`'s row at `anchor` (below 64: an anchor is at most six bits here).
#[inline(always)]
fn at(slot: usize, anchor: u64) -> usize {
    (slot * 64 + anchor as usize) % (MAX_SLOTS * 64)
}

impl WordMoves {
    /// The table when positions take one word on a board of at most 64 cells, in the unit and
    /// slide metrics (a move in the piece metric is a search of its own).
    pub(super) fn new(rules: &Rules) -> Option<WordMoves> {
        let cells = rules.width * rules.height;
        if cells > 64 || rules.words != 1 || rules.slots.len() > MAX_SLOTS || rules.metric == Metric::Piece {
            return None;
        }
        let stuck = Row { cover: 0, enter: [u64::MAX; 4], to: [STUCK; 4] };
        let mut rows: Box<[Row; MAX_SLOTS * 64]> = vec![stuck; MAX_SLOTS * 64].into_boxed_slice().try_into().ok()?;
        let (mut shifts, mut class) = ([0; MAX_SLOTS], [(0, 0); MAX_SLOTS]);
        for slot in 0..rules.slots.len() {
            let (word, shift) = rules.places[slot];
            if word != 0 {
                return None;
            }
            shifts[slot] = shift;
            class[slot] = rules.tables.class_of[slot];
            for anchor in 0..cells as u16 {
                let cover: u64 = rules.tables.cover(slot, anchor);
                let mut row = Row { cover, enter: [u64::MAX; 4], to: [STUCK; 4] };
                for d in 0..4 {
                    let (to, enter): (u16, u64) = rules.tables.step(slot, anchor, d);
                    if to != NONE && rules.tables.moves_in(slot, d) {
                        row.to[d] = to as u8;
                        row.enter[d] = enter;
                    }
                }
                rows[at(slot, anchor.into())] = row;
            }
        }
        Some(WordMoves { rows, shifts, class, slots: rules.slots.len(), anchor: (1 << rules.bits) - 1 })
    }

    /// Calls `emit(next)` for every position one unit move, or in the slide metric one slide,
    /// from `state`: the moves `Rules::moves_with` makes, in its order (pieces in slot order,
    /// directions up, down, left, right, a slide's nearer stops first).
    #[inline(always)]
    pub(super) fn successors(&self, state: u64, slide: bool, mut emit: impl FnMut(u64)) {
        let shifts = &self.shifts[..self.slots];
        let mut rows = [0usize; MAX_SLOTS];
        let mut occupied = 0u64;
        for (slot, (row, &shift)) in rows.iter_mut().zip(shifts).enumerate() {
            *row = at(slot, (state >> shift) & self.anchor);
            occupied |= self.rows[*row].cover;
        }
        // Four bits a piece, found without branches: most pieces cannot move at all.
        let mut open = 0u64;
        for (i, &row) in rows[..shifts.len()].iter().enumerate() {
            let enter = &self.rows[row % (MAX_SLOTS * 64)].enter;
            let free = |d: usize| u64::from(enter[d] & occupied == 0) << d;
            open |= (free(0) | free(1) | free(2) | free(3)) << (4 * i);
        }
        while open != 0 {
            let bit = open.trailing_zeros() as usize;
            open &= open - 1;
            let (slot, d) = (bit / 4 % MAX_SLOTS, bit % 4);
            let here = &self.rows[rows[slot] % (MAX_SLOTS * 64)];
            let mut to = here.to[d];
            emit(self.moved(state, slot, to));
            if slide {
                // Steps after the first may enter the cells the piece has left.
                let others = occupied & !here.cover;
                loop {
                    let row = &self.rows[at(slot, to.into())];
                    if row.to[d] == STUCK || row.enter[d] & others != 0 {
                        break;
                    }
                    to = row.to[d];
                    emit(self.moved(state, slot, to));
                }
            }
        }
    }

    /// `state` with `slot` moved to `to`, its class kept in order (`Rules::moved`).
    #[inline(always)]
    fn moved(&self, state: u64, slot: usize, to: u8) -> u64 {
        let get = |k: usize| (state >> self.shifts[k % MAX_SLOTS]) & self.anchor;
        let put = |word: u64, k: usize, anchor: u64| {
            let shift = self.shifts[k % MAX_SLOTS];
            (word & !(self.anchor << shift)) | anchor << shift
        };
        let (start, end) = self.class[slot % MAX_SLOTS];
        let (from, to) = (get(slot), u64::from(to));
        let mut next = state;
        let mut k = slot;
        if to < from {
            while k > usize::from(start) && get(k - 1) > to {
                next = put(next, k, get(k - 1));
                k -= 1;
            }
        } else {
            while k + 1 < usize::from(end) && get(k + 1) < to {
                next = put(next, k, get(k + 1));
                k += 1;
            }
        }
        put(next, k, to)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::format;
    use super::*;
    use crate::search::Space;
    use std::collections::{HashSet, VecDeque};

    macro_rules! example {
        ($name:literal) => {
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/www/examples/", $name, ".txt"))
        };
    }

    /// From a few thousand positions of each board, in the unit and slide metrics: the one-word
    /// generator makes exactly the successors the piece-by-piece one makes, in the same order
    /// (breadth-first search's parents, and so its answers, depend on the order).
    #[test]
    fn one_word_moves_are_the_moves_made_piece_by_piece() {
        let boards = [
            // Klotski with the goal naming a only: its 1x1 and 1x2 pieces make classes of four,
            // whose order a move keeps.
            "baac\nbaac\ndeef\ndghf\ni  j\naX\n",
            "pieces: s=1x1 v=1x2\nvaav\nvaav\nvhhv\nvssv\ns  s\n-.aa.----$\n",
            example!("klotski"),
            example!("rush-hour"),
            example!("two-part-piece"),
            example!("article-maze"),
            "abcde\nfghi \nabcdefghiX\n",
        ];
        for text in boards {
            let layout = format::parse(text).expect("the boards parse");
            for metric in [Metric::Unit, Metric::Slide] {
                let rules = Rules::new(&layout, metric).expect("the boards parse");
                assert!(rules.word_moves.is_some(), "{text} takes one word");
                let space = SlidingSpace::<1>::new(&rules);
                let (mut seen, mut queue) = (HashSet::from([space.start()]), VecDeque::from([space.start()]));
                let (mut fast, mut by_piece, mut moves) = (Vec::new(), Vec::new(), 0);
                while let Some(state) = queue.pop_front().filter(|_| seen.len() < 4_000) {
                    fast.clear();
                    by_piece.clear();
                    space.successors(&state, &mut fast);
                    space.piece_by_piece(&state, &mut by_piece);
                    assert_eq!(fast, by_piece, "{text} in the {} metric", metric.name());
                    moves += fast.len();
                    for (_, next, _) in fast.drain(..) {
                        if seen.insert(next) {
                            queue.push_back(next);
                        }
                    }
                }
                assert!(moves > 0 && seen.len() > 1, "{text}: {} positions", seen.len());
            }
        }
    }
}
