//! Every family's reader, and detection, on any text: see `checks.rs`.
#![no_main]

mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::read_every(data));
