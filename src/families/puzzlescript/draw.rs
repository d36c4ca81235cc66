//! A PuzzleScript level drawn as the game draws it: each object's 5x5 sprite in its colours,
//! lower layers first, on the game's `background_color`; written as a map of the game's glyphs;
//! and a tap or a swipe read as an input.

use super::compile::{has, is_colour, palette, players, Follows};
use super::PsPuzzle;
use crate::draw::{GridLayout, Painter};

fn hex(colour: u32) -> String {
    format!("#{colour:06x}")
}

/// The colour a setting names (`background_color`, `text_color`): a palette name or a hex
/// colour, `default` (a palette name) otherwise.
fn colour_setting(puzzle: &PsPuzzle, key: &str, default: &str) -> String {
    let word = puzzle.game.settings.get(key).map(String::as_str).unwrap_or(default);
    let named = palette(puzzle.game.settings.get("color_palette").map(String::as_str));
    let index = |word: &str| super::palettes::COLOUR_NAMES.iter().position(|&n| n == word);
    match index(word) {
        Some(i) => hex(named[i]),
        None if is_colour(word) => word.to_string(),
        None => index(default).map_or_else(|| "#000000".into(), |i| hex(named[i])),
    }
}

/// The game's background colour (black unless `background_color` says otherwise).
fn background(puzzle: &PsPuzzle) -> String {
    colour_setting(puzzle, "background_color", "black")
}

/// The cells a game shows of a level: `cols` x `rows` from column `col` and row `row` (the
/// whole level, or the game's screen round the player; a screen past the level's edge shows
/// its background there).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct View {
    pub col: usize,
    pub row: usize,
    pub cols: usize,
    pub rows: usize,
}

/// What the game shows of the level with `cells`: with a screen, the one the first player (in
/// the engine's order, column by column) is in, or centred on it; a level with no player shows
/// its first screen.
pub(super) fn view(puzzle: &PsPuzzle, cells: &[u64]) -> View {
    let (width, height) = puzzle.size();
    let Some(screen) = puzzle.game.screen else { return View { col: 0, row: 0, cols: width, rows: height } };
    let (col, row) = match (players(&puzzle.game, cells).next(), screen.follows) {
        (None, _) => (0, 0),
        (Some(i), Follows::Flick) => (i / height / screen.cols * screen.cols, i % height / screen.rows * screen.rows),
        (Some(i), Follows::Zoom) => (
            (i / height).saturating_sub(screen.cols / 2).min(width.saturating_sub(screen.cols)),
            (i % height).saturating_sub(screen.rows / 2).min(height.saturating_sub(screen.rows)),
        ),
    };
    View { col, row, cols: screen.cols, rows: screen.rows }
}

/// Paints the level with `cells`.
pub fn draw(puzzle: &PsPuzzle, cells: &[u64], painter: &mut dyn Painter) {
    let game = &puzzle.game;
    let (width, height) = painter.size();
    painter.clear(&background(puzzle));
    let view = view(puzzle, cells);
    let grid = GridLayout::fit(view.cols, view.rows, width, height);
    let (cols, rows) = puzzle.size();
    let pixel = grid.cell / 5.0;
    // Pixels overlap by a hair so that no seam shows between them.
    let seam = 0.5;
    for x in view.col..cols.min(view.col + view.cols) {
        for y in view.row..rows.min(view.row + view.rows) {
            let i = x * rows + y;
            let cell = &cells[i * game.words..(i + 1) * game.words];
            let (left, top) = grid.at((y - view.row) as f64, (x - view.col) as f64);
            for id in (0..game.names.len()).filter(|&id| has(cell, id)) {
                let colours = &game.colours[id];
                for (r, row) in game.sprites[id].iter().enumerate() {
                    let mut c = 0;
                    while c < 5 {
                        let index = row.get(c).copied().unwrap_or(-1);
                        let mut run = 1;
                        while c + run < 5 && row.get(c + run).copied() == Some(index) {
                            run += 1;
                        }
                        if let Some(Some(colour)) = usize::try_from(index).ok().and_then(|k| colours.get(k)) {
                            painter.rect(
                                left + c as f64 * pixel,
                                top + r as f64 * pixel,
                                run as f64 * pixel + seam,
                                pixel + seam,
                                &hex(*colour),
                            );
                        }
                        c += run;
                    }
                }
            }
        }
    }
}

/// A message the game showed (a rule's `message`), written across the foot of the board in
/// `text_color` on `background_color`. Long messages wrap; what does not fit ends in "…".
pub fn draw_message(puzzle: &PsPuzzle, message: &str, painter: &mut dyn Painter) {
    let (width, height) = painter.size();
    let size = (width / 26.0).clamp(12.0, 20.0);
    let line_height = size * 1.35;
    // An average glyph of the page's sans-serif is a little over half its size.
    let per_line = ((width * 0.9) / (size * 0.56)).max(8.0) as usize;
    let most = (((height * 0.8) / line_height) as usize).max(1);
    let mut lines = wrap(message, per_line);
    if lines.len() > most {
        lines.truncate(most);
        if let Some(last) = lines.last_mut() {
            let kept: String = last.chars().take(per_line.saturating_sub(1)).collect();
            *last = format!("{kept}…");
        }
    }
    // At the foot of the board, where it hides the least of the play (the game itself shows a
    // message on a screen of its own, until a key is pressed).
    let band = lines.len() as f64 * line_height + size;
    let top = height - band;
    let ink = colour_setting(puzzle, "text_color", "white");
    painter.rect(0.0, top, width, band, &background(puzzle));
    painter.line(0.0, top, width, top, &ink, 1.0);
    for (i, line) in lines.iter().enumerate() {
        painter.text(width / 2.0, top + size / 2.0 + (i as f64 + 0.5) * line_height, size, &ink, line);
    }
}

