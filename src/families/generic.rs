//! The engine's generic searches run for a family's space, with the budgets and method a
//! [`SolveOptions`] asks for: what most families' `Puzzle::solve` calls.

use crate::contract::{FormatError, SolveOptions};
#[cfg(doc)]
use crate::contract::{Report, Splits};
use crate::search::{
    astar, astar_weighted, bfs, dfs, idastar, idastar_part, Flow, Iteration, Method, Outcome, Space, Stats,
};

/// Runs the search `method` names, with the budgets in `options`. Bidirectional search needs a
/// `Reversible` space; the families that offer it run it themselves.
pub fn search<S: Space>(
    space: &S,
    method: Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State> {
    let budget = options.budget();
    match method {
        Method::Astar => astar(space, &budget, on_progress),
        Method::Idastar => idastar(space, &budget, on_progress),
        Method::Dfs => dfs(space, options.max_depth.unwrap_or(DEFAULT_MAX_DEPTH), &budget, on_progress),
        Method::Greedy => astar_weighted(space, GREEDY_WEIGHT, &budget, on_progress),
        Method::Auto | Method::Bfs | Method::Bidir => bfs(space, &budget, on_progress),
    }
}

/// [`search`], where with `options.part` IDA* searches that part of one iteration, as the page's
/// Workers share it bound by bound ([`Splits::ByBound`]): also how that part ended, for
/// [`Report::iterated`]. (Only the families that split call it: every family's space would
/// otherwise carry its own copy of the parts' code: 18 KB more of the page's first load, gzip.)
pub fn search_iterated<S: Space>(
    space: &S,
    method: Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (Outcome<S::Move, S::State>, Option<Iteration>) {
    if let (Method::Idastar, Some(part)) = (method, options.part) {
        let (outcome, iteration) =
            idastar_part(space, part, options.bound, options.until, &options.budget(), on_progress);
        return (outcome, Some(iteration));
    }
    (search(space, method, options, on_progress), None)
}

/// [`search`] for spaces that threads can share: breadth-first search spreads over
/// `options.threads()` threads natively (with the same answer and counts as on one).
pub fn search_spread<S>(
    space: &S,
    method: Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<S::Move, S::State>
where
    S: Space + Sync,
    S::State: Send + Sync,
{
    #[cfg(not(target_arch = "wasm32"))]
    if matches!(method, Method::Auto | Method::Bfs | Method::Bidir) {
        return crate::search::bfs_spread(space, &options.budget(), options.threads(), on_progress);
    }
    search(space, method, options, on_progress)
}

/// Checks the metric asked for by a family that counts moves one way only (`name`); `why`
/// finishes the sentence that refuses any other.
pub fn only_metric(options: &SolveOptions, name: &str, why: &str) -> Result<(), FormatError> {
    match options.metric.as_deref() {
        None | Some("") | Some("auto") => Ok(()),
        Some(asked) if asked == name => Ok(()),
        Some(other) => Err(FormatError::general(format!("unknown metric \"{other}\"{why}"))),
    }
}

/// How many times over best-first search ([`Method::Greedy`]) counts a puzzle's bound.
pub const GREEDY_WEIGHT: u32 = 5;

/// How deep depth-first search goes unless told otherwise.
pub const DEFAULT_MAX_DEPTH: u64 = 100_000;
