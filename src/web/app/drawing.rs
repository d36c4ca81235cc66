//! The board on the canvas, and draw mode: its tools and the clicks and drags that edit the
//! puzzle through the family's `Editor`.

use super::*;

/// Draw mode: whether it is on, the tool chosen and where the pointer and the keys paint.
pub(super) struct DrawMode {
    on: bool,
    tool: String,
    /// The cell a drag last painted.
    dragged_from: Option<(usize, usize)>,
    /// The keyboard's cursor: the place the editor paints that Enter applies the tool to.
    cursor: Option<(usize, usize)>,
}

impl Default for DrawMode {
    fn default() -> Self {
        DrawMode { on: false, tool: "piece:new".into(), dragged_from: None, cursor: None }
    }
}

impl App {
    /// Draw mode is on: the board is edited, not played.
    pub(super) fn drawing(&self) -> bool {
        self.draw.on
    }

    /// Draw mode on or off (the Draw button); edits are made on the starting position.
    pub(super) fn toggle_draw(&mut self) {
        self.draw.on = !self.draw.on;
        if self.draw.on {
            self.go_to(0);
        }
        self.el.draw_panel.set_hidden(!self.draw.on);
        let _ = self.el.draw.set_attribute("aria-pressed", if self.draw.on { "true" } else { "false" });
        self.show_tools();
    }

    /// A tool of the draw panel chosen: "now:" tools act at once (a piece set, a switch); the
    /// others are for the board.
    pub(super) fn pick_tool(&mut self, tool: String) {
        if tool.starts_with("now:") {
            if let Some(text) = self.puzzle.as_ref().and_then(|p| p.editor()).and_then(|e| e.apply(&tool, 0, 0)) {
                self.edit(text);
            }
            return;
        }
        self.draw.tool = tool;
        self.show_tools();
    }

    /// The pointer went up or left the board: a drag's painting ends.
    pub(super) fn drag_ended(&mut self) {
        self.draw.dragged_from = None;
    }

