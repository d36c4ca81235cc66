// The page as people live in it (issue 43): nothing typed is lost, phone first, the address is
// the puzzle, every press counts, and the status belongs to the text on screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ARTICLE, addressAfter, base, root, shots, useBrowser, openPage, inPage, setText, paste, status, waitForError, waitForStatus, untilStarted, workersOnce, xsbLevels } from './harness.mjs';

useBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/// The step label's "N / M", as numbers.
const stepShown = async (page) => (await page.textContent('#step-label')).split(' / ').map(Number);

test('a goal typed key by key, brackets and all, loses no key, moves nowhere and undoes', async () => {
  await inPage(async (page) => {
    const address = page.url().replace(/#.*/, '');
    await setText(page, ARTICLE.replace('a--\n', ''));
    await page.waitForTimeout(1000); // a pause: the typing below is an undo step of its own
    await page.click('#puzzle-text');
    await page.keyboard.press('Control+End');
    // `(?=` needs the full module (Perl-style lookahead): it loads in place while keys arrive.
    const goal = 'a--(?=.)(a|b|c)?';
    await page.keyboard.type(goal, { delay: 40 });
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('full/app_bg.wasm')));
    await waitForStatus(page, 'Ready: press Solve.');
    assert.equal(await page.inputValue('#puzzle-text'), ARTICLE.replace('a--\n', goal));
    assert.equal(page.url().replace(/#.*/, ''), address, 'no navigation');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'puzzle-text', 'the focus stayed');
    assert.equal(await page.evaluate(() => document.querySelector('#puzzle-text').selectionStart), ARTICLE.length - 4 + goal.length, 'the caret stayed at the end');
    assert.equal(await page.textContent('#error'), '');
    // The undo history came across: one step back is the text before the typing.
    await page.keyboard.press('Control+z');
    assert.equal(await page.inputValue('#puzzle-text'), ARTICLE.replace('a--\n', ''));
    await page.keyboard.press('Control+y');
    assert.equal(await page.inputValue('#puzzle-text'), ARTICLE.replace('a--\n', goal));
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
  });
});

test('a goal of one place is tested in the first module; one of several places opens the full module', async () => {
  await inPage(async (page) => {
    const fullModule = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('full/app_bg.wasm')));
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
    assert.equal(await fullModule(), false, 'the article puzzle needs no more than the first module');
    // Either piece in the corner: no one place, so the regex engine (in the full module) tests it.
    await setText(page, ARTICLE.replace('a--', 'a--|b--'));
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('full/app_bg.wasm')));
    await waitForStatus(page, 'Ready: press Solve.');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
  });
});

test('a first hint on a 15-puzzle comes at once, unproven, then the shortest one as the tables are built', async () => {
  // Korf's instance 12 turned to the standard goal: 45 moves, his published optimum.
  await inPage(async (page) => {
    await setText(page, '1 3 5 6 / _ 13 14 9 / 11 4 8 12 / 10 7 15 2');
    await page.waitForFunction(() => !document.querySelector('#hint').disabled);
    await page.click('#hint');
    // Best-first search over small tables answers before the large tables exist; it says so.
    await waitForStatus(page, 'Hint: ', 20000);
    assert.match(await status(page), /^Hint: \S+ \(a way \(not proven shortest\) from here takes \d+ moves\)\. Looking for a shortest one/);
    const quick = Number((await status(page)).match(/takes (\d+) moves/)[1]);
    assert.ok(quick >= 45, `${quick} moves cannot beat the optimum`);
    // Meanwhile the tables are built, and the hint stays in the status.
    await page.waitForFunction(() => /^Hint: .* Looking for a shortest one: Building pattern tables/.test(document.querySelector('#status').textContent), null, { timeout: 20000 });
    await page.waitForFunction(() => /a shortest way from here takes 45 moves\)\.$/.test(document.querySelector('#status').textContent), null, { timeout: 240000 });
    assert.match(await status(page), /^Hint: \S+ \(a shortest way from here takes 45 moves\)\.$/);
    assert.equal(await page.locator('#moves li').count(), 0, 'a hint plays nothing');
  });
});

test('the menu lists each puzzle once, under the name people look for, short, with the detail in a tooltip', async () => {
  await inPage(async (page) => {
    const groups = await page.evaluate(() => [...document.querySelectorAll('#examples optgroup')].map((g) => ({
      label: g.label,
      options: [...g.children].map((o) => ({ value: o.value, text: o.textContent, title: o.title })),
    })));
    for (const { label, options } of groups) {
      const texts = options.map((o) => o.text);
      assert.equal(new Set(texts).size, texts.length, `${label} lists a puzzle twice: ${texts.join(' | ')}`);
      for (const text of texts) assert.ok(text.length <= 40, `${text} is cut in a narrow menu`);
    }
    const inGroup = (value) => groups.find((g) => g.options.some((o) => o.value === value)).label;
    assert.equal(inGroup('eight-puzzle'), inGroup('fifteen-puzzle'), 'the 8-puzzle sits with the N-puzzles');
    assert.equal(inGroup('rush-hour'), 'Rush Hour');
    assert.notEqual(inGroup('script-jugs'), inGroup('script-js-jugs'), 'rhai apart from JavaScript');
    const river = groups.flatMap((g) => g.options).find((o) => o.value === 'script-js-river');
    assert.equal(river.text, 'River crossing (7 moves)');
    assert.match(river.title, /^A farmer must take a wolf, a goat and a cabbage across a river\. The boat holds the farmer and one more\./);
    // The 8-puzzle written as sliding blocks still opens as sliding blocks.
    await page.selectOption('#examples', 'eight-puzzle');
    assert.equal(await page.locator('#family option').first().textContent(), 'Detect: Sliding blocks');
  });
});