/// `text` in lines of at most `per_line` characters, broken between words where it can be.
pub(super) fn wrap(text: &str, per_line: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        while word.len() > per_line {
            if !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            lines.push(word.drain(..per_line).collect());
        }
        let used = line.chars().count();
        if used > 0 && used + 1 + word.len() > per_line {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.extend(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The glyph that stands for exactly `cell`'s objects, if the legend has one (a glyph without
/// a background stands for its objects on the level's background).
fn glyph_of(puzzle: &PsPuzzle, cell: &[u64]) -> Option<char> {
    let game = &puzzle.game;
    let floor = &game.layer_masks[game.layer_of[game.background]];
    let without: Vec<u64> = cell.iter().zip(floor).map(|(c, f)| c & !f).collect();
    let exact = game.glyphs.iter().find(|(_, mask)| mask.as_slice() == cell);
    let on_floor =
        || game.glyphs.iter().find(|(_, mask)| *mask == without && mask.iter().zip(floor).all(|(m, f)| m & f == 0));
    exact.or_else(on_floor).map(|(c, _)| *c)
}

/// The level with `cells` as rows of the game's glyphs ('?' where no glyph says a cell whole).
pub fn map_text(puzzle: &PsPuzzle, cells: &[u64]) -> String {
    let (cols, rows) = puzzle.size();
    let w = puzzle.game.words;
    let mut out = String::new();
    for y in 0..rows {
        for x in 0..cols {
            let i = x * rows + y;
            out.push(glyph_of(puzzle, &cells[i * w..(i + 1) * w]).unwrap_or('?'));
        }
        out.push('\n');
    }
    out
}

/// The game's text with `cells` as its only level: a position as a puzzle of its own (Hint,
/// Solve from here). Cells no glyph says whole get new legend names (`and` of their objects).
pub fn game_text_at(puzzle: &PsPuzzle, cells: &[u64]) -> Option<String> {
    let game = &puzzle.game;
    let (cols, rows) = puzzle.size();
    let w = game.words;
    let mut extra: Vec<(char, Vec<u64>)> = Vec::new();
    let mut spare = ('\u{e0}'..='\u{ff}').chain('\u{3b1}'..='\u{3c9}').filter(|c| {
        *c != '\u{f7}' && c.to_lowercase().eq(std::iter::once(*c)) && !game.glyphs.iter().any(|(g, _)| g == c)
    });
    let mut map = String::new();
    for y in 0..rows {
        for x in 0..cols {
            let i = x * rows + y;
            let cell = &cells[i * w..(i + 1) * w];
            let glyph = match glyph_of(puzzle, cell).or_else(|| extra.iter().find(|(_, m)| m == cell).map(|(c, _)| *c))
            {
                Some(g) => g,
                None => {
                    let g = spare.next()?;
                    extra.push((g, cell.to_vec()));
                    g
                }
            };
            map.push(glyph);
        }
        map.push('\n');
    }
    let lines: Vec<&str> = puzzle.text.split('\n').collect();
    let heading = |name: &str| game.headings.iter().find(|(n, _)| *n == name).map(|(_, line)| *line);
    let levels = heading("levels")?;
    let after_legend = game.headings.iter().skip_while(|(n, _)| *n != "legend").nth(1).map_or(levels, |(_, l)| *l);
    let mut out = lines[..after_legend - 1].join("\n");
    for (g, mask) in &extra {
        let names: Vec<&str> =
            (0..game.names.len()).filter(|&id| has(mask, id)).map(|id| game.names[id].as_str()).collect();
        let joined = if names.len() == 1 { names[0].to_string() } else { names.join(" and ") };
        out.push_str(&format!("\n{g} = {joined}"));
    }
    out.push('\n');
    out.push_str(&lines[after_legend - 1..levels].join("\n"));
    out.push_str("\n\n");
    out.push_str(&map);
    Some(out)
}

/// The input a tap or a swipe makes: a swipe goes its way; a tap on the player is the action
/// (where the game has one), a tap elsewhere steps from the nearest player towards it.
pub fn input_at(puzzle: &PsPuzzle, cells: &[u64], from: (f64, f64), to: (f64, f64), size: (f64, f64)) -> Option<usize> {
    let view = view(puzzle, cells);
    let grid = GridLayout::fit(view.cols, view.rows, size.0, size.1);
    let direction = |dx: f64, dy: f64| -> usize {
        if dx.abs() >= dy.abs() {
            if dx > 0.0 {
                3
            } else {
                1
            }
        } else if dy > 0.0 {
            2
        } else {
            0
        }
    };
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    if dx.hypot(dy) > grid.cell * 0.5 {
        return Some(direction(dx, dy));
    }
    let (row, col) = grid.cell_at(from.0, from.1)?;
    let (row, col) = (row + view.row, col + view.col);
    let game = &puzzle.game;
    let (_, rows) = puzzle.size();
    let players: Vec<(usize, usize)> = players(&puzzle.game, cells).map(|i| (i % rows, i / rows)).collect();
    if players.contains(&(row, col)) {
        return (!game.setting("noaction")).then_some(4);
    }
    let &(pr, pc) = players.iter().min_by_key(|(r, c)| r.abs_diff(row) + c.abs_diff(col))?;
    Some(direction(col as f64 - pc as f64, row as f64 - pr as f64))
}
