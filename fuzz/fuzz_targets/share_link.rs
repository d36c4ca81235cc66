//! Share links: decoding any fragment, and encoding any puzzle: see `checks.rs`.
#![no_main]

mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::share_link(data));
