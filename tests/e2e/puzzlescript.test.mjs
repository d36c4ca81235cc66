// PuzzleScript in the page: a game opens (the full module takes over), its levels are offered,
// a level is drawn with its sprites, played by keys, and solved shortest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inPage, root, setText, status, waitForStatus, useBrowser } from './harness.mjs';

useBrowser();

test('a PuzzleScript game: its levels, the keys it is played with, and a shortest solution', async () => {
  await inPage(async (page) => {
    await page.selectOption('#examples', 'ps-sokoban-basic');
    await waitForStatus(page, 'Ready', 60000);
    // The game's two levels are offered; the first is shown.
    const levels = await page.locator('#level option').allTextContents();
    assert.equal(levels.length, 2, levels.join(' | '));
    // Its sprites are drawn: the board is not one colour.
    const colours = await page.evaluate(() => {
      const canvas = document.querySelector('#board');
      const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return seen.size;
    });
    assert.ok(colours >= 5, `the board shows ${colours} colours`);
    // The arrow keys and WASD play inputs.
    await page.focus('#board');
    await page.keyboard.press('ArrowDown');
    await page.waitForFunction(() => document.querySelector('#moves li')?.textContent === 'down');
    await page.keyboard.press('a');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    assert.deepEqual(await page.locator('#moves li').allTextContents(), ['down', 'left']);
    // PuzzleScript's own keys: Z takes an input back, R restarts the level (the inputs stay, to
    // be made again).
    const stepShown = () => page.textContent('#step-label');
    await page.keyboard.press('z');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent.startsWith('1 /'));
    await page.keyboard.press('d');
    await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 2);
    assert.deepEqual(await page.locator('#moves li').allTextContents(), ['down', 'right']);
    await page.keyboard.press('r');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent.startsWith('0 /'));
    assert.equal(await stepShown(), '0 / 2');
    // Solve from the start: the first level's shortest answer, 33 inputs (a breadth-first
    // search over the reference engine finds 33 too). On two Workers breadth-first search
    // proves on one while best-first search finds on the other: the proof is the answer, and
    // the positions it names are its own (`puzzlelab solve GAME --level 1 --json`: 559), the
    // other search's said apart.
    assert.equal(await page.isVisible('#workers'), true, "auto's two searches can run side by side");
    await page.selectOption('#workers', '2');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 33 inputs (shortest', 60000);
    assert.match(await status(page), /; breadth-first search checked 559 positions(, the searches beside it [\d,]+ more,)? in /);
    // Only the Worker still searching starts afresh: Worker 0 gave the answer and stays ready,
    // so Solve can be pressed again at once.
    assert.equal(await page.isEnabled('#solve'), true, 'Solve is ready as the answer shows');
  });
});

test('what the reference compiler only warns of is said under the text, and the game still plays', async () => {
  const game = readFileSync(path.join(root, 'www', 'examples', 'ps-sokoban-basic.txt'), 'utf8');
  const twice = game.replace('O = Target\n', 'O = Target\nO = Crate\n');
  const line = twice.split('\n').indexOf('O = Crate') + 1;
  await inPage(async (page) => {
    await setText(page, twice);
    await waitForStatus(page, 'Ready', 60000);
    assert.equal(await page.textContent('#warnings'), `Note: line ${line}, column 1: the name O is already in use`);
    assert.equal(await status(page), 'Ready: press Solve. One note on the text: see under it.');
    assert.equal(await page.textContent('#error'), '');
    // A clean game says nothing.
    await setText(page, game);
    await waitForStatus(page, 'Ready', 60000);
    assert.equal(await page.textContent('#warnings'), '');
  });
});

test('Analyse on a PuzzleScript level: its every position in inputs, and its hardest start opened and solved', async () => {
  await inPage(async (page) => {
    await page.selectOption('#examples', 'ps-sokoban-basic');
    await waitForStatus(page, 'Ready', 60000);
    await page.click('#analyse');
    // Its first level is Microban's: `puzzlelab analyse GAME --level 1` says the same.
    await waitForStatus(page, '629 positions reachable from the start, 2 solved', 60000);
    const lines = await page.locator('#analysis-lines li').allTextContents();
    assert.ok(lines.includes('Shortest solution: 33 inputs (the only one)'), lines.join('\n'));
    assert.ok(lines.some((l) => l.startsWith('Hardest start: 38 inputs to solve (2 positions)')), lines.join('\n'));
    assert.match(await page.textContent('#bottlenecks'), /^Steps with only one input that stays shortest: 1, 2, 3, /);
    assert.equal(await page.textContent('#open-hardest'), 'Open the hardest start (38 inputs to solve)');
    // The hardest start, written as a game of its own, solves in the 38 inputs Analyse gave it.
    await page.click('#open-hardest');
    await waitForStatus(page, 'Opened the hardest start: its shortest solution has 38 inputs', 60000);
  });
});
