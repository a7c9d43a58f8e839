/** Error measures shared by the studies: integrated differences of sampled series and observed orders. */
import { log } from '../exactMath';

/** Σ_i ∫ |a_i − b_i| dt over `width`-wide sample vectors (trapezoidal rule); NaN if the grids differ. */
export function integratedDifference(t: Float64Array, a: Float64Array, b: Float64Array, width: number, tRef: Float64Array): number {
  if (t.length !== tRef.length) return NaN;
  let sum = 0, prev = 0;
  for (let k = 0; k < t.length; k++) {
    let d = 0;
    for (let i = 0; i < width; i++) d += Math.abs(a[k * width + i] - b[k * width + i]);
    if (k > 0) sum += 0.5 * (t[k] - t[k - 1]) * (prev + d);
    prev = d;
  }
  return sum;
}

/** Observed order p = log(e₁/e₂) / log(h₁/h₂). */
export function observedOrder(h1: number, e1: number, h2: number, e2: number): number {
  return log(e1 / e2) / log(h1 / h2);
}
