/**
 * Runs and e_ω convergence for any method of the family (SPEC §6), the Lie-group method included (it has its
 * own stepper): the primary body's ω series on a common sample grid, e_ω (Sherif Eq. 71) against a reference
 * series, observed orders. Pure functions shared by tests, the CLI and the worker.
 */
import type { MultibodyModel } from '../model/types';
import { simulate, type RunSettings, type SampleSink } from '../simulate';
import { simulateLieGroup } from '../integrators/lieGroup/lieGroupSimulation';
import { integratedDifference, observedOrder } from './errorMeasures';
import type { FamilyMethodName } from './methodStability';

export interface FamilyRun {
  readonly method: FamilyMethodName;
  /** HHT α (classical, modified) or ρ∞ (the others). */
  readonly parameter: number;
  readonly h: number;
  readonly tEnd: number;
  readonly sampleEvery: number;
}

/**
 * Settings of one fixed-step run of any family method: `simulate`'s RunSettings with the method widened to the
 * five names. HHT methods read `alpha`; the ρ∞ methods read `rho` (their `alpha` is unused).
 */
export interface FamilyRunSettings extends Omit<RunSettings, 'method'> {
  readonly method: FamilyMethodName;
}

/** Runs fixed-step `settings`, the Lie-group method on its own stepper (it is not a registry `Method`). */
export function simulateFamily(model: MultibodyModel, settings: FamilyRunSettings, sink: SampleSink): ReturnType<typeof simulate> {
  if (settings.method !== 'lie-group') return simulate(model, settings as RunSettings, sink);
  const { rho, h, tEnd, sampleEvery } = settings;
  if (rho === undefined) throw new Error('lie-group needs ρ∞ (settings.rho)');
  if (settings.tolerance !== undefined) throw new Error('lie-group runs with a fixed step only (no tolerance)');
  return simulateLieGroup(model, { rhoInf: rho, h, tEnd, sampleEvery }, sink);
}

/** Whether `method` takes HHT's α (classical, modified) rather than ρ∞. */
export function takesAlpha(method: FamilyMethodName): boolean {
  return method === 'classical' || method === 'modified';
}

/** Runs one method, handing every sample row to sink; status and failure as simulate() returns them. */
export function runFamilyMethod(model: MultibodyModel, run: FamilyRun, sink: SampleSink): ReturnType<typeof simulate> {
  const { method, parameter, h, tEnd, sampleEvery } = run;
  const isHht = takesAlpha(method);
  return simulateFamily(model, { method, alpha: isHht ? parameter : 0, rho: isHht ? undefined : parameter, h, tEnd, sampleEvery }, sink);
}

export interface FamilyOmegaSeries {
  readonly t: Float64Array;
  readonly omega: Float64Array;
  readonly finished: boolean;
  readonly failure: string | null;
}

/** (t, ω) of the primary body at every sample. */
export function familyOmegaSeries(model: MultibodyModel, run: FamilyRun): FamilyOmegaSeries {
  const t: number[] = [], omega: number[] = [];
  const r = runFamilyMethod(model, run, (row) => { t.push(row[0]); omega.push(row[1], row[2], row[3]); });
  return {
    t: Float64Array.from(t), omega: Float64Array.from(omega), finished: r.status === 'finished',
    failure: r.failure ? `t = ${r.failure.time}: ${r.failure.reason}` : null,
  };
}

export interface FamilyConvergencePoint {
  readonly h: number;
  /** e_ω against the reference (NaN if the run failed). */
  readonly omegaError: number;
  /** Against the previous (larger) h; NaN for the first. */
  readonly order: number;
}

/** e_ω(h) of one method over `steps` (largest first) against a reference series on the sample grid sampleDt. */
export function familyConvergence(
  model: MultibodyModel, method: FamilyMethodName, parameter: number, steps: readonly number[], tEnd: number,
  sampleDt: number, reference: FamilyOmegaSeries,
): FamilyConvergencePoint[] {
  const points: FamilyConvergencePoint[] = [];
  for (const h of [...steps].sort((a, b) => b - a)) {
    const s = familyOmegaSeries(model, { method, parameter, h, tEnd, sampleEvery: Math.round(sampleDt / h) });
    const omegaError = s.finished ? integratedDifference(s.t, s.omega, reference.omega, 3, reference.t) : NaN;
    const prev = points[points.length - 1];
    points.push({ h, omegaError, order: prev ? observedOrder(prev.h, prev.omegaError, h, omegaError) : NaN });
  }
  return points;
}
