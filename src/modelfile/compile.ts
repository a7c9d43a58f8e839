/**
 * A model file (schema.ts) with its parameter values → the solver's MultibodyModel, plus what the app draws.
 * Order is kept: bodies, then joints, motions and loads as written (gravity first), so a file that writes a
 * mechanism the way a builder in code did gives the same model to the bit (SPEC §8: the paper's models do not
 * change by a bit as files).
 *
 * Joints are located the way people draw them: a global point and axis at t = 0, or a named point
 * ("crank.pin1"); both sites are converted into each body's axes as the solver's joints want them.
 */
import { type Constraint, type Load, type ModelOutput, type MultibodyModel, type RigidBody, type Vec4 } from '../solver/model/types';
import { GROUND, siteFromGlobal, type JointSite } from '../solver/model/joints/jointSite';
import { sphericalJoint } from '../solver/model/joints/spherical';
import { revoluteJoint } from '../solver/model/joints/revolute';
import { prismaticJoint } from '../solver/model/joints/prismatic';
import { cylindricalJoint } from '../solver/model/joints/cylindrical';
import { universalJoint } from '../solver/model/joints/universal';
import { fixedJoint } from '../solver/model/joints/fixed';
import { prescribedRotation } from '../solver/model/joints/prescribedRotation';
import { bodyFixedMoment, globalForce, globalMoment, gravity, type VectorOfTime } from '../solver/model/loads';
import { jointTorque, pointDistance, pointForce, springDamper, type BodyPoint, type RevoluteAxes } from '../solver/model/springs';
import { jointAngleDriver, torsionSpring } from '../solver/model/jointAngle';
import { distanceOutput, jointAngleOutput, jointRateOutput, omegaOutput, pointOutput, type Component } from '../solver/model/outputs';
import { statedInitialState } from '../solver/model/prepare';
import { AssembledSystem } from '../solver/model/assembly';
import { eulerParametersFromMatrix } from '../solver/rotation/eulerParameters';
import { cross3, dot3, type ExprValue, type Scope } from './expressions';
import { closestName, formulaStart, OMEGA_PLOT_NAME } from './names';
import {
  angleJet, checkValueName, documentScope, extend, inItem, ModelError, type ModelValues, nameOf, numberOf, timeFunction, vectorOf, vectorTimeFunction, type Vec3,
} from './scope';
import { expandDocument, type Expanded } from './expand';
import { MODEL_LIMITS } from './limits';
import { keyPath } from './paths';
import { bodyOf, checkPerpendicular, globalPointAtStart, toSolverDirection, toSolverPoint, unitVector, type BodyFrame } from './bodies';
import type { BodySpec, JointSpec, LoadSpec, ModelDocument, MotionSpec, OutputSpec, ShapeSpec, WhereSpec } from './schema';

/** A shape as the 3D view draws it, posed in the solver body's axes (centre of mass, principal axes). */
export interface DrawnShape {
  readonly type: 'box' | 'sphere' | 'cylinder' | 'cone';
  /** box: edge lengths; sphere: [r, r, r]; cylinder and cone: [radius, length, radius], along the shape's local y. */
  readonly size: Vec3;
  readonly position: Vec3;
  /** Rotation from the shape's own axes to the body's (scalar first); for cylinders and cones local y is the axis. */
  readonly orientation: Vec4;
  readonly color: string | null;
}

export interface DrawnJoint {
  readonly name: string;
  readonly type: JointSpec['type'];
  /** The joint's point on its first body (or on the second when the first is ground), in that body's axes. */
  readonly body: number;
  readonly point: Vec3;
  /** Joint axis in that body's axes (revolute, prismatic, cylindrical); null otherwise. */
  readonly axis: Vec3 | null;
}

export interface DrawnSpring {
  readonly name: string;
  readonly a: BodyPoint;
  readonly b: BodyPoint;
}

/** What the 3D view needs of a model: shapes per body, joints as glyphs, springs as coils. */
export interface ModelDrawing {
  readonly bodies: readonly { readonly name: string; readonly color: string | null; readonly shapes: readonly DrawnShape[] }[];
  readonly ground: readonly DrawnShape[];
  readonly joints: readonly DrawnJoint[];
  readonly springs: readonly DrawnSpring[];
}

/** Something legal but probably not meant, and where it is written. */
export interface ModelWarning {
  readonly path: string;
  readonly message: string;
}

