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

/**
 * EXTRAPOLATION[p][j]: weight of x_{n−j} in the order-p extrapolation of x_{n+1}, (−1)^j C(p+1, j+1): exact on
 * polynomials of degree p.
 */
const EXTRAPOLATION: readonly (readonly number[])[] = [
  [1], [2, -1], [3, -3, 1], [4, -6, 4, -1], [5, -10, 10, -5, 1], [6, -15, 20, -15, 6, -1], [7, -21, 35, -35, 21, -7, 1],
];

export class ExtrapolatingPredictor {
  /** x_{n−1} … x_{n−depth}; valid while the step size stays `historyH`. */
  private readonly history: Float64Array[];
  private count = 0;
  private historyH = NaN;
  private readonly depth: number;

  constructor(size: number, readonly maxOrder: PredictorOrder) {
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
   * the lower order); the quadratic one or lower until the history holds an order's points.
   */
  private chooseOrder(x: Float64Array): number {
    const available = this.count - 1;
    if (available < 3) return Math.min(2, this.count);
    const h = this.history;
    let best = 2, bestError = Infinity;
    for (let p = 2; p <= Math.min(AUTO_MAX_ORDER, available); p++) {
      const w = EXTRAPOLATION[p];
      let e = 0;
      for (let i = 0; i < x.length; i++) {
        let s = 0;
        for (let j = 0; j <= p; j++) s += w[j] * h[j][i];
        e = Math.max(e, Math.abs(s - x[i]));
      }
      if (e < bestError) { best = p; bestError = e; }
    }
    return best;
  }
}

/** out = x_{n+1} extrapolated by order `order` from x_n and x_{n−1} = history[0], x_{n−2} = history[1], … */
function extrapolate(order: number, x: Float64Array, history: Float64Array[], out: Float64Array): void {
  if (order === 0) { copyVector(x.length, x, out); return; }
  const w = EXTRAPOLATION[order];
  for (let i = 0; i < x.length; i++) {
    let s = w[0] * x[i];
    for (let j = 1; j <= order; j++) s += w[j] * history[j - 1][i];
    out[i] = s;
  }
}
