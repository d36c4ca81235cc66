//! LM-Solve's board files (`docs/specs/lmsolve.md` §2): case-insensitive `key = value`
//! lines, typed values, `<<TERM` layout blocks kept verbatim, and the wall layout that Minotaur
//! and the Tilt families share. Errors come where LM-Solve gives them, in our words, with the
//! line and column.

use crate::families::FormatError;
use std::collections::HashMap;

/// The value types a family declares for its keys (§2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Xy,
    XyList,
    PlankList,
    Layout,
}

pub type Xy = (i64, i64);

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Xy(Xy),
    XyList(Vec<Xy>),
    PlankList(Vec<(Xy, Xy)>),
    /// The block's lines, and the line number of the `layout =` line.
    Layout(Vec<String>, usize),
}

/// A parsed file: each key's value and the line it was on, and the value as written (its
/// column and text), which errors quote: a number too large to hold is quoted as it was
/// written, not as the largest one held.
pub struct Input {
    values: HashMap<String, (usize, Value)>,
    written: HashMap<String, (usize, String)>,
}

impl Input {
    pub fn xy(&self, key: &str) -> Xy {
        match self.values.get(key) {
            Some((_, Value::Xy(xy))) => *xy,
            _ => (0, 0),
        }
    }

    pub fn xy_list(&self, key: &str) -> Vec<Xy> {
        match self.values.get(key) {
            Some((_, Value::XyList(list))) => list.clone(),
            _ => Vec::new(),
        }
    }

    pub fn planks(&self, key: &str) -> Vec<(Xy, Xy)> {
        match self.values.get(key) {
            Some((_, Value::PlankList(list))) => list.clone(),
            _ => Vec::new(),
        }
    }

    /// The layout block's lines and the line number of its first line.
    pub fn layout(&self) -> (Vec<String>, usize) {
        match self.values.get("layout") {
            Some((_, Value::Layout(lines, at))) => (lines.clone(), at + 1),
            _ => (Vec::new(), 1),
        }
    }

    /// The line a key was given on.
    pub fn line(&self, key: &str) -> usize {
        self.values.get(key).map_or(1, |(line, _)| *line)
    }

    /// An error about a key's value, placed at the value and quoting it as written: `{value}` in
    /// `message` stands for it.
    pub fn value_error(&self, key: &str, message: &str) -> FormatError {
        let (column, text) = self.written.get(key).cloned().unwrap_or((1, String::new()));
        FormatError::new(self.line(key), column, message.replace("{value}", &text))
    }
}

/// A value read left to right, by hand: LM-Solve's few shapes of value (§2.2) need no regex
/// engine, and without one the page's first module, which detects these boards, is a seventh
/// smaller. Spaces (any Unicode white space) may stand between tokens; numbers are ASCII digits.
struct Scan<'a> {
    rest: &'a str,
}

impl<'a> Scan<'a> {
    fn eat(&mut self, token: &str) -> bool {
        match self.rest.trim_start().strip_prefix(token) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    /// The characters at the front that `keep` accepts, at least one, after any spaces.
    fn run(&mut self, keep: fn(char) -> bool) -> Option<&'a str> {
        let text = self.rest.trim_start();
        let end = text.find(|c: char| !keep(c)).unwrap_or(text.len());
        (end > 0).then(|| {
            self.rest = &text[end..];
            &text[..end]
        })
    }

    fn number(&mut self) -> bool {
        self.run(|c| c.is_ascii_digit()).is_some()
    }

    /// `(x, y)`
    fn xy(&mut self) -> bool {
        self.eat("(") && self.number() && self.eat(",") && self.number() && self.eat(")")
    }

    /// `((x, y) -> (x, y))`
    fn plank(&mut self) -> bool {
        self.eat("(") && self.xy() && self.eat("->") && self.xy() && self.eat(")")
    }

