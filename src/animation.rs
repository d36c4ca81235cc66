//! A solution's replay as an animation (an animated GIF or APNG): which steps become frames, and
//! the file built one frame at a time (so the page can show progress and stay responsive between
//! frames). The frames themselves are pictures the front end paints with the family's drawing.
//!
//! After the first, a frame holds only the rectangle that changed since the one before (a move
//! redraws a piece or two, not the board), which both formats can say: the files are several
//! times smaller and quicker to make than with whole frames.

use std::borrow::Cow;
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// The most frames an animation holds; a longer solution shows every k-th step (and always the
/// start and the end).
pub const MAX_FRAMES: usize = 300;

/// Hundredths of a second the start and the end show (a step shows as long as the replay's
/// move takes at the speed picked).
const FIRST_DELAY: u16 = 100;
const LAST_DELAY: u16 = 250;

/// The replay's speed when none is picked, on the page's scale of 1 (slow) to 10.
pub const DEFAULT_SPEED: u8 = 5;

/// How long one move takes at `speed` (1 to 10), in milliseconds: the page's replay and an
/// animation's steps go at the same pace (0.3 s at the default speed).
pub fn move_millis(speed: f64) -> f64 {
    1500.0 / speed.clamp(1.0, 10.0)
}

/// The steps shown for a solution of `moves` moves: 0 (the start) to `moves` (solved), every
/// one when they fit in `max_frames`, else evenly thinned.
pub fn frames(moves: usize, max_frames: usize) -> Vec<usize> {
    let max_frames = max_frames.max(2);
    if moves < max_frames {
        return (0..=moves).collect();
    }
    let stride = moves.div_ceil(max_frames - 1);
    let mut steps: Vec<usize> = (0..moves).step_by(stride).collect();
    steps.push(moves);
    steps
}

/// The file formats of an animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Animated GIF: read everywhere; at most 256 colours a frame.
    Gif,
    /// Animated PNG: every colour kept, and smaller for drawn boards; shown animated by every
    /// current browser (older viewers show the first frame).
    Apng,
}

impl Format {
    /// The format a page picker or a CLI flag names ("gif", "apng").
    pub fn parse(name: &str) -> Option<Format> {
        match name {
            "gif" => Some(Format::Gif),
            "apng" => Some(Format::Apng),
            _ => None,
        }
    }

    /// The file name's extension: an APNG is a `.png` (which is what sites accept as uploads).
    pub fn extension(self) -> &'static str {
        match self {
            Format::Gif => "gif",
            Format::Apng => "png",
        }
    }

    /// The media type of the file.
    pub fn mime(self) -> &'static str {
        match self {
            Format::Gif => "image/gif",
            Format::Apng => "image/png",
        }
    }
}

/// Where an APNG is written: the `png` crate's writer owns its output and gives no way back to
/// it, so the bytes live in a buffer shared with the [`Animation`].
#[derive(Clone, Default)]
struct Sink(Rc<RefCell<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

enum Encoder {
    Gif(gif::Encoder<Vec<u8>>),
    Apng(png::Writer<Sink>, Sink),
}

/// A rectangle of the picture: left, top, width, height, in pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rect {
    x: usize,
    y: usize,
    width: usize,
    height: usize,
}

/// An animation being built, frame by frame; every frame is `width` x `height`.
pub struct Animation {
    encoder: Encoder,
    width: u16,
    height: u16,
    added: usize,
    frames: usize,
    /// Hundredths of a second a step shows.
    step_delay: u16,
    /// The last frame's pixels (RGBA), to find what the next one changes.
    previous: Vec<u8>,
}

impl Animation {
    /// An animation in `format` that will hold `frames` frames, its steps at the replay's `speed`
    /// (1 to 10), and repeat forever.
    pub fn new(format: Format, width: u16, height: u16, frames: usize, speed: f64) -> Result<Animation, String> {
        let start = |e: &dyn std::fmt::Display| format!("could not start the animation: {e}");
        let encoder = match format {
            Format::Gif => {
                let mut encoder = gif::Encoder::new(Vec::new(), width, height, &[]).map_err(|e| start(&e))?;
                encoder.set_repeat(gif::Repeat::Infinite).map_err(|e| start(&e))?;
                Encoder::Gif(encoder)
            }
            Format::Apng => {
                let sink = Sink::default();
                let mut encoder = png::Encoder::new(sink.clone(), u32::from(width), u32::from(height));
                encoder.set_color(png::ColorType::Rgb);
                encoder.set_depth(png::BitDepth::Eight);
                encoder.set_compression(png::Compression::High);
                let count = u32::try_from(frames).map_err(|_| start(&"too many frames"))?;
                encoder.set_animated(count.max(1), 0).map_err(|e| start(&e))?;
                // Every frame is laid over the picture before and left there.
                encoder.set_dispose_op(png::DisposeOp::None).map_err(|e| start(&e))?;
                encoder.set_blend_op(png::BlendOp::Source).map_err(|e| start(&e))?;
                Encoder::Apng(encoder.write_header().map_err(|e| start(&e))?, sink)
            }
        };
        let step_delay = (move_millis(speed) / 10.0).round() as u16;
        Ok(Animation { encoder, width, height, added: 0, frames, step_delay, previous: Vec::new() })
    }

