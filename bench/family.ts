/**
 * The method family in `npm run bench` (cost compared at equal accuracy and equal time). Prints, never asserts.
 *
 * 1. Speed: µs/step of every method on the heavy top (h = 1e-5, t ∈ [0, 1]) and the V8 (h = 1e-4, t ∈ [0, 1]),
 *    median and spread of `repeats` runs after a warm-up, by wall clock and user CPU (stats.ts), with Newton
 *    iterations and Newton solves per step (the Ji–Xing composite solves three sub-steps per step).
 * 2. Work–precision: each method over a ladder of fixed steps h = 1 ms / k; per run the error against a fine
 *    reference and the run's wall time (median of WP_REPEATS). Heavy top: e_ω over [0, 1] (Sherif Eq. 71,
 *    samples every 1 ms; reference Lie group, ρ∞ = 2/3, h = 1e-6, as in the table of docs/methods.md). V8: the crank's
 *    |ω_x(1) − ω_x,ref(1)| (reference generalized-α, ρ∞ = 2/3, h = 5e-6; e_ω over [0, 1] alongside).
 * 3. Equal cost, two ways: equal Newton solves (Ji–Xing at h against every other method at h/3, both on the
 *    ladder), and equal measured time (each method's error interpolated log–log along its ladder at the time of
 *    each Ji–Xing run), plus the time each method needs for a given error. Time = wall (default) or user CPU
 *    (BENCH_COST=cpu, for a shared machine). The other methods' ladders go on past h/3 while a run costs less
 *    than Ji–Xing's dearest, so every curve spans the composite's cost range.
 * HHT methods run at α = −0.2 on the heavy top (ρ∞ = (1 + α)/(1 − α) = 2/3: the same high-frequency damping as
 * the ρ∞ methods) and α = −0.3 on the V8 (the speed cases of run.ts); the ρ∞ methods at ρ∞ = 2/3.
 * One JSON line per figure, then readable tables. Run alone:
 * `npx esbuild bench/family.ts --bundle --platform=node --format=esm --outfile=.bench/family.mjs && node .bench/family.mjs`.
 */
import os from 'node:os';
import type { MultibodyModel } from '../src/solver/model/types';
import { Simulation, type RunFailure, type RunSettings, type RunStatus, type SampleSink } from '../src/solver/simulate';
import { LieGroupSimulation } from '../src/solver/integrators/lieGroup/lieGroupSimulation';
import { methodRunSettings } from '../src/solver/studies/convergenceStudy';
import type { FamilyRunSettings } from '../src/solver/studies/familyRuns';
import type { FamilyMethodName } from '../src/solver/studies/methodStability';
import { integratedDifference } from '../src/solver/studies/errorMeasures';
import { machineLine, spreadFields, spreadOf, timed } from './stats';
import { paperModel } from '../test/support/paperModel';

const FAMILY: readonly FamilyMethodName[] = ['classical', 'modified', 'generalized-alpha', 'lie-group', 'ji-xing'];
/** The composite with three Newton solves per step, compared at h against the others at h / COMPOSITE_STAGES. */
const COMPOSITE: FamilyMethodName = 'ji-xing';
const COMPOSITE_STAGES = 3;
const RHO = 2 / 3;
/** Sample interval of the e_ω measure; every ladder step is SAMPLE_DT / k. */
const SAMPLE_DT = 1e-3;
const T_END = 1;
const WP_REPEATS = Math.max(1, Number(process.env.BENCH_WP_REPEATS ?? 3));
/**
 * The cost axis of the equal-cost tables: wall time (default), or user CPU time with BENCH_COST=cpu, which other
 * processes on a shared machine disturb far less (both are printed for every run).
 */
const COST: 'wall' | 'cpu' = process.env.BENCH_COST === 'cpu' ? 'cpu' : 'wall';
const costOf = (p: WorkPoint | undefined) => (p ? (COST === 'cpu' ? p.cpuMs : p.wallMs) : NaN);

interface FamilyCase {
  readonly scenario: 'heavy-top' | 'v8-crank';
  readonly model: () => MultibodyModel;
  /** HHT α of classical and modified. */
  readonly alpha: number;
  /** Step of the speed figure. */
  readonly speedH: number;
  /**
   * The composite's ladder, h = SAMPLE_DT / k. Every other method runs at these k and at 3k (equal Newton solves),
   * then on along LADDER while its run takes less wall time than the composite's slowest run (equal wall budget).
   */
  readonly compositeDivisors: readonly number[];
  readonly reference: { readonly method: FamilyMethodName; readonly h: number };
  /** The error of the work–precision table. */
  readonly measure: 'e_omega' | 'omega_x_end';
  /** Errors at which the wall time of every method is read off its ladder. */
  readonly errorTargets: readonly number[];
}

