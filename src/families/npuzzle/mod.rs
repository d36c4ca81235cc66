//! N-puzzles: the 8-puzzle, the 15-puzzle and every rectangle from 2 x 2 to 8 x 8, solved
//! optimally by IDA* with additive pattern databases (`families/tiles.rs`, `search/tiles.rs`).
//! `format.rs` reads the numbers; `draw.rs` paints tiles; `edit.rs` is draw mode.

pub mod draw;
pub mod edit;
pub mod format;

use super::tiles::{self, TileProblem};
use crate::draw::Painter;
use crate::families::analysis::AnalysisReport;
use crate::families::{
    newgame, only_metric, Capabilities, Confidence, Difficulty, Editor, Example, Family, FormatError, NewGame, Puzzle,
    Report, SolveOptions,
};
use crate::midend::{self, Frames, Replayer};
use crate::random::SplitMix;
use crate::search::{Flow, Stats};
use format::{Board, BLANK};

pub struct NPuzzles;

impl Family for NPuzzles {
    fn id(&self) -> &'static str {
        "npuzzle"
    }

    fn name(&self) -> &'static str {
        "N-puzzle (15-puzzle)"
    }

    fn how_to_play(&self) -> Option<&'static str> {
        Some(
            "The tiles slide into the blank. Tap a tile in line with the blank: it and every tile between slide one cell toward the blank, one move each. With the board focused, an arrow key slides the tile beside the blank its way.",
        )
    }

    fn format_help(&self) -> &'static str {
        format_doc!("npuzzle")
    }

    fn metrics(&self) -> &'static [&'static str] {
        &["unit"]
    }

    fn detect(&self, text: &str) -> Confidence {
        Confidence::sure_if(format::looks_like(text))
    }

    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Ok(Box::new(NPuzzle::new(format::parse(text)?)))
    }

    fn examples(&self) -> &'static [Example] {
        static EXAMPLES: [Example; 1] = [
            example!("fifteen-puzzle", "txt", 46), // Korf's instance 9, published optimum
        ];
        &EXAMPLES
    }

    fn blank(&self) -> &'static str {
        "1 2 3\n4 5 6\n7 8 _\n"
    }

    fn generated_sides(&self) -> Option<std::ops::RangeInclusive<usize>> {
        Some(format::MIN_SIDE..=format::MAX_SIDE)
    }

    /// The 8-puzzle, whose every position is solved in at most 31 moves: Easy in 8 to 14, Medium
    /// in 16 to 22 (made by sliding the blank at random from the goal, a few tens of slides),
    /// Hard in 27 to 31 (a start shuffled at random: about one in twenty is that far).
    fn new_game(&self, difficulty: Difficulty, seed: u64) -> Option<NewGame> {
        let (band, slides) = match difficulty {
            Difficulty::Easy => (8..=14, Some(16)),
            Difficulty::Medium => (16..=22, Some(40)),
            Difficulty::Hard => (27..=31, None),
        };
        let goal = Board::standard_goal(9);
        let solved = NPuzzle::new(Board { title: None, width: 3, height: 3, start: goal.clone(), goal });
        newgame::in_band(self, "8-puzzle", band, seed, 400, |random| {
            match slides {
                Some(slides) => solved.slid(slides, random),
                None => solved.shuffled(random.next_u64()),
            }
            .to_text()
        })
    }

    fn new_games(&self) -> Option<&'static str> {
        Some("8-puzzle")
    }

    fn generate(&self, cols: usize, rows: usize, seed: u64) -> Option<String> {
        let clamp = |side: usize| side.clamp(format::MIN_SIDE, format::MAX_SIDE);
        let (width, height) = (clamp(cols), clamp(rows));
        let goal = Board::standard_goal(width * height);
        let board = Board { title: None, width, height, start: goal.clone(), goal };
        Some(NPuzzle::new(board).shuffled(seed).to_text())
    }
}

/// A parsed N-puzzle.
pub struct NPuzzle {
    /// The board; a changed board needs a new `NPuzzle` once moves have been replayed (the
    /// replayer keeps positions of the old one).
    pub board: Board,
    /// The goal cell of each tile number.
    home: Vec<u8>,
    /// The positions of the moves last replayed (the mid-end).
    replayer: Replayer<Vec<u16>>,
}