    /// `[item, item, …]`: at least one item.
    fn list(&mut self, item: fn(&mut Scan<'a>) -> bool) -> bool {
        if !(self.eat("[") && item(self)) {
            return false;
        }
        loop {
            if self.eat("]") {
                return true;
            }
            if !(self.eat(",") && item(self)) {
                return false;
            }
        }
    }

    fn ends(&self) -> bool {
        self.rest.trim_start().is_empty()
    }
}

fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether `value` has the shape of `kind`; for a layout, the word that ends its block.
fn shape_of(kind: Kind, value: &str) -> Option<&str> {
    let mut scan = Scan { rest: value };
    let read = match kind {
        Kind::Xy => scan.xy().then_some(""),
        Kind::XyList => scan.list(Scan::xy).then_some(""),
        Kind::PlankList => scan.list(Scan::plank).then_some(""),
        Kind::Layout => value.strip_prefix("<<").and_then(|rest| {
            scan.rest = rest;
            scan.run(is_word)
        }),
    };
    read.filter(|_| scan.ends())
}

/// A key line, `name = …` (spaces allowed before and around the name): the name, where it
/// starts, and where the text after the `=` starts.
fn key_of(line: &str) -> Option<(&str, usize, usize)> {
    let mut scan = Scan { rest: line };
    let name = scan.run(is_word)?;
    let start = name.as_ptr() as usize - line.as_ptr() as usize;
    scan.eat("=").then(|| (name, start, line.len() - scan.rest.len()))
}

/// Whether a line gives a key (`name = …`).
pub fn is_key_line(line: &str) -> bool {
    key_of(line).is_some()
}

fn numbers(text: &str) -> Vec<i64> {
    // Coordinates beyond i64 are no board; saturate and let range checks refuse them.
    text.split(|c: char| !c.is_ascii_digit())
        .filter(|run| !run.is_empty())
        .map(|run| run.parse::<i64>().unwrap_or(i64::MAX))
        .collect()
}

/// The lines of a file, each without its line end (a trailing `\r` is dropped too: the spec's
/// recommended deviation, harmless on every board).
pub fn lines(text: &str) -> Vec<&str> {
    text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect()
}

/// The keys a text gives (lowercased, each once; layout blocks skipped), for detection.
pub fn keys_in(text: &str) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let mut in_layout: Option<String> = None;
    for line in lines(text) {
        if let Some(term) = &in_layout {
            if line.trim() == term {
                in_layout = None;
            }
            continue;
        }
        // A key starts with a word character: most lines of other formats (SVG's `<`, board
        // rows) are passed over without running the pattern.
        let first = line.trim_start().chars().next();
        if !first.is_some_and(|c| !c.is_ascii() || c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let Some((name, _, after)) = key_of(line) else { continue };
        let key = name.to_ascii_lowercase();
        if key == "layout" {
            in_layout = shape_of(Kind::Layout, line[after..].trim_start()).map(str::to_string);
        }
        if !found.contains(&key) {
            found.push(key); // a key given twice is the parser's to point at
        }
    }
    found
}

/// Whether the keys found (see [`keys_in`]) are a family's: every required key, no other.
pub fn has_keys(found: &[String], keys: &[(&str, Kind)]) -> bool {
    found.len() == keys.len() && keys.iter().all(|(k, _)| found.iter().any(|f| f == k))
}

/// Reads the keys a family declares; every one is required (as in every shipped family).
pub fn read(text: &str, keys: &[(&str, Kind)]) -> Result<Input, FormatError> {
    let all = lines(text);
    let mut values: HashMap<String, (usize, Value)> = HashMap::new();
    let mut written: HashMap<String, (usize, String)> = HashMap::new();
    let mut i = 0;
    while i < all.len() {
        let line = all[i];
        let line_no = i + 1;
        i += 1;
        let Some((name, start, after)) = key_of(line) else {
            // LM-Solve skips every other line: blank ones, comments, anything.
            continue;
        };
        let key = name.to_ascii_lowercase();
        let column = start + 1;
        let Some(&(_, kind)) = keys.iter().find(|(k, _)| *k == key) else {
            let known: Vec<&str> = keys.iter().map(|(k, _)| *k).collect();
            return Err(FormatError::new(
                line_no,
                column,
                format!("unknown key \"{name}\"; this kind of board takes {}", known.join(", ")),
            ));
        };
        if values.contains_key(&key) {
            return Err(FormatError::new(
                line_no,
                column,
                format!("the key \"{name}\" is given twice (first on line {})", values[&key].0),
            ));
        }
        let value = line[after..].trim_start();
        let value_column = line.len() - value.len() + 1;
        let Some(term) = shape_of(kind, value) else {
            let shape = match kind {
                Kind::Xy => "a pair of unsigned numbers such as (3, 4)",
                Kind::XyList => "a list of pairs such as [ (0,0), (2,1) ]",
                Kind::PlankList => "a list of planks such as [ ((0,1) -> (2,1)) , ((1,4) -> (2,4)) ]",
                Kind::Layout => "<<END, with the layout on the next lines and END on a line of its own after it",
            };
            return Err(FormatError::new(line_no, value_column, format!("the value of \"{name}\" should be {shape}")));
        };
        let parsed = match kind {
            Kind::Xy => {
                let n = numbers(value);
                Value::Xy((n[0], n[1]))
            }
            Kind::XyList => Value::XyList(numbers(value).chunks(2).map(|p| (p[0], p[1])).collect()),
            Kind::PlankList => {
                Value::PlankList(numbers(value).chunks(4).map(|p| ((p[0], p[1]), (p[2], p[3]))).collect())
            }
            Kind::Layout => {
                let term = term.to_string();
                let mut block = Vec::new();
                loop {
                    let Some(next) = all.get(i) else {
                        return Err(FormatError::new(
                            all.len(),
                            1,
                            format!("the file ends before the line \"{term}\" that closes the layout begun on line {line_no}"),
                        ));
                    };
                    i += 1;
                    if next.trim() == term {
                        break;
                    }
                    block.push(next.to_string());
                }
                Value::Layout(block, line_no)
            }
        };
        written.insert(key.clone(), (value_column, value.trim_end().to_string()));
        values.insert(key, (line_no, parsed));
    }
    for (key, _) in keys {
        if !values.contains_key(*key) {
            return Err(FormatError::new(
                all.len().max(1),
                1,
                format!("the key \"{key}\" is missing; this kind of board needs it"),
            ));
        }
    }
    Ok(Input { values, written })
}

/// Walls around a grid (§2.3): `h[y][x]` is a wall above cell (x, y), `v[y][x]` one to its left.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Walls {
    pub width: usize,
    pub height: usize,
    pub h: Vec<Vec<bool>>,
    pub v: Vec<Vec<bool>>,
}

