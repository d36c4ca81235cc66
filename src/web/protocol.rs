//! The messages between the page and the worker: the only contract between them (ARCHITECTURE.md, "The page").
//! Sent as JS values through serde-wasm-bindgen.

use crate::animation::Format;
use crate::families::analysis::AnalysisReport;
use crate::families::{self, Difficulty, FormatError, NewGame, Puzzle, Report, SolveOptions};
use crate::search::{Flow, Stats};
use serde::{Deserialize, Serialize};
use std::cell::RefCell;
use std::rc::Rc;
#[cfg(target_arch = "wasm32")]
use wasm_bindgen::{JsCast, JsValue};

/// Page -> worker.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Request {
    /// Solve `text` as `family` ("auto" to detect). Cancel is done by ending the worker.
    Solve { job: u32, family: String, text: String, options: SolveOptions },
    /// Explore the whole space of `text` (Analyse), with progress like a solve.
    Analyse { job: u32, family: String, text: String, options: SolveOptions },
    /// Trace the positions along `moves` of `text` (a script the page must not run itself:
    /// [`crate::families::Family::runs_sandboxed`]), answered with `Traced`.
    Trace { job: u32, family: String, text: String, moves: Vec<String> },
    /// Make a new game of `family` at `difficulty` from `seed` (`Family::new_game`), answered
    /// with `Made`.
    NewGame { job: u32, family: String, difficulty: Difficulty, seed: u64 },
    /// Answered with `Pong` at once, with the same number: a Worker that answers is not
    /// searching (the page numbers its pings by the work it has given that Worker).
    Ping { job: u32 },
    /// Make the solution `moves` of `text` into an animation in `format`, each frame `width` x
    /// `height` pixels, its steps at the replay's `speed`; painted and encoded in the Worker so
    /// the page never waits on it.
    Animate {
        job: u32,
        family: String,
        text: String,
        moves: Vec<String>,
        format: Format,
        width: u16,
        height: u16,
        speed: f64,
    },
}

/// Bytes a Worker built and kept under `name` (pattern tables, [`crate::keep`]), on their way
/// to the page and from there to the other Workers, so each table is built once, not once per
/// Worker. Both ways the message is `{type: "Kept", name, bytes}`, made and read by hand rather
/// than as a [`Request`] or [`Reply`]: `bytes` stays a JavaScript array, which a Worker can
/// transfer and the page forwards without copying it into its own memory (serde-wasm-bindgen
/// passes a JavaScript value through a struct, but not through an internally tagged enum).
#[cfg(target_arch = "wasm32")]
#[derive(Debug, Clone)]
pub struct Kept {
    pub name: String,
    pub bytes: js_sys::Uint8Array,
}

#[cfg(target_arch = "wasm32")]
impl Kept {
    const TYPE: &'static str = "Kept";

    pub fn message(&self) -> JsValue {
        let message = js_sys::Object::new();
        for (key, value) in [
            ("type", JsValue::from_str(Kept::TYPE)),
            ("name", JsValue::from_str(&self.name)),
            ("bytes", self.bytes.clone().into()),
        ] {
            let _ = js_sys::Reflect::set(&message, &key.into(), &value);
        }
        message.into()
    }

    /// The kept bytes `message` carries; None when it is another message.
    pub fn read(message: &JsValue) -> Option<Kept> {
        let field = |key: &str| js_sys::Reflect::get(message, &key.into()).ok();
        if field("type")?.as_string()? != Kept::TYPE {
            return None;
        }
        Some(Kept { name: field("name")?.as_string()?, bytes: field("bytes")?.dyn_into().ok()? })
    }

    /// In a Worker: `message`, when it carries kept bytes, is kept for this Worker's searches to
    /// read as they read what IndexedDB kept ([`crate::keep::read`]); true when it was such.
    pub fn receive(message: &JsValue) -> bool {
        let Some(kept) = Kept::read(message) else { return false };
        crate::keep::preload(vec![(kept.name, kept.bytes.to_vec())]);
        true
    }
}

