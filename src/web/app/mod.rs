//! The page: the puzzle text box, family/metric/method pickers, the canvas, draw mode, replay
//! controls and share links. It only draws and forwards input; the Workers do the searching.
//!
//! One `App` holds the page's state; this file makes it and wires the events, and its methods
//! live in rooms by what they serve: `text` (typing, undo, reading, errors), `solving` (the
//! Worker pool and its jobs), `player` (the replay), `drawing` (the board and draw mode),
//! `analysis`, `files` and `sharing`. What can be tested without a browser is plain data beside
//! it: `History` (undo) and `Playback` (the replay's state machine), `Split` (a job shared among
//! Workers).

mod address;
mod analysis;
mod drawing;
mod files;
mod handover;
mod levels;
mod play;
mod player;
#[cfg(feature = "js")]
mod sandboxed;
mod sharing;
mod solving;
mod text;

use super::canvas::{self, CanvasPainter};
use super::history::History;
use super::playback::{Playback, Tick};
use super::protocol::{Reply, Request};
use super::solver::Pool;
use super::split::{self, Split, Step};
use crate::examples;
use crate::families::analysis::{AnalysisReport, Completion};
use crate::families::{self, Family, FormatError, HistoryKey, Puzzle, Report, SolveMode, SolveOptions, FAMILIES};
use crate::replay;
use crate::search::Method;
use crate::share::{self, Shared};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Document, Event, HtmlButtonElement, HtmlCanvasElement, HtmlElement, HtmlInputElement,
    HtmlOptionElement, HtmlSelectElement, HtmlTextAreaElement, KeyboardEvent, MouseEvent, Window,
};

/// The memory a search may hold in a tab: well inside wasm32's 4 GB. No limit on states: a
/// stored search meets this first, and one that stores nothing (IDA*) is bounded only by time
/// and Cancel (a limit of 40 M states made the page give up on the 15-puzzle's 80-movers, which
/// expand hundreds of millions).
const PAGE_MAX_BYTES: u64 = 1 << 30;
/// Texts longer than this are read when typing pauses, not at every keystroke: reading a
/// megabyte takes a good part of a second, which would freeze the tab at each key.
const BIG_TEXT: usize = 64 * 1024;
const BIG_TEXT_PAUSE_MS: i32 = 300;

struct Elements {
    text: HtmlTextAreaElement,
    gutter: HtmlElement,
    error: HtmlElement,
    /// Notes on what was read but would be warned of ([`Puzzle::warnings`]).
    warnings: HtmlElement,
    family: HtmlSelectElement,
    metric: HtmlSelectElement,
    method: HtmlSelectElement,
    /// The puzzle's switches, one checkbox each (`switch-NAME`), made from its capabilities.
    switches: HtmlElement,
    mode: HtmlSelectElement,
    mode_option: HtmlElement,
    workers: HtmlSelectElement,
    workers_option: HtmlElement,
    workers_state: HtmlElement,
    solutions: HtmlElement,
    solution_label: HtmlElement,
    prev_solution: HtmlButtonElement,
    next_solution: HtmlButtonElement,
    examples: HtmlSelectElement,
    solve: HtmlButtonElement,
    hint: HtmlButtonElement,
    cancel: HtmlButtonElement,
    share: HtmlButtonElement,
    draw: HtmlButtonElement,
    draw_panel: HtmlElement,
    tools: HtmlElement,
    cols: HtmlInputElement,
    rows: HtmlInputElement,
    resize: HtmlButtonElement,
    new_board: HtmlButtonElement,
    file: HtmlInputElement,
    download: HtmlButtonElement,
    copy_solution: HtmlButtonElement,
    embed: HtmlButtonElement,
    embed_panel: HtmlElement,
    embed_autoplay: HtmlInputElement,
    embed_loop: HtmlInputElement,
    embed_dark: HtmlInputElement,
    embed_code: HtmlTextAreaElement,
    embed_link: HtmlInputElement,
    open_full: web_sys::HtmlAnchorElement,
    announce: HtmlElement,
    picture: HtmlButtonElement,
    animation: HtmlButtonElement,
    picture_size: HtmlSelectElement,
    picture_moves: HtmlInputElement,
    picture_format: HtmlSelectElement,
    animation_format: HtmlSelectElement,
    share_link: HtmlInputElement,
    solution_text: HtmlTextAreaElement,
    status: HtmlElement,
    notice: HtmlElement,
    help_toggle: HtmlButtonElement,
    choices: HtmlElement,
    help: HtmlElement,
    restore: HtmlElement,
    restore_previous: HtmlButtonElement,
    levels: HtmlElement,
    level: HtmlSelectElement,
    level_prev: HtmlButtonElement,
    level_next: HtmlButtonElement,
    level_status: HtmlElement,
    family_detect: HtmlButtonElement,
    canvas: HtmlCanvasElement,
    first: HtmlButtonElement,
    prev: HtmlButtonElement,
    play: HtmlButtonElement,
    next: HtmlButtonElement,
    last: HtmlButtonElement,
    step: HtmlInputElement,
    step_label: HtmlElement,
    speed: HtmlInputElement,
    moves: HtmlElement,
    position: HtmlElement,
    analyse: HtmlButtonElement,
    analysis: HtmlElement,
    analysis_lines: HtmlElement,
    histogram: HtmlCanvasElement,
    bottlenecks: HtmlElement,
    open_hardest: HtmlButtonElement,
    graph_panel: HtmlElement,
    graph: HtmlCanvasElement,
    graph_info: HtmlElement,
}