    /// Adds the next frame, `rgba` holding its pixels row by row, four bytes each (opaque; a GIF
    /// frame gets its own palette of at most 256 colours chosen from them).
    pub fn add(&mut self, rgba: &[u8]) -> Result<(), String> {
        let (width, height) = (usize::from(self.width), usize::from(self.height));
        if rgba.len() != width * height * 4 {
            return Err(format!("a frame of {} bytes is not {} x {} pixels", rgba.len(), self.width, self.height));
        }
        let whole = Rect { x: 0, y: 0, width, height };
        let rect = if self.added == 0 { whole } else { changed(&self.previous, rgba, width) };
        let delay = match self.added {
            0 => FIRST_DELAY,
            n if n + 1 == self.frames => LAST_DELAY,
            _ => self.step_delay,
        };
        let failed = |e: &dyn std::fmt::Display| format!("could not write a frame: {e}");
        match &mut self.encoder {
            Encoder::Gif(encoder) => {
                let mut pixels = cut(rgba, width, rect, 4);
                // Each dimension fits: the rectangle lies inside a picture of u16 sides.
                let (w, h) = (rect.width as u16, rect.height as u16);
                let mut frame = gif::Frame::from_rgba_speed(w, h, &mut pixels, 10);
                (frame.left, frame.top, frame.delay) = (rect.x as u16, rect.y as u16, delay);
                frame.dispose = gif::DisposalMethod::Keep;
                encoder.write_frame(&frame).map_err(|e| failed(&e))?;
            }
            Encoder::Apng(writer, _) => {
                let pixels = cut(rgba, width, rect, 3);
                writer.reset_frame_position().map_err(|e| failed(&e))?;
                writer.set_frame_dimension(rect.width as u32, rect.height as u32).map_err(|e| failed(&e))?;
                writer.set_frame_position(rect.x as u32, rect.y as u32).map_err(|e| failed(&e))?;
                writer.set_frame_delay(delay, 100).map_err(|e| failed(&e))?;
                writer.write_image_data(&pixels).map_err(|e| failed(&e))?;
            }
        }
        self.previous.clear();
        self.previous.extend_from_slice(rgba);
        self.added += 1;
        Ok(())
    }

    /// How many frames are in.
    pub fn added(&self) -> usize {
        self.added
    }

    /// The file's bytes.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        let ended = |e: &dyn std::fmt::Display| format!("could not end the animation: {e}");
        match self.encoder {
            Encoder::Gif(encoder) => encoder.into_inner().map_err(|e| ended(&e)),
            Encoder::Apng(writer, sink) => {
                writer.finish().map_err(|e| ended(&e))?;
                Ok(sink.0.take())
            }
        }
    }
}

/// A finished animation: the file, its frames, and what the front ends say when the steps were
/// thinned ("" or " (every 3rd step: …)").
#[derive(Debug)]
pub struct Made {
    pub bytes: Vec<u8>,
    pub frames: usize,
    pub note: String,
}

