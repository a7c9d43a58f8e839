/**
 * Newton's starting values by polynomial extrapolation of earlier steps' values (Negrut Sect. 3.5):
 * order 0 = previous step's values, 1 = linear, 2 = quadratic, used once enough steps of equal size exist.
 * Order 'auto' chooses, before each step, among the extrapolations of orders 2 … AUTO_MAX_ORDER the one that
 * would have predicted the last accepted value best (the higher ones win on fast periodic motion, where the
 * lower ones' truncation error dominates; the quadratic one where round-off in the history dominates).
 * A method keeps one per extrapolated quantity (HHT: q̈ and λ).
 */
import { copyVector } from '../linalg/dense';

export type PredictorOrder = 0 | 1 | 2 | 'auto';

/**
 * The highest order 'auto' may choose. On the V8 crank (α = −0.3, h = 1e-4, 9 s) the orders above 3 cut Newton's
 * iterations per step from 2.99 to 2.64 (modified) and 2.78 to 2.56 (classical), and its factorisations per step
 * from 0.34 to 0.23 and 0.22 to 0.08: late in the run the crank turns 0.06 rad per step and the cubic's
 * truncation error, (ωh)⁴, is the first Newton correction. Order 6's weights sum to 128 in magnitude: the
 * history's Newton error (1e-10 relative) stays far below that truncation error, and where it does not, the
 * choice falls back to a lower order.
 */
export const AUTO_MAX_ORDER = 6;

/*
 * The order-p extrapolation of x_{n+1} weighs x_{n−j} by (−1)^j C(p+1, j+1), j = 0 … p (exact on polynomials of
 * degree p): 2: 3, −3, 1; 3: 4, −6, 4, −1; 4: 5, −10, 10, −5, 1; 5: 6, −15, 20, −15, 6, −1; 6: 7, −21, 35, −35, 21, −7, 1.
 * extrapolate() and chooseOrder() write them out, up to order 6 = AUTO_MAX_ORDER.
 */

export class ExtrapolatingPredictor {
  /** x_{n−1} … x_{n−depth}; valid while the step size stays `historyH`. */
  private readonly history: Float64Array[];
  private count = 0;
  private historyH = NaN;
  private readonly depth: number;
  /** The last chooseOrder's prediction error per order. */
  private readonly errors = new Float64Array(AUTO_MAX_ORDER + 1);

  constructor(size: number, readonly maxOrder: PredictorOrder) {
    // 'auto' keeps AUTO_MAX_ORDER + 1 values (chooseOrder reads all of them, valid or not).
    this.depth = maxOrder === 'auto' ? AUTO_MAX_ORDER + 1 : 2;
    this.history = Array.from({ length: this.depth }, () => new Float64Array(size));
  }

  /** out = x_{n+1} extrapolated from x_n = `current` and the history, for a step of size h. */
  predict(h: number, current: Float64Array, out: Float64Array): void {
    if (h !== this.historyH) { this.count = 0; this.historyH = h; }
    const order = this.maxOrder === 'auto' ? this.chooseOrder(current) : Math.min(this.maxOrder, this.count);
    extrapolate(order, current, this.history, out);
  }

  /** Records x_n (about to be replaced by the accepted x_{n+1}) as history. */
  push(current: Float64Array): void {
    const h = this.history, n = current.length;
    for (let k = this.depth - 1; k > 0; k--) copyVector(n, h[k - 1], h[k]);
    copyVector(n, current, h[0]);
    this.count = Math.min(this.depth, this.count + 1);
  }

  /** Forgets the history (a new start). */
  reset(): void { this.count = 0; this.historyH = NaN; }

  /**
   * 2 … AUTO_MAX_ORDER: whichever extrapolation from x_{n−1} … would have come closest to x_n (max norm; ties to
   * the lower order); the quadratic one or lower until the history holds an order's points. One pass over the
   * components with the weights written out: on the heavy top's eleven unknowns loops over orders and weights
   * cost more than the arithmetic.
   */
  private chooseOrder(x: Float64Array): number {
    const available = this.count - 1;
    if (available < 3) return Math.min(2, this.count);
    const h = this.history;
    const h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4], h5 = h[5], h6 = h[6];
    let e2 = 0, e3 = 0, e4 = 0, e5 = 0, e6 = 0;
    for (let i = 0; i < x.length; i++) {
      const a = h0[i], b = h1[i], c = h2[i], d = h3[i], e = h4[i], f = h5[i], g = h6[i], xi = x[i];
      e2 = Math.max(e2, Math.abs(3 * a - 3 * b + c - xi));
      e3 = Math.max(e3, Math.abs(4 * a - 6 * b + 4 * c - d - xi));
      e4 = Math.max(e4, Math.abs(5 * a - 10 * b + 10 * c - 5 * d + e - xi));
      e5 = Math.max(e5, Math.abs(6 * a - 15 * b + 20 * c - 15 * d + 6 * e - f - xi));
      e6 = Math.max(e6, Math.abs(7 * a - 21 * b + 35 * c - 35 * d + 21 * e - 7 * f + g - xi));
    }
    const errors = this.errors;
    errors[2] = e2; errors[3] = e3; errors[4] = e4; errors[5] = e5; errors[6] = e6;
    let best = 2;
    for (let p = 3; p <= Math.min(AUTO_MAX_ORDER, available); p++) if (errors[p] < errors[best]) best = p;
    return best;
  }
}

/**
 * out = x_{n+1} extrapolated by order `order` from x_n and x_{n−1} = history[0], x_{n−2} = history[1], … (the weights
 * above, summed from x_n backwards).
 */
function extrapolate(order: number, x: Float64Array, history: Float64Array[], out: Float64Array): void {
  const n = x.length;
  if (order === 0) { copyVector(n, x, out); return; }
  const h0 = history[0], h1 = history[1], h2 = history[2], h3 = history[3], h4 = history[4], h5 = history[5];
  switch (order) {
    case 1: for (let i = 0; i < n; i++) out[i] = 2 * x[i] - h0[i]; return;
    case 2: for (let i = 0; i < n; i++) out[i] = 3 * x[i] - 3 * h0[i] + h1[i]; return;
    case 3: for (let i = 0; i < n; i++) out[i] = 4 * x[i] - 6 * h0[i] + 4 * h1[i] - h2[i]; return;
    case 4: for (let i = 0; i < n; i++) out[i] = 5 * x[i] - 10 * h0[i] + 10 * h1[i] - 5 * h2[i] + h3[i]; return;
    case 5: for (let i = 0; i < n; i++) out[i] = 6 * x[i] - 15 * h0[i] + 20 * h1[i] - 15 * h2[i] + 6 * h3[i] - h4[i]; return;
    default: for (let i = 0; i < n; i++) out[i] = 7 * x[i] - 21 * h0[i] + 35 * h1[i] - 35 * h2[i] + 21 * h3[i] - 7 * h4[i] + h5[i];
  }
}
