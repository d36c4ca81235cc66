//! The rules of sliding blocks: pieces, their placements, moves in three metrics, the goal, and
//! the search space (states are piece anchors packed into a few machine words).

mod bits;
mod pack;
mod text;
mod word;

use super::format::Layout;
use super::goal::{self, Geometry, Needs};
use super::metric::Metric;
use crate::families::FormatError;
use crate::search::{Heuristic, Reversible, Space};
use bits::{cell_bit, Bits, Cells, SlotTables};
pub use pack::SlidingSpace;
#[cfg(feature = "regex-goals")]
use regex::bytes::{Regex, RegexBuilder};
use std::ops::Range;
#[cfg(feature = "perl-goals")]
use std::sync::atomic::{AtomicBool, Ordering};
use word::WordMoves;

/// Most machine words a packed position takes (`SlidingPuzzle::solve` has a search for 1, 2 and 4).
pub const MAX_WORDS: usize = 4;

/// Directions, in the order moves are generated: up, down, left, right.
pub const DIRECTIONS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
pub const DIRECTION_LETTERS: [char; 4] = ['U', 'D', 'L', 'R'];
/// "no such anchor".
const NONE: u16 = u16::MAX;

/// A goal that fits in more places than this is tested with its regex (building the faster
/// test would cost more than it saves).
const MAX_PLACEMENTS: usize = 32;

/// Masks per anchor: covered, entering ×4.
const PARTS: usize = 5;

/// A piece shape and every way it can stand on the board.
pub struct Shape {
    /// (row, col) of each cell from the top-left of the shape's bounding box.
    pub offsets: Vec<(usize, usize)>,
    pub height: usize,
    pub width: usize,
    /// Directions this shape may move in (a bit per entry of DIRECTIONS).
    pub directions: u8,
    /// Per anchor (bounding-box top-left cell): where one step in each direction leads, or NONE.
    step: Vec<[u16; 4]>,
    /// Per anchor, five bit masks of `ceil(cells / 64)` words each: the cells covered and the
    /// cells newly covered by a step in each direction. Move generation is then a few ANDs per
    /// move. `step` and `masks` are copied per slot into `SlotTables`, which the moves read.
    masks: Vec<u64>,
}

impl Shape {
    fn new(offsets: Vec<(usize, usize)>, width: usize, height: usize, walls: &[bool], axis: bool) -> Shape {
        let shape_h = offsets.iter().map(|o| o.0).max().unwrap_or(0) + 1;
        let shape_w = offsets.iter().map(|o| o.1).max().unwrap_or(0) + 1;
        let directions = match (axis, shape_w.cmp(&shape_h)) {
            (true, std::cmp::Ordering::Greater) => 0b1100,
            (true, std::cmp::Ordering::Less) => 0b0011,
            _ => 0b1111,
        };
        let fits = |anchor: usize| -> bool {
            let (r, c) = (anchor / width, anchor % width);
            r + shape_h <= height
                && c + shape_w <= width
                && offsets.iter().all(|&(dr, dc)| !walls[(r + dr) * width + c + dc])
        };
        let cells = |anchor: usize| -> Vec<u16> {
            let (r, c) = (anchor / width, anchor % width);
            offsets.iter().map(|&(dr, dc)| ((r + dr) * width + c + dc) as u16).collect()
        };
        let n = width * height;
        let mut step = vec![[NONE; 4]; n];
        let stride = n.div_ceil(64);
        let mut masks = vec![0u64; n * PARTS * stride];
        let set_bits = |masks: &mut Vec<u64>, anchor: usize, part: usize, cells: &[u16]| {
            for &c in cells {
                masks[(anchor * PARTS + part) * stride + c as usize / 64] |= 1 << (c % 64);
            }
        };
        #[allow(clippy::needless_range_loop)] // the anchor is a cell number, not just an index
        for anchor in 0..n {
            if !fits(anchor) {
                continue;
            }
            let (r, c) = ((anchor / width) as i32, (anchor % width) as i32);
            let here = cells(anchor);
            set_bits(&mut masks, anchor, 0, &here);
            for (d, (dr, dc)) in DIRECTIONS.iter().enumerate() {
                let (nr, nc) = (r + dr, c + dc);
                if nr < 0 || nc < 0 || nr as usize >= height || nc as usize >= width {
                    continue;
                }
                let target = nr as usize * width + nc as usize;
                if !fits(target) {
                    continue;
                }
                step[anchor][d] = target as u16;
                let entering: Vec<u16> = cells(target).into_iter().filter(|c| !here.contains(c)).collect();
                set_bits(&mut masks, anchor, 1 + d, &entering);
            }
        }
        Shape { offsets, height: shape_h, width: shape_w, directions, step, masks }
    }

