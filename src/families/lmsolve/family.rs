//! The LM-Solve variants as puzzle families of the page and of `puzzlelab solve`: one family
//! per variant (`lmsolve:alice`, ...), told apart by the keys of the file.

use super::edit::{Edit, Spot, MAX_SIDE};
use super::input::{self, Xy};
use super::scan::{scan, End, GameSpace, Scan};
use super::Variant;
use crate::draw::{GridLayout, Painter};
use crate::families::analysis::{analysis_from, AnalysisReport};
use crate::families::{
    Confidence, Editor, Example, Family, FormatError, MoveError, Puzzle, Report, SolveOptions, Status,
};
use crate::midend::{self, Frames, Replayer};
use crate::search::{analyse, Flow, Method, Stats};
use std::cell::RefCell;

/// The arrow keys and the way each goes (x right, y down).
const ARROW_KEYS: [(&str, (f64, f64)); 4] =
    [("ArrowLeft", (-1.0, 0.0)), ("ArrowRight", (1.0, 0.0)), ("ArrowUp", (0.0, -1.0)), ("ArrowDown", (0.0, 1.0))];

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
        format_doc!("lmsolve")
    }

    fn how_to_play(&self) -> Option<&'static str> {
        // The puzzle's rules first (docs/specs/lmsolve.md §4), then how the board is played.
        Some(match self.0 {
            Variant::Plank | Variant::HexPlank => {
                "Cross the swamp on planks laid between stumps: the walker goes anywhere along the dark \
                planks (the stumps he can stand on are ringed in orange); pick up a plank he can reach and \
                lay it between two stumps its length apart, with nothing in between; a plank that touches \
                the goal stump wins. Drag from a stump to another to lay a plank between them (or tap the \
                stump to lay one to, when only one plank can go there). ◀ undoes; Hint shows the next \
                plank of a shortest way."
            }
            Variant::TiltSingle => {
                "Tilting the maze slides the ball until a wall stops it; bring it to rest on the goal. \
                Tap or swipe the way to tilt, or use the arrow keys (u, d, l, r too). ◀ undoes; Hint \
                shows the next tilt of a shortest way."
            }
            Variant::TiltMulti => {
                "Tilting the maze slides the ball until a wall stops it; pass over every goal. Tap or \
                swipe the way to tilt, or use the arrow keys (u, d, l, r too). ◀ undoes; Hint shows the \
                next tilt of a shortest way."
            }
            Variant::TiltRedBlue => {
                "Tilting the maze slides the red block and the blue block together, each until a wall \
                stops it; both must rest on their goals at once. Tap or swipe the way to tilt, or use the \
                arrow keys (u, d, l, r too). ◀ undoes; Hint shows the next tilt of a shortest way."
            }
            Variant::Minotaur => {
                "Theseus steps one cell (or waits), then the Minotaur takes two steps towards him, \
                horizontal first; reach the exit without being caught. Tap the cell Theseus should step \
                to, or tap Theseus to wait; the arrow keys step and w waits. ◀ undoes; Hint shows the \
                next move of a shortest way."
            }
            Variant::Alice => {
                "Follow one of your cell's arrows exactly as many cells as your step size; landing on a +1 or -1 \
                cell changes the step size by one, and at 0 there is no way on; reach the goal. Tap where the \
                piece should jump, or the way it should go; the arrow keys work too. ◀ undoes; Hint \
                shows the next move of a shortest way."
            }
            Variant::Numbers => {
                "Jump exactly the number on your cell, up, down, left or right; land on the star. Tap \
                where the piece should jump, or the way it should go; the arrow keys work too. ◀ undoes; \
                Hint shows the next move of a shortest way."
            }
        })
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
        static ALICE: [Example; 1] = [example!("lm-alice", "txt", 5, "Alice maze (5 moves)")];
        static MINOTAUR: [Example; 1] = [example!("lm-minotaur", "txt", 7, "Theseus and the Minotaur (7 moves)")];
        static NUMBERS: [Example; 1] = [example!("lm-numbers", "txt", 3, "Number maze (3 moves)")];
        static PLANK: [Example; 1] = [example!("lm-plank", "txt", 6, "Planks in the swamp (6 moves)")];
        static HEX_PLANK: [Example; 1] = [example!("lm-hex_plank", "txt", 4, "Planks on hexagons (4 moves)")];
        static TILT_SINGLE: [Example; 1] = [example!("lm-tilt_single", "txt", 4, "Tilt maze (4 moves)")];
        static TILT_MULTI: [Example; 1] = [example!("lm-tilt_multi", "txt", 4, "Tilt maze, two goals (4 moves)")];
        static TILT_RB: [Example; 1] = [example!("lm-tilt_rb", "txt", 5, "Red-Blue tilt (5 moves)")];
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
    /// The piece a tap chose, to be moved next (a plank, in [`told_apart`](super::scan::Game::told_apart)'s words).
    chosen: RefCell<Option<String>>,
    /// Why the last tap made no move, for the page to say.
    note: RefCell<Option<String>>,
}

