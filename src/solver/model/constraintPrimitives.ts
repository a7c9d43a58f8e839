/**
 * The three kinds of scalar/vector constraint equations every joint is made of, with exact first
 * derivatives (Jacobian), second derivatives contracted with multipliers (for ∂(C_qᵀλ)/∂q in the Newton
 * matrix, Sherif Eq. 65) and the acceleration right-hand side γ of C_q q̈ = γ:
 *   PointsCoincide     p_i(s_i) − p_j(s_j) = 0                       (3 rows)
 *   VectorsDot         (A_i u)ᵀ (A_j v) − c = 0, or (A_i u)ᵀ w(t) = 0 with a moving ground vector (1 row)
 *   VectorToPointDot   (A_i u)ᵀ (p_j(s_j) − p_i(s_i)) = 0              (1 row)
 * A body index of GROUND means the fixed frame. Jacobian rows go into a local block whose column base
 * for body i / j is colI / colJ (−1 for ground); the block has leading dimension ld and was zeroed.
 */
import type { MatrixAccumulator } from '../linalg/accumulator';
import {
  addCrossRotationTerm, addRotationHessian, addRotationTranslationTerm, addWeightedRotationRow, GROUND,
  pointPosition, pointVelocity, rotatedVector, rotatedVectorQuadratic, rotatedVectorRate, writeRotationJacobian,
} from './bodyKinematics';

export interface ConstraintPrimitive {
  readonly rows: number;
  evaluate(q: Float64Array, t: number, out: Float64Array, row: number): void;
  addJacobian(q: Float64Array, t: number, out: Float64Array, offset: number, ld: number, colI: number, colJ: number): void;
  /** evaluate(q, t, values, row) and addJacobian(q, t, out, offset, …) in one pass, with the same numbers. */
  evaluateWithJacobian(
    q: Float64Array, t: number, values: Float64Array, row: number, out: Float64Array, offset: number, ld: number, colI: number, colJ: number,
  ): void;
  addMultiplierStiffness(q: Float64Array, t: number, lambda: Float64Array, row: number, scale: number, acc: MatrixAccumulator): void;
  accelerationRhs(q: Float64Array, qd: Float64Array, t: number, out: Float64Array, row: number): void;
  velocityRhs(q: Float64Array, t: number, out: Float64Array, row: number): void;
}

/** A ground vector that may move with time: w(t), ẇ(t), ẅ(t) into out[0..3), out[3..6), out[6..9). */
export type MovingVector = (t: number, out: Float64Array) => void;

// Shared scratch (single-threaded; no re-entrancy).
const a = new Float64Array(3), b = new Float64Array(3), da = new Float64Array(3), db = new Float64Array(3);
const qa = new Float64Array(3), qb = new Float64Array(3), pi = new Float64Array(3), pj = new Float64Array(3);
const w9 = new Float64Array(9);
const lam3 = new Float64Array(3);

const dot = (x: Float64Array, y: Float64Array) => x[0] * y[0] + x[1] * y[1] + x[2] * y[2];

/** p_i(s_i) = p_j(s_j): spherical joints and the point part of revolute, universal and fixed joints. */
export class PointsCoincide implements ConstraintPrimitive {
  readonly rows = 3;
  private readonly si: Float64Array;
  private readonly sj: Float64Array;

  constructor(readonly bodyI: number, pointI: ArrayLike<number>, readonly bodyJ: number, pointJ: ArrayLike<number>) {
    this.si = Float64Array.from(pointI);
    this.sj = Float64Array.from(pointJ);
  }

  evaluate(q: Float64Array, _t: number, out: Float64Array, row: number): void {
    pointPosition(q, this.bodyI, this.si, pi, 0);
    pointPosition(q, this.bodyJ, this.sj, pj, 0);
    out[row] = pi[0] - pj[0]; out[row + 1] = pi[1] - pj[1]; out[row + 2] = pi[2] - pj[2];
  }

