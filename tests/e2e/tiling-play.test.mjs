// Tilings played by hand (issue 62): the pieces still to place lie in a tray beside or below the
// board; dragging one onto the board places it, tapping it turns it, and undo takes it back. The
// tests find the tray and the board by their colours on the canvas, as a person finds them by eye,
// at desktop size with a mouse and at phone size with touch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useBrowser, openPage, paste, status, waitForStatus, shots } from './harness.mjs';

useBrowser();

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
// P, to be turned to fit: ###/##. is one of its eight orientations, not the one it is drawn in.
const TURN_TO_FIT = 'pieces: P\n...\n..\n';

/// The first pixel of the board's canvas in reading order, from row `fromY`, that is an empty
/// cell ('empty') or part of a piece ('piece': a strong colour), in the canvas's own units.
async function firstPixel(page, kind, fromY = 0) {
  return page.evaluate(([kind, fromY]) => {
    const canvas = document.querySelector('#board');
    const { width, height } = canvas;
    const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
    for (let y = fromY; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        const hit = kind === 'empty' ? r === 255 && g === 253 && b === 248 : Math.max(r, g, b) - Math.min(r, g, b) > 60;
        if (hit) return { x, y };
      }
    }
    return null;
  }, [kind, fromY]);
}

/// The first pixel of the tray's buttons (their fill, #e4ddcc) in reading order.
const buttonPixel = (page) => page.evaluate(() => {
  const canvas = document.querySelector('#board');
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i] === 228 && data[i + 1] === 221 && data[i + 2] === 204) return { x: (i / 4) % canvas.width, y: Math.floor(i / 4 / canvas.width) };
  }
  return null;
});

/// A canvas point (plus a few units inward) on the page.
async function onPage(page, { x, y }) {
  const box = await page.locator('#board').boundingBox();
  const scale = box.width / 560;
  return { x: box.x + (x + 5) * scale, y: box.y + (y + 5) * scale };
}

/// Drags from `from` to `to` (page points): with the mouse, or with a finger through the
/// browser's touch input.
async function drag(page, from, to, touch) {
  if (!touch) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 8 });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let i = 1; i <= 8; i++) {
    const point = { x: from.x + ((to.x - from.x) * i) / 8, y: from.y + ((to.y - from.y) * i) / 8 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/// Plays TURN_TO_FIT as a person would: drag the piece by its top left onto the board's top left
/// cell; where it does not fit, turn it (a tap, or a key) and try again. Returns the drags it took.
async function playTurnToFit(page, touch, name) {
  const board = await firstPixel(page, 'empty');
  assert.ok(board, 'an empty board is drawn');
  for (let tries = 1; tries <= 8; tries++) {
    // The tray is under the board: its piece is the first strong colour below the board's top.
    const piece = await firstPixel(page, 'piece', board.y);
    assert.ok(piece, 'the piece is in the tray');
    await drag(page, await onPage(page, piece), await onPage(page, board), touch);
    await page.waitForTimeout(400);
    if ((await status(page)).startsWith('Solved!')) return tries;
    assert.equal(await page.textContent('#moves'), '', 'a piece that does not fit is not placed');
    if (tries === 1) await page.screenshot({ path: path.join(shots, `tiling-tray-${name}.png`) });
    // By touch, a tap turns the piece; at a keyboard, the keys turn and flip the piece last
    // touched (the drag touched it): every orientation in eight tries either way.
    const tap = await onPage(page, piece);
    if (touch) {
      await page.touchscreen.tap(tap.x, tap.y);
    } else {
      await page.focus('#board');
      await page.keyboard.press(['e', 'e', 'e', 'f', 'e', 'e', 'e'][tries - 1]);
    }
    await page.waitForTimeout(100);
  }
  assert.fail(`the piece never fitted: ${await status(page)}`);
}

for (const [name, options, touch] of [
  ['desktop', { viewport: { width: 1366, height: 800 } }, false],
  ['phone', PHONE, true],
]) {
  test(`a tiling is played from its tray on a ${name}: drag to place, turn by tap or key, undo to take back`, async () => {
    const { page, problems, context } = await openPage(undefined, undefined, options);
    try {
      await paste(page, TURN_TO_FIT);
      await waitForStatus(page, 'Ready');
      const tries = await playTurnToFit(page, touch, name);
      assert.ok(tries > 1, 'as drawn at first, P does not fit: it had to be turned');
      assert.equal(await firstPixel(page, 'empty'), null, 'every cell is covered');
      await page.screenshot({ path: path.join(shots, `tiling-by-hand-${name}.png`) });
      // Undo: the piece leaves the board and is back in the tray.
      await page.focus('#board');
      await page.keyboard.press('u');
      let board = null;
      for (let wait = 0; wait < 50 && !board; wait++) {
        await page.waitForTimeout(100);
        board = await firstPixel(page, 'empty');
      }
      assert.ok(board, 'the board is empty again');
      assert.equal(await page.textContent('#step-label'), '0 / 1', 'undone, ready to redo');
      assert.ok(await firstPixel(page, 'piece', board.y), 'and the piece is back in the tray');
      assert.equal(await page.inputValue('#puzzle-text'), TURN_TO_FIT, 'the text is left alone');
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
}

test('a tiling played part-way gets a hint and is solved from where it is', async () => {
  const { page, problems, context } = await openPage(undefined, undefined, { viewport: { width: 1366, height: 800 } });
  try {
    // O4 fits at the top left as it lies in the tray; I4 then fills the rest of the top row.
    await paste(page, 'pieces: O4 I4\n......\n..\n');
    await waitForStatus(page, 'Ready');
    const board = await firstPixel(page, 'empty');
    const piece = await firstPixel(page, 'piece', board.y + 5);
    await drag(page, await onPage(page, piece), await onPage(page, board), false);
    await waitForStatus(page, 'Your moves: 1 move.');
    // A hint from here: the piece left, where it goes.
    await page.click('#hint');
    await waitForStatus(page, 'Hint: I4: 0,2 0,3 0,4 0,5');
    await page.screenshot({ path: path.join(shots, 'tiling-hint.png') });
    assert.equal(await page.textContent('#solve'), 'Solve from here');
    await page.click('#solve');
    await waitForStatus(page, 'From your move 1: Found a tiling: 1 piece');
    assert.equal(await page.textContent('#step-label'), '1 / 2', 'the solution goes on from the piece placed');
    await page.click('#next');
    await page.waitForTimeout(600);
    assert.equal(await firstPixel(page, 'empty'), null, 'every cell is covered');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('on a phone the tray\'s buttons turn and flip the piece last touched', async () => {
  const { page, problems, context } = await openPage(undefined, undefined, PHONE);
  try {
    await paste(page, 'pieces: L T\n.....\n.....\n');
    await waitForStatus(page, 'Ready');
    const picture = () => page.evaluate(() => document.querySelector('#board').toDataURL());
    const before = await picture();
    // The turn button comes first, the flip button beside it.
    const turn = await buttonPixel(page);
    assert.ok(turn, 'the tray has buttons');
    const at = await onPage(page, { x: turn.x + 5, y: turn.y + 5 });
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForFunction((b) => document.querySelector('#board').toDataURL() !== b, before);
    await page.screenshot({ path: path.join(shots, 'tiling-buttons-phone.png') });
    // Three more quarter turns bring the piece back as it was.
    for (let i = 0; i < 3; i++) {
      await page.touchscreen.tap(at.x, at.y);
      await page.waitForTimeout(150);
    }
    assert.equal(await picture(), before, 'four quarter turns are a whole turn');
    assert.equal(await page.locator('#moves li').count(), 0, 'a button places nothing');
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
