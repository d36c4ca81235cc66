//! A PuzzleScript level as a puzzle: replayed through the engine, drawn, played, solved.

use super::compile::{self, Command, Game, Level, DOWN, LAYERS_PER_WORD, LEFT, RIGHT, UP};
use super::draw;
use super::engine::{self, Board, Session, ACTION_INPUT, INPUTS};
use super::pack::Packer;
use super::METRIC;
use crate::draw::Painter;
use crate::families::{Beside, Capabilities, FormatError, HistoryKey, Noun, Puzzle, Report, SolveOptions, Status};
use crate::midend::{self, Frames, Replayer};
use crate::search::portfolio::{in_turn, Turn};
use crate::search::{novelty_first, Budget, Flow, Method, Outcome, Space, Stats};
use std::sync::{Arc, Mutex, OnceLock};

/// A game, with the level it plays.
pub struct PsPuzzle {
    pub(super) text: String,
    pub game: Game,
    /// The level played: its index in `game.levels` (a board).
    pub level: usize,
    replayer: Replayer<Position>,
    /// The game as the search runs it, without its decoration (`decor.rs`), made when first
    /// searched; None where it has none.
    plain: OnceLock<Option<Game>>,
}

/// A position of a level: its cells, where a restart returns to, whether it is won, and the
/// message the last input showed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub cells: Vec<u64>,
    pub restart: Arc<[u64]>,
    pub won: bool,
    pub message: Option<String>,
}

impl PsPuzzle {
    pub fn parse(text: &str) -> Result<PsPuzzle, FormatError> {
        let game = compile::compile(text)?;
        let level = game.levels.iter().position(|l| matches!(l, Level::Board { .. })).unwrap_or(0);
        Ok(PsPuzzle { text: text.to_string(), game, level, replayer: Replayer::default(), plain: OnceLock::new() })
    }

    /// The level's size (columns, rows).
    pub fn size(&self) -> (usize, usize) {
        match &self.game.levels[self.level] {
            Level::Board { width, height, .. } => (*width, *height),
            Level::Message { .. } => (0, 0),
        }
    }

    /// The inputs a player may give: no action in a `noaction` game.
    pub fn inputs(&self) -> Vec<usize> {
        let all = [0, 2, 1, 3, ACTION_INPUT];
        all.into_iter().filter(|&i| i != ACTION_INPUT || !self.game.setting("noaction")).collect()
    }

    /// The game a search runs: the game without its decoration, where it has any.
    pub(super) fn searched(&self) -> &Game {
        self.plain.get_or_init(|| super::decor::undecorated(&self.game)).as_ref().unwrap_or(&self.game)
    }

    /// The level's start (its start rules run, where the game asks for them).
    pub fn start_position(&self) -> Result<Position, String> {
        self.start_in(&self.game)
    }

    /// The level's start in `game` (the game, or the game as searched).
    fn start_in(&self, game: &Game) -> Result<Position, String> {
        let session = Session::new(game, self.level, engine::OnWin::Stop)
            .map_err(|_| "the level's start rules never finish".to_string())?;
        Ok(Position {
            cells: session.board.cells,
            restart: session.restart_target,
            won: false,
            message: session.message,
        })
    }

    /// The position after `input` from `from`, or None when the turn overran.
    pub fn step(&self, from: &Position, input: usize) -> Option<Position> {
        let mut session = self.session(from);
        session.play(Some(input)).ok()?;
        Some(Position {
            cells: session.board.cells,
            restart: session.restart_target,
            won: session.won,
            message: session.message,
        })
    }

