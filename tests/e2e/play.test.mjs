// Each family's play in the page: solve, replay, step, edit in draw mode, open and save files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  useBrowser, root, shots, openPage, inPage, setText, status, waitForError, waitForStatus, waitForNotice, waitForFullModule,
} from './harness.mjs';

useBrowser();

test('draw mode paints a piece and a goal; the text follows; undo brings it back', async () => {
  await inPage(async (page) => {
    await setText(page, 'a  \n   \na--\n');
    await page.click('#draw');
    await page.click('#tools [data-tool="wall"]');
    const clickCell = async (row, col, cols, rows) => {
      const box = await page.locator('#board').boundingBox();
      const scale = box.width / 560;
      const margin = 8;
      const cell = Math.min((560 - 2 * margin) / cols, (440 - 2 * margin) / rows);
      const left = (560 - cell * cols) / 2;
      const top = (440 - cell * rows) / 2;
      await page.mouse.click(box.x + (left + (col + 0.5) * cell) * scale, box.y + (top + (row + 0.5) * cell) * scale);
    };
    await clickCell(1, 1, 3, 2);
    assert.equal(await page.inputValue('#puzzle-text'), 'a  \n # \na--\n');
    await page.click('#tools [data-tool="piece:new"]');
    await clickCell(0, 2, 3, 2);
    assert.equal(await page.inputValue('#puzzle-text'), 'a b\n # \na--\n');
    // The new piece's paint tool is now active: paint its second cell.
    await clickCell(1, 2, 3, 2);
    assert.equal(await page.inputValue('#puzzle-text'), 'a b\n #b\na--\n');
    await page.click('#tools [data-tool="goal:a"]');
    await clickCell(1, 2, 3, 2); // takes the old goal cell (from a--) off
    assert.equal((await page.inputValue('#puzzle-text')).split('\n')[2], '^---...-...---$');
    await clickCell(1, 0, 3, 2);
    const text = await page.inputValue('#puzzle-text');
    assert.equal(text.split('\n')[2], '^---...-a..---$');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 1 move');
    await page.keyboard.press('Control+z');
    assert.equal(await page.inputValue('#puzzle-text'), 'a b\n #b\n^---...-...---$\n');
    await page.keyboard.press('Control+z');
    assert.equal(await page.inputValue('#puzzle-text'), 'a b\n #b\na--\n');
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    assert.equal(await page.inputValue('#puzzle-text'), text);
    await page.screenshot({ path: path.join(shots, 'draw-mode.png') });
  });
});

test('dragging paints a line of walls as one undo step; a walled-off goal has no solution', async () => {
  await inPage(async (page) => {
    const start = 'a  \n   \n   \na--\n';
    await setText(page, start);
    await page.click('#draw');
    await page.click('#tools [data-tool="wall"]');
    const box = await page.locator('#board').boundingBox();
    const scale = box.width / 560;
    const cell = Math.min((560 - 16) / 3, (440 - 16) / 3);
    const left = (560 - cell * 3) / 2;
    const top = (440 - cell * 3) / 2;
    const at = (row, col) => [box.x + (left + (col + 0.5) * cell) * scale, box.y + (top + (row + 0.5) * cell) * scale];
    await page.mouse.move(...at(1, 0));
    await page.mouse.down();
    await page.mouse.move(...at(1, 1), { steps: 4 });
    await page.mouse.move(...at(1, 2), { steps: 4 });
    await page.mouse.up();
    assert.equal(await page.inputValue('#puzzle-text'), 'a  \n###\n   \na--\n');
    await page.click('#solve');
    await waitForStatus(page, 'No solution');
    // Bidirectional search (the goal pins the one piece) stops when one side runs out: 3 + 1 states.
    assert.equal(await status(page), 'No solution: checked all 4 reachable positions');
    await page.click('#board', { position: { x: 2, y: 2 } }); // outside the grid: paints nothing
    await page.keyboard.press('Control+z');
    assert.equal(await page.inputValue('#puzzle-text'), start);
  });
});

