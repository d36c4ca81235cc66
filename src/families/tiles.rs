//! Solving sliding-tile permutation puzzles, for every family whose puzzles are one (the N-puzzle
//! family, and sliding-block boards of one-cell pieces with one empty cell): the pattern
//! databases, built once per board shape and kept for the rest of the session (and on disk, or in
//! the page's IndexedDB, so the next run starts at once), and the choice of search.
//!
//! A shared helper like `draw.rs`: families may use it, it uses no family.

use crate::families::analysis::AnalysisReport;
use crate::families::{Capabilities, FormatError, Report, SolveMode, SolveOptions, Status};
use crate::search::tiles::{solvable_on_rectangle, Board, PatternDatabase, Slide, TileSpace, DEFAULT_MAX_ENTRIES};
use crate::search::{
    astar, astar_weighted, bfs, bidir, dfs, Flow, GaveUp, Heuristic, Iteration, Knowledge, Method, Outcome, Part, Stats,
};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A tile puzzle on a `width` x `height` rectangle: `start[c]` is the goal cell of the tile on
/// cell c (the blank's goal cell for the blank).
pub struct TileProblem<'a> {
    pub width: usize,
    pub height: usize,
    pub start: &'a [u8],
    pub blank: u8,
}

/// What a tile search found: the outcome with each state as the tiles on the cells, the method
/// that ran, and the heuristic it used, in words.
struct TileAnswer {
    pub outcome: Outcome<Slide, Vec<u8>>,
    pub method: Method,
    pub heuristic: Option<String>,
    /// A part of one IDA* bound ([`SolveOptions::bound`]): how it ended.
    pub iteration: Option<Iteration>,
}

/// The methods a tile puzzle accepts (bidirectional works: the goal is one position; best-first
/// search answers at once, over small tables, where the proven answer first builds large ones).
pub const METHODS: &[Method] =
    &[Method::Auto, Method::Idastar, Method::Astar, Method::Bidir, Method::Bfs, Method::Dfs, Method::Greedy];

/// Best-first search's tables: patterns whose tables together take a fraction of a second to
/// build (4-4-4-3 on the 15-puzzle, about 2 million placements walked, against 115 million for
/// the proven search's 6-6-3).
const QUICK_MAX_ENTRIES: u64 = 1 << 20;

/// Best-first search counts the bound this many times over: answers a few moves longer than the
/// shortest, found in thousands of positions.
const QUICK_WEIGHT: u32 = 2;

/// What every tile puzzle offers: its methods, and pattern databases, a strong heuristic (so
/// `auto` runs IDA*, as `solve` does); its IDA* splits bound by bound among the page's Workers.
pub fn capabilities() -> Capabilities {
    let mut capabilities =
        Capabilities::searches(METHODS).knowing(Knowledge { heuristic: Heuristic::Strong, explicit_goal: true });
    capabilities.parts = vec![SolveMode::First];
    capabilities.quick = Some(Method::Greedy);
    capabilities
}

/// "Unsolvable" is known from the arrangement alone.
const WRONG_PARITY: &str = "No solution: this arrangement has the wrong parity (two tiles swapped)";

pub fn solvable(problem: &TileProblem<'_>) -> bool {
    solvable_on_rectangle(problem.width, problem.start, problem.blank)
}

