//! Sliding blocks: rows of letters and a goal regex (also Rush Hour with `axis: yes`, and
//! N-puzzles). See `format.rs` for the text, `rules.rs` for moves and the search space.

pub mod draw;
pub mod edit;
pub mod format;
pub mod goal;
pub mod rules;

use crate::draw::Painter;
use crate::families::{search, Confidence, Editor, Family, FormatError, MoveError, Puzzle, Report, SolveOptions, Verdict};
use crate::search::{bidir, Flow, Method, Stats};
use format::Layout;
use rules::{Metric, Rules, SlidingSpace};

pub struct Sliding;

impl Family for Sliding {
    fn id(&self) -> &'static str {
        "sliding"
    }

    fn name(&self) -> &'static str {
        "Sliding blocks"
    }

    fn format_help(&self) -> &'static str {
        "Rows of the board, then a goal line. a-z are pieces (every cell with one letter is one \
         rigid piece), # is a wall, space is empty; short rows are padded with spaces. The goal is a \
         regular expression searched in the board flattened as '-' x width, the rows joined by '-', \
         then '-' x width: `a--` means piece a covers the bottom-right cell. Optional first lines: \
         `metric: unit|slide|piece`, `axis: yes` (Rush Hour: pieces move only along their long side), \
         `title: ...`. Moves are written as a letter and the cells it travels: `b LL`."
    }

    fn metrics(&self) -> &'static [&'static str] {
        Metric::NAMES
    }

    fn detect(&self, text: &str) -> Confidence {
        if format::looks_like(text) {
            Confidence::Sure
        } else if text.lines().filter(|l| !l.trim().is_empty()).count() >= 2 {
            // Perhaps a sliding puzzle with a mistake in it: parsing it says where.
            Confidence::Maybe
        } else {
            Confidence::No
        }
    }

    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Ok(Box::new(SlidingPuzzle::parse(text)?))
    }

    fn blank(&self) -> &'static str {
        "aa  \naa  \n    \n    \n    \n^----.{4}-.{4}-.{4}-.aa.-.aa.----$\n"
    }
}

/// A parsed sliding-block puzzle.
pub struct SlidingPuzzle {
    pub layout: Layout,
    /// The rules in each metric, in the order of `Metric::NAMES`.
    by_metric: [Rules; 3],
}

impl SlidingPuzzle {
    pub fn parse(text: &str) -> Result<SlidingPuzzle, FormatError> {
        let layout = format::parse(text)?;
        let by_metric = [
            Rules::new(&layout, Metric::Unit)?,
            Rules::new(&layout, Metric::Slide)?,
            Rules::new(&layout, Metric::Piece)?,
        ];
        Ok(SlidingPuzzle { layout, by_metric })
    }

    /// The metric the puzzle text asks for (unit when it says nothing).
    pub fn own_metric(&self) -> Metric {
        self.layout.options.metric.unwrap_or(Metric::Unit)
    }

    pub fn rules(&self, metric: Metric) -> &Rules {
        &self.by_metric[metric as usize]
    }

    fn metric(&self, options: &SolveOptions) -> Result<Metric, String> {
        match options.metric.as_deref() {
            None | Some("") | Some("auto") => Ok(self.own_metric()),
            Some(name) => Metric::parse(name)
                .ok_or_else(|| format!("unknown metric \"{name}\" for sliding blocks: use unit, slide or piece")),
        }
    }

    /// Concrete piece positions after the first `step` moves. Moves are applied with the most
    /// permissive metric (a piece may travel any free route), so a solution in any metric replays;
    /// a move that does not apply is skipped.
    pub fn position_after(&self, moves: &[String], step: usize) -> Vec<u16> {
        let replay = self.rules(Metric::Piece);
        let mut anchors = replay.start.clone();
        for text in moves.iter().take(step) {
            let _ = replay.apply(&mut anchors, text);
        }
        anchors
    }
}

fn run<const W: usize>(
    rules: &Rules,
    method: Method,
    options: &SolveOptions,
    on_progress: &mut dyn FnMut(&Stats) -> Flow,
) -> Report {
    let space = SlidingSpace::<W>::new(rules);
    let outcome = match method {
        Method::Bidir => bidir(&space, &options.budget(), on_progress),
        method => search(&space, method, options, on_progress),
    };
    Report::from_outcome("sliding", rules.metric.name(), method, outcome, |_, states| {
        let path: Vec<Vec<u16>> = states.iter().map(|s| space.unpack(s)).collect();
        rules.describe(&path)
    })
}

impl Puzzle for SlidingPuzzle {
    fn family(&self) -> &'static str {
        "sliding"
    }

    fn solve(&self, options: &SolveOptions, on_progress: &mut dyn FnMut(&Stats) -> Flow) -> Result<Report, FormatError> {
        let metric = self.metric(options).map_err(FormatError::general)?;
        let rules = self.rules(metric);
        let explicit = rules.goal_anchors().is_some();
        let method = match options.method {
            Method::Auto if explicit => Method::Bidir,
            Method::Auto => Method::Bfs,
            Method::Bidir if !explicit => {
                return Err(FormatError::general(
                    "bidirectional search needs a goal that pins every piece (a whole board written out); \
                     this goal does not, so use bfs or astar",
                ))
            }
            method => method,
        };
        Ok(match rules.words() {
            1 => run::<1>(rules, method, options, on_progress),
            2 => run::<2>(rules, method, options, on_progress),
            _ => run::<4>(rules, method, options, on_progress),
        })
    }

    fn check(&self, options: &SolveOptions, moves: &[String]) -> Result<Verdict, MoveError> {
        let metric = self.metric(options).map_err(|message| MoveError { index: 0, message })?;
        let rules = self.rules(metric);
        let mut anchors = rules.start.clone();
        let mut first_solved = rules.is_goal(&anchors).then_some(0);
        for (index, text) in moves.iter().enumerate() {
            rules.apply(&mut anchors, text).map_err(|message| MoveError { index, message })?;
            if first_solved.is_none() && rules.is_goal(&anchors) {
                first_solved = Some(index + 1);
            }
        }
        Ok(Verdict { ends_solved: rules.is_goal(&anchors), first_solved })
    }

    fn draw(&self, moves: &[String], step: usize, tween: f32, painter: &mut dyn Painter) {
        draw::draw(self, moves, step, tween, painter);
    }

    fn show(&self, moves: &[String], step: usize) -> String {
        self.rules(Metric::Piece).render(&self.position_after(moves, step))
    }

    fn to_text(&self) -> String {
        self.layout.to_text()
    }

    fn editor(&self) -> Option<&dyn Editor> {
        Some(self)
    }
}

#[cfg(test)]
mod tests;
