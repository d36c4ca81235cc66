//! A solve's result in words and as text: the wording the CLI and the page share.

use crate::contract::{Difficulty, NewGame, Noun, Report, Status};

/// The CLI's first output line: `solved`, `unsolved` or `gave up: REASON` (also `cancelled`).
pub fn status_line(report: &Report) -> String {
    match report.status {
        Status::Solved => "solved".into(),
        Status::Unsolved => match known_without_search(report) {
            Some(why) => format!("unsolved: {}", why.strip_prefix("No solution: ").unwrap_or(why)),
            None => "unsolved".into(),
        },
        Status::GaveUp => format!("gave up: {}", report.reason.as_deref().unwrap_or("a budget ran out")),
        Status::Cancelled => "cancelled".into(),
    }
}

/// Why an unsolved puzzle has no solution, where that was known without a search (an
/// N-puzzle's parity, a PuzzleScript game with no way to win).
fn known_without_search(report: &Report) -> Option<&str> {
    report.reason.as_deref().filter(|_| report.stats.explored == 0)
}

/// One sentence for people: "Solved in 37 moves (counted in one-cell steps, shortest; …)".
pub fn summary(report: &Report) -> String {
    let s = &report.stats;
    match report.status {
        Status::Solved if report.noun == Noun::Tilings => match report.counts {
            Some(counts) => format!(
                "{} tilings, {} distinct up to the board's symmetry ({} search nodes in {} ms)",
                group(counts.raw),
                group(counts.distinct),
                group(s.explored),
                s.elapsed_ms
            ),
            None => format!(
                "Found a tiling: {} ({} search nodes in {} ms)",
                counted(report.moves.len() as u64, "piece", "pieces"),
                group(s.explored),
                s.elapsed_ms
            ),
        },
        Status::Solved => {
            let n = report.moves.len();
            let (length, quality) = length_and_quality(report, n);
            let stated = match report.expected {
                Some(expected) if expected == n as u64 => "; the puzzle's text says so too".to_string(),
                Some(expected) => format!("; the puzzle's text says {expected}"),
                None => String::new(),
            };
            let beside = match s.beside {
                0 => String::new(),
                more => format!(", the searches beside it {} more,", group(more)),
            };
            format!(
                "Solved in {length} ({quality}; {} checked {} positions{beside} in {} ms){stated}",
                method(report),
                group(s.explored),
                s.elapsed_ms
            )
        }
        Status::Unsolved if known_without_search(report).is_some() => report.reason.clone().unwrap_or_default(),
        Status::Unsolved => match &report.scope {
            Some(scope) => {
                format!("No solution {scope}: checked all {} reachable positions", group(s.stored.max(s.explored)))
            }
            None => format!("No solution: checked all {} reachable positions", group(s.stored.max(s.explored))),
        },
        Status::GaveUp => {
            let reason = report.reason.as_deref().unwrap_or("a budget ran out");
            let mut text = reason.to_string();
            if let Some(first) = text.get(..1) {
                text = first.to_uppercase() + &text[1..];
            }
            text
        }
        Status::Cancelled => format!("Cancelled after checking {} positions", group(s.explored)),
    }
}

/// "1 push", "97 pushes": a count and its noun.
pub fn counted(n: u64, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// "37 moves" (or "97 pushes and 230 moves") for a solved report, as a line of a table.
pub fn summary_length(report: &Report) -> String {
    length_and_quality(report, report.moves.len()).0
}

/// How moves are counted, in words a player reads, for the metrics that need saying (the
/// others count moves as moves): "one-cell steps" for `unit`.
pub fn metric_words(metric: &str) -> Option<&'static str> {
    match metric {
        "unit" => Some("one-cell steps"),
        "slide" => Some("slides"),
        "piece" => Some("piece moves"),
        _ => None,
    }
}

