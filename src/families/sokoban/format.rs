//! Sokoban levels as the world writes them (the XSB characters, as sokobano.de's wiki lists them):
//! `#` wall, `@` the player, `+` the player on a goal, `$` a box, `*` a box on a goal, `.` a
//! goal, floor as a space, `-` or `_`. Rows may be ragged; a number before a character repeats it
//! (run-length encoding: `4#` is `####`) and `|` ends a row, so a level fits on one line. The
//! board's outside is what the player cannot reach.
//!
//! A file may hold a collection: boards with notes between them (`; 12`, `; 'Title'`,
//! `Title: …`, `Author: …`, `:: comments`), before each board (Microban) or after it (the
//! original levels as XSokoban ships them); whichever way round, the text after the last board
//! tells. A note block may give a solution in LURD (`Solution` then lines of `lurdLURD`, or a
//! line of them alone), which is replayed and checked when the level is read.
//!
//! ```text
//! ; 1
//! ####
//! # .#
//! #  ###
//! #*@  #
//! #  $ #
//! #  ###
//! ####
//! ```

use crate::families::{shown_char, FormatError};

/// The most cells a board may have (the widest published levels are about 50 x 50).
pub const MAX_CELLS: usize = 100 * 100;
/// The most cells inside the walls (a 64 x 64 room): a position keeps a bit for each.
pub const MAX_INSIDE: usize = 4096;
/// The most levels a collection may hold.
pub const MAX_LEVELS: usize = 10_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    /// Beyond the walls, where the player cannot go.
    Outside,
    Wall,
    Floor,
}

/// One level: its board and the notes that came with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Level {
    pub width: usize,
    pub height: usize,
    /// Each cell, in reading order.
    pub cells: Vec<Cell>,
    pub goals: Vec<bool>,
    pub boxes: Vec<bool>,
    pub player: usize,
    /// The name a picker shows ("155 'The Dungeon'"), from a `Title:` line or the first note.
    pub title: Option<String>,
    /// The note lines as written (comments, titles, the solution), kept for writing it back.
    pub notes: Vec<String>,
    /// A solution given with the level, in LURD (checked when read).
    pub solution: Option<String>,
    /// The line of the text the board starts on, for messages about the whole board.
    pub line: usize,
}

/// A file of one or more levels.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collection {
    /// The lines before the first level's own notes (the collection's title and credits).
    pub header: Vec<String>,
    pub levels: Vec<Level>,
    /// Whether each level's notes follow its board (XSokoban) rather than come before it.
    pub notes_after: bool,
}

impl Level {
    pub fn index(&self, row: usize, col: usize) -> usize {
        row * self.width + col
    }

    pub fn box_count(&self) -> usize {
        self.boxes.iter().filter(|&&b| b).count()
    }

    /// Why the level cannot be played to the end yet: boxes and goals not equal in number. A
    /// level being drawn is read (and drawn, and played on) all the same; solving says this.
    pub fn unfinished(&self) -> Option<FormatError> {
        let (boxes, goals) = (self.box_count(), self.goals.iter().filter(|&&g| g).count());
        let counted = crate::replay::counted;
        let (boxes_said, goals_said) = (counted(boxes as u64, "box", "boxes"), counted(goals as u64, "goal", "goals"));
        let said = match boxes.cmp(&goals) {
            std::cmp::Ordering::Equal => return None,
            std::cmp::Ordering::Greater => {
                format!("this level has {boxes_said} but only {goals_said}: every box needs a goal of its own")
            }
            std::cmp::Ordering::Less => format!("this level has {boxes_said} but {goals_said}: every goal needs a box"),
        };
        Some(FormatError::new(self.line, 1, said))
    }

    /// The board in XSB characters (floor as a space, outside as nothing at a row's end).
    pub fn board_text(&self) -> String {
        let mut out = String::new();
        for row in 0..self.height {
            let mut line: String = (0..self.width).map(|col| self.char_at(self.index(row, col))).collect();
            line.truncate(line.trim_end().len());
            out.push_str(&line);
            out.push('\n');
        }
        out
    }

