/**
 * Fitting a perspective camera to a set of points: how far back it stands along its line of sight so that
 * every point is on screen with free margins (room for the labels over the view), and where it aims so the
 * points sit in the middle of what is left. Pure.
 */
import type { Vec3 } from '../../../solver/model/types';
import { add, cross, dot, normalize, scale, sub } from './sceneMath';

/** Share of the half-width (left, right) and half-height (top, bottom) of the view kept free of the model. */
export interface FitMargins {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
}

/** Camera axes: forward (line of sight), right, and the screen's up (right × forward), all unit. */
interface CameraAxes {
  readonly forward: Vec3;
  readonly right: Vec3;
  readonly screenUp: Vec3;
}

function cameraAxes(forward: Vec3, up: Vec3): CameraAxes {
  const f = normalize(forward);
  const right = normalize(cross(f, up));
  return { forward: f, right, screenUp: cross(right, f) };
}

/** tan of the half field of view, vertical and horizontal, for a vertical fov (rad) and aspect width/height. */
function halfTangents(fovY: number, aspect: number): { tanY: number; tanX: number } {
  const tanY = Math.tan(fovY / 2);
  return { tanY, tanX: tanY * aspect };
}

/**
 * The smallest distance D from `target` back along `forward` at which every point is inside the view with the
 * margins: for a point at d = p − target, depth z = D + d·f, it needs d·r ≤ z tanX (1 − m_right) and the like
 * for the other three edges. Example: one point at the target → 0 (any distance shows it).
 */
export function fitDistance(points: readonly Vec3[], target: Vec3, forward: Vec3, up: Vec3, fovY: number, aspect: number, margins: FitMargins): number {
  const { forward: f, right: r, screenUp: v } = cameraAxes(forward, up);
  const { tanX, tanY } = halfTangents(fovY, aspect);
  let distance = 0;
  for (const p of points) {
    const d = sub(p, target);
    const x = dot(d, r), y = dot(d, v), depth = dot(d, f);
    const need = Math.max(
      x / (tanX * (1 - margins.right)),
      -x / (tanX * (1 - margins.left)),
      y / (tanY * (1 - margins.top)),
      -y / (tanY * (1 - margins.bottom)),
    ) - depth;
    distance = Math.max(distance, need);
  }
  return distance;
}

/**
 * The inward normals' opposites of the view's four side planes, as directions d such that a point p needs the
 * distance (p − target)·d (fitDistance is the largest of these): right r/(tanX (1 − m_right)) − f, and so on.
 * A set of points fits exactly when its points farthest along these four directions (supportPoints) fit.
 */
export function frustumDirections(forward: Vec3, up: Vec3, fovY: number, aspect: number, margins: FitMargins): Vec3[] {
  const { forward: f, right: r, screenUp: v } = cameraAxes(forward, up);
  const { tanX, tanY } = halfTangents(fovY, aspect);
  return [
    sub(scale(r, 1 / (tanX * (1 - margins.right))), f),
    sub(scale(r, -1 / (tanX * (1 - margins.left))), f),
    sub(scale(v, 1 / (tanY * (1 - margins.top))), f),
    sub(scale(v, -1 / (tanY * (1 - margins.bottom))), f),
  ];
}

/** For each direction, the point farthest along it: all a camera fit needs of a large set of points. */
export function supportPoints(points: readonly Vec3[], directions: readonly Vec3[]): Vec3[] {
  return directions.map((d) => {
    let best = points[0], most = -Infinity;
    for (const p of points) {
      const x = p[0] * d[0] + p[1] * d[1] + p[2] * d[2];
      if (x > most) { most = x; best = p; }
    }
    return best;
  }).filter((p): p is Vec3 => p !== undefined);
}

export interface CameraFit {
  readonly position: Vec3;
  readonly target: Vec3;
  readonly distance: number;
}

/**
 * Places the camera: aims at the points' centre, backs off to fitDistance, then moves the aim so the points'
 * picture is centred in the free part of the view (a few passes: each changes the distance a little).
 */
export function fitCamera(points: readonly Vec3[], forward: Vec3, up: Vec3, fovY: number, aspect: number, margins: FitMargins): CameraFit {
  const { forward: f, right: r, screenUp: v } = cameraAxes(forward, up);
  const { tanX, tanY } = halfTangents(fovY, aspect);
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const p of points) for (let k = 0; k < 3; k++) { lo[k] = Math.min(lo[k], p[k]); hi[k] = Math.max(hi[k], p[k]); }
  let target: Vec3 = points.length > 0 ? [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2] : [0, 0, 0];
  let distance = fitDistance(points, target, f, up, fovY, aspect, margins);
  for (let pass = 0; pass < 4; pass++) {
    // The picture's extent in screen units (tan of the angle off the line of sight).
    let xMin = Infinity, xMax = -Infinity, yMin = Infinity, yMax = -Infinity;
    for (const p of points) {
      const d = sub(p, target);
      const z = distance + dot(d, f);
      if (z <= 0) continue;
      const x = dot(d, r) / z / tanX, y = dot(d, v) / z / tanY;
      xMin = Math.min(xMin, x); xMax = Math.max(xMax, x); yMin = Math.min(yMin, y); yMax = Math.max(yMax, y);
    }
    if (!Number.isFinite(xMin)) break;
    // Free window: x ∈ [−(1 − left), 1 − right], y ∈ [−(1 − bottom), 1 − top]; move the picture's centre to its centre.
    const dx = (xMin + xMax) / 2 - (margins.left - margins.right) / 2;
    const dy = (yMin + yMax) / 2 - (margins.bottom - margins.top) / 2;
    target = add(target, add(scale(r, dx * tanX * distance), scale(v, dy * tanY * distance)));
    distance = fitDistance(points, target, f, up, fovY, aspect, margins);
  }
  return { position: sub(target, scale(f, distance)), target, distance };
}
