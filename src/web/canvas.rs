//! The Painter for a `<canvas>`'s 2D context.

use crate::draw::{Line, Painter, Stroke};
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement};

thread_local! {
    /// The last layer painted: its key and an offscreen canvas holding it.
    static LAYER: RefCell<Option<(u64, HtmlCanvasElement)>> = const { RefCell::new(None) };
}

pub struct CanvasPainter {
    ctx: CanvasRenderingContext2d,
    width: f64,
    height: f64,
}

impl CanvasPainter {
    pub fn new(ctx: CanvasRenderingContext2d, width: f64, height: f64) -> Self {
        CanvasPainter { ctx, width, height }
    }
}

/// A PNG picture (as a data URL) `width` x `height` painted by `paint`, with `caption` (words
/// that stay together, such as numbered moves) wrapped in a band below it when there is one.
pub fn picture(
    width: f64,
    height: f64,
    caption: &[String],
    font: f64,
    paint: impl FnOnce(&mut CanvasPainter),
) -> Option<String> {
    let (board, measure) = painted(width, height, paint)?;
    if caption.is_empty() {
        return board.to_data_url_with_type("image/png").ok();
    }
    let style = format!("{font:.0}px system-ui, sans-serif");
    // The board's context measures the caption too (it is done painting).
    measure.set_font(&style);
    let lines = crate::picture::wrap(caption, |line| {
        measure.measure_text(line).map_or(true, |m| m.width() <= width - 2.0 * font)
    });
    let (band, line_top) = crate::picture::band(lines.len(), font);
    let (out, ctx) = offscreen(width, height + band)?;
    // The board's own background (the families clear to it), so the band looks part of it.
    ctx.set_fill_style_str(crate::picture::BACKGROUND);
    ctx.fill_rect(0.0, 0.0, width, height + band);
    ctx.draw_image_with_html_canvas_element(&board, 0.0, 0.0).ok()?;
    ctx.set_font(&style);
    ctx.set_fill_style_str(crate::picture::INK);
    ctx.set_text_align("left");
    ctx.set_text_baseline("top");
    for (i, line) in lines.iter().enumerate() {
        let _ = ctx.fill_text(line, font, height + line_top(i));
    }
    out.to_data_url_with_type("image/png").ok()
}

/// The pixels `width` x `height` that `paint` paints, four bytes each, row by row (an
/// animation's frame). It paints on an `OffscreenCanvas`, so it works in a Worker, which has no
/// document: that canvas's 2D context has the page canvas's drawing calls, and the bindings
/// call them by name, so the painter drives it as it drives the page's. Layers are then painted
/// in place (their cache is of page canvases).
fn pixels(width: f64, height: f64, paint: impl FnOnce(&mut CanvasPainter)) -> Option<Vec<u8>> {
    let canvas = web_sys::OffscreenCanvas::new(width as u32, height as u32).ok()?;
    let ctx: CanvasRenderingContext2d = canvas.get_context("2d").ok()??.unchecked_into();
    paint(&mut CanvasPainter::new(ctx.clone(), width, height));
    Some(ctx.get_image_data(0.0, 0.0, width, height).ok()?.data().0)
}

/// Step `step` of the solution `moves` of `puzzle` as an animation's frame (RGBA): the
/// Worker's painter of `protocol::Request::Animate`.
pub fn frame(
    puzzle: &dyn crate::families::Puzzle,
    moves: &[String],
    step: usize,
    (width, height): (u16, u16),
) -> Result<Vec<u8>, String> {
    pixels(f64::from(width), f64::from(height), |painter| puzzle.draw(moves, step, 0.0, painter))
        .ok_or_else(|| "this browser cannot paint in a Worker (it has no OffscreenCanvas)".to_string())
}

/// An offscreen canvas `width` x `height` with what `paint` paints.
fn painted(
    width: f64,
    height: f64,
    paint: impl FnOnce(&mut CanvasPainter),
) -> Option<(HtmlCanvasElement, CanvasRenderingContext2d)> {
    let (canvas, ctx) = offscreen(width, height)?;
    paint(&mut CanvasPainter::new(ctx.clone(), width, height));
    Some((canvas, ctx))
}

/// A canvas the size of the board, off the page, for a layer.
fn offscreen(width: f64, height: f64) -> Option<(HtmlCanvasElement, CanvasRenderingContext2d)> {
    let canvas: HtmlCanvasElement = web_sys::window()?.document()?.create_element("canvas").ok()?.dyn_into().ok()?;
    canvas.set_width(width as u32);
    canvas.set_height(height as u32);
    let ctx = canvas.get_context("2d").ok()??.dyn_into::<CanvasRenderingContext2d>().ok()?;
    Some((canvas, ctx))
}

impl Painter for CanvasPainter {
    fn size(&self) -> (f64, f64) {
        (self.width, self.height)
    }

