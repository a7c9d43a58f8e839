/**
 * The download stays within its stated budget (docs/performance.md "Sizes"): no browser needed, the build is
 * measured where the other end-to-end tests serve it from.
 */
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
  // Both solver workers ship as their own files (the service worker must precache them).
  expect(Object.keys(size.files).filter((f) => /worker.*\.js$/.test(f)).length).toBeGreaterThanOrEqual(2);
});
