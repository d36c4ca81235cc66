// The solver's Workers: Cancel, a search shared among Workers, a Worker that dies or never starts,
// and texts that must end in a message rather than a hang.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import {
  useBrowser, ARTICLE, base, openPage, untilStarted, inPage, setText, paste, status, waitForStatus, clickAndSee, workersOnce,
} from './harness.mjs';

useBrowser();

test('a malformed puzzle shows its error and marks the line', async () => {
  await inPage(async (page) => {
    await setText(page, 'aabb\naaXd\na--\n');
    await page.waitForFunction(() => document.querySelector('#error').textContent.length > 0);
    // Guessed at (no family is sure of it): the nearest format's error first, then the formats.
    const error = await page.textContent('#error');
    assert.ok(error.startsWith("line 2, column 3: 'X' is not allowed on the board: pieces are lowercase letters a-z (write 'x') (read as Sliding blocks, the nearest of the formats; the formats read are: "), error);
    assert.equal(await page.textContent('#gutter .bad'), '2');
    assert.equal(await page.isDisabled('#solve'), true);
    // A goal only Perl-style matching could read loads the full module in place; it finds the
    // goal's mistake.
    await setText(page, 'ab\nb(--\n');
    await page.waitForFunction(() => /^line 2, column \d+: the goal is not a valid regular expression/.test(document.querySelector('#error').textContent));
    assert.equal(await page.textContent('#gutter .bad'), '2');
  });
});

test('cancel stops a long search at once and the solver still works after', async () => {
  await inPage(async (page) => {
    // A 5x5 board of 1x1 pieces named by a goal that never matches: far too many states to finish.
    await setText(page, 'abcde\nfghij\nklmno\npqrst\nuvw  \nabcdefghijklmnopqrstuvwX\n');
    await page.click('#solve');
    await waitForStatus(page, 'Searching… ', 10000);
    await page.waitForFunction(() => /checked [\d,]+ positions/.test(document.querySelector('#status').textContent));
    await page.click('#cancel');
    assert.equal(await status(page), 'Cancelled.');
    await setText(page, ARTICLE);
    await page.click('#solve'); // waits until the restarted worker is ready
    await waitForStatus(page, 'Solved in 37 moves');
  });
});

test('a count shared among 2 Workers gives the one-Worker answer, and Cancel stops every Worker', async () => {
  await inPage(async (page) => {
    await page.selectOption('#examples', 'tiling-6x10');
    await page.selectOption('#mode', 'count');
    assert.equal(await page.isVisible('#workers'), true, 'a count can be shared');
    const counted = async (workers) => {
      await page.selectOption('#workers', String(workers));
      await page.click('#solve');
      await waitForStatus(page, '9,356 tilings, 2,339 distinct', 60000);
      return page.textContent('#moves');
    };
    const one = await counted(1);
    assert.equal(page.workers().length, 1, 'one Worker until a search is shared');
    const two = await counted(2);
    assert.equal(page.workers().length, 2);
    assert.equal(two, one, 'the same first tiling');
    // Tetrominoes used freely on 8x8: far too many tilings to count before Cancel.
    await setText(page, `pieces: I4 O4 T4 L4 S4\neach: any\n${'........\n'.repeat(8)}`);
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#workers-state').textContent === '2 searching');
    await page.waitForFunction(() => /found so far/.test(document.querySelector('#status').textContent), null, { timeout: 30000 });
    assert.equal(await page.textContent('#workers-state'), '2 searching');
    await page.click('#cancel');
    assert.equal(await status(page), 'Cancelled.');
    // The searching Workers are gone, and each one in their place answers a message: none is
    // still searching.
    await page.waitForFunction(() => document.querySelector('#workers-state').textContent === '2 idle', null, { timeout: 30000 });
    assert.equal(await workersOnce(page, 2), 2);
    // Fewer Workers in the settings end the others.
    await page.selectOption('#workers', '1');
    assert.equal(await page.textContent('#workers-state'), '1 idle');
  });
});

