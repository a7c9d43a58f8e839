/**
 * Integrated angular-velocity error e_ω = Σ_i ∫ |ω_i(t) − ω_i,ref(t)| dt (Sherif Eq. 71), by the
 * trapezoidal rule on a common sample grid, and the observed order between two step sizes.
 */
import type { MultibodyModel } from '../model/types';
import { simulate, type RunSettings } from '../simulate';
import { integratedDifference } from './errorMeasures';

/** Samples of the primary body's ω as rows (t, ωx, ωy, ωz) at every sampleDt. */
export interface OmegaSeries {
  readonly t: Float64Array;
  readonly omega: Float64Array;
}

/** Runs a model and keeps (t, ω) every `sampleEvery` steps; throws if the run fails. */
export function omegaSeries(model: MultibodyModel, settings: RunSettings): OmegaSeries {
  const t: number[] = [];
  const omega: number[] = [];
  const result = simulate(model, settings, (row) => {
    t.push(row[0]);
    omega.push(row[1], row[2], row[3]);
  });
  if (result.status !== 'finished') {
    throw new Error(`run failed at t = ${result.failure?.time}: ${result.failure?.reason}`);
  }
  return { t: Float64Array.from(t), omega: Float64Array.from(omega) };
}

/** Sherif Eq. 71 on the samples both series share (they must have the same sample times). */
export function integratedOmegaError(a: OmegaSeries, ref: OmegaSeries): number {
  if (a.t.length !== ref.t.length) throw new Error('series have different sample grids');
  return integratedDifference(a.t, a.omega, ref.omega, 3, ref.t);
}

export { observedOrder } from './errorMeasures';
