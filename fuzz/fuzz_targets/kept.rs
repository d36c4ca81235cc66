//! Kept bytes as they come back: see `checks.rs`.
#![no_main]

mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::kept(data));
