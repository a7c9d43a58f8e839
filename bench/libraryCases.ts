/**
 * The benchmark library's Group A (SPEC §8) as runs of the shipped model files: a run of one model with one
 * setting, its named outputs at the library's output steps, and the largest deviation of each from a reference.
 * Shared by bench/benchmarks.ts (which reads the full reference data when present) and the tests in
 * test/long/benchmarkLibrary.long.test.ts (which quote a few published values). No Node built-ins here.
 */
import { getScenario, defaultValues } from '../src/scenario/registry';
import type { ParamValues } from '../src/scenario/types';
import { Simulation, SAMPLE_WIDTH, type RunSettings } from '../src/solver/simulate';
import { LieGroupSimulation } from '../src/solver/integrators/lieGroup/lieGroupSimulation';
import type { RunMethod } from '../src/scenario/methods';
import type { MultibodyModel } from '../src/solver/model/types';
import { InvariantMonitor } from '../src/solver/studies/invariants';
import { buildScenario } from '../src/scenario/build';

/** The five problems, their model ids and the outputs the library judges. */
export const LIBRARY_PROBLEMS = [
  { problem: 'A01', id: 'pendulum', outputs: ['x_P1', 'y_P1'] },
  { problem: 'A02', id: 'n-four-bar', outputs: ['x_B0', 'y_B0'] },
  { problem: 'A03', id: 'andrews', outputs: ['beta', 'Theta', 'x_F', 'y_F'] },
  { problem: 'A04', id: 'bricard', outputs: ['x_P3', 'y_P3', 'z_P3'] },
  { problem: 'A05', id: 'flyball-governor', outputs: ['s', 'omega_shaft'] },
] as const;

export type LibraryId = (typeof LIBRARY_PROBLEMS)[number]['id'];

/** The library's high-precision criterion: every judged output within 1e-3 of the reference (SPEC §8). */
export const HIGH_PRECISION = 1e-3;

/** Methods that take ρ∞ rather than HHT's α (SPEC §6). */
const TAKES_RHO: ReadonlySet<RunMethod> = new Set(['generalized-alpha', 'lie-group', 'ji-xing']);

export interface LibrarySetting {
  readonly method: RunMethod;
  /** HHT's α (classical, modified) or ρ∞ (the others). */
  readonly damping: number;
  /** Step size, or the initial step of an adaptive run. */
  readonly h: number;
  /** Local error tolerance: an adaptive run when set. */
  readonly tolerance?: number;
  readonly tEnd: number;
  /** Output interval, s: a whole multiple of h. */
  readonly sampleDt: number;
  /** Parameter changes from the model's defaults (e.g. N). */
  readonly values?: Readonly<Record<string, readonly number[]>>;
}

export interface LibraryRun {
  readonly times: number[];
  /** Every named output of the model, sample by sample. */
  readonly outputs: Readonly<Record<string, number[]>>;
  /** Constraint residual column (SAMPLE_COLUMNS), sample by sample. */
  readonly constraintError: number[];
  /** Energy error column (SAMPLE_COLUMNS): E − E0 − W, sample by sample. */
  readonly energyError: number[];
  /** Angular momentum of the whole system about the global z axis, sample by sample (kg m²/s). */
  readonly angularMomentumZ: number[];
  readonly steps: number;
  readonly rejected: number;
  readonly iterations: number;
  readonly factorizations: number;
  /** null when the run reached tEnd. */
  readonly failure: { readonly time: number; readonly reason: string } | null;
  /** Largest residual of the equations removed as dependent, and how many there were. */
  readonly removedResidual: number;
  readonly removedCount: number;
  /** Notice text: which equations were removed at the start. */
  readonly removed: readonly { readonly constraint: string; readonly rows: number }[];
}

/** The model's parameter values: its defaults with the setting's changes. */
export function libraryValues(id: LibraryId, changes: LibrarySetting['values'] = {}): ParamValues {
  const def = getScenario(id);
  if (!def) throw new Error(`no shipped model "${id}"`);
  return { ...defaultValues(def), ...changes };
}

/** The run settings of a LibrarySetting (samples every sampleDt) for the Euler-parameter methods. */
export function runSettingsOf(s: LibrarySetting & { method: Exclude<RunMethod, 'lie-group'> }): RunSettings {
  const sampleEvery = sampleEveryOf(s);
  return {
    method: s.method,
    alpha: TAKES_RHO.has(s.method) ? -0.1 : s.damping,
    ...(TAKES_RHO.has(s.method) ? { rho: s.damping } : {}),
    h: s.h,
    tEnd: s.tEnd,
    sampleEvery,
    ...(s.tolerance !== undefined ? { tolerance: s.tolerance } : {}),
  };
}

