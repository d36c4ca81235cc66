//! The page's events, each forwarded to the `App` method that serves it.

use super::*;

fn listen<E: JsCast + 'static>(target: &web_sys::EventTarget, kind: &str, mut f: impl FnMut(&mut App, E) + 'static) {
    let closure = Closure::<dyn FnMut(Event)>::new(move |event: Event| {
        if let Ok(event) = event.dyn_into::<E>() {
            with_app(|app| f(app, event));
        }
    });
    let _ = target.add_event_listener_with_callback(kind, closure.as_ref().unchecked_ref());
    closure.forget(); // page-lifetime listeners
}

/// Every listener the page keeps for its lifetime.
pub(super) fn wire_events(page: &Page) {
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
            app.open_puzzle(family.id(), example.text);
        }
    });
    listen(&el.new_game, "change", |app, _: Event| {
        let chosen = app.el.new_game.value();
        app.el.new_game.set_value("");
        if let Some((family, difficulty)) = newgame::read_choice(&chosen) {
            app.ask_new_game(family, difficulty);
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
    listen(&el.graph, "mousemove", |app, event: MouseEvent| app.hover_graph(&event));
    listen(&el.graph, "click", |app, event: MouseEvent| {
        if let Some(node) = app.graph_node_at(&event) {
            app.open_graph_node(node);
        }
    });
    listen(&el.cancel, "click", |app, _: Event| app.cancel());
    listen(&el.workers, "change", |app, _: Event| app.workers_changed());
    listen(&el.share, "click", |app, _: Event| app.share());
    listen(&el.draw, "click", |app, _: Event| app.toggle_draw());
    listen(&el.tools, "click", |app, event: MouseEvent| {
        let target = event.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        if let Some(tool) = target.and_then(|t| t.get_attribute("data-tool")) {
            app.pick_tool(tool);
        }
    });
    // Pointer events cover mouse, pen and touch; a drag paints every cell it passes over.
    listen(&el.canvas, "pointerdown", |app, event: MouseEvent| app.canvas_click(&event));
    listen(&el.canvas, "pointermove", |app, event: MouseEvent| app.canvas_drag(&event));
    listen(&el.canvas, "pointerup", |app, event: MouseEvent| {
        app.drag_ended();
        app.pointer_up(&event);
    });
    // The cursor shows while the board has the focus.
    listen(&el.canvas, "focus", |app, _: Event| app.draw());
    listen(&el.canvas, "blur", |app, _: Event| app.draw());
    listen(&el.canvas, "pointerleave", |app, _: Event| {
        app.drag_ended();
        app.pointer_left();
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
