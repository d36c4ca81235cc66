//! The replay's state machine: the step shown, how far into the next move it is (`tween`),
//! whether it plays on its own, and what each animation frame does. Plain data, so it is tested
//! natively; the page (`app/player.rs`) asks for animation frames when it says so and draws the step.

/// Where a replay stands and whether it moves.
#[derive(Debug, Default)]
pub struct Playback {
    /// Moves made (0: the start).
    pub step: usize,
    /// How far into the move after `step` the picture is (0 to 1).
    pub tween: f32,
    /// Playing on to the end, move after move.
    pub playing: bool,
    /// A move is in flight (one step, or the current move of a play).
    animating: bool,
    last_frame: Option<f64>,
}

/// What one animation frame did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tick {
    /// The step changed (the buttons and the move list follow).
    pub stepped: bool,
    /// A play reached the last move (a looping player starts again).
    pub played_out: bool,
    /// Another frame is wanted.
    pub again: bool,
}

impl Playback {
    /// Stops where it is, on a whole step.
    pub fn stop(&mut self) {
        self.playing = false;
        self.animating = false;
        self.tween = 0.0;
    }

    /// Goes to `step` (at most `moves`) and stops there.
    pub fn go_to(&mut self, step: usize, moves: usize) {
        self.stop();
        self.step = step.min(moves);
    }

    /// Animates the next move. A press while a move is in flight finishes that move at once and
    /// animates the one after, so every press counts: five quick presses move five steps. True
    /// when an animation frame must be asked for (none while frames already run).
    pub fn advance(&mut self, moves: usize) -> bool {
        if self.animating {
            self.tween = 0.0;
            self.step = (self.step + 1).min(moves);
            self.animating = self.step < moves;
            false
        } else if self.step < moves {
            self.start_frames()
        } else {
            false
        }
    }

    /// The step a move in flight lands on (the step shown when none is).
    pub fn landing(&self, moves: usize) -> usize {
        if self.animating {
            (self.step + 1).min(moves)
        } else {
            self.step.min(moves)
        }
    }

    /// Stops on a whole step, the move in flight counted as made (a search from the position
    /// shown starts after it).
    pub fn settle(&mut self, moves: usize) {
        self.step = self.landing(moves);
        self.stop();
    }

    /// Play, or pause; a play at the end starts from the start. True when an animation frame
    /// must be asked for.
    pub fn toggle(&mut self, moves: usize) -> bool {
        if self.playing {
            self.playing = false;
            false
        } else if moves > 0 {
            if self.step >= moves {
                self.step = 0;
            }
            self.playing = true;
            !self.animating && self.start_frames()
        } else {
            false
        }
    }

    fn start_frames(&mut self) -> bool {
        self.animating = true;
        self.last_frame = None;
        true
    }

    /// An animation frame at `time` (ms), a move taking `move_ms`: as many moves as the time
    /// passed covers (several a frame when moves are short), until the play or the move ends.
    pub fn frame(&mut self, time: f64, moves: usize, move_ms: f64) -> Tick {
        let mut tick = Tick::default();
        if !self.animating {
            return tick;
        }
        // A frame after a long pause (a hidden tab) moves as if 100 ms had passed.
        let elapsed = self.last_frame.map_or(16.0, |last| (time - last).clamp(0.0, 100.0));
        self.last_frame = Some(time);
        self.tween += (elapsed / move_ms) as f32;
        while self.tween >= 1.0 {
            self.tween -= 1.0;
            self.step = (self.step + 1).min(moves);
            tick.stepped = true;
            if !(self.playing && self.step < moves) {
                tick.played_out = self.playing;
                self.stop();
                break;
            }
        }
        tick.again = self.animating;
        tick
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_animates_one_move_and_a_second_press_finishes_it_and_animates_the_next() {
        let mut playback = Playback::default();
        assert!(playback.advance(3));
        assert_eq!(playback.frame(0.0, 3, 100.0), Tick { again: true, ..Tick::default() });
        assert_eq!((playback.step, playback.tween), (0, 0.16));
        // The frames already run: no new one is asked for.
        assert!(!playback.advance(3));
        assert_eq!((playback.step, playback.tween), (1, 0.0));
        assert_eq!(playback.frame(20.0, 3, 100.0), Tick { again: true, ..Tick::default() });
        // The move ends on its step, and the frames stop.
        assert_eq!(playback.frame(120.0, 3, 100.0), Tick { stepped: true, ..Tick::default() });
        assert_eq!((playback.step, playback.tween), (2, 0.0));
        assert_eq!(playback.frame(140.0, 3, 100.0), Tick::default());
    }

    #[test]
    fn every_quick_press_counts_up_to_the_last_move() {
        let mut playback = Playback::default();
        let mut time = 0.0;
        for _ in 0..5 {
            playback.advance(9);
            time += 16.0;
            playback.frame(time, 9, 250.0);
        }
        while playback.frame(time, 9, 250.0).again {
            time += 16.0;
        }
        assert_eq!((playback.step, playback.tween), (5, 0.0));
        // Presses past the end stay on the last move.
        let mut playback = Playback::default();
        for _ in 0..5 {
            playback.advance(2);
        }
        assert_eq!((playback.step, playback.playing), (2, false));
    }

    #[test]
    fn play_runs_to_the_end_several_moves_a_frame_when_they_are_short() {
        let mut playback = Playback::default();
        assert!(playback.toggle(10));
        playback.frame(0.0, 10, 30.0);
        let tick = playback.frame(100.0, 10, 30.0);
        assert_eq!((tick, playback.step), (Tick { stepped: true, played_out: false, again: true }, 3));
        let mut time = 100.0;
        let end = loop {
            time += 100.0;
            let tick = playback.frame(time, 10, 30.0);
            if !tick.again {
                break tick;
            }
        };
        assert_eq!(
            (end, playback.step, playback.playing, playback.tween),
            (Tick { stepped: true, played_out: true, again: false }, 10, false, 0.0)
        );
        // Play at the end starts again from the start; pause keeps the step.
        assert!(playback.toggle(10));
        assert_eq!(playback.step, 0);
        playback.frame(500.0, 10, 30.0);
        playback.frame(560.0, 10, 30.0);
        assert!(!playback.toggle(10));
        assert_eq!((playback.step, playback.playing), (2, false));
    }

    #[test]
    fn settling_counts_the_move_in_flight() {
        let mut playback = Playback::default();
        playback.advance(3);
        playback.frame(0.0, 3, 100.0);
        assert_eq!(playback.landing(3), 1, "in flight to the first step");
        playback.settle(3);
        assert_eq!((playback.step, playback.tween, playback.frame(10.0, 3, 100.0)), (1, 0.0, Tick::default()));
        playback.settle(3);
        assert_eq!((playback.step, playback.landing(3)), (1, 1), "nothing in flight: the step stays");
    }

    #[test]
    fn go_to_stops_within_the_moves_and_nothing_plays_without_moves() {
        let mut playback = Playback::default();
        playback.toggle(5);
        playback.go_to(9, 5);
        assert_eq!((playback.step, playback.playing), (5, false));
        assert_eq!(playback.frame(0.0, 5, 100.0), Tick::default());
        let mut empty = Playback::default();
        assert!(!empty.toggle(0) && !empty.advance(0));
    }
}
