//! What a goal regex asks of the board.
//!
//! The goal is searched in the board flattened as `"-" x width`, the rows joined by `"-"`, then
//! `"-" x width`. Most goals are a fixed-length run of character sets (`a--`, `-.aa.----$`, a
//! whole board): those become a predicate on piece positions, which is far faster than running
//! the regex on every state, gives A* a heuristic, and, for a whole board, an explicit goal state
//! for bidirectional search. Everything else falls back to the regex itself.

use regex_syntax::hir::{Class, Hir, HirKind, Look};

/// A set of the characters a flattened board can hold: 'a'..'z' as bits 0..26, then '-', ' ', '#'.
pub type CharSet = u32;
pub const DASH: CharSet = 1 << 26;
pub const SPACE: CharSet = 1 << 27;
pub const WALL: CharSet = 1 << 28;

pub fn char_bit(c: u8) -> CharSet {
    match c {
        b'a'..=b'z' => 1 << (c - b'a'),
        b'-' => DASH,
        b' ' => SPACE,
        b'#' => WALL,
        _ => 0,
    }
}

/// A regex that is one character set per position, maybe anchored at either end.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    pub sets: Vec<CharSet>,
    pub at_start: bool,
    pub at_end: bool,
}

const MAX_PATTERN: usize = 4096;

pub fn fixed_pattern(hir: &Hir) -> Option<Pattern> {
    let items: Vec<&Hir> = match hir.kind() {
        HirKind::Concat(items) => items.iter().collect(),
        _ => vec![hir],
    };
    let mut pattern = Pattern { sets: Vec::new(), at_start: false, at_end: false };
    let last = items.len().saturating_sub(1);
    for (i, item) in items.iter().enumerate() {
        match item.kind() {
            HirKind::Look(look) if i == 0 && is_start(*look) => pattern.at_start = true,
            HirKind::Look(look) if i == last && is_end(*look) => pattern.at_end = true,
            _ => pattern.sets.extend(sets_of(item)?),
        }
        if pattern.sets.len() > MAX_PATTERN {
            return None;
        }
    }
    Some(pattern)
}

fn is_start(look: Look) -> bool {
    matches!(look, Look::Start | Look::StartLF | Look::StartCRLF)
}

fn is_end(look: Look) -> bool {
    matches!(look, Look::End | Look::EndLF | Look::EndCRLF)
}

fn sets_of(hir: &Hir) -> Option<Vec<CharSet>> {
    match hir.kind() {
        HirKind::Empty => Some(Vec::new()),
        HirKind::Literal(literal) => {
            if !literal.0.is_ascii() {
                return None;
            }
            Some(literal.0.iter().map(|&b| char_bit(b)).collect())
        }
        HirKind::Class(class) => Some(vec![class_set(class)]),
        HirKind::Capture(capture) => sets_of(&capture.sub),
        HirKind::Concat(items) => {
            let mut sets = Vec::new();
            for item in items {
                sets.extend(sets_of(item)?);
                if sets.len() > MAX_PATTERN {
                    return None;
                }
            }
            Some(sets)
        }
        HirKind::Repetition(rep) if Some(rep.min) == rep.max && rep.min as usize <= MAX_PATTERN => {
            let one = sets_of(&rep.sub)?;
            if one.len() * rep.min as usize > MAX_PATTERN {
                return None;
            }
            Some(one.repeat(rep.min as usize))
        }
        _ => None,
    }
}

const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxyz- #";

fn class_set(class: &Class) -> CharSet {
    let mut set = 0;
    for &c in ALPHABET {
        let inside = match class {
            Class::Unicode(u) => u.ranges().iter().any(|r| r.start() <= c as char && c as char <= r.end()),
            Class::Bytes(b) => b.ranges().iter().any(|r| r.start() <= c && c <= r.end()),
        };
        if inside {
            set |= char_bit(c);
        }
    }
    set
}

