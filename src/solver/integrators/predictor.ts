/**
 * Newton's starting values by polynomial extrapolation of earlier steps' values (Negrut Sect. 3.5):
 * order 0 = previous step's values, 1 = linear, 2 = quadratic, used once enough steps of equal size exist.
 * A method keeps one per extrapolated quantity (HHT: q̈ and λ).
 */
import { copyVector } from '../linalg/dense';

export class ExtrapolatingPredictor {
  /** x_{n−1}, x_{n−2}; valid while the step size stays `historyH`. */
  private readonly history: [Float64Array, Float64Array];
  private count = 0;
  private historyH = NaN;

  constructor(size: number, readonly maxOrder: 0 | 1 | 2) {
    this.history = [new Float64Array(size), new Float64Array(size)];
  }

  /** out = x_{n+1} extrapolated from x_n = `current` and the history, for a step of size h. */
  predict(h: number, current: Float64Array, out: Float64Array): void {
    if (h !== this.historyH) { this.count = 0; this.historyH = h; }
    extrapolate(Math.min(this.maxOrder, this.count), current, this.history, out);
  }

  /** Records x_n (about to be replaced by the accepted x_{n+1}) as history. */
  push(current: Float64Array): void {
    const [x1, x2] = this.history;
    copyVector(x1.length, x1, x2); copyVector(x1.length, current, x1);
    this.count = Math.min(2, this.count + 1);
  }

  /** Forgets the history (a new start). */
  reset(): void { this.count = 0; this.historyH = NaN; }
}

/** out = x_n extrapolated from x_n, x_{n−1} = history[0], x_{n−2} = history[1] with the given order. */
function extrapolate(order: number, x: Float64Array, history: [Float64Array, Float64Array], out: Float64Array): void {
  const x1 = history[0], x2 = history[1];
  if (order === 0) { copyVector(x.length, x, out); return; }
  if (order === 1) { for (let i = 0; i < x.length; i++) out[i] = 2 * x[i] - x1[i]; return; }
  for (let i = 0; i < x.length; i++) out[i] = 3 * x[i] - 3 * x1[i] + x2[i];
}
