//! Random perfect mazes (one way between any two cells), for "New maze" and the benchmarks.
//!
//! A depth-first "recursive backtracker" with an explicit stack, so 2000 x 2000 needs no deep
//! recursion. The generator is a seeded SplitMix64: the same seed gives the same maze on every
//! machine and in the browser, which a shared puzzle and a test both rely on.

use super::grid::{Geometry, Grid, Shape};

use crate::random::SplitMix;

/// A perfect square maze with mazegenerator.net's openings: the entrance on top at column
/// ⌊(cols−1)/2⌋, the exit at the bottom at column ⌊cols/2⌋.
pub fn perfect(cols: usize, rows: usize, seed: u64) -> Grid {
    let mut grid = Grid::walled(Shape::Square, rows, cols, Geometry::STANDARD);
    let mut random = SplitMix::new(seed);
    let mut visited = vec![false; grid.cells()];
    let mut stack = vec![random.below(grid.cells())];
    visited[stack[0]] = true;
    let mut choices = Vec::with_capacity(4);
    while let Some(&cell) = stack.last() {
        choices.clear();
        choices.extend((0..4u8).filter(|&side| grid.neighbour(cell, side).is_some_and(|n| !visited[n])));
        if choices.is_empty() {
            stack.pop();
            continue;
        }
        let side = choices[random.below(choices.len())];
        grid.set_wall(cell, side, false);
        if let Some(next) = grid.neighbour(cell, side) {
            visited[next] = true;
            stack.push(next);
        }
    }
    grid.set_wall((cols - 1) / 2, 0, false);
    grid.set_wall(grid.cell(rows - 1, cols / 2), 2, false);
    grid
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perfect_maze_has_cells_minus_one_passages_and_reaches_every_cell() {
        for (cols, rows, seed) in [(1, 1, 1), (5, 3, 2), (20, 20, 3), (31, 7, 4)] {
            let grid = perfect(cols, rows, seed);
            let inner: u32 = (0..grid.cells())
                .map(|c| (0..4u8).filter(|&s| grid.is_open(c, s) && grid.neighbour(c, s).is_some()).count() as u32)
                .sum();
            assert_eq!(inner / 2, (cols * rows - 1) as u32, "{cols}x{rows}");
            assert_eq!(grid.openings().len(), 2);
        }
        assert_eq!(perfect(9, 9, 42), perfect(9, 9, 42), "the same seed gives the same maze");
        assert_ne!(perfect(9, 9, 42), perfect(9, 9, 43));
    }
}
