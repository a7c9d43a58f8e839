/**
 * The Euler-parameter normalisation eᵀe − 1 = 0 of one body (Sherif Eq. 5), carried by every body.
 */
import { COORDS_PER_BODY, type Constraint } from './types';

export function eulerNormalization(body: number, bodyName: string): Constraint {
  const c = body * COORDS_PER_BODY + 3;
  return {
    name: `${bodyName}: Euler-parameter normalisation`,
    rows: 1,
    bodies: [body],
    normalization: true,
    evaluate(q, _t, out, row) {
      out[row] = q[c] * q[c] + q[c + 1] * q[c + 1] + q[c + 2] * q[c + 2] + q[c + 3] * q[c + 3] - 1;
    },
    jacobian(q, _t, out, offset) {
      out[offset] = 0; out[offset + 1] = 0; out[offset + 2] = 0;
      for (let k = 0; k < 4; k++) out[offset + 3 + k] = 2 * q[c + k];
    },
    evaluateWithJacobian(q, t, values, row, out, offset) {
      this.evaluate(q, t, values, row);
      this.jacobian(q, t, out, offset);
    },
    addMultiplierStiffness(_q, _t, lambda, row, scale, acc) {
      const f = 2 * scale * lambda[row];
      for (let a = 0; a < 4; a++) acc.add(c + a, c + a, f);
    },
    accelerationRhs(_q, qd, _t, out, row) {
      // d²/dt² (eᵀe) = 2 eᵀë + 2 ėᵀė (Sherif Eq. 6 differentiated once more)
      out[row] = -2 * (qd[c] * qd[c] + qd[c + 1] * qd[c + 1] + qd[c + 2] * qd[c + 2] + qd[c + 3] * qd[c + 3]);
    },
    velocityRhs(_q, _t, out, row) {
      out[row] = 0;
    },
  };
}