/// Worker -> page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum Reply {
    /// The worker has loaded and listens; messages sent before this are lost.
    Ready,
    Progress {
        job: u32,
        stats: Stats,
    },
    /// Solutions found since the last message, while a search that lists them goes on.
    Found {
        job: u32,
        solutions: Vec<Vec<String>>,
    },
    /// The search ended: solved, no solution, or gave up (see `report.status`).
    Finished {
        job: u32,
        report: Report,
    },
    /// Analyse ended (complete, gave up or cancelled: see `report.status`).
    Analysed {
        job: u32,
        report: AnalysisReport,
    },
    /// The puzzle or the options could not be used; `error` points into the text when it can.
    Failed {
        job: u32,
        error: FormatError,
    },
    /// The answer to `NewGame`.
    Made {
        job: u32,
        family: String,
        difficulty: Difficulty,
        game: NewGame,
    },
    /// The answer to `Ping`.
    Pong {
        job: u32,
    },
    /// The answer to `Trace`: the trace of `text` (JSON, for `Family::learn`), or why the
    /// script could not be read.
    Traced {
        job: u32,
        text: String,
        said: Result<String, FormatError>,
    },
    /// An animation has `done` of its `frames` frames.
    Animating {
        job: u32,
        done: usize,
        frames: usize,
    },
    /// The animation's file; `note` says when its steps were thinned ("" when not).
    Animated {
        job: u32,
        #[serde(with = "serde_bytes")]
        bytes: Vec<u8>,
        frames: usize,
        note: String,
    },
}

/// The largest reply a sandboxed Worker may send the page, in bytes (the frame checks it, and the
/// page again before it reads a byte): a trace of a long solution with large shown positions
/// fits well within it, and a script that makes more cannot freeze the page.
pub const MAX_REPLY_BYTES: usize = 16 << 20;

#[cfg(feature = "js")]
impl Reply {
    /// The reply as the bytes a sandboxed Worker sends (JSON); one larger than
    /// [`MAX_REPLY_BYTES`] becomes a `Failed` that says so, for the job it answered.
    pub fn to_bytes(&self) -> Vec<u8> {
        let bytes = serde_json::to_vec(self).unwrap_or_default();
        if bytes.len() <= MAX_REPLY_BYTES {
            return bytes;
        }
        let said = format!(
            "the answer was {:.1} MB, more than the {} MB a reply may carry to the page",
            bytes.len() as f64 / 1_048_576.0,
            MAX_REPLY_BYTES >> 20
        );
        let error = FormatError::general(said);
        let reply = match self {
            Reply::Traced { job, text, .. } => Reply::Traced { job: *job, text: text.clone(), said: Err(error) },
            _ => Reply::Failed { job: self.job().unwrap_or(0), error },
        };
        serde_json::to_vec(&reply).unwrap_or_default()
    }

    /// A reply from the bytes [`Reply::to_bytes`] wrote (their size is checked before they are
    /// copied out of the message: `sandbox::reply_bytes`).
    pub fn from_bytes(bytes: &[u8]) -> Result<Reply, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }

    /// The job the reply answers (None for `Ready`).
    pub fn job(&self) -> Option<u32> {
        match self {
            Reply::Ready => None,
            Reply::Progress { job, .. }
            | Reply::Found { job, .. }
            | Reply::Finished { job, .. }
            | Reply::Analysed { job, .. }
            | Reply::Failed { job, .. }
            | Reply::Made { job, .. }
            | Reply::Pong { job }
            | Reply::Traced { job, .. }
            | Reply::Animating { job, .. }
            | Reply::Animated { job, .. } => Some(*job),
        }
    }
}

impl Request {
    /// The text the request reads (None for a ping).
    pub fn text(&self) -> Option<&str> {
        match self {
            Request::Solve { text, .. }
            | Request::Analyse { text, .. }
            | Request::Trace { text, .. }
            | Request::Animate { text, .. } => Some(text),
            Request::Ping { .. } | Request::NewGame { .. } => None,
        }
    }
}

/// Paints step `step` of the solution `moves` of a puzzle as `width` x `height` RGBA pixels: a
/// canvas in the Worker, resvg in native tests.
pub type Pixels<'a> = &'a dyn Fn(&dyn Puzzle, &[String], usize, (u16, u16)) -> Result<Vec<u8>, String>;

