/**
 * Prescribed rotation G(q, t) = 0 of a body about a fixed global axis by the angle θ(t) measured from its
 * initial pose (FreeDyn notes: motion constraints with their own multiplier μ). With r the site's ref
 * (a body vector perpendicular to the axis z) and the ground vector w(t) = cos θ n − sin θ r₀ (n = z × r₀):
 *   G = (A r)ᵀ w(t) = sin(φ − θ),   so G = 0 ⇔ φ = θ (near the initial pose),
 * and the drive torque about z that realises the motion is −μ (∂G/∂φ = cos(φ − θ) = 1).
 */
import type { Constraint, Vec3 } from '../types';
import { VectorsDot } from '../constraintPrimitives';
import { composeJoint, cross, GROUND, type JointSite } from './jointSite';
import { cos, sin } from '../../exactMath';

/** θ, θ̇, θ̈ at time t. */
export type AngleOfTime = (t: number) => readonly [number, number, number];

export function prescribedRotation(name: string, site: JointSite, globalAxis: Vec3, globalRef: Vec3, angle: AngleOfTime): Constraint {
  const n = cross(globalAxis, globalRef);
  const r0 = globalRef;
  const moving = (t: number, out: Float64Array) => {
    const [th, thd, thdd] = angle(t);
    const c = cos(th), s = sin(th);
    for (let i = 0; i < 3; i++) {
      const w = c * n[i] - s * r0[i];
      const dw = -s * n[i] - c * r0[i];
      out[i] = w;
      out[3 + i] = thd * dw;
      out[6 + i] = thdd * dw - thd * thd * w;
    }
  };
  return composeJoint(name, site.body, GROUND, [new VectorsDot(site.body, site.ref, GROUND, [0, 0, 0], 0, moving)], true);
}
