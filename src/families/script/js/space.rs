//! The search space of a script in JavaScript. The engine keeps the states' values; this side
//! keeps their canonical bytes (`key.rs`), so that equal states get one number and the engine's
//! hash tables never grow with the search.

use super::{definition, key, Engine, Found, JsPuzzle, DEAD, GOAL};
use crate::families::analysis::{analysis_from, AnalysisReport};
use crate::families::{only_metric, search_iterated, FormatError, Report, SolveOptions};
use crate::search::{same_bytes, Space};
use crate::search::{Flow, Method, Stats};
use hashbrown::hash_table::{Entry, HashTable};
use rustc_hash::FxBuildHasher;
use std::cell::{Cell, RefCell};
use std::hash::BuildHasher;
use std::rc::Rc;

/// Values with one number each, by their canonical bytes: each value's length and bytes one
/// after another in one buffer, and a table of (number, where its bytes start, hash) hashed by
/// them (no allocation per value; in the page the numbering was a quarter of the time with a
/// shared pointer per value). A value found again is compared where the table says, with no
/// look-up of where its bytes are by number; the table grows without reading them again.
#[derive(Default)]
struct Numbered {
    index: HashTable<(u32, usize, u32)>,
    bytes: Vec<u8>,
    /// Where each value's length starts, by number.
    starts: Vec<usize>,
}

/// The bytes written at `start` of `bytes`, after their length (u32, little-endian).
fn key_at(bytes: &[u8], start: usize) -> &[u8] {
    let length = bytes.get(start..start + 4).map_or(0, |n| u32::from_le_bytes([n[0], n[1], n[2], n[3]]));
    bytes.get(start + 4..start + 4 + length as usize).unwrap_or_default()
}

/// `key`'s hash as the table keeps it (32 bits), and as the table asks it: the same bits in both
/// halves, so that the table's two uses of a hash (the low bits to place an entry, the top seven
/// to tell entries apart) read them on 64 bits as on wasm's 32.
fn hash_of(key: &[u8]) -> u32 {
    FxBuildHasher.hash_one(key) as u32
}

fn widened(hash: u32) -> u64 {
    u64::from(hash) * 0x1_0000_0001
}

impl Numbered {
    /// What each value costs here: its length and bytes, where they start, and its slot in the
    /// table (with room to grow).
    const EACH: u64 = (4 + std::mem::size_of::<usize>() + 2 * std::mem::size_of::<(u32, usize, u32)>()) as u64;

    /// The number of `key`, and whether it is new.
    fn number(&mut self, key: &[u8]) -> (u32, bool) {
        let bytes = &self.bytes;
        let hash = hash_of(key);
        let entry = self.index.entry(
            widened(hash),
            |&(_, start, kept)| kept == hash && same_bytes(key_at(bytes, start), key),
            |&(.., kept)| widened(kept),
        );
        match entry {
            Entry::Occupied(entry) => (entry.get().0, false),
            Entry::Vacant(entry) => {
                let id = self.starts.len() as u32;
                let start = self.bytes.len();
                entry.insert((id, start, hash));
                self.bytes.extend_from_slice(&(key.len() as u32).to_le_bytes());
                self.bytes.extend_from_slice(key);
                self.starts.push(start);
                (id, true)
            }
        }
    }

    fn key(&self, id: u32) -> &[u8] {
        self.starts.get(id as usize).map_or(&[], |&start| key_at(&self.bytes, start))
    }
}