    fn char_at(&self, cell: usize) -> char {
        match (self.cells[cell], self.player == cell, self.boxes[cell], self.goals[cell]) {
            (Cell::Wall, ..) => '#',
            (Cell::Outside, _, true, true) => '*',
            (Cell::Outside, ..) => ' ',
            (_, true, _, true) => '+',
            (_, true, _, false) => '@',
            (_, _, true, true) => '*',
            (_, _, true, false) => '$',
            (_, _, false, true) => '.',
            _ => ' ',
        }
    }

    /// The level alone: its notes and its board (notes first).
    pub fn to_text(&self) -> String {
        let mut out: String = self.notes.iter().map(|n| format!("{n}\n")).collect();
        if !out.is_empty() {
            out.push('\n');
        }
        out + self.board_text().as_str()
    }
}

impl Collection {
    /// The collection as read: its header, then each level with its notes where they stood.
    pub fn to_text(&self) -> String {
        let mut out: String = self.header.iter().map(|n| format!("{n}\n")).collect();
        for level in &self.levels {
            if !out.is_empty() {
                out.push('\n');
            }
            let notes: String = level.notes.iter().map(|n| format!("{n}\n")).collect();
            if self.notes_after {
                out += &level.board_text();
                out += &notes;
            } else {
                out += &notes;
                out += &level.board_text();
            }
        }
        out
    }
}

/// Whether a line is a row of a board: XSB characters (and run-length counts, `|`) with a wall.
pub fn is_board_line(line: &str) -> bool {
    let line = line.trim_end();
    line.contains('#')
        && line.chars().all(|c| matches!(c, '#' | '@' | '+' | '$' | '*' | '.' | ' ' | '-' | '_' | '|' | '0'..='9'))
}

/// Whether a line among a board's rows is a row with a mistake in it (`#@$x#`): walls at both
/// ends. It is read as a row, so that the mistake is named rather than the board cut in two.
fn is_broken_row(line: &str) -> bool {
    let row = line.trim();
    row.len() > 1 && row.starts_with('#') && row.ends_with('#')
}

/// Whether `text` looks like Sokoban: board lines with a player and a box.
pub fn looks_like(text: &str) -> bool {
    let rows: Vec<&str> = text.lines().filter(|l| is_board_line(l)).collect();
    let has = |c: char| rows.iter().any(|r| r.contains(c));
    !rows.is_empty() && (has('@') || has('+')) && (has('$') || has('*'))
}

/// A board's rows as read: the text line each came from and, for each character, its column there.
struct Rows {
    chars: Vec<Vec<char>>,
    /// (line, column) in the text of each row's characters.
    places: Vec<Vec<(usize, usize)>>,
}

/// Expands run-length counts and `|` in the board lines starting at `first` (1-based line numbers).
fn expand(lines: &[&str], first: usize) -> Result<Rows, FormatError> {
    let mut rows = Rows { chars: vec![Vec::new()], places: vec![Vec::new()] };
    for (offset, line) in lines.iter().enumerate() {
        let number = first + offset;
        if offset > 0 {
            rows.chars.push(Vec::new());
            rows.places.push(Vec::new());
        }
        let mut count: Option<(usize, usize)> = None; // (the count, its column)
        for (index, ch) in line.trim_end().chars().enumerate() {
            let column = index + 1;
            match ch {
                '0'..='9' => {
                    let (so_far, at) = count.unwrap_or((0, column));
                    let value = so_far * 10 + (ch as usize - '0' as usize);
                    if value > MAX_CELLS {
                        return Err(FormatError::new(
                            number,
                            at,
                            format!("a run of {value} cells is longer than any board ({MAX_CELLS} cells at most)"),
                        ));
                    }
                    count = Some((value, at));
                }
                '|' => {
                    if let Some((_, at)) = count {
                        return Err(FormatError::new(
                            number,
                            at,
                            "a count must be followed by a board character, not by '|'",
                        ));
                    }
                    rows.chars.push(Vec::new());
                    rows.places.push(Vec::new());
                }
                _ => {
                    let times = count.take().map_or(1, |(n, _)| n);
                    let row = rows.chars.len() - 1;
                    for _ in 0..times {
                        rows.chars[row].push(ch);
                        rows.places[row].push((number, column));
                    }
                    if rows.chars[row].len() > MAX_CELLS {
                        return Err(FormatError::new(
                            number,
                            column,
                            format!("this row is longer than any board ({MAX_CELLS} cells at most)"),
                        ));
                    }
                }
            }
        }
        if let Some((_, at)) = count {
            return Err(FormatError::new(
                number,
                at,
                "a count at the end of a row says how many of nothing: put the character after it",
            ));
        }
    }
    Ok(rows)
}

