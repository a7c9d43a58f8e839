/**
 * Universal (Cardan) joint: points coincide and the two cross axes (site a's axis on body a, site b's
 * axis on body b) stay perpendicular (4 equations).
 */
import type { Constraint } from '../types';
import { PointsCoincide, VectorsDot } from '../constraintPrimitives';
import { composeJoint, type JointSite } from './jointSite';

export function universalJoint(name: string, a: JointSite, b: JointSite): Constraint {
  return composeJoint(name, a.body, b.body, [
    new PointsCoincide(a.body, a.point, b.body, b.point),
    new VectorsDot(a.body, a.axis, b.body, b.axis),
  ]);
}