pub struct JsSpace<'a> {
    engine: &'a dyn Engine,
    states: RefCell<Numbered>,
    moves: RefCell<Numbered>,
    /// [`GOAL`] and [`DEAD`] of each state, as the engine said when it was numbered.
    flags: RefCell<Vec<u8>>,
    /// The state each state was first found from (the start's is itself): the state a move
    /// most often leads back to, compared before the table is searched (in the 8-puzzle, a
    /// third of the states found are the one just left).
    parents: RefCell<Vec<u32>>,
    /// The bytes the states hold, here and in the engine.
    bytes: Cell<u64>,
    /// The first script error met; the search then winds down and the error is reported.
    error: RefCell<Option<FormatError>>,
    /// The bytes of the states being expanded, kept to spare allocations.
    given: RefCell<Vec<u8>>,
    /// Whether the search expands the states in the order they are numbered (breadth-first
    /// search and Analyse do), so that an engine may expand several ahead of it.
    in_order: bool,
    ahead: RefCell<Ahead>,
}

/// States expanded before the search asks for them, as [`Engine::batch`] says, where it expands
/// them in the order they are numbered: the states are numbered as they would be one at a time.
#[derive(Default)]
struct Ahead {
    /// The states expanded, the next of them the search is to ask for, and where each one's
    /// moves start in `edges`.
    ids: Vec<u32>,
    next: usize,
    starts: Vec<usize>,
    edges: Vec<(u32, u32, u32)>,
    /// The state whose expansion failed, and why: said when the search comes to it.
    failed: Option<(u32, FormatError)>,
}

impl<'a> JsSpace<'a> {
    /// A new search of the script's rules, from `start()`, by a search that expands states in
    /// the order they are numbered (`in_order`) or not.
    pub fn new(engine: &'a dyn Engine, in_order: bool) -> Result<Self, FormatError> {
        let space = JsSpace {
            engine,
            states: RefCell::default(),
            moves: RefCell::default(),
            flags: RefCell::default(),
            parents: RefCell::new(vec![0]),
            bytes: Cell::new(0),
            error: RefCell::new(None),
            given: RefCell::default(),
            in_order: in_order && engine.batch() > 1,
            ahead: RefCell::default(),
        };
        let start = engine.begin()?;
        space.states.borrow_mut().number(&start);
        space.count(&start);
        space.flags.borrow_mut().push(engine.start_flags()?);
        Ok(space)
    }

    fn count(&self, key: &[u8]) {
        // The key as it is numbered, and the engine's value if it keeps one.
        let kept = if self.engine.keeps_states() { key::held_bytes(key) } else { 0 };
        let parent = std::mem::size_of::<u32>() as u64;
        self.bytes.set(self.bytes.get() + key.len() as u64 + Numbered::EACH + parent + kept);
    }

    /// The canonical bytes of state `id`.
    pub fn state(&self, id: u32) -> Rc<[u8]> {
        self.states.borrow().key(id).into()
    }

    /// The canonical bytes of move `id`.
    pub fn move_key(&self, id: u32) -> Rc<[u8]> {
        self.moves.borrow().key(id).into()
    }

    pub fn into_error(self) -> Option<FormatError> {
        self.error.into_inner()
    }

    fn failed(&self) -> bool {
        self.error.borrow().is_some()
    }

    fn record(&self, error: FormatError) {
        self.error.borrow_mut().get_or_insert(error);
    }

    fn flag(&self, id: u32, flag: u8) -> bool {
        !self.failed() && self.flags.borrow().get(id as usize).is_some_and(|f| f & flag != 0)
    }

    /// Expands the states `ids` in turn, their moves into `out`, where each begins into
    /// `starts`; on failure, the place in `ids` of the state whose expansion failed, and why.
    fn expand(
        &self,
        ids: &[u32],
        out: &mut Vec<(u32, u32, u32)>,
        starts: &mut Vec<usize>,
    ) -> Result<(), (usize, FormatError)> {
        let mut given = self.given.borrow_mut();
        given.clear();
        let ends: Vec<usize> = (ids.iter())
            .map(|&id| {
                given.extend_from_slice(self.states.borrow().key(id));
                given.len()
            })
            .collect();
        let starts_given = std::iter::once(0).chain(ends.iter().copied());
        let states: Vec<(u32, &[u8])> =
            ids.iter().zip(starts_given.zip(&ends)).map(|(&id, (start, &end))| (id, &given[start..end])).collect();
        let mut numbering = Numbering {
            space: self,
            ids,
            from: 0,
            back: None,
            starts,
            parents: &mut self.parents.borrow_mut(),
            states: &mut self.states.borrow_mut(),
            moves: &mut self.moves.borrow_mut(),
            flags: &mut self.flags.borrow_mut(),
            out,
        };
        self.engine.expand_many(&states, &mut numbering)
    }

