/**
 * Prismatic (translational) joint: a cylindrical joint whose rotation about the axis is locked by keeping
 * a's ref perpendicular to b's binormal (5 equations): only sliding along the axis remains.
 * Both sites' ref directions must coincide at the initial configuration.
 */
import type { Constraint } from '../types';
import { VectorsDot } from '../constraintPrimitives';
import { binormal, composeJoint, type JointSite } from './jointSite';
import { lineConstraints } from './cylindrical';

export function prismaticJoint(name: string, a: JointSite, b: JointSite): Constraint {
  return composeJoint(name, a.body, b.body, [
    ...lineConstraints(a, b),
    new VectorsDot(a.body, a.ref, b.body, binormal(b)),
  ]);
}
