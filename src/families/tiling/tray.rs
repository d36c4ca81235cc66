//! Play a tiling by hand: the pieces still to place lie in a tray beside or below the board.
//! Drag one onto the board to place it (the cell held lands on the cell let go over); tap one to
//! turn it (its turns, then, where the set may flip, its mirror images); the tray's buttons, and
//! with the board focused `e`, `q` and `f`, turn and flip the piece last touched. One layout
//! serves the drawing, the pointer and the editor, so what is hit is what is drawn.

use super::{pieces, Placement, TilingPuzzle};
use crate::draw::GridLayout;
use std::sync::atomic::Ordering::Relaxed;

/// Trays of more kinds than this are not drawn (a set of hexominoes: too small to handle).
const MAX_KINDS: usize = 40;
/// The share of the surface a tray takes, below or beside the board.
const SHARE: f64 = 0.36;

/// Where a tray piece is drawn.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Slot {
    /// The piece (the first copy of its kind in the set).
    pub piece: usize,
    /// Copies still to place; None: any number.
    pub left: Option<usize>,
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    /// The side of one of the piece's cells, drawn in the slot.
    pub cell: f64,
}

impl Slot {
    pub fn contains(&self, (x, y): (f64, f64)) -> bool {
        (self.x..self.x + self.w).contains(&x) && (self.y..self.y + self.h).contains(&y)
    }

    /// Whether there is a copy to take.
    pub fn has_one(&self) -> bool {
        self.left != Some(0)
    }

    /// The top left of the cell (0, 0) of `shape` drawn centred in the slot.
    pub fn origin(&self, shape: &[(i32, i32)]) -> (f64, f64) {
        let rows = f64::from(shape.iter().map(|c| c.0).max().unwrap_or(0) + 1);
        let cols = f64::from(shape.iter().map(|c| c.1).max().unwrap_or(0) + 1);
        (self.x + (self.w - cols * self.cell) / 2.0, self.y + (self.h - rows * self.cell) / 2.0)
    }
}

/// A button of the tray, for the piece the keys turn (the one ringed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Button {
    /// A quarter turn clockwise (the key `e`).
    Turn,
    /// Its mirror image (the key `f`), where the set may flip.
    Flip,
}

/// The symmetries of the square (`pieces::SYMMETRIES`) the tray's buttons and keys apply: a
/// quarter turn clockwise, a quarter turn back, and the mirror image.
const QUARTER: usize = 1;
const QUARTER_BACK: usize = 3;
const MIRROR: usize = 4;

impl Button {
    /// The symmetry it applies.
    fn symmetry(self) -> usize {
        match self {
            Button::Turn => QUARTER,
            Button::Flip => MIRROR,
        }
    }

    /// What it shows.
    pub fn glyph(self) -> &'static str {
        match self {
            Button::Turn => "\u{21bb}",
            Button::Flip => "\u{21c4}",
        }
    }
}

/// The board's grid, the tray's slots and its buttons on a surface.
pub(super) struct Layout {
    pub board: GridLayout,
    pub slots: Vec<Slot>,
    /// Each button and its square: left, top and side.
    pub buttons: Vec<(Button, f64, f64, f64)>,
}

impl Layout {
    /// The button under a point.
    pub fn button_at(&self, (x, y): (f64, f64)) -> Option<Button> {
        let hit = |&&(_, bx, by, side): &&(Button, f64, f64, f64)| {
            (bx..bx + side).contains(&x) && (by..by + side).contains(&y)
        };
        self.buttons.iter().find(hit).map(|b| b.0)
    }
}

impl TilingPuzzle {
    /// The kinds of piece in the set (each one's first copy) and how many of each are still to
    /// place on `tiling` (None: any number).
    pub(super) fn left(&self, tiling: &[u16]) -> Vec<(usize, Option<usize>)> {
        (0..self.board.pieces.len())
            .filter(|&p| self.copies[p] > 0)
            .map(|p| {
                if !self.board.each_once {
                    return (p, None);
                }
                let size = self.board.pieces[p].cells.len().max(1);
                let placed = tiling.iter().filter(|&&q| usize::from(q) == p).count() / size;
                (p, Some(self.copies[p].saturating_sub(placed)))
            })
            .collect()
    }