    fn as_dyn(&mut self) -> &mut dyn Painter {
        self
    }

    fn layer(&mut self, key: u64, paint: &mut dyn FnMut(&mut dyn Painter)) {
        let key = key ^ ((self.width as u64) << 32) ^ (self.height as u64);
        let cached = LAYER.with(|layer| match &*layer.borrow() {
            Some((k, canvas)) if *k == key => Some(canvas.clone()),
            _ => None,
        });
        let canvas = match cached {
            Some(canvas) => canvas,
            None => {
                let Some((canvas, ctx)) = offscreen(self.width, self.height) else {
                    return paint(self);
                };
                paint(&mut CanvasPainter::new(ctx, self.width, self.height));
                LAYER.with(|layer| *layer.borrow_mut() = Some((key, canvas.clone())));
                canvas
            }
        };
        let _ = self.ctx.draw_image_with_html_canvas_element(&canvas, 0.0, 0.0);
    }

    fn lines(&mut self, lines: &[Line], colour: &str, width: f64) {
        self.ctx.set_stroke_style_str(colour);
        self.ctx.set_line_width(width);
        self.ctx.set_line_cap("square");
        self.ctx.begin_path();
        for &((x1, y1), (x2, y2)) in lines {
            self.ctx.move_to(x1, y1);
            self.ctx.line_to(x2, y2);
        }
        self.ctx.stroke();
    }

    fn polyline(&mut self, points: &[(f64, f64)], stroke: &Stroke<'_>) {
        let Some(&(x0, y0)) = points.first() else { return };
        self.ctx.set_stroke_style_str(stroke.colour);
        self.ctx.set_line_width(stroke.width);
        self.ctx.set_line_cap("round");
        self.ctx.set_line_join("round");
        self.ctx.begin_path();
        self.ctx.move_to(x0, y0);
        for &(x, y) in &points[1..] {
            self.ctx.line_to(x, y);
        }
        self.ctx.stroke();
    }

    fn clear(&mut self, colour: &str) {
        self.ctx.clear_rect(0.0, 0.0, self.width, self.height);
        self.rect(0.0, 0.0, self.width, self.height, colour);
    }

    fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str) {
        self.ctx.set_fill_style_str(fill);
        self.ctx.fill_rect(x, y, w, h);
    }

    fn stroke_rect(&mut self, x: f64, y: f64, w: f64, h: f64, stroke: &Stroke<'_>) {
        let Stroke { colour, width, dash } = *stroke;
        self.ctx.set_stroke_style_str(colour);
        self.ctx.set_line_width(width);
        let pattern = js_sys::Array::new();
        if dash > 0.0 {
            pattern.push(&JsValue::from_f64(dash));
            pattern.push(&JsValue::from_f64(dash));
        }
        let _ = self.ctx.set_line_dash(&pattern);
        self.ctx.stroke_rect(x, y, w, h);
        let _ = self.ctx.set_line_dash(&js_sys::Array::new());
    }

    fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, colour: &str, width: f64) {
        self.ctx.set_stroke_style_str(colour);
        self.ctx.set_line_width(width);
        self.ctx.set_line_cap("round");
        self.ctx.begin_path();
        self.ctx.move_to(x1, y1);
        self.ctx.line_to(x2, y2);
        self.ctx.stroke();
    }

    fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str) {
        self.ctx.set_fill_style_str(fill);
        self.ctx.begin_path();
        let _ = self.ctx.arc(cx, cy, r, 0.0, std::f64::consts::TAU);
        self.ctx.fill();
    }

    fn ring(&mut self, cx: f64, cy: f64, r: f64, stroke: &Stroke<'_>) {
        self.ctx.set_stroke_style_str(stroke.colour);
        self.ctx.set_line_width(stroke.width);
        self.ctx.begin_path();
        let _ = self.ctx.arc(cx, cy, r, 0.0, std::f64::consts::TAU);
        self.ctx.stroke();
    }

    fn polygon(&mut self, points: &[(f64, f64)], fill: &str) {
        let Some(&(x0, y0)) = points.first() else { return };
        self.ctx.set_fill_style_str(fill);
        self.ctx.begin_path();
        self.ctx.move_to(x0, y0);
        for &(x, y) in &points[1..] {
            self.ctx.line_to(x, y);
        }
        self.ctx.close_path();
        self.ctx.fill();
    }

    fn write_text(&mut self, x: f64, y: f64, size: f64, colour: &str, text: &str) {
        self.ctx.set_fill_style_str(colour);
        self.ctx.set_font(&format!("600 {size:.0}px system-ui, sans-serif"));
        self.ctx.set_text_align("center");
        self.ctx.set_text_baseline("middle");
        let _ = self.ctx.fill_text(text, x, y);
    }
}
