//! Breadth-first expansion on several threads that numbers states exactly as the one-thread
//! loop does, shared by breadth-first search and Analyse's exploration.
//!
//! The states stored but not yet expanded are taken in batches, each in three steps:
//! 1. the threads expand the batch's states and look each successor up in the index as it stood
//!    before the batch (the random memory reads, which are most of the work);
//! 2. the calling thread walks the results in order and numbers the successors not yet stored
//!    in order of first appearance (those met twice within the batch are found in a small table
//!    of the batch's own, which stays in the cache), as the one-thread loop would, handing each
//!    expanded state and its successors to the search;
//! 3. the threads file the new states in the index, split by hash into shards so that each shard
//!    is written by one thread.
//!
//! A state first met inside a batch is found again by step 2 exactly where the one-thread loop
//! would find it in its store, so every state gets the same number and parent. Searches start
//! on one thread and hand their store over ([`Spread::resume`]) once it holds [`SPREAD_FROM`]
//! states: below that, starting threads and batches costs more than it saves (Klotski's 25,955
//! positions took longer spread than on one thread: `benches/RESULTS.md`).

use super::store::Store;
use super::{expand, Space};
use hashbrown::HashTable;
use rayon::prelude::*;

/// Stored states from which a search spreads over threads.
pub const SPREAD_FROM: usize = 1 << 16;
/// States expanded between two visits of the calling thread (progress, Cancel, budgets).
const BATCH: usize = 1 << 14;
/// A batch of fewer states than this is expanded and filed on the calling thread: handing it to
/// the pool costs more than it saves, and a deep narrow space (a maze's corridor) has a layer of
/// one or two states for thousands of levels. On a 100,000-move corridor the pool's round trips
/// made two threads 64 times slower than one (1.28 s against 0.02 s).
const SMALL_BATCH: usize = 1 << 10;
/// The index's shards; chosen by hash bits that hashbrown uses for neither bucket nor tag.
const SHARDS: usize = 64;

fn shard(hash: u64) -> usize {
    (hash >> 40) as usize % SHARDS
}

/// Which states the threads test for the goal: each search needs one of the two, and a goal
/// test can be costly (a goal regex runs over the whole board).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoalTest {
    /// Each state as it is expanded (Analyse marks every solved position).
    Expanded,
    /// Each state as it is first stored (breadth-first search stops at the first goal stored).
    Stored,
}

/// A successor as step 2 hands it on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Next {
    pub index: u32,
    /// Stored just now (first met here).
    pub new: bool,
    /// A goal (tested for new states under [`GoalTest::Stored`] only).
    pub goal: bool,
}

/// One expanded state, as step 2 hands it on.
pub struct Expansion<'a> {
    pub index: usize,
    /// Whether the state itself is a goal (tested under [`GoalTest::Expanded`] only).
    pub goal: bool,
    /// States stored before this one's successors were numbered (what the one-thread loop's
    /// store holds when it expands this state).
    pub stored: usize,
    /// Memory held by the stored states and the index.
    pub bytes: u64,
    pub successors: &'a [Next],
}

/// A batch slice's expansions: per state, whether it is a goal and how many successors it has;
/// the successors as the index already stored, or the new state, its hash and whether it is a
/// goal.
struct Expanded<T> {
    goal: Vec<bool>,
    counts: Vec<u32>,
    found: Vec<Result<u32, (u64, T, bool)>>,
}

pub struct Spread<T> {
    pool: rayon::ThreadPool,
    threads: usize,
    test: GoalTest,
    states: Vec<T>,
    parents: Vec<u32>,
    shards: Vec<HashTable<u32>>,
    /// The batch's new states (step 2).
    fresh: HashTable<u32>,
    /// The batch's new states per shard, to file (step 3).
    filed: Vec<Vec<(u64, u32)>>,
    expanded: usize,
}

impl<T: Clone + Eq + std::hash::Hash + Send + Sync> Spread<T> {
    /// The search of `store`, whose first `expanded` states have been expanded, going on on
    /// `threads` threads and testing the states `test` names; the store back for one thread, or
    /// when no thread pool can be had.
    pub fn resume(store: Store<T>, expanded: usize, threads: usize, test: GoalTest) -> Result<Self, Store<T>> {
        let Some(pool) = rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok().filter(|_| threads > 1)
        else {
            return Err(store);
        };
        let (states, parents) = store.into_parts();
        let mut shards: Vec<HashTable<u32>> = (0..SHARDS).map(|_| HashTable::new()).collect();
        for (index, state) in states.iter().enumerate() {
            let hash = Store::hash(state);
            shards[shard(hash)].insert_unique(hash, index as u32, |&i| Store::hash(&states[i as usize]));
        }
        Ok(Spread {
            pool,
            threads,
            test,
            states,
            parents,
            shards,
            fresh: HashTable::new(),
            filed: vec![Vec::new(); SHARDS],
            expanded,
        })
    }

