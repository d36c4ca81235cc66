//! Analyse as the faces see it: the engine's figures (`search::analyse`) with moves in
//! the family's own words, and the hardest start as a puzzle text when the family can write one.

use super::{FormatError, SolveOptions};
use crate::replay::{group, group_digits};
use crate::search::{Analysed, Flow, Space, Stats};
use serde::{Deserialize, Serialize};

/// How an analysis ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Completion {
    /// The whole space was explored: every figure is exact.
    Done,
    GaveUp,
    Cancelled,
}

/// What Analyse reports about a puzzle.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnalysisReport {
    pub family: String,
    pub metric: String,
    pub status: Completion,
    /// Why it gave up.
    pub reason: Option<String>,
    /// Positions reachable from the start, the start included.
    pub positions: u64,
    /// Of those, the solved ones.
    pub solved: u64,
    /// Positions from which no solution can be reached any more.
    pub dead_ends: u64,
    /// Positions per distance from the start (index 0: the start).
    pub histogram: Vec<u64>,
    /// The fewest moves that solve the puzzle from the start.
    pub shortest: Option<u64>,
    /// One shortest solution.
    pub solution: Vec<String>,
    /// How many distinct move sequences solve it in the fewest moves, in decimal (exact).
    pub solutions: Option<String>,
    /// At each step of `solution`, how many moves keep it shortest (1: the only move).
    pub choices: Vec<u32>,
    pub hardest: Option<HardestStart>,
    /// What the figures mean for this family, where that needs saying (a bounded search area).
    pub notes: Vec<String>,
    /// The graph of a small space, for a picture.
    pub graph: Option<GraphPicture>,
    pub stats: Stats,
}

/// Every position and move of a small space (positions in breadth-first order from the start,
/// index 0 the start), for the page's picture of the state graph.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GraphPicture {
    /// Distance from the start.
    pub level: Vec<u32>,
    /// The position each was first reached from (`u32::MAX` for the start) and that move's text.
    pub parent: Vec<u32>,
    pub step: Vec<String>,
    /// Pairs of positions a move joins.
    pub edges: Vec<[u32; 2]>,
    /// The solved positions.
    pub solved: Vec<u32>,
    /// The positions of the shortest solution shown, from the start.
    pub path: Vec<u32>,
}

impl GraphPicture {
    /// The fewest moves from the start to position `node`.
    pub fn moves_to(&self, node: usize) -> Vec<String> {
        let mut moves = Vec::new();
        let mut at = node;
        while let Some(&parent) = self.parent.get(at).filter(|&&p| p != u32::MAX) {
            moves.push(self.step[at].clone());
            at = parent as usize;
        }
        moves.reverse();
        moves
    }
}

/// The reachable position whose shortest solution is longest.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HardestStart {
    /// Its shortest solution's length.
    pub moves: u64,
    /// How many reachable positions need that many.
    pub positions: u64,
    /// The fewest moves from the start to it.
    pub path: Vec<String>,
    /// It as a puzzle of its own, in the family's format (None when the family cannot write it).
    pub text: Option<String>,
}

impl AnalysisReport {
    /// A report with nothing found yet.
    pub fn empty(family: &str, metric: &str) -> AnalysisReport {
        AnalysisReport {
            family: family.to_string(),
            metric: metric.to_string(),
            status: Completion::Done,
            reason: None,
            positions: 0,
            solved: 0,
            dead_ends: 0,
            histogram: Vec::new(),
            shortest: None,
            solution: Vec::new(),
            solutions: None,
            choices: Vec::new(),
            hardest: None,
            notes: Vec::new(),
            graph: None,
            stats: Stats::default(),
        }
    }

    /// The distance from the start of the farthest position.
    pub fn farthest(&self) -> usize {
        self.histogram.len().saturating_sub(1)
    }

    /// Steps of the solution that had only one move keeping it shortest.
    pub fn only_moves(&self) -> usize {
        self.choices.iter().filter(|&&c| c == 1).count()
    }

    /// What the family counts, one and many: "input" and "inputs" for PuzzleScript's
    /// `inputs`, "click" and "clicks" for Game About Squares', "move" and "moves" otherwise.
    pub fn step_words(&self) -> (&'static str, &'static str) {
        match self.metric.as_str() {
            "inputs" => ("input", "inputs"),
            "clicks" => ("click", "clicks"),
            _ => ("move", "moves"),
        }
    }

    /// `count` steps in the family's words ("1 input", "38 moves").
    pub fn steps(&self, count: u64) -> String {
        let (one, many) = self.step_words();
        n(count, one, many)
    }

