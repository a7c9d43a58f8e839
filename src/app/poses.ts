/**
 * Reading the streamed trajectory at an arbitrary time: the uniform sample rows carry the
 * times, the poses the coordinates (7 per body: r, then Euler parameters e0..e3).
 * Between two samples r is interpolated linearly and e by slerp, so playback between the
 * ~2000 stored poses is smooth. Pure functions, tested in test/app/poses.test.ts.
 */
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
  slerp(poses, a + 3, poses, b + 3, s, out, 3);
  return true;
}

/**
 * Spherical linear interpolation of unit quaternions p (at offset op) and q (at oq), taking
 * the shorter arc, into out at offset oo. Example: slerp(p, 0, q, 0, 0, out, 0) copies p.
 */
export function slerp(p: ArrayLike<number>, op: number, q: ArrayLike<number>, oq: number, s: number, out: Float64Array, oo: number): void {
  let dot = p[op] * q[oq] + p[op + 1] * q[oq + 1] + p[op + 2] * q[oq + 2] + p[op + 3] * q[oq + 3];
  const sign = dot < 0 ? -1 : 1;
  dot *= sign;
  let wp: number;
  let wq: number;
  if (dot > 0.9995) {
    // Nearly parallel: linear interpolation is accurate and avoids dividing by sin θ ≈ 0.
    wp = 1 - s;
    wq = s * sign;
  } else {
    const theta = Math.acos(Math.min(1, dot));
    const sinTheta = Math.sin(theta);
    wp = Math.sin((1 - s) * theta) / sinTheta;
    wq = (Math.sin(s * theta) / sinTheta) * sign;
  }
  for (let k = 0; k < 4; k++) out[oo + k] = wp * p[op + k] + wq * q[oq + k];
  normalizeQuaternion(out, oo);
}

function normalizeQuaternion(out: Float64Array, o: number): void {
  const n = Math.hypot(out[o], out[o + 1], out[o + 2], out[o + 3]);
  if (n > 0) for (let k = 0; k < 4; k++) out[o + k] /= n;
}