    /// The cells covered with the bounding box's top-left at `anchor`.
    pub fn cells(&self, anchor: u16, board_width: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (anchor as usize / board_width, anchor as usize % board_width);
        self.offsets.iter().map(move |&(dr, dc)| (r + dr) * board_width + c + dc)
    }
}

/// One piece of the puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Slot {
    pub letter: u8,
    /// 1, 2, … among pieces of one letter (`pieces: s=1x1`), 0 when the letter is one piece.
    pub number: u8,
    pub shape: usize,
    /// Pieces of one class are interchangeable (same shape, and the goal cannot tell them apart).
    pub class: usize,
}

impl Slot {
    /// How moves name the piece: its letter, and its number when the letter has several.
    pub fn name(&self) -> String {
        match self.number {
            0 => (self.letter as char).to_string(),
            n => format!("{}{n}", self.letter as char),
        }
    }
}

/// How the goal is tested, fastest first.
enum GoalTest {
    /// The goal is one exact position: compare anchors.
    Exact(Vec<u16>),
    /// Any of these placements, each a per-slot set of allowed anchors plus cells to keep empty.
    Placements(Vec<Placement>),
    /// Render the board and run the regex.
    Regex,
}

/// How many backtracking steps a test of a Perl-style goal may take (fancy-regex's default,
/// named so that a search that meets it can say so).
#[cfg(feature = "perl-goals")]
const BACKTRACK_LIMIT: usize = 1_000_000;

/// The engine that runs the goal regex.
enum Matcher {
    #[cfg(feature = "regex-goals")]
    Plain(Regex),
    /// Without the regex engine (the page's first module): goals only the fast tests decide.
    #[cfg(not(feature = "regex-goals"))]
    Absent,
    /// A pattern with backreferences or lookaround; the flag is set when a test ran out of
    /// backtracking, so that "no solution" is not claimed on a test that never finished. It is
    /// boxed: a cell held directly would make `Rules` interior-mutable, and the compiler would
    /// then reload its tables throughout the move loop (13% more instructions on Klotski).
    #[cfg(feature = "perl-goals")]
    Perl(fancy_regex::Regex, Box<AtomicBool>),
}

impl Matcher {
    fn is_match(&self, flat: &[u8]) -> bool {
        match self {
            #[cfg(feature = "regex-goals")]
            Matcher::Plain(regex) => regex.is_match(flat),
            // `Rules::new` refuses a goal left to this engine (`Rules::needs_regex_engine`).
            #[cfg(not(feature = "regex-goals"))]
            Matcher::Absent => {
                let _ = flat;
                false
            }
            #[cfg(feature = "perl-goals")]
            Matcher::Perl(regex, failed) => regex.is_match(flat).unwrap_or_else(|_| {
                failed.store(true, Ordering::Relaxed);
                false
            }),
        }
    }
}

struct Placement {
    /// (slot, allowed[anchor]).
    slots: Vec<(usize, Vec<bool>)>,
    empties: Vec<usize>,
    /// Per constrained slot: a lower bound on moves to reach an allowed anchor, per anchor.
    distance: Vec<Vec<u8>>,
}

pub struct Rules {
    pub width: usize,
    pub height: usize,
    pub walls: Vec<bool>,
    pub shapes: Vec<Shape>,
    /// In canonical order: grouped by class, letters ascending inside a class.
    pub slots: Vec<Slot>,
    /// Slot ranges of the classes.
    pub classes: Vec<Range<usize>>,
    /// Anchors of the slots at the start (in slot order).
    pub start: Vec<u16>,
    pub metric: Metric,
    pub axis: bool,
    matcher: Matcher,
    goal: GoalTest,
    /// (cell, letter) the goal asks for, when it asks for them in one place only: for drawing.
    pub goal_cells: Vec<(usize, u8)>,
    /// The flattened board with borders, walls and spaces, letters to be filled in.
    template: Vec<u8>,
    bits: u32,
    tables: SlotTables,
    /// (word, shift) of each slot's bits in a packed state.
    places: Vec<(usize, u32)>,
    words: usize,
    /// The move generator for one-word positions on boards of up to 64 cells.
    word_moves: Option<WordMoves>,
}

