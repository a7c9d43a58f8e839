/**
 * Invariant monitors of a state: how far the Euler parameters are from unit length, the
 * velocity-level constraint residual C_q q̇ + C_t, the angular momentum of the whole system about the
 * global z axis through the origin (conserved by the heavy top: gravity along z and the fixed point at the
 * origin exert no moment about z), and the Euler parameters' velocity-level normalisation max_b |e_bᵀė_b|, which
 * the index-3 form never enforces (classical HHT at α = 0 lets it grow as exp(|ω|t/2):
 * integrators/eulerVelocityMonitor.ts).
 */
import { COORDS_PER_BODY } from '../model/types';
import type { AssembledSystem } from '../model/assembly';
import { angularVelocity, rotationMatrix } from '../rotation/eulerParameters';
import { eulerVelocityResidual } from '../integrators/eulerVelocityMonitor';

export { INVARIANT_COLUMNS } from '../sampleColumns';

/** Scratch for one system (allocated once, reused for every sample). */
export class InvariantMonitor {
  private readonly cv: Float64Array;
  private readonly ct: Float64Array;
  private readonly w = new Float64Array(3);
  private readonly a = new Float64Array(9);

  constructor(private readonly system: AssembledSystem) {
    this.cv = new Float64Array(system.m);
    this.ct = new Float64Array(system.m);
  }

  /** Writes the INVARIANT_COLUMNS values for state (q, q̇) at time t into out[offset ..]. */
  evaluate(q: Float64Array, qd: Float64Array, t: number, out: Float64Array, offset = 0): void {
    const { system } = this;
    let drift = 0, lz = 0;
    for (let b = 0; b < system.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      drift = Math.max(drift, Math.abs(q[c + 3] * q[c + 3] + q[c + 4] * q[c + 4] + q[c + 5] * q[c + 5] + q[c + 6] * q[c + 6] - 1));
      lz += this.angularMomentumZ(b, q, qd);
    }
    system.updateConstraintJacobian(q, t);
    system.jacobianTimes(qd, this.cv);
    system.velocityRhs(q, t, this.ct);
    let velocityError = 0;
    for (let i = 0; i < system.m; i++) velocityError = Math.max(velocityError, Math.abs(this.cv[i] - this.ct[i]));
    out[offset] = drift;
    out[offset + 1] = velocityError;
    out[offset + 2] = lz;
    out[offset + 3] = eulerVelocityResidual(system.bodyCount, q, qd);
  }

  /** z component of body b's angular momentum about the global origin: (r × m ṙ + A J ω)_z. */
  private angularMomentumZ(b: number, q: Float64Array, qd: Float64Array): number {
    const c = b * COORDS_PER_BODY, { w, a, system } = this;
    const m = system.masses[b], J = system.inertiaOf(b);
    angularVelocity(q, c + 3, qd, c + 3, w, 0);
    rotationMatrix(q, c + 3, a);
    const spin = a[6] * J[0] * w[0] + a[7] * J[1] * w[1] + a[8] * J[2] * w[2];
    return m * (q[c] * qd[c + 1] - q[c + 1] * qd[c]) + spin;
  }
}
