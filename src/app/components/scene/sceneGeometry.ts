/**
 * Where a model stands and how it is looked at, from its shapes at t = 0: the space it sweeps (its envelope),
 * the floor under it, the direction the camera looks from, and the size of joint glyphs. Pure; no React.
 *
 * The envelope is the box of every shape at t = 0, widened where a body can only turn about a fixed point or
 * axis (a body on a spherical joint to ground sweeps a sphere, on a revolute one a circle about the axis; a body
 * without any joint turns about its centre of mass), so a top that precesses or a crank that turns stays in view
 * and above the floor.
 */
import type { DrawnShape } from '../../../modelfile/compile';
import type { Vec3 } from '../../../solver/model/types';
import { add, cross, dot, norm, normalize, rotateAbout, rotateVector, scale, sub } from './sceneMath';
import type { SceneModel } from '../../../scenario/sceneModel';

/** The corners of a shape's own bounding box in its unit geometry's axes (cylinders and cones along y, cones from y = 0). */
export function shapeCorners(shape: DrawnShape): Vec3[] {
  const [a, b, c] = shape.size;
  const [x, yLow, yHigh, z] =
    shape.type === 'box' ? [a / 2, -b / 2, b / 2, c / 2]
      : shape.type === 'sphere' ? [a, -a, a, a]
        : shape.type === 'cylinder' ? [a, -b / 2, b / 2, a]
          : [a, 0, b, a];
  const out: Vec3[] = [];
  for (const sx of [-x, x]) for (const y of [yLow, yHigh]) for (const sz of [-z, z]) out.push([sx, y, sz]);
  return out;
}

/** A shape's corners in its body's axes. */
function cornersInBody(shape: DrawnShape): Vec3[] {
  return shapeCorners(shape).map((p) => add(shape.position, rotateVector(shape.orientation, p)));
}

/** Global point of body-axes point s on body i at t = 0. */
function atStart(model: SceneModel, i: number, s: Vec3): Vec3 {
  const q = model.initialPoses;
  return add([q[7 * i], q[7 * i + 1], q[7 * i + 2]], rotateVector(q, s, 7 * i + 3));
}

/** The stage's axes: two horizontal ones (h1 the global axis most across `up`) and up; right-handed. */
export interface StageAxes {
  readonly h1: Vec3;
  readonly h2: Vec3;
  readonly up: Vec3;
}

/** Example: stageAxes([0, 0, 1]) → h1 x, h2 y; stageAxes([0, 1, 0]) → h1 x, h2 −z. */
export function stageAxes(up: Vec3): StageAxes {
  const candidates: Vec3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  let best = candidates[0];
  for (const c of candidates) if (Math.abs(dot(c, up)) < Math.abs(dot(best, up)) - 1e-12) best = c;
  const h1 = normalize(sub(best, scale(up, dot(best, up))));
  return { h1, h2: cross(up, h1), up };
}

/** A box in stage coordinates (along h1, h2, up), metres. */
export interface StageBox {
  readonly min: Vec3;
  readonly max: Vec3;
}

/** Stage coordinates (along h1, h2, up) of a global point. */
export function toStage(axes: StageAxes, p: Vec3): Vec3 {
  return [dot(p, axes.h1), dot(p, axes.h2), dot(p, axes.up)];
}

/** The global point of stage coordinates c. */
export function fromStage(axes: StageAxes, c: Vec3): Vec3 {
  return add(add(scale(axes.h1, c[0]), scale(axes.h2, c[1])), scale(axes.up, c[2]));
}

/** Unit directions sampling a sphere: the cube's 6 faces, 12 edges and 8 corners. */
const SPHERE_DIRECTIONS: readonly Vec3[] = (() => {
  const out: Vec3[] = [];
  for (const x of [-1, 0, 1]) for (const y of [-1, 0, 1]) for (const z of [-1, 0, 1]) if (x || y || z) out.push(normalize([x, y, z]));
  return out;
})();

