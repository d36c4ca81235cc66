//! The analysis panel: the histogram of distances and the graph of positions, a position opened
//! from it, and the hardest start.

use super::*;

/// The last analysis of this puzzle, shown in its panel, and where its graph put each position.
#[derive(Default)]
pub(super) struct Analysed {
    report: Option<AnalysisReport>,
    graph_points: Vec<(f64, f64)>,
    /// The position pointed at in the graph.
    graph_hover: Option<usize>,
}

impl App {
    /// Shows an analysis in its panel, or hides the panel.
    pub(super) fn show_analysis(&mut self, report: Option<AnalysisReport>) {
        self.analysed.report = report;
        self.analysed.graph_hover = None;
        self.layout_graph();
        self.draw_graph();
        self.describe_graph_node();
        let el = &self.el;
        let Some(report) = &self.analysed.report else {
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
        let only: Vec<String> =
            report.choices.iter().enumerate().filter(|&(_, &c)| c == 1).map(|(i, _)| (i + 1).to_string()).collect();
        let one = report.step_words().0;
        let bottlenecks = match only.len() {
            0 => String::new(),
            n if n > LISTED => {
                format!("Steps with only one {one} that stays shortest: {}, … ({n} in all)", only[..LISTED].join(", "))
            }
            _ => format!("Steps with only one {one} that stays shortest: {}", only.join(", ")),
        };
        el.bottlenecks.set_text_content(Some(&bottlenecks));
        let hardest = report.hardest.as_ref().filter(|h| h.text.is_some() && !h.path.is_empty());
        el.open_hardest.set_hidden(hardest.is_none());
        if let Some(h) = hardest {
            el.open_hardest
                .set_text_content(Some(&format!("Open the hardest start ({} to solve)", report.steps(h.moves))));
        }
    }

    /// Positions per distance from the start as bars, the start's bar green and the hardest
    /// start's red, with the axes labelled.
    pub(super) fn draw_histogram(&self, report: &AnalysisReport) {
        let canvas = &self.el.histogram;
        let Some(ctx) =
            canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        else {
            return;
        };
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
            let colour = if Some(d) == hardest_at {
                "#c0392b"
            } else if d == 0 {
                "#2d8a4e"
            } else {
                "#2d6cdf"
            };
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
        let step =
            [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].into_iter().find(|&s| span / s <= 10).unwrap_or(span);
        ctx.set_text_align("center");
        for d in (0..span).step_by(step) {
            let _ = ctx.fill_text(&d.to_string(), left + (d as f64 + 0.5) * bar, h - bottom + 14.0);
        }
        let axis = format!("{} from the start", report.step_words().1);
        let _ = ctx.fill_text(&axis, left + (w - left - right) / 2.0, h - 4.0);
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
    pub(super) fn layout_graph(&mut self) {
        self.analysed.graph_points.clear();
        let Some(graph) = self.analysed.report.as_ref().and_then(|a| a.graph.as_ref()) else {
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
            let parent_y = |node: usize| {
                graph.parent.get(node).and_then(|&p| points.get(p as usize)).map_or(0.0, |p: &(f64, f64)| p.1)
            };
            column.sort_by(|&a, &b| parent_y(a).total_cmp(&parent_y(b)).then(a.cmp(&b)));
            let x = if levels == 1 {
                w / 2.0
            } else {
                margin_x + level as f64 * (w - 2.0 * margin_x) / (levels - 1) as f64
            };
            let gap = (h - 2.0 * margin_y) / column.len() as f64;
            for (k, &node) in column.iter().enumerate() {
                points[node] = (x, margin_y + (k as f64 + 0.5) * gap);
            }
        }
        self.analysed.graph_points = points;
    }

    /// Draws the graph: moves as faint lines, the shortest solution in red, positions as dots
    /// (solved green, the start black), the one pointed at ringed.
    pub(super) fn draw_graph(&self) {
        let Some(graph) = self.analysed.report.as_ref().and_then(|a| a.graph.as_ref()) else { return };
        let canvas = &self.el.graph;
        let Some(ctx) =
            canvas.get_context("2d").ok().flatten().and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        let points = &self.analysed.graph_points;
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
        let radius = if points.len() > 1000 {
            1.6
        } else if points.len() > 200 {
            2.4
        } else {
            4.0
        };
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
        if let Some(node) = self.analysed.graph_hover {
            ctx.set_line_width(2.0);
            ctx.set_stroke_style_str("#111");
            ctx.begin_path();
            let _ = ctx.arc(points[node].0, points[node].1, radius + 4.0, 0.0, std::f64::consts::TAU);
            ctx.stroke();
        }
    }

    /// The pointer moved over the graph: the position under it is marked and described.
    pub(super) fn hover_graph(&mut self, event: &MouseEvent) {
        let node = self.graph_node_at(event);
        if node != self.analysed.graph_hover {
            self.analysed.graph_hover = node;
            self.draw_graph();
            self.describe_graph_node();
        }
    }

    /// An analysis of this puzzle is shown.
    pub(super) fn analysis_shown(&self) -> bool {
        self.analysed.report.is_some()
    }

    /// The position of the graph under the pointer, if one is within a few pixels.
    pub(super) fn graph_node_at(&self, event: &MouseEvent) -> Option<usize> {
        let canvas = &self.el.graph;
        let rect = canvas.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        let x = (f64::from(event.client_x()) - rect.left()) * f64::from(canvas.width()) / rect.width();
        let y = (f64::from(event.client_y()) - rect.top()) * f64::from(canvas.height()) / rect.height();
        let distance = |&(px, py): &(f64, f64)| (px - x).powi(2) + (py - y).powi(2);
        let (node, d) = self
            .analysed
            .graph_points
            .iter()
            .enumerate()
            .map(|(i, p)| (i, distance(p)))
            .min_by(|a, b| a.1.total_cmp(&b.1))?;
        (d <= 100.0).then_some(node)
    }

    /// Says which position the pointer is on: its distance, whether it is solved, and the position.
    pub(super) fn describe_graph_node(&self) {
        let graph = self.analysed.report.as_ref().and_then(|a| a.graph.as_ref());
        let (Some(graph), Some(node), Some(puzzle)) = (graph, self.analysed.graph_hover, self.puzzle.as_ref()) else {
            self.el.graph_info.set_text_content(None);
            return;
        };
        let moves = graph.moves_to(node);
        let solved = if graph.solved.contains(&(node as u32)) { ", solved" } else { "" };
        let steps = self.analysed.report.as_ref().map_or_else(String::new, |a| a.steps(moves.len() as u64));
        let text = format!("{steps} from the start{solved}\n{}", puzzle.show(&moves, moves.len()));
        self.el.graph_info.set_text_content(Some(&text));
    }

    /// Opens a position of the graph as a puzzle of its own, where the family can write one.
    pub(super) fn open_graph_node(&mut self, node: usize) {
        let Some(moves) = self.analysed.report.as_ref().and_then(|a| a.graph.as_ref()).map(|g| g.moves_to(node)) else {
            return;
        };
        match self.puzzle.as_ref().and_then(|p| p.text_at(&moves)) {
            Some(text) => {
                self.leave_entry();
                self.set_text(&text, true);
                self.reparse();
                self.open_entry();
                self.set_status(&format!(
                    "Opened a position {} moves from the old start. Press Solve or Analyse.",
                    moves.len()
                ));
            }
            None => self.set_status("This family cannot write a position as a puzzle of its own yet."),
        }
    }

    /// Replaces the puzzle with the analysis's hardest start, ready to solve and share.
    pub(super) fn open_hardest(&mut self) {
        let Some((text, moves)) = (self.analysed.report.as_ref())
            .and_then(|a| Some((a.hardest.as_ref()?.text.clone()?, a.steps(a.hardest.as_ref()?.moves))))
        else {
            return;
        };
        self.leave_entry();
        self.set_text(&text, true);
        self.reparse();
        self.open_entry();
        self.set_status(&format!("Opened the hardest start: its shortest solution has {moves}. Press Solve."));
    }
}
