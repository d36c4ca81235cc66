// puzzlelab's service worker: the app keeps working with no network (issue 14).
//
// Files whose names carry Trunk's content hash (app-<hash>.js, app-<hash>_bg.wasm,
// style-<hash>.css) never change, so they are served from the cache first. Everything else (the
// page itself, whose links name the hashed files of the current release, and what installing
// the app needs) is fetched from the network first and kept; the cached copy answers only when
// the network does not. (The solver Workers' loader is compiled into the module.) So a visit
// online always runs one release (never an old worker next to a new page), and a visit offline
// runs the last release seen online.
// Installing caches the page and everything it names, so even the first visit leaves the app
// ready for the next one offline. The full module (full.html and full/: scripts, LM-Solve) is
// loaded only when a puzzle needs it, and kept from then on (network first, like the page).

const CACHE = 'puzzlelab-3';
const INSTALL_FILES = ['manifest.webmanifest', 'icon.svg'];
const HASHED = /-[0-9a-f]{8,}(_bg)?\.(js|wasm|css)$/;

const scope = () => new URL(self.registration.scope);
const pageKey = () => scope().href;

/// The same-origin files a page names in href="…" and src="…".
function linkedFiles(html) {
  const files = [];
  for (const match of html.matchAll(/(?:href|src)="([^"]+)"/g)) {
    const url = new URL(match[1], scope());
    if (url.origin === self.location.origin && url.protocol.startsWith('http')) files.push(url.href);
  }
  return files;
}

/// Drops hashed files of older releases: those the current page no longer names.
async function prune(cache, html) {
  const named = new Set(linkedFiles(html));
  for (const request of await cache.keys()) {
    if (HASHED.test(new URL(request.url).pathname) && !named.has(request.url)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const page = await fetch(pageKey(), { cache: 'no-cache' });
    if (!page.ok) throw new Error(`the page answered ${page.status}`);
    const html = await page.clone().text();
    await cache.put(pageKey(), page);
    const files = new Set([...linkedFiles(html), ...INSTALL_FILES.map((f) => new URL(f, scope()).href)]);
    await cache.addAll([...files]);
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) {
      await cache.put(key, response.clone());
      if (key === pageKey()) await prune(cache, await response.clone().text());
    }
    return response;
  } catch (offline) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw offline;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Every link into the app (a shared puzzle in the address) is one of its two pages: the
    // full module's (full.html, kept once it has been opened online) or the page.
    const full = new URL('full.html', scope());
    event.respondWith(networkFirst(request, url.pathname === full.pathname ? full.href : pageKey()));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request, request.url));
  }
});
