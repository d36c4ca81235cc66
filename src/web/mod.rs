//! The browser front end: the page, the solver worker, and the messages between them.
//!
//! `protocol` and `split` are plain data and also compile natively (their tests run
//! everywhere); the rest is wasm32 only.

pub mod protocol;
pub mod split;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod canvas;
#[cfg(target_arch = "wasm32")]
pub mod kept;
#[cfg(target_arch = "wasm32")]
pub mod solver;
#[cfg(target_arch = "wasm32")]
pub mod worker;
