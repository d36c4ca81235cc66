//! Reading a PuzzleScript game's text into its sections, as the reference parser reads them:
//! nested `( comments )`, a prelude of settings, then `OBJECTS`, `LEGEND`, `SOUNDS` (read and
//! ignored), `COLLISIONLAYERS`, `RULES`, `WINCONDITIONS` and `LEVELS`. Names are case-blind
//! (kept in lower case); messages keep their case. What the sections mean is `compile.rs`'s.

use crate::families::FormatError;

/// The sections, in the order a game must give them.
pub const SECTIONS: [&str; 7] = ["objects", "legend", "sounds", "collisionlayers", "rules", "winconditions", "levels"];

/// Settings that take a value, and settings that are a word alone.
const WITH_VALUE: [&str; 12] = [
    "title",
    "author",
    "homepage",
    "background_color",
    "text_color",
    "key_repeat_interval",
    "realtime_interval",
    "again_interval",
    "flickscreen",
    "zoomscreen",
    "color_palette",
    "youtube",
];
const ALONE: [&str; 10] = [
    "run_rules_on_level_start",
    "norepeat_action",
    "require_player_movement",
    "debug",
    "verbose_logging",
    "throttle_movement",
    "noundo",
    "noaction",
    "norestart",
    "scanline",
];

/// An object as written: its name, colours (as written), and its 5x5 sprite (digits index the
/// colours, -1 is transparent; empty when the object is one colour).
#[derive(Debug, Clone)]
pub struct ObjectDef {
    pub name: String,
    pub colours: Vec<String>,
    pub sprite: Vec<Vec<i8>>,
    pub line: usize,
}

/// A line of the legend: `name = a`, `name = a or b`, `name = a and b`.
#[derive(Debug, Clone)]
pub struct LegendDef {
    pub name: String,
    pub kind: LegendKind,
    pub parts: Vec<String>,
    pub line: usize,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegendKind {
    Synonym,
    Property,
    Aggregate,
}

/// A level: a map of glyphs (rows as written, lower case), or a message between levels.
#[derive(Debug, Clone)]
pub enum LevelDef {
    Map { line: usize, rows: Vec<Vec<char>> },
    Message { line: usize, text: String },
}

/// A game's text, section by section.
#[derive(Debug, Clone, Default)]
pub struct Source {
    /// Prelude settings: (key, value, line); a setting alone has the value "true".
    pub settings: Vec<(String, String, usize)>,
    pub objects: Vec<ObjectDef>,
    pub legend: Vec<LegendDef>,
    /// Each collision layer's names, with its line.
    pub layers: Vec<(Vec<String>, usize)>,
    /// Each rule line: its text in lower case without comments, its line, and the message its
    /// `message` command shows (as written).
    pub rules: Vec<(String, usize, Option<String>)>,
    /// Each win condition's words, with its line.
    pub wins: Vec<(Vec<String>, usize)>,
    pub levels: Vec<LevelDef>,
    /// Each section's heading line.
    pub headings: Vec<(&'static str, usize)>,
    /// What the reference engine also lets pass with a complaint: said, and the game still runs.
    pub warnings: Vec<FormatError>,
}

impl Source {
    /// A setting's value, if the prelude gives it.
    pub fn setting(&self, key: &str) -> Option<&str> {
        self.setting_at(key).map(|(value, _)| value)
    }

