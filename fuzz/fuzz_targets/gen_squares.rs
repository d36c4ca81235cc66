//! Puzzles built from the fuzzer's bytes (see `generated.rs`), through the `solve` checks.
#![no_main]

mod checks;
mod generated;

libfuzzer_sys::fuzz_target!(|board: generated::Squares| {
    if let Some(text) = board.text() {
        generated::check(&text);
    }
});
