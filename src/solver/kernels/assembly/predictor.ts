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
 * The order 2 … min(6, available) whose extrapolation from x_{n−1} … would have come closest to x = x_n in the max
 * norm (ties to the lower order); every error is formed over all seven history vectors, as before.
 * @example const p = chooseOrder(119, 6, qdd, h0, h1, h2, h3, h4, h5, h6)
 */
function chooseOrder(
  n: i32, available: i32, x: usize, h0: usize, h1: usize, h2: usize, h3: usize, h4: usize, h5: usize, h6: usize,
): i32 {
  let e2: f64 = 0, e3: f64 = 0, e4: f64 = 0, e5: f64 = 0, e6: f64 = 0;
  for (let i = 0; i < n; i++) {
    const a = f(h0, i), b = f(h1, i), c = f(h2, i), d = f(h3, i), e = f(h4, i), g5 = f(h5, i), g = f(h6, i), xi = f(x, i);
    e2 = max(e2, abs(3 * a - 3 * b + c - xi));
    e3 = max(e3, abs(4 * a - 6 * b + 4 * c - d - xi));
    e4 = max(e4, abs(5 * a - 10 * b + 10 * c - 5 * d + e - xi));
    e5 = max(e5, abs(6 * a - 15 * b + 20 * c - 15 * d + 6 * e - g5 - xi));
    e6 = max(e6, abs(7 * a - 21 * b + 35 * c - 35 * d + 21 * e - 7 * g5 + g - xi));
  }
  let best = 2, bestError = e2;
  const last = min(6, available);
  if (last >= 3 && e3 < bestError) { best = 3; bestError = e3; }
  if (last >= 4 && e4 < bestError) { best = 4; bestError = e4; }
  if (last >= 5 && e5 < bestError) { best = 5; bestError = e5; }
  if (last >= 6 && e6 < bestError) { best = 6; bestError = e6; }
  return best;
}

/**
 * Newton's starting value out = x_{n+1} in one call: extrapolated by `order` (0 … 6), or, with order = CHOOSE (−1),
 * by the order chooseOrder finds from `available` earlier values. history points at 7 i32 pointers of x_{n−1} …
 * x_{n−7} (those beyond the history kept are read, never followed). Returns the order used.
 * @example const p = predict(-1, 119, 6, qdd, history, out) // the best of orders 2 … 6, applied
 */
export function predict(order: i32, n: i32, available: i32, x: usize, history: usize, out: usize): i32 {
  const h0 = p32(history, 0), h1 = p32(history, 1), h2 = p32(history, 2), h3 = p32(history, 3), h4 = p32(history, 4), h5 = p32(history, 5);
  const p = order == CHOOSE ? chooseOrder(n, available, x, h0, h1, h2, h3, h4, h5, p32(history, 6)) : order;
  extrapolate(p, n, x, h0, h1, h2, h3, h4, h5, out);
  return p;
}
