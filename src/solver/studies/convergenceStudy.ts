/**
 * Studies over many runs (paper Figs. 2, 9, 10, 5): e_ω (Sherif Eq. 71) and the analogous integrated
 * position error over a list of step sizes against a fine reference, with the observed order per segment;
 * and a sweep over α. Pure functions with a progress callback, shared by the CLI and the worker.
 */
import type { MultibodyModel } from '../model/types';
import { COORDS_PER_BODY } from '../model/types';
import { simulate, type IntegratorMethod, type RunSettings } from '../simulate';
import { integratedDifference, observedOrder } from './errorMeasures';

/** Samples of the primary body: t, ω (3) and its coordinates (7: r, e). */
export interface PrimarySeries {
  readonly t: Float64Array;
  readonly omega: Float64Array;
  readonly coordinates: Float64Array;
  readonly finished: boolean;
  readonly failure: string | null;
}

/** Runs a model keeping the primary body's samples. */
export function primarySeries(model: MultibodyModel, settings: RunSettings): PrimarySeries {
  const t: number[] = [], omega: number[] = [], coordinates: number[] = [];
  const c = model.primaryBody * COORDS_PER_BODY;
  const result = simulate(model, settings, (row, q) => {
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

export interface ConvergenceSettings {
  readonly methods: readonly IntegratorMethod[];
  readonly alpha: number;
  readonly steps: readonly number[];
  readonly tEnd: number;
  /** Common sample interval; every h must divide it. */
  readonly sampleDt: number;
  readonly reference: { readonly method: IntegratorMethod; readonly alpha: number; readonly h: number };
}

export interface ConvergencePoint {
  readonly method: IntegratorMethod;
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

/** Convergence study: one reference run, then every method at every h (largest first). */
export function convergenceStudy(model: MultibodyModel, s: ConvergenceSettings, progress: StudyProgress = () => {}): ConvergencePoint[] {
  const steps = [...s.steps].sort((a, b) => b - a);
  const total = 1 + s.methods.length * steps.length;
  progress(0, total, 'reference');
  const refSettings = { ...s.reference, tEnd: s.tEnd, sampleEvery: Math.round(s.sampleDt / s.reference.h) };
  const ref = primarySeries(model, refSettings);
  if (!ref.finished) throw new ReferenceRunFailed(ref.failure ?? 'an unknown time');
  const points: ConvergencePoint[] = [];
  let done = 1;
  for (const method of s.methods) {
    let prev: ConvergencePoint | null = null;
    for (const h of steps) {
      progress(done++, total, `${method}, h = ${h}`);
      const run = primarySeries(model, { method, alpha: s.alpha, h, tEnd: s.tEnd, sampleEvery: Math.round(s.sampleDt / h) });
      const omegaError = run.finished ? integratedDifference(run.t, run.omega, ref.omega, 3, ref.t) : NaN;
      const positionError = run.finished ? integratedDifference(run.t, run.coordinates, ref.coordinates, COORDS_PER_BODY, ref.t) : NaN;
      const point: ConvergencePoint = {
        method, h, omegaError, positionError,
        omegaOrder: prev ? observedOrder(prev.h, prev.omegaError, h, omegaError) : NaN,
        positionOrder: prev ? observedOrder(prev.h, prev.positionError, h, positionError) : NaN,
        failure: run.failure,
      };
      points.push(point);
      prev = point;
    }
  }
  progress(total, total, 'done');
  return points;
}

export interface AlphaSweepPoint {
  readonly method: IntegratorMethod;
  readonly alpha: number;
  /** Final body-fixed ω of the primary body (NaN if the run failed). */
  readonly finalOmega: readonly [number, number, number];
  /** energy_error at t_end (E − E0 − W), J. */
  readonly energyError: number;
  readonly failure: string | null;
}

/** α sweep (paper Figs. 5 and 10): final ω and energy error at t_end for each α and method. */
export function alphaSweep(
  model: MultibodyModel, methods: readonly IntegratorMethod[], alphas: readonly number[], h: number, tEnd: number,
  progress: StudyProgress = () => {},
): AlphaSweepPoint[] {
  const total = methods.length * alphas.length;
  const points: AlphaSweepPoint[] = [];
  let done = 0;
  for (const method of methods) {
    for (const alpha of alphas) {
      progress(done++, total, `${method}, α = ${alpha}`);
      let last: Float64Array | null = null;
      const r = simulate(model, { method, alpha, h, tEnd, sampleEvery: Math.max(1, Math.round(tEnd / h)) }, (row) => { last = row.slice(); });
      const row = last as Float64Array | null;
      const ok = r.status === 'finished' && row !== null;
      points.push({
        method, alpha,
        finalOmega: ok ? [row![1], row![2], row![3]] : [NaN, NaN, NaN],
        energyError: ok ? row![5] : NaN,
        failure: r.failure ? `t = ${r.failure.time}: ${r.failure.reason}` : null,
      });
    }
  }
  progress(total, total, 'done');
  return points;
}