  addJacobian(q: Float64Array, _t: number, out: Float64Array, offset: number, ld: number, colI: number, colJ: number): void {
    this.addBodyColumns(q, this.bodyI, this.si, 1, out, offset, ld, colI);
    this.addBodyColumns(q, this.bodyJ, this.sj, -1, out, offset, ld, colJ);
  }

  /** Nothing to share: the positions use A(e), the Jacobian B(e, s). */
  evaluateWithJacobian(
    q: Float64Array, t: number, values: Float64Array, row: number, out: Float64Array, offset: number, ld: number, colI: number, colJ: number,
  ): void {
    this.evaluate(q, t, values, row);
    this.addJacobian(q, t, out, offset, ld, colI, colJ);
  }

  private addBodyColumns(
    q: Float64Array, body: number, s: Float64Array, sign: number, out: Float64Array, offset: number, ld: number, col: number,
  ): void {
    if (body === GROUND) return;
    for (let k = 0; k < 3; k++) out[offset + k * ld + col + k] = sign;
    writeRotationJacobian(q, body, s, sign, out, offset + col + 3, ld);
  }

  addMultiplierStiffness(_q: Float64Array, _t: number, lambda: Float64Array, row: number, scale: number, acc: MatrixAccumulator): void {
    addRotationHessian(this.bodyI, this.si, lambda, row, scale, acc);
    addRotationHessian(this.bodyJ, this.sj, lambda, row, -scale, acc);
  }

  accelerationRhs(_q: Float64Array, qd: Float64Array, _t: number, out: Float64Array, row: number): void {
    rotatedVectorQuadratic(qd, this.bodyI, this.si, qa, 0);
    rotatedVectorQuadratic(qd, this.bodyJ, this.sj, qb, 0);
    out[row] = qb[0] - qa[0]; out[row + 1] = qb[1] - qa[1]; out[row + 2] = qb[2] - qa[2];
  }

  velocityRhs(_q: Float64Array, _t: number, out: Float64Array, row: number): void {
    out[row] = 0; out[row + 1] = 0; out[row + 2] = 0;
  }
}

/**
 * (A_i u)ᵀ(A_j v) = c, or (A_i u)ᵀ w(t) = 0 when body j is ground and a moving vector is given
 * (the rotation driver of a prescribed motion).
 */
export class VectorsDot implements ConstraintPrimitive {
  readonly rows = 1;
  private readonly u: Float64Array;
  private readonly v: Float64Array;

  constructor(
    readonly bodyI: number, u: ArrayLike<number>, readonly bodyJ: number, v: ArrayLike<number>,
    private readonly value = 0, private readonly moving?: MovingVector,
  ) {
    if (moving && bodyJ !== GROUND) throw new Error('a moving vector belongs to the ground');
    this.u = Float64Array.from(u);
    this.v = Float64Array.from(v);
  }

  /** b = A_j v, or w(t) for a moving ground vector (w9 then holds w, ẇ, ẅ). */
  private secondVector(q: Float64Array, t: number): void {
    if (this.moving) {
      this.moving(t, w9);
      b[0] = w9[0]; b[1] = w9[1]; b[2] = w9[2];
    } else {
      rotatedVector(q, this.bodyJ, this.v, b, 0);
    }
  }

  evaluate(q: Float64Array, t: number, out: Float64Array, row: number): void {
    rotatedVector(q, this.bodyI, this.u, a, 0);
    this.secondVector(q, t);
    out[row] = dot(a, b) - this.value;
  }

  addJacobian(q: Float64Array, t: number, out: Float64Array, offset: number, _ld: number, colI: number, colJ: number): void {
    rotatedVector(q, this.bodyI, this.u, a, 0);
    this.secondVector(q, t);
    this.addRows(q, out, offset, colI, colJ);
  }