    /// Where the board and the tray go on a surface of `size` with `tiling` on the board: the
    /// board alone once it is full; otherwise the tray below or beside it, whichever leaves the
    /// board larger, every kind in the same slot from the first piece to the last (an empty
    /// slot once its copies are placed), so nothing moves while you play.
    pub(super) fn layout(&self, tiling: &[u16], (width, height): (f64, f64)) -> Layout {
        let (cols, rows) = (self.board.width, self.board.height);
        let left = self.left(tiling);
        let full = tiling.iter().all(|&p| p != u16::MAX);
        if full || left.is_empty() || left.len() > MAX_KINDS {
            return Layout {
                board: GridLayout::fit(cols, rows, width, height),
                slots: Vec::new(),
                buttons: Vec::new(),
            };
        }
        let below = GridLayout::fit(cols, rows, width, height * (1.0 - SHARE));
        let beside = GridLayout::fit(cols, rows, width * (1.0 - SHARE), height);
        let (board, tray) = if below.cell >= beside.cell {
            (below, (0.0, height * (1.0 - SHARE), width, height * SHARE))
        } else {
            (beside, (width * (1.0 - SHARE), 0.0, width * SHARE, height))
        };
        // As many slots a row as gives each piece the largest cells (a piece spans up to five).
        let span = f64::from(
            left.iter().flat_map(|&(p, _)| self.board.pieces[p].cells.iter().map(|c| c.0.max(c.1))).max().unwrap_or(0)
                + 2,
        );
        // A place for each kind, and one for the buttons, last.
        let n = left.len() + 1;
        let (tx, ty, tw, th) = tray;
        let across = (1..=n)
            .max_by(|&a, &b| {
                let cell = |k: usize| (tw / k as f64).min(th / n.div_ceil(k) as f64);
                cell(a).total_cmp(&cell(b))
            })
            .unwrap_or(n);
        let (w, h) = (tw / across as f64, th / n.div_ceil(across) as f64);
        let slots = left
            .iter()
            .enumerate()
            .map(|(i, &(piece, left))| Slot {
                piece,
                left,
                x: tx + (i % across) as f64 * w,
                y: ty + (i / across) as f64 * h,
                w,
                h,
                cell: (w.min(h) / span).min(board.cell),
            })
            .collect();
        let kinds: &[Button] = if self.board.mirror { &[Button::Turn, Button::Flip] } else { &[Button::Turn] };
        let (bx, by) = (tx + (left.len() % across) as f64 * w, ty + (left.len() / across) as f64 * h);
        let side = (w / kinds.len() as f64).min(h) * 0.6;
        let buttons = (kinds.iter().enumerate())
            .map(|(i, &button)| {
                let centre = bx + w * (i as f64 + 0.5) / kinds.len() as f64;
                (button, centre - side / 2.0, by + (h - side) / 2.0, side)
            })
            .collect();
        Layout { board, slots, buttons }
    }

    /// How piece `piece` lies in the tray now: as written, moved by its symmetry of the square.
    pub(super) fn tray_shape(&self, piece: usize) -> Vec<(i32, i32)> {
        let turn = self.turns.get(piece).map_or(0, |t| t.load(Relaxed)) % pieces::SYMMETRIES.len();
        let symmetry = pieces::SYMMETRIES[turn];
        pieces::normalise(&self.board.pieces[piece].cells.iter().map(|&c| symmetry(c)).collect::<Vec<_>>())
    }

    /// Moves piece `piece` in the tray by the symmetry `by` (an index into `SYMMETRIES`: 1 a
    /// quarter turn clockwise, 3 anticlockwise, 4 a flip), after how it lies now.
    fn turn(&self, piece: usize, by: usize) {
        let Some(turn) = self.turns.get(piece) else { return };
        let now = turn.load(Relaxed) % pieces::SYMMETRIES.len();
        let probe = [(0, 1), (1, 0)];
        let after = |s: usize| probe.map(|p| pieces::SYMMETRIES[s](p));
        let wanted = probe.map(|p| pieces::SYMMETRIES[by](pieces::SYMMETRIES[now](p)));
        if let Some(next) = (0..pieces::SYMMETRIES.len()).find(|&s| after(s) == wanted) {
            turn.store(next, Relaxed);
        }
    }

    /// A tap's turn: a quarter turn clockwise, and after the fourth, where the set may flip,
    /// the mirror image (so taps alone reach every orientation).
    fn tapped(&self, piece: usize) {
        let Some(turn) = self.turns.get(piece) else { return };
        let ways = if self.board.mirror { 8 } else { 4 };
        turn.store((turn.load(Relaxed) + 1) % ways, Relaxed);
    }

