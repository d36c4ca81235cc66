#![warn(missing_docs)]
//! The mid-end, after `midend.c` in Simon Tatham's puzzle collection: a family gives its rules as
//! a typed [`Backend`] (its back end, in Tatham's words: the start, one move executed, whether a
//! position is solved, which moves each metric counts, how a replay looks and reads) and a
//! [`Replayer`] does the replaying part of the [`Puzzle`] contract (`check`, `draw`, `show`,
//! `boards`, and for play `moves_at` and `moves_from`) for it, the one replay path of every family. The replayer keeps the positions of the move
//! list it last replayed, so a frame of an animation, or each board of `--output-states`, is a
//! lookup rather than a replay from the start; a list that extends the last one replays only the
//! moves added.
//!
//! [`Puzzle`]: crate::families::Puzzle

use crate::contract::{MoveError, SolveOptions, Verdict};
use crate::draw::Painter;
use std::sync::Mutex;

/// A family's rules, typed: what the mid-end needs to replay, draw and write a move list.
pub trait Backend {
    /// A position: what one step of a replay shows.
    type State: Clone;

    /// The position before any move, or why there is none (a maze whose ends are not marked).
    fn start(&self) -> Result<Self::State, String>;

    /// The position after the move written `text`, or why it cannot be made.
    fn execute(&self, state: &Self::State, text: &str) -> Result<Self::State, String>;

    /// Whether `state` is a solved position.
    fn is_solved(&self, state: &Self::State) -> bool;

    /// Whether the move `text`, which applies from `state`, is one move under `options` (their
    /// metric and switches): a slide of three cells is one move in the slide metric and none in
    /// the unit metric, and a square pushed out of the search area is no move of the bounded
    /// search. [`Replayer::check`] asks it of every move of the list; Ok, the default, for rules
    /// whose every option takes the same moves.
    fn allows(&self, _options: &SolveOptions, _state: &Self::State, _text: &str) -> Result<(), String> {
        Ok(())
    }

    /// Whether a replay passes over a move that does not apply, the position staying as it was,
    /// rather than stopping at it. Either way the first such move is noted (`Frames::error`), so
    /// [`Replayer::check`] stays strict. The families whose pages always showed lists that way
    /// say yes.
    fn skips_bad_moves(&self) -> bool {
        false
    }

    /// The frames of `moves` read as a whole, for rules in which a move's text alone does not
    /// always say which move it is, so that a later move decides how an earlier one is read
    /// (LM-Solve's planks: two of one length laid the same way from one stump read alike). None,
    /// the default, for rules whose every text is one move: the replayer then executes the moves
    /// one by one and goes on from a list it has already replayed.
    fn read_whole(&self, _moves: &[String]) -> Option<Frames<Self::State>> {
        None
    }

    /// Paints step `step` of a replay, `tween` (0 to 1) of the way to the next.
    fn paint(&self, frames: &Frames<Self::State>, step: usize, tween: f32, painter: &mut dyn Painter);

    /// Step `step` of a replay as text (a board, a line).
    fn show(&self, frames: &Frames<Self::State>, step: usize) -> String;

    /// Play: the moves a tap or a drag on the board makes from `state`, the board painted on a
    /// surface of `size` and the pointer going down at `from` and up at `to` (the same point for
    /// a tap). Empty, the default, when it makes none. The replayer keeps only moves that apply.
    fn moves_at(&self, _state: &Self::State, _from: (f64, f64), _to: (f64, f64), _size: (f64, f64)) -> Vec<String> {
        Vec::new()
    }

    /// Play by choosing: the moves allowed from `state`, written as the move list writes them
    /// (for puzzles played by picking a move, and for the keyboard). Empty, the default, for
    /// rules that do not list them.
    fn moves_from(&self, _state: &Self::State) -> Vec<String> {
        Vec::new()
    }
}

