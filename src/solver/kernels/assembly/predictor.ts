/**
 * Newton's starting values by polynomial extrapolation (Negrut Sect. 3.5; integrators/predictor.ts holds the history
 * and the choice of order). The order-p extrapolation of x_{n+1} weighs x_n, x_{n−1}, … by (−1)^j C(p+1, j+1),
 * written out up to order 6; h0 … h6 point at x_{n−1} … x_{n−7}. The sums are formed in the order of the TypeScript
 * they replaced, so the numbers are the same to the bit.
 */

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function p32(ptr: usize, k: i32): usize { return <usize>load<i32>(ptr + (<usize>k << 2)); }

/** The order predict() is told to choose (Negrut Sect. 3.5's extrapolation of the best order, 'auto'). */
const CHOOSE = -1;

/**
 * out = x_{n+1} extrapolated by `order` (0 … 6) from x = x_n and the history.
 * @example extrapolate(2, 119, qdd, h0, h1, h2, h3, h4, h5, out) // out = 3 x − 3 x_{n−1} + x_{n−2}
 */
function extrapolate(
  order: i32, n: i32, x: usize, h0: usize, h1: usize, h2: usize, h3: usize, h4: usize, h5: usize, out: usize,
): void {
  switch (order) {
    case 0: for (let i = 0; i < n; i++) setF(out, i, f(x, i)); return;
    case 1: for (let i = 0; i < n; i++) setF(out, i, 2 * f(x, i) - f(h0, i)); return;
    case 2: for (let i = 0; i < n; i++) setF(out, i, 3 * f(x, i) - 3 * f(h0, i) + f(h1, i)); return;
    case 3: for (let i = 0; i < n; i++) setF(out, i, 4 * f(x, i) - 6 * f(h0, i) + 4 * f(h1, i) - f(h2, i)); return;
    case 4: for (let i = 0; i < n; i++) setF(out, i, 5 * f(x, i) - 10 * f(h0, i) + 10 * f(h1, i) - 5 * f(h2, i) + f(h3, i)); return;
    case 5:
      for (let i = 0; i < n; i++) {
        setF(out, i, 6 * f(x, i) - 15 * f(h0, i) + 20 * f(h1, i) - 15 * f(h2, i) + 6 * f(h3, i) - f(h4, i));
      }
      return;
    default:
      for (let i = 0; i < n; i++) {
        setF(out, i, 7 * f(x, i) - 21 * f(h0, i) + 35 * f(h1, i) - 35 * f(h2, i) + 21 * f(h3, i) - 7 * f(h4, i) + f(h5, i));
      }
  }
}

/**
 * |x̂_p − x_i|: the error at component i of order p's extrapolation from x_{n−1} … (h0 = x_{n−1}, …) of x = x_n,
 * each sum formed as in extrapolate (and as in the choice this replaced), so the errors are the same to the bit.
 */
@inline function orderError(
  p: i32, i: i32, x: usize, h0: usize, h1: usize, h2: usize, h3: usize, h4: usize, h5: usize, h6: usize,
): f64 {
  const a = f(h0, i), b = f(h1, i), c = f(h2, i), xi = f(x, i);
  switch (p) {
    case 2: return abs(3 * a - 3 * b + c - xi);
    case 3: return abs(4 * a - 6 * b + 4 * c - f(h3, i) - xi);
    case 4: return abs(5 * a - 10 * b + 10 * c - 5 * f(h3, i) + f(h4, i) - xi);
    case 5: return abs(6 * a - 15 * b + 20 * c - 15 * f(h3, i) + 6 * f(h4, i) - f(h5, i) - xi);
    default: return abs(7 * a - 21 * b + 35 * c - 35 * f(h3, i) + 21 * f(h4, i) - 7 * f(h5, i) + f(h6, i) - xi);
  }
}

/** Where the candidate's error was largest (set by chooseOrder, returned in predict's hint). */
let largestAt: i32 = 0;

/**
 * Order p's max-norm error over every component, and in largestAt the first component where it is largest (from
 * `at` when none is above zero); inlined with p a constant, so each order's loop is straight-line arithmetic.
 */
