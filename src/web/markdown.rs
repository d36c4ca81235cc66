//! The little Markdown the format references in `docs/formats/` are written in, read into blocks
//! the help panel shows as elements with text (never markup): headings, paragraphs, lists, tables
//! and code blocks, with `code`, **bold** and [links](https://…) inside them. The same files are the
//! references a reader of the repository opens, so the two cannot drift.

/// A run of text inside a block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Span {
    Text(String),
    Code(String),
    Bold(String),
    /// A link's words and where it goes.
    Link(String, String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// A heading of level 1 (`#`) to 3.
    Heading(usize, Vec<Span>),
    Paragraph(Vec<Span>),
    List(Vec<Vec<Span>>),
    /// A fenced code block, its lines as written (less the fence's indent).
    Code(String),
    /// A table's rows of cells, its heading first.
    Table(Vec<Vec<Vec<Span>>>),
}

/// The blocks of `text`.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    // The paragraph or list item being read.
    let mut words = String::new();
    let mut items: Vec<Vec<Span>> = Vec::new();
    let mut in_item = false;
    let mut lines = text.lines();
    let flush = |words: &mut String, items: &mut Vec<Vec<Span>>, in_item: bool, blocks: &mut Vec<Block>| {
        if !words.is_empty() {
            let spans = spans(words.trim());
            if in_item {
                items.push(spans);
            } else {
                blocks.push(Block::Paragraph(spans));
            }
            words.clear();
        }
    };
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") {
            flush(&mut words, &mut items, in_item, &mut blocks);
            let indent = line.len() - trimmed.len();
            let code: Vec<&str> = lines
                .by_ref()
                .take_while(|l| !l.trim_start().starts_with("```"))
                .map(|l| l.get(indent..).filter(|_| l[..indent].trim().is_empty()).unwrap_or(l.trim_start()))
                .collect();
            // A code block inside a list item ends the item; the list goes on after it.
            if in_item {
                blocks.push(Block::List(std::mem::take(&mut items)));
                in_item = false;
            }
            blocks.push(Block::Code(code.join("\n")));
        } else if line.starts_with('|') {
            flush(&mut words, &mut items, in_item, &mut blocks);
            if !items.is_empty() {
                blocks.push(Block::List(std::mem::take(&mut items)));
            }
            in_item = false;
            let cells: Vec<&str> = line.trim().trim_matches('|').split('|').map(str::trim).collect();
            // The line under the heading (`|---|---|`) only marks it.
            if cells.iter().all(|c| !c.is_empty() && c.chars().all(|ch| ch == '-' || ch == ':')) {
                continue;
            }
            let row = cells.into_iter().map(spans).collect();
            match blocks.last_mut() {
                Some(Block::Table(rows)) => rows.push(row),
                _ => blocks.push(Block::Table(vec![row])),
            }
        } else if trimmed.is_empty() {
            flush(&mut words, &mut items, in_item, &mut blocks);
            if !items.is_empty() {
                blocks.push(Block::List(std::mem::take(&mut items)));
            }
            in_item = false;
        } else if let Some(item) = line.strip_prefix("- ") {
            flush(&mut words, &mut items, in_item, &mut blocks);
            if !in_item && !items.is_empty() {
                blocks.push(Block::List(std::mem::take(&mut items)));
            }
            in_item = true;
            words.push_str(item);
        } else if let Some((level, heading)) = heading(line) {
            flush(&mut words, &mut items, in_item, &mut blocks);
            if !items.is_empty() {
                blocks.push(Block::List(std::mem::take(&mut items)));
            }
            in_item = false;
            blocks.push(Block::Heading(level, spans(heading)));
        } else {
            if !in_item && !items.is_empty() {
                blocks.push(Block::List(std::mem::take(&mut items)));
            }
            if !words.is_empty() {
                words.push(' ');
            }
            words.push_str(trimmed);
        }
    }
    flush(&mut words, &mut items, in_item, &mut blocks);
    if !items.is_empty() {
        blocks.push(Block::List(items));
    }
    blocks
}

fn heading(line: &str) -> Option<(usize, &str)> {
    let level = line.chars().take_while(|&c| c == '#').count();
    let rest = line[level..].strip_prefix(' ')?;
    (1..=3).contains(&level).then_some((level, rest.trim()))
}

