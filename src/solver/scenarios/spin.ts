/**
 * `spin`: a free rigid body under a constant body-fixed moment, no gravity (SPEC §2; Sherif Sects. 5 and 7).
 */
import type { MultibodyModel, Vec3 } from '../model/types';
import { constantBodyFixedMoment } from '../model/loads';

export interface SpinParams {
  /** Principal inertias, kg m². */
  readonly J: Vec3;
  /** Body-fixed moment, N m. */
  readonly M: Vec3;
  /** Initial body-fixed angular velocity, rad/s. */
  readonly omega0: Vec3;
}

export const SPIN_DEFAULTS: SpinParams = { J: [1, 2, 2], M: [5, 0, 0], omega0: [10, 0, 0] };

export function spinModel(p: SpinParams): MultibodyModel {
  return {
    bodies: [{
      name: 'body',
      mass: 1,
      inertia: p.J,
      position: [0, 0, 0],
      orientation: [1, 0, 0, 0],
      velocity: [0, 0, 0],
      angularVelocity: p.omega0,
    }],
    constraints: [],
    loads: [constantBodyFixedMoment(0, p.M, 'applied moment')],
    primaryBody: 0,
  };
}

/**
 * Exact body-fixed ω for the single-axis case ω(t) = ω0 + J⁻¹ M t, valid when ω0 and M lie
 * along the same principal axis (then the gyroscopic term ω × Jω vanishes).
 */
export function spinExactOmega(p: SpinParams, t: number): [number, number, number] {
  return [
    p.omega0[0] + (p.M[0] / p.J[0]) * t,
    p.omega0[1] + (p.M[1] / p.J[1]) * t,
    p.omega0[2] + (p.M[2] / p.J[2]) * t,
  ];
}