fn by_id<T: JsCast>(doc: &Document, id: &str) -> T {
    doc.get_element_by_id(id)
        .and_then(|e| e.dyn_into::<T>().ok())
        .unwrap_or_else(|| wasm_bindgen::throw_str(&format!("index.html has no #{id} of the right kind")))
}

impl Elements {
    fn find(doc: &Document) -> Elements {
        Elements {
            text: by_id(doc, "puzzle-text"),
            gutter: by_id(doc, "gutter"),
            error: by_id(doc, "error"),
            warnings: by_id(doc, "warnings"),
            family: by_id(doc, "family"),
            metric: by_id(doc, "metric"),
            method: by_id(doc, "method"),
            switches: by_id(doc, "switches"),
            mode: by_id(doc, "mode"),
            mode_option: by_id(doc, "mode-option"),
            workers: by_id(doc, "workers"),
            workers_option: by_id(doc, "workers-option"),
            workers_state: by_id(doc, "workers-state"),
            solutions: by_id(doc, "solutions"),
            solution_label: by_id(doc, "solution-label"),
            prev_solution: by_id(doc, "prev-solution"),
            next_solution: by_id(doc, "next-solution"),
            examples: by_id(doc, "examples"),
            solve: by_id(doc, "solve"),
            hint: by_id(doc, "hint"),
            cancel: by_id(doc, "cancel"),
            share: by_id(doc, "share"),
            draw: by_id(doc, "draw"),
            draw_panel: by_id(doc, "draw-panel"),
            tools: by_id(doc, "tools"),
            cols: by_id(doc, "cols"),
            rows: by_id(doc, "rows"),
            resize: by_id(doc, "resize"),
            new_board: by_id(doc, "new-board"),
            file: by_id(doc, "file"),
            download: by_id(doc, "download"),
            copy_solution: by_id(doc, "copy-solution"),
            embed: by_id(doc, "embed"),
            embed_panel: by_id(doc, "embed-panel"),
            embed_autoplay: by_id(doc, "embed-autoplay"),
            embed_loop: by_id(doc, "embed-loop"),
            embed_dark: by_id(doc, "embed-dark"),
            embed_code: by_id(doc, "embed-code"),
            embed_link: by_id(doc, "embed-link"),
            open_full: by_id(doc, "open-full"),
            announce: by_id(doc, "announce"),
            picture: by_id(doc, "picture"),
            animation: by_id(doc, "animation"),
            picture_size: by_id(doc, "picture-size"),
            picture_moves: by_id(doc, "picture-moves"),
            picture_format: by_id(doc, "picture-format"),
            animation_format: by_id(doc, "animation-format"),
            share_link: by_id(doc, "share-link"),
            solution_text: by_id(doc, "solution-text"),
            status: by_id(doc, "status"),
            notice: by_id(doc, "notice"),
            help_toggle: by_id(doc, "help-toggle"),
            choices: by_id(doc, "choices"),
            help: by_id(doc, "help"),
            restore: by_id(doc, "restore"),
            restore_previous: by_id(doc, "restore-previous"),
            levels: by_id(doc, "levels"),
            level: by_id(doc, "level"),
            level_prev: by_id(doc, "level-prev"),
            level_next: by_id(doc, "level-next"),
            level_status: by_id(doc, "level-status"),
            family_detect: by_id(doc, "family-detect"),
            canvas: by_id(doc, "board"),
            first: by_id(doc, "first"),
            prev: by_id(doc, "prev"),
            play: by_id(doc, "play"),
            next: by_id(doc, "next"),
            last: by_id(doc, "last"),
            step: by_id(doc, "step"),
            step_label: by_id(doc, "step-label"),
            speed: by_id(doc, "speed"),
            moves: by_id(doc, "moves"),
            position: by_id(doc, "position"),
            analyse: by_id(doc, "analyse"),
            analysis: by_id(doc, "analysis"),
            analysis_lines: by_id(doc, "analysis-lines"),
            histogram: by_id(doc, "histogram"),
            bottlenecks: by_id(doc, "bottlenecks"),
            open_hardest: by_id(doc, "open-hardest"),
            graph_panel: by_id(doc, "graph-panel"),
            graph: by_id(doc, "graph"),
            graph_info: by_id(doc, "graph-info"),
        }
    }
}