@inline function wholeError(
  p: i32, n: i32, at: i32, x: usize, h0: usize, h1: usize, h2: usize, h3: usize, h4: usize, h5: usize, h6: usize,
): f64 {
  let bound: f64 = 0;
  for (let i = 0; i < n; i++) {
    const e = orderError(p, i, x, h0, h1, h2, h3, h4, h5, h6);
    if (e > bound) at = i;
    bound = max(bound, e);
  }
  largestAt = at;
  return bound;
}

/** wholeError for the order p at hand, one loop per order. */
function candidateError(
  p: i32, n: i32, at: i32, x: usize, h0: usize, h1: usize, h2: usize, h3: usize, h4: usize, h5: usize, h6: usize,
): f64 {
  switch (p) {
    case 2: return wholeError(2, n, at, x, h0, h1, h2, h3, h4, h5, h6);
    case 3: return wholeError(3, n, at, x, h0, h1, h2, h3, h4, h5, h6);
    case 4: return wholeError(4, n, at, x, h0, h1, h2, h3, h4, h5, h6);
    case 5: return wholeError(5, n, at, x, h0, h1, h2, h3, h4, h5, h6);
    default: return wholeError(6, n, at, x, h0, h1, h2, h3, h4, h5, h6);
  }
}

/**
 * The order 2 … min(6, available) whose extrapolation from x_{n−1} … would have come closest to x = x_n in the max
 * norm (ties to the lower order). The candidate (the last step's choice, from the hint) is measured over every
 * component first; another order is dropped as soon as one component's error shows it cannot win (above the
 * candidate's for a lower order, not below it for a higher one), and that is looked for first where the candidate's
 * error was largest last time. The orders left are compared on their whole max norms, so for finite values the
 * choice is the one the full comparison of all five errors makes.
 * @example const p = chooseOrder(119, 6, 3 | (17 << 3), qdd, h0, h1, h2, h3, h4, h5, h6)
 */
function chooseOrder(
  n: i32, available: i32, hint: i32, x: usize, h0: usize, h1: usize, h2: usize, h3: usize, h4: usize, h5: usize, h6: usize,
): i32 {
  const last = min(6, available);
  let candidate = hint & 7;
  if (candidate < 2 || candidate > last) candidate = 2;
  let at = hint >> 3;
  if (at < 0 || at >= n) at = 0;
  const bound = candidateError(candidate, n, at, x, h0, h1, h2, h3, h4, h5, h6);
  at = largestAt;
  let best = candidate, bestError = bound;
  for (let p = 2; p <= last; p++) {
    if (p == candidate) continue;
    const lower = p < candidate;
    let e = orderError(p, at, x, h0, h1, h2, h3, h4, h5, h6);
    if (lower ? e > bound : e >= bound) continue;
    for (let i = 0; i < n; i++) {
      e = max(e, orderError(p, i, x, h0, h1, h2, h3, h4, h5, h6));
      if (lower ? e > bound : e >= bound) break;
    }
    if (lower ? e > bound : e >= bound) continue;
    // p survives: its whole max norm is e; the lowest order of the least error wins.
    if (e < bestError || (e == bestError && p < best)) { best = p; bestError = e; }
  }
  return best;
}

/**
 * Newton's starting value out = x_{n+1} in one call: extrapolated by `order` (0 … 6), or, with order = CHOOSE (−1),
 * by the order chooseOrder finds from `available` earlier values, starting from `hint` (the last call's return value;
 * 0 at first). history points at 7 i32 pointers of x_{n−1} … x_{n−7} (those beyond the history kept are read, never
 * followed). Returns the order used, plus 8 × the component where its error was largest when it was chosen.
 * @example hint = predict(-1, 119, 6, hint, qdd, history, out) // the best of orders 2 … 6 (hint & 7), applied
 */
export function predict(order: i32, n: i32, available: i32, hint: i32, x: usize, history: usize, out: usize): i32 {
  const h0 = p32(history, 0), h1 = p32(history, 1), h2 = p32(history, 2), h3 = p32(history, 3), h4 = p32(history, 4), h5 = p32(history, 5);
  if (order != CHOOSE) {
    extrapolate(order, n, x, h0, h1, h2, h3, h4, h5, out);
    return order;
  }
  const p = chooseOrder(n, available, hint, x, h0, h1, h2, h3, h4, h5, p32(history, 6));
  extrapolate(p, n, x, h0, h1, h2, h3, h4, h5, out);
  return p | (largestAt << 3);
}
