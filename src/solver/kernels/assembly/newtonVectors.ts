/**
 * The Newton driver's vector arithmetic per iteration (integrators/newtonDriver.ts), on vectors in the model's memory:
 *   scaleRange        the constraint rows of the residual times 1/positionSensitivity (Negrut Eqs. 12-13)
 *   newtonCorrection  x += Δx for x = [q̈_{n+1}; λ_{n+1}], with ‖Δq̈‖∞, ‖Δλ‖∞, ‖q̈_{n+1}‖∞ and ‖q_{n+1}‖∞ for the stop
 *                     (Negrut Eq. 41's increments; the scales of the residual-tolerance stop)
 * The same loops as the TypeScript they replaced (linalg/dense.ts: maxAbs), so the numbers are the same to the bit:
 * two components at a time (f64x2; each lane's add, multiply and |·| is the scalar one), the maxima kept per lane
 * and joined at the end (max is exact and |x| ≥ +0, so the order does not matter), a NaN noted on the side;
 * ‖q̈_{n+1}‖∞ is taken in the pass that adds Δq̈.
 */

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
/** Components k, k + 1 (8-byte aligned, so the load and store say so). */
@inline function v2(ptr: usize, k: i32): v128 { return v128.load(ptr + (<usize>k << 3), 0, 8); }
@inline function setV2(ptr: usize, k: i32, v: v128): void { v128.store(ptr + (<usize>k << 3), v, 0, 8); }
/** max(lane 0, lane 1) of a pair of maxima of |x| (no NaN among them). */
@inline function joinLanes(v: v128): f64 { return max(f64x2.extract_lane(v, 0), f64x2.extract_lane(v, 1)); }

/** x[from .. to) *= s. */
export function scaleRange(x: usize, from: i32, to: i32, s: f64): void {
  const sv = f64x2.splat(s);
  let i = from;
  for (; i + 1 < to; i += 2) setV2(x, i, f64x2.mul(v2(x, i), sv));
  if (i < to) setF(x, i, f(x, i) * s);
}

/** max |x_i| over count entries; NaN if one is NaN. */
function maxAbs(count: i32, x: usize): f64 {
  // pmax(l, a) = l < a ? a : l, so a NaN leaves the lane alone and is caught by the mask.
  let lanes = f64x2.splat(0), nan = i64x2.splat(0);
  let i = 0;
  for (; i + 1 < count; i += 2) {
    const a = f64x2.abs(v2(x, i));
    lanes = f64x2.pmax(lanes, a);
    nan = v128.or(nan, f64x2.ne(a, a));
  }
  if (v128.any_true(nan)) return NaN;
  let largest = joinLanes(lanes);
  if (i < count) {
    const a = abs<f64>(f(x, i));
    if (!(a <= largest)) {
      if (a != a) return NaN;
      largest = a;
    }
  }
  return largest;
}

/**
 * x[0 .. count) += d[0 .. count); out[at] = max |d_i| and, when sizeAt ≥ 0 (a constant: inlined), out[sizeAt] =
 * max |x_i| after the addition (maxAbs in the same pass); each NaN if one of its entries is NaN.
 */
@inline function addAndMaxAbs(count: i32, d: usize, x: usize, out: usize, at: i32, sizeAt: i32): void {
  let steps = f64x2.splat(0), sizes = f64x2.splat(0), stepNaNs = i64x2.splat(0), sizeNaNs = i64x2.splat(0);
  let i = 0;
  for (; i + 1 < count; i += 2) {
    const v = v2(d, i);
    const y = f64x2.add(v2(x, i), v);
    setV2(x, i, y);
    const a = f64x2.abs(v);
    steps = f64x2.pmax(steps, a);
    stepNaNs = v128.or(stepNaNs, f64x2.ne(a, a));
    if (sizeAt >= 0) {
      const b = f64x2.abs(y);
      sizes = f64x2.pmax(sizes, b);
      sizeNaNs = v128.or(sizeNaNs, f64x2.ne(b, b));
    }
  }
  let step = joinLanes(steps), stepNaN = v128.any_true(stepNaNs);
  let size = joinLanes(sizes), sizeNaN = v128.any_true(sizeNaNs);
  for (; i < count; i++) {
    const v = f(d, i), y = f(x, i) + v;
    setF(x, i, y);
    const a = abs<f64>(v);
    if (!(a <= step)) {
      if (a != a) stepNaN = true;
      else step = a;
    }
    if (sizeAt >= 0) {
      const b = abs<f64>(y);
      if (!(b <= size)) {
        if (b != b) sizeNaN = true;
        else size = b;
      }
    }
  }
  setF(out, at, stepNaN ? NaN : step);
  if (sizeAt >= 0) setF(out, sizeAt, sizeNaN ? NaN : size);
}

/**
 * The corrections Δx = d (d = [Δq̈; Δλ], n + m entries) added to x = [q̈_{n+1}; λ_{n+1}]; into out[0 .. 4):
 * ‖Δq̈‖∞, ‖Δλ‖∞, ‖q̈_{n+1}‖∞ after the correction and ‖positions‖∞ (n entries; q_{n+1} at the iterate).
 * @example newtonCorrection(119, 118, rhs, unknowns, qNew, out)
 */
export function newtonCorrection(n: i32, m: i32, d: usize, x: usize, positions: usize, out: usize): void {
  addAndMaxAbs(n, d, x, out, 0, 2);
  addAndMaxAbs(m, d + (<usize>n << 3), x + (<usize>n << 3), out, 1, -1);
  setF(out, 3, maxAbs(n, positions));
}
