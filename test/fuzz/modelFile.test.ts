/**
 * Seeded fuzzing of the model-file reader (STYLE habit 6; cases in modelFileCases.ts): random valid models,
 * random mutations of the shipped ones and hostile JSON through readModelText. Invariants: it never throws and
 * never fails inside itself; each case stays within a CPU budget; no prototype is touched; every issue is a
 * place (path, line, column inside the text) and one bounded line of words; a valid model is read, warns about
 * the bodies it leaves falling, and its prepared model runs a few steps with finite rows or stops with a
 * reason; a renamed key is quoted in an issue. A failing case prints its seed; pin it below.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModelText, READER_FAILURE, type ReadResult } from '../../src/modelfile/read';
import { Simulation, type RunSettings } from '../../src/solver/simulate';
import { LieGroupSimulation } from '../../src/solver/integrators/lieGroup/lieGroupSimulation';
import type { MultibodyModel } from '../../src/solver/model/types';
import { mulberry32, pick } from '../support/prng';
import { FuzzTally, guarded, pollutionFound, prototypeSnapshot } from './tally';
import { hostileCase, mutationCase, tenMegabyteCase, validCase, type ModelCase } from './modelFileCases';

const SHIPPED = ['spin', 'heavy-top', 'v8-crank'].map((id) => ({ id, text: readFileSync(`models/${id}.json`, 'utf8') }));
/** Cases per class; the V8's mutations cost about five times the others' (17 bodies to compile and assemble). */
const PLAN = { valid: 1100, mutations: { spin: 550, 'heavy-top': 550, 'v8-crank': 300 } as Record<string, number>, hostile: 700 };
/** CPU time one case may take, reading and running included (generous: a quiet machine needs ~1 ms per case). */
const CASE_BUDGET_MS = 2000;
const MAX_MESSAGE_LENGTH = 400;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const STEPS = 3;

function cpuMilliseconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** What every result must satisfy; the first broken invariant, or null. */
function resultInvariant(c: ModelCase, result: ReadResult): string | null {
  const lines = c.text.split(/\r\n|\r|\n/).length;
  const issues = result.ok ? result.warningIssues : result.issues;
  if (!result.ok && issues.length === 0) return 'refused without an issue';
  for (const issue of issues) {
    if (typeof issue.path !== 'string' || typeof issue.message !== 'string' || issue.message.length === 0) return `malformed issue ${JSON.stringify(issue)}`;
    if (issue.message.startsWith(READER_FAILURE)) return `${issue.path}: ${issue.message}`;
    if (issue.message.length > MAX_MESSAGE_LENGTH) return `message of ${issue.message.length} characters: ${issue.message.slice(0, 80)}…`;
    if (CONTROL_CHARACTERS.test(issue.message)) return `control character in ${JSON.stringify(issue.message.slice(0, 80))}`;
    if (!Number.isInteger(issue.line) || !Number.isInteger(issue.column) || issue.line < 1 || issue.column < 1 || issue.line > lines) {
      return `place ${issue.line}:${issue.column} outside the text (${lines} lines)`;
    }
  }
  if (c.mustRead && !result.ok) return `a valid ${c.kind} was refused: ${result.issues[0].path}: ${result.issues[0].message}`;
  if (result.ok) {
    for (const body of c.falling ?? []) if (!result.warnings.some((w) => w.includes(`"${body}"`))) return `no warning for "${body}" falling under gravity`;
  } else if (c.renamedKey && !result.issues.some((i) => i.message.includes(`"${c.renamedKey}"`))) {
    return `renamed key "${c.renamedKey}" not quoted; issues: ${result.issues.map((i) => i.message).join(' | ').slice(0, 200)}`;
  }
  return pollutionFound();
}

const METHODS: readonly (RunSettings['method'] | 'lie-group')[] = ['classical', 'modified', 'generalized-alpha', 'ji-xing', 'lie-group'];

/** A few steps of the prepared model: finite rows or a failure with a reason. */
function runInvariant(model: MultibodyModel, seed: number): string | null {
  const method = pick(mulberry32(seed ^ 0x5bd1e995), METHODS);
  const h = 1e-3;
  const sim = method === 'lie-group'
    ? new LieGroupSimulation(model, { rhoInf: 0.8, h, tEnd: STEPS * h, sampleEvery: 1 })
    : new Simulation(model, { method, alpha: -0.1, rho: method === 'classical' || method === 'modified' ? undefined : 0.8, h, tEnd: STEPS * h, sampleEvery: 1 });
  let bad: string | null = null;
  const status = sim.advance(STEPS + 1, (row) => {
    for (let k = 0; k < row.length; k++) if (!Number.isFinite(row[k])) bad = `${method}: row column ${k} is ${row[k]}`;
  });
  if (bad) return bad;
  if (status === 'running') return `${method}: still running after ${STEPS} steps`;
  if (status === 'failed' && !(sim.failure && sim.failure.reason.length > 0)) return `${method}: failed without a reason`;
  return null;
}

/** Reads one case under the budget and checks every invariant; returns the outcome class. */
function checkCase(tally: FuzzTally, c: ModelCase): void {
  const start = cpuMilliseconds();
  const result = readModelText(c.text);
  const broken = resultInvariant(c, result) ?? (result.ok ? runInvariant(result.model, c.seed) : null);
  const spent = cpuMilliseconds() - start;
  if (broken) return tally.problem(c.seed, `${c.group} ${c.kind}`, broken);
  if (spent > CASE_BUDGET_MS) return tally.problem(c.seed, `${c.group} ${c.kind}`, `took ${spent.toFixed(0)} ms of CPU`);
  tally.count(`${c.group}-${result.ok ? 'read' : 'refused'}`);
}

describe('model file fuzzing', () => {
  it('valid models, mutations of the shipped ones and hostile JSON keep every invariant', () => {
    const tally = new FuzzTally('model-file reader');
    const prototypes = prototypeSnapshot();
    const started = performance.now();
    const cpuStarted = cpuMilliseconds();
    let cases = 0;
    for (let seed = 1; seed <= PLAN.valid; seed++, cases++) guarded(tally, seed, 'valid', () => checkCase(tally, validCase(seed)));
    SHIPPED.forEach(({ id, text }, s) => {
      for (let k = 0; k < PLAN.mutations[id]; k++, cases++) {
        const seed = 100_000 * (s + 1) + k;
        guarded(tally, seed, 'mutation', () => checkCase(tally, mutationCase(seed, id, text)));
      }
    });
    const texts = SHIPPED.map((m) => m.text);
    for (let seed = 1; seed <= PLAN.hostile; seed++, cases++) guarded(tally, seed, 'hostile', () => checkCase(tally, hostileCase(seed, texts)));
    guarded(tally, 0, 'hostile', () => checkCase(tally, tenMegabyteCase()));
    cases++;
    expect(prototypeSnapshot()).toBe(prototypes);
    expect(pollutionFound()).toBeNull();
    tally.print();
    console.log(`fuzz model-file reader: ${((performance.now() - started) / 1000).toFixed(1)} s, ${((cpuMilliseconds() - cpuStarted) / 1000).toFixed(1)} s of CPU`);
    expect(tally.problems).toEqual([]);
    expect(tally.total).toBe(cases);
    expect(cases).toBeGreaterThanOrEqual(3000);
  });
});
