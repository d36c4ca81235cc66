//! Sets of cells as bits, and each slot's placements in flat tables indexed by (slot, anchor):
//! what the move generator's hot loop reads.

use super::*;

/// Every slot's placement data in flat arrays indexed by (slot, anchor), built from the shapes:
/// the hot loop loads from here directly instead of chasing slot -> shape -> table.
pub(super) struct SlotTables {
    cells: usize,
    stride: usize,
    /// PARTS masks of `stride` words per (slot, anchor); see `Shape::masks`.
    masks: Vec<u64>,
    steps: Vec<[u16; 4]>,
    directions: Vec<u8>,
    /// Per (slot, anchor), a bit per direction the piece may step in from there: the board and
    /// the walls leave room, and the puzzle lets it move that way (`axis`).
    ways: Vec<u8>,
    /// The slot range of each slot's class.
    pub(super) class_of: Vec<(u8, u8)>,
}

impl SlotTables {
    pub(super) fn new(shapes: &[Shape], slots: &[Slot], classes: &[Range<usize>], cells: usize) -> SlotTables {
        let class_of = slots.iter().map(|s| (classes[s.class].start as u8, classes[s.class].end as u8)).collect();
        let stride = cells.div_ceil(64);
        let mut tables = SlotTables {
            cells,
            stride,
            masks: Vec::new(),
            steps: Vec::new(),
            directions: Vec::new(),
            ways: Vec::new(),
            class_of,
        };
        for slot in slots {
            let shape = &shapes[slot.shape];
            tables.masks.extend_from_slice(&shape.masks);
            tables.steps.extend_from_slice(&shape.step);
            tables.directions.push(shape.directions);
            tables.ways.extend(
                shape
                    .step
                    .iter()
                    .map(|to| (0..4).filter(|&d| to[d] != NONE).fold(0, |ways, d| ways | 1 << d) & shape.directions),
            );
        }
        tables
    }

    #[inline]
    pub(super) fn mask<B: Bits>(&self, slot: usize, anchor: u16, part: usize) -> B {
        Self::part(self.row::<B>(slot, anchor), part)
    }

    /// The masks of (slot, anchor), every part.
    #[inline]
    pub(super) fn row<B: Bits>(&self, slot: usize, anchor: u16) -> &[u64] {
        // For one-word boards the stride is the constant 1, which the compiler folds in.
        let stride = B::STRIDE.unwrap_or(self.stride);
        let at = (slot * self.cells + anchor as usize) * PARTS * stride;
        &self.masks[at..at + PARTS * stride]
    }

    #[inline]
    pub(super) fn part<B: Bits>(row: &[u64], part: usize) -> B {
        let stride = row.len() / PARTS;
        B::load(&row[part * stride..(part + 1) * stride])
    }

    /// The cells the piece in `slot` covers at `anchor`.
    #[inline]
    pub(super) fn cover<B: Bits>(&self, slot: usize, anchor: u16) -> B {
        self.mask(slot, anchor, 0)
    }

    /// A bit per direction in which the piece at `anchor` can take a step, the cells covered
    /// being `occupied`. (A step's entering cells are never the piece's own, so the piece need
    /// not be taken out of `occupied` first.)
    #[inline]
    pub(super) fn first_steps<B: Bits>(&self, slot: usize, anchor: u16, occupied: B) -> u8 {
        let row = self.row::<B>(slot, anchor);
        let free = |d: usize| u8::from(!occupied.meets(Self::part(row, 1 + d))) << d;
        self.ways[slot * self.cells + anchor as usize] & (free(0) | free(1) | free(2) | free(3))
    }

    /// Where a step from `anchor` in `direction` leads (or NONE), and the cells it newly covers.
    #[inline]
    pub(super) fn step<B: Bits>(&self, slot: usize, anchor: u16, direction: usize) -> (u16, B) {
        (self.steps[slot * self.cells + anchor as usize][direction], self.mask(slot, anchor, 1 + direction))
    }

    #[inline]
    pub(super) fn moves_in(&self, slot: usize, direction: usize) -> bool {
        self.directions[slot] & (1 << direction) != 0
    }
}

/// A set of cells as bits: `u64` for boards of up to 64 cells (the common case, and the fast
/// one), `[u64; 8]` for any board up to 512 cells.
pub trait Bits: Copy {
    /// The table stride this type always implies, if it implies one.
    const STRIDE: Option<usize>;
    fn empty() -> Self;
    /// From `stride` words (fewer than the type holds are padded with zeros).
    fn load(words: &[u64]) -> Self;
    fn union(self, other: Self) -> Self;
    fn without(self, other: Self) -> Self;
    fn meets(self, other: Self) -> bool;
    fn is_empty(self) -> bool;
}

impl Bits for u64 {
    const STRIDE: Option<usize> = Some(1);
    #[inline]
    fn empty() -> u64 {
        0
    }
    #[inline]
    fn load(words: &[u64]) -> u64 {
        words[0]
    }
    #[inline]
    fn union(self, other: u64) -> u64 {
        self | other
    }
    #[inline]
    fn without(self, other: u64) -> u64 {
        self & !other
    }
    #[inline]
    fn meets(self, other: u64) -> bool {
        self & other != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
}

impl Bits for [u64; 8] {
    const STRIDE: Option<usize> = None;
    fn empty() -> Self {
        [0; 8]
    }
    #[inline]
    fn load(words: &[u64]) -> Self {
        let mut bits = [0; 8];
        bits[..words.len()].copy_from_slice(words);
        bits
    }
    #[inline]
    fn union(mut self, other: Self) -> Self {
        for (a, b) in self.iter_mut().zip(other) {
            *a |= b;
        }
        self
    }
    #[inline]
    fn without(mut self, other: Self) -> Self {
        for (a, b) in self.iter_mut().zip(other) {
            *a &= !b;
        }
        self
    }
    #[inline]
    fn meets(self, other: Self) -> bool {
        self.iter().zip(other).any(|(a, b)| a & b != 0)
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.iter().all(|&a| a == 0)
    }
}

/// Any board's cells as bits.
pub(super) type Cells = [u64; 8];

pub(super) fn cell_bit(cell: usize) -> Cells {
    let mut bits = [0; 8];
    bits[cell / 64] = 1 << (cell % 64);
    bits
}