impl NPuzzle {
    pub fn new(board: Board) -> NPuzzle {
        let mut home = vec![0u8; board.goal.len()];
        for (cell, &tile) in board.goal.iter().enumerate() {
            home[usize::from(tile)] = cell as u8;
        }
        NPuzzle { board, home, replayer: Replayer::default() }
    }

    /// The cells as the engine sees them: each tile named by its goal cell.
    fn by_goal_cell(&self, cells: &[u16]) -> Vec<u8> {
        cells.iter().map(|&t| self.home[usize::from(t)]).collect()
    }

    fn problem<'a>(&self, start: &'a [u8]) -> TileProblem<'a> {
        TileProblem { width: self.board.width, height: self.board.height, start, blank: self.home[usize::from(BLANK)] }
    }

    pub fn solvable(&self) -> bool {
        tiles::solvable(&self.problem(&self.by_goal_cell(&self.board.start)))
    }

    /// Slides the tile named by `text` into the blank.
    fn slide_tile(&self, cells: &mut [u16], text: &str) -> Result<(), String> {
        let tile: u16 = text.trim().parse().map_err(|_| format!("\"{}\" is not a tile number", text.trim()))?;
        let from = cells
            .iter()
            .position(|&t| t == tile && t != BLANK)
            .ok_or_else(|| format!("there is no tile {tile} on this board"))?;
        let hole = cells.iter().position(|&t| t == BLANK).unwrap_or(from);
        if !tiles::adjacent(self.board.width, hole, from) {
            return Err(format!("tile {tile} is not next to the blank"));
        }
        cells.swap(hole, from);
        Ok(())
    }

    /// The tiles on the cells after the first `step` moves (moves that do not apply are skipped).
    pub fn position_after(&self, moves: &[String], step: usize) -> Vec<u16> {
        self.replayer.at(self, moves, step).unwrap_or_default()
    }

    /// The same puzzle with the blank slid `slides` times at random from the start, never
    /// straight back.
    pub fn slid(&self, slides: usize, random: &mut SplitMix) -> NPuzzle {
        let mut board = self.board.clone();
        let (width, cells) = (board.width, board.start.len());
        let mut hole = board.start.iter().position(|&t| t == BLANK).unwrap_or(0);
        let mut came_from = usize::MAX;
        for _ in 0..slides {
            let next: Vec<usize> = [hole.wrapping_sub(width), hole + width, hole.wrapping_sub(1), hole + 1]
                .into_iter()
                .filter(|&c| c < cells && c != came_from && tiles::adjacent(width, hole, c))
                .collect();
            if next.is_empty() {
                break;
            }
            let to = next[random.below(next.len())];
            board.start.swap(hole, to);
            (came_from, hole) = (hole, to);
        }
        NPuzzle::new(board)
    }

    /// The same puzzle with the start shuffled at random (always solvable).
    pub fn shuffled(&self, seed: u64) -> NPuzzle {
        let mut board = self.board.clone();
        SplitMix::new(seed).shuffle(&mut board.start);
        let mut puzzle = NPuzzle::new(board);
        if !puzzle.solvable() {
            // Swapping two tiles (not the blank) flips the parity.
            let tiles: Vec<usize> =
                (0..puzzle.board.start.len()).filter(|&c| puzzle.board.start[c] != BLANK).take(2).collect();
            puzzle.board.start.swap(tiles[0], tiles[1]);
        }
        puzzle
    }
}

/// The N-puzzle for the mid-end: a position is the tile on each cell; a move that does not apply
/// is skipped in a replay, as the page always showed it (`Puzzle::check` reports it).
impl midend::Backend for NPuzzle {
    type State = Vec<u16>;

    fn start(&self) -> Result<Vec<u16>, String> {
        Ok(self.board.start.clone())
    }

    fn execute(&self, cells: &Vec<u16>, text: &str) -> Result<Vec<u16>, String> {
        let mut next = cells.clone();
        self.slide_tile(&mut next, text)?;
        Ok(next)
    }

    fn skips_bad_moves(&self) -> bool {
        true
    }

    /// A slide is a move of the one metric, unit.
    fn allows(&self, options: &SolveOptions, _cells: &Vec<u16>, _text: &str) -> Result<(), String> {
        only_metric(options, "unit", "").map_err(|e| e.message)
    }

    fn is_solved(&self, cells: &Vec<u16>) -> bool {
        *cells == self.board.goal
    }

