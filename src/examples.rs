//! The example puzzles the page offers: each family lists its own ([`Family::examples`], the
//! files in `www/examples/`, each with its known answer), and the menu shows them in the order
//! of the registry. `tests/examples.rs` solves every one; `benches/examples.rs` times them.

use crate::families::{Example, Family, FAMILIES};

/// Every example with its family, in the menu's order.
pub fn all() -> impl Iterator<Item = (&'static dyn Family, &'static Example)> {
    FAMILIES.iter().flat_map(|&family| family.examples().iter().map(move |example| (family, example)))
}

/// The example called `name`.
pub fn find(name: &str) -> Option<(&'static dyn Family, &'static Example)> {
    all().find(|(_, example)| example.name == name)
}

/// The text of the example called `name`.
pub fn text(name: &str) -> Option<&'static str> {
    find(name).map(|(_, example)| example.text)
}

/// The example's name in the menu: its short title where it has one, else what the text calls
/// itself ([`description`]), else the file name.
pub fn title(example: &'static Example) -> &'static str {
    example.title.or_else(|| own_title(example)).unwrap_or(example.name)
}

/// What the text says of itself, where the menu shows a shorter title: its tooltip. A comment
/// that runs over several `//` lines is read whole.
pub fn description(example: &'static Example) -> Option<String> {
    let own = own_title(example).filter(|&own| own != title(example))?;
    let mut lines = example.text.lines().skip_while(|l| l.trim_start_matches("//").trim() != own);
    let first = lines.next().filter(|l| l.starts_with("//"));
    let rest = lines.map_while(|l| l.strip_prefix("//").map(str::trim)).take_while(|l| !l.is_empty());
    Some(match first {
        Some(_) => std::iter::once(own).chain(rest).collect::<Vec<_>>().join(" "),
        None => own.to_string(),
    })
}

/// The menu's group the example is listed in: its family's name unless it says another.
pub fn group(family: &'static dyn Family, example: &'static Example) -> &'static str {
    example.group.unwrap_or_else(|| family.name())
}

/// An SVG's `<title>`, or the text's `title:` line or first `//` comment (not a format's
/// marker line, `// puzzlelab …`, such as a script's).
fn own_title(example: &'static Example) -> Option<&'static str> {
    let text = example.text;
    if let Some((_, rest)) = text.split_once("<title>") {
        if let Some((title, _)) = rest.split_once("</title>") {
            return Some(title.trim());
        }
    }
    text.lines()
        .filter(|l| !l.starts_with("// puzzlelab"))
        .find_map(|l| l.strip_prefix("title:").or_else(|| l.strip_prefix("//")))
        .map(str::trim)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The menu: short titles, none twice in one group, each family's examples under
    /// its own name unless placed where people look for them; the long text is the tooltip.
    #[test]
    fn the_menu_is_short_and_says_each_puzzle_once() {
        let mut seen: Vec<(&str, &str)> = Vec::new();
        for (family, example) in all() {
            let (group, title) = (group(family, example), title(example));
            assert!(title.chars().count() <= 40, "{title} is too long for the menu");
            assert!(!seen.contains(&(group, title)), "{title} twice in {group}");
            assert!(!title.starts_with(group), "{title} repeats its group's name");
            seen.push((group, title));
        }
        let (family, eight) = find("eight-puzzle").expect("listed");
        assert_eq!((family.id(), group(family, eight)), ("sliding", "N-puzzle (15-puzzle)"));
        assert!(description(eight).is_some_and(|d| d.contains("hardest")));
        // A comment over several lines is the tooltip whole.
        let (_, river) = find("script-js-river").expect("listed");
        assert!(description(river).is_some_and(|d| d.contains("The boat holds the farmer and") && d.ends_with('.')));
        let (family, fifteen) = find("fifteen-puzzle").expect("listed");
        assert_eq!(group(family, fifteen), family.name());
    }
}
