/**
 * Some rows of a constraint as a constraint of its own: the independent rows a run keeps of a joint whose other
 * equations are dependent (model/prepare.ts), or the removed rows whose residuals a run keeps watching. The full
 * constraint is evaluated into scratch and the chosen rows copied; multipliers of the dropped rows are zero.
 */
import { COORDS_PER_BODY, type Constraint } from './types';

/** The full constraint and kept rows of each reduced constraint (for the kernel of ∂(C_qᵀλ)/∂q: kernels/constraintProgram.ts). */
const reductions = new WeakMap<Constraint, { readonly full: Constraint; readonly keep: readonly number[] }>();

/** The constraint c keeps rows of, and which (undefined: c is not reduced). */
export function reductionOf(c: Constraint): { readonly full: Constraint; readonly keep: readonly number[] } | undefined {
  return reductions.get(c);
}

export function reducedConstraint(full: Constraint, keep: readonly number[]): Constraint {
  const rows = keep.length;
  const ld = COORDS_PER_BODY * full.bodies.length;
  const values = new Float64Array(full.rows);
  const block = new Float64Array(full.rows * ld);
  const lambda = new Float64Array(full.rows);
  const pick = Int32Array.from(keep);
  const copyRows = (out: Float64Array, row: number) => {
    for (let k = 0; k < rows; k++) out[row + k] = values[pick[k]];
  };
  const copyBlock = (out: Float64Array, offset: number) => {
    for (let k = 0; k < rows; k++) {
      const from = pick[k] * ld, to = offset + k * ld;
      for (let j = 0; j < ld; j++) out[to + j] = block[from + j];
    }
  };
  const reduced: Constraint = {
    name: full.name,
    rows,
    bodies: full.bodies,
    prescribed: full.prescribed,
    normalization: full.normalization,
    evaluate(q, t, out, row) {
      full.evaluate(q, t, values, 0);
      copyRows(out, row);
    },
    jacobian(q, t, out, offset) {
      full.jacobian(q, t, block, 0);
      copyBlock(out, offset);
    },
    evaluateWithJacobian(q, t, out, row, blocks, offset) {
      if (full.evaluateWithJacobian) {
        full.evaluateWithJacobian(q, t, values, 0, block, 0);
      } else {
        full.jacobian(q, t, block, 0);
        full.evaluate(q, t, values, 0);
      }
      copyRows(out, row);
      copyBlock(blocks, offset);
    },
    addMultiplierStiffness(q, t, lam, row, scale, acc) {
      lambda.fill(0);
      for (let k = 0; k < rows; k++) lambda[pick[k]] = lam[row + k];
      full.addMultiplierStiffness(q, t, lambda, 0, scale, acc);
    },
    accelerationRhs(q, qd, t, out, row) {
      full.accelerationRhs(q, qd, t, values, 0);
      copyRows(out, row);
    },
    velocityRhs(q, t, out, row) {
      full.velocityRhs(q, t, values, 0);
      copyRows(out, row);
    },
  };
  reductions.set(reduced, { full, keep: Array.from(keep) });
  return reduced;
}
