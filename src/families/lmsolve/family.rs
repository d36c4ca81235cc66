//! The LM-Solve variants as puzzle families of the page and of `puzzlelab solve`: one family
//! per variant (`lmsolve:alice`, ...), told apart by the keys of the file.

use super::edit::{Edit, Spot, MAX_SIDE};
use super::scan::{scan, End, GameSpace, Scan};
use crate::families::analysis::{analysis_from, AnalysisReport};
use super::Variant;
use crate::draw::{GridLayout, Painter};
use crate::families::{Confidence, Editor, Example, Family, FormatError, MoveError, Puzzle, Report, SolveOptions, Status, Verdict};
use crate::midend::{self, Frames, Replayer};
use crate::search::{analyse, Flow, Method, Stats};

pub struct LmFamily(pub Variant);

pub static ALICE: LmFamily = LmFamily(Variant::Alice);
pub static MINOTAUR: LmFamily = LmFamily(Variant::Minotaur);
pub static NUMBERS: LmFamily = LmFamily(Variant::Numbers);
pub static PLANK: LmFamily = LmFamily(Variant::Plank);
pub static HEX_PLANK: LmFamily = LmFamily(Variant::HexPlank);
pub static TILT_SINGLE: LmFamily = LmFamily(Variant::TiltSingle);
pub static TILT_MULTI: LmFamily = LmFamily(Variant::TiltMulti);
pub static TILT_RB: LmFamily = LmFamily(Variant::TiltRedBlue);

impl Family for LmFamily {
    fn id(&self) -> &'static str {
        match self.0 {
            Variant::Alice => "lmsolve:alice",
            Variant::Minotaur => "lmsolve:minotaur",
            Variant::Numbers => "lmsolve:numbers",
            Variant::Plank => "lmsolve:plank",
            Variant::HexPlank => "lmsolve:hex_plank",
            Variant::TiltSingle => "lmsolve:tilt_single",
            Variant::TiltMulti => "lmsolve:tilt_multi",
            Variant::TiltRedBlue => "lmsolve:tilt_rb",
        }
    }

    fn name(&self) -> &'static str {
        match self.0 {
            Variant::Alice => "LM-Solve: Alice maze",
            Variant::Minotaur => "LM-Solve: Theseus and the Minotaur",
            Variant::Numbers => "LM-Solve: Number maze",
            Variant::Plank => "LM-Solve: Planks",
            Variant::HexPlank => "LM-Solve: Planks on hexagons",
            Variant::TiltSingle => "LM-Solve: Tilt maze",
            Variant::TiltMulti => "LM-Solve: Tilt maze, several goals",
            Variant::TiltRedBlue => "LM-Solve: Red-Blue tilt",
        }
    }

    fn format_help(&self) -> &'static str {
        match self.0 {
            Variant::Alice => "LM-Solve board: Dims = (W,H) and a layout = <<EOF block of W x H cells [flags] in rows \
                (N S E W NE NW SE SW arrows, ADD, SUB, GOAL, START, BLANK; # comments), closed by EOF.",
            Variant::Minotaur => "LM-Solve board: Dims, Thes, Mino and Exit as (x,y) from 0, and a wall layout: 2H+1 lines \
                alternating W characters of - (a wall above) and W+1 of | (a wall to the left); spaces count.",
            Variant::Numbers => "LM-Solve board: Dims, Start = (x,y), and a layout of H rows of W digits (the jump) or * (a goal).",
            Variant::Plank | Variant::HexPlank => "LM-Solve board: Dims, a layout of H lines where X is a stump, G the goal \
                stump and space water, then Planks = [ ((x,y) -> (x,y)) , … ] (the person starts on the first).",
            Variant::TiltSingle => "LM-Solve board: Dims, Start, Goal as (x,y), and a wall layout (see Minotaur).",
            Variant::TiltMulti => "LM-Solve board: Dims, Start, Goals = [ (x,y), … ], and a wall layout (see Minotaur).",
            Variant::TiltRedBlue => "LM-Solve board: Dims, Red_Start, Red_Goal, Blue_Start, Blue_Goal, and a wall layout.",
        }
    }

    fn metrics(&self) -> &'static [&'static str] {
        &["moves"]
    }

    fn detect(&self, text: &str) -> Confidence {
        match Variant::detect(text) {
            Some(v) if v == self.0 => Confidence::Sure,
            // Hexagonal planks share the square ones' keys.
            Some(Variant::Plank) if self.0 == Variant::HexPlank => Confidence::Maybe,
            _ => Confidence::No,
        }
    }

    #[cfg(not(feature = "lmsolve"))]
    fn parse(&self, _text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Err(crate::families::not_in_this_build("LM-Solve rules"))
    }

    /// Without the rules (the page's first module): every text of the family needs the rest.
    #[cfg(not(feature = "lmsolve"))]
    fn needs_full_build(&self, _text: &str) -> bool {
        true
    }

    #[cfg(feature = "lmsolve")]
    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        use super::{alice, minotaur, numbers, plank, tilt};
        let variant = self.0;
        let text = text.to_string();
        Ok(match variant {
            Variant::Alice => Box::new(LmPuzzle::new(alice::Alice::parse(&text)?, variant, text)),
            Variant::Minotaur => Box::new(LmPuzzle::new(minotaur::Minotaur::parse(&text)?, variant, text)),
            Variant::Numbers => Box::new(LmPuzzle::new(numbers::Numbers::parse(&text)?, variant, text)),
            Variant::Plank => Box::new(LmPuzzle::new(plank::Plank::parse(&text, false)?, variant, text)),
            Variant::HexPlank => Box::new(LmPuzzle::new(plank::Plank::parse(&text, true)?, variant, text)),
            Variant::TiltSingle => Box::new(LmPuzzle::new(tilt::Tilt::single(&text)?, variant, text)),
            Variant::TiltMulti => Box::new(LmPuzzle::new(tilt::Tilt::multi(&text)?, variant, text)),
            Variant::TiltRedBlue => Box::new(LmPuzzle::new(tilt::Tilt::red_blue(&text)?, variant, text)),
        })
    }

    /// The LM-Solve spec's examples, with lm-solve 0.14.2's answers there.
    fn examples(&self) -> &'static [Example] {
        static ALICE: [Example; 1] = [example!("lm-alice", "txt", 5)];
        static MINOTAUR: [Example; 1] = [example!("lm-minotaur", "txt", 7)];
        static NUMBERS: [Example; 1] = [example!("lm-numbers", "txt", 3)];
        static PLANK: [Example; 1] = [example!("lm-plank", "txt", 6)];
        static HEX_PLANK: [Example; 1] = [example!("lm-hex_plank", "txt", 4)];
        static TILT_SINGLE: [Example; 1] = [example!("lm-tilt_single", "txt", 4)];
        static TILT_MULTI: [Example; 1] = [example!("lm-tilt_multi", "txt", 4)];
        static TILT_RB: [Example; 1] = [example!("lm-tilt_rb", "txt", 5)];
        match self.0 {
            Variant::Alice => &ALICE,
            Variant::Minotaur => &MINOTAUR,
            Variant::Numbers => &NUMBERS,
            Variant::Plank => &PLANK,
            Variant::HexPlank => &HEX_PLANK,
            Variant::TiltSingle => &TILT_SINGLE,
            Variant::TiltMulti => &TILT_MULTI,
            Variant::TiltRedBlue => &TILT_RB,
        }
    }

    fn blank(&self) -> &'static str {
        self.examples()[0].text
    }
}