    /// [`Space::successors`] of `id` from the states expanded ahead, expanding more first if
    /// `id` is not among them.
    fn successors_ahead(&self, id: u32, out: &mut Vec<(u32, u32, u32)>) {
        let mut ahead = self.ahead.borrow_mut();
        let at = match ahead.ids[ahead.next.min(ahead.ids.len())..].iter().position(|&held| held == id) {
            Some(at) => ahead.next + at,
            None => {
                let Ahead { ids, starts, edges, failed, .. } = &mut *ahead;
                ids.clear();
                starts.clear();
                edges.clear();
                *failed = None;
                self.ahead_of(id, ids);
                if let Err((at, error)) = self.expand(ids, edges, starts) {
                    ids.truncate(at + 1);
                    *failed = Some((ids[at], error));
                }
                0
            }
        };
        ahead.next = at + 1;
        if ahead.failed.as_ref().is_some_and(|(failed, _)| *failed == id) {
            if let Some((_, error)) = ahead.failed.take() {
                self.record(error);
            }
            return;
        }
        let start = ahead.starts.get(at).copied().unwrap_or(ahead.edges.len());
        let end = ahead.starts.get(at + 1).copied().unwrap_or(ahead.edges.len());
        out.extend_from_slice(&ahead.edges[start..end]);
    }

    /// `id` and the states numbered after it that the search will expand next (those not known
    /// to be dead ends), up to the engine's batch and 64 KB of their bytes.
    fn ahead_of(&self, id: u32, ids: &mut Vec<u32>) {
        let (states, flags) = (self.states.borrow(), self.flags.borrow());
        let mut bytes = 0;
        let mut next = id;
        while ids.len() < self.engine.batch() && (next as usize) < flags.len() && bytes < 1 << 16 {
            if next == id || flags[next as usize] & DEAD == 0 {
                ids.push(next);
                bytes += states.key(next).len();
            }
            next += 1;
        }
    }
}

/// Expansions' states, numbered as the engine finds them.
struct Numbering<'s, 'a> {
    space: &'s JsSpace<'a>,
    /// The states expanded; the one expanding, and the one it was first found from.
    ids: &'s [u32],
    from: u32,
    back: Option<u32>,
    /// Where each expansion starts in `out`.
    starts: &'s mut Vec<usize>,
    parents: &'s mut Vec<u32>,
    states: &'s mut Numbered,
    moves: &'s mut Numbered,
    flags: &'s mut Vec<u8>,
    out: &'s mut Vec<(u32, u32, u32)>,
}

impl Found for Numbering<'_, '_> {
    fn next(&mut self, at: usize) {
        self.from = self.ids.get(at).copied().unwrap_or_default();
        self.back = self.parents.get(self.from as usize).copied().filter(|&parent| parent != self.from);
        self.starts.push(self.out.len());
    }

    fn number_move(&mut self, mv: &[u8]) -> u32 {
        self.moves.number(mv).0
    }

    fn state(&mut self, mv: u32, state: &[u8]) -> Option<u32> {
        if let Some(back) = self.back.filter(|&back| same_bytes(self.states.key(back), state)) {
            self.out.push((mv, back, 1));
            return None;
        }
        let (next, new) = self.states.number(state);
        if new {
            self.parents.push(self.from);
            self.space.count(state);
            // Until the engine says (a script that fails between the two leaves none set).
            self.flags.push(0);
        }
        self.out.push((mv, next, 1));
        new.then_some(next)
    }

