/**
 * Newton's starting values by polynomial extrapolation (Negrut Sect. 3.5), kept as backward differences
 * (integrators/predictor.ts holds the tables and says when to choose an order). The order-p extrapolation of x_{n+1}
 * from x_n … x_{n−p} is Newton's backward-difference formula
 *   x̂_{n+1} = Σ_{k=0}^{p} ∇^k x_n,   ∇^0 x_n = x_n,   ∇^k x_n = ∇^{k−1} x_n − ∇^{k−1} x_{n−1},
 * exact on polynomials of degree p, and its error in predicting x_n from x_{n−1} … x_{n−1−p} is ∇^{p+1} x_n. A table
 * of ∇^0 … ∇^{MAX_ORDER+1} x_{n−1} turns into that of x_n with one subtraction per entry, and the same pass gives every
 * order's error: choosing among the orders 2 … MAX_ORDER costs no more than extrapolating. Two components at a time
 * (f64x2; each lane's subtraction and addition is the scalar one). The maxima are kept as pmax keeps them (one
 * instruction, where wasm's NaN-propagating max takes several), so a NaN entry is passed over: a NaN in x_n has failed
 * the run already, and the rows beyond the history (garbage, perhaps NaN) belong to orders never chosen.
 */

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
/** Components k, k + 1 (8-byte aligned). */
@inline function v2(ptr: usize, k: i32): v128 { return v128.load(ptr + (<usize>k << 3), 0, 8); }
@inline function setV2(ptr: usize, k: i32, v: v128): void { v128.store(ptr + (<usize>k << 3), v, 0, 8); }
/**
 * The larger of a pair of maxima and a last one, each kept as pmax keeps them (l < a ? a : l): an entry that is NaN
 * is passed over.
 */
@inline function largest(lanes: v128, last: f64): f64 {
  const a = f64x2.extract_lane(lanes, 0), b = f64x2.extract_lane(lanes, 1);
  const pair = a < b ? b : a;
  return pair < last ? last : pair;
}

/** The highest order (integrators/predictor.ts: AUTO_MAX_ORDER); a table holds ∇^0 … ∇^{MAX_ORDER+1}. */
const MAX_ORDER = 10;
/** The order predict() is told to choose (the best of 2 … min(MAX_ORDER, available)). */
const CHOOSE = -1;

/** Max-norm errors of orders 2 … MAX_ORDER over the last pass: errorP = ‖∇^{p+1} x_n‖∞ (NaN entries passed over). */
let error2: f64 = 0, error3: f64 = 0, error4: f64 = 0, error5: f64 = 0, error6: f64 = 0, error7: f64 = 0;
let error8: f64 = 0, error9: f64 = 0, error10: f64 = 0;

/** Order p's error from the last pass. */
function orderError(p: i32): f64 {
  switch (p) {
    case 2: return error2;
    case 3: return error3;
    case 4: return error4;
    case 5: return error5;
    case 6: return error6;
    case 7: return error7;
    case 8: return error8;
    case 9: return error9;
    default: return error10;
  }
}

/** Bytes of one pair of components' rows in a table: ROWS × 2 × 8, row k of the pair at 16 k. */
const PAIR_BYTES: usize = 16 * (MAX_ORDER + 2);

/**
 * The table of x_{n−1} (rows ∇^0 … ∇^{MAX_ORDER+1}, stored pair by pair of components: row k of components 2j, 2j + 1
 * at table + PAIR_BYTES·j + 16k, an odd last component in lane 0 of its pair) becomes that of x = x_n in place, row by
 * row: ∇^k x_n = ∇^{k−1} x_n − ∇^{k−1} x_{n−1}, the old row k − 1 read before it is overwritten; and error2 … error10
 * become each order's error ‖∇^{p+1} x_n‖∞. One pass over consecutive memory.
 */