/// The solution of `moves` moves as an animation in `format` at the replay's `speed`: `picture`
/// paints a step (its width, height and RGBA pixels; the first sets the size), and `progress`
/// hears of each frame added (frames done, frames in all). Both front ends make animations
/// here: the page's Worker paints with a canvas, the command line with resvg.
pub fn make(
    format: Format,
    speed: f64,
    moves: usize,
    picture: &mut dyn FnMut(usize) -> Result<(u32, u32, Vec<u8>), String>,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Made, String> {
    let steps = frames(moves, MAX_FRAMES);
    let mut animation = None;
    for (done, &step) in steps.iter().enumerate() {
        let (width, height, rgba) = picture(step)?;
        let too_large = || format!("a picture of {width} x {height} pixels is too large for an animation");
        let animation = match &mut animation {
            Some(animation) => animation,
            None => animation.insert(Animation::new(
                format,
                u16::try_from(width).map_err(|_| too_large())?,
                u16::try_from(height).map_err(|_| too_large())?,
                steps.len(),
                speed,
            )?),
        };
        animation.add(&rgba)?;
        progress(done + 1, steps.len());
    }
    let bytes = animation.ok_or("there is nothing to animate")?.finish()?;
    Ok(Made { bytes, frames: steps.len(), note: thinned_note(moves, &steps).into_owned() })
}

/// The smallest rectangle holding every pixel that differs between two pictures `width` pixels
/// wide (RGBA); a single pixel when none does (a frame cannot be empty).
fn changed(before: &[u8], after: &[u8], width: usize) -> Rect {
    let row = width * 4;
    let rows_differ = |y: &usize| before[y * row..(y + 1) * row] != after[y * row..(y + 1) * row];
    let height = after.len() / row.max(1);
    let Some(top) = (0..height).find(rows_differ) else { return Rect { x: 0, y: 0, width: 1, height: 1 } };
    let bottom = (0..height).rev().find(rows_differ).unwrap_or(top);
    let column_differs =
        |x: &usize| (top..=bottom).any(|y| before[y * row + x * 4..][..4] != after[y * row + x * 4..][..4]);
    let left = (0..width).find(column_differs).unwrap_or(0);
    let right = (0..width).rev().find(column_differs).unwrap_or(left);
    Rect { x: left, y: top, width: right - left + 1, height: bottom - top + 1 }
}

/// The pixels of `rect` in a picture `width` pixels wide (RGBA), `channels` bytes each (4 keeps
/// RGBA, 3 drops the alpha).
fn cut(rgba: &[u8], width: usize, rect: Rect, channels: usize) -> Vec<u8> {
    let mut pixels = Vec::with_capacity(rect.width * rect.height * channels);
    for y in rect.y..rect.y + rect.height {
        let start = (y * width + rect.x) * 4;
        for pixel in rgba[start..start + rect.width * 4].chunks_exact(4) {
            pixels.extend_from_slice(&pixel[..channels]);
        }
    }
    pixels
}

/// What the front ends say when the steps were thinned: "" or " (every 3rd step)".
pub fn thinned_note(moves: usize, steps: &[usize]) -> Cow<'static, str> {
    if steps.len() == moves + 1 {
        return Cow::Borrowed("");
    }
    let stride = steps.get(1).copied().unwrap_or(1);
    let suffix = match stride % 10 {
        1 if stride % 100 != 11 => "st",
        2 if stride % 100 != 12 => "nd",
        3 if stride % 100 != 13 => "rd",
        _ => "th",
    };
    Cow::Owned(format!(" (every {stride}{suffix} step: an animation holds at most {MAX_FRAMES} frames)"))
}

/// A file's size as the page states it: "812 bytes", "405 KB", "1.2 MB" (of 1000).
pub fn file_size(bytes: usize) -> String {
    match bytes {
        0..1000 => format!("{bytes} bytes"),
        1000..1_000_000 => format!("{} KB", (bytes + 500) / 1000),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}

/// One frame of an animation read back: the whole picture as shown (RGBA) and how long, in
/// hundredths of a second.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub rgba: Vec<u8>,
    pub delay: u16,
}

