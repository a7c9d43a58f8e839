/**
 * The long physics checks (`npm run test:long`; `npm test` runs them after the fast suite, so CI does too):
 * runs over many seconds of simulated time that would slow the inner loop of `npx vitest run`.
 */
import { defineConfig } from 'vitest/config';
import { buildKernels } from './scripts/kernelsHook.ts';

buildKernels();

export default defineConfig({
  test: {
    include: ['test/long/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 600_000,
    pool: 'forks',
    globalSetup: ['test/support/globalSetup.ts'],
  },
});
