//! The turn of the reference engine (`processInput`), over a compiled [`Game`]: the player's
//! objects are given the input's movement, the rule groups run (with loops and rigid bodies),
//! movements resolve layer by layer, the late rules run, and the turn's commands (`cancel`,
//! `restart`, `win`, `checkpoint`, `again`, `message`) decide what it did. A [`Session`] holds
//! what lives between turns: the level being played, its restart point, the undo stack, and
//! whether an `again` turn is due. Every loop is bounded as the reference bounds it, and a turn
//! that does more work than [`WORK_PER_TURN`] stops with [`Overrun`] instead of freezing a tab.

use std::sync::Arc;

use super::compile::{
    has, holds, layer_bits, mend, same, set_layer, within, Command, Game, Level, Row, Rule, ACTION, DOWN, LEFT, RIGHT,
    UP,
};

/// Cell tests one turn may make before it is given up (a rule whose rows match everywhere can
/// ask for the product of their matches).
pub const WORK_PER_TURN: u64 = 400_000_000;

/// Again turns one input may start before the input is refused as endless.
pub const MOST_AGAIN_TURNS: usize = 200;

/// A turn that did more work than [`WORK_PER_TURN`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overrun;

/// An input: up, left, down, right, action (the reference's numbers 0-4).
pub const INPUTS: [&str; 5] = ["up", "left", "down", "right", "action"];

/// The action input's number in [`INPUTS`].
pub const ACTION_INPUT: usize = 4;

fn input_bits(input: usize) -> u64 {
    [UP, LEFT, DOWN, RIGHT, ACTION][input]
}

/// The cells of one level and their movements in the turn being run.
#[derive(Debug, Clone)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    /// Objects of each cell (`game.words` words a cell), column by column.
    pub cells: Vec<u64>,
    movements: Vec<u64>,
    rigid_group: Vec<u64>,
    rigid_applied: Vec<u64>,
    /// Every object some cell has held this turn, and every movement, in the whole board and in
    /// each row and column (the reference's `mapCellContents` and the row and column masks): a
    /// rule's row needing what no cell of a line holds is not looked for there.
    seen: Vec<u64>,
    seen_moves: Vec<u64>,
    row_seen: Vec<u64>,
    row_moves: Vec<u64>,
    col_seen: Vec<u64>,
    col_moves: Vec<u64>,
    /// The cells given a movement this turn, in no order, perhaps repeated.
    moved: Vec<usize>,
    /// The cells whose objects changed since [`Board::forget_changes`], each once (a search packs
    /// a position from its parent's and these), unless the whole board was put back since.
    pub changed: Vec<usize>,
    changed_mark: Vec<bool>,
    pub changed_all: bool,
}

impl Board {
    pub fn new(game: &Game, width: usize, height: usize, cells: Vec<u64>) -> Board {
        let n = width * height * game.move_words;
        let rigid = if game.rigid_groups.is_empty() { 0 } else { n };
        let (w, mw) = (game.words, game.move_words);
        Board {
            width,
            height,
            cells,
            movements: vec![0; n],
            rigid_group: vec![0; rigid],
            rigid_applied: vec![0; rigid],
            seen: vec![0; w],
            seen_moves: vec![0; mw],
            row_seen: vec![0; height * w],
            row_moves: vec![0; height * mw],
            col_seen: vec![0; width * w],
            col_moves: vec![0; width * mw],
            moved: Vec::new(),
            changed: Vec::new(),
            changed_mark: vec![false; width * height],
            changed_all: true,
        }
    }

    /// Starts counting the cells that change from what the board holds now.
    pub fn forget_changes(&mut self) {
        for &i in &self.changed {
            self.changed_mark[i] = false;
        }
        self.changed.clear();
        self.changed_all = false;
    }

    fn note_change(&mut self, i: usize) {
        if !self.changed_mark[i] {
            self.changed_mark[i] = true;
            self.changed.push(i);
        }
    }

    /// Marks what the cells hold now as seen this turn, and nothing as moving yet. Cells are
    /// stored column by column, so a column's cells, word for word, line up with the rows' masks.
    fn see_cells(&mut self, w: usize) {
        for masks in [
            &mut self.seen,
            &mut self.seen_moves,
            &mut self.row_seen,
            &mut self.row_moves,
            &mut self.col_seen,
            &mut self.col_moves,
        ] {
            masks.iter_mut().for_each(|s| *s = 0);
        }
        let h = self.height;
        if h == 0 {
            // A message's empty board.
            return;
        }
        if w == 1 {
            // One word a cell, as in most games: a plain pass, which this is every turn.
            let mut seen = 0;
            for (column, col) in self.cells.chunks_exact(h).zip(&mut self.col_seen) {
                let mut held = 0;
                for (row, &c) in self.row_seen.iter_mut().zip(column) {
                    *row |= c;
                    held |= c;
                }
                *col = held;
                seen |= held;
            }
            self.seen[0] = seen;
            return;
        }
        for (x, column) in self.cells.chunks_exact(h * w).enumerate() {
            self.row_seen.iter_mut().zip(column).for_each(|(r, c)| *r |= c);
            let col = &mut self.col_seen[x * w..(x + 1) * w];
            for cell in column.chunks_exact(w) {
                col.iter_mut().zip(cell).for_each(|(s, c)| *s |= c);
            }
        }
        for column in self.col_seen.chunks_exact(w) {
            self.seen.iter_mut().zip(column).for_each(|(s, c)| *s |= c);
        }
    }

