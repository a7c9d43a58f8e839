/**
 * Kinematics of body-fixed vectors v (a = A(e) v) and points s (p = r + A(e) s), the building blocks
 * of every joint. A body index of GROUND (−1) means the fixed global frame: a = v, p = s.
 * All functions work on the full coordinate vector q (7 per body) and allocate nothing.
 *
 * With B(e, v) = ∂(A(e) v)/∂e (3×4, linear in e):
 *   ȧ = B(e, v) ė,   ä = B(e, v) ë + B(ė, v) ė = B(e, v) ë + 2 A(ė) v,
 * and for a weight vector w, ∂/∂e (B(e, v)ᵀ w) = H(v, w) (constant in e).
 */
import { COORDS_PER_BODY } from './types';
import type { MatrixAccumulator } from '../linalg/accumulator';
import { rotatedVectorHessian, rotatedVectorJacobian, rotationMatrix } from '../rotation/eulerParameters';

/** Body index meaning the fixed global frame. */
export const GROUND = -1;

const rot = new Float64Array(9);
const hess = new Float64Array(16);

/** out[oo..oo+3) = A(e_b) v (v itself for ground). */
export function rotatedVector(q: Float64Array, body: number, v: Float64Array, out: Float64Array, oo: number): void {
  if (body === GROUND) { out[oo] = v[0]; out[oo + 1] = v[1]; out[oo + 2] = v[2]; return; }
  rotationMatrix(q, body * COORDS_PER_BODY + 3, rot);
  out[oo] = rot[0] * v[0] + rot[1] * v[1] + rot[2] * v[2];
  out[oo + 1] = rot[3] * v[0] + rot[4] * v[1] + rot[5] * v[2];
  out[oo + 2] = rot[6] * v[0] + rot[7] * v[1] + rot[8] * v[2];
}

/** out[oo..oo+3) = r_b + A(e_b) s (s itself for ground). */
export function pointPosition(q: Float64Array, body: number, s: Float64Array, out: Float64Array, oo: number): void {
  rotatedVector(q, body, s, out, oo);
  if (body === GROUND) return;
  const c = body * COORDS_PER_BODY;
  out[oo] += q[c]; out[oo + 1] += q[c + 1]; out[oo + 2] += q[c + 2];
}

/** out[oo..oo+3) = ȧ = B(e, v) ė (zero for ground). */
export function rotatedVectorRate(
  q: Float64Array, qd: Float64Array, body: number, v: Float64Array, out: Float64Array, oo: number,
): void {
  if (body === GROUND) { out[oo] = 0; out[oo + 1] = 0; out[oo + 2] = 0; return; }
  // B(e, v) ė = ∂/∂ε [A(e + ε ė) v] = A(e, ė)-bilinear form; computed via B(e, v).
  const c = body * COORDS_PER_BODY + 3;
  rotatedVectorJacobian(q, c, v, 0, hess, 0);
  for (let i = 0; i < 3; i++) {
    out[oo + i] = hess[4 * i] * qd[c] + hess[4 * i + 1] * qd[c + 1] + hess[4 * i + 2] * qd[c + 2] + hess[4 * i + 3] * qd[c + 3];
  }
}

/** out[oo..oo+3) = ṗ = ṙ + B(e, s) ė (zero for ground). */
export function pointVelocity(
  q: Float64Array, qd: Float64Array, body: number, s: Float64Array, out: Float64Array, oo: number,
): void {
  rotatedVectorRate(q, qd, body, s, out, oo);
  if (body === GROUND) return;
  const c = body * COORDS_PER_BODY;
  out[oo] += qd[c]; out[oo + 1] += qd[c + 1]; out[oo + 2] += qd[c + 2];
}

/** out[oo..oo+3) = B(ė, v) ė = 2 A(ė) v: the velocity-quadratic part of ä (zero for ground). */
export function rotatedVectorQuadratic(qd: Float64Array, body: number, v: Float64Array, out: Float64Array, oo: number): void {
  if (body === GROUND) { out[oo] = 0; out[oo + 1] = 0; out[oo + 2] = 0; return; }
  rotationMatrix(qd, body * COORDS_PER_BODY + 3, rot);
  out[oo] = 2 * (rot[0] * v[0] + rot[1] * v[1] + rot[2] * v[2]);
  out[oo + 1] = 2 * (rot[3] * v[0] + rot[4] * v[1] + rot[5] * v[2]);
  out[oo + 2] = 2 * (rot[6] * v[0] + rot[7] * v[1] + rot[8] * v[2]);
}