/// An animation being made by Worker 0: its job number and the file's name and format.
struct AnimationJob {
    job: u32,
    format: crate::animation::Format,
    name: String,
}

struct App {
    el: Elements,
    animation_job: Option<AnimationJob>,
    window: Window,
    document: Document,
    puzzle: Option<Box<dyn Puzzle>>,
    report: Option<Report>,
    /// Which of the report's listed solutions is shown (when it lists several).
    solution: usize,
    /// The replay: the step shown, the move in flight, playing or not.
    playback: Playback,
    /// The solver Workers (None when this browser cannot start one).
    pool: Option<Pool>,
    /// Trace requests sent (scripts the sandbox runs: `sandboxed.rs`).
    #[cfg(feature = "js")]
    trace_job: u32,
    /// The last trace request answered.
    #[cfg(feature = "js")]
    trace_answered: u32,
    /// When a Worker last said anything (`js_sys::Date::now()`): a search in the sandbox that
    /// goes quiet for long is a call into the script that never returns.
    #[cfg(feature = "js")]
    heard: f64,
    /// Workers that died before they were ready, since one last was: past
    /// [`solving::FAILED_STARTS`] the page stops starting new ones.
    failed_starts: u32,
    /// The move list whose trace was last asked for, so it is asked once.
    #[cfg(feature = "js")]
    trace_asked: RefCell<Option<Vec<String>>>,
    /// The sandbox's Worker that traces (apart from the searching ones, which may be searching
    /// another text: a position played to), started when first needed.
    #[cfg(feature = "js")]
    tracer: Option<Pool>,
    /// A script's solution the search reported, held until a fresh Worker has replayed it.
    #[cfg(feature = "js")]
    unchecked: Option<sandboxed::Unchecked>,
    /// Solve was pressed on a script held because it hung when last read: read it this time.
    #[cfg(feature = "js")]
    held_released: bool,
    /// The running solve, as shared among Workers.
    split: Option<Split>,
    /// The page is an embedded link's compact player (how it plays).
    player: Option<share::Player>,
    /// Said before the next result: the link's moves did not replay, so the puzzle was solved.
    link_note: Option<String>,
    /// The step last announced to screen readers.
    announced: std::cell::Cell<Option<usize>>,
    job: u32,
    busy: bool,
    /// A step to show once the running solve finishes (from a share link).
    pending_step: Option<usize>,
    /// The text last read: a step or a note kept for a result belongs to it.
    read_text: String,
    /// A solution left by moves played from one of its steps.
    departure: Option<play::Departure>,
    /// What to start once the worker is ready (a shared link's solve or analysis).
    start_when_ready: Option<Task>,
    /// The last analysis of this puzzle, shown in its panel.
    analysis: Option<AnalysisReport>,
    /// Where the graph picture puts each position, and the one pointed at.
    graph_points: Vec<(f64, f64)>,
    graph_hover: Option<usize>,
    /// The puzzle text and its undo history.
    history: History,
    drawing: bool,
    tool: String,
    /// The cell a drag in draw mode last painted.
    dragged_from: Option<(usize, usize)>,
    /// The index of the move list item marked as current.
    highlighted: std::cell::Cell<Option<usize>>,
    /// Solutions the running search has listed so far (a tiling's "all"), browsable before it ends.
    streamed: Vec<Vec<String>>,
    /// The timer that will read a big text once typing pauses.
    reparse_timer: Option<i32>,
    /// Line numbers shown in the gutter, and the one marked as bad.
    gutter_lines: std::cell::Cell<usize>,
    gutter_bad: std::cell::Cell<Option<usize>>,
    /// The full module is loading to take the page over (`handover.rs`); this one has stopped.
    handing_over: bool,
    /// Loading the full module failed: texts that need it get their error here instead.
    full_module_failed: bool,
    /// The timer that hides the notice.
    notice_timer: Option<i32>,
    /// The timer that writes the address once changes pause (`address.rs`).
    remember_timer: std::cell::Cell<Option<i32>>,
    /// The address the page last wrote: a change to anything else is a link opened.
    address: String,
    /// The puzzle being opened gets a history entry of its own.
    new_entry: bool,
    /// Moves played on the board (`play.rs`): the list shown while there is no solution.
    played: Vec<String>,
    /// Where the pointer went down on the board, outside Draw.
    press: Option<(f64, f64)>,
    /// The levels of the last file of several read (`levels.rs`), each as a text of its own.
    levels: Vec<String>,
    /// The running search starts from a position played to (a hint, or solve from here).
    from_here: Option<play::FromHere>,
    /// The next move of a shortest solution from the step shown, drawn a little way along.
    hint: Option<String>,
    /// What a quick hint said while a proven one is looked for: the search's progress follows it.
    hint_said: Option<String>,
    /// The family can write a position as a puzzle of its own, so Hint and solve from here work.
    plays_from_here: bool,
    /// Draw mode's keyboard cursor: the place the editor paints that Enter applies the tool to.
    cursor: Option<(usize, usize)>,
    /// What the list of moves from here was made for: (step, moves shown), or None to make it.
    choices_for: std::cell::Cell<Option<(usize, usize)>>,
}

