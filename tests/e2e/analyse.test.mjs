// Analyse: the figures of a whole space, its histogram, its hardest start, and its graph.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useBrowser, ARTICLE, openPage, inPage, setText, waitForStatus } from './harness.mjs';

useBrowser();

test('Analyse Klotski: the figures, the histogram, the bottlenecks, the hardest start opened and solved, the panel in a shared link', async () => {
  const KLOTSKI = 'baac\nbaac\ndeef\ndghf\ni  j\n-.aa.----$\n';
  await inPage(async (page) => {
    await setText(page, KLOTSKI);
    assert.equal(await page.isHidden('#analysis'), true);
    await page.click('#analyse');
    await waitForStatus(page, '25,955 positions reachable from the start, 964 solved', 60000);
    const lines = await page.locator('#analysis-lines li').allTextContents();
    assert.ok(lines.includes('Shortest solution: 116 moves (one of 4,112,640,000 distinct ones)'), lines.join('\n'));
    assert.ok(lines.includes('Farthest from the start: 167 moves (4 positions)'), lines.join('\n'));
    assert.ok(lines.some((l) => l.startsWith('Hardest start: 126 moves to solve (4 positions)')), lines.join('\n'));
    assert.match(await page.textContent('#bottlenecks'), /^Steps with only one move that stays shortest: 5, 6, 7, .*… \(85 in all\)$/);
    // The histogram has its bars (blue) and the hardest start's bar and label (red).
    const [blue, red] = await page.evaluate(() => {
      const c = document.querySelector('#histogram');
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let [blue, red] = [0, 0];
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        if (b > 150 && r < 100) blue++;
        if (r > 150 && g < 100 && b < 100) red++;
      }
      return [blue, red];
    });
    assert.ok(blue > 2000 && red > 50, `blue ${blue}, red ${red} pixels`);
    // Share with the panel: the link opens with the analysis run again.
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    const second = await openPage(link);
    try {
      await second.page.waitForFunction(() => !document.querySelector('#analysis').hidden, null, { timeout: 60000 });
      assert.match(await second.page.textContent('#analysis-lines'), /25,955 positions reachable/);
    } finally {
      await second.context.close();
    }
    // The hardest start becomes the puzzle, and solves in the 126 moves Analyse gave it.
    await page.click('#open-hardest');
    await waitForStatus(page, 'Opened the hardest start: its shortest solution has 126 moves');
    assert.equal(await page.isHidden('#analysis'), true, 'a new puzzle, no old analysis');
    assert.notEqual(await page.inputValue('#puzzle-text'), KLOTSKI);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 126 moves', 60000);
    // A tiling's analysis lists its tilings and what they all share; no histogram.
    await page.selectOption('#examples', 'tiling-scott');
    await page.click('#analyse');
    await waitForStatus(page, '520 tilings listed (mirror images and turns counted apart)', 60000);
    assert.match(await page.textContent('#analysis-lines'), /No piece lies in the same place in every tiling/);
    assert.equal(await page.isHidden('#histogram'), true);
  });
});

test('Analyse draws a small space as a graph: pointing shows a position, clicking opens it', async () => {
  await inPage(async (page) => {
    await setText(page, ARTICLE);
    await page.click('#analyse');
    await waitForStatus(page, '888 positions reachable from the start, 175 solved', 60000);
    assert.equal(await page.isHidden('#graph-panel'), false);
    await page.locator('#graph').scrollIntoViewIfNeeded();
    // Canvas point (x, y) to a pointer position on the page.
    const at = async (x, y) => page.evaluate(([x, y]) => {
      const c = document.querySelector('#graph');
      const r = c.getBoundingClientRect();
      return [r.left + (x * r.width) / c.width, r.top + (y * r.height) / c.height];
    }, [x, y]);
    const [width, height] = await page.evaluate(() => [document.querySelector('#graph').width, document.querySelector('#graph').height]);
    // The start is the one position of the first column; the farthest (121 moves) of the last.
    await page.mouse.move(...(await at(12, height / 2)));
    await page.waitForFunction(() => document.querySelector('#graph-info').textContent.startsWith('0 moves from the start\n'));
    assert.ok((await page.textContent('#graph-info')).includes('aabb\naacd\n  cd\n'), await page.textContent('#graph-info'));
    await page.mouse.move(...(await at(width - 12, height / 2)));
    await page.waitForFunction(() => document.querySelector('#graph-info').textContent.startsWith('121 moves from the start\n'));
    await page.mouse.click(...(await at(width - 12, height / 2)));
    await waitForStatus(page, 'Opened a position 121 moves from the old start');
    assert.notEqual(await page.inputValue('#puzzle-text'), ARTICLE);
    assert.equal(await page.isHidden('#analysis'), true);
    // Analysed in turn: the same 888 positions, and this one is the old analysis's hardest start
    // (62 moves to solve, 121 from the old start).
    await page.click('#analyse');
    await waitForStatus(page, '888 positions reachable from the start', 60000);
    assert.match(await page.textContent('#analysis-lines'), /Shortest solution: 62 moves/);
  });
});