/// A goal read: its syntax tree where the plain regex engine reads it (for the fast tests of
/// `set_goal`), the matcher, and what the goal asks of each letter (pieces whose letters it
/// asks the same of, and of one shape, are interchangeable).
struct Goal {
    hir: Option<regex_syntax::hir::Hir>,
    matcher: Matcher,
    signatures: Vec<Vec<u32>>,
}

/// The goal's matcher: the plain regex engine where it reads the goal, fancy-regex for what only
/// Perl-style backtracking reads (backreferences, lookaround).
fn read_goal(layout: &Layout) -> Result<Goal, FormatError> {
    // The plain engine reads most goals (and fast); what only Perl-style backtracking reads
    // (backreferences, lookaround) goes to fancy-regex, which delegates the rest to it.
    let column_of = |text: &str| layout.goal.find(text).map_or(1, |i| layout.goal[..i].chars().count() + 1);
    if let Some(class) = goal::unknown_posix_class(&layout.goal) {
        return Err(FormatError::new(layout.goal_line, column_of(class), format!("the goal cannot stand as written: {class} names no character class (Perl knows [:alpha:], [:digit:], [:space:] and the like)")));
    }
    let (hir, matcher, signatures) = match plain_goal(&layout.goal) {
        Ok(hir) if goal::matches_everywhere(&hir) => {
            return Err(FormatError::new(
                layout.goal_line,
                1,
                "the goal cannot stand as written: it matches an empty text, so every position would match it",
            ));
        }
        Ok(hir) => {
            #[cfg(feature = "regex-goals")]
            let regex = RegexBuilder::new(&layout.goal)
                .unicode(false)
                .size_limit(1 << 20)
                .dfa_size_limit(1 << 22)
                .build()
                .or_else(|_| RegexBuilder::new(&layout.goal).size_limit(1 << 20).dfa_size_limit(1 << 22).build())
                .map_err(|e| {
                    FormatError::new(
                        layout.goal_line,
                        1,
                        format!("the goal is not a usable regular expression: {}", one_line(&e.to_string())),
                    )
                })?;
            #[cfg(feature = "regex-goals")]
            let matcher = Matcher::Plain(regex);
            #[cfg(not(feature = "regex-goals"))]
            let matcher = Matcher::Absent;
            let signatures = goal::letter_signatures(&hir);
            (Some(hir), matcher, signatures)
        }
        #[cfg(not(feature = "perl-goals"))]
        Err(plain_error) => return Err(goal_error(layout, &plain_error)),
        // What the plain engine cannot translate (Unicode classes), fancy-regex hands back
        // to it: said at once.
        #[cfg(feature = "perl-goals")]
        Err(plain_error @ regex_syntax::Error::Translate(_)) => return Err(goal_error(layout, &plain_error)),
        #[cfg(feature = "perl-goals")]
        Err(plain_error) => {
            // When neither engine reads it, the plain engine's message says where it fails.
            let tree = fancy_regex::Expr::parse_tree(&layout.goal).map_err(|_| goal_error(layout, &plain_error))?;
            if let Some((message, at)) = goal::perl_fault(&tree.expr) {
                let column = at.map_or(1, |text| column_of(&text));
                return Err(FormatError::new(
                    layout.goal_line,
                    column,
                    format!("the goal cannot stand as written: {message}"),
                ));
            }
            let regex = fancy_regex::RegexBuilder::new(&layout.goal)
                .delegate_size_limit(1 << 20)
                .backtrack_limit(BACKTRACK_LIMIT)
                .build()
                .map_err(|perl_error| perl_goal_error(layout, &plain_error, &perl_error))?;
            (None, Matcher::Perl(regex, Box::new(AtomicBool::new(false))), goal::perl_signatures(&tree.expr))
        }
    };
    Ok(Goal { hir, matcher, signatures })
}

/// The pieces of a layout: their shapes, their slots (the order a position lists them in), where
/// each starts, the classes of interchangeable slots, and how a position packs them.
struct Pieces {
    shapes: Vec<Shape>,
    slots: Vec<Slot>,
    start: Vec<u16>,
    classes: Vec<Range<usize>>,
    /// Bits per anchor, and anchors per machine word.
    bits: u32,
    per_word: usize,
}

