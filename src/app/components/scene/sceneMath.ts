/**
 * Small 3D helpers on flat arrays, in three.js's conventions (4×4 matrices column-major, 16 numbers at an
 * offset) and the solver's (Euler parameters scalar first, Sherif et al. Eq. 2), so the per-frame code writes
 * instance matrices without creating objects. Pure.
 */
import type { Vec3, Vec4 } from '../../../solver/model/types';

/** Numbers a matrix or vector may be read from or written to. */
export type Floats = Float32Array | Float64Array | number[];

/** A(e) v for Euler parameters e (unit, scalar first). Example: rotateVector([c, s, 0, 0], [0, 1, 0]) turns y about x. */
export function rotateVector(e: ArrayLike<number>, v: Vec3, eo = 0): Vec3 {
  const e0 = e[eo], e1 = e[eo + 1], e2 = e[eo + 2], e3 = e[eo + 3];
  const [x, y, z] = v;
  return [
    (e0 * e0 + e1 * e1 - e2 * e2 - e3 * e3) * x + 2 * (e1 * e2 - e0 * e3) * y + 2 * (e1 * e3 + e0 * e2) * z,
    2 * (e1 * e2 + e0 * e3) * x + (e0 * e0 - e1 * e1 + e2 * e2 - e3 * e3) * y + 2 * (e2 * e3 - e0 * e1) * z,
    2 * (e1 * e3 - e0 * e2) * x + 2 * (e2 * e3 + e0 * e1) * y + (e0 * e0 - e1 * e1 - e2 * e2 + e3 * e3) * z,
  ];
}

/**
 * out[o..o+16) = T(p) · A(e) · S(s): translation, rotation by Euler parameters (scalar first, need not be
 * normalised exactly), scale. Writes every entry.
 */
export function composeMatrix(
  out: Floats, o: number,
  px: number, py: number, pz: number,
  e0: number, e1: number, e2: number, e3: number,
  sx: number, sy: number, sz: number,
): void {
  const n = e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3;
  const k = n > 0 ? 2 / n : 0;
  const a00 = 1 - k * (e2 * e2 + e3 * e3), a01 = k * (e1 * e2 - e0 * e3), a02 = k * (e1 * e3 + e0 * e2);
  const a10 = k * (e1 * e2 + e0 * e3), a11 = 1 - k * (e1 * e1 + e3 * e3), a12 = k * (e2 * e3 - e0 * e1);
  const a20 = k * (e1 * e3 - e0 * e2), a21 = k * (e2 * e3 + e0 * e1), a22 = 1 - k * (e1 * e1 + e2 * e2);
  out[o] = a00 * sx; out[o + 1] = a10 * sx; out[o + 2] = a20 * sx; out[o + 3] = 0;
  out[o + 4] = a01 * sy; out[o + 5] = a11 * sy; out[o + 6] = a21 * sy; out[o + 7] = 0;
  out[o + 8] = a02 * sz; out[o + 9] = a12 * sz; out[o + 10] = a22 * sz; out[o + 11] = 0;
  out[o + 12] = px; out[o + 13] = py; out[o + 14] = pz; out[o + 15] = 1;
}

/**
 * out[o..o+16) = T(r) · A(e) for a pose q[qo..qo+7) = (r, e scalar first). Reads the pose from its array
 * rather than taking numbers as arguments: the frame loop calls this per body, and numbers passed to a function
 * that is not yet optimised are boxed (allocated).
 */
export function poseMatrix(out: Floats, o: number, q: Floats, qo: number): void {
  const e0 = q[qo + 3], e1 = q[qo + 4], e2 = q[qo + 5], e3 = q[qo + 6];
  const n = e0 * e0 + e1 * e1 + e2 * e2 + e3 * e3;
  const k = n > 0 ? 2 / n : 0;
  out[o] = 1 - k * (e2 * e2 + e3 * e3); out[o + 1] = k * (e1 * e2 + e0 * e3); out[o + 2] = k * (e1 * e3 - e0 * e2); out[o + 3] = 0;
  out[o + 4] = k * (e1 * e2 - e0 * e3); out[o + 5] = 1 - k * (e1 * e1 + e3 * e3); out[o + 6] = k * (e2 * e3 + e0 * e1); out[o + 7] = 0;
  out[o + 8] = k * (e1 * e3 + e0 * e2); out[o + 9] = k * (e2 * e3 - e0 * e1); out[o + 10] = 1 - k * (e1 * e1 + e2 * e2); out[o + 11] = 0;
  out[o + 12] = q[qo]; out[o + 13] = q[qo + 1]; out[o + 14] = q[qo + 2]; out[o + 15] = 1;
}

/** out[oo..] = a[ao..] · b[bo..] (4×4, column-major); out must not overlap a or b. */
export function multiplyMatrices(a: Floats, ao: number, b: Floats, bo: number, out: Floats, oo: number): void {
  for (let c = 0; c < 4; c++) {
    const b0 = b[bo + 4 * c], b1 = b[bo + 4 * c + 1], b2 = b[bo + 4 * c + 2], b3 = b[bo + 4 * c + 3];
    for (let r = 0; r < 4; r++) {
      out[oo + 4 * c + r] = a[ao + r] * b0 + a[ao + 4 + r] * b1 + a[ao + 8 + r] * b2 + a[ao + 12 + r] * b3;
    }
  }
}

/** The affine matrix m applied to the point (x, y, z). */
export function transformPoint(m: Floats, o: number, x: number, y: number, z: number): Vec3 {
  return [
    m[o] * x + m[o + 4] * y + m[o + 8] * z + m[o + 12],
    m[o + 1] * x + m[o + 5] * y + m[o + 9] * z + m[o + 13],
    m[o + 2] * x + m[o + 6] * y + m[o + 10] * z + m[o + 14],
  ];
}

export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const norm = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);

export function normalize(a: Vec3): Vec3 {
  const n = norm(a);
  return n > 0 ? scale(a, 1 / n) : [0, 0, 0];
}

/** Rotation (scalar first) taking local y to the direction d (any length). Example: yToward([0, 0, 1]) turns y onto z. */
export function yToward(d: Vec3): Vec4 {
  const u = normalize(d);
  if (norm(u) === 0) return [1, 0, 0, 0];
  const c = u[1];
  if (c < -1 + 1e-12) return [0, 0, 0, 1];
  // axis y × u = (u_z, 0, −u_x), half-angle quaternion from 1 + cos.
  const w = 1 + c;
  const ax = u[2], az = -u[0];
  const n = Math.sqrt(w * w + ax * ax + az * az);
  return [w / n, ax / n, 0, az / n];
}

/** v turned about the unit axis a by angle θ (Rodrigues). */
export function rotateAbout(v: Vec3, a: Vec3, theta: number): Vec3 {
  const c = Math.cos(theta), s = Math.sin(theta);
  const k = dot(a, v) * (1 - c);
  const x = cross(a, v);
  return [v[0] * c + x[0] * s + a[0] * k, v[1] * c + x[1] * s + a[1] * k, v[2] * c + x[2] * s + a[2] * k];
}
