/**
 * `v8-crank`: the V8 crank drive of Sherif et al. 2019, Sect. 9.2 (SPEC §2): a crankshaft on a revolute
 * joint, 8 connecting rods and 8 pistons in a 90° V; 17 bodies, 119 coordinates, 118 constraints, 1 DOF.
 * Global x is the crank axis, z is up. The initial state is stated at crank angle 0 (pin 1 straight up)
 * and crank speed ω0; the other bodies' positions follow from the geometry and their velocities are
 * made consistent by projection while an assembly driver holds the crank speed.
 */
import type { Load, MultibodyModel, RigidBody, Vec3 } from '../model/types';
import { gravity, globalMoment } from '../model/loads';
import { cross, GROUND, siteFromGlobal, type JointSite } from '../model/joints/jointSite';
import { revoluteJoint } from '../model/joints/revolute';
import { sphericalJoint } from '../model/joints/spherical';
import { universalJoint } from '../model/joints/universal';
import { prismaticJoint } from '../model/joints/prismatic';
import { prescribedRotation } from '../model/joints/prescribedRotation';
import { eulerParametersFromMatrix } from '../rotation/eulerParameters';

export interface V8CrankParams {
  /** Maximum crank torque T_max, N m. */
  readonly torque: number;
  /** Torque ramp time t_ramp, s. */
  readonly ramp: number;
  /** Initial crank speed, rad/s. */
  readonly omega0: number;
  /** Gravity, m/s². */
  readonly g: Vec3;
  /** Angle between the two cylinder banks, degrees. */
  readonly bank: number;
  /** Crank radius, m. */
  readonly crankRadius: number;
  /** Connecting-rod length between big-end and small-end centres, m. */
  readonly rodLength: number;
  readonly crankMass: number;
  readonly rodMass: number;
  readonly pistonMass: number;
}

export const V8_DEFAULTS: V8CrankParams = {
  torque: 5, ramp: 1, omega0: 0, g: [0, 0, -9.81], bank: 90,
  crankRadius: 0.045, rodLength: 0.15, crankMass: 20, rodMass: 0.6, pistonMass: 0.5,
};

/** Axial positions of the four crank pins, m, and their crank angles, degrees (cross-plane crank). */
export const PIN_X = [-0.15, -0.05, 0.05, 0.15] as const;
export const PIN_ANGLE_DEG = [0, 90, 270, 180] as const;
/** Axial offset of the left (−) and right (+) bank rod on a pin, m. */
export const BANK_OFFSET = 0.012;

const CRANK_INERTIA: Vec3 = [0.05, 0.6, 0.6];
const ROD_INERTIA: Vec3 = [1.5e-3, 1.5e-3, 1.5e-4];
const PISTON_INERTIA: Vec3 = [4e-4, 4e-4, 5e-4];
const X: Vec3 = [1, 0, 0];

/** Body with a rotation matrix given by its body axes (columns) in global coordinates. */
function bodyAt(name: string, mass: number, inertia: Vec3, position: Vec3, axes: readonly [Vec3, Vec3, Vec3], angularVelocity: Vec3 = [0, 0, 0]): RigidBody {
  const [x, y, z] = axes;
  const e = eulerParametersFromMatrix([x[0], y[0], z[0], x[1], y[1], z[1], x[2], y[2], z[2]]);
  return { name, mass, inertia, position, orientation: e, velocity: [0, 0, 0], angularVelocity };
}

const add = (a: Vec3, b: Vec3, s = 1): Vec3 => [a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]];
const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** One cylinder's geometry at crank angle 0. */
export interface CylinderGeometry {
  readonly name: string;
  /** Big-end centre (on the crank pin), piston-pin centre, cylinder axis direction. */
  readonly bigEnd: Vec3;
  readonly pistonPin: Vec3;
  readonly axis: Vec3;
}