/// Solves `problem` and reports it for `family` in `metric`, `describe` turning the moves and
/// states (the tiles on the cells) into the family's move texts. An arrangement of the wrong
/// parity is answered at once, without a search.
pub fn report(
    family: &str,
    metric: &str,
    problem: &TileProblem<'_>,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
    describe: impl FnOnce(&[Slide], &[Vec<u8>]) -> Vec<String>,
) -> Result<Report, FormatError> {
    if let Some(share) = options.prepare {
        let share = share.checked().map_err(FormatError::general)?;
        let needs_tables = matches!(capabilities().resolve(options.method)?, Method::Idastar | Method::Astar);
        let board = Board::rectangle(problem.width, problem.height, problem.blank as usize);
        let ready = !needs_tables || prepare(&board, problem.width, share, on_progress).is_some();
        return Ok(if ready {
            Report::without_search(family, metric, Status::Unsolved, "the pattern tables are ready")
        } else {
            Report::without_search(family, metric, Status::Cancelled, "cancelled while building the pattern tables")
        });
    }
    if !solvable(problem) {
        return Ok(Report::without_search(family, metric, Status::Unsolved, WRONG_PARITY));
    }
    let answer = solve(problem, options, on_progress)?;
    let mut report = Report::from_outcome(family, metric, answer.method, answer.outcome, describe);
    report.heuristic = answer.heuristic;
    Ok(report.iterated(answer.iteration))
}

fn solve(
    problem: &TileProblem<'_>,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Result<TileAnswer, FormatError> {
    // Pattern databases make IDA* the fastest optimal search here (Korf and Felner).
    let method = capabilities().resolve(options.method)?;
    let part = options.part(&capabilities())?;
    if part.is_some() && method != Method::Idastar {
        return Err(FormatError::general(format!("only IDA* splits into parts here, not {}", method.title())));
    }
    let board = Board::rectangle(problem.width, problem.height, problem.blank as usize);
    // The time limit covers building the tables too: past it the build stops, and the search
    // has what is left.
    let started = web_time::Instant::now();
    let limit = options.time_limit_ms.map(std::time::Duration::from_millis);
    let mut out_of_time = false;
    let mut building = |stats: &Stats| {
        out_of_time = limit.is_some_and(|limit| started.elapsed() > limit);
        if out_of_time {
            Flow::Stop
        } else {
            on_progress(stats)
        }
    };
    let built = match method {
        Method::Greedy => {
            let groups = PatternDatabase::partition(&board, QUICK_MAX_ENTRIES);
            PatternDatabase::build(&board, &groups, &mut |_| building(&Stats::default())).map(Arc::new)
        }
        Method::Idastar | Method::Astar => tables(&board, problem.width, options.threads(), &mut building),
        // Searches without a heuristic still need the space: an empty set of tables.
        _ => Some(Arc::new(PatternDatabase::none(&board))),
    };
    let Some(pdb) = built else {
        let stats = Stats { elapsed_ms: started.elapsed().as_millis() as u64, ..Stats::default() };
        let outcome = match limit {
            Some(limit) if out_of_time => Outcome::GaveUp {
                reason: GaveUp::other(format!(
                    "gave up while building the pattern tables (the time limit of {:.1} s)",
                    limit.as_secs_f64()
                )),
                stats,
            },
            _ => Outcome::Cancelled { stats },
        };
        return Ok(TileAnswer { outcome, method, heuristic: None, iteration: None });
    };
    let rest = SolveOptions {
        time_limit_ms: options.time_limit_ms.map(|ms| ms.saturating_sub(started.elapsed().as_millis() as u64)),
        ..options.clone()
    };
    let options = &rest;
    let heuristic = matches!(method, Method::Idastar | Method::Astar | Method::Greedy).then(|| {
        if pdb.is_exact() {
            "a complete distance table".to_string()
        } else {
            format!("pattern databases {}", pdb.describe())
        }
    });
    let (outcome, iteration) = match problem.width * problem.height {
        0..=16 => run::<16>(&board, &pdb, problem.start, method, options, on_progress),
        17..=36 => run::<36>(&board, &pdb, problem.start, method, options, on_progress),
        _ => run::<64>(&board, &pdb, problem.start, method, options, on_progress),
    };
    Ok(TileAnswer { outcome, method, heuristic, iteration })
}

