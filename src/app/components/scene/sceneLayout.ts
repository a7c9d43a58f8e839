/**
 * Where things stand in the 3D view, for any model: the model's envelope scaled to about one world unit, the
 * compared methods' rigs side by side (or stacked, when that shows them larger, e.g. a long flat linkage on a
 * narrow view), the camera fitted to them, the floor under each rig. Pure; no React.
 */
import type { ScenarioState } from '../../../scenario/types';
import { getScenario } from '../../../scenario/registry';
import type { Vec3 } from '../../../solver/model/types';
import { fitCamera, frustumDirections, supportPoints, type FitMargins } from './cameraFit';
import { boxRadius, envelopeBox, envelopePoints, fromStage, glyphRadius, stageAxes, typicalBodySize, viewDirection, type StageAxes, type StageBox, type ViewDirection } from './sceneGeometry';
import { add, dot, norm, normalize, scale, sub, type Floats } from './sceneMath';
import { sceneModelOf, type SceneModel } from './sceneModel';

/** How a model is drawn, independent of how many rigs and of the view's shape. */
export interface SceneLayout {
  readonly model: SceneModel;
  readonly axes: StageAxes;
  /** Points of the space the model sweeps (sceneGeometry.envelopePoints), global metres. */
  readonly envelope: readonly Vec3[];
  /** The envelope's box in stage coordinates (along h1, h2, up), m. */
  readonly box: StageBox;
  /** The global point (m) put at each rig's origin: the envelope's centre. */
  readonly centre: Vec3;
  /** World units per metre: the envelope's half diagonal is one world unit. */
  readonly scale: number;
  readonly view: ViewDirection;
  /** Radius of joint glyphs, m. */
  readonly glyph: number;
  /** Height of the floor along up, m (stage coordinate): just under the envelope. */
  readonly floor: number;
  /** Length of the axes helper's arrows, world units: beside the envelope, and no bigger than about a body. */
  readonly axesSize: number;
}

/** Layout of a model's scene. Example: layoutOf(heavy top).model.up → [0, 0, 1]. */
export function layoutOf(model: SceneModel): SceneLayout {
  const axes = stageAxes(model.up);
  const envelope = envelopePoints(model);
  const box = envelopeBox(envelope, axes);
  const radius = boxRadius(box);
  const centre = fromStage(axes, scale(add(box.min, box.max), 0.5));
  return {
    model,
    axes,
    envelope,
    box,
    centre,
    scale: radius > 0 ? 1 / radius : 1,
    view: viewDirection(box, axes),
    glyph: glyphRadius(model, box),
    floor: box.min[2] - 0.02 * radius,
    axesSize: Math.min(0.3, (3 * (typicalBodySize(model) || radius)) / (radius > 0 ? radius : 1)),
  };
}

/** The layout of the state's model (a shipped one, or the user's when the registry knows it). */
export function layoutFor(state: Pick<ScenarioState, 'scenario' | 'values'>): SceneLayout {
  const def = getScenario(state.scenario);
  if (!def) throw new Error(`no model "${state.scenario}" to draw`);
  return layoutOf(sceneModelOf(def, state.values));
}

/** Vertical field of view of the camera, degrees: narrow, so rigs side by side get nearly the same perspective. */
export const CAMERA_FOV = 20;

/** Room left free around the model: the method labels over the view at the top, the time and legend at the bottom. */
export const VIEW_MARGINS: FitMargins = { top: 0.24, bottom: 0.12, left: 0.04, right: 0.04 };

/** Space between rigs, as a share of a rig's size. */
const RIG_GAP = 0.15;

/** Stacking must show the rigs this much larger than side by side to be chosen (side by side reads more easily). */
const STACK_GAIN = 1.25;

export interface CameraView {
  readonly position: Vec3;
  readonly target: Vec3;
  readonly up: Vec3;
  /** Vertical field of view, degrees. */
  readonly fov: number;
  readonly near: number;
  readonly far: number;
}

/** Where the rigs stand (world units) and where the camera looks from. */
export interface RigPlacement {
  readonly offsets: readonly Vec3[];
  /** True when the rigs are stacked up the view rather than side by side. */
  readonly stacked: boolean;
  /** Where the axes helper stands, world units. */
  readonly axes: Vec3;
  readonly camera: CameraView;
}