/// For each letter, the places in the regex that can match it. Two letters with the same
/// signature are treated alike by the regex, so swapping them never changes whether it matches.
pub fn letter_signatures(hir: &Hir) -> Vec<Vec<u32>> {
    let mut signatures = vec![Vec::new(); 26];
    let mut next_place = 0u32;
    walk(hir, &mut signatures, &mut next_place);
    signatures
}

/// Adds the next place to the signature of every letter in `set`: one character of the pattern.
fn mark(set: CharSet, signatures: &mut [Vec<u32>], next_place: &mut u32) {
    for (letter, signature) in signatures.iter_mut().enumerate() {
        if set & (1 << letter) != 0 {
            signature.push(*next_place);
        }
    }
    *next_place += 1;
}

/// The same for a goal only Perl-style backtracking reads (fancy-regex's tree). Atoms are read
/// as above; a backreference adds no place, since it matches again what its group matched, so
/// it treats two letters alike exactly when the group does (`([ij])\1` treats i and j alike).
/// A lookaround's atoms count like any others.
#[cfg(feature = "perl-goals")]
pub fn perl_signatures(expr: &fancy_regex::Expr) -> Vec<Vec<u32>> {
    let mut signatures = vec![Vec::new(); 26];
    let mut next_place = 0u32;
    walk_perl(expr, &mut signatures, &mut next_place);
    signatures
}

#[cfg(feature = "perl-goals")]
fn walk_perl(expr: &fancy_regex::Expr, signatures: &mut [Vec<u32>], next_place: &mut u32) {
    use fancy_regex::Expr;
    match expr {
        Expr::Literal { val, casei } => {
            for b in val.bytes() {
                mark(char_bit(if *casei { b.to_ascii_lowercase() } else { b }), signatures, next_place);
            }
        }
        Expr::LiteralBytes { bytes } => bytes.iter().for_each(|&b| mark(char_bit(b), signatures, next_place)),
        Expr::Any { .. } => mark(!0, signatures, next_place),
        // A part fancy-regex hands to the plain engine: read it as the plain engine does; if
        // that fails, give every letter a place of its own, so that none is merged.
        Expr::Delegate { inner, casei } => {
            match regex_syntax::ParserBuilder::new().case_insensitive(*casei).build().parse(inner) {
                Ok(hir) => walk(&hir, signatures, next_place),
                Err(_) => (0..26).for_each(|letter| mark(1 << letter, signatures, next_place)),
            }
        }
        other => {
            for child in other.children_iter() {
                walk_perl(child, signatures, next_place);
            }
        }
    }
}

/// Why a goal only Perl-style backtracking reads cannot stand as written, as Perl itself would
/// refuse it, with the text to point at: a repeat of at least m and at most n times with m > n
/// (`a{2,1}`), a part handed to the plain engine that it cannot read (`[[:bogus:]]`), or a goal
/// that reads as nothing, which every position matches (`(?R)`: fancy-regex has no recursion).
/// None when it stands.
#[cfg(feature = "perl-goals")]
pub fn perl_fault(expr: &fancy_regex::Expr) -> Option<(String, Option<String>)> {
    use fancy_regex::Expr;
    match expr {
        Expr::Empty => Some((
            "it says nothing, so every position would match it (recursion such as (?R) is not supported)".into(),
            None,
        )),
        Expr::Repeat { lo, hi, .. } if lo > hi => Some((
            format!("{{{lo},{hi}}} asks for at least {lo} and at most {hi} repeats"),
            Some(format!("{{{lo},{hi}}}")),
        )),
        Expr::Delegate { inner, casei } => {
            regex_syntax::ParserBuilder::new().case_insensitive(*casei).build().parse(inner).err().map(|e| {
                let message = match &e {
                    regex_syntax::Error::Parse(p) => p.kind().to_string(),
                    regex_syntax::Error::Translate(t) => t.kind().to_string(),
                    _ => "it could not be read".to_string(),
                };
                (format!("{inner} cannot be read: {message}"), Some(inner.clone()))
            })
        }
        other => other.children_iter().find_map(|child| match child {
            // An empty part inside a goal (`a|`) is fine; only a goal that is nothing at all is not.
            Expr::Empty => None,
            child => perl_fault(child),
        }),
    }
}

