/**
 * Studies over many runs (paper Figs. 2, 9, 10, 5): e_ω (Sherif Eq. 71) and the analogous integrated
 * position error over a list of step sizes against a fine reference, with the observed order per segment;
 * and a sweep over α (HHT) or ρ∞ (the other methods). Any method of the family (SPEC §6) runs, the
 * Lie-group one on its own stepper (familyRuns.ts). Pure functions with a progress callback, shared by
 * the CLI and the worker.
 */
import type { MultibodyModel } from '../model/types';
import { COORDS_PER_BODY } from '../model/types';
import { integratedDifference, observedOrder } from './errorMeasures';
import { simulateFamily, takesAlpha, type FamilyRunSettings } from './familyRuns';
import type { FamilyMethodName } from './methodStability';

/** Samples of the primary body: t, ω (3) and its coordinates (7: r, e). */
export interface PrimarySeries {
  readonly t: Float64Array;
  readonly omega: Float64Array;
  readonly coordinates: Float64Array;
  readonly finished: boolean;
  readonly failure: string | null;
}

/** Runs a model keeping the primary body's samples. */
export function primarySeries(model: MultibodyModel, settings: FamilyRunSettings): PrimarySeries {
  const t: number[] = [], omega: number[] = [], coordinates: number[] = [];
  const c = model.primaryBody * COORDS_PER_BODY;
  const result = simulateFamily(model, settings, (row, q) => {
    t.push(row[0]);
    omega.push(row[1], row[2], row[3]);
    for (let k = 0; k < COORDS_PER_BODY; k++) coordinates.push(q[c + k]);
  });
  return {
    t: Float64Array.from(t), omega: Float64Array.from(omega), coordinates: Float64Array.from(coordinates),
    finished: result.status === 'finished',
    failure: result.failure ? `t = ${result.failure.time}: ${result.failure.reason}` : null,
  };
}

/** The parameters of a study's runs: HHT's α for classical and modified, ρ∞ for the others (SPEC §6). */
export interface MethodParameters {
  /** HHT α; needed when an HHT method runs. */
  readonly alpha?: number;
  /** ρ∞; needed when a ρ∞ method runs. */
  readonly rho?: number;
}

/** The reference run of a convergence study: its method, that method's parameter, and the fine step. */
export interface StudyReference extends MethodParameters {
  readonly method: FamilyMethodName;
  readonly h: number;
}

export interface ConvergenceSettings extends MethodParameters {
  readonly methods: readonly FamilyMethodName[];
  readonly steps: readonly number[];
  readonly tEnd: number;
  /** Common sample interval; every h must divide it. */
  readonly sampleDt: number;
  readonly reference: StudyReference;
}

/**
 * The fixed-step settings of `method` with its own parameter from `p`: HHT methods exactly as before the
 * family ({method, alpha, h, tEnd, sampleEvery}), ρ∞ methods with `rho` (α = 0, unused).
 */
export function methodRunSettings(method: FamilyMethodName, p: MethodParameters, h: number, tEnd: number, sampleEvery: number): FamilyRunSettings {
  const value = takesAlpha(method) ? p.alpha : p.rho;
  if (value === undefined) throw new Error(`study run: ${method} needs ${takesAlpha(method) ? 'α' : 'ρ∞'}`);
  return takesAlpha(method) ? { method, alpha: value, h, tEnd, sampleEvery } : { method, alpha: 0, rho: value, h, tEnd, sampleEvery };
}

export interface ConvergencePoint {
  readonly method: FamilyMethodName;
  readonly h: number;
  /** e_ω (Sherif Eq. 71), rad; NaN if the run failed. */
  readonly omegaError: number;
  /** Σ ∫ |q_i − q_i,ref| dt over the primary body's 7 coordinates; NaN if the run failed. */
  readonly positionError: number;
  /** Observed orders against the previous (larger) h of the same method; NaN for the first. */
  readonly omegaOrder: number;
  readonly positionOrder: number;
  readonly failure: string | null;
}

export type StudyProgress = (done: number, total: number, label: string) => void;

/** Thrown by convergenceStudy when its reference run fails: without a reference there is no study. */
export class ReferenceRunFailed extends Error {
  constructor(readonly failure: string) {
    super(`the reference run failed at ${failure}`);
    this.name = 'ReferenceRunFailed';
  }
}

