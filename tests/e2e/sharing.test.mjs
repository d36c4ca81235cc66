// Sharing: a link reopens the puzzle, its step and its metric; the embedded player; a damaged
// link gives a message.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateRawSync } from 'node:zlib';
import {
  useBrowser, ARTICLE, base, shots, pieceLetters, openPage, inPage, setText, paste, status, waitForStatus, waitForNotice,
} from './harness.mjs';

useBrowser();

/// The colour of the canvas at the middle of the upper-left quarter of cell (row, col).
async function cellColour(page, row, col, cols, rows) {
  return page.evaluate(([row, col, cols, rows]) => {
    const canvas = document.querySelector('#board');
    const margin = 8;
    const cell = Math.max(1, Math.min((canvas.width - 2 * margin) / cols, (canvas.height - 2 * margin) / rows));
    const left = (canvas.width - cell * cols) / 2;
    const top = (canvas.height - cell * rows) / 2;
    const x = Math.floor(left + (col + 0.25) * cell);
    const y = Math.floor(top + (row + 0.25) * cell);
    return Array.from(canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3)).join(',');
  }, [row, col, cols, rows]);
}

/** The number of images in a GIF file, read from its block structure. */
function gifFrames(bytes) {
  const table = (flags) => (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  const skipBlocks = (at) => {
    while (bytes[at] !== 0) at += bytes[at] + 1;
    return at + 1;
  };
  let at = 13 + table(bytes[10]);
  let frames = 0;
  while (at < bytes.length && bytes[at] !== 0x3b) {
    if (bytes[at] === 0x21) {
      at = skipBlocks(at + 2);
    } else if (bytes[at] === 0x2c) {
      frames += 1;
      at = skipBlocks(at + 10 + table(bytes[at + 9]) + 1);
    } else {
      throw new Error(`not a GIF block at byte ${at}: ${bytes[at]}`);
    }
  }
  return frames;
}

/** A PNG file's chunks, in order: each one's name and where it starts (its length field). */
function pngChunks(bytes) {
  const chunks = [];
  for (let at = 8; at + 8 <= bytes.length; at += 12 + bytes.readUInt32BE(at)) {
    chunks.push({ name: bytes.subarray(at + 4, at + 8).toString('latin1'), at });
  }
  return chunks;
}

test('solve the article maze, replay to the end, share the step, reopen the link', async () => {
  await inPage(async (page) => {
    await setText(page, ARTICLE);
    const aColour = await cellColour(page, 0, 0, 4, 5);
    assert.notEqual(aColour, await cellColour(page, 2, 0, 4, 5), 'piece a and an empty cell differ');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in ');
    assert.match(await status(page), /^Solved in 37 moves \(counted in one-cell steps, shortest/);
    assert.equal(await page.locator('#moves li').count(), 37);

    // Step through with the keyboard and the buttons, then jump to the end.
    await page.locator('#moves').focus(); // the keys step the replay (a click on the board would play)
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '1 / 37');
    await page.click('#last');
    assert.equal(await page.textContent('#step-label'), '37 / 37');
    const finalText = await page.textContent('#position');
    const rows = finalText.split('\n').filter((l) => l.length > 0);
    assert.equal(rows.length, 5);
    assert.equal(rows[4][3], 'a', `a covers the bottom-right cell:\n${finalText}`);
    assert.equal(pieceLetters(finalText), pieceLetters(ARTICLE.split('\n').slice(0, 5).join('')));
    // The canvas shows it too: the bottom-right cell now has a's colour.
    assert.equal(await cellColour(page, 4, 3, 4, 5), aColour);
    await page.screenshot({ path: path.join(shots, 'article-solved.png') });

    assert.deepEqual(await page.locator('#metric option').evaluateAll((os) => os.map((o) => o.value)), ['', 'unit', 'slide', 'piece']);
    // Back to step 12 by clicking its move, then share.
    await page.click('#moves li:nth-child(12)');
    assert.equal(await page.textContent('#step-label'), '12 / 37');
    const position12 = await page.textContent('#position');
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    assert.match(link, /#p=[A-Za-z0-9_-]+$/);

    // The solution as text to paste: the puzzle, what the solution is, every move in order.
    await page.click('#copy-solution');
    await waitForNotice(page, 'The puzzle and its solution: copied');
    assert.match(await status(page), /^Solved in 37 moves/, 'the result stays');
    const pasted = await page.inputValue('#solution-text');
    const shown = await page.locator('#moves li').allTextContents();
    assert.ok(pasted.startsWith(ARTICLE.trimEnd() + '\n\nA solution in 37 moves (counted in one-cell steps, shortest):\n'), pasted);
    const lines = pasted.split('\n');
    const first = lines.indexOf('A solution in 37 moves (counted in one-cell steps, shortest):') + 1;
    assert.equal(lines.slice(first, first + 37).join('|'), shown.join('|'));

    // A picture of the board at step 12: twice the canvas's size, taller with the moves under it.
    const picture = async (withMoves) => {
      await page.setChecked('#picture-moves', withMoves);
      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#picture')]);
      assert.equal(download.suggestedFilename(), 'puzzlelab-sliding-step-12.png');
      const png = readFileSync(await download.path());
      assert.equal(png.subarray(1, 4).toString(), 'PNG');
      writeFileSync(path.join(shots, `picture${withMoves ? '-with-moves' : ''}.png`), png);
      return [png.readUInt32BE(16), png.readUInt32BE(20)];
    };
    assert.deepEqual(await picture(false), [1120, 880]);
    const [width, height] = await picture(true);
    assert.equal(width, 1120);
    assert.ok(height > 880 + 2 * 28, `the moves take at least a line under the board: ${height}`);
    // The same picture as SVG: shapes, the moves as text (data, escaped), the current one marked.
    await page.selectOption('#picture-format', 'svg');
    const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.click('#picture')]);
    assert.equal(svgDownload.suggestedFilename(), 'puzzlelab-sliding-step-12.svg');
    const svg = readFileSync(await svgDownload.path(), 'utf8');
    assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1120" height="[\d.]+"/);
    assert.equal((svg.match(/ ◀/g) || []).length, 1);
    assert.ok(svg.includes(`12. ${shown[11]} ◀`), 'the twelfth move is marked');
    await page.selectOption('#picture-format', 'png');

    // The replay as an animated GIF at the canvas's size: the start and one frame per move.
    await page.selectOption('#picture-size', '1');
    const started = Date.now();
    const [gifDownload] = await Promise.all([page.waitForEvent('download', { timeout: 120000 }), page.click('#animation')]);
    assert.equal(gifDownload.suggestedFilename(), 'puzzlelab-sliding-solution.gif');
    const gif = readFileSync(await gifDownload.path());
    writeFileSync(path.join(shots, 'solution.gif'), gif);
    console.log(`animation: 38 frames of 560 x 440 in ${Date.now() - started} ms, ${gif.length} bytes`);
    assert.equal(gif.subarray(0, 6).toString(), 'GIF89a');
    assert.deepEqual([gif.readUInt16LE(6), gif.readUInt16LE(8)], [560, 440]);
    assert.equal(gifFrames(gif), 38);
    await waitForNotice(page, 'Saved puzzlelab-sliding-solution.gif: 38 frames, ');
    assert.match(await page.textContent('#notice'), /^Saved puzzlelab-sliding-solution\.gif: 38 frames, \d+ KB\.$/);

    // The same replay as an animated PNG: every frame declared and present, and a smaller file.
    await page.selectOption('#animation-format', 'apng');
    const [apngDownload] = await Promise.all([page.waitForEvent('download', { timeout: 120000 }), page.click('#animation')]);
    assert.equal(apngDownload.suggestedFilename(), 'puzzlelab-sliding-solution.png');
    const apng = readFileSync(await apngDownload.path());
    writeFileSync(path.join(shots, 'solution.png'), apng);
    console.log(`animation: APNG ${apng.length} bytes against GIF ${gif.length}`);
    assert.deepEqual([...apng.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.deepEqual([apng.readUInt32BE(16), apng.readUInt32BE(20)], [560, 440]);
    const chunks = pngChunks(apng);
    assert.deepEqual(chunks.slice(0, 3).map((chunk) => chunk.name), ['IHDR', 'acTL', 'fcTL']);
    assert.equal(apng.readUInt32BE(chunks[1].at + 8), 38, 'acTL declares 38 frames');
    assert.equal(chunks.filter((chunk) => chunk.name === 'fcTL').length, 38);
    assert.ok(apng.length < gif.length, `the APNG is smaller: ${apng.length} against ${gif.length}`);
    await waitForNotice(page, 'Saved puzzlelab-sliding-solution.png: 38 frames, ');

    // Animations are made in the Worker, and Cancel stops one (the Worker ends; a fresh one
    // takes its place and answers).
    await page.selectOption('#picture-size', '3');
    await page.click('#animation');
    await waitForNotice(page, 'Making the animation');
    await page.click('#cancel');
    await waitForNotice(page, 'Cancelled the animation.');
    assert.equal(await page.isDisabled('#animation'), false);
    await page.waitForFunction(() => document.querySelector('#workers-state').textContent === '1 idle');

    const second = await openPage(link);
    try {
      await waitForStatus(second.page, 'Solved in 37 moves');
      assert.equal(await second.page.inputValue('#puzzle-text'), ARTICLE);
      assert.equal(await second.page.textContent('#step-label'), '12 / 37');
      assert.equal(await second.page.textContent('#position'), position12);
      assert.deepEqual(second.problems, []);
    } finally {
      await second.context.close();
    }
  });
});

test('embed: the snippet opens a compact player in an iframe that replays from the link without the solver and steps with the keyboard', async () => {
  const { page, problems, context } = await openPage();
  try {
    await setText(page, ARTICLE);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
    await page.$eval('#step', (e) => {
      e.value = '3';
      e.dispatchEvent(new Event('input'));
    });
    await page.click('#embed');
    const snippet = await page.inputValue('#embed-code');
    const link = await page.inputValue('#embed-link');
    assert.ok(snippet.startsWith(`<iframe src="${base}#p=`), snippet);
    assert.ok(link.startsWith(`${base}#p=`));
    // A page of someone's blog with the snippet in it.
    const blog = await context.newPage();
    await blog.setContent(`<!doctype html><p>My favourite solution:</p>${snippet}`);
    const player = blog.frameLocator('iframe');
    await player.locator('#status').filter({ hasText: 'A solution in 37 steps, replayed from the link' }).waitFor({ timeout: 30000 });
    assert.equal(await player.locator('#puzzle-text').isVisible(), false, 'no editor');
    assert.equal(await player.locator('#solve').isVisible(), false, 'no solver buttons');
    assert.equal(await player.locator('#step-label').textContent(), '3 / 37', 'it starts at the step shared');
    assert.match(await player.locator('#open-full').getAttribute('href'), /#p=/);
    // The keyboard steps the replay, and the step is announced.
    await player.locator('#next').focus();
    await blog.keyboard.press('ArrowRight');
    await player.locator('#step-label').filter({ hasText: '4 / 37' }).waitFor();
    await player.locator('#announce').filter({ hasText: /^Step 4 of 37: / }).waitFor();
    await blog.screenshot({ path: path.join(shots, 'embedded-player.png') });
    // Opened directly, narrow as a phone: the player starts no solver Worker at all.
    const alone = await context.newPage();
    await alone.setViewportSize({ width: 320, height: 640 });
    await alone.goto(link);
    await waitForStatus(alone, 'A solution in 37 steps, replayed from the link');
    await alone.waitForTimeout(300);
    assert.equal(alone.workers().length, 0, 'no Worker: the moves came with the link');
    const width = await alone.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 320, `nothing sticks out of a 320 px frame: ${width}`);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
  // Autoplay, loop, speed and the dark theme, as a link sets them: it plays to the end by
  // itself and starts again.
  const solution = (await (async () => {
    const { page, context } = await openPage();
    await setText(page, ARTICLE);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
    const moves = await page.locator('#moves li').allTextContents();
    await context.close();
    return moves;
  })());
  const looping = { v: 1, family: 'sliding', text: ARTICLE, step: 30, player: { moves: solution, autoplay: true, loop: true, speed: 10, dark: true } };
  await inPage(`${base}#p=${deflateRawSync(Buffer.from(JSON.stringify(looping))).toString('base64url')}`, async (page) => {
    assert.equal(await page.evaluate(() => document.documentElement.className), 'player dark');
    await page.waitForFunction(() => document.querySelector('#step-label').textContent === '37 / 37', null, { timeout: 20000 });
    await page.waitForFunction(() => parseInt(document.querySelector('#step-label').textContent) < 30, null, { timeout: 20000 });
  });
  // A link whose moves do not replay: the player solves the puzzle and says why.
  const json = { v: 1, family: 'sliding', text: ARTICLE, step: 0, player: { moves: ['a D', 'zz Q'] } };
  const packed = deflateRawSync(Buffer.from(JSON.stringify(json))).toString('base64url');
  await inPage(`${base}#p=${packed}`, async (page) => {
    await waitForStatus(page, "The link's moves did not replay (move 2: ", 60000);
    assert.match(await status(page), /so the puzzle was solved here: Solved in 37 moves/);
    assert.equal(await page.isVisible('#puzzle-text'), false, 'still the player');
  });
});

test('a damaged share link gives a message, not a crash', async () => {
  await inPage(`${base}#p=AAAA!!garbage`, async (page) => {
    await page.waitForFunction(() => document.querySelector('#status').textContent.startsWith('Could not open'), null, { timeout: 10000 });
    assert.match(await status(page), /this link is damaged/);
    // The page still works: the first example is loaded and solvable.
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 37 moves');
  });
});

test('a shared link keeps its metric', async () => {
  await inPage(async (page) => {
    await setText(page, ARTICLE);
    await page.selectOption('#metric', 'slide');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 29 moves (counted in slides');
    await page.click('#share');
    const second = await openPage(await page.inputValue('#share-link'));
    try {
      await waitForStatus(second.page, 'Solved in 29 moves (counted in slides');
      assert.equal(await second.page.inputValue('#metric'), 'slide');
    } finally {
      await second.context.close();
    }
  });
});
