//! Polyomino tiling: fill a board with pentominoes (or any piece set). Placements become an exact
//! cover problem for `search::cover`; the board's own symmetry tells raw from distinct tilings.

mod draw;
mod edit;
pub mod format;
pub mod generate;
pub mod pieces;
mod symmetry;
mod tray;

use crate::draw::Painter;
use crate::families::analysis::{AnalysisReport, Completion};
use crate::families::{
    only_metric, Confidence, Counts, Difficulty, Example, Family, FormatError, NewGame, Puzzle, Report, SolveMode,
    SolveOptions, Status,
};
use crate::midend::{self, Frames, Replayer};
use crate::search::cover::{self, Cover, CoverEnd};
use crate::search::{Flow, Method, Stats};
use format::Board;
use rustc_hash::FxHashMap as HashMap;
use symmetry::{Symmetry, Tally};

pub struct Tiling;

impl Family for Tiling {
    fn id(&self) -> &'static str {
        "tiling"
    }

    fn name(&self) -> &'static str {
        "Polyomino tiling"
    }

    fn how_to_play(&self) -> Option<&'static str> {
        Some(
            "Cover every cell of the board with the pieces in the tray, each used as the set says. Drag a piece from the tray onto the board: the cell you hold it by lands on the cell you let go over. Tap a piece in the tray to turn it (after its turns come its mirror images, where the set lets pieces flip); the tray's \u{21bb} and \u{21c4} buttons, and with the board focused e, q and f, turn and flip the piece last touched (ringed). Undo (Ctrl+Z or u) takes the last piece back. Solve finds a tiling; Find chooses one, how many, or every one.",
        )
    }

    fn format_help(&self) -> &'static str {
        format_doc!("tiling")
    }

    fn metrics(&self) -> &'static [&'static str] {
        &["pieces"]
    }

    fn detect(&self, text: &str) -> Confidence {
        Confidence::sure_if(format::looks_like(text))
    }

    fn parse(&self, text: &str) -> Result<Box<dyn Puzzle>, FormatError> {
        Ok(Box::new(TilingPuzzle::parse(text)?))
    }

    fn examples(&self) -> &'static [Example] {
        static EXAMPLES: [Example; 2] = [
            example!("tiling-6x10", "txt", 12, "Pentominoes in 6x10 (2,339 ways)"), // a placement a piece
            example!("tiling-scott", "txt", 12, "Scott's 8x8 square (65 ways)"),    // the centre removed
        ];
        &EXAMPLES
    }

    fn new_game(&self, difficulty: Difficulty, seed: u64) -> Option<NewGame> {
        generate::new_game(difficulty, seed)
    }

    fn new_games(&self) -> Option<&'static str> {
        Some("Pentomino rectangle")
    }

    fn blank(&self) -> &'static str {
        "....................\n....................\n....................\n"
    }
}

/// One way to put one piece on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    pub piece: usize,
    /// Board cell numbers (indices into `Board::cells`).
    pub cells: Vec<usize>,
}

pub struct TilingPuzzle {
    pub board: Board,
    pub placements: Vec<Placement>,
    /// How many times each piece is placed: its copies in the set for the first copy of a
    /// piece (the same name and shape), 0 for the later ones, which have no placements of
    /// their own. A tiling is then found once, not once for each order of the copies.
    pub copies: Vec<usize>,
    /// Each symmetry of the puzzle but the identity.
    symmetries: Vec<Symmetry>,
    index: HashMap<(i32, i32), usize>,
    /// Whether to break symmetry (always, but for tests that check it against the plain search).
    break_symmetry: bool,
    /// Whether to use the generic exact cover even where the fast one applies (tests compare).
    generic_cover: bool,
    /// The boards of the placements last replayed (the mid-end).
    replayer: Replayer<Vec<u16>>,
    /// How each piece lies in the tray: its symmetry of the square (`pieces::SYMMETRIES`).
    turns: Vec<std::sync::atomic::AtomicUsize>,
    /// The piece last touched in the tray, which the keys turn.
    chosen: std::sync::atomic::AtomicUsize,
}