pub struct LmPuzzle<G: Edit> {
    variant: Variant,
    text: String,
    game: G,
    /// The states along the move list replayed last: every animation frame asks again.
    replayer: Replayer<G::State>,
}

impl<G: Edit> LmPuzzle<G> {
    #[cfg(feature = "lmsolve")]
    fn new(game: G, variant: Variant, text: String) -> Self {
        LmPuzzle { variant, text, game, replayer: Replayer::default() }
    }

    /// The states after 0..=n moves. LM-Solve's move texts can be ambiguous (two planks of one
    /// length laid from one stump the same way read alike), so every reading is tried, depth
    /// first, preferring one that ends solved; the error names the first move no reading passes.
    fn states(&self, moves: &[String]) -> Result<Vec<G::State>, MoveError> {
        let mut path = vec![self.game.initial()];
        let mut complete: Option<Vec<G::State>> = None;
        let mut deepest = 0;
        self.readings(moves, &mut path, &mut complete, &mut deepest);
        complete.ok_or_else(|| MoveError { index: deepest, message: format!("{} is not a move here", crate::families::shown_text(&moves[deepest])) })
    }

    /// Extends `path` through `moves`; true once a reading that ends solved is found.
    fn readings(&self, moves: &[String], path: &mut Vec<G::State>, complete: &mut Option<Vec<G::State>>, deepest: &mut usize) -> bool {
        let done = path.len() - 1;
        *deepest = (*deepest).max(done);
        let Some(state) = path.last().cloned() else { return false };
        if done == moves.len() {
            let solved = self.game.is_final(&state);
            if solved || complete.is_none() {
                *complete = Some(path.clone());
            }
            return solved;
        }
        for mv in self.game.moves(&state).into_iter().filter(|m| self.game.render(m) == moves[done]) {
            if let Some(next) = self.game.perform(&state, &mv) {
                path.push(next);
                let solved = self.readings(moves, path, complete, deepest);
                path.pop();
                if solved {
                    return true;
                }
            }
        }
        false
    }
}

