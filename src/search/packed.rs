//! States stored as packed bytes, for the searches of hard puzzles that run until memory ends
//! them: a fixed number of bytes a state (no padding, no pointer), in blocks of a fixed size (no
//! vector doubling: what is counted is what is held), a parent index beside each, and a hash
//! table of indices.

use super::store::{buckets, chain};
use super::Space;
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::Hasher;

/// Whether `a` and `b` are the same bytes, compared 8 at a time: `==` on slices calls `memcmp`,
/// which in wasm compares a byte at a time (the page's searches compare a stored state with each
/// one found).
pub fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if n < 8 {
        return a.iter().zip(b).all(|(x, y)| x == y);
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().unwrap_or_default());
    // Whole words from the start, and the last word (which may overlap the one before).
    (0..n / 8).all(|i| word(a, 8 * i) == word(b, 8 * i)) && word(a, n - 8) == word(b, n - 8)
}

/// A space whose states pack into the same number of bytes each.
pub trait Packs: Space {
    /// The bytes of one packed state.
    fn packed_len(&self) -> usize;

    /// Writes `state` into `out` (`packed_len` bytes). Two states are equal exactly when their
    /// bytes are.
    fn pack(&self, state: &Self::State, out: &mut [u8]);

    /// The state `pack` wrote into `bytes`.
    fn unpack(&self, bytes: &[u8]) -> Self::State;
}

/// Items in one block of a [`Blocks`]: a search that stores more grows by whole blocks.
const BLOCK: usize = 1 << 16;

/// A vector that grows by whole blocks of [`BLOCK`] items, each `width` values wide, after the
/// first block, which grows by doubling (so a small search holds little).
pub struct Blocks<T> {
    blocks: Vec<Vec<T>>,
    width: usize,
    len: usize,
}

impl<T: Copy> Blocks<T> {
    pub fn new(width: usize) -> Self {
        Blocks { blocks: Vec::new(), width: width.max(1), len: 0 }
    }

    /// How many items are stored.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Adds an item (`width` values).
    pub fn push(&mut self, item: &[T]) {
        debug_assert_eq!(item.len(), self.width);
        let full = BLOCK * self.width;
        match self.blocks.last_mut() {
            Some(block) if block.len() < full => {
                if block.len() == block.capacity() {
                    block.reserve_exact(block.len().min(full - block.len()));
                }
                block.extend_from_slice(item);
            }
            _ => {
                let mut block = Vec::with_capacity(if self.blocks.is_empty() { 16 * self.width } else { full });
                block.extend_from_slice(item);
                self.blocks.push(block);
            }
        }
        self.len += 1;
    }

    /// Item `index` (`width` values).
    #[inline]
    pub fn get(&self, index: usize) -> &[T] {
        let at = (index % BLOCK) * self.width;
        &self.blocks[index / BLOCK][at..at + self.width]
    }

    /// Memory held, in bytes.
    pub fn bytes(&self) -> u64 {
        let held: usize = self.blocks.iter().map(Vec::capacity).sum();
        (held * std::mem::size_of::<T>() + self.blocks.capacity() * std::mem::size_of::<Vec<T>>()) as u64
    }
}

/// Tables the index of a [`PackedStore`] is split into.
const TABLES: usize = 16;

/// Where each table's share of the hashes ends, as a fraction of 2^24: table `t`'s share grows
/// as 2^(t/16), so that the tables' sizes spread over one doubling and they double in turn. A
/// hash table doubles when full; one table doubling at once would hold twice the slots a state
/// needs right after, while these together hold about 1.65 slots a state at any time.
const SHARES: [u32; TABLES] = {
    // 2^(t/16) for t in 0..16, times 2^16, and their running sums scaled to 2^24.
    const GROWTH: [u64; TABLES] = [
        65536, 68438, 71468, 74632, 77936, 81386, 84990, 88752, 92682, 96785, 101070, 105545, 110218, 115098, 120194,
        125515,
    ];
    let mut total = 0;
    let mut t = 0;
    while t < TABLES {
        total += GROWTH[t];
        t += 1;
    }
    let (mut ends, mut sum, mut t) = ([0u32; TABLES], 0, 0);
    while t < TABLES {
        sum += GROWTH[t];
        ends[t] = (sum * (1 << 24) / total) as u32;
        t += 1;
    }
    ends
};

/// The table a hash is filed in: by bits of the hash that neither picks the slot (the low
/// bits) nor the tag a table compares first (the top seven).
fn table_of(hash: u64) -> usize {
    let share = (hash >> 32) as u32 & ((1 << 24) - 1);
    SHARES.iter().position(|&end| share < end).unwrap_or(TABLES - 1)
}

/// States as `Packs` writes them, each with the index of the state it was first reached from.
/// The store holds bytes only (one copy of its code serves every kind of state); the search
/// packs and unpacks.
pub struct PackedStore {
    states: Blocks<u8>,
    parents: Blocks<u32>,
    index: [HashTable<u32>; TABLES],
}

fn hash_of(bytes: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(bytes);
    hasher.finish()
}