    /// Marks the movements of `movers` as seen this turn: at its start, they are the only cells
    /// that hold any (the players).
    fn see_moves(&mut self, mw: usize, movers: &[usize]) {
        let h = self.height;
        debug_assert!(
            (0..self.size())
                .all(|i| movers.contains(&i) || self.movements[i * mw..(i + 1) * mw].iter().all(|&m| m == 0)),
            "a cell other than a player's holds a movement at the start of a turn"
        );
        for &i in movers {
            let (x, y) = (i / h, i % h);
            let cell = &self.movements[i * mw..(i + 1) * mw];
            if cell.iter().all(|&m| m == 0) {
                continue;
            }
            for (k, &m) in cell.iter().enumerate() {
                self.seen_moves[k] |= m;
                self.row_moves[y * mw + k] |= m;
                self.col_moves[x * mw + k] |= m;
            }
            self.moved.push(i);
        }
    }

    /// Marks what cell `i` holds now as seen this turn.
    fn see_cell(&mut self, i: usize, w: usize, mw: usize) {
        let (x, y) = (i / self.height, i % self.height);
        for k in 0..w {
            let c = self.cells[i * w + k];
            self.seen[k] |= c;
            self.row_seen[y * w + k] |= c;
            self.col_seen[x * w + k] |= c;
        }
        for k in 0..mw {
            let m = self.movements[i * mw + k];
            if m != 0 {
                self.seen_moves[k] |= m;
                self.row_moves[y * mw + k] |= m;
                self.col_moves[x * mw + k] |= m;
                self.moved.push(i);
            }
        }
    }

    pub fn size(&self) -> usize {
        self.width * self.height
    }

    /// Clears every movement (what a turn that overran may have left).
    pub fn still(&mut self) {
        for words in [&mut self.movements, &mut self.rigid_group, &mut self.rigid_applied] {
            words.iter_mut().for_each(|m| *m = 0);
        }
        self.moved.clear();
    }
}

/// A small deterministic generator for `random` rules (games that use them are played, not
/// solved; their turns need not repeat the reference's choices).
#[derive(Debug, Clone)]
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n.max(1) as u64) as usize
    }
}

/// A match of a row: where it starts and what each ellipsis spans.
#[derive(Debug, Clone, Copy)]
struct Match {
    start: usize,
    k: [usize; 2],
}

/// What a session does when a level is won.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnWin {
    /// Go on to the next level, as the reference's test harness does.
    NextLevel,
    /// Stay, and say so ([`Session::won`]): a solver's and a player's level ends there.
    Stop,
}

/// A game being played: the reference engine's state between turns.
#[derive(Debug, Clone)]
pub struct Session<'g> {
    pub game: &'g Game,
    pub on_win: OnWin,
    /// The level being played (its index in `game.levels`).
    pub level: usize,
    pub board: Board,
    pub restart_target: Arc<[u64]>,
    /// Boards to undo to, the last first; kept only when `keep_undo`.
    pub backups: Vec<Vec<u64>>,
    pub keep_undo: bool,
    pub againing: bool,
    /// A message or the end of the game is on screen: no win is checked.
    pub text_mode: bool,
    pub won: bool,
    /// The last message a rule showed.
    pub message: Option<String>,
    random: Random,
    work: u64,
    restarting: bool,
    /// Boards no longer needed, to copy the next turn's start into.
    spare: Vec<Vec<u64>>,
    /// Room for the cells of the player's objects, kept from turn to turn.
    players: Vec<usize>,
    /// The game's `require_player_movement`, asked every turn.
    require_player_movement: bool,
    /// The `again` turn last tried to see whether it is due, and what it made.
    tried: Option<Tried>,
    /// Each row's matches of the rule last looked for, and the matches a replacement is made
    /// at: room kept from rule to rule (allocating it for each rule that matched was a third of
    /// a search's allocations, and allocating costs more in wasm).
    found: Vec<Vec<Match>>,
    chosen: Vec<Match>,
    /// Which rules are known to match nowhere ([`Session::quiet`]).
    quiet: Quiet,
}

/// When each object last changed on the board, by `clock`, and when each rule that tests no
/// movement was last found to match nowhere (`at`; 0: not known). Such a rule still matches
/// nowhere while none of the objects it tests has changed since: in a game whose walls are drawn
/// by rules, those rules are tested once where they were tested every turn and pass (in the
/// demo's Atlas Shrank, two thirds of the time of a turn). A game with no such rule notes nothing
/// (`at` is empty).
#[derive(Debug, Clone)]
struct Quiet {
    clock: u64,
    touched: Vec<u64>,
    at: Vec<u64>,
}

impl Quiet {
    fn new(game: &Game) -> Quiet {
        let some = game.every_rule().any(|rule| rule.reads.is_some());
        Quiet {
            clock: 1,
            touched: vec![0; 64 * game.words],
            at: if some { vec![0; game.rule_count] } else { Vec::new() },
        }
    }

    /// Whether anything is noted.
    fn noting(&self) -> bool {
        !self.at.is_empty()
    }

    /// Notes that the objects of `bits`, word `k` of a cell, changed now.
    fn touch(&mut self, k: usize, mut bits: u64) {
        if !self.noting() {
            return;
        }
        while bits != 0 {
            self.touched[k * 64 + bits.trailing_zeros() as usize] = self.clock;
            bits &= bits - 1;
        }
    }

    /// Notes that every object may have changed now.
    fn touch_all(&mut self) {
        self.touched.fill(self.clock);
    }

    /// Notes that `rule` (one that tests no movement) matched nowhere now.
    fn matched_nowhere(&mut self, rule: &Rule) {
        self.at[rule.id] = self.clock;
        self.clock += 1;
    }

    /// Whether `rule` matched nowhere when last looked for, and none of the objects it tests has
    /// changed since.
    fn known(&self, rule: &Rule) -> bool {
        let Some(reads) = &rule.reads else { return false };
        let at = self.at[rule.id];
        at != 0 && reads.iter().all(|&id| self.touched[id as usize] <= at)
    }

    /// Forgets every rule found to match nowhere: a new board.
    fn forget(&mut self) {
        self.at.fill(0);
    }
}

