//! Draw mode for sliding blocks: paint pieces and walls, erase, resize, and set the goal by
//! choosing a piece and the cells it must cover. Every edit returns new puzzle text.

use super::format::Layout;
use super::metric::Metric;
use super::SlidingPuzzle;
use crate::families::Editor;

impl SlidingPuzzle {
    fn letters(&self) -> Vec<u8> {
        let mut letters: Vec<u8> = self.layout.cells.iter().copied().filter(u8::is_ascii_lowercase).collect();
        letters.sort_unstable();
        letters.dedup();
        letters
    }

    /// One edit; `toggle` (a click) takes away what is already there, a drag only sets.
    fn edit(&self, tool: &str, row: usize, col: usize, toggle: bool) -> Option<String> {
        let layout = &self.layout;
        if row >= layout.height || col >= layout.width {
            return None;
        }
        let current = layout.cell(row, col);
        let changed = match tool.split_once(':') {
            None if tool == "wall" => with_cell(layout, row, col, if toggle && current == b'#' { b' ' } else { b'#' }),
            None if tool == "erase" => with_cell(layout, row, col, b' '),
            Some(("piece", "new")) if toggle => {
                let used = self.letters();
                let letter = (b'a'..=b'z').find(|l| !used.contains(l))?;
                with_cell(layout, row, col, letter)
            }
            Some(("piece", "new")) => return None, // a drag does not start pieces
            Some(("piece", l)) => {
                let letter = *l.as_bytes().first().filter(|b| b.is_ascii_lowercase())?;
                // Clicking a cell of the same piece again takes it away.
                with_cell(layout, row, col, if toggle && current == letter { b' ' } else { letter })
            }
            // The piece's goal is where its shape would sit with its top-left corner on the cell
            // clicked: one click places the whole goal, in place of the old one (clicking it
            // again takes it away); a drag moves it along.
            Some(("goal", l)) => {
                let letter = *l.as_bytes().first().filter(|b| b.is_ascii_lowercase())?;
                let width = layout.width;
                let shape: Vec<usize> = (0..layout.cells.len()).filter(|&c| layout.cells[c] == letter).collect();
                let top = shape.iter().map(|c| c / width).min()?;
                let left = shape.iter().map(|c| c % width).min()?;
                let placed: Vec<usize> = (shape.iter())
                    .map(|c| (c / width - top + row, c % width - left + col))
                    .map(|(r, c)| (r < layout.height && c < width).then_some(r * width + c))
                    .collect::<Option<_>>()?;
                let mut wanted = self.goal_requirements();
                let mut before: Vec<usize> = wanted.iter().filter(|&&(_, w)| w == letter).map(|&(c, _)| c).collect();
                before.sort_unstable();
                wanted.retain(|&(c, w)| w != letter && !placed.contains(&c));
                if !(toggle && before == placed) {
                    wanted.extend(placed.iter().map(|&c| (c, letter)));
                }
                wanted.sort_unstable();
                let mut layout = layout.clone();
                layout.goal = goal_for(layout.width, layout.height, &wanted);
                layout
            }
            _ => return None,
        };
        (changed != *layout).then(|| changed.to_text())
    }

    /// The goal cells as the drawing shows them, when the goal is a fixed pattern.
    fn goal_requirements(&self) -> Vec<(usize, u8)> {
        self.rules(Metric::Unit).goal_cells.clone()
    }
}

/// A goal regex that asks for each (cell, letter) and nothing else: the whole flattened board,
/// anchored, with '.' for cells that may hold anything.
pub fn goal_for(width: usize, height: usize, wanted: &[(usize, u8)]) -> String {
    let mut rows = Vec::with_capacity(height);
    for r in 0..height {
        let mut row = String::new();
        let mut dots = 0;
        for c in 0..width {
            match wanted.iter().find(|(cell, _)| *cell == r * width + c) {
                Some(&(_, letter)) => {
                    row.push_str(&dots_text(dots));
                    dots = 0;
                    row.push(letter as char);
                }
                None => dots += 1,
            }
        }
        row.push_str(&dots_text(dots));
        rows.push(row);
    }
    let border = "-".repeat(width);
    format!("^{border}{}{border}$", rows.join("-"))
}