/// A goal the plain engine reads that every position matches: one that can match an empty text
/// and asserts nothing (no `^`, `$` or `\b`), as `(?R)` (there a flag, not Perl's recursion).
pub fn matches_everywhere(hir: &Hir) -> bool {
    hir.properties().minimum_len() == Some(0) && hir.properties().look_set().is_empty()
}

/// A `[:name:]` inside a bracketed class that names no POSIX class (`[[:bogus:]]`): Perl refuses
/// it, where the plain engine would read the characters `:bogus`. Returns its text.
pub fn unknown_posix_class(goal: &str) -> Option<&str> {
    const NAMES: [&str; 14] = [
        "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper",
        "word", "xdigit",
    ];
    let bytes = goal.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'[' if depth > 0 && bytes.get(i + 1) == Some(&b':') => {
                let named = goal[i + 2..].find(":]").map(|end| &goal[i + 2..i + 2 + end]);
                match named.map(|name| name.strip_prefix('^').unwrap_or(name)) {
                    Some(name) if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphabetic()) => {
                        let whole =
                            &goal[i..i + 2 + name.len() + usize::from(named.is_some_and(|n| n.starts_with('^'))) + 2];
                        if !NAMES.contains(&name) {
                            return Some(whole);
                        }
                        i += whole.len() - 1;
                    }
                    _ => depth += 1,
                }
            }
            b'[' => depth += 1,
            b']' if depth > 0 => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    None
}

fn walk(hir: &Hir, signatures: &mut [Vec<u32>], next_place: &mut u32) {
    match hir.kind() {
        HirKind::Literal(literal) => literal.0.iter().for_each(|&b| mark(char_bit(b), signatures, next_place)),
        HirKind::Class(class) => mark(class_set(class), signatures, next_place),
        HirKind::Capture(capture) => walk(&capture.sub, signatures, next_place),
        HirKind::Repetition(rep) => walk(&rep.sub, signatures, next_place),
        HirKind::Concat(items) | HirKind::Alternation(items) => {
            for item in items {
                walk(item, signatures, next_place);
            }
        }
        HirKind::Empty | HirKind::Look(_) => {}
    }
}

/// What one placement of a fixed pattern on the board requires.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Needs {
    /// (letter, cells that letter must cover).
    pub letters: Vec<(u8, Vec<usize>)>,
    /// Cells that must be empty.
    pub empties: Vec<usize>,
}

/// The board as the goal sees it.
pub struct Geometry<'a> {
    pub width: usize,
    pub height: usize,
    /// Row-major: true for walls.
    pub walls: &'a [bool],
    /// Letters on the board.
    pub letters: CharSet,
}

enum Place {
    Border,
    Cell(usize),
}

