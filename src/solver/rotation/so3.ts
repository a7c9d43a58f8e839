/**
 * SO(3) tools for the Lie-group generalized-α (Brüls, Cardona & Arnold 2012, Sect. 2 and Eqs. 19-20):
 * the exponential map of a rotation vector θ (as Euler parameters), its inverse, the composition of
 * Euler parameters and the tangent operator T(θ) with exp(θ + δθ) = exp(θ) exp(T(θ) δθ) + O(δθ²),
 * and T⁻¹. Rotation vectors are body-fixed increments: A(e ⊗ exp(θ)) = A(e) exp(θ̃).
 * Kernels write into caller-provided arrays and allocate nothing.
 */
import { atan2, cos, sin, tan } from '../exactMath';

/** Below this angle (rad) sin(φ/2)/φ is taken from its series (truncation < 1e-19). */
const SMALL_ANGLE = 1e-4;
/** Below this angle (rad) the cancelling coefficients of T and T⁻¹ come from their series (truncation < 1e-23). */
const SERIES_ANGLE = 1e-2;

/**
 * Euler parameters of exp(θ̃): (cos(φ/2), sin(φ/2) θ/φ), φ = |θ|.
 * @example expRotationVector(theta, 0, d, 0) // d: the unit quaternion of the rotation θ
 */
export function expRotationVector(theta: Float64Array, ot: number, out: Float64Array, oo: number): void {
  const x = theta[ot], y = theta[ot + 1], z = theta[ot + 2];
  const phi2 = x * x + y * y + z * z;
  const phi = Math.sqrt(phi2);
  // s = sin(φ/2)/φ
  const s = phi < SMALL_ANGLE ? 0.5 - phi2 / 48 : sin(0.5 * phi) / phi;
  out[oo] = cos(0.5 * phi);
  out[oo + 1] = s * x; out[oo + 2] = s * y; out[oo + 3] = s * z;
}

/**
 * Rotation vector θ (|θ| ≤ π) of unit Euler parameters e: the inverse of expRotationVector (log map).
 * @example rotationVectorFromEulerParameters(e, 0, theta, 0)
 */
export function rotationVectorFromEulerParameters(e: Float64Array, oe: number, out: Float64Array, oo: number): void {
  let e0 = e[oe], e1 = e[oe + 1], e2 = e[oe + 2], e3 = e[oe + 3];
  if (e0 < 0) { e0 = -e0; e1 = -e1; e2 = -e2; e3 = -e3; } // e and −e are the same rotation
  const sinHalf = Math.sqrt(e1 * e1 + e2 * e2 + e3 * e3);
  const phi = 2 * atan2(sinHalf, e0);
  // f = φ / sin(φ/2)
  const f = sinHalf === 0 ? 2 : phi / sinHalf;
  out[oo] = f * e1; out[oo + 1] = f * e2; out[oo + 2] = f * e3;
}

/**
 * Quaternion product out = a ⊗ b (scalar first), so that A(a ⊗ b) = A(a) A(b). `out` may not alias a or b.
 * @example composeEulerParameters(q, 3, d, 0, eNew, 0) // body-fixed increment d applied to e = q[3..7)
 */
export function composeEulerParameters(
  a: Float64Array, oa: number, b: Float64Array, ob: number, out: Float64Array, oo: number,
): void {
  const a0 = a[oa], a1 = a[oa + 1], a2 = a[oa + 2], a3 = a[oa + 3];
  const b0 = b[ob], b1 = b[ob + 1], b2 = b[ob + 2], b3 = b[ob + 3];
  out[oo] = a0 * b0 - a1 * b1 - a2 * b2 - a3 * b3;
  out[oo + 1] = a0 * b1 + a1 * b0 + a2 * b3 - a3 * b2;
  out[oo + 2] = a0 * b2 - a1 * b3 + a2 * b0 + a3 * b1;
  out[oo + 3] = a0 * b3 + a1 * b2 - a2 * b1 + a3 * b0;
}

/**
 * Tangent operator of SO(3) (Brüls, Cardona & Arnold 2012, Eq. 19), row-major 3×3 into out:
 * T(θ) = I + (cos φ − 1)/φ² θ̃ + (1 − sin φ / φ)/φ² θ̃², at out[oo..oo+9).
 */
export function tangentOperator(theta: Float64Array, ot: number, out: Float64Array, oo = 0): void {
  const phi2 = theta[ot] * theta[ot] + theta[ot + 1] * theta[ot + 1] + theta[ot + 2] * theta[ot + 2];
  const phi = Math.sqrt(phi2);
  const sh = phi === 0 ? 0.5 : sin(0.5 * phi) / phi;
  const a = -2 * sh * sh; // (cos φ − 1)/φ² without cancellation
  const b = phi < SERIES_ANGLE
    ? 1 / 6 - phi2 / 120 + phi2 * phi2 / 5040 - phi2 * phi2 * phi2 / 362880
    : (phi - sin(phi)) / (phi2 * phi);
  writeIdentityPlusSkewTerms(theta, ot, a, b, out, oo);
}

/**
 * Its inverse (Brüls, Cardona & Arnold 2012, Eq. 20), row-major 3×3 into out:
 * T⁻¹(θ) = I + ½ θ̃ + (1 − (φ/2) cot(φ/2))/φ² θ̃²  (|θ| < 2π).
 */
export function tangentOperatorInverse(theta: Float64Array, ot: number, out: Float64Array, oo = 0): void {
  const phi2 = theta[ot] * theta[ot] + theta[ot + 1] * theta[ot + 1] + theta[ot + 2] * theta[ot + 2];
  const phi = Math.sqrt(phi2);
  const b = phi < SERIES_ANGLE
    ? 1 / 12 + phi2 / 720 + phi2 * phi2 / 30240 + phi2 * phi2 * phi2 / 1209600
    : (1 - (0.5 * phi) / tan(0.5 * phi)) / phi2;
  writeIdentityPlusSkewTerms(theta, ot, 0.5, b, out, oo);
}

/** out = I + a θ̃ + b θ̃² (θ̃² = θθᵀ − |θ|² I), row-major 3×3. */
function writeIdentityPlusSkewTerms(theta: Float64Array, ot: number, a: number, b: number, out: Float64Array, o: number): void {
  const x = theta[ot], y = theta[ot + 1], z = theta[ot + 2];
  const p2 = x * x + y * y + z * z;
  out[o] = 1 + b * (x * x - p2); out[o + 1] = -a * z + b * x * y; out[o + 2] = a * y + b * x * z;
  out[o + 3] = a * z + b * y * x; out[o + 4] = 1 + b * (y * y - p2); out[o + 5] = -a * x + b * y * z;
  out[o + 6] = -a * y + b * z * x; out[o + 7] = a * x + b * z * y; out[o + 8] = 1 + b * (z * z - p2);
}