    /// A setting's value and its line (the last, where the prelude gives it twice).
    pub fn setting_at(&self, key: &str) -> Option<(&str, usize)> {
        self.settings.iter().rev().find(|(k, _, _)| k == key).map(|(_, v, line)| (v.as_str(), *line))
    }
}

/// Removes `( comments )` (nested, across lines) from `line`, given the depth at its start.
fn uncomment(line: &str, depth: &mut usize) -> String {
    let mut out = String::with_capacity(line.len());
    for ch in line.chars() {
        match ch {
            '(' => *depth += 1,
            ')' if *depth > 0 => {
                *depth -= 1;
                // The rest of the line reads as if it started there.
                if *depth == 0 {
                    out.push(' ');
                }
            }
            // A bracket closing nothing is passed over (the reference warns of it).
            ')' => {}
            _ if *depth == 0 => out.push(ch),
            _ => {}
        }
    }
    out
}

/// The words of `text`: runs of letters, digits and `_`.
fn is_name_char(ch: char) -> bool {
    ch.is_alphanumeric() || ch == '_'
}

/// Whether `text` is a word made of name characters.
pub fn is_name(text: &str) -> bool {
    !text.is_empty() && text.chars().all(is_name_char)
}

fn error(line: usize, message: impl Into<String>) -> FormatError {
    FormatError::new(line, 1, message.into())
}

/// Where `line` (as written) has a rule's `message` command, outside comments: a byte offset.
fn message_command(line: &str, depth_at_start: usize) -> Option<usize> {
    let mut depth = depth_at_start;
    let bytes: Vec<(usize, char)> = line.char_indices().collect();
    let mut i = 0;
    while i < bytes.len() {
        let (at, ch) = bytes[i];
        match ch {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 && ch.eq_ignore_ascii_case(&'m') => {
                let before_ok = i == 0 || !is_name_char(bytes[i - 1].1);
                let word: String = bytes[i..].iter().take(7).map(|&(_, c)| c.to_ascii_lowercase()).collect();
                let after_ok = bytes.get(i + 7).is_none_or(|&(_, c)| !is_name_char(c));
                if before_ok && word == "message" && after_ok {
                    return Some(at);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Reads the sections of a game. Errors name the line; what the names mean is checked later.
pub fn parse(text: &str) -> Result<Source, FormatError> {
    let mut source = Source::default();
    let mut section: Option<&str> = None;
    let mut visited: Vec<&str> = Vec::new();
    let mut depth = 0usize;
    // Objects: 0 expects a name, 1 colours, 2 sprite rows (or a name when none has started).
    let mut object_state = 0;
    // Levels: whether a map is being read.
    let mut in_map = false;
    for (index, raw) in text.split('\n').enumerate() {
        let number = index + 1;
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let depth_at_start = depth;
        // A message keeps its text whole, brackets and case included.
        if depth == 0 && section == Some("levels") {
            let trimmed = raw.trim_start();
            let lower: String = trimmed.chars().take(7).flat_map(char::to_lowercase).collect();
            if lower == "message" {
                // Run on ("messagecat"), it is still a message, as the reference reads it.
                if trimmed.chars().nth(7).is_some_and(is_name_char) {
                    source.warnings.push(FormatError::new(
                        number,
                        1,
                        "a message's text goes after a space: message Hello (read as a message all the same)",
                    ));
                }
                let text = trimmed.chars().skip(7).collect::<String>().trim().to_string();
                source.levels.push(LevelDef::Message { line: number, text });
                in_map = false;
                continue;
            }
        }
        let mut message = None;
        let mut body = raw;
        if section == Some("rules") {
            if let Some(at) = message_command(raw, depth_at_start) {
                let text = raw[at + "message".len()..].trim();
                message = Some(if text.is_empty() { " ".to_string() } else { text.to_string() });
                body = &raw[..at];
            }
        }
        let clean = uncomment(body, &mut depth);
        let words_line = clean.trim();
        // A blank line ends an object or a level; a line of comments only does not.
        if raw.trim().is_empty() && depth_at_start == 0 {
            match section {
                Some("objects") => object_state = 0,
                Some("levels") => in_map = false,
                _ => {}
            }
            continue;
        }
        if words_line.is_empty() && message.is_none() {
            continue;
        }
        if !words_line.is_empty() && words_line.chars().all(|c| c == '=' || c.is_whitespace()) {
            continue;
        }
        let lower = words_line.to_lowercase();
        if section != Some("levels") {
            let first = lower.split_whitespace().next().unwrap_or("");
            if let Some(&name) = SECTIONS.iter().find(|&&s| s == first) {
                if visited.contains(&name) {
                    source.warnings.push(error(number, format!("the section {} appears twice", name.to_uppercase())));
                }
                let position = SECTIONS.iter().position(|&s| s == name).unwrap_or(0);
                if position > 0 && !visited.contains(&SECTIONS[position - 1]) {
                    source.warnings.push(error(
                        number,
                        format!(
                            "the section {} must come after {} (every section's heading is needed, even for an empty section)",
                            name.to_uppercase(),
                            SECTIONS[position - 1].to_uppercase()
                        ),
                    ));
                }
                visited.push(name);
                source.headings.push((name, number));
                section = Some(name);
                object_state = 0;
                continue;
            }
        }
        match section {
            None => {
                if let Err(e) = prelude_line(&mut source, words_line, number) {
                    source.warnings.push(e);
                }
            }
            Some("objects") => {
                if let Err(e) = object_line(&mut source, words_line, number, &mut object_state) {
                    source.warnings.push(e);
                }
            }
            Some("legend") => {
                if let Err(e) = legend_line(&mut source, &lower, number) {
                    source.warnings.push(e);
                }
            }
            Some("sounds") => {}
            Some("collisionlayers") => {
                let names: Vec<String> = lower
                    .split(|c: char| c == ',' || c.is_whitespace())
                    .filter(|w| !w.is_empty())
                    .map(String::from)
                    .collect();
                source.layers.push((names, number));
            }
            Some("rules") => source.rules.push((lower, number, message)),
            Some("winconditions") => {
                source.wins.push((lower.split_whitespace().map(String::from).collect(), number));
            }
            Some(_) => {
                // A row of a map: its glyphs up to the first comment, in lower case.
                let row: Vec<char> = lower.chars().collect();
                match source.levels.last_mut() {
                    Some(LevelDef::Map { rows, .. }) if in_map => rows.push(row),
                    _ => source.levels.push(LevelDef::Map { line: number, rows: vec![row] }),
                }
                in_map = true;
            }
        }
    }
    if !visited.contains(&"objects") {
        return Err(error(1, "a PuzzleScript game starts its objects with a heading OBJECTS"));
    }
    Ok(source)
}

fn prelude_line(source: &mut Source, line: &str, number: usize) -> Result<(), FormatError> {
    let key_end = line.find(char::is_whitespace).unwrap_or(line.len());
    let key = line[..key_end].to_lowercase();
    let value = line[key_end..].trim();
    if WITH_VALUE.contains(&key.as_str()) {
        if value.is_empty() {
            return Err(error(number, format!("the setting {} needs a value", key)));
        }
        let value = if matches!(key.as_str(), "title" | "author" | "homepage") {
            value.to_string()
        } else {
            value.to_lowercase()
        };
        source.settings.push((key, value, number));
    } else if ALONE.contains(&key.as_str()) {
        source.settings.push((key, "true".into(), number));
    } else {
        return Err(FormatError::new(
            number,
            1,
            format!("{} is not a setting PuzzleScript knows before its OBJECTS", crate::families::shown_text(&key)),
        ));
    }
    Ok(())
}

fn object_line(source: &mut Source, line: &str, number: usize, state: &mut u8) -> Result<(), FormatError> {
    let lower = line.to_lowercase();
    let sprite_row = lower.chars().all(|c| c == '.' || c.is_ascii_digit());
    if *state == 2 && sprite_row {
        let Some(object) = source.objects.last_mut() else { return Ok(()) };
        let mut row: Vec<i8> = lower.chars().map(|c| c.to_digit(10).map_or(-1, |d| d as i8)).collect();
        let mut complaint = None;
        if row.len() != 5 {
            complaint = Some(error(
                number,
                format!("a sprite row has 5 pixels; this row of {} has {}", object.name, row.len()),
            ));
            row.resize(5, -1);
        }
        if let Some(&bad) = row.iter().find(|&&d| d >= 0 && d as usize >= object.colours.len()) {
            complaint = Some(error(
                number,
                format!(
                    "{}'s sprite uses colour {bad}, but only {} colours are given",
                    object.name,
                    object.colours.len()
                ),
            ));
            row.iter_mut().filter(|d| **d as usize >= object.colours.len()).for_each(|d| *d = -1);
        }
        object.sprite.push(row);
        if object.sprite.len() == 5 {
            *state = 0;
        }
        return complaint.map_or(Ok(()), Err);
    }
    if sprite_row && lower.contains('.') {
        return Err(error(number, "a sprite row here belongs to no object (a sprite follows its object's colours)"));
    }
    if *state == 1 {
        let colours = colour_words(&lower);
        if let Some(object) = source.objects.last_mut() {
            object.colours = colours;
        }
        *state = 2;
        return Ok(());
    }
    // A name line: the object's name, then other names for it (often its glyph).
    let mut words = lower.split_whitespace();
    let Some(name) = words.next() else { return Ok(()) };
    if !is_name(name) {
        return Err(error(
            number,
            format!(
                "{} cannot name an object: names are letters, digits and _ (give it a glyph like that in the LEGEND)",
                crate::families::shown_text(name)
            ),
        ));
    }
    if source.objects.iter().any(|o| o.name == name) {
        return Err(error(number, format!("the object {} is defined twice", name.to_uppercase())));
    }
    for alias in words {
        source.legend.push(LegendDef {
            name: alias.to_string(),
            kind: LegendKind::Synonym,
            parts: vec![name.to_string()],
            line: number,
        });
    }
    source.objects.push(ObjectDef { name: name.to_string(), colours: Vec::new(), sprite: Vec::new(), line: number });
    *state = 1;
    Ok(())
}

/// The colours of an object's colour line: names and `#` codes, spaces between them optional
/// (`#ff3300#330000` is two), as the reference reads them.
fn colour_words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    for word in line.split_whitespace() {
        let mut rest = word;
        while !rest.is_empty() {
            let end = match rest.strip_prefix('#') {
                Some(hex) => {
                    let digits = hex.chars().take_while(char::is_ascii_hexdigit).count();
                    1 + if digits >= 6 {
                        6
                    } else if digits >= 3 {
                        3
                    } else {
                        digits
                    }
                }
                None => rest.find('#').unwrap_or(rest.len()),
            };
            let end = end.max(1).min(rest.len());
            out.push(rest[..end].to_string());
            rest = &rest[end..];
        }
    }
    out
}

fn legend_line(source: &mut Source, line: &str, number: usize) -> Result<(), FormatError> {
    let shape = "a legend line reads \"A = B\", \"A = B or C\" or \"A = B and C\"";
    let Some(equals) = line.find('=') else { return Err(error(number, shape)) };
    let name = line[..equals].trim();
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err(error(number, shape));
    }
    let words: Vec<&str> = line[equals + 1..].split_whitespace().collect();
    if words.is_empty() || words.len() % 2 == 0 {
        return Err(error(number, shape));
    }
    let joiner = words.get(1).copied();
    let mut parts = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if i % 2 == 1 {
            if Some(*word) != joiner || !matches!(*word, "and" | "or") {
                return Err(error(number, format!("{shape}; and and or cannot be mixed in one line")));
            }
        } else {
            if *word == name {
                return Err(error(number, format!("{} cannot be defined in terms of itself", name.to_uppercase())));
            }
            parts.push(word.to_string());
        }
    }
    let kind = match joiner {
        None => LegendKind::Synonym,
        Some("or") => LegendKind::Property,
        _ => LegendKind::Aggregate,
    };
    source.legend.push(LegendDef { name: name.to_string(), kind, parts, line: number });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = "title Tiny\n(a comment\n over lines)\nOBJECTS\nBackground\nblack\n\nPlayer P\nblue\n.000.\n.0.0.\n00000\n.000.\n.0.0.\nWall\ngrey\n\nLEGEND\n. = Background\n# = Wall\n\nSOUNDS\nCOLLISIONLAYERS\nBackground\nPlayer, Wall\nRULES\n[ > Player | Wall ] -> cancel (no way) \n[ Player ] -> message Hi (there)\nWINCONDITIONS\nLEVELS\nmessage Start (here)\n#P.#\n\n#.P#\n";

    #[test]
    fn sections_read_as_written() {
        let source = parse(TINY).expect("reads");
        assert_eq!(source.setting("title"), Some("Tiny"));
        let names: Vec<_> = source.objects.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["background", "player", "wall"]);
        assert_eq!(source.objects[1].sprite.len(), 5);
        assert!(source.objects[2].sprite.is_empty(), "an object of one colour has no sprite");
        // "Player P" makes p another name for the player.
        assert!(source.legend.iter().any(|l| l.name == "p" && l.parts == ["player"]));
        assert_eq!(source.layers.len(), 2);
        assert_eq!(source.rules[0].0.trim(), "[ > player | wall ] -> cancel");
        assert_eq!(source.rules[1].2.as_deref(), Some("Hi (there)"), "a message keeps its brackets");
        assert_eq!(source.levels.len(), 3);
        assert!(matches!(&source.levels[0], LevelDef::Message { text, .. } if text == "Start (here)"));
    }

    #[test]
    fn bad_texts_are_told_where() {
        // What the reference only complains of is said, and the game still reads.
        let late = TINY.replace("SOUNDS\n", "").replace("LEGEND\n", "SOUNDS\nLEGEND\n");
        assert!(parse(&late).expect("reads").warnings[0].message.contains("must come after"));
        let bad = parse(&TINY.replace("# = Wall", "# = Wall or")).expect("reads");
        assert_eq!(bad.warnings[0].line, 20);
        let wide = parse(&TINY.replace("00000\n.000.", "000000\n.000.")).expect("reads");
        assert!(wide.warnings[0].message.contains("5 pixels"), "{:?}", wide.warnings);
        assert!(parse("just words\n").is_err(), "a text with no OBJECTS is no game");
    }
}