/** Points around a circle (centre, unit axis, radius), 16 of them: enough for a camera fit within 2 %. */
function circlePoints(centre: Vec3, axis: Vec3, radius: number): Vec3[] {
  const e: Vec3 = Math.abs(axis[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const u = normalize(cross(axis, e));
  const v = cross(axis, u);
  return Array.from({ length: 16 }, (_, k) => {
    const a = (2 * Math.PI * k) / 16;
    return add(centre, add(scale(u, radius * Math.cos(a)), scale(v, radius * Math.sin(a))));
  });
}

/** The points a body's shapes can reach (global metres): its corners, swept about a fixed point or axis where it has one. */
function sweptPoints(model: SceneModel, i: number, corners: Vec3[]): Vec3[] {
  const joints = model.joints.filter((j) => j.body === i);
  const held = model.joints.some((j) => j.bodies.includes(i)) || model.springs.some((s) => s.a.body === i || s.b.body === i);
  const pivot = joints.find((j) => j.grounded && (j.type === 'spherical' || j.type === 'universal'));
  const hinge = joints.find((j) => j.grounded && (j.type === 'revolute' || j.type === 'cylindrical') && j.axis);
  const q = model.initialPoses;
  const sphere = (centre: Vec3): Vec3[] => {
    const r = Math.max(0, ...corners.map((p) => norm(sub(p, centre))));
    return SPHERE_DIRECTIONS.map((d) => add(centre, scale(d, r)));
  };
  if (pivot) return sphere(atStart(model, i, pivot.point));
  if (hinge) {
    const anchor = atStart(model, i, hinge.point);
    const axis = normalize(rotateVector(q, hinge.axis!, 7 * i + 3));
    // Each corner sweeps a circle about the axis.
    return corners.flatMap((p) => {
      const centre = add(anchor, scale(axis, dot(sub(p, anchor), axis)));
      return circlePoints(centre, axis, norm(sub(p, centre)));
    });
  }
  if (!held) return sphere([q[7 * i], q[7 * i + 1], q[7 * i + 2]]);
  return corners;
}

/**
 * The points of the envelope (global metres): every shape's corners at t = 0 (ground shapes too), swept as
 * described above. Example: a heavy top of length 1 on a spherical joint at the origin → points about 1.1 from it.
 */
export function envelopePoints(model: SceneModel): Vec3[] {
  const out: Vec3[] = [];
  model.bodies.forEach((body, i) => {
    const corners = body.shapes.flatMap(cornersInBody).map((p) => atStart(model, i, p));
    out.push(...sweptPoints(model, i, corners));
  });
  for (const shape of model.ground) out.push(...cornersInBody(shape));
  return out;
}

/** The box of the envelope in stage coordinates; a flat model (a planar linkage seen edge on) still gets a little depth. */
export function envelopeBox(points: readonly Vec3[], axes: StageAxes): StageBox {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of points) {
    const c = toStage(axes, p);
    for (let k = 0; k < 3; k++) { min[k] = Math.min(min[k], c[k]); max[k] = Math.max(max[k], c[k]); }
  }
  if (!Number.isFinite(min[0])) return { min: [-0.5, -0.5, -0.5], max: [0.5, 0.5, 0.5] };
  const size = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  for (let k = 0; k < 3; k++) {
    const pad = Math.max(0, 0.02 * size - (max[k] - min[k])) / 2;
    min[k] -= pad;
    max[k] += pad;
  }
  return { min: [min[0], min[1], min[2]], max: [max[0], max[1], max[2]] };
}

/** Half the diagonal of a box. */
export function boxRadius(box: StageBox): number {
  return norm(sub(box.max, box.min)) / 2;
}

/** The direction the camera looks along and the view's right, both unit; the camera's up is the model's up. */
export interface ViewDirection {
  readonly forward: Vec3;
  readonly right: Vec3;
  /** True when the model is flat across the view (a planar linkage): looked at face on. */
  readonly planar: boolean;
}

/** A planar model is thinner than this share of its larger other extent, across the view. */
const PLANAR_SHARE = 0.12;
/** Three-quarter view of a 3D model: turned this far about up from face on, and looking down this much (rad). */
const YAW = (40 * Math.PI) / 180;
const ELEVATION = (20 * Math.PI) / 180;
/** A planar model is looked at nearly face on, from a little above. */
const PLANAR_ELEVATION = (8 * Math.PI) / 180;

/**
 * Looks at the model's broad side: along its thinner horizontal extent, the longer one running left to right;
 * face on (a little from above) for a flat model, from a three-quarter view otherwise.
 * Example: the N-four-bar (40 m along x, flat in z, y up) is looked at along −z with x to the right.
 */
export function viewDirection(box: StageBox, axes: StageAxes): ViewDirection {
  const e1 = box.max[0] - box.min[0], e2 = box.max[1] - box.min[1], e3 = box.max[2] - box.min[2];
  const long = e1 >= e2 ? axes.h1 : axes.h2;
  const thin = Math.min(e1, e2);
  const planar = thin < PLANAR_SHARE * Math.max(e1, e2, e3);
  // forward × up = long: the long extent runs to the right.
  const face = cross(axes.up, long);
  const turned = planar ? face : rotateAbout(face, axes.up, -YAW);
  const elevation = planar ? PLANAR_ELEVATION : ELEVATION;
  const forward = normalize(sub(scale(turned, Math.cos(elevation)), scale(axes.up, Math.sin(elevation))));
  return { forward, right: normalize(cross(forward, axes.up)), planar };
}

/** The median over bodies of the distance from a body's centre to its farthest shape corner, m (0 if no shapes). */
export function typicalBodySize(model: SceneModel): number {
  const sizes = model.bodies
    .map((b) => Math.max(0, ...b.shapes.flatMap((s) => cornersInBody(s)).map((p) => norm(p))))
    .filter((s) => s > 0)
    .sort((a, b) => a - b);
  return sizes.length > 0 ? sizes[Math.floor(sizes.length / 2)] : 0;
}

/**
 * Radius of joint glyphs, m: small beside the model (3 % of the envelope's half diagonal) and beside its
 * typical body (10 % of typicalBodySize), so the N-four-bar's pins do not swallow its rods.
 */
export function glyphRadius(model: SceneModel, box: StageBox): number {
  const typical = typicalBodySize(model);
  return Math.min(0.03 * boxRadius(box), 0.1 * (typical > 0 ? typical : boxRadius(box)));
}
