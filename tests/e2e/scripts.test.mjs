// Rules written in JavaScript, in the page (issue 46): they run only in the sandbox's Workers,
// the page shows them from the Workers' traces, and a script reaches nothing outside its values.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import {
  ARTICLE, addressAfter, base, root, shots, useBrowser, openPage, inPage, setText, status, waitForError, waitForStatus, waitForFullModule, clickAndSee,
} from './harness.mjs';

useBrowser();

const HEAD = '// puzzlelab script js\n';

test('a script in JavaScript opens the full module, solves in the sandbox, replays and plays', async () => {
  await inPage(async (page) => {
    await page.selectOption('#examples', 'script-js-river');
    await waitForStatus(page, 'Ready');
    assert.match(await page.inputValue('#puzzle-text'), /^\/\/ puzzlelab script js/);
    // The start is shown from the sandbox's trace (the script's own show()).
    assert.equal((await page.textContent('#position')).trim(), 'left bank: farmer, wolf, goat, cabbage; right bank: nobody');
    // A move played before any search is allowed at once (only the start is traced yet); the
    // position it leads to is then traced and shown.
    await page.getByRole('button', { name: 'the farmer takes the goat' }).click();
    await page.waitForFunction(() => document.querySelector('#position').textContent.trim() === 'left bank: wolf, cabbage; right bank: farmer, goat');
    assert.match(await status(page), /^Your moves: 1 /);
    await page.click('#prev');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '0 / 1');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in ');
    assert.match(await status(page), /^Solved in 7 moves \(shortest; breadth-first search checked /);
    assert.equal(await page.locator('#moves li').count(), 7);
    await page.locator('#moves').focus();
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#position').textContent.includes('left bank: nobody'));
    assert.equal((await page.textContent('#position')).trim(), 'left bank: nobody; right bank: farmer, wolf, goat, cabbage');
    // The full module took the page over (the first one leaves scripts out, so the first load
    // does not grow), and the page itself never ran the script: the sandbox's frame is there,
    // with its own policy.
    assert.ok(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('full/app_bg.wasm'))));
    const frame = await page.evaluate(() => {
      const f = document.querySelector('iframe[sandbox]');
      return f && [f.getAttribute('sandbox'), f.srcdoc.includes("default-src 'none'")];
    });
    assert.deepEqual(frame, ['allow-scripts', true]);
    // Play: the moves from a position come from the trace, and a move played shows its result.
    await page.keyboard.press('Home');
    await page.getByRole('button', { name: 'the farmer takes the goat' }).click();
    await page.waitForFunction(() => document.querySelector('#position').textContent.trim() === 'left bank: wolf, cabbage; right bank: farmer, goat');
    await page.getByRole('button', { name: 'the farmer crosses alone' }).click();
    await page.waitForFunction(() => document.querySelector('#position').textContent.trim() === 'left bank: farmer, wolf, cabbage; right bank: goat');
    await page.screenshot({ path: path.join(shots, 'script-js-played.png') });
    // Those two are the solution's own: it is followed, not thrown away.
    assert.equal(await page.locator('#moves li').count(), 7);
    assert.match(await status(page), /^Step 2 of 7, along the solution/);
    // A hint from here: the page writes the position as a script of its own, which a sandboxed
    // Worker solves, and a fresh one checks (5 of the 7 crossings are left).
    await page.waitForFunction(() => !document.querySelector('#hint').disabled);
    await page.click('#hint');
    await waitForStatus(page, 'Hint: ');
    assert.match(await status(page), /^Hint: the farmer takes the (wolf|cabbage) \(a shortest way from here takes 5 moves\)\.$/);
    // A crossing of one's own leaves the solution; Solve then solves from there (4 are left).
    const third = (await page.locator('#moves li').allTextContents())[2];
    const other = third.includes('wolf') ? 'the farmer takes the cabbage' : 'the farmer takes the wolf';
    await page.getByRole('button', { name: other }).click();
    await page.waitForFunction(() => document.querySelector('#solve').textContent === 'Solve from here');
    await page.click('#solve');
    await waitForStatus(page, 'From your move 3: Solved in 4 moves');
    assert.equal(await page.locator('#moves li').count(), 7);
    await page.locator('#moves').focus();
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#position').textContent.trim() === 'left bank: nobody; right bank: farmer, wolf, goat, cabbage');
    await page.screenshot({ path: path.join(shots, 'script-js-from-here.png') });
  });
});

