//! Mazes: SVG files from mazegenerator.net and other generators, and pasted text mazes. The
//! shortest way from entrance to exit by breadth-first search, drawn and replayed; the solved
//! SVG to download. Every format reads into one [`grid::Grid`].

pub mod draw;
pub mod edit;
pub mod generate;
pub mod grid;
pub mod svg;
pub mod text;

use crate::draw::Painter;
use crate::families::analysis::{analysis_spread, AnalysisReport, Completion};
use crate::families::{
    newgame, only_metric, search_spread, Confidence, Difficulty, Editor, Example, Export, Facts, Family, FormatError,
    MoveError, NewGame, Puzzle, Report, SolveOptions,
};
use crate::midend::{self, Frames, Replayer};
use crate::search::{Flow, Space, Stats};
use grid::{Ends, Grid, Shape, Walk};
use std::hash::{Hash, Hasher};
use text::Layout;

pub struct Maze;

impl Family for Maze {
    fn id(&self) -> &'static str {
        "maze"
    }

    fn name(&self) -> &'static str {
        "Maze"
    }

    fn how_to_play(&self) -> Option<&'static str> {
        Some(
            "The entrance and the exit are marked on the outer wall; the path walked so far is drawn. Click or tap a cell: the walker goes there by a shortest way, one move per cell. On square cells, with the board focused, the arrow keys step.",
        )
    }

    fn format_help(&self) -> &'static str {
        format_doc!("maze")
    }

    fn metrics(&self) -> &'static [&'static str] {
        &["moves"]
    }

    fn detect(&self, text: &str) -> Confidence {
        if svg::looks_like(text) {
            return Confidence::Sure;
        }
        match text::detect(text) {
            Some(Layout::Blocks { .. }) => {
                // Block grids without S/E marks look like tiling boards: let those win.
                let marked = text.chars().any(|c| matches!(c, 'S' | 'E' | '🚶' | '🏁'));
                if marked {
                    Confidence::Sure
                } else {
                    Confidence::Maybe
                }
            }
            Some(_) => Confidence::Sure,
            None => Confidence::No,
        }
    }

    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Ok(Box::new(MazePuzzle::parse(text)?))
    }

    fn examples(&self) -> &'static [Example] {
        static EXAMPLES: [Example; 3] = [
            example!("maze-20x20", "svg", 60), // a separate BFS over the file's <line>s (Python, by hand)
            example!("maze-sigma", "svg", 27), // BFS over the generator's own passages (the script that wrote it)
            example!("maze-blocks", "txt", 56, "A maze of # blocks"), // a separate BFS over the characters (Python, by hand)
        ];
        &EXAMPLES
    }

    fn blank(&self) -> &'static str {
        "+---+---+---+\n| S |       |\n+   +---+   +\n|         E |\n+---+---+---+\n"
    }

    fn generated_sides(&self) -> Option<std::ops::RangeInclusive<usize>> {
        Some(1..=MAX_GENERATED)
    }

    fn generate(&self, cols: usize, rows: usize, seed: u64) -> Option<String> {
        let grid = generate::perfect(cols.clamp(1, MAX_GENERATED), rows.clamp(1, MAX_GENERATED), seed);
        Some(text::write_box_art(&grid, &|_| None))
    }

    /// A perfect maze whose way through is of a length in the band: Easy 8 x 8 and 16 to 30
    /// steps, Medium 16 x 16 and 50 to 120, Hard 30 x 30 and 150 or more (of five seeds, every
    /// maze of the first two sizes was, and three of five of the last).
    fn new_game(&self, difficulty: Difficulty, seed: u64) -> Option<NewGame> {
        let (side, band) = match difficulty {
            Difficulty::Easy => (8, 16..=30),
            Difficulty::Medium => (16, 50..=120),
            Difficulty::Hard => (30, 150..=900),
        };
        let name = format!("{side} x {side} maze");
        newgame::in_band(self, &name, band, seed, 50, |random| {
            text::write_box_art(&generate::perfect(side, side, random.next_u64()), &|_| None)
        })
    }

    fn new_games(&self) -> Option<&'static str> {
        Some("Maze")
    }
}

/// The largest side of a random maze.
const MAX_GENERATED: usize = 400;

/// Where a maze came from, which decides how it is written back and exported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Svg,
    Text(Layout),
}

pub struct MazePuzzle {
    text: String,
    source: Source,
    grid: Grid,
    /// Identifies the maze's picture, so the canvas can keep its walls between frames.
    key: u64,
    /// The entrance and exit, checked once ([`MazePuzzle::ends`]).
    ends: Result<Ends, String>,
    /// Where in a text maze the ends' fault is (line, column).
    ends_at: Option<(usize, usize)>,
    /// The cells walked by the move list last replayed (the mid-end).
    replay: Replayer<usize>,
}

