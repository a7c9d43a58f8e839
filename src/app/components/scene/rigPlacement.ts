/**
 * Where the compared methods' rigs stand in the 3D view and where the camera looks from: side by side across
 * the view, or stacked up it when that shows them larger (a long flat linkage), the camera fitted to every rig
 * and the axes helper with room for the labels (cameraFit.ts), at every size of SPEC §7. Pure; no React.
 */
import type { Vec3 } from '../../../solver/model/types';
import { fitCamera, frustumDirections, supportPoints, type FitMargins } from './cameraFit';
import { fromStage } from './sceneGeometry';
import type { SceneLayout } from './sceneLayout';
import { add, dot, norm, normalize, scale, sub } from './sceneMath';

/** Vertical field of view of the camera, degrees: narrow, so rigs side by side get nearly the same perspective. */
export const CAMERA_FOV = 20;

/**
 * Room left free around the model at the least: the method labels over the view at the top, the time and legend
 * at the bottom (overlayMargins.ts measures how much more the text takes on a short view).
 */
export const VIEW_MARGINS: FitMargins = { top: 0.24, bottom: 0.12, left: 0.04, right: 0.04 };

/** Space between rigs, as a share of a rig's size. */
const RIG_GAP = 0.15;

/** Stacking must show the rigs this much larger than side by side to be chosen (side by side reads more easily). */
const STACK_GAIN = 1.25;

/**
 * A long row (the 81-body N-four-bar, 42 m by 2 m) fitted whole to a narrow view would be a strip a few pixels tall
 * (8 px per 1 m window on a phone): when fitting its height alone shows it at least this many times larger, the
 * camera is fitted to its height and shows the row from its start (on the left), the rest running out of the view
 * to the right (zoom out or pan to see it). Two methods one above the other on a laptop (gain 1.1–2.3) or the
 * projector (1.8) still show the whole row; on a tablet (3.8), a phone (6–12) or with the methods overlaid in one
 * row (2.7–4.0 on landscape views) its first windows fill the view.
 */
const CROP_GAIN = 3;
/** A model this many times wider than tall in the picture is a long row (the N-four-bar: 21). */
const LONG_ROW = 5;

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
  /** True when the view shows a long model from its start, fitted to its height (CROP_GAIN), not all of it. */
  readonly cropped: boolean;
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
function axesOrigin(points: readonly Vec3[], layout: SceneLayout): Vec3 {
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
  return add(add(across, middle), scale(up, dot(level, up)));
}

/**
 * The camera fitted to the height of `points` alone, the leftmost of them at the left of the free window, when that
 * shows them CROP_GAIN times larger than `whole` (the fit of all of them); else `whole`. Example: the N-four-bar on
 * a 390 × 844 phone shows its first windows about 6.5 times larger than the whole 42 m row would be.
 */
function startOfRow(
  points: readonly Vec3[], whole: ReturnType<typeof fitCamera>, forward: Vec3, right: Vec3, up: Vec3, fovY: number, aspect: number, margins: FitMargins,
): ReturnType<typeof fitCamera> {
  // A view a thousand times wider than tall: only the height limits the fit.
  const tall = fitCamera(points, forward, up, fovY, aspect * 1000, margins);
  if (!(tall.distance * CROP_GAIN <= whole.distance)) return whole;
  const f = normalize(forward);
  const tanX = Math.tan(fovY / 2) * aspect;
  // Move the aim along the view's right so that the leftmost point, at its depth, sits on the free window's left edge.
  let shift = -Infinity;
  for (const p of points) {
    const d = sub(p, tall.target);
    const depth = tall.distance + dot(d, f);
    shift = Math.max(shift, -dot(d, right) - depth * tanX * (1 - margins.left));
  }
  const target = sub(tall.target, scale(right, shift));
  return { target, position: sub(target, scale(f, tall.distance)), distance: tall.distance };
}

/**
 * Places `count` rigs (1 when the methods are overlaid) for a view of `aspect` (width / height): side by side
 * across the view, or stacked up it when that shows them at least STACK_GAIN times larger, and fits the camera
 * to all of them and the axes helper, keeping `margins` free for the text over the view. The choice between
 * side by side and stacked is made with VIEW_MARGINS: the text changes with it (a list when stacked), and
 * must not turn the choice back. Example: two heavy tops on a 1.6 view stand side by side.
 */
export function placeRigs(layout: SceneLayout, count: number, aspect: number, margins: FitMargins = VIEW_MARGINS): RigPlacement {
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
  const axesAt = axesOrigin(envelope, layout);
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
  const whole = fitCamera(all, forward, up, fov, safeAspect, margins);
  // Only a model that is itself a long row, never rigs side by side, is shown from its start.
  const row = (count === 1 || stacked) && extentAlong(envelope, right) > LONG_ROW * extentAlong(envelope, screenUp);
  // Every point of the rigs (not only those that bound the whole view): seen from nearer, others are outermost.
  const fit = row ? startOfRow([...offsets.flatMap((o) => envelope.map((p) => add(p, o))), ...all], whole, forward, right, up, fov, safeAspect, margins) : whole;
  const reach = 2 + Math.max(...offsets.map((o) => norm(o)));
  return {
    offsets,
    stacked,
    cropped: fit !== whole,
    axes,
    camera: { position: fit.position, target: fit.target, up, fov: CAMERA_FOV, near: Math.max(1e-3, (fit.distance - reach) / 4, fit.distance / 200), far: fit.distance + 4 * reach + 10 },
  };
}

