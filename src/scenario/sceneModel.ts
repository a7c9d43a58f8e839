/**
 * What the 3D view draws of any model (SPEC §8): the model file's drawing (compile.ts ModelDrawing: shapes in
 * each solver body's axes, joints, springs, ground shapes), the bodies' poses at t = 0 and the up direction
 * (against gravity). Compiling is cheap; the view does not assemble the model (the run does, and its first
 * sample shows the assembled pose). Pure; no React, no WebGL.
 */
import { compileModel, type DrawnJoint, type DrawnShape, type DrawnSpring } from '../modelfile/compile';
import { documentScope, vectorOf } from '../modelfile/scope';
import type { ScenarioDef, ParamValues } from './types';
import type { Vec3, Vec4 } from '../solver/model/types';
import { boxWithInertia } from './shapes';
import { hypot } from '../solver/exactMath';

export interface SceneBody {
  readonly name: string;
  /** The body's own colour (its shapes' default), as written in the file. */
  readonly color: string | null;
  readonly shapes: readonly DrawnShape[];
  /** True when the file gives no shape: the box with the body's inertia for its mass is drawn. */
  readonly inertiaBox: boolean;
}

export interface SceneJoint extends DrawnJoint {
  /** The bodies it joins (one for a joint to ground). */
  readonly bodies: readonly number[];
  /** True for a joint between a body and ground. */
  readonly grounded: boolean;
}

export interface SceneModel {
  readonly bodies: readonly SceneBody[];
  readonly ground: readonly DrawnShape[];
  readonly joints: readonly SceneJoint[];
  readonly springs: readonly DrawnSpring[];
  /** Poses at t = 0, 7 per body: r, then Euler parameters e0..e3 (shown until a run's first sample). */
  readonly initialPoses: Float64Array;
  readonly primaryBody: number;
  /** Unit vector against gravity (+z without gravity). */
  readonly up: Vec3;
}

const IDENTITY: Vec4 = [1, 0, 0, 0];

/** Smallest side of an inertia box, as a share of the model's extent (a point mass still shows). */
const MIN_BOX_SIDE = 0.02;

/** −g/|g|, or +z when there is no gravity. Example: upFromGravity([0, -9.81, 0]) → [0, 1, 0]. */
export function upFromGravity(g: Vec3 | null): Vec3 {
  const n = g ? hypot(g[0], g[1], g[2]) : 0;
  return g && n > 1e-12 ? [0 - g[0] / n, 0 - g[1] / n, 0 - g[2] / n] : [0, 0, 1];
}

/** The model's gravity vector at these values, or null if it has none. */
function gravityOf(def: ScenarioDef, values: ParamValues): Vec3 | null {
  const doc = def.document;
  return doc.gravity === undefined ? null : vectorOf(doc.gravity, documentScope(doc, values), 'gravity');
}

/** The scene of a scenario at the given parameter values. Throws the model's own error if it does not compile. */
export function sceneModelOf(def: ScenarioDef, values: ParamValues): SceneModel {
  const { model, drawing } = compileModel(def.document, values);
  const initialPoses = new Float64Array(7 * model.bodies.length);
  model.bodies.forEach((b, i) => {
    initialPoses.set(b.position, 7 * i);
    initialPoses.set(b.orientation, 7 * i + 3);
  });
  const byName = new Map(model.constraints.map((c) => [c.name, c]));
  const joints = drawing.joints.map((j): SceneJoint => {
    const bodies = byName.get(j.name)?.bodies ?? [j.body];
    return { ...j, bodies, grounded: bodies.length < 2 };
  });

  // Extent of the bodies' centres and their shapes, for the smallest side of an inertia box.
  let extent = 0;
  drawing.bodies.forEach((b, i) => {
    const r = model.bodies[i].position;
    for (const s of b.shapes) extent = Math.max(extent, hypot(r[0], r[1], r[2]) + Math.max(...s.size));
  });
  const boxes = model.bodies.map((b) => boxWithInertia(b.mass, b.inertia));
  for (let i = 0; i < boxes.length; i++) {
    const r = model.bodies[i].position;
    extent = Math.max(extent, hypot(r[0], r[1], r[2]) + Math.max(...boxes[i]) / 2);
  }
  const minSide = MIN_BOX_SIDE * (extent > 0 ? extent : 1);

  const bodies = drawing.bodies.map((b, i): SceneBody => {
    if (b.shapes.length > 0) return { name: b.name, color: b.color, shapes: b.shapes, inertiaBox: false };
    const size = boxes[i].map((d) => Math.max(d, minSide)) as unknown as Vec3;
    // The primary body's box in the method's colour, as before there were shapes: it tells the rigs apart.
    const color = b.color ?? (i === model.primaryBody ? 'method' : null);
    return { name: b.name, color, shapes: [{ type: 'box', size, position: [0, 0, 0], orientation: IDENTITY, color: null }], inertiaBox: true };
  });
  return {
    bodies,
    ground: drawing.ground,
    joints,
    springs: drawing.springs,
    initialPoses,
    primaryBody: model.primaryBody,
    up: upFromGravity(gravityOf(def, values)),
  };
}