/// Writes, in a family's `impl Puzzle`, the [`Puzzle`] methods it answers through its
/// [`Replayer`] (kept in the field named), each the one line that hands the call on:
/// `crate::midend::replayed_by!(replayer; check draw show boards moves_at moves_from);`. A method
/// the family answers otherwise (with more to do, or with its own doc) is left out of the list
/// and written out.
macro_rules! replayed_by {
    ($field:ident; $($method:ident)*) => {
        $($crate::midend::replayed_by!(@ $field $method);)*
    };
    (@ $field:ident check) => {
        fn check(
            &self,
            options: &$crate::families::SolveOptions,
            moves: &[String],
        ) -> Result<$crate::families::Verdict, $crate::families::MoveError> {
            self.$field.check(self, options, moves)
        }
    };
    (@ $field:ident draw) => {
        fn draw(&self, moves: &[String], step: usize, tween: f32, painter: &mut dyn $crate::draw::Painter) {
            self.$field.draw(self, moves, step, tween, painter);
        }
    };
    (@ $field:ident show) => {
        fn show(&self, moves: &[String], step: usize) -> String {
            self.$field.show(self, moves, step)
        }
    };
    (@ $field:ident boards) => {
        fn boards(&self, moves: &[String]) -> Vec<String> {
            self.$field.boards(self, moves)
        }
    };
    (@ $field:ident moves_from) => {
        fn moves_from(&self, _options: &$crate::families::SolveOptions, moves: &[String], step: usize) -> Vec<String> {
            self.$field.moves_from(self, moves, step)
        }
    };
    (@ $field:ident moves_at) => {
        fn moves_at(
            &self,
            _options: &$crate::families::SolveOptions,
            moves: &[String],
            step: usize,
            from: (f64, f64),
            to: (f64, f64),
            size: (f64, f64),
        ) -> Vec<String> {
            self.$field.moves_at(self, moves, step, from, to, size)
        }
    };
}
pub(crate) use replayed_by;

/// A move list replayed: the positions after 0, 1, 2 … moves as far as the moves apply (every
/// move's, when the rules skip bad moves; none when there is no start), and the first move that
/// does not apply.
#[derive(Debug, Clone)]
pub struct Frames<S> {
    /// The moves replayed.
    pub moves: Vec<String>,
    /// The start, then the position after each move that applied.
    pub states: Vec<S>,
    /// The first move that did not apply.
    pub error: Option<MoveError>,
}

impl<S> Frames<S> {
    fn blank() -> Self {
        Frames { moves: Vec::new(), states: Vec::new(), error: None }
    }

    /// The position after `step` moves, or after the last that applied.
    pub fn at(&self, step: usize) -> Option<&S> {
        self.states.get(step.min(self.states.len().saturating_sub(1)))
    }

    /// Whether nothing has been replayed yet (a start that failed is a replay).
    fn is_blank(&self) -> bool {
        self.states.is_empty() && self.error.is_none()
    }
}

impl<S: Clone> Frames<S> {
    /// Makes these the frames of `moves`, keeping what they already hold of it: the frames of a
    /// list are those of its every prefix, so a list that extends the one replayed goes on from
    /// where that one ended.
    fn replay<R: Backend<State = S>>(&mut self, rules: &R, moves: &[String]) {
        if !self.is_blank() && self.moves.as_slice() == moves {
            return;
        }
        if let Some(whole) = rules.read_whole(moves) {
            *self = whole;
            return;
        }
        if self.is_blank() || !moves.starts_with(&self.moves) {
            *self = match rules.start() {
                Ok(start) => Frames { moves: Vec::new(), states: vec![start], error: None },
                Err(message) => {
                    Frames { moves: Vec::new(), states: Vec::new(), error: Some(MoveError { index: 0, message }) }
                }
            };
        }
        let skips = rules.skips_bad_moves();
        for (index, text) in moves.iter().enumerate().skip(self.moves.len()) {
            let Some(last) = self.states.last().filter(|_| skips || self.error.is_none()) else { break };
            match rules.execute(last, text) {
                Ok(next) => self.states.push(next),
                Err(message) => {
                    let unchanged = last.clone();
                    self.error.get_or_insert(MoveError { index, message });
                    if skips {
                        self.states.push(unchanged);
                    }
                }
            }
        }
        self.moves = moves.to_vec();
    }
}

/// The replaying half of a puzzle: the frames of the move list last replayed. Behind a mutex,
/// so that a puzzle whose search runs on several threads (a tiling's count) can hold one.
pub struct Replayer<S> {
    frames: Mutex<Frames<S>>,
}

impl<S: Clone> Default for Replayer<S> {
    fn default() -> Self {
        Replayer { frames: Mutex::new(Frames::blank()) }
    }
}

