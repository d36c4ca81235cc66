//! Pictures of one position as SVG: the page's SVG download and the command line's `render`,
//! which rasterizes the same SVG for PNG and GIF (`render.rs`). The family's own drawing through
//! [`SvgPainter`], with the moves written in a band under the board when asked, laid out as the
//! page's PNG lays them out (`web/canvas.rs::picture`).

use crate::draw::{xml_escape, SvgPainter};
use crate::families::Puzzle;

/// The board's size on the page (its canvas): a picture at scale 1.
pub const BOARD: (f64, f64) = (560.0, 440.0);
/// The caption's font size at scale 1.
pub const FONT: f64 = 14.0;
/// The caption band's colours: the boards' own background, and ink.
pub const BACKGROUND: &str = "#f4f1ea";
pub const INK: &str = "#222222";
/// Space between two moves on a caption line.
const GAP: &str = "   ";

/// The most characters of moves a caption holds. A longer solution's caption shows the moves
/// around the marked one and says how many it leaves out, so that a picture of a 100,000-move
/// solution stays a picture (every move once asked for a pixmap of 7.7 GB).
pub const MOST_CAPTION_CHARACTERS: usize = 1_500;
/// The most characters of one move a caption shows.
const MOST_MOVE_CHARACTERS: usize = 200;

/// The moves as a caption: numbered, the one that led to `step` marked; within
/// [`MOST_CAPTION_CHARACTERS`], the moves nearest the marked one, with a note before and after
/// of those left out.
pub fn caption(moves: &[String], step: usize) -> Vec<String> {
    let word = |i: usize| {
        let mut text: String = moves[i].chars().take(MOST_MOVE_CHARACTERS).collect();
        if moves[i].chars().nth(MOST_MOVE_CHARACTERS).is_some() {
            text.push('…');
        }
        format!("{}. {text}{}", i + 1, if i + 1 == step { " ◀" } else { "" })
    };
    let Some(last) = moves.len().checked_sub(1) else { return Vec::new() };
    // A window [from, to) grown from the marked move, a move each way in turn, while it fits.
    let centre = step.saturating_sub(1).min(last);
    let (mut from, mut to) = (centre, centre + 1);
    let mut used = word(centre).chars().count();
    loop {
        let mut grew = false;
        for (next, after) in [(to, true), (from.wrapping_sub(1), false)] {
            if next > last {
                continue;
            }
            let length = word(next).chars().count() + GAP.len();
            if used + length <= MOST_CAPTION_CHARACTERS {
                used += length;
                grew = true;
                if after {
                    to += 1;
                } else {
                    from -= 1;
                }
            }
        }
        if !grew {
            break;
        }
    }
    let mut words = Vec::with_capacity(to - from + 2);
    if from > 0 {
        words.push(format!("(moves 1 to {} left out)", crate::replay::group(from as u64)));
    }
    words.extend((from..to).map(word));
    if to < moves.len() {
        words.push(format!("({} more moves left out)", crate::replay::group((moves.len() - to) as u64)));
    }
    words
}

/// The caption's words in lines, as many on a line as `fits` allows (a word too long for a line
/// alone has it to itself).
pub fn wrap(words: &[String], fits: impl Fn(&str) -> bool) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in words {
        match lines.last_mut() {
            Some(line) if fits(&format!("{line}{GAP}{word}")) => *line = format!("{line}{GAP}{word}"),
            _ => lines.push(word.clone()),
        }
    }
    lines
}

/// The height of the band that holds `lines` of caption in `font`, and where each line's top is
/// below the board.
pub fn band(lines: usize, font: f64) -> (f64, impl Fn(usize) -> f64) {
    let (margin, leading) = (font, font * 1.4);
    (2.0 * margin + lines as f64 * leading, move |i| margin + i as f64 * leading)
}

