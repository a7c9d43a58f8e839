/**
 * Cube root from IEEE-exact operations only (+ − × ÷ and comparisons), so every JavaScript engine
 * returns the same bits. Math.cbrt (and Math.pow, exp, sin, cos) are not specified to the bit: on
 * this machine Node 20 (V8 11.3) and Chromium 153 disagree in the last bit for about 8 % of random
 * inputs, which made an adaptive run's step sizes — and so its final row — differ between the web
 * app and `sim`. Relative error below 4e-16 for every finite input.
 * Example: exactCbrt(27) === 3, exactCbrt(-0.001) ≈ -0.1.
 * Used by the adaptive step choice (Negrut Eq. 37, h_new = s h (e/ε)^(−1/3)) instead of Math.cbrt.
 */
const TWO_60 = 1152921504606846976; // 2^60, exact
const TWO_MINUS_60 = 1 / TWO_60; // 2^-60, exact
const TWO_20 = 1048576; // 2^20

export function exactCbrt(x: number): number {
  if (x === 0 || !Number.isFinite(x)) return x; // ±0, ±Infinity, NaN as Math.cbrt
  let a = x < 0 ? -x : x;
  let scale = 1;
  // Bring a into [1, 8) by exact powers of two; the cube root scales by their cube roots (also powers of two).
  while (a >= TWO_60) { a *= TWO_MINUS_60; scale *= TWO_20; }
  while (a < TWO_MINUS_60) { a *= TWO_60; scale /= TWO_20; }
  while (a >= 8) { a *= 0.125; scale *= 2; }
  while (a < 1) { a *= 8; scale *= 0.5; }
  // Newton's iteration for r³ = a from the chord 1 + (a − 1)/7 (within 26 % of the root on [1, 8)):
  // quadratic convergence, 6 fixed iterations reach the rounding level.
  let r = 1 + (a - 1) / 7;
  for (let k = 0; k < 6; k++) r = (2 * r + a / (r * r)) / 3;
  return x < 0 ? -r * scale : r * scale;
}
