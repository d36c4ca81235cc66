//! Play: the moves a drag on the board makes (a piece taken where the pointer goes down, moved
//! by the cells it travels, along a shortest free route), or a tap (a piece with one way to go
//! steps that way), written in the metric's notation: one move per cell (unit), per straight
//! run (slide), or the whole route (piece).

use super::draw;
use super::metric::Metric;
use super::rules::DIRECTION_LETTERS;
use super::SlidingPuzzle;

impl SlidingPuzzle {
    pub(super) fn play(&self, metric: Metric, anchors: &[u16], from: (f64, f64), to: (f64, f64), size: (f64, f64)) -> Vec<String> {
        let rules = self.rules(metric);
        let (width, height) = (rules.width, rules.height);
        let grid = draw::layout(self, size.0, size.1);
        let Some((row, col)) = grid.cell_at(from.0, from.1) else { return Vec::new() };
        let covers = |slot: usize| rules.shapes[rules.slots[slot].shape].cells(anchors[slot], width).any(|c| c == row * width + col);
        let Some(slot) = (0..anchors.len()).find(|&slot| covers(slot)) else { return Vec::new() };
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
}
