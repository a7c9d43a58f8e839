/**
 * Newmark formulas: the classical ones (Sherif Eqs. 17-18 / 59-60) and the modified velocity
 * update for Euler parameters (Sherif Eqs. 33-34) with its Jacobian (Eq. 69). In place, no allocation.
 */
import { lTimes, lTransposeTimes, wHat } from '../rotation/eulerParameters';

/** Re-exported for callers that import it from here; computed only in methods/hhtMethod.ts. */
export { hhtParameters } from './methods/hhtMethod';

/**
 * Sherif Eq. 59 (= Eq. 17 = Eq. 33): q_{n+1} = q_n + h q̇_n + h²/2 (1−2β) q̈_n + h²β q̈_{n+1},
 * for entries [0, count).
 */
export function newmarkPosition(
  count: number, h: number, beta: number,
  q: Float64Array, qd: Float64Array, qdd: Float64Array, qddNew: Float64Array, out: Float64Array,
): void {
  const a = 0.5 * h * h * (1 - 2 * beta);
  const b = h * h * beta;
  for (let i = 0; i < count; i++) out[i] = q[i] + h * qd[i] + a * qdd[i] + b * qddNew[i];
}

/** Sherif Eq. 60 (= Eq. 18): q̇_{n+1} = q̇_n + h(1−γ) q̈_n + hγ q̈_{n+1}, entries [offset, offset+count). */
export function newmarkVelocity(
  offset: number, count: number, h: number, gamma: number,
  qd: Float64Array, qdd: Float64Array, qddNew: Float64Array, out: Float64Array,
): void {
  const a = h * (1 - gamma);
  const b = h * gamma;
  for (let i = offset; i < offset + count; i++) out[i] = qd[i] + a * qdd[i] + b * qddNew[i];
}

/**
 * The known part of the modified velocity update (Sherif Eq. 75):
 * w = L(e_n) ė_n + h(1−γ) L(e_n) ë_n, into w[ow..ow+3). Fixed during the Newton iteration.
 */
export function modifiedVelocityHistory(
  h: number, gamma: number, q: Float64Array, qd: Float64Array, qdd: Float64Array, oe: number,
  w: Float64Array, ow: number, scratch3: Float64Array,
): void {
  lTimes(q, oe, qd, oe, w, ow);
  lTimes(q, oe, qdd, oe, scratch3, 0);
  const a = h * (1 - gamma);
  w[ow] += a * scratch3[0]; w[ow + 1] += a * scratch3[1]; w[ow + 2] += a * scratch3[2];
}

/**
 * Sherif Eq. 34: modified Newmark velocity update for one body's Euler parameters,
 * ė_{n+1} = L(e_{n+1})ᵀ w + hγ (I₄ − e_{n+1} e_{n+1}ᵀ) ë_{n+1}, written at out[oe..oe+4).
 */
export function modifiedNewmarkVelocity(
  h: number, gamma: number, w: Float64Array, ow: number,
  eNew: Float64Array, eddNew: Float64Array, oe: number, out: Float64Array,
): void {
  lTransposeTimes(eNew, oe, w, ow, out, oe);
  const e0 = eNew[oe], e1 = eNew[oe + 1], e2 = eNew[oe + 2], e3 = eNew[oe + 3];
  const ea = e0 * eddNew[oe] + e1 * eddNew[oe + 1] + e2 * eddNew[oe + 2] + e3 * eddNew[oe + 3];
  const hg = h * gamma;
  out[oe] += hg * (eddNew[oe] - e0 * ea);
  out[oe + 1] += hg * (eddNew[oe + 1] - e1 * ea);
  out[oe + 2] += hg * (eddNew[oe + 2] - e2 * ea);
  out[oe + 3] += hg * (eddNew[oe + 3] - e3 * ea);
}

/**
 * Sherif Eq. 69: ∂ė_{n+1}/∂ë_{n+1} = h²β ŵ + hγ (I₄ − e eᵀ) − h³γβ (e ëᵀ + (eᵀë) I₄),
 * e, ë at t_{n+1}; row-major 4×4 into out.
 */
export function modifiedVelocityJacobian(
  h: number, beta: number, gamma: number, w: Float64Array, ow: number,
  eNew: Float64Array, eddNew: Float64Array, oe: number, out: Float64Array,
): void {
  wHat(w, ow, out, 0);
  const hb = h * h * beta, hg = h * gamma, hgb = h * h * h * gamma * beta;
  let ea = 0;
  for (let k = 0; k < 4; k++) ea += eNew[oe + k] * eddNew[oe + k];
  for (let a = 0; a < 4; a++) {
    for (let b = 0; b < 4; b++) {
      const eye = a === b ? 1 : 0;
      out[4 * a + b] = hb * out[4 * a + b]
        + hg * (eye - eNew[oe + a] * eNew[oe + b])
        - hgb * (eNew[oe + a] * eddNew[oe + b] + ea * eye);
    }
  }
}
