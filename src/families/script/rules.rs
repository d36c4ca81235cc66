//! The search space of a scripted puzzle. Script values are kept here and the engine sees small
//! handles: each distinct state (by its printed form) gets one number.

use super::runner::{key, value_bytes, Runner};
use crate::families::FormatError;
use crate::search::Space;
use rhai::Dynamic;
use rustc_hash::FxHashMap;
use std::cell::{Cell, RefCell};

pub struct ScriptSpace<'a> {
    pub runner: &'a Runner,
    values: RefCell<Vec<Dynamic>>,
    index: RefCell<FxHashMap<String, u32>>,
    bytes: Cell<u64>,
    /// The first script error met; the search then winds down and the error is reported.
    pub error: RefCell<Option<FormatError>>,
}

impl<'a> ScriptSpace<'a> {
    pub fn new(runner: &'a Runner, start: Dynamic) -> Self {
        let space = ScriptSpace {
            runner,
            values: RefCell::new(Vec::new()),
            index: RefCell::new(FxHashMap::default()),
            bytes: Cell::new(0),
            error: RefCell::new(None),
        };
        space.intern(start);
        space
    }

    /// The handle of a state value (the same for equal values).
    fn intern(&self, value: Dynamic) -> u32 {
        let key = key(&value);
        let mut index = self.index.borrow_mut();
        if let Some(&id) = index.get(&key) {
            return id;
        }
        let mut values = self.values.borrow_mut();
        let id = values.len() as u32;
        // The printed key in the map, the value itself, and the two tables' slots.
        self.bytes.set(self.bytes.get() + key.len() as u64 + value_bytes(&value) + 64);
        index.insert(key, id);
        values.push(value);
        id
    }

    pub fn value(&self, id: u32) -> Dynamic {
        self.values.borrow()[id as usize].clone()
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    fn record(&self, error: FormatError) {
        self.error.borrow_mut().get_or_insert(error);
    }

    fn test(&self, result: Result<bool, FormatError>) -> bool {
        result.unwrap_or_else(|e| {
            self.record(e);
            false
        })
    }
}

impl Space for ScriptSpace<'_> {
    type State = u32;
    type Move = Dynamic;

    fn start(&self) -> u32 {
        0
    }

    fn successors(&self, state: &u32, out: &mut Vec<(Dynamic, u32, u32)>) {
        if self.failed() {
            return;
        }
        let value = self.value(*state);
        let moves = match self.runner.moves(&value) {
            Ok(moves) => moves,
            Err(e) => return self.record(e),
        };
        for mv in moves {
            match self.runner.apply(&value, &mv) {
                Ok(Some(next)) => {
                    let id = self.intern(next);
                    out.push((mv, id, 1));
                }
                Ok(None) => {}
                Err(e) => return self.record(e),
            }
        }
    }

    fn is_goal(&self, state: &u32) -> bool {
        !self.failed() && self.test(self.runner.is_goal(&self.value(*state)))
    }

    fn is_dead(&self, state: &u32) -> bool {
        self.failed() || self.test(self.runner.is_dead(&self.value(*state)))
    }

    fn heuristic(&self, state: &u32) -> u32 {
        self.runner.heuristic(&self.value(*state)).unwrap_or_else(|e| {
            self.record(e);
            0
        })
    }

    fn bytes(&self) -> u64 {
        self.bytes.get()
    }

    /// States are numbered as they are first found, from the start's 0.
    fn number(&self, state: &u32) -> Option<u32> {
        Some(*state)
    }
}