/// A puzzle kept with the family and text it was read from.
type ReadFrom = (String, String, Rc<dyn Puzzle>);

thread_local! {
    /// The puzzle this Worker last read, by its family and text.
    static LAST_READ: RefCell<Option<ReadFrom>> = const { RefCell::new(None) };
}

/// The puzzle `text` reads as: the one this Worker last read if the text is the same. A round
/// of a search shared among Workers has many parts, and reading a script runs it (on the
/// 15-puzzle in JavaScript, about 290 parts on 2 Workers, reading each afresh made the search
/// 0.4 s slower, 8%); and a script read again is new code to the browser's compiler, whose
/// warming up made each of the first two solves of the 8-puzzle as a new user writes it a third
/// slower than the next.
fn parsed(family: &str, text: &str) -> Result<Rc<dyn Puzzle>, FormatError> {
    let same = |(f, t, _): &ReadFrom| f == family && t == text;
    if let Some(kept) = LAST_READ.with_borrow(|kept| kept.as_ref().filter(|kept| same(kept)).map(|kept| kept.2.clone()))
    {
        return Ok(kept);
    }
    let puzzle: Rc<dyn Puzzle> = families::parse(Some(family), text)?.into();
    LAST_READ.with_borrow_mut(|kept| *kept = Some((family.to_string(), text.to_string(), puzzle.clone())));
    Ok(puzzle)
}

/// Runs one request to the end, calling `post` with progress and the final reply. `now_ms`
/// is a clock, used to send progress at most every `every_ms`; `pixels` paints an animation's
/// frames.
pub fn handle(
    request: Request,
    every_ms: f64,
    now_ms: &dyn Fn() -> f64,
    pixels: Pixels<'_>,
    post: &mut dyn FnMut(Reply),
) {
    let (Request::Solve { job, ref family, ref text, .. }
    | Request::Analyse { job, ref family, ref text, .. }
    | Request::Animate { job, ref family, ref text, .. }) = request
    else {
        match request {
            Request::Ping { job } => post(Reply::Pong { job }),
            Request::NewGame { job, family, difficulty, seed } => {
                match families::family(&family).and_then(|f| f.new_game(difficulty, seed)) {
                    Some(game) => post(Reply::Made { job, family, difficulty, game }),
                    None => post(Reply::Failed {
                        job,
                        error: FormatError::general(format!("no new {family} game could be made")),
                    }),
                }
            }
            Request::Trace { job, family, text, moves } => {
                let said = families::parse(Some(&family), &text).and_then(|puzzle| {
                    puzzle.trace(&moves).unwrap_or_else(|| Err(FormatError::general("this puzzle is not traced")))
                });
                post(Reply::Traced { job, text, said });
            }
            _ => {}
        }
        return;
    };
    let puzzle = match parsed(family, text) {
        Ok(puzzle) => puzzle,
        Err(error) => return post(Reply::Failed { job, error }),
    };
    let mut last = now_ms();
    // Progress at most every `every_ms`.
    let mut due = || {
        let now = now_ms();
        let due = now - last >= every_ms;
        if due {
            last = now;
        }
        due
    };
    match request {
        Request::Analyse { options, .. } => {
            let result = puzzle.analyse(&options, &mut |stats: &Stats| {
                if due() {
                    post(Reply::Progress { job, stats: *stats });
                }
                Flow::Continue
            });
            match result {
                Ok(report) => post(Reply::Analysed { job, report }),
                Err(error) => post(Reply::Failed { job, error }),
            }
        }
        Request::Ping { .. } | Request::Trace { .. } | Request::NewGame { .. } => {}
        Request::Animate { moves, format, width, height, speed, .. } => {
            let mut picture = |step| {
                pixels(puzzle.as_ref(), &moves, step, (width, height))
                    .map(|rgba| (u32::from(width), u32::from(height), rgba))
            };
            let made = crate::animation::make(format, speed, moves.len(), &mut picture, &mut |done, frames| {
                if due() || done == frames {
                    post(Reply::Animating { job, done, frames });
                }
            });
            match made {
                Ok(made) => post(Reply::Animated { job, bytes: made.bytes, frames: made.frames, note: made.note }),
                Err(message) => post(Reply::Failed { job, error: FormatError::general(message) }),
            }
        }
        Request::Solve { options, .. } => {
            // A family that cannot split would search everything in every part.
            if let Err(error) = options.part(&puzzle.capabilities()) {
                return post(Reply::Failed { job, error });
            }
            let found = std::cell::RefCell::new(Vec::new());
            let result = puzzle.solve_streaming(
                &options,
                &mut |stats: &Stats| {
                    if due() {
                        let solutions = std::mem::take(&mut *found.borrow_mut());
                        if !solutions.is_empty() {
                            post(Reply::Found { job, solutions });
                        }
                        post(Reply::Progress { job, stats: *stats });
                    }
                    Flow::Continue
                },
                &mut |solution: &[String]| found.borrow_mut().push(solution.to_vec()),
            );
            match result {
                Ok(report) => post(Reply::Finished { job, report }),
                Err(error) => post(Reply::Failed { job, error }),
            }
        }
    }
}