/// What the worker is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Task {
    Solve,
    /// The first move of a shortest solution from the position shown (`play.rs`): where the
    /// puzzle has a quick method ([`families::Capabilities::quick`]), its answer first, then
    /// this one's (`ProvenHint`).
    Hint,
    ProvenHint,
    Analyse,
}

type Page = Rc<RefCell<App>>;
type FrameCallback = Closure<dyn FnMut(f64)>;

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
    static FRAME: RefCell<Option<FrameCallback>> = const { RefCell::new(None) };
}

/// Offline use: `sw.js` keeps the app's files for the next visit. Browsers offer
/// service workers only to secure pages (https, or this machine); elsewhere the app runs as
/// before, and a refused registration is only a warning.
fn register_service_worker(window: &Window) {
    let navigator = window.navigator();
    if !js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false) {
        return;
    }
    let warn = Closure::<dyn FnMut(JsValue)>::new(|e: JsValue| {
        web_sys::console::warn_2(&JsValue::from_str("puzzlelab works online only: no service worker:"), &e)
    });
    let _ = navigator.service_worker().register("./sw.js").catch(&warn);
    warn.forget(); // once per page
}

pub fn start() {
    console_error_panic_hook::set_once();
    let window = web_sys::window().unwrap_or_else(|| wasm_bindgen::throw_str("no window"));
    let document = window.document().unwrap_or_else(|| wasm_bindgen::throw_str("no document"));
    let el = Elements::find(&document);
    let app = App {
        animation_job: None,
        el,
        window,
        document,
        puzzle: None,
        report: None,
        solution: 0,
        playback: Playback::default(),
        pool: None,
        split: None,
        player: None,
        link_note: None,
        announced: std::cell::Cell::new(None),
        job: 0,
        busy: false,
        pending_step: None,
        read_text: String::new(),
        departure: None,
        start_when_ready: None,
        analysis: None,
        graph_points: Vec::new(),
        graph_hover: None,
        history: History::default(),
        drawing: false,
        tool: "piece:new".into(),
        dragged_from: None,
        highlighted: std::cell::Cell::new(None),
        streamed: Vec::new(),
        reparse_timer: None,
        gutter_lines: std::cell::Cell::new(0),
        gutter_bad: std::cell::Cell::new(None),
        handing_over: false,
        full_module_failed: false,
        #[cfg(feature = "js")]
        trace_job: 0,
        #[cfg(feature = "js")]
        trace_answered: 0,
        #[cfg(feature = "js")]
        heard: 0.0,
        failed_starts: 0,
        #[cfg(feature = "js")]
        trace_asked: RefCell::new(None),
        #[cfg(feature = "js")]
        tracer: None,
        #[cfg(feature = "js")]
        unchecked: None,
        #[cfg(feature = "js")]
        held_released: false,
        notice_timer: None,
        remember_timer: std::cell::Cell::new(None),
        address: String::new(),
        new_entry: false,
        played: Vec::new(),
        press: None,
        levels: Vec::new(),
        from_here: None,
        hint_said: None,
        hint: None,
        plays_from_here: false,
        choices_for: std::cell::Cell::new(None),
        cursor: None,
    };
    let page: Page = Rc::new(RefCell::new(app));
    PAGE.with(|p| *p.borrow_mut() = Some(page.clone()));
    fill_pickers(&page.borrow());
    wire_events(&page);
    register_service_worker(&page.borrow().window);
    let mut app = page.borrow_mut();
    if let Some(handover) = handover::take(&app.window) {
        app.take_over(handover);
    } else if !app.open_first() {
        // A damaged link's message outlasts the first example's "Ready".
        let damaged = app.el.status.text_content().filter(|s| s.starts_with("Could not open"));
        if let Some((_, first)) = examples::all().next() {
            app.set_text(first.text, false);
            app.el.examples.set_value(first.name);
        }
        app.reparse();
        if let Some(message) = damaged {
            app.set_status(&message);
        }
    }
    // A player whose link's moves replay needs no solver; a page handed over has the full
    // module's.
    let replayed = app.player.is_some() && app.report.is_some();
    if !replayed && !app.handing_over {
        app.start_pool();
    }
}