impl Walls {
    /// Reads `2·height + 1` lines: H-lines of exactly `width` characters (space, `_` or `-`)
    /// and V-lines of exactly `width + 1` (space or `|`). `first_line` numbers the block.
    pub fn read(width: usize, height: usize, block: &[String], first_line: usize) -> Result<Walls, FormatError> {
        let mut h = Vec::with_capacity(height + 1);
        let mut v = Vec::with_capacity(height);
        for index in 0..=2 * height {
            let line = block.get(index).map_or("", String::as_str);
            let chars: Vec<char> = line.chars().collect();
            let horizontal = index % 2 == 0;
            let wanted = if horizontal { width } else { width + 1 };
            let line_no = first_line + index;
            if chars.len() != wanted {
                let what =
                    if horizontal { "a line of walls above or below cells" } else { "a line of walls beside cells" };
                return Err(FormatError::new(
                    line_no,
                    chars.len().min(wanted) + 1,
                    format!(
                        "{what} must be exactly {wanted} characters long (spaces count); this one has {}",
                        chars.len()
                    ),
                ));
            }
            let mut row = Vec::with_capacity(wanted);
            for (c, &ch) in chars.iter().enumerate() {
                let wall = match (horizontal, ch) {
                    (_, ' ') => false,
                    (true, '_' | '-') | (false, '|') => true,
                    _ => {
                        let allowed = if horizontal { "space, _ or -" } else { "space or |" };
                        return Err(FormatError::new(
                            line_no,
                            c + 1,
                            format!("'{ch}' cannot be in this line of walls: use {allowed}"),
                        ));
                    }
                };
                row.push(wall);
            }
            if horizontal {
                h.push(row);
            } else {
                v.push(row);
            }
        }
        Ok(Walls { width, height, h, v })
    }