/// An `again` turn tried (the reference runs it once to see whether it would change the board,
/// then undoes it): the board it was tried from, the board it made, the commands it queued and
/// the message it left. When the turn comes, from that board, it is taken rather than run again:
/// the same rules from the same board make the same turn (not where rules choose at random).
#[derive(Debug, Clone)]
struct Tried {
    from: Vec<u64>,
    cells: Vec<u64>,
    queue: Vec<Command>,
    message: Option<String>,
}

impl<'g> Session<'g> {
    /// Starts level `level` of `game` (which must be a board), running its start rules if the
    /// game asks for them.
    pub fn new(game: &'g Game, level: usize, on_win: OnWin) -> Result<Session<'g>, Overrun> {
        let board = match &game.levels[level] {
            Level::Board { width, height, cells, .. } => Board::new(game, *width, *height, cells.clone()),
            Level::Message { .. } => Board::new(game, 0, 0, Vec::new()),
        };
        let restart = board.cells.clone().into();
        let mut session = Session { on_win, keep_undo: true, ..Session::at(game, level, board, restart) };
        session.start_level()?;
        session.settle()?;
        Ok(session)
    }

    /// A session at a position of level `level` (`restart` its restart point), for a solver or
    /// a replay: no undo stack.
    pub fn at(game: &'g Game, level: usize, board: Board, restart: Arc<[u64]>) -> Session<'g> {
        Session {
            game,
            on_win: OnWin::Stop,
            level,
            restart_target: restart,
            board,
            backups: Vec::new(),
            keep_undo: false,
            againing: false,
            text_mode: false,
            won: false,
            message: None,
            random: Random(0x9e37_79b9_7f4a_7c15),
            work: 0,
            restarting: false,
            spare: Vec::new(),
            players: Vec::new(),
            require_player_movement: game.setting("require_player_movement"),
            tried: None,
            found: Vec::new(),
            chosen: Vec::new(),
            quiet: Quiet::new(game),
        }
    }

    /// Notes the objects that differ between the board's words from word `at` (a cell's first)
    /// and `words`, about to be put there.
    fn touch_differences(&mut self, at: usize, words: &[u64]) {
        if !self.quiet.noting() {
            return;
        }
        let w = self.game.words.max(1);
        for (i, new) in words.iter().enumerate() {
            let differ = new ^ self.board.cells[at + i];
            if differ != 0 {
                self.quiet.touch(i % w, differ);
            }
        }
    }

    /// Puts `cells` on the board, and gives back what it held.
    fn swap_cells(&mut self, cells: Vec<u64>) -> Vec<u64> {
        if cells.len() == self.board.cells.len() {
            self.touch_differences(0, &cells);
        } else {
            self.quiet.touch_all();
        }
        std::mem::replace(&mut self.board.cells, cells)
    }

    /// Copies `cells` (as many as the board has) onto the board: how a search puts a position
    /// on it. Every write of a whole board goes through here, `swap_cells` or
    /// [`Session::return_to`], so that what a rule found quiet stays true.
    pub fn set_cells(&mut self, cells: &[u64]) {
        self.touch_differences(0, cells);
        self.board.cells.copy_from_slice(cells);
    }

    /// Puts the board back to `start`, which it held when its changes were last forgotten
    /// ([`Board::forget_changes`]): only the cells changed since are copied back (all of them
    /// where the whole board was put back). Its changes are forgotten again.
    pub fn return_to(&mut self, start: &[u64]) {
        if self.board.changed_all {
            self.set_cells(start);
        } else {
            let w = self.game.words;
            let changed = std::mem::take(&mut self.board.changed);
            for &i in &changed {
                let cell = i * w..(i + 1) * w;
                self.touch_differences(cell.start, &start[cell.clone()]);
                self.board.cells[cell.clone()].copy_from_slice(&start[cell]);
            }
            self.board.changed = changed;
        }
        self.board.forget_changes();
        debug_assert_eq!(self.board.cells, start, "a cell changed that was not counted");
    }

    /// Whether `rule` is known to match nowhere: it tests no movement, and none of the objects it
    /// tests has changed since it last matched nowhere.
    pub(super) fn quiet(&mut self, rule: &Rule) -> bool {
        let quiet = self.quiet.known(rule);
        debug_assert!(
            !quiet || !matches!(self.find_matches(rule), Ok(true)),
            "a rule found quiet matches (line {})",
            rule.line
        );
        quiet
    }

    fn start_level(&mut self) -> Result<(), Overrun> {
        self.againing = false;
        if let Level::Board { .. } = self.game.levels[self.level] {
            self.text_mode = false;
            self.backups.clear();
            self.restart_target = self.board.cells.clone().into();
            if self.game.setting("run_rules_on_level_start") {
                self.process_input(None, true, false)?;
            }
        } else {
            self.text_mode = true;
        }
        Ok(())
    }

    /// One input with every `again` turn it starts, as a player sees it (the test harness
    /// does the same). Err when a turn overran, or the again turns never end.
    pub fn play(&mut self, input: Option<usize>) -> Result<bool, Overrun> {
        self.work = 0;
        let changed = self.process_input(input, false, false)?;
        self.settle()?;
        Ok(changed)
    }

    /// Runs the `again` turns due (after an input, a restart, a level's start rules).
    pub fn settle(&mut self) -> Result<(), Overrun> {
        let mut turns = 0;
        while self.againing {
            turns += 1;
            if turns > MOST_AGAIN_TURNS {
                return Err(Overrun);
            }
            self.againing = false;
            self.process_input(None, false, false)?;
        }
        Ok(())
    }

    /// The undo key (the reference's `DoUndo(false, true)`).
    pub fn undo(&mut self) {
        if self.game.setting("noundo") {
            return;
        }
        while self.backups.last().is_some_and(|b| *b == self.board.cells) {
            self.backups.pop();
        }
        if let Some(last) = self.backups.pop() {
            self.restore(last);
        }
    }

    /// The restart key.
    pub fn restart(&mut self, force: bool) -> Result<(), Overrun> {
        if self.restarting || (!force && self.game.setting("norestart")) {
            return Ok(());
        }
        self.restarting = true;
        if !force && self.keep_undo {
            self.backups.push(self.board.cells.clone());
        }
        let target = self.restart_target.to_vec();
        self.restore(target);
        let result = if self.game.setting("run_rules_on_level_start") {
            self.process_input(None, true, false).map(drop)
        } else {
            Ok(())
        };
        self.restarting = false;
        result
    }

    fn restore(&mut self, cells: Vec<u64>) {
        self.swap_cells(cells);
        self.board.changed_all = true;
        self.board.movements.iter_mut().for_each(|m| *m = 0);
        self.againing = false;
    }

    fn spend(&mut self, amount: u64) -> Result<(), Overrun> {
        self.work += amount;
        if self.work > WORK_PER_TURN {
            return Err(Overrun);
        }
        Ok(())
    }

    /// The reference's `processInput(dir, dontDoWin, dontModify)`: whether the turn changed the
    /// board (with `dont_modify`, whether it would have, the board left as it was).
    pub fn process_input(
        &mut self,
        input: Option<usize>,
        dont_do_win: bool,
        dont_modify: bool,
    ) -> Result<bool, Overrun> {
        self.againing = false;
        if let Some(tried) = self.tried.take() {
            if input.is_none() && !dont_modify && same(&tried.from, &self.board.cells) {
                let bak = self.swap_cells(tried.cells);
                // Made by a turn tried before: its changes may not have been counted since.
                self.board.changed_all = true;
                self.spare.push(tried.from);
                self.message = tried.message;
                return self.command_queue(tried.queue, bak, false, dont_do_win, false);
            }
            self.spare.extend([tried.from, tried.cells]);
        }
        let mut bak = self.spare.pop().unwrap_or_default();
        bak.clear();
        bak.extend_from_slice(&self.board.cells);
        self.board.moved.clear();
        self.board.see_cells(self.game.words);
        let mut players = Vec::new();
        if let Some(input) = input {
            players = self.start_movement(input_bits(input));
        }
        self.board.see_moves(self.game.move_words, &players);
        let rigid = !self.game.rigid_groups.is_empty();
        let start_cells = if rigid { self.board.cells.clone() } else { Vec::new() };
        let start_moves = if rigid { self.board.movements.clone() } else { Vec::new() };
        let mut banned = if rigid { vec![false; self.game.rules.len()] } else { Vec::new() };
        let mut queue: Vec<Command> = Vec::new();
        let mut rounds = 0;
        loop {
            rounds += 1;
            self.apply_rules(false, &mut queue, &banned)?;
            if self.resolve_movements(&mut banned) {
                // A rigid body could not move whole: run the turn again without its group.
                self.set_cells(&start_cells);
                self.board.movements.clone_from(&start_moves);
                queue.clear();
                if rounds < 50 {
                    continue;
                }
            } else {
                self.apply_rules(true, &mut queue, &banned)?;
            }
            break;
        }
        let stood_still = !players.is_empty()
            && self.require_player_movement
            && players.iter().all(|&p| holds(&self.game.player, false, self.cell(p)));
        // The list's room is kept for the next turn.
        self.players = players;
        if stood_still {
            let turned = self.swap_cells(bak);
            self.spare.push(turned);
            self.message = None;
            return Ok(false);
        }
        self.command_queue(queue, bak, dont_modify, dont_do_win, input.is_some())
    }

    fn cell(&self, i: usize) -> &[u64] {
        let w = self.game.words;
        &self.board.cells[i * w..(i + 1) * w]
    }

    fn start_movement(&mut self, direction: u64) -> Vec<usize> {
        let game = self.game;
        let (w, mw) = (game.words, game.move_words);
        let board = &mut self.board;
        let mut players = std::mem::take(&mut self.players);
        players.clear();
        // A loop of its own, not `compile::players`: collected through that iterator, Microban's
        // level 6 took 12% longer breadth-first, and this runs every turn. Only the columns whose
        // cells together hold a player are looked through (`see_cells` has what each holds).
        let h = board.height;
        for x in 0..board.width {
            if !holds(&game.player, game.player_all, &board.col_seen[x * w..(x + 1) * w]) {
                continue;
            }
            for i in x * h..(x + 1) * h {
                if holds(&game.player, game.player_all, &board.cells[i * w..(i + 1) * w]) {
                    players.push(i);
                }
            }
        }
        for &i in &players {
            for k in 0..w {
                let mut bits = board.cells[i * w + k] & game.player[k];
                while bits != 0 {
                    let id = k * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    set_layer(&mut board.movements[i * mw..(i + 1) * mw], game.layer_of[id], direction);
                }
            }
        }
        players
    }

    fn apply_rules(&mut self, late: bool, queue: &mut Vec<Command>, banned: &[bool]) -> Result<(), Overrun> {
        let game = self.game;
        let (groups, points) =
            if late { (&game.late_rules, &game.late_loop_point) } else { (&game.rules, &game.loop_point) };
        let mut propagated = false;
        let mut loops = 0;
        let mut g = 0;
        while g < groups.len() {
            if late || !banned.get(g).copied().unwrap_or(false) {
                propagated = self.apply_group(&groups[g], if late { None } else { Some(g) }, queue)? || propagated;
            }
            if propagated {
                if let Some(back) = points[g] {
                    g = back;
                    propagated = false;
                    loops += 1;
                    if loops > 200 {
                        break;
                    }
                    continue;
                }
            }
            g += 1;
        }
        Ok(())
    }

    fn apply_group(&mut self, group: &[Rule], index: Option<usize>, queue: &mut Vec<Command>) -> Result<bool, Overrun> {
        // A group can be empty in a game searched without its decoration (`decor.rs`).
        let Some(first) = group.first() else { return Ok(false) };
        if first.random {
            return self.apply_random_group(group, index, queue);
        }
        let mut changed = false;
        let mut again = true;
        let mut passes = 0;
        while again && passes < 200 {
            passes += 1;
            again = false;
            for rule in group {
                if rule.gate.open(&self.board.seen, &self.board.seen_moves)
                    && !self.quiet(rule)
                    && self.try_apply(rule, index, queue)?
                {
                    again = true;
                }
            }
            changed |= again;
            if group.len() == 1 && first.one_pass {
                break;
            }
        }
        Ok(changed)
    }

    fn apply_random_group(
        &mut self,
        group: &[Rule],
        index: Option<usize>,
        queue: &mut Vec<Command>,
    ) -> Result<bool, Overrun> {
        let mut all = Vec::new();
        for (r, rule) in group.iter().enumerate() {
            if self.find_matches(rule)? {
                let count: usize = self.found[..rule.rows.len()].iter().map(Vec::len).product();
                self.spend(count as u64)?;
                for t in 0..count {
                    let mut chosen = Vec::new();
                    tuple(&self.found[..rule.rows.len()], t, &mut chosen);
                    all.push((r, chosen));
                }
            }
        }
        if all.is_empty() {
            return Ok(false);
        }
        let (r, chosen) = all.swap_remove(self.random.below(all.len()));
        let changed = self.apply_at(&group[r], index, &chosen, false)?;
        queue_commands(queue, &group[r].commands, &mut self.message);
        Ok(changed)
    }

    fn try_apply(&mut self, rule: &Rule, index: Option<usize>, queue: &mut Vec<Command>) -> Result<bool, Overrun> {
        if !self.find_matches(rule)? {
            if rule.reads.is_some() {
                self.quiet.matched_nowhere(rule);
            }
            return Ok(false);
        }
        let mut changed = false;
        if rule.replaces {
            // Taken out while replacements are made (a turn that overruns leaves them, and is
            // given up).
            let rows = std::mem::take(&mut self.found);
            let mut chosen = std::mem::take(&mut self.chosen);
            let count: usize = rows[..rule.rows.len()].iter().map(Vec::len).product();
            self.spend(count as u64)?;
            for t in 0..count {
                tuple(&rows[..rule.rows.len()], t, &mut chosen);
                changed |= self.apply_at(rule, index, &chosen, t > 0)?;
            }
            (self.found, self.chosen) = (rows, chosen);
        }
        queue_commands(queue, &rule.commands, &mut self.message);
        Ok(changed)
    }

    fn delta(&self, direction: u64) -> isize {
        let h = self.board.height as isize;
        match direction {
            UP => -1,
            DOWN => 1,
            LEFT => -h,
            RIGHT => h,
            _ => 0,
        }
    }

    /// Every row's matches, in `found` (a row each, from the first): false when a row has none.
    fn find_matches(&mut self, rule: &Rule) -> Result<bool, Overrun> {
        let mut found = std::mem::take(&mut self.found);
        if found.len() < rule.rows.len() {
            found.resize_with(rule.rows.len(), Vec::new);
        }
        let mut all = Ok(true);
        for (row, out) in rule.rows.iter().zip(&mut found) {
            out.clear();
            all = self.row_matches(rule.direction, row, out).map(|()| !out.is_empty());
            if all != Ok(true) {
                break;
            }
        }
        self.found = found;
        all
    }

    fn row_matches(&mut self, direction: u64, row: &Row, out: &mut Vec<Match>) -> Result<(), Overrun> {
        let (w, h) = (self.board.width, self.board.height);
        // No cell holds what the row needs: nothing to scan.
        if !row.could_be_in(&self.board.seen, &self.board.seen_moves) {
            return Ok(());
        }
        let (words, mw) = (self.game.words, self.game.move_words);
        let len = row.cells.len() - row.ellipses;
        let (mut xmin, mut xmax, mut ymin, mut ymax) = (0, w, 0, h);
        let reach = len.saturating_sub(1);
        match direction {
            UP => ymin += reach,
            DOWN => ymax = ymax.saturating_sub(reach),
            LEFT => xmin += reach,
            RIGHT => xmax = xmax.saturating_sub(reach),
            _ => {}
        }
        let d = self.delta(direction);
        let horizontal = direction > DOWN;
        let (outer, inner) = if horizontal { ((ymin, ymax), (xmin, xmax)) } else { ((xmin, xmax), (ymin, ymax)) };
        self.spend(((outer.1.saturating_sub(outer.0)) * (inner.1.saturating_sub(inner.0)) * row.cells.len()) as u64)?;
        for a in outer.0..outer.1 {
            let (seen, moves) = if horizontal {
                (&self.board.row_seen[a * words..(a + 1) * words], &self.board.row_moves[a * mw..(a + 1) * mw])
            } else {
                (&self.board.col_seen[a * words..(a + 1) * words], &self.board.col_moves[a * mw..(a + 1) * mw])
            };
            if !row.could_be_in(seen, moves) {
                continue;
            }
            for b in inner.0..inner.1 {
                let (x, y) = if horizontal { (b, a) } else { (a, b) };
                let start = x * h + y;
                if row.ellipses == 0 {
                    if self.row_at(row, start, d, [0, 0]) {
                        out.push(Match { start, k: [0, 0] });
                    }
                    continue;
                }
                let kmax = match direction {
                    LEFT => (x + 2).saturating_sub(len),
                    RIGHT => (w + 1).saturating_sub(x + len),
                    DOWN => (h + 1).saturating_sub(y + len),
                    UP => (y + 2).saturating_sub(len),
                    _ => 0,
                };
                if !self.prefix_at(row, start, d) {
                    continue;
                }
                for k1 in 0..kmax {
                    if row.ellipses == 1 {
                        if self.row_at(row, start, d, [k1, 0]) {
                            out.push(Match { start, k: [k1, 0] });
                        }
                        continue;
                    }
                    if !self.middle_at(row, start, d, k1) {
                        continue;
                    }
                    self.spend(kmax as u64)?;
                    let mut k2 = 0;
                    while k1 + k2 < kmax && k2 < kmax {
                        if self.row_at(row, start, d, [k1, k2]) {
                            out.push(Match { start, k: [k1, k2] });
                        }
                        k2 += 1;
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether the cells before the first ellipsis match.
    fn prefix_at(&self, row: &Row, start: usize, d: isize) -> bool {
        row.cells
            .iter()
            .take_while(|c| c.is_some())
            .enumerate()
            .all(|(i, c)| c.as_ref().is_some_and(|c| self.cell_matches(c, (start as isize + d * i as isize) as usize)))
    }

    /// Whether the cells between two ellipses match, the first spanning `k1`.
    fn middle_at(&self, row: &Row, start: usize, d: isize, k1: usize) -> bool {
        let mut real = 0;
        let mut ellipsis = 0;
        for cell in &row.cells {
            match cell {
                None => {
                    ellipsis += 1;
                    if ellipsis == 2 {
                        return true;
                    }
                }
                Some(c) => {
                    if ellipsis == 1 && !self.cell_matches(c, (start as isize + d * (real + k1) as isize) as usize) {
                        return false;
                    }
                    real += 1;
                }
            }
        }
        true
    }

    /// Whether the whole row matches from `start`, its ellipses spanning `k`.
    #[inline(always)]
    fn row_at(&self, row: &Row, start: usize, d: isize, k: [usize; 2]) -> bool {
        let mut offset = 0usize;
        let mut ellipsis = 0;
        for cell in &row.cells {
            match cell {
                None => {
                    offset += k[ellipsis];
                    ellipsis += 1;
                }
                Some(c) => {
                    if !self.cell_matches(c, (start as isize + d * offset as isize) as usize) {
                        return false;
                    }
                    offset += 1;
                }
            }
        }
        true
    }

    #[inline(always)]
    fn cell_matches(&self, pattern: &super::compile::CellPattern, i: usize) -> bool {
        let (w, mw) = (self.game.words, self.game.move_words);
        match &pattern.one_word {
            Some(one) => one
                .matches(self.board.cells[i * w + one.objects_word], self.board.movements[i * mw + one.movements_word]),
            None => self.cell_matches_words(pattern, i),
        }
    }

    /// [`Session::cell_matches`] for a pattern that reads several words.
    #[inline(never)]
    fn cell_matches_words(&self, pattern: &super::compile::CellPattern, i: usize) -> bool {
        let (w, mw) = (self.game.words, self.game.move_words);
        let objects = &self.board.cells[i * w..(i + 1) * w];
        let moves = &self.board.movements[i * mw..(i + 1) * mw];
        within(&pattern.present, objects)
            && pattern.missing.iter().zip(objects).all(|(a, b)| a & b == 0)
            && pattern.any.iter().all(|any| any.iter().zip(objects).any(|(a, b)| a & b != 0))
            && within(&pattern.moving, moves)
            && pattern.still.iter().zip(moves).all(|(a, b)| a & b == 0)
    }

    fn apply_at(&mut self, rule: &Rule, index: Option<usize>, chosen: &[Match], check: bool) -> Result<bool, Overrun> {
        let d = self.delta(rule.direction);
        if check && !rule.rows.iter().zip(chosen).all(|(row, m)| self.row_at(row, m.start, d, m.k)) {
            return Ok(false);
        }
        let mut changed = false;
        for (row, m) in rule.rows.iter().zip(chosen) {
            let mut at = m.start as isize;
            let mut ellipsis = 0;
            for cell in &row.cells {
                match cell {
                    None => {
                        at += d * m.k[ellipsis] as isize;
                        ellipsis += 1;
                    }
                    Some(c) => {
                        changed |= self.replace(rule, index, c, at as usize);
                        at += d;
                    }
                }
            }
        }
        Ok(changed)
    }

    fn replace(&mut self, rule: &Rule, index: Option<usize>, pattern: &super::compile::CellPattern, i: usize) -> bool {
        let Some(rep) = &pattern.replace else { return false };
        let game = self.game;
        let (w, mw) = (game.words, game.move_words);
        let random = rep.random_objects.iter().any(|&x| x != 0) || rep.random_dirs.iter().any(|&x| x != 0);
        let chosen;
        let (set, clear, moves_set, moves_clear) = if random {
            chosen = self.random_replacement(rep);
            (&chosen.0, &chosen.1, &chosen.2, &chosen.3)
        } else {
            (&rep.set, &rep.clear, &rep.moves_set, &rep.moves_clear)
        };
        let mut rigid_change = false;
        if rule.rigid {
            if let Some(number) = index.and_then(|g| game.rigid_number[g]) {
                let mut rigid_mask = vec![0; mw];
                for layer in 0..game.layers {
                    set_layer(&mut rigid_mask, layer, number as u64 + 1);
                }
                rigid_mask.iter_mut().zip(&rep.moves_layers).for_each(|(r, l)| *r &= l);
                let group = &self.board.rigid_group[i * mw..(i + 1) * mw];
                let applied = &self.board.rigid_applied[i * mw..(i + 1) * mw];
                if !within(&rigid_mask, group) && !within(&rep.moves_layers, applied) {
                    for (k, (r, l)) in rigid_mask.iter().zip(&rep.moves_layers).enumerate() {
                        self.board.rigid_group[i * mw + k] |= r;
                        self.board.rigid_applied[i * mw + k] |= l;
                    }
                    rigid_change = true;
                }
            }
        }
        let quiet = &mut self.quiet;
        let objects = mend(&mut self.board.cells[i * w..(i + 1) * w], clear, set, |k, bits| quiet.touch(k, bits));
        let moves = mend(&mut self.board.movements[i * mw..(i + 1) * mw], moves_clear, moves_set, |_, _| {});
        if objects {
            self.board.note_change(i);
        }
        let changed = rigid_change | objects | moves;
        if changed {
            self.board.see_cell(i, w, mw);
        }
        changed
    }

    /// A replacement's masks with its random choices made.
    fn random_replacement(&mut self, rep: &super::compile::Replacement) -> (Vec<u64>, Vec<u64>, Vec<u64>, Vec<u64>) {
        let game = self.game;
        let mut set = rep.set.clone();
        let mut clear = rep.clear.clone();
        let mut moves_set = rep.moves_set.clone();
        let mut moves_clear = rep.moves_clear.clone();
        if rep.random_objects.iter().any(|&x| x != 0) {
            let choices: Vec<usize> = (0..game.names.len()).filter(|&id| has(&rep.random_objects, id)).collect();
            let id = choices[self.random.below(choices.len())];
            super::compile::bit(&mut set, id);
            let layer = game.layer_of[id];
            clear.iter_mut().zip(&game.layer_masks[layer]).for_each(|(c, l)| *c |= l);
            set_layer(&mut moves_clear, layer, 0x1f);
        }
        if rep.random_dirs.iter().any(|&x| x != 0) {
            for layer in 0..game.layers {
                if layer_bits(&rep.random_dirs, layer) & 1 != 0 {
                    set_layer(&mut moves_set, layer, 1 << self.random.below(4));
                }
            }
        }
        (set, clear, moves_set, moves_clear)
    }

    /// Moves what can move, again and again, then clears every movement left; true when a
    /// rigid body could not move whole (its group is then banned and the turn run again).
    fn resolve_movements(&mut self, banned: &mut [bool]) -> bool {
        let game = self.game;
        let mw = game.move_words;
        // Only cells given a movement this turn can hold one (objects move without theirs), and
        // the reference's passes over every cell meet them in this order.
        let mut cells = std::mem::take(&mut self.board.moved);
        if game.rigid_groups.is_empty() {
            cells.sort_unstable();
            cells.dedup();
        } else {
            // A rigid body's turn runs again from its start: every cell is looked at.
            cells = (0..self.board.size()).collect();
        }
        let mut moved = true;
        while moved {
            moved = false;
            for &i in &cells {
                moved |= self.reposition_cell(i);
            }
        }
        let mut undo = false;
        for &i in &cells {
            let moves = &self.board.movements[i * mw..(i + 1) * mw];
            if moves.iter().any(|&m| m != 0) && !game.rigid_groups.is_empty() {
                let applied = &self.board.rigid_applied[i * mw..(i + 1) * mw];
                let left: Vec<u64> = moves.iter().zip(applied).map(|(m, a)| m & a).collect();
                if let Some(layer) = (0..game.layers).find(|&l| layer_bits(&left, l) != 0) {
                    let number = layer_bits(&self.board.rigid_group[i * mw..(i + 1) * mw], layer) as usize;
                    if let Some(&g) = number.checked_sub(1).and_then(|n| game.rigid_groups.get(n)) {
                        if !banned[g] {
                            banned[g] = true;
                            undo = true;
                        }
                    }
                }
            }
            self.board.movements[i * mw..(i + 1) * mw].iter_mut().for_each(|m| *m = 0);
            if !game.rigid_groups.is_empty() {
                self.board.rigid_group[i * mw..(i + 1) * mw].iter_mut().for_each(|m| *m = 0);
                self.board.rigid_applied[i * mw..(i + 1) * mw].iter_mut().for_each(|m| *m = 0);
            }
        }
        // The list's room is kept for the next turn.
        cells.clear();
        self.board.moved = cells;
        undo
    }

    fn reposition_cell(&mut self, i: usize) -> bool {
        let mw = self.game.move_words;
        if self.board.movements[i * mw..(i + 1) * mw].iter().all(|&m| m == 0) {
            return false;
        }
        let mut moved = false;
        for layer in 0..self.game.layers {
            let bits = layer_bits(&self.board.movements[i * mw..(i + 1) * mw], layer);
            if bits != 0 && self.reposition_layer(i, layer, bits) {
                let word = layer / super::compile::LAYERS_PER_WORD;
                self.board.movements[i * mw + word] &= !(0x1f << (5 * (layer % super::compile::LAYERS_PER_WORD)));
                moved = true;
            }
        }
        moved
    }

    fn reposition_layer(&mut self, i: usize, layer: usize, direction: u64) -> bool {
        let (w, h) = (self.board.width, self.board.height);
        let (dx, dy): (isize, isize) = match direction {
            UP => (0, -1),
            DOWN => (0, 1),
            LEFT => (-1, 0),
            RIGHT => (1, 0),
            _ => (0, 0),
        };
        let (x, y) = ((i / h) as isize, (i % h) as isize);
        if (x == 0 && dx < 0)
            || (x == w as isize - 1 && dx > 0)
            || (y == 0 && dy < 0)
            || (y == h as isize - 1 && dy > 0)
        {
            return false;
        }
        let target = (i as isize + dy + dx * h as isize) as usize;
        let words = self.game.words;
        let mask = &self.game.layer_masks[layer];
        let blocked = (0..words).any(|k| self.board.cells[target * words + k] & mask[k] != 0);
        if blocked && direction != ACTION {
            return false;
        }
        if target != i {
            for (k, m) in mask.iter().enumerate() {
                let moving = self.board.cells[i * words + k] & m;
                self.board.cells[i * words + k] &= !m;
                self.board.cells[target * words + k] |= moving;
                if moving != 0 {
                    self.quiet.touch(k, moving);
                }
            }
            let mw = self.game.move_words;
            self.board.see_cell(target, words, mw);
            self.board.note_change(i);
            self.board.note_change(target);
        }
        true
    }

    /// The reference's `processCommandQueue`, after a turn's rules have run.
    fn command_queue(
        &mut self,
        mut queue: Vec<Command>,
        bak: Vec<u64>,
        dont_modify: bool,
        dont_do_win: bool,
        by_input: bool,
    ) -> Result<bool, Overrun> {
        let queued = |queue: &[Command], c: &Command| queue.iter().any(|q| q.same_kind(c));
        if queued(&queue, &Command::Cancel) {
            let left = queue.len() > 1;
            let turned = self.swap_cells(bak);
            self.spare.push(turned);
            return Ok(left);
        }
        if queued(&queue, &Command::Restart) {
            if self.keep_undo {
                self.backups.push(bak.clone());
            }
            if !dont_modify {
                self.restart(true)?;
                // Restarting empties the turn's queue: nothing after it is done.
                queue.clear();
            }
        }
        let mut modified = false;
        if !same(&self.board.cells, &bak) {
            if dont_modify {
                let turned = self.swap_cells(bak);
                if self.game.random {
                    self.spare.push(turned);
                } else {
                    let mut from = self.spare.pop().unwrap_or_default();
                    from.clone_from(&self.board.cells);
                    self.tried = Some(Tried { from, cells: turned, queue, message: self.message.clone() });
                }
                return Ok(true);
            }
            modified = true;
        }
        if modified && by_input && self.keep_undo {
            self.backups.push(bak);
        } else {
            self.spare.push(bak);
        }
        if dont_modify && (queued(&queue, &Command::Win) || queued(&queue, &Command::Restart)) {
            return Ok(true);
        }
        if !self.text_mode && self.check_win(&queue) && !dont_do_win {
            return self.win().map(|()| modified);
        }
        if queued(&queue, &Command::Checkpoint) {
            self.restart_target = self.board.cells.clone().into();
        }
        if queued(&queue, &Command::Again) && modified {
            // An again turn is due if it would change anything: tried, then undone.
            let message = self.message.clone();
            if self.process_input(None, true, true)? {
                self.againing = true;
            }
            self.message = message;
        }
        Ok(modified)
    }

    /// Whether the board meets the win conditions now (a turn that changed nothing would win).
    pub fn wins_now(&self) -> bool {
        self.check_win(&[])
    }

    fn check_win(&self, queue: &[Command]) -> bool {
        if queue.contains(&Command::Win) {
            return true;
        }
        if self.game.wins.is_empty() {
            return false;
        }
        let w = self.game.words;
        for win in &self.game.wins {
            let mut some = false;
            let mut every = true;
            for cell in self.board.cells.chunks_exact(w) {
                let first = holds(&win.first, win.first_all, cell);
                if !first {
                    continue;
                }
                if holds(&win.second, win.second_all, cell) {
                    some = true;
                    if win.quantifier <= 0 {
                        break;
                    }
                } else {
                    every = false;
                    if win.quantifier == 1 {
                        break;
                    }
                }
            }
            let passed = match win.quantifier {
                -1 => !some,
                0 => some,
                _ => every,
            };
            if !passed {
                return false;
            }
        }
        true
    }

    fn win(&mut self) -> Result<(), Overrun> {
        self.againing = false;
        if self.on_win == OnWin::Stop {
            self.won = true;
            return Ok(());
        }
        if self.level + 1 < self.game.levels.len() {
            self.level += 1;
            if let Level::Board { width, height, cells, .. } = &self.game.levels[self.level] {
                self.board = Board::new(self.game, *width, *height, cells.clone());
                // A new board: no rule is known to match nowhere on it.
                self.quiet.forget();
            }
            self.start_level()
        } else {
            // The game is over: the title screen.
            self.text_mode = true;
            Ok(())
        }
    }
}

/// The tuple number `t` of the rows' matches, into `chosen`, the first row's varying fastest
/// (the reference's order of `generateTuples`).
fn tuple(rows: &[Vec<Match>], mut t: usize, chosen: &mut Vec<Match>) {
    chosen.clear();
    chosen.extend(rows.iter().map(|row| {
        let m = row[t % row.len()];
        t /= row.len();
        m
    }));
}

/// Queues a matched rule's commands: a cancel already queued ignores the rest, a restart all
/// but a cancel; a cancel or restart clears what was queued; each kind counts once.
fn queue_commands(queue: &mut Vec<Command>, commands: &[Command], message: &mut Option<String>) {
    if commands.is_empty() || queue.contains(&Command::Cancel) {
        return;
    }
    let cancel = commands.contains(&Command::Cancel);
    let restart = commands.contains(&Command::Restart);
    if queue.contains(&Command::Restart) && !cancel {
        return;
    }
    if cancel || restart {
        queue.clear();
        *message = None;
    }
    for command in commands {
        if queue.iter().any(|q| q.same_kind(command)) {
            continue;
        }
        if let Command::Message(text) = command {
            *message = Some(text.clone());
        }
        queue.push(command.clone());
    }
}

/// The reference's test serialisation of a board: row by row, each cell's object names sorted
/// and joined, a combination written whole the first time and by its number after. (Cells are
/// taken in storage order, `width` to a line, as the reference's own function does.)
pub fn serialise(game: &Game, board: &Board) -> String {
    let mut out = String::new();
    let mut seen: Vec<String> = Vec::new();
    let w = game.words;
    for y in 0..board.height {
        for x in 0..board.width {
            let i = x + y * board.width;
            let cell = &board.cells[i * w..(i + 1) * w];
            let mut names: Vec<&str> =
                (0..game.names.len()).filter(|&id| has(cell, id)).map(|id| game.names[id].as_str()).collect();
            names.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
            let key = names.join(" ");
            match seen.iter().position(|s| *s == key) {
                Some(n) => out.push_str(&format!("{n},")),
                None => {
                    out.push_str(&format!("{key}:{},", seen.len()));
                    seen.push(key);
                }
            }
        }
        out.push('\n');
    }
    out
}
