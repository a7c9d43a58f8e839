/**
 * The Newton driver's vector arithmetic per iteration (integrators/newtonDriver.ts), on vectors in the model's memory:
 *   scaleRange        the constraint rows of the residual times 1/positionSensitivity (Negrut Eqs. 12-13)
 *   newtonCorrection  x += Δx for x = [q̈_{n+1}; λ_{n+1}], with ‖Δq̈‖∞, ‖Δλ‖∞, ‖q̈_{n+1}‖∞ and ‖q_{n+1}‖∞ for the stop
 *                     (Negrut Eq. 41's increments; the scales of the residual-tolerance stop)
 * The same loops as the TypeScript they replaced (linalg/dense.ts: maxAbs), so the numbers are the same to the bit.
 */

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }

/** x[from .. to) *= s. */
export function scaleRange(x: usize, from: i32, to: i32, s: f64): void {
  for (let i = from; i < to; i++) setF(x, i, f(x, i) * s);
}

/** max |x_i| over count entries; NaN if one is NaN. */
function maxAbs(count: i32, x: usize): f64 {
  let largest: f64 = 0;
  for (let i = 0; i < count; i++) {
    const a = abs<f64>(f(x, i));
    if (!(a <= largest)) {
      if (a != a) return NaN;
      largest = a;
    }
  }
  return largest;
}

/** x[0 .. count) += d[0 .. count) and returns max |d_i| (NaN if one is NaN). */
function addAndMaxAbs(count: i32, d: usize, x: usize): f64 {
  let largest: f64 = 0, nan = false;
  for (let i = 0; i < count; i++) {
    const v = f(d, i);
    setF(x, i, f(x, i) + v);
    const a = abs<f64>(v);
    if (!(a <= largest)) {
      if (a != a) nan = true;
      else largest = a;
    }
  }
  return nan ? NaN : largest;
}

/**
 * The corrections Δx = d (d = [Δq̈; Δλ], n + m entries) added to x = [q̈_{n+1}; λ_{n+1}]; into out[0 .. 4):
 * ‖Δq̈‖∞, ‖Δλ‖∞, ‖q̈_{n+1}‖∞ after the correction and ‖positions‖∞ (n entries; q_{n+1} at the iterate).
 * @example newtonCorrection(119, 118, rhs, unknowns, qNew, out)
 */
export function newtonCorrection(n: i32, m: i32, d: usize, x: usize, positions: usize, out: usize): void {
  setF(out, 0, addAndMaxAbs(n, d, x));
  setF(out, 1, addAndMaxAbs(m, d + (<usize>n << 3), x + (<usize>n << 3)));
  setF(out, 2, maxAbs(n, x));
  setF(out, 3, maxAbs(n, positions));
}