export interface CompiledModel {
  /** The model as written (not yet assembled: see solver/model/prepare.ts). */
  readonly model: MultibodyModel;
  readonly drawing: ModelDrawing;
  /** Things that are legal but probably not meant (a body with no joint falling under gravity). */
  readonly warnings: readonly string[];
  /** The same warnings with the place they are about. */
  readonly warningPlaces: readonly ModelWarning[];
  /**
   * Where each constraint is written, by its name (joints, motions, and the assembly drivers of a joint's
   * `initial`): a failure that names a constraint is shown at its place in the file.
   */
  readonly sources: ReadonlyMap<string, string>;
}

/** Bodies by name; ground is GROUND. Unknown names get the nearest known one in the message. */
class BodyTable {
  readonly frames: BodyFrame[] = [];
  readonly bodies: RigidBody[] = [];
  private readonly byName = new Map<string, number>();

  add(body: RigidBody, frame: BodyFrame, path: string): void {
    if (body.name === 'ground') throw new ModelError(`${path}.name`, '"ground" is the fixed frame; a body needs another name');
    if (body.name.includes('.')) throw new ModelError(`${path}.name`, `"${body.name}": a body's name cannot contain "." (it separates a body from its point)`);
    if (this.byName.has(body.name)) throw new ModelError(`${path}.name`, `a second body named "${body.name}"`);
    this.byName.set(body.name, this.bodies.length);
    this.bodies.push(body);
    this.frames.push(frame);
  }

  index(name: string, path: string): number {
    if (name === 'ground') return GROUND;
    const i = this.byName.get(name);
    if (i === undefined) {
      const near = closestName(name, [...this.byName.keys(), 'ground']);
      throw new ModelError(path, `no body named "${name}"${near ? `; did you mean "${near}"?` : ''}`);
    }
    return i;
  }

  /** "body.point" or "body" (its centre of mass) → the body and the point in the body's frame; null if no such body. */
  namedPoint(text: string, path: string): { body: number; point: Vec3 } | null {
    const dot = text.lastIndexOf('.');
    const bodyName = dot < 0 ? text : text.slice(0, dot);
    if (!this.byName.has(bodyName) && bodyName !== 'ground') return null;
    const body = this.index(bodyName, path);
    if (dot < 0) return { body, point: body === GROUND ? [0, 0, 0] : this.frames[body].center };
    const pointName = text.slice(dot + 1);
    const points = body === GROUND ? this.groundPoints : this.frames[body].points;
    const point = points.get(pointName);
    if (!point) {
      const near = closestName(pointName, [...points.keys()]);
      throw new ModelError(path, `"${bodyName}" has no point named "${pointName}"${near ? `; did you mean "${near}"?` : ''}`);
    }
    return { body, point };
  }

  groundPoints = new Map<string, Vec3>();
  private stated: Float64Array | null = null;

  /** The coordinates q of the bodies as stated (once all bodies are added). */
  statedCoordinates(): Float64Array {
    this.stated ??= statedInitialState(new AssembledSystem({ bodies: this.bodies, constraints: [], loads: [], primaryBody: 0 })).q;
    return this.stated;
  }

