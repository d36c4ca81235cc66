//! The native command-line tool: `puzzlelab solve FILE`, `puzzlelab formats`.

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(puzzlelab::cli::main());
}

#[cfg(target_arch = "wasm32")]
fn main() {}
