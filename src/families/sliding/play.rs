//! Play: the moves a drag on the board makes (a piece taken where the pointer goes down, moved
//! by the cells it travels, along a shortest free route), or a tap (a piece with one way to go
//! steps that way), written in the metric's notation: one move per cell (unit), per straight
//! run (slide), or the whole route (piece). The piece touched last, or named by its letter on
//! the keyboard, is the chosen one: the arrow keys step it a cell.

use super::draw;
use super::metric::Metric;
use super::rules::DIRECTION_LETTERS;
use super::SlidingPuzzle;

impl SlidingPuzzle {
    pub(super) fn play(
        &self,
        metric: Metric,
        anchors: &[u16],
        from: (f64, f64),
        to: (f64, f64),
        size: (f64, f64),
    ) -> Vec<String> {
        let rules = self.rules(metric);
        let (width, height) = (rules.width, rules.height);
        let grid = draw::layout(self, size.0, size.1);
        let Some((row, col)) = grid.cell_at(from.0, from.1) else { return Vec::new() };
        let covers = |slot: usize| {
            rules.shapes[rules.slots[slot].shape].cells(anchors[slot], width).any(|c| c == row * width + col)
        };
        let Some(slot) = (0..anchors.len()).find(|&slot| covers(slot)) else { return Vec::new() };
        self.chosen.set(Some(slot));
        let name = rules.slots[slot].name();
        let cols = ((to.0 - from.0) / grid.cell).round();
        let rows = ((to.1 - from.1) / grid.cell).round();
        let route = if cols == 0.0 && rows == 0.0 {
            // A tap: the one way the piece can step, if it has only one.
            let ways: Vec<char> = (DIRECTION_LETTERS.iter().copied())
                .filter(|letter| rules.apply(&mut anchors.to_vec(), &format!("{name} {letter}")).is_ok())
                .collect();
            match ways[..] {
                [only] => only.to_string(),
                _ => return Vec::new(),
            }
        } else {
            let anchor = usize::from(anchors[slot]);
            let (to_row, to_col) = ((anchor / width) as f64 + rows, (anchor % width) as f64 + cols);
            if to_row < 0.0 || to_col < 0.0 || to_row >= height as f64 || to_col >= width as f64 {
                return Vec::new();
            }
            let target = to_row as usize * width + to_col as usize;
            match u16::try_from(target).ok().and_then(|target| rules.route(anchors, slot, target)) {
                Some(route) if !route.is_empty() => route,
                _ => return Vec::new(),
            }
        };
        let parts: Vec<String> = match metric {
            Metric::Unit => route.chars().map(String::from).collect(),
            Metric::Slide => runs(&route),
            Metric::Piece => vec![route],
        };
        parts.into_iter().map(|part| format!("{name} {part}")).collect()
    }

    /// The keys: a piece's letter chooses it (pressed again: the next piece of that letter),
    /// the arrow keys step the piece chosen one cell (a move in every metric), Escape lets it
    /// go. None for other keys, and for the arrows with no piece chosen.
    pub(super) fn key(&self, anchors: &[u16], key: &str) -> Option<Vec<String>> {
        let rules = self.rules(Metric::Unit);
        if key == "Escape" {
            return self.chosen.take().map(|_| Vec::new());
        }
        if let Some(way) = ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"].iter().position(|&k| k == key) {
            let slot = self.chosen.get()?;
            let step = format!("{} {}", rules.slots[slot].name(), DIRECTION_LETTERS[way]);
            return Some(if rules.apply(&mut anchors.to_vec(), &step).is_ok() { vec![step] } else { Vec::new() });
        }
        let mut chars = key.chars();
        let (Some(letter), None) = (chars.next(), chars.next()) else { return None };
        let named: Vec<usize> = (0..rules.slots.len())
            .filter(|&slot| char::from(rules.slots[slot].letter).eq_ignore_ascii_case(&letter))
            .collect();
        let after = self.chosen.get().and_then(|now| named.iter().copied().find(|&slot| slot > now));
        self.chosen.set(Some(after.or(named.first().copied())?));
        Some(Vec::new())
    }

    /// What a tap that moved nothing chose.
    pub(super) fn chosen_note(&self) -> Option<String> {
        let slot = self.chosen.get()?;
        let name = self.rules(Metric::Unit).slots.get(slot)?.name();
        Some(format!("Piece {name} chosen: drag it, or step it with the arrow keys (Esc lets go)."))
    }
}

