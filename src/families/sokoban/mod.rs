//! Sokoban: push every box onto a goal. `format.rs` reads levels and collections in the XSB
//! characters, `rules.rs` is the game on the level's cells (moves in LURD), `solver.rs` the
//! search over pushes with its deadlock tests and `bound.rs` its lower bound, `corral.rs` the
//! corral deadlock test, `packing.rs` the packing plan, its macros and the features best-first
//! search takes turns over, `draw.rs` the board, `edit.rs` draw mode, `tests.rs` known answers.
//!
//! A file of several levels opens at its first; [`Puzzle::levels`] lists them and
//! [`Puzzle::level_text`] gives one as a puzzle of its own (the CLI's `--level` and
//! `--all-levels`, the page's level picker).

pub mod bound;
mod corral;
pub mod draw;
pub mod edit;
pub mod format;
pub mod packing;
pub mod rules;
pub mod solver;

use crate::draw::Painter;
use crate::families::{
    Beside, Capabilities, Confidence, Example, Family, FormatError, Puzzle, Report, SolveOptions, GREEDY_WEIGHT,
};
use crate::midend::{self, Frames, Replayer};
use crate::search::portfolio::{add_work, in_turn, left_after, Turn};
use crate::search::{
    astar, astar_weighted, feature_space, Budget, Flow, Heuristic, Knowledge, Member, Method, Outcome, Stats,
};
use format::{Collection, Level};
use rules::{Direction, Position, DIRECTIONS};
use solver::{Geometry, Metric, Push, Pushes};

pub struct Sokoban;

impl Family for Sokoban {
    fn id(&self) -> &'static str {
        "sokoban"
    }

    fn name(&self) -> &'static str {
        "Sokoban"
    }

    fn how_to_play(&self) -> Option<&'static str> {
        Some(
            "Push every box onto a goal (the dots); the player pushes, never pulls. Arrow keys (the board focused) or swipes step the player, pushing what is in the way; tap a cell to walk there; tap a box and then a free cell (or drag the box there) to have it pushed there, the walks found for you. ◀ undoes.",
        )
    }

    fn format_help(&self) -> &'static str {
        format_doc!("sokoban")
    }

    fn metrics(&self) -> &'static [&'static str] {
        Metric::NAMES
    }

    fn detect(&self, text: &str) -> Confidence {
        Confidence::sure_if(format::looks_like(text))
    }

    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Ok(Box::new(SokobanPuzzle::new(format::parse(text)?)))
    }

    fn examples(&self) -> &'static [Example] {
        static EXAMPLES: [Example; 2] = [
            example!("sokoban-microban-1", "txt", 8, "Microban 1 (8 pushes)"), // tests/sokoban.rs: breadth-first search over single pushes
            example!("sokoban-microban-16", "txt", 39, "Microban 16 (39 pushes)"), // the same
        ];
        &EXAMPLES
    }

    fn blank(&self) -> &'static str {
        "#######\n#     #\n# @$. #\n#     #\n#######\n"
    }
}

/// A level read, with the rest of its collection.
pub struct SokobanPuzzle {
    pub collection: Collection,
    /// The level shown and solved (an index into the collection).
    pub chosen: usize,
    geometry: Geometry,
    replayer: Replayer<Position>,
    /// The box a tap chose (a board cell), which the next tap on a free cell pushes there.
    chosen_box: std::cell::Cell<Option<usize>>,
    /// A box a tap or a drag asked to go where no pushes take it, until the page asks why.
    refused: std::cell::Cell<bool>,
}

impl SokobanPuzzle {
    pub fn new(collection: Collection) -> SokobanPuzzle {
        let geometry = Geometry::new(&collection.levels[0]);
        SokobanPuzzle {
            collection,
            chosen: 0,
            geometry,
            replayer: Replayer::default(),
            chosen_box: std::cell::Cell::new(None),
            refused: std::cell::Cell::new(false),
        }
    }