impl TilingPuzzle {
    pub fn parse(text: &str) -> Result<TilingPuzzle, FormatError> {
        let mut board = format::parse(text)?;
        // The search fills the first empty cell: going across the short side keeps the ragged
        // edge of the filled part short, which prunes far earlier.
        if board.width > board.height {
            board.cells.sort_unstable_by_key(|&(r, c)| (c, r));
        }
        let index: HashMap<(i32, i32), usize> = board.cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let copies: Vec<usize> = board
            .pieces
            .iter()
            .enumerate()
            .map(|(p, piece)| {
                if board.pieces[..p].contains(piece) {
                    0
                } else {
                    board.pieces[p..].iter().filter(|&q| q == piece).count()
                }
            })
            .collect();
        let mut placements = Vec::new();
        for (p, piece) in board.pieces.iter().enumerate().filter(|&(p, _)| copies[p] > 0) {
            for shape in pieces::orientations(&piece.cells, board.mirror) {
                for r in 0..board.height as i32 {
                    for c in 0..board.width as i32 {
                        let cells: Option<Vec<usize>> =
                            shape.iter().map(|&(dr, dc)| index.get(&(r + dr, c + dc)).copied()).collect();
                        if let Some(mut cells) = cells {
                            cells.sort_unstable();
                            placements.push(Placement { piece: p, cells });
                        }
                    }
                }
            }
        }
        let symmetries = symmetry::of_puzzle(&board, &index, &copies);
        let turns = (0..board.pieces.len()).map(|_| std::sync::atomic::AtomicUsize::new(0)).collect();
        Ok(TilingPuzzle {
            board,
            placements,
            copies,
            symmetries,
            index,
            break_symmetry: true,
            generic_cover: false,
            replayer: Replayer::default(),
            turns,
            chosen: std::sync::atomic::AtomicUsize::new(usize::MAX),
        })
    }

    /// Each cell's item number in the cover problem: its place in the board's bounding
    /// rectangle, in the order cells are filled (so a hole is a gap and neighbours are one row
    /// or one column of places apart, which lets the search grow regions by shifts), or its
    /// cell number when the rectangle is too large for that.
    fn items(&self) -> Vec<usize> {
        let (width, height) = (self.board.width, self.board.height);
        let across = width > height;
        if width * height > format::MAX_CELLS {
            return (0..self.board.cells.len()).collect();
        }
        self.board
            .cells
            .iter()
            .map(|&(r, c)| if across { c as usize * height + r as usize } else { r as usize * width + c as usize })
            .collect()
    }

    /// A solution (placement numbers) moved by a symmetry, as move texts.
    fn moved_text(&self, chosen: &[usize], symmetry: &Symmetry) -> Vec<String> {
        chosen.iter().map(|&o| self.move_text(&symmetry.place(&self.placements[o]))).collect()
    }

    fn move_text(&self, placement: &Placement) -> String {
        let cells: Vec<String> =
            placement.cells.iter().map(|&i| format!("{},{}", self.board.cells[i].0, self.board.cells[i].1)).collect();
        format!("{}: {}", self.board.pieces[placement.piece].name, cells.join(" "))
    }

    /// Reads `F: 0,1 0,2 …` back into a placement.
    fn parse_move(&self, text: &str) -> Result<Placement, String> {
        let (name, cells) = text.split_once(':').ok_or_else(|| format!("\"{text}\" is not `PIECE: row,col …`"))?;
        let piece = self
            .board
            .pieces
            .iter()
            .position(|p| p.name == name.trim())
            .ok_or_else(|| format!("there is no piece {name}"))?;
        let mut numbers = Vec::new();
        for cell in cells.split_whitespace() {
            let (r, c) = cell.split_once(',').ok_or_else(|| format!("\"{cell}\" is not row,col"))?;
            let at = (
                r.parse::<i32>().map_err(|_| format!("\"{cell}\" is not row,col"))?,
                c.parse::<i32>().map_err(|_| format!("\"{cell}\" is not row,col"))?,
            );
            numbers.push(*self.index.get(&at).ok_or_else(|| format!("{cell} is not a cell of the board"))?);
        }
        numbers.sort_unstable();
        let placement = Placement { piece, cells: numbers };
        if !self.placements.contains(&placement) {
            return Err(format!(
                "{} is not a way piece {} fits",
                crate::families::shown_text(text),
                self.board.pieces[piece].name
            ));
        }
        Ok(placement)
    }

