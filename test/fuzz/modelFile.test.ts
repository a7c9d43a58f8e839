/**
 * Seeded fuzzing of the model-file reader (STYLE habit 6; cases in modelFileCases.ts): random valid models (let-heavy
 * ones among them), random mutations of the shipped ones, hostile JSON, and hostile work (nested lists built from
 * shared `let` values and compared, thousands of `let` entries, group `let`s over thousands of copies) through
 * readModelText. Invariants (modelFileWorker.ts): it never throws and never fails inside itself; each case stays
 * within a CPU budget; no prototype is touched; every issue is a place (path, line, column inside the text) and one
 * bounded line of words; a valid model is read, warns about the bodies it leaves falling, and its prepared model
 * runs a few steps with finite rows or stops with a reason; a renamed key is quoted in an issue.
 *
 * The cases run in a worker thread, one at a time, each with a deadline: a case that does not end is terminated
 * while it runs and reported with its seed (the thread is replaced and the suite goes on). A failing case prints
 * its seed; pin it below.
 */
import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeadlineWorker } from '../support/withDeadline';
import { FuzzTally, prototypeSnapshot } from './tally';
import type { CaseAnswer, CaseRequest, ShippedId } from './modelFileWorker';

const SHIPPED_IDS: readonly ShippedId[] = ['spin', 'heavy-top', 'v8-crank'];

/** Cases per class; the V8's mutations cost about five times the others' (17 bodies to compile and assemble). */
const PLAN = {
  valid: 1100, letHeavy: 100, mutations: { spin: 550, 'heavy-top': 550, 'v8-crank': 300 } as Record<string, number>, hostile: 700, hostileWork: 120,
};
/**
 * Wall time a case may take before it is terminated: ten times its CPU budget of 2 s (the machine is shared), far
 * below the runner's time-out. The first case also loads the thread's modules.
 */
const CASE_DEADLINE_MS = 20_000;
const FIRST_CASE_DEADLINE_MS = 60_000;

const cases = new DeadlineWorker<CaseRequest, CaseAnswer | string>(resolve(__dirname, 'modelFileWorker.ts'));
afterAll(() => cases.close());

let first = true;

/** Runs one case in the thread under its deadline and tallies it. */
async function check(tally: FuzzTally, request: Extract<CaseRequest, { kind: 'case' }>): Promise<number> {
  const deadline = first ? FIRST_CASE_DEADLINE_MS : CASE_DEADLINE_MS;
  first = false;
  let answer: CaseAnswer | string | 'timeout';
  try {
    answer = await cases.ask(request, deadline);
  } catch (error) {
    first = true;
    tally.problem(request.seed, request.group, `the thread failed: ${String(error).slice(0, 200)}`);
    return 0;
  }
  if (answer === 'timeout') {
    first = true;
    tally.problem(request.seed, request.group, `no answer within ${deadline / 1000} s: the case was stopped while it ran`);
    return deadline;
  }
  const result = answer as CaseAnswer;
  if (result.problem) tally.problem(request.seed, result.label, result.problem);
  else tally.count(result.outcome);
  return result.cpuMs;
}

describe('model file fuzzing', () => {
  it('valid models, mutations of the shipped ones, hostile JSON and hostile work keep every invariant', async () => {
    const tally = new FuzzTally('model-file reader');
    const started = performance.now();
    let total = 0;
    let cpu = 0;
    const run = async (request: Extract<CaseRequest, { kind: 'case' }>) => {
      total++;
      cpu += await check(tally, request);
    };
    for (let seed = 1; seed <= PLAN.valid; seed++) await run({ kind: 'case', group: 'valid', seed });
    for (let seed = 1; seed <= PLAN.letHeavy; seed++) await run({ kind: 'case', group: 'let-heavy', seed });
    for (const [s, id] of SHIPPED_IDS.entries()) {
      for (let k = 0; k < PLAN.mutations[id]; k++) await run({ kind: 'case', group: 'mutation', seed: 100_000 * (s + 1) + k, id });
    }
    for (let seed = 1; seed <= PLAN.hostile; seed++) await run({ kind: 'case', group: 'hostile', seed });
    for (let seed = 1; seed <= PLAN.hostileWork; seed++) await run({ kind: 'case', group: 'hostile-work', seed });
    await run({ kind: 'case', group: 'ten-megabytes', seed: 0 });
    // No input touched a prototype: the thread's built-ins are what a fresh thread's are.
    expect(await cases.ask({ kind: 'prototypes' }, CASE_DEADLINE_MS)).toBe(prototypeSnapshot());
    tally.print();
    console.log(`fuzz model-file reader: ${((performance.now() - started) / 1000).toFixed(1)} s, ${(cpu / 1000).toFixed(1)} s of CPU in the cases`);
    expect(tally.problems).toEqual([]);
    expect(tally.total).toBe(total);
    expect(total).toBeGreaterThanOrEqual(3000);
  });
});
