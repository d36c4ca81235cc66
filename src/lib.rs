//! puzzlelab: a puzzle-solving playground.
//!
//! The layers, from the bottom up (arrows point down, see ARCHITECTURE.md):
//! - [`search`]: the generic engine (BFS, A*, IDA*, DFS, bidirectional BFS) over a [`search::Space`].
//! - [`families`]: one folder per puzzle family: its text format, rules, drawing and editing.
//! - [`draw`], [`replay`], [`share`], [`animation`], [`picture`]: the drawing API, replays as
//!   text, share links, replays as animated GIFs, and positions as SVG pictures (rasterized by
//!   `render` natively);
//!   [`random`], [`keep`] and [`memory`]: seeded randomness, bytes kept between runs, and the
//!   memory a search may take.
//! - `cli` (native) and `web` (the page and the worker, wasm32) are the front ends.

pub mod animation;
pub mod contract;
pub mod draw;
pub mod examples;
pub mod families;
pub mod keep;
pub mod memory;
pub mod midend;
pub mod picture;
pub mod random;
#[cfg(not(target_arch = "wasm32"))]
pub mod render;
pub mod replay;
pub mod search;
pub mod share;
pub mod web;

#[cfg(not(target_arch = "wasm32"))]
pub mod cli;