impl<S: Clone> Replayer<S> {
    /// Runs `read` on the frames of `moves` under `rules`, replaying only what is not kept: nothing
    /// when `moves` is the list last replayed, the moves added when it extends that list. A
    /// replay asked for while one is being read (a painter that looks a position up, or another
    /// thread) is made apart, without the cache, rather than waited for or refused.
    pub fn frames<R: Backend<State = S>, T>(
        &self,
        rules: &R,
        moves: &[String],
        read: impl FnOnce(&Frames<S>) -> T,
    ) -> T {
        match self.frames.try_lock() {
            Ok(mut kept) => {
                kept.replay(rules, moves);
                read(&kept)
            }
            Err(_) => {
                let mut apart = Frames::blank();
                apart.replay(rules, moves);
                read(&apart)
            }
        }
    }

    /// The position after `step` moves of `moves` (after the last that applied).
    pub fn at<R: Backend<State = S>>(&self, rules: &R, moves: &[String], step: usize) -> Option<S> {
        self.frames(rules, moves, |frames| frames.at(step).cloned())
    }

    /// [`Puzzle::check`](crate::families::Puzzle::check): whether the moves all apply and each
    /// is a move under `options` ([`Backend::allows`]), and where the position is first and last
    /// solved.
    pub fn check<R: Backend<State = S>>(
        &self,
        rules: &R,
        options: &SolveOptions,
        moves: &[String],
    ) -> Result<Verdict, MoveError> {
        self.frames(rules, moves, |frames| {
            // Up to the first move that does not apply: the options' own word on a move, where
            // they refuse it, says more than the replay's ("one cell at a time in the unit metric").
            let upto = frames.error.as_ref().map_or(moves.len(), |error| error.index + 1);
            for (index, (state, text)) in frames.states.iter().zip(moves).take(upto).enumerate() {
                rules.allows(options, state, text).map_err(|message| MoveError { index, message })?;
            }
            if let Some(error) = &frames.error {
                return Err(error.clone());
            }
            Ok(Verdict {
                ends_solved: frames.states.last().is_some_and(|s| rules.is_solved(s)),
                first_solved: frames.states.iter().position(|s| rules.is_solved(s)),
            })
        })
    }

    /// [`Puzzle::draw`](crate::families::Puzzle::draw): paints step `step` of `moves`, `tween` of the way to the next.
    pub fn draw<R: Backend<State = S>>(
        &self,
        rules: &R,
        moves: &[String],
        step: usize,
        tween: f32,
        painter: &mut dyn Painter,
    ) {
        self.frames(rules, moves, |frames| rules.paint(frames, step, tween, painter));
    }

    /// [`Puzzle::show`](crate::families::Puzzle::show): the position after `step` moves, as text.
    pub fn show<R: Backend<State = S>>(&self, rules: &R, moves: &[String], step: usize) -> String {
        self.frames(rules, moves, |frames| rules.show(frames, step))
    }

    /// [`Puzzle::moves_at`](crate::families::Puzzle::moves_at): the moves a tap or drag makes
    /// after `step` of `moves`, as [`Backend::moves_at`] reads it, if they all apply one after
    /// the other.
    pub fn moves_at<R: Backend<State = S>>(
        &self,
        rules: &R,
        moves: &[String],
        step: usize,
        from: (f64, f64),
        to: (f64, f64),
        size: (f64, f64),
    ) -> Vec<String> {
        // The position drawn at `step`: of the whole list, as it is read (a plank's text can read
        // two ways, and the list decides which).
        let Some(mut state) = self.at(rules, moves, step) else { return Vec::new() };
        let played = rules.moves_at(&state, from, to, size);
        for text in &played {
            match rules.execute(&state, text) {
                Ok(next) => state = next,
                Err(_) => return Vec::new(),
            }
        }
        played
    }

    /// [`Puzzle::moves_from`](crate::families::Puzzle::moves_from): the moves allowed after `step`
    /// of `moves`, each once.
    pub fn moves_from<R: Backend<State = S>>(&self, rules: &R, moves: &[String], step: usize) -> Vec<String> {
        let Some(state) = self.at(rules, moves, step) else { return Vec::new() };
        // A short list: kept in order, each text once.
        let mut allowed: Vec<String> = Vec::new();
        for text in rules.moves_from(&state) {
            if !allowed.contains(&text) {
                allowed.push(text);
            }
        }
        allowed
    }

