//! The sliding-block text format (the "Why Perl rocks" article's, plus optional option lines):
//!
//! ```text
//! metric: piece        <- optional leading `key: value` lines (metric, axis, pieces, title)
//! aabb                 <- board rows: a-z pieces, # walls, space empty; short rows are padded
//! aacd
//!   cd
//! a--                  <- the goal: a regex searched in the board flattened with '-' borders
//! ```

use super::metric::Metric;
use crate::families::FormatError;

/// The largest board we accept (anchors are packed into 9 bits).
pub const MAX_CELLS: usize = 512;

/// Options written in the puzzle text, so a shared link carries them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    pub metric: Option<Metric>,
    /// Rush Hour rule: a piece wider than tall moves only sideways, taller than wide only up and down.
    pub axis: bool,
    /// Letters that name a kind of piece rather than one piece (`pieces: s=1x1 v=1x2`, as
    /// Klotski boards are often written, every soldier an `s`): their cells are cut into
    /// separate pieces of (width, height), in reading order.
    pub cut: Vec<(u8, usize, usize)>,
    pub title: Option<String>,
}

/// The puzzle as written: options, the padded board and the goal regex.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub options: Options,
    pub width: usize,
    pub height: usize,
    /// Row-major cells: b' ', b'#' or b'a'..=b'z'.
    pub cells: Vec<u8>,
    pub goal: String,
    /// 1-based line of the goal in the text (for error messages).
    pub goal_line: usize,
    /// 1-based line of the board's first row.
    pub first_line: usize,
}

impl Layout {
    pub fn cell(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.width + col]
    }

    /// The text form; parses back to an equal layout. Rows keep their full width: an empty
    /// last column would otherwise be lost.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if let Some(title) = &self.options.title {
            out.push_str(&format!("title: {title}\n"));
        }
        if let Some(metric) = self.options.metric {
            out.push_str(&format!("metric: {}\n", metric.name()));
        }
        if self.options.axis {
            out.push_str("axis: yes\n");
        }
        if !self.options.cut.is_empty() {
            let kinds: Vec<String> =
                self.options.cut.iter().map(|&(l, w, h)| format!("{}={w}x{h}", l as char)).collect();
            out.push_str(&format!("pieces: {}\n", kinds.join(" ")));
        }
        for row in self.cells.chunks(self.width) {
            out.push_str(&String::from_utf8_lossy(row));
            out.push('\n');
        }
        out.push_str(&self.goal);
        out.push('\n');
        out
    }
}

/// Whether a line is a `key: value` option line (board rows never contain ':').
fn is_option_line(line: &str) -> bool {
    line.contains(':')
        && line
            .split(':')
            .next()
            .is_some_and(|k| k.trim().chars().all(|c| c.is_ascii_alphabetic()) && !k.trim().is_empty())
}

/// True when every line but the goal could be a board row: used for auto-detection.
pub fn looks_like(text: &str) -> bool {
    let lines: Vec<&str> = text.lines().map(|l| l.trim_end_matches('\r')).collect();
    let content: Vec<&str> = lines.iter().copied().skip_while(|l| is_option_line(l)).collect();
    let last = content.iter().rposition(|l| !l.trim().is_empty());
    match last {
        Some(last) if last >= 1 => {
            content[..last].iter().all(|row| row.bytes().all(|b| b == b' ' || b == b'#' || b.is_ascii_lowercase()))
                && content[..last].iter().any(|row| row.bytes().any(|b| b.is_ascii_lowercase()))
                && looks_like_a_goal(content[last])
        }
        _ => false,
    }
}

/// A goal line is a pattern (`a--`, `^---...-a..---$`) or one word; words with spaces between
/// them, and nothing else, are the last line of prose.
fn looks_like_a_goal(line: &str) -> bool {
    let line = line.trim();
    !line.contains(' ') || line.bytes().any(|b| !(b == b' ' || b.is_ascii_lowercase()))
}

