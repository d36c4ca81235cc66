// Starts the solver worker: loads the wasm-bindgen glue, then the module (which posts "Ready").
// The module's exports are kept on the worker's global so that the end-to-end tests can read how
// much memory a search really took (wasm memory only grows, so its size is the peak).
importScripts("./worker.js");
self.solverModule = wasm_bindgen({ module_or_path: "./worker_bg.wasm" });
