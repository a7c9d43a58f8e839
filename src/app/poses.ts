/**
 * Reading the streamed trajectory at an arbitrary time: the uniform sample rows carry the
 * times, the poses the coordinates (7 per body: r, then Euler parameters e0..e3).
 * Between two samples r is interpolated linearly and e by slerp (three's Quaternion.slerpFlat), so playback between the
 * ~2000 stored poses is smooth. Pure functions, tested in test/app/poses.test.ts.
 */
import { Quaternion } from 'three';
import { SAMPLE_WIDTH } from '../solver/simulate';
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
  const count = Math.min(Math.floor(rows.length / SAMPLE_WIDTH), Math.floor(poses.length / coordinates));
  if (count === 0) return false;
  const i = Math.min(rowIndexAt(rows, t), count - 1);
  const a = i * coordinates + body * COORDS_PER_BODY;
  if (i === count - 1) {
    for (let k = 0; k < 7; k++) out[k] = poses[a + k];
    normalizeQuaternion(out, 3);
    return true;
  }
  const t0 = rows[i * SAMPLE_WIDTH];
  const t1 = rows[(i + 1) * SAMPLE_WIDTH];
  const s = t1 > t0 ? Math.min(1, Math.max(0, (t - t0) / (t1 - t0))) : 0;
  const b = (i + 1) * coordinates + body * COORDS_PER_BODY;
  for (let k = 0; k < 3; k++) out[k] = poses[a + k] + s * (poses[b + k] - poses[a + k]);
  // three's slerp is component-wise (dot product and weights), so its (x, y, z, w) order does
  // not matter for (e0, e1, e2, e3); it takes the shorter arc.
  Quaternion.slerpFlat(out as unknown as number[], 3, poses as unknown as number[], a + 3, poses as unknown as number[], b + 3, s);
  normalizeQuaternion(out, 3);
  return true;
}

function normalizeQuaternion(out: Float64Array, o: number): void {
  const n = Math.hypot(out[o], out[o + 1], out[o + 2], out[o + 3]);
  if (n > 0) for (let k = 0; k < 4; k++) out[o + k] /= n;
}