  /** The value from the Jacobian's own a = A_i u and b. */
  evaluateWithJacobian(
    q: Float64Array, t: number, values: Float64Array, row: number, out: Float64Array, offset: number, _ld: number, colI: number, colJ: number,
  ): void {
    rotatedVector(q, this.bodyI, this.u, a, 0);
    this.secondVector(q, t);
    values[row] = dot(a, b) - this.value;
    this.addRows(q, out, offset, colI, colJ);
  }

  /** The Jacobian row bᵀB(e_i, u) | aᵀB(e_j, v) from a and b. */
  private addRows(q: Float64Array, out: Float64Array, offset: number, colI: number, colJ: number): void {
    if (colI >= 0) addWeightedRotationRow(q, this.bodyI, this.u, b, 0, 1, out, offset + colI + 3);
    if (colJ >= 0 && !this.moving) addWeightedRotationRow(q, this.bodyJ, this.v, a, 0, 1, out, offset + colJ + 3);
  }

  addMultiplierStiffness(q: Float64Array, t: number, lambda: Float64Array, row: number, scale: number, acc: MatrixAccumulator): void {
    const s = scale * lambda[row];
    if (s === 0) return;
    rotatedVector(q, this.bodyI, this.u, a, 0);
    this.secondVector(q, t);
    addRotationHessian(this.bodyI, this.u, b, 0, s, acc);
    addRotationHessian(this.bodyJ, this.v, a, 0, s, acc);
    addCrossRotationTerm(q, this.bodyI, this.u, this.bodyJ, this.v, s, acc);
  }

  accelerationRhs(q: Float64Array, qd: Float64Array, t: number, out: Float64Array, row: number): void {
    rotatedVector(q, this.bodyI, this.u, a, 0);
    rotatedVectorRate(q, qd, this.bodyI, this.u, da, 0);
    rotatedVectorQuadratic(qd, this.bodyI, this.u, qa, 0);
    if (this.moving) {
      this.moving(t, w9);
      // d²/dt² aᵀw = äᵀw + 2 ȧᵀẇ + aᵀẅ; the ë part of ä is on the left.
      out[row] = -(qa[0] * w9[0] + qa[1] * w9[1] + qa[2] * w9[2])
        - 2 * (da[0] * w9[3] + da[1] * w9[4] + da[2] * w9[5])
        - (a[0] * w9[6] + a[1] * w9[7] + a[2] * w9[8]);
      return;
    }
    rotatedVector(q, this.bodyJ, this.v, b, 0);
    rotatedVectorRate(q, qd, this.bodyJ, this.v, db, 0);
    rotatedVectorQuadratic(qd, this.bodyJ, this.v, qb, 0);
    out[row] = -(dot(qa, b) + 2 * dot(da, db) + dot(a, qb));
  }

  velocityRhs(q: Float64Array, t: number, out: Float64Array, row: number): void {
    if (!this.moving) { out[row] = 0; return; }
    rotatedVector(q, this.bodyI, this.u, a, 0);
    this.moving(t, w9);
    out[row] = -(a[0] * w9[3] + a[1] * w9[4] + a[2] * w9[5]);
  }
}

/** (A_i u)ᵀ (p_j(s_j) − p_i(s_i)) = 0: point j stays in the plane through p_i normal to A_i u. */
export class VectorToPointDot implements ConstraintPrimitive {
  readonly rows = 1;
  private readonly u: Float64Array;
  private readonly si: Float64Array;
  private readonly sj: Float64Array;

  constructor(readonly bodyI: number, u: ArrayLike<number>, pointI: ArrayLike<number>, readonly bodyJ: number, pointJ: ArrayLike<number>) {
    this.u = Float64Array.from(u);
    this.si = Float64Array.from(pointI);
    this.sj = Float64Array.from(pointJ);
  }

  /** a = A_i u, b = d = p_j − p_i. */
  private vectors(q: Float64Array): void {
    rotatedVector(q, this.bodyI, this.u, a, 0);
    pointPosition(q, this.bodyI, this.si, pi, 0);
    pointPosition(q, this.bodyJ, this.sj, pj, 0);
    b[0] = pj[0] - pi[0]; b[1] = pj[1] - pi[1]; b[2] = pj[2] - pi[2];
  }

