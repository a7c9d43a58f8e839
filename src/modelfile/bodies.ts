/**
 * A model file's bodies as the solver's rigid bodies (SPEC §1: coordinates at the centre of mass, axes along the
 * principal axes). A body is written in its own frame — an origin and axes placed in the world, a centre of mass,
 * an inertia tensor, point masses, named points — and this file turns it into the solver's body and remembers the
 * frame, so named points, shapes and body-axes loads are converted the same way. When the frame already is the
 * principal frame (centre of mass at the origin, a diagonal inertia, no point masses) nothing is converted: the
 * numbers reach the solver as written.
 */
import type { RigidBody, Vec4 } from '../solver/model/types';
import { eulerParametersFromMatrix, rotationMatrix } from '../solver/rotation/eulerParameters';
import { boxInertia, cylinderInertia, principalMass, sphereInertia, symmetricEigen, type Tensor6 } from '../solver/model/massProperties';
import { acos, cos, sin } from '../solver/exactMath';
import { cross3, dot3, type Scope } from './expressions';
import { ModelError, numberOf, vectorOf, type Vec3 } from './scope';
import type { BodySpec, OrientationSpec, ShapeSpec } from './schema';
import { keyPath } from './paths';
import { MODEL_LIMITS } from './limits';

/** How a body's own frame relates to the solver's body. */
export interface BodyFrame {
  readonly index: number;
  readonly name: string;
  /** Origin of the body's frame at t = 0, global. */
  readonly origin: Vec3;
  /** Rotation of the body's frame at t = 0 (row-major 3×3, columns = its axes in global coordinates). */
  readonly rotation: readonly number[];
  /** Centre of mass in the body's frame. */
  readonly center: Vec3;
  /** Principal axes in the body's frame (row-major 3×3, columns). */
  readonly principal: readonly number[];
  /** True when the solver's body is the body's frame as written. */
  readonly identity: boolean;
  /** Named points, body frame. */
  readonly points: ReadonlyMap<string, Vec3>;
}

/** A point of the body's frame in the solver body's axes: R_pᵀ (s − c). */
export function toSolverPoint(frame: BodyFrame, s: Vec3): Vec3 {
  if (frame.identity) return s;
  const d: Vec3 = [s[0] - frame.center[0], s[1] - frame.center[1], s[2] - frame.center[2]];
  return transposeTimes(frame.principal, d);
}

/** A direction of the body's frame in the solver body's axes: R_pᵀ v. */
export function toSolverDirection(frame: BodyFrame, v: Vec3): Vec3 {
  return frame.identity ? v : transposeTimes(frame.principal, v);
}

/** A point of the body's frame in global coordinates at t = 0: origin + R s. */
export function globalPointAtStart(frame: BodyFrame, s: Vec3): Vec3 {
  const r = times(frame.rotation, s);
  return [frame.origin[0] + r[0], frame.origin[1] + r[1], frame.origin[2] + r[2]];
}

const times = (m: readonly number[], v: Vec3): Vec3 => [
  m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2], m[6] * v[0] + m[7] * v[1] + m[8] * v[2],
];
const transposeTimes = (m: readonly number[], v: Vec3): Vec3 => [
  m[0] * v[0] + m[3] * v[1] + m[6] * v[2], m[1] * v[0] + m[4] * v[1] + m[7] * v[2], m[2] * v[0] + m[5] * v[1] + m[8] * v[2],
];
const matrixProduct = (a: readonly number[], b: readonly number[]): number[] => {
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[3 * i + j] += a[3 * i + k] * b[3 * k + j];
  return out;
};

/** Relative tolerance within which a vector counts as unit length and two as perpendicular (kept as written). */
const UNIT_TOLERANCE = 1e-12;
const PERPENDICULAR_TOLERANCE = 1e-9;

/** v made unit length (kept as written when it already is, so exact input stays exact); zero is an error. */
export function unitVector(v: Vec3, path: string): Vec3 {
  const n = Math.sqrt(dot3(v, v));
  if (!(n > 0)) throw new ModelError(path, 'a direction cannot be the zero vector');
  if (Math.abs(n - 1) <= UNIT_TOLERANCE) return v;
  return [v[0] / n, v[1] / n, v[2] / n];
}

const degreesBetween = (a: Vec3, b: Vec3) => (acos(Math.max(-1, Math.min(1, dot3(a, b)))) * 180) / Math.PI;

/** Throws unless a and b (unit) are perpendicular. */
export function checkPerpendicular(a: Vec3, b: Vec3, path: string, what: string): void {
  if (Math.abs(dot3(a, b)) > PERPENDICULAR_TOLERANCE) {
    throw new ModelError(path, `${what} must be perpendicular; they are ${degreesBetween(a, b).toFixed(3)}° apart`);
  }
}