/// Reads one board from its lines (`first` is the line number of the first).
pub fn parse_board(lines: &[&str], first: usize) -> Result<Level, FormatError> {
    let rows = expand(lines, first)?;
    let height = rows.chars.len();
    let width = rows.chars.iter().map(Vec::len).max().unwrap_or(0);
    if width * height > MAX_CELLS {
        return Err(FormatError::new(
            first,
            1,
            format!("this board is {width} x {height} cells; at most {MAX_CELLS} cells are read"),
        ));
    }
    let place = |cell: usize| -> (usize, usize) {
        let (row, col) = (cell / width, cell % width);
        rows.places[row].get(col).copied().unwrap_or_else(|| {
            rows.places[row].last().map_or((first + row.min(lines.len() - 1), 1), |&(l, c)| (l, c + 1))
        })
    };
    let mut level = Level {
        width,
        height,
        cells: vec![Cell::Outside; width * height],
        goals: vec![false; width * height],
        boxes: vec![false; width * height],
        player: usize::MAX,
        title: None,
        notes: Vec::new(),
        solution: None,
        line: first,
    };
    for (row, chars) in rows.chars.iter().enumerate() {
        for (col, &ch) in chars.iter().enumerate() {
            let cell = row * width + col;
            let (player, boxed, goal, wall) = match ch {
                '#' => (false, false, false, true),
                '@' => (true, false, false, false),
                '+' => (true, false, true, false),
                '$' => (false, true, false, false),
                '*' => (false, true, true, false),
                '.' => (false, false, true, false),
                ' ' | '-' | '_' => (false, false, false, false),
                other => {
                    let (line, column) = place(cell);
                    return Err(FormatError::new(
                        line,
                        column,
                        format!(
                            "{} is not a Sokoban character: use # @ + $ * . and space, - or _ for floor",
                            shown_char(other)
                        ),
                    ));
                }
            };
            if player {
                if level.player != usize::MAX {
                    let (line, column) = place(cell);
                    let (first_line, first_column) = place(level.player);
                    return Err(FormatError::new(
                        line,
                        column,
                        format!("a second player: the level has one, at line {first_line}, column {first_column}"),
                    ));
                }
                level.player = cell;
            }
            level.cells[cell] = if wall { Cell::Wall } else { Cell::Floor };
            level.boxes[cell] = boxed;
            level.goals[cell] = goal;
        }
    }
    if level.player == usize::MAX {
        return Err(FormatError::new(
            first,
            1,
            "this level has no player: mark where the player stands with @ (or + on a goal)",
        ));
    }
    close_in(&mut level, &place)?;
    if level.box_count() == 0 {
        return Err(FormatError::new(first, 1, "this level has no box: put boxes with $ (or * on a goal)"));
    }
    Ok(level)
}

