//! The page's two modules. The first one leaves out what few puzzles need (scripts, LM-Solve's
//! rules, Perl-style goals: Cargo features); when the text needs it, the full module is loaded
//! into this same document and takes the page over. Nothing moves: the text box keeps its text,
//! caret, selection and focus, the pickers keep their choices, and the undo history is handed
//! across. The first module's listeners go quiet (its `App` leaves `PAGE`), and keys typed while
//! the full module loads are in the text box, where the full module reads them.

use super::*;

/// The window property that carries the handover from one module to the other: a plain
/// JavaScript object (`texts`, `undone`, `redone`, `lastTyped`, `openingLink`), read field by field.
const HANDOVER: &str = "puzzlelabHandover";

/// What the full module needs that the document does not hold.
pub(super) struct Handover {
    history: History,
    /// The link being opened, if the page was opening one (its task and step come from it again).
    opening_link: bool,
}

impl Handover {
    /// What the first module leaves for the full one: its history, and whether it was opening
    /// a link.
    fn written(history: &History, opening_link: bool) -> JsValue {
        let (texts, undone, redone) = history.texts();
        let object = js_sys::Object::new();
        let set = |key: &str, value: JsValue| js_sys::Reflect::set(&object, &key.into(), &value).is_ok();
        let texts: js_sys::Array = texts.map(JsValue::from_str).collect();
        let written = set("texts", texts.into())
            && set("undone", (undone as f64).into())
            && set("redone", (redone as f64).into())
            && set("lastTyped", history.last_typed().into())
            && set("openingLink", opening_link.into());
        if written {
            object.into()
        } else {
            JsValue::UNDEFINED
        }
    }

    fn read(value: &JsValue) -> Option<Handover> {
        let get = |key: &str| js_sys::Reflect::get(value, &key.into()).ok();
        let texts: Vec<String> =
            get("texts")?.dyn_into::<js_sys::Array>().ok()?.iter().map(|t| t.as_string()).collect::<Option<_>>()?;
        let count = |key: &str| get(key)?.as_f64().filter(|n| *n >= 0.0).map(|n| n as usize);
        let history = History::from_texts(texts, count("undone")?, count("redone")?, get("lastTyped")?.as_f64()?)?;
        Some(Handover { history, opening_link: get("openingLink")?.as_bool()? })
    }
}

thread_local! {
    /// The first module's page while the full one loads: back in `PAGE` if loading fails.
    static RETIRED: RefCell<Option<Page>> = const { RefCell::new(None) };
}

/// Loads `glue` (wasm-bindgen's JavaScript for the full module) and starts it on `wasm`: its
/// `main` runs `web::start`, which finds the handover. `import()` needs JavaScript syntax, so the
/// call is a function made from text (no file to download or cache beside the module).
fn load_module(glue: &str, wasm: &str) -> Result<js_sys::Promise, JsValue> {
    let load = js_sys::Function::new_with_args(
        "glue, wasm",
        "return import(glue).then((m) => m.default({ module_or_path: wasm }))",
    );
    load.call2(&JsValue::NULL, &glue.into(), &wasm.into())?.dyn_into()
}

/// The handover left by the first module, taken (so a reload does not see it).
pub(super) fn take(window: &Window) -> Option<Handover> {
    let key = JsValue::from_str(HANDOVER);
    let value = js_sys::Reflect::get(window, &key).ok()?;
    let _ = js_sys::Reflect::delete_property(window, &key);
    Handover::read(&value)
}

/// Loading the full module failed: this module takes the page back, says why, and reads texts
/// that need the full module as well as it can (their error says what is missing).
fn not_loaded(error: JsValue) {
    if let Some(window) = web_sys::window() {
        let _ = js_sys::Reflect::delete_property(&window, &JsValue::from_str(HANDOVER));
    }
    let page = RETIRED.with(|r| r.borrow_mut().take());
    PAGE.with(|p| *p.borrow_mut() = page);
    with_app(|app| {
        app.handing_over = false;
        app.full_module_failed = true;
        if let Some(pool) = &mut app.pool {
            let _ = pool.ensure(1);
        }
        let why = error.dyn_ref::<js_sys::Error>().map_or_else(|| format!("{error:?}"), |e| String::from(e.message()));
        app.set_status(&format!("Could not load what this puzzle needs ({why}); check the connection and reload."));
    });
}

impl App {
    /// The address of the full module's `file` (beside the page, whichever module runs it).
    pub(super) fn full_module_at(&self, file: &str) -> String {
        let base = self.document.base_uri().ok().flatten().unwrap_or_else(|| self.base_url());
        web_sys::Url::new_with_base(file, &base).map_or_else(|_| file.to_string(), |url| url.href())
    }

    /// Hands the page to the full module, which can read what `family` needs. The solver
    /// Workers end (they run this module); the full module starts its own.
    pub(super) fn hand_over(&mut self, family: &dyn Family) {
        if self.handing_over {
            return;
        }
        let (glue, wasm) = (self.full_module_at("full/app.js"), self.full_module_at("full/app_bg.wasm"));
        let search_waits = self.running.waiting().is_some_and(|task| !matches!(task, Task::NewGame(..)));
        let handover = Handover::written(&self.history, search_waits);
        if js_sys::Reflect::set(&self.window, &JsValue::from_str(HANDOVER), &handover).is_err() {
            return;
        }
        self.handing_over = true;
        self.cancel_reparse();
        if let Some(pool) = &mut self.pool {
            pool.end_all();
        }
        self.el.solve.set_disabled(true);
        self.set_status(&format!("Loading what {} needs…", family.name()));
        let page = PAGE.with(|p| p.borrow_mut().take());
        RETIRED.with(|r| *r.borrow_mut() = page);
        match load_module(&glue, &wasm) {
            Ok(loading) => {
                let failed = Closure::<dyn FnMut(JsValue)>::new(not_loaded);
                let _ = loading.catch(&failed);
                failed.forget(); // once a page: the full module takes it over or this fails
            }
            Err(error) => not_loaded(error),
        }
    }

    /// Takes over from the first module: its undo history, keys typed meanwhile, the puzzle read
    /// again here, and the link it was opening opened again.
    pub(super) fn take_over(&mut self, handover: Handover) {
        self.history = handover.history;
        let typed = self.el.text.value();
        if typed != self.history.text() {
            let now = self.now();
            self.history.typed(typed, now);
        }
        if !(handover.opening_link && self.open_shared_link()) {
            self.reparse();
        }
    }
}
