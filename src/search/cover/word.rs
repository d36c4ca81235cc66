//! Item sets that fit in one machine integer (u64, u128), and region growth on them by shifts.

use super::Bits;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// An item set in one integer: what the fast search works on.
pub trait Word:
    Copy
    + Eq
    + Default
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    const BITS: u32;
    fn lowest(self) -> u32;
    fn count(self) -> u32;
    fn is_empty(self) -> bool {
        self == Self::default()
    }
    /// The lowest item alone.
    fn lowest_bit(self) -> Self;
    /// Whether item `i` is in the set, as 0 or 1.
    fn bit(self, i: u32) -> usize;
    /// The set of item `i` alone.
    fn one(i: u32) -> Self;
    /// The first words of `bits` (the rest must be empty).
    fn from_bits<const W: usize>(bits: &Bits<W>) -> Self;
}

macro_rules! word {
    ($type:ty) => {
        impl Word for $type {
            const BITS: u32 = <$type>::BITS;
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }
            fn count(self) -> u32 {
                self.count_ones()
            }
            fn lowest_bit(self) -> Self {
                self & self.wrapping_neg()
            }
            fn bit(self, i: u32) -> usize {
                (self >> i) as usize & 1
            }
            fn one(i: u32) -> Self {
                1 << i
            }
            fn from_bits<const W: usize>(bits: &Bits<W>) -> Self {
                bits.iter()
                    .take((Self::BITS / 64) as usize)
                    .enumerate()
                    .fold(0, |word, (i, &w)| word | <$type>::from(w) << (64 * i))
            }
        }
    };
}

word!(u64);
word!(u128);

/// A neighbour relation that is "one apart or `far` apart" (a rectangle numbered column by
/// column, `far` being its height; cells of the rectangle that are not items simply have no
/// neighbours): a region grows by whole-word shifts instead of item by item. `masks[d]` holds
/// the items that have a neighbour in direction d (+1, -1, +far, -far).
pub struct Shifts<B> {
    far: u32,
    masks: [B; 4],
}

impl<B: Word> Shifts<B> {
    pub fn find<const W: usize>(neighbours: &[Bits<W>]) -> Option<Shifts<B>> {
        if neighbours.is_empty() || neighbours.len() > B::BITS as usize {
            return None;
        }
        let mut far = None;
        let mut masks = [B::default(); 4];
        for (i, n) in neighbours.iter().enumerate() {
            for (w, &word) in n.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let j = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    if j >= B::BITS as usize {
                        return None;
                    }
                    let gap = i.abs_diff(j) as u32;
                    let direction = match gap {
                        1 => usize::from(j < i),
                        _ if far.is_none_or(|f| f == gap) => {
                            far = Some(gap);
                            2 + usize::from(j < i)
                        }
                        _ => return None,
                    };
                    masks[direction] |= B::one(i as u32);
                }
            }
        }
        Some(Shifts { far: far.unwrap_or(B::BITS), masks })
    }

    /// The items of `region` and their neighbours.
    #[inline]
    pub fn grow(&self, region: B) -> B {
        let [down, up, right, left] = self.masks;
        let far = self.far;
        let mut grown = region | ((region & down) << 1) | ((region & up) >> 1);
        if far < B::BITS {
            grown |= ((region & right) << far) | ((region & left) >> far);
        }
        grown
    }

    /// The items next to `region` (not `region` itself unless next to it).
    #[inline]
    pub fn adjacent(&self, region: B) -> B {
        let [down, up, right, left] = self.masks;
        let far = self.far;
        let mut grown = ((region & down) << 1) | ((region & up) >> 1);
        if far < B::BITS {
            grown |= ((region & right) << far) | ((region & left) >> far);
        }
        grown
    }

    /// Whether every region of `open` that holds one of `seeds` has a size marked in
    /// `fillable`.
    #[inline]
    pub fn regions_fit(&self, mut seeds: B, open: B, fillable: &[bool]) -> bool {
        while !seeds.is_empty() {
            let region = self.region(seeds.lowest_bit(), open);
            if !fillable.get(region.count() as usize).copied().unwrap_or(false) {
                return false;
            }
            seeds &= !region;
        }
        true
    }

    /// The connected part of `open` that holds `seed`.
    #[inline]
    pub fn region(&self, seed: B, open: B) -> B {
        let mut region = seed;
        loop {
            let grown = self.grow(region) & open;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}
