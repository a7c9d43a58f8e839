/**
 * The instance layout of the 3D view: every shape of every rig (bodies, joint glyphs, ground shapes and stands)
 * sorted into batches, one per unit geometry (box, sphere, cylinder, cone) and material (opacity, ghost or not),
 * each drawn as one InstancedMesh with a colour per instance. Each instance keeps the body that moves it and its
 * matrix in that body's axes; per frame only the bodies' matrices are computed and multiplied in
 * (writeBodyMatrices, writeInstanceMatrices), into arrays allocated once. Pure; no WebGL.
 */
import type { DrawnShape } from '../../../modelfile/compile';
import type { Vec3 } from '../../../solver/model/types';
import type { Palette } from '../../theme';
import { composeMatrix, multiplyMatrices, poseMatrix, rotateVector, yToward, type Floats } from './sceneMath';
import { resolveColor, type ThemeColor } from './sceneColors';
import type { SceneLayout } from './sceneLayout';
import { fromStage, toStage } from './sceneGeometry';

export type UnitGeometry = 'box' | 'sphere' | 'cylinder' | 'cone';

/** One rig: the method whose poses it shows, its colour, and whether it is a ghost (overlaid, translucent). */
export interface RigSpec {
  readonly methodColor: string;
  readonly ghost: boolean;
}

/** Instances drawn with one geometry and one material. */
export interface InstanceBatch {
  readonly key: string;
  readonly geometry: UnitGeometry;
  /** Joint glyphs and stands are small and many (121 pins on the N-four-bar): drawn with coarser geometry. */
  readonly glyph: boolean;
  /** Material opacity (1 opaque); a ghost batch is see-through whatever this says. */
  readonly opacity: number;
  readonly ghost: boolean;
  readonly count: number;
  /** Per instance: its rig, and the body whose pose moves it (FIXED: fixed to the rig's ground). */
  readonly rig: Int32Array;
  readonly body: Int32Array;
  /** Per instance: the unit geometry's matrix in its body's axes (global metres for FIXED), 16 each. */
  readonly local: Float64Array;
  /** Per instance: sRGB colour. */
  readonly colors: readonly string[];
}

/** Body index of an instance fixed in space (ground shapes, stands). */
export const FIXED = -1;

/** Opacity of a ghost: the solid first method shows through it, and it through the solid one. */
export const GHOST_OPACITY = 0.35;

interface PendingInstance {
  readonly geometry: UnitGeometry;
  readonly glyph: boolean;
  readonly rig: number;
  readonly body: number;
  readonly local: Float64Array;
  readonly color: string;
  readonly opacity: number;
  readonly ghost: boolean;
}

/** The unit geometry's matrix for a shape: T(position) · R(orientation) · S(size as the unit geometry wants it). */
export function shapeMatrix(shape: DrawnShape): Float64Array {
  const m = new Float64Array(16);
  const [a, b, c] = shape.size;
  const [sx, sy, sz] = shape.type === 'box' ? [a, b, c] : shape.type === 'sphere' ? [a, a, a] : [a, b, a];
  const [e0, e1, e2, e3] = shape.orientation;
  composeMatrix(m, 0, shape.position[0], shape.position[1], shape.position[2], e0, e1, e2, e3, sx, sy, sz);
  return m;
}

/** A shape of the given kind at `point`, its y axis along `axis`. */
function glyph(type: DrawnShape['type'], point: Vec3, axis: Vec3 | null, size: Vec3): DrawnShape {
  return { type, size, position: point, orientation: axis ? yToward(axis) : [1, 0, 0, 0], color: null };
}

/**
 * The glyph of a joint, in its body's axes (r the glyph radius): a ball for a spherical joint, a short pin along
 * the axis for a revolute one, a longer thin rod for a cylindrical one, a slot along the axis for a prismatic one,
 * a cube for a universal or fixed joint.
 */
export function jointGlyph(type: string, point: Vec3, axis: Vec3 | null, r: number): DrawnShape {
  switch (type) {
    case 'spherical': return glyph('sphere', point, null, [r, r, r]);
    case 'revolute': return glyph('cylinder', point, axis, [0.6 * r, 3 * r, 0.6 * r]);
    case 'cylindrical': return glyph('cylinder', point, axis, [0.4 * r, 5 * r, 0.4 * r]);
    case 'prismatic': return glyph('box', point, axis, [0.9 * r, 5 * r, 0.9 * r]);
    default: return glyph('box', point, null, [1.4 * r, 1.4 * r, 1.4 * r]);
  }
}

/**
 * Every instance of the scene in batches. Solid rigs draw the bodies' shapes, the joints' glyphs, the ground's
 * shapes and a stand under each spherical or universal joint to ground (a top needs something to stand on);
 * a ghost draws only the bodies, all in its method's colour. Batches come out in a fixed order (solid before
 * ghost, then by geometry and opacity), so a plan for the same model keeps its meshes.
 */