/** Divisors k of the ladder h = SAMPLE_DT / k (every h divides the 1 ms sample interval). */
const LADDER = [1, 2, 3, 4, 6, 10, 12, 20, 30, 60, 120] as const;

const CASES: readonly FamilyCase[] = [
  {
    scenario: 'heavy-top', model: () => paperModel('heavy-top'), alpha: -0.2, speedH: 1e-5,
    compositeDivisors: [1, 2, 4, 10], reference: { method: 'lie-group', h: 1e-6 }, measure: 'e_omega',
    errorTargets: [1e-1, 1e-2, 2e-3],
  },
  {
    scenario: 'v8-crank', model: () => paperModel('v8-crank'), alpha: -0.3, speedH: 1e-4,
    compositeDivisors: [1, 2, 4], reference: { method: 'generalized-alpha', h: 5e-6 }, measure: 'omega_x_end',
    errorTargets: [1e-3, 3e-4, 1.5e-4],
  },
];

/** What the bench reads of a run of either stepper (simulate.ts's Simulation, the Lie-group simulation). */
interface FamilySimulation {
  advance(maxSteps: number, sink: SampleSink): RunStatus;
  readonly stepsDone: number;
  readonly failure: RunFailure | null;
  readonly integrator: { readonly totalIterations: number };
}

function familySimulation(model: MultibodyModel, s: FamilyRunSettings): FamilySimulation {
  if (s.method !== 'lie-group') return new Simulation(model, s as RunSettings);
  return new LieGroupSimulation(model, { rhoInf: s.rho ?? RHO, h: s.h, tEnd: s.tEnd, sampleEvery: s.sampleEvery });
}

/** Newton solves per step: the composite's sub-steps, one for the others. */
function solvesPerStep(method: FamilyMethodName): number {
  return method === COMPOSITE ? COMPOSITE_STAGES : 1;
}

function settingsOf(c: FamilyCase, method: FamilyMethodName, h: number, tEnd = T_END): FamilyRunSettings {
  return methodRunSettings(method, { alpha: c.alpha, rho: RHO }, h, tEnd, Math.max(1, Math.round(SAMPLE_DT / h)));
}

/** The primary body's ω at every sample (rows t, ωx, ωy, ωz) of a finished run. */
interface Trajectory { readonly t: Float64Array; readonly omega: Float64Array; readonly steps: number; readonly iterations: number }

function trajectory(model: MultibodyModel, s: FamilyRunSettings): Trajectory {
  const sim = familySimulation(model, s);
  const t: number[] = [], omega: number[] = [];
  const status = sim.advance(Number.MAX_SAFE_INTEGER, (row) => { t.push(row[0]); omega.push(row[1], row[2], row[3]); });
  if (status !== 'finished') throw new Error(`${s.method}, h = ${s.h}: ${sim.failure?.reason}`);
  return { t: Float64Array.from(t), omega: Float64Array.from(omega), steps: sim.stepsDone, iterations: sim.integrator.totalIterations };
}

const parameterOf = (c: FamilyCase, method: FamilyMethodName) =>
  (method === 'classical' || method === 'modified' ? { alpha: c.alpha } : { rho: +RHO.toFixed(6) });

const loadAverage = () => os.loadavg().map((x) => +x.toFixed(2));

/** µs/step of one method: a warm-up on a tenth of the run, then `repeats` timed runs; the table row of the medians. */
function speedLine(c: FamilyCase, method: FamilyMethodName, repeats: number): string {
  const model = c.model();
  trajectory(model, settingsOf(c, method, c.speedH, T_END / 10));
  const wallUs: number[] = [], cpuUs: number[] = [];
  let last: Trajectory | undefined;
  for (let r = 0; r < repeats; r++) {
    const { value, wallSeconds, cpuSeconds } = timed(() => trajectory(model, settingsOf(c, method, c.speedH)));
    last = value;
    wallUs.push((wallSeconds / value.steps) * 1e6);
    cpuUs.push((cpuSeconds / value.steps) * 1e6);
  }
  const { steps, iterations, omega } = last!;
  console.log(JSON.stringify({
    figure: 'family speed', scenario: c.scenario, method, ...parameterOf(c, method), h: c.speedH, t_end: T_END, steps, repeats,
    ...spreadFields('us_per_step', wallUs),
    ...spreadFields('cpu_us_per_step', cpuUs),
    newton_solves_per_step: solvesPerStep(method),
    newton_iterations_per_step: +(iterations / steps).toFixed(3),
    omega_end: Array.from(omega.subarray(omega.length - 3), (x) => +x.toFixed(6)),
    load_average: loadAverage(),
  }));
  const wall = spreadOf(wallUs), cpu = spreadOf(cpuUs);
  return `| ${c.scenario} (h = ${c.speedH}, t ∈ [0, 1]) | ${method} | ${wall.median.toFixed(2)} | ${wall.spreadPercent.toFixed(1)} % | ${cpu.median.toFixed(2)} | ${solvesPerStep(method)} | ${(iterations / steps).toFixed(2)} |`;
}