  /**
   * For a text that reads as a point reference ("body.point" or a body) naming no body: "no body named …" with
   * the nearest body; null when it does not read as one (an expression).
   */
  unknownBody(text: string): string | null {
    const dot = text.lastIndexOf('.');
    const bodyName = dot < 0 ? text : text.slice(0, dot);
    const near = closestName(bodyName, [...this.byName.keys(), 'ground']);
    const looksLikeName = dot > 0 && !/[()[\]+*/,^<>=!?:'"]/.test(text);
    if (!near && !looksLikeName) return null;
    return `no body named "${bodyName}"${near ? `; did you mean "${near}"?` : ''}`;
  }
}

/** Where a joint, force or spring end is: global at t = 0, and on which body if it was named. */
interface Location {
  readonly global: Vec3;
  readonly named: { readonly body: number; readonly point: Vec3 } | null;
}

function locate(spec: WhereSpec, table: BodyTable, scope: Scope, path: string): Location {
  if (typeof spec !== 'string') return { global: vectorOf(spec, scope, path), named: null };
  const text = nameOf(spec, scope, path);
  const named = table.namedPoint(text, path);
  if (named) {
    const global = named.body === GROUND ? named.point : globalPointAtStart(table.frames[named.body], named.point);
    return { global, named };
  }
  try {
    return { global: vectorOf(spec, scope, path), named: null };
  } catch (error) {
    // Neither a named point nor an expression: most likely a misspelt body.
    const unknown = table.unknownBody(text);
    if (unknown) throw new ModelError(path, `${unknown} (a place is "body.point", a body, or a global point [x, y, z])`);
    throw error;
  }
}

/** A location as a point on `body` in the solver body's axes (global for ground). */
function pointOn(body: number, where: Location, table: BodyTable): Vec3 {
  if (body === GROUND) return where.global;
  const frame = table.frames[body];
  if (where.named && where.named.body === body) return toSolverPoint(frame, where.named.point);
  return siteFromGlobal(table.bodies, body, where.global, [0, 0, 1], [1, 0, 0]).point;
}

/** A unit direction perpendicular to `axis`: from the global axis least aligned with it. */
function defaultRef(axis: Vec3): Vec3 {
  const candidates: Vec3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  let best = candidates[0];
  for (const c of candidates) if (Math.abs(dot3(c, axis)) < Math.abs(dot3(best, axis))) best = c;
  const d = dot3(best, axis);
  return unitVector([best[0] - d * axis[0], best[1] - d * axis[1], best[2] - d * axis[2]], 'ref');
}

/** A joint site on one of its bodies: the point (exact when named on this body) and the axes in its axes. */
function siteOf(body: number, where: Location, axis: Vec3, ref: Vec3, table: BodyTable): JointSite {
  if (body === GROUND) return { body, point: where.global, axis, ref };
  const site = siteFromGlobal(table.bodies, body, where.global, axis, ref);
  if (where.named && where.named.body === body) return { ...site, point: toSolverPoint(table.frames[body], where.named.point) };
  return site;
}

interface BuiltJoint {
  readonly spec: JointSpec;
  readonly name: string;
  readonly a: JointSite;
  readonly b: JointSite;
  /** Global axis and ref at t = 0 (for drivers and motions). */
  readonly axis: Vec3;
  readonly ref: Vec3;
  readonly constraint: Constraint;
  readonly path: string;
  /** The scope the joint was read in (its `initial` values are read in it too). */
  readonly scope: Scope;
}

function jointOf(item: Expanded<JointSpec>, table: BodyTable): BuiltJoint {
  const { spec, scope, path } = item;
  const name = nameOf(spec.name, scope, `${path}.name`);
  const bodyA = table.index(nameOf(spec.bodies[0], scope, `${path}.bodies[0]`), `${path}.bodies[0]`);
  const bodyB = table.index(nameOf(spec.bodies[1], scope, `${path}.bodies[1]`), `${path}.bodies[1]`);
  if (bodyA === bodyB) {
    throw new ModelError(`${path}.bodies`, bodyA === GROUND ? 'a joint needs at least one body besides ground' : `a joint between "${spec.bodies[0]}" and itself`);
  }
  const where = locate(spec.at, table, scope, `${path}.at`);
  let axis: Vec3, ref: Vec3, axisB: Vec3 | null = null;
  if (spec.type === 'universal') {
    axis = unitVector(vectorOf(spec.axes[0], scope, `${path}.axes[0]`), `${path}.axes[0]`);
    axisB = unitVector(vectorOf(spec.axes[1], scope, `${path}.axes[1]`), `${path}.axes[1]`);
    checkPerpendicular(axis, axisB, `${path}.axes`, 'the two axes of a universal joint');
    ref = axisB;
  } else {
    const given = 'axis' in spec && spec.axis !== undefined ? spec.axis : undefined;
    axis = given === undefined ? [0, 0, 1] : unitVector(vectorOf(given, scope, `${path}.axis`), `${path}.axis`);
    const givenRef = 'ref' in spec && spec.ref !== undefined ? spec.ref : undefined;
    if (givenRef === undefined) {
      ref = given === undefined ? [1, 0, 0] : defaultRef(axis);
    } else {
      ref = unitVector(vectorOf(givenRef, scope, `${path}.ref`), `${path}.ref`);
      checkPerpendicular(axis, ref, path, 'axis and ref');
    }
  }
  const a = siteOf(bodyA, where, axis, ref, table);
  const b = axisB ? siteOf(bodyB, where, axisB, axis, table) : siteOf(bodyB, where, axis, ref, table);
  const factory = { spherical: sphericalJoint, revolute: revoluteJoint, prismatic: prismaticJoint, cylindrical: cylindricalJoint, universal: universalJoint, fixed: fixedJoint }[spec.type];
  return { spec, name, a, b, axis, ref, constraint: factory(name, a, b), path, scope };
}

/** The revolute joint a motion, motor, torsion spring or output refers to. */
function revoluteNamed(joints: ReadonlyMap<string, BuiltJoint>, name: string, path: string): BuiltJoint {
  const joint = joints.get(name);
  if (!joint) {
    const near = closestName(name, [...joints.keys()]);
    throw new ModelError(path, `no joint named "${name}"${near ? `; did you mean "${near}"?` : ''}`);
  }
  if (joint.spec.type !== 'revolute') throw new ModelError(path, `"${name}" is a ${joint.spec.type} joint; this needs a revolute joint`);
  return joint;
}

const revoluteAxes = (j: BuiltJoint): RevoluteAxes => ({
  bodyA: j.a.body, axisA: j.a.axis, refA: j.a.ref, bodyB: j.b.body, axisB: j.b.axis, refB: j.b.ref,
});

/** The body side of a joint to ground (for drivers and motions, which turn a body about a fixed axis). */
function groundedSite(j: BuiltJoint, path: string, what: string): JointSite {
  if (j.a.body === GROUND) return j.b;
  if (j.b.body === GROUND) return j.a;
  throw new ModelError(path, `${what} needs a joint to ground; "${j.name}" joins two bodies`);
}

/** The name of the assembly driver that holds a joint's `initial` angle and rate. */
const initialDriverName = (joint: string) => `the initial angle of "${joint}"`;

/**
 * Assembly drivers from the joints' `initial` (held while the initial state is made consistent). A joint to
 * ground held at its drawn angle gets the prescribed rotation the builders in code used (its rows to the bit);
 * any other angle, and a joint between two bodies, the joint-angle driver, which reaches any angle.
 */
function initialDrivers(joints: readonly BuiltJoint[]): Constraint[] {
  const drivers: Constraint[] = [];
  for (const j of joints) {
    if (j.spec.type !== 'revolute' || !j.spec.initial) continue;
    const { initial } = j.spec;
    const { scope } = j;
    const path = `${j.path}.initial`;
    const angle = initial.angle === undefined ? 0 : (numberOf(initial.angle, scope, `${path}.angle`) * Math.PI) / 180;
    const rate = initial.rate === undefined ? 0 : numberOf(initial.rate, scope, `${path}.rate`);
    const name = initialDriverName(j.name);
    const grounded = j.a.body === GROUND ? j.b : j.b.body === GROUND ? j.a : null;
    if (angle === 0 && grounded) drivers.push(prescribedRotation(name, grounded, j.axis, j.ref, (t) => [rate * t, rate, 0]));
    else drivers.push(jointAngleDriver(name, revoluteAxes(j), angle, rate));
  }
  return drivers;
}

function motionOf(item: Expanded<MotionSpec>, joints: ReadonlyMap<string, BuiltJoint>): Constraint {
  const { spec, scope, path } = item;
  const joint = revoluteNamed(joints, nameOf(spec.joint, scope, `${path}.joint`), `${path}.joint`);
  const site = groundedSite(joint, `${path}.joint`, 'a prescribed rotation');
  const angle = angleJet(spec.angle, scope, `${path}.angle`);
  // G = sin(φ − θ(t)) holds φ = θ only within a quarter turn of the pose it starts from (prescribedRotation.ts).
  const start = angle(0)[0];
  if (!Number.isFinite(start)) throw new ModelError(`${path}.angle`, `the motion's angle at t = 0 is ${start}, not a finite number`);
  if (!(Math.abs(start) < Math.PI / 2)) {
    throw new ModelError(`${path}.angle`, `the motion starts ${((start * 180) / Math.PI).toFixed(1)}° from the drawn pose; draw the body within 90° of where it starts (at t = 0 the angle is measured from the drawn pose)`);
  }
  return prescribedRotation(nameOf(spec.name, scope, `${path}.name`), site, joint.axis, joint.ref, angle);
}

/** A point of a load or output: "body.point", "body" or a global point (on ground). */
function bodyPoint(spec: WhereSpec, table: BodyTable, scope: Scope, path: string): BodyPoint {
  const where = locate(spec, table, scope, path);
  if (!where.named) return { body: GROUND, point: where.global };
  return { body: where.named.body, point: pointOn(where.named.body, where, table) };
}

/** A body-axes vector function turned into the solver body's axes (the principal axes). */
function inSolverAxes(frame: BodyFrame, f: VectorOfTime): VectorOfTime {
  if (frame.identity) return f;
  const v = new Float64Array(3);
  return (t, out) => {
    f(t, v);
    const r = toSolverDirection(frame, [v[0], v[1], v[2]]);
    out[0] = r[0]; out[1] = r[1]; out[2] = r[2];
  };
}

function loadsOf(
  item: Expanded<LoadSpec>, table: BodyTable, joints: ReadonlyMap<string, BuiltJoint>, springs: Map<string, DrawnSpring>,
): Load[] {
  const { spec, scope, path } = item;
  const name = nameOf(spec.name, scope, `${path}.name`);
  switch (spec.type) {
    case 'force': {
      const body = table.index(nameOf(spec.body, scope, `${path}.body`), `${path}.body`);
      if (body === GROUND) throw new ModelError(`${path}.body`, 'a force on ground does nothing');
      const f = vectorTimeFunction(spec.value, scope, `${path}.value`);
      if (spec.at === undefined) return [globalForce(body, f, name)];
      return [pointForce(name, body, pointOn(body, locate(spec.at, table, scope, `${path}.at`), table), f)];
    }
    case 'moment': {
      const body = table.index(nameOf(spec.body, scope, `${path}.body`), `${path}.body`);
      if (body === GROUND) throw new ModelError(`${path}.body`, 'a moment on ground does nothing');
      const m = vectorTimeFunction(spec.value, scope, `${path}.value`);
      return [spec.axes === 'global' ? globalMoment(body, m, name) : bodyFixedMoment(body, inSolverAxes(table.frames[body], m), name)];
    }
    case 'motor':
      return jointTorque(name, revoluteAxes(revoluteNamed(joints, nameOf(spec.joint, scope, `${path}.joint`), `${path}.joint`)), timeFunction(spec.torque, scope, `${path}.torque`));
    case 'spring': {
      const a = bodyPoint(spec.between[0], table, scope, `${path}.between[0]`);
      const b = bodyPoint(spec.between[1], table, scope, `${path}.between[1]`);
      if (a.body === b.body) throw new ModelError(`${path}.between`, 'both ends are on the same body: the spring would do nothing');
      const k = nonNegative(numberOf(spec.stiffness, scope, `${path}.stiffness`), `${path}.stiffness`);
      const c = spec.damping === undefined ? 0 : nonNegative(numberOf(spec.damping, scope, `${path}.damping`), `${path}.damping`);
      const length = spec.length === undefined ? startLength(table, a, b) : nonNegative(numberOf(spec.length, scope, `${path}.length`), `${path}.length`);
      if (springs.has(name)) throw new ModelError(`${path}.name`, `a second spring named "${name}"`);
      springs.set(name, { name, a, b });
      return [springDamper(name, a, b, k, c, length)];
    }
    case 'torsion-spring': {
      const joint = revoluteNamed(joints, nameOf(spec.joint, scope, `${path}.joint`), `${path}.joint`);
      const k = nonNegative(numberOf(spec.stiffness, scope, `${path}.stiffness`), `${path}.stiffness`);
      const c = spec.damping === undefined ? 0 : nonNegative(numberOf(spec.damping, scope, `${path}.damping`), `${path}.damping`);
      const rest = spec.angle === undefined ? 0 : (numberOf(spec.angle, scope, `${path}.angle`) * Math.PI) / 180;
      return [torsionSpring(name, revoluteAxes(joint), k, c, rest)];
    }
  }
}

function nonNegative(x: number, path: string): number {
  if (!(x >= 0)) throw new ModelError(path, `must be ≥ 0, not ${x}`);
  return x;
}

/** The distance between two points at the stated initial poses (a spring's rest length when none is given). */
function startLength(table: BodyTable, a: BodyPoint, b: BodyPoint): number {
  return pointDistance(table.statedCoordinates(), a, b);
}

const COMPONENT: Readonly<Record<'x' | 'y' | 'z', Component>> = { x: 0, y: 1, z: 2 };

function outputOf(
  item: Expanded<OutputSpec>, table: BodyTable, joints: ReadonlyMap<string, BuiltJoint>, springs: ReadonlyMap<string, DrawnSpring>,
): ModelOutput {
  const { spec, scope, path } = item;
  const name = nameOf(spec.name, scope, `${path}.name`);
  if (name === OMEGA_PLOT_NAME) {
    throw new ModelError(`${path}.name`, `"${OMEGA_PLOT_NAME}" is reserved (a link's output=${OMEGA_PLOT_NAME} plots ω); name the output otherwise, e.g. "omega_z"`);
  }
  const formula = formulaStart(name);
  if (formula) {
    throw new ModelError(`${path}.name`, `an output name cannot start with ${formula}: it heads a CSV column, and a spreadsheet would read it as a formula; name the output otherwise, e.g. "beta"`);
  }
  switch (spec.type) {
    case 'position':
    case 'velocity': {
      const pointName = nameOf(spec.point, scope, `${path}.point`);
      const where = table.namedPoint(pointName, `${path}.point`);
      if (!where) {
        const dot = pointName.lastIndexOf('.');
        const near = closestName(dot < 0 ? pointName : pointName.slice(0, dot), [...table.bodies.map((b) => b.name), 'ground']);
        throw new ModelError(`${path}.point`, `no body named "${dot < 0 ? pointName : pointName.slice(0, dot)}"${near ? `; did you mean "${near}"?` : ''}`);
      }
      const at = where.body === GROUND ? { body: GROUND, point: where.point } : { body: where.body, point: toSolverPoint(table.frames[where.body], where.point) };
      return pointOutput(name, spec.type, at, COMPONENT[spec.component]);
    }
    case 'angle':
      return jointAngleOutput(name, revoluteAxes(revoluteNamed(joints, nameOf(spec.joint, scope, `${path}.joint`), `${path}.joint`)), spec.offset === undefined ? 0 : numberOf(spec.offset, scope, `${path}.offset`));
    case 'rate':
      return jointRateOutput(name, revoluteAxes(revoluteNamed(joints, nameOf(spec.joint, scope, `${path}.joint`), `${path}.joint`)));
    case 'omega': {
      const body = table.index(nameOf(spec.body, scope, `${path}.body`), `${path}.body`);
      if (body === GROUND) throw new ModelError(`${path}.body`, 'ground does not turn');
      const frame = table.frames[body];
      const axes = spec.axes ?? 'body';
      if (axes === 'body' && !frame.identity) return bodyFrameOmega(name, body, frame, COMPONENT[spec.component]);
      return omegaOutput(name, body, COMPONENT[spec.component], axes);
    }
    case 'spring-length': {
      const springName = nameOf(spec.spring, scope, `${path}.spring`);
      const spring = springs.get(springName);
      if (!spring) {
        const near = closestName(springName, [...springs.keys()]);
        throw new ModelError(`${path}.spring`, `no spring named "${springName}"${near ? `; did you mean "${near}"?` : ''}`);
      }
      return distanceOutput(name, spring.a, spring.b);
    }
  }
}

/** ω in the body's own axes when they are not the principal axes: R_p ω_principal. */
function bodyFrameOmega(name: string, body: number, frame: BodyFrame, component: Component): ModelOutput {
  const parts = [0, 1, 2].map((k) => omegaOutput(name, body, k as Component, 'body'));
  const row = frame.principal.slice(3 * component, 3 * component + 3);
  return {
    name,
    unit: 'rad/s',
    evaluate: (q, qd, t) => row[0] * parts[0].evaluate(q, qd, t) + row[1] * parts[1].evaluate(q, qd, t) + row[2] * parts[2].evaluate(q, qd, t),
  };
}

// ---------------------------------------------------------------------------------------------
// Drawing

const LOCAL_Y: Vec3 = [0, 1, 0];

/** Rotation taking local y to the unit vector d (scalar first). */
function yTo(d: Vec3): Vec4 {
  const c = dot3(LOCAL_Y, d);
  if (c < -1 + 1e-12) return [0, 0, 0, 1];
  const axis = cross3(LOCAL_Y, d);
  const w = 1 + c;
  const n = Math.sqrt(w * w + dot3(axis, axis));
  return [w / n, axis[0] / n, axis[1] / n, axis[2] / n];
}

const AXIS_NAMES: ReadonlySet<unknown> = new Set(['x', 'y', 'z', '-x', '-y', '-z']);

/** A shape's axis: a body axis by name ("-y"), or a direction (unit length after this); default z. */
function shapeAxis(spec: Extract<ShapeSpec, { axis?: unknown }>['axis'], scope: Scope, path: string): Vec3 {
  const axis = spec ?? 'z';
  if (!AXIS_NAMES.has(axis)) return unitVector(vectorOf(axis as Exclude<typeof axis, 'x'>, scope, path), path);
  const name = axis as string;
  const sign = name.startsWith('-') ? -1 : 1;
  const index = COMPONENT[name.replace('-', '') as 'x' | 'y' | 'z'];
  return [index === 0 ? sign : 0, index === 1 ? sign : 0, index === 2 ? sign : 0];
}

function shapesOf(specs: ShapeSpec | readonly ShapeSpec[] | undefined, frame: BodyFrame | null, scope: Scope, path: string): DrawnShape[] {
  const list: readonly ShapeSpec[] = specs === undefined ? [] : Array.isArray(specs) ? (specs as readonly ShapeSpec[]) : [specs as ShapeSpec];
  const principal = frame && !frame.identity ? frame.principal : null;
  // The principal axes' rotation, inverted: body-frame directions into the solver body's axes.
  const toBody = principal
    ? eulerParametersFromMatrix([principal[0], principal[3], principal[6], principal[1], principal[4], principal[7], principal[2], principal[5], principal[8]])
    : ([1, 0, 0, 0] as Vec4);
  return list.map((shape, k) => {
    const p = `${path}${Array.isArray(specs) ? `[${k}]` : ''}`;
    const at = shape.at === undefined ? [0, 0, 0] as Vec3 : vectorOf(shape.at, scope, `${p}.at`);
    const position = frame ? toSolverPoint(frame, at) : at;
    const color = shape.color ?? null;
    if (shape.type === 'box') return { type: 'box', size: vectorOf(shape.size, scope, `${p}.size`), position, orientation: toBody, color };
    if (shape.type === 'sphere') {
      const r = numberOf(shape.radius, scope, `${p}.radius`);
      return { type: 'sphere', size: [r, r, r], position, orientation: toBody, color };
    }
    const r = numberOf(shape.radius, scope, `${p}.radius`), l = numberOf(shape.length, scope, `${p}.length`);
    const local = frame ? toSolverDirection(frame, shapeAxis(shape.axis, scope, `${p}.axis`)) : shapeAxis(shape.axis, scope, `${p}.axis`);
    return { type: shape.type, size: [r, l, r], position, orientation: yTo(local), color };
  });
}

function jointDrawing(j: BuiltJoint): DrawnJoint {
  const site = j.a.body === GROUND ? j.b : j.a;
  const withAxis = j.spec.type === 'revolute' || j.spec.type === 'prismatic' || j.spec.type === 'cylindrical';
  return { name: j.name, type: j.spec.type, body: site.body, point: site.point, axis: withAxis ? site.axis : null };
}

// ---------------------------------------------------------------------------------------------

/** Names must be unique within joints and motions, loads and outputs (they name notices, plot lines and sim columns). */
function uniqueNames(items: readonly { readonly name: string; readonly path: string; readonly context: string }[], what: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.name)) inItem(item, () => { throw new ModelError(`${item.path}.name`, `a second ${what} named "${item.name}"`); });
    seen.add(item.name);
  }
}

