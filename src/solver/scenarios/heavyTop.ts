/**
 * `heavy-top`: the Brüls–Cardona heavy top (SPEC §2; Sherif Sect. 9.1). One body on a spherical
 * joint at the global origin, gravity along −z, starting at the identity orientation.
 */
import type { MultibodyModel, Vec3 } from '../model/types';
import { sphericalJoint } from '../model/joints/spherical';
import { GROUND } from '../model/joints/jointSite';
import { gravity } from '../model/loads';

export interface HeavyTopParams {
  /** Mass, kg. */
  readonly m: number;
  /** Principal inertias about the centre of mass, kg m². */
  readonly J: Vec3;
  /** Centre of mass in body axes, measured from the fixed point, m. */
  readonly xcm: Vec3;
  /** Gravity, m/s². */
  readonly g: Vec3;
  /** Initial body-fixed angular velocity, rad/s. */
  readonly omega0: Vec3;
}

export const HEAVY_TOP_DEFAULTS: HeavyTopParams = {
  m: 15,
  J: [0.234375, 0.46875, 0.234375],
  xcm: [0, 1, 0],
  g: [0, 0, -9.81],
  omega0: [0, 150, -4.61538],
};

export function heavyTopModel(p: HeavyTopParams): MultibodyModel {
  const [x, y, z] = p.xcm;
  const [wx, wy, wz] = p.omega0;
  // Identity orientation: body and global axes coincide, so ṙ = ω × x_cm.
  const velocity: Vec3 = [wy * z - wz * y, wz * x - wx * z, wx * y - wy * x];
  const top = {
    name: 'top',
    mass: p.m,
    inertia: p.J,
    position: p.xcm,
    orientation: [1, 0, 0, 0] as const,
    velocity,
    angularVelocity: p.omega0,
  };
  return {
    bodies: [top],
    constraints: [sphericalJoint(
      'fixed point',
      { body: 0, point: [-x, -y, -z], axis: [0, 0, 1], ref: [1, 0, 0] },
      { body: GROUND, point: [0, 0, 0], axis: [0, 0, 1], ref: [1, 0, 0] },
    )],
    loads: [gravity([top], p.g)],
    primaryBody: 0,
  };
}