test('detection stays on after an example; a picked family shows a way back', async () => {
  await inPage(async (page) => {
    await page.selectOption('#examples', 'rush-hour-51');
    assert.equal(await page.inputValue('#family'), 'auto');
    assert.equal(await page.locator('#family option').first().textContent(), 'Detect: Rush Hour');
    assert.equal(await page.isVisible('#family-detect'), false);
    // An 8-puzzle pasted next is read as one.
    await setText(page, '1 2 3\n4 5 6\n7 8 0\n');
    assert.match(await page.locator('#family option').first().textContent(), /^Detect: N-puzzle/);
    assert.equal(await page.textContent('#error'), '');
    // Picked by hand: shown as picked, and one click goes back to detection.
    await page.selectOption('#family', 'sliding');
    assert.equal(await page.isVisible('#family-detect'), true);
    await page.click('#family-detect');
    assert.equal(await page.inputValue('#family'), 'auto');
    assert.equal(await page.isVisible('#family-detect'), false);
    assert.equal(await page.textContent('#error'), '');
  });
});

test('on a phone every example fits the screen and the board is in the first half of it', async () => {
  const { page, problems, context } = await openPage(base, undefined, PHONE);
  try {
    const top = await page.evaluate(() => document.querySelector('#board').getBoundingClientRect().top);
    assert.ok(top < 844 / 2, `the board starts at y = ${top} on first load`);
    await page.screenshot({ path: path.join(shots, 'phone.png') });
    const names = await page.locator('#examples option').evaluateAll((os) => os.map((o) => o.value).filter(Boolean));
    // Every example file is in the menu.
    const files = readdirSync(path.join(root, 'www', 'examples')).map((f) => f.replace(/\.[^.]+$/, ''));
    assert.deepEqual([...names].sort(), files.sort());
    for (const name of names) {
      await page.selectOption('#examples', name);
      await page.waitForFunction(() => !document.querySelector('#status').textContent.startsWith('Loading'), null, { timeout: 30000 });
      const [width, boardTop] = await page.evaluate(() => [document.documentElement.scrollWidth, document.querySelector('#board').getBoundingClientRect().top + scrollY]);
      assert.ok(width <= 390, `${name}: the page is ${width} px wide`);
      assert.ok(boardTop < 844 / 2, `${name}: the board starts at y = ${boardTop}`);
    }
    // Replay buttons a finger can hit, named for screen readers.
    for (const id of ['first', 'prev', 'play', 'next', 'last', 'solve']) {
      const box = await page.locator(`#${id}`).boundingBox();
      assert.ok(box.width >= 44 && box.height >= 44, `#${id} is ${box.width} x ${box.height}`);
    }
    assert.equal(await page.getAttribute('#next', 'aria-label'), 'Next move');
    // The editor folds away behind a named toggle, and opens.
    assert.equal(await page.isVisible('#puzzle-text'), false);
    await page.click('text=Puzzle text and options');
    assert.equal(await page.isVisible('#puzzle-text'), true);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
  // The picture the README shows: the page on a desktop.
  const desktop = await openPage(base, undefined, { viewport: { width: 1366, height: 800 } });
  try {
    await desktop.page.click('#solve');
    await waitForStatus(desktop.page, 'Solved in ');
    await desktop.page.screenshot({ path: path.join(shots, 'desktop.png') });
  } finally {
    await desktop.context.close();
  }
  // `make screenshots` keeps both beside the README.
  if (process.env.SCREENSHOTS === 'docs') {
    mkdirSync(path.join(root, 'docs', 'screenshots'), { recursive: true });
    for (const name of ['phone.png', 'desktop.png']) copyFileSync(path.join(shots, name), path.join(root, 'docs', 'screenshots', name));
  }
});

test('the address is the puzzle: edits survive a reload, a link opened in the tab opens, Back returns', async () => {
  const { page, problems, context } = await openPage();
  try {
    await setText(page, ARTICLE);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
    await page.click('#moves li:nth-child(5)');
    await page.click('#share');
    const shared = await page.evaluate(() => navigator.clipboard.readText());
    assert.equal(shared, page.url(), 'Share copies the address');
    // An edit after Share: the address follows (once typing pauses), and a reload keeps it.
    const edited = ARTICLE.replace('a--', 'a---');
    await setText(page, edited);
    await page.waitForFunction((old) => location.href !== old, shared);
    await page.reload();
    await untilStarted(page);
    assert.equal(await page.inputValue('#puzzle-text'), edited);
    // A link to another puzzle opened in this tab (only the fragment changes).
    await page.selectOption('#examples', 'klotski');
    await page.waitForFunction(() => document.querySelector('#puzzle-text').value.includes('Klotski'));
    await page.goBack();
    await page.waitForFunction((t) => document.querySelector('#puzzle-text').value === t, edited);
    await page.goForward();
    await page.waitForFunction(() => document.querySelector('#puzzle-text').value.includes('Klotski'));
    // The shared link, pasted into the address bar: it opens solved at its step.
    await page.evaluate((url) => { location.href = url; }, shared);
    await page.waitForFunction((t) => document.querySelector('#puzzle-text').value === t, ARTICLE);
    await waitForStatus(page, 'Solved in 37 moves');
    assert.deepEqual(await stepShown(page), [5, 37]);
    assert.deepEqual(problems, []);
    await page.waitForTimeout(600); // the address and the storage follow once changes pause
    // A later visit with no link finds the last puzzle, at its step.
    const later = await openPage(base, context);
    assert.equal(await later.page.inputValue('#puzzle-text'), ARTICLE);
    await waitForStatus(later.page, 'Solved in 37 moves');
    assert.deepEqual(await stepShown(later.page), [5, 37]);
  } finally {
    await context.close();
  }
});

test('a link never silently replaces the puzzle kept from the last visit', async () => {
  const { page, context } = await openPage();
  const mine = ARTICLE.replace('a--', 'a---');
  const link = await addressAfter(page, () => setText(page, mine));
  await setText(page, 'aa\n  \n-aa\n');
  await page.waitForFunction((old) => location.href !== old, link);
  await page.waitForTimeout(500);
  await page.close();
  // Someone sends the earlier link; the puzzle on screen last time is offered back.
  const visit = await openPage(link, context);
  assert.equal(await visit.page.inputValue('#puzzle-text'), mine);
  assert.equal(await visit.page.isVisible('#restore-previous'), true);
  await visit.page.click('#restore-previous');
  await visit.page.waitForFunction(() => document.querySelector('#puzzle-text').value === 'aa\n  \n-aa\n');
  await context.close();
});

test('every press counts: five quick arrow presses and five quick clicks move five steps each', async () => {
  await inPage(async (page) => {
    await setText(page, ARTICLE);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
    await page.locator('#moves').focus();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('ArrowRight');
      await page.waitForTimeout(80);
    }
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '5 / 37');
    for (let i = 0; i < 5; i++) {
      await page.click('#next');
      await page.waitForTimeout(100);
    }
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '10 / 37');
  });
});