impl Geometry<'_> {
    pub fn flat_len(&self) -> usize {
        self.width * self.height + self.height.saturating_sub(1) + 2 * self.width
    }

    fn place(&self, position: usize) -> Place {
        let w = self.width;
        if position < w || position >= self.flat_len() - w {
            return Place::Border;
        }
        let inner = position - w;
        let (row, col) = (inner / (w + 1), inner % (w + 1));
        if col == w {
            Place::Border
        } else {
            Place::Cell(row * w + col)
        }
    }

    /// Where a flattened string position of cell `index` is.
    pub fn flat_position(&self, index: usize) -> usize {
        self.width + (index / self.width) * (self.width + 1) + index % self.width
    }

    /// Every placement of `pattern` that the fixed parts of the board (borders, walls) allow,
    /// with what each asks of the movable parts. None when a placement asks for something that
    /// is not one letter, empty, or anything (e.g. "a or b"): then only the regex can tell.
    pub fn placements(&self, pattern: &Pattern) -> Option<Vec<Needs>> {
        let total = self.flat_len();
        let len = pattern.sets.len();
        if len > total {
            return Some(Vec::new());
        }
        let open = SPACE | self.letters;
        let offsets: Vec<usize> = match (pattern.at_start, pattern.at_end) {
            (true, true) if len == total => vec![0],
            (true, true) => vec![],
            (true, false) => vec![0],
            (false, true) => vec![total - len],
            (false, false) => (0..=total - len).collect(),
        };
        let mut all = Vec::new();
        'offsets: for offset in offsets {
            let mut needs = Needs::default();
            for (k, &set) in pattern.sets.iter().enumerate() {
                match self.place(offset + k) {
                    Place::Border if set & DASH == 0 => continue 'offsets,
                    Place::Border => {}
                    Place::Cell(i) if self.walls[i] => {
                        if set & WALL == 0 {
                            continue 'offsets;
                        }
                    }
                    Place::Cell(i) => {
                        let allowed = set & open;
                        if allowed == 0 {
                            continue 'offsets;
                        } else if allowed == open {
                        } else if allowed == SPACE {
                            needs.empties.push(i);
                        } else if allowed.count_ones() == 1 {
                            let letter = b'a' + allowed.trailing_zeros() as u8;
                            match needs.letters.iter_mut().find(|(l, _)| *l == letter) {
                                Some((_, cells)) => cells.push(i),
                                None => needs.letters.push((letter, vec![i])),
                            }
                        } else {
                            return None;
                        }
                    }
                }
            }
            all.push(needs);
        }
        Some(all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hir(re: &str) -> Hir {
        regex_syntax::parse(re).unwrap()
    }

    #[test]
    fn fixed_patterns() {
        let p = fixed_pattern(&hir("-.aa.----$")).unwrap();
        assert_eq!(p.sets.len(), 9);
        assert!(p.at_end && !p.at_start);
        assert_eq!(p.sets[2], char_bit(b'a'));
        assert_eq!(p.sets[1] & (SPACE | DASH | WALL), SPACE | DASH | WALL);
        let p = fixed_pattern(&hir("^-{3}ab[ ]$")).unwrap();
        assert_eq!(p.sets, vec![DASH, DASH, DASH, char_bit(b'a'), char_bit(b'b'), SPACE]);
        assert!(fixed_pattern(&hir("ab|cd")).is_none());
        assert_eq!(fixed_pattern(&hir("a|b")).unwrap().sets, vec![char_bit(b'a') | char_bit(b'b')]);
        assert!(fixed_pattern(&hir("a+")).is_none());
    }

    #[test]
    fn signatures_tell_named_letters_apart() {
        let s = letter_signatures(&hir("-.aa.----$"));
        assert_ne!(s[0], s[1]);
        assert_eq!(s[1], s[2]);
        let s = letter_signatures(&hir("[gh]--"));
        assert_eq!(s[6], s[7]);
        assert_ne!(s[6], s[8]);
    }

    #[test]
    fn placements_of_a_corner_goal() {
        // 4x5 board, no walls: "a--" can only sit with a in the bottom-right cell.
        let walls = vec![false; 20];
        let g = Geometry { width: 4, height: 5, walls: &walls, letters: (1 << 9) - 1 };
        assert_eq!(g.flat_len(), 32);
        let p = fixed_pattern(&hir("a--")).unwrap();
        let placements = g.placements(&p).unwrap();
        assert_eq!(placements, vec![Needs { letters: vec![(b'a', vec![19])], empties: vec![] }]);
        let p = fixed_pattern(&hir("-.aa.----$")).unwrap();
        let placements = g.placements(&p).unwrap();
        assert_eq!(placements, vec![Needs { letters: vec![(b'a', vec![17, 18])], empties: vec![] }]);
        // "a." can sit anywhere a is followed by a cell or a separator.
        let p = fixed_pattern(&hir("a.")).unwrap();
        assert_eq!(g.placements(&p).unwrap().len(), 20);
        // A letter or a space at once: only the regex can tell.
        assert!(g.placements(&fixed_pattern(&hir("[a ]--")).unwrap()).is_none());
    }
}