interface WorkPoint {
  readonly method: FamilyMethodName;
  readonly h: number;
  readonly steps: number;
  readonly solves: number;
  readonly iterations: number;
  /** The case's error measure (NaN: the run failed). */
  readonly error: number;
  /** e_ω over [0, 1] (the V8's second measure; the heavy top's only one). */
  readonly omegaError: number;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly failure: string | null;
}

/** The case's error of a run against the reference. */
function errors(c: FamilyCase, run: Trajectory, ref: Trajectory): { error: number; omegaError: number } {
  const omegaError = integratedDifference(run.t, run.omega, ref.omega, 3, ref.t);
  const end = run.omega.length - 3;
  return { error: c.measure === 'e_omega' ? omegaError : Math.abs(run.omega[end] - ref.omega[end]), omegaError };
}

function workPoint(c: FamilyCase, model: MultibodyModel, method: FamilyMethodName, h: number, ref: Trajectory): WorkPoint {
  const wall: number[] = [], cpu: number[] = [];
  let run: Trajectory | undefined;
  try {
    for (let r = 0; r < WP_REPEATS; r++) {
      const { value, wallSeconds, cpuSeconds } = timed(() => trajectory(model, settingsOf(c, method, h)));
      run = value;
      wall.push(wallSeconds * 1e3);
      cpu.push(cpuSeconds * 1e3);
    }
  } catch (e) {
    return { method, h, steps: 0, solves: 0, iterations: 0, error: NaN, omegaError: NaN, wallMs: NaN, cpuMs: NaN, failure: (e as Error).message };
  }
  const { steps, iterations } = run!;
  return {
    method, h, steps, solves: steps * solvesPerStep(method), iterations, ...errors(c, run!, ref),
    wallMs: spreadOf(wall).median, cpuMs: spreadOf(cpu).median, failure: null,
  };
}

function printWorkPoint(c: FamilyCase, p: WorkPoint): void {
  console.log(JSON.stringify({
    figure: 'family work-precision', scenario: c.scenario, method: p.method, ...parameterOf(c, p.method), h: +p.h.toPrecision(6),
    t_end: T_END, steps: p.steps, newton_solves: p.solves, newton_iterations: p.iterations,
    error_measure: c.measure, error: +p.error.toPrecision(4), e_omega: +p.omegaError.toPrecision(4),
    wall_ms_median: +p.wallMs.toFixed(2), cpu_ms_median: +p.cpuMs.toFixed(2), repeats: WP_REPEATS, failure: p.failure,
  }));
}

/** y at x by log–log interpolation along the first bracketing segment of (x, y) pairs; NaN outside them. */
export function logLogAt(points: readonly { x: number; y: number }[], x: number): number {
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1], b = points[i];
    if ((x - a.x) * (x - b.x) <= 0 && a.x !== b.x) {
      const f = Math.log(x / a.x) / Math.log(b.x / a.x);
      return Math.exp(Math.log(a.y) + f * Math.log(b.y / a.y));
    }
  }
  return NaN;
}

/** A method's finished ladder points, largest h first. */
function ladderOf(points: readonly WorkPoint[], method: FamilyMethodName): WorkPoint[] {
  return points.filter((p) => p.method === method && Number.isFinite(p.error)).sort((a, b) => b.h - a.h);
}

/** The method with the smallest value, and how many times smaller it is than the runner-up. */
function winner(values: Record<string, number>): { best: string; factor: number } {
  const ranked = Object.entries(values).filter(([, v]) => Number.isFinite(v)).sort((a, b) => a[1] - b[1]);
  return { best: ranked[0]?.[0] ?? '', factor: ranked.length > 1 ? +(ranked[1][1] / ranked[0][1]).toFixed(2) : NaN };
}

