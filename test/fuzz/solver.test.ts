/**
 * Seeded fuzzing of the solver through the scenario schema: random valid
 * states of spin and heavy-top (moderate and schema-extreme values, fixed and adaptive steps, at most
 * 20 steps of h) and a few V8 geometries (at most 5 steps). Every run must either finish with finite,
 * well-formed rows or stop with a failure that has a reason and a time; an exception is a bug.
 * Adaptive runs get the CLI's h_min (t_end / MAX_STEPS) and a budget of step attempts; a run still
 * going when it is spent is counted as its own class, not as a failure.
 */
import { describe, expect, it } from 'vitest';
import { SAMPLE_WIDTH, Simulation, simulate, type RunSettings, type RunStatus } from '../../src/solver/simulate';
import { SCENARIOS } from '../../src/scenario/registry';
import type { ScenarioId } from '../../src/scenario/types';
import { defaultMinStep } from '../../src/scenario/validate';
import { mulberry32 } from '../support/prng';
import { shortRun, type ShortRun } from './generators';
import { FuzzTally } from './tally';
import { buildScenarioModel } from '../../src/scenario/build';

const BOUNDED_CASES = 250; // per scenario (spin, heavy-top)
const EXTREME_CASES = 120; // per scenario
const V8_CASES = 8;
const MAX_STEPS_PER_RUN = 20;
const V8_MAX_STEPS = 5;
/** Step attempts (accepted + rejected) an adaptive fuzz run may use. */
const ADAPTIVE_ATTEMPT_BUDGET = 2000;
const V8_ATTEMPT_BUDGET = 100;
/** Relative slack on sample times (t_n = n·h is computed, not accumulated). */
const TIME_SLACK = 1e-12;

type Outcome = 'finished' | 'failed-with-reason' | 'budget-exhausted';

/** Checks every emitted row as it arrives; the first problem wins. */
class RowChecker {
  rows = 0;
  lastT = -Infinity;
  problem: string | null = null;

  constructor(private readonly settings: RunSettings) {}

  readonly sink = (row: Float64Array, q: Float64Array): void => {
    if (this.problem) return;
    this.problem = this.check(row, q);
    this.rows++;
    this.lastT = row[0];
  };

  private check(row: Float64Array, q: Float64Array): string | null {
    if (row.length !== SAMPLE_WIDTH) return `row of length ${row.length}`;
    for (let k = 0; k < SAMPLE_WIDTH; k++) if (!Number.isFinite(row[k])) return `non-finite column ${k} in row ${this.rows}: ${row[k]}`;
    for (let k = 0; k < q.length; k++) if (!Number.isFinite(q[k])) return `non-finite q[${k}] in row ${this.rows}`;
    const [t] = row;
    if (this.rows === 0 && t !== 0) return `first sample at t = ${t}`;
    if (this.rows > 0 && !(t > this.lastT)) return `sample time ${t} after ${this.lastT}`;
    if (t > this.settings.tEnd * (1 + TIME_SLACK)) return `sample time ${t} beyond t_end ${this.settings.tEnd}`;
    if (!(row[8] > 0)) return `step column ${row[8]}`;
    if (this.settings.tolerance === undefined && row[8] !== this.settings.h) return `fixed step column ${row[8]} ≠ h`;
    if (!Number.isInteger(row[7]) || row[7] < 0) return `iterations column ${row[7]}`;
    return null;
  }
}

function runSettings(run: ShortRun): RunSettings {
  const { state } = run;
  return {
    method: run.method,
    alpha: state.alpha,
    h: state.h,
    tEnd: state.tEnd,
    sampleEvery: run.sampleEvery,
    ...(state.tolerance === undefined ? {} : { tolerance: state.tolerance, hMin: defaultMinStep(state.tEnd) }),
  };
}

/** Runs one case; returns its outcome class or throws/returns a problem string. */
function runCase(run: ShortRun, budget: number): { outcome: Outcome; reason?: string } | string {
  const def = SCENARIOS[run.state.scenario];
  const settings = runSettings(run);
  const model = buildScenarioModel(def, run.state.values);
  const checker = new RowChecker(settings);
  let status: RunStatus;
  let failure: { time: number; reason: string } | null;
  let simulation: Simulation | null = null;
  if (settings.tolerance === undefined) {
    ({ status, failure } = simulate(model, settings, checker.sink));
  } else {
    simulation = new Simulation(model, settings);
    status = simulation.advance(budget, checker.sink);
    failure = simulation.failure;
  }
  if (checker.problem) return checker.problem;
  if (status === 'running') return { outcome: 'budget-exhausted' };
  if (status === 'finished') {
    if (failure) return 'finished with a failure set';
    const { h, tEnd } = settings;
    const end = settings.tolerance === undefined ? Math.round(tEnd / h) * h : tEnd;
    if (Math.abs(checker.lastT - end) > TIME_SLACK * tEnd) return `finished with the last sample at ${checker.lastT}, not ${end}`;
    if (settings.tolerance === undefined) {
      const steps = Math.round(tEnd / h);
      const expected = 1 + Math.floor(steps / run.sampleEvery) + (steps % run.sampleEvery === 0 ? 0 : 1);
      if (checker.rows !== expected) return `${checker.rows} rows, expected ${expected}`;
    }
    if (simulation && simulation.advance(10, () => (checker.problem = 'a row after the end')) !== 'finished') return 'status changed after the end';
    return { outcome: 'finished' };
  }
  if (!failure || typeof failure.reason !== 'string' || failure.reason.trim() === '') return 'failed without a reason';
  if (!Number.isFinite(failure.time) || failure.time < 0 || failure.time > settings.tEnd * (1 + TIME_SLACK)) {
    return `failure time ${failure.time}`;
  }
  if (checker.rows > 0 && failure.time < checker.lastT) return `failure at ${failure.time} before the last sample ${checker.lastT}`;
  return { outcome: 'failed-with-reason', reason: failure.reason };
}

