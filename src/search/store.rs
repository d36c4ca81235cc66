//! The arena every stored search state lives in: states in one vector, a parent index beside each,
//! and a hash table of indices (not clones) to find a state again.

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;
use std::hash::{BuildHasher, Hash};

/// Marks the root of the parent chain.
pub const NO_PARENT: u32 = u32::MAX;

pub struct Store<T> {
    states: Vec<T>,
    parents: Vec<u32>,
    index: HashTable<u32>,
    hasher: FxBuildHasher,
}

impl<T: Eq + Hash> Store<T> {
    pub fn new() -> Self {
        Store { states: Vec::new(), parents: Vec::new(), index: HashTable::new(), hasher: FxBuildHasher }
    }

    /// A store of `states` and the `parents` beside them with no index (it finds nothing): what
    /// an exploration that indexes its states its own way hands on to be read.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn unindexed(states: Vec<T>, parents: Vec<u32>) -> Self {
        Store { states, parents, index: HashTable::new(), hasher: FxBuildHasher }
    }

    /// The states and the parents beside them, for an exploration that goes on with an index of
    /// its own.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn into_parts(self) -> (Vec<T>, Vec<u32>) {
        (self.states, self.parents)
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn state(&self, index: u32) -> &T {
        &self.states[index as usize]
    }

    /// The index `index` was first reached from (`NO_PARENT` for the root).
    pub fn parent(&self, index: u32) -> u32 {
        self.parents[index as usize]
    }

    pub fn set_parent(&mut self, index: u32, parent: u32) {
        self.parents[index as usize] = parent;
    }

    pub fn find(&self, state: &T) -> Option<u32> {
        let hash = Self::hash(state);
        self.index.find(hash, |&i| self.states[i as usize] == *state).copied()
    }

    /// The hash the table files `state` under (a spread search indexes states by it too).
    pub fn hash(state: &T) -> u64 {
        FxBuildHasher.hash_one(state)
    }

    /// Stores `state`, which its space numbers `number` ([`crate::search::Space::number`]),
    /// unless it is already there: a number below the count of the states stored is one of
    /// them, and the next number is new. Nothing is indexed, so `find` does not find it.
    pub fn insert_numbered(&mut self, state: T, number: u32, parent: u32) -> Result<u32, u32> {
        if (number as usize) < self.states.len() {
            return Err(number);
        }
        debug_assert_eq!(
            number as usize,
            self.states.len(),
            "a space numbers its states in the order it hands them out"
        );
        self.states.push(state);
        self.parents.push(parent);
        Ok(number)
    }

    /// Stores `state` unless it is already there. Returns `Ok(new index)` or `Err(existing index)`.
    pub fn insert(&mut self, state: T, parent: u32) -> Result<u32, u32> {
        let hash = Self::hash(&state);
        let (states, hasher) = (&self.states, &self.hasher);
        let index = u32::try_from(states.len()).expect("the state budget keeps the arena below 2^32");
        // One probe finds the state or the free slot for it.
        match self.index.entry(hash, |&i| states[i as usize] == state, |&i| hasher.hash_one(&states[i as usize])) {
            hashbrown::hash_table::Entry::Occupied(found) => Err(*found.get()),
            hashbrown::hash_table::Entry::Vacant(slot) => {
                slot.insert(index);
                self.states.push(state);
                self.parents.push(parent);
                Ok(index)
            }
        }
    }

    /// The indices from the root to `index`, root first.
    pub fn chain_to(&self, index: u32) -> Vec<u32> {
        chain(index, |at| self.parents[at as usize])
    }

    /// The states from the root to `index`, root first.
    pub fn path_to(&self, index: u32) -> Vec<T>
    where
        T: Clone,
    {
        self.chain_to(index).into_iter().map(|i| self.states[i as usize].clone()).collect()
    }

    /// Memory held, in bytes (capacity, not just length: that is what the tab pays for).
    pub fn bytes(&self) -> u64 {
        let states = self.states.capacity() * std::mem::size_of::<T>();
        let parents = self.parents.capacity() * 4;
        let index = buckets(self.index.capacity()) * (4 + 1);
        (states + parents + index) as u64
    }
}

/// The indices from the root to `index`, root first, following `parent` until `NO_PARENT`.
pub(super) fn chain(index: u32, parent: impl Fn(u32) -> u32) -> Vec<u32> {
    let mut chain = vec![index];
    let mut at = index;
    while parent(at) != NO_PARENT {
        at = parent(at);
        chain.push(at);
    }
    chain.reverse();
    chain
}

/// The buckets a hash table (hashbrown's) that holds `capacity` entries has, each a slot and a
/// control byte: its capacity is seven eighths of them, or one fewer in a table of under eight.
pub fn buckets(capacity: usize) -> usize {
    match capacity {
        0 => 0,
        1..=7 => capacity + 1,
        _ => capacity / 7 * 8,
    }
}

impl<T: Eq + Hash> Default for Store<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_finds_duplicates_and_keeps_parents() {
        let mut store = Store::new();
        assert_eq!(store.insert(10u64, NO_PARENT), Ok(0));
        assert_eq!(store.insert(11, 0), Ok(1));
        assert_eq!(store.insert(12, 1), Ok(2));
        assert_eq!(store.insert(11, 2), Err(1));
        assert_eq!(store.find(&12), Some(2));
        assert_eq!(store.find(&13), None);
        assert_eq!(store.path_to(2), vec![10, 11, 12]);
        assert!(store.bytes() >= 3 * 12);
    }

    #[test]
    fn a_tables_buckets_are_counted_from_its_capacity() {
        for entries in [1usize, 3, 7, 8, 100, 5_000] {
            let mut table = HashTable::new();
            for i in 0..entries as u32 {
                table.insert_unique(u64::from(i), i, |&i| u64::from(i));
            }
            let counted = buckets(table.capacity());
            assert!(counted.is_power_of_two() && counted * 7 / 8 >= entries.min(counted - 1), "{entries}: {counted}");
            assert!(table.capacity() < counted, "{entries}: {counted}");
        }
        assert_eq!(buckets(0), 0);
    }

    #[test]
    fn many_states_survive_table_growth() {
        let mut store = Store::new();
        for i in 0..10_000u32 {
            assert_eq!(store.insert(i * 7, NO_PARENT), Ok(i));
        }
        for i in 0..10_000u32 {
            assert_eq!(store.find(&(i * 7)), Some(i));
        }
    }
}
