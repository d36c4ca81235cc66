//! wasm tests in headless Chromium: the worker protocol, sent through JS values as the page and
//! the worker send it.
#![cfg(target_arch = "wasm32")]

use puzzlelab::animation::Format;
use puzzlelab::families::{self, SolveOptions, Status};
use puzzlelab::search::{Flow, Stats};
use puzzlelab::web::protocol::{handle, Kept, Pixels, Reply, Request};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const KLOTSKI: &str = "baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n";

/// Sends a request through JS values, as postMessage would, and collects the replies likewise.
fn round_trip(request: &Request) -> Vec<Reply> {
    round_trip_painting(request, &|_, _, _, _| Err("nothing should be painted".into()))
}

fn round_trip_painting(request: &Request, pixels: Pixels<'_>) -> Vec<Reply> {
    let value = serde_wasm_bindgen::to_value(request).unwrap();
    let received: Request = serde_wasm_bindgen::from_value(value).unwrap();
    let mut replies = Vec::new();
    let clock = std::cell::Cell::new(0.0);
    let now = || {
        clock.set(clock.get() + 1.0);
        clock.get()
    };
    handle(received, 0.5, &now, pixels, &mut |reply| {
        let value = serde_wasm_bindgen::to_value(&reply).unwrap();
        replies.push(serde_wasm_bindgen::from_value(value).unwrap());
    });
    replies
}

/// Tables another Worker built reach this one as a JavaScript array in a message of their own,
/// and its searches read them where they read what IndexedDB kept; other messages are not such.
#[wasm_bindgen_test]
fn kept_bytes_sent_by_the_page_are_read_as_if_kept_here() {
    let bytes = js_sys::Uint8Array::from(&puzzlelab::keep::seal(vec![7u8, 1, 8, 2])[..]);
    let message = Kept { name: "web-test-entry".into(), bytes: bytes.clone() }.message();
    let read = Kept::read(&message).expect("a Kept message");
    assert_eq!(read.name, "web-test-entry");
    assert!(js_sys::Object::is(&read.bytes, &bytes), "the same array, not a copy");
    let ping = serde_wasm_bindgen::to_value(&Request::Ping { job: 1 }).unwrap();
    assert!(!Kept::receive(&ping) && !Kept::receive(&JsValue::from_str("Kept")));
    assert!(Kept::receive(&message));
    assert_eq!(puzzlelab::keep::read("web-test-entry"), Some(vec![7, 1, 8, 2]));
    assert_eq!(puzzlelab::keep::read("web-test-entry"), None, "taken by its reader, not copied");
    // Bytes damaged on the way (or in IndexedDB) are not read: the reader builds its table again.
    let mut damaged = puzzlelab::keep::seal(vec![7u8, 1, 8, 2]);
    damaged[1] ^= 1;
    assert!(Kept::receive(
        &Kept { name: "web-test-damaged".into(), bytes: js_sys::Uint8Array::from(&damaged[..]) }.message()
    ));
    assert_eq!(puzzlelab::keep::read("web-test-damaged"), None);
}

/// The page's Picture writes its caption with the same budget as `render`: a 119,400-move
/// solution's caption is the moves around the marked one, not a band taller than a canvas.
#[wasm_bindgen_test]
fn a_picture_caption_of_a_long_solution_is_bounded() {
    let moves: Vec<String> = (0..119_400).map(|i| ["N", "E", "S", "W"][i % 4].to_string()).collect();
    let caption = puzzlelab::picture::caption(&moves, 60_000);
    let characters: usize = caption.iter().map(|word| word.chars().count()).sum();
    assert!(characters <= puzzlelab::picture::MOST_CAPTION_CHARACTERS, "{characters}");
    assert!(caption.iter().any(|word| word == "60000. W ◀"));
    assert!(caption[0].starts_with("(moves 1 to ") && caption.last().unwrap().ends_with("more moves left out)"));
}

#[wasm_bindgen_test]
fn solve_gives_progress_then_the_shortest_solution() {
    let options = SolveOptions { metric: Some("piece".into()), ..SolveOptions::default() };
    let replies = round_trip(&Request::Solve { job: 4, family: "auto".into(), text: KLOTSKI.into(), options });
    assert!(matches!(replies.first(), Some(Reply::Progress { job: 4, .. })), "{replies:?}");
    match replies.last() {
        Some(Reply::Finished { job: 4, report }) => {
            assert_eq!(report.status, Status::Solved);
            assert_eq!(report.moves.len(), 81);
            assert_eq!(report.metric, "piece");
        }
        other => panic!("{other:?}"),
    }
}

