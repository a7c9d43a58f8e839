/**
 * Bounded work of the model-file reader (docs/model-format.md "Limits"): small texts inside every size limit whose
 * evaluation used to run for minutes — equality on nested lists built from shared `let` values (exponential), a
 * scope copied once per `let` entry (quadratic), a repeated group's `let` evaluated again for every copy — are read
 * or refused with a message at their place. Each text is read in a worker thread with a deadline, so a reader that
 * hangs fails this test instead of hanging the runner. The deadline only guards; what is asserted is the outcome.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { DeadlineWorker } from '../support/withDeadline';
import type { ReadAnswer } from '../support/readModelWorker';
import { groupLetsText, manyLetsText, sharedListsText } from '../fuzz/modelFileCases';

/** Far beyond what any of these takes once bounded (tens of ms), far below what they took before (minutes). */
const GUARD_MS = 20_000;

const reader = new DeadlineWorker<string, ReadAnswer>(resolve(__dirname, '../support/readModelWorker.ts'));
afterAll(() => reader.close());

async function read(text: string): Promise<ReadAnswer> {
  const answer = await reader.ask(text, GUARD_MS);
  if (answer === 'timeout') throw new Error(`the reader did not answer within ${GUARD_MS / 1000} s`);
  return answer;
}

/** The 1-based line of the text that holds `needle`. */
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split('\n').length;

describe('the reader does bounded work whatever the text', () => {
  it('refuses equality on 60 levels of shared lists at the list too large to build', async () => {
    const text = sharedListsText(60);
    expect(text.length).toBeLessThan(2000);
    const answer = await read(text);
    expect(answer.ok).toBe(false);
    const [issue] = answer.issues;
    expect(issue.path).toMatch(/^let\.l\d+$/);
    expect(issue.message).toMatch(/more than 100000 items/);
    expect(issue.line).toBe(lineOf(text, `"${issue.path.slice(4)}":`));
  });

  it('refuses a shared list compared over and over at the comparison, by its count of operations', async () => {
    const text = sharedListsText(14, Array.from({ length: 100 }, () => 'l14 == l14').join(' && '));
    const answer = await read(text);
    expect(answer.ok).toBe(false);
    const [issue] = answer.issues;
    expect(issue.path).toBe('bodies[0].mass');
    expect(issue.message).toMatch(/more than [\d,]+ operations/);
    expect(issue.line).toBe(lineOf(text, '"mass": "l14'));
  });

  it('reads 30,000 let entries, plain and chained', async () => {
    for (const chained of [false, true]) {
      const answer = await read(manyLetsText(30_000, chained));
      expect(answer.issues).toEqual([]);
      expect(answer.ok).toBe(true);
    }
  });

  it("reads a group's let of 200 entries over 20,000 copies once when it does not depend on the copy", async () => {
    const answer = await read(groupLetsText(200, 20_000, false));
    expect(answer.issues).toEqual([]);
    expect(answer.ok).toBe(true);
  });

  it("refuses a group's let of 200 entries that depends on each of 20,000 copies, by its count of operations", async () => {
    const text = groupLetsText(200, 20_000, true);
    const answer = await read(text);
    expect(answer.ok).toBe(false);
    const [issue] = answer.issues;
    expect(issue.path).toMatch(/^groups\[0\]\.let\.a\d+$/);
    expect(issue.message).toMatch(/more than [\d,]+ operations.*\(repetition k = \d+\)$/);
  });
});