/** Euler parameters (scalar first) of an orientation as written; identity when absent. */
export function orientationOf(spec: OrientationSpec | undefined, scope: Scope, path: string): Vec4 {
  if (spec === undefined) return [1, 0, 0, 0];
  if (Array.isArray(spec)) {
    const e = spec.map((x, k) => numberOf(x, scope, `${path}[${k}]`));
    const n = Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2] + e[3] * e[3]);
    if (!(n > 0)) throw new ModelError(path, 'Euler parameters cannot all be zero');
    if (Math.abs(n - 1) <= UNIT_TOLERANCE) return [e[0], e[1], e[2], e[3]];
    return [e[0] / n, e[1] / n, e[2] / n, e[3] / n];
  }
  if ('axis' in spec) {
    const axis = unitVector(vectorOf(spec.axis, scope, `${path}.axis`), `${path}.axis`);
    const half = (numberOf(spec.angle, scope, `${path}.angle`) * Math.PI) / 360;
    const s = sin(half);
    return [cos(half), s * axis[0], s * axis[1], s * axis[2]];
  }
  const { x, y, z } = spec.axes;
  const given = [x, y, z].filter((a) => a !== undefined).length;
  if (given !== 2) throw new ModelError(`${path}.axes`, `give exactly two of x, y, z (the third follows); ${given} given`);
  const read = (v: typeof x, name: string) => (v === undefined ? undefined : unitVector(vectorOf(v, scope, `${path}.axes.${name}`), `${path}.axes.${name}`));
  let ax = read(x, 'x'), ay = read(y, 'y'), az = read(z, 'z');
  if (ax && ay) { checkPerpendicular(ax, ay, `${path}.axes`, 'x and y'); az = cross3(ax, ay); }
  else if (ay && az) { checkPerpendicular(ay, az, `${path}.axes`, 'y and z'); ax = cross3(ay, az); }
  else if (ax && az) { checkPerpendicular(ax, az, `${path}.axes`, 'x and z'); ay = cross3(az, ax); }
  const [X, Y, Z] = [ax as Vec3, ay as Vec3, az as Vec3];
  return eulerParametersFromMatrix([X[0], Y[0], Z[0], X[1], Y[1], Z[1], X[2], Y[2], Z[2]]);
}

/** The tensor (xx, yy, zz, xy, xz, yz) a body's inertia states, or the uniform solid of its first shape. */
function tensorOf(spec: BodySpec, mass: number, scope: Scope, path: string): { tensor: Tensor6; center: Vec3 } {
  const center = spec.centerOfMass === undefined ? undefined : vectorOf(spec.centerOfMass, scope, `${path}.centerOfMass`);
  if (spec.inertia !== undefined) {
    const p = `${path}.inertia`;
    if (typeof spec.inertia === 'string' || Array.isArray(spec.inertia)) {
      const j = vectorOf(spec.inertia, scope, p);
      return { tensor: [j[0], j[1], j[2], 0, 0, 0], center: center ?? [0, 0, 0] };
    }
    const t = spec.inertia;
    const n = (v: typeof t.xx | undefined, k: string) => (v === undefined ? 0 : numberOf(v, scope, `${p}.${k}`));
    return { tensor: [n(t.xx, 'xx'), n(t.yy, 'yy'), n(t.zz, 'zz'), n(t.xy, 'xy'), n(t.xz, 'xz'), n(t.yz, 'yz')], center: center ?? [0, 0, 0] };
  }
  const first = spec.shape === undefined ? undefined : Array.isArray(spec.shape) ? spec.shape[0] : spec.shape;
  if (!first || first.type === 'cone') {
    throw new ModelError(`${path}.inertia`, 'give an inertia, or a box, sphere or cylinder shape whose uniform solid gives it');
  }
  const j = shapeInertia(first, mass, scope, `${path}.shape`);
  const at = first.at === undefined ? [0, 0, 0] as Vec3 : vectorOf(first.at, scope, `${path}.shape.at`);
  return { tensor: [j[0], j[1], j[2], 0, 0, 0], center: center ?? at };
}

function shapeInertia(shape: Exclude<ShapeSpec, { type: 'cone' }>, mass: number, scope: Scope, path: string): Vec3 {
  switch (shape.type) {
    case 'box': return boxInertia(mass, vectorOf(shape.size, scope, `${path}.size`));
    case 'sphere': return sphereInertia(mass, numberOf(shape.radius, scope, `${path}.radius`));
    case 'cylinder': {
      const name = shape.axis ?? 'z';
      if (typeof name !== 'string' || !/^-?[xyz]$/.test(name)) {
        throw new ModelError(`${path}.axis`, 'a cylinder whose uniform solid gives the inertia lies along a body axis ("x", "y" or "z"); give an inertia to draw it along another direction');
      }
      const axis = ({ x: 0, y: 1, z: 2 } as const)[name.replace('-', '') as 'x' | 'y' | 'z'];
      return cylinderInertia(mass, numberOf(shape.radius, scope, `${path}.radius`), numberOf(shape.length, scope, `${path}.length`), axis);
    }
  }
}

/** Relative slack of the triangle inequality J_i ≤ J_j + J_k (a flat plate meets it with equality). */
const TRIANGLE_TOLERANCE = 1e-12;

