/**
 * Newton's starting values by polynomial extrapolation of earlier steps' values (Negrut Sect. 3.5):
 * order 0 = previous step's values, 1 = linear, 2 = quadratic, used once enough steps of equal size exist.
 * Order 'auto' chooses, before each step, among the extrapolations of orders 2 … AUTO_MAX_ORDER the one that
 * would have predicted the last accepted value best (the higher ones win on fast periodic motion, where the
 * lower ones' truncation error dominates; the quadratic one where round-off in the history dominates).
 * A method keeps one per extrapolated quantity (HHT: q̈ and λ).
 */
import { arrayBytes, KernelMemory } from '../kernels/wasm';

export type PredictorOrder = 0 | 1 | 2 | 'auto';

/**
 * The highest order 'auto' may choose. On the V8 crank (α = −0.3, h = 1e-4, 9 s) the orders above 3 cut Newton's
 * iterations per step from 2.99 to 2.64 (modified) and 2.78 to 2.56 (classical), and its factorisations per step
 * from 0.34 to 0.23 and 0.22 to 0.08: late in the run the crank turns 0.06 rad per step and the cubic's
 * truncation error, (ωh)⁴, is the first Newton correction. With the modified method the crank still turns at
 * 686 rad/s at 9 s, and there order 6 leaves a first correction of ≈ 8,000 times the Newton tolerance (median,
 * t = 8 s), orders 9 and 10 ≈ 400; higher ones more again (their weights, summing to 2^(p+1) in magnitude, amplify
 * the history's own Newton error). Orders 7 … 10 cut the modified run's iterations per step from 1.83 to 1.61; the
 * classical run (236 rad/s at 9 s) keeps choosing order 6 or lower, where the choice falls back whenever a higher
 * order does worse.
 */
export const AUTO_MAX_ORDER = 10;

/** Rows of a difference table: ∇^0 … ∇^{AUTO_MAX_ORDER+1} (the last one is order AUTO_MAX_ORDER's error). */
export const DIFFERENCE_ROWS = AUTO_MAX_ORDER + 2;
/** f64 of the difference table of `size` values: DIFFERENCE_ROWS per component, stored by pairs of components. */
export function differenceTableLength(size: number): number {
  return DIFFERENCE_ROWS * (size + (size & 1));
}
/** The order that tells the kernel predict() to choose the best one (kernels/assembly/predictor.ts: CHOOSE). */
const CHOOSE_ORDER = -1;

/** The memory a predictor may keep its tables in (a model's: AssembledSystem.kernelMemory), if it has room. */
export interface PredictorMemory { readonly kernelMemory: KernelMemory }

/**
 * The extrapolations of orders 0 … AUTO_MAX_ORDER from backward differences (Newton's formula, kernels/assembly/
 * predictor.ts): the predictor keeps the table ∇^0 … ∇^{AUTO_MAX_ORDER+1} of the last value, and a prediction from
 * x_n turns it into the table of x_n in place, so that recording x_n afterwards costs nothing.
 */
export class ExtrapolatingPredictor {
  /** The difference table (kernels/assembly/predictor.ts: its layout), valid up to row `count` − 1, or `count` after a prediction. */
  private readonly table: Float64Array;
  /** Earlier values the table holds (at most AUTO_MAX_ORDER + 1), at step size historyH. */
  private count = 0;
  private historyH = NaN;
  private readonly size: number;
  private readonly memory: KernelMemory;
  /** Copies of x_n and the prediction, for vectors that live outside the memory. */
  private readonly current: Float64Array;
  private readonly predicted: Float64Array;
  /** The vectors of the last predict and their pointers (−1: outside the memory); reading `buffer` is slow. */
  private lastCurrent: Float64Array | null = null;
  private currentPointer = -1;
  private lastOut: Float64Array | null = null;
  private outPointer = -1;
  /** The vector the table was advanced to by predict (null: the table holds the last recorded value). */
  private advancedTo: Float64Array | null = null;
  /** The order the last prediction used. */
  private usedOrder = 0;