fn dots_text(n: usize) -> String {
    match n {
        0..=3 => ".".repeat(n),
        n => format!(".{{{n}}}"),
    }
}

fn with_cell(layout: &Layout, row: usize, col: usize, value: u8) -> Layout {
    let mut layout = layout.clone();
    layout.cells[row * layout.width + col] = value;
    layout
}

impl Editor for SlidingPuzzle {
    fn tools(&self) -> Vec<(String, String)> {
        let mut tools = vec![
            ("piece:new".to_string(), "New piece".to_string()),
            ("wall".to_string(), "Wall".to_string()),
            ("erase".to_string(), "Erase".to_string()),
        ];
        for letter in self.letters() {
            let l = letter as char;
            tools.push((format!("piece:{l}"), format!("Paint {l}")));
        }
        for letter in self.letters() {
            let l = letter as char;
            tools.push((format!("goal:{l}"), format!("Goal {l}")));
        }
        tools
    }

    fn apply(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        self.edit(tool, row, col, true)
    }

    fn paint(&self, tool: &str, row: usize, col: usize) -> Option<String> {
        self.edit(tool, row, col, false)
    }

    fn resize(&self, cols: usize, rows: usize) -> Option<String> {
        let old = &self.layout;
        if cols == 0 || rows == 0 || cols * rows > super::format::MAX_CELLS || (cols, rows) == (old.width, old.height) {
            return None;
        }
        let mut layout = old.clone();
        layout.width = cols;
        layout.height = rows;
        layout.cells = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                if r < old.height && c < old.width {
                    old.cell(r, c)
                } else {
                    b' '
                }
            })
            .collect();
        // A goal drawn on the board follows it; a hand-written goal is kept as written.
        let wanted = self.goal_requirements();
        if !wanted.is_empty() && layout.goal == goal_for(old.width, old.height, &wanted) {
            let moved: Vec<(usize, u8)> = wanted
                .iter()
                .filter(|(cell, _)| cell / old.width < rows && cell % old.width < cols)
                .map(|&(cell, l)| ((cell / old.width) * cols + cell % old.width, l))
                .collect();
            layout.goal = goal_for(cols, rows, &moved);
        }
        Some(layout.to_text())
    }

    fn size(&self) -> (usize, usize) {
        (self.layout.width, self.layout.height)
    }

    fn cell_at(&self, x: f64, y: f64, width: f64, height: f64) -> Option<(usize, usize)> {
        super::draw::layout(self, width, height).cell_at(x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KLOTSKI: &str = "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n";

    #[test]
    fn goal_text_is_compact_and_means_what_it_says() {
        let goal = goal_for(4, 5, &[(17, b'a'), (18, b'a')]);
        assert_eq!(goal, "^----.{4}-.{4}-.{4}-.{4}-.aa.----$");
        let text = KLOTSKI.replace("-.aa.----$", &goal);
        let puzzle = SlidingPuzzle::parse(&text).unwrap();
        assert_eq!(puzzle.rules(Metric::Unit).goal_cells, vec![(17, b'a'), (18, b'a')]);
    }

    /// A goal that asks a piece for more cells than it has is refused when read, at the goal line.
    #[test]
    fn a_goal_bigger_than_its_piece_is_refused_when_read() {
        let goal = goal_for(4, 5, &[(12, b'i'), (13, b'i'), (17, b'i')]);
        let error = SlidingPuzzle::parse(&KLOTSKI.replace("-.aa.----$", &goal)).err().unwrap();
        assert_eq!((error.line, error.column), (KLOTSKI.lines().count(), 1));
        assert_eq!(error.message, "the goal asks piece i to cover 3 cells, but it has 1: no position can meet it");
    }

    /// A goal drawn for a piece is its whole shape, placed where clicked, in place of the old
    /// goal: never a goal of more cells than the piece has.
    #[test]
    fn a_goal_click_places_the_piece_s_shape_in_place_of_its_old_goal() {
        let goal_of = |text: &str| SlidingPuzzle::parse(text).unwrap().rules(Metric::Unit).goal_cells.clone();
        let puzzle = SlidingPuzzle::parse(KLOTSKI).unwrap();
        assert_eq!(goal_of(KLOTSKI), vec![(17, b'a'), (18, b'a')]);
        // Klotski's a is 2x2: on (3, 1) its goal covers rows 3-4, columns 1-2.
        let placed = puzzle.apply("goal:a", 3, 1).unwrap();
        assert_eq!(goal_of(&placed), vec![(13, b'a'), (14, b'a'), (17, b'a'), (18, b'a')]);
        let moved = SlidingPuzzle::parse(&placed).unwrap().apply("goal:a", 0, 0).unwrap();
        assert_eq!(goal_of(&moved), vec![(0, b'a'), (1, b'a'), (4, b'a'), (5, b'a')]);
        // Clicking where it is takes it away; where it would leave the board, nothing.
        let gone = SlidingPuzzle::parse(&placed).unwrap().apply("goal:a", 3, 1).unwrap();
        assert!(!goal_of(&gone).iter().any(|&(_, l)| l == b'a'));
        assert_eq!(puzzle.apply("goal:a", 4, 3), None);
        let solved = crate::families::parse(Some("sliding"), &placed).unwrap();
        let report =
            solved.solve(&crate::families::SolveOptions::default(), &mut |_| crate::search::Flow::Continue).unwrap();
        assert_eq!(report.status, crate::families::Status::Solved);
    }

    #[test]
    fn painting_walls_pieces_and_goals() {
        let puzzle = SlidingPuzzle::parse(KLOTSKI).unwrap();
        let text = puzzle.apply("wall", 4, 1).unwrap();
        assert!(text.contains("i# j\n"), "{text}");
        let text = puzzle.apply("piece:new", 4, 1).unwrap();
        assert!(text.contains("ik j\n"), "{text}");
        let text = puzzle.apply("piece:a", 0, 1).unwrap();
        assert!(text.starts_with("b ac\n"), "painting a cell of a again clears it: {text}");
        assert_eq!(puzzle.apply("erase", 4, 2), None, "erasing an empty cell changes nothing");
        let text = puzzle.apply("goal:i", 0, 0).unwrap();
        let edited = SlidingPuzzle::parse(&text).unwrap();
        let mut goal = edited.rules(Metric::Unit).goal_cells.clone();
        goal.sort_unstable();
        assert_eq!(goal, vec![(0, b'i'), (17, b'a'), (18, b'a')]);
        // Toggling the same cell again takes it back off.
        let back = edited.apply("goal:i", 0, 0).unwrap();
        assert_eq!(SlidingPuzzle::parse(&back).unwrap().rules(Metric::Unit).goal_cells, vec![(17, b'a'), (18, b'a')]);
        assert!(puzzle.tools().iter().any(|(id, _)| id == "goal:j"));
        // Dragging only sets: a wall over a wall stays, a goal cell stays.
        let walled = SlidingPuzzle::parse(&puzzle.paint("wall", 4, 1).unwrap()).unwrap();
        assert_eq!(walled.paint("wall", 4, 1), None);
        assert_eq!(puzzle.paint("goal:a", 4, 1), None);
        assert_eq!(puzzle.paint("piece:a", 0, 1), None);
        assert_eq!(puzzle.paint("piece:new", 4, 1), None, "a drag does not start new pieces");
    }

    #[test]
    fn resizing_keeps_what_fits() {
        let puzzle = SlidingPuzzle::parse("ab\nc\nb--\n").unwrap();
        let text = puzzle.resize(3, 3).unwrap();
        let bigger = SlidingPuzzle::parse(&text).unwrap();
        assert_eq!(bigger.size(), (3, 3));
        assert_eq!(bigger.layout.cell(0, 1), b'b');
        let text = bigger.resize(1, 1).unwrap();
        assert_eq!(SlidingPuzzle::parse(&text).unwrap().layout.cells, vec![b'a']);
        assert_eq!(puzzle.resize(0, 3), None);
    }
}
