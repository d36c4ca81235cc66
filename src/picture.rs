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

/// The moves as a caption: numbered, the one that led to `step` marked.
pub fn caption(moves: &[String], step: usize) -> Vec<String> {
    moves.iter().enumerate().map(|(i, m)| format!("{}. {m}{}", i + 1, if i + 1 == step { " ◀" } else { "" })).collect()
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
pub fn svg(puzzle: &dyn Puzzle, moves: &[String], step: usize, (width, height): (f64, f64), caption: &[String], font: f64) -> String {
    let mut painter = SvgPainter::new(width, height);
    puzzle.draw(moves, step, 0.0, &mut painter);
    if caption.is_empty() {
        return painter.finish();
    }
    let lines = wrap(caption, |line| line.chars().count() as f64 * 0.55 * font <= width - 2.0 * font);
    let (band, line_top) = band(lines.len(), font);
    let mut more = format!("<rect x=\"0\" y=\"{height:.1}\" width=\"{width:.1}\" height=\"{band:.1}\" fill=\"{BACKGROUND}\"/>\n");
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

    #[test]
    fn the_svg_is_the_board_with_the_caption_under_it() {
        let puzzle = families::parse(None, "aabb\naacd\n  cd\neffh\neggi\na--\n").unwrap();
        let moves = vec!["b L".to_string()];
        let plain = svg(puzzle.as_ref(), &moves, 1, BOARD, &[], FONT);
        let document = roxmltree::Document::parse(&plain).expect("well-formed");
        assert_eq!((document.root_element().attribute("width"), document.root_element().attribute("height")), (Some("560"), Some("440")));
        let captioned = svg(puzzle.as_ref(), &moves, 1, (1120.0, 880.0), &caption(&moves, 1), 2.0 * FONT);
        let document = roxmltree::Document::parse(&captioned).expect("well-formed");
        // One line of caption: 2 margins and 1.4 em of 28 px under the 880 px board.
        assert_eq!(document.root_element().attribute("height"), Some("975.2"));
        let texts: Vec<&str> = document.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
        assert_eq!(texts.last(), Some(&"1. b L ◀"));
    }
}