/// "37 moves" and "counted in one-cell steps, shortest" for a solution of `n` moves.
fn length_and_quality(report: &Report, n: usize) -> (String, String) {
    // Clicks and inputs are the only metric where they are counted: no metric to name then.
    let (noun, metric) = match report.noun {
        Noun::Clicks => ("click", String::new()),
        Noun::Inputs => ("input", String::new()),
        Noun::Moves | Noun::Tilings => {
            ("move", metric_words(&report.metric).map(|words| format!("counted in {words}, ")).unwrap_or_default())
        }
        Noun::Pushes => {
            let fact = |name: &str| report.facts.get(name).and_then(|v| v.as_u64()).unwrap_or(n as u64);
            let length = format!(
                "{} and {}",
                counted(fact("pushes"), "push", "pushes"),
                counted(fact("walks_and_pushes"), "move", "moves")
            );
            let quality = if report.optimal {
                format!("shortest in {}", report.metric)
            } else {
                "not proven shortest".to_string()
            };
            return (length, quality);
        }
    };
    let length = counted(n as u64, noun, &format!("{noun}s"));
    let quality = match (&report.scope, report.optimal) {
        (Some(scope), true) => format!("shortest {scope}"),
        (None, true) => "shortest".to_string(),
        (_, false) => "not guaranteed shortest".to_string(),
    };
    (length, format!("{metric}{quality}"))
}

/// A solution to paste where people talk about puzzles: the puzzle's text, a line saying what
/// the solution is, and the solution as the family writes it (`solution`, from
/// `Puzzle::solution_text`: the moves one per line, a tiling's filled board).
pub fn pasteable(text: &str, report: &Report, moves: usize, solution: &str) -> String {
    let heading = if report.noun == Noun::Tilings {
        "A tiling:".to_string()
    } else {
        let (length, quality) = length_and_quality(report, moves);
        format!("A solution in {length} ({quality}):")
    };
    format!(
        "{}

{heading}
{}
(solved with puzzlelab)
",
        text.trim_end(),
        solution.trim_end()
    )
}

/// The method that ran and its heuristic: "IDA* with pattern databases 6-6-3".
fn method(report: &Report) -> String {
    match &report.heuristic {
        Some(heuristic) => format!("{} with {heuristic}", report.method.title()),
        None => report.method.title().to_string(),
    }
}

/// A live progress line: "Searching… checked 1,234,567 positions (…), 2.1 M/s, depth 31, 12 MB".
pub fn progress_line(stats: &crate::search::Stats) -> String {
    if let Some(share) = stats.building {
        return format!("Building pattern tables (once, then kept): {:.0}%", share * 100.0);
    }
    if stats.done > 0.0 {
        // An exact-cover search: solutions so far and how far through the tree it is.
        return format!(
            "Searching… {} found so far, {} nodes, {}/s, about {:.0}% done",
            group(stats.stored),
            group(stats.explored),
            group(stats.rate() as u64),
            stats.done * 100.0
        );
    }
    // How far it has got: what the best position has in place where the search can tell, else
    // the depth.
    let reached = match stats.placed {
        Some((placed, of)) => format!("best so far {placed} of {of} in place"),
        None => format!("depth {}", stats.depth),
    };
    format!(
        "Searching… checked {} positions ({} kept), {}/s, {reached}, {} MB",
        group(stats.explored),
        group(stats.stored),
        group(stats.rate() as u64),
        stats.bytes >> 20
    )
}

/// What a face says of a new game: "New Rush Hour puzzle (hard): 34 moves to solve; the hardest of the
/// 4,512 positions its cars can reach; the solver checked 1,200 positions to prove it shortest."
pub fn new_game_line(game: &NewGame, difficulty: Difficulty) -> String {
    let about = if game.about.is_empty() { String::new() } else { format!("; {}", game.about) };
    let (what, checked) = match game.ways {
        Some(ways) => {
            let ways = if ways == 1 { "one way only".to_string() } else { format!("{} ways", group(ways)) };
            let pieces = counted(game.moves, "piece", "pieces");
            (format!("{pieces} to place, in {ways} (up to turns and flips)"), "to count every way")
        }
        None => (format!("{} to solve", counted(game.moves, "move", "moves")), "to prove it shortest"),
    };
    format!(
        "New {} ({}): {what}{about}; the solver checked {} positions {checked}.",
        game.name,
        difficulty.id(),
        group(game.positions)
    )
}