/** Samples per output step, checked to be whole. */
function sampleEveryOf(s: LibrarySetting): number {
  const every = Math.round(s.sampleDt / s.h);
  if (every < 1 || Math.abs(every * s.h - s.sampleDt) > 1e-9 * s.sampleDt) throw new Error(`sampleDt ${s.sampleDt} is not a whole multiple of h ${s.h}`);
  return every;
}

/** The stepper of a setting: the Lie-group method has its own (fixed steps only), the others share Simulation. */
function simulationOf(model: MultibodyModel, s: LibrarySetting) {
  if (s.method === 'lie-group') {
    if (s.tolerance !== undefined) throw new Error('the Lie-group method runs fixed steps only');
    const sim = new LieGroupSimulation(model, { rhoInf: s.damping, h: s.h, tEnd: s.tEnd, sampleEvery: sampleEveryOf(s) });
    return { sim, rejected: () => 0, factorizations: () => NaN };
  }
  const sim = new Simulation(model, runSettingsOf({ ...s, method: s.method }));
  return { sim, rejected: () => sim.stepsRejected, factorizations: () => sim.integrator.totalFactorizations };
}

/** Runs a shipped model and keeps its outputs at every sample. */
export function runLibrary(id: LibraryId, setting: LibrarySetting): LibraryRun {
  const def = getScenario(id);
  if (!def) throw new Error(`no shipped model "${id}"`);
  const built = buildScenario(def, libraryValues(id, setting.values));
  const names = (built.model.outputs ?? []).map((o) => o.name);
  const times: number[] = [], constraintError: number[] = [], energyError: number[] = [], angularMomentumZ: number[] = [];
  const outputs: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  const { sim, rejected, factorizations } = simulationOf(built.model, setting);
  const invariants = new InvariantMonitor(sim.system);
  const values = new Float64Array(3);
  while (sim.advance(10_000, (row, q) => {
    times.push(row[0]);
    constraintError.push(row[6]);
    energyError.push(row[5]);
    // A fixed-step sample is the integrator's current state, whose q̇ is the integrator's.
    invariants.evaluate(q, sim.integrator.qd, row[0], values);
    angularMomentumZ.push(values[2]);
    names.forEach((n, k) => outputs[n].push(row[SAMPLE_WIDTH + k]));
  }) === 'running');
  return {
    times, outputs, constraintError, energyError, angularMomentumZ,
    steps: sim.stepsDone,
    rejected: rejected(),
    iterations: sim.integrator.totalIterations,
    factorizations: factorizations(),
    failure: sim.failure,
    removedResidual: sim.removedEquations.largestResidual,
    removedCount: sim.removedEquations.count,
    removed: built.report.removed,
  };
}

/** A reference: times and the judged outputs at them. */
export interface LibraryReference {
  readonly t: readonly number[];
  readonly columns: Readonly<Record<string, readonly number[]>>;
}

export interface Deviation {
  /** Largest |run − reference| over the reference's times that the run reached. */
  readonly max: number;
  /** Time of the largest deviation. */
  readonly at: number;
  /** Reference times compared. */
  readonly compared: number;
}

/** Relative slack within which a run's sample time counts as a reference time. */
const SAME_TIME = 1e-9;

/**
 * Largest deviation of each output from the reference over the reference's times (the library's output steps):
 * each reference time is matched to the run's sample at the same time; a reference time the run has no sample
 * for is an error (the sample interval must divide the reference's).
 */
export function largestDeviations(run: LibraryRun, reference: LibraryReference, outputs: readonly string[]): Record<string, Deviation> {
  const index = new Map<number, number>();
  run.times.forEach((t, k) => index.set(Math.round(t / SAME_TIME), k));
  const result: Record<string, Deviation> = {};
  for (const name of outputs) {
    const ours = run.outputs[name];
    const theirs = reference.columns[name];
    if (!ours || !theirs) throw new Error(`no output "${name}" in the run or the reference`);
    let max = 0, at = 0, compared = 0;
    reference.t.forEach((t, i) => {
      const k = index.get(Math.round(t / SAME_TIME));
      if (k === undefined) {
        if (run.failure === null && t <= run.times[run.times.length - 1]) throw new Error(`the run has no sample at t = ${t}`);
        return;
      }
      compared++;
      const d = Math.abs(ours[k] - theirs[i]);
      if (!(d <= max)) { max = d; at = t; }
    });
    result[name] = { max, at, compared };
  }
  return result;
}

/** The largest of the outputs' deviations. */
export function worstDeviation(deviations: Readonly<Record<string, Deviation>>): number {
  return Math.max(...Object.values(deviations).map((d) => d.max));
}