    pub(super) fn draw(&self) {
        let canvas = &self.el.canvas;
        let (width, height) = (f64::from(canvas.width()), f64::from(canvas.height()));
        let Some(ctx) =
            canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        let mut painter = CanvasPainter::new(ctx, width, height);
        #[cfg(feature = "js")]
        self.trace_if_wanted();
        match &self.puzzle {
            Some(puzzle) => {
                match self.hinted() {
                    Some((moves, step)) => puzzle.draw(&moves, step, 0.35, &mut painter),
                    None => puzzle.draw(self.moves(), self.playback.step, self.playback.tween, &mut painter),
                }
                // Draw mode's keyboard cursor, while the board has the focus.
                let focused = self.document.active_element().is_some_and(|e| e.id() == "board");
                if let Some(&(x, y, w, h)) = self
                    .draw
                    .cursor
                    .filter(|_| self.draw.on && focused)
                    .and_then(|at| self.editor_cells().get(&at).copied())
                    .as_ref()
                {
                    use crate::draw::{Painter, Stroke};
                    painter.stroke_rect(
                        x - 1.0,
                        y - 1.0,
                        w + 2.0,
                        h + 2.0,
                        &Stroke { colour: "#ffffff", width: 4.0, dash: 0.0 },
                    );
                    painter.stroke_rect(
                        x - 1.0,
                        y - 1.0,
                        w + 2.0,
                        h + 2.0,
                        &Stroke { colour: "#2d6cdf", width: 2.5, dash: 0.0 },
                    );
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
        if !self.draw.on {
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
        if !list.iter().any(|(id, _)| *id == self.draw.tool) {
            self.draw.tool = list.first().map(|(id, _)| id.clone()).unwrap_or_default();
        }
        for (id, label) in list {
            let button = self.document.create_element("button").unwrap_throw();
            button.set_text_content(Some(&label));
            let _ = button.set_attribute("data-tool", &id);
            let _ = button.set_attribute("type", "button");
            if id == self.draw.tool {
                let _ = button.set_attribute("class", "active");
            }
            let _ = tools.append_child(&button);
        }
    }

    /// Where each place the editor paints is drawn (its bounding box on the canvas), found by
    /// asking the editor at points 4 px apart: any family's editor, whatever its geometry.
    pub(super) fn editor_cells(&self) -> rustc_hash::FxHashMap<(usize, usize), (f64, f64, f64, f64)> {
        const STEP: f64 = 4.0;
        let mut boxes = rustc_hash::FxHashMap::default();
        let Some(editor) = self.puzzle.as_ref().and_then(|p| p.editor()) else { return boxes };
        let (width, height) = (f64::from(self.el.canvas.width()), f64::from(self.el.canvas.height()));
        let mut y = STEP / 2.0;
        while y < height {
            let mut x = STEP / 2.0;
            while x < width {
                if let Some(cell) = editor.cell_at(x, y, width, height) {
                    let b = boxes.entry(cell).or_insert((x, y, x, y));
                    *b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
                }
                x += STEP;
            }
            y += STEP;
        }
        for b in boxes.values_mut() {
            *b = (b.0 - STEP / 2.0, b.1 - STEP / 2.0, b.2 - b.0 + STEP, b.3 - b.1 + STEP);
        }
        boxes
    }

    /// Draw mode from the keyboard, on the focused board: the arrow keys move a cursor over the
    /// places the editor paints, Enter or space applies the tool there. True when the key was
    /// one of those.
    pub(super) fn draw_key(&mut self, key: &str) -> bool {
        let cells = self.editor_cells();
        let Some(&first) = cells.keys().min() else { return false };
        let (row, col) = self.draw.cursor.filter(|at| cells.contains_key(at)).unwrap_or(first);
        let next = match key {
            "ArrowUp" => row.checked_sub(1).map(|r| (r, col)),
            "ArrowDown" => Some((row + 1, col)),
            "ArrowLeft" => col.checked_sub(1).map(|c| (row, c)),
            "ArrowRight" => Some((row, col + 1)),
            " " | "Enter" => {
                self.draw.cursor = Some((row, col));
                self.paint_cell(row, col);
                return true;
            }
            _ => return false,
        };
        self.draw.cursor = Some(next.filter(|at| cells.contains_key(at)).unwrap_or((row, col)));
        if let Some((r, c)) = self.draw.cursor {
            self.el.announce.set_text_content(Some(&format!("Row {}, column {}", r + 1, c + 1)));
        }
        self.draw();
        true
    }

    /// The board cell under the pointer, in draw mode.
    pub(super) fn cell_under(&self, event: &MouseEvent) -> Option<(usize, usize)> {
        if !self.draw.on {
            return None;
        }
        let canvas = &self.el.canvas;
        let (width, height) = (f64::from(canvas.width()), f64::from(canvas.height()));
        let scale = width / f64::from(canvas.client_width().max(1));
        let (x, y) = (f64::from(event.offset_x()) * scale, f64::from(event.offset_y()) * scale);
        self.puzzle.as_ref()?.editor()?.cell_at(x, y, width, height)
    }

    pub(super) fn canvas_drag(&mut self, event: &MouseEvent) {
        let Some(from) = self.draw.dragged_from else { return };
        if event.buttons() & 1 == 0 {
            self.draw.dragged_from = None;
            return;
        }
        let Some(cell) = self.cell_under(event).filter(|&cell| cell != from) else { return };
        self.draw.dragged_from = Some(cell);
        let painted =
            self.puzzle.as_ref().and_then(|p| p.editor()).and_then(|e| e.paint(&self.draw.tool, cell.0, cell.1));
        if let Some(text) = painted {
            // The whole drag is one undo step: the click that started it saved the text before.
            self.set_text(&text, false);
            self.reparse();
        }
    }

    pub(super) fn canvas_click(&mut self, event: &MouseEvent) {
        if !self.draw.on {
            // Outside draw mode the board is played on (`play.rs`): where the pointer goes down.
            self.pointer_down(event);
            return;
        }
        let Some((row, col)) = self.cell_under(event) else { return };
        self.draw.dragged_from = Some((row, col));
        self.draw.cursor = Some((row, col));
        self.paint_cell(row, col);
    }

    /// The tool chosen, applied to the cell at (`row`, `col`) (a click, or Enter on the cursor).
    pub(super) fn paint_cell(&mut self, row: usize, col: usize) {
        let Some(editor) = self.puzzle.as_ref().and_then(|p| p.editor()) else { return };
        let tools_before: Vec<String> = editor.tools().into_iter().map(|(id, _)| id).collect();
        let Some(text) = editor.apply(&self.draw.tool, row, col) else { return };
        // "piece:new", "square:new": after starting a new piece, keep painting that piece.
        let new_kind = self.draw.tool.strip_suffix(":new").map(|kind| format!("{kind}:"));
        self.edit(text);
        if let Some(kind) = new_kind {
            if let Some(editor) = self.puzzle.as_ref().and_then(|p| p.editor()) {
                if let Some((id, _)) =
                    editor.tools().into_iter().find(|(id, _)| id.starts_with(&kind) && !tools_before.contains(id))
                {
                    self.draw.tool = id;
                    self.show_tools();
                }
            }
        }
    }
}
