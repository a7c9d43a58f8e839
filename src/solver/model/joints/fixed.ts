/** Fixed joint: points coincide and the frames keep their relative orientation (6 equations). */
import type { Constraint } from '../types';
import { PointsCoincide, VectorsDot } from '../constraintPrimitives';
import { binormal, composeJoint, type JointSite } from './jointSite';

export function fixedJoint(name: string, a: JointSite, b: JointSite): Constraint {
  return composeJoint(name, a.body, b.body, [
    new PointsCoincide(a.body, a.point, b.body, b.point),
    new VectorsDot(a.body, a.axis, b.body, b.ref),
    new VectorsDot(a.body, a.axis, b.body, binormal(b)),
    new VectorsDot(a.body, a.ref, b.body, binormal(b)),
  ]);
}