/// Marks what the player cannot reach as outside (walking through boxes as if they were floor),
/// and refuses a box or a goal alone out there (a box on its goal is kept: it never moves), or
/// an inside that runs off the board.
fn close_in(level: &mut Level, place: &dyn Fn(usize) -> (usize, usize)) -> Result<(), FormatError> {
    let (width, height) = (level.width, level.height);
    let mut inside = vec![false; width * height];
    let mut todo = vec![level.player];
    inside[level.player] = true;
    while let Some(cell) = todo.pop() {
        let (row, col) = (cell / width, cell % width);
        if row == 0 || col == 0 || row + 1 == height || col + 1 == width {
            let (line, column) = place(cell);
            return Err(FormatError::new(line, column, "the walls do not close the player in: this floor is at the board's edge, so the player could walk off it"));
        }
        for next in [cell - width, cell + width, cell - 1, cell + 1] {
            if level.cells[next] == Cell::Outside {
                // Nothing written there: a ragged row's end, open to the void.
                let (line, column) = place(next);
                return Err(FormatError::new(line, column, "the walls do not close the player in: nothing is written here, so the player could walk off the board"));
            }
            if !inside[next] && level.cells[next] == Cell::Floor {
                inside[next] = true;
                todo.push(next);
            }
        }
    }
    let count = inside.iter().filter(|&&i| i).count();
    if count > MAX_INSIDE {
        return Err(FormatError::new(
            place(level.player).0,
            1,
            format!("the player can reach {count} cells; at most {MAX_INSIDE} are solved"),
        ));
    }
    for (cell, &reached) in inside.iter().enumerate() {
        if level.cells[cell] == Cell::Floor && !reached {
            // A box already home out there (a decoration walled in, as in Microban 155) stays.
            if level.boxes[cell] != level.goals[cell] {
                let (line, column) = place(cell);
                let what = if level.boxes[cell] { "box" } else { "goal" };
                return Err(FormatError::new(
                    line,
                    column,
                    format!("this {what} is outside the walls, where the player cannot reach"),
                ));
            }
            level.cells[cell] = Cell::Outside;
        }
    }
    Ok(())
}

/// A block of note lines: its title, a solution in it, and the solution's line.
fn read_notes(notes: &[(usize, &str)]) -> (Option<String>, Option<(usize, String)>) {
    let mut title = None;
    let mut first_note = None;
    let mut solution: Option<(usize, String)> = None;
    let mut in_solution = false;
    for &(number, line) in notes {
        let trimmed = line.trim();
        let lower = trimmed.to_ascii_lowercase();
        if let Some(rest) = lower.strip_prefix("title:") {
            title.get_or_insert_with(|| trimmed[trimmed.len() - rest.len()..].trim().to_string());
            in_solution = false;
            continue;
        }
        if lower.starts_with("solution") {
            in_solution = true;
            // "Solution", "Solution:", "Solution (pushes): …": the moves are after a colon.
            let rest = trimmed.split_once(':').map_or("", |(_, moves)| moves);
            if is_lurd_word(rest) {
                solution.get_or_insert((number, String::new())).1.push_str(rest);
            }
            continue;
        }
        if (in_solution && is_lurd_word(trimmed)) || (trimmed.len() >= 8 && is_lurd_word(trimmed)) {
            solution.get_or_insert((number, String::new())).1.push_str(trimmed);
            continue;
        }
        in_solution = false;
        let text = trimmed.trim_start_matches(';').trim_start_matches("::").trim();
        if first_note.is_none()
            && !text.is_empty()
            && !lower.starts_with("author:")
            && !lower.starts_with("collection:")
            && !lower.starts_with("copyright")
        {
            first_note = Some(text.to_string());
        }
    }
    (title.or(first_note).filter(|t| !t.is_empty()), solution)
}

/// Whether a word is moves in LURD (with run-length counts).
fn is_lurd_word(word: &str) -> bool {
    let word = word.trim();
    !word.is_empty()
        && word.chars().all(|c| matches!(c, 'l' | 'u' | 'r' | 'd' | 'L' | 'U' | 'R' | 'D' | '0'..='9'))
        && word.chars().any(|c| c.is_ascii_alphabetic())
}