/** Failure reasons with the numbers taken out, so they group. */
function reasonClass(reason: string): string {
  return reason.replace(/-?\d+(\.\d+)?(e-?\d+)?/g, '#').slice(0, 70);
}

function fuzzScenario(
  tally: FuzzTally, reasons: Map<string, number>, group: string, id: ScenarioId, seeds: readonly number[],
  make: (rand: () => number) => ShortRun, budget: number,
): void {
  for (const seed of seeds) {
    let run: ShortRun | null = null;
    try {
      run = make(mulberry32(seed));
      const result = runCase(run, budget);
      if (typeof result === 'string') {
        tally.problem(seed, `${group} ${id}`, `${result} (${describeRun(run)})`);
        continue;
      }
      const mode = run.state.tolerance === undefined ? 'fixed' : 'adaptive';
      tally.count(`${group}-${mode}-${result.outcome}`);
      if (result.reason) reasons.set(reasonClass(result.reason), (reasons.get(reasonClass(result.reason)) ?? 0) + 1);
    } catch (error) {
      const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      tally.problem(seed, `${group} ${id}`, `threw ${message.split('\n')[0]} (${run ? describeRun(run) : 'while drawing'})`);
    }
  }
}

/** Enough to replay a case by hand: the settings and the parameter values. */
function describeRun(run: ShortRun): string {
  const { state } = run;
  return JSON.stringify({ ...runSettings(run), values: state.values });
}

function seeds(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, k) => first + k);
}

describe('solver fuzzing', () => {
  it('random valid spin and heavy-top runs finish with finite rows or fail with a reason', () => {
    const tally = new FuzzTally('solver (spin, heavy-top)');
    const reasons = new Map<string, number>();
    for (const [s, id] of (['spin', 'heavy-top'] as const).entries()) {
      const offset = 1 + s * 100_000;
      fuzzScenario(tally, reasons, 'bounded', id, seeds(offset, BOUNDED_CASES),
        (rand) => shortRun(rand, id, 'bounded', [1e-4, 1e-2], MAX_STEPS_PER_RUN), ADAPTIVE_ATTEMPT_BUDGET);
      fuzzScenario(tally, reasons, 'extreme', id, seeds(offset + 50_000, EXTREME_CASES),
        (rand) => shortRun(rand, id, 'extreme', [1e-6, 1], MAX_STEPS_PER_RUN), ADAPTIVE_ATTEMPT_BUDGET);
    }
    tally.print();
    console.log(`fuzz solver failure reasons: ${[...reasons].map(([r, n]) => `${n}× ${r}`).join(' | ')}`);
    expect(tally.problems).toEqual([]);
    expect(tally.total).toBe(2 * (BOUNDED_CASES + EXTREME_CASES));
  });

  it('a few random V8 geometries run a few steps without an exception', () => {
    const tally = new FuzzTally('solver (v8-crank)');
    const reasons = new Map<string, number>();
    fuzzScenario(tally, reasons, 'bounded', 'v8-crank', seeds(200_001, V8_CASES),
      (rand) => shortRun(rand, 'v8-crank', 'bounded', [1e-4, 1e-3], V8_MAX_STEPS), V8_ATTEMPT_BUDGET);
    tally.print();
    if (reasons.size > 0) console.log(`fuzz v8 failure reasons: ${[...reasons].map(([r, n]) => `${n}× ${r}`).join(' | ')}`);
    expect(tally.problems).toEqual([]);
    expect(tally.total).toBe(V8_CASES);
  });
});

describe('solver fuzzing: pinned seeds', () => {
  // Found by the extreme fuzz (seed 150022, heavy-top, and 150029, 150049 alike): a stiff body (Jx ≪ Jy = Jz,
  // |ω| ~ 1e4) settles into an accept/reject limit cycle of the adaptive controller in src/solver/simulate.ts.
  // A step h is accepted with e/ε ≈ 0.004, the next proposal is capped at 2h, 2h is rejected with e/ε ≈ 5.8
  // (the estimate grows far faster than h³ there), the retry at ≈ h is accepted, and so on: half the attempts
  // are rejected for as long as the run lasts. A usual remedy is to forbid growth on the step after a
  // rejection. This is a solver matter (owned by the lead): the test states the wanted behaviour and is
  // fixed: no step growth right after a rejection
  it('seed 150022 (extreme heavy-top, adaptive): at most a quarter of the step attempts are rejected', () => {
    const settings: RunSettings = {
      method: 'classical',
      alpha: -0.20015595395428437,
      h: 1.64928515883316e-5,
      tEnd: 9.89571095299896e-5,
      sampleEvery: 2,
      tolerance: 5.9168293290827176e-8,
      hMin: defaultMinStep(9.89571095299896e-5),
    };
    const values = {
      m: [8.554055262322937],
      J: [2.8157985176435746e-4, 659988.6208665951, 659988.6210361096],
      xcm: [0, 1, 0],
      g: [0, 0, -9.81],
      omega0: [-7101.069120690227, 9875.157680362463, -4314.656904898584],
    };
    const simulation = new Simulation(buildScenarioModel(SCENARIOS['heavy-top'], values), settings);
    simulation.advance(2000, () => {});
    const attempts = simulation.stepsDone + simulation.stepsRejected;
    expect(simulation.stepsRejected).toBeLessThanOrEqual(attempts / 4);
  });
});
