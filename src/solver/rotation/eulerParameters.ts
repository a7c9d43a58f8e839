/**
 * Euler parameters e = (e0, e1, e2, e3), scalar first, stored in a Float64Array at an offset.
 * All kernels write into caller-provided arrays and allocate nothing.
 *
 * Notation (Sherif et al. 2019): A(e) rotation matrix (Eq. 2), L(e) the 3×4 matrix of Eq. 4,
 * ω = 2 L(e) ė body-fixed angular velocity (Eq. 3).
 */
import { hypot } from '../exactMath';

/**
 * A(e) (Sherif Eq. 2), row-major 3×3 into out[0..9).
 * @example rotationMatrix(q, 3, A) // e stored at q[3..7)
 */
export function rotationMatrix(e: Float64Array, o: number, out: Float64Array): void {
  const e0 = e[o], e1 = e[o + 1], e2 = e[o + 2], e3 = e[o + 3];
  out[0] = e0 * e0 + e1 * e1 - e2 * e2 - e3 * e3;
  out[1] = 2 * (e1 * e2 - e0 * e3);
  out[2] = 2 * (e1 * e3 + e0 * e2);
  out[3] = 2 * (e1 * e2 + e0 * e3);
  out[4] = e0 * e0 + e2 * e2 - e3 * e3 - e1 * e1;
  out[5] = 2 * (e2 * e3 - e0 * e1);
  out[6] = 2 * (e1 * e3 - e0 * e2);
  out[7] = 2 * (e2 * e3 + e0 * e1);
  out[8] = e0 * e0 + e3 * e3 - e1 * e1 - e2 * e2;
}

/**
 * y = L(e) x (Sherif Eq. 4), x a 4-vector: out[oo..oo+3).
 * @example lTimes(q, 3, qd, 3, w, 0) // half the body-fixed ω of a body whose e sits at q[3..7)
 */
export function lTimes(
  e: Float64Array, oe: number, x: Float64Array, ox: number, out: Float64Array, oo: number,
): void {
  const e0 = e[oe], e1 = e[oe + 1], e2 = e[oe + 2], e3 = e[oe + 3];
  const x0 = x[ox], x1 = x[ox + 1], x2 = x[ox + 2], x3 = x[ox + 3];
  out[oo] = -e1 * x0 + e0 * x1 + e3 * x2 - e2 * x3;
  out[oo + 1] = -e2 * x0 - e3 * x1 + e0 * x2 + e1 * x3;
  out[oo + 2] = -e3 * x0 + e2 * x1 - e1 * x2 + e0 * x3;
}

/**
 * z = L(e)ᵀ y, y a 3-vector: out[oo..oo+4).
 * @example lTransposeTimes(q, 3, m, 0, f, 0) // f = Lᵀ m
 */
export function lTransposeTimes(
  e: Float64Array, oe: number, y: Float64Array, oy: number, out: Float64Array, oo: number,
): void {
  const e0 = e[oe], e1 = e[oe + 1], e2 = e[oe + 2], e3 = e[oe + 3];
  const y0 = y[oy], y1 = y[oy + 1], y2 = y[oy + 2];
  out[oo] = -e1 * y0 - e2 * y1 - e3 * y2;
  out[oo + 1] = e0 * y0 - e3 * y1 + e2 * y2;
  out[oo + 2] = e3 * y0 + e0 * y1 - e1 * y2;
  out[oo + 3] = -e2 * y0 + e1 * y1 + e0 * y2;
}

/**
 * The 4×4 matrix ŵ with L(e)ᵀ w = ŵ e for every e (Sherif Eq. 70), i.e. ∂(L(e)ᵀw)/∂e.
 * Row-major into out[oo..oo+16).
 */
export function wHat(w: Float64Array, ow: number, out: Float64Array, oo: number): void {
  const wx = w[ow], wy = w[ow + 1], wz = w[ow + 2];
  out[oo] = 0; out[oo + 1] = -wx; out[oo + 2] = -wy; out[oo + 3] = -wz;
  out[oo + 4] = wx; out[oo + 5] = 0; out[oo + 6] = wz; out[oo + 7] = -wy;
  out[oo + 8] = wy; out[oo + 9] = -wz; out[oo + 10] = 0; out[oo + 11] = wx;
  out[oo + 12] = wz; out[oo + 13] = wy; out[oo + 14] = -wx; out[oo + 15] = 0;
}

/**
 * Body-fixed angular velocity ω = 2 L(e) ė (Sherif Eq. 3) into out[oo..oo+3).
 */
