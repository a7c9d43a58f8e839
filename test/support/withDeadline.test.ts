/**
 * The deadline of test/support/withDeadline.ts ends a case WHILE it runs: a thread busy in an endless loop (no
 * event loop turn, nothing measured after it returns) is terminated at the deadline, the ask answers 'timeout',
 * and the next ask gets a fresh thread. The fuzz suites and the bounded-work tests rely on this to report a hang
 * with its seed instead of as the runner's time-out.
 */
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeadlineWorker } from './withDeadline';

/** Long enough for the thread to load its module on a loaded machine; the loop never ends. */
const LOAD_MS = 30_000;
const DEADLINE_MS = 1_000;

const worker = new DeadlineWorker<number | 'spin', number>(resolve(__dirname, 'spinWorker.ts'));
afterAll(() => worker.close());

describe('a case that never ends is terminated at its deadline', () => {
  it('answers, then stops an endless loop as it runs, then answers again from a fresh thread', async () => {
    expect(await worker.ask(21, LOAD_MS)).toBe(42);
    const started = performance.now();
    expect(await worker.ask('spin', DEADLINE_MS)).toBe('timeout');
    // The promise settled at the deadline while the thread was still looping (it never returns on its own).
    expect(performance.now() - started).toBeLessThan(LOAD_MS);
    expect(await worker.ask(5, LOAD_MS)).toBe(10);
  });
});