impl Pieces {
    /// Reads the pieces: every cell bearing one letter belongs to one rigid piece, connected or
    /// not (or, for a letter that names a kind, to one of the pieces its cells are cut into);
    /// pieces of one shape that the goal tells apart the same way are one class.
    fn read(layout: &Layout, walls: &[bool], signatures: &[Vec<u32>]) -> Result<Pieces, FormatError> {
        let (width, height) = (layout.width, layout.height);
        let mut letters: Vec<u8> = layout.cells.iter().copied().filter(u8::is_ascii_lowercase).collect();
        letters.sort_unstable();
        letters.dedup();
        let mut shapes: Vec<Shape> = Vec::new();
        let mut shape_keys: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut pieces: Vec<(u8, usize, u16)> = Vec::new(); // letter, shape, anchor
        for &letter in &letters {
            let cells: Vec<(usize, usize)> =
                (0..width * height).filter(|&i| layout.cells[i] == letter).map(|i| (i / width, i % width)).collect();
            for cells in cut(layout, letter, cells)? {
                let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
                let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
                let offsets: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
                let shape = match shape_keys.iter().position(|k| *k == offsets) {
                    Some(s) => s,
                    None => {
                        shapes.push(Shape::new(offsets.clone(), width, height, walls, layout.options.axis));
                        shape_keys.push(offsets);
                        shapes.len() - 1
                    }
                };
                pieces.push((letter, shape, (top * width + left) as u16));
            }
        }
        // Classes: same shape and same goal signature.
        let mut class_keys: Vec<(usize, &Vec<u32>)> = Vec::new();
        let mut classed: Vec<(usize, u8, usize, u16)> = Vec::new(); // class, letter, shape, anchor
        for &(letter, shape, anchor) in &pieces {
            let key = (shape, &signatures[(letter - b'a') as usize]);
            let class = match class_keys.iter().position(|k| *k == key) {
                Some(c) => c,
                None => {
                    class_keys.push(key);
                    class_keys.len() - 1
                }
            };
            classed.push((class, letter, shape, anchor));
        }
        classed.sort();
        let bits = usize::BITS - (width * height - 1).max(1).leading_zeros();
        let per_word = (64 / bits) as usize;
        // A position is at most four machine words. Letters alone never need more; a letter
        // naming many pieces (`pieces: s=1x1`) can. (Checked before numbering them, which
        // counts in a byte.)
        if classed.len().div_ceil(per_word) > MAX_WORDS {
            return Err(FormatError::new(
                layout.first_line,
                1,
                format!(
                    "the board has {} pieces; the most this solver takes on a board of {} cells is {}",
                    classed.len(),
                    width * height,
                    MAX_WORDS * per_word
                ),
            ));
        }
        // Pieces that share a letter are told apart by a number, in reading order at the start.
        let slots: Vec<Slot> = classed
            .iter()
            .enumerate()
            .map(|(i, &(class, letter, shape, _))| {
                let same = |c: &&(usize, u8, usize, u16)| c.1 == letter;
                let number = if classed.iter().filter(same).count() > 1 {
                    1 + classed[..i].iter().filter(same).count() as u8
                } else {
                    0
                };
                Slot { letter, number, shape, class }
            })
            .collect();
        let start: Vec<u16> = classed.iter().map(|c| c.3).collect();
        let classes: Vec<Range<usize>> = (0..class_keys.len())
            .map(|class| {
                let first = slots.iter().position(|s| s.class == class).unwrap_or(0);
                let end = slots.iter().rposition(|s| s.class == class).map_or(first, |l| l + 1);
                first..end
            })
            .collect();

        Ok(Pieces { shapes, slots, start, classes, bits, per_word })
    }
}

impl Rules {
    pub fn new(layout: &Layout, metric: Metric) -> Result<Rules, FormatError> {
        let rules = Rules::build(layout, metric)?;
        #[cfg(not(feature = "regex-goals"))]
        if rules.lacks_engine() {
            let why = crate::families::not_in_this_build("regex engine, which tests goals like this one");
            return Err(FormatError::new(layout.goal_line, 1, why.message));
        }
        Ok(rules)
    }

    /// Whether the layout's goal needs the regex engine, where this build has none (the page's
    /// first module: the full module reads it). False for a layout that does not read.
    pub fn needs_regex_engine(layout: &Layout) -> bool {
        Rules::build(layout, Metric::Unit).is_ok_and(|rules| rules.lacks_engine())
    }

    /// A goal that the fast tests (one exact position, a few placements) do not decide, in a
    /// build without the regex engine.
    fn lacks_engine(&self) -> bool {
        #[cfg(not(feature = "regex-goals"))]
        if matches!((&self.goal, &self.matcher), (GoalTest::Regex, Matcher::Absent)) {
            return true;
        }
        false
    }