    fn flags(&mut self, id: u32, flags: u8) {
        if let Some(kept) = self.flags.get_mut(id as usize) {
            *kept = flags;
        }
    }
}

impl Space for JsSpace<'_> {
    type State = u32;
    type Move = u32;

    fn start(&self) -> u32 {
        0
    }

    fn successors(&self, state: &u32, out: &mut Vec<(u32, u32, u32)>) {
        if self.failed() {
            return;
        }
        if self.in_order {
            return self.successors_ahead(*state, out);
        }
        // One state at a time: where the expansion starts is kept in the room `ahead` has.
        let mut starts = std::mem::take(&mut self.ahead.borrow_mut().starts);
        starts.clear();
        let expanded = self.expand(&[*state], out, &mut starts);
        self.ahead.borrow_mut().starts = starts;
        if let Err((_, error)) = expanded {
            out.clear();
            self.record(error);
        }
    }

    fn is_goal(&self, state: &u32) -> bool {
        self.flag(*state, GOAL)
    }

    fn is_dead(&self, state: &u32) -> bool {
        self.failed() || self.flag(*state, DEAD)
    }

    fn heuristic(&self, state: &u32) -> u32 {
        if self.failed() {
            return 0;
        }
        self.engine.heuristic(*state, self.states.borrow().key(*state)).unwrap_or_else(|e| {
            self.record(e);
            0
        })
    }

    fn bytes(&self) -> u64 {
        self.bytes.get() + self.flags.borrow().capacity() as u64
    }

    /// States are numbered as they are first found, from the start's 0.
    fn number(&self, state: &u32) -> Option<u32> {
        Some(*state)
    }
}

/// The searches of a script: the engine's, over [`JsSpace`].
impl JsPuzzle {
    fn labels(&self, space: &JsSpace<'_>, moves: &[u32]) -> Vec<String> {
        (moves.iter().map(|&mv| space.move_key(mv)))
            .map(|mv| self.label(&mv).unwrap_or_else(|_| key::json(&mv)))
            .collect()
    }

    pub(super) fn solve_started(
        &self,
        method: Method,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        // Breadth-first search expands states in the order it numbers them.
        let in_order = matches!(method, Method::Auto | Method::Bfs | Method::Bidir);
        let space = JsSpace::new(self.engine.as_ref(), in_order)?;
        let (outcome, iteration) = search_iterated(&space, method, options, on_progress);
        let mut replays = Ok(());
        let report = Report::from_outcome("script", "moves", method, outcome, |moves, states| {
            let labels = self.labels(&space, moves);
            let states: Vec<Rc<[u8]>> = states.iter().map(|&id| space.state(id)).collect();
            replays = self.replays(&labels, &states);
            labels
        });
        match space.into_error() {
            Some(error) => Err(error),
            None => replays.map(|()| report.iterated(iteration)),
        }
    }

    pub(super) fn explore_started(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<AnalysisReport, FormatError> {
        only_metric(options, "moves", ": a script counts moves")?;
        let space = JsSpace::new(self.engine.as_ref(), true)?;
        let analysed = crate::search::analyse(&space, &options.budget(), on_progress);
        let report = analysis_from::<JsSpace<'_>>(
            "script",
            "moves",
            analysed,
            |moves, _| self.labels(&space, moves),
            |&id| self.text_from(&space.state(id)),
        );
        match space.into_error() {
            Some(error) => Err(error),
            None => Ok(report),
        }
    }

    /// An error when the solution's labels, replayed, would take another path than the one found.
    fn replays(&self, labels: &[String], states: &[Rc<[u8]>]) -> Result<(), FormatError> {
        let strays = |at: usize, label: &str| self.step(&states[at], label).is_ok_and(|next| next != states[at + 1]);
        crate::families::script::shared::replays(labels, strays, definition(&self.text, "label"))
    }
}