impl MazePuzzle {
    pub fn parse(text: &str) -> Result<MazePuzzle, FormatError> {
        let (source, grid) = if svg::looks_like(text) {
            (Source::Svg, svg::read(text)?)
        } else {
            let layout = text::detect(text).ok_or_else(|| {
                FormatError::new(
                    1,
                    1,
                    "this is not a maze this tool reads: paste an SVG, box art (+--+ and |), `_|` art, \
                     or a block grid (# walls, spaces or dots, S and E)",
                )
            })?;
            (Source::Text(layout), text::read(text, layout)?)
        };
        let mut hasher = rustc_hash::FxHasher::default();
        text.hash(&mut hasher);
        let ends = grid.ends().and_then(|ends| match grid.solid[ends.start] || grid.solid[ends.exit] {
            true => {
                Err(grid::EndsFault { message: "the start or the exit is inside a wall".to_string(), opening: None })
            }
            false => Ok(ends),
        });
        // A text maze's fault is placed in the text: the opening it is about, or the first line.
        let (ends, ends_at) = match ends {
            Ok(ends) => (Ok(ends), None),
            Err(fault) => {
                let at = match source {
                    Source::Text(layout) => Some(text::place_of(text, layout, &grid, fault.opening)),
                    Source::Svg => None,
                };
                (Err(fault.message), at)
            }
        };
        Ok(MazePuzzle {
            text: text.to_string(),
            source,
            grid,
            key: hasher.finish(),
            ends,
            ends_at,
            replay: Replayer::default(),
        })
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    pub fn source(&self) -> Source {
        self.source
    }

    /// The ends, checked: a marked end inside rock is no place to start.
    pub fn ends(&self) -> Result<Ends, String> {
        self.ends.clone()
    }

    /// The ends, or their fault as a format error: at its place in a text maze.
    fn ends_or_fault(&self) -> Result<Ends, FormatError> {
        self.ends.clone().map_err(|message| match self.ends_at {
            Some((line, column)) => FormatError::new(line, column, message),
            None => FormatError::general(message),
        })
    }

    /// The ends and the cells visited by `moves` from the start, or the first move that runs
    /// into a wall.
    pub fn walk(&self, moves: &[String]) -> Result<(Ends, Vec<usize>), MoveError> {
        self.replay.frames(self, moves, |frames| match (&frames.error, &self.ends) {
            (None, Ok(ends)) => Ok((*ends, frames.states.clone())),
            (Some(error), _) => Err(error.clone()),
            (None, Err(message)) => Err(MoveError { index: 0, message: message.clone() }),
        })
    }

    fn facts(&self, ends: &Ends, cells: Option<usize>) -> Facts {
        let place = |cell: usize| {
            let (r, c) = self.grid.row_col(cell);
            serde_json::json!([r, c])
        };
        Facts::from_iter([
            ("width".to_string(), self.grid.cols.into()),
            ("height".to_string(), self.grid.rows.into()),
            ("cells".to_string(), cells.into()),
            ("entrance".to_string(), place(ends.start)),
            ("exit".to_string(), place(ends.exit)),
        ])
    }

    /// The solution drawn into the file: the original SVG with one red polyline added, or our
    /// own SVG of a text maze.
    pub fn solved_svg(&self, moves: &[String]) -> Option<String> {
        let (ends, cells) = self.walk(moves).ok()?;
        let points = svg::path_points(&self.grid, &cells, ends.start_side, ends.exit_side);
        let line = svg::solution_element(&points, (self.grid.geometry.unit() / 8.0).max(1.0));
        match self.source {
            Source::Svg => svg::insert_before_end(&self.text, &line),
            Source::Text(_) => svg::insert_before_end(&self.svg(), &line),
        }
    }

    /// The maze as SVG: the original file, or a text maze drawn as mazegenerator.net would.
    pub fn svg(&self) -> String {
        match self.source {
            Source::Svg => self.text.clone(),
            Source::Text(_) => {
                svg::render(&self.grid, &format!("{} by {} orthogonal maze", self.grid.cols, self.grid.rows))
            }
        }
    }
}

/// Steps from `from` to every cell (u32::MAX where the maze does not lead).
fn distances(walk: &Walk<'_>, from: usize) -> Vec<u32> {
    let mut distance = vec![u32::MAX; walk.grid.cells()];
    distance[from] = 0;
    let mut queue = vec![from as u32];
    let mut next = Vec::new();
    let mut head = 0;
    while head < queue.len() {
        let cell = queue[head];
        head += 1;
        next.clear();
        walk.successors(&cell, &mut next);
        for &(_, to, _) in &next {
            if distance[to as usize] == u32::MAX {
                distance[to as usize] = distance[cell as usize] + 1;
                queue.push(to);
            }
        }
    }
    distance
}

/// Mazes with loops up to this many reachable cells get an exact diameter (a search from every
/// cell); a perfect maze (a tree) gets it from two searches at any size.
const DIAMETER_CELLS: usize = 4000;

impl MazePuzzle {
    /// What Analyse adds for a maze: its dead-end cells and the two cells farthest apart.
    fn maze_notes(&self, walk: &Walk<'_>) -> Vec<String> {
        let from_start = distances(walk, walk.start);
        let reachable: Vec<usize> = (0..from_start.len()).filter(|&c| from_start[c] != u32::MAX).collect();
        let mut next = Vec::new();
        let mut openings = |cell: usize| {
            next.clear();
            walk.successors(&(cell as u32), &mut next);
            next.len()
        };
        let degrees: Vec<usize> = reachable.iter().map(|&c| openings(c)).collect();
        let dead =
            reachable.iter().zip(&degrees).filter(|&(&c, &d)| d == 1 && c != walk.start && c != walk.exit).count();
        let edges = degrees.iter().sum::<usize>() / 2;
        let mut notes = vec![format!(
            "{} dead-end {} (open on one side, neither start nor exit)",
            crate::replay::group(dead as u64),
            if dead == 1 { "cell" } else { "cells" }
        )];
        let farthest = |from: usize| {
            let d = distances(walk, from);
            let (cell, steps) = reachable
                .iter()
                .map(|&c| (c, d[c]))
                .max_by_key(|&(c, s)| (s, std::cmp::Reverse(c)))
                .unwrap_or((from, 0));
            (cell, steps)
        };
        let pair = if edges + 1 == reachable.len() {
            // A tree: the cell farthest from anywhere is one end of a longest path.
            let (a, _) = farthest(walk.start);
            let (b, steps) = farthest(a);
            Some((a, b, steps))
        } else if reachable.len() <= DIAMETER_CELLS {
            reachable
                .iter()
                .map(|&a| (a, farthest(a)))
                .max_by_key(|&(a, (_, s))| (s, std::cmp::Reverse(a)))
                .map(|(a, (b, s))| (a, b, s))
        } else {
            None
        };
        let at = |cell: usize| {
            let (r, c) = self.grid.row_col(cell);
            format!("(row {r}, column {c})")
        };
        notes.push(match pair {
            Some((a, b, steps)) => format!(
                "The two cells farthest apart, {steps} steps: {} and {} (the hardest start and exit)",
                at(a),
                at(b)
            ),
            None => format!(
                "The two cells farthest apart are not sought in mazes with loops of over {DIAMETER_CELLS} cells"
            ),
        });
        notes
    }
}

/// A maze's rules for the mid-end: a position is the cell walked to; a move, the side stepped
/// through.
impl midend::Backend for MazePuzzle {
    type State = usize;

