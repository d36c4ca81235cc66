//! The least total cost of giving each box a goal of its own: the assignment problem, solved
//! by the Hungarian method with potentials (O(n³)). With each box's cost to each goal its
//! pushes on an empty board, the least assignment is a lower bound on the pushes still to make,
//! and far stronger than each box going to its nearest goal, since two boxes cannot share one.
//! A search asks for it at every position it expands, so the method starts from each row's
//! cheapest goal (most boxes are matched there at once) and reads the costs laid out in rows.

/// A cost that means "never": a box that cannot reach that goal.
pub const NEVER: u32 = 1 << 20;

/// The least sum of `cost(row, column)` over a perfect matching of the `n` rows to the `n`
/// columns. `u` and `v` are room for the potentials (n + 1 each), `way` and `least` too, so that
/// a search calling this for every position allocates nothing.
pub struct Assignment {
    u: Vec<i64>,
    v: Vec<i64>,
    matched: Vec<usize>,
    way: Vec<usize>,
    least: Vec<i64>,
    used: Vec<bool>,
    /// The costs, a row after another (n × n): the method reads each many times, and a row laid
    /// out in order is read far faster than the caller's costs looked up one by one.
    costs: Vec<u32>,
}

impl Assignment {
    pub fn new(n: usize) -> Assignment {
        Assignment {
            u: vec![0; n + 1],
            v: vec![0; n + 1],
            matched: vec![0; n + 1],
            way: vec![0; n + 1],
            least: vec![0; n + 1],
            used: vec![false; n + 1],
            costs: vec![0; n * n],
        }
    }

    /// The least total cost; `cost(row, column)` for rows and columns 0..n. The matching and
    /// potentials found stay, for [`Assignment::replace_row`].
    pub fn least(&mut self, n: usize, cost: impl Fn(usize, usize) -> u32) -> u64 {
        self.room(n);
        for (at, slot) in self.costs[..n * n].iter_mut().enumerate() {
            *slot = cost(at / n, at % n);
        }
        self.start(n);
        for row in 1..=n {
            if !self.matched[1..=n].contains(&row) {
                self.augment(n, row);
            }
        }
        self.total(n)
    }

    /// A start for the method, so that most rows need no augmenting search: each row's
    /// potential its least cost, each column's the least cost left in it, and each row matched
    /// to a free column whose cost those potentials use up, where there is one. The potentials
    /// stay feasible and the matches tight, all the method asks of a start.
    fn start(&mut self, n: usize) {
        let Assignment { u, v, matched, costs, .. } = self;
        u[0] = 0;
        v[0] = 0;
        matched[..=n].fill(0);
        for row in 1..=n {
            u[row] = costs[(row - 1) * n..row * n].iter().map(|&c| i64::from(c)).min().unwrap_or(0);
        }
        for column in 1..=n {
            let reduced = (1..=n).map(|row| i64::from(costs[(row - 1) * n + column - 1]) - u[row]);
            v[column] = reduced.min().unwrap_or(0);
        }
        for row in 1..=n {
            let tight = (1..=n).find(|&column| {
                matched[column] == 0 && i64::from(costs[(row - 1) * n + column - 1]) == u[row] + v[column]
            });
            if let Some(column) = tight {
                matched[column] = row;
            }
        }
    }

    /// The least total cost after row `row`'s costs changed (a box pushed), from the matching
    /// and potentials of `before` (the same rows before the change): the row is unmatched and
    /// matched again by one augmenting search, O(n²) rather than the O(n³) of starting afresh.
    /// The other rows keep feasible potentials and tight matches, so the result is optimal.
    pub fn replace_row(
        &mut self,
        before: &Assignment,
        n: usize,
        row: usize,
        cost: impl Fn(usize, usize) -> u32,
    ) -> u64 {
        self.room(n);
        self.u[..=n].copy_from_slice(&before.u[..=n]);
        self.v[..=n].copy_from_slice(&before.v[..=n]);
        self.matched[..=n].copy_from_slice(&before.matched[..=n]);
        self.costs[..n * n].copy_from_slice(&before.costs[..n * n]);
        for (column, slot) in self.costs[row * n..(row + 1) * n].iter_mut().enumerate() {
            *slot = cost(row, column);
        }
        if let Some(column) = (1..=n).find(|&j| self.matched[j] == row + 1) {
            self.matched[column] = 0;
        }
        self.augment(n, row + 1);
        self.total(n)
    }

