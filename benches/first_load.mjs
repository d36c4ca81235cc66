// The first and second visit of the built site (dist/) on an emulated 4G connection (issue 14):
// the bytes each file costs on the wire, served gzip-compressed with ETags as static hosts serve
// them, and the time from navigation to "Ready" (the solver's Worker listening), in Debian's
// Chromium driven by playwright-core. Run by `make bench` after `trunk build --release`;
// `DIST=dir` measures another build.
//
// The connection is emulated by this server, not by Chromium's network emulation, which does not
// reach a Worker's own requests: every response waits 85 ms, then shares one 9 Mbit/s link with
// the others. The second visit is a new tab in the same browser profile, where the service
// worker answers from its cache. Each figure is the best of 3 fresh profiles. Last, a script is
// opened after a first visit, which loads the page's full module. `TRACE=1` also prints each
// visit's requests, with their times from the navigation: what lies between the page and Ready.
import { createServer } from 'node:http';
import { readFileSync, existsSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.env.DIST ? path.resolve(process.env.DIST) : path.join(root, 'dist');
const LATENCY_MS = 85;
const BYTES_PER_MS = 9e6 / 8 / 1000;
const CHUNK = 16 * 1024;
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.webmanifest': 'application/manifest+json' };

/** When the emulated link is next free (ms, Date.now's clock). */
let linkFree = 0;

/** Sends `body` at the link's pace, after its latency, sharing the link with other responses. */
function paced(response, body) {
  setTimeout(function next(at = 0) {
    if (at >= body.length) return response.end();
    const chunk = body.subarray(at, at + CHUNK);
    const now = Date.now();
    linkFree = Math.max(linkFree, now) + chunk.length / BYTES_PER_MS;
    response.write(chunk);
    setTimeout(() => next(at + chunk.length), linkFree - now);
  }, LATENCY_MS);
}

/** Bytes sent per file since the last reset: what the visit cost on the wire. */
let sent = new Map();
/** The requests of the visit under way, as "ms-from-navigation path" (TRACE=1). */
const trace = { from: 0, lines: [] };
const compressed = new Map();
const server = createServer((request, response) => {
  trace.lines.push(`${String(Date.now() - trace.from).padStart(6)} ms  ${request.url}${request.headers['if-none-match'] ? ' (revalidated)' : ''}`);
  const name = decodeURIComponent(new URL(request.url, 'http://x').pathname).replace(/^\/+/, '') || 'index.html';
  const file = path.join(dist, name);
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  if (!compressed.has(file)) {
    const body = gzipSync(readFileSync(file), { level: 6 });
    compressed.set(file, { body, etag: `"${createHash('sha1').update(body).digest('hex')}"` });
  }
  // As static hosts do: revalidation by ETag, and a file unchanged costs a 304 and no body.
  const { body, etag } = compressed.get(file);
  const headers = { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'content-encoding': 'gzip', 'cache-control': 'no-cache', etag };
  const fresh = request.headers['if-none-match'] === etag;
  response.writeHead(fresh ? 304 : 200, headers);
  paced(response, fresh ? Buffer.alloc(0) : body);
  sent.set(name, (sent.get(name) || 0) + (fresh ? 0 : body.length));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}/`;

/** Waits for the status to say Ready: the app started and its solver Worker listening. */
function untilReady(page) {
  return page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Ready'), null, { timeout: 120000 });
}

/** Opens the page in `context` on the emulated connection; ms until the status says Ready. */
async function visit(context) {
  const page = await context.newPage();
  const started = Date.now();
  Object.assign(trace, { from: started, lines: [] });
  await page.goto(base);
  await untilReady(page);
  const ready = Date.now() - started;
  if (process.env.TRACE) console.log(`a visit, Ready after ${ready} ms:\n${trace.lines.join('\n')}`);
  // The service worker has cached what the next visit needs once it is active.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.close();
  return ready;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  let best = { first: Infinity, second: Infinity };
  let firstBytes = new Map();
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext();
    sent = new Map();
    const first = await visit(context);
    if (run === 0) firstBytes = sent;
    const second = await visit(context);
    best = { first: Math.min(best.first, first), second: Math.min(best.second, second) };
    await context.close();
  }
  console.log('first load: bytes on the wire (gzip) in a first visit, the service worker\'s install included');
  let total = 0;
  for (const [name, bytes] of [...firstBytes].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${name.padEnd(34)} ${bytes.toLocaleString('en').padStart(11)}`);
    total += bytes;
  }
  console.log(`  ${'total'.padEnd(34)} ${total.toLocaleString('en').padStart(11)}`);
  console.log(`first load: "Ready" on 4G (9 Mbit/s, 85 ms), best of 3: first visit ${best.first} ms, second visit ${best.second} ms`);

  // A script opened after the first visit: the page loads its full module in place, downloaded
  // then. What it costs, and the time from the choice to "Ready" with the full module.
  let bestScript = Infinity;
  let scriptBytes = new Map();
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext();
    await visit(context);
    const page = await context.newPage();
    await page.goto(base);
    await untilReady(page);
    sent = new Map();
    const started = Date.now();
    await page.selectOption('#examples', 'script-jugs');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('full/app_bg.wasm')), null, { timeout: 120000 });
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Ready'), null, { timeout: 120000 });
    bestScript = Math.min(bestScript, Date.now() - started);
    if (run === 0) scriptBytes = new Map([...sent].filter(([, bytes]) => bytes > 0));
    await context.close();
  }
  const scriptTotal = [...scriptBytes.values()].reduce((a, b) => a + b, 0);
  console.log(`a script opened after the first visit: ${[...scriptBytes].map(([name, bytes]) => `${name} ${bytes.toLocaleString('en')}`).join(', ')}; ${scriptTotal.toLocaleString('en')} bytes more, "Ready" in ${bestScript} ms (best of 3)`);
} finally {
  await browser.close();
  server.close();
}
