// The first load: what a first visit downloads before the board is drawn.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { dist } from './harness.mjs';

test('the first load stays within its budget: the page names the first module only, without what it hands on', () => {
  // What a first visit downloads before the board is drawn (the files the page names, gzip -9 as a
  // static host compresses). A limit, not a record: make room in the first module, never raise it.
  const FIRST_LOAD_BUDGET = 1_100_000;
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const named = [...html.matchAll(/(?:href|src)="\/?([^"]+\.(?:js|wasm|css))"/g)].map((m) => m[1]);
  const files = [...new Set(named)];
  assert.ok(files.some((f) => f.endsWith('_bg.wasm')) && !files.some((f) => f.startsWith('full/')), files.join(', '));
  const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const total = files.reduce((sum, file) => sum + gzipped(file), 0);
  assert.ok(total <= FIRST_LOAD_BUDGET, `the first load is ${total} bytes gzip, over its budget of ${FIRST_LOAD_BUDGET}`);
  // The full module is the one with the script interpreter, LM-Solve and Perl-style goals.
  const first = files.find((f) => f.endsWith('_bg.wasm'));
  assert.ok(gzipped(first) < 0.65 * gzipped('full/app_bg.wasm'), 'the first module holds what it should hand on');
});
