/** Spherical joint: the sites' points coincide (3 equations, removes 3 degrees of freedom). */
import type { Constraint } from '../types';
import { PointsCoincide } from '../constraintPrimitives';
import { composeJoint, type JointSite } from './jointSite';

export function sphericalJoint(name: string, a: JointSite, b: JointSite): Constraint {
  return composeJoint(name, a.body, b.body, [new PointsCoincide(a.body, a.point, b.body, b.point)]);
}
