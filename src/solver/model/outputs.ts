/**
 * Named outputs of a model (SPEC §8), evaluated at every sample after the standard columns: a point's
 * position or velocity component, a revolute joint's angle (whole turns counted) or rate, a body's ω
 * component in body or global axes, a spring's length.
 */
import { COORDS_PER_BODY, type ModelOutput } from './types';
import { pointPosition, pointVelocity } from './bodyKinematics';
import { angularVelocity, globalAngularVelocity } from '../rotation/eulerParameters';
import { jointMeasure, wrapAngle } from './jointAngle';
import type { BodyPoint, RevoluteAxes } from './springs';

export type Component = 0 | 1 | 2;

const v3 = new Float64Array(3);

/** A component of a point's global position (m) or velocity (m/s). */
export function pointOutput(name: string, kind: 'position' | 'velocity', at: BodyPoint, component: Component): ModelOutput {
  const s = Float64Array.from(at.point);
  return {
    name,
    unit: kind === 'position' ? 'm' : 'm/s',
    evaluate(q, qd) {
      if (kind === 'position') pointPosition(q, at.body, s, v3, 0);
      else pointVelocity(q, qd, at.body, s, v3, 0);
      return v3[component];
    },
  };
}

/** A component of a body's angular velocity, rad/s: body axes (ω = 2Lė, Sherif Eq. 3) or global (2Eė). */
export function omegaOutput(name: string, body: number, component: Component, axes: 'body' | 'global'): ModelOutput {
  const c = body * COORDS_PER_BODY + 3;
  return {
    name,
    unit: 'rad/s',
    evaluate(q, qd) {
      if (axes === 'body') angularVelocity(q, c, qd, c, v3, 0);
      else globalAngularVelocity(q, c, qd, c, v3, 0);
      return v3[component];
    },
  };
}

/**
 * A revolute joint's angle from the initial pose plus `offset` (rad), continuous through whole turns: every
 * accepted step is observed, and the angle is unwrapped against the last value seen (a crank at 1000 rad/s
 * turns many times between two samples, never half a turn in one step).
 */
export function jointAngleOutput(name: string, joint: RevoluteAxes, offset: number): ModelOutput {
  const measure = jointMeasure(joint);
  let last = 0;
  const unwrapped = (q: Float64Array): number => {
    const a = measure.angle(q);
    last += wrapAngle(a - last);
    return last;
  };
  return {
    name,
    unit: 'rad',
    evaluate(q) { return unwrapped(q) + offset; },
    observe(q) { unwrapped(q); },
    reset() { last = 0; },
  };
}

/** A revolute joint's rate θ̇ = nᵀ(ω_B − ω_A), rad/s. */
export function jointRateOutput(name: string, joint: RevoluteAxes): ModelOutput {
  const measure = jointMeasure(joint);
  return { name, unit: 'rad/s', evaluate: (q, qd) => measure.rate(q, qd) };
}

/** The distance between two points, m (a spring's length). */
export function distanceOutput(name: string, a: BodyPoint, b: BodyPoint): ModelOutput {
  const sa = Float64Array.from(a.point), sb = Float64Array.from(b.point);
  const pa = new Float64Array(3);
  return {
    name,
    unit: 'm',
    evaluate(q) {
      pointPosition(q, a.body, sa, pa, 0);
      pointPosition(q, b.body, sb, v3, 0);
      const dx = v3[0] - pa[0], dy = v3[1] - pa[1], dz = v3[2] - pa[2];
      return Math.sqrt(dx * dx + dy * dy + dz * dz);
    },
  };
}

