//! The browser front end: the page, the solver worker, and the messages between them.
//!
//! `protocol`, `split`, `history`, `playback` and `markdown` are plain data and also compile natively
//! (their tests run everywhere); the rest is wasm32 only.
//!
//! The page and its Workers run one and the same module: the browser downloads and
//! compiles it once, for the page, which hands the compiled module to each Worker it starts
//! (`solver.rs`, `www/worker_loader.js`). `start` then tells the two apart.

pub mod history;
pub mod markdown;
pub mod playback;
pub mod protocol;
pub mod split;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod canvas;
#[cfg(target_arch = "wasm32")]
pub mod kept;
#[cfg(all(target_arch = "wasm32", feature = "js"))]
pub mod sandbox;
#[cfg(target_arch = "wasm32")]
pub mod solver;
#[cfg(target_arch = "wasm32")]
pub mod worker;

/// Starts the page, or a solver Worker when the module runs in one (it has no window).
#[cfg(target_arch = "wasm32")]
pub fn start() {
    if web_sys::window().is_some() {
        app::start();
    } else {
        worker::start();
    }
}

#[cfg(test)]
mod tests {
    /// The sandbox's frame carries one policy twice: in its document's `<meta>` and in the
    /// iframe's `csp` attribute (`sandbox.rs`), which holds it on any document the frame loads.
    #[test]
    fn the_sandbox_policy_is_the_same_in_the_frame_and_its_document() {
        let rust = include_str!("sandbox.rs");
        let html = include_str!("../../www/sandbox.html");
        let declared = rust.split("pub const POLICY: &str =").nth(1);
        let policy = declared.and_then(|rest| rest.split('"').nth(1));
        let policy = policy.expect("sandbox.rs names its POLICY");
        assert!(policy.starts_with("default-src 'none';"));
        assert!(html.contains(&format!("content=\"{policy}\"")), "the document's policy is {policy}");
    }
}