fn run<const N: usize>(
    board: &Board,
    pdb: &PatternDatabase,
    start: &[u8],
    method: Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (Outcome<Slide, Vec<u8>>, Option<Iteration>) {
    let space = TileSpace::<N>::new(board, pdb, start);
    let budget = options.budget();
    let mut iteration = None;
    let outcome = match (method, options.part) {
        // One bound of a search shared among the page's Workers.
        (Method::Idastar, Some(part)) => {
            let (outcome, ended) = space.idastar_part(part, options.bound, options.until, &budget, on_progress);
            iteration = Some(ended);
            outcome
        }
        (Method::Astar, _) => astar(&space, &budget, on_progress),
        (Method::Greedy, _) => astar_weighted(&space, QUICK_WEIGHT, &budget, on_progress),
        (Method::Bfs, _) => bfs(&space, &budget, on_progress),
        (Method::Bidir, _) => bidir(&space, &budget, on_progress),
        (Method::Dfs, _) => dfs(&space, options.max_depth.unwrap_or(super::DEFAULT_MAX_DEPTH), &budget, on_progress),
        #[cfg(not(target_arch = "wasm32"))]
        _ => space.idastar_parallel(options.threads(), &budget, on_progress),
        #[cfg(target_arch = "wasm32")]
        _ => space.idastar(&budget, on_progress),
    };
    let cells = start.len();
    let outcome = match outcome {
        Outcome::Solved { moves, states, cost, stats } => {
            let states = states.iter().map(|s| s.at[..cells].to_vec()).collect();
            Outcome::Solved { moves, states, cost, stats }
        }
        Outcome::NoSolution { stats } => Outcome::NoSolution { stats },
        Outcome::GaveUp { reason, stats } => Outcome::GaveUp { reason, stats },
        Outcome::Cancelled { stats } => Outcome::Cancelled { stats },
    };
    (outcome, iteration)
}

/// Analyse on a tile puzzle: every arrangement reachable from the start (half of all
/// of them, by parity), explored without tables; `describe` as for [`report`].
pub fn analysis(
    family: &str,
    metric: &str,
    problem: &TileProblem<'_>,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
    describe: impl Fn(&[Slide], &[Vec<u8>]) -> Vec<String>,
) -> AnalysisReport {
    let board = Board::rectangle(problem.width, problem.height, problem.blank as usize);
    let pdb = PatternDatabase::none(&board);
    match problem.width * problem.height {
        0..=16 => analyse_on::<16>(family, metric, &board, &pdb, problem.start, options, on_progress, describe),
        17..=36 => analyse_on::<36>(family, metric, &board, &pdb, problem.start, options, on_progress, describe),
        _ => analyse_on::<64>(family, metric, &board, &pdb, problem.start, options, on_progress, describe),
    }
}

#[allow(clippy::too_many_arguments)]
fn analyse_on<const N: usize>(
    family: &str,
    metric: &str,
    board: &Board,
    pdb: &PatternDatabase,
    start: &[u8],
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
    describe: impl Fn(&[Slide], &[Vec<u8>]) -> Vec<String>,
) -> AnalysisReport {
    let space = TileSpace::<N>::new(board, pdb, start);
    crate::families::analysis::analysis_spread(family, metric, &space, options, on_progress, |moves, states| {
        let states: Vec<Vec<u8>> = states.iter().map(|s| s.at[..start.len()].to_vec()).collect();
        describe(moves, &states)
    })
}

type Key = (usize, usize, u8);

/// Tables built so far in this process (the page's Worker keeps them between solves).
static TABLES: Mutex<Option<HashMap<Key, Arc<PatternDatabase>>>> = Mutex::new(None);

fn key(board: &Board, width: usize) -> Key {
    (board.cells(), width, board.blank)
}

/// The tables for `board` this process already holds.
fn held(board: &Board, width: usize) -> Option<Arc<PatternDatabase>> {
    TABLES.lock().ok()?.as_ref()?.get(&key(board, width)).cloned()
}

/// The patterns for `board`, and the name each one's table is kept under ([`crate::keep`]).
fn patterns(board: &Board, width: usize) -> (Vec<Vec<u8>>, Vec<String>) {
    let groups = PatternDatabase::partition(board, DEFAULT_MAX_ENTRIES);
    let names = groups
        .iter()
        .map(|tiles| {
            let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
            format!("pdb-{}c-{width}w-b{}-p{}.bin", board.cells(), board.blank, tiles.join("."))
        })
        .collect();
    (groups, names)
}

/// The pattern databases for `board`: held, read pattern by pattern from what was kept (the
/// disk cache; in the page IndexedDB and the other Workers), or built (with progress reported as
/// `Stats::building`; None when the progress callback stops the build).
fn tables(
    board: &Board,
    width: usize,
    threads: usize,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Option<Arc<PatternDatabase>> {
    if let Some(found) = held(board, width) {
        return Some(found);
    }
    let (groups, names) = patterns(board, width);
    // Bytes that do not read back as the pattern's table (another version) are ignored and the
    // table built again.
    let mut tables: Vec<Option<Vec<u8>>> = groups
        .iter()
        .zip(&names)
        .map(|(tiles, name)| {
            crate::keep::read(name).and_then(|bytes| PatternDatabase::read_pattern(board, tiles, &bytes))
        })
        .collect();
    let missing: Vec<usize> = (0..groups.len()).filter(|&g| tables[g].is_none()).collect();
    for (g, table) in build(board, &groups, &names, &missing, threads, on_progress)? {
        tables[g] = Some(table);
    }
    let pdb = Arc::new(PatternDatabase::from_tables(board, &groups, tables.into_iter().flatten().collect()));
    if let Ok(mut kept) = TABLES.lock() {
        kept.get_or_insert_with(HashMap::new).insert(key(board, width), pdb.clone());
    }
    Some(pdb)
}

/// Builds the tables of the patterns `which` on up to `threads` threads, with progress, and
/// keeps each under its name.
fn build(
    board: &Board,
    groups: &[Vec<u8>],
    names: &[String],
    which: &[usize],
    threads: usize,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Option<Vec<(usize, Vec<u8>)>> {
    if which.is_empty() {
        return Some(Vec::new());
    }
    let started = web_time::Instant::now();
    let mut stats = Stats::default();
    let mut progress = |share| {
        stats.building = Some(share);
        stats.elapsed_ms = started.elapsed().as_millis() as u64;
        on_progress(&stats)
    };
    let built = PatternDatabase::build_some(board, groups, which, threads, &mut progress)?;
    for (g, table) in &built {
        crate::keep::write(&names[*g], PatternDatabase::pattern_bytes(board, &groups[*g], table));
    }
    Some(built)
}

/// A share of the tables of a search shared among the page's Workers ([`SolveOptions::prepare`]):
/// builds this share's patterns (every `of`-th from the `index`-th) that cannot be read, and keeps
/// them, so the Workers build the tables side by side, each pattern once, before the search. None
/// when the progress callback stops the build.
fn prepare(board: &Board, width: usize, share: Part, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Option<()> {
    if held(board, width).is_some() {
        return Some(());
    }
    let (groups, names) = patterns(board, width);
    let mine: Vec<usize> =
        (share.index..groups.len()).step_by(share.of).filter(|&g| !crate::keep::has(&names[g])).collect();
    let built = build(board, &groups, &names, &mine, 1, on_progress)?;
    // This Worker reads its own patterns back with the others' when the search asks for them.
    #[cfg(target_arch = "wasm32")]
    crate::keep::preload(
        built
            .into_iter()
            .map(|(g, table)| {
                (names[g].clone(), crate::keep::seal(PatternDatabase::pattern_bytes(board, &groups[g], &table)))
            })
            .collect(),
    );
    #[cfg(not(target_arch = "wasm32"))]
    let _ = built;
    Some(())
}

/// Whether cells `a` and `b` of a rectangle `width` wide share a side.
pub fn adjacent(width: usize, a: usize, b: usize) -> bool {
    (a / width == b / width && a.abs_diff(b) == 1) || a.abs_diff(b) == width
}
