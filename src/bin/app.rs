//! The page (wasm32): see `puzzlelab::web::app`.

fn main() {
    #[cfg(target_arch = "wasm32")]
    puzzlelab::web::app::start();
}
