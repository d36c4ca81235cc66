//! Files: a puzzle opened from disk, and the picture, animation or solved file saved.

use super::*;

impl App {
    /// Reads the file chosen in the file picker into the text box.
    pub(super) fn open_file(&mut self) {
        const MAX_FILE_BYTES: f64 = 32.0 * 1024.0 * 1024.0;
        let Some(file) = self.el.file.files().and_then(|files| files.get(0)) else { return };
        self.el.file.set_value(""); // choosing the same file again is a change too
        if file.size() > MAX_FILE_BYTES {
            return self.set_status(&format!(
                "{} is {:.0} MB; the most a puzzle file may be is 32 MB.",
                file.name(),
                file.size() / 1048576.0
            ));
        }
        let Ok(reader) = web_sys::FileReader::new() else { return };
        let name = file.name();
        let source = reader.clone();
        let on_load = Closure::once_into_js(move |_: Event| {
            with_app(|app| {
                let bytes = source.result().ok().map(|buffer| js_sys::Uint8Array::new(&buffer).to_vec());
                match bytes.map(|bytes| families::file_text(&name, bytes)) {
                    Some(Ok(text)) => {
                        app.leave_entry();
                        app.el.examples.set_value("");
                        app.el.family.set_value("auto");
                        app.set_text(&text, true);
                        if text.len() > BIG_TEXT {
                            // Let the page paint the text and this note before the reading starts.
                            let note = format!("Reading {name} ({:.1} MB)…", text.len() as f64 / 1048576.0);
                            app.reparse_later(20, &note);
                        } else {
                            app.reparse();
                            app.notice(&format!("Opened {name}."));
                        }
                        app.open_entry();
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
    pub(super) fn picture_size(&self) -> (f64, f64, f64) {
        let scale = self.el.picture_size.value().parse::<f64>().unwrap_or(2.0).clamp(1.0, 3.0);
        (f64::from(self.el.canvas.width()) * scale, f64::from(self.el.canvas.height()) * scale, scale)
    }

    /// Saves the board at the current step as a PNG or an SVG, at the size picked, with the
    /// moves written under it when asked (the current one marked).
    pub(super) fn save_picture(&mut self) {
        let Some(puzzle) = &self.puzzle else { return };
        let (width, height, scale) = self.picture_size();
        let moves = self.moves();
        let caption = if self.el.picture_moves.checked() {
            crate::picture::caption(moves, self.playback.step)
        } else {
            Vec::new()
        };
        let font = crate::picture::FONT * scale;
        let stem = format!("puzzlelab-{}-step-{}", puzzle.family().replace(':', "-"), self.playback.step);
        let name = if self.el.picture_format.value() == "svg" {
            let svg = crate::picture::svg(puzzle.as_ref(), moves, self.playback.step, (width, height), &caption, font);
            let name = format!("{stem}.svg");
            self.save_bytes(svg.as_bytes(), "image/svg+xml", &name);
            name
        } else {
            let Some(url) = canvas::picture(width, height, &caption, font, |painter| {
                puzzle.draw(moves, self.playback.step, 0.0, painter)
            }) else {
                self.notice("Could not make the picture in this browser.");
                return;
            };
            let name = format!("{stem}.png");
            self.save_url(&url, &name);
            name
        };
        self.notice(&format!("Saved {name}."));
    }

    /// Asks Worker 0 for an animation (GIF or APNG, as picked) of the solution shown, at the
    /// picture size and the replay speed picked: it paints one frame per step (thinned past
    /// `animation::MAX_FRAMES`) on a canvas of its own and reports each, so the page stays free.
    pub(super) fn start_animation(&mut self) {
        let Some(puzzle) = &self.puzzle else { return };
        if self.animation_job.is_some() || self.moves().is_empty() {
            return;
        }
        let format =
            crate::animation::Format::parse(&self.el.animation_format.value()).unwrap_or(crate::animation::Format::Gif);
        let (width, height, _) = self.picture_size();
        let family = puzzle.family().to_string();
        let name = format!("puzzlelab-{}-solution.{}", family.replace(':', "-"), format.extension());
        let job = self.running.next_job();
        let (text, moves, speed) = (self.history.text().to_string(), self.moves().to_vec(), self.speed());
        let request =
            Request::Animate { job, family, text, moves, format, width: width as u16, height: height as u16, speed };
        self.start_pool();
        if !self.pool.as_mut().is_some_and(|pool| pool.send(0, request)) {
            return self.notice("Could not send the animation to the solver's Worker.");
        }
        self.animation_job = Some(AnimationJob { job, format, name });
        self.notice("Making the animation…");
        self.show_workers();
        self.update_buttons();
    }

    /// Starts the download of `bytes` of type `mime` as `name`.
    pub(super) fn save_bytes(&self, bytes: &[u8], mime: &str, name: &str) {
        let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(mime);
        let Ok(blob) = web_sys::Blob::new_with_buffer_source_sequence_and_options(&parts, &options) else { return };
        self.save_blob(&blob, name);
    }

    /// Starts the download of `blob` as `name`.
    pub(super) fn save_blob(&self, blob: &web_sys::Blob, name: &str) {
        let Ok(url) = web_sys::Url::create_object_url_with_blob(blob) else { return };
        self.save_url(&url, name);
        // The download has started from the URL; it can go once this handler returns.
        let revoke = Closure::once_into_js(move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        });
        let _ = self.window.set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 1000);
    }

    /// Starts the download of `url` as `name`.
    pub(super) fn save_url(&self, url: &str, name: &str) {
        if let Ok(link) = self
            .document
            .create_element("a")
            .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().map_err(JsValue::from))
        {
            link.set_href(url);
            link.set_download(name);
            link.click();
        }
    }

    /// Saves the family's picture of the solution (a maze: the solved SVG) as a download.
    pub(super) fn download(&mut self) {
        let Some(export) = self.puzzle.as_ref().and_then(|p| p.export(self.moves())) else { return };
        let parts = js_sys::Array::of1(&JsValue::from_str(&export.text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type(export.mime);
        let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else { return };
        self.save_blob(&blob, &export.file_name);
        self.notice(&format!("Saved {}.", export.file_name));
    }
}