impl<G: Edit> LmPuzzle<G> {
    #[cfg(feature = "lmsolve")]
    fn new(game: G, variant: Variant, text: String) -> Self {
        LmPuzzle {
            variant,
            text,
            game,
            replayer: Replayer::default(),
            chosen: RefCell::default(),
            note: RefCell::default(),
        }
    }

    /// The states after 0..=n moves. LM-Solve's move texts can be ambiguous (two planks of one
    /// length laid from one stump the same way read alike), so every reading is tried, depth
    /// first, preferring one that ends solved; the error names the first move no reading passes.
    fn states(&self, moves: &[String]) -> Result<Vec<G::State>, MoveError> {
        let mut path = vec![self.game.initial()];
        let mut complete: Option<Vec<G::State>> = None;
        let mut deepest = 0;
        self.readings(moves, &mut path, &mut complete, &mut deepest);
        complete.ok_or_else(|| MoveError {
            index: deepest,
            message: format!("{} is not a move here", crate::families::shown_text(&moves[deepest])),
        })
    }

    /// Extends `path` through `moves`; true once a reading that ends solved is found.
    fn readings(
        &self,
        moves: &[String],
        path: &mut Vec<G::State>,
        complete: &mut Option<Vec<G::State>>,
        deepest: &mut usize,
    ) -> bool {
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
        for mv in self.game.moves(&state).into_iter().filter(|m| self.reads_as(&state, m, &moves[done])) {
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

/// The mid-end's view. A list is read as a whole (`LmPuzzle::states`), since a plank's text can
/// name two planks; `execute` takes the first reading that applies.
impl<G: Edit> midend::Backend for LmPuzzle<G> {
    type State = G::State;

    fn start(&self) -> Result<G::State, String> {
        Ok(self.game.initial())
    }

    fn execute(&self, state: &G::State, text: &str) -> Result<G::State, String> {
        (self.game.moves(state).iter())
            .filter(|mv| self.reads_as(state, mv, text))
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
        if let Some(piece) = self.chosen.borrow().as_deref().filter(|_| tween == 0.0) {
            self.game.mark(from, piece, painter);
        }
    }

    fn show(&self, frames: &Frames<G::State>, step: usize) -> String {
        frames.at(step).map_or_else(String::new, |state| self.game.display(state) + "\n")
    }

    fn moves_from(&self, state: &G::State) -> Vec<String> {
        (self.game.moves(state).iter())
            .filter(|mv| self.game.perform(state, mv).is_some())
            .map(|mv| self.text_of(state, mv))
            .collect()
    }

    /// A tap on where a move lands makes it (a tap on Theseus waits). A drag from where a move
    /// starts to where it ends makes it (a plank laid from one stump to another). Otherwise a
    /// tap, or a swipe, the way the piece can go makes that move (a tilt: tap or swipe anywhere
    /// that way). A tap on a plank chooses it (again: lets it go), and where two planks could be
    /// laid alike, the chosen one is; with none chosen, a tap or drag that could mean two moves
    /// makes none and says why.
    fn moves_at(&self, state: &G::State, from: (f64, f64), to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        self.note.replace(None);
        let tapped = self.game.piece_at(state, from, size);
        if tapped.is_some() && tapped == self.game.piece_at(state, to, size) {
            let mut chosen = self.chosen.borrow_mut();
            *chosen = if *chosen == tapped { None } else { tapped };
            return Vec::new();
        }
        let made = self.stroked(state, from, to, size);
        if !made.is_empty() {
            self.chosen.replace(None);
        }
        made
    }
}

impl<G: Edit> LmPuzzle<G> {
    /// [`midend::Backend::moves_at`] for a tap or drag that chose no piece.
    fn stroked(&self, state: &G::State, from: (f64, f64), to: (f64, f64), (width, height): (f64, f64)) -> Vec<String> {
        let mut strokes = self.strokes(state);
        let chosen = self.chosen.borrow().clone();
        if chosen.is_some() && strokes.iter().any(|s| s.piece == chosen) {
            strokes.retain(|s| s.piece == chosen);
        }
        let (Some(down), Some(up)) =
            (self.game.locate(from.0, from.1, width, height), self.game.locate(to.0, to.1, width, height))
        else {
            return Vec::new();
        };
        let several_pieces = strokes.iter().any(|s| s.piece.is_some());
        let one = |texts: Vec<String>| {
            if texts.len() > 1 {
                self.note.replace(Some(if several_pieces {
                    "Two planks could go there: tap the one to move, then lay it.".into()
                } else {
                    "That could be either of two moves: swipe the way to go, or use the arrow keys.".into()
                }));
                return Vec::new();
            }
            texts
        };
        let way = if down == up {
            let landing = distinct(&strokes, |s| s.to == up && (s.from != s.to || s.to == down));
            if !landing.is_empty() {
                return one(landing);
            }
            let Some(piece) = one_piece(&strokes) else { return Vec::new() };
            ((up.0 - piece.0) as f64, (up.1 - piece.1) as f64)
        } else {
            for ends in [(down, up), (up, down)] {
                let laid = distinct(&strokes, |s| (s.from, s.to) == ends);
                if !laid.is_empty() {
                    return one(laid);
                }
            }
            (to.0 - from.0, to.1 - from.1)
        };
        towards(&strokes, way).into_iter().collect()
    }
}

/// A move allowed, and where it goes on the board.
struct Stroke {
    text: String,
    /// Which piece moves, where the game has several ([`told_apart`](super::scan::Game::told_apart)'s words).
    piece: Option<String>,
    /// The cell the piece played leaves and the one it reaches, or a plank's two stumps.
    from: Xy,
    to: Xy,
    /// The way it goes, for moves that are ways to go (a tilt, a step, a jump).
    way: Option<Xy>,
}

impl<G: Edit> LmPuzzle<G> {
    /// How the page writes `mv` from `state`: LM-Solve's text, told apart from another move
    /// written alike that leads elsewhere (which plank it is, by where it lies), so that a move
    /// played or hinted is the move replayed.
    fn text_of(&self, state: &G::State, mv: &G::Move) -> String {
        let plain = self.game.render(mv);
        let Some(told) = self.game.told_apart(state, mv) else { return plain };
        let after = self.game.perform(state, mv);
        let alike = self
            .game
            .moves(state)
            .iter()
            .any(|other| self.game.render(other) == plain && self.game.perform(state, other) != after);
        if alike {
            plain + told.as_str()
        } else {
            plain
        }
    }

    /// Whether `text` is `mv` from `state`: as the page writes it, or as LM-Solve does (which
    /// for planks can be either of two).
    fn reads_as(&self, state: &G::State, mv: &G::Move, text: &str) -> bool {
        let plain = self.game.render(mv);
        // Told apart only where another move reads alike: looked for only when the text goes on.
        text == plain || (text.starts_with(&plain) && text == self.text_of(state, mv))
    }

    /// The moves of a path from the start, as the page writes them.
    fn texts_along(&self, moves: &[G::Move]) -> Vec<String> {
        let mut state = self.game.initial();
        (moves.iter())
            .map(|mv| {
                let text = self.text_of(&state, mv);
                if let Some(next) = self.game.perform(&state, mv) {
                    state = next;
                }
                text
            })
            .collect()
    }

    /// The moves allowed from `state` that change it, each with where it goes on the board.
    fn strokes(&self, state: &G::State) -> Vec<Stroke> {
        (self.game.moves(state).iter())
            .filter_map(|mv| {
                let after = self.game.perform(state, mv).filter(|after| after != state)?;
                let (from, to) = self.game.stroke(state, mv, &after);
                Some(Stroke {
                    text: self.text_of(state, mv),
                    piece: self.game.told_apart(state, mv),
                    from,
                    to,
                    way: self.game.way(mv),
                })
            })
            .collect()
    }
}

/// The texts of the strokes `keep` keeps, each once (two planks of one length laid alike are
/// one move as written).
fn distinct(strokes: &[Stroke], keep: impl Fn(&Stroke) -> bool) -> Vec<String> {
    let mut texts: Vec<String> = Vec::new();
    for stroke in strokes.iter().filter(|s| keep(s)) {
        if !texts.contains(&stroke.text) {
            texts.push(stroke.text.clone());
        }
    }
    texts
}

/// Where the one piece played stands, for games in which every move starts there (all but
/// planks, whose moves start at any stump of the planks reached).
fn one_piece(strokes: &[Stroke]) -> Option<Xy> {
    let piece = strokes.first()?.from;
    strokes.iter().all(|s| s.from == piece).then_some(piece)
}

/// The move that goes nearest the way `(wx, wy)` (x right, y down), within 30°: a tap or a
/// swipe that way, or an arrow key.
fn towards(strokes: &[Stroke], (wx, wy): (f64, f64)) -> Option<String> {
    let length = wx.hypot(wy);
    let cosine = |(dx, dy): Xy| (dx as f64 * wx + dy as f64 * wy) / ((dx as f64).hypot(dy as f64) * length);
    (strokes.iter())
        .filter_map(|s| Some((&s.text, cosine(s.way?))))
        .filter(|&(_, cos)| length > 0.0 && cos >= 30f64.to_radians().cos())
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(text, _)| text.clone())
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

    fn explore(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<AnalysisReport, FormatError> {
        crate::families::only_metric(options, "moves", ": LM-Solve counts moves")?;
        let space = GameSpace::new(&self.game);
        // Written from the state: two planks of one length can make a move text read two ways.
        let describe = |moves: &[G::Move], states: &[G::State]| {
            moves.iter().zip(states).map(|(m, s)| self.text_of(s, m)).collect()
        };
        let analysed = analyse(&space, &options.budget(), on_progress);
        Ok(analysis_from::<GameSpace<'_, G>>(self.family(), "moves", analysed, describe, |s| {
            Some(self.game.at(s)?.write())
        }))
    }

    fn solve(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        crate::families::only_metric(options, "moves", ": LM-Solve counts moves")?;
        let method = self.capabilities().resolve(options.method)?;
        let scan_kind = if method == Method::Dfs { Scan::Dfs } else { Scan::Brfs };
        let found = scan(&self.game, scan_kind, &options.budget(), None, on_progress);
        let (status, reason) = match &found.end {
            End::Solved => (Status::Solved, None),
            End::Unsolved => (Status::Unsolved, None),
            End::GaveUp(reason) => (Status::GaveUp, Some(reason.to_string())),
            End::Cancelled => (Status::Cancelled, None),
        };
        Ok(Report {
            status,
            reason,
            moves: self.texts_along(&found.moves),
            cost: found.moves.len() as u64,
            optimal: method == Method::Bfs,
            ..Report::new(self.family(), "moves", method, found.stats)
        })
    }

    crate::midend::replayed_by!(replayer; check draw show moves_at moves_from boards);

    /// LM-Solve's own lines, as `lm-solve` prints them under its `solved` line: equal moves
    /// grouped as `MOVE * COUNT` where the game groups them (never planks).
    fn solution_text(&self, moves: &[String]) -> String {
        let plain = |i: usize| moves[i].split(super::plank::TOLD_APART).next().unwrap_or_default().to_string();
        super::scan::move_lines(moves, self.game.groups(), true, plain)
    }

    fn move_words(&self, text: &str) -> Option<String> {
        self.game.words(text)
    }

    /// After a tap that moved nothing: the plank it chose, or why it could not tell.
    fn name_at(&self, _moves: &[String], _step: usize, _point: (f64, f64), _size: (f64, f64)) -> Option<String> {
        let chosen = self.chosen.borrow().clone();
        self.note.take().or_else(|| {
            let at = chosen?.strip_prefix(super::plank::TOLD_APART)?.to_string();
            Some(format!("The plank at {at} is chosen: drag from a stump to another, or tap a stump, to lay it there."))
        })
    }

    /// The arrow keys move the piece (tilt the maze) that way; a letter key makes the move of
    /// that name (Theseus waits with `w`). Planks have no keys.
    fn moves_for_key(&self, _options: &SolveOptions, moves: &[String], step: usize, key: &str) -> Option<Vec<String>> {
        if matches!(self.variant, Variant::Plank | Variant::HexPlank) {
            return None;
        }
        let state = self.replayer.at(self, moves, step.min(moves.len()))?;
        let strokes = self.strokes(&state);
        if let Some(&(_, way)) = ARROW_KEYS.iter().find(|(name, _)| *name == key) {
            return Some(towards(&strokes, way).into_iter().collect());
        }
        let named = distinct(&strokes, |_| true).into_iter().find(|text| text.eq_ignore_ascii_case(key))?;
        Some(vec![named])
    }

    /// The board file with the position after `moves` as its start (Hint and Solve from here),
    /// where LM-Solve's format can say it: the file written must read back to the same position
    /// (a board file cannot say everything a position holds; planks may come back listed in
    /// another order, the one stood on first).
    fn text_at(&self, moves: &[String]) -> Option<String> {
        let written = self.game.at(&self.replayer.at(self, moves, moves.len())?)?.write();
        let reread = crate::families::family(self.family())?.parse(&written).ok()?;
        let listed = |shown: String| {
            let mut parts: Vec<String> = shown.trim_end().split(" ; ").map(str::to_string).collect();
            parts.sort();
            parts
        };
        (listed(reread.show(&[], 0)) == listed(self.show(moves, moves.len()))).then_some(written)
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
        let preamble: String =
            self.text.lines().take_while(|l| !input::is_key_line(l)).map(|l| format!("{l}\n")).collect();
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
