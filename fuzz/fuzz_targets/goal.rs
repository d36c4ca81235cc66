//! Any goal line under a small sliding board: see `checks.rs`.
#![no_main]

mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::goal(data));
