// Starts a solver Worker (a module Worker) with the page's own wasm module: the page's first
// message carries the module, already compiled, and the URL of its JavaScript glue, so nothing is
// downloaded or compiled twice. The module then sees it has no window and starts the solver,
// which posts "Ready" once it listens. Its exports are kept on the worker's global so that the
// end-to-end tests can read how much memory a search really took (wasm memory only grows, so its
// size is the peak). A start that fails is thrown again outside the promise, where it reaches
// the page as the Worker's error event (a rejected promise alone would leave the page waiting).
self.onmessage = (event) => {
  self.onmessage = null;
  const { glue, module } = event.data;
  self.solverModule = import(glue).then((bindings) => bindings.default({ module_or_path: module }));
  self.solverModule.catch((error) => setTimeout(() => { throw error; }));
};
