//! The native command-line tool. The contract (relied on by scripts):
//! `puzzlelab solve FILE [--family F] [--metric M] [--method M] [--max-states N] [--timeout SECS]
//! [--json] [--output-states]`; exit 0 solved, 1 no solution, 2 bad input, 3 gave up.

use crate::animation::Format;
use crate::families::analysis::Completion;
use crate::families::{self, Difficulty, FormatError, Puzzle, Report, SolveMode, SolveOptions, Status, FAMILIES};
use crate::replay;
use crate::search::{Flow, Method, Stats};
use clap::{Parser, Subcommand};
use std::io::{IsTerminal, Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C: the running search stops at its next progress report and the CLI says what it
/// explored; a second Ctrl-C ends the process at once.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

fn catch_ctrl_c() {
    // Without a handler (it failed to install) Ctrl-C simply ends the process, as before.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
}

/// What a search's progress callback answers: stop once Ctrl-C was pressed.
fn flow() -> Flow {
    if INTERRUPTED.load(Ordering::SeqCst) {
        Flow::Stop
    } else {
        Flow::Continue
    }
}

#[derive(Parser)]
#[command(name = "puzzlelab", version, about = "Solve puzzles: shortest solutions, move by move")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve a puzzle file and print the moves.
    Solve {
        #[command(flatten)]
        search: Search,
        /// Search method: auto, bfs, astar, idastar, dfs or bidir.
        #[arg(long, default_value = "auto", value_parser = parse_method)]
        method: Method,
        /// Count every solution (tiling): raw and distinct under the board's symmetry.
        #[arg(long, conflicts_with = "all")]
        count: bool,
        /// Print every solution (tiling).
        #[arg(long)]
        all: bool,
        /// With --all: only solutions distinct under the board's symmetry.
        #[arg(long, requires = "all")]
        distinct: bool,
        /// After each move, print the position it leads to.
        #[arg(long)]
        output_states: bool,
        /// Mazes: write the maze with the solution drawn in (an SVG) to this file.
        #[arg(long, value_name = "FILE")]
        svg_out: Option<String>,
        /// In a file of several levels (a Sokoban collection): solve level N (from 1).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..), conflicts_with = "all_levels")]
        level: Option<u32>,
        /// In a file of several levels: solve each in turn, one line per level (number, result,
        /// length, cost, seconds, title), then the totals. --timeout is per level.
        #[arg(long)]
        all_levels: bool,
    },
    /// Explore every position reachable from the start: positions, dead ends, distances, the
    /// number of shortest solutions and where they have no choice, and the hardest start.
    #[command(alias = "analyze")]
    Analyse {
        #[command(flatten)]
        search: Search,
        /// Write the hardest start, as a puzzle in its family's format, to this file.
        #[arg(long, value_name = "FILE")]
        hardest_out: Option<String>,
        /// In a file of several levels (a Sokoban collection, a PuzzleScript game): analyse
        /// level N (from 1).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        level: Option<u32>,
    },
    /// Draw a puzzle's position as a picture: SVG, PNG, or its whole solution as an animated
    /// GIF or APNG. The puzzle is solved first (with the defaults) unless only its start is drawn.
    #[command(group(clap::ArgGroup::new("out").required(true).args(["svg", "png", "gif", "apng"])))]
    Render {
        /// The puzzle file, or - for standard input.
        file: String,
        /// The puzzle family, or auto to detect it from the text.
        #[arg(long, default_value = "auto")]
        family: String,
        /// The step of the solution to draw: 0 is the start; default: the last (solved).
        #[arg(long)]
        step: Option<usize>,
        /// 1, 2 or 3 times the page's board (560 x 440 pixels).
        #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=3))]
        scale: u8,
        /// Write the moves under the board, the one that led to the step marked (SVG and PNG).
        #[arg(long)]
        moves: bool,
        /// Write an SVG picture to this file.
        #[arg(long, value_name = "FILE")]
        svg: Option<String>,
        /// Write a PNG picture to this file.
        #[arg(long, value_name = "FILE")]
        png: Option<String>,
        /// Write the whole solution as an animated GIF to this file (one frame a move; past 300
        /// moves every k-th step).
        #[arg(long, value_name = "FILE")]
        gif: Option<String>,
        /// Write the whole solution as an animated PNG to this file: every colour kept, and
        /// smaller than the GIF for drawn boards (same frames).
        #[arg(long, value_name = "FILE")]
        apng: Option<String>,
        /// Give up solving after storing this many states.
        #[arg(long)]
        max_states: Option<u64>,
        /// Give up solving after this many seconds.
        #[arg(long)]
        timeout: Option<f64>,
        /// An animation's pace, as the page's replay speed: 1 (1.5 s a step) to 10 (0.15 s a step).
        #[arg(long, default_value_t = crate::animation::DEFAULT_SPEED, value_parser = clap::value_parser!(u8).range(1..=10))]
        speed: u8,
    },
    /// List the puzzle families and their formats.
    Formats,
    /// Solve an LM-Solve board file and print exactly what LM-Solve's `lm-solve` prints.
    #[command(name = "lm-solve")]
    LmSolve(crate::families::lmsolve::command::Args),
    /// Print a new game at a difficulty, measured by solving it (the page's New game).
    New {
        /// The family: npuzzle, rushhour, maze.
        family: String,
        /// easy, medium or hard.
        #[arg(long, default_value = "medium")]
        difficulty: String,
        /// The same seed gives the same game.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print the game and its measure as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print a new random puzzle (mazes: a perfect maze, as box art or SVG).
    Generate {
        /// The family: maze.
        family: String,
        /// Columns x rows, such as 20x20.
        #[arg(long, default_value = "20x20")]
        size: String,
        /// The same seed gives the same puzzle.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Mazes: print mazegenerator.net-style SVG instead of box art.
        #[arg(long)]
        svg: bool,
    },
}

/// What solving and analysing both take: the puzzle, what counts as a move, the budgets, the
/// switches, the threads, and how to print.
#[derive(clap::Args)]
struct Search {
    /// The puzzle file, or - for standard input.
    file: String,
    /// The puzzle family, or auto to detect it from the text.
    #[arg(long, default_value = "auto")]
    family: String,
    /// What counts as one move (sliding: unit, slide or piece); default: as the puzzle says.
    #[arg(long)]
    metric: Option<String>,
    /// Give up after storing this many states.
    #[arg(long)]
    max_states: Option<u64>,
    /// Give up after this many seconds.
    #[arg(long)]
    timeout: Option<f64>,
    /// Turn on one of the puzzle's switches (repeat for more); an unknown name is refused with
    /// the list of the ones the puzzle has.
    #[arg(long = "switch", value_name = "NAME")]
    switches: Vec<String>,
    /// The same as --switch exact (Game About Squares: search the whole plane, not only near
    /// the level; only the budgets end it).
    #[arg(long)]
    exact: bool,
    /// Threads for searches that spread over several (breadth-first search and Analyse, N-puzzle
    /// IDA* and its pattern tables, tilings); default: every core. The answer does not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: Option<u16>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

impl Search {
    /// The options asked for (the method and mode left at their defaults), or None after saying
    /// why they cannot be.
    fn options(&self) -> Option<SolveOptions> {
        let limits = limits(self.max_states, self.timeout)?;
        let mut switches = self.switches.clone();
        if self.exact {
            switches.push("exact".to_string());
        }
        Some(SolveOptions { metric: self.metric.clone(), switches, threads: self.threads.map(usize::from), ..limits })
    }
}

fn parse_method(name: &str) -> Result<Method, String> {
    Method::parse(name).ok_or_else(|| format!("unknown method \"{name}\": use auto, bfs, astar, idastar, dfs or bidir"))
}

/// Runs the tool and returns the exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 2 } else { 0 };
        }
    };
    match cli.command {
        Command::Formats => {
            // Each family's line, and its reference after the last family that shares it
            // (LM-Solve's eight share one).
            let mut text = String::new();
            for (i, family) in FAMILIES.iter().enumerate() {
                let metrics = family.metrics().join(", ");
                text.push_str(&format!("{} ({}): metrics {metrics}\n", family.id(), family.name()));
                if FAMILIES.get(i + 1).is_none_or(|next| next.format_help() != family.format_help()) {
                    text.push_str(&format!("\n{}\n", family.format_help()));
                }
            }
            write_out(&text).err().unwrap_or(0)
        }
        Command::Generate { family, size, seed, svg } => generate(&family, &size, seed, svg),
        Command::New { family, difficulty, seed, json } => new_game(&family, &difficulty, seed, json),
        Command::Render { file, family, step, scale, moves, svg, png, gif, apng, speed, max_states, timeout } => {
            let Some(limits) = limits(max_states, timeout) else { return 2 };
            let puzzle = match read_puzzle(&file, &family) {
                Ok(puzzle) => puzzle,
                Err(code) => return code,
            };
            let out = match (svg, png, gif, apng) {
                (Some(path), ..) => Picture::Svg(path),
                (_, Some(path), ..) => Picture::Png(path),
                (_, _, Some(path), _) => Picture::Animation(path, Format::Gif, speed),
                (.., Some(path)) => Picture::Animation(path, Format::Apng, speed),
                _ => return 2, // clap requires one
            };
            render(puzzle.as_ref(), step, f64::from(scale), moves, &out, &limits)
        }
        Command::LmSolve(args) => {
            let Some(limits) = limits(args.max_states, args.timeout) else { return 2 };
            lm_solve(&args, &limits)
        }
        Command::Analyse { search, hardest_out, level } => {
            let Some(options) = search.options() else { return 2 };
            let (file, json) = (search.file, search.json);
            let puzzle =
                match read_puzzle(&file, &search.family).and_then(|p| chosen_level(p, level, &file, &search.family)) {
                    Ok(puzzle) => puzzle,
                    Err(code) => return code,
                };
            if refused(puzzle.as_ref(), &options) {
                return 2;
            }
            let (show_progress, mut progress) = terminal_progress();
            let report = match puzzle.analyse(&options, &mut progress) {
                Ok(report) => report,
                Err(e) => return puzzle_error(&file, &e),
            };
            if show_progress {
                eprint!("\r{}\r", " ".repeat(100));
            }
            if let Some(path) = hardest_out {
                let Some(text) = report.hardest.as_ref().and_then(|h| h.text.as_deref()) else {
                    eprintln!("puzzlelab: no hardest start to write (the analysis did not find one, or {} puzzles cannot be written from a position), so {path} was not written", report.family);
                    return 2;
                };
                if let Err(e) = std::fs::write(&path, text) {
                    eprintln!("puzzlelab: cannot write {path}: {e}");
                    return 2;
                }
            }
            let out = if json {
                serde_json::to_string(&report).map(|j| j + "\n").unwrap_or_default()
            } else {
                let mut out: String = report.lines().iter().map(|l| format!("{l}\n")).collect();
                if report.status == Completion::Done && !report.histogram.is_empty() {
                    out.push_str("Positions by distance from the start:\n");
                    out.extend(report.histogram.iter().enumerate().map(|(d, count)| format!("{d:>5} {count}\n")));
                }
                out
            };
            let code = if report.status == Completion::Done { 0 } else { 3 };
            write_out(&out).err().unwrap_or(code)
        }
        Command::Solve { search, method, count, all, distinct, output_states, svg_out, level, all_levels } => {
            let Some(options) = search.options() else { return 2 };
            let (file, family, json) = (search.file, search.family, search.json);
            let puzzle = match read_puzzle(&file, &family).and_then(|p| chosen_level(p, level, &file, &family)) {
                Ok(puzzle) => puzzle,
                Err(code) => return code,
            };
            let mode = if all {
                SolveMode::All
            } else if count {
                SolveMode::Count
            } else {
                SolveMode::First
            };
            let options = SolveOptions { method, mode, distinct, ..options };
            if refused(puzzle.as_ref(), &options) {
                return 2;
            }
            if all_levels || (level.is_none() && puzzle.solves_every_level() && !puzzle.levels().is_empty()) {
                return solve_all_levels(puzzle.as_ref(), &file, &family, &options, json);
            }
            let (show_progress, mut progress) = terminal_progress();
            let report = match puzzle.solve(&options, &mut progress) {
                Ok(report) => report,
                Err(e) => return puzzle_error(&file, &e),
            };
            if show_progress && report.stats.explored >= crate::search::Budget::default().report_every {
                eprint!("\r{}\r", " ".repeat(100));
            }
            if report.status == Status::Cancelled {
                eprintln!("puzzlelab: interrupted: {}", replay::summary(&report));
            }
            // A database line states its optimum: an answer of another length is worth a word
            // (`--json` carries it as `expected`).
            if let (Status::Solved, Some(expected), false) = (report.status, report.expected, json) {
                if expected != report.moves.len() as u64 {
                    eprintln!(
                        "puzzlelab: warning: the puzzle's text says {expected} moves; this answer has {}",
                        report.moves.len()
                    );
                }
            }
            if let Some(path) = svg_out {
                if let Err(message) = write_export(puzzle.as_ref(), &report, &path) {
                    eprintln!("puzzlelab: {message}");
                    return 2;
                }
            }
            let out = if json { json_output(&report) } else { text_output(&report, puzzle.as_ref(), output_states) };
            write_out(&out).err().unwrap_or_else(|| exit_code(&report))
        }
    }
}