  /**
   * The table and the work vectors go into `into`'s kernel memory when it has room (then vectors of that memory are
   * read and written in place), else into a memory of the predictor's own.
   */
  constructor(size: number, readonly maxOrder: PredictorOrder, into?: PredictorMemory) {
    this.size = size;
    const bytes = arrayBytes([differenceTableLength(size), size, size], []);
    this.memory = into && into.kernelMemory.free >= bytes + 64 ? into.kernelMemory : new KernelMemory(bytes);
    this.table = this.memory.f64(differenceTableLength(size));
    this.current = this.memory.f64(size);
    this.predicted = this.memory.f64(size);
  }

  /**
   * out = x_{n+1} extrapolated from x_n = `current` and the recorded values, for a step of size h: one kernel call
   * (kernels/assembly/predictor.ts). A second prediction before push (a retried step) starts the history over.
   */
  predict(h: number, current: Float64Array, out: Float64Array): void {
    if (h !== this.historyH || this.advancedTo !== null) { this.count = 0; this.historyH = h; }
    if (out !== this.lastOut) { this.lastOut = out; this.outPointer = this.memory.pointerOf(out); }
    const direct = this.outPointer >= 0;
    this.usedOrder = this.advance(this.order(), current, direct ? this.outPointer : this.predicted.byteOffset);
    if (!direct) out.set(this.predicted);
  }

  /** The order of the last prediction. */
  get lastOrder(): number { return this.usedOrder; }

  /**
   * Records x_n (about to be replaced by the accepted x_{n+1}): nothing to do when it is what predict() advanced the
   * table to (the same vector, unchanged since, or one with the same values); otherwise its differences are taken
   * here, and after a prediction from other values the history starts over.
   */
  push(current: Float64Array): void {
    if (current !== this.advancedTo && !(this.advancedTo !== null && this.holds(current))) {
      if (this.advancedTo !== null) this.count = 0;
      this.advance(0, current, this.predicted.byteOffset);
    }
    this.advancedTo = null;
    this.count = Math.min(AUTO_MAX_ORDER + 1, this.count + 1);
  }

  /** True when row 0 of the table (∇^0 = the value it was advanced to; by pairs of components) is `x`, value for value. */
  private holds(x: Float64Array): boolean {
    const { table, size } = this;
    for (let i = 0; i < size; i++) if (table[(i >> 1) * 2 * DIFFERENCE_ROWS + (i & 1)] !== x[i]) return false;
    return true;
  }

  /** Forgets the history (a new start). */
  reset(): void { this.count = 0; this.historyH = NaN; this.advancedTo = null; }

  /** The kernel: the table becomes that of `current`, the extrapolation of `order` goes to `out` (a pointer); the order used. */
  private advance(order: number, current: Float64Array, out: number): number {
    const { memory, size } = this;
    if (current !== this.lastCurrent) { this.lastCurrent = current; this.currentPointer = memory.pointerOf(current); }
    let x = this.currentPointer;
    if (x < 0) { this.current.set(current.length === size ? current : current.subarray(0, size)); x = this.current.byteOffset; }
    this.advancedTo = current;
    return memory.kernels.predict(order, size, this.count - 1, x, this.table.byteOffset, out);
  }

  /**
   * The order for the kernel: a fixed order as far as the history allows; for 'auto' the quadratic one or lower
   * until the history holds an order's points, then CHOOSE_ORDER: whichever extrapolation of orders 2 …
   * AUTO_MAX_ORDER from x_{n−1} … would have come closest to x_n (max norm; ties to the lower order).
   */
  private order(): number {
    if (this.maxOrder !== 'auto') return Math.min(this.maxOrder, this.count);
    return this.count - 1 < 3 ? Math.min(2, this.count) : CHOOSE_ORDER;
  }
}
