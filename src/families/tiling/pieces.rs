//! Polyomino pieces: the named pentominoes and tetrominoes, all hexominoes, and their
//! orientations.

/// A piece: a name and its cells as (row, col).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    pub name: String,
    pub cells: Vec<(i32, i32)>,
}

/// Cells from rows written `##/#.` (any character but `.` and space is a cell).
pub fn from_rows_public(rows: &str) -> Vec<(i32, i32)> {
    normalise(&from_rows("", rows).cells)
}

/// The cells of a piece's rows where they are drawn (row 0 is the first), not moved to the corner.
pub fn sketch(rows: &str) -> Vec<(i32, i32)> {
    from_rows("", rows.trim()).cells
}

/// Rows for cells drawn at these places (the inverse of [`sketch`]).
pub fn sketch_rows(cells: &[(i32, i32)]) -> String {
    let rows = cells.iter().map(|c| c.0).max().unwrap_or(-1) + 1;
    let cols = cells.iter().map(|c| c.1).max().unwrap_or(-1) + 1;
    (0..rows)
        .map(|r| (0..cols).map(|c| if cells.contains(&(r, c)) { '#' } else { '.' }).collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

fn from_rows(name: &str, rows: &str) -> Piece {
    let cells = rows
        .split('/')
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars().enumerate().filter(|(_, c)| *c != '.' && *c != ' ').map(move |(c, _)| (r as i32, c as i32))
        })
        .collect();
    Piece { name: name.to_string(), cells }
}

/// The 12 free pentominoes, by their usual letters.
pub fn pentominoes() -> Vec<Piece> {
    [
        ("F", ".##/##./.#."),
        ("I", "#####"),
        ("L", "#./#./#./##"),
        ("N", "##../.###"),
        ("P", "##/##/#."),
        ("T", "###/.#./.#."),
        ("U", "#.#/###"),
        ("V", "#../#../###"),
        ("W", "#../##./.##"),
        ("X", ".#./###/.#."),
        ("Y", ".#../####"),
        ("Z", "##./.#./.##"),
    ]
    .iter()
    .map(|(n, r)| from_rows(n, r))
    .collect()
}

/// The 5 free tetrominoes (I O T S L), named with a 4 (`O4`) to tell them from pentominoes;
/// `one_sided` adds the mirror images Z and J.
pub fn tetrominoes(one_sided: bool) -> Vec<Piece> {
    let mut list = vec![("I4", "####"), ("O4", "##/##"), ("T4", "###/.#."), ("S4", ".##/##."), ("L4", "#./#./##")];
    if one_sided {
        list.extend([("Z4", "##./.##"), ("J4", ".#/.#/##")]);
    }
    list.iter().map(|(n, r)| from_rows(n, r)).collect()
}

/// The 18 one-sided pentominoes: the 12, plus mirror images of the six that differ from theirs
/// (named with a trailing `'`).
pub fn one_sided_pentominoes() -> Vec<Piece> {
    let mut list = pentominoes();
    for p in pentominoes() {
        let mirrored: Vec<(i32, i32)> = p.cells.iter().map(|&(r, c)| (r, -c)).collect();
        if !orientations(&p.cells, false).contains(&normalise(&mirrored)) {
            list.push(Piece { name: format!("{}'", p.name), cells: mirrored });
        }
    }
    list
}

/// All 35 free hexominoes, named H1 to H35 (in the order their shapes sort).
pub fn hexominoes() -> Vec<Piece> {
    free_polyominoes(6).into_iter().enumerate().map(|(i, cells)| Piece { name: format!("H{}", i + 1), cells }).collect()
}

/// Cells moved so the smallest row and column are 0, sorted.
pub fn normalise(cells: &[(i32, i32)]) -> Vec<(i32, i32)> {
    let top = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let left = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<(i32, i32)> = cells.iter().map(|&(r, c)| (r - top, c - left)).collect();
    out.sort_unstable();
    out
}

/// A symmetry of the square, acting on (row, col).
pub type Symmetry = fn((i32, i32)) -> (i32, i32);

/// The 8 symmetries of the square; the first 4 are rotations.
pub const SYMMETRIES: [Symmetry; 8] = [
    |(r, c)| (r, c),
    |(r, c)| (c, -r),
    |(r, c)| (-r, -c),
    |(r, c)| (-c, r),
    |(r, c)| (r, -c),
    |(r, c)| (-c, -r),
    |(r, c)| (-r, c),
    |(r, c)| (c, r),
];

/// The distinct placements-to-be of a shape: rotations, and reflections when `mirror`.
pub fn orientations(cells: &[(i32, i32)], mirror: bool) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    for symmetry in SYMMETRIES.iter().take(if mirror { 8 } else { 4 }) {
        let turned = normalise(&cells.iter().map(|&c| symmetry(c)).collect::<Vec<_>>());
        if !out.contains(&turned) {
            out.push(turned);
        }
    }
    out
}

fn free_polyominoes(size: usize) -> Vec<Vec<(i32, i32)>> {
    let canonical = |cells: &[(i32, i32)]| orientations(cells, true).into_iter().min().unwrap_or_default();
    let mut level: Vec<Vec<(i32, i32)>> = vec![vec![(0, 0)]];
    for _ in 1..size {
        let mut next: Vec<Vec<(i32, i32)>> = Vec::new();
        for shape in &level {
            for &(r, c) in shape {
                for (dr, dc) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let cell = (r + dr, c + dc);
                    if shape.contains(&cell) {
                        continue;
                    }
                    let mut grown = shape.clone();
                    grown.push(cell);
                    let key = canonical(&grown);
                    if !next.contains(&key) {
                        next.push(key);
                    }
                }
            }
        }
        level = next;
    }
    level.sort();
    level
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_have_their_known_sizes() {
        assert!(pentominoes().iter().all(|p| p.cells.len() == 5));
        let fixed: usize = pentominoes().iter().map(|p| orientations(&p.cells, true).len()).sum();
        assert_eq!(fixed, 63, "the 12 free pentominoes have 63 fixed orientations");
        assert_eq!(one_sided_pentominoes().len(), 18);
        assert_eq!(hexominoes().len(), 35);
        assert_eq!(free_polyominoes(4).len(), 5);
        assert_eq!(free_polyominoes(5).len(), 12);
        // The named pentominoes are the 12 free ones.
        let mut named: Vec<_> =
            pentominoes().iter().map(|p| orientations(&p.cells, true).into_iter().min().unwrap()).collect();
        named.sort();
        assert_eq!(named, free_polyominoes(5));
    }
}