/// The mid-end's view. A list is read as a whole ([`Self::states`]), since a plank's text can
/// name two planks; `execute` takes the first reading that applies.
impl<G: Edit> midend::Rules for LmPuzzle<G> {
    type State = G::State;

    fn start(&self) -> Result<G::State, String> {
        Ok(self.game.initial())
    }

    fn execute(&self, state: &G::State, text: &str) -> Result<G::State, String> {
        (self.game.moves(state).iter())
            .filter(|mv| self.game.render(mv) == text)
            .find_map(|mv| self.game.perform(state, mv))
            .ok_or_else(|| format!("{} is not a move here", crate::families::shown_text(text)))
    }

    fn is_solved(&self, state: &G::State) -> bool {
        self.game.is_final(state)
    }

    /// Every reading of the list, preferring one that ends solved; when none passes, the start
    /// and the first move that no reading passes.
    fn read_whole(&self, moves: &[String]) -> Option<Frames<G::State>> {
        Some(match self.states(moves) {
            Ok(states) => Frames { moves: moves.to_vec(), states, error: None },
            Err(error) => Frames { moves: moves.to_vec(), states: vec![self.game.initial()], error: Some(error) },
        })
    }

    fn paint(&self, frames: &Frames<G::State>, step: usize, tween: f32, painter: &mut dyn Painter) {
        let Some(from) = frames.at(step) else { return };
        let to = if tween > 0.0 { frames.at(step + 1).unwrap_or(from) } else { from };
        self.game.paint(from, to, f64::from(tween), painter);
    }

    fn show(&self, frames: &Frames<G::State>, step: usize) -> String {
        frames.at(step).map_or_else(String::new, |state| self.game.display(state) + "\n")
    }

    fn moves_from(&self, state: &G::State) -> Vec<String> {
        (self.game.moves(state).iter()).filter(|mv| self.game.perform(state, mv).is_some()).map(|mv| self.game.render(mv)).collect()
    }
}

