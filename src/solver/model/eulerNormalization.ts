/**
 * The Euler-parameter normalisation eᵀe − 1 = 0 of one body (Sherif Eq. 5), carried by every body.
 */
import { COORDS_PER_BODY, type Constraint } from './types';
import { evaluateOne, PrimitiveKind, type KernelPrimitive } from '../kernels/constraintProgram';

/** The normalisation as the kernel's primitive: value eᵀe − 1, Jacobian row [0 0 0 | 2eᵀ] (kernels/assembly/constraints.ts). */
function normalizationPrimitive(body: number): KernelPrimitive {
  return { rows: 1, kind: PrimitiveKind.Normalization, bodyI: body, bodyJ: -1, writeParameters() {} };
}

export function eulerNormalization(body: number, bodyName: string): Constraint {
  const c = body * COORDS_PER_BODY + 3;
  return {
    name: `${bodyName}: Euler-parameter normalisation`,
    rows: 1,
    bodies: [body],
    normalization: true,
    primitives: { list: [normalizationPrimitive(body)], starts: [0], ld: COORDS_PER_BODY, colI: 0, colJ: -1 },
    evaluate(q, t, out, row) {
      evaluateOne(this, q, t, out, row, null, 0);
    },
    jacobian(q, t, out, offset) {
      evaluateOne(this, q, t, null, 0, out, offset);
    },
    evaluateWithJacobian(q, t, values, row, out, offset) {
      evaluateOne(this, q, t, values, row, out, offset);
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