fn option(doc: &Document, label: &str, value: &str) -> HtmlOptionElement {
    let option: HtmlOptionElement = doc.create_element("option").unwrap_throw().unchecked_into();
    option.set_text_content(Some(label));
    option.set_value(value);
    option
}

/// Fills the pickers made from the registry; once a document (the full module, taking the page
/// over, finds them filled and chosen).
fn fill_pickers(app: &App) {
    if app.el.examples.length() > 1 {
        return;
    }
    let cores = app.window.navigator().hardware_concurrency();
    let default = if cores.is_finite() && cores >= 1.0 { (cores as usize).min(split::MOST_WORKERS) } else { 1 };
    for n in 1..=split::MOST_WORKERS {
        let choice = option(&app.document, &n.to_string(), &n.to_string());
        choice.set_selected(n == default);
        let _ = app.el.workers.append_child(&choice);
    }
    let doc = &app.document;
    // One group per family, named as the family picker names it, in the registry's order; an
    // example placed in another group joins it (made where first met). The tooltip says more.
    let mut groups: Vec<(&str, web_sys::Element)> = Vec::new();
    for (family, example) in examples::all() {
        let label = examples::group(family, example);
        let at = groups.iter().position(|(name, _)| *name == label).unwrap_or_else(|| {
            let group = doc.create_element("optgroup").unwrap_throw();
            let _ = group.set_attribute("label", label);
            let _ = app.el.examples.append_child(&group);
            groups.push((label, group));
            groups.len() - 1
        });
        let choice = option(doc, examples::title(example), example.name);
        if let Some(more) = examples::description(example) {
            choice.set_title(&more);
        }
        let _ = groups[at].1.append_child(&choice);
    }
    for family in FAMILIES {
        let _ = app.el.family.append_child(&option(doc, family.name(), family.id()));
    }
    for m in Method::ALL {
        let _ = app.el.method.append_child(&option(doc, method_label(m), m.name()));
    }
}

