/**
 * Cylindrical joint: b's point stays on the line through a's point along a's axis, and the axes stay
 * parallel (4 equations): sliding along and rotating about the axis remain.
 */
import type { Constraint } from '../types';
import type { ConstraintPrimitive } from '../constraintPrimitives';
import { VectorsDot, VectorToPointDot } from '../constraintPrimitives';
import { binormal, composeJoint, type JointSite } from './jointSite';

/** The four equations shared by cylindrical and prismatic joints. */
export function lineConstraints(a: JointSite, b: JointSite): ConstraintPrimitive[] {
  const an = binormal(a);
  return [
    new VectorsDot(a.body, a.axis, b.body, b.ref),
    new VectorsDot(a.body, a.axis, b.body, binormal(b)),
    new VectorToPointDot(a.body, a.ref, a.point, b.body, b.point),
    new VectorToPointDot(a.body, an, a.point, b.body, b.point),
  ];
}

export function cylindricalJoint(name: string, a: JointSite, b: JointSite): Constraint {
  return composeJoint(name, a.body, b.body, lineConstraints(a, b));
}