    fn build(layout: &Layout, metric: Metric) -> Result<Rules, FormatError> {
        let (width, height) = (layout.width, layout.height);
        let walls: Vec<bool> = layout.cells.iter().map(|&c| c == b'#').collect();
        let Goal { hir, matcher, signatures } = read_goal(layout)?;
        let Pieces { mut shapes, slots, start, classes, bits, per_word } = Pieces::read(layout, &walls, &signatures)?;
        let words = slots.len().div_ceil(per_word).max(1);
        let slots_len = slots.len();
        let mut template = vec![b'-'; Geometry { width, height, walls: &walls, letters: 0 }.flat_len()];
        let tables = SlotTables::new(&shapes, &slots, &classes, width * height);
        for shape in &mut shapes {
            // Copied per slot into `tables`, which the moves read.
            shape.step = Vec::new();
            shape.masks = Vec::new();
        }
        let mut rules = Rules {
            width,
            height,
            walls,
            shapes,
            slots,
            classes,
            start,
            metric,
            axis: layout.options.axis,
            matcher,
            goal: GoalTest::Regex,
            goal_cells: Vec::new(),
            template: Vec::new(),
            bits,
            tables,
            places: (0..slots_len).map(|slot| (slot / per_word, (slot % per_word) as u32 * bits)).collect(),
            words,
            word_moves: None,
        };
        rules.word_moves = WordMoves::new(&rules);
        let geometry = rules.geometry();
        for i in 0..width * height {
            template[geometry.flat_position(i)] = if rules.walls[i] { b'#' } else { b' ' };
        }
        rules.template = template;
        if let Some(pattern) = hir.as_ref().and_then(goal::fixed_pattern) {
            if let Some(placements) = rules.geometry().placements(&pattern) {
                rules.set_goal(placements);
            }
        }
        Ok(rules)
    }