/// Whether the puzzle can honour `options`; if not, says why (exit code 2 for the caller).
fn refused(puzzle: &dyn Puzzle, options: &SolveOptions) -> bool {
    match puzzle.capabilities().check_options(options) {
        Ok(()) => false,
        Err(message) => {
            eprintln!("puzzlelab: {message}");
            true
        }
    }
}

fn lm_solve(args: &crate::families::lmsolve::command::Args, limits: &SolveOptions) -> i32 {
    use crate::families::lmsolve;
    let (variant, options) = match args.read() {
        Ok(read) => read,
        Err(message) => {
            eprintln!("lm-solve: {message}");
            return 2;
        }
    };
    let file = args.file();
    // "-" is standard input, as for every other command (LM-Solve 0.14 reads a file of that
    // name; `./-` reaches one here).
    let text = match read_input(&file) {
        Ok(text) => text,
        Err(message) => {
            eprintln!("lm-solve: {message}");
            return 2;
        }
    };
    catch_ctrl_c();
    // The budget of `solve`: by default memory by what the process may still take and no time
    // limit; --max-states and --timeout as for `solve`.
    match lmsolve::lm_solve(&text, variant, &options, &limits.budget(), &mut |_| flow()) {
        // LM-Solve's own output says `solved`, `unsolved` or `interrupted` (a budget ran out, or
        // Ctrl-C), and stderr why; exit 0 as LM-Solve does, but 3 for an answer that never
        // came, as `solve` does.
        Ok(printed) => {
            if let Some(why) = &printed.interrupted {
                eprintln!("lm-solve: interrupted: {why}");
            }
            write_out(&printed.out).err().unwrap_or(if printed.interrupted.is_some() { 3 } else { 0 })
        }
        Err(e) => {
            eprintln!("{file}:{}:{}: {}", e.line, e.column, e.message);
            2
        }
    }
}

