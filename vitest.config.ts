/**
 * The unit suite (`npx vitest run`; its time on the 2-core machine in docs/testing.md). The long physics checks live in
 * test/long/ and run with `npm run test:long` (vitest.long.config.ts); `npm test` runs both.
 */
import { defineConfig } from 'vitest/config';
import { buildKernels } from './scripts/kernelsHook.ts';

buildKernels();

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/long/**', '**/node_modules/**'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/support/globalSetup.ts'],
  },
});