    /// The placements every tiling has (`forced`, as move texts), as sentences: how many cells
    /// they cover, then each piece and its cells.
    fn forced_lines(&self, forced: &[String]) -> Vec<String> {
        let placed: Vec<_> = forced.iter().filter_map(|m| self.parse_move(m).ok()).collect();
        if placed.is_empty() {
            return vec!["No piece lies in the same place in every tiling".into()];
        }
        let covered: usize = placed.iter().map(|p| p.cells.len()).sum();
        let mut lines = vec![format!("Forced in every tiling ({covered} of {} cells):", self.board.cells.len())];
        for p in placed {
            let cells: Vec<String> =
                p.cells.iter().map(|&c| format!("({}, {})", self.board.cells[c].0, self.board.cells[c].1)).collect();
            lines.push(format!("{} on (row, column) {}", self.board.pieces[p.piece].name, cells.join(" ")));
        }
        lines
    }

    /// Piece number per cell after the first `step` moves, those that apply (u16::MAX: empty).
    fn filled(&self, moves: &[String], step: usize) -> Vec<u16> {
        self.replayer.at(self, moves, step).unwrap_or_default()
    }

    /// [`TilingPuzzle::run`] with item sets as wide as the board needs.
    fn run_sized(
        &self,
        items: &[usize],
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
        on_found: &mut dyn FnMut(&[String]),
    ) -> Report {
        match items.iter().max().map_or(0, |&m| m + 1) {
            0..=64 => self.run::<1>(items, options, on_progress, on_found),
            65..=128 => self.run::<2>(items, options, on_progress, on_found),
            _ => self.run::<4>(items, options, on_progress, on_found),
        }
    }