test('Game About Squares: solve a level, replay it to the won position', async () => {
  await inPage(async (page) => {
    await page.selectOption('#examples', 'squares-push');
    // The level's one switch, made from what the puzzle declares, with its help as tooltip.
    assert.equal(await page.isVisible('#switch-exact'), true);
    assert.equal(await page.locator('#switches label').count(), 1);
    assert.match(await page.getAttribute('#switches label', 'title'), /^Search the whole plane/);
    // The metric picker offers this family's metrics only.
    assert.deepEqual(await page.locator('#metric option').evaluateAll((os) => os.map((o) => o.value)), ['', 'clicks']);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in ');
    assert.match(await status(page), /^Solved in 9 clicks \(shortest within the search area;/);
    const clicks = await page.locator('#moves li').allTextContents();
    assert.equal(clicks.length, 9);
    assert.ok(clicks.every((c) => c === 'Red' || c === 'Blue'), clicks.join(' '));
    await page.keyboard.press('End');
    const won = await page.textContent('#position');
    // Both squares stand on their goals.
    assert.match(won, /^Red:0,3 [<>^v]$/m);
    assert.match(won, /^Blue:2,5 [<>^v]$/m);
    await page.screenshot({ path: path.join(shots, 'squares-solved.png') });
    // The exact search (no search area) finds the same length.
    await page.check('#switch-exact');
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 9 clicks (shortest;');
    // A shared link carries the switch.
    await page.click('#share');
    const second = await openPage(await page.inputValue('#share-link'));
    try {
      await waitForStatus(second.page, 'Solved in 9 clicks (shortest;');
      assert.equal(await second.page.isChecked('#switch-exact'), true);
    } finally {
      await second.context.close();
    }
    // A family without switches shows none.
    await page.selectOption('#examples', 'klotski');
    assert.equal(await page.isVisible('#switches'), false);
  });
});

test('tiling: find one, count all of 6x10, browse the distinct 3x20 tilings', async () => {
  await inPage(async (page) => {
    await page.selectOption('#examples', 'tiling-6x10');
    assert.equal(await page.isVisible('#mode'), true);
    await page.click('#solve');
    await waitForStatus(page, 'Found a tiling: 12 pieces');
    await page.keyboard.press('End');
    assert.doesNotMatch(await page.textContent('#position'), /\./, 'every cell is covered');
    await page.selectOption('#mode', 'count');
    await page.click('#solve');
    await waitForStatus(page, '9,356 tilings, 2,339 distinct', 60000);
    await setText(page, '....................\n....................\n....................\n');
    await page.selectOption('#mode', 'all');
    await page.click('#solve');
    await waitForStatus(page, '8 tilings, 2 distinct');
    assert.equal(await page.textContent('#solution-label'), 'Solution 1 of 2');
    const first = await page.textContent('#position');
    await page.click('#next-solution');
    assert.equal(await page.textContent('#solution-label'), 'Solution 2 of 2');
    assert.notEqual(await page.textContent('#position'), first);
    await page.screenshot({ path: path.join(shots, 'tiling.png') });
  });
});

test('tiling: solutions stream in while the search runs; draw mode picks pieces and draws one', async () => {
  await inPage(async (page) => {
    // Tetrominoes used freely on 8x8: millions of tilings, so the search runs for seconds.
    await setText(page, `pieces: tetrominoes\neach: any\n${'........\n'.repeat(8)}`);
    await page.selectOption('#mode', 'all');
    await page.click('#solve');
    await page.waitForFunction(() => /^Solution 1 of \d+ so far$/.test(document.querySelector('#solution-label').textContent));
    // Progress: tilings found so far and an estimate of how much of the search is done.
    await page.waitForFunction(() => /found so far, .* about \d+% done/.test(document.querySelector('#status').textContent));
    await page.click('#next-solution');
    await page.waitForFunction(() => /^Solution 2 of \d+/.test(document.querySelector('#solution-label').textContent));
    assert.doesNotMatch(await page.textContent('#position'), /\./, 'a complete tiling is shown while the search goes on');
    await page.click('#cancel');
    await waitForStatus(page, 'Cancelled');
    assert.match(await page.textContent('#solution-label'), /^Solution 2 of \d+$/, 'what was found stays browsable');

    // Clicking a piece of a solved tiling names it.
    await page.selectOption('#examples', 'tiling-6x10');
    await page.selectOption('#mode', 'first');
    await page.click('#solve');
    await waitForStatus(page, 'Found a tiling');
    await page.keyboard.press('End');
    const letter = (await page.textContent('#position')).split('\n')[0][0];
    const box = await page.locator('#board').boundingBox();
    const k = box.width / 560;
    const cell = Math.min((560 - 16) / 10, (440 - 16) / 6);
    await page.click('#board', { position: { x: ((560 - cell * 10) / 2 + cell / 2) * k, y: ((440 - cell * 6) / 2 + cell / 2) * k } });
    await page.waitForFunction((l) => document.querySelector('#notice').textContent.startsWith(`Piece ${l}, at row 0, column 0`), letter);
    assert.match(await status(page), /^Found a tiling/, 'the result stays');

    // Draw mode: choose another piece set, then draw a piece of one's own on the grid.
    await page.click('#draw');
    await page.click('#tools button[data-tool="now:pieces:tetrominoes"]');
    assert.match(await page.inputValue('#puzzle-text'), /^pieces: tetrominoes$/m);
    await page.click('#tools button[data-tool="custom:new"]');
    // With pieces to place, the board sits above the tray, which takes 36% of the height.
    const above = 440 * 0.64;
    const small = Math.min((560 - 16) / 10, (above - 16) / 6);
    const at = (row, col) => ({ x: ((560 - small * 10) / 2 + small * col) * k, y: ((above - small * 6) / 2 + small * row) * k });
    await page.click('#board', { position: at(1.5, 2.5) });
    assert.match(await page.inputValue('#puzzle-text'), /^piece Q1: \.\.\.\/\.\.#$/m);
    assert.equal(await page.getAttribute('#tools button.active', 'data-tool'), 'custom:Q1', 'the new piece stays selected');
    await page.click('#board', { position: at(1.5, 3.5) });
    assert.match(await page.inputValue('#puzzle-text'), /^piece Q1: \.\.\.\.\/\.\.##$/m);
    // The board no longer matches the pieces: said when solving, and the board stays drawable.
    await page.click('#solve');
    await waitForError(page, 'the board has 60 cells');
    await page.screenshot({ path: path.join(shots, 'tiling-draw.png') });
  });
});

test('LM-Solve: a Minotaur board solves, replays with its moves, and a bad layout line is pointed at', async () => {
  await inPage(async (page) => {
    await page.selectOption('#examples', 'lm-minotaur');
    // LM-Solve's rules are in the full module: the first one hands the board on.
    await waitForFullModule(page);
    assert.equal(await page.inputValue('#family'), 'auto', 'found by detection, which stays on');
    assert.equal(await page.locator('#family option').first().textContent(), 'Detect: LM-Solve: Theseus and the Minotaur');
    const before = await canvasHash(page);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 7 moves');
    assert.deepEqual(await page.locator('#moves li').allTextContents(), ['l', 'w', 'r', 'u', 'r', 'd', 'r']);
    await page.keyboard.press('End');
    assert.equal(await page.textContent('#position'), 'Thes=(4,3) Mino=(1,2)\n');
    assert.notEqual(await canvasHash(page), before, 'Theseus and the Minotaur moved on the canvas');
    // A wall line that lost its trailing space.
    const text = await page.inputValue('#puzzle-text');
    await setText(page, text.replace('--- \n|  | \n', '---\n|  | \n'));
    await page.waitForFunction(() => document.querySelector('#error').textContent.startsWith('line 7, column 4:'));
    await setText(page, text);
    // Draw mode: Theseus to the top-left cell; the text follows, in LM-Solve's format.
    await page.click('#draw');
    await page.click('#tools button[data-tool="thes"]');
    const k = (await page.locator('#board').boundingBox()).width / 560;
    const cell = Math.min((560 - 16) / 4, (440 - 16) / 3);
    await page.click('#board', { position: { x: ((560 - 4 * cell) / 2 + cell / 2) * k, y: ((440 - 3 * cell) / 2 + cell / 2) * k } });
    assert.match(await page.inputValue('#puzzle-text'), /^Thes = \(0,0\)$/m);
    assert.match(await page.inputValue('#puzzle-text'), /^title: Theseus and the Minotaur/, 'the title line stays');
    // From there the Minotaur always catches him (lm-solve says "unsolved" too).
    await page.click('#solve');
    await waitForStatus(page, 'No solution');
    await page.screenshot({ path: path.join(shots, 'lmsolve-minotaur.png') });
  });
});

const MAZE_SVG = path.join(root, 'tests', 'fixtures', 'maze', 'generated-20x20.svg');
// Its shortest path: 106 moves (the CLI test and tests/mazes.rs check the reader and solver).
const MAZE_LENGTH = 106;


/// A hash of the canvas pixels, to tell pictures apart.
function canvasHash(page) {
  return page.evaluate(() => {
    const c = document.querySelector('#board');
    const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let h = 0;
    for (let i = 0; i < data.length; i += 7) h = (h * 31 + data[i]) | 0;
    return h;
  });
}

/// Clicks the canvas at the centre of cell (row, col) of a thin-walled square maze drawn from
/// box art (16-unit cells from 2, fitted with a 10-pixel margin, as the maze drawing does).
async function clickMazeCell(page, row, col, cols, rows) {
  const point = await page.evaluate(([row, col, cols, rows]) => {
    const canvas = document.querySelector('#board');
    const [w, h] = [16 * cols, 16 * rows];
    const scale = Math.min((canvas.width - 20) / w, (canvas.height - 20) / h);
    const [ox, oy] = [(canvas.width - w * scale) / 2, (canvas.height - h * scale) / 2];
    const k = canvas.getBoundingClientRect().width / canvas.width;
    return { x: ((col + 0.5) * 16 * scale + ox) * k, y: ((row + 0.5) * 16 * scale + oy) * k };
  }, [row, col, cols, rows]);
  await page.click('#board', { position: point });
}

test('maze: open an SVG file, solve, step, download the solved SVG and open that again', async () => {
  await inPage(async (page) => {
    await page.setInputFiles('#file', MAZE_SVG);
    await waitForNotice(page, 'Opened generated-20x20.svg');
    assert.match(await page.inputValue('#puzzle-text'), /<title>20 by 20 orthogonal maze<\/title>/);
    assert.equal(await page.isHidden('#download'), true, 'nothing to download before solving');
    const unsolved = await canvasHash(page);
    await page.click('#solve');
    await waitForStatus(page, `Solved in ${MAZE_LENGTH} moves`);
    assert.equal(await page.locator('#moves li').count(), MAZE_LENGTH);
    await page.locator('#moves').focus(); // the keys step the replay (a click on the board would play)
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction((n) => document.querySelector('#step-label').textContent === `1 / ${n}`, MAZE_LENGTH);
    assert.match(await page.textContent('#position'), /^cell \(row \d+, column \d+\), 1 of 106 moves/);
    await page.keyboard.press('End');
    assert.notEqual(await canvasHash(page), unsolved, 'the path is drawn');
    await page.screenshot({ path: path.join(shots, 'maze-solved.png') });

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    assert.equal(download.suggestedFilename(), 'maze-solved.svg');
    const saved = path.join(shots, 'maze-solved.svg');
    await download.saveAs(saved);
    const original = readFileSync(MAZE_SVG, 'utf8');
    const solved = readFileSync(saved, 'utf8');
    assert.ok(solved.startsWith(original.slice(0, original.lastIndexOf('</svg>'))), 'the original file is kept');
    assert.equal((solved.match(/<polyline [^>]*stroke="#ff0000"/g) || []).length, 1);

    // The solved file reads as the same maze (its red line is not taken for walls).
    await page.setInputFiles('#file', saved);
    await waitForNotice(page, 'Opened maze-solved.svg');
    await page.click('#solve');
    await waitForStatus(page, `Solved in ${MAZE_LENGTH} moves`);
  });
});

test('maze: pasted text, a missing exit marked in draw mode, a large random maze', async () => {
  await inPage(async (page) => {
    // Pasting the SVG works like opening it.
    await setText(page, readFileSync(MAZE_SVG, 'utf8'));
    await page.click('#solve');
    await waitForStatus(page, `Solved in ${MAZE_LENGTH} moves`);

    // Box art with one gap: the solver says what is missing, draw mode fixes it.
    const oneGap = '+   +---+---+\n|           |\n+---+---+   +\n|           |\n+---+---+---+\n';
    await setText(page, oneGap);
    await page.click('#solve');
    await waitForError(page, 'only one opening');
    await page.click('#draw');
    await page.click('#tools button[data-tool="exit"]');
    await clickMazeCell(page, 1, 0, 3, 2);
    assert.match(await page.inputValue('#puzzle-text'), /\| E {9}\|/);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 5 moves');
    // Knock down the wall under the top-left cell: a shortcut.
    await page.click('#tools button[data-tool="carve"]');
    const wall = await page.evaluate(() => {
      const canvas = document.querySelector('#board');
      const scale = Math.min((canvas.width - 20) / 48, (canvas.height - 20) / 32);
      const [ox, oy] = [(canvas.width - 48 * scale) / 2, (canvas.height - 32 * scale) / 2];
      const k = canvas.getBoundingClientRect().width / canvas.width;
      return { x: (8 * scale + ox) * k, y: (16 * scale + oy) * k };
    });
    await page.click('#board', { position: wall });
    await page.click('#solve');
    await waitForStatus(page, 'Solved in 1 move');

    // A 200 x 200 random maze: generated, drawn, solved and played.
    await page.fill('#cols', '200');
    await page.fill('#rows', '200');
    await page.click('#new-board');
    assert.match(await page.inputValue('#puzzle-text'), /^\+---\+/);
    await page.click('#solve');
    await waitForStatus(page, 'Solved in ', 60000);
    await page.click('#play');
    await page.waitForFunction(() => Number(document.querySelector('#step').value) > 50, null, { timeout: 20000 });
    await page.click('#play');
    await page.screenshot({ path: path.join(shots, 'maze-200.png') });
  });
});

test('a 15-puzzle pasted in numbers solves optimally with every setting on default, replays, and shares', async () => {
  // Korf's instance 12 turned to the standard goal: 45 moves, his published optimum.
  const FIFTEEN = '1 3 5 6 / _ 13 14 9 / 11 4 8 12 / 10 7 15 2';
  await inPage(async (page) => {
    await setText(page, FIFTEEN);
    // The method picker offers what this puzzle accepts and names what Automatic runs.
    await page.waitForFunction(() => [...document.querySelectorAll('#method option')].some((o) => o.textContent === 'Automatic (IDA*)'));
    await page.click('#solve');
    // The pattern tables are built first, with progress, then IDA* runs.
    await waitForStatus(page, 'Solved in ', 240000);
    assert.match(await status(page), /^Solved in 45 moves \(counted in one-cell steps, shortest; IDA\* with pattern databases 6-6-3 checked /);
    assert.equal(await page.locator('#moves li').count(), 45);
    await page.click('#last');
    assert.equal(await page.textContent('#step-label'), '45 / 45');
    const solved = ' 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 14 15  _';
    assert.equal((await page.textContent('#position')).trimEnd(), solved);
    await page.screenshot({ path: path.join(shots, 'fifteen-solved.png') });
    await page.click('#moves li:nth-child(20)');
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    // The Worker writes the built tables to IndexedDB after the job: wait until they are there.
    await page.waitForFunction(async () => {
      if (!(await indexedDB.databases()).some((d) => d.name === 'puzzlelab')) return false;
      return new Promise((done) => {
        const open = indexedDB.open('puzzlelab');
        open.onsuccess = () => {
          const count = open.result.transaction('kept').objectStore('kept').count();
          count.onsuccess = () => { open.result.close(); done(count.result > 0); };
          count.onerror = () => done(false);
        };
        open.onerror = () => done(false);
      });
    }, null, { timeout: 60000, polling: 500 });
    // A later visit (a second tab with the same storage) opens the link and solves again without
    // building the tables: no "Building pattern tables" status ever shows.
    const second = await openPage(link, page.context());
    try {
      await second.page.evaluate(() => {
        window.seenStatus = [];
        const status = document.querySelector('#status');
        new MutationObserver(() => window.seenStatus.push(status.textContent)).observe(status, { childList: true, characterData: true, subtree: true });
      });
      await waitForStatus(second.page, 'Solved in 45 moves', 240000);
      assert.equal(await second.page.textContent('#step-label'), '20 / 45');
      const seen = await second.page.evaluate(() => window.seenStatus);
      assert.ok(!seen.some((s) => s.startsWith('Building')), seen.join(' | '));
      assert.deepEqual(second.problems, []);
    } finally {
      await second.page.close();
    }
  });
});

test("Rush Hour in Fogleman's notation: found without a family, solved in his 51 moves by default, replayed, shared, edited", async () => {
  // The hardest position of his database without walls; its line there says 51 moves.
  const HARDEST = 'GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo';
  await inPage(async (page) => {
    await setText(page, HARDEST);
    await page.waitForFunction(() => [...document.querySelectorAll('#method option')].some((o) => o.textContent === 'Automatic (breadth-first search)'));
    await page.click('#solve');
    await waitForStatus(page, 'Solved in ');
    assert.match(await status(page), /^Solved in 51 moves \(counted in slides, shortest; breadth-first search checked /);
    assert.equal(await page.locator('#moves li').count(), 51);
    // Moves in his notation (a letter and a signed distance), read in words: "A right 3".
    const moves = await page.locator('#moves li').allTextContents();
    assert.ok(moves.every((m) => /^[A-Z] (left|right|up|down) [1-5]$/.test(m)), moves.join(' '));
    assert.equal(moves[50], 'A right 3');
    await page.click('#last');
    assert.equal(await page.textContent('#step-label'), '51 / 51');
    assert.match((await page.textContent('#position')).split('\n')[2], /AA$/);
    await page.screenshot({ path: path.join(shots, 'rush-hour-solved.png') });
    await page.click('#moves li:nth-child(10)');
    await page.click('#share');
    const link = await page.inputValue('#share-link');
    const second = await openPage(link, page.context());
    try {
      await waitForStatus(second.page, 'Solved in 51 moves');
      assert.equal(await second.page.textContent('#step-label'), '10 / 51');
      assert.deepEqual(second.problems, []);
    } finally {
      await second.page.close();
    }
    // Draw mode: a car parked downwards on the free cell of the top row, then taken away again.
    await page.click('#draw');
    await page.click('#tools [data-tool="car-down"]');
    const clickCell = async (row, col) => {
      // The board's 6 columns and one more for the exit's arrow, 6 rows.
      const box = await page.locator('#board').boundingBox();
      const scale = box.width / 560;
      const cell = Math.min((560 - 16) / 7, (440 - 16) / 6);
      const [left, top] = [(560 - cell * 7) / 2, (440 - cell * 6) / 2];
      await page.mouse.click(box.x + (left + (col + 0.5) * cell) * scale, box.y + (top + (row + 0.5) * cell) * scale);
    };
    await clickCell(0, 3);
    assert.equal((await page.inputValue('#puzzle-text')).trim(), 'GBBNLoGHINLMGHIAAMCCCKoMooJKDDEEJFFo');
    await clickCell(1, 3);
    assert.equal((await page.inputValue('#puzzle-text')).trim(), HARDEST);
  });
});
