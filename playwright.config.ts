import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests against the production build (`npm run e2e` builds first). The global
 * setup serves dist/ with `vite preview` on a free localhost port; the browser is resolved
 * by e2e/chromium.ts (never downloaded by Playwright).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // One page at a time: each page already runs two solver workers on this 2-core machine.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : 'list',
  outputDir: 'test-results/e2e',
  use: {
    viewport: { width: 1600, height: 900 },
    colorScheme: 'light',
    trace: 'off',
    screenshot: 'only-on-failure',
  },
});