test('the status belongs to the text on screen', async () => {
  await inPage(async (page) => {
    await setText(page, ARTICLE);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
    // A broken text: no stale result, the error said.
    await setText(page, 'aabb\naaXd\na--\n');
    assert.equal(await status(page), 'The puzzle could not be read: see the message under the text.');
    assert.equal(await page.locator('#moves li').count(), 0);
    // Fixed again: ready, not solved.
    await setText(page, ARTICLE);
    assert.equal(await status(page), 'Ready: press Solve.');
    // A notice (a copy) leaves the result in place.
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
    await page.click('#copy-solution');
    await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('The puzzle and its solution: copied'));
    assert.match(await status(page), /^Solved in 37 moves/);
    // The notice covers neither the move list nor a click.
    const covers = await page.evaluate(() => {
      const [a, b] = ['#notice', '#moves'].map((s) => document.querySelector(s).getBoundingClientRect());
      return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    });
    assert.equal(covers, false, 'the notice covers the move list');
    assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('#notice')).pointerEvents), 'none');
    // Text that no family reads: one message that lists the formats.
    await setText(page, 'hello');
    assert.match(await page.textContent('#error'), /could not tell which kind of puzzle this is/);
    // Prose (170 KB): the same message, not a sliding-block board's missing goal.
    await paste(page, 'the quick brown fox jumps over the lazy dog\n'.repeat(4000));
    await waitForError(page, 'could not tell');
    assert.match(await page.textContent('#error'), /^line 1, column 1: could not tell which kind of puzzle this is: the formats read are: Sliding blocks; /);
    // A few lines of gibberish: what the nearest format found, at its place, then the formats.
    await setText(page, 'lorem ipsum dolor, sit 2 amet\nconsectetur adipiscing elit\n');
    assert.match(await page.textContent('#error'), /\(read as Sliding blocks, the nearest of the formats; the formats read are: /);
    // A Sokoban level short of goals is drawn, and says so when it is read, at its first line.
    await setText(page, '#######\n#@$ $.#\n#######\n');
    assert.equal(await status(page), 'Not ready to solve: this level has 2 boxes but only 1 goal: every box needs a goal of its own.');
    assert.match(await page.textContent('#error'), /^line 1, column 1: this level has 2 boxes but only 1 goal/);
  });
});

