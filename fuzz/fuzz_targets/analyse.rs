//! Analyse under a small budget, its shortest solution replayed: see `checks.rs`.
#![no_main]

mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::analyse(data));