/// The position after `step` of `moves`, `width` x `height`, as an SVG document, with `caption`
/// (see [`caption`]) in `font` under it when there is one. An SVG cannot measure its text, so
/// lines are wrapped at 0.55 em a character: a little wider than a sans-serif face's digits,
/// commas and small letters, of which moves are mostly made.
pub fn svg(
    puzzle: &dyn Puzzle,
    moves: &[String],
    step: usize,
    (width, height): (f64, f64),
    caption: &[String],
    font: f64,
) -> String {
    let mut painter = SvgPainter::new(width, height);
    puzzle.draw(moves, step, 0.0, &mut painter);
    if caption.is_empty() {
        return painter.finish();
    }
    let lines = wrap(caption, |line| line.chars().count() as f64 * 0.55 * font <= width - 2.0 * font);
    let (band, line_top) = band(lines.len(), font);
    let mut more =
        format!("<rect x=\"0\" y=\"{height:.1}\" width=\"{width:.1}\" height=\"{band:.1}\" fill=\"{BACKGROUND}\"/>\n");
    for (i, line) in lines.iter().enumerate() {
        more.push_str(&format!(
            "<text x=\"{font:.1}\" y=\"{:.1}\" font-size=\"{font:.1}\" fill=\"{INK}\" dominant-baseline=\"hanging\" font-family=\"sans-serif\" xml:space=\"preserve\">{}</text>\n",
            height + line_top(i),
            xml_escape(line)
        ));
    }
    painter.finish_taller(band, &more)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families;

    #[test]
    fn a_caption_numbers_the_moves_and_marks_the_current_one() {
        let moves: Vec<String> = ["b LL", "c D"].iter().map(|m| m.to_string()).collect();
        assert_eq!(caption(&moves, 2), ["1. b LL", "2. c D ◀"]);
        assert_eq!(caption(&moves, 0), ["1. b LL", "2. c D"]);
        let words: Vec<String> = (1..=5).map(|i| format!("{i}. x")).collect();
        assert_eq!(wrap(&words, |line| line.len() <= 14), ["1. x   2. x", "3. x   4. x", "5. x"]);
        assert_eq!(wrap(&words, |_| false).len(), 5, "a word that does not fit still gets its line");
    }

    /// A caption of a long solution is the moves around the marked one, within its budget, with
    /// notes of those left out; every move has its number.
    #[test]
    fn a_long_solution_has_a_caption_of_bounded_size() {
        let moves: Vec<String> = (0..119_400).map(|i| ["N", "E", "S", "W"][i % 4].to_string()).collect();
        for step in [0, 1, 60_000, 119_400] {
            let words = caption(&moves, step);
            let characters: usize = words.iter().map(|w| w.chars().count() + GAP.len()).sum();
            assert!(characters <= MOST_CAPTION_CHARACTERS + 100, "{step}: {characters}");
            assert!(
                step == 0 || words.iter().any(|w| w.starts_with(&format!("{step}. ")) && w.ends_with('◀')),
                "{step}"
            );
            let (first, last) = (words.first().unwrap(), words.last().unwrap());
            assert_eq!(first.starts_with("(moves 1 to"), step > 200, "{step}: {first}");
            assert_eq!(last.ends_with("more moves left out)"), step < 119_000, "{step}: {last}");
        }
        let middle = caption(&moves, 60_000);
        assert!(
            middle[0].starts_with("(moves 1 to 59,") && middle.last().unwrap().starts_with("(59,"),
            "{:?}",
            (&middle[0], middle.last())
        );
        assert!(middle.len() > 100, "the budget holds over a hundred short moves");
        // A short solution is whole; a move of a megabyte is cut.
        assert_eq!(caption(&moves[..3], 2), ["1. N", "2. E ◀", "3. S"]);
        let long = vec!["x".repeat(1 << 20)];
        assert_eq!(caption(&long, 1)[0].chars().count(), 3 + MOST_MOVE_CHARACTERS + 1 + 2);
    }

    #[test]
    fn the_svg_is_the_board_with_the_caption_under_it() {
        let puzzle = families::parse(None, "aabb\naacd\n  cd\neffh\neggi\na--\n").unwrap();
        let moves = vec!["b L".to_string()];
        let plain = svg(puzzle.as_ref(), &moves, 1, BOARD, &[], FONT);
        let document = roxmltree::Document::parse(&plain).expect("well-formed");
        assert_eq!(
            (document.root_element().attribute("width"), document.root_element().attribute("height")),
            (Some("560"), Some("440"))
        );
        let captioned = svg(puzzle.as_ref(), &moves, 1, (1120.0, 880.0), &caption(&moves, 1), 2.0 * FONT);
        let document = roxmltree::Document::parse(&captioned).expect("well-formed");
        // One line of caption: 2 margins and 1.4 em of 28 px under the 880 px board.
        assert_eq!(document.root_element().attribute("height"), Some("975.2"));
        let texts: Vec<&str> =
            document.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
        assert_eq!(texts.last(), Some(&"1. b L ◀"));
    }
}