    /// The piece the keys turn: the one last touched in the tray, while it has copies left;
    /// else the first still there.
    pub(super) fn chosen(&self, tiling: &[u16]) -> Option<usize> {
        let left = self.left(tiling);
        let has = |p: usize| left.iter().any(|&(q, n)| q == p && n != Some(0));
        let chosen = self.chosen.load(Relaxed);
        if has(chosen) {
            return Some(chosen);
        }
        left.iter().find(|&&(_, n)| n != Some(0)).map(|&(p, _)| p)
    }

    /// The tray's keys, with the board focused: `e` turns the chosen piece a quarter turn
    /// clockwise, `q` anticlockwise, `f` flips it (where the set may flip). None for any other.
    pub(super) fn tray_key(&self, tiling: &[u16], key: &str) -> Option<Vec<String>> {
        let by = match key {
            "e" => Button::Turn.symmetry(),
            "q" => QUARTER_BACK,
            "f" if self.board.mirror => Button::Flip.symmetry(),
            _ => return None,
        };
        let piece = self.chosen(tiling)?;
        self.turn(piece, by);
        Some(Vec::new())
    }

    /// A tap on a tray piece turns it; a drag from one onto the board places it there, when it
    /// fits on free cells: the move that writes, or none.
    pub(super) fn tray_moves(&self, tiling: &[u16], from: (f64, f64), to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        let layout = self.layout(tiling, size);
        if let (Some(button), Some(piece)) = (layout.button_at(from), self.chosen(tiling)) {
            if layout.button_at(to) == Some(button) {
                self.turn(piece, button.symmetry());
            }
            return Vec::new();
        }
        let Some(slot) = layout.slots.iter().find(|s| s.contains(from) && s.has_one()) else { return Vec::new() };
        self.chosen.store(slot.piece, Relaxed);
        if slot.contains(to) {
            self.tapped(slot.piece);
            return Vec::new();
        }
        let Some((row, col)) = layout.board.cell_at(to.0, to.1) else { return Vec::new() };
        let shape = self.tray_shape(slot.piece);
        // The piece's cell nearest the point it was held by.
        let (ox, oy) = slot.origin(&shape);
        let centre =
            |&(r, c): &(i32, i32)| (ox + (f64::from(c) + 0.5) * slot.cell, oy + (f64::from(r) + 0.5) * slot.cell);
        let distance = |cell: &(i32, i32)| {
            let (x, y) = centre(cell);
            (x - from.0).powi(2) + (y - from.1).powi(2)
        };
        let Some(&held) = shape.iter().min_by(|a, b| distance(a).total_cmp(&distance(b))) else { return Vec::new() };
        let cells: Option<Vec<usize>> = shape
            .iter()
            .map(|&(r, c)| self.index.get(&(row as i32 + r - held.0, col as i32 + c - held.1)).copied())
            .collect();
        let Some(mut cells) = cells else { return Vec::new() };
        cells.sort_unstable();
        let placement = Placement { piece: slot.piece, cells };
        if !self.placements.contains(&placement) {
            return Vec::new();
        }
        vec![self.move_text(&placement)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::{Puzzle, SolveOptions};
    use crate::midend::Backend;
    use crate::search::Flow;

    const SIZE: (f64, f64) = (560.0, 440.0);

    /// The centre of the cell (r, c) of a piece drawn at `origin` with cells of `side`.
    fn centre((ox, oy): (f64, f64), side: f64, (r, c): (i32, i32)) -> (f64, f64) {
        (ox + (f64::from(c) + 0.5) * side, oy + (f64::from(r) + 0.5) * side)
    }

    /// The move a player makes for the placement `text` on `tiling`: taps its piece in the tray
    /// until it lies as placed, then drags it by its first cell onto the first cell placed.
    fn by_hand(puzzle: &TilingPuzzle, tiling: &[u16], text: &str) -> Vec<String> {
        let placement = puzzle.parse_move(text).expect("a placement of the solution");
        let placed: Vec<(i32, i32)> = placement.cells.iter().map(|&i| puzzle.board.cells[i]).collect();
        let layout = puzzle.layout(tiling, SIZE);
        let slot = layout.slots.iter().find(|s| s.piece == placement.piece && s.has_one()).expect("in the tray");
        let middle = (slot.x + slot.w / 2.0, slot.y + slot.h / 2.0);
        for _ in 0..8 {
            if puzzle.tray_shape(slot.piece) == pieces::normalise(&placed) {
                break;
            }
            assert_eq!(puzzle.tray_moves(tiling, middle, middle, SIZE), Vec::<String>::new(), "a tap turns");
        }
        let shape = puzzle.tray_shape(slot.piece);
        assert_eq!(shape, pieces::normalise(&placed), "some turn of {text} lies as placed");
        let held = centre(slot.origin(&shape), slot.cell, shape[0]);
        let &(r, c) = placed.iter().min().expect("cells");
        let (x, y) = layout.board.at(f64::from(r), f64::from(c));
        let cell = layout.board.cell;
        puzzle.tray_moves(tiling, held, (x + cell / 2.0, y + cell / 2.0), SIZE)
    }

    #[test]
    fn every_placement_of_a_solution_can_be_made_from_the_tray() {
        for text in [include_str!("../../../www/examples/tiling-scott.txt"), "pieces: L T Y\n.....\n.....\n.....\n"] {
            let puzzle = TilingPuzzle::parse(text).expect("reads");
            let solution = puzzle.solve(&SolveOptions::default(), &mut |_| Flow::Continue).expect("solves").moves;
            let mut tiling = puzzle.start().expect("a start");
            for placement in &solution {
                assert_eq!(by_hand(&puzzle, &tiling, placement), std::slice::from_ref(placement));
                tiling = puzzle.execute(&tiling, placement).expect("applies");
            }
            assert!(puzzle.is_solved(&tiling));
            assert!(puzzle.layout(&tiling, SIZE).slots.is_empty(), "a full board has no tray");
        }
    }

    #[test]
    fn a_drop_on_a_taken_cell_or_off_the_board_places_nothing() {
        let puzzle = TilingPuzzle::parse("pieces: L T Y\n.....\n.....\n.....\n").expect("reads");
        let start = puzzle.start().expect("a start");
        let layout = puzzle.layout(&start, SIZE);
        assert_eq!(layout.slots.len(), 3);
        // The board above the tray, the tray's slots below it, none overlapping the board.
        let board_bottom = layout.board.top + 3.0 * layout.board.cell;
        assert!(layout.slots.iter().all(|s| s.y >= board_bottom - 1e-9 && s.y + s.h <= SIZE.1 + 1e-9));
        // T, as it lies at first (###/.#./.#.), fits at the top left.
        let slot = &layout.slots[1];
        assert_eq!(puzzle.board.pieces[slot.piece].name, "T");
        let shape = puzzle.tray_shape(slot.piece);
        let held = centre(slot.origin(&shape), slot.cell, shape[0]);
        assert_eq!(puzzle.tray_moves(&start, held, (2.0, 2.0), SIZE), Vec::<String>::new(), "off the board");
        let (x, y) = layout.board.at(0.0, 0.0);
        let made = puzzle.tray_moves(&start, held, (x + 1.0, y + 1.0), SIZE);
        assert_eq!(made.len(), 1, "{shape:?} at the top left");
        let after = puzzle.execute(&start, &made[0]).expect("applies");
        let other = &puzzle.layout(&after, SIZE).slots[2];
        let other_shape = puzzle.tray_shape(other.piece);
        let held = centre(other.origin(&other_shape), other.cell, other_shape[0]);
        assert_eq!(puzzle.tray_moves(&after, held, (x + 1.0, y + 1.0), SIZE), Vec::<String>::new(), "a taken cell");
        // The piece placed has no copy left: its slot stays, empty, and takes no drag.
        let layout = puzzle.layout(&after, SIZE);
        assert!(!layout.slots[1].has_one() && layout.slots[1].x == slot.x);
    }

    #[test]
    fn a_tap_turns_a_piece_through_all_its_orientations() {
        let puzzle = TilingPuzzle::parse("pieces: F\n...\n...\n...\n").expect("reads");
        let start = puzzle.start().expect("a start");
        let slot = puzzle.layout(&start, SIZE).slots[0].clone();
        let middle = (slot.x + slot.w / 2.0, slot.y + slot.h / 2.0);
        let mut seen = vec![puzzle.tray_shape(0)];
        for _ in 0..8 {
            puzzle.tray_moves(&start, middle, middle, SIZE);
            seen.push(puzzle.tray_shape(0));
        }
        assert_eq!(seen[8], seen[0], "round again after eight");
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 8, "F has eight orientations");
    }

    #[test]
    fn keys_turn_and_flip_the_piece_last_touched() {
        let puzzle = TilingPuzzle::parse("pieces: L T\n.....\n.....\n").expect("reads");
        let start = puzzle.start().expect("a start");
        let slot = puzzle.layout(&start, SIZE).slots[1].clone();
        let t = puzzle.tray_shape(slot.piece);
        assert_eq!(puzzle.chosen(&start), Some(0), "none touched yet: the first");
        let middle = (slot.x + slot.w / 2.0, slot.y + slot.h / 2.0);
        puzzle.tray_moves(&start, middle, middle, SIZE);
        assert_eq!(puzzle.chosen(&start), Some(slot.piece), "a tap chooses");
        // The tap turned T a quarter clockwise: ###/.#./.#. becomes ..#/###/..#
        assert_eq!(puzzle.tray_shape(slot.piece), vec![(0, 2), (1, 0), (1, 1), (1, 2), (2, 2)]);
        assert_eq!(puzzle.tray_key(&start, "q"), Some(vec![]));
        assert_eq!(puzzle.tray_shape(slot.piece), t, "q turns it back");
        puzzle.tray_key(&start, "e");
        puzzle.tray_key(&start, "e");
        assert_eq!(puzzle.tray_shape(slot.piece), vec![(0, 1), (1, 1), (2, 0), (2, 1), (2, 2)], "upside down");
        // L: a flip is its mirror image, and two are none.
        let l = puzzle.tray_shape(0);
        let drag_from = puzzle.layout(&start, SIZE).slots[0].clone();
        let off = (drag_from.x + 1.0, drag_from.y + 1.0);
        puzzle.tray_moves(&start, off, (0.0, 0.0), SIZE);
        assert_eq!(puzzle.chosen(&start), Some(0), "a drag from the tray chooses too");
        puzzle.tray_key(&start, "f");
        assert_eq!(puzzle.tray_shape(0), pieces::normalise(&l.iter().map(|&(r, c)| (r, -c)).collect::<Vec<_>>()));
        puzzle.tray_key(&start, "f");
        assert_eq!(puzzle.tray_shape(0), l);
        assert_eq!(puzzle.tray_key(&start, "x"), None, "not a tray key");
    }

    #[test]
    fn the_tray_buttons_turn_and_flip_the_piece_last_touched() {
        let centre = |&(_, x, y, side): &(Button, f64, f64, f64)| (x + side / 2.0, y + side / 2.0);
        let puzzle = TilingPuzzle::parse("pieces: L T\n.....\n.....\n").expect("reads");
        let start = puzzle.start().expect("a start");
        let layout = puzzle.layout(&start, SIZE);
        let kinds: Vec<Button> = layout.buttons.iter().map(|b| b.0).collect();
        assert_eq!(kinds, [Button::Turn, Button::Flip]);
        // The buttons sit in the tray, clear of the board and of every slot.
        for button in &layout.buttons {
            let point = centre(button);
            assert!(
                layout.slots.iter().all(|s| !s.contains(point)) && layout.board.cell_at(point.0, point.1).is_none()
            );
        }
        // Nothing touched yet: the buttons work on the first piece, L.
        let l = puzzle.tray_shape(0);
        let turn = centre(&layout.buttons[0]);
        assert_eq!(puzzle.tray_moves(&start, turn, turn, SIZE), Vec::<String>::new());
        assert_ne!(puzzle.tray_shape(0), l);
        puzzle.tray_key(&start, "q");
        assert_eq!(puzzle.tray_shape(0), l, "the button turned it as e does, which q undoes");
        let flip = centre(&layout.buttons[1]);
        puzzle.tray_moves(&start, flip, flip, SIZE);
        assert_eq!(puzzle.tray_shape(0), pieces::normalise(&l.iter().map(|&(r, c)| (r, -c)).collect::<Vec<_>>()));
        // Pieces that may not flip have no flip button.
        let one_sided = TilingPuzzle::parse("mirror: no\npieces: L4 L4\n....\n....\n").expect("reads");
        let buttons = one_sided.layout(&one_sided.start().expect("a start"), SIZE).buttons;
        assert_eq!(buttons.iter().map(|b| b.0).collect::<Vec<_>>(), [Button::Turn]);
    }
}