    fn geometry(&self) -> Geometry<'_> {
        let letters = self.slots.iter().fold(0, |set, s| set | goal::char_bit(s.letter));
        Geometry { width: self.width, height: self.height, walls: &self.walls, letters }
    }

    /// The piece a letter names, when it names one (not a kind, `pieces: s=1x1`).
    fn slot_of(&self, letter: u8) -> Option<usize> {
        self.slots.iter().position(|s| s.letter == letter && s.number == 0)
    }

    /// Turns what the goal needs into per-slot anchor tests.
    fn set_goal(&mut self, placements: Vec<Needs>) {
        let n = self.width * self.height;
        if let [only] = placements.as_slice() {
            self.goal_cells = only.letters.iter().flat_map(|(l, cells)| cells.iter().map(move |&c| (c, *l))).collect();
        }
        if placements.len() > MAX_PLACEMENTS {
            return; // a goal that can sit in that many places is tested by its regex
        }
        // A letter that names several pieces: the per-piece tests below do not apply.
        if self
            .slots
            .iter()
            .any(|s| s.number > 0 && placements.iter().any(|p| p.letters.iter().any(|(l, _)| *l == s.letter)))
        {
            return;
        }
        let bits_of = |cells: &mut dyn Iterator<Item = usize>| cells.fold(Cells::empty(), |b, c| b.union(cell_bit(c)));
        let mut tests = Vec::new();
        'placements: for needs in &placements {
            let mut slots = Vec::new();
            for (letter, cells) in &needs.letters {
                let Some(slot) = self.slot_of(*letter) else { continue 'placements };
                let required = bits_of(&mut cells.iter().copied());
                // Cells other letters or emptiness claim: the piece may not cover them.
                let claimed = bits_of(
                    &mut needs
                        .letters
                        .iter()
                        .filter(|(l, _)| l != letter)
                        .flat_map(|(_, cs)| cs.iter().copied())
                        .chain(needs.empties.iter().copied()),
                );
                let allowed: Vec<bool> = (0..n as u16)
                    .map(|a| {
                        let covered: Cells = self.tables.cover(slot, a);
                        required.without(covered).is_empty() && !covered.meets(claimed)
                    })
                    .collect();
                if !allowed.contains(&true) {
                    continue 'placements;
                }
                slots.push((slot, allowed));
            }
            let distance = slots.iter().map(|(_, allowed)| self.distances(allowed)).collect();
            tests.push(Placement { slots, empties: needs.empties.clone(), distance });
        }
        // One placement that pins every piece to one anchor is an explicit goal state.
        if let [only] = tests.as_slice() {
            if only.slots.len() == self.slots.len()
                && only.slots.iter().all(|(_, a)| a.iter().filter(|&&x| x).count() == 1)
            {
                let mut anchors = vec![0u16; self.slots.len()];
                for (slot, allowed) in &only.slots {
                    anchors[*slot] = allowed.iter().position(|&x| x).unwrap_or(0) as u16;
                }
                if self.overlap_free(&anchors) {
                    self.goal = GoalTest::Exact(anchors);
                    return;
                }
            }
        }
        self.goal = GoalTest::Placements(tests);
    }

    fn overlap_free(&self, anchors: &[u16]) -> bool {
        let mut seen = vec![false; self.width * self.height];
        for (slot, &a) in anchors.iter().enumerate() {
            for c in self.shapes[self.slots[slot].shape].cells(a, self.width) {
                if std::mem::replace(&mut seen[c], true) {
                    return false;
                }
            }
        }
        true
    }

    /// The fewest moves, in the metric, that could take a piece from anchor `from` to `to`:
    /// a unit move goes one cell, a slide one straight line, a piece move anywhere.
    fn lower_bound(&self, from: usize, to: usize) -> usize {
        let (dr, dc) = ((from / self.width).abs_diff(to / self.width), (from % self.width).abs_diff(to % self.width));
        match self.metric {
            Metric::Unit => dr + dc,
            Metric::Slide => usize::from(dr > 0) + usize::from(dc > 0),
            Metric::Piece => usize::from(dr + dc > 0),
        }
    }

    /// A lower bound, per anchor, on the moves `slot` needs to reach an allowed anchor.
    fn distances(&self, allowed: &[bool]) -> Vec<u8> {
        let targets: Vec<usize> = (0..allowed.len()).filter(|&a| allowed[a]).collect();
        (0..allowed.len())
            .map(|a| targets.iter().map(|&t| self.lower_bound(a, t)).min().unwrap_or(0).min(255) as u8)
            .collect()
    }

    /// Sorts each class's anchors so interchangeable pieces give one state.
    pub fn canonical(&self, anchors: &mut [u16]) {
        for class in &self.classes {
            anchors[class.clone()].sort_unstable();
        }
    }

    /// The cells the pieces cover.
    fn occupancy<B: Bits>(&self, anchors: &[u16]) -> B {
        anchors.iter().enumerate().fold(B::empty(), |bits, (slot, &a)| bits.union(self.tables.cover(slot, a)))
    }

    /// Calls `emit(slot, new_anchor)` for every move from the position `anchors`, in the metric.
    #[inline(always)]
    fn for_each_move(&self, anchors: &[u16], emit: impl FnMut(usize, u16)) {
        if self.width * self.height <= 64 {
            self.moves_with::<u64>(anchors, emit);
        } else {
            self.moves_with::<Cells>(anchors, emit);
        }
    }

    #[inline(always)]
    fn moves_with<B: Bits>(&self, anchors: &[u16], mut emit: impl FnMut(usize, u16)) {
        let occupied: B = self.occupancy(anchors);
        let tables = &self.tables;
        // Sixteen pieces at a time, four bits each: the directions each can take a first step
        // in, found without branches (most pieces, most of the time, cannot move at all, and a
        // branch per piece, as an earlier test of a free cell beside it was, is mispredicted
        // often); then one pass over the bits set.
        for (chunk, group) in anchors.chunks(16).enumerate() {
            let first = chunk * 16;
            let mut open = group.iter().enumerate().fold(0u64, |open, (i, &anchor)| {
                open | u64::from(tables.first_steps(first + i, anchor, occupied)) << (4 * i)
            });
            while open != 0 {
                let bit = open.trailing_zeros() as usize;
                open &= open - 1;
                let (slot, d) = (first + bit / 4, bit % 4);
                let anchor = anchors[slot];
                let mut at = tables.step::<B>(slot, anchor, d).0;
                match self.metric {
                    Metric::Unit => emit(slot, at),
                    Metric::Slide => {
                        emit(slot, at);
                        // Steps after the first may enter cells the piece has left.
                        let others = occupied.without(tables.cover(slot, anchor));
                        loop {
                            let (next, entering) = tables.step::<B>(slot, at, d);
                            if next == NONE || others.meets(entering) {
                                break;
                            }
                            emit(slot, next);
                            at = next;
                        }
                    }
                    Metric::Piece => {
                        // All the piece's moves at once, whichever direction they start in.
                        open &= !(0b1111 << (bit & !3));
                        self.piece_moves(anchors, occupied, slot, &mut emit);
                    }
                }
            }
        }
    }

    /// Every anchor the piece in `slot` reaches with the others standing still: one move each
    /// in the piece metric.
    #[inline]
    fn piece_moves<B: Bits>(&self, anchors: &[u16], occupied: B, slot: usize, emit: &mut impl FnMut(usize, u16)) {
        let tables = &self.tables;
        let anchor = anchors[slot];
        let others = occupied.without(tables.cover(slot, anchor));
        let mut seen = [0u64; 8];
        let mut queue = [0u16; super::format::MAX_CELLS];
        let (mut head, mut tail) = (0, 1);
        queue[0] = anchor;
        seen[anchor as usize >> 6] |= 1 << (anchor & 63);
        while head < tail {
            let at = queue[head];
            head += 1;
            for d in 0..4 {
                if !tables.moves_in(slot, d) {
                    continue;
                }
                let (next, entering) = tables.step::<B>(slot, at, d);
                if next == NONE || seen[next as usize >> 6] & (1 << (next & 63)) != 0 {
                    continue;
                }
                if !others.meets(entering) {
                    seen[next as usize >> 6] |= 1 << (next & 63);
                    queue[tail] = next;
                    tail += 1;
                    emit(slot, next);
                }
            }
        }
    }

    /// When a test of a Perl-style goal ran out of backtracking, why the search's answer cannot
    /// be trusted, naming the goal and the limit: the position tested may have been a goal, so
    /// a shorter answer may exist, or one where none was found.
    pub fn goal_test_failure(&self) -> Option<String> {
        #[cfg(feature = "perl-goals")]
        if let Matcher::Perl(regex, failed) = &self.matcher {
            if failed.load(Ordering::Relaxed) {
                let limit = crate::replay::group(BACKTRACK_LIMIT as u64);
                let goal = crate::families::shown_text(regex.as_str());
                return Some(format!("the goal {goal} could not be tested on some positions (Perl-style backtracking stopped at its limit of {limit} steps), so the shortest answer is not known; write the goal more simply"));
            }
        }
        None
    }

    pub fn is_goal(&self, anchors: &[u16]) -> bool {
        match &self.goal {
            GoalTest::Exact(goal) => anchors == goal.as_slice(),
            GoalTest::Placements(placements) => placements.iter().any(|p| {
                p.slots.iter().all(|(slot, allowed)| allowed[anchors[*slot] as usize])
                    && (p.empties.is_empty() || {
                        let occupied: Cells = self.occupancy(anchors);
                        p.empties.iter().all(|&c| !occupied.meets(cell_bit(c)))
                    })
            }),
            GoalTest::Regex => self.matcher.is_match(&self.flatten(anchors)),
        }
    }

    /// The board as the goal regex sees it.
    pub fn flatten(&self, anchors: &[u16]) -> Vec<u8> {
        let mut flat = self.template.clone();
        let geometry = self.geometry();
        for (slot, &a) in anchors.iter().enumerate() {
            for c in self.shapes[self.slots[slot].shape].cells(a, self.width) {
                flat[geometry.flat_position(c)] = self.slots[slot].letter;
            }
        }
        flat
    }

    pub fn heuristic(&self, anchors: &[u16]) -> u32 {
        let GoalTest::Placements(placements) = &self.goal else {
            if let GoalTest::Exact(goal) = &self.goal {
                return anchors.iter().zip(goal).map(|(&a, &g)| self.lower_bound(a as usize, g as usize) as u32).sum();
            }
            return 0;
        };
        placements
            .iter()
            .map(|p| {
                p.slots.iter().zip(&p.distance).map(|((slot, _), d)| u32::from(d[anchors[*slot] as usize])).sum::<u32>()
            })
            .min()
            .unwrap_or(0)
    }

    /// How much [`Rules::heuristic`] helps A* (which `auto` then runs): not enough to pay for its
    /// priority queue on the boards measured (on Klotski A* expands as many states as
    /// breadth-first search, and takes longer), so `auto` keeps breadth-first search.
    /// N-puzzle boards do not get here: they are solved as tile puzzles.
    pub fn heuristic_kind(&self) -> Heuristic {
        Heuristic::None
    }

    /// The goal position, when the goal pins every piece.
    pub fn goal_anchors(&self) -> Option<&[u16]> {
        match &self.goal {
            GoalTest::Exact(goal) => Some(goal),
            _ => None,
        }
    }
}