/// 1234567 -> "1,234,567".
pub fn group(n: u64) -> String {
    group_digits(&n.to_string())
}

/// A decimal number of any length with commas between groups of three digits.
pub fn group_digits(digits: &str) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{Method, Stats};

    fn report(status: Status) -> Report {
        Report {
            status,
            reason: Some("gave up after 10 states (the state limit)".into()),
            moves: vec!["a D".into(), "b L".into()],
            cost: 2,
            optimal: true,
            ..Report::new("sliding", "unit", Method::Bfs, Stats { explored: 1234, stored: 2000, ..Stats::default() })
        }
    }

    /// The puzzle's text, what the solution is, and the moves, ready to paste.
    #[test]
    fn a_pasteable_solution_has_the_puzzle_and_the_moves() {
        let text = pasteable("ab\n--$\n\n", &report(Status::Solved), 2, "a D\nb L\n");
        assert_eq!(
            text,
            "ab\n--$\n\nA solution in 2 moves (counted in one-cell steps, shortest):\na D\nb L\n(solved with puzzlelab)\n"
        );
        let mut one = report(Status::Solved);
        (one.metric, one.noun) = ("clicks".into(), Noun::Clicks);
        one.optimal = false;
        assert!(pasteable("x", &one, 1, "red\n").contains("A solution in 1 click (not guaranteed shortest):\nred\n"));
    }

    #[test]
    fn wording() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1000), "1,000");
        assert_eq!(group(1234567), "1,234,567");
        assert!(summary(&report(Status::Solved)).starts_with("Solved in 2 moves (counted in one-cell steps, shortest"));
        assert!(
            summary(&report(Status::Solved)).contains("; breadth-first search checked 1,234 positions in "),
            "{}",
            summary(&report(Status::Solved))
        );
        let mut beside = report(Status::Solved);
        beside.stats.beside = 56_789;
        assert!(
            summary(&beside)
                .contains("; breadth-first search checked 1,234 positions, the searches beside it 56,789 more, in "),
            "{}",
            summary(&beside)
        );
        let mut with_tables = report(Status::Solved);
        (with_tables.method, with_tables.heuristic) = (Method::Idastar, Some("pattern databases 6-6-3".into()));
        assert!(
            summary(&with_tables).contains("; IDA* with pattern databases 6-6-3 checked "),
            "{}",
            summary(&with_tables)
        );
        assert_eq!(status_line(&report(Status::GaveUp)), "gave up: gave up after 10 states (the state limit)");
        assert_eq!(summary(&report(Status::GaveUp)), "Gave up after 10 states (the state limit)");
        assert_eq!(summary(&report(Status::Unsolved)), "No solution: checked all 2,000 reachable positions");
        assert_eq!(status_line(&report(Status::Unsolved)), "unsolved");
        let known = Report::without_search("npuzzle", "moves", Status::Unsolved, "No solution: the wrong parity");
        assert_eq!(
            (status_line(&known), summary(&known)),
            ("unsolved: the wrong parity".into(), "No solution: the wrong parity".into())
        );
        let mut scoped = report(Status::Unsolved);
        scoped.scope = Some("within the search area".into());
        assert!(summary(&scoped).starts_with("No solution within the search area: checked all 2,000 reachable"));
        scoped.status = Status::Solved;
        assert!(summary(&scoped).contains("shortest within the search area"), "{}", summary(&scoped));
        (scoped.metric, scoped.noun) = ("clicks".into(), Noun::Clicks);
        assert!(
            summary(&scoped).starts_with("Solved in 2 clicks (shortest within the search area;"),
            "{}",
            summary(&scoped)
        );
        let mut stated = report(Status::Solved);
        stated.expected = Some(2);
        assert!(summary(&stated).ends_with("ms); the puzzle's text says so too"), "{}", summary(&stated));
        stated.expected = Some(3);
        assert!(summary(&stated).ends_with("ms); the puzzle's text says 3"), "{}", summary(&stated));
    }
}
