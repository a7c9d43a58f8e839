/** Revolute joint: points coincide and the axes stay parallel (5 equations): rotation about the axis only. */
import type { Constraint } from '../types';
import { PointsCoincide, VectorsDot } from '../constraintPrimitives';
import { binormal, composeJoint, type JointSite } from './jointSite';

export function revoluteJoint(name: string, a: JointSite, b: JointSite): Constraint {
  return composeJoint(name, a.body, b.body, [
    new PointsCoincide(a.body, a.point, b.body, b.point),
    new VectorsDot(a.body, a.axis, b.body, b.ref),
    new VectorsDot(a.body, a.axis, b.body, binormal(b)),
  ]);
}