pub fn parse(text: &str) -> Result<Layout, FormatError> {
    let lines: Vec<&str> = text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
    let mut options = Options::default();
    // Blank lines before the puzzle are no rows (a paste often starts with them); an empty top
    // row comes after a header line, such as `title:`.
    let mut first_row = lines.iter().position(|l| !l.trim().is_empty()).unwrap_or(0);
    while first_row < lines.len() && is_option_line(lines[first_row]) {
        parse_option(&mut options, lines[first_row], first_row + 1)?;
        first_row += 1;
    }
    let Some(goal_index) = lines.iter().rposition(|l| !l.trim().is_empty()) else {
        return Err(FormatError::new(1, 1, "the puzzle is empty: write the board rows, then a goal line"));
    };
    if goal_index < first_row {
        return Err(FormatError::new(first_row + 1, 1, "there is no board: write the board rows, then a goal line"));
    }
    if goal_index == first_row {
        return Err(FormatError::new(
            goal_index + 1,
            1,
            "missing goal line: after the board rows, the last line must be the goal (a regular expression such as a--)",
        ));
    }
    let rows = &lines[first_row..goal_index];
    if let Some(letter) = continues_a_piece(rows[rows.len() - 1], lines[goal_index]) {
        return Err(FormatError::new(
            goal_index + 1,
            1,
            format!(
                "missing goal line: the last line looks like a board row (it continues piece {letter} from the row \
                 above); add a goal such as {letter}-- after it"
            ),
        ));
    }
    let width = rows.iter().map(|r| r.chars().count()).max().unwrap_or(0);
    if width == 0 {
        return Err(FormatError::new(first_row + 1, 1, "the board is empty: its rows hold no cells"));
    }
    let height = rows.len();
    if width * height > MAX_CELLS {
        return Err(FormatError::new(
            first_row + 1,
            1,
            format!(
                "the board is {width} x {height} = {} cells; the most this solver takes is {MAX_CELLS}",
                width * height
            ),
        ));
    }
    let mut cells = Vec::with_capacity(width * height);
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                'a'..='z' | ' ' | '#' => cells.push(ch as u8),
                'A'..='Z' => {
                    return Err(FormatError::new(
                        first_row + r + 1,
                        c + 1,
                        format!(
                            "'{ch}' is not allowed on the board: pieces are lowercase letters a-z (write '{}')",
                            ch.to_ascii_lowercase()
                        ),
                    ))
                }
                '\t' => {
                    return Err(FormatError::new(
                        first_row + r + 1,
                        c + 1,
                        "a tab is not allowed on the board: use spaces for empty cells",
                    ))
                }
                _ => {
                    return Err(FormatError::new(
                        first_row + r + 1,
                        c + 1,
                        format!(
                        "{} is not allowed on the board: use a-z for pieces, # for walls and spaces for empty cells",
                        crate::families::shown_char(ch)
                    ),
                    ))
                }
            }
        }
        cells.resize((r + 1) * width, b' ');
    }
    let goal = lines[goal_index].to_string();
    Ok(Layout { options, width, height, cells, goal, goal_line: goal_index + 1, first_line: first_row + 1 })
}

/// `s=1x1 v=1x2` (or `s` for one-cell pieces), separated by spaces or commas: letters whose
/// cells are cut into separate pieces of that width x height.
fn parse_kinds(value: &str, line_no: usize, value_column: usize) -> Result<Vec<(u8, usize, usize)>, FormatError> {
    let mut kinds: Vec<(u8, usize, usize)> = Vec::new();
    let mut column = value_column;
    for word in value.split([' ', ',']) {
        if !word.is_empty() {
            let wrong = || {
                FormatError::new(line_no, column, format!("{} is not a kind of piece: write a letter and its size, such as s=1x1 or v=1x2 (width x height)", crate::families::shown_text(word)))
            };
            let (letter, size) = word.split_once('=').unwrap_or((word, "1x1"));
            let [letter] = letter.as_bytes() else { return Err(wrong()) };
            let (w, h) = size.split_once(['x', 'X']).ok_or_else(wrong)?;
            let side = |t: &str| t.parse::<usize>().ok().filter(|n| (1..=32).contains(n));
            match (letter.is_ascii_lowercase(), side(w), side(h)) {
                (true, Some(w), Some(h)) if !kinds.iter().any(|k| k.0 == *letter) => kinds.push((*letter, w, h)),
                (true, Some(_), Some(_)) => {
                    return Err(FormatError::new(line_no, column, format!("{} is listed twice", *letter as char)))
                }
                _ => return Err(wrong()),
            }
        }
        column += word.chars().count() + 1;
    }
    Ok(kinds)
}

/// A goal line made only of board characters that continues a piece of the row above (the same
/// letter in the same column) is almost surely a board row whose goal was forgotten.
fn continues_a_piece(above: &str, last: &str) -> Option<char> {
    if !last.bytes().all(|b| b == b' ' || b == b'#' || b.is_ascii_lowercase()) {
        return None;
    }
    above.chars().zip(last.chars()).find(|(a, b)| a == b && b.is_ascii_lowercase()).map(|(a, _)| a)
}