/// A route cut into its straight runs: "DDRU" is "DD", "R", "U".
fn runs(route: &str) -> Vec<String> {
    let mut runs: Vec<String> = Vec::new();
    for letter in route.chars() {
        match runs.last_mut() {
            Some(run) if run.ends_with(letter) => run.push(letter),
            _ => runs.push(letter.to_string()),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use crate::draw::GridLayout;
    use crate::families::{self, SolveOptions};

    const SIZE: (f64, f64) = (400.0, 400.0);

    /// The centre of cell (row, col) of a `cols` x `rows` board drawn at [`SIZE`].
    fn centre(cols: usize, rows: usize, row: f64, col: f64) -> (f64, f64) {
        let grid = GridLayout::fit(cols, rows, SIZE.0, SIZE.1);
        let (x, y) = grid.at(row + 0.5, col + 0.5);
        (x, y)
    }

    /// The article maze (4 x 5): piece c is the 1x2 upright at column 2, rows 1-2.
    const ARTICLE: &str = "aabb\naacd\n  cd\neffh\neggi\na--\n";

    #[test]
    fn a_drag_moves_the_piece_by_the_cells_it_travels_in_the_metric_s_notation() {
        let puzzle = families::parse(Some("sliding"), ARTICLE).unwrap();
        let drag = |metric: &str, from: (f64, f64), to: (f64, f64)| {
            let options = SolveOptions { metric: Some(metric.into()), ..SolveOptions::default() };
            let moves = puzzle.moves_at(&options, &[], 0, centre(4, 5, from.0, from.1), centre(4, 5, to.0, to.1), SIZE);
            assert!(puzzle.check(&options, &moves).is_ok(), "{moves:?}");
            moves
        };
        // Row 2's columns 0-1 are the only free cells. g (row 4, columns 1-2) has nowhere to go.
        assert_eq!(drag("unit", (4.0, 1.0), (4.0, 3.0)), Vec::<String>::new());
        // The 2x2 a (rows 0-1) down one, taken by any of its cells; not down two (e is there).
        assert_eq!(drag("unit", (1.0, 1.0), (2.0, 1.0)), ["a D"]);
        assert_eq!(drag("unit", (0.0, 0.0), (2.0, 0.0)), Vec::<String>::new());
        // e (rows 3-4, column 0) up one.
        assert_eq!(drag("piece", (4.0, 0.0), (3.0, 0.0)), ["e U"]);
        // A tap on a piece with one way to go steps it that way; with none, nothing.
        assert_eq!(drag("unit", (3.0, 0.0), (3.0, 0.0)), ["e U"]);
        assert_eq!(drag("unit", (0.0, 2.0), (0.0, 2.0)), Vec::<String>::new());
    }

    #[test]
    fn a_route_with_a_turn_is_one_move_per_cell_per_run_or_whole() {
        // A 1x1 piece in an empty 3x3 room, dragged to the far corner: a shortest route turns once.
        let text = "a  \n   \n   \n--------a\n";
        let puzzle = families::parse(Some("sliding"), text).unwrap();
        let played = |metric: &str| {
            let options = SolveOptions { metric: Some(metric.into()), ..SolveOptions::default() };
            let moves = puzzle.moves_at(&options, &[], 0, centre(3, 3, 0.0, 0.0), centre(3, 3, 2.0, 2.0), SIZE);
            assert!(puzzle.check(&options, &moves).is_ok(), "{metric}: {moves:?}");
            assert_eq!(puzzle.show(&moves, moves.len()), "   \n   \n  a\n", "{metric}: {moves:?}");
            moves
        };
        assert_eq!(played("unit").len(), 4);
        assert_eq!(played("slide").len(), 2);
        assert_eq!(played("piece").len(), 1);
        assert_eq!(super::runs("DDRU"), ["DD", "R", "U"]);
    }

    /// The keyboard: a letter chooses a piece (again: the next of that letter), the arrows step
    /// it a cell where it is free to go, Escape lets it go; a tap chooses the piece too.
    #[test]
    fn a_piece_is_chosen_then_stepped_with_the_arrow_keys() {
        let puzzle = families::parse(Some("sliding"), ARTICLE).unwrap();
        let options = SolveOptions::default();
        let key = |moves: &[&str], key: &str| {
            let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            puzzle.moves_for_key(&options, &moves, moves.len(), key)
        };
        assert_eq!(key(&[], "ArrowDown"), None, "nothing chosen: the arrows are the page's");
        assert_eq!(key(&[], "A"), Some(vec![]));
        assert_eq!(
            (key(&[], "ArrowUp"), key(&[], "ArrowDown")),
            (Some(vec![]), Some(vec!["a D".to_string()])),
            "a: the wall above, free below"
        );
        assert_eq!(key(&["a D"], "ArrowDown"), Some(vec![]), "e is below it now");
        assert_eq!((key(&[], "Escape"), key(&[], "ArrowDown"), key(&[], "Escape")), (Some(vec![]), None, None));
        assert_eq!(key(&[], "x"), None, "no piece x");
        // A tap on e (rows 3-4, column 0) steps it up, its one way, and chooses it.
        assert_eq!(puzzle.moves_at(&options, &[], 0, centre(4, 5, 3.0, 0.0), centre(4, 5, 3.0, 0.0), SIZE), ["e U"]);
        assert_eq!(key(&[], "ArrowUp"), Some(vec!["e U".to_string()]));
        // c (column 2, rows 1-2) cannot move: the tap chooses it, and says so.
        assert_eq!(
            puzzle.moves_at(&options, &[], 0, centre(4, 5, 1.0, 2.0), centre(4, 5, 1.0, 2.0), SIZE),
            Vec::<String>::new()
        );
        assert!(puzzle.name_at(&[], 0, centre(4, 5, 1.0, 2.0), SIZE).is_some_and(|n| n.starts_with("Piece c chosen")));
        // Two pieces of the kind s: the letter again chooses the next, then the first again.
        let kinds = families::parse(Some("sliding"), "pieces: s=1x1\nss \n   \n--s\n").unwrap();
        let step = |key: &str| kinds.moves_for_key(&options, &[], 0, key);
        assert_eq!((step("s"), step("ArrowDown")), (Some(vec![]), Some(vec!["s1 D".to_string()])));
        assert_eq!((step("s"), step("ArrowDown")), (Some(vec![]), Some(vec!["s2 D".to_string()])));
        assert_eq!((step("s"), step("ArrowRight")), (Some(vec![]), Some(vec![])), "s1 again: s2 is on its right");
    }
}
