/**
 * atan2 from IEEE-exact operations only (+ − × ÷, √ and comparisons), so every JavaScript engine returns the same
 * bits — as exactCbrt (src/solver/integrators/exactCbrt.ts) does for the cube root. Math.atan2 is not specified to
 * the bit: Node 20 (V8 11.3) and Chromium 153 differ in the last bit for some joint angles, which made a model's
 * angle outputs (and a torsion spring's torque) differ between the web app and `sim`.
 *
 * Method: the ratio t = min/max of |y|, |x| lies in [0, 1]; above tan(π/8) it is reduced by
 * atan t = π/4 + atan((t − 1)/(t + 1)); then the half-angle step atan u = 2 atan(u / (1 + √(1 + u²))) brings |u|
 * below tan(π/16) < 0.2, where the odd Taylor series to u³¹ is exact to far below one ulp; the quadrant follows the signs.
 * Within 5e-16 relative of Math.atan2, about two units in the last place (test/solver/exactAtan2.test.ts).
 * Example: exactAtan2(1, 1) === Math.PI / 4, exactAtan2(0, -1) === Math.PI.
 */
const PI = Math.PI;
const PI_2 = Math.PI / 2;
const PI_4 = Math.PI / 4;
/** tan(π/8) = √2 − 1. */
const TAN_PI_8 = Math.SQRT2 - 1;
/** Coefficients (−1)ᵏ/(2k + 1), k = 1 … 15, of the series after the half-angle step (|u| ≤ tan(π/16) < 0.2: u³²/33 < 1e-23). */
const SERIES = Array.from({ length: 15 }, (_, i) => (i % 2 === 0 ? -1 : 1) / (2 * i + 3));

/** atan u for |u| ≤ tan(π/8), by one half-angle step and the Taylor series. */
function atanSmall(u: number): number {
  u = u / (1 + Math.sqrt(1 + u * u));
  const u2 = u * u;
  // Horner from the highest term: u (1 − u²/3 + u⁴/5 − …).
  let sum = 0;
  for (let k = SERIES.length - 1; k >= 0; k--) sum = SERIES[k] + u2 * sum;
  return 2 * (u + u * u2 * sum);
}

/** atan t for t ∈ [0, 1]. */
function atanUnit(t: number): number {
  return t > TAN_PI_8 ? PI_4 + atanSmall((t - 1) / (t + 1)) : atanSmall(t);
}

/** The angle of the point (x, y) from the +x axis, in (−π, π], with Math.atan2's signed zeros and infinities. */
export function exactAtan2(y: number, x: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  let angle: number;
  if (ax === Infinity && ay === Infinity) angle = PI_4;
  else if (ay === Infinity || ax === 0) angle = ay === 0 ? 0 : PI_2;
  else if (ax === Infinity || ay === 0) angle = 0;
  else angle = ay <= ax ? atanUnit(ay / ax) : PI_2 - atanUnit(ax / ay);
  // Quadrant: x < 0 (or −0) mirrors the angle about π/2; the sign of y (or of −0) gives the half-plane.
  const negativeX = x < 0 || Object.is(x, -0);
  if (negativeX) angle = ax === Infinity && ay !== Infinity ? PI : PI - angle;
  if (ay === 0 && !negativeX) angle = 0;
  return y < 0 || Object.is(y, -0) ? -angle : angle;
}