/** The envelope in world units for a rig at the origin, with the floor under its lowest point. */
function worldPoints(layout: SceneLayout): Vec3[] {
  const toWorld = (p: Vec3) => scale(sub(p, layout.centre), layout.scale);
  const out = layout.envelope.map(toWorld);
  const low = layout.envelope.reduce((best, p) => (dot(p, layout.axes.up) < dot(best, layout.axes.up) ? p : best), layout.envelope[0] ?? layout.centre);
  out.push(toWorld(add(low, scale(layout.axes.up, layout.floor - dot(low, layout.axes.up)))));
  return out;
}

function extentAlong(points: readonly Vec3[], d: Vec3): number {
  let lo = Infinity, hi = -Infinity;
  for (const p of points) { const x = dot(p, d); lo = Math.min(lo, x); hi = Math.max(hi, x); }
  return hi - lo;
}

/** Offsets of `count` rigs, centred, `spacing` apart along `direction` (the first at the start). */
function offsetsAlong(count: number, direction: Vec3, spacing: number): Vec3[] {
  // + 0 turns −0 into 0 (a single rig stands at the origin).
  return Array.from({ length: count }, (_, i) => scale(direction, (i - (count - 1) / 2) * spacing).map((x) => x + 0) as unknown as Vec3);
}

/**
 * Where the axes helper stands (world units): on the floor just left of the first rig, at the depth of its
 * middle, so it is in the picture the camera is fitted to.
 */
function axesOrigin(points: readonly Vec3[], layout: SceneLayout, offset: Vec3): Vec3 {
  const { right } = layout.view;
  const up = layout.model.up;
  const level = scale(sub(fromStage(layout.axes, [0, 0, layout.floor]), layout.centre), layout.scale);
  let left = Infinity;
  const depth = sub(layout.view.forward, scale(up, dot(layout.view.forward, up)));
  let near = Infinity, far = -Infinity;
  for (const p of points) {
    left = Math.min(left, dot(p, right));
    near = Math.min(near, dot(p, depth));
    far = Math.max(far, dot(p, depth));
  }
  const across = scale(right, left - 0.6 * layout.axesSize);
  const middle = scale(depth, (near + far) / 2 / Math.max(1e-9, dot(depth, depth)));
  return add(add(add(across, middle), scale(up, dot(level, up))), offset);
}

/**
 * Places `count` rigs (1 when the methods are overlaid) for a view of `aspect` (width / height): side by side
 * across the view, or stacked up it when that shows them at least STACK_GAIN times larger, and fits the camera
 * to all of them and the axes helper. Example: two heavy tops on a 1.6 view stand side by side.
 */
export function placeRigs(layout: SceneLayout, count: number, aspect: number): RigPlacement {
  const envelope = worldPoints(layout);
  const { forward, right } = layout.view;
  const up = layout.model.up;
  const fov = (CAMERA_FOV * Math.PI) / 180;
  const safeAspect = aspect > 0 && Number.isFinite(aspect) ? aspect : 1.6;
  // Rigs are moved copies of one: the points of one that bound the view (exact for the fit) stand for all.
  const points = supportPoints(envelope, frustumDirections(forward, up, fov, safeAspect, VIEW_MARGINS));
  const screenUp = normalize(sub(up, scale(forward, dot(up, forward))));
  const side = offsetsAlong(count, right, extentAlong(envelope, right) * (1 + RIG_GAP));
  // Stacked: the first rig on top, as far apart as the picture of one is tall (the view looks down a little,
  // so a step up the model is cos(elevation) of a step up the picture).
  const stack = offsetsAlong(count, scale(up, -1), (extentAlong(envelope, screenUp) / Math.max(1e-6, dot(screenUp, up))) * (1 + RIG_GAP));
  const axesAt = axesOrigin(envelope, layout, [0, 0, 0]);
  const scene = (offsets: readonly Vec3[]) => {
    const axes = add(axesAt, offsets[0]);
    const all = offsets.flatMap((o) => points.map((c) => add(c, o)));
    all.push(axes, add(axes, scale(up, layout.axesSize)), add(axes, scale(right, layout.axesSize)));
    return { axes, all };
  };
  const distance = (offsets: readonly Vec3[]) => fitCamera(scene(offsets).all, forward, up, fov, safeAspect, VIEW_MARGINS).distance;
  const stacked = count > 1 && distance(stack) * STACK_GAIN < distance(side);
  const offsets = stacked ? stack : side;
  const { axes, all } = scene(offsets);
  const fit = fitCamera(all, forward, up, fov, safeAspect, VIEW_MARGINS);
  const reach = 2 + Math.max(...offsets.map((o) => norm(o)));
  return {
    offsets,
    stacked,
    axes,
    camera: { position: fit.position, target: fit.target, up, fov: CAMERA_FOV, near: Math.max(1e-3, (fit.distance - reach) / 4, fit.distance / 200), far: fit.distance + 4 * reach + 10 },
  };
}