    fn paint(&self, frames: &Frames<Vec<u16>>, step: usize, tween: f32, painter: &mut dyn Painter) {
        let cells = frames.at(step).map_or(&[][..], Vec::as_slice);
        let next = (tween > 0.0).then(|| frames.moves.get(step)).flatten();
        draw::draw(self, cells, next.map(String::as_str), tween, painter);
    }

    fn show(&self, frames: &Frames<Vec<u16>>, step: usize) -> String {
        let start = frames.at(step).cloned().unwrap_or_default();
        Board { title: None, start, ..self.board.clone() }.to_text()
    }

    fn moves_from(&self, cells: &Vec<u16>) -> Vec<String> {
        let Some(hole) = cells.iter().position(|&t| t == BLANK) else { return Vec::new() };
        (0..cells.len()).filter(|&c| tiles::adjacent(self.board.width, hole, c)).map(|c| cells[c].to_string()).collect()
    }

    /// A tile tapped (or dragged) in line with the blank slides there, and every tile between
    /// with it, nearest the blank first (as in Simon Tatham's Fifteen).
    fn moves_at(&self, cells: &Vec<u16>, from: (f64, f64), _to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        let width = self.board.width;
        let Some((row, col)) = draw::layout(self, size.0, size.1).cell_at(from.0, from.1) else { return Vec::new() };
        let Some(hole) = cells.iter().position(|&t| t == BLANK) else { return Vec::new() };
        let (hole_row, hole_col) = (hole / width, hole % width);
        let line: Vec<usize> = if row == hole_row && col != hole_col {
            let step = |c: usize| row * width + c;
            if col > hole_col {
                (hole_col + 1..=col).map(step).collect()
            } else {
                (col..hole_col).rev().map(step).collect()
            }
        } else if col == hole_col && row != hole_row {
            let step = |r: usize| r * width + col;
            if row > hole_row {
                (hole_row + 1..=row).map(step).collect()
            } else {
                (row..hole_row).rev().map(step).collect()
            }
        } else {
            Vec::new()
        };
        line.into_iter().map(|cell| cells[cell].to_string()).collect()
    }
}

impl Puzzle for NPuzzle {
    fn family(&self) -> &'static str {
        "npuzzle"
    }

    fn capabilities(&self) -> Capabilities {
        tiles::capabilities().analysing()
    }

    fn explore(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<AnalysisReport, FormatError> {
        only_metric(options, "unit", " for the N-puzzle: every move slides one tile one cell (unit)")?;
        let start = self.by_goal_cell(&self.board.start);
        let goal = &self.board.goal;
        Ok(tiles::analysis("npuzzle", "unit", &self.problem(&start), options, on_progress, |moves, _| {
            moves.iter().map(|m| goal[usize::from(m.tile)].to_string()).collect()
        }))
    }

    fn text_at(&self, moves: &[String]) -> Option<String> {
        Some(self.show(moves, moves.len()))
    }

    fn solve(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        only_metric(options, "unit", " for the N-puzzle: every move slides one tile one cell (unit)")?;
        let start = self.by_goal_cell(&self.board.start);
        let problem = self.problem(&start);
        let goal = &self.board.goal;
        tiles::report("npuzzle", "unit", &problem, options, on_progress, |moves, _| {
            moves.iter().map(|m| goal[usize::from(m.tile)].to_string()).collect()
        })
    }

    crate::midend::replayed_by!(replayer; check draw show moves_at moves_from boards);

    /// An arrow key slides the tile beside the blank that way into it (as in Simon Tatham's
    /// Fifteen): ← moves the tile to the blank's right.
    fn moves_for_key(&self, _options: &SolveOptions, moves: &[String], step: usize, key: &str) -> Option<Vec<String>> {
        if !["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].contains(&key) {
            return None;
        }
        let cells = self.replayer.at(self, moves, step.min(moves.len()))?;
        let hole = cells.iter().position(|&t| t == BLANK)?;
        let width = self.board.width;
        let (row, col) = (hole / width, hole % width);
        let tile = match key {
            "ArrowLeft" if col + 1 < width => hole + 1,
            "ArrowRight" if col > 0 => hole - 1,
            "ArrowUp" if row + 1 < cells.len() / width => hole + width,
            "ArrowDown" if row > 0 => hole - width,
            _ => return Some(Vec::new()),
        };
        Some(vec![cells[tile].to_string()])
    }

    fn to_text(&self) -> String {
        self.board.to_text()
    }

    fn editor(&self) -> Option<&dyn Editor> {
        Some(self)
    }
}

#[cfg(test)]
mod tests;
