//! A solution's replay as an animated GIF: which steps become frames, and the file built one
//! frame at a time (so the page can show progress and stay responsive between frames). The
//! frames themselves are pictures the front end paints with the family's drawing.

use std::borrow::Cow;

/// The most frames an animation holds; a longer solution shows every k-th step (and always the
/// start and the end).
pub const MAX_FRAMES: usize = 300;

/// Hundredths of a second each frame shows: the start and the end a little longer.
const FIRST_DELAY: u16 = 100;
const STEP_DELAY: u16 = 50;
const LAST_DELAY: u16 = 250;

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

/// An animated GIF being built, frame by frame; every frame is `width` x `height`.
pub struct Gif {
    encoder: gif::Encoder<Vec<u8>>,
    width: u16,
    height: u16,
    added: usize,
    frames: usize,
}

impl Gif {
    /// A GIF that will hold `frames` frames and repeat forever.
    pub fn new(width: u16, height: u16, frames: usize) -> Result<Gif, String> {
        let mut encoder = gif::Encoder::new(Vec::new(), width, height, &[]).map_err(|e| format!("could not start the GIF: {e}"))?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(|e| format!("could not start the GIF: {e}"))?;
        Ok(Gif { encoder, width, height, added: 0, frames })
    }

    /// Adds the next frame, `rgba` holding its pixels row by row, four bytes each (its own
    /// palette of at most 256 colours is chosen from them).
    pub fn add(&mut self, rgba: &mut [u8]) -> Result<(), String> {
        if rgba.len() != usize::from(self.width) * usize::from(self.height) * 4 {
            return Err(format!("a frame of {} bytes is not {} x {} pixels", rgba.len(), self.width, self.height));
        }
        let mut frame = gif::Frame::from_rgba_speed(self.width, self.height, rgba, 10);
        frame.delay = match self.added {
            0 => FIRST_DELAY,
            n if n + 1 == self.frames => LAST_DELAY,
            _ => STEP_DELAY,
        };
        self.encoder.write_frame(&frame).map_err(|e| format!("could not write a frame: {e}"))?;
        self.added += 1;
        Ok(())
    }

    /// How many frames are in.
    pub fn added(&self) -> usize {
        self.added
    }

    /// The file's bytes.
    pub fn finish(self) -> Result<Vec<u8>, String> {
        self.encoder.into_inner().map_err(|e| format!("could not end the GIF: {e}"))
    }
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

    /// Frames in, the same frames out: decoded with the same crate, the size, the count, the
    /// pixels of the first and last frames, and the delays.
    #[test]
    fn a_gif_decodes_to_its_frames() {
        let (w, h) = (6u16, 4u16);
        let colours = [[244, 241, 234, 255], [220, 80, 80, 255], [40, 200, 90, 255]];
        let picture = |k: usize| -> Vec<u8> {
            (0..usize::from(w) * usize::from(h)).flat_map(|i| colours[if i % usize::from(w) <= k { k % 3 } else { 0 }]).collect()
        };
        let mut gif = Gif::new(w, h, 3).unwrap();
        for k in 0..3 {
            gif.add(&mut picture(k)).unwrap();
        }
        assert_eq!(gif.added(), 3);
        assert!(gif.add(&mut [0; 5]).unwrap_err().contains("not 6 x 4 pixels"));
        let bytes = gif.finish().unwrap();
        assert_eq!(&bytes[..6], b"GIF89a");

        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(bytes.as_slice()).unwrap();
        assert_eq!((decoder.width(), decoder.height()), (w, h));
        let mut decoded = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            decoded.push((frame.buffer.to_vec(), frame.delay));
        }
        assert_eq!(decoded.len(), 3);
        assert_eq!(decoded[0], (picture(0), FIRST_DELAY));
        assert_eq!(decoded[1].1, STEP_DELAY);
        assert_eq!(decoded[2], (picture(2), LAST_DELAY));
    }
}