/** acc[e_b, e_b] += scale · H(v, w) = scale · ∂/∂e (B(e, v)ᵀ w). No-op for ground. */
export function addRotationHessian(
  body: number, v: Float64Array, w: Float64Array, ow: number, scale: number, acc: MatrixAccumulator,
): void {
  if (body === GROUND || scale === 0) return;
  rotatedVectorHessian(v, 0, w, ow, hess, 0);
  const c = body * COORDS_PER_BODY + 3;
  acc.addBlock(c, c, 4, 4, hess, 0, scale);
}

const bi = new Float64Array(12);
const bj = new Float64Array(12);
/** A block and its transpose, for the symmetric pairs of addCrossRotationTerm and addRotationTranslationTerm. */
const pair = new Float64Array(16);
const pairT = new Float64Array(16);

/**
 * acc[e_i, e_j] += scale · B(e_i, u)ᵀ B(e_j, v) and acc[e_j, e_i] += its transpose: the cross term of
 * ∂²/∂e_i∂e_j (A_i u)ᵀ(A_j v). If i = j both are added to the same block. No-op if either is ground.
 */
export function addCrossRotationTerm(
  q: Float64Array, bodyI: number, u: Float64Array, bodyJ: number, v: Float64Array, scale: number, acc: MatrixAccumulator,
): void {
  if (bodyI === GROUND || bodyJ === GROUND || scale === 0) return;
  const ci = bodyI * COORDS_PER_BODY + 3, cj = bodyJ * COORDS_PER_BODY + 3;
  rotatedVectorJacobian(q, ci, u, 0, bi, 0);
  rotatedVectorJacobian(q, cj, v, 0, bj, 0);
  if (bodyI === bodyJ) {
    // Both land in one block: entry by entry, so that each entry's two additions keep their order.
    for (let a = 0; a < 4; a++) {
      for (let b = 0; b < 4; b++) {
        const x = scale * (bi[a] * bj[b] + bi[4 + a] * bj[4 + b] + bi[8 + a] * bj[8 + b]);
        acc.add(ci + a, cj + b, x);
        acc.add(cj + b, ci + a, x);
      }
    }
    return;
  }
  for (let a = 0; a < 4; a++) {
    for (let b = 0; b < 4; b++) {
      const x = scale * (bi[a] * bj[b] + bi[4 + a] * bj[4 + b] + bi[8 + a] * bj[8 + b]);
      pair[4 * a + b] = x;
      pairT[4 * b + a] = x;
    }
  }
  acc.addBlock(ci, cj, 4, 4, pair, 0, 1);
  acc.addBlock(cj, ci, 4, 4, pairT, 0, 1);
}

/**
 * acc[e_b, r_k] += scale · B(e_b, v)ᵀ w-independent coupling: adds scale · B(e_b, v)ᵀ (4×3) into the
 * (e_b, r_k) block and its transpose into (r_k, e_b). Used by point-on-line constraints.
 */
export function addRotationTranslationTerm(
  q: Float64Array, body: number, v: Float64Array, translatedBody: number, scale: number, acc: MatrixAccumulator,
): void {
  if (body === GROUND || translatedBody === GROUND || scale === 0) return;
  const ce = body * COORDS_PER_BODY + 3, cr = translatedBody * COORDS_PER_BODY;
  rotatedVectorJacobian(q, ce, v, 0, bi, 0);
  for (let a = 0; a < 4; a++) {
    for (let i = 0; i < 3; i++) {
      const x = scale * bi[4 * i + a];
      pair[3 * a + i] = x;
      pairT[4 * i + a] = x;
    }
  }
  acc.addBlock(ce, cr, 4, 3, pair, 0, 1);
  acc.addBlock(cr, ce, 3, 4, pairT, 0, 1);
}
