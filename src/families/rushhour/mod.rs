//! Rush Hour in Michael Fogleman's notation (the one his database of every hard 6 x 6 position
//! uses): `format.rs` reads it, `rules.rs` is the search space on a bitboard, `draw.rs` paints
//! cars and trucks, `edit.rs` is draw mode. Moves are written as he writes them: `A+2`.

pub mod draw;
pub mod edit;
pub mod format;
pub mod generate;
pub mod rules;

use crate::draw::Painter;
use crate::families::analysis::{analysis_spread, AnalysisReport};
use crate::families::{
    search_spread, Capabilities, Confidence, Difficulty, Editor, Example, Family, FormatError, NewGame, Puzzle, Report,
    SolveOptions, GENERIC_METHODS,
};
use crate::midend::{self, Frames, Replayer};
use crate::search::{Flow, Heuristic, Knowledge, Method, Stats};
use format::Board;
use rules::{Metric, Rules};

pub struct RushHour;

impl Family for RushHour {
    fn id(&self) -> &'static str {
        "rushhour"
    }

    fn name(&self) -> &'static str {
        "Rush Hour"
    }

    fn how_to_play(&self) -> Option<&'static str> {
        Some(
            "Cars and trucks drive along their own length only; the red car leaves by the gap on the right. Drag a vehicle to drive it as far as the way is free; a tap drives one that has one way to go a cell. On the keyboard, type a vehicle's letter to choose it, then drive it with the arrow keys (Esc lets go).",
        )
    }

    fn format_help(&self) -> &'static str {
        format_doc!("rushhour")
    }

    fn metrics(&self) -> &'static [&'static str] {
        Metric::NAMES
    }

    fn detect(&self, text: &str) -> Confidence {
        if format::looks_like(text) {
            Confidence::Sure
        } else if format::nearly(text) {
            Confidence::Maybe
        } else {
            Confidence::No
        }
    }

    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Ok(Box::new(RushPuzzle::new(format::parse(text)?)))
    }

    fn examples(&self) -> &'static [Example] {
        static EXAMPLES: [Example; 1] = [
            example!("rush-hour-51", "txt", 51, "The hardest position (51 moves)"), // Fogleman's database line, and tests/fixtures/rushhour/check.py
        ];
        &EXAMPLES
    }

    fn new_game(&self, difficulty: Difficulty, seed: u64) -> Option<NewGame> {
        generate::new_game(difficulty, seed)
    }

    fn new_games(&self) -> Option<&'static str> {
        Some("Rush Hour")
    }

    fn blank(&self) -> &'static str {
        "......\n......\n.AA...\n......\n......\n......\n"
    }
}

/// A parsed Rush Hour board.
pub struct RushPuzzle {
    pub board: Board,
    /// The rules in each metric, in the order of `Metric::NAMES`.
    by_metric: [Rules; 2],
    /// The positions of the moves last replayed (the mid-end).
    replayer: Replayer<u128>,
    /// The vehicle (index) touched last or named on the keyboard: the arrow keys drive it.
    chosen: std::cell::Cell<Option<usize>>,
}

impl RushPuzzle {
    pub fn new(board: Board) -> RushPuzzle {
        let by_metric = [Rules::new(&board, Metric::Slide), Rules::new(&board, Metric::Unit)];
        RushPuzzle { board, by_metric, replayer: Replayer::default(), chosen: std::cell::Cell::new(None) }
    }

    fn rules(&self, metric: Metric) -> &Rules {
        &self.by_metric[metric as usize]
    }

    fn metric(&self, options: &SolveOptions) -> Result<Metric, String> {
        match options.metric.as_deref() {
            None | Some("") | Some("auto") => Ok(Metric::Slide),
            Some(name) => {
                Metric::parse(name).ok_or_else(|| format!("unknown metric \"{name}\" for Rush Hour: use slide or unit"))
            }
        }
    }

    /// The position after the first `step` moves; a move that does not apply is skipped.
    pub fn position_after(&self, moves: &[String], step: usize) -> u128 {
        self.replayer.at(self, moves, step).unwrap_or_else(|| self.rules(Metric::Slide).start())
    }