/** One run of a study: its progress label and solver settings (the runs of a study are independent). */
export interface StudyRun {
  readonly label: string;
  readonly settings: FamilyRunSettings;
}

/** The step sizes of a convergence study, largest first. */
function stepsLargestFirst(s: ConvergenceSettings): number[] {
  return [...s.steps].sort((a, b) => b - a);
}

/**
 * The runs of a convergence study: the reference first, then every method at every h (largest first).
 * `convergencePoints` takes their series in this order.
 */
export function convergenceRuns(s: ConvergenceSettings): StudyRun[] {
  const everyOf = (h: number) => Math.round(s.sampleDt / h);
  const ref = s.reference;
  const reference: StudyRun = { label: 'reference', settings: methodRunSettings(ref.method, ref, ref.h, s.tEnd, everyOf(ref.h)) };
  const steps = stepsLargestFirst(s);
  return [reference, ...s.methods.flatMap((method) => steps.map((h): StudyRun => ({
    label: `${method}, h = ${h}`,
    settings: methodRunSettings(method, s, h, s.tEnd, everyOf(h)),
  })))];
}

/** Throws ReferenceRunFailed unless the reference run (run 0 of convergenceRuns) finished. */
export function checkReference(reference: PrimarySeries): void {
  if (!reference.finished) throw new ReferenceRunFailed(reference.failure ?? 'an unknown time');
}

/** What one run of a convergence study measures against the reference: a point without its observed orders. */
export interface RunErrors {
  /** e_ω (Sherif Eq. 71), rad; NaN if the run failed. */
  readonly omegaError: number;
  /** Σ ∫ |q_i − q_i,ref| dt over the primary body's 7 coordinates; NaN if the run failed. */
  readonly positionError: number;
  readonly failure: string | null;
}

/** e_ω and the position error of a run against the reference (NaN for a run that failed). */
export function runErrors(ref: PrimarySeries, run: PrimarySeries): RunErrors {
  return {
    omegaError: run.finished ? integratedDifference(run.t, run.omega, ref.omega, 3, ref.t) : NaN,
    positionError: run.finished ? integratedDifference(run.t, run.coordinates, ref.coordinates, COORDS_PER_BODY, ref.t) : NaN,
    failure: run.failure,
  };
}

/**
 * The study's points from the errors of its runs, in the order of convergenceRuns without the reference: the
 * observed orders of each method against its next larger step. A study split into parts (`sim study --shard`)
 * measures the errors in its parts and joins them here.
 */
export function pointsWithOrders(s: ConvergenceSettings, errors: readonly RunErrors[]): ConvergencePoint[] {
  const steps = stepsLargestFirst(s);
  const points: ConvergencePoint[] = [];
  let k = 0;
  for (const method of s.methods) {
    let prev: ConvergencePoint | null = null;
    for (const h of steps) {
      const { omegaError, positionError, failure } = errors[k++];
      const point: ConvergencePoint = {
        method, h, omegaError, positionError,
        omegaOrder: prev ? observedOrder(prev.h, prev.omegaError, h, omegaError) : NaN,
        positionOrder: prev ? observedOrder(prev.h, prev.positionError, h, positionError) : NaN,
        failure,
      };
      points.push(point);
      prev = point;
    }
  }
  return points;
}

/**
 * The study's points from the series of its runs, in the order of convergenceRuns: e_ω and the
 * position error of each run against the reference, and the observed orders per method.
 */
export function convergencePoints(s: ConvergenceSettings, series: readonly PrimarySeries[]): ConvergencePoint[] {
  const [ref, ...runs] = series;
  checkReference(ref);
  return pointsWithOrders(s, runs.map((run) => runErrors(ref, run)));
}

/**
 * Executes the runs one after another, reporting each before it starts; `check` may stop the study
 * after a run by throwing.
 */
function runSerially<R>(runs: readonly StudyRun[], execute: (run: StudyRun) => R, progress: StudyProgress, check: (index: number, result: R) => void = () => {}): R[] {
  const results = runs.map((run, k) => {
    progress(k, runs.length, run.label);
    const result = execute(run);
    check(k, result);
    return result;
  });
  progress(runs.length, runs.length, 'done');
  return results;
}