fn new_game(id: &str, difficulty: &str, seed: u64, json: bool) -> i32 {
    let Some(difficulty) = Difficulty::parse(difficulty) else {
        eprintln!("puzzlelab: --difficulty is easy, medium or hard, not \"{difficulty}\"");
        return 2;
    };
    let Some(family) = families::family(id).filter(|f| f.new_games().is_some()) else {
        let makers: Vec<&str> = FAMILIES.iter().filter(|f| f.new_games().is_some()).map(|f| f.id()).collect();
        eprintln!("puzzlelab: cannot make a new \"{id}\" game (these can: {})", makers.join(", "));
        return 2;
    };
    let Some(game) = family.new_game(difficulty, seed) else {
        eprintln!("puzzlelab: no {} game could be made and measured from seed {seed}", family.name());
        return 1;
    };
    let out = if json {
        serde_json::to_string_pretty(&game).unwrap_or_default() + "\n"
    } else {
        format!("{}\n{}", replay::new_game_line(&game, difficulty), game.text)
    };
    write_out(&out).err().unwrap_or(0)
}

fn generate(family: &str, size: &str, seed: u64, svg: bool) -> i32 {
    let Some((cols, rows)) = size
        .split_once(['x', 'X'])
        .and_then(|(c, r)| Some((c.trim().parse::<usize>().ok()?, r.trim().parse::<usize>().ok()?)))
    else {
        eprintln!("puzzlelab: --size takes columns x rows, such as 20x20");
        return 2;
    };
    if let Some(sides) = families::family(family).and_then(|f| f.generated_sides()) {
        if !sides.contains(&cols) || !sides.contains(&rows) {
            eprintln!(
                "puzzlelab: random {family} puzzles are {} to {} cells a side; {cols}x{rows} is outside that",
                sides.start(),
                sides.end()
            );
            return 2;
        }
    }
    let Some(text) = families::family(family).and_then(|f| f.generate(cols, rows, seed)) else {
        let makers: Vec<&str> = FAMILIES.iter().filter(|f| f.generates()).map(|f| f.id()).collect();
        eprintln!("puzzlelab: cannot make a random \"{family}\" puzzle (these can: {})", makers.join(", "));
        return 2;
    };
    let text = if svg {
        match families::parse(Some(family), &text).ok().and_then(|puzzle| puzzle.to_svg()) {
            Some(svg) => svg,
            None => {
                eprintln!("puzzlelab: a {family} puzzle has no SVG form");
                return 2;
            }
        }
    } else {
        text
    };
    write_out(&text).err().unwrap_or(0)
}