fn method_label(method: Method) -> &'static str {
    match method {
        Method::Auto => "Automatic",
        Method::Bfs => "Breadth-first (shortest)",
        Method::Astar => "A* (shortest)",
        Method::Idastar => "IDA* (shortest, little memory)",
        Method::Dfs => "Depth-first (fast, not shortest)",
        Method::Bidir => "Bidirectional (shortest, whole-board goals)",
        Method::Greedy => "Best-first (fast, not shortest)",
    }
}

/// Runs `f` on the page state (for event callbacks).
fn with_app(f: impl FnOnce(&mut App)) {
    let page = PAGE.with(|p| p.borrow().clone());
    if let Some(page) = page {
        if let Ok(mut app) = page.try_borrow_mut() {
            f(&mut app);
        }
    }
}

fn listen<E: JsCast + 'static>(target: &web_sys::EventTarget, kind: &str, mut f: impl FnMut(&mut App, E) + 'static) {
    let closure = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        if let Ok(event) = event.dyn_into::<E>() {
            with_app(|app| f(app, event));
        }
    });
    let _ = target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref());
    closure.forget(); // page-lifetime listeners
}

fn wire_events(page: &Page) {
    let app = page.borrow();
    let el = &app.el;
    listen(&el.text, "input", |app, _: Event| app.typed());
    listen(&el.text, "scroll", |app, _: Event| app.el.gutter.set_scroll_top(app.el.text.scroll_top()));
    listen(&el.family, "change", |app, _: Event| app.reparse());
    listen(&el.choices, "click", |app, event: MouseEvent| {
        let chosen = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.get_attribute("data-move"));
        if let Some(chosen) = chosen {
            app.play(vec![chosen]);
        }
    });
    listen(&el.help_toggle, "click", |app, _: Event| {
        let open = app.el.help.hidden();
        app.el.help.set_hidden(!open);
        let _ = app.el.help_toggle.set_attribute("aria-expanded", if open { "true" } else { "false" });
        app.show_help();
    });
    listen(&el.family_detect, "click", |app, _: Event| {
        app.el.family.set_value("auto");
        app.reparse();
    });
    listen(&el.examples, "change", |app, _: Event| {
        let name = app.el.examples.value();
        if let Some((family, example)) = examples::find(&name) {
            app.leave_entry();
            // Named only when detection would not find it, so the next paste is detected again.
            let detected = families::choose(None, example.text).is_ok_and(|f| f.id() == family.id());
            app.el.family.set_value(if detected { "auto" } else { family.id() });
            app.set_text(example.text, true);
            app.reparse();
            app.open_entry();
        }
    });
    listen(&app.window, "hashchange", |app, _: Event| app.address_changed());
    // A tab closed or hidden before the address caught up: written now.
    listen(&app.window, "pagehide", |app, _: Event| app.remember());
    listen(&app.document, "visibilitychange", |app, _: Event| {
        if app.document.hidden() {
            app.remember();
        }
    });
    listen(&app.window, "popstate", |app, _: Event| app.address_changed());
    listen(&el.restore_previous, "click", |app, _: Event| app.restore_previous());
    listen(&el.level, "change", |app, _: Event| {
        let index = app.el.level.selected_index().max(0) as usize;
        app.open_level(index);
    });
    listen(&el.level_prev, "click", |app, _: Event| app.step_level(-1));
    listen(&el.level_next, "click", |app, _: Event| app.step_level(1));
    listen(&el.solve, "click", |app, _: Event| app.start(Task::Solve));
    listen(&el.hint, "click", |app, _: Event| app.start(Task::Hint));
    listen(&el.analyse, "click", |app, _: Event| app.start(Task::Analyse));
    listen(&el.open_hardest, "click", |app, _: Event| app.open_hardest());
    listen(&el.graph, "mousemove", |app, event: MouseEvent| {
        let node = app.graph_node_at(&event);
        if node != app.graph_hover {
            app.graph_hover = node;
            app.draw_graph();
            app.describe_graph_node();
        }
    });
    listen(&el.graph, "click", |app, event: MouseEvent| {
        if let Some(node) = app.graph_node_at(&event) {
            app.open_graph_node(node);
        }
    });
    listen(&el.cancel, "click", |app, _: Event| app.cancel());
    listen(&el.workers, "change", |app, _: Event| app.workers_changed());
    listen(&el.share, "click", |app, _: Event| app.share());
    listen(&el.draw, "click", |app, _: Event| {
        app.drawing = !app.drawing;
        if app.drawing {
            app.go_to(0); // edits are made on the starting position
        }
        app.el.draw_panel.set_hidden(!app.drawing);
        let _ = app.el.draw.set_attribute("aria-pressed", if app.drawing { "true" } else { "false" });
        app.show_tools();
    });
    listen(&el.tools, "click", |app, event: MouseEvent| {
        let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        if let Some(tool) = target.and_then(|t| t.get_attribute("data-tool")) {
            // "now:" tools act at once (a piece set, a switch); the others are for the board.
            if tool.starts_with("now:") {
                if let Some(text) = app.puzzle.as_ref().and_then(|p| p.editor()).and_then(|e| e.apply(&tool, 0, 0)) {
                    app.edit(text);
                }
                return;
            }
            app.tool = tool;
            app.show_tools();
        }
    });
    // Pointer events cover mouse, pen and touch; a drag paints every cell it passes over.
    listen(&el.canvas, "pointerdown", |app, event: MouseEvent| app.canvas_click(&event));
    listen(&el.canvas, "pointermove", |app, event: MouseEvent| app.canvas_drag(&event));
    listen(&el.canvas, "pointerup", |app, event: MouseEvent| {
        app.dragged_from = None;
        if let Some(from) = app.press.take() {
            let to = app.canvas_point(&event);
            app.pointer_played(from, to);
        }
    });
    // The cursor shows while the board has the focus.
    listen(&el.canvas, "focus", |app, _: Event| app.draw());
    listen(&el.canvas, "blur", |app, _: Event| app.draw());
    listen(&el.canvas, "pointerleave", |app, _: Event| {
        app.dragged_from = None;
        app.press = None;
    });
    listen(&el.resize, "click", |app, _: Event| {
        let (cols, rows) = (app.el.cols.value_as_number(), app.el.rows.value_as_number());
        if !(cols >= 1.0 && rows >= 1.0) {
            return app.notice("Columns and rows must be at least 1.");
        }
        let edited = app.puzzle.as_ref().and_then(|p| p.editor()).and_then(|e| e.resize(cols as usize, rows as usize));
        match edited {
            Some(text) => app.edit(text),
            None => app.notice("That size does not change the board (the most is 512 cells)."),
        }
    });
    listen(&el.new_board, "click", |app, _: Event| {
        let family = app.puzzle.as_ref().and_then(|p| families::family(p.family())).unwrap_or(FAMILIES[0]);
        let (cols, rows) = (app.el.cols.value_as_number(), app.el.rows.value_as_number());
        let (cols, rows) = if cols >= 1.0 && rows >= 1.0 { (cols as usize, rows as usize) } else { (10, 10) };
        let seed = (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64;
        // A family that makes no random puzzles starts from its blank board, at the size typed.
        let text = family.generate(cols, rows, seed).unwrap_or_else(|| {
            let blank = family.blank().to_string();
            let sized = family.parse(&blank).ok().and_then(|puzzle| puzzle.editor().and_then(|e| e.resize(cols, rows)));
            sized.unwrap_or(blank)
        });
        app.edit(text);
    });
    listen(&el.file, "change", |app, _: Event| app.open_file());
    listen(&el.download, "click", |app, _: Event| app.download());
    listen(&el.copy_solution, "click", |app, _: Event| app.copy_solution());
    listen(&el.embed, "click", |app, _: Event| app.embed());
    for option in [&el.embed_autoplay, &el.embed_loop, &el.embed_dark] {
        listen(option, "change", |app, _: Event| app.show_embed());
    }
    listen(&el.picture, "click", |app, _: Event| app.save_picture());
    listen(&el.animation, "click", |app, _: Event| app.start_animation());
    listen(&el.prev_solution, "click", |app, _: Event| app.show_solution(app.solution.saturating_sub(1)));
    listen(&el.next_solution, "click", |app, _: Event| app.show_solution(app.solution + 1));
    listen(&el.first, "click", |app, _: Event| app.go_to(0));
    listen(&el.prev, "click", |app, _: Event| app.go_to(app.playback.step.saturating_sub(1)));
    listen(&el.next, "click", |app, _: Event| app.advance());
    listen(&el.last, "click", |app, _: Event| app.go_to(app.moves_len()));
    listen(&el.play, "click", |app, _: Event| app.toggle_play());
    listen(&el.step, "input", |app, _: Event| {
        let step = app.el.step.value_as_number();
        if step.is_finite() {
            app.go_to(step as usize);
        }
    });
    listen(&el.moves, "click", |app, event: MouseEvent| {
        let item = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("li").ok().flatten());
        if let Some(index) = item.and_then(|li| li.get_attribute("data-step")).and_then(|s| s.parse::<usize>().ok()) {
            app.go_to(index);
        }
    });
    listen(&app.document, "keydown", |app, event: KeyboardEvent| app.key(&event));
    if let Ok(toggles) = app.document.query_selector_all(".fold-toggle") {
        for toggle in (0..toggles.length()).filter_map(|i| toggles.item(i)) {
            listen(&toggle, "click", |app, event: Event| {
                if let Some(toggle) = event.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                    let open = toggle.get_attribute("aria-expanded").as_deref() != Some("true");
                    app.fold(&toggle, open);
                }
            });
        }
    }
}

