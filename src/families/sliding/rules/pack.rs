//! States packed into `W` machine words (each piece's anchor in as few bits as its placements
//! need) and the engine's search space over them.

use super::*;

impl Rules {
    /// How many machine words a packed state needs.
    pub fn words(&self) -> usize {
        self.words
    }

    pub fn pack<const W: usize>(&self, anchors: &[u16]) -> [u64; W] {
        let mut words = [0u64; W];
        let (mut word, mut shift) = (0, 0);
        for &a in anchors {
            words[word] |= u64::from(a) << shift;
            shift += self.bits;
            if shift + self.bits > 64 {
                word += 1;
                shift = 0;
            }
        }
        words
    }

    /// The packed state `state` (whose anchors are `anchors`) after `slot` moves to `to`. Only
    /// the moved piece's bits change, and within its class the order: the class stays sorted
    /// when the pieces the move passes take its place one by one (a unit move passes none or a
    /// few; anchors in a class differ, as its pieces never overlap).
    #[inline(always)]
    pub(super) fn moved<const W: usize>(&self, state: &[u64; W], anchors: &[u16], slot: usize, to: u16) -> [u64; W] {
        let mut next = *state;
        let (start, end) = self.tables.class_of[slot];
        let mut k = slot;
        if to < anchors[slot] {
            while k > usize::from(start) && anchors[k - 1] > to {
                self.put(&mut next, k, anchors[k - 1]);
                k -= 1;
            }
        } else {
            while k + 1 < usize::from(end) && anchors[k + 1] < to {
                self.put(&mut next, k, anchors[k + 1]);
                k += 1;
            }
        }
        self.put(&mut next, k, to);
        next
    }

    /// Writes one slot's anchor into a packed state.
    #[inline]
    pub(super) fn put<const W: usize>(&self, words: &mut [u64; W], slot: usize, anchor: u16) {
        let (word, shift) = self.places[slot];
        let mask = ((1u64 << self.bits) - 1) << shift;
        words[word] = (words[word] & !mask) | (u64::from(anchor) << shift);
    }

    pub fn unpack<const W: usize>(&self, words: &[u64; W], anchors: &mut [u16]) {
        for (slot, a) in anchors.iter_mut().enumerate() {
            *a = self.get(words, slot);
        }
    }

    /// One slot's anchor in a packed state.
    #[inline]
    pub(super) fn get<const W: usize>(&self, words: &[u64; W], slot: usize) -> u16 {
        let (word, shift) = self.places[slot];
        ((words[word] >> shift) & ((1u64 << self.bits) - 1)) as u16
    }

    /// The goal test on a packed state, reading only the pieces the goal asks about when it can
    /// (and unpacking only for the others: clearing the room `unpacked` takes costs more than
    /// most goal tests).
    pub fn is_goal_packed<const W: usize>(&self, words: &[u64; W]) -> bool {
        match &self.goal {
            GoalTest::Exact(goal) => goal.iter().enumerate().all(|(slot, &g)| self.get(words, slot) == g),
            GoalTest::Placements(placements) if placements.iter().all(|p| p.empties.is_empty()) => placements
                .iter()
                .any(|p| p.slots.iter().all(|(slot, allowed)| allowed[self.get(words, *slot) as usize])),
            _ => self.unpacked(words, |anchors| self.is_goal(anchors)),
        }
    }

    /// `f` of the anchors packed in `words`, unpacked into room on the stack: every slot takes
    /// at least one bit of the W words, so 64 W anchors always fit. (No buffer in the space:
    /// threads share it.)
    #[inline(always)]
    fn unpacked<const W: usize, R>(&self, words: &[u64; W], f: impl FnOnce(&[u16]) -> R) -> R {
        let mut room = [[0u16; 64]; W];
        let anchors = &mut room.as_flattened_mut()[..self.slots.len()];
        self.unpack(words, anchors);
        f(anchors)
    }
}

/// The search space over packed states of `W` words.
pub struct SlidingSpace<'a, const W: usize> {
    pub rules: &'a Rules,
}

impl<'a, const W: usize> SlidingSpace<'a, W> {
    pub fn new(rules: &'a Rules) -> Self {
        assert!(rules.words() <= W, "the state needs {} words", rules.words());
        SlidingSpace { rules }
    }

    pub fn unpack(&self, state: &[u64; W]) -> Vec<u16> {
        let mut anchors = vec![0; self.rules.slots.len()];
        self.rules.unpack(state, &mut anchors);
        anchors
    }

    /// The successors made piece by piece from the unpacked anchors (`Rules::for_each_move`):
    /// every metric and board; one-word positions in the unit and slide metrics have a faster
    /// way (`WordMoves`) that makes the same list.
    pub(super) fn piece_by_piece(&self, state: &[u64; W], out: &mut Vec<((), [u64; W], u32)>) {
        let rules = self.rules;
        rules.unpacked(state, |anchors| {
            rules.for_each_move(anchors, |slot, to| out.push(((), rules.moved(state, anchors, slot, to), 1)))
        });
    }

    fn canonical_start(&self) -> [u64; W] {
        let mut anchors = self.rules.start.clone();
        self.rules.canonical(&mut anchors);
        self.rules.pack(&anchors)
    }
}

impl<const W: usize> Space for SlidingSpace<'_, W> {
    type State = [u64; W];
    type Move = ();

    fn start(&self) -> [u64; W] {
        self.canonical_start()
    }

    fn successors(&self, state: &[u64; W], out: &mut Vec<((), [u64; W], u32)>) {
        let rules = self.rules;
        match (W, &rules.word_moves, rules.metric) {
            (1, Some(moves), Metric::Unit | Metric::Slide) => {
                moves.successors(state[0], rules.metric == Metric::Slide, |word| out.push(((), [word; W], 1)));
            }
            _ => self.piece_by_piece(state, out),
        }
    }

    fn is_goal(&self, state: &[u64; W]) -> bool {
        self.rules.is_goal_packed(state)
    }

    fn heuristic(&self, state: &[u64; W]) -> u32 {
        self.rules.unpacked(state, |anchors| self.rules.heuristic(anchors))
    }
}

impl<const W: usize> Reversible for SlidingSpace<'_, W> {
    fn goal_state(&self) -> Option<[u64; W]> {
        self.rules.goal_anchors().map(|g| self.rules.pack(g))
    }

    /// Every move can be made backwards in every metric, so predecessors are successors.
    fn predecessors(&self, state: &[u64; W], out: &mut Vec<((), [u64; W], u32)>) {
        self.successors(state, out);
    }
}