    /// Whether a wall (or, as a safety rule, the board's edge) stops a step from (x, y) in
    /// direction `dir` (0 left, 1 right, 2 up, 3 down).
    pub fn blocked(&self, x: i64, y: i64, dir: usize) -> bool {
        let (w, h) = (self.width as i64, self.height as i64);
        let (nx, ny) = match dir {
            0 => (x - 1, y),
            1 => (x + 1, y),
            2 => (x, y - 1),
            _ => (x, y + 1),
        };
        if nx < 0 || ny < 0 || nx >= w || ny >= h {
            return true;
        }
        let (x, y) = (x as usize, y as usize);
        match dir {
            0 => self.v[y][x],
            1 => self.v[y][x + 1],
            2 => self.h[y][x],
            _ => self.h[y + 1][x],
        }
    }
}

/// `dims`, checked to be a board at all (the families index cells by it).
pub fn dims(input: &Input) -> Result<(usize, usize), FormatError> {
    let (w, h) = input.xy("dims");
    if w == 0 || h == 0 || w > 1000 || h > 1000 {
        return Err(input.value_error("dims", "dims = {value} is no board: each side must be 1 to 1000"));
    }
    Ok((w as usize, h as usize))
}

/// A position that must be on the board.
pub fn inside(input: &Input, key: &str, what: &str, (w, h): (usize, usize)) -> Result<Xy, FormatError> {
    let (x, y) = input.xy(key);
    if x >= w as i64 || y >= h as i64 {
        return Err(input.value_error(key, &format!("{what} {{value}} is off the board (dims are {w} x {h})")));
    }
    Ok((x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEYS: &[(&str, Kind)] = &[("dims", Kind::Xy), ("goals", Kind::XyList), ("layout", Kind::Layout)];

    /// Numbers too large to hold are quoted as written, at the value, not as the largest held.
    #[test]
    fn values_out_of_range_are_quoted_as_written() {
        let input = read("Dims = (18446744073709551616,1)\ngoals = [ (0,0) ]\nlayout = <<EOF\n*\nEOF\n", KEYS).unwrap();
        let e = dims(&input).unwrap_err();
        assert_eq!(
            (e.line, e.column, e.message.as_str()),
            (1, 8, "dims = (18446744073709551616,1) is no board: each side must be 1 to 1000")
        );
        let input = read(
            "dims = (3,3)\ngoals = [ (1,1) ]\nstart = ( 99999999999999999999, 0 )\nlayout = <<EOF\nEOF\n",
            &[KEYS, &[("start", Kind::Xy)]].concat(),
        )
        .unwrap();
        let e = inside(&input, "start", "the start", (3, 3)).unwrap_err();
        assert_eq!(
            (e.line, e.column, e.message.as_str()),
            (3, 9, "the start ( 99999999999999999999, 0 ) is off the board (dims are 3 x 3)")
        );
    }

    #[test]
    fn keys_are_case_insensitive_and_other_lines_ignored() {
        let text =
            "# a comment\nfoo bar\nDIMS = (3, 2)\n  Goals=[ (0,0),(1, 1) ]  \nLayout = <<EOF\n a \n\nEOF\nafter\n";
        let input = read(text, KEYS).unwrap();
        assert_eq!(input.xy("dims"), (3, 2));
        assert_eq!(input.xy_list("goals"), vec![(0, 0), (1, 1)]);
        assert_eq!(input.layout(), (vec![" a ".to_string(), String::new()], 6));
        assert!(has_keys(&keys_in(text), KEYS));
    }

    #[test]
    fn errors_where_lm_solve_gives_them() {
        let e = read("dims = (3,2)\nsize = (1,1)\n", KEYS).err().unwrap();
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.message.contains("unknown key \"size\""), "{e}");
        let e = read("dims = (3,2)\nDims = (1,1)\n", KEYS).err().unwrap();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("twice"), "{e}");
        let e = read("dims = (3,2)\ngoals = [(1,1)]\n", KEYS).err().unwrap();
        assert!(e.message.contains("\"layout\" is missing"), "{e}");
        let e = read("dims = (3,-2)\n", KEYS).err().unwrap();
        assert_eq!((e.line, e.column), (1, 8), "unsigned numbers only");
        let e = read("dims = (3,2)\ngoals = []\nlayout = <<EOF\n---\n", KEYS).err().unwrap();
        assert!(e.message.contains("list of pairs"), "{e}");
        let e = read("dims = (3,2)\ngoals = [(0,0)]\nlayout = <<EOF\n---\n", KEYS).err().unwrap();
        assert!(e.message.contains("closes the layout"), "{e}");
    }

    /// Each shape of value (§2.2), with spaces anywhere between tokens, and the near misses.
    #[test]
    fn value_shapes_as_the_spec_writes_them() {
        let fits = |kind, value| shape_of(kind, value).is_some();
        for xy in ["(3,4)", "( 3 , 4 )  ", "(3,\u{a0}4)"] {
            assert!(fits(Kind::Xy, xy), "{xy}");
        }
        for not in ["(3,4", "(3,4) x", "(-1,2)", "(3)", "(3,4,5)", "3,4", "(3.5,4)", "(\u{663},4)"] {
            assert!(!fits(Kind::Xy, not), "{not}");
        }
        assert!(fits(Kind::XyList, "[ (0,0), (2,1) ]"));
        assert!(fits(Kind::XyList, "[(0,0)]"));
        for not in ["[]", "[(0,0),]", "[(0,0) (1,1)]", "(0,0)", "[(0,0)] ]"] {
            assert!(!fits(Kind::XyList, not), "{not}");
        }
        assert!(fits(Kind::PlankList, "[ ((0,1) -> (2,1)) , ((1,4) -> (2,4)) ]"));
        assert!(!fits(Kind::PlankList, "[ ((0,1) - > (2,1)) ]"));
        assert!(!fits(Kind::PlankList, "[ (0,1) -> (2,1) ]"));
        assert_eq!(shape_of(Kind::Layout, "<< END  "), Some("END"));
        assert_eq!(shape_of(Kind::Layout, "<<EOF"), Some("EOF"));
        assert_eq!(shape_of(Kind::Layout, "<<EOF x"), None);
        assert_eq!(shape_of(Kind::Layout, "< <EOF"), None);
        assert_eq!(key_of("  Dims  = (1,1)"), Some(("Dims", 2, 9)));
        assert_eq!(key_of("= (1,1)"), None);
        assert_eq!(key_of("two words = 1"), None);
        assert_eq!(numbers("[ (0,12), (3,4) ]"), vec![0, 12, 3, 4]);
    }

    #[test]
    fn crlf_lines_read_like_lf() {
        let text = "dims = (1,1)\r\ngoals = [(0,0)]\r\nlayout = <<EOF\r\n-\r\n||\r\n-\r\nEOF\r\n";
        let input = read(text, KEYS).unwrap();
        let (block, first) = input.layout();
        let walls = Walls::read(1, 1, &block, first).unwrap();
        assert!(walls.h[0][0] && walls.v[0][0] && walls.v[0][1] && walls.h[1][0]);
    }

    #[test]
    fn wall_layout_lengths_and_characters() {
        let block: Vec<String> = ["---", "| ||", " - ", "|  |", "---"].iter().map(|s| s.to_string()).collect();
        let walls = Walls::read(3, 2, &block, 10).unwrap();
        assert!(walls.v[0][2] && !walls.v[0][1] && walls.h[1][1] && !walls.h[1][0]);
        let mut short = block.clone();
        short[2] = " -".into();
        let e = Walls::read(3, 2, &short, 10).err().unwrap();
        assert_eq!(e.line, 12);
        let mut bad = block;
        bad[3] = "|x |".into();
        let e = Walls::read(3, 2, &bad, 10).err().unwrap();
        assert_eq!((e.line, e.column), (13, 2));
    }
}