/// Where `render` writes, and what.
enum Picture {
    Svg(String),
    Png(String),
    /// The file, the format, the replay speed (1 to 10).
    Animation(String, Format, u8),
}

/// `puzzlelab render`: solves unless only the start is wanted, then draws the step asked for (or
/// the whole solution, for an animation) through the family's drawing, as the page's Picture does.
fn render(
    puzzle: &dyn Puzzle,
    step: Option<usize>,
    scale: f64,
    with_moves: bool,
    out: &Picture,
    limits: &SolveOptions,
) -> i32 {
    let solving = step != Some(0) || matches!(out, Picture::Animation(..));
    let moves = if solving {
        let (show_progress, mut progress) = terminal_progress();
        let solved = puzzle.solve(limits, &mut progress);
        if show_progress {
            eprint!("\r\x1b[K");
        }
        match solved {
            Ok(report) if report.status == Status::Solved => report.moves,
            Ok(report) => {
                eprintln!("puzzlelab: there is no solution to draw: {}", replay::status_line(&report));
                return exit_code(&report).max(1);
            }
            Err(e) => return puzzle_error("the puzzle", &e),
        }
    } else {
        Vec::new()
    };
    let step = step.unwrap_or(moves.len());
    if step > moves.len() {
        eprintln!("puzzlelab: step {step} is past the end of the solution ({} moves)", moves.len());
        return 2;
    }
    let (width, height) = (crate::picture::BOARD.0 * scale, crate::picture::BOARD.1 * scale);
    let font = crate::picture::FONT * scale;
    // An animation's frames are all one size, so it has no caption (whose lines could change
    // with the marked move), as on the page.
    let with_moves = with_moves && !matches!(out, Picture::Animation(..));
    let caption = |step: usize| if with_moves { crate::picture::caption(&moves, step) } else { Vec::new() };
    let svg = |step: usize| crate::picture::svg(puzzle, &moves, step, (width, height), &caption(step), font);
    let (path, bytes) = match out {
        Picture::Svg(path) => (path, Ok(svg(step).into_bytes())),
        Picture::Png(path) => (path, crate::render::png(&svg(step))),
        Picture::Animation(path, format, speed) => {
            let made = crate::animation::make(
                *format,
                f64::from(*speed),
                moves.len(),
                &mut |step| crate::render::rgba(&svg(step)),
                &mut |_, _| {},
            );
            (
                path,
                made.map(|made| {
                    if !made.note.is_empty() {
                        eprintln!("puzzlelab: the animation{}", made.note);
                    }
                    made.bytes
                }),
            )
        }
    };
    match bytes.and_then(|bytes| std::fs::write(path, bytes).map_err(|e| format!("cannot write {path}: {e}"))) {
        Ok(()) => 0,
        Err(message) => {
            eprintln!("puzzlelab: {message}");
            2
        }
    }
}