function differences(n: i32, x: usize, table: usize): void {
  let e2 = f64x2.splat(0), e3 = e2, e4 = e2, e5 = e2, e6 = e2, e7 = e2, e8 = e2, e9 = e2, e10 = e2;
  let i = 0, t = table;
  for (; i + 1 < n; i += 2, t += PAIR_BYTES) {
    let v = v2(x, i), o = v128.load(t, 0, 8);
    v128.store(t, v, 0, 8);
    v = f64x2.sub(v, o); o = v128.load(t, 16, 8); v128.store(t, v, 16, 8);
    v = f64x2.sub(v, o); o = v128.load(t, 32, 8); v128.store(t, v, 32, 8);
    v = f64x2.sub(v, o); o = v128.load(t, 48, 8); v128.store(t, v, 48, 8); e2 = f64x2.pmax(e2, f64x2.abs(v));
    v = f64x2.sub(v, o); o = v128.load(t, 64, 8); v128.store(t, v, 64, 8); e3 = f64x2.pmax(e3, f64x2.abs(v));
    v = f64x2.sub(v, o); o = v128.load(t, 80, 8); v128.store(t, v, 80, 8); e4 = f64x2.pmax(e4, f64x2.abs(v));
    v = f64x2.sub(v, o); o = v128.load(t, 96, 8); v128.store(t, v, 96, 8); e5 = f64x2.pmax(e5, f64x2.abs(v));
    v = f64x2.sub(v, o); o = v128.load(t, 112, 8); v128.store(t, v, 112, 8); e6 = f64x2.pmax(e6, f64x2.abs(v));
    v = f64x2.sub(v, o); o = v128.load(t, 128, 8); v128.store(t, v, 128, 8); e7 = f64x2.pmax(e7, f64x2.abs(v));
    v = f64x2.sub(v, o); o = v128.load(t, 144, 8); v128.store(t, v, 144, 8); e8 = f64x2.pmax(e8, f64x2.abs(v));
    v = f64x2.sub(v, o); o = v128.load(t, 160, 8); v128.store(t, v, 160, 8); e9 = f64x2.pmax(e9, f64x2.abs(v));
    v = f64x2.sub(v, o); v128.store(t, v, 176, 8); e10 = f64x2.pmax(e10, f64x2.abs(v));
  }
  let s2: f64 = 0, s3: f64 = 0, s4: f64 = 0, s5: f64 = 0, s6: f64 = 0, s7: f64 = 0, s8: f64 = 0, s9: f64 = 0, s10: f64 = 0;
  if (i < n) {
    let v = f(x, i), o = load<f64>(t);
    store<f64>(t, v);
    v -= o; o = load<f64>(t, 16); store<f64>(t, v, 16);
    v -= o; o = load<f64>(t, 32); store<f64>(t, v, 32);
    v -= o; o = load<f64>(t, 48); store<f64>(t, v, 48); s2 = abs(v);
    v -= o; o = load<f64>(t, 64); store<f64>(t, v, 64); s3 = abs(v);
    v -= o; o = load<f64>(t, 80); store<f64>(t, v, 80); s4 = abs(v);
    v -= o; o = load<f64>(t, 96); store<f64>(t, v, 96); s5 = abs(v);
    v -= o; o = load<f64>(t, 112); store<f64>(t, v, 112); s6 = abs(v);
    v -= o; o = load<f64>(t, 128); store<f64>(t, v, 128); s7 = abs(v);
    v -= o; o = load<f64>(t, 144); store<f64>(t, v, 144); s8 = abs(v);
    v -= o; o = load<f64>(t, 160); store<f64>(t, v, 160); s9 = abs(v);
    v -= o; store<f64>(t, v, 176); s10 = abs(v);
  }
  error2 = largest(e2, s2);
  error3 = largest(e3, s3);
  error4 = largest(e4, s4);
  error5 = largest(e5, s5);
  error6 = largest(e6, s6);
  error7 = largest(e7, s7);
  error8 = largest(e8, s8);
  error9 = largest(e9, s9);
  error10 = largest(e10, s10);
}

/** The order 2 … last of the least error (ties to the lower order). */
function chooseOrder(last: i32): i32 {
  let best = 2, bestError = error2;
  for (let p = 3; p <= last; p++) {
    const e = orderError(p);
    if (e < bestError) { best = p; bestError = e; }
  }
  return best;
}

/** out = Σ_{k=0}^{p} ∇^k x_n, summed from the highest difference down (the smallest terms first). */
function extrapolate(p: i32, n: i32, table: usize, out: usize): void {
  const top = <usize>p << 4;
  let i = 0, t = table;
  for (; i + 1 < n; i += 2, t += PAIR_BYTES) {
    let row = t + top;
    let s = v128.load(row, 0, 8);
    while (row > t) {
      row -= 16;
      s = f64x2.add(s, v128.load(row, 0, 8));
    }
    setV2(out, i, s);
  }
  if (i < n) {
    let row = t + top;
    let s = load<f64>(row);
    while (row > t) {
      row -= 16;
      s += load<f64>(row);
    }
    setF(out, i, s);
  }
}

/**
 * Newton's starting value out = x̂_{n+1} in one call: `table` (the differences of x_{n−1}) becomes the difference table
 * of x = x_n, and out its extrapolation of order `order` (0 … MAX_ORDER), or, with order = CHOOSE (−1), of the order
 * 2 … min(MAX_ORDER, available) that would have predicted x_n best (max norm). Rows beyond what `available` earlier
 * values fill are carried along, never used. Returns the order used.
 * The table takes ceil(n / 2) · PAIR_BYTES bytes.
 * @example const p = predict(-1, 119, 10, qdd, table, out) // the best of orders 2 … 10, applied
 */
export function predict(order: i32, n: i32, available: i32, x: usize, table: usize, out: usize): i32 {
  differences(n, x, table);
  const p = order == CHOOSE ? chooseOrder(min(MAX_ORDER, available)) : order;
  extrapolate(p, n, table, out);
  return p;
}