    /// The board with its vehicles where `state` puts them.
    pub fn board_at(&self, state: u128) -> Board {
        let places = self.rules(Metric::Slide).places(state);
        let vehicles = self.board.vehicles.iter().zip(places).map(|(vehicle, place)| vehicle.at(place)).collect();
        Board { vehicles, expected: None, one_line: false, title: None, ..self.board.clone() }
    }
}

/// Rush Hour for the mid-end: a position is the packed places of the vehicles, moved in the
/// slide metric (a unit move is a slide of one); a move that does not apply is skipped, as the
/// page always showed it (`Puzzle::check` reports it, in the metric asked for).
impl midend::Backend for RushPuzzle {
    type State = u128;

    fn start(&self) -> Result<u128, String> {
        Ok(self.rules(Metric::Slide).start())
    }

    fn execute(&self, &state: &u128, text: &str) -> Result<u128, String> {
        self.rules(Metric::Slide).apply(state, text)
    }

    fn skips_bad_moves(&self) -> bool {
        true
    }

    /// Replayed as slides, a move counts in the unit metric only when it drives one cell.
    fn allows(&self, options: &SolveOptions, &state: &u128, text: &str) -> Result<(), String> {
        self.rules(self.metric(options)?).apply(state, text).map(drop)
    }

    fn is_solved(&self, &state: &u128) -> bool {
        self.rules(Metric::Slide).is_solved(state)
    }

    fn paint(&self, frames: &Frames<u128>, step: usize, tween: f32, painter: &mut dyn Painter) {
        let state = frames.at(step).copied().unwrap_or_else(|| self.rules(Metric::Slide).start());
        let next = (step < frames.moves.len()).then(|| frames.at(step + 1).copied()).flatten();
        draw::draw(self, state, next, tween, painter);
    }

    fn show(&self, frames: &Frames<u128>, step: usize) -> String {
        frames.at(step).map_or(String::new(), |&state| self.board_at(state).to_text())
    }
}