export function planInstances(layout: SceneLayout, rigs: readonly RigSpec[], palette: Palette): InstanceBatch[] {
  const { model, glyph: r } = layout;
  const pending: PendingInstance[] = [];
  const add = (rig: number, body: number, shape: DrawnShape, color: string | null, fallback: ThemeColor, ghost: boolean, glyph = false) => {
    const spec = rigs[rig];
    const resolved = ghost ? { hex: spec.methodColor, opacity: 1 } : resolveColor(color, palette, spec.methodColor, fallback);
    if (resolved.opacity <= 0) return;
    pending.push({ geometry: shape.type, glyph, rig, body, local: shapeMatrix(shape), color: resolved.hex, opacity: resolved.opacity, ghost });
  };
  rigs.forEach((spec, rig) => {
    model.bodies.forEach((body, i) => {
      for (const shape of body.shapes) add(rig, i, shape, shape.color ?? body.color, 'body', spec.ghost);
    });
    if (spec.ghost) return;
    for (const j of model.joints) add(rig, j.body, jointGlyph(j.type, j.point, j.axis, r), null, 'mark', false, true);
    for (const shape of model.ground) add(rig, FIXED, shape, shape.color, 'ground', false);
    for (const stand of stands(layout)) add(rig, FIXED, stand, null, 'ground', false, true);
  });
  return batchesOf(pending);
}

/** Stands from the floor up to each spherical or universal joint to ground (global metres). */
export function stands(layout: SceneLayout): DrawnShape[] {
  const { model, axes, floor, glyph: r } = layout;
  const q = model.initialPoses;
  const out: DrawnShape[] = [];
  for (const j of model.joints) {
    if (!j.grounded || (j.type !== 'spherical' && j.type !== 'universal')) continue;
    const b = 7 * j.body;
    const offset = rotateVector(q, j.point, b + 3);
    const top = toStage(axes, [q[b] + offset[0], q[b + 1] + offset[1], q[b + 2] + offset[2]]);
    const height = top[2] - floor;
    if (height <= 2 * r) continue;
    out.push(glyph('cylinder', fromStage(axes, [top[0], top[1], floor + height / 2]), axes.up, [0.45 * r, height - r, 0.45 * r]));
  }
  return out;
}

const GEOMETRY_ORDER: readonly UnitGeometry[] = ['box', 'sphere', 'cylinder', 'cone'];

function batchesOf(pending: readonly PendingInstance[]): InstanceBatch[] {
  const groups = new Map<string, PendingInstance[]>();
  for (const p of pending) {
    const key = `${p.ghost ? 'ghost' : 'solid'}|${p.geometry}|${p.opacity}|${p.glyph ? 'glyph' : 'shape'}`;
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  const rank = (key: string) => {
    const [role, geometry, opacity, detail] = key.split('|');
    return [role === 'ghost' ? 1 : 0, GEOMETRY_ORDER.indexOf(geometry as UnitGeometry), -Number(opacity), detail === 'glyph' ? 1 : 0];
  };
  const keys = [...groups.keys()].sort((a, b) => {
    const ra = rank(a), rb = rank(b);
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2] || ra[3] - rb[3];
  });
  return keys.map((key) => {
    const list = groups.get(key)!;
    const local = new Float64Array(16 * list.length);
    list.forEach((p, k) => local.set(p.local, 16 * k));
    return {
      key,
      geometry: list[0].geometry,
      glyph: list[0].glyph,
      opacity: list[0].opacity,
      ghost: list[0].ghost,
      count: list.length,
      rig: Int32Array.from(list, (p) => p.rig),
      body: Int32Array.from(list, (p) => p.body),
      local,
      colors: list.map((p) => p.color),
    };
  });
}

/**
 * The world matrix of every body of every rig, 16 per (rig, body) at out[16 (rig · bodies + body)]: the rig's
 * base (global metres → world units, 16 per rig in `bases`) times T(r) A(e) of the body's pose (7 per body in
 * `poses[rig]`). Allocates nothing.
 */
export function writeBodyMatrices(poses: readonly Float64Array[], bases: Float64Array, bodies: number, out: Float64Array, scratch: Float64Array): void {
  for (let rig = 0; rig < poses.length; rig++) {
    for (let b = 0; b < bodies; b++) {
      poseMatrix(scratch, 0, poses[rig], 7 * b);
      multiplyMatrices(bases, 16 * rig, scratch, 0, out, 16 * (rig * bodies + b));
    }
  }
}

/** A batch's instance matrices (16 floats each, three's instanceMatrix layout): body (or base) matrix · local. Allocates nothing. */
export function writeInstanceMatrices(batch: InstanceBatch, bodyMatrices: Float64Array, bases: Float64Array, bodies: number, out: Floats): void {
  for (let k = 0; k < batch.count; k++) {
    const rig = batch.rig[k], body = batch.body[k];
    if (body === FIXED) multiplyMatrices(bases, 16 * rig, batch.local, 16 * k, out, 16 * k);
    else multiplyMatrices(bodyMatrices, 16 * (rig * bodies + body), batch.local, 16 * k, out, 16 * k);
  }
}