export function angularVelocity(
  e: Float64Array, oe: number, ed: Float64Array, oed: number, out: Float64Array, oo: number,
): void {
  lTimes(e, oe, ed, oed, out, oo);
  out[oo] *= 2; out[oo + 1] *= 2; out[oo + 2] *= 2;
}

/**
 * ė = ½ L(e)ᵀ ω, the inverse of Eq. 3 on the tangent space (uses L Lᵀ = I₃, Eq. 7).
 */
export function eulerParameterRates(
  e: Float64Array, oe: number, omega: Float64Array, ow: number, out: Float64Array, oo: number,
): void {
  lTransposeTimes(e, oe, omega, ow, out, oo);
  out[oo] *= 0.5; out[oo + 1] *= 0.5; out[oo + 2] *= 0.5; out[oo + 3] *= 0.5;
}

/**
 * B(e, s) = ∂(A(e) s)/∂e, the 3×4 derivative of a body-fixed vector s rotated to global axes.
 * Row-major into out[oo..oo+12). B is linear in e and B(e, s) e = 2 A(e) s.
 * Derived from A s = (e0² − εᵀε) s + 2 ε (εᵀs) + 2 e0 (ε × s), ε = (e1, e2, e3).
 */
export function rotatedVectorJacobian(
  e: Float64Array, oe: number, s: Float64Array, os: number, out: Float64Array, oo: number,
): void {
  const e0 = e[oe], e1 = e[oe + 1], e2 = e[oe + 2], e3 = e[oe + 3];
  const s0 = s[os], s1 = s[os + 1], s2 = s[os + 2];
  const es = e1 * s0 + e2 * s1 + e3 * s2;
  // column 0: 2 (e0 s + ε × s)
  out[oo] = 2 * (e0 * s0 + (e2 * s2 - e3 * s1));
  out[oo + 4] = 2 * (e0 * s1 + (e3 * s0 - e1 * s2));
  out[oo + 8] = 2 * (e0 * s2 + (e1 * s1 - e2 * s0));
  // columns 1..3: 2 (−s εᵀ + (εᵀs) I + ε sᵀ − e0 s̃)
  // row 0
  out[oo + 1] = 2 * (-s0 * e1 + es + e1 * s0);
  out[oo + 2] = 2 * (-s0 * e2 + e1 * s1 + e0 * s2);
  out[oo + 3] = 2 * (-s0 * e3 + e1 * s2 - e0 * s1);
  // row 1
  out[oo + 5] = 2 * (-s1 * e1 + e2 * s0 - e0 * s2);
  out[oo + 6] = 2 * (-s1 * e2 + es + e2 * s1);
  out[oo + 7] = 2 * (-s1 * e3 + e2 * s2 + e0 * s0);
  // row 2
  out[oo + 9] = 2 * (-s2 * e1 + e3 * s0 + e0 * s1);
  out[oo + 10] = 2 * (-s2 * e2 + e3 * s1 - e0 * s0);
  out[oo + 11] = 2 * (-s2 * e3 + es + e3 * s2);
}

/**
 * H = ∂/∂e (B(e, s)ᵀ λ), the symmetric 4×4 "Hessian contraction" of a rotated vector with a
 * 3-vector λ: the Hessian of λᵀA(e)s = (e0² − εᵀε)(λᵀs) + 2(λᵀε)(sᵀε) + 2 e0 εᵀ(s × λ), so
 *   H = 2 [ λᵀs      (s × λ)ᵀ                ]
 *         [ s × λ    s λᵀ + λ sᵀ − (λᵀs) I₃  ],
 * independent of e. Row-major into out[oo..oo+16).
 * @example rotatedVectorHessian(s, 0, lambda, 3, H, 0) // H = ∂/∂e (B(e, s)ᵀ λ)
 */