    fn start(&self) -> Result<usize, String> {
        self.ends.as_ref().map(|ends| ends.start).map_err(String::clone)
    }

    fn execute(&self, &at: &usize, name: &str) -> Result<usize, String> {
        let side = self
            .grid
            .shape
            .side_named(name)
            .ok_or_else(|| format!("{} is not a direction here", crate::families::shown_text(name)))?;
        self.grid
            .neighbour(at, side)
            .filter(|&n| self.grid.is_open(at, side) && !self.grid.solid[n])
            .ok_or_else(|| format!("a wall blocks the way {name}"))
    }

    fn is_solved(&self, &at: &usize) -> bool {
        self.ends.as_ref().is_ok_and(|ends| ends.exit == at)
    }

    fn paint(&self, frames: &Frames<usize>, step: usize, tween: f32, painter: &mut dyn Painter) {
        match (&self.ends, &frames.error) {
            (Ok(ends), None) => draw::draw(&self.grid, self.key, Some(*ends), &frames.states, step, tween, painter),
            (_, _) if frames.moves.is_empty() => draw::draw(&self.grid, self.key, None, &[], 0, 0.0, painter),
            (_, Some(error)) => draw::message(painter, &error.to_string()),
            (Err(message), None) => draw::message(painter, message),
        }
    }