test('IDA* shared among 2 Workers bound by bound gives the one-Worker moves, builds its tables once, and Cancel stops every Worker', async () => {
  // Korf's instance 12 turned to the standard goal: 45 moves, his published optimum.
  const FIFTEEN = '1 3 5 6 / _ 13 14 9 / 11 4 8 12 / 10 7 15 2';
  await inPage(async (page) => {
    // Counts the tables the Workers post as built and the copies the page sends them.
    await page.addInitScript(() => {
      window.tables = { built: [], sent: 0 };
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (message, ...rest) {
        if (message?.type === 'Kept') window.tables.sent++;
        return post.call(this, message, ...rest);
      };
      window.Worker = class extends Worker {
        constructor(...args) {
          super(...args);
          this.addEventListener('message', (e) => e.data?.type === 'Kept' && window.tables.built.push(e.data.name));
        }
      };
    });
    await page.reload();
    await untilStarted(page);
    await setText(page, FIFTEEN);
    await page.waitForFunction(() => !document.querySelector('#workers-option').hidden);
    const solved = async (workers) => {
      await page.selectOption('#workers', String(workers));
      await page.click('#solve');
      await waitForStatus(page, 'Solved in 45 moves', 240000);
      return page.locator('#moves li').allTextContents();
    };
    // A first visit (fresh storage): the two Workers build the three patterns of the tables
    // (6-6-3) side by side, each pattern once, and the page hands each to the other Worker.
    const two = await solved(2);
    assert.equal(page.workers().length, 2);
    const tables = await page.evaluate(() => window.tables);
    assert.equal(tables.built.length, 3, `three patterns: ${tables.built}`);
    assert.equal(new Set(tables.built).size, 3, `each built once: ${tables.built}`);
    assert.ok(tables.built.every((name) => /^pdb-16c-4w-/.test(name)), `${tables.built}`);
    assert.ok(tables.sent >= 3, 'each sent to the other Worker');
    const one = await solved(1);
    assert.equal(one.length, 45);
    assert.deepEqual(two, one, 'the same moves, not only as many');
    assert.equal((await page.evaluate(() => window.tables)).built.length, 3, 'never built again');
    // One of the positions that need 80 moves (towards Korf's goal, the blank top-left) runs
    // long enough on both Workers to be cancelled.
    await setText(page, '15 14 8 12\n10 11 9 13\n2 6 5 1\n3 7 4 _\ngoal:\n_ 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n');
    await page.selectOption('#workers', '2');
    await clickAndSee(page, '#solve', 'Searching on 2 Workers…');
    await page.waitForFunction(() => /checked [\d,]+ positions/.test(document.querySelector('#status').textContent), null, { timeout: 120000 });
    // A Worker whose share of a bound is done waits, idle, for the other's (and Worker 1,
    // started again, searches from the second bound).
    await page.waitForFunction(() => /^(2 searching|1 searching, 1 idle)$/.test(document.querySelector('#workers-state').textContent));
    await page.click('#cancel');
    assert.equal(await status(page), 'Cancelled.');
    await page.waitForFunction(() => document.querySelector('#workers-state').textContent === '2 idle', null, { timeout: 30000 });
  });
});