const fmt = (x: number, digits = 3) => (Number.isFinite(x) ? x.toPrecision(digits) : '—');

const pointAt = (points: readonly WorkPoint[], m: FamilyMethodName, h: number) =>
  points.find((p) => p.method === m && Math.abs(p.h / h - 1) < 1e-9);

/** Ji–Xing at h against the others at h/3: the same number of Newton solves. */
function equalSolves(c: FamilyCase, points: readonly WorkPoint[]): string[] {
  return c.compositeDivisors.map((k) => {
    const h = SAMPLE_DT / k, hOthers = h / COMPOSITE_STAGES;
    const composite = pointAt(points, COMPOSITE, h);
    const errorsAt = Object.fromEntries(FAMILY.map((m) => [m, pointAt(points, m, m === COMPOSITE ? h : hOthers)?.error ?? NaN]));
    const win = winner(errorsAt);
    console.log(JSON.stringify({
      figure: 'family equal Newton solves', scenario: c.scenario, error_measure: c.measure,
      h_ji_xing: +h.toPrecision(6), h_others: +hOthers.toPrecision(6), newton_solves: composite?.solves ?? NaN,
      errors: mapValues(errorsAt, (v) => +v.toPrecision(4)), best: win.best, best_factor_over_next: win.factor,
    }));
    return `| ${fmt(h)} / ${fmt(hOthers)} | ${composite?.solves ?? '—'} | ${FAMILY.map((m) => fmt(errorsAt[m])).join(' | ')} | ${win.best} (${win.factor}×) |`;
  });
}

function mapValues(o: Record<string, number>, f: (v: number) => number): Record<string, number> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)]));
}

/** At the wall time of each of the composite's runs: every method's error there (log–log along its ladder; — outside it). */
function equalCost(c: FamilyCase, points: readonly WorkPoint[]): string[] {
  const curves = Object.fromEntries(FAMILY.map((m) => [m, ladderOf(points, m).map((p) => ({ x: costOf(p), y: p.error }))]));
  return ladderOf(points, COMPOSITE).map((composite) => {
    const wall = costOf(composite), h = composite.h;
    const errorsAt = Object.fromEntries(FAMILY.map((m) => [m, logLogAt(curves[m], wall)]));
    const win = winner(errorsAt);
    console.log(JSON.stringify({
      figure: 'family equal cost', cost: COST, scenario: c.scenario, error_measure: c.measure, cost_ms: +wall.toFixed(2), h_ji_xing: +h.toPrecision(6),
      errors: mapValues(errorsAt, (v) => +v.toPrecision(4)), best: win.best, best_factor_over_next: win.factor,
    }));
    return `| ${wall.toFixed(1)} (${COMPOSITE} h = ${fmt(h)}) | ${FAMILY.map((m) => fmt(errorsAt[m])).join(' | ')} | ${win.best} (${win.factor}×) |`;
  });
}

/** The wall time each method needs for each target error (log–log along its ladder). */
function costForError(c: FamilyCase, points: readonly WorkPoint[]): string[] {
  return c.errorTargets.map((target) => {
    const wallAt = Object.fromEntries(FAMILY.map((m) => [m, logLogAt(ladderOf(points, m).map((p) => ({ x: p.error, y: costOf(p) })), target)]));
    const win = winner(wallAt);
    console.log(JSON.stringify({
      figure: 'family cost for an error', cost: COST, scenario: c.scenario, error_measure: c.measure, error: target,
      cost_ms: mapValues(wallAt, (v) => +v.toFixed(2)), best: win.best, best_factor_over_next: win.factor,
    }));
    return `| ${target} | ${FAMILY.map((m) => fmt(wallAt[m])).join(' | ')} | ${win.best} (${win.factor}×) |`;
  });
}

/** The ladder of one method: the composite's divisors (and 3× them for the others), then on while under the wall budget. */
function runLadder(c: FamilyCase, model: MultibodyModel, method: FamilyMethodName, ref: Trajectory, budgetMs: number): WorkPoint[] {
  const required = method === COMPOSITE ? c.compositeDivisors : [...c.compositeDivisors, ...c.compositeDivisors.map((k) => COMPOSITE_STAGES * k)];
  const largest = Math.max(...required);
  const points: WorkPoint[] = [];
  for (const k of LADDER) {
    if (k > largest && (method === COMPOSITE || !(costOf(points[points.length - 1]) < budgetMs))) break;
    if (k <= largest && !required.includes(k)) continue;
    const p = workPoint(c, model, method, SAMPLE_DT / k, ref);
    printWorkPoint(c, p);
    points.push(p);
  }
  return points;
}

