/**
 * Where a joint attaches to a body: a point and an orthonormal pair (axis, ref) in body axes, and the
 * composition of constraint primitives into one named Constraint with a local Jacobian block.
 */
import { COORDS_PER_BODY, type Constraint, type RigidBody, type Vec3 } from '../types';
import type { ConstraintPrimitive } from '../constraintPrimitives';
import { GROUND } from '../bodyKinematics';
import { rotationMatrix } from '../../rotation/eulerParameters';
import { evaluateOne } from '../../kernels/constraintProgram';

export { GROUND };

/** A joint frame on a body (or on the ground, body = GROUND), in that body's axes. */
export interface JointSite {
  readonly body: number;
  readonly point: Vec3;
  /** Unit joint axis. */
  readonly axis: Vec3;
  /** Unit reference direction perpendicular to the axis. */
  readonly ref: Vec3;
}

export const cross = (x: ArrayLike<number>, y: ArrayLike<number>): Vec3 =>
  [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];

/** axis × ref: the third direction of a site's frame. */
export const binormal = (site: JointSite): Vec3 => cross(site.axis, site.ref);

/**
 * A site given in global axes at the bodies' initial poses (a joint frame as drawn on the assembly),
 * converted to the body's axes: local = Aᵀ (global − r).
 */
export function siteFromGlobal(
  bodies: readonly RigidBody[], body: number, point: Vec3, axis: Vec3, ref: Vec3,
): JointSite {
  if (body === GROUND) return { body, point, axis, ref };
  const b = bodies[body];
  const A = new Float64Array(9);
  rotationMatrix(Float64Array.from(b.orientation), 0, A);
  const toLocal = (v: ArrayLike<number>): Vec3 => [
    A[0] * v[0] + A[3] * v[1] + A[6] * v[2],
    A[1] * v[0] + A[4] * v[1] + A[7] * v[2],
    A[2] * v[0] + A[5] * v[1] + A[8] * v[2],
  ];
  const p = toLocal([point[0] - b.position[0], point[1] - b.position[1], point[2] - b.position[2]]);
  return { body, point: p, axis: toLocal(axis), ref: toLocal(ref) };
}

/** One Constraint made of primitives acting between body i and body j (either may be GROUND). */
export function composeJoint(
  name: string, bodyI: number, bodyJ: number, primitives: readonly ConstraintPrimitive[], prescribed = false,
): Constraint {
  if (bodyI === bodyJ) throw new Error(`${name}: a joint needs two different bodies`);
  const bodies = [bodyI, bodyJ].filter((b) => b !== GROUND);
  const ld = COORDS_PER_BODY * bodies.length;
  const colI = bodyI === GROUND ? -1 : bodies.indexOf(bodyI) * COORDS_PER_BODY;
  const colJ = bodyJ === GROUND ? -1 : bodies.indexOf(bodyJ) * COORDS_PER_BODY;
  const rows = primitives.reduce((n, p) => n + p.rows, 0);
  const starts = primitives.map((_, k) => primitives.slice(0, k).reduce((n, p) => n + p.rows, 0));
  return {
    name,
    rows,
    bodies,
    prescribed,
    // Values and Jacobian: the WebAssembly kernel on the primitives (a model's residual runs all joints at once).
    primitives: { list: primitives, starts, ld, colI, colJ },
    evaluate(q, t, out, row) {
      evaluateOne(this, q, t, out, row, null, 0);
    },
    jacobian(q, t, out, offset) {
      evaluateOne(this, q, t, null, 0, out, offset);
    },
    evaluateWithJacobian(q, t, values, row, out, offset) {
      evaluateOne(this, q, t, values, row, out, offset);
    },
    // Plain loops, no callbacks: these run several times per step and must not allocate.
    addMultiplierStiffness(q, t, lambda, row, scale, acc) {
      for (let k = 0; k < primitives.length; k++) primitives[k].addMultiplierStiffness(q, t, lambda, row + starts[k], scale, acc);
    },
    accelerationRhs(q, qd, t, out, row) {
      for (let k = 0; k < primitives.length; k++) primitives[k].accelerationRhs(q, qd, t, out, row + starts[k]);
    },
    velocityRhs(q, t, out, row) {
      for (let k = 0; k < primitives.length; k++) primitives[k].velocityRhs(q, t, out, row + starts[k]);
    },
  };
}