fn parse_option(options: &mut Options, line: &str, line_no: usize) -> Result<(), FormatError> {
    let (key, value) = line.split_once(':').unwrap_or((line, ""));
    let value_column = key.len() + 2 + (value.len() - value.trim_start().len());
    let value = value.trim();
    match key.trim().to_ascii_lowercase().as_str() {
        "metric" => {
            let metric = Metric::parse(value).ok_or_else(|| {
                FormatError::new(line_no, value_column, format!("unknown metric \"{value}\": use unit, slide or piece"))
            })?;
            options.metric = Some(metric);
        }
        "axis" => {
            options.axis = match value.to_ascii_lowercase().as_str() {
                "yes" | "on" | "true" => true,
                "no" | "off" | "false" => false,
                _ => {
                    return Err(FormatError::new(
                        line_no,
                        value_column,
                        format!("axis takes yes or no, not \"{value}\""),
                    ))
                }
            }
        }
        "title" => options.title = Some(value.to_string()),
        "pieces" => options.cut = parse_kinds(value, line_no, value_column)?,
        other => {
            return Err(FormatError::new(
                line_no,
                1 + line.len() - line.trim_start().len(),
                format!("unknown option \"{other}\": the options are metric, axis, pieces and title"),
            ))
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ARTICLE: &str = "aabb\naacd\n  cd\neffh\neggi\na--\n";

    #[test]
    fn parses_the_article_maze() {
        let layout = parse(ARTICLE).unwrap();
        assert_eq!((layout.width, layout.height), (4, 5));
        assert_eq!(layout.cell(2, 0), b' ');
        assert_eq!(layout.cell(4, 3), b'i');
        assert_eq!(layout.goal, "a--");
        assert_eq!(layout.goal_line, 6);
        assert_eq!(layout.options, Options::default());
    }

    #[test]
    fn round_trips() {
        for text in [ARTICLE, "title: Rush\nmetric: slide\naxis: yes\n#aa\nb  #\n\nb\n^x$\n"] {
            let layout = parse(text).unwrap();
            assert_eq!(parse(&layout.to_text()).unwrap(), layout, "{text}");
        }
    }

    #[test]
    fn ragged_rows_and_blank_rows_are_padded() {
        let layout = parse("ab\n\n  c\r\nc--\r\n\n").unwrap();
        assert_eq!((layout.width, layout.height), (3, 3));
        assert_eq!(layout.cells, b"ab      c".to_vec());
        assert_eq!(layout.goal, "c--");
    }

    #[test]
    fn options_are_read() {
        let layout = parse("metric: piece\naxis: on\nab\nb--\n").unwrap();
        assert_eq!(layout.options.metric, Some(Metric::Piece));
        assert!(layout.options.axis);
        assert_eq!(layout.goal_line, 4);
    }

    fn error(text: &str) -> FormatError {
        parse(text).unwrap_err()
    }

    #[test]
    fn errors_point_at_the_place() {
        let e = error("ab\na!\nb--\n");
        assert_eq!((e.line, e.column), (2, 2));
        assert!(e.message.contains("'!' is not allowed"), "{e}");
        let e = error("aB\nb--\n");
        assert_eq!((e.line, e.column), (1, 2));
        assert!(e.message.contains("lowercase"), "{e}");
        assert_eq!(error("").message, "the puzzle is empty: write the board rows, then a goal line");
        assert_eq!(error("\n  \n").line, 1);
        let e = error("aabb\n");
        assert!(e.message.starts_with("missing goal line"), "{e}");
        let e = error("aabb\naacd\n");
        assert_eq!((e.line, e.column), (2, 1));
        assert!(e.message.contains("continues piece a"), "{e}");
        assert!(parse("ba\ncd\nab\n").is_ok(), "a goal of letters that continues nothing is a goal");
        let e = error("metric: fast\nab\na-\n");
        assert_eq!((e.line, e.column), (1, 9));
        assert!(e.message.contains("unknown metric \"fast\""));
        let e = error("speed: 3\nab\na-\n");
        assert!(e.message.contains("unknown option \"speed\""));
        let e = error("metric: unit\n");
        assert!(e.message.contains("no board"), "{e}");
        let e = error(&format!("{}\na-\n", "a".repeat(600)));
        assert!(e.message.contains("600 x 1 = 600 cells"), "{e}");
        let e = error("a\tb\na-\n");
        assert_eq!((e.line, e.column), (1, 2));
    }

    #[test]
    fn detection() {
        assert!(looks_like(ARTICLE));
        assert!(looks_like("metric: piece\nab\nb--"));
        assert!(!looks_like("Red:0,0 v\nRed:0,2\n"));
        assert!(!looks_like("#####\n#S E#\n#####\n"));
        assert!(!looks_like("aabb\n"));
    }
}