/// An animation painted on the browser's own canvas (as the Worker paints it), its file carried
/// as one Uint8Array: the GIF of the article's 37 moves, a frame for the start and each move.
#[wasm_bindgen_test]
fn animate_paints_on_a_canvas_and_sends_the_file_as_bytes() {
    let text = include_str!("fixtures/sliding/article.txt");
    let puzzle = families::parse(None, text).unwrap();
    let moves = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue).unwrap().moves;
    let request = Request::Animate {
        job: 3,
        family: "auto".into(),
        text: text.into(),
        moves,
        format: Format::Gif,
        width: 280,
        height: 220,
        speed: 5.0,
    };
    let replies = round_trip_painting(&request, &puzzlelab::web::canvas::frame);
    assert!(matches!(replies.first(), Some(Reply::Animating { job: 3, done: 1, frames: 38 })), "{:?}", replies.first());
    let Some(reply @ Reply::Animated { job: 3, bytes, frames: 38, .. }) = replies.last() else {
        panic!("{:?}", replies.last())
    };
    assert_eq!(&bytes[..6], b"GIF89a");
    assert_eq!([u16::from_le_bytes([bytes[6], bytes[7]]), u16::from_le_bytes([bytes[8], bytes[9]])], [280, 220]);
    // Blank frames would make a GIF of about a kilobyte; the board and 37 moved pieces, many.
    assert!(bytes.len() > 8_000, "{} bytes", bytes.len());
    let value = serde_wasm_bindgen::to_value(reply).unwrap();
    let sent = js_sys::Reflect::get(&value, &"bytes".into()).unwrap();
    assert!(sent.is_instance_of::<js_sys::Uint8Array>(), "one typed array, not an array of numbers");
}

#[wasm_bindgen_test]
fn bad_text_fails_with_its_place() {
    let replies = round_trip(&Request::Solve {
        job: 9,
        family: "sliding".into(),
        text: "aabb\naaXd\na--\n".into(),
        options: SolveOptions::default(),
    });
    match &replies[..] {
        [Reply::Failed { job: 9, error }] => {
            assert_eq!((error.line, error.column), (2, 3));
            assert!(error.message.contains("'X' is not allowed"));
        }
        other => panic!("{other:?}"),
    }
}

#[wasm_bindgen_test]
fn a_search_stops_when_asked_and_budgets_hold() {
    let puzzle = families::parse(None, KLOTSKI).unwrap();
    let report = puzzle.solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Stop).unwrap();
    assert_eq!(report.status, Status::Cancelled);
    let options = SolveOptions { max_states: Some(500), ..SolveOptions::default() };
    let report = puzzle.solve(&options, &mut |_: &Stats| Flow::Continue).unwrap();
    assert_eq!(report.status, Status::GaveUp);
    assert_eq!(report.reason.as_deref(), Some("gave up after 500 states (the state limit)"));
}

#[wasm_bindgen_test]
fn share_links_round_trip_in_the_browser() {
    use puzzlelab::share::{decode, encode, Shared};
    let shared = Shared { step: 5, ..Shared::new("sliding", KLOTSKI) };
    assert_eq!(decode(&encode(&shared)), Ok(shared));
}

#[wasm_bindgen_test]
fn a_script_solves_the_same_in_the_browser() {
    // Jumping Cards: 14 swaps natively (src/families/script/tests.rs), and so here.
    let text = puzzlelab::examples::text("script-cards").unwrap();
    let replies = round_trip(&Request::Solve {
        job: 2,
        family: "auto".into(),
        text: text.into(),
        options: SolveOptions::default(),
    });
    match replies.last() {
        Some(Reply::Finished { report, .. }) => {
            assert_eq!(report.family, "script");
            assert_eq!(report.moves.len(), 14);
            assert!(report.stats.stored >= 1000);
        }
        other => panic!("{other:?}"),
    }
}

#[wasm_bindgen_test]
fn a_maze_svg_solves_in_the_browser_and_exports_its_solution() {
    // The 20 x 20 example: 60 moves (tests/examples.rs has the independent count).
    let text = puzzlelab::examples::text("maze-20x20").unwrap();
    let replies = round_trip(&Request::Solve {
        job: 3,
        family: "auto".into(),
        text: text.into(),
        options: SolveOptions::default(),
    });
    let Some(Reply::Finished { report, .. }) = replies.last() else { panic!("{replies:?}") };
    assert_eq!((report.family.as_str(), report.moves.len()), ("maze", 60));
    assert_eq!(
        serde_json::Value::from(report.facts.clone()),
        serde_json::json!({"cells": 61, "entrance": [0, 9], "exit": [19, 10], "height": 20, "width": 20})
    );
    let puzzle = families::parse(None, text).unwrap();
    let export = puzzle.export(&report.moves).unwrap();
    assert!(export.text.starts_with(&text[..text.rfind("</svg>").unwrap()]));
    assert_eq!(
        families::parse(None, &export.text)
            .unwrap()
            .solve(&SolveOptions::default(), &mut |_: &Stats| Flow::Continue)
            .unwrap()
            .moves,
        report.moves
    );
}
