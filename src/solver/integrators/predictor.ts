/**
 * Newton's starting values by polynomial extrapolation of earlier steps' values (Negrut Sect. 3.5):
 * order 0 = previous step's values, 1 = linear, 2 = quadratic, used once enough steps of equal size exist.
 * Order 'auto' chooses, before each step, between the quadratic and the cubic extrapolation: the one that
 * would have predicted the last accepted value better (the cubic one wins on fast periodic motion, where
 * the quadratic's truncation error dominates; the quadratic one where round-off in the history dominates).
 * A method keeps one per extrapolated quantity (HHT: q̈ and λ).
 */
import { copyVector } from '../linalg/dense';

export type PredictorOrder = 0 | 1 | 2 | 'auto';

export class ExtrapolatingPredictor {
  /** x_{n−1} … x_{n−4}; valid while the step size stays `historyH`. */
  private readonly history: Float64Array[];
  private count = 0;
  private historyH = NaN;
  private readonly depth: number;

  constructor(size: number, readonly maxOrder: PredictorOrder) {
    this.depth = maxOrder === 'auto' ? 4 : 2;
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

  /** 2 or 3: whichever extrapolation from x_{n−1} … would have come closer to x_n (max norm); fewer orders early on. */
  private chooseOrder(x: Float64Array): number {
    if (this.count < 4) return Math.min(2, this.count);
    const [x1, x2, x3, x4] = this.history;
    let e2 = 0, e3 = 0;
    for (let i = 0; i < x.length; i++) {
      e2 = Math.max(e2, Math.abs(3 * x1[i] - 3 * x2[i] + x3[i] - x[i]));
      e3 = Math.max(e3, Math.abs(4 * x1[i] - 6 * x2[i] + 4 * x3[i] - x4[i] - x[i]));
    }
    return e3 < e2 ? 3 : 2;
  }
}

/** out = x_{n+1} extrapolated from x_n and x_{n−1} = history[0], x_{n−2} = history[1], x_{n−3} = history[2]. */
function extrapolate(order: number, x: Float64Array, history: Float64Array[], out: Float64Array): void {
  if (order === 0) { copyVector(x.length, x, out); return; }
  const x1 = history[0];
  if (order === 1) { for (let i = 0; i < x.length; i++) out[i] = 2 * x[i] - x1[i]; return; }
  const x2 = history[1];
  if (order === 2) { for (let i = 0; i < x.length; i++) out[i] = 3 * x[i] - 3 * x1[i] + x2[i]; return; }
  const x3 = history[2];
  for (let i = 0; i < x.length; i++) out[i] = 4 * x[i] - 6 * x1[i] + 4 * x2[i] - x3[i];
}