/// Reads an animation this module wrote back into the pictures a viewer shows, each frame's
/// rectangle laid over the picture before (for tests and tools, with the same crates that wrote
/// it; not in the page).
#[cfg(not(target_arch = "wasm32"))]
pub fn decode(bytes: &[u8]) -> Result<(Format, u32, u32, Vec<Shown>), String> {
    let mut shown = Vec::new();
    let mut picture: Vec<u8> = Vec::new();
    let mut lay = |picture: &mut Vec<u8>, width: u32, rect: Rect, pixels: &[u8], channels: usize, delay: u16| {
        for (row, y) in (rect.y..rect.y + rect.height).enumerate() {
            for x in 0..rect.width {
                let from = (row * rect.width + x) * channels;
                let to = (y * width as usize + rect.x + x) * 4;
                picture[to..to + 3].copy_from_slice(&pixels[from..from + 3]);
                picture[to + 3] = if channels == 4 { pixels[from + 3] } else { 255 };
            }
        }
        shown.push(Shown { rgba: picture.clone(), delay });
    };
    if bytes.starts_with(b"GIF8") {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes).map_err(|e| e.to_string())?;
        let (width, height) = (u32::from(decoder.width()), u32::from(decoder.height()));
        picture.resize(width as usize * height as usize * 4, 0);
        while let Some(frame) = decoder.read_next_frame().map_err(|e| e.to_string())? {
            let rect = Rect {
                x: frame.left.into(),
                y: frame.top.into(),
                width: frame.width.into(),
                height: frame.height.into(),
            };
            lay(&mut picture, width, rect, &frame.buffer, 4, frame.delay);
        }
        return Ok((Format::Gif, width, height, shown));
    }
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().map_err(|e| e.to_string())?;
    let (width, height) = reader.info().size();
    let channels = match reader.info().color_type {
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        other => return Err(format!("a PNG of colour type {other:?}")),
    };
    let frames = reader.info().animation_control.map_or(1, |control| control.num_frames);
    picture.resize(width as usize * height as usize * 4, 0);
    let mut buffer = vec![0; reader.output_buffer_size().ok_or("too large")?];
    for _ in 0..frames {
        reader.next_frame(&mut buffer).map_err(|e| e.to_string())?;
        let control = reader.info().frame_control.ok_or("a frame without its control chunk")?;
        let rect = Rect {
            x: control.x_offset as usize,
            y: control.y_offset as usize,
            width: control.width as usize,
            height: control.height as usize,
        };
        let delay = (u32::from(control.delay_num) * 100 / u32::from(control.delay_den.max(1))) as u16;
        lay(&mut picture, width, rect, &buffer, channels, delay);
    }
    Ok((Format::Apng, width, height, shown))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_when_they_fit_else_evenly_thinned_with_both_ends() {
        assert_eq!(frames(0, 300), vec![0]);
        assert_eq!(frames(3, 300), vec![0, 1, 2, 3]);
        assert_eq!(frames(299, 300).len(), 300);
        let thinned = frames(1000, 300);
        assert!(thinned.len() <= 300, "{}", thinned.len());
        assert_eq!((thinned[0], thinned[1], *thinned.last().unwrap()), (0, 4, 1000));
        assert_eq!(thinned_note(3, &frames(3, 300)), "");
        assert_eq!(thinned_note(1000, &thinned), " (every 4th step: an animation holds at most 300 frames)");
        assert_eq!(thinned_note(600, &frames(600, 300)), " (every 3rd step: an animation holds at most 300 frames)");
    }

    #[test]
    fn a_frame_after_the_first_is_the_rectangle_that_changed() {
        let (w, h) = (5, 4);
        let blank = vec![9u8; w * h * 4];
        let mut one = blank.clone();
        let at = |x: usize, y: usize| (y * w + x) * 4;
        one[at(3, 1) + 2] = 0;
        one[at(1, 2)] = 0;
        assert_eq!(changed(&blank, &one, w), Rect { x: 1, y: 1, width: 3, height: 2 });
        assert_eq!(changed(&blank, &blank, w), Rect { x: 0, y: 0, width: 1, height: 1 }, "nothing changed: one pixel");
        let rgb = cut(&one, w, Rect { x: 1, y: 1, width: 3, height: 2 }, 3);
        assert_eq!(rgb.len(), 3 * 2 * 3);
        assert_eq!((rgb[2 * 3 + 2], rgb[3 * 3]), (0, 0), "(3, 1) and (1, 2), at the rectangle's corners");
    }

    /// Frames in, the same frames out, in both formats: decoded with the crates that wrote them,
    /// the size, the count, every picture shown (a board of three colours, so even the GIF's
    /// palette keeps them exactly) and the delays; later frames carry only what changed.
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn an_animation_decodes_to_its_frames() {
        let (w, h) = (6u16, 4u16);
        let colours = [[244, 241, 234, 255], [220, 80, 80, 255], [40, 200, 90, 255]];
        let picture = |k: usize| -> Vec<u8> {
            (0..usize::from(w) * usize::from(h))
                .flat_map(|i| colours[if i % usize::from(w) <= k { k % 3 } else { 0 }])
                .collect()
        };
        for format in [Format::Gif, Format::Apng] {
            let mut animation = Animation::new(format, w, h, 4, 2.0).unwrap();
            for k in [0, 1, 1, 2] {
                animation.add(&picture(k)).unwrap();
            }
            assert_eq!(animation.added(), 4);
            assert!(animation.add(&[0; 5]).unwrap_err().contains("not 6 x 4 pixels"));
            let bytes = animation.finish().unwrap();
            assert_eq!(&bytes[..4], if format == Format::Gif { b"GIF8" } else { b"\x89PNG" });
            let (read, width, height, shown) = decode(&bytes).unwrap();
            assert_eq!((read, width, height), (format, 6, 4));
            // Speed 2: a step shows 0.75 s.
            let expected: Vec<Shown> = [(0, FIRST_DELAY), (1, 75), (1, 75), (2, LAST_DELAY)]
                .into_iter()
                .map(|(k, delay)| Shown { rgba: picture(k), delay })
                .collect();
            assert_eq!(shown, expected, "{format:?}");
        }
    }

    #[test]
    fn file_sizes_read_as_people_say_them() {
        assert_eq!(file_size(812), "812 bytes");
        assert_eq!(file_size(405_173), "405 KB");
        assert_eq!(file_size(1_234_567), "1.2 MB");
    }

    #[test]
    fn formats_are_named_as_the_page_and_the_cli_name_them() {
        assert_eq!(Format::parse("apng").map(Format::extension), Some("png"));
        assert_eq!(Format::parse("gif").map(Format::mime), Some("image/gif"));
        assert_eq!(Format::parse("webp"), None);
    }
}