test('hostile texts end in a message at once, and the page stays responsive and logs no error', async () => {
  const entity = `<!DOCTYPE svg [<!ENTITY a "${'x'.repeat(1000)}">]>\n<svg><title>${'&a;'.repeat(25000)}</title></svg>`;
  const cases = [
    ['a line of a million cells', `${'a'.repeat(1 << 20)}\na--\n`, /the most this solver takes is 512/],
    ['SVG nested 20,000 deep', `<svg>${'<g>'.repeat(20000)}${'</g>'.repeat(20000)}</svg>`, /deep/],
    ['an SVG entity used 25,000 times', entity, /defines XML entities/],
    ['a path of 100,000 steps', `<svg><path stroke="black" d="M0 0 ${'h2 v2 '.repeat(50000)}"/></svg>`, /50000 x 50000 cells/],
    ['a tiling with 100,000 pieces', `pieces: ${'I '.repeat(100000)}\n..........\n`, /more than 256 pieces/],
    ['a 1 MB script', `// puzzlelab script\n${'fn f(x) { x + 1 }\n'.repeat(60000)}`, /the most this tool reads is 128 KB/],
  ];
  await inPage(async (page) => {
    for (const [what, text, expected] of cases) {
      const started = Date.now();
      await paste(page, text);
      await page.waitForFunction(() => document.querySelector('#error').textContent.length > 0, null, { timeout: 10000 });
      const took = Date.now() - started;
      assert.match(await page.textContent('#error'), expected, what);
      // Generous bounds (the machine is shared): reading must not freeze the tab for long.
      assert.ok(took < 5000, `${what}: ${took} ms to answer`);
      const asked = Date.now();
      await page.evaluate(() => document.querySelector('#solve').disabled);
      assert.ok(Date.now() - asked < 1000, `${what}: the page took ${Date.now() - asked} ms to answer`);
    }
    // A 30 MB file through Open file: read once (not per keystroke), after the page has said so,
    // refused with the limit, and the page answers at once afterwards.
    const huge = Buffer.from(`#${' #'.repeat(1000)}\n`.repeat(15000));
    await page.setInputFiles('#file', { name: 'huge-maze.txt', mimeType: 'text/plain', buffer: huge });
    await page.waitForFunction(() => /the most this tool solves is 4000000 cells/.test(document.querySelector('#error').textContent), null, { timeout: 60000 });
    assert.match(await status(page), /could not be read/);
    const asked = Date.now();
    await page.evaluate(() => document.querySelector('#solve').disabled);
    assert.ok(Date.now() - asked < 1000, `after a 30 MB file the page took ${Date.now() - asked} ms to answer`);
    // A file that is not UTF-8 is refused by name and the line and column of its first bad byte.
    await page.setInputFiles('#file', { name: 'broken.txt', mimeType: 'text/plain', buffer: Buffer.from([0x61, 0x62, 0xff, 0xfe, 0x0a]) });
    await waitForStatus(page, 'Could not open the file: broken.txt:1:3: this is not UTF-8 text (byte 0xFF); save the file as UTF-8.');
    // The solver still works after all that.
    await setText(page, ARTICLE);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
  });
  // A link whose puzzle inflates to 3 MB (the cap is 1 MB) is refused, not unpacked.
  const packed = deflateRawSync(Buffer.from(JSON.stringify({ v: 1, family: 'auto', text: 'a'.repeat(3 << 20) })));
  await inPage(`${base}#p=${packed.toString('base64url')}`, async (page) => {
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Could not open'), null, { timeout: 10000 });
    assert.match(await status(page), /larger than 1024 KB; refusing to open it/);
  });
});

test('a solver Worker that dies mid-job is noticed and replaced, and Solve works again', async () => {
  const { page, problems, context } = await openPage();
  try {
    await setText(page, ARTICLE);
    // Make the Worker die on its next job the way an out-of-memory abort or a bug does: an
    // uncaught error inside it.
    const worker = page.workers().at(-1);
    await worker.evaluate(() => {
      self.onmessage = () => {
        throw new Error('simulated crash');
      };
    });
    await page.click('#solve');
    await waitForStatus(page, 'The solver stopped unexpectedly');
    assert.match(await status(page), /simulated crash.*Press Solve to try again/);
    await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 30000 });
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
    // The crash itself may be logged by the browser; nothing else may be.
    assert.deepEqual(problems.filter((p) => !p.includes('simulated crash')), []);
  } finally {
    await context.close();
  }
});

test('Workers that can never start are not started over and over: the page says so', async () => {
  const { page: first, context } = await openPage();
  try {
    // Every Worker this browser makes dies at once, before it is ready.
    await context.addInitScript(() => {
      window.workersMade = 0;
      const Real = window.Worker;
      window.Worker = class extends Real {
        constructor(url, options) {
          window.workersMade += 1;
          super(URL.createObjectURL(new Blob(['throw new Error("cannot start here")'], { type: 'text/javascript' })), options);
        }
      };
    });
    const { page, problems } = await openPage(base, context);
    await waitForStatus(page, 'The solver could not start in this browser');
    assert.match(await status(page), /cannot start here.*Reload the page to try again\.$/);
    const made = await page.evaluate(() => window.workersMade);
    await page.waitForTimeout(2000);
    assert.equal(await page.evaluate(() => window.workersMade), made, 'no Worker started since');
    assert.ok(made <= 3, `${made} Workers made`);
    assert.equal(await page.isDisabled('#solve'), true);
    assert.deepEqual(problems.filter((p) => !p.includes('cannot start here')), []);
    await first.close();
  } finally {
    await context.close();
  }
});
