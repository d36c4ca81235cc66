//! LM-Solve's search loop and its output, exactly (`docs/specs/lmsolve.md` §3.2–3.5): the
//! visited set marked when a state is queued, the dead test then the final test when a state is
//! taken off the queue, `brfs` from the front and `dfs` from the back, and `solved` / moves /
//! `MOVE * COUNT` text. Byte-identical output depends on this order, so these families use this
//! loop rather than the engine's searches (which test goals as states are generated).

use crate::search::{Budget, Flow, GaveUp, Halt, Meter, Space, Stats};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::hash::Hash;
use std::mem::size_of;

/// One LM-Solve family's rules (§3.1).
pub trait Game {
    type State: Clone + Eq + Hash;
    type Move: Clone + PartialEq;

    fn initial(&self) -> Self::State;
    /// Candidate moves, in the family's order (the order is part of the answer).
    fn moves(&self, state: &Self::State) -> Vec<Self::Move>;
    /// The state after a move, or None when the move is not allowed.
    fn perform(&self, state: &Self::State, mv: &Self::Move) -> Option<Self::State>;
    fn is_final(&self, state: &Self::State) -> bool;
    fn is_dead(&self, _state: &Self::State) -> bool {
        false
    }
    /// Bytes a state owns beyond its own size (the vectors inside it), for the memory budget.
    fn heap_bytes(&self, _state: &Self::State) -> usize {
        0
    }
    fn render(&self, mv: &Self::Move) -> String;
    /// What tells `mv` from `state` apart from another move written alike (two planks of one
    /// length laid from one stump the same way), for the page to add to its text when the two
    /// lead to different positions; None, the default, for games whose texts never read two ways.
    fn told_apart(&self, _state: &Self::State, _mv: &Self::Move) -> Option<String> {
        None
    }
    /// A move's text in words a player reads, where LM-Solve's is long (the planks'); None, the
    /// default, keeps the text (the page's move list, hints and buttons; the CLI keeps LM-Solve's).
    fn words(&self, _text: &str) -> Option<String> {
        None
    }
    /// `display_state`, for `--output-states`.
    fn display(&self, state: &Self::State) -> String;
    /// The expanded state vector joined by commas, for `--rtd`.
    fn vector(&self, state: &Self::State) -> String;
    /// Whether equal consecutive moves group under RLE (LM-Solve compares move values: strings
    /// group, planks and swaps are references and never do).
    fn groups(&self) -> bool {
        true
    }
}

/// An LM-Solve game as the engine's search space, for Analyse (solving keeps LM-Solve's own scan,
/// on whose order its output depends). What the states it hands out own is counted against the
/// memory budget, every one handed out, so the count errs on the safe side.
pub struct GameSpace<'a, G> {
    game: &'a G,
    owned: std::cell::Cell<u64>,
}

impl<'a, G: Game> GameSpace<'a, G> {
    pub fn new(game: &'a G) -> Self {
        GameSpace { game, owned: std::cell::Cell::new(0) }
    }
}