/// The spans of a block's text: `code` first (nothing inside it is read), then **bold** and
/// [links](…) in the rest.
pub fn spans(text: &str) -> Vec<Span> {
    let mut spans = Vec::new();
    for (i, part) in text.split('`').enumerate() {
        // An odd count of backticks leaves the last part as text.
        if i % 2 == 1 && text.matches('`').count() > i {
            spans.push(Span::Code(part.to_string()));
        } else if i % 2 == 1 {
            plain(&format!("`{part}"), &mut spans);
        } else {
            plain(part, &mut spans);
        }
    }
    spans
}

fn plain(mut text: &str, spans: &mut Vec<Span>) {
    let push_text = |spans: &mut Vec<Span>, t: &str| {
        if t.is_empty() {
            return;
        }
        match spans.last_mut() {
            Some(Span::Text(before)) => before.push_str(t),
            _ => spans.push(Span::Text(t.to_string())),
        }
    };
    while !text.is_empty() {
        let bold = text.find("**");
        let link = text.find('[');
        match (bold, link) {
            (Some(b), l) if l.is_none_or(|l| b < l) => {
                let Some(end) = text[b + 2..].find("**") else { break };
                push_text(spans, &text[..b]);
                spans.push(Span::Bold(text[b + 2..b + 2 + end].to_string()));
                text = &text[b + 2 + end + 2..];
            }
            (_, Some(l)) => {
                let parsed = text[l + 1..].split_once("](").and_then(|(words, rest)| {
                    let (to, after) = rest.split_once(')')?;
                    (!words.contains('[') && !to.contains(' ')).then_some((words, to, after))
                });
                match parsed {
                    Some((words, to, after)) => {
                        push_text(spans, &text[..l]);
                        spans.push(Span::Link(words.to_string(), to.to_string()));
                        text = after;
                    }
                    None => {
                        push_text(spans, &text[..=l]);
                        text = &text[l + 1..];
                    }
                }
            }
            _ => break,
        }
    }
    push_text(spans, text);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_of_a_reference() {
        let text = "# Title\n\nA paragraph\nover two lines with `a--`.\n\n```\naabb\n```\n\n- one\n  more\n- two\n\n  ```text\n  x\n  ```\n## Known\nEnd **here**.";
        assert_eq!(
            blocks(text),
            vec![
                Block::Heading(1, vec![Span::Text("Title".into())]),
                Block::Paragraph(vec![
                    Span::Text("A paragraph over two lines with ".into()),
                    Span::Code("a--".into()),
                    Span::Text(".".into())
                ]),
                Block::Code("aabb".into()),
                Block::List(vec![vec![Span::Text("one more".into())], vec![Span::Text("two".into())]]),
                Block::Code("x".into()),
                Block::Heading(2, vec![Span::Text("Known".into())]),
                Block::Paragraph(vec![Span::Text("End ".into()), Span::Bold("here".into()), Span::Text(".".into())]),
            ]
        );
    }

    #[test]
    fn tables() {
        let cell = |t: &str| vec![Span::Text(t.into())];
        assert_eq!(
            blocks("| a | b |\n|---|:-:|\n| `c` | d |\n\nafter"),
            vec![
                Block::Table(vec![vec![cell("a"), cell("b")], vec![vec![Span::Code("c".into())], cell("d")]]),
                Block::Paragraph(cell("after")),
            ]
        );
    }

    #[test]
    fn links_and_stray_marks() {
        assert_eq!(
            spans("see [rhai](https://rhai.rs) [x] a`b"),
            vec![
                Span::Text("see ".into()),
                Span::Link("rhai".into(), "https://rhai.rs".into()),
                Span::Text(" [x] a`b".into())
            ]
        );
        assert_eq!(spans("`[a](b)`"), vec![Span::Code("[a](b)".into())]);
    }

    /// Every family's reference reads into blocks with no mark left over.
    #[test]
    fn every_reference_reads() {
        for family in crate::families::FAMILIES {
            for block in blocks(family.format_help()) {
                if let Block::Paragraph(spans) | Block::Heading(_, spans) = block {
                    for span in spans {
                        if let Span::Text(text) = span {
                            assert!(!text.contains("**") && !text.contains("]("), "{}: {text}", family.id());
                        }
                    }
                }
            }
        }
    }
}