/** out[o..o+16) = the matrix taking global metres to a rig's world units: T(offset) · S(scale) · T(−centre). */
export function rigBase(layout: SceneLayout, offset: Vec3, out: Floats, o: number): void {
  const s = layout.scale;
  const [cx, cy, cz] = layout.centre;
  for (let k = 0; k < 16; k++) out[o + k] = 0;
  out[o] = s; out[o + 5] = s; out[o + 10] = s; out[o + 15] = 1;
  out[o + 12] = offset[0] - s * cx;
  out[o + 13] = offset[1] - s * cy;
  out[o + 14] = offset[2] - s * cz;
}

/** A step of 1, 2 or 5 × 10^k, about `target`. Example: niceStep(4.2) === 5. */
export function niceStep(target: number): number {
  if (!(target > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(target));
  const m = target / p;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * p;
}

/**
 * The floors' grid lines in world units (pairs of end points, 6 floats per line): one floor under the rigs
 * that stand side by side, one under each rig stacked. A floor covers its rigs' footprints and a little more;
 * its lines lie on whole multiples of a 1-2-5 step in metres from the model's global origin, so a cell says how
 * big the model is. Example: a footprint of 2 × 2 m gets a 0.2 m step.
 */
export function floorGrids(layout: SceneLayout, placement: RigPlacement): { positions: Float32Array; step: number }[] {
  const { min, max } = layout.box;
  const { h1, h2, up } = layout.axes;
  const s = layout.scale;
  const width = Math.max(max[0] - min[0], max[1] - min[1]);
  const pad = 0.05 * width;
  const step = niceStep(width / 10);
  // Rigs on one floor share its height; their footprints (in metres of the first rig's frame) make the floor's.
  const floors = new Map<string, Vec3[]>();
  for (const o of placement.offsets) {
    const key = (dot(o, up) / s).toFixed(9);
    floors.set(key, [...(floors.get(key) ?? []), o]);
  }
  return [...floors.values()].map((offsets) => {
    const along = (o: Vec3, axis: Vec3) => dot(o, axis) / s;
    const lo = [Math.min(...offsets.map((o) => along(o, h1))) + min[0] - pad, Math.min(...offsets.map((o) => along(o, h2))) + min[1] - pad];
    const hi = [Math.max(...offsets.map((o) => along(o, h1))) + max[0] + pad, Math.max(...offsets.map((o) => along(o, h2))) + max[1] + pad];
    const [a0, b0] = [Math.floor(lo[0] / step) * step, Math.floor(lo[1] / step) * step];
    const [a1, b1] = [Math.ceil(hi[0] / step) * step, Math.ceil(hi[1] / step) * step];
    const height = along(offsets[0], up) + layout.floor;
    // A rig standing at offset o is the model moved by o / scale metres: floor points in metres → world units.
    const world = (a: number, b: number): Vec3 => scale(sub(fromStage(layout.axes, [a, b, height]), layout.centre), s);
    const lines: number[] = [];
    const push = (p: Vec3, q: Vec3) => lines.push(...p, ...q);
    for (let a = a0, i = 0; a <= a1 + step / 2 && i < 400; a += step, i++) push(world(a, b0), world(a, b1));
    for (let b = b0, i = 0; b <= b1 + step / 2 && i < 400; b += step, i++) push(world(a0, b), world(a1, b));
    return { positions: Float32Array.from(lines), step };
  });
}

/** The name of the up axis for the legend: 'z' for +z, '−y' for −y, null when up is not along an axis. */
export function upAxisName(up: Vec3): string | null {
  for (let k = 0; k < 3; k++) {
    if (Math.abs(Math.abs(up[k]) - 1) < 1e-9) return `${up[k] < 0 ? '−' : ''}${'xyz'[k]}`;
  }
  return null;
}