impl PackedStore {
    /// A store for states of `width` bytes.
    pub fn new(width: usize) -> Self {
        PackedStore {
            states: Blocks::new(width),
            parents: Blocks::new(1),
            index: std::array::from_fn(|_| HashTable::new()),
        }
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    /// The packed state at `index`.
    pub fn get(&self, index: u32) -> &[u8] {
        self.states.get(index as usize)
    }

    /// The index `index` was first reached from (`NO_PARENT` for the root).
    pub fn parent(&self, index: u32) -> u32 {
        self.parents.get(index as usize)[0]
    }

    /// Stores a packed state unless it is already there. Returns `Ok(new index)` or
    /// `Err(existing index)`.
    pub fn insert(&mut self, bytes: &[u8], parent: u32) -> Result<u32, u32> {
        let states = &self.states;
        let index = u32::try_from(states.len()).expect("the state budget keeps the store below 2^32");
        let hash = hash_of(bytes);
        let entry = self.index[table_of(hash)].entry(
            hash,
            |&i| same_bytes(states.get(i as usize), bytes),
            |&i| hash_of(states.get(i as usize)),
        );
        match entry {
            hashbrown::hash_table::Entry::Occupied(found) => Err(*found.get()),
            hashbrown::hash_table::Entry::Vacant(slot) => {
                slot.insert(index);
                self.states.push(bytes);
                self.parents.push(&[parent]);
                Ok(index)
            }
        }
    }

    /// The indices from the root to `index`, root first.
    pub fn chain_to(&self, index: u32) -> Vec<u32> {
        chain(index, |at| self.parent(at))
    }

    /// Memory held, in bytes: the blocks as allocated, and the tables' slots and control bytes.
    pub fn bytes(&self) -> u64 {
        self.states.bytes() + self.parents.bytes() + self.slots() as u64 * (4 + 1)
    }

    /// The index's slots, over its tables.
    fn slots(&self) -> usize {
        self.index.iter().map(|table| buckets(table.capacity())).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::store::NO_PARENT;

    /// Bytes of every length up to 40 are the same as themselves and differ wherever one byte
    /// differs, and bytes of different lengths differ.
    #[test]
    fn same_bytes_compares_every_byte() {
        let a: Vec<u8> = (0..40).collect();
        let copy = a.clone();
        for n in 0..=40 {
            assert!(same_bytes(&a[..n], &copy[..n]), "{n}");
            for at in 0..n {
                let mut b = a[..n].to_vec();
                b[at] ^= 0x80;
                assert!(!same_bytes(&a[..n], &b), "{n}, at {at}");
            }
            if n > 0 {
                assert!(!same_bytes(&a[..n], &a[..n - 1]));
            }
        }
    }

    /// A number as three bytes.
    fn packed(n: usize) -> [u8; 3] {
        let [a, b, c, _] = (n as u32).to_le_bytes();
        [a, b, c]
    }

    #[test]
    fn finds_duplicates_keeps_parents_and_survives_growth() {
        let mut store = PackedStore::new(3);
        let count = 3 * BLOCK as u32 + 17;
        for n in 0..count {
            let parent = n.checked_sub(1).unwrap_or(NO_PARENT);
            assert_eq!(store.insert(&packed(n as usize * 5), parent), Ok(n));
        }
        for n in (0..count).step_by(997) {
            assert_eq!(store.insert(&packed(n as usize * 5), 0), Err(n), "{n} is found again");
            assert_eq!(store.get(n), packed(n as usize * 5));
        }
        assert_eq!(store.chain_to(3), vec![0, 1, 2, 3]);
        // Four blocks of 3-byte states and of parents, and the table: no doubling past a block.
        let blocks = 4 * BLOCK as u64 * (3 + 4);
        assert!(store.bytes() >= blocks && store.bytes() < blocks + count as u64 * 12, "{}", store.bytes());
    }

    /// The tables' sizes spread over one doubling, so the slots held stay near 1.65 a state
    /// (8.2 bytes) as the store grows, where one table's swing between 1.14 and 2.29.
    #[test]
    fn the_index_holds_about_the_same_slots_a_state_at_every_size() {
        assert!(SHARES.windows(2).all(|pair| pair[0] < pair[1]) && SHARES[TABLES - 1] == 1 << 24);
        let mut store = PackedStore::new(3);
        let (mut least, mut most) = (f64::MAX, 0f64);
        for n in 0..1_500_000usize {
            let _ = store.insert(&packed(n), NO_PARENT);
            if n >= 20_000 && n % 5_000 == 0 {
                let per_state = store.slots() as f64 / (n + 1) as f64;
                (least, most) = (least.min(per_state), most.max(per_state));
            }
        }
        assert!(least > 1.3 && most < 2.0, "from {least:.2} to {most:.2} slots a state");
    }

    #[test]
    fn a_small_store_holds_little() {
        let mut store = PackedStore::new(3);
        for n in 0..100 {
            let _ = store.insert(&packed(n), NO_PARENT);
        }
        assert!(store.bytes() < 4096, "{}", store.bytes());
    }
}