/** The name of an item, read in its own scope. */
const itemName = (item: Expanded<{ readonly name: string }>) => inItem(item, () => nameOf(item.spec.name, item.scope, `${item.path}.name`));

/** Compiles a document (already checked against the schema) with complete parameter values. */
export function compileModel(doc: ModelDocument, values: ModelValues): CompiledModel {
  const scope = documentScope(doc, values);
  const expanded = expandDocument(doc, scope);
  const table = new BodyTable();
  for (const [pointName, v] of Object.entries(doc.ground?.points ?? {})) table.groundPoints.set(pointName, vectorOf(v, scope, keyPath('ground.points', pointName)));

  const bodyItems: Expanded<BodySpec>[] = expanded.bodies;
  if (bodyItems.length === 0) throw new ModelError('bodies', 'a model needs at least one body');
  if (bodyItems.length > MODEL_LIMITS.bodies) throw new ModelError('bodies', `${bodyItems.length} bodies; the limit is ${MODEL_LIMITS.bodies}`);
  const bodyColors: (string | null)[] = [];
  for (const item of bodyItems) {
    inItem(item, () => {
      const name = nameOf(item.spec.name, item.scope, `${item.path}.name`);
      const { body, frame } = bodyOf(item.spec, name, table.bodies.length, item.scope, item.path);
      table.add(body, frame, item.path);
    });
    bodyColors.push(item.spec.color ?? null);
  }

  const joints = expanded.joints.map((item) => inItem(item, () => jointOf(item, table)));
  const motionNames = expanded.motions.map(itemName);
  uniqueNames([
    ...joints.map((j, k) => ({ name: j.name, path: j.path, context: expanded.joints[k].context })),
    ...expanded.motions.map((item, k) => ({ name: motionNames[k], path: item.path, context: item.context })),
  ], 'joint or motion');
  const jointsByName = new Map(joints.map((j) => [j.name, j]));
  const motions = expanded.motions.map((item) => inItem(item, () => motionOf(item, jointsByName)));
  const constraints = [...joints.map((j) => j.constraint), ...motions];
  const equations = table.bodies.length + constraints.reduce((n, c) => n + c.rows, 0);
  if (equations > MODEL_LIMITS.equations) throw new ModelError('joints', `${equations} equations; the limit is ${MODEL_LIMITS.equations}`);

  const springs = new Map<string, DrawnSpring>();
  const loadItems: Expanded<LoadSpec>[] = expanded.loads;
  uniqueNames(loadItems.map((item) => ({ name: itemName(item), path: item.path, context: item.context })), 'load');
  const loads: Load[] = [];
  if (doc.gravity !== undefined) loads.push(gravity(table.bodies, vectorOf(doc.gravity, scope, 'gravity')));
  for (const item of loadItems) loads.push(...inItem(item, () => loadsOf(item, table, jointsByName, springs)));

  const outputItems: Expanded<OutputSpec>[] = expanded.outputs;
  uniqueNames(outputItems.map((item) => ({ name: itemName(item), path: item.path, context: item.context })), 'output');
  const outputs = outputItems.map((item) => inItem(item, () => outputOf(item, table, jointsByName, springs)));

  const primaryBody = doc.primaryBody === undefined ? 0 : table.index(doc.primaryBody, 'primaryBody');
  if (primaryBody === GROUND) throw new ModelError('primaryBody', 'the primary body cannot be ground');
  const model: MultibodyModel = {
    bodies: table.bodies,
    constraints,
    loads,
    primaryBody,
    ...(joints.some((j) => j.spec.type === 'revolute' && j.spec.initial) ? { assemblyDrivers: initialDrivers(joints) } : {}),
    ...(outputs.length > 0 ? { outputs } : {}),
  };
  const drawing: ModelDrawing = {
    bodies: bodyItems.map((item, i) => ({
      name: table.bodies[i].name,
      color: bodyColors[i],
      shapes: inItem(item, () => shapesOf(item.spec.shape, table.frames[i], item.scope, `${item.path}.shape`)),
    })),
    ground: shapesOf(doc.ground?.shape, null, scope, 'ground.shape'),
    joints: joints.map(jointDrawing),
    springs: [...springs.values()],
  };
  const sources = new Map<string, string>();
  for (const j of joints) {
    sources.set(j.name, j.path);
    if (j.spec.type === 'revolute' && j.spec.initial) sources.set(initialDriverName(j.name), `${j.path}.initial`);
  }
  expanded.motions.forEach((item, k) => sources.set(motionNames[k], item.path));
  const warningPlaces = doc.gravity === undefined ? [] : fallingBodies(table, joints, springs, bodyItems);
  return { model, drawing, warnings: warningPlaces.map((w) => w.message), warningPlaces, sources };
}

/**
 * Bodies that no chain of joints and springs ties to ground fall freely under gravity: legal (a thrown body, a
 * satellite), but rarely meant.
 */
function fallingBodies(
  table: BodyTable, joints: readonly BuiltJoint[], springs: ReadonlyMap<string, DrawnSpring>, items: readonly Expanded<BodySpec>[],
): ModelWarning[] {
  const count = table.bodies.length;
  // Union–find over the bodies, ground as index `count`.
  const parent = Array.from({ length: count + 1 }, (_, i) => i);
  const root = (i: number): number => { while (parent[i] !== i) { parent[i] = parent[parent[i]]; i = parent[i]; } return i; };
  const join = (a: number, b: number) => { parent[root(a === GROUND ? count : a)] = root(b === GROUND ? count : b); };
  for (const j of joints) join(j.a.body, j.b.body);
  for (const spring of springs.values()) join(spring.a.body, spring.b.body);
  const grounded = root(count);
  const warnings: ModelWarning[] = [];
  table.bodies.forEach((b, i) => {
    if (root(i) === grounded) return;
    warnings.push({ path: items[i].path, message: `"${b.name}" is not tied to ground by any joint or spring: it falls freely under gravity` });
  });
  return warnings;
}
