/**
 * Worker-thread side of the model-file fuzz suite (modelFile.test.ts): builds one case from its class and seed
 * (modelFileCases.ts), reads it as the page and `sim` do, checks every invariant and answers with the outcome. The
 * suite waits for each answer with a deadline and terminates this thread when one is late, so a case that hangs is
 * reported with its seed while it runs, not as the runner's time-out.
 */
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { readModelText, READER_FAILURE, type ReadResult } from '../../src/modelfile/read';
import { Simulation, type RunSettings } from '../../src/solver/simulate';
import { LieGroupSimulation } from '../../src/solver/integrators/lieGroup/lieGroupSimulation';
import type { MultibodyModel } from '../../src/solver/model/types';
import { mulberry32, pick } from '../support/prng';
import { pollutionFound, prototypeSnapshot } from './tally';
import { hostileCase, hostileWorkCase, letHeavyCase, mutationCase, tenMegabyteCase, validCase, type ModelCase } from './modelFileCases';

/** The shipped models the mutations start from. */
export type ShippedId = 'spin' | 'heavy-top' | 'v8-crank';
const SHIPPED = (['spin', 'heavy-top', 'v8-crank'] as const).map((id) => ({ id, text: readFileSync(`models/${id}.json`, 'utf8') }));

/** A case to build: its class, seed and (mutations) the shipped model it changes. */
export type CaseRequest =
  | { readonly kind: 'case'; readonly group: 'valid' | 'let-heavy' | 'hostile' | 'hostile-work' | 'ten-megabytes'; readonly seed: number }
  | { readonly kind: 'case'; readonly group: 'mutation'; readonly seed: number; readonly id: ShippedId }
  | { readonly kind: 'prototypes' };

export interface CaseAnswer {
  /** The case's class and kind, for the tally and a failing seed's line. */
  readonly label: string;
  /** e.g. 'valid-read', 'hostile-refused'. */
  readonly outcome: string;
  /** The first broken invariant, or null. */
  readonly problem: string | null;
  /** CPU time of the reading and the run, ms. */
  readonly cpuMs: number;
}

/** CPU time one case may take, reading and running included (generous: a quiet machine needs ~1 ms per case). */
const CASE_BUDGET_MS = 2000;
const MAX_MESSAGE_LENGTH = 400;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const STEPS = 3;

function buildCase(request: Extract<CaseRequest, { kind: 'case' }>): ModelCase {
  switch (request.group) {
    case 'valid': return validCase(request.seed);
    case 'let-heavy': return letHeavyCase(request.seed);
    case 'mutation': return mutationCase(request.seed, request.id, SHIPPED.find((m) => m.id === request.id)!.text);
    case 'hostile': return hostileCase(request.seed, SHIPPED.map((m) => m.text));
    case 'hostile-work': return hostileWorkCase(request.seed);
    case 'ten-megabytes': return tenMegabyteCase();
  }
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

function answer(request: Extract<CaseRequest, { kind: 'case' }>): CaseAnswer {
  const start = process.cpuUsage();
  let label = `${request.group} ${request.seed}`;
  try {
    const c = buildCase(request);
    label = `${c.group} ${c.kind}`;
    const result = readModelText(c.text);
    const broken = resultInvariant(c, result) ?? (result.ok ? runInvariant(result.model, c.seed) : null);
    const spent = process.cpuUsage(start);
    const cpuMs = (spent.user + spent.system) / 1000;
    const problem = broken ?? (cpuMs > CASE_BUDGET_MS ? `took ${cpuMs.toFixed(0)} ms of CPU` : null);
    return { label, outcome: `${request.group}-${result.ok ? 'read' : 'refused'}`, problem, cpuMs };
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { label, outcome: 'FAILED', problem: `threw ${message.split('\n')[0].slice(0, 200)}`, cpuMs: 0 };
  }
}

parentPort!.on('message', (request: CaseRequest) => {
  parentPort!.postMessage(request.kind === 'prototypes' ? prototypeSnapshot() : answer(request));
});