    /// The figures in sentences, one a line (the CLI's text output, the page's panel).
    pub fn lines(&self) -> Vec<String> {
        let move_ = self.step_words().0;
        match self.status {
            Completion::GaveUp => {
                let reason = self.reason.as_deref().unwrap_or("a budget ran out");
                // "gave up after N states (the time limit …)" reads on from "Analyse".
                return vec![match reason.strip_prefix("gave up ") {
                    Some(rest) => format!("Analyse gave up {rest}"),
                    None => format!("Analyse gave up: {reason}"),
                }];
            }
            Completion::Cancelled => {
                return vec![format!("Analyse was cancelled after {}", n(self.stats.explored, "position", "positions"))]
            }
            Completion::Done if self.histogram.is_empty() => return self.notes.clone(), // no space of positions (a tiling)
            Completion::Done => {}
        }
        let mut lines = vec![
            format!(
                "{} reachable from the start, {} solved",
                n(self.positions, "position", "positions"),
                group(self.solved)
            ),
            match self.dead_ends {
                0 => "No dead ends: a solution can be reached from every position".to_string(),
                d => format!(
                    "{} (no solution can be reached from {})",
                    n(d, "dead end", "dead ends"),
                    if d == 1 { "it" } else { "them" }
                ),
            },
        ];
        match (self.shortest, &self.solutions) {
            (Some(length), Some(count)) => {
                let ways = if count == "1" {
                    "the only one".to_string()
                } else {
                    format!("one of {} distinct ones", group_digits(count))
                };
                lines.push(format!("Shortest solution: {} ({ways})", self.steps(length)));
                if length > 0 {
                    lines.push(format!(
                        "Only one {move_} keeps it shortest at {} of its {length} steps",
                        self.only_moves()
                    ));
                }
            }
            _ => lines.push("No solution from the start".to_string()),
        }
        let farthest = self.farthest();
        let at_farthest = self.histogram.last().copied().unwrap_or(0);
        lines.push(format!(
            "Farthest from the start: {} ({})",
            self.steps(farthest as u64),
            n(at_farthest, "position", "positions")
        ));
        if let Some(hardest) = &self.hardest {
            lines.push(format!(
                "Hardest start: {} to solve ({}), {} from the start",
                self.steps(hardest.moves),
                n(hardest.positions, "position", "positions"),
                self.steps(hardest.path.len() as u64)
            ));
        }
        lines.extend(self.notes.iter().cloned());
        lines
    }
}

/// "1 position", "25,955 positions": a count, its digits grouped, and its noun.
fn n(count: u64, one: &str, many: &str) -> String {
    format!("{} {}", group(count), if count == 1 { one } else { many })
}

/// Analyses `space` under the budget in `options` and reports it for `family` in `metric`,
/// `describe` turning a path's moves and states into the family's move texts (as for solving);
/// the exploration spreads over `options.threads()` threads where there are threads (natively),
/// with the same report. The hardest start's text is left to [`super::Puzzle::text_at`].
pub fn analysis_spread<S>(
    family: &str,
    metric: &str,
    space: &S,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
    describe: impl Fn(&[S::Move], &[S::State]) -> Vec<String>,
) -> AnalysisReport
where
    S: Space + Sync,
    S::State: Send + Sync,
{
    #[cfg(not(target_arch = "wasm32"))]
    let analysed = crate::search::analyse_spread(space, &options.budget(), options.threads(), on_progress);
    #[cfg(target_arch = "wasm32")]
    let analysed = crate::search::analyse(space, &options.budget(), on_progress);
    analysis_from::<S>(family, metric, analysed, describe, |_| None)
}

/// The engine's figures (from [`crate::search::analyse`], for spaces threads cannot share) in
/// the family's words: `describe` names a path's moves, and `write` the hardest start as a
/// puzzle text from its state (for families whose move texts can read two ways, so replaying
/// them might not reach the same position; `|_| None` leaves it to [`super::Puzzle::text_at`]).
pub fn analysis_from<S: Space>(
    family: &str,
    metric: &str,
    analysed: Analysed<S::Move, S::State>,
    describe: impl Fn(&[S::Move], &[S::State]) -> Vec<String>,
    write: impl Fn(&S::State) -> Option<String>,
) -> AnalysisReport {
    let mut report = AnalysisReport::empty(family, metric);
    match analysed {
        Analysed::Done(a) => {
            let a = *a;
            report.positions = a.positions;
            report.solved = a.solved;
            report.dead_ends = a.dead_ends;
            report.histogram = a.histogram;
            if let Some(shortest) = a.shortest {
                report.shortest = Some(shortest.moves.len() as u64);
                report.solution = describe(&shortest.moves, &shortest.states);
                report.solutions = Some(shortest.count.to_string());
                report.choices = shortest.choices;
            }
            report.hardest = a.hardest.map(|h| HardestStart {
                moves: u64::from(h.distance),
                positions: h.count,
                path: describe(&h.moves, &h.states),
                text: h.states.last().and_then(&write),
            });
            report.graph = a.graph.map(|g| GraphPicture {
                // Each move is named along the whole way from the start: a family may name a
                // move by where the pieces have been (sliding blocks follow each piece).
                step: (0..g.states.len())
                    .map(|i| {
                        let mut chain = vec![i];
                        while let Some(&p) = chain.last().map(|&j| &g.parent[j]).filter(|&&p| p != u32::MAX) {
                            chain.push(p as usize);
                        }
                        chain.reverse();
                        let states: Vec<S::State> = chain.iter().map(|&j| g.states[j].clone()).collect();
                        let moves: Vec<S::Move> = chain[1..].iter().filter_map(|&j| g.step[j].clone()).collect();
                        describe(&moves, &states).pop().unwrap_or_default()
                    })
                    .collect(),
                level: g.level,
                parent: g.parent,
                edges: g.edges.into_iter().map(|(a, b)| [a, b]).collect(),
                solved: (0..g.solved.len() as u32).filter(|&i| g.solved[i as usize]).collect(),
                path: g.path,
            });
            report.stats = a.stats;
        }
        Analysed::GaveUp { reason, stats } => {
            report.status = Completion::GaveUp;
            report.reason = Some(reason.to_string());
            report.stats = stats;
        }
        Analysed::Cancelled { stats } => {
            report.status = Completion::Cancelled;
            report.stats = stats;
        }
    }
    report
}

/// For families Analyse does not serve (yet).
pub fn not_offered(family: &str) -> FormatError {
    FormatError::general(format!("Analyse is not available for {family} puzzles yet"))
}
