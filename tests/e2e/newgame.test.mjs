// New game (issue 62): a puzzle made at a difficulty in a Worker, measured by solving it, opened
// as an example opens, with its measure in the status; Solve then finds the length the status
// said, a Hard game is longer than a Medium one of the same family, and the link carries it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, openPage, waitForStatus, addressAfter, shots } from './harness.mjs';

useBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/// Chooses `value` ("rushhour:hard") in the New game menu and waits for the game: its length in
/// moves, as the status says it.
async function newGame(page, value, name) {
  await page.selectOption('#new-game', value);
  await waitForStatus(page, `New ${name} (${value.split(':')[1]}): `, 60000);
  assert.equal(await page.inputValue('#new-game'), '', 'the menu is ready for the next game');
  return Number((await page.textContent('#status')).match(/: (\d+) moves? to solve/)[1]);
}

/// Solves the puzzle shown and returns the length the page found.
async function solved(page) {
  await page.click('#solve');
  await waitForStatus(page, 'Solved in ', 60000);
  return Number((await page.textContent('#status')).match(/Solved in (\d+) moves?/)[1]);
}

test('a new game at each difficulty is as long as its measure says, and Hard is longer than Medium', async () => {
  const { page, problems, context } = await openPage(undefined, undefined, { viewport: { width: 1366, height: 800 } });
  try {
    for (const [family, name] of [['rushhour', 'Rush Hour puzzle'], ['npuzzle', '8-puzzle']]) {
      const medium = await newGame(page, `${family}:medium`, name);
      assert.equal(await solved(page), medium, `${name}, medium`);
      const hard = await newGame(page, `${family}:hard`, name);
      assert.equal(await solved(page), hard, `${name}, hard`);
      assert.ok(hard > medium, `${name}: hard ${hard} moves, medium ${medium}`);
    }
    // `n` on the board: another game like the last one.
    const before = await page.inputValue('#puzzle-text');
    await page.focus('#board');
    await page.keyboard.press('n');
    await page.waitForFunction((b) => document.querySelector('#puzzle-text').value !== b, before, { timeout: 60000 });
    await waitForStatus(page, 'New 8-puzzle (hard): ');
    await page.screenshot({ path: path.join(shots, 'new-game-desktop.png') });
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('a new game on a phone opens on the board, and its link opens the same puzzle', async () => {
  const { page, problems, context } = await openPage(undefined, undefined, PHONE);
  try {
    let moves;
    const link = await addressAfter(page, async () => {
      moves = await newGame(page, 'maze:easy', '8 x 8 maze');
    });
    const text = await page.inputValue('#puzzle-text');
    assert.match(text, /^\+---/, 'a maze in box art');
    await page.screenshot({ path: path.join(shots, 'new-game-phone.png') });
    const other = await openPage(link, context, PHONE);
    assert.equal(await other.page.inputValue('#puzzle-text'), text);
    assert.equal(await solved(other.page), moves);
    assert.deepEqual([...problems, ...other.problems], []);
  } finally {
    await context.close();
  }
});

test('a new block puzzle is as long as measured, and a new pentomino rectangle has one tiling', async () => {
  const { page, problems, context } = await openPage(undefined, undefined, { viewport: { width: 1366, height: 800 } });
  try {
    const medium = await newGame(page, 'sliding:medium', 'Sliding-block puzzle');
    assert.equal(await solved(page), medium, 'a medium block puzzle');
    const hard = await newGame(page, 'sliding:hard', 'Sliding-block puzzle');
    assert.match(await page.textContent('#status'), /the hardest of the [\d,]+ positions its blocks can reach/);
    assert.equal(await solved(page), hard, 'a hard block puzzle');
    assert.ok(hard > medium, `hard ${hard} moves, medium ${medium}`);
    // A tiling game: the status says the pieces and that they fit one way; the count agrees.
    await page.selectOption('#new-game', 'tiling:hard');
    await waitForStatus(page, 'New 5 x 8 pentomino rectangle (hard): 8 pieces to place, in one way only', 60000);
    assert.match(await page.inputValue('#puzzle-text'), /^pieces: ([A-Z] ){7}[A-Z]\n(\.{8}\n){5}$/);
    await page.selectOption('#mode', 'count');
    await page.click('#solve');
    await waitForStatus(page, '4 tilings, 1 distinct', 60000);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
