/**
 * Assembles a MultibodyModel into the global quantities of Sherif Eqs. 57-58:
 * M(q) q̈ + C_qᵀ λ = Q(q̇, q, t), C(q, t) = 0, with q = (r_1, e_1, r_2, e_2, …).
 * Q holds the applied loads and the negated rotational quadratic-velocity terms of Eq. 9.
 * Every body's Euler-parameter normalisation is appended after the model's own constraints.
 */
import { COORDS_PER_BODY, type Constraint, type MultibodyModel } from './types';
import { eulerNormalization } from './eulerNormalization';
import {
  addQuadraticVelocityStiffness, addQuadraticVelocityTerm, addRotationalMassMatrix,
  addRotationalMassStiffness, addRotationalMassTimes,
} from './rigidBodyInertia';
import { angularVelocity } from '../rotation/eulerParameters';

export class AssembledSystem {
  /** Number of coordinates (7 per body). */
  readonly n: number;
  /** Number of constraint equations. */
  readonly m: number;
  readonly constraints: readonly Constraint[];
  /** First row of each constraint. */
  readonly constraintRows: Int32Array;
  readonly masses: Float64Array;
  /** Principal inertias, 3 per body. */
  readonly inertias: Float64Array;
  private readonly w = new Float64Array(3);

  constructor(readonly model: MultibodyModel) {
    const nb = model.bodies.length;
    this.n = nb * COORDS_PER_BODY;
    this.constraints = [
      ...model.constraints,
      ...model.bodies.map((b, i) => eulerNormalization(i, b.name)),
    ];
    this.constraintRows = new Int32Array(this.constraints.length);
    let row = 0;
    this.constraints.forEach((c, i) => { this.constraintRows[i] = row; row += c.rows; });
    this.m = row;
    this.masses = Float64Array.from(model.bodies, (b) => b.mass);
    this.inertias = new Float64Array(3 * nb);
    model.bodies.forEach((b, i) => this.inertias.set(b.inertia, 3 * i));
  }

  get bodyCount(): number { return this.masses.length; }

  /** out[0..n) += scale · M(q) q̈. */
  addMassTimes(q: Float64Array, qdd: Float64Array, scale: number, out: Float64Array): void {
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      const mb = scale * this.masses[b];
      out[c] += mb * qdd[c]; out[c + 1] += mb * qdd[c + 1]; out[c + 2] += mb * qdd[c + 2];
      addRotationalMassTimes(this.inertias.subarray(3 * b, 3 * b + 3), q, c + 3, qdd, c + 3, scale, out, c + 3);
    }
  }

  /** k += scale · M(q) (dense, leading dimension ld). */
  addMassMatrix(q: Float64Array, scale: number, k: Float64Array, ld: number): void {
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      for (let i = 0; i < 3; i++) k[(c + i) * ld + c + i] += scale * this.masses[b];
      addRotationalMassMatrix(this.inertias.subarray(3 * b, 3 * b + 3), q, c + 3, scale, k, ld, c + 3);
    }
  }

  /** k += scale · ∂(M(q) q̈)/∂q. */
  addMassStiffness(q: Float64Array, qdd: Float64Array, scale: number, k: Float64Array, ld: number): void {
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY + 3;
      addRotationalMassStiffness(this.inertias.subarray(3 * b, 3 * b + 3), q, c, qdd, c, scale, k, ld, c);
    }
  }

  /** out[0..n) += scale · Q(q, q̇, t): applied loads minus the quadratic-velocity terms. */
  addGeneralizedForces(q: Float64Array, qd: Float64Array, t: number, scale: number, out: Float64Array, tmp: Float64Array): void {
    tmp.fill(0, 0, this.n);
    for (const load of this.model.loads) load.addForce(q, qd, t, tmp);
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY + 3;
      addQuadraticVelocityTerm(this.inertias.subarray(3 * b, 3 * b + 3), q, c, qd, c, -1, tmp, c);
    }
    for (let i = 0; i < this.n; i++) out[i] += scale * tmp[i];
  }

  /** k += scale · ∂Q/∂q (loads and the quadratic-velocity terms). */
  addForceStiffness(q: Float64Array, qd: Float64Array, t: number, scale: number, k: Float64Array, ld: number): void {
    for (const load of this.model.loads) load.addForceStiffness(q, qd, t, scale, k, ld);
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY + 3;
      addQuadraticVelocityStiffness(this.inertias.subarray(3 * b, 3 * b + 3), q, c, qd, c, -scale, k, ld, c);
    }
  }

  /** out[0..m) = C(q, t). */
  evaluateConstraints(q: Float64Array, t: number, out: Float64Array): void {
    this.constraints.forEach((c, i) => c.evaluate(q, t, out, this.constraintRows[i]));
  }

  /** jac (m×ld, rows zeroed here) = C_q. */
  constraintJacobian(q: Float64Array, t: number, jac: Float64Array, ld: number, rowOffset = 0): void {
    jac.fill(0, rowOffset * ld, (rowOffset + this.m) * ld);
    this.constraints.forEach((c, i) => c.jacobian(q, t, jac, ld, rowOffset + this.constraintRows[i]));
  }

  /** k += scale · ∂(C_qᵀ λ)/∂q. */
  addMultiplierStiffness(q: Float64Array, lambda: Float64Array, scale: number, k: Float64Array, ld: number): void {
    this.constraints.forEach((c, i) => c.addMultiplierStiffness(q, lambda, this.constraintRows[i], scale, k, ld));
  }

  /** out[0..m) = γ with C_q q̈ = γ. */
  accelerationRhs(q: Float64Array, qd: Float64Array, t: number, out: Float64Array): void {
    this.constraints.forEach((c, i) => c.accelerationRhs(q, qd, t, out, this.constraintRows[i]));
  }

  /** Kinetic energy Σ ½ m |ṙ|² + ½ ωᵀ J ω. */
  kineticEnergy(q: Float64Array, qd: Float64Array): number {
    let e = 0;
    const w = this.w;
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      e += 0.5 * this.masses[b] * (qd[c] * qd[c] + qd[c + 1] * qd[c + 1] + qd[c + 2] * qd[c + 2]);
      angularVelocity(q, c + 3, qd, c + 3, w, 0);
      const j = 3 * b;
      e += 0.5 * (this.inertias[j] * w[0] * w[0] + this.inertias[j + 1] * w[1] * w[1] + this.inertias[j + 2] * w[2] * w[2]);
    }
    return e;
  }

  /** Potential energy of conservative loads. */
  potentialEnergy(q: Float64Array): number {
    let v = 0;
    for (const load of this.model.loads) v += load.potential(q);
    return v;
  }

  /** Power of non-conservative loads, W/s. */
  appliedPower(q: Float64Array, qd: Float64Array, t: number): number {
    let p = 0;
    for (const load of this.model.loads) p += load.power(q, qd, t);
    return p;
  }
}