/// Writes the tool's answer to standard output. A reader that went away (`| head -1`) ends it
/// quietly, as for any Unix tool; any other failure (a full disk) is an error: Err(exit code).
fn write_out(text: &str) -> Result<(), i32> {
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => {
            eprintln!("puzzlelab: cannot write the output: {e}");
            Err(2)
        }
    }
}

fn read_input(file: &str) -> Result<String, String> {
    const LIMIT: u64 = 64 << 20;
    let mut bytes = Vec::new();
    let result = if file == "-" {
        std::io::stdin().lock().take(LIMIT + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(file).and_then(|f| f.take(LIMIT + 1).read_to_end(&mut bytes))
    };
    result.map_err(|e| format!("cannot read {file}: {e}"))?;
    if bytes.len() as u64 > LIMIT {
        return Err(format!("{file} is larger than {} MB; that is no puzzle file", LIMIT >> 20));
    }
    crate::families::file_text(file, bytes)
}

/// The progress callback of `solve` and `analyse`: a line on stderr when stderr is a terminal
/// (said by the flag returned), and Ctrl-C stopping the search.
fn terminal_progress() -> (bool, impl FnMut(&Stats) -> Flow) {
    let show = std::io::stderr().is_terminal();
    catch_ctrl_c();
    let progress = move |stats: &Stats| {
        if show {
            eprint!("\r{}   ", replay::progress_line(stats));
        }
        flow()
    };
    (show, progress)
}

/// Reads and parses FILE for `solve` and `analyse`, checking `--timeout` too; the error case is
/// the exit code, the message already printed.
fn read_puzzle(file: &str, family: &str) -> Result<Box<dyn Puzzle>, i32> {
    let text = read_input(file).map_err(|message| {
        eprintln!("puzzlelab: {message}");
        2
    })?;
    let puzzle = families::parse(Some(family), &text).map_err(|e| puzzle_error(file, &e))?;
    // What was read but the format's own tools would warn of: said, not refused.
    for warning in puzzle.warnings() {
        eprintln!("puzzlelab: {file}: note: {warning}");
    }
    Ok(puzzle)
}

/// The puzzle to solve: level `level` (from 1) of a file of several, or the file's one puzzle.
fn chosen_level(puzzle: Box<dyn Puzzle>, level: Option<u32>, file: &str, family: &str) -> Result<Box<dyn Puzzle>, i32> {
    let Some(level) = level else { return Ok(puzzle) };
    let count = puzzle.levels().len();
    if count == 0 && level == 1 {
        return Ok(puzzle);
    }
    let Some(text) = puzzle.level_text(level as usize - 1).filter(|_| count > 0) else {
        eprintln!(
            "puzzlelab: {file} holds {}; there is no level {level}",
            if count == 0 { "one puzzle".to_string() } else { format!("{count} levels") }
        );
        return Err(2);
    };
    families::parse(Some(family), &text).map_err(|e| puzzle_error(file, &e))
}

/// `--all-levels`: each level of the file solved in turn, a line each as it ends (or a JSON
/// object each), then the totals; exit 0 when every level was solved, else 3.
fn solve_all_levels(puzzle: &dyn Puzzle, file: &str, family: &str, options: &SolveOptions, json: bool) -> i32 {
    let titles = puzzle.levels();
    let count = titles.len().max(1);
    let (mut solved, mut proven, mut seconds) = (0, 0, 0.0);
    // Ctrl-C ends the level being solved, and the run with it; the lines so far stand.
    catch_ctrl_c();
    for index in 0..count {
        // A file of one puzzle is that puzzle; a collection's level is read from its own text.
        let read;
        let level = match puzzle.level_text(index).filter(|_| !titles.is_empty()) {
            Some(text) => match families::parse(Some(family), &text) {
                Ok(parsed) => {
                    read = parsed;
                    read.as_ref()
                }
                Err(e) => return puzzle_error(file, &e),
            },
            None => puzzle,
        };
        let report = match level.solve(options, &mut |_| flow()) {
            Ok(report) => report,
            Err(e) => return puzzle_error(file, &e),
        };
        let title = titles.get(index).cloned().unwrap_or_default();
        let took = report.stats.elapsed_ms as f64 / 1000.0;
        seconds += took;
        if report.status == Status::Solved {
            solved += 1;
            proven += usize::from(report.optimal);
        }
        let line = if json {
            let mut value = serde_json::to_value(&report).unwrap_or_default();
            if let Some(object) = value.as_object_mut() {
                object.insert("level".into(), (index + 1).into());
                object.insert("title".into(), title.into());
            }
            format!("{value}\n")
        } else {
            let result = match report.status {
                Status::Solved if report.optimal => "shortest".to_string(),
                Status::Solved => "solved".to_string(),
                _ => replay::status_line(&report),
            };
            let length = if report.status == Status::Solved { replay::summary_length(&report) } else { String::new() };
            format!("{:>4}  {result:<9} {length:<28} {took:>8.2} s  {title}\n", index + 1)
        };
        if let Err(code) = write_out(&line) {
            return code;
        }
        if report.status == Status::Cancelled {
            break;
        }
    }
    if !json {
        let _ = write_out(&format!("solved {solved} of {count} ({proven} proven shortest) in {seconds:.1} s\n"));
    }
    if solved == count {
        0
    } else {
        3
    }
}

/// The budget every command that solves takes, `--max-states` and `--timeout` (by default
/// `solve`'s: memory by what the process may still take, no time limit); None, said, when the
/// timeout is no positive number of seconds.
fn limits(max_states: Option<u64>, timeout: Option<f64>) -> Option<SolveOptions> {
    if timeout.is_some_and(|t| !(t.is_finite() && t > 0.0)) {
        eprintln!("puzzlelab: --timeout takes a positive number of seconds");
        return None;
    }
    Some(SolveOptions { max_states, time_limit_ms: timeout.map(|t| (t * 1000.0) as u64), ..SolveOptions::default() })
}

/// Prints a puzzle's error, at FILE:LINE:COLUMN when it has a place; returns the exit code.
fn puzzle_error(file: &str, e: &FormatError) -> i32 {
    if e.line > 0 {
        eprintln!("{file}:{}:{}: {}", e.line, e.column, e.message);
    } else {
        eprintln!("puzzlelab: {}", e.message);
    }
    2
}

/// Writes the family's picture of the solution (`--svg-out`).
fn write_export(puzzle: &dyn Puzzle, report: &Report, path: &str) -> Result<(), String> {
    if report.status != Status::Solved {
        return Err(format!("no solution to draw, so {path} was not written"));
    }
    let export = puzzle
        .export(&report.moves)
        .ok_or_else(|| format!("--svg-out is for mazes; a {} puzzle has no SVG to write", report.family))?;
    std::fs::write(path, export.text).map_err(|e| format!("cannot write {path}: {e}"))
}

pub fn exit_code(report: &Report) -> i32 {
    match report.status {
        Status::Solved => 0,
        Status::Unsolved => 1,
        Status::GaveUp | Status::Cancelled => 3,
    }
}

pub fn text_output(report: &Report, puzzle: &dyn Puzzle, output_states: bool) -> String {
    let mut out = replay::status_line(report) + "\n";
    if let Some(counts) = report.counts {
        out.push_str(&format!("raw {}\ndistinct {}\n", counts.raw, counts.distinct));
    }
    if !report.solutions.is_empty() {
        for solution in &report.solutions {
            out.push_str(&puzzle.solution_text(solution));
            out.push('\n');
        }
        return out;
    }
    if !output_states {
        out.push_str(&puzzle.solution_text(&report.moves));
        return out;
    }
    let boards = puzzle.boards(&report.moves);
    if let Some(start) = boards.first().filter(|_| report.status == Status::Solved) {
        out.push_str(start);
        out.push('\n');
    }
    for (m, board) in report.moves.iter().zip(boards.iter().skip(1)) {
        out.push_str(m);
        out.push('\n');
        out.push_str(board);
        out.push('\n');
    }
    out
}

/// The report as one line of JSON: [`Report`]'s own serialised shape.
pub fn json_output(report: &Report) -> String {
    serde_json::to_string(report).expect("a report has string keys and plain values") + "\n"
}