export function rotatedVectorHessian(
  s: Float64Array, os: number, lambda: Float64Array, ol: number, out: Float64Array, oo: number,
): void {
  const s0 = s[os], s1 = s[os + 1], s2 = s[os + 2];
  const l0 = lambda[ol], l1 = lambda[ol + 1], l2 = lambda[ol + 2];
  const d = 2 * (l0 * s0 + l1 * s1 + l2 * s2);
  const c0 = 2 * (s1 * l2 - s2 * l1), c1 = 2 * (s2 * l0 - s0 * l2), c2 = 2 * (s0 * l1 - s1 * l0);
  const x01 = 2 * (s0 * l1 + l0 * s1), x02 = 2 * (s0 * l2 + l0 * s2), x12 = 2 * (s1 * l2 + l1 * s2);
  out[oo] = d; out[oo + 1] = c0; out[oo + 2] = c1; out[oo + 3] = c2;
  out[oo + 4] = c0; out[oo + 5] = 4 * s0 * l0 - d; out[oo + 6] = x01; out[oo + 7] = x02;
  out[oo + 8] = c1; out[oo + 9] = x01; out[oo + 10] = 4 * s1 * l1 - d; out[oo + 11] = x12;
  out[oo + 12] = c2; out[oo + 13] = x02; out[oo + 14] = x12; out[oo + 15] = 4 * s2 * l2 - d;
}

/** Normalises e in place to unit length. */
export function normalizeEulerParameters(e: Float64Array, o: number): void {
  const n = hypot(e[o], e[o + 1], e[o + 2], e[o + 3]);
  e[o] /= n; e[o + 1] /= n; e[o + 2] /= n; e[o + 3] /= n;
}

/**
 * z = E(e)ᵀ y with E(e) = [−ε, ẽ + e0 I] (so that A = E Lᵀ and the global angular velocity is 2 E ė).
 * out[oo..oo+4).
 */
export function eTransposeTimes(
  e: Float64Array, oe: number, y: Float64Array, oy: number, out: Float64Array, oo: number,
): void {
  const e0 = e[oe], e1 = e[oe + 1], e2 = e[oe + 2], e3 = e[oe + 3];
  const y0 = y[oy], y1 = y[oy + 1], y2 = y[oy + 2];
  out[oo] = -e1 * y0 - e2 * y1 - e3 * y2;
  out[oo + 1] = e0 * y0 + e3 * y1 - e2 * y2;
  out[oo + 2] = -e3 * y0 + e0 * y1 + e1 * y2;
  out[oo + 3] = e2 * y0 - e1 * y1 + e0 * y2;
}

/** Global angular velocity ω_g = 2 E(e) ė = A ω, into out[oo..oo+3). */
export function globalAngularVelocity(
  e: Float64Array, oe: number, ed: Float64Array, oed: number, out: Float64Array, oo: number,
): void {
  const e0 = e[oe], e1 = e[oe + 1], e2 = e[oe + 2], e3 = e[oe + 3];
  const d0 = ed[oed], d1 = ed[oed + 1], d2 = ed[oed + 2], d3 = ed[oed + 3];
  out[oo] = 2 * (-e1 * d0 + e0 * d1 - e3 * d2 + e2 * d3);
  out[oo + 1] = 2 * (-e2 * d0 + e3 * d1 + e0 * d2 - e1 * d3);
  out[oo + 2] = 2 * (-e3 * d0 - e2 * d1 + e1 * d2 + e0 * d3);
}

/**
 * Euler parameters (e0 ≥ 0) of a rotation matrix given row-major, by Shepperd's method (picks the
 * largest of e0², e1², e2², e3² to divide by, so it is accurate for every rotation).
 */
export function eulerParametersFromMatrix(a: ArrayLike<number>): [number, number, number, number] {
  const tr = a[0] + a[4] + a[8];
  const cands = [tr, a[0], a[4], a[8]];
  let k = 0;
  for (let i = 1; i < 4; i++) if (cands[i] > cands[k]) k = i;
  let e: [number, number, number, number];
  if (k === 0) {
    const s = 2 * Math.sqrt(1 + tr);
    e = [0.25 * s, (a[7] - a[5]) / s, (a[2] - a[6]) / s, (a[3] - a[1]) / s];
  } else if (k === 1) {
    const s = 2 * Math.sqrt(1 + a[0] - a[4] - a[8]);
    e = [(a[7] - a[5]) / s, 0.25 * s, (a[1] + a[3]) / s, (a[2] + a[6]) / s];
  } else if (k === 2) {
    const s = 2 * Math.sqrt(1 - a[0] + a[4] - a[8]);
    e = [(a[2] - a[6]) / s, (a[1] + a[3]) / s, 0.25 * s, (a[5] + a[7]) / s];
  } else {
    const s = 2 * Math.sqrt(1 - a[0] - a[4] + a[8]);
    e = [(a[3] - a[1]) / s, (a[2] + a[6]) / s, (a[5] + a[7]) / s, 0.25 * s];
  }
  return e[0] < 0 ? [-e[0], -e[1], -e[2], -e[3]] : e;
}
