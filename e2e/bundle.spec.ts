/**
 * The download stays within its stated budget (docs/performance.md "Sizes"): no browser needed, the build is
 * measured where the other end-to-end tests serve it from.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BUDGET, measureBundle } from './bundleSize';

test('the built app, its workers and its service worker stay within the size budget', () => {
  const size = measureBundle();
  console.log(`bundle: app JS ${(size.appJsGzip / 1000).toFixed(1)} kB gzip (${(size.appJsRaw / 1e6).toFixed(2)} MB raw), service worker ${(size.serviceWorkerGzip / 1000).toFixed(1)} kB gzip, precache ${(size.precacheRaw / 1e6).toFixed(2)} MB`);
  expect(size.appJsGzip).toBeGreaterThan(0);
  expect(size.appJsGzip).toBeLessThanOrEqual(BUDGET.appJsGzip);
  expect(size.serviceWorkerGzip).toBeGreaterThan(0);
  expect(size.serviceWorkerGzip).toBeLessThanOrEqual(BUDGET.serviceWorkerGzip);
  expect(size.precacheRaw).toBeLessThanOrEqual(BUDGET.precacheRaw);
  // What the first curves wait for: within its own budget, and without the parts loaded after them or on demand.
  console.log(`first load before the first curves: ${(size.firstLoadGzip / 1000).toFixed(1)} kB gzip in ${Object.keys(size.firstLoad).length} files`);
  expect(size.firstLoadGzip).toBeLessThanOrEqual(BUDGET.firstLoadGzip);
  const firstLoad = Object.keys(size.firstLoad);
  expect(firstLoad.filter((f) => /sim\.worker.*\.js$/.test(f))).toHaveLength(1);
  const markers = { 'three.js': 'WebGLRenderer', CodeMirror: 'cm-editor', zod: 'ZodError', recharts: 'recharts-cartesian-grid' };
  for (const [library, marker] of Object.entries(markers)) {
    const carriers = firstLoad.filter((f) => f.endsWith('.js') && readFileSync(join('dist', f), 'utf8').includes(marker));
    expect(carriers, `${library} is not loaded before the first curves`).toEqual([]);
  }
  // The page reads what it shows of a model from the worker's facts: compiling models and the WebAssembly kernels
  // are the worker's before the first curves (the 3D view brings the compiler later).
  const pageFiles = firstLoad.filter((f) => f.endsWith('.js') && !/worker/.test(f));
  const workerOnly = { 'the model compiler': 'is the fixed frame', 'the WebAssembly kernels': 'AGFzbQ' };
  for (const [part, marker] of Object.entries(workerOnly)) {
    const carriers = pageFiles.filter((f) => readFileSync(join('dist', f), 'utf8').includes(marker));
    expect(carriers, `the page does not load ${part} before the first curves`).toEqual([]);
  }
  // Both solver workers ship as their own files (the service worker must precache them).
  expect(Object.keys(size.files).filter((f) => /worker.*\.js$/.test(f)).length).toBeGreaterThanOrEqual(2);
  // A study worker gets a user's model as its checked document: it compiles it without the model reader and its
  // schema library (zod), which the page has loaded already when a user's model is on screen.
  const studyWorkers = Object.keys(size.files).filter((f) => /study\.worker.*\.js$/.test(f));
  expect(studyWorkers).toHaveLength(1);
  expect(readFileSync(join('dist', studyWorkers[0]), 'utf8').includes(markers.zod), 'the study worker carries no model reader').toBe(false);
});
