//! The solver worker (wasm32): see `puzzlelab::web::worker`.

fn main() {
    #[cfg(target_arch = "wasm32")]
    puzzlelab::web::worker::start();
}