/** Throws unless the inertia is positive definite and its principal moments obey the triangle inequality. */
function checkInertia(tensor: Tensor6, path: string): void {
  const diagonal = tensor[3] === 0 && tensor[4] === 0 && tensor[5] === 0;
  const j = diagonal ? [tensor[0], tensor[1], tensor[2]] : symmetricEigen(tensor).values;
  const axes = diagonal ? ['Jx', 'Jy', 'Jz'] : ['J1', 'J2', 'J3'];
  for (let k = 0; k < 3; k++) {
    if (!(j[k] > 0)) throw new ModelError(path, `the inertia must be positive definite; ${axes[k]} = ${j[k]} kg m²`);
  }
  for (let k = 0; k < 3; k++) {
    const a = (k + 1) % 3, b = (k + 2) % 3;
    if (j[a] + j[b] < j[k] * (1 - TRIANGLE_TOLERANCE)) {
      throw new ModelError(path, `no rigid body has this inertia: ${axes[a]} + ${axes[b]} = ${j[a] + j[b]} < ${axes[k]} = ${j[k]} kg m² (triangle inequality)`);
    }
  }
}

/** One body of the file as the solver's body, and its frame. */
export function bodyOf(spec: BodySpec, name: string, index: number, scope: Scope, path: string): { body: RigidBody; frame: BodyFrame } {
  const mass = numberOf(spec.mass, scope, `${path}.mass`);
  if (!(mass > 0)) throw new ModelError(`${path}.mass`, `the mass must be > 0 kg, not ${mass}`);
  const { tensor, center } = tensorOf(spec, mass, scope, path);
  checkInertia(tensor, `${path}.inertia`);
  const pointMasses = (spec.pointMasses ?? []).map((p, k) => {
    const m = numberOf(p.mass, scope, `${path}.pointMasses[${k}].mass`);
    if (!(m > 0)) throw new ModelError(`${path}.pointMasses[${k}].mass`, `a point mass must be > 0 kg, not ${m}`);
    return { mass: m, at: vectorOf(p.at, scope, `${path}.pointMasses[${k}].at`) };
  });
  const principal = principalMass({ mass, centerOfMass: center, tensor, pointMasses });
  const origin = spec.position === undefined ? [0, 0, 0] as Vec3 : vectorOf(spec.position, scope, `${path}.position`);
  const e = orientationOf(spec.orientation, scope, `${path}.orientation`);
  const rotation = new Float64Array(9);
  rotationMatrix(Float64Array.from(e), 0, rotation);
  const velocity = spec.velocity === undefined ? [0, 0, 0] as Vec3 : vectorOf(spec.velocity, scope, `${path}.velocity`);
  const omegaBody = bodyAngularVelocity(spec, [...rotation], scope, path);
  const points = new Map<string, Vec3>();
  for (const [pointName, v] of Object.entries(spec.points ?? {})) {
    if (pointName.length === 0 || pointName.length > MODEL_LIMITS.nameLength) throw new ModelError(`${path}.points`, `a point's name has 1 to ${MODEL_LIMITS.nameLength} characters`);
    if (pointName.includes('.')) throw new ModelError(keyPath(`${path}.points`, pointName), `"${pointName}": a point's name cannot contain "." (it separates a body from its point)`);
    points.set(pointName, vectorOf(v, scope, keyPath(`${path}.points`, pointName)));
  }
  const frame: BodyFrame = {
    index, name, origin, rotation: [...rotation], center: principal.centerOfMass, principal: principal.axes, identity: principal.identity, points,
  };
  if (principal.identity) {
    return { body: { name, mass, inertia: principal.inertia, position: origin, orientation: e, velocity, angularVelocity: omegaBody }, frame };
  }
  // The solver's body: origin moved to the centre of mass, axes turned to the principal axes.
  const offset = times(frame.rotation, principal.centerOfMass);
  const omegaGlobal = times(frame.rotation, omegaBody);
  const spin = cross3(omegaGlobal, offset);
  const q = eulerParametersFromMatrix(matrixProduct(frame.rotation, principal.axes));
  const n = Math.sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  return {
    body: {
      name,
      mass: principal.mass,
      inertia: principal.inertia,
      position: [origin[0] + offset[0], origin[1] + offset[1], origin[2] + offset[2]],
      orientation: [q[0] / n, q[1] / n, q[2] / n, q[3] / n],
      velocity: [velocity[0] + spin[0], velocity[1] + spin[1], velocity[2] + spin[2]],
      angularVelocity: transposeTimes(principal.axes, omegaBody),
    },
    frame,
  };
}

/** The body-axes ω at t = 0: written in body axes (plain vector or {"body"}), or in global axes ({"global"}). */
function bodyAngularVelocity(spec: BodySpec, rotation: readonly number[], scope: Scope, path: string): Vec3 {
  const w = spec.angularVelocity;
  const p = `${path}.angularVelocity`;
  if (w === undefined) return [0, 0, 0];
  if (typeof w === 'string' || Array.isArray(w)) return vectorOf(w, scope, p);
  if ('global' in w) return transposeTimes(rotation, vectorOf(w.global, scope, `${p}.global`));
  return vectorOf(w.body, scope, `${p}.body`);
}
