// Starts the solver worker: loads the wasm-bindgen glue, then the module (which posts "Ready").
importScripts("./worker.js");
wasm_bindgen({ module_or_path: "./worker_bg.wasm" });
