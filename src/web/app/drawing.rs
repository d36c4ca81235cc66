//! The board on the canvas, and draw mode: its tools and the clicks and drags that edit the
//! puzzle through the family's `Editor`.

use super::*;

impl App {
    pub(super) fn draw(&self) {
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
                match self.hinted() {
                    Some((moves, step)) => puzzle.draw(&moves, step, 0.35, &mut painter),
                    None => puzzle.draw(self.moves(), self.playback.step, self.playback.tween, &mut painter),
                }
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

    pub(super) fn show_tools(&mut self) {
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
    pub(super) fn cell_under(&self, event: &MouseEvent) -> Option<(usize, usize)> {
        if !self.drawing {
            return None;
        }
        let canvas = &self.el.canvas;
        let (width, height) = (f64::from(canvas.width()), f64::from(canvas.height()));
        let scale = width / f64::from(canvas.client_width().max(1));
        let (x, y) = (f64::from(event.offset_x()) * scale, f64::from(event.offset_y()) * scale);
        self.puzzle.as_ref()?.editor()?.cell_at(x, y, width, height)
    }

    pub(super) fn canvas_drag(&mut self, event: &MouseEvent) {
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

    pub(super) fn canvas_click(&mut self, event: &MouseEvent) {
        if !self.drawing {
            // Outside draw mode the board is played on (`play.rs`): where the pointer goes down.
            self.press = Some(self.canvas_point(event));
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
}
