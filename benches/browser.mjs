// Counting tilings, and IDA* on a 15-puzzle, in the page on 1 and 2 Workers (issue 13), and
// Sokoban and PuzzleScript beside the command line (PUZZLESCRIPT_GAME=FILE also times a pasted
// game's first level ready to play): the built
// site (dist/) in Debian's Chromium, driven by playwright-core. Run by `make bench` after
// `trunk build --release`.
// Each figure is the best of 3 timed counts after one untimed count with the same Workers
// (so that starting a Worker is not timed), from the click on Solve to the count on the page,
// and the search's own time (the slowest part's), which leaves out reading the puzzle, building
// the cover problem in each Worker and showing the result.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { freePort, serve, xsbLevels } from '../tests/e2e/harness.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = await freePort();
const base = `http://127.0.0.1:${port}/`;
const fixture = (name) => readFileSync(path.join(root, 'tests', 'fixtures', 'tiling', `${name}.txt`), 'utf8');
const BOARDS = [
  ['6x10', fixture('6x10'), '9,356 tilings, 2,339 distinct'],
  ['8x8-corners', fixture('8x8-corners'), '17,360 tilings, 2,170 distinct'],
  // The five tetrominoes used freely on 4x12: millions of tilings, each checked for symmetry.
  ['tetro-4x12', `pieces: I4 O4 T4 L4 S4\neach: any\n${'............\n'.repeat(4)}`, '15,747,348 tilings, 3,942,146 distinct'],
];

