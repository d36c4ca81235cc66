//! The browser front end: the page, the solver worker, and the messages between them.
//!
//! `protocol` is plain data and also compiles natively (its tests run everywhere); the rest is
//! wasm32 only.

pub mod protocol;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod canvas;
#[cfg(target_arch = "wasm32")]
pub mod kept;
#[cfg(target_arch = "wasm32")]
pub mod worker;