    /// Room for `n` rows.
    fn room(&mut self, n: usize) {
        if self.u.len() < n + 1 {
            *self = Assignment::new(n);
        }
    }

    fn total(&self, n: usize) -> u64 {
        (1..=n).map(|j| u64::from(self.costs[(self.matched[j] - 1) * n + j - 1])).sum()
    }

    /// Matches row `row` (from 1) along a shortest augmenting path (e-maxx's formulation).
    fn augment(&mut self, n: usize, row: usize) {
        let Assignment { u, v, matched, way, least, used, costs } = self;
        matched[0] = row;
        let mut column = 0;
        least[..=n].fill(i64::MAX);
        used[..=n].fill(false);
        loop {
            used[column] = true;
            let at = matched[column];
            let costs = &costs[(at - 1) * n..at * n];
            let mut delta = i64::MAX;
            let mut next = 0;
            for j in 1..=n {
                if !used[j] {
                    let reduced = i64::from(costs[j - 1]) - u[at] - v[j];
                    if reduced < least[j] {
                        least[j] = reduced;
                        way[j] = column;
                    }
                    if least[j] < delta {
                        delta = least[j];
                        next = j;
                    }
                }
            }
            for j in 0..=n {
                if used[j] {
                    u[matched[j]] += delta;
                    v[j] -= delta;
                } else {
                    least[j] -= delta;
                }
            }
            column = next;
            if matched[column] == 0 {
                break;
            }
        }
        loop {
            let previous = way[column];
            matched[column] = matched[previous];
            column = previous;
            if column == 0 {
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every permutation's cost, the least of them: the answer by brute force.
    fn brute(matrix: &[Vec<u32>]) -> u64 {
        fn go(matrix: &[Vec<u32>], row: usize, used: &mut Vec<bool>) -> u64 {
            if row == matrix.len() {
                return 0;
            }
            let mut best = u64::MAX;
            for col in 0..matrix.len() {
                if !used[col] {
                    used[col] = true;
                    best = best.min(u64::from(matrix[row][col]) + go(matrix, row + 1, used));
                    used[col] = false;
                }
            }
            best
        }
        go(matrix, 0, &mut vec![false; matrix.len()])
    }

    #[test]
    fn agrees_with_trying_every_assignment() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        let mut assignment = Assignment::new(1);
        for n in 1..=7 {
            for _ in 0..30 {
                let matrix: Vec<Vec<u32>> = (0..n)
                    .map(|_| (0..n).map(|_| if next() % 7 == 0 { NEVER } else { next() % 20 }).collect())
                    .collect();
                assert_eq!(assignment.least(n, |r, c| matrix[r][c]), brute(&matrix), "{matrix:?}");
            }
        }
        // One row changed at a time, from the matching before: the same as from scratch.
        let mut before = Assignment::new(1);
        let mut after = Assignment::new(1);
        for n in 1..=7 {
            for _ in 0..30 {
                let mut matrix: Vec<Vec<u32>> = (0..n)
                    .map(|_| (0..n).map(|_| if next() % 7 == 0 { NEVER } else { next() % 20 }).collect())
                    .collect();
                before.least(n, |r, c| matrix[r][c]);
                let row = next() as usize % n;
                matrix[row] = (0..n).map(|_| if next() % 7 == 0 { NEVER } else { next() % 20 }).collect();
                assert_eq!(after.replace_row(&before, n, row, |r, c| matrix[r][c]), brute(&matrix), "{matrix:?}");
            }
        }
        // Two boxes nearest the same goal (1 push each): one of them must go to the other goal.
        assert_eq!(assignment.least(2, |r, c| [[1, 5], [1, 9]][r][c]), 6);
    }
}
