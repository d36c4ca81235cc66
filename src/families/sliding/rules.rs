//! The rules of sliding blocks: pieces, their placements, moves in three metrics, the goal, and
//! the search space (states are piece anchors packed into a few machine words).

use super::format::Layout;
use super::metric::Metric;
use super::goal::{self, Geometry, Needs};
use crate::families::FormatError;
use crate::search::{Heuristic, Reversible, Space};
use regex::bytes::{Regex, RegexBuilder};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

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

/// Every slot's placement data in flat arrays indexed by (slot, anchor), built from the shapes:
/// the hot loop loads from here directly instead of chasing slot -> shape -> table.
struct SlotTables {
    cells: usize,
    stride: usize,
    /// PARTS masks of `stride` words per (slot, anchor); see `Shape::masks`.
    masks: Vec<u64>,
    steps: Vec<[u16; 4]>,
    directions: Vec<u8>,
    /// Per (slot, anchor), a bit per direction the piece may step in from there: the board and
    /// the walls leave room, and the puzzle lets it move that way (`axis`).
    ways: Vec<u8>,
    /// The slot range of each slot's class.
    class_of: Vec<(u8, u8)>,
}

impl SlotTables {
    fn new(shapes: &[Shape], slots: &[Slot], classes: &[Range<usize>], cells: usize) -> SlotTables {
        let class_of = slots.iter().map(|s| (classes[s.class].start as u8, classes[s.class].end as u8)).collect();
        let stride = cells.div_ceil(64);
        let mut tables = SlotTables { cells, stride, masks: Vec::new(), steps: Vec::new(), directions: Vec::new(), ways: Vec::new(), class_of };
        for slot in slots {
            let shape = &shapes[slot.shape];
            tables.masks.extend_from_slice(&shape.masks);
            tables.steps.extend_from_slice(&shape.step);
            tables.directions.push(shape.directions);
            tables.ways.extend(shape.step.iter().map(|to| (0..4).filter(|&d| to[d] != NONE).fold(0, |ways, d| ways | 1 << d) & shape.directions));
        }
        tables
    }

    #[inline]
    fn mask<B: Bits>(&self, slot: usize, anchor: u16, part: usize) -> B {
        Self::part(self.row::<B>(slot, anchor), part)
    }

    /// The masks of (slot, anchor), every part.
    #[inline]
    fn row<B: Bits>(&self, slot: usize, anchor: u16) -> &[u64] {
        // For one-word boards the stride is the constant 1, which the compiler folds in.
        let stride = B::STRIDE.unwrap_or(self.stride);
        let at = (slot * self.cells + anchor as usize) * PARTS * stride;
        &self.masks[at..at + PARTS * stride]
    }

    #[inline]
    fn part<B: Bits>(row: &[u64], part: usize) -> B {
        let stride = row.len() / PARTS;
        B::load(&row[part * stride..(part + 1) * stride])
    }

    /// The cells the piece in `slot` covers at `anchor`.
    #[inline]
    fn cover<B: Bits>(&self, slot: usize, anchor: u16) -> B {
        self.mask(slot, anchor, 0)
    }

    /// A bit per direction in which the piece at `anchor` can take a step, the cells covered
    /// being `occupied`. (A step's entering cells are never the piece's own, so the piece need
    /// not be taken out of `occupied` first.)
    #[inline]
    fn first_steps<B: Bits>(&self, slot: usize, anchor: u16, occupied: B) -> u8 {
        let row = self.row::<B>(slot, anchor);
        let free = |d: usize| u8::from(!occupied.meets(Self::part(row, 1 + d))) << d;
        self.ways[slot * self.cells + anchor as usize] & (free(0) | free(1) | free(2) | free(3))
    }

    /// Where a step from `anchor` in `direction` leads (or NONE), and the cells it newly covers.
    #[inline]
    fn step<B: Bits>(&self, slot: usize, anchor: u16, direction: usize) -> (u16, B) {
        (self.steps[slot * self.cells + anchor as usize][direction], self.mask(slot, anchor, 1 + direction))
    }

    #[inline]
    fn moves_in(&self, slot: usize, direction: usize) -> bool {
        self.directions[slot] & (1 << direction) != 0
    }
}

