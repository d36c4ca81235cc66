//! The page: the puzzle text box, family/metric/method pickers, the canvas, draw mode, replay
//! controls and share links. It only draws and forwards input; the worker does the searching.

use super::canvas::{self, CanvasPainter};
use super::history::History;
use super::playback::{Playback, Tick};
use super::protocol::{Reply, Request};
use super::solver::Pool;
use super::split::{self, Split};
use crate::examples;
use crate::families::analysis::{AnalysisReport, Completion};
use crate::families::{self, FormatError, Puzzle, Report, SolveMode, SolveOptions, FAMILIES};
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

/// Budgets for searches in a tab: well inside wasm32's 4 GB.
const PAGE_MAX_BYTES: u64 = 1 << 30;
const PAGE_MAX_STATES: u64 = 40_000_000;
/// Texts longer than this are read when typing pauses, not at every keystroke: reading a
/// megabyte takes a good part of a second, which would freeze the tab at each key.
const BIG_TEXT: usize = 64 * 1024;
const BIG_TEXT_PAUSE_MS: i32 = 300;

struct Elements {
    text: HtmlTextAreaElement,
    gutter: HtmlElement,
    error: HtmlElement,
    family: HtmlSelectElement,
    metric: HtmlSelectElement,
    method: HtmlSelectElement,
    exact: HtmlInputElement,
    exact_option: HtmlElement,
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
            family: by_id(doc, "family"),
            metric: by_id(doc, "metric"),
            method: by_id(doc, "method"),
            exact: by_id(doc, "exact"),
            exact_option: by_id(doc, "exact-option"),
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
}

/// What the worker is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Task {
    Solve,
    Analyse,
}

type Page = Rc<RefCell<App>>;
type FrameCallback = Closure<dyn FnMut(f64)>;

thread_local! {
    static PAGE: RefCell<Option<Page>> = const { RefCell::new(None) };
    static FRAME: RefCell<Option<FrameCallback>> = const { RefCell::new(None) };
}

/// Offline use (issue 14): `sw.js` keeps the app's files for the next visit. Browsers offer
/// service workers only to secure pages (https, or this machine); elsewhere the app runs as
/// before, and a refused registration is only a warning.
fn register_service_worker(window: &Window) {
    let navigator = window.navigator();
    if !js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false) {
        return;
    }
    let warn = Closure::<dyn FnMut(JsValue)>::new(|e: JsValue| web_sys::console::warn_2(&JsValue::from_str("puzzlelab works online only: no service worker:"), &e));
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
    };
    let page: Page = Rc::new(RefCell::new(app));
    PAGE.with(|p| *p.borrow_mut() = Some(page.clone()));
    fill_pickers(&page.borrow());
    wire_events(&page);
    register_service_worker(&page.borrow().window);
    let mut app = page.borrow_mut();
    if !app.open_shared_link() {
        if let Some((_, first)) = examples::all().next() {
            app.set_text(first.text, false);
        }
        app.reparse();
    }
    // A player whose link's moves replay needs no solver.
    if !(app.player.is_some() && app.report.is_some()) {
        app.start_pool();
    }
}

fn option(doc: &Document, label: &str, value: &str) -> HtmlOptionElement {
    let option: HtmlOptionElement = doc.create_element("option").unwrap_throw().unchecked_into();
    option.set_text_content(Some(label));
    option.set_value(value);
    option
}