/// Expands run-length counts in LURD (`3l` is `lll`).
pub fn expand_lurd(moves: &str) -> Result<String, String> {
    let mut out = String::new();
    let mut count = 0usize;
    for ch in moves.chars().filter(|c| !c.is_whitespace()) {
        match ch {
            '0'..='9' => count = (count * 10 + (ch as usize - '0' as usize)).min(1 << 20),
            'l' | 'u' | 'r' | 'd' | 'L' | 'U' | 'R' | 'D' => {
                out.extend(std::iter::repeat_n(ch, count.max(1)));
                count = 0;
            }
            other => {
                return Err(format!(
                    "{} is not a move: LURD moves are l u r d (walk) and L U R D (push)",
                    shown_char(other)
                ))
            }
        }
        if out.len() > 1 << 20 {
            return Err("this solution is longer than a million moves".into());
        }
    }
    Ok(out)
}

/// Reads a file of one or more levels.
pub fn parse(text: &str) -> Result<Collection, FormatError> {
    let lines: Vec<&str> = text.lines().collect();
    // Boards: runs of board lines (a blank line inside a board would end it).
    let mut boards: Vec<(usize, usize)> = Vec::new(); // [start, end) line indexes
    let mut index = 0;
    while index < lines.len() {
        if is_board_line(lines[index]) {
            let start = index;
            while index < lines.len() && (is_board_line(lines[index]) || is_broken_row(lines[index])) {
                index += 1;
            }
            boards.push((start, index));
            if boards.len() > MAX_LEVELS {
                return Err(FormatError::new(start + 1, 1, format!("more than {MAX_LEVELS} levels in one file")));
            }
        } else {
            index += 1;
        }
    }
    if boards.is_empty() {
        let at = lines.iter().position(|l| !l.trim().is_empty() && !l.trim_start().starts_with(';')).unwrap_or(0);
        return Err(FormatError::new(
            at + 1,
            1,
            "no Sokoban board here: a board is rows of # (walls), @ (the player), $ (boxes) and . (goals)",
        ));
    }
    let nonblank = |range: std::ops::Range<usize>| {
        range.filter(|&i| !lines[i].trim().is_empty()).map(|i| (i + 1, lines[i])).collect::<Vec<_>>()
    };
    let after_last = nonblank(boards[boards.len() - 1].1..lines.len());
    let notes_after = !after_last.is_empty();
    let mut header = Vec::new();
    let mut levels = Vec::new();
    for (n, &(start, end)) in boards.iter().enumerate() {
        let mut level = parse_board(&lines[start..end], start + 1)?;
        let notes = if notes_after {
            let until = boards.get(n + 1).map_or(lines.len(), |b| b.0);
            if n == 0 {
                header = nonblank(0..start).into_iter().map(|(_, l)| l.to_string()).collect();
            }
            nonblank(end..until)
        } else {
            let from = if n == 0 { 0 } else { boards[n - 1].1 };
            // The last paragraph before the board is the level's; any before it, the header's.
            let mut paragraph_start = from;
            // A blank line or an empty comment (`;`) ends a paragraph.
            let separator = |line: &str| line.trim().trim_start_matches(';').trim().is_empty();
            for i in (from..start).rev() {
                if separator(lines[i]) && nonblank(i + 1..start).iter().any(|(_, l)| !separator(l)) {
                    paragraph_start = i + 1;
                    break;
                }
            }
            if n == 0 {
                header = nonblank(0..paragraph_start).into_iter().map(|(_, l)| l.to_string()).collect();
            }
            nonblank(paragraph_start..start)
        };
        let (title, solution) = read_notes(&notes);
        level.title = title;
        level.notes = notes.iter().map(|(_, l)| l.trim_end().to_string()).collect();
        if let Some((line, moves)) = solution {
            let moves = expand_lurd(&moves).map_err(|message| FormatError::new(line, 1, message))?;
            if let Err(message) = super::rules::replay_lurd(&level, &moves) {
                return Err(FormatError::new(
                    line,
                    1,
                    format!("the solution given with this level does not solve it: {message}"),
                ));
            }
            level.solution = Some(moves);
        }
        levels.push(level);
    }
    Ok(Collection { header, levels, notes_after })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MICROBAN_1: &str = "; 1\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";

    #[test]
    fn reads_a_level_and_writes_it_back() {
        let collection = parse(MICROBAN_1).unwrap();
        let level = &collection.levels[0];
        assert_eq!((level.width, level.height, level.box_count()), (6, 7, 2));
        assert_eq!(level.player, level.index(3, 2));
        assert_eq!(level.title.as_deref(), Some("1"));
        assert_eq!(level.board_text(), "####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n");
        let again = &parse(&level.to_text()).unwrap().levels[0];
        assert_eq!((again.board_text(), &again.title, &again.notes), (level.board_text(), &level.title, &level.notes));
    }

    #[test]
    fn run_length_and_bars_read_as_rows() {
        let long = parse("####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####").unwrap();
        let short = parse("4#|#-.#|#2-3#|#*@2-#|#2-$-#|#2-3#|4#").unwrap();
        assert_eq!(short.levels[0].board_text(), long.levels[0].board_text());
    }

    #[test]
    fn notes_go_with_the_board_they_belong_to() {
        let before = parse(";Set\n; by me\n\n; 1\n#####\n#@$.#\n#####\n\n; 'Two'\n#####\n#.$@#\n#####\n").unwrap();
        assert_eq!(before.header, vec![";Set", "; by me"]);
        assert_eq!(before.levels.iter().map(|l| l.title.clone().unwrap()).collect::<Vec<_>>(), vec!["1", "'Two'"]);
        assert!(!before.notes_after);
        let after =
            parse("; Set\n\n#####\n#@$.#\n#####\n; 1\n\n#####\n#.$@#\n#####\nTitle: Two\nAuthor: me\n").unwrap();
        assert!(after.notes_after);
        assert_eq!(after.levels.iter().map(|l| l.title.clone().unwrap()).collect::<Vec<_>>(), vec!["1", "Two"]);
        for collection in [before, after] {
            assert_eq!(parse(&collection.to_text()).unwrap().to_text(), collection.to_text());
        }
    }

    #[test]
    fn a_given_solution_is_checked() {
        let level = parse("#####\n#@$.#\n#####\nSolution: R\n").unwrap();
        assert_eq!(level.levels[0].solution.as_deref(), Some("R"));
        let wrong = parse("#####\n#@$.#\n#####\nSolution\nL\n").unwrap_err();
        assert_eq!(wrong.line, 5);
        assert!(wrong.message.contains("does not solve it"), "{wrong}");
    }

    #[test]
    fn a_level_being_drawn_is_read_and_says_what_is_missing() {
        let collection = parse("; mine\n#####\n#@$.#\n# $ #\n#####").unwrap();
        let error = collection.levels[0].unfinished().unwrap();
        assert_eq!((error.line, error.column), (2, 1));
        assert_eq!(error.message, "this level has 2 boxes but only 1 goal: every box needs a goal of its own");
    }

    #[test]
    fn bad_levels_are_refused_with_their_place() {
        let cases: &[(&str, (usize, usize), &str)] = &[
            ("#####\n#@$.#\n#@  #\n#####", (3, 2), "a second player"),
            ("#####\n# $.#\n#####", (1, 1), "no player"),
            ("#####\n#@$.\n#####", (2, 5), "walls do not close"),
            ("######\n#@$.##\n######\n#$ .#\n####", (4, 2), "box is outside"),
            ("#####\n#@$x#\n#####", (2, 4), "'x' is not a Sokoban character"),
            ("4#|#@$.#|#3", (1, 11), "a count at the end"),
        ];
        for (text, (line, column), words) in cases {
            let error = parse(text).unwrap_err();
            assert_eq!((error.line, error.column), (*line, *column), "{text}: {error}");
            assert!(error.message.contains(words), "{text}: {error}");
        }
    }
}