/// The painter of tests whose requests paint nothing.
#[cfg(test)]
pub(crate) fn no_pictures(_: &dyn Puzzle, _: &[String], _: usize, _: (u16, u16)) -> Result<Vec<u8>, String> {
    Err("nothing should be painted".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::families::Status;

    const KLOTSKI: &str = "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n";

    /// Paints as the command line does (the family's SVG, rasterized).
    #[cfg(not(target_arch = "wasm32"))]
    fn rendered(
        puzzle: &dyn Puzzle,
        moves: &[String],
        step: usize,
        (width, height): (u16, u16),
    ) -> Result<Vec<u8>, String> {
        let svg =
            crate::picture::svg(puzzle, moves, step, (f64::from(width), f64::from(height)), &[], crate::picture::FONT);
        crate::render::rgba(&svg).map(|(_, _, rgba)| rgba)
    }

    /// The replies to `request`, on a clock that ticks a millisecond each time it is read.
    fn replies_to(request: Request, every_ms: f64) -> Vec<Reply> {
        let mut replies = Vec::new();
        let clock = std::cell::Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 1.0);
            clock.get()
        };
        handle(request, every_ms, &now, &no_pictures, &mut |r| replies.push(r));
        replies
    }

    #[test]
    fn solve_yields_progress_then_the_report() {
        let request =
            Request::Solve { job: 7, family: "auto".into(), text: KLOTSKI.into(), options: SolveOptions::default() };
        let replies = replies_to(request, 1.0);
        assert!(replies.len() >= 2, "{replies:?}");
        assert!(matches!(replies[0], Reply::Progress { job: 7, .. }));
        match replies.last().unwrap() {
            Reply::Finished { job: 7, report } => {
                assert_eq!(report.status, Status::Solved);
                assert_eq!(report.moves.len(), 116);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn listed_solutions_stream_before_the_end() {
        // I and O tetrominoes on a 4 x 20 strip, used freely: no symmetry to break, many listed tilings,
        // enough search for progress (every 16k nodes) to carry some of them early.
        let text = format!("pieces: I4 O4\neach: any\n{}\n", ["...................."; 4].join("\n"));
        let options =
            SolveOptions { mode: crate::families::SolveMode::All, distinct: false, ..SolveOptions::default() };
        let request = Request::Solve { job: 2, family: "tiling".into(), text, options };
        let mut replies = Vec::new();
        handle(request, 0.0, &|| 1.0, &no_pictures, &mut |r| replies.push(r));
        let streamed: usize =
            replies.iter().map(|r| if let Reply::Found { solutions, .. } = r { solutions.len() } else { 0 }).sum();
        let Some(Reply::Finished { report, .. }) = replies.last() else { panic!("{replies:?}") };
        assert!(streamed > 0, "some tilings arrive before the end");
        assert!(streamed <= report.solutions.len());
        let first_found = replies.iter().find_map(|r| {
            if let Reply::Found { solutions, .. } = r {
                Some(solutions[0].clone())
            } else {
                None
            }
        });
        assert_eq!(first_found.as_ref(), report.solutions.first(), "in the order of the final list");
    }

    #[test]
    fn analyse_yields_progress_then_the_analysis() {
        let request =
            Request::Analyse { job: 4, family: "auto".into(), text: KLOTSKI.into(), options: SolveOptions::default() };
        let replies = replies_to(request, 0.5);
        assert!(matches!(replies[0], Reply::Progress { job: 4, .. }), "{replies:?}");
        match replies.last() {
            Some(Reply::Analysed { job: 4, report }) => {
                assert_eq!((report.positions, report.shortest), (25_955, Some(116)))
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn bad_text_fails_with_a_place() {
        let request = Request::Solve {
            job: 1,
            family: "sliding".into(),
            text: "ab\nA\n?(\n".into(),
            options: SolveOptions::default(),
        };
        let mut replies = Vec::new();
        handle(request, 100.0, &|| 0.0, &no_pictures, &mut |r| replies.push(r));
        match &replies[..] {
            [Reply::Failed { job: 1, error }] => assert_eq!((error.line, error.column), (2, 1)),
            other => panic!("{other:?}"),
        }
    }

    /// An animation of Klotski's 116 moves: progress by frame, then the file, whose frames are
    /// the start and every step; a size the painter does not paint fails with a sentence.
    #[test]
    #[cfg(not(target_arch = "wasm32"))]
    fn animate_yields_progress_then_the_file() {
        let puzzle = families::parse(None, KLOTSKI).unwrap();
        let moves = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap().moves;
        let animate = |width| Request::Animate {
            job: 5,
            family: "auto".into(),
            text: KLOTSKI.into(),
            moves: moves.clone(),
            format: Format::Apng,
            width,
            height: 110,
            speed: 10.0,
        };
        let mut replies = Vec::new();
        handle(animate(140), 0.0, &|| 1.0, &rendered, &mut |r| replies.push(r));
        assert_eq!(replies.len(), 118, "a progress reply a frame, then the file");
        assert_eq!(replies[0], Reply::Animating { job: 5, done: 1, frames: 117 });
        assert_eq!(replies[116], Reply::Animating { job: 5, done: 117, frames: 117 });
        let Some(Reply::Animated { job: 5, bytes, frames: 117, note }) = replies.last() else {
            panic!("{:?}", replies.last())
        };
        assert_eq!(note, "");
        let (format, width, height, shown) = crate::animation::decode(bytes).unwrap();
        assert_eq!((format, width, height, shown.len()), (Format::Apng, 140, 110, 117));
        assert_eq!(shown[116].rgba[..], rendered(puzzle.as_ref(), &moves, 116, (140, 110)).unwrap()[..]);

        let mut replies = Vec::new();
        handle(animate(140), 0.0, &|| 1.0, &no_pictures, &mut |r| replies.push(r));
        match &replies[..] {
            [Reply::Failed { job: 5, error }] => assert_eq!(error.message, "nothing should be painted"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_ping_is_answered_at_once() {
        assert_eq!(replies_to(Request::Ping { job: 9 }, 0.0), [Reply::Pong { job: 9 }]);
    }

    #[test]
    fn a_new_game_is_made_or_refused_in_words() {
        let asked =
            |family: &str| Request::NewGame { job: 4, family: family.into(), difficulty: Difficulty::Easy, seed: 1 };
        match &replies_to(asked("npuzzle"), 0.0)[..] {
            [Reply::Made { job: 4, family, difficulty: Difficulty::Easy, game }] => {
                assert_eq!(family, "npuzzle");
                assert_eq!(Some(game.clone()), families::family("npuzzle").unwrap().new_game(Difficulty::Easy, 1));
            }
            other => panic!("{other:?}"),
        }
        match &replies_to(asked("sokoban"), 0.0)[..] {
            [Reply::Failed { job: 4, error }] => assert_eq!(error.message, "no new sokoban game could be made"),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn messages_round_trip_as_json() {
        let reply = Reply::Progress { job: 3, stats: Stats { explored: 5, ..Stats::default() } };
        let json = serde_json::to_string(&reply).unwrap();
        assert!(json.contains("\"type\":\"Progress\""), "{json}");
        assert_eq!(serde_json::from_str::<Reply>(&json).unwrap(), reply);
    }
}