    /// Whether every stored state has been expanded.
    pub fn is_done(&self) -> bool {
        self.expanded == self.states.len()
    }

    /// Expands the next batch and hands each of its states, in order, to `visit`, which may stop
    /// the search (its error is returned; the states stored so far stay).
    pub fn next_batch<S, E>(
        &mut self,
        space: &S,
        mut visit: impl FnMut(Expansion<'_>) -> Result<(), E>,
    ) -> Result<(), E>
    where
        S: Space<State = T> + Sync,
    {
        let (head, end) = (self.expanded, self.states.len().min(self.expanded + BATCH));
        let small = end - head < SMALL_BATCH;
        let (states, shards, test) = (&self.states, &self.shards, self.test);
        let parts: Vec<Expanded<T>> = if small {
            vec![expand_slice(space, states, shards, test, head..end)]
        } else {
            let slice = (end - head).div_ceil(self.threads * 8).max(64);
            self.pool.install(|| {
                (head..end)
                    .step_by(slice)
                    .collect::<Vec<_>>()
                    .into_par_iter()
                    .map(|from| expand_slice(space, states, shards, test, from..(from + slice).min(end)))
                    .collect()
            })
        };
        self.fresh.clear();
        // The shards grow only in step 3; the batch's own table stays small.
        let index_bytes = self.shards.iter().map(|t| t.capacity() as u64 * 5).sum::<u64>()
            + self.fresh.capacity().max(BATCH * 4) as u64 * 5;
        let mut successors = Vec::new();
        for part in parts {
            let mut found = part.found.into_iter();
            for (goal, count) in part.goal.into_iter().zip(part.counts) {
                let (index, stored) = (self.expanded, self.states.len());
                successors.clear();
                for next in found.by_ref().take(count as usize) {
                    successors.push(match next {
                        Ok(index) => Next { index, new: false, goal: false },
                        Err((hash, state, goal)) => self.number(hash, state, goal, index as u32),
                    });
                }
                self.expanded += 1;
                let bytes = (self.states.capacity() * std::mem::size_of::<T>() + self.parents.capacity() * 4) as u64
                    + index_bytes;
                visit(Expansion { index, goal, stored, bytes, successors: &successors })?;
            }
        }
        let (pool, states, shards, filed) = (&self.pool, &self.states, &mut self.shards, &mut self.filed);
        let file = |(table, new): (&mut HashTable<u32>, &mut Vec<(u64, u32)>)| {
            for (hash, index) in new.drain(..) {
                table.insert_unique(hash, index, |&i| Store::hash(&states[i as usize]));
            }
        };
        if small {
            shards.iter_mut().zip(filed.iter_mut()).for_each(file);
        } else {
            pool.install(|| shards.par_iter_mut().zip(filed.par_iter_mut()).for_each(file));
        }
        Ok(())
    }

    /// A successor not in the index before the batch: the state stored earlier in the batch, or
    /// stored now with the next number.
    fn number(&mut self, hash: u64, state: T, goal: bool, parent: u32) -> Next {
        let states = &self.states;
        if let Some(&index) = self.fresh.find(hash, |&i| states[i as usize] == state) {
            return Next { index, new: false, goal: false };
        }
        // Budgets stop a search long before 2^32 states (as in `Store::insert`).
        let index = self.states.len() as u32;
        self.fresh.insert_unique(hash, index, |&i| Store::hash(&states[i as usize]));
        self.filed[shard(hash)].push((hash, index));
        self.states.push(state);
        self.parents.push(parent);
        Next { index, new: true, goal }
    }

    /// The states stored so far (the first `keep` of them) with their parents, to be read.
    pub fn into_store(mut self, keep: usize) -> Store<T> {
        self.states.truncate(keep);
        self.parents.truncate(keep);
        Store::unindexed(self.states, self.parents)
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }
}

fn expand_slice<S: Space>(
    space: &S,
    states: &[S::State],
    shards: &[HashTable<u32>],
    test: GoalTest,
    range: std::ops::Range<usize>,
) -> Expanded<S::State> {
    // Room for four successors a state before the list grows (copying what it holds).
    let mut out = Expanded {
        goal: Vec::with_capacity(range.len()),
        counts: Vec::with_capacity(range.len()),
        found: Vec::with_capacity(range.len() * 4),
    };
    let mut successors = Vec::new();
    for state in &states[range] {
        out.goal.push(test == GoalTest::Expanded && space.is_goal(state));
        expand(space, state, &mut successors);
        out.counts.push(successors.len() as u32);
        out.found.extend(successors.drain(..).map(|(_, next, _)| {
            let hash = Store::hash(&next);
            match shards[shard(hash)].find(hash, |&i| states[i as usize] == next) {
                Some(&index) => Ok(index),
                None => {
                    let goal = test == GoalTest::Stored && space.is_goal(&next);
                    Err((hash, next, goal))
                }
            }
        }));
    }
    out
}
