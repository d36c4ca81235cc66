//! The page: the puzzle text box, family/metric/method pickers, the canvas, draw mode, replay
//! controls and share links. It only draws and forwards input; the Workers do the searching.
//!
//! One `App` holds the page's state; this file makes it (`elements` finds the page's elements,
//! `events` wires them). Its methods live in rooms by what they serve, and each room owns its
//! part of the state: `text` (typing, undo, reading, errors: `Reading`), `solving` (the Worker
//! pool and its jobs: `Running`), `player` (the replay), `play` (play by hand: `Playing`),
//! `drawing` (the board and draw mode: `DrawMode`), `address` (`Address`), `analysis`
//! (`Analysed`), `sandboxed` (`Sandboxed`), `files` and `sharing`. A room's fields are private to
//! it: the others ask and tell it through its methods. What can be tested without a
//! browser is plain data beside it: `History` (undo) and `Playback` (the replay's state machine),
//! `Split` (a job shared among Workers).

mod address;
mod analysis;
mod drawing;
mod elements;
mod events;
mod files;
mod handover;
mod levels;
mod newgame;
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
use elements::Elements;
use events::wire_events;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    CanvasRenderingContext2d, Document, Event, HtmlElement, HtmlInputElement, HtmlOptionElement, KeyboardEvent,
    MouseEvent, Window,
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
    /// The scripts the sandbox runs (`sandboxed.rs`).
    #[cfg(feature = "js")]
    scripts: sandboxed::Sandboxed,
    /// The page is an embedded link's compact player (how it plays).
    player: Option<share::Player>,
    /// Said before the next result: the link's moves did not replay, so the puzzle was solved.
    link_note: Option<String>,
    /// The move list as shown: its current item, and the step said to screen readers.
    move_list: player::MoveList,
    /// The puzzle text and its undo history.
    history: History,
    /// Draw mode (`drawing.rs`).
    draw: drawing::DrawMode,
    /// The last analysis of this puzzle and its pictures (`analysis.rs`).
    analysed: analysis::Analysed,
    /// The address the page writes and reads (`address.rs`).
    address: address::Address,
    /// The full module is loading to take the page over (`handover.rs`); this one has stopped.
    handing_over: bool,
    /// Loading the full module failed: texts that need it get their error here instead.
    full_module_failed: bool,
    /// The timer that hides the notice.
    notice_timer: Option<i32>,
    /// The levels of the last file of several read (`levels.rs`), each as a text of its own.
    levels: Vec<String>,
    /// The text box: the text last read, and its pending read and line numbers (`text.rs`).
    reading: text::Reading,
    /// Play by hand: the moves played, hints, and play from a step (`play.rs`).
    playing: play::Playing,
    /// The Workers' jobs: the one running, how it is shared, what it found so far (`solving.rs`).
    running: solving::Running,
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
    /// A new game of a family (its id) at a difficulty (`newgame.rs`).
    NewGame(&'static str, families::Difficulty),
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
        player: None,
        link_note: None,
        move_list: player::MoveList::default(),
        reading: text::Reading::default(),
        playing: play::Playing::default(),
        running: solving::Running::default(),
        history: History::default(),
        draw: drawing::DrawMode::default(),
        analysed: analysis::Analysed::default(),
        address: address::Address::default(),
        handing_over: false,
        full_module_failed: false,
        #[cfg(feature = "js")]
        scripts: sandboxed::Sandboxed::default(),
        notice_timer: None,
        levels: Vec::new(),
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
    newgame::fill_menu(app);
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
            None if !self.running.streamed().is_empty() => {
                let streamed = self.running.streamed();
                &streamed[self.solution.min(streamed.len() - 1)]
            }
            None => self.playing.moves(),
        }
    }

    /// How many solutions can be browsed: the report's list, or while searching those so far.
    fn listed(&self) -> usize {
        self.report.as_ref().map_or(self.running.streamed().len(), |r| r.solutions.len())
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