impl<G: Edit> Puzzle for LmPuzzle<G> {
    fn family(&self) -> &'static str {
        match self.variant {
            Variant::Alice => ALICE.id(),
            Variant::Minotaur => MINOTAUR.id(),
            Variant::Numbers => NUMBERS.id(),
            Variant::Plank => PLANK.id(),
            Variant::HexPlank => HEX_PLANK.id(),
            Variant::TiltSingle => TILT_SINGLE.id(),
            Variant::TiltMulti => TILT_MULTI.id(),
            Variant::TiltRedBlue => TILT_RB.id(),
        }
    }

    /// LM-Solve's two scans: breadth-first (shortest) and depth-first.
    fn capabilities(&self) -> crate::families::Capabilities {
        crate::families::Capabilities::searches(&[Method::Auto, Method::Bfs, Method::Dfs]).analysing()
    }

    fn explore(&self, options: &SolveOptions, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Result<AnalysisReport, FormatError> {
        crate::families::only_metric(options, "moves", ": LM-Solve counts moves")?;
        let space = GameSpace::new(&self.game);
        // Written from the state: two planks of one length can make a move text read two ways.
        let describe = |moves: &[G::Move], _: &[_]| moves.iter().map(|m| self.game.render(m)).collect();
        let analysed = analyse(&space, &options.budget(), on_progress);
        Ok(analysis_from::<GameSpace<G>>(self.family(), "moves", analysed, describe, |s| Some(self.game.at(s)?.write())))
    }

    fn solve(&self, options: &SolveOptions, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Result<Report, FormatError> {
        crate::families::only_metric(options, "moves", ": LM-Solve counts moves")?;
        let method = self.capabilities().resolve(options.method)?;
        let scan_kind = if method == Method::Dfs { Scan::Dfs } else { Scan::Brfs };
        let found = scan(&self.game, scan_kind, &options.budget(), None, on_progress);
        let (status, reason) = match &found.end {
            End::Solved => (Status::Solved, None),
            End::Unsolved => (Status::Unsolved, None),
            End::GaveUp(reason) => (Status::GaveUp, Some(reason.clone())),
            End::Cancelled => (Status::Cancelled, None),
        };
        Ok(Report {
            status,
            reason,
            moves: found.moves.iter().map(|m| self.game.render(m)).collect(),
            cost: found.moves.len() as u64,
            optimal: method == Method::Bfs,
            ..Report::new(self.family(), "moves", method, found.stats)
        })
    }

    fn check(&self, _options: &SolveOptions, moves: &[String]) -> Result<Verdict, MoveError> {
        self.replayer.check(self, moves)
    }

    fn draw(&self, moves: &[String], step: usize, tween: f32, painter: &mut dyn Painter) {
        self.replayer.draw(self, moves, step, tween, painter);
    }

    /// LM-Solve's own lines, as `lm-solve` prints them under its `solved` line: equal moves
    /// grouped as `MOVE * COUNT` where the game groups them (never planks).
    fn solution_text(&self, moves: &[String]) -> String {
        super::scan::move_lines(moves, self.game.groups(), true, |i| moves[i].clone())
    }

    fn show(&self, moves: &[String], step: usize) -> String {
        self.replayer.show(self, moves, step)
    }

    fn moves_from(&self, _options: &SolveOptions, moves: &[String], step: usize) -> Vec<String> {
        self.replayer.moves_from(self, moves, step)
    }

    /// The board file with the position after `moves` as its start (Hint and Solve from here),
    /// where LM-Solve's format can say it: the file written must read back to the same position
    /// (a board file cannot say everything a position holds). Not for planks: a plank's move
    /// text can read two ways, and the moves before a position alone do not say which.
    fn text_at(&self, moves: &[String]) -> Option<String> {
        if matches!(self.variant, Variant::Plank | Variant::HexPlank) {
            return None;
        }
        let written = self.game.at(&self.replayer.at(self, moves, moves.len())?)?.write();
        let reread = crate::families::family(self.family())?.parse(&written).ok()?;
        (reread.show(&[], 0) == self.show(moves, moves.len())).then_some(written)
    }

    fn boards(&self, moves: &[String]) -> Vec<String> {
        self.replayer.boards(self, moves)
    }

    fn to_text(&self) -> String {
        self.text.clone()
    }

    fn editor(&self) -> Option<&dyn Editor> {
        Some(self as &dyn Editor)
    }
}

impl<G: Edit> LmPuzzle<G> {
    /// The board written back, after the lines that come before its first key (a title, notes).
    fn written(&self, game: &G) -> String {
        let key = regex::Regex::new(r"^\s*\w+\s*=").ok();
        let preamble: String = self
            .text
            .lines()
            .take_while(|l| key.as_ref().is_some_and(|k| !k.is_match(l)))
            .map(|l| format!("{l}\n"))
            .collect();
        format!("{preamble}{}", game.write())
    }

    fn spot(&self, row: usize, col: usize) -> Spot {
        let (x, y) = (col as i64, row as i64);
        if !self.game.walled() {
            return Spot::Cell((x, y));
        }
        match (row % 2, col % 2) {
            (0, _) => Spot::Wall { horizontal: true, at: (x / 2, y / 2) },
            (_, 0) => Spot::Wall { horizontal: false, at: (x / 2, y / 2) },
            _ => Spot::Cell((x / 2, y / 2)),
        }
    }
}

impl<G: Edit> Editor for LmPuzzle<G> {
    fn tools(&self) -> Vec<(String, String)> {
        self.game.tools().into_iter().map(|(id, label)| (id.to_string(), label.to_string())).collect()
    }

    fn apply(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        let edited = self.game.edit(tool, self.spot(row, col))?;
        Some(self.written(&edited))
    }

    fn paint(&self, _tool: &str, _row: usize, _col: usize) -> Option<String> {
        None
    }

    fn resize(&self, cols: usize, rows: usize) -> Option<String> {
        if !(1..=MAX_SIDE).contains(&cols) || !(1..=MAX_SIDE).contains(&rows) || (cols, rows) == self.game.size() {
            return None;
        }
        Some(self.written(&self.game.resized(cols, rows)))
    }

    fn size(&self) -> (usize, usize) {
        self.game.size()
    }

    fn cell_at(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(usize, usize)> {
        let (cols, rows) = self.game.size();
        let grid = GridLayout::fit(cols, rows, width, height);
        if !self.game.walled() {
            return self.game.locate(x, y, width, height).map(|(cx, cy)| (cy as usize, cx as usize));
        }
        crate::draw::wall_or_cell((x - grid.left) / grid.cell, (y - grid.top) / grid.cell, cols, rows, 0.2)
    }
}

#[cfg(test)]
mod build_tests {
    use super::*;

    /// Every LM-Solve board is read here, or (in the page's first module, built without
    /// `lmsolve`) detected and handed on to the full module.
    #[test]
    fn lm_solve_boards_are_read_here_or_handed_on() {
        for family in [&ALICE, &MINOTAUR, &NUMBERS, &PLANK, &HEX_PLANK, &TILT_SINGLE, &TILT_MULTI, &TILT_RB] {
            let text = family.blank();
            assert_ne!(family.detect(text), Confidence::No, "{}", family.id());
            if cfg!(feature = "lmsolve") {
                assert!(!family.needs_full_build(text));
                assert!(family.parse(text).is_ok(), "{}", family.id());
            } else {
                assert!(family.needs_full_build(text));
                assert!(family.parse(text).is_err_and(|e| e.message.contains("full module")));
            }
        }
    }
}