fn request_frame(window: &Window) {
    FRAME.with(|frame| {
        let mut frame = frame.borrow_mut();
        let closure = frame.get_or_insert_with(|| Closure::new(|time: f64| with_app(|app| app.frame(time))));
        let _ = window.request_animation_frame(closure.as_ref().unchecked_ref());
    });
}

impl App {
    fn now(&self) -> f64 {
        js_sys::Date::now()
    }

    /// Opens or closes the fold a toggle controls (on a narrow screen; a wide one shows all).
    fn fold(&self, toggle: &web_sys::Element, open: bool) {
        let _ = toggle.set_attribute("aria-expanded", if open { "true" } else { "false" });
        let fold = toggle.get_attribute("aria-controls").and_then(|id| self.document.get_element_by_id(&id));
        if let Some(fold) = fold {
            let _ = fold.class_list().toggle_with_force("open", open);
        }
    }

    /// Opens the fold with the element `id`, through its toggle.
    fn unfold(&self, id: &str) {
        if let Ok(Some(toggle)) = self.document.query_selector(&format!(".fold-toggle[aria-controls=\"{id}\"]")) {
            self.fold(&toggle, true);
        }
    }

    /// The state of the puzzle on screen: loading, ready, searching, the result, an error.
    fn set_status(&self, text: &str) {
        self.el.status.set_text_content(Some(text));
    }

