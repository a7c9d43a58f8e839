/**
 * Reading the streamed trajectory at an arbitrary time: the uniform sample rows carry the
 * times, the poses the coordinates (7 per body: r, then Euler parameters e0..e3).
 * Between two samples r is interpolated linearly and e by slerp (as three's Quaternion.slerpFlat), so playback between the
 * ~2000 stored poses is smooth. Pure functions, tested in test/app/poses.test.ts.
 */
import { SAMPLE_WIDTH } from '../solver/sampleColumns';
import { COORDS_PER_BODY } from '../solver/model/types';

/**
 * Index i of the last row with time ≤ t (0 if t is before the first), by bisection on the
 * time column of `rows` (SAMPLE_WIDTH values per row). Example: rowIndexAt(rows, 0) === 0.
 */
export function rowIndexAt(rows: Float64Array, t: number): number {
  const count = Math.floor(rows.length / SAMPLE_WIDTH);
  if (count === 0 || !(t > rows[0])) return 0;
  let lo = 0;
  let hi = count - 1;
  if (t >= rows[hi * SAMPLE_WIDTH]) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (rows[mid * SAMPLE_WIDTH] <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * Pose of body `body` at time t: out[0..2] = r, out[3..6] = e (scalar first, unit length).
 * Returns false if there is no sample yet. Times past the last sample give the last pose.
 */
export function poseAt(
  rows: Float64Array,
  poses: Float64Array,
  coordinates: number,
  body: number,
  t: number,
  out: Float64Array,
): boolean {
  const i = sampleIndex(rows, poses, coordinates, t);
  if (i < 0) return false;
  blendPose(rows, poses, coordinates, i, nextSample(rows, poses, coordinates, i), body, t, out, 0);
  return true;
}

/**
 * The poses of bodies 0 … bodies − 1 at time t, 7 per body into out (as poseAt, with one search for the
 * samples around t): what the 3D view reads every frame. Returns false if there is no sample yet.
 */
export function posesAt(
  rows: Float64Array,
  poses: Float64Array,
  coordinates: number,
  bodies: number,
  t: number,
  out: Float64Array,
): boolean {
  const i = sampleIndex(rows, poses, coordinates, t);
  if (i < 0) return false;
  const j = nextSample(rows, poses, coordinates, i);
  for (let b = 0; b < bodies; b++) blendPose(rows, poses, coordinates, i, j, b, t, out, 7 * b);
  return true;
}

function sampleCount(rows: Float64Array, poses: Float64Array, coordinates: number): number {
  return Math.min(Math.floor(rows.length / SAMPLE_WIDTH), Math.floor(poses.length / coordinates));
}

/** The sample at or before t (the last one after it), or −1 if there is none. */
function sampleIndex(rows: Float64Array, poses: Float64Array, coordinates: number, t: number): number {
  const count = sampleCount(rows, poses, coordinates);
  return count === 0 ? -1 : Math.min(rowIndexAt(rows, t), count - 1);
}

/** The sample after sample i, or i itself when i is the last. */
function nextSample(rows: Float64Array, poses: Float64Array, coordinates: number, i: number): number {
  return i + 1 < sampleCount(rows, poses, coordinates) ? i + 1 : i;
}

/** Body `body`'s pose between samples i and j = i + 1 (sample i's when j === i, past the last) into out[o..o+7). */
function blendPose(rows: Float64Array, poses: Float64Array, coordinates: number, i: number, j: number, body: number, t: number, out: Float64Array, o: number): void {
  const a = i * coordinates + body * COORDS_PER_BODY;
  if (j === i) {
    for (let k = 0; k < 7; k++) out[o + k] = poses[a + k];
    normalizeQuaternion(out, o + 3);
    return;
  }
  const t0 = rows[i * SAMPLE_WIDTH];
  const t1 = rows[j * SAMPLE_WIDTH];
  const s = t1 > t0 ? Math.min(1, Math.max(0, (t - t0) / (t1 - t0))) : 0;
  const b = j * coordinates + body * COORDS_PER_BODY;
  for (let k = 0; k < 3; k++) out[o + k] = poses[a + k] + s * (poses[b + k] - poses[a + k]);
  // Slerp along the shorter arc, as three's Quaternion.slerpFlat, written out here: called per body every frame,
  // a call passing the weight as a number would box it (allocate) wherever the call is not inlined.
  let dot = 0;
  for (let k = 3; k < 7; k++) dot += poses[a + k] * poses[b + k];
  const sign = dot < 0 ? -1 : 1;
  dot *= sign;
  let wa = 1 - s, wb = s;
  if (dot < 0.9995) {
    const theta = Math.acos(dot);
    const sin = Math.sin(theta);
    wa = Math.sin((1 - s) * theta) / sin;
    wb = Math.sin(s * theta) / sin;
  }
  for (let k = 3; k < 7; k++) out[o + k] = wa * poses[a + k] + sign * wb * poses[b + k];
  normalizeQuaternion(out, o + 3);
}

function normalizeQuaternion(out: Float64Array, o: number): void {
  // Not Math.hypot: with four arguments it allocates, and this runs per body every frame (scene/Bodies).
  const n = Math.sqrt(out[o] * out[o] + out[o + 1] * out[o + 1] + out[o + 2] * out[o + 2] + out[o + 3] * out[o + 3]);
  if (n > 0) for (let k = 0; k < 4; k++) out[o + k] /= n;
}