impl Puzzle for RushPuzzle {
    fn family(&self) -> &'static str {
        "rushhour"
    }

    /// His notation in words: `B+1` is "B right 1" for a car across, "B down 1" for one down.
    fn move_words(&self, text: &str) -> Option<String> {
        let sign = text.find(['+', '-'])?;
        let (letter, signed) = text.split_at(sign);
        let distance: usize = signed[1..].parse().ok()?;
        let vehicle = self.board.vehicles.iter().find(|v| letter.as_bytes() == [v.letter])?;
        let way = match (vehicle.horizontal, signed.starts_with('+')) {
            (true, true) => "right",
            (true, false) => "left",
            (false, true) => "down",
            (false, false) => "up",
        };
        Some(format!("{letter} {way} {distance}"))
    }

    /// The blocking-car bound is admissible and consistent, but weak: A* with it explores only
    /// 5–20% fewer positions than BFS on the known positions and takes 10–40% longer
    /// (`cargo bench --bench rushhour`), so `auto` runs BFS and A* stays on offer.
    fn capabilities(&self) -> Capabilities {
        let mut capabilities = Capabilities::searches(GENERIC_METHODS)
            .knowing(Knowledge { heuristic: Heuristic::None, explicit_goal: false })
            .analysing();
        capabilities.moves_in_steps = true;
        capabilities
    }

    fn explore(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<AnalysisReport, FormatError> {
        let metric = self.metric(options).map_err(FormatError::general)?;
        let rules = self.rules(metric);
        Ok(analysis_spread("rushhour", metric.name(), rules, options, on_progress, |moves, _| {
            moves.iter().map(|&m| rules.describe(m)).collect()
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
        let metric = self.metric(options).map_err(FormatError::general)?;
        let method = self.capabilities().resolve(options.method)?;
        let rules = self.rules(metric);
        let outcome = search_spread(rules, method, options, on_progress);
        let mut report = Report::from_outcome("rushhour", metric.name(), method, outcome, |moves, _| {
            moves.iter().map(|&m| rules.describe(m)).collect()
        });
        if metric == Metric::Slide {
            report.expected = self.board.expected.map(|e| e.moves);
        }
        if let Some(expected) = self.board.expected {
            // The stated optimum is `expected`; the cluster size is the database's other figure.
            report.facts.insert("cluster_size".into(), expected.cluster.into());
        }
        if matches!(method, Method::Astar | Method::Idastar) {
            report.heuristic = Some("cars in the red car's way".into());
        }
        Ok(report)
    }

    crate::midend::replayed_by!(replayer; check draw show boards);

    /// Each vehicle's drives of one cell (allowed in both metrics).
    fn moves_from(&self, _options: &SolveOptions, moves: &[String], step: usize) -> Vec<String> {
        let rules = self.rules(Metric::Slide);
        let state = self.position_after(moves, step.min(moves.len()));
        (self.board_at(state).vehicles.iter())
            .flat_map(|v| ["-1", "+1"].map(|cells| format!("{}{cells}", char::from(v.letter))))
            .filter(|text| rules.apply(state, text).is_ok())
            .collect()
    }

    /// A vehicle dragged along its axis drives as far as the drag goes and the way is free (one
    /// move in the slide metric, one per cell in the unit metric); a tap on a vehicle with one
    /// way to go drives it one cell.
    fn moves_at(
        &self,
        options: &SolveOptions,
        moves: &[String],
        step: usize,
        from: (f64, f64),
        to: (f64, f64),
        size: (f64, f64),
    ) -> Vec<String> {
        let Ok(metric) = self.metric(options) else { return Vec::new() };
        let rules = self.rules(Metric::Slide);
        let state = self.position_after(moves, step.min(moves.len()));
        let grid = draw::layout(self, size.0, size.1);
        let Some((row, col)) = grid.cell_at(from.0, from.1) else { return Vec::new() };
        let Some((index, vehicle)) =
            self.board_at(state).vehicles.into_iter().enumerate().find(|(_, v)| v.covers(row, col))
        else {
            return Vec::new();
        };
        self.chosen.set(Some(index));
        let letter = char::from(vehicle.letter);
        let along = if vehicle.horizontal { to.0 - from.0 } else { to.1 - from.1 };
        let wanted = (along / grid.cell).round() as i64;
        let drives = |cells: i64| rules.apply(state, &format!("{letter}{cells:+}")).is_ok();
        let cells = if wanted == 0 {
            match (drives(-1), drives(1)) {
                (true, false) => -1,
                (false, true) => 1,
                _ => return Vec::new(),
            }
        } else {
            // As far as the way is free, up to the cells dragged.
            let step = wanted.signum();
            let Some(free) = (1..=wanted.abs()).take_while(|&n| drives(n * step)).last() else { return Vec::new() };
            free * step
        };
        match metric {
            Metric::Slide => vec![format!("{letter}{cells:+}")],
            Metric::Unit => (0..cells.abs()).map(|_| format!("{letter}{:+}", cells.signum())).collect(),
        }
    }

    /// The keys: a vehicle's letter chooses it, the arrow keys along its length drive it a
    /// cell (a move in both metrics; across it they do nothing), Escape lets it go. None for
    /// other keys, and for the arrows with no vehicle chosen.
    fn moves_for_key(&self, _options: &SolveOptions, moves: &[String], step: usize, key: &str) -> Option<Vec<String>> {
        if key == "Escape" {
            return self.chosen.take().map(|_| Vec::new());
        }
        if let Some(way) = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"].iter().position(|&k| k == key) {
            let vehicle = self.board.vehicles.get(self.chosen.get()?)?;
            let state = self.position_after(moves, step.min(moves.len()));
            let drive = format!("{}{}", char::from(vehicle.letter), ["-1", "+1"][way % 2]);
            let along = vehicle.horizontal == (way < 2);
            return Some(if along && self.rules(Metric::Slide).apply(state, &drive).is_ok() {
                vec![drive]
            } else {
                Vec::new()
            });
        }
        let mut chars = key.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else { return None };
        let index = self.board.vehicles.iter().position(|v| char::from(v.letter).eq_ignore_ascii_case(&letter))?;
        self.chosen.set(Some(index));
        Some(Vec::new())
    }

    /// What a tap that drove nothing chose.
    fn name_at(&self, _moves: &[String], _step: usize, _point: (f64, f64), _size: (f64, f64)) -> Option<String> {
        let vehicle = self.board.vehicles.get(self.chosen.get()?)?;
        Some(format!("{} chosen: drag it, or drive it with the arrow keys (Esc lets go).", char::from(vehicle.letter)))
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
