//! The LM-Solve readers on any text, the first byte choosing the variant: see `checks.rs`.
#![no_main]

mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::read_lmsolve(data));