    /// Every step of the replay as text, the start first: one replay for all of them.
    pub fn boards<R: Backend<State = S>>(&self, rules: &R, moves: &[String]) -> Vec<String> {
        self.frames(rules, moves, |frames| (0..=moves.len()).map(|step| rules.show(frames, step)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A counter from 0 that moves by the amounts written; solved at 3; counts its executions;
    /// skips a move that is not a number when `skips`.
    #[derive(Default)]
    struct Counter {
        executed: Cell<usize>,
        skips: bool,
    }

    impl Backend for Counter {
        type State = i64;
        fn start(&self) -> Result<i64, String> {
            Ok(0)
        }
        fn execute(&self, &n: &i64, text: &str) -> Result<i64, String> {
            self.executed.set(self.executed.get() + 1);
            text.parse::<i64>().map(|step| n + step).map_err(|_| format!("{text} is not a number"))
        }
        fn is_solved(&self, &n: &i64) -> bool {
            n == 3
        }
        fn skips_bad_moves(&self) -> bool {
            self.skips
        }
        /// In the metric "unit", a move is a step of one.
        fn allows(&self, options: &SolveOptions, _: &i64, text: &str) -> Result<(), String> {
            let unit = options.metric.as_deref() == Some("unit");
            if unit && !matches!(text, "1" | "-1") {
                return Err(format!("{text} is not a step of one"));
            }
            Ok(())
        }
        fn paint(&self, _: &Frames<i64>, _: usize, _: f32, _: &mut dyn Painter) {}
        fn show(&self, frames: &Frames<i64>, step: usize) -> String {
            frames.at(step).map_or(String::new(), i64::to_string)
        }
    }

    fn moves(texts: &[&str]) -> Vec<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    /// The check asks the options too: a list replayed once is a solution in one metric and not
    /// in another, and where a move neither applies nor counts, the options' reason is given.
    #[test]
    fn the_check_asks_whether_each_move_counts_under_the_options() {
        let (rules, replayer) = (Counter::default(), Replayer::default());
        let unit = SolveOptions { metric: Some("unit".into()), ..SolveOptions::default() };
        let list = moves(&["1", "2"]);
        assert_eq!(
            replayer.check(&rules, &SolveOptions::default(), &list),
            Ok(Verdict { ends_solved: true, first_solved: Some(2) })
        );
        let error = replayer.check(&rules, &unit, &list).unwrap_err();
        assert_eq!((error.index, error.message.as_str()), (1, "2 is not a step of one"));
        let error = replayer.check(&rules, &unit, &moves(&["1", "x"])).unwrap_err();
        assert_eq!((error.index, error.message.as_str()), (1, "x is not a step of one"));
        assert_eq!(rules.executed.get(), 4, "[1, 2] replayed once for both checks, then [1, x]");
    }

    /// Each position is computed once: showing every step of a list, or the same list again,
    /// executes each move once; a list that extends it executes only the new moves; another
    /// list starts again.
    #[test]
    fn each_move_is_executed_once() {
        let rules = Counter::default();
        let replayer = Replayer::default();
        let long: Vec<String> = (0..1000).map(|i| if i % 2 == 0 { "1" } else { "-1" }.to_string()).collect();
        for step in 0..=long.len() {
            assert_eq!(replayer.show(&rules, &long, step), if step % 2 == 0 { "0" } else { "1" });
        }
        assert_eq!(replayer.boards(&rules, &long).len(), 1001);
        assert_eq!(rules.executed.get(), 1000);
        let mut longer = long.clone();
        longer.extend(moves(&["1", "1"]));
        assert_eq!(replayer.show(&rules, &longer, 1002), "2");
        assert_eq!(rules.executed.get(), 1002);
        assert_eq!(replayer.show(&rules, &moves(&["2"]), 1), "2");
        assert_eq!(rules.executed.get(), 1003);
    }

    /// A replay asked for while another is read is made apart, not refused (no panic).
    #[test]
    fn a_replay_within_a_replay_is_made_apart() {
        let (rules, replayer) = (Counter::default(), Replayer::default());
        let inner = replayer.frames(&rules, &moves(&["1", "1"]), |outer| {
            assert_eq!(outer.at(2), Some(&2));
            replayer.show(&rules, &moves(&["2", "2"]), 2)
        });
        assert_eq!(inner, "4");
        assert_eq!(replayer.show(&rules, &moves(&["1", "1"]), 1), "1");
        assert_eq!(rules.executed.get(), 4);
    }

    #[test]
    fn check_finds_the_first_bad_move_and_the_solved_steps() {
        let (rules, replayer) = (Counter::default(), Replayer::default());
        assert_eq!(
            replayer.check(&rules, &SolveOptions::default(), &moves(&["1", "2", "1", "-1"])),
            Ok(Verdict { ends_solved: true, first_solved: Some(2) })
        );
        assert_eq!(
            replayer.check(&rules, &SolveOptions::default(), &moves(&["1"])),
            Ok(Verdict { ends_solved: false, first_solved: None })
        );
        let error = replayer.check(&rules, &SolveOptions::default(), &moves(&["1", "x", "2"])).unwrap_err();
        assert_eq!((error.index, error.message.as_str()), (1, "x is not a number"));
        // The steps before the bad move still show; after it, the last good one.
        assert_eq!(replayer.boards(&rules, &moves(&["1", "x", "2"])), ["0", "1", "1", "1"]);
        // A list that extends one with a bad move stops at the same move.
        assert_eq!(replayer.boards(&rules, &moves(&["1", "x", "2", "5"])), ["0", "1", "1", "1", "1"]);
    }

    /// A counter from 0 where the move "a" adds 1 or 2: read as a whole, preferring a reading
    /// that ends on 3.
    struct Ambiguous;

    impl Backend for Ambiguous {
        type State = i64;
        fn start(&self) -> Result<i64, String> {
            Ok(0)
        }
        fn execute(&self, &n: &i64, _: &str) -> Result<i64, String> {
            Ok(n + 1)
        }
        fn is_solved(&self, &n: &i64) -> bool {
            n == 3
        }
        fn read_whole(&self, moves: &[String]) -> Option<Frames<i64>> {
            let count = moves.len() as i64;
            let twos = (3 - count).clamp(0, count);
            let states = (0..=count).map(|i| i + i.min(twos)).collect();
            Some(Frames { moves: moves.to_vec(), states, error: None })
        }
        fn paint(&self, _: &Frames<i64>, _: usize, _: f32, _: &mut dyn Painter) {}
        fn show(&self, frames: &Frames<i64>, step: usize) -> String {
            frames.at(step).map_or(String::new(), i64::to_string)
        }
    }

    /// Moves read as a whole are read again when the list grows: a later move can change how an
    /// earlier one reads.
    #[test]
    fn a_list_read_whole_is_read_again_when_it_grows() {
        let (rules, replayer) = (Ambiguous, Replayer::default());
        assert_eq!(replayer.boards(&rules, &moves(&["a", "a"])), ["0", "2", "3"]);
        assert_eq!(
            replayer.check(&rules, &SolveOptions::default(), &moves(&["a", "a"])),
            Ok(Verdict { ends_solved: true, first_solved: Some(2) })
        );
        assert_eq!(replayer.boards(&rules, &moves(&["a", "a", "a"])), ["0", "1", "2", "3"]);
    }

    /// Back ends that skip bad moves replay past them (the position staying), still note the first,
    /// and so still fail the check there.
    #[test]
    fn skipping_rules_pass_over_bad_moves_and_the_check_stays_strict() {
        let (rules, replayer) = (Counter { skips: true, ..Counter::default() }, Replayer::default());
        assert_eq!(replayer.boards(&rules, &moves(&["1", "x", "2", "y"])), ["0", "1", "1", "3", "3"]);
        let error = replayer.check(&rules, &SolveOptions::default(), &moves(&["1", "x", "2", "y"])).unwrap_err();
        assert_eq!((error.index, error.message.as_str()), (1, "x is not a number"));
        // Extended, the replay goes on from where it was: only the new move is executed.
        let executed = rules.executed.get();
        assert_eq!(replayer.show(&rules, &moves(&["1", "x", "2", "y", "-1"]), 5), "2");
        assert_eq!(rules.executed.get(), executed + 1);
    }
}