const server = await serve(path.join(root, 'dist'), port);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage();
  await page.goto(base);
  await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Loading'), null, { timeout: 60000 });
  // A text put in the text box as a paste puts it.
  const paste = (text) => page.evaluate((t) => {
    const area = document.querySelector('#puzzle-text');
    area.value = t;
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  // The best of 2 searches' own times: in the page (Solve, until the status starts with `done`,
  // then its result line's time), and natively (the release CLI's `--json` elapsed_ms).
  const pageMs = async (done, runs = 2) => {
    let best = Infinity;
    for (let run = 0; run < runs; run++) {
      await page.click('#solve');
      await page.waitForFunction((d) => document.querySelector('#status').textContent.startsWith(d), done, { timeout: 600000 });
      best = Math.min(best, Number((await page.textContent('#status')).match(/in ([\d,]+) ms\)/)[1].replace(/,/g, '')));
    }
    return best;
  };
  const nativeMs = (args, input, runs = 2) => {
    let best = Infinity;
    for (let run = 0; run < runs; run++) {
      const cli = spawnSync(path.join(root, 'target', 'release', 'puzzlelab'), ['solve', '-', '--json', ...args], { input });
      best = Math.min(best, JSON.parse(cli.stdout.toString()).elapsed_ms);
    }
    return best;
  };
  const cores = await page.evaluate(() => navigator.hardwareConcurrency);
  console.log(`browser: counting tilings in the page (${cores} cores reported), best of 3, ms from Solve to the`);
  console.log('count on the page (in brackets: the search alone, as its result line says)');
  console.log('board             1 Worker     2 Workers  speed-up');
  for (const [name, text, expected] of BOARDS) {
    await page.fill('#puzzle-text', text);
    await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 60000 });
    await page.selectOption('#mode', 'count');
    const times = [];
    for (const workers of [1, 2]) {
      await page.selectOption('#workers', String(workers));
      let best = { wall: Infinity, search: Infinity };
      for (let run = 0; run < 4; run++) {
        const started = Date.now();
        await page.click('#solve');
        await page.waitForFunction((e) => document.querySelector('#status').textContent.includes(e), expected, { timeout: 120000 });
        const wall = Date.now() - started;
        // The search's own time, as the result line gives it (the slowest Worker's).
        const search = Number((await page.textContent('#status')).match(/in ([\d,]+) ms\)/)[1].replace(/,/g, ''));
        if (run > 0) best = { wall: Math.min(best.wall, wall), search: Math.min(best.search, search) };
      }
      times.push(best);
    }
    const [one, two] = times;
    const cell = (t) => `${t.wall} (${t.search})`.padStart(13);
    console.log(`${name.padEnd(12)} ${cell(one)} ${cell(two)} ${(one.wall / two.wall).toFixed(2).padStart(6)}x (${(one.search / two.search).toFixed(2)}x)`);
  }

  // IDA* shared bound by bound: one of the 15-puzzle's 80-move positions, towards Korf's goal.
  // One timed solve after an untimed one (which builds the pattern tables), per setting.
  const EIGHTY = '15 14 8 12\n10 11 9 13\n2 6 5 1\n3 7 4 _\ngoal:\n_ 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n';
  await page.fill('#puzzle-text', EIGHTY);
  await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 60000 });
  console.log('IDA* (15-puzzle, 80 moves)  ms from Solve to the answer (the search alone)');
  const idastar = [];
  for (const workers of [1, 2]) {
    await page.selectOption('#workers', String(workers));
    let timed;
    for (let run = 0; run < 2; run++) {
      const started = Date.now();
      await page.click('#solve');
      await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Solved in 80 moves'), null, { timeout: 600000 });
      const search = Number((await page.textContent('#status')).match(/in ([\d,]+) ms\)/)[1].replace(/,/g, ''));
      timed = { wall: Date.now() - started, search };
    }
    idastar.push(timed);
    console.log(`  ${workers} Worker${workers > 1 ? 's' : ' '}  ${String(timed.wall).padStart(8)} (${timed.search})`);
  }
  console.log(`  speed-up   ${(idastar[0].wall / idastar[1].wall).toFixed(2)}x (${(idastar[0].search / idastar[1].search).toFixed(2)}x)`);

  // A first visit (fresh storage, so no tables kept): Korf's instance 12 on 1 and 2 Workers,
  // from Solve to the answer, most of it building the pattern tables (on two Workers side by
  // side, a share of the patterns each).
  console.log('First 15-puzzle of a first visit (Korf 12, 45 moves), ms from Solve to the answer');
  for (const workers of [1, 2]) {
    const fresh = await browser.newContext();
    const visit = await fresh.newPage();
    await visit.goto(base);
    await visit.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Loading'), null, { timeout: 60000 });
    await visit.fill('#puzzle-text', '1 3 5 6\n_ 13 14 9\n11 4 8 12\n10 7 15 2\n');
    await visit.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 60000 });
    await visit.selectOption('#workers', String(workers));
    const started = Date.now();
    await visit.click('#solve');
    await visit.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Solved in 45 moves'), null, { timeout: 600000 });
    console.log(`  ${workers} Worker${workers > 1 ? 's' : ' '}  ${String(Date.now() - started).padStart(8)}`);
    await fresh.close();
  }

  // Rules in JavaScript in the page (issue 60): the 8-puzzle breadth-first over its 181,440
  // positions in a sandboxed Worker, as the tuned fixture and as a new user writes it; the
  // search's own time from the result line, each of 3 runs (the first after the script's Worker
  // starts).
  console.log('JavaScript 8-puzzle, breadth-first in the page: ms of search (k states/s), 3 runs');
  for (const name of ['eight-puzzle.js', 'eight-puzzle-plain.js']) {
    const text = readFileSync(path.join(root, 'tests', 'fixtures', 'script', name), 'utf8');
    await paste(text);
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Ready'), null, { timeout: 60000 });
    await page.selectOption('#method', 'bfs');
    const runs = [];
    for (let run = 0; run < 3; run++) {
      await page.click('#solve');
      await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Solved in 31 moves'), null, { timeout: 120000 });
      const ms = Number((await page.textContent('#status')).match(/in ([\d,]+) ms\)/)[1].replace(/,/g, ''));
      runs.push(`${ms} (${Math.round(181440 / ms)} k)`);
    }
    console.log(`  ${name.padEnd(22)} ${runs.join('  ')}`);
  }
  await page.selectOption('#method', 'auto');

  // Sokoban in the page beside the native CLI on the same levels, on 1 Worker against one thread
  // and on 2 (A* and best-first search side by side) against two: the search's own time, as the
  // result line and `--json`'s elapsed_ms give it, best of 2 each.
  console.log('Sokoban (Microban), ms of search: Workers  page  native  ratio');
  const microban = readFileSync(path.join(root, 'tests', 'fixtures', 'sokoban', 'microban.txt'), 'utf8');
  const levels = microban.split(/\n(?=; \d)/);
  for (const [number, workers] of [[123, 1], [139, 1], [93, 1], [123, 2], [139, 2], [93, 2]]) {
    const text = levels.find((l) => l.startsWith(`; ${number}\n`));
    await paste(text);
    await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 60000 });
    await page.selectOption('#workers', String(workers));
    const inPage = await pageMs('Solved in');
    const native = nativeMs(['--threads', String(workers)], text);
    console.log(`  level ${number}  ${workers}  ${String(inPage).padStart(8)}  ${String(native).padStart(8)}  ${(inPage / native).toFixed(2)}x`);
  }

  // Sokoban's `auto` on every Worker (issue 64): A* proves on one for its turn while best-first
  // searches, each breaking ties its own way, look for any solution on the others; XSokoban 24
  // (about 25 s on one thread), one run each, against the same number of native threads.
  console.log('Sokoban (XSokoban 24), ms of search: Workers  page  native');
  const original = xsbLevels(readFileSync(path.join(root, 'tests', 'fixtures', 'sokoban', 'xsokoban.xsb'), 'utf8'));
  await paste(original[23]);
  await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 60000 });
  for (const workers of [1, 2, 3, 4]) {
    await page.selectOption('#workers', String(workers));
    const inPage = await pageMs('Solved in', 1);
    const native = nativeMs(['--threads', String(workers)], original[23], 1);
    console.log(`  ${workers}  ${String(inPage).padStart(8)}  ${String(native).padStart(8)}`);
  }

  // PuzzleScript in the page beside the native CLI (issue 61): Microban's level 6 (107 inputs,
  // 54,031 positions breadth-first) on its one Worker against one thread, the search's own time as
  // the result line and `--json`'s elapsed_ms give it, best of 2; then how soon a pasted game's
  // first level is ready to play, once the full module is loaded (a 14 KB game of the editor's).
  console.log('PuzzleScript (Microban 6), ms of search: page  native  ratio  (k positions/s in the page)');
  const game = readFileSync(path.join(root, 'tests', 'fixtures', 'puzzlescript', 'microban.txt'), 'utf8');
  await paste(game);
  await page.waitForFunction(() => document.querySelectorAll('#level option').length === 10, null, { timeout: 60000 });
  await page.selectOption('#level', { index: 5 });
  await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 60000 });
  const psPage = await pageMs('Solved in 107 inputs');
  const psNative = nativeMs(['--level', '6', '--threads', '1'], game);
  console.log(`  level 6  ${String(psPage).padStart(8)}  ${String(psNative).padStart(8)}  ${(psPage / psNative).toFixed(2)}x  (${Math.round(54031 / psPage)} k)`);
  const big = process.env.PUZZLESCRIPT_GAME;
  if (big) {
    const text = readFileSync(big, 'utf8');
    const times = [];
    for (let run = 0; run < 3; run++) {
      await paste(game);
      await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Ready'), null, { timeout: 60000 });
      const started = await page.evaluate(() => performance.now());
      await paste(text);
      await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Ready'), null, { timeout: 60000 });
      times.push(Math.round((await page.evaluate(() => performance.now())) - started));
    }
    console.log(`  ${path.basename(big)} (${text.length} bytes) pasted to Ready: ${times.join(', ')} ms`);
  }
} finally {
  await browser.close();
  server.kill();
}
