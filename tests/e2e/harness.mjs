// What every end-to-end file shares: the built site (dist/) served on a free port, Debian's
// Chromium driven by playwright-core, and helpers that open the page and wait for it.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const dist = path.join(root, 'dist');
export const shots = path.join(root, 'target', 'e2e');
/// A port no other server on this machine holds now: the test files run side by side.
export async function freePort() {
  const probe = net.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/// Serves `dir` on `port` and waits until it answers; the server is returned, to be stopped.
export async function serve(dir, port) {
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', dir], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return server;
}

const port = await freePort();
export const base = `http://127.0.0.1:${port}/`;
let server;
let browser;

export const ARTICLE = 'aabb\naacd\n  cd\neffh\neggi\na--\n';
// The article maze after its 37 moves, as the page's text view shows it (checked by the
// native tests, which replay the moves through the rules).
export const pieceLetters = (s) => s.replace(/[^a-z]/g, '').split('').sort().join('');

/// Serves dist/ and starts Chromium before a file's tests, and ends both after them.
export function useBrowser() {
  before(async () => {
    mkdirSync(shots, { recursive: true });
    server = await serve(dist, port);
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-quic'],
    });
  });

  after(async () => {
    await browser?.close();
    server?.kill();
  });
}

/// Opens `url` in a new browser context (fresh storage), or in `context` (a second tab, sharing its
/// storage: a later visit by the same person).
export async function openPage(url = base, context = undefined, options = { viewport: { width: 1200, height: 900 } }) {
  if (!context) {
    context = await browser.newContext({ ...options, acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
  }
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  await page.goto(url);
  await untilStarted(page);
  return { page, problems, context };
}

/// The page is usable once the app has started and heard from its worker: typing before the
/// app listens to the text area would be lost (this raced once in the malformed-puzzle test).
export async function untilStarted(page) {
  await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Loading'), null, { timeout: 30000 });
}

/// Opens a page, runs `check` on it, and fails on any page error or console error it logged.
export async function inPage(url, check) {
  if (typeof url === 'function') {
    [url, check] = [base, url];
  }
  const { page, problems, context } = await openPage(url);
  try {
    await check(page);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
}

export async function setText(page, text) {
  await page.fill('#puzzle-text', text);
}

/// How many Workers `page` has once it has `n` (waiting 5 s at most): a Worker restarted after a
/// search is not there at once.
export async function workersOnce(page, n) {
  for (let i = 0; i < 50 && page.workers().length !== n; i++) await page.waitForTimeout(100);
  return page.workers().length;
}

/// The levels of an XSB collection (`tests/fixtures/sokoban/xsokoban.xsb`), each its board's
/// lines alone with a final newline, in order: the 17th is `xsbLevels(text)[16]`.
export const xsbLevels = (text) => text.split(/\n(?=; \d)|\n\s*\n/)
  .map((block) => block.split('\n').filter((line) => line.includes('#') && !line.startsWith(';')).join('\n'))
  .filter((level) => level)
  .map((level) => `${level}\n`);

/// As a paste does: the whole text at once. Playwright's fill goes through the browser's editing
/// (15 to 30 s for a 16 KB file of 1,800 lines here, minutes on a megabyte).
export const paste = (page, text) => page.evaluate((t) => {
  const area = document.querySelector('#puzzle-text');
  area.value = t;
  area.dispatchEvent(new Event('input', { bubbles: true }));
}, text);

export const status = (page) => page.textContent('#status');

/// Waits until `selector`'s text `test`s (`startsWith`, `includes`) `arg`; on a timeout, says
/// what the page said instead: the texts of `shown`.
async function waitForText(page, selector, test, arg, timeout, shown) {
  try {
    await page.waitForFunction(
      ([selector, test, arg]) => document.querySelector(selector).textContent[test](arg),
      [selector, test, arg],
      { timeout },
    );
  } catch (error) {
    for (const [name, at] of shown) error.message += `; the ${name} was: ${await page.textContent(at).catch(() => '(gone)')}`;
    throw error;
  }
}

/// Waits for the status line to start with `prefix`.
export async function waitForStatus(page, prefix, timeout = 30000) {
  await waitForText(page, '#status', 'startsWith', prefix, timeout, [['status', '#status']]);
}

/// Clicks `selector` and waits until the status line has started with `prefix`, however briefly:
/// a status a Worker's first progress report replaces within a frame is still seen, since every
/// text the line shows from the click on is recorded as it is set.
export async function clickAndSee(page, selector, prefix, timeout = 30000) {
  await page.evaluate(() => {
    window.statusesSeen = [];
    if (window.statusWatch) return;
    const line = document.querySelector('#status');
    window.statusWatch = new MutationObserver(() => window.statusesSeen.push(line.textContent));
    window.statusWatch.observe(line, { childList: true, characterData: true, subtree: true });
  });
  await page.click(selector);
  try {
    await page.waitForFunction((p) => window.statusesSeen.some((s) => s.startsWith(p)), prefix, { timeout });
  } catch (error) {
    error.message += `; the status said: ${JSON.stringify(await page.evaluate(() => window.statusesSeen))}`;
    throw error;
  }
}

/// The page's address once it has stayed the same for 600 ms.
async function settled(page) {
  for (let link = page.url(); ;) {
    await page.waitForTimeout(600);
    if (page.url() === link) return link;
    link = page.url();
  }
}

/// The page's address after `change` (a paste, a choice): once it differs from the address
/// before and has settled. The page writes its first example's address a moment after it
/// opens, later while it is busy: the address before is taken once that one is written and has
/// settled (taken sooner, the first example's link was taken for the change's).
export async function addressAfter(page, change) {
  await page.waitForFunction(() => location.hash.length > 1, null, { timeout: 30000 });
  const before = await settled(page);
  await change();
  await page.waitForFunction((b) => location.href !== b, before, { timeout: 30000 });
  return settled(page);
}

/// Waits for the page to have loaded its full module in place (no navigation: the same
/// document, at the same address) and for that to be ready.
export async function waitForFullModule(page) {
  const address = page.url().replace(/#.*/, '');
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('full/app_bg.wasm')), null, { timeout: 30000 });
  await untilStarted(page);
  assert.equal(page.url().replace(/#.*/, ''), address, 'the page did not move');
}

/// Waits for the error under the text to say `part`.
export async function waitForError(page, part, timeout = 30000) {
  await waitForText(page, '#error', 'includes', part, timeout, [['error', '#error'], ['status', '#status']]);
}

/// Waits for a brief notice (a copy, a save) under the status, which it leaves alone.
export async function waitForNotice(page, prefix, timeout = 30000) {
  await page.waitForFunction((p) => document.querySelector('#notice').textContent.startsWith(p), prefix, { timeout });
}
