//! The page and its solver Workers (wasm32): one module for both, see `puzzlelab::web::start`.

fn main() {
    #[cfg(target_arch = "wasm32")]
    puzzlelab::web::start();
}