impl<G: Game> Space for GameSpace<'_, G> {
    type State = G::State;
    type Move = G::Move;

    fn start(&self) -> G::State {
        self.game.initial()
    }

    fn successors(&self, state: &G::State, out: &mut Vec<(G::Move, G::State, u32)>) {
        for m in self.game.moves(state) {
            if let Some(next) = self.game.perform(state, &m) {
                self.owned.set(self.owned.get() + self.game.heap_bytes(&next) as u64);
                out.push((m, next, 1));
            }
        }
    }

    fn is_goal(&self, state: &G::State) -> bool {
        self.game.is_final(state)
    }

    fn is_dead(&self, state: &G::State) -> bool {
        self.game.is_dead(state)
    }

    fn bytes(&self) -> u64 {
        self.owned.get()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scan {
    Brfs,
    Dfs,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    Solved,
    Unsolved,
    /// A budget ran out.
    GaveUp(GaveUp),
    Cancelled,
}

pub struct Found<S, M> {
    pub end: End,
    pub moves: Vec<M>,
    /// The states along the solution, the initial one first.
    pub states: Vec<S>,
    pub stats: Stats,
}

/// A state met: (state, its parent's index, the move that led here, depth).
type Node<G> = (<G as Game>::State, u32, Option<<G as Game>::Move>, u32);

/// Runs the scan. `rtd` receives one line per state taken off the queue (§3.5).
pub fn scan<G: Game>(
    game: &G,
    method: Scan,
    budget: &Budget,
    mut rtd: Option<&mut dyn FnMut(String)>,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Found<G::State, G::Move> {
    let mut meter = Meter::new(budget, on_progress);
    let initial = game.initial();
    // Each state is held twice, as its node and as its index key, and each copy owns its heap.
    let mut held = 2 * game.heap_bytes(&initial) as u64;
    // The index of each state by value, and each state's node.
    let mut nodes: Vec<Node<G>> = vec![(initial.clone(), u32::MAX, None, 0)];
    let mut index: FxHashMap<G::State, u32> = FxHashMap::default();
    index.insert(initial, 0);
    let mut queue: VecDeque<u32> = VecDeque::from([0]);
    let end = loop {
        let next = match method {
            Scan::Brfs => queue.pop_front(),
            Scan::Dfs => queue.pop_back(),
        };
        let Some(at) = next else { break End::Unsolved };
        let tables = nodes.capacity() * size_of::<Node<G>>()
            + crate::search::buckets(index.capacity()) * (size_of::<(G::State, u32)>() + 1)
            + queue.capacity() * 4;
        if let Err(halt) =
            meter.explore_at(nodes.len(), queue.len(), u64::from(nodes[at as usize].3), tables as u64 + held)
        {
            break match halt {
                Halt::GaveUp(reason) => End::GaveUp(reason),
                Halt::Cancelled => End::Cancelled,
            };
        }
        let (state, _, mv, depth) = nodes[at as usize].clone();
        if let Some(print) = rtd.as_mut() {
            let rendered = mv.as_ref().map(|m| game.render(m)).unwrap_or_default();
            print(format!("{}{} M={rendered}", " ".repeat(depth as usize), game.vector(&state)));
        }
        if game.is_dead(&state) {
            continue;
        }
        if game.is_final(&state) {
            let mut path = vec![at];
            while nodes[*path.last().unwrap_or(&0) as usize].1 != u32::MAX {
                path.push(nodes[*path.last().unwrap_or(&0) as usize].1);
            }
            path.reverse();
            let moves = path[1..].iter().filter_map(|&i| nodes[i as usize].2.clone()).collect();
            let states = path.iter().map(|&i| nodes[i as usize].0.clone()).collect();
            meter.stats.done = 1.0;
            return Found { end: End::Solved, moves, states, stats: meter.finish() };
        }
        for m in game.moves(&state) {
            let Some(next) = game.perform(&state, &m) else { continue };
            if index.contains_key(&next) {
                continue;
            }
            let id = nodes.len() as u32;
            held += 2 * game.heap_bytes(&next) as u64;
            index.insert(next.clone(), id);
            nodes.push((next, at, Some(m), depth + 1));
            queue.push_back(id);
        }
    };
    if end == End::Unsolved {
        meter.stats.done = 1.0;
    }
    meter.stats.stored = nodes.len() as u64;
    Found { end, moves: Vec::new(), states: Vec::new(), stats: meter.finish() }
}

/// LM-Solve's move lines: each move as `line(i)` says (i: its index), equal consecutive moves
/// grouped when `group`, and with `counts` each line ending ` * COUNT` (LM-Solve's RLE).
pub fn move_lines<M: PartialEq>(moves: &[M], group: bool, counts: bool, line: impl Fn(usize) -> String) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < moves.len() {
        let mut count = 1;
        if group {
            while i + count < moves.len() && moves[i + count] == moves[i] {
                count += 1;
            }
        }
        if counts {
            out.push_str(&format!("{} * {count}\n", line(i)));
        } else {
            out.push_str(&format!("{}\n", line(i)));
        }
        i += count;
    }
    out
}

/// LM-Solve's `display_solution` (§3.4): the status line, then the moves (grouped with RLE),
/// each after the state before it with `--output-states`, which also ends with the last state.
pub fn display_solution<G: Game>(game: &G, found: &Found<G::State, G::Move>, rle: bool, output_states: bool) -> String {
    let mut out = String::new();
    match found.end {
        End::Solved => out.push_str("solved\n"),
        End::Unsolved => {
            out.push_str("unsolved\n");
            return out;
        }
        End::GaveUp(_) | End::Cancelled => {
            out.push_str("interrupted\n");
            return out;
        }
    }
    let prefix =
        |i: usize| if output_states { format!("{}: Move = ", game.display(&found.states[i])) } else { String::new() };
    out.push_str(&move_lines(&found.moves, rle && game.groups(), rle, |i| {
        format!("{}{}", prefix(i), game.render(&found.moves[i]))
    }));
    // The spec's recommended deviation: a 0-move solution is just "solved" (LM-Solve prints a
    // stray " * 1" line under RLE).
    if output_states {
        if let Some(last) = found.states.last() {
            out.push_str(&game.display(last));
            out.push('\n');
        }
    }
    out
}