/** Geometry of the 8 cylinders: left and right bank rod on each of the four pins. */
export function cylinderGeometry(p: V8CrankParams): CylinderGeometry[] {
  const half = (p.bank / 2) * (Math.PI / 180);
  const banks: [string, Vec3, number][] = [
    ['L', [0, -Math.sin(half), Math.cos(half)], -BANK_OFFSET],
    ['R', [0, Math.sin(half), Math.cos(half)], BANK_OFFSET],
  ];
  return PIN_X.flatMap((px, k) => banks.map(([side, d, offset]) => {
    const phi = PIN_ANGLE_DEG[k] * (Math.PI / 180);
    const x = px + offset;
    const bigEnd: Vec3 = [x, -p.crankRadius * Math.sin(phi), p.crankRadius * Math.cos(phi)];
    const b: Vec3 = [0, bigEnd[1], bigEnd[2]];
    // Piston pin on the cylinder axis (x, 0, 0) + s d at distance l from the big end, away from the crank.
    const db = dot(d, b);
    const disc = db * db - p.crankRadius * p.crankRadius + p.rodLength * p.rodLength;
    if (disc < 0) throw new Error('the connecting rod cannot reach the cylinder axis');
    const s = db + Math.sqrt(disc);
    return { name: `${side}${k + 1}`, bigEnd, pistonPin: [x + s * d[0], s * d[1], s * d[2]], axis: d };
  }));
}

export function v8CrankModel(p: V8CrankParams): MultibodyModel {
  const bodies: RigidBody[] = [bodyAt('crankshaft', p.crankMass, CRANK_INERTIA, [0, 0, 0], [X, [0, 1, 0], [0, 0, 1]], [p.omega0, 0, 0])];
  const cylinders = cylinderGeometry(p);
  for (const c of cylinders) {
    const u = add(c.pistonPin, c.bigEnd, -1).map((v) => v / p.rodLength) as unknown as Vec3;
    bodies.push(bodyAt(`rod ${c.name}`, p.rodMass, ROD_INERTIA, add(c.bigEnd, u, p.rodLength / 3), [X, cross(u, X), u]));
    bodies.push(bodyAt(`piston ${c.name}`, p.pistonMass, PISTON_INERTIA, c.pistonPin, [X, cross(c.axis, X), c.axis]));
  }
  const site = (body: number, point: Vec3, axis: Vec3, ref: Vec3): JointSite => siteFromGlobal(bodies, body, point, axis, ref);
  const crankAxis = site(0, [0, 0, 0], X, [0, 1, 0]);
  const constraints = [revoluteJoint('crankshaft bearing', site(GROUND, [0, 0, 0], X, [0, 1, 0]), crankAxis)];
  cylinders.forEach((c, k) => {
    const rod = 1 + 2 * k, piston = rod + 1;
    const u = add(c.pistonPin, c.bigEnd, -1).map((v) => v / p.rodLength) as unknown as Vec3;
    const rodY = cross(u, X);
    constraints.push(sphericalJoint(`big end ${c.name}`, site(rod, c.bigEnd, u, X), site(0, c.bigEnd, u, X)));
    constraints.push(universalJoint(`piston pin ${c.name}`, site(piston, c.pistonPin, X, c.axis), site(rod, c.pistonPin, rodY, X)));
    constraints.push(prismaticJoint(`cylinder ${c.name}`, site(GROUND, c.pistonPin, c.axis, X), site(piston, c.pistonPin, c.axis, X)));
  });
  const torque: Load = globalMoment(0, (t, out) => {
    out[0] = p.torque * Math.min(t / p.ramp, 1); out[1] = 0; out[2] = 0;
  }, 'crank torque');
  return {
    bodies,
    constraints,
    loads: [gravity(bodies, p.g), torque],
    primaryBody: 0,
    assemblyDrivers: [prescribedRotation('initial crank angle and speed', crankAxis, X, [0, 1, 0], (t) => [p.omega0 * t, p.omega0, 0])],
  };
}