    /// A cell clicked: the way there from where the walker stands, by the engine's breadth-first
    /// search over the maze's own walk (one move per cell, a shortest path).
    fn moves_at(&self, &at: &usize, from: (f64, f64), _to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        let view = draw::View::fit(&self.grid, size.0, size.1);
        let (x, y) = view.source(from);
        let Some(exit) = self.grid.cell_at_point(x, y) else { return Vec::new() };
        let walk = Walk { grid: &self.grid, start: at, exit };
        match crate::search::bfs(&walk, &crate::search::Budget::default(), &mut |_| Flow::Continue) {
            crate::search::Outcome::Solved { moves, .. } => {
                moves.iter().map(|&side| self.grid.shape.side_name(side).to_string()).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The sides the walk can leave the cell by.
    fn moves_from(&self, &at: &usize) -> Vec<String> {
        let mut steps = Vec::new();
        Walk { grid: &self.grid, start: at, exit: at }.successors(&(at as u32), &mut steps);
        steps.iter().map(|&(side, _, _)| self.grid.shape.side_name(side).to_string()).collect()
    }

    fn show(&self, frames: &Frames<usize>, step: usize) -> String {
        let (Ok(ends), None, Some(&at)) = (&self.ends, &frames.error, frames.at(step)) else { return String::new() };
        let cells = &frames.states;
        let moves = frames.moves.len();
        let (r, c) = self.grid.row_col(at);
        let line = format!("cell (row {r}, column {c}), {} of {moves} moves\n", step.min(moves));
        if self.grid.shape == Shape::Hex || self.grid.cells() > 2500 {
            return line;
        }
        // Looked up for every cell drawn: a flag per cell, not a search of the path.
        let mut walked = vec![false; self.grid.cells()];
        for &cell in &cells[..=step.min(cells.len() - 1)] {
            walked[cell] = true;
        }
        let mark = |cell: usize| {
            if cell == at {
                Some('@')
            } else if cell == ends.start {
                Some('S')
            } else if cell == ends.exit {
                Some('E')
            } else {
                walked[cell].then_some('.')
            }
        };
        let art = match self.source {
            Source::Text(Layout::Blocks { wall, .. }) => text::write_blocks(&self.grid, wall, ' ', &mark),
            _ => text::write_box_art(&self.grid, &mark),
        };
        format!("{line}{art}")
    }
}

impl Puzzle for MazePuzzle {
    fn family(&self) -> &'static str {
        "maze"
    }

    fn capabilities(&self) -> crate::families::Capabilities {
        crate::families::Capabilities::searches(crate::families::GENERIC_METHODS).analysing()
    }

    fn unready(&self) -> Option<FormatError> {
        self.ends_or_fault().err()
    }

    fn explore(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<AnalysisReport, FormatError> {
        only_metric(options, "moves", ": a maze counts steps from cell to cell")?;
        let ends = self.ends_or_fault()?;
        let walk = Walk { grid: &self.grid, start: ends.start, exit: ends.exit };
        let shape = self.grid.shape;
        let mut report = analysis_spread("maze", "moves", &walk, options, on_progress, |moves, _| {
            moves.iter().map(|&s| shape.side_name(s).to_string()).collect()
        });
        if report.status == Completion::Done {
            report.notes = self.maze_notes(&walk);
        }
        Ok(report)
    }

    fn solve(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        only_metric(options, "moves", ": a maze counts steps from cell to cell")?;
        let ends = self.ends_or_fault()?;
        let method = self.capabilities().resolve(options.method)?;
        let walk = Walk { grid: &self.grid, start: ends.start, exit: ends.exit };
        let outcome = search_spread(&walk, method, options, on_progress);
        let shape = self.grid.shape;
        let mut report = Report::from_outcome("maze", "moves", method, outcome, |moves, _| {
            moves.iter().map(|&s| shape.side_name(s).to_string()).collect()
        });
        let solved = report.status == crate::families::Status::Solved;
        report.facts = self.facts(&ends, solved.then_some(report.moves.len() + 1));
        Ok(report)
    }

    fn text_at(&self, moves: &[String]) -> Option<String> {
        let (_, cells) = self.walk(moves).ok()?;
        self.with_start(*cells.last()?)
    }

    crate::midend::replayed_by!(replay; check draw show moves_at moves_from boards);

    /// On square cells the arrow keys step north, east, south and west where the walls allow.
    fn moves_for_key(&self, options: &SolveOptions, moves: &[String], step: usize, key: &str) -> Option<Vec<String>> {
        let side = ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"]
            .iter()
            .position(|&k| k == key)
            .map(|i| ["N", "E", "S", "W"][i])?;
        let steps = self.moves_from(options, moves, step);
        // Cells that are not squares list no N E S W: the keys are not the maze's there.
        steps
            .iter()
            .any(|m| ["N", "E", "S", "W"].contains(&m.as_str()))
            .then(|| steps.into_iter().filter(|m| m == side).collect())
    }

    fn to_text(&self) -> String {
        self.text.clone()
    }

    fn editor(&self) -> Option<&dyn Editor> {
        (self.grid.shape == Shape::Square).then_some(self as &dyn Editor)
    }

    fn export_label(&self) -> Option<&'static str> {
        Some("Download solved SVG")
    }

    fn export(&self, moves: &[String]) -> Option<Export> {
        let text = self.solved_svg(moves)?;
        Some(Export { file_name: "maze-solved.svg".into(), mime: "image/svg+xml", text })
    }

    fn to_svg(&self) -> Option<String> {
        Some(self.svg())
    }
}

#[cfg(test)]
mod tests;
