/**
 * Integrated angular-velocity error e_ω = Σ_i ∫ |ω_i(t) − ω_i,ref(t)| dt (Sherif Eq. 71), by the
 * trapezoidal rule on a common sample grid, and the observed order between two step sizes.
 */
import type { MultibodyModel } from '../model/types';
import { simulate, type RunSettings } from '../simulate';

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
  let sum = 0;
  let prev = pointError(a, ref, 0);
  for (let k = 1; k < a.t.length; k++) {
    const cur = pointError(a, ref, k);
    sum += 0.5 * (a.t[k] - a.t[k - 1]) * (prev + cur);
    prev = cur;
  }
  return sum;
}

function pointError(a: OmegaSeries, ref: OmegaSeries, k: number): number {
  const i = 3 * k;
  return Math.abs(a.omega[i] - ref.omega[i]) + Math.abs(a.omega[i + 1] - ref.omega[i + 1])
    + Math.abs(a.omega[i + 2] - ref.omega[i + 2]);
}

/** Observed order p = log(e₁/e₂) / log(h₁/h₂). */
export function observedOrder(h1: number, e1: number, h2: number, e2: number): number {
  return Math.log(e1 / e2) / Math.log(h1 / h2);
}
