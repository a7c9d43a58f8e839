/**
 * Inertia terms of one rigid body in Euler parameters (Sherif Eq. 9) and their exact derivatives
 * for the Newton matrix (Sherif Eq. 65). For the e-block:
 *   f1(e, ë) = 4 Lᵀ(e) J L(e) ë                      (mass matrix times acceleration)
 *   f2(e, ė) = 8 Lᵀ(e) L(e) Lᵀ(ė) J L(e) ė           (quadratic-velocity term, L̇ = L(ė))
 * J = diag(Jx, Jy, Jz). All 4×4 outputs are row-major; nothing is allocated. The vectors f1 and f2 themselves
 * (the residual) are computed by the WebAssembly kernel kernels/assembly/bodies.ts (bodyForces).
 */
import { lTimes, lTransposeTimes, wHat } from '../rotation/eulerParameters';
import type { MatrixAccumulator } from '../linalg/accumulator';
import { zeroRange } from '../linalg/dense';

const u = new Float64Array(3);
const v = new Float64Array(3);
const z = new Float64Array(4);
const lz = new Float64Array(3);
const tmp = new Float64Array(16);
const tmp2 = new Float64Array(16);
const unit = new Float64Array(4);
const ju = new Float64Array(3);
const column = new Float64Array(4);

/**
 * out[4a + b] += sign · (Lᵀ(x) J L(y))[a][b] for 4-vectors x, y: the 4×4 "inertia sandwich" that every
 * mass and stiffness block below is made of. Column b is Lᵀ(x) J L(y) u_b.
 * @example tmp.fill(0); addInertiaSandwich(J, q, 3, q, 3, 1, tmp) // tmp = LᵀJL at e = q[3..7)
 */
function addInertiaSandwich(
  inertia: Float64Array, x: Float64Array, ox: number, y: Float64Array, oy: number, sign: number, out: Float64Array,
): void {
  for (let b = 0; b < 4; b++) {
    zeroRange(unit, 0, 4); unit[b] = 1;
    lTimes(y, oy, unit, 0, ju, 0);
    ju[0] *= inertia[0]; ju[1] *= inertia[1]; ju[2] *= inertia[2];
    lTransposeTimes(x, ox, ju, 0, column, 0);
    for (let a = 0; a < 4; a++) out[4 * a + b] += sign * column[a];
  }
}

/** acc[c + a, c + b] += scale · m[4a + b] for a row-major 4×4 m. */
function addBlock(m: Float64Array, scale: number, acc: MatrixAccumulator, c: number): void {
  acc.addBlock(c, c, 4, 4, m, 0, scale);
}

/** acc[c.., c..] += scale · 4 LᵀJL, the 4×4 rotational mass matrix (block at row/column c). */
export function addRotationalMassMatrix(
  inertia: Float64Array, e: Float64Array, oe: number, scale: number, acc: MatrixAccumulator, c: number,
): void {
  zeroRange(tmp, 0, 16);
  addInertiaSandwich(inertia, e, oe, e, oe, 1, tmp);
  addBlock(tmp, 4 * scale, acc, c);
}

/** Sets v = J L(e) ė and z = Lᵀ(ė) v. */
function quadraticVelocityParts(inertia: Float64Array, e: Float64Array, oe: number, ed: Float64Array, od: number): void {
  lTimes(e, oe, ed, od, v, 0);
  v[0] *= inertia[0]; v[1] *= inertia[1]; v[2] *= inertia[2];
  lTransposeTimes(ed, od, v, 0, z, 0);
}

/**
 * ∂f1/∂e = 4 [ŵ(J L(e) ë) − Lᵀ(e) J L(ë)], added times scale into acc (block at c).
 */
export function addRotationalMassStiffness(
  inertia: Float64Array, e: Float64Array, oe: number, edd: Float64Array, oa: number,
  scale: number, acc: MatrixAccumulator, c: number,
): void {
  lTimes(e, oe, edd, oa, u, 0);
  u[0] *= inertia[0]; u[1] *= inertia[1]; u[2] *= inertia[2];
  wHat(u, 0, tmp, 0);
  addInertiaSandwich(inertia, e, oe, edd, oa, -1, tmp);
  addBlock(tmp, 4 * scale, acc, c);
}

/**
 * ∂f2/∂e = 8 [2 z eᵀ − (eᵀz) I − e zᵀ − (|e|² I − e eᵀ) Lᵀ(ė) J L(ė)], z = Lᵀ(ė) J L(e) ė,
 * added times scale into acc (block at c).
 */
export function addQuadraticVelocityStiffness(
  inertia: Float64Array, e: Float64Array, oe: number, ed: Float64Array, od: number,
  scale: number, acc: MatrixAccumulator, c: number,
): void {
  quadraticVelocityParts(inertia, e, oe, ed, od);
  const ez = e[oe] * z[0] + e[oe + 1] * z[1] + e[oe + 2] * z[2] + e[oe + 3] * z[3];
  const ee = e[oe] * e[oe] + e[oe + 1] * e[oe + 1] + e[oe + 2] * e[oe + 2] + e[oe + 3] * e[oe + 3];
  // S = Lᵀ(ė) J L(ė) into tmp2 (symmetric)
  zeroRange(tmp2, 0, 16);
  addInertiaSandwich(inertia, ed, od, ed, od, 1, tmp2);
  // P S with P = |e|² I − e eᵀ
  for (let b = 0; b < 4; b++) {
    const eS = e[oe] * tmp2[b] + e[oe + 1] * tmp2[4 + b] + e[oe + 2] * tmp2[8 + b] + e[oe + 3] * tmp2[12 + b];
    for (let a = 0; a < 4; a++) {
      const ps = ee * tmp2[4 * a + b] - e[oe + a] * eS;
      const d = 2 * z[a] * e[oe + b] - (a === b ? ez : 0) - e[oe + a] * z[b];
      tmp[4 * a + b] = d - ps;
    }
  }
  acc.addBlock(c, c, 4, 4, tmp, 0, scale * 8);
}

/**
 * ∂f2/∂ė = 8 (|e|² I − e eᵀ) [ŵ(J L(e) ė) + Lᵀ(ė) J L(e)] into out4x4 (row-major, overwritten).
 */
export function quadraticVelocityRateDerivative(
  inertia: Float64Array, e: Float64Array, oe: number, ed: Float64Array, od: number, out4x4: Float64Array,
): void {
  quadraticVelocityParts(inertia, e, oe, ed, od);
  wHat(v, 0, tmp, 0);
  addInertiaSandwich(inertia, ed, od, e, oe, 1, tmp);
  const ee = e[oe] * e[oe] + e[oe + 1] * e[oe + 1] + e[oe + 2] * e[oe + 2] + e[oe + 3] * e[oe + 3];
  for (let b = 0; b < 4; b++) {
    const eT = e[oe] * tmp[b] + e[oe + 1] * tmp[4 + b] + e[oe + 2] * tmp[8 + b] + e[oe + 3] * tmp[12 + b];
    for (let a = 0; a < 4; a++) out4x4[4 * a + b] = 8 * (ee * tmp[4 * a + b] - e[oe + a] * eT);
  }
}