/// Where cell (row, col) of a `cols` x `rows` grid is on the page's canvas, as the families lay
/// a square grid out on its 560 x 440 surface (`GridLayout::fit`: an 8 px margin, centred).
async function gridCell(page, cols, rows, row, col) {
  const box = await page.locator('#board').boundingBox();
  const cell = Math.min((560 - 16) / cols, (440 - 16) / rows);
  const [left, top] = [(560 - cell * cols) / 2, (440 - cell * rows) / 2];
  const k = box.width / 560;
  return { x: box.x + (left + (col + 0.5) * cell) * k, y: box.y + (top + (row + 0.5) * cell) * k };
}

async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2);
  await page.mouse.move(to.x, to.y);
  await page.mouse.up();
}

const movesShown = (page) => page.locator('#moves li').allTextContents();

test('play it yourself: drag, tap and click, with undo, a hint and solve from here', async () => {
  await inPage(async (page) => {
    // Sliding blocks (the article maze, 4 x 5, unit metric): drag e up one, undo, drag a down.
    await setText(page, ARTICLE);
    await drag(page, await gridCell(page, 4, 5, 4, 0), await gridCell(page, 4, 5, 3, 0));
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    assert.deepEqual(await movesShown(page), ['e U']);
    assert.match(await status(page), /^Your moves: 1 move, counted in one-cell steps\./);
    // A drag into another piece is no move.
    await drag(page, await gridCell(page, 4, 5, 4, 1), await gridCell(page, 4, 5, 4, 3));
    assert.deepEqual(await movesShown(page), ['e U']);
    await page.click('#prev');
    assert.deepEqual(await stepShown(page), [0, 1]);
    await drag(page, await gridCell(page, 4, 5, 0, 1), await gridCell(page, 4, 5, 1, 1));
    await page.waitForFunction(() => document.querySelector('#moves li')?.textContent === 'a D');
    assert.deepEqual(await movesShown(page), ['a D'], 'a move played before the end replaces what followed');
    // A hint from here (36 moves remain: `puzzlelab solve` on the position after a D), then
    // the rest solved from here.
    await page.waitForFunction(() => !document.querySelector('#hint').disabled);
    await page.click('#hint');
    await waitForStatus(page, 'Hint: ');
    assert.match(await status(page), /^Hint: [a-z] [UDLR] \(a shortest way from here takes 36 moves\)\.$/);
    assert.deepEqual(await movesShown(page), ['a D'], 'a hint plays nothing');
    assert.equal(await page.textContent('#solve'), 'Solve from here');
    await page.click('#solve');
    await waitForStatus(page, 'From your move 1: Solved in 36 moves');
    assert.equal((await movesShown(page)).length, 37);
    assert.equal((await movesShown(page))[0], 'a D');
    assert.deepEqual(await stepShown(page), [1, 37], 'the replay goes on from the position played to');
    // The position played to is in the address: "I am stuck here" is a link.
    await setText(page, ARTICLE);
    await drag(page, await gridCell(page, 4, 5, 0, 1), await gridCell(page, 4, 5, 1, 1));
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '1 / 1');
    await page.waitForTimeout(600); // the address follows within 400 ms
    const stuck = await openPage(page.url());
    assert.deepEqual(await movesShown(stuck.page), ['a D']);
    assert.deepEqual(await stepShown(stuck.page), [1, 1]);
    await stuck.context.close();

    // The N-puzzle: a tap on the tile beside the blank solves this one.
    await setText(page, '1 2 3\n4 5 6\n7 _ 8\n');
    const tile = await gridCell(page, 3, 3, 2, 2);
    await page.mouse.click(tile.x, tile.y);
    await waitForStatus(page, 'Solved! 1 move, counted in one-cell steps.');
    assert.deepEqual(await movesShown(page), ['8']);

    // Game About Squares (its format example, 6 x 6 cells shown with the margin): a click on
    // the red square moves it down; a quick second click, where it went, moves it on (the
    // move in flight counts as made).
    await page.selectOption('#examples', 'squares-intro');
    const red = await gridCell(page, 6, 6, 2, 1);
    await page.mouse.click(red.x, red.y);
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    assert.deepEqual(await movesShown(page), ['Red']);
    await page.mouse.click(red.x, red.y + (await page.locator('#board').boundingBox()).width / 560 * (424 / 6));
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);

    // A maze of blocks, 5 x 5 (a 10 px margin): a click on the exit walks there by a shortest path.
    await setText(page, '#####\n#S  #\n### #\n#E  #\n#####\n');
    const box = await page.locator('#board').boundingBox();
    const k = box.width / 560;
    await page.mouse.click(box.x + (70 + 1.5 * 84) * k, box.y + (10 + 3.5 * 84) * k);
    await waitForStatus(page, 'Solved! 6 moves.');
    assert.deepEqual(await movesShown(page), ['E', 'E', 'S', 'S', 'W', 'W']);
    await page.keyboard.press('Home');
    assert.deepEqual(await stepShown(page), [0, 6], 'restart');
    await page.screenshot({ path: path.join(shots, 'played-maze.png') });
  });
});