/** e ≈ C h² fitted at the reference method's finest ladder step, evaluated at the reference step. */
function referenceErrorEstimate(c: FamilyCase, points: readonly WorkPoint[]): number {
  const finest = ladderOf(points, c.reference.method).pop();
  return finest ? finest.error * (c.reference.h / finest.h) ** 2 : NaN;
}

function workPrecision(c: FamilyCase): string[] {
  const model = c.model();
  const ref = trajectory(model, settingsOf(c, c.reference.method, c.reference.h));
  const composite = runLadder(c, model, COMPOSITE, ref, Infinity);
  const budget = Math.max(...composite.map(costOf));
  const points = [...FAMILY.filter((m) => m !== COMPOSITE).flatMap((m) => runLadder(c, model, m, ref, budget)), ...composite];
  const refError = referenceErrorEstimate(c, points);
  console.log(JSON.stringify({
    figure: 'family reference', scenario: c.scenario, method: c.reference.method, h: c.reference.h, error_measure: c.measure,
    error_estimate_second_order: +refError.toPrecision(3),
  }));
  const measure = c.measure === 'e_omega' ? 'e_ω over [0, 1] [rad]' : '|ω_x(1) − ω_x,ref(1)| [rad/s]';
  const head = `| ${FAMILY.join(' | ')} | best (× over next) |`;
  const rule = `| --- | ${FAMILY.map(() => '---').join(' | ')} | --- |`;
  const divisors = LADDER.filter((k) => points.some((p) => Math.abs(p.h * k / SAMPLE_DT - 1) < 1e-9));
  return [
    `\n### ${c.scenario}: work–precision, ${measure}; reference ${c.reference.method}, h = ${c.reference.h} (its own error ≈ ${fmt(refError, 2)} by C·h²); wall ms = median of ${WP_REPEATS}\n`,
    `| h [s] | ${FAMILY.join(' | ')} |`, `| --- | ${FAMILY.map(() => '---').join(' | ')} |`,
    ...divisors.map((k) => `| ${fmt(SAMPLE_DT / k)} | ${FAMILY.map((m) => {
      const p = pointAt(points, m, SAMPLE_DT / k);
      return !p ? '' : p.failure ? 'failed' : `${fmt(p.error)} in ${p.wallMs.toFixed(1)} ms (CPU ${p.cpuMs.toFixed(1)})`;
    }).join(' | ')} |`),
    `\nEqual Newton solves (${COMPOSITE} at h, the others at h/${COMPOSITE_STAGES}):\n`,
    `| h ${COMPOSITE} / others | solves ${head}`, `| --- ${rule}`, ...equalSolves(c, points),
    `\nEqual measured ${COST} time: every method's error at the ${COST} time of each ${COMPOSITE} run (log–log along its ladder; — outside it):\n`,
    `| ${COST} [ms] ${head}`, rule, ...equalCost(c, points),
    `\n${COST} time [ms] for a given error:\n`,
    `| error ${head}`, rule, ...costForError(c, points),
  ];
}

/** The family section of `npm run bench`: speed lines, work–precision lines, then the readable tables. */
export function familyBench(repeats: number): void {
  console.log(JSON.stringify({ figure: 'family start', load_average: loadAverage(), repeats, work_precision_repeats: WP_REPEATS, cost: COST }));
  const speed: string[] = [];
  for (const c of CASES) {
    for (const method of FAMILY) speed.push(speedLine(c, method, repeats));
  }
  const tables = CASES.flatMap(workPrecision);
  console.log(JSON.stringify({ figure: 'family end', load_average: loadAverage() }));
  console.log([
    `\n### family speed (medians of ${repeats}; load average ${loadAverage().join(', ')})\n`,
    '| case | method | µs/step (wall) | spread | µs/step (CPU) | Newton solves/step | Newton iterations/step |',
    '| --- | --- | --- | --- | --- | --- | --- |', ...speed, ...tables,
  ].join('\n'));
}

if (process.argv[1]?.endsWith('family.mjs')) {
  console.log(machineLine({ repeats: Number(process.env.BENCH_REPEATS ?? 5) }));
  familyBench(Math.max(1, Number(process.env.BENCH_REPEATS ?? 5)));
}