/// The pieces the cells of `letter` make: one piece, or, for a letter the `pieces:` option
/// lists, rectangles of its size taken in reading order (the first cell left is always a
/// piece's top-left corner).
fn cut(layout: &Layout, letter: u8, cells: Vec<(usize, usize)>) -> Result<Vec<Vec<(usize, usize)>>, FormatError> {
    let Some(&(_, w, h)) = layout.options.cut.iter().find(|k| k.0 == letter) else { return Ok(vec![cells]) };
    let mut left = cells;
    let mut pieces = Vec::new();
    while let Some(&(top, first)) = left.first() {
        let piece: Vec<(usize, usize)> = (top..top + h).flat_map(|r| (first..first + w).map(move |c| (r, c))).collect();
        if !piece.iter().all(|cell| left.contains(cell)) {
            return Err(FormatError::new(
                layout.first_line + top,
                first + 1,
                format!(
                    "the {} cells from here do not make a whole {w}x{h} piece (pieces: {}={w}x{h})",
                    letter as char, letter as char
                ),
            ));
        }
        left.retain(|cell| !piece.contains(cell));
        pieces.push(piece);
    }
    Ok(pieces)
}

/// The goal as the plain regex engine reads it; an error for a goal that needs Perl-style
/// backtracking (or is no regex at all). The error is regex-syntax's own (large), made at most
/// once per reading of a puzzle.
#[allow(clippy::result_large_err)]
pub fn plain_goal(goal: &str) -> Result<regex_syntax::hir::Hir, regex_syntax::Error> {
    use regex_syntax::hir::ErrorKind;
    match regex_syntax::ParserBuilder::new().build().parse(goal) {
        // A board holds ASCII letters: a case-insensitive goal is read in ASCII rather than
        // with Unicode's case tables, which the build leaves out.
        Err(regex_syntax::Error::Translate(t)) if *t.kind() == ErrorKind::UnicodeCaseUnavailable => {
            regex_syntax::ParserBuilder::new().unicode(false).utf8(false).build().parse(goal)
        }
        read => read,
    }
}