/// A set of cells as bits: `u64` for boards of up to 64 cells (the common case, and the fast
/// one), `[u64; 8]` for any board up to 512 cells.
pub trait Bits: Copy {
    /// The table stride this type always implies, if it implies one.
    const STRIDE: Option<usize>;
    fn empty() -> Self;
    /// From `stride` words (fewer than the type holds are padded with zeros).
    fn load(words: &[u64]) -> Self;
    fn union(self, other: Self) -> Self;
    fn without(self, other: Self) -> Self;
    fn meets(self, other: Self) -> bool;
    fn is_empty(self) -> bool;
}

impl Bits for u64 {
    const STRIDE: Option<usize> = Some(1);
    #[inline]
    fn empty() -> u64 {
        0
    }
    #[inline]
    fn load(words: &[u64]) -> u64 {
        words[0]
    }
    #[inline]
    fn union(self, other: u64) -> u64 {
        self | other
    }
    #[inline]
    fn without(self, other: u64) -> u64 {
        self & !other
    }
    #[inline]
    fn meets(self, other: u64) -> bool {
        self & other != 0
    }
    #[inline]
    fn is_empty(self) -> bool {
        self == 0
    }
}

impl Bits for [u64; 8] {
    const STRIDE: Option<usize> = None;
    fn empty() -> Self {
        [0; 8]
    }
    #[inline]
    fn load(words: &[u64]) -> Self {
        let mut bits = [0; 8];
        bits[..words.len()].copy_from_slice(words);
        bits
    }
    #[inline]
    fn union(mut self, other: Self) -> Self {
        for (a, b) in self.iter_mut().zip(other) {
            *a |= b;
        }
        self
    }
    #[inline]
    fn without(mut self, other: Self) -> Self {
        for (a, b) in self.iter_mut().zip(other) {
            *a &= !b;
        }
        self
    }
    #[inline]
    fn meets(self, other: Self) -> bool {
        self.iter().zip(other).any(|(a, b)| a & b != 0)
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.iter().all(|&a| a == 0)
    }
}

/// Any board's cells as bits.
type Cells = [u64; 8];

