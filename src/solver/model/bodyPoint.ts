/**
 * Kinematics of a point fixed on a body, p = r + A(e) s: the building block of joints.
 * Each function works on the full coordinate vector q (7 per body) and allocates nothing.
 */
import { COORDS_PER_BODY } from './types';
import { rotatedVectorHessian, rotatedVectorJacobian, rotationMatrix } from '../rotation/eulerParameters';

const scratch = new Float64Array(32);

/** out[oo..oo+3) += sign · (r_b + A(e_b) s). */
export function addPointPosition(
  q: Float64Array, body: number, s: Float64Array, sign: number, out: Float64Array, oo: number,
): void {
  const c = body * COORDS_PER_BODY;
  rotationMatrix(q, c + 3, scratch);
  for (let i = 0; i < 3; i++) {
    out[oo + i] += sign * (q[c + i] + scratch[3 * i] * s[0] + scratch[3 * i + 1] * s[1] + scratch[3 * i + 2] * s[2]);
  }
}

/**
 * Writes sign · ∂p/∂q_b (3×7: [I₃ | B(e, s)]) into rows row..row+3 of the row-major matrix jac.
 */
export function writePointJacobian(
  q: Float64Array, body: number, s: Float64Array, sign: number, jac: Float64Array, ld: number, row: number,
): void {
  const c = body * COORDS_PER_BODY;
  rotatedVectorJacobian(q, c + 3, s, 0, scratch, 0);
  for (let i = 0; i < 3; i++) {
    const r = (row + i) * ld + c;
    jac[r] = i === 0 ? sign : 0;
    jac[r + 1] = i === 1 ? sign : 0;
    jac[r + 2] = i === 2 ? sign : 0;
    for (let k = 0; k < 4; k++) jac[r + 3 + k] = sign * scratch[4 * i + k];
  }
}

/** Adds scale · sign · ∂/∂e_b (B(e_b, s)ᵀ λ) into the e_b block of the row-major matrix k. */
export function addPointMultiplierStiffness(
  body: number, s: Float64Array, sign: number, lambda: Float64Array, row: number,
  scale: number, k: Float64Array, ld: number,
): void {
  const c = body * COORDS_PER_BODY + 3;
  rotatedVectorHessian(s, 0, lambda, row, scratch, 0, scratch.subarray(16, 32));
  const f = scale * sign;
  for (let a = 0; a < 4; a++) {
    for (let b = 0; b < 4; b++) k[(c + a) * ld + c + b] += f * scratch[4 * a + b];
  }
}

/**
 * out[oo..oo+3) −= sign · B(ė, s) ė = sign · 2 A(ė) s: the velocity-quadratic part of p̈,
 * moved to the right-hand side of C_q q̈ = γ.
 */
export function addPointAccelerationRhs(
  qd: Float64Array, body: number, s: Float64Array, sign: number, out: Float64Array, oo: number,
): void {
  const c = body * COORDS_PER_BODY;
  rotationMatrix(qd, c + 3, scratch);
  for (let i = 0; i < 3; i++) {
    out[oo + i] -= sign * 2 * (scratch[3 * i] * s[0] + scratch[3 * i + 1] * s[1] + scratch[3 * i + 2] * s[2]);
  }
}
