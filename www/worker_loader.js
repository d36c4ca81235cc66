// Starts a solver Worker (a module Worker) with the page's own wasm module. The page compiles
// this text in (src/web/solver.rs) and starts each Worker from a blob URL of it, so a Worker
// needs no file of its own. The page's first message carries the module, already compiled, and
// the URL of its JavaScript glue, so nothing is downloaded or compiled twice. The module then
// sees it has no window and starts the solver, which posts "Ready" once it listens. Its exports
// are kept on the worker's global so that the end-to-end tests can read how much memory a search
// really took (wasm memory only grows, so its size is the peak). A start that fails is thrown
// again outside the promise, where it reaches the page as the Worker's error event (a rejected
// promise alone would leave the page waiting).
//
// In the sandbox (src/web/sandbox.rs) the first message also carries a private channel, left on
// the global for the solver to take (and remove) as it starts; nothing else runs before. The
// exports are then kept nowhere a script could look.
self.onmessage = (event) => {
  self.onmessage = null;
  const { glue, module, port } = event.data;
  if (port) self.puzzlelabPort = port;
  const started = glueAt(glue).then((bindings) => bindings.default({ module_or_path: module }));
  if (!port) self.solverModule = started;
  started.catch((error) => setTimeout(() => { throw error; }));
};

// Trunk's content hash in a name: such a file never changes (the service worker's rule too).
const HASHED = /-[0-9a-f]{8,}(_bg)?\.(js|wasm|css)$/;

// The glue, imported. A hashed glue is read from the browser's cache, where the page's own load
// has just put it, and imported from a blob: imported from its URL it would be revalidated with
// its host first (hosts serve it `no-cache`), a round trip on the way to Ready. A glue without
// a hash (the full module's) could be an older release's in the cache, so it is imported as is.
async function glueAt(url) {
  if (!HASHED.test(new URL(url).pathname)) return import(url);
  const response = await fetch(url, { cache: 'force-cache' });
  if (!response.ok) throw new Error(`the solver's code answered ${response.status}`);
  const blob = URL.createObjectURL(new Blob([await response.blob()], { type: 'text/javascript' }));
  return import(blob).finally(() => URL.revokeObjectURL(blob));
}