    /// A brief message about something done (a link copied, a file saved): floats over the page
    /// for a few seconds, leaving the status as it was.
    fn notice(&mut self, text: &str) {
        const NOTICE_MS: i32 = 6000;
        self.el.notice.set_text_content(Some(text));
        self.el.notice.set_hidden(false);
        if let Some(timer) = self.notice_timer.take() {
            self.window.clear_timeout_with_handle(timer);
        }
        let hide = Closure::once_into_js(|| {
            with_app(|app| {
                app.notice_timer = None;
                app.el.notice.set_hidden(true);
            })
        });
        self.notice_timer =
            self.window.set_timeout_with_callback_and_timeout_and_arguments_0(hide.unchecked_ref(), NOTICE_MS).ok();
    }

    fn moves(&self) -> &[String] {
        match &self.report {
            Some(r) if !r.solutions.is_empty() => &r.solutions[self.solution.min(r.solutions.len() - 1)],
            Some(r) => &r.moves,
            None if !self.streamed.is_empty() => &self.streamed[self.solution.min(self.streamed.len() - 1)],
            None => &self.played,
        }
    }

    /// How many solutions can be browsed: the report's list, or while searching those so far.
    fn listed(&self) -> usize {
        self.report.as_ref().map_or(self.streamed.len(), |r| r.solutions.len())
    }

    /// Shows listed solution `index`, complete.
    fn show_solution(&mut self, index: usize) {
        let count = self.listed();
        if count == 0 {
            return;
        }
        self.solution = index.min(count - 1);
        self.playback.stop();
        self.show_moves();
        self.playback.step = self.moves_len();
        self.update_buttons();
        self.draw();
    }

    fn moves_len(&self) -> usize {
        self.moves().len()
    }
}