test('the undo keys puzzle fans know work on the board, and a solution left by a move comes back', async () => {
  await inPage(async (page) => {
    const text = '1 2 3\n4 _ 5\n7 8 6\n';
    await setText(page, text);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 2 moves');
    assert.deepEqual(await movesShown(page), ['5', '6']);
    // The solution's own moves, played by hand, follow it: nothing is thrown away.
    await page.focus('#board');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '1 / 2');
    assert.match(await status(page), /^Step 1 of 2, along the solution/);
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '2 / 2');
    assert.deepEqual(await movesShown(page), ['5', '6']);
    // Ctrl+Z and u undo a move, Ctrl+Y and r redo it, R restarts; the text is left alone.
    for (const [key, step] of [['Control+z', 1], ['u', 0], ['r', 1], ['Control+y', 2], ['Backspace', 1], ['Control+Shift+Z', 2], ['R', 0]]) {
      await page.keyboard.press(key);
      await page.waitForFunction((s) => document.querySelector('#step-label').textContent === `${s} / 2`, step);
    }
    assert.equal(await page.inputValue('#puzzle-text'), text, 'Ctrl+Z on the board undoes a move, not the text');
    assert.deepEqual(await movesShown(page), ['5', '6']);
    // A move of one's own branches off; undone back to where it left, the solution is back.
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('#moves li')?.textContent === '2');
    assert.match(await status(page), /You left the solution at step 0; ◀ back to there returns to it\.$/);
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    assert.deepEqual(await movesShown(page), ['5', '6']);
    assert.match(await status(page), /^Back on the solution at step 0/);
    await page.click('#next');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '1 / 2');
    // The help names the keys.
    await page.click('#help-toggle');
    assert.match(await page.textContent('#help-keys'), /Ctrl\+Z, u or Backspace undo a move/);
  });
});

test('on a wide screen Tab reaches the text box first, as it is first on the screen', async () => {
  await inPage(async (page) => {
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'family');
    let reached = '';
    for (let i = 0; i < 10 && !['puzzle-text', 'solve'].includes(reached); i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement.id);
    }
    assert.equal(reached, 'puzzle-text', 'the text box before Solve');
  });
});

test('a move tapped mid-replay on a phone leaves the solution, and ◀ brings it back', async () => {
  const { page, context } = await openPage(undefined, undefined, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  try {
    // The board stays where it is through all of it: nothing above it changes height (the
    // status keeps four lines, Solve's row has room for "Solve from here").
    const top = () => page.evaluate(() => document.querySelector('#board').getBoundingClientRect().top);
    await paste(page, '1 2 3\n4 _ 5\n7 8 6\n');
    await waitForStatus(page, 'Ready');
    const still = await top();
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 2 moves');
    assert.equal(await top(), still);
    // Tap the 2 above the blank: not the solution's move.
    const two = await gridCell(page, 3, 3, 0, 1);
    await page.touchscreen.tap(two.x, two.y);
    await page.waitForFunction(() => document.querySelector('#moves li')?.textContent === '2');
    assert.match(await status(page), /You left the solution at step 0/);
    await page.waitForFunction(() => document.querySelector('#solve').textContent === 'Solve from here');
    assert.equal(await top(), still, 'the board did not move under the finger');
    await page.click('#prev');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    assert.deepEqual(await movesShown(page), ['5', '6']);
    assert.equal(await top(), still);
    await page.screenshot({ path: path.join(shots, 'phone-back-on-the-solution.png') });
    // Draw's tools are one strip: the whole board is still on the screen.
    await page.click('#draw');
    const board = await page.locator('#board').boundingBox();
    assert.ok(board.y + board.height <= 844, `the board ends at ${board.y + board.height} in Draw`);
    await page.screenshot({ path: path.join(shots, 'phone-draw.png') });
  } finally {
    await context.close();
  }
});

test('a link\'s step stays with its puzzle', async () => {
  await inPage(async (page) => {
    // Two moves played by hand, at step 2 of them: a link that opens there without solving.
    await setText(page, '1 2 3\n4 _ 5\n7 8 6\n');
    await page.focus('#board');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '2 / 2');
    await page.waitForTimeout(600); // the address follows within 400 ms
    const shared = await openPage(page.url());
    try {
      await shared.page.waitForFunction(() => document.querySelector('#step-label').textContent === '2 / 2');
      assert.deepEqual(await movesShown(shared.page), ['2', '1']);
      await shared.page.selectOption('#examples', 'klotski');
      await waitForStatus(shared.page, 'Ready');
      await shared.page.click('#solve');
      await waitForStatus(shared.page, 'Solved in 81 moves', 120000);
      assert.deepEqual(await stepShown(shared.page), [0, 81], 'the replay of another puzzle starts at its start');
    } finally {
      await shared.context.close();
    }
  });
});

