//! `ARCHITECTURE.md` stays a map of today: every file it names exists, and every name of the
//! code it quotes (a type, a function, a path like `families::parse`) is still in the code. And
//! every family's format has one reference, which the README links and the page's help shows.
#![cfg(not(target_arch = "wasm32"))]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Where the map's names are looked for, from the crate's root.
const ROOTS: &[&str] = &["src", "www", "tests", "benches", "docs", "fuzz", ".ci"];

/// Names the map quotes from elsewhere (Simon Tatham's collection, crates, the platform).
const ELSEWHERE: &[&str] = &["midend.c", "pathfinding"];

fn files(dir: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" || name == "node_modules" {
            continue;
        }
        if path.is_dir() {
            files(&path, found);
        }
        found.push(path);
    }
}

/// The text between backticks, each once.
fn quoted(map: &str) -> BTreeSet<&str> {
    map.split('`').skip(1).step_by(2).filter(|q| !q.is_empty()).collect()
}

fn is_file_name(quote: &str) -> bool {
    let extensions = [".rs", ".md", ".js", ".mjs", ".html", ".toml", ".sh", ".c", ".json"];
    !quote.contains(' ')
        && !quote.contains('(')
        && (quote.contains('/') || extensions.iter().any(|e| quote.ends_with(e)))
}

/// The words of a code name: `Outcome::GaveUp { reason }` gives `Outcome` and `GaveUp`.
fn code_words(quote: &str) -> Option<Vec<&str>> {
    let name = quote.split([' ', '(', '!', '<']).next()?;
    let words: Vec<&str> = name.split("::").collect();
    let is_word = |w: &&str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !words.iter().all(is_word) {
        return None;
    }
    // A path, a function (`name()`, `name!`) or a type's name (capitalised); a lone lower-case
    // word (`bfs`, `show`) is English as often as code.
    let code = words.len() > 1
        || quote.contains('(')
        || quote.contains('!')
        || (name.chars().next().is_some_and(|c| c.is_ascii_uppercase())
            && name.chars().any(|c| c.is_ascii_lowercase()));
    code.then_some(words)
}

/// Whether `word` is in `text` as a whole word.
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let part = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        !part(before) && !part(after)
    })
}

#[test]
fn the_architecture_map_names_what_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut paths = Vec::new();
    for dir in ROOTS {
        files(&root.join(dir), &mut paths);
    }
    let named: Vec<String> = paths
        .iter()
        .map(|p| p.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"))
        .chain(["Cargo.toml", "index.html", "Trunk.toml", "rustfmt.toml", "Makefile", "README.md"].map(String::from))
        .collect();
    // Vendored code is named, not read.
    let code: String = (paths.iter())
        .filter(|p| !p.components().any(|c| c.as_os_str() == "vendor"))
        .filter(|p| p.extension().is_some_and(|e| e == "rs" || e == "js" || e == "mjs" || e == "html"))
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect::<Vec<_>>()
        .join("\n");
    let mut missing = Vec::new();
    for quote in quoted(&map) {
        if ELSEWHERE.contains(&quote) {
            continue;
        }
        if is_file_name(quote) {
            // `src/families/NAME/` stands for each family's folder: its parent must exist.
            let (path, placeholder) = match quote.split_once("NAME") {
                Some((parent, _)) => (parent.trim_end_matches('/'), true),
                None => (quote.trim_end_matches('/'), false),
            };
            let exists = |n: &String| n == path || n.ends_with(&format!("/{path}"));
            let placed = placeholder && root.join(path).is_dir();
            if !placed && !named.iter().any(exists) {
                missing.push(format!("file {quote}"));
            }
        } else if let Some(words) = code_words(quote) {
            if let Some(word) = words.iter().find(|w| !has_word(&code, w)) {
                missing.push(format!("{quote} ({word} is not in the code)"));
            }
        }
    }
    assert!(missing.is_empty(), "ARCHITECTURE.md names what is not there:\n{}", missing.join("\n"));
}

#[test]
fn the_check_finds_what_is_missing() {
    assert!(is_file_name("web/app/handover.rs") && is_file_name("docs/decisions/") && !is_file_name("make test"));
    assert_eq!(code_words("Outcome::GaveUp { reason }"), Some(vec!["Outcome", "GaveUp"]));
    assert_eq!(code_words("lockdown()"), Some(vec!["lockdown"]));
    assert_eq!(code_words("bfs"), None);
    assert!(has_word("fn parse_as(", "parse_as") && !has_word("fn parse_as(", "parse"));
}

/// Each family's format reference is `docs/formats/FAMILY.md` (LM-Solve's eight share one): the
/// text its help shows (`Family::format_help`), and the README links it.
#[test]
fn every_family_has_its_format_reference() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let mut references = BTreeSet::new();
    for family in puzzlelab::families::FAMILIES {
        let name = family.id().split(':').next().unwrap_or_default();
        let file = format!("docs/formats/{name}.md");
        let reference = std::fs::read_to_string(root.join(&file)).unwrap_or_default();
        assert!(reference.starts_with("# "), "{}: {file} is missing or has no title", family.id());
        assert_eq!(family.format_help(), reference, "{}: its help is not {file}", family.id());
        assert!(readme.contains(&format!("]({file})")), "the README does not link {file}");
        references.insert(file);
    }
    let files: BTreeSet<String> = std::fs::read_dir(root.join("docs/formats"))
        .unwrap()
        .map(|entry| format!("docs/formats/{}", entry.unwrap().file_name().to_string_lossy()))
        .collect();
    assert_eq!(files, references, "a reference in docs/formats that no family shows");
}