/** Convergence study in this thread: one reference run, then every method at every h (largest first). */
export function convergenceStudy(model: MultibodyModel, s: ConvergenceSettings, progress: StudyProgress = () => {}): ConvergencePoint[] {
  const series = runSerially(convergenceRuns(s), (run) => primarySeries(model, run.settings), progress, (k, r) => { if (k === 0) checkReference(r); });
  return convergencePoints(s, series);
}

/** The swept parameter: HHT's α (α sweep, paper Figs. 5 and 10) or ρ∞ (ρ∞ sweep, the other methods). */
export type SweepParameter = 'alpha' | 'rho';

/** One run of a sweep: final ω and energy error at t_end, with the swept value under its key (`alpha` or `rho`). */
export type SweepPoint<K extends SweepParameter> = {
  readonly method: FamilyMethodName;
  /** Final body-fixed ω of the primary body (NaN if the run failed). */
  readonly finalOmega: readonly [number, number, number];
  /** energy_error at t_end (E − E0 − W), J. */
  readonly energyError: number;
  readonly failure: string | null;
} & { readonly [key in K]: number };

export type AlphaSweepPoint = SweepPoint<'alpha'>;
export type RhoSweepPoint = SweepPoint<'rho'>;

/** The last sample row of a run (null if none) and how it ended. */
export interface FinalSample {
  readonly row: Float64Array | null;
  readonly finished: boolean;
  readonly failure: string | null;
}

/** Runs a model keeping only its last sample row. */
export function finalSample(model: MultibodyModel, settings: FamilyRunSettings): FinalSample {
  let last: Float64Array | null = null;
  const r = simulateFamily(model, settings, (row) => { last = row.slice(); });
  return { row: last, finished: r.status === 'finished', failure: r.failure ? `t = ${r.failure.time}: ${r.failure.reason}` : null };
}

/** The runs of a sweep over `key`: every value for each method, one sample at t = 0 and one at t_end. */
export function sweepRuns(key: SweepParameter, methods: readonly FamilyMethodName[], values: readonly number[], h: number, tEnd: number): StudyRun[] {
  const sampleEvery = Math.max(1, Math.round(tEnd / h));
  const symbol = key === 'alpha' ? 'α' : 'ρ∞';
  return methods.flatMap((method) => values.map((value): StudyRun => ({
    label: `${method}, ${symbol} = ${value}`, settings: methodRunSettings(method, { [key]: value }, h, tEnd, sampleEvery),
  })));
}

/** The runs of an α sweep (HHT methods): every α for each method. */
export function alphaSweepRuns(methods: readonly FamilyMethodName[], alphas: readonly number[], h: number, tEnd: number): StudyRun[] {
  return sweepRuns('alpha', methods, alphas, h, tEnd);
}

/** The point of one sweep run over `key`: final ω and energy error at t_end. */
export function sweepPoint<K extends SweepParameter>(key: K, { settings }: StudyRun, { row, finished, failure }: FinalSample): SweepPoint<K> {
  const ok = finished && row !== null;
  const value = key === 'alpha' ? settings.alpha : settings.rho;
  return {
    method: settings.method, [key]: value,
    finalOmega: ok ? [row[1], row[2], row[3]] : [NaN, NaN, NaN],
    energyError: ok ? row[5] : NaN,
    failure,
  } as unknown as SweepPoint<K>;
}

/** The point of one α-sweep run. */
export function alphaSweepPoint(run: StudyRun, final: FinalSample): AlphaSweepPoint {
  return sweepPoint('alpha', run, final);
}

/** A sweep over `key` in this thread: final ω and energy error at t_end for each value and method. */
export function parameterSweep<K extends SweepParameter>(
  model: MultibodyModel, key: K, methods: readonly FamilyMethodName[], values: readonly number[], h: number, tEnd: number,
  progress: StudyProgress = () => {},
): SweepPoint<K>[] {
  const runs = sweepRuns(key, methods, values, h, tEnd);
  const finals = runSerially(runs, (run) => finalSample(model, run.settings), progress);
  return runs.map((run, k) => sweepPoint(key, run, finals[k]));
}

/** α sweep (paper Figs. 5 and 10) in this thread: final ω and energy error at t_end for each α and method. */
export function alphaSweep(
  model: MultibodyModel, methods: readonly FamilyMethodName[], alphas: readonly number[], h: number, tEnd: number,
  progress: StudyProgress = () => {},
): AlphaSweepPoint[] {
  return parameterSweep(model, 'alpha', methods, alphas, h, tEnd, progress);
}
