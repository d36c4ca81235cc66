// Offline: after one visit the app loads, solves and opens a shared link with no server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  useBrowser, ARTICLE, dist, shots, openPage, untilStarted, setText, waitForStatus, waitForFullModule, freePort, serve,
} from './harness.mjs';

useBrowser();

test('after one visit the app works offline: it loads, solves, and opens a shared link with no server at all', async () => {
  // A server of its own, stopped half-way: nothing can reach the network after that.
  const ownPort = await freePort();
  const own = `http://127.0.0.1:${ownPort}/`;
  const server = await serve(dist, ownPort);
  const stopped = new Promise((resolve) => server.on('exit', resolve));
  try {
    const { page, problems, context } = await openPage(own);
    try {
      // The service worker has cached the page and everything it names while installing.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30000 });
      assert.equal(await page.evaluate(() => document.querySelector('link[rel=manifest]').getAttribute('href')), 'manifest.webmanifest');
      await setText(page, ARTICLE);
      await page.click('#solve');
      await waitForStatus(page, 'Solved in 37 moves');
      await page.click('#share');
      const link = await page.inputValue('#share-link');
      // A script, opened once online, loads the full module; it is kept too.
      const script = await openPage(own, context);
      await script.page.selectOption('#examples', 'script-jugs');
      await waitForFullModule(script.page);
      const scriptLink = script.page.url();
      assert.deepEqual(script.problems, []);
      await script.page.close();

      server.kill();
      await stopped;
      await assert.rejects(fetch(own), 'the server is gone');

      await page.reload();
      await untilStarted(page);
      await page.selectOption('#examples', { index: 1 });
      await setText(page, ARTICLE);
      await page.click('#solve');
      await waitForStatus(page, 'Solved in 37 moves');
      // A shared link, opened in a new tab of the same browser, offline too.
      const second = await openPage(link, context);
      try {
        await waitForStatus(second.page, 'Solved in 37 moves');
        assert.equal(await second.page.inputValue('#puzzle-text'), ARTICLE);
        assert.deepEqual(second.problems, []);
      } finally {
        await second.page.close();
      }
      const third = await openPage(scriptLink, context);
      try {
        await third.page.click('#solve');
        await waitForStatus(third.page, 'Solved in 6 moves');
        assert.deepEqual(third.problems, []);
      } finally {
        await third.page.close();
      }
      await page.screenshot({ path: path.join(shots, 'offline.png') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  } finally {
    server.kill();
  }
});