    /// The steps that push a box where it was asked to go, or none, remembered as refused.
    fn pushed(&self, steps: Option<Vec<String>>) -> Vec<String> {
        self.refused.set(steps.is_none());
        steps.unwrap_or_default()
    }

    pub fn level(&self) -> &Level {
        &self.collection.levels[self.chosen]
    }

    fn metric(&self, options: &SolveOptions) -> Result<Metric, FormatError> {
        match options.metric.as_deref() {
            None | Some("") | Some("auto") => Ok(Metric::Pushes),
            Some(name) => Metric::parse(name).ok_or_else(|| {
                FormatError::general(format!("unknown metric \"{name}\" for Sokoban: use pushes or moves"))
            }),
        }
    }

    fn position_after(&self, moves: &[String], step: usize) -> Position {
        self.replayer.at(self, moves, step).unwrap_or_else(|| Position::start(self.level()))
    }

    /// The search `method` on a level whose squares fit in `W` words: the method that ran, its
    /// outcome, and whether the fewest pushes proven have the fewest moves among them.
    fn search<const W: usize>(
        &self,
        metric: Metric,
        method: Method,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> (Method, Outcome<Push, ()>, bool) {
        let budget = options.budget();
        let (method, outcome) =
            self.searched::<W>(metric, method, options, &budget, &mut in_steps(metric, on_progress));
        if metric == Metric::Pushes && method == Method::Astar {
            let (outcome, tie_broken) = self.fewest_moves_among::<W>(outcome, &budget, on_progress);
            return (method, outcome, tie_broken);
        }
        (method, outcome, false)
    }

    /// Among as many pushes as `found` has (proven the fewest), the fewest moves: a search over
    /// pushes then moves for its turn ([`TIE_BREAK`]) of the time left; `found` as it is, and
    /// false, when that does not end.
    fn fewest_moves_among<const W: usize>(
        &self,
        found: Outcome<Push, ()>,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> (Outcome<Push, ()>, bool) {
        let Outcome::Solved { moves, states, cost, mut stats } = found else { return (found, false) };
        let space = Pushes::<W>::new(self.level(), &self.geometry, Metric::PushesThenMoves);
        let mut on_progress = in_steps(Metric::PushesThenMoves, on_progress);
        let mut tie_break = astar(&space, &TIE_BREAK.of(&left_after(budget, &stats)), &mut on_progress);
        add_work(&mut stats, tie_break.stats_mut());
        match tie_break {
            Outcome::Solved { moves: fewest, .. } if fewest.len() == moves.len() => {
                (Outcome::Solved { moves: fewest, states, cost, stats }, true)
            }
            _ => (Outcome::Solved { moves, states, cost, stats }, false),
        }
    }

    /// [`SokobanPuzzle::search`]'s search itself.
    fn searched<const W: usize>(
        &self,
        metric: Metric,
        method: Method,
        // The threads it may use: one in the page.
        #[cfg_attr(target_arch = "wasm32", allow(unused_variables))] options: &SolveOptions,
        budget: &Budget,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> (Method, Outcome<Push, ()>) {
        let space = Pushes::<W>::new(self.level(), &self.geometry, metric);
        let budget = *budget;
        match (method, options.beside) {
            // `auto` shared among Workers: one proves for its turn, the others find.
            (Method::Auto, Some(Beside::Prove)) => {
                (Method::Astar, forget(astar(&space, &AUTO_PROOF.of(&budget), on_progress), |moves| moves))
            }
            (Method::Auto, Some(Beside::Find { seed })) => {
                (Method::Greedy, best_first(&space, seed, &budget, on_progress))
            }
            (Method::Greedy, _) => (Method::Greedy, best_first(&space, 0, &budget, on_progress)),
            #[cfg(not(target_arch = "wasm32"))]
            (Method::Auto, _) if options.threads() >= 2 => {
                side_by_side(self.level(), &space, &budget, &AUTO_PROOF, options.threads(), on_progress)
            }
            (Method::Auto, _) => proven_then_found(&space, &budget, &AUTO_PROOF, on_progress),
            _ => (Method::Astar, forget(astar(&space, &budget, on_progress), |moves| moves)),
        }
    }
}

/// Progress with its depth in whole pushes or moves: where a step costs [`solver::PER_MOVE`]
/// (counting moves, or pushes then moves), a search's depth is the cost, 65,536 to a step.
fn in_steps(metric: Metric, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> impl FnMut(&Stats) -> Flow + '_ {
    let per_step = if metric == Metric::Pushes { 1 } else { u64::from(solver::PER_MOVE) };
    move |stats: &Stats| on_progress(&Stats { depth: stats.depth / per_step, ..*stats })
}

/// Sokoban's search for any solution: weighted A* for its turn ([`QUICK_BEST_FIRST`]: it is quick
/// where the bound leads well), then the feature-space search over a packing plan (where it
/// misleads: goal rooms, boxes in each other's way). A `seed` other than 0 (a search beside
/// others) is the feature-space search alone, its ties broken by the seed: weighted A* would
/// repeat seed 0's.
fn best_first<const W: usize>(
    space: &Pushes<'_, W>,
    seed: u32,
    budget: &Budget,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Outcome<Push, ()> {
    let quick = |budget: &Budget, on_progress: &mut dyn FnMut(&Stats) -> Flow| {
        forget(astar_weighted(space, GREEDY_WEIGHT, budget, on_progress), |moves| moves)
    };
    let planned = |budget: &Budget, on_progress: &mut dyn FnMut(&Stats) -> Flow| {
        forget(feature_space(&packing::Planned::new(space), member(seed), budget, on_progress), |moves| moves.concat())
    };
    if seed != 0 {
        return planned(budget, on_progress);
    }
    in_turn(budget, &QUICK_BEST_FIRST, on_progress, quick, planned).1
}

/// The feature-space search of `seed`: every third, from 2, lets each advisor make one push an
/// expansion (FESS's own way: it solved XSokoban 72 in 9 s, which no other search here solves
/// within minutes, but it loses level 12: see `2026-12-01-sokoban-advisors-that-pick-one-push.md`),
/// with ties broken by `seed / 3`; the others make every push an advisor would, ties broken by
/// `seed`.
fn member(seed: u32) -> Member {
    match seed % 3 {
        2 => Member { tie: seed / 3, picks_one: true },
        _ => Member { tie: seed, picks_one: false },
    }
}

/// `auto` on one thread (and on one of the page's Workers): A* proves the fewest pushes for its
/// `turn` ([`AUTO_PROOF`]); if it has not ended by then, best-first search has the rest of the
/// budget. A* first costs at most its turn on a level it cannot prove, and best-first search solves
/// every Microban level A* cannot prove within a few seconds of the rest.
fn proven_then_found<const W: usize>(
    space: &Pushes<'_, W>,
    budget: &Budget,
    turn: &Turn,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (Method, Outcome<Push, ()>) {
    match in_turn(
        budget,
        turn,
        on_progress,
        |budget, on_progress| forget(astar(space, budget, on_progress), |moves| moves),
        |budget, on_progress| best_first(space, 0, budget, on_progress),
    ) {
        (true, outcome) => (Method::Greedy, outcome),
        (false, proving) => (Method::Astar, proving),
    }
}

/// `auto` on several threads: best-first searches start at once on threads of their own, each
/// breaking ties its own way (seeds 0, 1, …), while A* proves on this one for its `turn`
/// ([`AUTO_PROOF`]); once the turn is over, one more search takes its place
/// ([`crate::search::portfolio::side_by_side`]). A*'s answer when it ends within its turn, the
/// same as on one thread; else the first answer found, which stops the others.
#[cfg(not(target_arch = "wasm32"))]
fn side_by_side<const W: usize>(
    level: &Level,
    space: &Pushes<'_, W>,
    budget: &Budget,
    turn: &Turn,
    threads: usize,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> (Method, Outcome<Push, ()>) {
    let searches = threads.clamp(2, MOST_SEARCHES) as u32;
    let (geometry, metric) = (space.geometry, space.metric);
    let (proven, outcome) = crate::search::portfolio::side_by_side(
        budget,
        turn,
        (searches, MOST_SEARCHES as u32),
        on_progress,
        |budget, on_progress| forget(astar(space, budget, on_progress), |moves| moves),
        // A space of its own for each: a space's scratch room is not shared.
        |seed, budget, on_progress| best_first(&Pushes::<W>::new(level, geometry, metric), seed, budget, on_progress),
    );
    (if proven { Method::Astar } else { Method::Greedy }, outcome)
}

/// A search's outcome with its moves made pushes (`pushes`) and its states dropped.
fn forget<M, S>(outcome: Outcome<M, S>, pushes: impl FnOnce(Vec<M>) -> Vec<Push>) -> Outcome<Push, ()> {
    match outcome {
        Outcome::Solved { moves, cost, stats, .. } => {
            Outcome::Solved { moves: pushes(moves), states: Vec::new(), cost, stats }
        }
        Outcome::NoSolution { stats } => Outcome::NoSolution { stats },
        Outcome::GaveUp { reason, stats } => Outcome::GaveUp { reason, stats },
        Outcome::Cancelled { stats } => Outcome::Cancelled { stats },
    }
}

/// The most searches `auto` runs side by side natively, one a thread (the page's Workers are at
/// most eight too): each has its share of the memory, and past a few the shares
/// cost the hard levels more than another order of ties gains.
pub const MOST_SEARCHES: usize = 8;

/// How many positions the search for the fewest moves among the fewest pushes may store: about
/// 2 s natively here (it keeps the player's own square, so a level has more positions than when
/// counting pushes alone).
pub const TIE_BREAK: Turn = Turn { positions: 1_000_000, share: 1.0 };

/// `auto`'s proof by A*: at most 2 million positions (about 5 s natively here) and 60% of the
/// time limit, before best-first search on one thread and beside it on two. Every Microban level
/// proven within 3 million is proven within 2; 139 stores the most, 1.4 million, in about 5 s,
/// which 45% of 10 s did not leave it.
pub const AUTO_PROOF: Turn = Turn { positions: 2_000_000, share: 0.6 };

/// Best-first search's weighted A* before the feature-space search takes over: 300,000 positions
/// and a fiftieth of the time. It is quick where the bound leads well, but the feature-space
/// search is the stronger: on the original levels the smaller and shorter its share, the more
/// levels were solved (`benches/RESULTS.md`).
pub const QUICK_BEST_FIRST: Turn = Turn { positions: 300_000, share: 0.02 };

impl midend::Backend for SokobanPuzzle {
    type State = Position;

    fn start(&self) -> Result<Position, String> {
        Ok(Position::start(self.level()))
    }

    fn execute(&self, state: &Position, text: &str) -> Result<Position, String> {
        if text.is_empty() {
            return Err("an empty move".into());
        }
        state.after(self.level(), text)
    }

    fn is_solved(&self, state: &Position) -> bool {
        state.is_solved(self.level())
    }

    fn paint(&self, frames: &Frames<Position>, step: usize, tween: f32, painter: &mut dyn Painter) {
        let level = self.level();
        let state = frames.at(step).cloned().unwrap_or_else(|| Position::start(level));
        let moving = (tween > 0.0).then(|| frames.moves.get(step)).flatten();
        let chosen = self.chosen_box.get().filter(|&cell| state.boxes.get(cell) == Some(&true) && moving.is_none());
        draw::draw(level, &state, moving.map(String::as_str), tween, chosen, painter);
    }

    fn show(&self, frames: &Frames<Position>, step: usize) -> String {
        frames.at(step).map_or(String::new(), |state| self.board_at(state).board_text())
    }

    /// A tap on a box chooses it (a tap on it again lets it go), and the next tap on a free
    /// cell pushes it there by the fewest pushes, the walks found for you; a drag from a box to
    /// a cell does the same at once. A tap on a free cell with no box chosen walks there. Any
    /// other drag is a swipe: one step its way, pushing what is in the way.
    fn moves_at(&self, state: &Position, from: (f64, f64), to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        let level = self.level();
        let grid = draw::layout(level, size.0, size.1);
        let chosen = self.chosen_box.take().filter(|&cell| state.boxes.get(cell) == Some(&true));
        let (Some(down), Some(up)) = (grid.cell_at(from.0, from.1), grid.cell_at(to.0, to.1)) else {
            return swipe(from, to, grid.cell).map(|d| vec![d.letter().to_string()]).unwrap_or_default();
        };
        let (down, up) = (level.index(down.0, down.1), level.index(up.0, up.1));
        if down == up {
            if state.boxes[down] {
                self.chosen_box.set((chosen != Some(down)).then_some(down));
                return Vec::new();
            }
            if let Some(chosen) = chosen {
                return self.pushed(push_box_to(level, state, chosen, down));
            }
            return state.walk_to(level, down).filter(|w| !w.is_empty()).map(|w| vec![w]).unwrap_or_default();
        }
        if state.boxes[down] {
            return self.pushed(push_box_to(level, state, down, up));
        }
        swipe(from, to, grid.cell).map(|d| vec![d.letter().to_string()]).unwrap_or_default()
    }

    /// The player's steps that can be made (a capital where it pushes), for buttons and keys.
    fn moves_from(&self, state: &Position) -> Vec<String> {
        let level = self.level();
        DIRECTIONS
            .into_iter()
            .filter_map(|d| {
                let mut next = state.clone();
                next.go(level, d)
                    .ok()
                    .map(|pushed| if pushed { d.letter().to_ascii_uppercase() } else { d.letter() }.to_string())
            })
            .collect()
    }
}

/// The way a drag goes, if it goes far enough (half a cell) to be a swipe.
fn swipe(from: (f64, f64), to: (f64, f64), cell: f64) -> Option<Direction> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    if dx.abs().max(dy.abs()) < cell / 2.0 {
        return None;
    }
    Some(if dx.abs() > dy.abs() {
        if dx < 0.0 {
            Direction::Left
        } else {
            Direction::Right
        }
    } else if dy < 0.0 {
        Direction::Up
    } else {
        Direction::Down
    })
}

/// The steps (walk and push each) that bring the box on `from` to `to` by the fewest pushes,
/// the other boxes staying where they are; None when it cannot get there.
fn push_box_to(level: &Level, state: &Position, from: usize, to: usize) -> Option<Vec<String>> {
    use std::collections::{HashMap, VecDeque};
    // A breadth-first search over (box cell, player cell) after each push.
    let mut without = state.clone();
    without.boxes[from] = false;
    let start = (from, state.player);
    let mut came: HashMap<(usize, usize), ((usize, usize), String)> = HashMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some((at, player)) = queue.pop_front() {
        if at == to {
            let mut steps = Vec::new();
            let mut key = (at, player);
            while key != start {
                let (previous, step) = came.remove(&key)?;
                steps.push(step);
                key = previous;
            }
            steps.reverse();
            return Some(steps);
        }
        let mut here = without.clone();
        here.boxes[at] = true;
        here.player = player;
        for direction in DIRECTIONS {
            let Some(behind) = rules::step(level, at, direction.opposite()) else { continue };
            let Some(walk) = here.walk_to(level, behind) else { continue };
            let mut step = walk;
            step.push(direction.letter().to_ascii_uppercase());
            let Ok(after) = here.after(level, &step) else { continue };
            // The push took the box a cell on, and the player onto the cell it left.
            let Some(next) = rules::step(level, at, direction) else { continue };
            let key = (next, after.player);
            if key != start && !came.contains_key(&key) {
                came.insert(key, ((at, player), step));
                queue.push_back(key);
            }
        }
    }
    None
}

impl SokobanPuzzle {
    /// The level with the boxes and the player where `state` puts them.
    pub fn board_at(&self, state: &Position) -> Level {
        Level {
            boxes: state.boxes.clone(),
            player: state.player,
            notes: Vec::new(),
            title: None,
            solution: None,
            ..self.level().clone()
        }
    }
}

impl Puzzle for SokobanPuzzle {
    fn family(&self) -> &'static str {
        "sokoban"
    }

    /// `auto` is best-first search and A* with the assignment bound, which proves the shortest
    /// where that stays affordable ([`AUTO_PROOF`]), and says which answered.
    fn capabilities(&self) -> Capabilities {
        let mut capabilities = Capabilities::searches(&[Method::Auto, Method::Astar, Method::Greedy])
            .knowing(Knowledge { heuristic: Heuristic::Admissible, explicit_goal: false });
        capabilities.noun = crate::families::Noun::Pushes;
        // In the page, A* beside best-first searches on every other Worker (each breaks ties its
        // own way), as natively on every thread.
        capabilities.beside = u32::MAX;
        capabilities.moves_in_steps = true;
        capabilities
    }

    fn solve(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        let metric = self.metric(options)?;
        let asked =
            if options.method == Method::Auto { Method::Auto } else { self.capabilities().resolve(options.method)? };
        let level = self.level();
        if let Some(unfinished) = level.unfinished() {
            return Err(unfinished);
        }
        if let Some(cell) = solver::stuck_box(level, &self.geometry) {
            let mut report = Report::new("sokoban", metric.name(), Method::Auto, Stats::default());
            report.reason = Some(format!("the box at {} can never reach a goal", rules::place(level, cell)));
            report.noun = crate::families::Noun::Pushes;
            return Ok(report);
        }
        let (method, outcome, tie_broken) = match self.geometry.words() {
            0..=1 => self.search::<1>(metric, asked, options, on_progress),
            // Two words search as four: as fast within 2%, and one copy fewer of the searches
            // (docs/decisions/2026-11-30-sokoban-boxes-out-of-plan.md).
            2..=4 => self.search::<4>(metric, asked, options, on_progress),
            5..=8 => self.search::<8>(metric, asked, options, on_progress),
            // One width for every bigger level: each width is a copy of the searches, 20 KB gzip
            // of the first module's (docs/decisions/2026-11-28-sokoban-levels-of-4096-cells.md).
            _ => self.search::<{ format::MAX_INSIDE / 64 }>(metric, asked, options, on_progress),
        };
        let mut written = Ok(Vec::new());
        let mut report = Report::from_outcome("sokoban", metric.name(), method, outcome, |pushes, _| {
            written = solver::written(level, &self.geometry, pushes);
            Vec::new()
        });
        match written {
            Ok(steps) => report.moves = steps,
            Err(why) => {
                return Err(FormatError::general(format!(
                    "the solver's answer did not replay ({why}); please report this level"
                )))
            }
        }
        let all = rules::lurd(level, &report.moves);
        let pushes = all.chars().filter(char::is_ascii_uppercase).count();
        if !report.moves.is_empty() || report.status == crate::families::Status::Solved {
            report.cost = match metric {
                Metric::Pushes | Metric::PushesThenMoves => pushes as u64,
                Metric::Moves => all.len() as u64,
            };
            if metric == Metric::Pushes && report.optimal {
                report.facts.insert("fewest_moves_among_them".into(), tie_broken.into());
            }
            report.facts.insert("pushes".into(), pushes.into());
            report.facts.insert("walks_and_pushes".into(), all.len().into());
            report.facts.insert("lurd".into(), all.into());
        }
        report.noun = crate::families::Noun::Pushes;
        report.heuristic = match method {
            Method::Astar => Some("the pushes of each box to a goal of its own".into()),
            // Short: the status line says it with the figures after it, on a phone too.
            Method::Greedy => Some("a packing plan (FESS)".into()),
            _ => None,
        };
        if self.collection.levels.len() > 1 {
            report.facts.insert("level".into(), (self.chosen + 1).into());
        }
        Ok(report)
    }

    crate::midend::replayed_by!(replayer; check draw show boards moves_at moves_from);

    /// After a tap that moved nothing: what it chose, or why the chosen box did not go.
    fn name_at(&self, _moves: &[String], _step: usize, (x, y): (f64, f64), size: (f64, f64)) -> Option<String> {
        let level = self.level();
        if self.refused.take() {
            return Some(
                "No pushes take that box there from here (a wall, another box or a corner is in the way). Tap a box to choose again."
                    .into(),
            );
        }
        let (row, col) = draw::layout(level, size.0, size.1).cell_at(x, y)?;
        match self.chosen_box.get() {
            Some(cell) if cell == level.index(row, col) => {
                Some("Box chosen: tap the cell it should go to (the pushes and walks are found for you).".into())
            }
            _ => None,
        }
    }

    fn unready(&self) -> Option<FormatError> {
        self.level().unfinished()
    }

    fn tally(&self, moves: &[String]) -> Option<String> {
        let all = rules::lurd(self.level(), moves);
        let pushes = all.chars().filter(char::is_ascii_uppercase).count();
        let counted = crate::replay::counted;
        Some(format!("{}, {}", counted(all.len() as u64, "move", "moves"), counted(pushes as u64, "push", "pushes")))
    }

    /// A step's button: its way as an arrow, and whether it walks or pushes.
    fn move_label(&self, text: &str) -> Option<String> {
        let mut letters = text.chars();
        let (Some(letter), None) = (letters.next(), letters.next()) else { return None };
        let direction = Direction::from_letter(letter)?;
        let arrow = ["←", "↑", "→", "↓"][direction as usize];
        Some(format!("{arrow} {}", if letter.is_ascii_uppercase() { "push" } else { "walk" }))
    }

    /// The arrow keys step the player (pushing what is in the way).
    fn moves_for_key(&self, options: &SolveOptions, moves: &[String], step: usize, key: &str) -> Option<Vec<String>> {
        let direction = ["ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown"]
            .iter()
            .position(|&k| k == key)
            .map(|i| DIRECTIONS[i])?;
        Some(
            self.moves_from(options, moves, step)
                .into_iter()
                .filter(|m| m.eq_ignore_ascii_case(&direction.letter().to_string()))
                .collect(),
        )
    }

    fn text_at(&self, moves: &[String]) -> Option<String> {
        let state = self.position_after(moves, moves.len());
        Some(self.board_at(&state).board_text())
    }

    /// The whole solution on one line of LURD, as Sokoban programs read it.
    fn solution_text(&self, moves: &[String]) -> String {
        rules::lurd(self.level(), moves) + "\n"
    }

    fn levels(&self) -> Vec<String> {
        if self.collection.levels.len() < 2 {
            return Vec::new();
        }
        (self.collection.levels.iter().enumerate())
            .map(|(n, level)| level.title.clone().unwrap_or_else(|| format!("{}", n + 1)))
            .collect()
    }

    fn level_text(&self, index: usize) -> Option<String> {
        self.collection.levels.get(index).map(Level::to_text)
    }

    fn to_text(&self) -> String {
        self.collection.to_text()
    }

    /// Draw mode, for a text of one level (a collection's level is opened alone first).
    fn editor(&self) -> Option<&dyn crate::families::Editor> {
        (self.collection.levels.len() == 1).then_some(self as &dyn crate::families::Editor)
    }
}

#[cfg(test)]
mod tests;