fn fill_pickers(app: &App) {
    let cores = app.window.navigator().hardware_concurrency();
    let default = if cores.is_finite() && cores >= 1.0 { (cores as usize).min(split::MOST_WORKERS) } else { 1 };
    for n in 1..=split::MOST_WORKERS {
        let choice = option(&app.document, &n.to_string(), &n.to_string());
        choice.set_selected(n == default);
        let _ = app.el.workers.append_child(&choice);
    }
    let doc = &app.document;
    for (_, example) in examples::all() {
        let _ = app.el.examples.append_child(&option(doc, examples::title(example), example.name));
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
    listen(&el.examples, "change", |app, _: Event| {
        let name = app.el.examples.value();
        if let Some((family, example)) = examples::find(&name) {
            app.el.family.set_value(family.id());
            app.set_text(example.text, true);
            app.reparse();
        }
    });
    listen(&el.solve, "click", |app, _: Event| app.start(Task::Solve));
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
    listen(&el.canvas, "pointerup", |app, _: Event| app.dragged_from = None);
    listen(&el.canvas, "pointerleave", |app, _: Event| app.dragged_from = None);
    listen(&el.resize, "click", |app, _: Event| {
        let (cols, rows) = (app.el.cols.value_as_number(), app.el.rows.value_as_number());
        if !(cols >= 1.0 && rows >= 1.0) {
            return app.set_status("Columns and rows must be at least 1.");
        }
        let edited = app.puzzle.as_ref().and_then(|p| p.editor()).and_then(|e| e.resize(cols as usize, rows as usize));
        match edited {
            Some(text) => app.edit(text),
            None => app.set_status("That size does not change the board (the most is 512 cells)."),
        }
    });
    listen(&el.new_board, "click", |app, _: Event| {
        let family = app.puzzle.as_ref().and_then(|p| families::family(p.family())).unwrap_or(FAMILIES[0]);
        let (cols, rows) = (app.el.cols.value_as_number(), app.el.rows.value_as_number());
        let (cols, rows) = if cols >= 1.0 && rows >= 1.0 { (cols as usize, rows as usize) } else { (10, 10) };
        let seed = (js_sys::Math::random() * 9_007_199_254_740_991.0) as u64;
        let text = family.generate(cols, rows, seed).unwrap_or_else(|| family.blank().to_string());
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

    fn set_status(&self, text: &str) {
        self.el.status.set_text_content(Some(text));
    }

    fn moves(&self) -> &[String] {
        match &self.report {
            Some(r) if !r.solutions.is_empty() => &r.solutions[self.solution.min(r.solutions.len() - 1)],
            Some(r) => &r.moves,
            None if !self.streamed.is_empty() => &self.streamed[self.solution.min(self.streamed.len() - 1)],
            None => &[],
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

    // ---- text, parsing, errors -------------------------------------------------------------

    /// Replaces the text, optionally as one undo step.
    fn set_text(&mut self, text: &str, undoable: bool) {
        self.history.set(text, undoable);
        self.el.text.set_value(text);
    }

    /// The user typed: quick keystrokes are one undo step.
    fn typed(&mut self) {
        let now = self.now();
        self.history.typed(self.el.text.value(), now);
        if self.history.text().len() > BIG_TEXT {
            self.reparse_later(BIG_TEXT_PAUSE_MS, "Reading the puzzle when typing pauses…");
        } else {
            self.reparse();
        }
    }

    /// Reads the text after `delay_ms` (restarting the wait if already waiting), saying so
    /// meanwhile. Until then there is no puzzle: Solve waits, the old error goes.
    fn reparse_later(&mut self, delay_ms: i32, status: &str) {
        self.cancel_reparse();
        self.puzzle = None;
        self.el.error.set_text_content(None);
        self.set_status(status);
        self.update_buttons();
        let read = Closure::once_into_js(|| {
            with_app(|app| {
                app.reparse_timer = None;
                app.reparse();
            })
        });
        self.reparse_timer = self.window.set_timeout_with_callback_and_timeout_and_arguments_0(read.unchecked_ref(), delay_ms).ok();
    }

    fn cancel_reparse(&mut self) {
        if let Some(timer) = self.reparse_timer.take() {
            self.window.clear_timeout_with_handle(timer);
        }
    }

    fn undo(&mut self) {
        if self.history.undo() {
            self.el.text.set_value(self.history.text());
            self.reparse();
        }
    }

    fn redo(&mut self) {
        if self.history.redo() {
            self.el.text.set_value(self.history.text());
            self.reparse();
        }
    }

    /// An edit from draw mode.
    fn edit(&mut self, text: String) {
        self.set_text(&text, true);
        self.reparse();
    }

    fn reparse(&mut self) {
        self.cancel_reparse();
        self.playback.stop();
        self.show_analysis(None);
        self.report = None;
        self.streamed.clear();
        self.solution = 0;
        self.playback.step = 0;
        self.show_moves();
        let family = self.el.family.value();
        match families::parse(Some(&family), self.history.text()) {
            Ok(puzzle) => {
                self.puzzle = Some(puzzle);
                self.show_error(None);
                if !self.busy && self.solver_ready() {
                    self.set_status("Ready: press Solve.");
                }
            }
            Err(error) if !self.busy && self.solver_ready() && self.el.status.text_content().is_some_and(|s| s.starts_with("Reading")) => {
                self.puzzle = None;
                self.show_error(Some(&error));
                self.set_status("The puzzle could not be read: see the message under the text.");
            }
            Err(error) => {
                self.puzzle = None;
                self.show_error(Some(&error));
            }
        }
        self.show_metrics();
        // The pickers offer what this puzzle accepts: its methods, its modes, its switches.
        let capabilities = self.puzzle.as_ref().map(|p| p.capabilities());
        self.show_methods(capabilities.as_ref());
        self.el.mode_option.set_hidden(capabilities.as_ref().is_none_or(|c| c.modes.len() < 2));
        self.el.exact_option.set_hidden(capabilities.as_ref().is_none_or(|c| !c.switches.contains(&"exact")));
        self.el.workers_option.set_hidden(capabilities.as_ref().is_none_or(|c| c.parts.is_empty()));
        if let Some((cols, rows)) = self.puzzle.as_ref().and_then(|p| p.editor()).map(|e| e.size()) {
            self.el.cols.set_value(&cols.to_string());
            self.el.rows.set_value(&rows.to_string());
        }
        let makes_new = self.puzzle.as_ref().and_then(|p| families::family(p.family())).is_some_and(|f| f.generates());
        self.el.new_board.set_text_content(Some(if makes_new { "New random" } else { "New board" }));
        self.show_tools();
        self.update_buttons();
        self.draw();
    }

    /// The method picker offers the puzzle's methods, "Automatic" naming what it will run
    /// (keeping the choice if it fits).
    fn show_methods(&self, capabilities: Option<&families::Capabilities>) {
        let methods: Vec<Method> = capabilities.map_or_else(|| Method::ALL.to_vec(), |c| c.methods.clone());
        let auto = capabilities.map(|c| c.auto());
        let labels: Vec<String> = methods
            .iter()
            .map(|&m| match (m, auto) {
                (Method::Auto, Some(chosen)) => format!("Automatic ({})", chosen.title()),
                _ => method_label(m).to_string(),
            })
            .collect();
        let picker = &self.el.method;
        // Typing re-reads the puzzle on every key: leave the picker alone when nothing changed.
        let shown: Vec<String> = (0..picker.length()).filter_map(|i| picker.item(i)).map(|o| o.text_content().unwrap_or_default()).collect();
        if shown == labels {
            return;
        }
        let current = picker.value();
        while picker.length() > 0 {
            picker.remove_with_index(0);
        }
        for (m, label) in methods.iter().zip(&labels) {
            let _ = picker.append_child(&option(&self.document, label, m.name()));
        }
        picker.set_value(if methods.iter().any(|m| m.name() == current) { &current } else { "auto" });
    }

    /// The metric picker offers the metrics of the puzzle's family (keeping the choice if it fits).
    fn show_metrics(&self) {
        let family = self.puzzle.as_ref().and_then(|p| families::family(p.family()));
        let metrics: &[&str] = family.map_or(&[], |f| f.metrics());
        let picker = &self.el.metric;
        let current = picker.value();
        let shown: Vec<String> = (1..picker.length()).filter_map(|i| picker.item(i)).map(|o| o.get_attribute("value").unwrap_or_default()).collect();
        if shown.iter().map(String::as_str).eq(metrics.iter().copied()) {
            return;
        }
        while picker.length() > 1 {
            picker.remove_with_index(1);
        }
        for m in metrics {
            let _ = picker.append_child(&option(&self.document, m, m));
        }
        picker.set_value(if metrics.contains(&current.as_str()) { &current } else { "" });
    }

    fn show_error(&self, error: Option<&FormatError>) {
        self.el.error.set_text_content(error.map(|e| e.to_string()).as_deref());
        // Numbers for the lines one can scroll to (a huge paste does not get a million of them),
        // rebuilt only when the count changes, not at every keystroke.
        const MAX_GUTTER_LINES: usize = 5000;
        let gutter = &self.el.gutter;
        let lines = self.history.text().split('\n').count().clamp(1, MAX_GUTTER_LINES);
        if lines != self.gutter_lines.replace(lines) {
            gutter.set_text_content(None);
            self.gutter_bad.set(None);
            for n in 1..=lines {
                let span = self.document.create_element("span").unwrap_throw();
                span.set_text_content(Some(&n.to_string()));
                let _ = span.set_attribute("style", "display:block");
                let _ = gutter.append_child(&span);
            }
        }
        let line_span = |n: usize| (n >= 1).then(|| gutter.children().item(n as u32 - 1)).flatten();
        if let Some(span) = self.gutter_bad.take().and_then(line_span) {
            let _ = span.remove_attribute("class");
            let _ = span.remove_attribute("title");
        }
        if let Some(e) = error {
            if let Some(span) = line_span(e.line) {
                let _ = span.set_attribute("class", "bad");
                let _ = span.set_attribute("title", &e.message);
                self.gutter_bad.set(Some(e.line));
            }
        }
        if let Some(e) = error.filter(|e| e.line > 0) {
            // Select the offending line so it is easy to find and fix.
            let start: usize = self.history.text().split('\n').take(e.line.saturating_sub(1)).map(|l| l.chars().count() + 1).sum();
            let len = self.history.text().split('\n').nth(e.line.saturating_sub(1)).map_or(0, |l| l.chars().count());
            let _ = self.el.text.set_selection_range(start as u32, (start + len) as u32);
        }
        gutter.set_scroll_top(self.el.text.scroll_top());
    }

    // ---- solving ----------------------------------------------------------------------------

    fn options(&self) -> SolveOptions {
        let metric = self.el.metric.value();
        SolveOptions {
            metric: (!metric.is_empty()).then_some(metric),
            method: Method::parse(&self.el.method.value()).unwrap_or_default(),
            max_states: Some(PAGE_MAX_STATES),
            max_bytes: Some(PAGE_MAX_BYTES),
            exact: self.el.exact.checked(),
            mode: match self.el.mode.value().as_str() {
                "count" => SolveMode::Count,
                "all" => SolveMode::All,
                _ => SolveMode::First,
            },
            distinct: true,
            ..SolveOptions::default()
        }
    }

    /// Starts the solver Workers' pool unless it runs; their replies and failures reach the
    /// page with the number of the Worker they come from.
    fn start_pool(&mut self) {
        if self.pool.is_some() {
            return;
        }
        let on_reply: super::solver::OnReply = Rc::new(|worker, reply| with_app(|app| app.on_reply(worker, reply)));
        let on_error: super::solver::OnError = Rc::new(|worker, message| with_app(|app| app.worker_died(worker, &message)));
        match Pool::new(on_reply, on_error) {
            Ok(pool) => self.pool = Some(pool),
            Err(_) => self.set_status("Could not start the solver worker in this browser."),
        }
        self.show_workers();
        self.update_buttons();
    }

    /// Whether Worker 0 is ready for work (a shared search waits for the others itself).
    fn solver_ready(&self) -> bool {
        self.pool.as_ref().is_some_and(|pool| pool.ready(0))
    }

    /// The Workers the settings allow.
    fn workers_wanted(&self) -> usize {
        self.el.workers.value().parse().unwrap_or(1)
    }

    /// Sends the puzzle to the Workers to solve or analyse (once Worker 0 is ready): a search
    /// the puzzle can split goes to as many Workers as the settings allow, in parts.
    fn start(&mut self, task: Task) {
        self.start_pool();
        if !self.solver_ready() {
            self.start_when_ready = Some(task);
            return;
        }
        let Some(puzzle) = &self.puzzle else { return };
        let family = puzzle.family().to_string();
        self.job += 1;
        let (job, options) = (self.job, self.options());
        let requests = match task {
            Task::Solve => {
                let parts = split::parts_for(&puzzle.capabilities(), &options, self.workers_wanted());
                let (split, requests) = Split::start(job, &family, self.history.text(), &options, parts);
                self.split = Some(split);
                requests
            }
            Task::Analyse => {
                self.split = None;
                vec![Request::Analyse { job, family, text: self.history.text().to_string(), options }]
            }
        };
        let wanted = self.workers_wanted();
        let Some(pool) = &mut self.pool else { return };
        let count = requests.len();
        // Workers past the setting (lowered during a search) end now.
        pool.shrink(wanted);
        let sent = pool.ensure(count).is_ok() && requests.into_iter().enumerate().all(|(worker, request)| pool.send(worker, request));
        if sent {
            self.busy = true;
            self.playback.stop();
            if task == Task::Analyse {
                self.show_analysis(None);
                self.set_status("Analysing: exploring every position…");
            } else {
                self.report = None;
                self.streamed.clear();
                self.solution = 0;
                self.show_moves();
                self.set_status(&if count > 1 { format!("Searching on {count} Workers…") } else { "Searching…".to_string() });
            }
        } else {
            self.set_status("Could not send the puzzle to the solver.");
        }
        self.show_workers();
        self.update_buttons();
    }

    /// Ends every Worker (a search reads no messages, so this is how it stops) and starts
    /// fresh ones.
    fn restart_workers(&mut self) {
        if let Some(pool) = &mut self.pool {
            if pool.restart_all().is_err() {
                self.set_status("Could not restart the solver worker in this browser.");
            }
        }
        self.split = None;
        self.show_workers();
    }

    fn cancel(&mut self) {
        if !self.busy && self.animation_job.is_none() {
            return;
        }
        self.restart_workers();
        self.busy = false;
        self.animation_job = None;
        self.pending_step = None;
        self.set_status("Cancelled.");
        self.update_buttons();
    }

    /// A Worker failed (out of memory, a crash): said so, and every Worker restarts, since a
    /// shared search cannot end without that Worker's part.
    fn worker_died(&mut self, worker: usize, message: &str) {
        let was_solving = self.busy;
        self.busy = false;
        self.animation_job = None;
        self.start_when_ready = None;
        self.pending_step = None;
        self.restart_workers();
        let which = if self.pool.as_ref().is_some_and(|p| p.started() > 1) { format!("Worker {} of the solver", worker + 1) } else { "The solver".to_string() };
        self.set_status(&if was_solving {
            format!("{which} stopped unexpectedly ({message}); fresh Workers are starting. Press Solve to try again.")
        } else {
            format!("{which} stopped unexpectedly ({message}); a fresh one has been started.")
        });
        self.update_buttons();
    }

    /// The settings' count of Workers changed: Workers past it end (now, or once the running
    /// search ends).
    fn workers_changed(&mut self) {
        if !self.busy {
            let wanted = self.workers_wanted();
            if let Some(pool) = &mut self.pool {
                pool.shrink(wanted);
            }
        }
        self.show_workers();
    }

    fn show_workers(&self) {
        let state = self.pool.as_ref().map(Pool::state).unwrap_or_default();
        self.el.workers_state.set_text_content(Some(&state));
    }

    fn on_reply(&mut self, worker: usize, reply: Reply) {
        match reply {
            Reply::Ready => {
                if let Some(pool) = &mut self.pool {
                    pool.on_ready(worker);
                }
                if worker == 0 {
                    self.el.solve.set_title("Solve (finds the shortest solution)");
                    if let Some(task) = self.start_when_ready.take() {
                        self.start(task);
                    } else if self.puzzle.is_some() && !self.busy && self.el.status.text_content().unwrap_or_default().starts_with("Loading") {
                        // Only replaces the loading note: a message already shown (a damaged
                        // link, a cancel) stays.
                        self.set_status("Ready: press Solve.");
                    }
                }
            }
            Reply::Pong { .. } => {
                if let Some(pool) = &mut self.pool {
                    pool.on_pong(worker);
                }
            }
            Reply::Animating { job, done, frames } if self.animating_job(job) => {
                self.set_status(&format!("Making the animation: frame {done} of {frames}…"));
            }
            Reply::Animated { job, bytes, frames, note } if self.animating_job(job) => {
                self.idle(worker);
                if let Some(made) = self.animation_job.take() {
                    self.save_bytes(&bytes, made.format.mime(), &made.name);
                    self.set_status(&format!("Saved {}: {frames} frames, {}{note}.", made.name, crate::animation::file_size(bytes.len())));
                }
            }
            Reply::Failed { job, error } if self.animating_job(job) => {
                self.idle(worker);
                self.animation_job = None;
                self.set_status(&format!("Could not make the animation: {}.", error.message));
            }
            Reply::Progress { job, stats } if job == self.job && self.busy => {
                let stats = match &mut self.split {
                    Some(split) => split.progress(worker, stats),
                    None => stats,
                };
                self.set_status(&replay::progress_line(&stats));
            }
            Reply::Found { job, solutions } if job == self.job && self.busy => {
                let first = self.streamed.is_empty();
                self.streamed.extend(solutions);
                if first {
                    self.solution = 0;
                    self.playback.step = self.moves_len();
                    self.show_moves();
                }
            }
            Reply::Finished { job, report } if job == self.job => {
                self.idle(worker);
                let whole = match &mut self.split {
                    Some(split) => split.finished(worker, report),
                    None => Some(report),
                };
                if let Some(report) = whole {
                    // A part that gave up ends the search: the Workers still at theirs stop.
                    if self.split.as_ref().is_some_and(Split::waiting) {
                        self.restart_workers();
                    }
                    self.split = None;
                    self.finished(report);
                }
            }
            Reply::Analysed { job, report } if job == self.job => {
                self.idle(worker);
                self.busy = false;
                self.set_status(report.lines().first().map_or("Analysed.", String::as_str));
                self.show_analysis(Some(report));
            }
            Reply::Failed { job, error } if job == self.job => {
                self.idle(worker);
                if self.split.as_ref().is_some_and(Split::waiting) {
                    self.restart_workers();
                }
                self.split = None;
                self.busy = false;
                self.pending_step = None;
                self.set_status("The puzzle could not be solved as given.");
                self.show_error(Some(&error));
            }
            _ => {} // replies to a job that was replaced
        }
        self.show_workers();
        self.update_buttons();
        self.draw();
    }

    /// Whether `job` is the animation being made.
    fn animating_job(&self, job: u32) -> bool {
        self.animation_job.as_ref().is_some_and(|made| made.job == job)
    }

    /// Worker `worker` has ended its job: a ping confirms it is idle.
    fn idle(&mut self, worker: usize) {
        if let Some(pool) = &mut self.pool {
            pool.ping(worker);
        }
    }

    /// The search ended with `report` (joined from its parts when it was shared).
    fn finished(&mut self, report: Report) {
        self.busy = false;
        let note = self.link_note.take().map(|note| note + " ").unwrap_or_default();
        self.set_status(&format!("{note}{}", replay::summary(&report)));
        // Someone browsing the tilings listed so far stays on the one they look at.
        let browsing = !self.streamed.is_empty() && self.solution < report.solutions.len();
        let step = self.pending_step.take().unwrap_or(0).min(report.moves.len());
        self.report = Some(report);
        self.streamed.clear();
        if browsing {
            self.playback.step = self.moves_len();
        } else {
            self.solution = 0;
            self.playback.step = step;
        }
        self.show_moves();
    }

    fn update_buttons(&self) {
        let el = &self.el;
        el.solve.set_disabled(!self.solver_ready() || self.busy || self.puzzle.is_none());
        let analyses = self.puzzle.as_ref().is_some_and(|p| p.capabilities().analyses);
        el.analyse.set_hidden(!analyses);
        el.analyse.set_disabled(!self.solver_ready() || self.busy || !analyses);
        el.cancel.set_disabled(!self.busy && self.animation_job.is_none());
        el.share.set_disabled(self.puzzle.is_none());
        el.picture.set_disabled(self.puzzle.is_none());
        let solved = self.report.as_ref().is_some_and(|r| r.status == families::Status::Solved);
        let label = self.puzzle.as_ref().and_then(|p| p.export_label()).filter(|_| solved && !self.busy);
        el.download.set_hidden(label.is_none());
        if let Some(label) = label {
            el.download.set_text_content(Some(label));
        }
        let copyable = solved && !self.busy && !self.moves().is_empty();
        el.copy_solution.set_hidden(!copyable);
        el.embed.set_hidden(!copyable);
        if !copyable {
            el.embed_panel.set_hidden(true);
        }
        el.animation.set_hidden(!copyable);
        el.animation_format.set_hidden(!copyable);
        el.animation.set_disabled(self.animation_job.is_some());
        if !copyable {
            // What it showed belongs to an earlier solve.
            el.solution_text.set_hidden(true);
        }
        let len = self.moves_len();
        el.first.set_disabled(self.playback.step == 0);
        el.prev.set_disabled(self.playback.step == 0);
        el.next.set_disabled(self.playback.step >= len);
        el.last.set_disabled(self.playback.step >= len);
        el.play.set_disabled(len == 0);
        el.play.set_text_content(Some(if self.playback.playing { "Pause" } else { "Play" }));
        el.step.set_max(&len.to_string());
        el.step.set_value(&self.playback.step.to_string());
        el.step_label.set_text_content(Some(&format!("{} / {len}", self.playback.step)));
        let listed = self.listed();
        el.solutions.set_hidden(listed == 0);
        let so_far = if self.busy { " so far" } else { "" };
        el.solution_label.set_text_content(Some(&format!("Solution {} of {listed}{so_far}", self.solution + 1)));
        el.prev_solution.set_disabled(self.solution == 0);
        el.next_solution.set_disabled(self.solution + 1 >= listed);
    }

    // ---- replay -----------------------------------------------------------------------------

    fn show_moves(&self) {
        let list = &self.el.moves;
        list.set_text_content(None);
        self.highlighted.set(None);
        for (i, m) in self.moves().iter().enumerate() {
            let item = self.document.create_element("li").unwrap_throw();
            item.set_text_content(Some(m));
            let _ = item.set_attribute("data-step", &(i + 1).to_string());
            let _ = list.append_child(&item);
        }
        self.update_buttons();
    }

    fn highlight_move(&self) {
        // Screen readers hear the step someone went to (not every step of a replay playing).
        if !self.playback.playing && self.announced.get() != Some(self.playback.step) && self.report.is_some() {
            self.announced.set(Some(self.playback.step));
            let said = match self.playback.step.checked_sub(1).and_then(|i| self.moves().get(i)) {
                Some(played) => format!("Step {} of {}: {played}", self.playback.step, self.moves_len()),
                None => format!("The start, before step 1 of {}", self.moves_len()),
            };
            self.el.announce.set_text_content(Some(&said));
        }
        let items = self.el.moves.children();
        // Only the item that was current and the one that is: a maze's path can be thousands.
        if let Some(old) = self.highlighted.replace(None).and_then(|i| items.item(i as u32)) {
            let _ = old.class_list().remove_1("current");
        }
        let Some(item) = self.playback.step.checked_sub(1).and_then(|i| items.item(i as u32)) else { return };
        let _ = item.class_list().add_1("current");
        self.highlighted.set(Some(self.playback.step - 1));
        // Scroll the list, not the page, to keep the current move in sight.
        if let Ok(item) = item.dyn_into::<HtmlElement>() {
            let list = &self.el.moves;
            let (top, height) = (item.offset_top(), item.offset_height());
            if top < list.scroll_top() {
                list.set_scroll_top(top);
            } else if top + height > list.scroll_top() + list.client_height() {
                list.set_scroll_top(top + height - list.client_height());
            }
        }
    }

    fn go_to(&mut self, step: usize) {
        self.playback.go_to(step, self.moves_len());
        self.update_buttons();
        self.draw();
    }

    /// Animates the next move.
    fn advance(&mut self) {
        if self.playback.advance(self.moves_len()) {
            request_frame(&self.window);
        }
        self.update_buttons();
        self.draw();
    }

    /// A looping player starts again from the start after a pause on the solved position,
    /// unless someone moved away from it meanwhile.
    fn loop_later(&self) {
        let again = Closure::once_into_js(move || {
            with_app(|app| {
                if !app.playback.playing && app.playback.step == app.moves_len() {
                    app.playback.step = 0;
                    app.toggle_play();
                    app.draw();
                }
            })
        });
        let _ = self.window.set_timeout_with_callback_and_timeout_and_arguments_0(again.unchecked_ref(), 1500);
    }

    fn toggle_play(&mut self) {
        if self.playback.toggle(self.moves_len()) {
            request_frame(&self.window);
        }
        self.update_buttons();
    }

    fn frame(&mut self, time: f64) {
        // A long solution (a big maze's thousands of steps) plays in about a minute at the
        // middle speed, several moves a frame if need be.
        let speed = self.speed();
        let move_ms = crate::animation::move_millis(speed).min(300_000.0 / speed / self.moves_len().max(1) as f64);
        let tick = self.playback.frame(time, self.moves_len(), move_ms);
        if tick == Tick::default() {
            return;
        }
        if tick.played_out && self.player.as_ref().is_some_and(|p| p.looped) {
            self.loop_later();
        }
        if tick.stepped {
            self.update_buttons();
        }
        self.draw();
        if tick.again {
            request_frame(&self.window);
        }
    }

    fn key(&mut self, event: &KeyboardEvent) {
        let key = event.key();
        let command = event.ctrl_key() || event.meta_key();
        if command && (key == "z" || key == "Z") {
            event.prevent_default();
            if event.shift_key() {
                self.redo();
            } else {
                self.undo();
            }
            return;
        }
        if command && (key == "y" || key == "Y") {
            event.prevent_default();
            self.redo();
            return;
        }
        let in_field = event
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|t| matches!(t.tag_name().as_str(), "TEXTAREA" | "INPUT" | "SELECT"));
        if in_field || command || event.alt_key() {
            return;
        }
        match key.as_str() {
            "ArrowLeft" => self.go_to(self.playback.step.saturating_sub(1)),
            "ArrowRight" => self.advance(),
            " " => self.toggle_play(),
            "Home" => self.go_to(0),
            "End" => self.go_to(self.moves_len()),
            _ => return,
        }
        event.prevent_default();
    }

    // ---- drawing ----------------------------------------------------------------------------

    fn draw(&self) {
        let canvas = &self.el.canvas;
        let (width, height) = (f64::from(canvas.width()), f64::from(canvas.height()));
        let Some(ctx) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        let mut painter = CanvasPainter::new(ctx, width, height);
        match &self.puzzle {
            Some(puzzle) => {
                puzzle.draw(self.moves(), self.playback.step, self.playback.tween, &mut painter);
                self.el.position.set_text_content(Some(&puzzle.show(self.moves(), self.playback.step)));
            }
            None => {
                use crate::draw::Painter;
                painter.clear("#f4f1ea");
                painter.text(width / 2.0, height / 2.0, 18.0, "#888", "Fix the puzzle text to see the board");
                self.el.position.set_text_content(None);
            }
        }
        self.highlight_move();
    }

    fn show_tools(&mut self) {
        let tools = &self.el.tools;
        tools.set_text_content(None);
        if !self.drawing {
            return;
        }
        let Some(puzzle) = &self.puzzle else {
            tools.set_text_content(Some("Fix the puzzle text to draw."));
            return;
        };
        let Some(editor) = puzzle.editor() else {
            tools.set_text_content(Some("This kind of puzzle has no drawing tools: edit its text."));
            return;
        };
        let list = editor.tools();
        if !list.iter().any(|(id, _)| *id == self.tool) {
            self.tool = list.first().map(|(id, _)| id.clone()).unwrap_or_default();
        }
        for (id, label) in list {
            let button = self.document.create_element("button").unwrap_throw();
            button.set_text_content(Some(&label));
            let _ = button.set_attribute("data-tool", &id);
            let _ = button.set_attribute("type", "button");
            if id == self.tool {
                let _ = button.set_attribute("class", "active");
            }
            let _ = tools.append_child(&button);
        }
    }

    /// The board cell under the pointer, in draw mode.
    fn cell_under(&self, event: &MouseEvent) -> Option<(usize, usize)> {
        if !self.drawing {
            return None;
        }
        let canvas = &self.el.canvas;
        let (width, height) = (f64::from(canvas.width()), f64::from(canvas.height()));
        let scale = width / f64::from(canvas.client_width().max(1));
        let (x, y) = (f64::from(event.offset_x()) * scale, f64::from(event.offset_y()) * scale);
        self.puzzle.as_ref()?.editor()?.cell_at(x, y, width, height)
    }

    fn canvas_drag(&mut self, event: &MouseEvent) {
        let Some(from) = self.dragged_from else { return };
        if event.buttons() & 1 == 0 {
            self.dragged_from = None;
            return;
        }
        let Some(cell) = self.cell_under(event).filter(|&cell| cell != from) else { return };
        self.dragged_from = Some(cell);
        let painted = self.puzzle.as_ref().and_then(|p| p.editor()).and_then(|e| e.paint(&self.tool, cell.0, cell.1));
        if let Some(text) = painted {
            // The whole drag is one undo step: the click that started it saved the text before.
            self.set_text(&text, false);
            self.reparse();
        }
    }

    fn canvas_click(&mut self, event: &MouseEvent) {
        if !self.drawing {
            // Outside draw mode a click names what it hits (a tiling's piece).
            let canvas = &self.el.canvas;
            let size = (f64::from(canvas.width()), f64::from(canvas.height()));
            let scale = size.0 / f64::from(canvas.client_width().max(1));
            let point = (f64::from(event.offset_x()) * scale, f64::from(event.offset_y()) * scale);
            if let Some(name) = self.puzzle.as_ref().and_then(|p| p.name_at(self.moves(), self.playback.step, point, size)) {
                self.set_status(&name);
            }
            return;
        }
        let Some((row, col)) = self.cell_under(event) else { return };
        self.dragged_from = Some((row, col));
        let Some(editor) = self.puzzle.as_ref().and_then(|p| p.editor()) else { return };
        let tools_before: Vec<String> = editor.tools().into_iter().map(|(id, _)| id).collect();
        let Some(text) = editor.apply(&self.tool, row, col) else { return };
        // "piece:new", "square:new": after starting a new piece, keep painting that piece.
        let new_kind = self.tool.strip_suffix(":new").map(|kind| format!("{kind}:"));
        self.edit(text);
        if let Some(kind) = new_kind {
            if let Some(editor) = self.puzzle.as_ref().and_then(|p| p.editor()) {
                if let Some((id, _)) = editor.tools().into_iter().find(|(id, _)| id.starts_with(&kind) && !tools_before.contains(id)) {
                    self.tool = id;
                    self.show_tools();
                }
            }
        }
    }

    // ---- analysis ---------------------------------------------------------------------------

    /// Shows an analysis in its panel, or hides the panel.
    fn show_analysis(&mut self, report: Option<AnalysisReport>) {
        self.analysis = report;
        self.graph_hover = None;
        self.layout_graph();
        self.draw_graph();
        self.describe_graph_node();
        let el = &self.el;
        let Some(report) = &self.analysis else {
            el.analysis.set_hidden(true);
            return;
        };
        el.analysis.set_hidden(false);
        el.analysis_lines.set_text_content(None);
        for line in report.lines() {
            if let Ok(item) = self.document.create_element("li") {
                item.set_text_content(Some(&line));
                let _ = el.analysis_lines.append_child(&item);
            }
        }
        let done = report.status == Completion::Done;
        el.histogram.set_hidden(!done || report.histogram.is_empty());
        if done {
            self.draw_histogram(report);
        }
        // The steps where one move alone keeps the solution shortest: the puzzle's bottlenecks.
        const LISTED: usize = 60;
        let only: Vec<String> = report.choices.iter().enumerate().filter(|&(_, &c)| c == 1).map(|(i, _)| (i + 1).to_string()).collect();
        let bottlenecks = match only.len() {
            0 => String::new(),
            n if n > LISTED => format!("Steps with only one move that stays shortest: {}, … ({n} in all)", only[..LISTED].join(", ")),
            _ => format!("Steps with only one move that stays shortest: {}", only.join(", ")),
        };
        el.bottlenecks.set_text_content(Some(&bottlenecks));
        let hardest = report.hardest.as_ref().filter(|h| h.text.is_some() && !h.path.is_empty());
        el.open_hardest.set_hidden(hardest.is_none());
        if let Some(h) = hardest {
            el.open_hardest.set_text_content(Some(&format!("Open the hardest start ({} moves to solve)", h.moves)));
        }
    }

    /// Positions per distance from the start as bars, the start's bar green and the hardest
    /// start's red, with the axes labelled.
    fn draw_histogram(&self, report: &AnalysisReport) {
        let canvas = &self.el.histogram;
        let Some(ctx) = canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok()) else { return };
        let (w, h) = (f64::from(canvas.width()), f64::from(canvas.height()));
        let (left, right, top, bottom) = (56.0, 10.0, 22.0, 34.0);
        let counts = &report.histogram;
        let most = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
        let bar = (w - left - right) / counts.len() as f64;
        let hardest_at = report.hardest.as_ref().map(|h| h.path.len());
        ctx.clear_rect(0.0, 0.0, w, h);
        ctx.set_font("12px system-ui, sans-serif");
        for (d, &count) in counts.iter().enumerate() {
            let height = (h - top - bottom) * count as f64 / most;
            let colour = if Some(d) == hardest_at { "#c0392b" } else if d == 0 { "#2d8a4e" } else { "#2d6cdf" };
            ctx.set_fill_style_str(colour);
            let width = if bar > 3.0 { bar - 1.0 } else { bar.max(0.5) };
            ctx.fill_rect(left + d as f64 * bar, h - bottom - height, width, height.max(1.0));
        }
        ctx.set_stroke_style_str("#555");
        ctx.begin_path();
        ctx.move_to(left, top - 6.0);
        ctx.line_to(left, h - bottom);
        ctx.line_to(w - right, h - bottom);
        ctx.stroke();
        ctx.set_fill_style_str("#333");
        ctx.set_text_align("right");
        let _ = ctx.fill_text(&crate::replay::group(most as u64), left - 4.0, top + 4.0);
        let _ = ctx.fill_text("0", left - 4.0, h - bottom);
        // Distance ticks at a round step, about ten of them.
        let span = counts.len().max(1);
        let step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].into_iter().find(|&s| span / s <= 10).unwrap_or(span);
        ctx.set_text_align("center");
        for d in (0..span).step_by(step) {
            let _ = ctx.fill_text(&d.to_string(), left + (d as f64 + 0.5) * bar, h - bottom + 14.0);
        }
        let _ = ctx.fill_text("moves from the start", left + (w - left - right) / 2.0, h - 4.0);
        ctx.set_text_align("left");
        let _ = ctx.fill_text("positions", 4.0, 12.0);
        if let Some(d) = hardest_at {
            ctx.set_fill_style_str("#c0392b");
            ctx.set_text_align(if (d as f64) < counts.len() as f64 / 2.0 { "left" } else { "right" });
            let _ = ctx.fill_text("▼ hardest start", left + (d as f64 + 0.5) * bar, top - 8.0);
        }
        let label = format!(
            "Positions by distance from the start: {} positions, the farthest {} moves away",
            report.positions,
            report.farthest()
        );
        let _ = canvas.set_attribute("aria-label", &label);
    }

    /// Places the positions of a small space's graph: a column per distance from the start, each
    /// column ordered by where its positions' parents stand (so the tree the search grew reads
    /// left to right with few crossings).
    fn layout_graph(&mut self) {
        self.graph_points.clear();
        let Some(graph) = self.analysis.as_ref().and_then(|a| a.graph.as_ref()) else {
            self.el.graph_panel.set_hidden(true);
            return;
        };
        self.el.graph_panel.set_hidden(false);
        let (w, h) = (f64::from(self.el.graph.width()), f64::from(self.el.graph.height()));
        let (margin_x, margin_y) = (12.0, 12.0);
        let levels = graph.level.iter().copied().max().unwrap_or(0) as usize + 1;
        let mut columns: Vec<Vec<usize>> = vec![Vec::new(); levels];
        for (node, &level) in graph.level.iter().enumerate() {
            columns[level as usize].push(node);
        }
        let mut points = vec![(0.0, 0.0); graph.level.len()];
        for (level, column) in columns.iter_mut().enumerate() {
            let parent_y = |node: usize| graph.parent.get(node).and_then(|&p| points.get(p as usize)).map_or(0.0, |p: &(f64, f64)| p.1);
            column.sort_by(|&a, &b| parent_y(a).total_cmp(&parent_y(b)).then(a.cmp(&b)));
            let x = if levels == 1 { w / 2.0 } else { margin_x + level as f64 * (w - 2.0 * margin_x) / (levels - 1) as f64 };
            let gap = (h - 2.0 * margin_y) / column.len() as f64;
            for (k, &node) in column.iter().enumerate() {
                points[node] = (x, margin_y + (k as f64 + 0.5) * gap);
            }
        }
        self.graph_points = points;
    }

    /// Draws the graph: moves as faint lines, the shortest solution in red, positions as dots
    /// (solved green, the start black), the one pointed at ringed.
    fn draw_graph(&self) {
        let Some(graph) = self.analysis.as_ref().and_then(|a| a.graph.as_ref()) else { return };
        let canvas = &self.el.graph;
        let Some(ctx) = canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok()) else { return };
        let points = &self.graph_points;
        ctx.clear_rect(0.0, 0.0, f64::from(canvas.width()), f64::from(canvas.height()));
        ctx.set_line_width(0.6);
        ctx.set_stroke_style_str("rgba(40, 40, 60, 0.18)");
        ctx.begin_path();
        for &[a, b] in &graph.edges {
            let (pa, pb) = (points[a as usize], points[b as usize]);
            ctx.move_to(pa.0, pa.1);
            ctx.line_to(pb.0, pb.1);
        }
        ctx.stroke();
        ctx.set_line_width(2.0);
        ctx.set_stroke_style_str("#c0392b");
        ctx.begin_path();
        for (k, &node) in graph.path.iter().enumerate() {
            let p = points[node as usize];
            if k == 0 {
                ctx.move_to(p.0, p.1);
            } else {
                ctx.line_to(p.0, p.1);
            }
        }
        ctx.stroke();
        let radius = if points.len() > 1000 { 1.6 } else if points.len() > 200 { 2.4 } else { 4.0 };
        let dot = |p: (f64, f64), r: f64, colour: &str| {
            ctx.set_fill_style_str(colour);
            ctx.begin_path();
            let _ = ctx.arc(p.0, p.1, r, 0.0, std::f64::consts::TAU);
            ctx.fill();
        };
        for &p in points.iter() {
            dot(p, radius, "#2d6cdf");
        }
        for &node in &graph.path {
            dot(points[node as usize], radius, "#c0392b");
        }
        for &node in &graph.solved {
            dot(points[node as usize], radius + 0.6, "#2d8a4e");
        }
        dot(points[0], radius + 1.5, "#222");
        if let Some(node) = self.graph_hover {
            ctx.set_line_width(2.0);
            ctx.set_stroke_style_str("#111");
            ctx.begin_path();
            let _ = ctx.arc(points[node].0, points[node].1, radius + 4.0, 0.0, std::f64::consts::TAU);
            ctx.stroke();
        }
    }

    /// The position of the graph under the pointer, if one is within a few pixels.
    fn graph_node_at(&self, event: &MouseEvent) -> Option<usize> {
        let canvas = &self.el.graph;
        let rect = canvas.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        let x = (f64::from(event.client_x()) - rect.left()) * f64::from(canvas.width()) / rect.width();
        let y = (f64::from(event.client_y()) - rect.top()) * f64::from(canvas.height()) / rect.height();
        let distance = |&(px, py): &(f64, f64)| (px - x).powi(2) + (py - y).powi(2);
        let (node, d) = self.graph_points.iter().enumerate().map(|(i, p)| (i, distance(p))).min_by(|a, b| a.1.total_cmp(&b.1))?;
        (d <= 100.0).then_some(node)
    }

    /// Says which position the pointer is on: its distance, whether it is solved, and the position.
    fn describe_graph_node(&self) {
        let graph = self.analysis.as_ref().and_then(|a| a.graph.as_ref());
        let (Some(graph), Some(node), Some(puzzle)) = (graph, self.graph_hover, self.puzzle.as_ref()) else {
            self.el.graph_info.set_text_content(None);
            return;
        };
        let moves = graph.moves_to(node);
        let solved = if graph.solved.contains(&(node as u32)) { ", solved" } else { "" };
        let text = format!("{} moves from the start{solved}
{}", moves.len(), puzzle.show(&moves, moves.len()));
        self.el.graph_info.set_text_content(Some(&text));
    }

    /// Opens a position of the graph as a puzzle of its own, where the family can write one.
    fn open_graph_node(&mut self, node: usize) {
        let Some(moves) = self.analysis.as_ref().and_then(|a| a.graph.as_ref()).map(|g| g.moves_to(node)) else { return };
        match self.puzzle.as_ref().and_then(|p| p.text_at(&moves)) {
            Some(text) => {
                self.set_text(&text, true);
                self.reparse();
                self.set_status(&format!("Opened a position {} moves from the old start. Press Solve or Analyse.", moves.len()));
            }
            None => self.set_status("This family cannot write a position as a puzzle of its own yet."),
        }
    }

    /// Replaces the puzzle with the analysis's hardest start, ready to solve and share.
    fn open_hardest(&mut self) {
        let Some((text, moves)) = self.analysis.as_ref().and_then(|a| a.hardest.as_ref()).and_then(|h| Some((h.text.clone()?, h.moves))) else { return };
        self.set_text(&text, true);
        self.reparse();
        self.set_status(&format!("Opened the hardest start: its shortest solution has {moves} moves. Press Solve."));
    }

    // ---- files ------------------------------------------------------------------------------

    /// Reads the file chosen in the file picker into the text box.
    fn open_file(&mut self) {
        const MAX_FILE_BYTES: f64 = 32.0 * 1024.0 * 1024.0;
        let Some(file) = self.el.file.files().and_then(|files| files.get(0)) else { return };
        self.el.file.set_value(""); // choosing the same file again is a change too
        if file.size() > MAX_FILE_BYTES {
            return self.set_status(&format!("{} is {:.0} MB; the most a puzzle file may be is 32 MB.", file.name(), file.size() / 1048576.0));
        }
        let Ok(reader) = web_sys::FileReader::new() else { return };
        let name = file.name();
        let source = reader.clone();
        let on_load = Closure::once_into_js(move |_: Event| {
            with_app(|app| {
                let bytes = source.result().ok().map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec());
                match bytes.map(|bytes| families::file_text(&name, bytes)) {
                    Some(Ok(text)) => {
                        app.el.family.set_value("auto");
                        app.set_text(&text, true);
                        if text.len() > BIG_TEXT {
                            // Let the page paint the text and this note before the reading starts.
                            let note = format!("Reading {name} ({:.1} MB)…", text.len() as f64 / 1048576.0);
                            app.reparse_later(20, &note);
                        } else {
                            app.reparse();
                            app.set_status(&format!("Opened {name}."));
                        }
                    }
                    Some(Err(message)) => app.set_status(&format!("Could not open the file: {message}.")),
                    None => app.set_status(&format!("Could not read {name}.")),
                }
            })
        });
        reader.set_onload(Some(on_load.unchecked_ref()));
        if reader.read_as_array_buffer(&file).is_err() {
            self.set_status("Could not read that file.");
        }
    }

    /// The size picked for pictures and animations: width, height, and the scale of the board
    /// on the page that they are.
    fn picture_size(&self) -> (f64, f64, f64) {
        let scale = self.el.picture_size.value().parse::<f64>().unwrap_or(2.0).clamp(1.0, 3.0);
        (f64::from(self.el.canvas.width()) * scale, f64::from(self.el.canvas.height()) * scale, scale)
    }

    /// Saves the board at the current step as a PNG or an SVG, at the size picked, with the
    /// moves written under it when asked (the current one marked).
    fn save_picture(&mut self) {
        let Some(puzzle) = &self.puzzle else { return };
        let (width, height, scale) = self.picture_size();
        let moves = self.moves();
        let caption = if self.el.picture_moves.checked() { crate::picture::caption(moves, self.playback.step) } else { Vec::new() };
        let font = crate::picture::FONT * scale;
        let stem = format!("puzzlelab-{}-step-{}", puzzle.family().replace(':', "-"), self.playback.step);
        let name = if self.el.picture_format.value() == "svg" {
            let svg = crate::picture::svg(puzzle.as_ref(), moves, self.playback.step, (width, height), &caption, font);
            let name = format!("{stem}.svg");
            self.save_bytes(svg.as_bytes(), "image/svg+xml", &name);
            name
        } else {
            let Some(url) = canvas::picture(width, height, &caption, font, |painter| puzzle.draw(moves, self.playback.step, 0.0, painter)) else {
                self.set_status("Could not make the picture in this browser.");
                return;
            };
            let name = format!("{stem}.png");
            self.save_url(&url, &name);
            name
        };
        self.set_status(&format!("Saved {name}."));
    }

    /// Asks Worker 0 for an animation (GIF or APNG, as picked) of the solution shown, at the
    /// picture size and the replay speed picked: it paints one frame per step (thinned past
    /// `animation::MAX_FRAMES`) on a canvas of its own and reports each, so the page stays free.
    fn start_animation(&mut self) {
        let Some(puzzle) = &self.puzzle else { return };
        if self.animation_job.is_some() || self.moves().is_empty() {
            return;
        }
        let format = crate::animation::Format::parse(&self.el.animation_format.value()).unwrap_or(crate::animation::Format::Gif);
        let (width, height, _) = self.picture_size();
        let family = puzzle.family().to_string();
        let name = format!("puzzlelab-{}-solution.{}", family.replace(':', "-"), format.extension());
        self.job += 1;
        let job = self.job;
        let (text, moves, speed) = (self.history.text().to_string(), self.moves().to_vec(), self.speed());
        let request = Request::Animate { job, family, text, moves, format, width: width as u16, height: height as u16, speed };
        self.start_pool();
        if !self.pool.as_mut().is_some_and(|pool| pool.send(0, request)) {
            return self.set_status("Could not send the animation to the solver's Worker.");
        }
        self.animation_job = Some(AnimationJob { job, format, name });
        self.set_status("Making the animation…");
        self.show_workers();
        self.update_buttons();
    }

    /// Starts the download of `bytes` of type `mime` as `name`.
    fn save_bytes(&self, bytes: &[u8], mime: &str, name: &str) {
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let Ok(blob) = web_sys::Blob::new_with_buffer_source_sequence_and_options(&parts, &options) else { return };
        self.save_blob(&blob, name);
    }

    /// Starts the download of `blob` as `name`.
    fn save_blob(&self, blob: &web_sys::Blob, name: &str) {
        let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else { return };
        self.save_url(&url, name);
        // The download has started from the URL; it can go once this handler returns.
        let revoke = Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        });
        let _ = self.window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 1000);
    }

    /// Starts the download of `url` as `name`.
    fn save_url(&self, url: &str, name: &str) {
        if let Ok(link) = self.document.create_element("a").and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().map_err(JsValue::from)) {
            link.set_href(url);
            link.set_download(name);
            link.click();
        }
    }

    /// Saves the family's picture of the solution (a maze: the solved SVG) as a download.
    fn download(&mut self) {
        let Some(export) = self.puzzle.as_ref().and_then(|p| p.export(self.moves())) else { return };
        let parts = js_sys::Array::of1(&JsValue::from_str(&export.text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(export.mime);
        let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
        self.save_blob(&blob, &export.file_name);
        self.set_status(&format!("Saved {}.", export.file_name));
    }

    // ---- sharing ----------------------------------------------------------------------------

    /// The puzzle, its options and the current step as a share link holds them (None when the
    /// text does not parse).
    fn shared_here(&self) -> Option<Shared> {
        let puzzle = self.puzzle.as_ref()?;
        let metric = self.el.metric.value();
        Some(Shared {
            v: 1,
            family: puzzle.family().to_string(),
            text: self.history.text().to_string(),
            metric: (!metric.is_empty()).then_some(metric),
            method: Some(self.el.method.value()),
            step: self.playback.step,
            exact: self.el.exact.checked(),
            analyse: self.analysis.is_some(),
            player: None,
        })
    }

    fn share(&mut self) {
        let Some(shared) = self.shared_here() else { return };
        let url = format!("{}#{}", self.base_url(), share::encode(&shared));
        if let Ok(history) = self.window.history() {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
        }
        self.el.share_link.set_value(&url);
        self.el.share_link.set_hidden(false);
        self.el.share_link.select();
        let _ = self.window.navigator().clipboard().write_text(&url);
        self.set_status("Link to this puzzle and step: copied (it is also in the box below the buttons).");
    }

    /// Copies the puzzle's text and the solution shown, in the family's own notation, to paste
    /// in a post; it also shows in a box below the buttons (as text, never markup), for when the
    /// clipboard is not allowed.
    fn copy_solution(&mut self) {
        let (Some(puzzle), Some(report)) = (&self.puzzle, &self.report) else { return };
        let moves = self.moves();
        let text = replay::pasteable(self.history.text(), report, moves.len(), &puzzle.solution_text(moves));
        self.el.solution_text.set_value(&text);
        self.el.solution_text.set_hidden(false);
        self.el.solution_text.select();
        let _ = self.window.navigator().clipboard().write_text(&text);
        self.set_status("The puzzle and its solution: copied as text (also in the box below the buttons).");
    }

    /// Opens an embedded link's compact player: the board, the replay controls and the moves
    /// (the rest of the page is hidden by the `player` class). Its moves replay without the
    /// solver when they pass the rules and end solved; otherwise the puzzle is solved, and the
    /// result says why.
    fn open_player(&mut self, shared: &Shared, player: share::Player) {
        if let Some(root) = self.document.document_element() {
            let _ = root.class_list().add_1("player");
            if player.dark {
                let _ = root.class_list().add_1("dark");
            }
        }
        let full = Shared { player: None, ..shared.clone() };
        self.el.open_full.set_href(&format!("{}#{}", self.base_url(), share::encode(&full)));
        self.el.open_full.set_hidden(false);
        if let Some(speed) = player.speed {
            self.el.speed.set_value(&speed.clamp(1, 10).to_string());
        }
        let options = self.options();
        let checked = self.puzzle.as_ref().map(|p| (p.family(), p.capabilities().noun, p.check(&options, &player.moves)));
        match checked {
            Some((family, noun, Ok(verdict))) if verdict.ends_solved => {
                let metric = options.metric.clone().or_else(|| families::family(family).and_then(|f| f.metrics().first()).map(|m| m.to_string())).unwrap_or_default();
                let count = player.moves.len();
                self.report = Some(Report::replayed(family, &metric, noun, player.moves.clone()));
                self.playback.step = shared.step.min(count);
                self.start_when_ready = None;
                self.pending_step = None;
                self.show_moves();
                self.set_status(&format!("A solution in {count} steps, replayed from the link (checked against the rules)."));
                let autoplay = player.autoplay;
                self.player = Some(player);
                if autoplay {
                    self.toggle_play();
                }
            }
            checked => {
                let why = match checked {
                    Some((_, _, Err(error))) => error.to_string(),
                    Some((_, _, Ok(_))) => "they do not end solved".to_string(),
                    None => "the puzzle could not be read".to_string(),
                };
                self.link_note = Some(format!("The link's moves did not replay ({why}), so the puzzle was solved here:"));
                self.set_status(&format!("The link's moves do not replay ({why}): solving the puzzle instead…"));
                self.player = Some(player);
            }
        }
    }

    /// The page's address without its fragment.
    fn base_url(&self) -> String {
        let href = self.window.location().href().unwrap_or_default();
        href.split('#').next().unwrap_or_default().to_string()
    }

    /// The replay's speed set on the slider, 1 (slow) to 10.
    fn speed(&self) -> f64 {
        let speed = self.el.speed.value_as_number();
        if speed.is_finite() { speed.clamp(1.0, 10.0) } else { f64::from(crate::animation::DEFAULT_SPEED) }
    }

    /// The embedded player's link for the solution shown, at the current step, with the
    /// options ticked in the Embed panel and the current speed.
    fn player_link(&self) -> Option<String> {
        if self.moves().is_empty() {
            return None;
        }
        let player = share::Player {
            moves: self.moves().to_vec(),
            autoplay: self.el.embed_autoplay.checked(),
            looped: self.el.embed_loop.checked(),
            speed: Some(self.speed() as u8),
            dark: self.el.embed_dark.checked(),
        };
        let shared = Shared { analyse: false, player: Some(player), ..self.shared_here()? };
        Some(format!("{}#{}", self.base_url(), share::encode(&shared)))
    }

    /// Fills the Embed panel: the player's link and an `<iframe>` snippet for it (as text in
    /// form fields, never markup on this page).
    fn show_embed(&self) {
        let Some(link) = self.player_link() else { return };
        let name = self.puzzle.as_ref().and_then(|p| families::family(p.family())).map_or("puzzle", |f| f.name());
        let snippet = format!(
            "<iframe src=\"{}\" title=\"{}\" width=\"420\" height=\"640\" style=\"border:0;max-width:100%\" loading=\"lazy\"></iframe>",
            crate::draw::xml_escape(&link),
            crate::draw::xml_escape(&format!("puzzlelab: a {name} solution"))
        );
        self.el.embed_code.set_value(&snippet);
        self.el.embed_link.set_value(&link);
    }

    /// Embed: shows the panel with the snippet, and copies the snippet.
    fn embed(&mut self) {
        let open = self.el.embed_panel.hidden();
        self.el.embed_panel.set_hidden(!open);
        if open {
            self.show_embed();
            self.el.embed_code.select();
            let _ = self.window.navigator().clipboard().write_text(&self.el.embed_code.value());
            self.set_status("Embed code for this solution: copied (it is also in the box below the buttons).");
        }
    }

    /// Opens the puzzle in the URL fragment, if there is one. Returns whether it did.
    fn open_shared_link(&mut self) -> bool {
        let hash = self.window.location().hash().unwrap_or_default();
        if hash.len() <= 1 {
            return false;
        }
        match share::decode(&hash) {
            Ok(shared) => {
                let family_known = families::family(&shared.family).is_some();
                self.el.family.set_value(if family_known { &shared.family } else { "auto" });
                self.set_text(&shared.text, false);
                self.reparse(); // offers the family's metrics, so the shared one can be chosen
                self.el.metric.set_value(shared.metric.as_deref().unwrap_or(""));
                self.el.method.set_value(shared.method.as_deref().unwrap_or("auto"));
                if self.el.method.value().is_empty() {
                    self.el.method.set_value("auto");
                }
                self.el.exact.set_checked(shared.exact);
                self.pending_step = Some(shared.step);
                self.start_when_ready = Some(if shared.analyse { Task::Analyse } else { Task::Solve });
                self.set_status("Opening the shared puzzle…");
                if let Some(player) = shared.player.clone() {
                    self.open_player(&shared, player);
                }
                true
            }
            Err(message) => {
                self.set_status(&format!("Could not open the shared link: {message}"));
                false
            }
        }
    }
}
