//! LM-Solve's search loop and its output, exactly (`../shared/specs/lmsolve.md` §3.2–3.5): the
//! visited set marked when a state is queued, the dead test then the final test when a state is
//! taken off the queue, `brfs` from the front and `dfs` from the back, and `solved` / moves /
//! `MOVE * COUNT` text. Byte-identical output depends on this order, so these families use this
//! loop rather than the engine's searches (which test goals as states are generated).

use crate::search::{Budget, Flow, Stats};
use rustc_hash::FxHashMap;
use std::collections::VecDeque;
use std::hash::Hash;
use web_time::Instant;

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
    fn render(&self, mv: &Self::Move) -> String;
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scan {
    Brfs,
    Dfs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Solved,
    Unsolved,
    GaveUp,
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
    let started = Instant::now();
    let initial = game.initial();
    // The index of each state by value, and each state's node.
    let mut nodes: Vec<Node<G>> = vec![(initial.clone(), u32::MAX, None, 0)];
    let mut index: FxHashMap<G::State, u32> = FxHashMap::default();
    index.insert(initial, 0);
    let mut queue: VecDeque<u32> = VecDeque::from([0]);
    let mut explored = 0u64;
    let stats = |explored: u64, stored: usize, depth: u32, done: bool| Stats {
        explored,
        stored: stored as u64,
        frontier: 0,
        depth: u64::from(depth),
        elapsed_ms: started.elapsed().as_millis() as u64,
        bytes: (stored * (std::mem::size_of::<G::State>() * 2 + 24)) as u64,
        done: if done { 1.0 } else { 0.0 },
        building: None,
    };
    let end = loop {
        let next = match method {
            Scan::Brfs => queue.pop_front(),
            Scan::Dfs => queue.pop_back(),
        };
        let Some(at) = next else { break End::Unsolved };
        explored += 1;
        if explored % budget.report_every.max(1) == 0 {
            let now = stats(explored, nodes.len(), nodes[at as usize].3, false);
            let over_time = budget.time_limit.is_some_and(|t| started.elapsed() > t);
            if nodes.len() as u64 > budget.max_states || now.bytes > budget.max_bytes || over_time {
                break End::GaveUp;
            }
            if on_progress(&now) == Flow::Stop {
                break End::Cancelled;
            }
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
            return Found { end: End::Solved, moves, states, stats: stats(explored, nodes.len(), depth, true) };
        }
        for m in game.moves(&state) {
            let Some(next) = game.perform(&state, &m) else { continue };
            if index.contains_key(&next) {
                continue;
            }
            let id = nodes.len() as u32;
            index.insert(next.clone(), id);
            nodes.push((next, at, Some(m), depth + 1));
            queue.push_back(id);
        }
    };
    let done = end == End::Unsolved;
    Found { end, moves: Vec::new(), states: Vec::new(), stats: stats(explored, nodes.len(), 0, done) }
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
        End::GaveUp | End::Cancelled => {
            out.push_str("interrupted\n");
            return out;
        }
    }
    let prefix = |i: usize| if output_states { format!("{}: Move = ", game.display(&found.states[i])) } else { String::new() };
    let mut i = 0;
    while i < found.moves.len() {
        let mut count = 1;
        if rle && game.groups() {
            while i + count < found.moves.len() && found.moves[i + count] == found.moves[i] {
                count += 1;
            }
        }
        let line = format!("{}{}", prefix(i), game.render(&found.moves[i]));
        if rle {
            out.push_str(&format!("{line} * {count}\n"));
        } else {
            out.push_str(&format!("{line}\n"));
        }
        i += count;
    }
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