  evaluate(q: Float64Array, _t: number, out: Float64Array, row: number): void {
    this.vectors(q);
    out[row] = dot(a, b);
  }

  addJacobian(q: Float64Array, _t: number, out: Float64Array, offset: number, _ld: number, colI: number, colJ: number): void {
    this.vectors(q);
    this.addRows(q, out, offset, colI, colJ);
  }

  /** The value from the Jacobian's own a and d. */
  evaluateWithJacobian(
    q: Float64Array, _t: number, values: Float64Array, row: number, out: Float64Array, offset: number, _ld: number, colI: number, colJ: number,
  ): void {
    this.vectors(q);
    values[row] = dot(a, b);
    this.addRows(q, out, offset, colI, colJ);
  }

  /** The Jacobian row from a = A_i u and b = d. */
  private addRows(q: Float64Array, out: Float64Array, offset: number, colI: number, colJ: number): void {
    if (colI >= 0) {
      out[offset + colI] -= a[0]; out[offset + colI + 1] -= a[1]; out[offset + colI + 2] -= a[2];
      addWeightedRotationRow(q, this.bodyI, this.u, b, 0, 1, out, offset + colI + 3);
      addWeightedRotationRow(q, this.bodyI, this.si, a, 0, -1, out, offset + colI + 3);
    }
    if (colJ >= 0) {
      out[offset + colJ] += a[0]; out[offset + colJ + 1] += a[1]; out[offset + colJ + 2] += a[2];
      addWeightedRotationRow(q, this.bodyJ, this.sj, a, 0, 1, out, offset + colJ + 3);
    }
  }

  addMultiplierStiffness(q: Float64Array, _t: number, lambda: Float64Array, row: number, scale: number, acc: MatrixAccumulator): void {
    const s = scale * lambda[row];
    if (s === 0) return;
    this.vectors(q);
    lam3.set(b);
    addRotationHessian(this.bodyI, this.u, lam3, 0, s, acc);
    addRotationHessian(this.bodyI, this.si, a, 0, -s, acc);
    addRotationHessian(this.bodyJ, this.sj, a, 0, s, acc);
    addCrossRotationTerm(q, this.bodyI, this.u, this.bodyI, this.si, -s, acc);
    addCrossRotationTerm(q, this.bodyI, this.u, this.bodyJ, this.sj, s, acc);
    addRotationTranslationTerm(q, this.bodyI, this.u, this.bodyI, -s, acc);
    addRotationTranslationTerm(q, this.bodyI, this.u, this.bodyJ, s, acc);
  }

  accelerationRhs(q: Float64Array, qd: Float64Array, _t: number, out: Float64Array, row: number): void {
    this.vectors(q);
    rotatedVectorRate(q, qd, this.bodyI, this.u, da, 0);
    rotatedVectorQuadratic(qd, this.bodyI, this.u, qa, 0);
    pointVelocity(q, qd, this.bodyJ, this.sj, pj, 0);
    pointVelocity(q, qd, this.bodyI, this.si, pi, 0);
    db[0] = pj[0] - pi[0]; db[1] = pj[1] - pi[1]; db[2] = pj[2] - pi[2];
    rotatedVectorQuadratic(qd, this.bodyJ, this.sj, pj, 0);
    rotatedVectorQuadratic(qd, this.bodyI, this.si, pi, 0);
    qb[0] = pj[0] - pi[0]; qb[1] = pj[1] - pi[1]; qb[2] = pj[2] - pi[2];
    out[row] = -(dot(qa, b) + 2 * dot(da, db) + dot(a, qb));
  }

  velocityRhs(_q: Float64Array, _t: number, out: Float64Array, row: number): void {
    out[row] = 0;
  }
}
