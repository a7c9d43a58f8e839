/**
 * The three kinds of scalar/vector constraint equations every joint is made of, with exact first
 * derivatives (Jacobian), second derivatives contracted with multipliers (for ∂(C_qᵀλ)/∂q in the Newton
 * matrix, Sherif Eq. 65) and the acceleration right-hand side γ of C_q q̈ = γ:
 *   PointsCoincide     p_i(s_i) − p_j(s_j) = 0                       (3 rows)
 *   VectorsDot         (A_i u)ᵀ (A_j v) − c = 0, or (A_i u)ᵀ w(t) = 0 with a moving ground vector (1 row)
 *   VectorToPointDot   (A_i u)ᵀ (p_j(s_j) − p_i(s_i)) = 0              (1 row)
 * A body index of GROUND means the fixed frame. The values and Jacobian rows are computed by the WebAssembly kernel
 * (kernels/assembly/constraints.ts) from each primitive's kind and parameters (writeParameters); the second
 * derivatives and right-hand sides below are TypeScript.
 */
import type { MatrixAccumulator } from '../linalg/accumulator';
import {
  addCrossRotationTerm, addRotationHessian, addRotationTranslationTerm, GROUND,
  pointPosition, pointVelocity, rotatedVector, rotatedVectorQuadratic, rotatedVectorRate,
} from './bodyKinematics';
import { PARAMETERS, PrimitiveKind, type KernelPrimitive } from '../kernels/constraintProgram';

export interface ConstraintPrimitive extends KernelPrimitive {
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

/** record[at ..] = c, then the vectors, 3 numbers each (the kernel's parameter layout). */
function writeVectors(record: Float64Array, at: number, c: number, ...vectors: Float64Array[]): void {
  record[at + PARAMETERS] = c;
  vectors.forEach((v, k) => record.set(v, at + PARAMETERS + 1 + 3 * k));
}

/** p_i(s_i) = p_j(s_j): spherical joints and the point part of revolute, universal and fixed joints. */
export class PointsCoincide implements ConstraintPrimitive {
  readonly rows = 3;
  private readonly si: Float64Array;
  private readonly sj: Float64Array;

  constructor(readonly bodyI: number, pointI: ArrayLike<number>, readonly bodyJ: number, pointJ: ArrayLike<number>) {
    this.si = Float64Array.from(pointI);
    this.sj = Float64Array.from(pointJ);
  }

  readonly kind = PrimitiveKind.PointsCoincide;

  writeParameters(record: Float64Array, at: number): void { writeVectors(record, at, 0, this.si, this.sj); }

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
    if (moving) {
      this.updateParameters = (t, record, at) => {
        moving(t, w9);
        record[at + PARAMETERS + 4] = w9[0]; record[at + PARAMETERS + 5] = w9[1]; record[at + PARAMETERS + 6] = w9[2];
      };
    }
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

  readonly kind = PrimitiveKind.VectorsDot;

  writeParameters(record: Float64Array, at: number): void { writeVectors(record, at, this.value, this.u, this.v); }

  /** A moving ground vector: w(t) in place of v (the kernel treats it as a ground vector). */
  readonly updateParameters?: (t: number, record: Float64Array, at: number) => void;

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

  readonly kind = PrimitiveKind.VectorToPointDot;

  writeParameters(record: Float64Array, at: number): void { writeVectors(record, at, 0, this.u, this.si, this.sj); }

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