    /// A count on several threads (natively): one part of the search each, as the page's
    /// Workers count, so that each thread checks the symmetry of the tilings it finds; the
    /// parts' counts add up ([`Report::joined`]). Each part may explore its share of the node
    /// budget.
    #[cfg(not(target_arch = "wasm32"))]
    fn count_in_parts(
        &self,
        items: &[usize],
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Report {
        let of = options.threads().min(crate::search::Part::MOST);
        let share = options.max_states.map(|most| most.div_ceil(of as u64));
        let reports = crate::search::parts::run_parts(
            of,
            |part, progress| {
                let options = SolveOptions { part: Some(part), threads: Some(1), max_states: share, ..options.clone() };
                self.run_sized(items, &options, progress, &mut |_| {})
            },
            on_progress,
        );
        match Report::joined(reports) {
            Some(mut report) => {
                if report.status == Status::GaveUp {
                    report.reason =
                        Some(format!("gave up after {} search nodes on {of} threads", report.stats.explored));
                }
                report
            }
            None => {
                self.run_sized(items, &SolveOptions { threads: Some(1), ..options.clone() }, on_progress, &mut |_| {})
            }
        }
    }

    /// The search with item sets of W words; `item` is each cell's item number (see
    /// [`TilingPuzzle::items`]): the exact cover problem, searched as the options ask, each
    /// cover found going to a [`Collector`].
    fn run<const W: usize>(
        &self,
        item: &[usize],
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
        on_found: &mut dyn FnMut(&[String]),
    ) -> Report {
        let group = self.group();
        let breaking = self.breaking(&group);
        let (problem, kept) = self.cover_problem::<W>(item, breaking.as_ref());
        let mut collector = Collector::new(self, &group, breaking.as_ref(), &kept, options, on_found);
        let (end, stats, first_at) =
            self.search_cover(&problem, options, &mut |chosen: &[usize]| collector.take(chosen), on_progress);
        collector.report(end, stats, first_at)
    }

    /// The tiling as an exact cover problem with item sets of W words, and the placements it
    /// offers (all, or with the piece whose symmetry is broken at its orbit leaders only).
    fn cover_problem<const W: usize>(&self, item: &[usize], breaking: Option<&Breaking>) -> (Cover<W>, Vec<usize>) {
        let cells = self.board.cells.len();
        let mask = |list: &[usize]| {
            list.iter().fold([0u64; W], |mut b, &i| {
                b[item[i] / 64] |= 1 << (item[i] % 64);
                b
            })
        };
        let sizes: Vec<usize> = self.board.pieces.iter().map(|p| p.cells.len()).collect();
        // Region sizes some number of pieces can fill (a sound cut even when each is used once).
        let mut fillable = vec![false; cells + 1];
        fillable[0] = true;
        for n in 1..=cells {
            fillable[n] = sizes.iter().any(|&s| s <= n && fillable[n - s]);
        }
        let mut neighbours = vec![[0u64; W]; item.iter().max().map_or(0, |&m| m + 1)];
        for (i, &(r, c)) in self.board.cells.iter().enumerate() {
            let around: Vec<usize> = [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
                .iter()
                .filter_map(|n| self.index.get(n).copied())
                .collect();
            neighbours[item[i]] = mask(&around);
        }
        let kept: Vec<usize> = (0..self.placements.len())
            .filter(|&i| breaking.is_none_or(|(piece, leader)| self.placements[i].piece != *piece || leader[i]))
            .collect();
        let problem = Cover {
            items: mask(&(0..cells).collect::<Vec<_>>()),
            options: kept.iter().map(|&i| mask(&self.placements[i].cells)).collect(),
            groups: kept.iter().map(|&i| self.placements[i].piece).collect(),
            limits: self
                .copies
                .iter()
                .map(|&copies| if copies > 0 && !self.board.each_once { usize::MAX } else { copies })
                .collect(),
            neighbours,
            fillable,
            first_group: breaking.map(|(piece, _)| *piece),
        };
        (problem, kept)
    }

    /// Searches `problem` as `options` ask: one part of it (a Worker's, checked by
    /// `solve_streaming` or made by `count_in_parts`) or the whole, with the generic search or
    /// the fast one (on every thread asked for); where the part's first cover comes in the whole
    /// search's order, for a part.
    fn search_cover<const W: usize>(
        &self,
        problem: &Cover<W>,
        options: &SolveOptions,
        on_solution: &mut dyn FnMut(&[usize]) -> Flow,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> (CoverEnd, Stats, Option<u64>) {
        let budget = options.budget();
        let whole = |(end, stats)| (end, stats, None);
        match (options.part, self.generic_cover) {
            (Some(part), false) => cover::cover_part(problem, part, &budget, on_solution, on_progress),
            (Some(part), true) => {
                cover::whole_in_part_0(part, || cover::generic(problem, &budget, on_solution, on_progress))
            }
            (None, true) => whole(cover::generic(problem, &budget, on_solution, on_progress)),
            (None, false) => whole(cover::cover_on(options.threads(), problem, &budget, on_solution, on_progress)),
        }
    }
}

/// The piece whose symmetry is broken, and for each placement whether it leads its orbit.
type Breaking = (usize, Vec<bool>);

/// What a tiling search does with each cover found: tells whether it is the one tiling of its
/// orbit under the board's symmetry that is listed, counts it (all tilings and distinct ones),
/// keeps the first, and lists tilings as the mode asks; then writes the report.
struct Collector<'a> {
    puzzle: &'a TilingPuzzle,
    group: &'a [Symmetry],
    breaking: Option<&'a Breaking>,
    /// The placement each option of the cover problem is.
    kept: &'a [usize],
    mode: SolveMode,
    distinct_only: bool,
    on_found: &'a mut dyn FnMut(&[String]),
    tally: Tally,
    first: Option<Vec<usize>>,
    solutions: Vec<Vec<String>>,
    /// Scratch room: the placements of the cover found, its key and a symmetric image's.
    chosen: Vec<usize>,
    tiling: Vec<u32>,
    image: Vec<u32>,
}

impl<'a> Collector<'a> {
    fn new(
        puzzle: &'a TilingPuzzle,
        group: &'a [Symmetry],
        breaking: Option<&'a Breaking>,
        kept: &'a [usize],
        options: &SolveOptions,
        on_found: &'a mut dyn FnMut(&[String]),
    ) -> Self {
        let cells = puzzle.board.cells.len();
        Collector {
            puzzle,
            group,
            breaking,
            kept,
            mode: options.mode,
            distinct_only: options.distinct,
            on_found,
            tally: Tally { order: group.len() as u64, raw: 0, distinct: 0 },
            first: None,
            solutions: Vec::new(),
            chosen: Vec::with_capacity(puzzle.board.pieces.len()),
            tiling: vec![0; cells],
            image: vec![0; cells],
        }
    }

    /// A cover found (options of the problem): counted, kept, listed; Stop when one is enough.
    fn take(&mut self, options: &[usize]) -> Flow {
        self.chosen.clear();
        self.chosen.extend(options.iter().map(|&o| self.kept[o]));
        self.group[0].key(&self.puzzle.placements, &self.chosen, &mut self.tiling);
        let listed = self.counted();
        if self.first.is_none() {
            self.first = Some(self.chosen.clone());
        }
        if self.mode == SolveMode::All && self.solutions.len() < MAX_LISTED {
            self.list(listed);
        }
        if self.mode == SolveMode::First {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }

    /// Counts the tiling found; whether it is the one of its orbit that gets listed.
    fn counted(&mut self) -> bool {
        let placements = &self.puzzle.placements;
        let Some((piece, _)) = self.breaking else {
            let canonical = self.puzzle.canonical(&self.chosen, &self.tiling, &mut self.image);
            self.tally.add_each(canonical);
            return canonical;
        };
        // Symmetry broken at one piece: the orbit's least tiling among those the symmetries
        // fixing that piece's placement give, counted with the orbit's size.
        let at = self.chosen.iter().copied().find(|&o| placements[o].piece == *piece);
        let fixing = |symmetry: &Symmetry| {
            at.is_some_and(|o| placements[o].cells.iter().all(|c| placements[o].cells.contains(&symmetry.cells[*c])))
        };
        let mut stabiliser = 0;
        let mut least = true;
        for symmetry in self.group {
            symmetry.key(placements, &self.chosen, &mut self.image);
            stabiliser += u64::from(self.image == self.tiling);
            if fixing(symmetry) {
                least &= self.tiling <= self.image;
            }
        }
        self.tally.add_least(least, stabiliser.max(1));
        least
    }

    /// Lists the tiling found (mode All): itself, or when symmetry is broken and every tiling is
    /// asked for, its whole orbit once (its distinct images).
    fn list(&mut self, listed: bool) {
        if self.distinct_only || self.breaking.is_none() {
            if listed || !self.distinct_only {
                let solution = self.puzzle.moved_text(&self.chosen, &self.group[0]);
                (self.on_found)(&solution);
                self.solutions.push(solution);
            }
            return;
        }
        if !listed {
            return;
        }
        let mut seen: Vec<Vec<u32>> = Vec::new();
        for symmetry in self.group {
            symmetry.key(&self.puzzle.placements, &self.chosen, &mut self.image);
            if !seen.contains(&self.image) {
                seen.push(self.image.clone());
                let solution = self.puzzle.moved_text(&self.chosen, symmetry);
                (self.on_found)(&solution);
                self.solutions.push(solution);
            }
        }
    }

    /// The report of a search that ended so.
    fn report(self, end: CoverEnd, stats: Stats, first_at: Option<u64>) -> Report {
        let (raw, distinct) = (self.tally.raw, self.tally.distinct);
        let found = self.first.is_some();
        let status = match end {
            CoverEnd::Complete if found => Status::Solved,
            CoverEnd::Complete => Status::Unsolved,
            CoverEnd::Stopped if self.mode == SolveMode::First && found => Status::Solved,
            CoverEnd::Stopped => Status::Cancelled,
            CoverEnd::GaveUp => Status::GaveUp,
        };
        Report {
            noun: crate::families::Noun::Tilings,
            status,
            reason: (status == Status::GaveUp)
                .then(|| format!("gave up after {} search nodes ({raw} tilings found so far)", stats.explored)),
            moves: self.first.map(|f| self.puzzle.moved_text(&f, &self.group[0])).unwrap_or_default(),
            cost: self.puzzle.board.pieces.len() as u64,
            optimal: true,
            counts: (self.mode != SolveMode::First && end == CoverEnd::Complete).then_some(Counts { raw, distinct }),
            solutions: self.solutions,
            first_at,
            ..Report::new("tiling", "pieces", Method::Dfs, stats)
        }
    }
}

/// Most tilings a report lists (counting goes on past it).
pub const MAX_LISTED: usize = 20_000;

/// A tiling for the mid-end: a position is the piece on each cell (u16::MAX: empty); a
/// placement that does not apply is skipped, as the page always showed it (`Puzzle::check`
/// reports it, and `allows` overlaps and pieces used twice).
impl midend::Backend for TilingPuzzle {
    type State = Vec<u16>;

    fn start(&self) -> Result<Vec<u16>, String> {
        Ok(vec![u16::MAX; self.board.cells.len()])
    }

    fn execute(&self, tiling: &Vec<u16>, text: &str) -> Result<Vec<u16>, String> {
        let placement = self.parse_move(text)?;
        let mut next = tiling.clone();
        for &c in &placement.cells {
            next[c] = placement.piece as u16;
        }
        Ok(next)
    }

    fn skips_bad_moves(&self) -> bool {
        true
    }

    /// Replayed leniently (a piece laid over another covers it), a placement counts only on
    /// free cells, and within the set's copies of its piece when each piece is used once.
    fn allows(&self, _options: &SolveOptions, tiling: &Vec<u16>, text: &str) -> Result<(), String> {
        let placement = self.parse_move(text)?;
        if placement.cells.iter().any(|&c| tiling[c] != u16::MAX) {
            return Err("two pieces overlap".into());
        }
        if self.board.each_once {
            let on_board = tiling.iter().filter(|&&piece| usize::from(piece) == placement.piece).count();
            let used = on_board / placement.cells.len().max(1) + 1;
            let (name, copies) = (&self.board.pieces[placement.piece].name, self.copies[placement.piece]);
            if used > copies {
                return Err(match copies {
                    1 => format!("{name} is used twice"),
                    copies => format!("{name} is used {used} times; the set has {copies}"),
                });
            }
        }
        Ok(())
    }

    fn is_solved(&self, tiling: &Vec<u16>) -> bool {
        tiling.iter().all(|&piece| piece != u16::MAX)
    }

    /// The next placement shows faintly in the first half of its tween (a hint is drawn there)
    /// and in full from half-way.
    fn paint(&self, frames: &Frames<Vec<u16>>, step: usize, tween: f32, painter: &mut dyn Painter) {
        let shown = frames.at(if tween >= 0.5 { step + 1 } else { step }).map_or(&[][..], Vec::as_slice);
        draw::draw(self, shown, frames.moves.is_empty(), painter);
        if let Some(next) = frames.at(step + 1).filter(|_| tween > 0.0 && tween < 0.5) {
            draw::faint(self, shown, next, painter);
        }
    }

    fn moves_at(&self, tiling: &Vec<u16>, from: (f64, f64), to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        self.tray_moves(tiling, from, to, size)
    }

    fn show(&self, frames: &Frames<Vec<u16>>, step: usize) -> String {
        let Some(tiling) = frames.at(step) else { return String::new() };
        let mut out = String::new();
        for r in 0..self.board.height as i32 {
            for c in 0..self.board.width as i32 {
                out.push(match self.index.get(&(r, c)) {
                    None => ' ',
                    Some(&i) if tiling[i] == u16::MAX => '.',
                    Some(&i) => self.board.pieces[tiling[i] as usize].name.chars().next().unwrap_or('?'),
                });
            }
            out.push('\n');
        }
        out
    }
}

impl Puzzle for TilingPuzzle {
    fn family(&self) -> &'static str {
        "tiling"
    }

    /// Exact cover (depth-first): one tiling, all counted, or all listed (optionally only those
    /// distinct under the board's symmetry).
    fn capabilities(&self) -> crate::families::Capabilities {
        let mut capabilities = crate::families::Capabilities::searches(&[Method::Auto, Method::Dfs]);
        capabilities.modes = vec![SolveMode::First, SolveMode::Count, SolveMode::All];
        capabilities.parts = vec![SolveMode::Count];
        capabilities.analysing().calling(crate::families::Noun::Tilings)
    }

    /// A tiling has no space of positions to explore; Analyse lists every tiling (up to
    /// `FORCED_TILINGS`) and says which pieces lie in the same place in all of them.
    fn explore(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<AnalysisReport, FormatError> {
        const FORCED_TILINGS: u64 = 200_000;
        let listing = SolveOptions { mode: SolveMode::All, distinct: false, ..options.clone() };
        // The placements every tiling so far has (a tiling's moves are its placements).
        let mut common: Option<Vec<String>> = None;
        let found = std::cell::Cell::new(0u64);
        let report = self.solve_streaming(
            &listing,
            &mut |stats| if found.get() > FORCED_TILINGS { Flow::Stop } else { on_progress(stats) },
            &mut |tiling| {
                found.set(found.get() + 1);
                match &mut common {
                    None => common = Some(tiling.to_vec()),
                    Some(common) => common.retain(|placed| tiling.contains(placed)),
                }
            },
        )?;
        let mut analysis = AnalysisReport::empty("tiling", "pieces");
        analysis.stats = report.stats;
        let tilings = found.get();
        match report.status {
            _ if tilings > FORCED_TILINGS => {
                analysis.notes.push(format!(
                    "More than {} tilings: the pieces forced in all of them are sought on boards with fewer",
                    crate::replay::group(FORCED_TILINGS)
                ));
            }
            Status::Cancelled => analysis.status = Completion::Cancelled,
            Status::GaveUp => {
                analysis.status = Completion::GaveUp;
                analysis.reason = report.reason;
            }
            _ => match common {
                None => analysis.notes.push("No tiling: nothing is forced".into()),
                Some(common) => {
                    analysis.notes.push(format!(
                        "{} {} listed (mirror images and turns counted apart)",
                        crate::replay::group(tilings),
                        if tilings == 1 { "tiling" } else { "tilings" }
                    ));
                    analysis.notes.extend(self.forced_lines(&common));
                }
            },
        }
        Ok(analysis)
    }

    fn solve(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
    ) -> Result<Report, FormatError> {
        self.solve_streaming(options, on_progress, &mut |_| {})
    }

    fn solve_streaming(
        &self,
        options: &SolveOptions,
        on_progress: &mut dyn FnMut(&Stats) -> Flow,
        on_found: &mut dyn FnMut(&[String]),
    ) -> Result<Report, FormatError> {
        only_metric(options, "pieces", ": a tiling places pieces")?;
        options.part(&self.capabilities())?;
        if let Some(error) = &self.board.size_error {
            return Err(error.clone());
        }
        let items = self.items();
        #[cfg(not(target_arch = "wasm32"))]
        if options.mode == SolveMode::Count && options.part.is_none() && options.threads() > 1 && !self.generic_cover {
            return Ok(self.count_in_parts(&items, options, on_progress));
        }
        Ok(self.run_sized(&items, options, on_progress, on_found))
    }

    crate::midend::replayed_by!(replayer; check draw show boards moves_at);

    /// The position after `moves` as a puzzle of its own, so Hint and Solve work from a board
    /// played to: the cells still free (the others written as holes, so every cell keeps its
    /// row and column) and the pieces still to place. None when the board is full, or when the
    /// rest would not read back as exactly that (the page then searches from the start).
    fn text_at(&self, moves: &[String]) -> Option<String> {
        let tiling = self.filled(moves, moves.len());
        if tiling.iter().all(|&p| p != u16::MAX) {
            return None;
        }
        let mut rest = self.board.clone();
        rest.cells.retain(|cell| self.index.get(cell).is_some_and(|&i| tiling[i] == u16::MAX));
        let mut expected = self.board.pieces.clone();
        if self.board.each_once {
            expected = self
                .left(&tiling)
                .iter()
                .flat_map(|&(p, left)| std::iter::repeat_n(self.board.pieces[p].clone(), left.unwrap_or(0)))
                .collect();
            // Custom pieces still to place keep their definition (a defined piece joins the set),
            // and the set is listed by name, with flipping said when it is off.
            let custom = |line: &&String| {
                let key = line.split_once(':').map_or("", |(key, _)| key.trim());
                key.to_ascii_lowercase().starts_with("piece ") && expected.iter().any(|p| p.name == key[6..].trim())
            };
            rest.header = self.board.header.iter().filter(custom).cloned().collect();
            if !self.board.mirror {
                rest.header.push("mirror: no".into());
            }
            let names: Vec<&str> = expected.iter().map(|p| p.name.as_str()).collect();
            rest.header.push(format!("pieces: {}", names.join(" ")));
        }
        let text = rest.to_text();
        let read = format::parse(&text).ok()?;
        let shapes = |set: &[pieces::Piece]| {
            let mut shapes: Vec<_> = set.iter().map(|p| (p.name.clone(), pieces::normalise(&p.cells))).collect();
            shapes.sort();
            shapes
        };
        let cells = |board: &Board| {
            let mut cells = board.cells.clone();
            cells.sort_unstable();
            cells
        };
        let same = cells(&read) == cells(&rest)
            && shapes(&read.pieces) == shapes(&expected)
            && (read.each_once, read.mirror) == (self.board.each_once, self.board.mirror);
        same.then_some(text)
    }

    fn solution_text(&self, moves: &[String]) -> String {
        self.show(moves, moves.len())
    }

    fn name_at(
        &self,
        moves: &[String],
        step: usize,
        (x, y): (f64, f64),
        (width, height): (f64, f64),
    ) -> Option<String> {
        let tiling = self.filled(moves, step);
        let layout = self.layout(&tiling, (width, height));
        match layout.button_at((x, y)) {
            Some(tray::Button::Turn) => {
                return Some("Turns the ringed piece a quarter clockwise (e; q turns back).".into())
            }
            Some(tray::Button::Flip) => return Some("Flips the ringed piece (f).".into()),
            None => {}
        }
        if let Some(slot) = layout.slots.iter().find(|slot| slot.contains((x, y)) && slot.has_one()) {
            let name = &self.board.pieces[slot.piece].name;
            let flip = if self.board.mirror { ", f flips it" } else { "" };
            return Some(format!("Piece {name}: drag it onto the board; a tap (or e, q) turns it{flip}."));
        }
        let (r, c) = layout.board.cell_at(x, y)?;
        let cell = *self.index.get(&(r as i32, c as i32))?;
        let piece = *tiling.get(cell)?;
        let name = &self.board.pieces.get(usize::from(piece))?.name;
        Some(format!("Piece {name}, at row {r}, column {c}."))
    }

    fn moves_for_key(&self, _options: &SolveOptions, moves: &[String], step: usize, key: &str) -> Option<Vec<String>> {
        self.tray_key(&self.filled(moves, step), key)
    }

    fn to_text(&self) -> String {
        self.board.to_text()
    }

    fn editor(&self) -> Option<&dyn crate::families::Editor> {
        Some(self)
    }
}

#[cfg(test)]
mod tests;