fn goal_error(layout: &Layout, e: &regex_syntax::Error) -> FormatError {
    use regex_syntax::hir::ErrorKind;
    let (column, message) = match e {
        regex_syntax::Error::Parse(p) => (p.span().start.column, p.kind().to_string()),
        regex_syntax::Error::Translate(t) => (
            t.span().start.column,
            match t.kind() {
                ErrorKind::UnicodePropertyNotFound | ErrorKind::UnicodePropertyValueNotFound | ErrorKind::UnicodePerlClassNotFound => {
                    "Unicode classes such as \\p{L} are not read here; a board holds the letters a-z, so write [a-z] or [[:alpha:]]".to_string()
                }
                kind => kind.to_string(),
            },
        ),
        _ => (1, "it could not be read".to_string()),
    };
    FormatError::new(layout.goal_line, column, format!("the goal is not a valid regular expression: {message}"))
}

/// The error for a goal fancy-regex parses but cannot build, in words that say what to change;
/// otherwise the plain engine's error, which says where it fails.
#[cfg(feature = "perl-goals")]
fn perl_goal_error(layout: &Layout, plain: &regex_syntax::Error, perl: &fancy_regex::Error) -> FormatError {
    use fancy_regex::CompileError;
    let at = |text: &str| layout.goal.find(text).map_or(1, |i| layout.goal[..i].chars().count() + 1);
    let (column, message) = match perl {
        fancy_regex::Error::CompileError(e) => match e.as_ref() {
            CompileError::InvalidBackref(group) => (at(&format!("\\{group}")), format!("\\{group} matches group {group} again, and the goal has no group {group}")),
            CompileError::LookBehindNotConst | CompileError::VariableLookBehindRequiresFeature => (
                at("(?<"),
                "a variable-length lookbehind (one whose length can vary, as (?<=a+) does) is not supported; give it a fixed length, such as (?<=aa)".to_string(),
            ),
            _ => return goal_error(layout, plain),
        },
        _ => return goal_error(layout, plain),
    };
    FormatError::new(layout.goal_line, column, format!("the goal is not a valid regular expression: {message}"))
}

#[cfg(feature = "regex-goals")]
fn one_line(text: &str) -> String {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}
