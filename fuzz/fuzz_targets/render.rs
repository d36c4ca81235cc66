//! A picture of any puzzle at any step of its answer: see `checks.rs`.
#![no_main]

mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::render(data));