fn cell_bit(cell: usize) -> Cells {
    let mut bits = [0; 8];
    bits[cell / 64] = 1 << (cell % 64);
    bits
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

/// The engine that runs the goal regex.
enum Matcher {
    Plain(Regex),
    /// A pattern with backreferences or lookaround; the flag is set when a test ran out of
    /// backtracking, so that "no solution" is not claimed on a test that never finished. It is
    /// boxed: a cell held directly would make `Rules` interior-mutable, and the compiler would
    /// then reload its tables throughout the move loop (13% more instructions on Klotski).
    Perl(fancy_regex::Regex, Box<AtomicBool>),
}

impl Matcher {
    fn is_match(&self, flat: &[u8]) -> bool {
        match self {
            Matcher::Plain(regex) => regex.is_match(flat),
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
}

impl Rules {
    pub fn new(layout: &Layout, metric: Metric) -> Result<Rules, FormatError> {
        let (width, height) = (layout.width, layout.height);
        let walls: Vec<bool> = layout.cells.iter().map(|&c| c == b'#').collect();
        // The plain engine reads most goals (and fast); what only Perl-style backtracking reads
        // (backreferences, lookaround) goes to fancy-regex, which delegates the rest to it.
        let (hir, matcher, signatures) = match regex_syntax::ParserBuilder::new().build().parse(&layout.goal) {
            Ok(hir) => {
                let regex = RegexBuilder::new(&layout.goal)
                    .unicode(false)
                    .size_limit(1 << 20)
                    .dfa_size_limit(1 << 22)
                    .build()
                    .or_else(|_| RegexBuilder::new(&layout.goal).size_limit(1 << 20).dfa_size_limit(1 << 22).build())
                    .map_err(|e| FormatError::new(layout.goal_line, 1, format!("the goal is not a usable regular expression: {}", one_line(&e.to_string()))))?;
                let signatures = goal::letter_signatures(&hir);
                (Some(hir), Matcher::Plain(regex), signatures)
            }
            Err(plain_error) => {
                let perl = fancy_regex::Expr::parse_tree(&layout.goal).and_then(|tree| {
                    let regex = fancy_regex::RegexBuilder::new(&layout.goal).delegate_size_limit(1 << 20).build()?;
                    Ok((regex, goal::perl_signatures(&tree.expr)))
                });
                // When neither engine reads it, the plain engine's message says where it fails.
                let (regex, signatures) = perl.map_err(|_| goal_error(layout, &plain_error))?;
                (None, Matcher::Perl(regex, Box::new(AtomicBool::new(false))), signatures)
            }
        };

        // Pieces: every cell bearing one letter belongs to one rigid piece, connected or not.
        let mut letters: Vec<u8> = layout.cells.iter().copied().filter(u8::is_ascii_lowercase).collect();
        letters.sort_unstable();
        letters.dedup();
        let mut shapes: Vec<Shape> = Vec::new();
        let mut shape_keys: Vec<Vec<(usize, usize)>> = Vec::new();
        let mut pieces: Vec<(u8, usize, u16)> = Vec::new(); // letter, shape, anchor
        for &letter in &letters {
            let cells: Vec<(usize, usize)> = (0..width * height)
                .filter(|&i| layout.cells[i] == letter)
                .map(|i| (i / width, i % width))
                .collect();
            for cells in cut(layout, letter, cells)? {
            let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
            let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
            let offsets: Vec<(usize, usize)> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
            let shape = match shape_keys.iter().position(|k| *k == offsets) {
                Some(s) => s,
                None => {
                    shapes.push(Shape::new(offsets.clone(), width, height, &walls, layout.options.axis));
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
                format!("the board has {} pieces; the most this solver takes on a board of {} cells is {}", classed.len(), width * height, MAX_WORDS * per_word),
            ));
        }
        // Pieces that share a letter are told apart by a number, in reading order at the start.
        let slots: Vec<Slot> = classed
            .iter()
            .enumerate()
            .map(|(i, &(class, letter, shape, _))| {
                let same = |c: &&(usize, u8, usize, u16)| c.1 == letter;
                let number = if classed.iter().filter(same).count() > 1 { 1 + classed[..i].iter().filter(same).count() as u8 } else { 0 };
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
        };
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
        if self.slots.iter().any(|s| s.number > 0 && placements.iter().any(|p| p.letters.iter().any(|(l, _)| *l == s.letter))) {
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
                    &mut needs.letters.iter().filter(|(l, _)| l != letter).flat_map(|(_, cs)| cs.iter().copied()).chain(needs.empties.iter().copied()),
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
            if only.slots.len() == self.slots.len() && only.slots.iter().all(|(_, a)| a.iter().filter(|&&x| x).count() == 1) {
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
            .map(|a| {
                targets
                    .iter()
                    .map(|&t| self.lower_bound(a, t))
                    .min()
                    .unwrap_or(0)
                    .min(255) as u8
            })
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
        anchors
            .iter()
            .enumerate()
            .fold(B::empty(), |bits, (slot, &a)| bits.union(self.tables.cover(slot, a)))
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
            let mut open = group
                .iter()
                .enumerate()
                .fold(0u64, |open, (i, &anchor)| open | u64::from(tables.first_steps(first + i, anchor, occupied)) << (4 * i));
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

    /// Whether a test of a Perl-style goal ran out of backtracking: a search that then found
    /// nothing cannot say there is no solution.
    pub fn goal_test_failed(&self) -> bool {
        matches!(&self.matcher, Matcher::Perl(_, failed) if failed.load(Ordering::Relaxed))
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
                return anchors
                    .iter()
                    .zip(goal)
                    .map(|(&a, &g)| self.lower_bound(a as usize, g as usize) as u32)
                    .sum();
            }
            return 0;
        };
        placements
            .iter()
            .map(|p| p.slots.iter().zip(&p.distance).map(|((slot, _), d)| u32::from(d[anchors[*slot] as usize])).sum::<u32>())
            .min()
            .unwrap_or(0)
    }

    /// How much [`Rules::heuristic`] helps A* (which `auto` then runs): not enough to pay for its
    /// priority queue on the boards measured (Klotski: A* expands the same 23,691 states as
    /// breadth-first search and takes 14 ms against 11), so `auto` keeps breadth-first search.
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

    /// How many machine words a packed state needs.
    pub fn words(&self) -> usize {
        self.words
    }

    pub fn pack<const W: usize>(&self, anchors: &[u16]) -> [u64; W] {
        let mut words = [0u64; W];
        let (mut word, mut shift) = (0, 0);
        for &a in anchors {
            words[word] |= u64::from(a) << shift;
            shift += self.bits;
            if shift + self.bits > 64 {
                word += 1;
                shift = 0;
            }
        }
        words
    }

    /// The packed state `state` (whose anchors are `anchors`) after `slot` moves to `to`. Only
    /// the moved piece's bits change, and within its class the order: the class stays sorted
    /// when the pieces the move passes take its place one by one (a unit move passes none or a
    /// few; anchors in a class differ, as its pieces never overlap).
    #[inline(always)]
    fn moved<const W: usize>(&self, state: &[u64; W], anchors: &[u16], slot: usize, to: u16) -> [u64; W] {
        let mut next = *state;
        let (start, end) = self.tables.class_of[slot];
        let mut k = slot;
        if to < anchors[slot] {
            while k > usize::from(start) && anchors[k - 1] > to {
                self.put(&mut next, k, anchors[k - 1]);
                k -= 1;
            }
        } else {
            while k + 1 < usize::from(end) && anchors[k + 1] < to {
                self.put(&mut next, k, anchors[k + 1]);
                k += 1;
            }
        }
        self.put(&mut next, k, to);
        next
    }

    /// Writes one slot's anchor into a packed state.
    #[inline]
    fn put<const W: usize>(&self, words: &mut [u64; W], slot: usize, anchor: u16) {
        let (word, shift) = self.places[slot];
        let mask = ((1u64 << self.bits) - 1) << shift;
        words[word] = (words[word] & !mask) | (u64::from(anchor) << shift);
    }

    pub fn unpack<const W: usize>(&self, words: &[u64; W], anchors: &mut [u16]) {
        for (slot, a) in anchors.iter_mut().enumerate() {
            *a = self.get(words, slot);
        }
    }

    /// One slot's anchor in a packed state.
    #[inline]
    fn get<const W: usize>(&self, words: &[u64; W], slot: usize) -> u16 {
        let (word, shift) = self.places[slot];
        ((words[word] >> shift) & ((1u64 << self.bits) - 1)) as u16
    }

    /// The goal test on a packed state, reading only the pieces the goal asks about when it can.
    pub fn is_goal_packed<const W: usize>(&self, words: &[u64; W], scratch: &mut [u16]) -> bool {
        match &self.goal {
            GoalTest::Exact(goal) => goal.iter().enumerate().all(|(slot, &g)| self.get(words, slot) == g),
            GoalTest::Placements(placements) if placements.iter().all(|p| p.empties.is_empty()) => placements
                .iter()
                .any(|p| p.slots.iter().all(|(slot, allowed)| allowed[self.get(words, *slot) as usize])),
            _ => {
                self.unpack(words, scratch);
                self.is_goal(scratch)
            }
        }
    }

    /// Every position reachable from `anchors` by one move: (slot, new anchor).
    pub fn moves_from(&self, anchors: &[u16]) -> Vec<(usize, u16)> {
        let mut moves = Vec::new();
        self.for_each_move(anchors, |slot, to| moves.push((slot, to)));
        moves
    }

    /// Cells a piece passes through, as directions, on a shortest way from `from` to `to` with
    /// the other pieces standing still (None if it cannot get there).
    pub fn route(&self, anchors: &[u16], slot: usize, to: u16) -> Option<String> {
        let from = anchors[slot];
        let others = self.occupancy::<Cells>(anchors).without(self.tables.cover(slot, from));
        let n = self.width * self.height;
        let mut came_from: Vec<Option<(u16, usize)>> = vec![None; n];
        let mut queue = std::collections::VecDeque::from([from]);
        let mut seen = vec![false; n];
        seen[from as usize] = true;
        while let Some(at) = queue.pop_front() {
            if at == to {
                let mut dirs = Vec::new();
                let mut here = to;
                while let Some((prev, d)) = came_from[here as usize] {
                    dirs.push(DIRECTION_LETTERS[d]);
                    here = prev;
                }
                dirs.reverse();
                return Some(dirs.into_iter().collect());
            }
            for d in 0..4 {
                if !self.tables.moves_in(slot, d) {
                    continue;
                }
                let (next, entering) = self.tables.step::<Cells>(slot, at, d);
                if next != NONE && !seen[next as usize] && !others.meets(entering) {
                    seen[next as usize] = true;
                    came_from[next as usize] = Some((at, d));
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// Applies one move in text form (`b LL`) to concrete anchors, checking it against the
    /// rules of the metric. Errors are sentences.
    pub fn apply(&self, anchors: &mut [u16], text: &str) -> Result<(), String> {
        let (slot, dirs) = self.parse_move(text)?;
        let letter = self.slots[slot].name();
        if dirs.is_empty() {
            return Err(format!("\"{text}\" does not say where {letter} goes"));
        }
        match self.metric {
            Metric::Unit if dirs.len() != 1 => return Err(format!("\"{text}\" moves more than one cell, which the unit metric counts as several moves")),
            Metric::Slide if dirs.iter().any(|&d| d != dirs[0]) => return Err(format!("\"{text}\" turns a corner, which the slide metric counts as several moves")),
            _ => {}
        }
        let others = self.occupancy::<Cells>(anchors).without(self.tables.cover(slot, anchors[slot]));
        let mut at = anchors[slot];
        for &d in &dirs {
            if !self.tables.moves_in(slot, d) {
                return Err(format!("{letter} may only move along its own long side"));
            }
            let (next, entering) = self.tables.step::<Cells>(slot, at, d);
            if next == NONE {
                return Err(format!("{letter} cannot move {} there: the board edge or a wall is in the way", DIRECTION_LETTERS[d]));
            }
            if others.meets(entering) {
                return Err(format!("{letter} cannot move {}: another piece is in the way", DIRECTION_LETTERS[d]));
            }
            at = next;
        }
        anchors[slot] = at;
        Ok(())
    }

    /// The slot whose [`Slot::name`] is `piece` (`b`, `s3`), read without building names: the
    /// replay parses every move on every animation frame.
    fn slot_named(&self, piece: &str) -> Option<usize> {
        let (&letter, digits) = piece.as_bytes().split_first()?;
        let number = match digits {
            [] => 0,
            [b'1'..=b'9', ..] if digits.iter().all(u8::is_ascii_digit) => std::str::from_utf8(digits).ok()?.parse().ok()?,
            _ => return None,
        };
        self.slots.iter().position(|s| s.letter == letter && s.number == number)
    }

    /// `b LL` -> (slot of b, [left, left]).
    pub fn parse_move(&self, text: &str) -> Result<(usize, Vec<usize>), String> {
        let mut parts = text.split_whitespace();
        let piece = parts.next().ok_or("an empty move")?;
        let slot = match piece.as_bytes() {
            [l, ..] if l.is_ascii_lowercase() => self.slot_named(piece).ok_or_else(|| format!("there is no piece {piece}"))?,
            _ => return Err(format!("\"{text}\" does not start with a piece letter")),
        };
        let dirs = parts
            .flat_map(|p| p.chars())
            .map(|c| {
                DIRECTION_LETTERS
                    .iter()
                    .position(|&d| d == c.to_ascii_uppercase())
                    .ok_or_else(|| format!("{} in {} is not a direction (U, D, L or R)", crate::families::shown_char(c), crate::families::shown_text(text)))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok((slot, dirs))
    }

    /// Names the moves along a path of canonical positions, following the real pieces.
    pub fn describe(&self, path: &[Vec<u16>]) -> Vec<String> {
        let mut concrete = self.start.clone();
        let mut moves = Vec::with_capacity(path.len().saturating_sub(1));
        for pair in path.windows(2) {
            let (before, after) = (&pair[0], &pair[1]);
            let Some(class) = self.classes.iter().find(|c| before[(*c).clone()] != after[(*c).clone()]) else { continue };
            let from = *before[class.clone()].iter().find(|a| !after[class.clone()].contains(a)).unwrap_or(&before[class.start]);
            let to = *after[class.clone()].iter().find(|a| !before[class.clone()].contains(a)).unwrap_or(&after[class.start]);
            let Some(slot) = class.clone().find(|&s| concrete[s] == from) else { continue };
            // For unit and slide moves the shortest route is the straight line itself.
            let dirs = self.route(&concrete, slot, to).unwrap_or_default();
            moves.push(format!("{} {dirs}", self.slots[slot].name()));
            concrete[slot] = to;
        }
        moves
    }

    /// The board as text rows, for `--output-states`.
    pub fn render(&self, anchors: &[u16]) -> String {
        let mut cells: Vec<u8> = self.walls.iter().map(|&w| if w { b'#' } else { b' ' }).collect();
        for (slot, &a) in anchors.iter().enumerate() {
            for c in self.shapes[self.slots[slot].shape].cells(a, self.width) {
                cells[c] = self.slots[slot].letter;
            }
        }
        cells.chunks(self.width).map(|row| String::from_utf8_lossy(row).into_owned() + "\n").collect()
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
                format!("the {} cells from here do not make a whole {w}x{h} piece (pieces: {}={w}x{h})", letter as char, letter as char),
            ));
        }
        left.retain(|cell| !piece.contains(cell));
        pieces.push(piece);
    }
    Ok(pieces)
}

fn goal_error(layout: &Layout, e: &regex_syntax::Error) -> FormatError {
    let (column, message) = match e {
        regex_syntax::Error::Parse(p) => (p.span().start.column, p.kind().to_string()),
        regex_syntax::Error::Translate(t) => (t.span().start.column, t.kind().to_string()),
        _ => (1, "it could not be read".to_string()),
    };
    FormatError::new(layout.goal_line, column, format!("the goal is not a valid regular expression: {message}"))
}

fn one_line(text: &str) -> String {
    text.lines().map(str::trim).filter(|l| !l.is_empty()).collect::<Vec<_>>().join(" ")
}

/// The search space over packed states of `W` words.
pub struct SlidingSpace<'a, const W: usize> {
    pub rules: &'a Rules,
}

impl<'a, const W: usize> SlidingSpace<'a, W> {
    pub fn new(rules: &'a Rules) -> Self {
        assert!(rules.words() <= W, "the state needs {} words", rules.words());
        SlidingSpace { rules }
    }

    pub fn unpack(&self, state: &[u64; W]) -> Vec<u16> {
        let mut anchors = vec![0; self.rules.slots.len()];
        self.rules.unpack(state, &mut anchors);
        anchors
    }

    /// Room on the stack for a state's anchors, unpacked: every slot takes at least one bit of
    /// the W words, so 64 W anchors always fit. (No buffer in the space: threads share it.)
    fn room() -> [[u16; 64]; W] {
        [[0; 64]; W]
    }

    fn canonical_start(&self) -> [u64; W] {
        let mut anchors = self.rules.start.clone();
        self.rules.canonical(&mut anchors);
        self.rules.pack(&anchors)
    }
}

impl<const W: usize> Space for SlidingSpace<'_, W> {
    type State = [u64; W];
    type Move = ();

    fn start(&self) -> [u64; W] {
        self.canonical_start()
    }

    fn successors(&self, state: &[u64; W], out: &mut Vec<((), [u64; W], u32)>) {
        let rules = self.rules;
        let mut room = Self::room();
        let anchors = &mut room.as_flattened_mut()[..rules.slots.len()];
        rules.unpack(state, anchors);
        rules.for_each_move(anchors, |slot, to| out.push(((), rules.moved(state, anchors, slot, to), 1)));
    }

    fn is_goal(&self, state: &[u64; W]) -> bool {
        let mut room = Self::room();
        self.rules.is_goal_packed(state, &mut room.as_flattened_mut()[..self.rules.slots.len()])
    }

    fn heuristic(&self, state: &[u64; W]) -> u32 {
        let mut room = Self::room();
        let anchors = &mut room.as_flattened_mut()[..self.rules.slots.len()];
        self.rules.unpack(state, anchors);
        self.rules.heuristic(anchors)
    }
}

impl<const W: usize> Reversible for SlidingSpace<'_, W> {
    fn goal_state(&self) -> Option<[u64; W]> {
        self.rules.goal_anchors().map(|g| self.rules.pack(g))
    }

    /// Every move can be made backwards in every metric, so predecessors are successors.
    fn predecessors(&self, state: &[u64; W], out: &mut Vec<((), [u64; W], u32)>) {
        self.successors(state, out);
    }
}
