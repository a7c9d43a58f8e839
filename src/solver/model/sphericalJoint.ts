/**
 * Spherical joint: a point s_i of body i coincides with a point s_j of body j, or with a fixed
 * global point when j is ground. C = r_i + A_i s_i − r_j − A_j s_j (3 equations).
 */
import type { Constraint, Vec3 } from './types';
import {
  addPointAccelerationRhs, addPointMultiplierStiffness, addPointPosition, writePointJacobian,
} from './bodyPoint';

/** `GROUND` as a body index means the fixed global frame. */
export const GROUND = -1;

export function sphericalJoint(
  name: string, bodyI: number, pointI: Vec3, bodyJ: number, pointJ: Vec3,
): Constraint {
  const si = Float64Array.from(pointI);
  const sj = Float64Array.from(pointJ);
  const toGround = bodyJ === GROUND;
  return {
    name,
    rows: 3,
    bodies: toGround ? [bodyI] : [bodyI, bodyJ],
    evaluate(q, _t, out, row) {
      out[row] = 0; out[row + 1] = 0; out[row + 2] = 0;
      addPointPosition(q, bodyI, si, 1, out, row);
      if (toGround) { out[row] -= sj[0]; out[row + 1] -= sj[1]; out[row + 2] -= sj[2]; }
      else addPointPosition(q, bodyJ, sj, -1, out, row);
    },
    jacobian(q, _t, jac, ld, row) {
      writePointJacobian(q, bodyI, si, 1, jac, ld, row);
      if (!toGround) writePointJacobian(q, bodyJ, sj, -1, jac, ld, row);
    },
    addMultiplierStiffness(_q, lambda, row, scale, k, ld) {
      addPointMultiplierStiffness(bodyI, si, 1, lambda, row, scale, k, ld);
      if (!toGround) addPointMultiplierStiffness(bodyJ, sj, -1, lambda, row, scale, k, ld);
    },
    accelerationRhs(_q, qd, _t, out, row) {
      out[row] = 0; out[row + 1] = 0; out[row + 2] = 0;
      addPointAccelerationRhs(qd, bodyI, si, 1, out, row);
      if (!toGround) addPointAccelerationRhs(qd, bodyJ, sj, -1, out, row);
    },
  };
}