test('the keyboard chooses a piece by its letter and moves it; LM-Solve boards play by taps, planks hint from where you are', async () => {
  await inPage(async (page) => {
    // Sliding blocks: e chosen by its letter (ringed), stepped up by ↑; Esc lets it go and ←
    // steps the replay again.
    await setText(page, ARTICLE);
    await page.locator('#board').focus();
    await page.keyboard.press('e');
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    assert.deepEqual(await movesShown(page), ['e U']);
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '1 / 1');
    await page.screenshot({ path: path.join(shots, 'chosen-piece.png') });
    await page.keyboard.press('ArrowUp');
    assert.deepEqual(await movesShown(page), ['e U'], 'the wall above e: no move, and no step of the replay');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '0 / 1');

    // Rush Hour: the red car chosen by its letter, driven out with → four times.
    await setText(page, '....B.\n....B.\nAA....\n......\n......\n......\n');
    await page.locator('#board').focus();
    await page.keyboard.press('a');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await waitForStatus(page, 'Solved! 4 moves');
    // His notation in words a player reads.
    assert.deepEqual(await movesShown(page), ['A right 1', 'A right 1', 'A right 1', 'A right 1']);

    // A number maze (4 x 4, the spec's example): a tap where the piece lands jumps there.
    await page.selectOption('#examples', 'lm-numbers');
    // Its moves listed: the full module has it (the first module has no LM-Solve rules).
    await page.waitForFunction(() => document.querySelector('#choices button[data-move="E"]'), null, { timeout: 30000 });
    const landing = await gridCell(page, 4, 4, 0, 2);
    await page.mouse.click(landing.x, landing.y);
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    assert.deepEqual(await movesShown(page), ['E']);
    await page.locator('#board').focus();
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    assert.deepEqual(await movesShown(page), ['E', 'S']);

    // Planks: the first plank of the 6-move solution laid, then a hint from there.
    await page.selectOption('#examples', 'lm-plank');
    await page.click('#choices button[data-move="Move the Plank of Length 1 to (3,1) S"]');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '1 / 1');
    await page.click('#hint');
    await waitForStatus(page, 'Hint: ');
    // In words ("1-plank from (3,2) east"; "…at (4,2)-(5,2), from …" where two planks read alike).
    assert.match(await status(page), /^Hint: \d-plank (at \(\d,\d\)-\(\d,\d\), )?from \(\d,\d\) (north|south|east|west)(-\w+)? \(a shortest way from here takes 5 moves\)\.$/);
    await page.screenshot({ path: path.join(shots, 'plank-hint.png') });
  });
});