for (const [name, options, touch] of [
  ['desktop', { viewport: { width: 1366, height: 800 } }, false],
  ['phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, true],
]) {
  test(`a script's picture is played by tapping it on a ${name}: each shape names its move`, async () => {
    const { page, problems, context } = await openPage(undefined, undefined, options);
    try {
      await page.selectOption('#examples', 'script-js-river');
      await waitForStatus(page, 'Ready');
      // The picture: the left bank, the river, the right bank, the four a row each on their
      // bank; five columns of the canvas's 560 x 440, the cells 106 wide (as draw() lays them).
      const box = await page.locator('#board').boundingBox();
      const scale = box.width / 560;
      const tap = async (col, row) => {
        const [x, y] = [box.x + (15 + (col + 0.5) * 106) * scale, box.y + (8 + (row + 0.5) * 106) * scale];
        if (touch) await page.touchscreen.tap(x, y);
        else await page.mouse.click(x, y);
      };
      // The wolf may not go first (the goat would eat the cabbage): nothing happens.
      await tap(0, 1);
      await page.waitForTimeout(300);
      assert.equal(await page.locator('#moves li').count(), 0);
      // The goat: taken across.
      await tap(0, 2);
      await page.waitForFunction(() => document.querySelector('#position').textContent.trim() === 'left bank: wolf, cabbage; right bank: farmer, goat');
      const played = await page.locator('#moves li').allTextContents();
      assert.equal(played.length, 1);
      assert.match(played[0], /the farmer takes the goat$/);
      await page.screenshot({ path: path.join(shots, `script-tapped-${name}.png`) });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('script errors in JavaScript point at their line: syntax, a throw, a value that is not JSON-like', async () => {
  await inPage(async (page) => {
    await page.selectOption('#examples', 'script-js-jugs');
    await waitForStatus(page, 'Ready');
    const text = await page.inputValue('#puzzle-text');
    const errorText = () => page.textContent('#error');
    // A syntax error: placed by the sandbox's parse, the script never run.
    await setText(page, text.replace('function is_goal([small, big]) {', 'function is_goal([small, big]) { return +*;'));
    const line = text.split('\n').findIndex((l) => l.startsWith('function is_goal')) + 1;
    await page.waitForFunction((l) => document.querySelector('#error').textContent.startsWith(`line ${l},`), line);
    assert.match(await errorText(), new RegExp(`^line ${line}, column \\d+: the script does not parse: SyntaxError`));
    // A throw in apply: at the throw, found as the start's moves are read.
    await setText(page, text.replace('case "fill 3": small = 3; break;', 'case "fill 3": throw new RangeError("no tap");'));
    await waitForError(page, 'apply() failed');
    const thrown = text.split('\n').findIndex((l) => l.includes('case "fill 3"')) + 1;
    assert.match(await errorText(), new RegExp(`^line ${thrown}, column \\d+: apply\\(\\) failed: RangeError: no tap`));
    // A state that is not JSON-like, from start().
    await setText(page, text.replace('function start() { return [0, 0]; }', 'function start() { return [0, () => 0]; }'));
    await waitForError(page, 'not JSON-like');
    assert.match(await errorText(), /start\(\) returned a state that is not JSON-like: a function \(at \[1\]\)/);
    // A script that never ends its top level: the sandbox's Worker is ended and the page says why.
    await setText(page, `${HEAD}for (;;) {}\nfunction start() { return 0; }\nfunction moves() { return []; }\nfunction apply() { return null; }\nfunction is_goal() { return false; }\n`);
    await waitForError(page, 'did not answer');
    // The jugs again: fresh Workers read and solve it, and Analyse explores it there too.
    await setText(page, text);
    await waitForStatus(page, 'Ready');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 6 moves');
    await page.click('#analyse');
    await waitForStatus(page, '16 positions reachable from the start, 2 solved');
  });
});

test('Cancel ends a script that never returns, as does its silence; a link carries a script in JavaScript', async () => {
  await inPage(async (page) => {
    const endless = `${HEAD}function start() { return 0; }\nfunction moves(s) { if (s > 2) for (;;) {} return [1]; }\nfunction apply(s, m) { return s + m; }\nfunction is_goal(s) { return false; }\n`;
    assert.notEqual(await page.inputValue('#examples'), '', 'the page opens on an example');
    await setText(page, endless);
    assert.equal(await page.inputValue('#examples'), '', 'the picker names no example once the text is another');
    await waitForStatus(page, 'Ready');
    await page.click('#solve');
    await page.waitForTimeout(1500);
    assert.match(await status(page), /^Searching/);
    await page.click('#cancel');
    await waitForStatus(page, 'Cancelled');
    // Left alone, the search stops once its Worker has been silent for 10 s, and says why.
    await page.click('#solve');
    await waitForStatus(page, 'Stopped: the script did not return from a call within 10 s', 20000);
    assert.equal(await page.isDisabled('#cancel'), true);
    await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 10000 });
    assert.match(await status(page), /^Stopped: the script did not return/);
    // The address holds the script: opened elsewhere, it reads and solves the same.
    const link = await addressAfter(page, () => page.selectOption('#examples', 'script-js-hanoi'));
    await waitForStatus(page, 'Ready');
    const { page: other, context } = await openPage(link);
    try {
      assert.equal(await other.inputValue('#puzzle-text'), await page.inputValue('#puzzle-text'));
      await waitForStatus(other, 'Ready');
      await other.click('#solve');
      await waitForStatus(other, 'Solved in 15 moves');
    } finally {
      await context.close();
    }
  });
});

test('IDA* on a script in JavaScript is shared among 2 Workers, bound by bound, with the moves found on one', async () => {
  await inPage(async (page) => {
    const fifteen = readFileSync(path.join(root, 'tests/fixtures/script/fifteen-puzzle.js'), 'utf8');
    await setText(page, fifteen);
    await waitForStatus(page, 'Ready');
    assert.equal(await page.isVisible('#workers'), true, 'a script with a heuristic offers its IDA* to the Workers');
    await page.selectOption('#method', 'idastar');
    const solved = async (workers) => {
      await page.selectOption('#workers', String(workers));
      await page.click('#solve');
      await waitForStatus(page, 'Solved in ', 60000);
      assert.match(await status(page), /^Solved in 42 moves \(shortest if heuristic\(\) never overestimates; IDA\* checked /);
      return page.$$eval('#moves li', (items) => items.map((item) => item.textContent));
    };
    const one = await solved(1);
    assert.equal(one.length, 42);
    await page.selectOption('#workers', '2');
    await clickAndSee(page, '#solve', 'Searching on 2 Workers');
    await page.waitForFunction(() => document.querySelector('#workers-state').textContent === '2 searching');
    await waitForStatus(page, 'Solved in ', 60000);
    assert.deepEqual(await page.$$eval('#moves li', (items) => items.map((item) => item.textContent)), one);
    // A* (auto's choice) keeps one store, which Workers without shared memory cannot share.
    await page.selectOption('#method', 'auto');
    await page.click('#solve');
    await waitForStatus(page, 'Searching');
    assert.doesNotMatch(await status(page), /Workers/);
    await page.click('#cancel');
    await waitForStatus(page, 'Cancelled');
  });
});

test('a script reaches nothing: no network, no storage, no page, and nothing reaches a local server', async () => {
  const heard = [];
  const server = createServer((request, response) => {
    heard.push(`${request.method} ${request.url}`);
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.end('// reached');
  });
  server.on('upgrade', (request, socket) => {
    heard.push(`upgrade ${request.url}`);
    socket.destroy();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const at = `127.0.0.1:${server.address().port}`;
  const script = `${HEAD}// Tries every way out; show() lists what each did.
const tried = [];
function attempt(name, reach) {
  try {
    const made = reach();
    if (made && typeof made.then === 'function') {
      // Settled after the script's calls have answered: the local server says whether it went out.
      tried.push(name + ': a promise');
    } else {
      tried.push(name + ': ' + (made === undefined || made === null ? 'nothing' : 'made'));
    }
  } catch (e) {
    tried.push(name + ': ' + e.name);
  }
}
attempt('fetch', () => fetch('http://${at}/fetch'));
attempt('prototype fetch', () => Object.getPrototypeOf(self).fetch.call(self, 'http://${at}/proto'));
attempt('global fetch', () => Function('return this')().fetch('http://${at}/global'));
attempt('XMLHttpRequest', () => { const x = new XMLHttpRequest(); x.open('GET', 'http://${at}/xhr', false); x.send(); });
attempt('WebSocket', () => new WebSocket('ws://${at}/ws'));
attempt('EventSource', () => new EventSource('http://${at}/events'));
attempt('importScripts', () => importScripts('http://${at}/import.js'));
// Written so that the script's own text holds no import expression (one there is refused
// before the script runs): evaluated by the compartment, it is refused then.
attempt('import', () => Function('return imp' + 'ort("http://${at}/module.js")')());
attempt('Worker', () => new Worker('http://${at}/worker.js'));
attempt('indexedDB', () => indexedDB.open('puzzlelab'));
attempt('caches', () => caches.open('puzzlelab'));
attempt('sendBeacon', () => navigator.sendBeacon('http://${at}/beacon', 'x'));
attempt('RTCPeerConnection', () => new RTCPeerConnection({ iceServers: [{ urls: 'turn:${at}?transport=tcp', username: 'u', credential: 'c' }] }));
attempt('message to the page', () => postMessage({ type: 'Finished', job: 1, report: {} }));
function start() { return 0; }
function moves(s) { return [1]; }
function apply(s, m) { return s < 1 ? s + m : null; }
function is_goal(s) { return s === 1; }
function show(s) { return tried.slice().sort().join('\\n'); }
`;
  const { page, context } = await openPage();
  try {
    await setText(page, script);
    await waitForStatus(page, 'Ready');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 1 move');
    await page.waitForTimeout(1000); // for anything late
    await page.locator('#moves').focus();
    await page.keyboard.press('End');
    const said = (await page.textContent('#position')).trim().split('\n');
    await page.screenshot({ path: path.join(shots, 'script-js-sandbox.png') });
    for (const name of ['fetch', 'prototype fetch', 'global fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource',
      'importScripts', 'import', 'Worker', 'indexedDB', 'caches', 'sendBeacon', 'RTCPeerConnection']) {
      const line = said.find((l) => l.startsWith(`${name}: `));
      assert.ok(line, `${name} was tried: ${said.join(' | ')}`);
      assert.doesNotMatch(line, /: (reached|made|nothing)$/, line);
    }
    assert.deepEqual(heard, [], 'nothing reached the local server');
    // The page's own storage was not touched by the script (it keeps its own last text there).
    assert.equal(await page.evaluate(() => document.cookie), '');
  } finally {
    await context.close();
    server.close();
  }
});

test('a scripted puzzle opens the full module, solves there, and its script errors point at the line', async () => {
  await inPage(async (page) => {
    // The first module has no script interpreter: choosing a script loads the full module.
    const first = await page.evaluate(() => [...document.querySelectorAll('script[type=module]')].map((s) => s.textContent).join());
    assert.match(first, /app-[0-9a-f]+\.js/);
    await page.selectOption('#examples', 'script-cards');
    await waitForFullModule(page);
    assert.equal(await status(page), 'Ready: press Solve.', 'opened, not solved: the user has not asked yet');
    assert.match(await page.inputValue('#puzzle-text'), /^\/\/ puzzlelab script/);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in ');
    assert.match(await status(page), /^Solved in 14 moves \(shortest;/);
    await page.keyboard.press('End');
    assert.equal((await page.textContent('#position')).trim(), '8 7 6 5 4 3 2 1');
    // A runtime error in the rules: the message names the line, which is marked.
    const text = await page.inputValue('#puzzle-text');
    await setText(page, text.replace('next[j] = t;', 'next[j] = t + missing;'));
    await page.click('#solve');
    await waitForError(page, 'apply() failed');
    const line = text.split('\n').findIndex((l) => l.includes('next[j] = t;')) + 1;
    assert.match(await page.textContent('#error'), new RegExp(`^line ${line}, column \\d+: apply\\(\\) failed`));
    assert.equal(await page.textContent('#gutter .bad'), String(line));
    await page.screenshot({ path: path.join(shots, 'script-error.png') });
  });
});

test('a script whose states hold megabytes gives up on memory in the page, which stays usable', async () => {
  // Arrays of 90,000 numbers: 1.4 MB each, though each prints in 270 KB (counting the print let
  // the Worker run out of wasm memory).
  const script = readFileSync(path.join(root, 'tests/fixtures/hostile/script-long-arrays.txt'), 'utf8');
  await inPage(`${base}full.html`, async (page) => {
    await setText(page, script);
    await page.click('#solve');
    await waitForStatus(page, 'Gave up after', 120000);
    assert.match(await status(page), /the memory limit of 1024 MB/);
    // What the Worker really took stays near what it counted (wasm memory only grows: its size
    // now is the peak). Counting each array by its print let it reach about 3 GB.
    const peak = await page.workers().at(-1).evaluate(async () => (await self.solverModule).memory.buffer.byteLength);
    assert.ok(peak < 1.5 * 2 ** 30, `the Worker's memory reached ${(peak / 2 ** 20).toFixed(0)} MB`);
    await setText(page, ARTICLE);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
  });
});