    /// A session at `from`, to run inputs from it.
    fn session(&self, from: &Position) -> Session<'_> {
        self.session_in(&self.game, from)
    }

    /// A session of `game` (the game, or the game as searched) at `from`.
    fn session_in<'g>(&self, game: &'g Game, from: &Position) -> Session<'g> {
        let (width, height) = self.size();
        let board = Board::new(game, width, height, from.cells.clone());
        Session::at(game, self.level, board, from.restart.clone())
    }

    /// Why this game's levels are played but not `done` ("solved", "analysed"), if they are: the
    /// error a search of them ends in at once.
    fn unsearchable(&self, done: &str) -> Option<FormatError> {
        let why = if self.game.random {
            "this game chooses at random (random rules)"
        } else if self.game.settings.contains_key("realtime_interval") {
            "this game runs in real time (realtime_interval)"
        } else {
            return None;
        };
        Some(FormatError::general(format!("{why}, so its levels are played here but not {done}")))
    }

    /// Why a search that is `done` ("solved", "analysed") in inputs is refused: the options
    /// count something else, or the game cannot be searched.
    fn refused(&self, options: &SolveOptions, done: &str) -> Result<(), FormatError> {
        crate::families::only_metric(options, METRIC, " for PuzzleScript: every input counts (inputs)")?;
        self.unsearchable(done).map_or(Ok(()), Err)
    }

    /// The level as a search's space, from its start, in the game as searched.
    pub(super) fn space(&self) -> Result<PsSpace<'_>, FormatError> {
        Ok(PsSpace::new(self, self.start_in(self.searched()).map_err(FormatError::general)?))
    }

    /// Whether any level could be won: the game has win conditions, or a rule that says `win`.
    fn can_be_won(&self) -> bool {
        !self.game.wins.is_empty() || self.game.every_rule().any(|rule| rule.commands.contains(&Command::Win))
    }

    /// Whether an action input changes nothing (unless the board already meets the win
    /// conditions, which any turn then wins): the game has no late rules, and every rule needs a
    /// movement up, down, left or right in some cell. An action turn starts with none, and no
    /// rule can give one, as none can fire first. Sokoban-like games are so, and the search
    /// skips the action turn there.
    pub(super) fn action_is_inert(&self) -> bool {
        let directional: u64 =
            (0..LAYERS_PER_WORD).fold(0, |mask, layer| mask | (UP | DOWN | LEFT | RIGHT) << (5 * layer));
        let moves = |row: &compile::Row| row.needs_moves.iter().any(|&m| m & directional != 0);
        let game = self.searched();
        game.late_rules.iter().all(Vec::is_empty) && game.rules.iter().flatten().all(|rule| rule.rows.iter().any(moves))
    }

    fn uses_checkpoints(&self) -> bool {
        self.searched().every_rule().any(|r| r.commands.contains(&Command::Checkpoint))
    }

    /// The board levels: their indices in `game.levels`.
    fn boards(&self) -> Vec<usize> {
        (0..self.game.levels.len()).filter(|&i| matches!(self.game.levels[i], Level::Board { .. })).collect()
    }
}

/// `auto`'s breadth-first search, before best-first search has the rest: at most 2 million
/// positions (about 13 s natively) and four fifths of the time limit. Half lost six of the
/// editor's levels that breadth-first search proves in 5-10 s (`benches/RESULTS.md`).
pub const AUTO_PROOF: Turn = Turn { positions: 2_000_000, share: 0.8 };

/// Best-first search's turn oldest first, before newest first has the rest: half the time, and
/// at most 300,000 positions (where there is no time limit, as in the page; a few seconds).
/// Oldest first found most of its answers on the demo levels within 100,000, all within 760,000;
/// newest first found some in a few hundred that oldest first missed in a million.
pub const FIND_OLDEST: Turn = Turn { positions: 300_000, share: 0.5 };

/// How many best-first searches `auto` runs beside its proof, on Workers in the page and on
/// threads natively: oldest then newest first, and newest first from the start ([`PsSpace::find`]).
pub const FINDERS: u32 = 2;