test('help says how each kind of puzzle is written and played, as text', async () => {
  await inPage(async (page) => {
    assert.equal(await page.isVisible('#help'), false);
    await page.click('#help-toggle');
    assert.equal(await page.getAttribute('#help-toggle', 'aria-expanded'), 'true');
    assert.equal(await page.textContent('#help-title'), 'Sliding blocks');
    assert.match(await page.textContent('#help-play'), /dashed outline in a piece's colour marks a cell the goal asks that piece to cover/);
    assert.match(await page.textContent('#help-format'), /^Rows of the board, then a goal line/);
    // The format's whole reference (docs/formats/sliding.md) as elements with text: its lists,
    // code and examples, its title left to the panel's heading.
    assert.ok(await page.$('#help-format ul li code'));
    assert.ok(await page.$('#help-format pre'));
    assert.equal(await page.$('#help-format h1'), null);
    assert.doesNotMatch(await page.textContent('#help-format'), /\*\*|```/);
    // It follows the puzzle on screen.
    await page.selectOption('#examples', 'squares-intro');
    assert.equal(await page.textContent('#help-title'), 'Game About Squares');
    assert.match(await page.textContent('#help-play'), /Click a square to move it/);
    // The rules come first, then how the board is played (a number maze: what its numbers mean).
    await page.selectOption('#examples', 'lm-numbers');
    await page.waitForFunction(() => document.querySelector('#help-title').textContent === 'LM-Solve: Number maze');
    assert.match(await page.textContent('#help-play'), /^Jump exactly the number on your cell, up, down, left or right; land on the star\. Tap/);
    // LM-Solve's reference has a table of its variants.
    assert.match(await page.textContent('#help-format table'), /numbers/);
    await page.screenshot({ path: path.join(shots, 'help.png') });
  });
});

test('play by choosing: the moves from here as buttons, for LM-Solve, scripts and the keyboard', async () => {
  await inPage(async (page) => {
    // Theseus and the Minotaur (the full module loads in place): its known solution starts l.
    await page.selectOption('#examples', 'lm-minotaur');
    await page.waitForFunction(() => !document.querySelector('#choices').hidden, null, { timeout: 30000 });
    await page.click('#choices button[data-move="l"]');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    assert.deepEqual(await movesShown(page), ['l']);
    // The moves from the new position once the move has landed.
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '1 / 1');
    // A hint from there: l starts a 7-move shortest solution, so 6 moves remain.
    await page.click('#hint');
    await waitForStatus(page, 'Hint: ');
    assert.match(await status(page), /^Hint: \S+ \(a shortest way from here takes 6 moves\)\.$/);
    // By keyboard: Tab to a move and press Enter.
    const second = await page.locator('#choices button').first().textContent();
    await page.locator('#choices button').first().focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    assert.deepEqual(await movesShown(page), ['l', second]);
    // A script: its moves by their labels.
    await page.selectOption('#examples', 'script-cards');
    await page.waitForFunction(() => !document.querySelector('#choices').hidden && document.querySelector('#moves').children.length === 0);
    const first = await page.locator('#choices button').first().textContent();
    await page.locator('#choices button').first().click();
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    assert.deepEqual(await movesShown(page), [first]);
    assert.match(await status(page), /^Your moves: 1 move\. /);
    // Solved from there, the replay goes on after the move played.
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '1 / 1');
    await page.click('#solve');
    await waitForStatus(page, 'From your move 1: Solved in ');
    assert.equal((await movesShown(page))[0], first);
  });
});

test('Draw works from the keyboard: arrows move a cursor on the board, Enter paints', async () => {
  await inPage(async (page) => {
    await setText(page, 'a  \n   \na--\n');
    await page.click('#draw');
    await page.click('#tools [data-tool="wall"]');
    await page.locator('#board').focus();
    for (const key of ['ArrowRight', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
    assert.equal(await page.inputValue('#puzzle-text'), 'a  \n # \na--\n');
    assert.equal(await page.textContent('#announce'), 'Row 2, column 2');
    // The edge stops the cursor; space paints too.
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', ' ']) await page.keyboard.press(key);
    assert.equal(await page.inputValue('#puzzle-text'), 'a  \n ##\na--\n');
    await page.screenshot({ path: path.join(shots, 'draw-keyboard.png') });
  });
});

test('a Sokoban box asked to go where no pushes take it says why', async () => {
  await inPage(async (page) => {
    // The box can only go right: the player cannot get past it to push it left.
    await setText(page, '#####\n#@$.#\n#####\n');
    const box = await gridCell(page, 5, 3, 1, 2);
    await page.mouse.click(box.x, box.y);
    await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('Box chosen'));
    const left = await gridCell(page, 5, 3, 1, 1);
    await page.mouse.click(left.x, left.y);
    await page.waitForFunction(() => document.querySelector('#notice').textContent.startsWith('No pushes take that box there from here'));
    assert.equal(await page.locator('#moves li').count(), 0);
  });
});

test('a Sokoban level of a 64 x 64 room is read, solved in the fewest pushes and played', async () => {
  // Three boxes, each 20 squares left of its goal on a row of its own: 60 pushes, no fewer.
  const row = (cells) => `#${cells.padEnd(64)}#`;
  const rows = Array.from({ length: 64 }, (_, r) => (r % 4 === 1 && r < 12 ? row(`  $${' '.repeat(19)}.`) : row(r === 63 ? '@' : '')));
  const wall = '#'.repeat(66);
  await inPage(async (page) => {
    await paste(page, [wall, ...rows, wall].join('\n'));
    await waitForStatus(page, 'Ready');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 60 pushes and ');
    assert.match(await status(page), /\(shortest in pushes/);
    await page.focus('#board');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 1);
    assert.match(await status(page), /^Your moves: 1 move, 0 pushes\./);
  });
});

// XSokoban 17: best-first search finds 227 pushes within a second or two, while A*'s turn (about
// ten seconds here) cannot prove the fewest. Cancel stops the proof and keeps that answer.
test('Sokoban: Cancel while the proof runs keeps the answer found beside it', async () => {
  const levels = xsbLevels(readFileSync(path.join(root, 'tests/fixtures/sokoban/xsokoban.xsb'), 'utf8'));
  await inPage(async (page) => {
    await paste(page, levels[16]);
    await waitForStatus(page, 'Ready');
    await page.selectOption('#workers', '2');
    await page.click('#solve');
    await page.waitForFunction(() => document.querySelector('#status').textContent.includes('proving the fewest'), null, { timeout: 60000 });
    // Every state the Workers' line shows from the click on Cancel on (not before it: until then
    // the proof's Worker is searching).
    await page.evaluate(() => {
      const line = document.querySelector('#workers-state');
      window.workersSaid = [];
      const observer = new MutationObserver(() => window.workersSaid.push(line.textContent));
      const watch = (event) => {
        if (event.target.id === 'cancel') observer.observe(line, { childList: true, characterData: true, subtree: true });
      };
      document.addEventListener('click', watch, { capture: true, once: true });
    });
    await page.click('#cancel');
    await waitForStatus(page, 'Proof cancelled. Solved in 227 pushes');
    assert.match(await status(page), /\(not proven shortest; best-first search/);
    assert.ok(await page.locator('#moves li').count() > 100, 'the answer found is shown to replay');
    // Ready for the next search once the restarted Workers are, which are never said to search.
    await page.waitForFunction(() => !document.querySelector('#solve').disabled, null, { timeout: 30000 });
    await page.waitForFunction(() => document.querySelector('#workers-state').textContent === '2 idle', null, { timeout: 30000 });
    const said = await page.evaluate(() => window.workersSaid);
    assert.ok(said.every((state) => !state.includes('searching')), said.join(' / '));
  });
});

test('Sokoban: a collection opens level by level; keys, taps and drags play; Back returns', async () => {
  const microban = readFileSync(path.join(root, 'tests/fixtures/sokoban/microban.txt'), 'utf8');
  await inPage(async (page) => {
    await paste(page, microban);
    await waitForStatus(page, 'Ready');
    assert.equal(await page.isHidden('#levels'), false);
    assert.equal(await page.locator('#level option').count(), 155);
    assert.match(await page.textContent('#level-status'), /155 levels; level 1 is shown/);
    // Level 1 is on screen, so ▶ goes to level 2; Back returns to the file.
    await page.click('#level-next');
    await page.waitForFunction(() => document.querySelector('#puzzle-text').value.startsWith('; 2\n'));
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#level-status').textContent.includes('level 1 is shown'));
    // Level 4 alone, in an entry of its own.
    await page.selectOption('#level', { index: 3 });
    await page.waitForFunction(() => document.querySelector('#puzzle-text').value.startsWith('; 4\n'));
    assert.equal(await page.isHidden('#levels'), false, 'the picker stays for a level of the file');
    // Push-optimal with an independent check in the Rust tests (tests.rs, Microban's small levels).
    // On one Worker, then on two and three: A* proves on one while best-first searches find on
    // the others, and the proof is the answer.
    assert.equal(await page.isVisible('#workers'), true, "auto's searches can run side by side");
    await page.selectOption('#workers', '1');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 7 pushes and 23 moves (shortest in pushes');
    const alone = await page.textContent('#moves');
    await page.selectOption('#workers', '2');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 7 pushes and 23 moves (shortest in pushes');
    assert.equal(await page.textContent('#moves'), alone);
    // (A proof that ends first restarts the Workers still searching: wait for them to be back.)
    assert.equal(await workersOnce(page, 2), 2, 'the two searches ran on two Workers');
    await page.selectOption('#workers', '3');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 7 pushes and 23 moves (shortest in pushes');
    assert.equal(await page.textContent('#moves'), alone);
    assert.equal(await workersOnce(page, 3), 3, 'a search on each of three Workers');
    await page.keyboard.press('Home');
    // ########   The player at row 2, column 6 (from 0); boxes on goals at columns 3 and 4,
    // #      #   a box at column 5. Played from the start, the moves replace the solution.
    // # .**$@#
    // #      #
    // #####  #
    //     ####
    await page.focus('#board');
    await page.keyboard.press('ArrowLeft'); // against two boxes: nothing moves
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 3);
    assert.deepEqual(await movesShown(page), ['u', 'l', 'l']);
    assert.match(await status(page), /^Your moves: 3 moves, 0 pushes\./);
    // A tap walks there (the only shortest way); a box dragged down a cell is pushed there,
    // the walk to behind it found for you.
    const cell = (row, col) => gridCell(page, 8, 6, row, col);
    const tapped = await cell(3, 6);
    await page.mouse.click(tapped.x, tapped.y);
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 4);
    await drag(page, await cell(2, 5), await cell(3, 5));
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 5);
    assert.deepEqual(await movesShown(page), ['u', 'l', 'l', 'rrdd', 'uulD']);
    assert.match(await status(page), /^Your moves: 11 moves, 1 push\./);
    // A hint counts as Sokoban does: pushes, and moves.
    await page.click('#hint');
    await waitForStatus(page, 'Hint: ');
    assert.match(await status(page), /^Hint: \S+ \(a shortest way from here takes \d+ push(es)? and \d+ moves?\)\.$/);
    // The next level, then Back to this one, as it was played.
    await page.waitForTimeout(600); // the address follows within 400 ms
    await page.click('#level-next');
    await page.waitForFunction(() => document.querySelector('#puzzle-text').value.startsWith('; 5\n'));
    assert.equal(await page.inputValue('#level'), '4');
    await page.goBack();
    await page.waitForFunction(() => document.querySelector('#puzzle-text').value.startsWith('; 4\n'));
    assert.equal(await page.inputValue('#level'), '3');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 5);
    // Draw: a box put before its goal keeps the board, and what is missing is said at once, in
    // the status too (on a phone the message under the text is folded away); Solve says it.
    await page.click('#draw');
    await page.locator('#tools button', { hasText: 'Box' }).click();
    const floor = await cell(3, 2);
    await page.mouse.click(floor.x, floor.y);
    await page.waitForFunction(() => document.querySelector('#puzzle-text').value.includes('# $    #'));
    assert.equal(await page.textContent('#error'), 'line 3, column 1: this level has 4 boxes but only 3 goals: every box needs a goal of its own');
    assert.equal(await status(page), 'Not ready to solve: this level has 4 boxes but only 3 goals: every box needs a goal of its own.');
    await page.click('#draw');
    await page.click('#solve');
    await waitForStatus(page, 'The puzzle could not be solved as given: this level has 4 boxes but only 3 goals');
  });
});