impl PsPuzzle {
    /// `auto`: breadth-first search proves the fewest inputs for its `turn` ([`AUTO_PROOF`]); a
    /// level it cannot prove by then is given to best-first search, whose answer is not proven.
    /// Which of the two answered, and what they did together.
    fn proven_then_found(
        &self,
        space: &PsSpace<'_>,
        options: &SolveOptions,
        turn: &Turn,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> (Method, Outcome<u8, Vec<u64>>) {
        #[cfg(not(target_arch = "wasm32"))]
        if options.threads() > 1 {
            return Self::side_by_side(space, options, turn, on_progress);
        }
        match in_turn(
            &options.budget(),
            turn,
            on_progress,
            |budget, on_progress| space.search(Method::Bfs, &within(budget, options), on_progress),
            |budget, on_progress| space.search(Method::Greedy, &within(budget, options), on_progress),
        ) {
            (true, outcome) => (Method::Greedy, outcome),
            (false, proving) => (Method::Bfs, proving),
        }
    }

    /// `auto` on several threads, as on several Workers in the page: breadth-first search proves
    /// for its `turn` beside best-first searches on threads of their own (seed 0 oldest then
    /// newest first, seed 1 newest first), which have the whole time; threads beyond those three
    /// spread the proof. Its answer whenever it ends within its turn, as on one thread; else the
    /// first found ([`crate::search::portfolio::side_by_side`]). Breadth-first search spread over
    /// two threads gains little on these levels (Atlas Shrank's level 5: 10.3 s on one, 8.9 s on
    /// two), a best-first search beside it with the whole time gains levels.
    #[cfg(not(target_arch = "wasm32"))]
    fn side_by_side(
        space: &PsSpace<'_>,
        options: &SolveOptions,
        turn: &Turn,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> (Method, Outcome<u8, Vec<u64>>) {
        let threads = options.threads();
        let searches = threads.min(1 + FINDERS as usize);
        let proof = SolveOptions { threads: Some(threads + 1 - searches), ..options.clone() };
        let (proven, outcome) = crate::search::portfolio::side_by_side(
            &options.budget(),
            turn,
            (searches as u32, FINDERS),
            on_progress,
            |budget, on_progress| space.search(Method::Bfs, &within(budget, &proof), on_progress),
            |seed, budget, on_progress| space.find(seed, &within(budget, options), on_progress),
        );
        (if proven { Method::Bfs } else { Method::Greedy }, outcome)
    }

    /// [`Puzzle::solve`], where `auto`'s breadth-first search has `turn` ([`AUTO_PROOF`]).
    pub(super) fn solve_in_turns(
        &self,
        options: &SolveOptions,
        turn: &Turn,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        self.refused(options, "solved")?;
        let method = self.capabilities().resolve(options.method)?;
        if !self.can_be_won() {
            let mut report = Report::without_search("puzzlescript", METRIC, Status::Unsolved, NEVER_WON);
            report.noun = Noun::Inputs;
            return Ok(report);
        }
        let space = self.space()?;
        let (method, outcome) = match (options.method, options.beside) {
            // `auto` shared between two Workers: one proves for its turn, one finds.
            (Method::Auto, Some(Beside::Prove)) => {
                (Method::Bfs, space.search(Method::Bfs, &within(&turn.of(&options.budget()), options), on_progress))
            }
            (Method::Auto, Some(Beside::Find { seed })) => (Method::Greedy, space.find(seed, options, on_progress)),
            (Method::Auto, None) => self.proven_then_found(&space, options, turn, on_progress),
            _ => (method, space.search(method, options, on_progress)),
        };
        let mut report = Report::from_outcome("puzzlescript", METRIC, method, outcome, named);
        report.noun = Noun::Inputs;
        Ok(report)
    }
}

/// The names of a search's `moves` (inputs by number).
fn named<S>(moves: &[u8], _states: &[S]) -> Vec<String> {
    moves.iter().map(|&m| INPUTS[m as usize].to_string()).collect()
}

/// What a solve says of a game no level of which can be won, without searching.
const NEVER_WON: &str =
    "No solution: this game has no win conditions and no rule that says win, so none of its levels can be won";

/// `options` with `budget` for theirs: the searches take their budgets as options (breadth-first
/// search spreads over threads).
fn within(budget: &Budget, options: &SolveOptions) -> SolveOptions {
    SolveOptions {
        max_states: Some(budget.max_states),
        max_bytes: Some(budget.max_bytes),
        time_limit_ms: budget.time_limit.map(|limit| limit.as_millis() as u64),
        ..options.clone()
    }
}

/// A level as the search sees it: the cells that may change, packed ([`Packer`]), a won mark,
/// and (in games with checkpoints) where a restart returns to, packed the same way.
pub(super) struct PsSpace<'a> {
    puzzle: &'a PsPuzzle,
    /// The game as searched ([`PsPuzzle::searched`]).
    game: &'a Game,
    inputs: Vec<usize>,
    /// An action input changes nothing but a win ([`PsPuzzle::action_is_inert`]).
    inert_action: bool,
    start: Position,
    checkpoints: bool,
    packer: Packer,
    /// Where the won mark is in a state: after the packed cells.
    won_at: usize,
    /// Sessions to run turns in, one taken for each expansion (no board is made for each), each
    /// with room for the board every input of an expansion starts from.
    sessions: Mutex<Vec<(Session<'a>, Vec<u64>)>>,
}

impl<'a> PsSpace<'a> {
    fn new(puzzle: &'a PsPuzzle, start: Position) -> PsSpace<'a> {
        let game = puzzle.searched();
        let packer = Packer::new(game, &start.cells);
        PsSpace {
            puzzle,
            game,
            inputs: puzzle.inputs(),
            inert_action: puzzle.action_is_inert(),
            checkpoints: puzzle.uses_checkpoints(),
            won_at: packer.packed_words(),
            packer,
            start,
            sessions: Mutex::new(Vec::new()),
        }
    }

    /// The words of a state: the packed cells, the restart target's where the game has
    /// checkpoints, and the won mark.
    fn state_words(&self) -> usize {
        self.won_at * if self.checkpoints { 2 } else { 1 } + 1
    }

    /// A position's state; `from`: its parent's and the cells changed since, where they are
    /// known (packing only those was a tenth of a search's time on Sokoban-like levels).
    fn pack(&self, cells: &[u64], from: Option<(&[u64], &[usize])>, won: bool, restart: &[u64]) -> Vec<u64> {
        let mut state = Vec::with_capacity(self.state_words());
        let repacked = from.is_some_and(|(parent, changed)| self.packer.repack(parent, cells, changed, &mut state));
        if !repacked {
            self.packer.pack(cells, &mut state);
        }
        if cfg!(debug_assertions) {
            // The objects left out are the start's: a turn changed none of them.
            let mut back = vec![0; cells.len()];
            self.packer.unpack(&state, &mut back);
            debug_assert_eq!(back, cells, "a turn changed an object the packer keeps from the start");
            // The cells counted as changed are all that changed.
            let mut whole = Vec::new();
            self.packer.pack(cells, &mut whole);
            debug_assert_eq!(state, whole, "a changed cell was not counted");
        }
        state.push(u64::from(won));
        if self.checkpoints {
            self.packer.pack(restart, &mut state);
        }
        debug_assert_eq!(state.capacity(), self.state_words(), "the memory counted for a state is what it holds");
        state
    }

    /// A session whose board holds the cells of `state` (and its restart point), and its room
    /// for a board, which holds them too, given back with [`PsSpace::put_back`].
    fn session_at(&self, state: &[u64]) -> (Session<'a>, Vec<u64>) {
        let spare = self.sessions.lock().ok().and_then(|mut sessions| sessions.pop());
        let (mut session, mut room) =
            spare.unwrap_or_else(|| (self.puzzle.session_in(self.game, &self.start), self.start.cells.clone()));
        self.packer.unpack(state, &mut room);
        session.set_cells(&room);
        session.restart_target = if self.checkpoints {
            let mut restart = vec![0; self.start.cells.len()];
            self.packer.unpack(&state[self.won_at + 1..], &mut restart);
            restart.into()
        } else {
            self.start.restart.clone()
        };
        (session, room)
    }

    fn put_back(&self, session: Session<'a>, room: Vec<u64>) {
        if let Ok(mut sessions) = self.sessions.lock() {
            sessions.push((session, room));
        }
    }

    /// Runs `method`; best-first search as [`PsSpace::find`]'s first.
    fn search(
        &self,
        method: Method,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Outcome<u8, Vec<u64>> {
        match method {
            Method::Greedy => self.find(0, options, on_progress),
            _ => crate::families::search_spread(self, method, options, on_progress),
        }
    }

    /// Best-first search, which here is best-first width search ([`novelty_first`]): a position
    /// with an object in a cell that no position as far from winning had goes first, then one
    /// with two objects in two cells together that none had, then the win conditions lead. The
    /// first (`seed` 0) searches oldest first for its turn ([`FIND_OLDEST`]), then newest first,
    /// which dives and finds answers on other levels (longer ones, shortened before they are
    /// given); the others, beside it on other Workers, newest first from the start.
    fn find(
        &self,
        seed: u32,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Outcome<u8, Vec<u64>> {
        let newest = |budget: &Budget, on_progress: &mut dyn FnMut(&Stats) -> Flow| {
            novelty_first(self, true, budget, on_progress)
        };
        if seed > 0 {
            return newest(&options.budget(), on_progress);
        }
        let oldest = |budget: &Budget, on_progress: &mut dyn FnMut(&Stats) -> Flow| {
            novelty_first(self, false, budget, on_progress)
        };
        in_turn(&options.budget(), &FIND_OLDEST, on_progress, oldest, newest).1
    }
}

impl Space for PsSpace<'_> {
    type State = Vec<u64>;
    type Move = u8;

    fn start(&self) -> Vec<u64> {
        self.pack(&self.start.cells, None, false, &self.start.restart)
    }

    fn successors(&self, state: &Vec<u64>, out: &mut Vec<(u8, Vec<u64>, u32)>) {
        if self.is_goal(state) {
            return;
        }
        let (mut session, from) = self.session_at(state);
        session.board.forget_changes();
        let restart = session.restart_target.clone();
        // The turn would end where it began, which the search would drop.
        let skip_action = self.inert_action && !session.wins_now();
        for &input in &self.inputs {
            if input == ACTION_INPUT && skip_action {
                continue;
            }
            session.return_to(&from);
            session.restart_target = restart.clone();
            session.won = false;
            if session.play(Some(input)).is_err() {
                // A turn that overran is no move; what it left half done is undone.
                session.board.still();
                continue;
            }
            let board = &session.board;
            if board.changed.is_empty() && !board.changed_all && !session.won && !self.checkpoints {
                // Nothing changed (a walk into a wall): the position itself, which the search drops.
                continue;
            }
            let changes = (!board.changed_all).then_some((state.as_slice(), board.changed.as_slice()));
            let next = self.pack(&board.cells, changes, session.won, &session.restart_target);
            if !compile::same(&next, state) {
                out.push((input as u8, next, 1));
            }
        }
        self.put_back(session, from);
    }

    fn is_goal(&self, state: &Vec<u64>) -> bool {
        state[self.won_at] != 0
    }

    /// For best-first search only (not a lower bound: one input can mend many cells): how far
    /// the win conditions are from holding, a cell for each that breaks one. Best-first search
    /// also partitions its facts ([`Space::facts`]) by it.
    fn heuristic(&self, state: &Vec<u64>) -> u32 {
        let game = self.game;
        let (session, room) = self.session_at(state);
        let cells = &session.board.cells;
        let holds = compile::holds;
        let mut far = 0;
        for win in &game.wins {
            let both =
                |cell: &[u64]| holds(&win.first, win.first_all, cell) && holds(&win.second, win.second_all, cell);
            let first = |cell: &[u64]| holds(&win.first, win.first_all, cell);
            let chunks = || cells.chunks_exact(game.words);
            far += match win.quantifier {
                -1 => chunks().filter(|c| both(c)).count(),
                0 => usize::from(!chunks().any(both)),
                _ => chunks().filter(|c| first(c) && !both(c)).count(),
            };
        }
        self.put_back(session, room);
        far as u32
    }

    /// Each object that may change in each cell: a bit of the packed cells.
    fn facts(&self, state: &Vec<u64>, out: &mut Vec<u32>) {
        for (k, &word) in state[..self.won_at].iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                out.push(k as u32 * 64 + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
    }

    /// A state's words on the heap, and the allocator's header and rounding (16 bytes at most).
    fn heap_each(&self) -> u64 {
        8 * self.state_words() as u64 + 16
    }
}

fn input_of(text: &str) -> Option<usize> {
    INPUTS.iter().position(|&i| i.eq_ignore_ascii_case(text.trim()))
}

impl midend::Backend for PsPuzzle {
    type State = Position;

    fn start(&self) -> Result<Position, String> {
        self.start_position()
    }

    fn execute(&self, state: &Position, text: &str) -> Result<Position, String> {
        let input =
            input_of(text).ok_or_else(|| format!("\"{text}\" is not an input (up, down, left, right, action)"))?;
        if input == 4 && self.game.setting("noaction") {
            return Err("this game has no action".into());
        }
        if state.won {
            return Err("the level is already won".into());
        }
        self.step(state, input).ok_or_else(|| format!("\"{text}\" starts a turn that never ends"))
    }

    fn is_solved(&self, state: &Position) -> bool {
        state.won
    }

    fn paint(&self, frames: &Frames<Position>, step: usize, _tween: f32, painter: &mut dyn Painter) {
        if let Some(position) = frames.at(step) {
            draw::draw(self, &position.cells, painter);
            if let Some(message) = &position.message {
                draw::draw_message(self, message, painter);
            }
        }
    }

    fn show(&self, frames: &Frames<Position>, step: usize) -> String {
        let Some(position) = frames.at(step) else { return String::new() };
        let map = draw::map_text(self, &position.cells);
        match &position.message {
            Some(message) => format!("{map}\nmessage: {message}\n"),
            None => map,
        }
    }

    /// The four directions always (a blocked one is still a turn, as in the game); the action
    /// only where it does something from here, so that a game without action rules shows no
    /// button that does nothing (X still gives the input).
    fn moves_from(&self, state: &Position) -> Vec<String> {
        if state.won {
            return Vec::new();
        }
        let acts = |input: usize| {
            input != 4
                || self.step(state, 4).is_some_and(|next| {
                    next.won || next.cells != state.cells || next.restart != state.restart || next.message.is_some()
                })
        };
        self.inputs().into_iter().filter(|&i| acts(i)).map(|i| INPUTS[i].to_string()).collect()
    }

    fn moves_at(&self, state: &Position, from: (f64, f64), to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        if state.won {
            return Vec::new();
        }
        draw::input_at(self, &state.cells, from, to, size).map(|i| INPUTS[i].to_string()).into_iter().collect()
    }
}

impl Puzzle for PsPuzzle {
    fn family(&self) -> &'static str {
        "puzzlescript"
    }

    /// Analyse: every position of the level, in inputs (a game played, not solved, is not
    /// analysed either).
    fn explore(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<crate::families::analysis::AnalysisReport, FormatError> {
        self.refused(options, "analysed")?;
        let space = self.space()?;
        Ok(crate::families::analysis::analysis_spread("puzzlescript", METRIC, &space, options, on_progress, named))
    }

    /// Breadth-first search proves the fewest inputs; best-first search, led by novelty and by
    /// how far the win conditions are from holding, finds an answer sooner in larger levels
    /// without proving it; `auto` runs the first for its turn (`AUTO_PROOF`), then the second.
    fn capabilities(&self) -> Capabilities {
        let mut capabilities =
            Capabilities::searches(&[Method::Auto, Method::Bfs, Method::Greedy]).calling(Noun::Inputs).analysing();
        // In the page, breadth-first search proves on one Worker while best-first search finds
        // on another, with the whole time, and on a third newest first from the start.
        capabilities.beside = FINDERS;
        capabilities
    }

    fn solve(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        self.solve_in_turns(options, &AUTO_PROOF, on_progress)
    }

    crate::midend::replayed_by!(replayer; check draw show boards moves_at moves_from);

    fn to_text(&self) -> String {
        self.text.clone()
    }

    fn moves_for_key(&self, _options: &SolveOptions, moves: &[String], step: usize, key: &str) -> Option<Vec<String>> {
        let input = match key {
            "ArrowUp" | "w" | "W" => 0,
            "ArrowLeft" | "a" | "A" => 1,
            "ArrowDown" | "s" | "S" => 2,
            "ArrowRight" | "d" | "D" => 3,
            "x" | "X" | " " | "Enter" if !self.game.setting("noaction") => 4,
            _ => return None,
        };
        // Every input is a turn until the level is won (an action that does nothing too).
        let won = self.moves_from(&SolveOptions::default(), moves, step).is_empty();
        Some(if won { Vec::new() } else { vec![INPUTS[input].to_string()] })
    }

    fn tally(&self, moves: &[String]) -> Option<String> {
        Some(crate::replay::counted(moves.len() as u64, "input", "inputs"))
    }

    /// PuzzleScript's own: Z takes an input back, R starts the level over.
    fn key_for_history(&self, key: &str) -> Option<HistoryKey> {
        match key {
            "z" | "Z" => Some(HistoryKey::Undo),
            "r" | "R" => Some(HistoryKey::Restart),
            _ => None,
        }
    }

    fn levels(&self) -> Vec<String> {
        let boards = self.boards();
        if boards.len() < 2 {
            return Vec::new();
        }
        boards
            .iter()
            .enumerate()
            .map(|(n, &i)| match i.checked_sub(1).map(|p| &self.game.levels[p]) {
                // The message before a level is its title ("level 3 of 10").
                Some(Level::Message { text, .. }) if !text.trim().is_empty() => {
                    let short: String = text.chars().take(40).collect();
                    format!("{short}{}", if text.chars().count() > 40 { "…" } else { "" })
                }
                _ => format!("{}", n + 1),
            })
            .collect()
    }

    fn level_text(&self, index: usize) -> Option<String> {
        let &level = self.boards().get(index)?;
        let Level::Board { line, height, .. } = &self.game.levels[level] else { return None };
        let heading = self.game.headings.iter().find(|(name, _)| *name == "levels")?.1;
        let lines: Vec<&str> = self.text.split('\n').collect();
        let mut out: String = lines[..heading].join("\n");
        out.push_str("\n\n");
        out.push_str(&lines[line - 1..(line - 1 + height).min(lines.len())].join("\n"));
        out.push('\n');
        Some(out)
    }

    fn warnings(&self) -> &[FormatError] {
        &self.game.warnings
    }

    fn solves_every_level(&self) -> bool {
        true
    }

    fn text_at(&self, moves: &[String]) -> Option<String> {
        let position = self.replayer.at(self, moves, moves.len())?;
        draw::game_text_at(self, &position.cells)
    }
}
