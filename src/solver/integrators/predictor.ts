/**
 * Newton's starting values by polynomial extrapolation of earlier steps' values (Negrut Sect. 3.5):
 * order 0 = previous step's values, 1 = linear, 2 = quadratic, used once enough steps of equal size exist.
 * Order 'auto' chooses, before each step, among the extrapolations of orders 2 … AUTO_MAX_ORDER the one that
 * would have predicted the last accepted value best (the higher ones win on fast periodic motion, where the
 * lower ones' truncation error dominates; the quadratic one where round-off in the history dominates).
 * A method keeps one per extrapolated quantity (HHT: q̈ and λ).
 */
import { copyVector } from '../linalg/dense';
import { arrayBytes, KernelMemory } from '../kernels/wasm';

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

/** Pointers of the history the kernel reads: x_{n−1} … x_{n−1−AUTO_MAX_ORDER}. */
const HISTORY_POINTERS = AUTO_MAX_ORDER + 1;
/** The order that tells the kernel predict() to choose the best one (kernels/assembly/predictor.ts: CHOOSE). */
const CHOOSE_ORDER = -1;

/*
 * The order-p extrapolation of x_{n+1} weighs x_{n−j} by (−1)^j C(p+1, j+1), j = 0 … p (exact on polynomials of
 * degree p): 2: 3, −3, 1; 3: 4, −6, 4, −1; 4: 5, −10, 10, −5, 1; 5: 6, −15, 20, −15, 6, −1; 6: 7, −21, 35, −35, 21, −7, 1.
 * The kernel predict() (kernels/assembly/predictor.ts) writes them out, up to order 6 = AUTO_MAX_ORDER, and chooses among them.
 */

/** The memory a predictor may keep its history in (a model's: AssembledSystem.kernelMemory), if it has room. */
export interface PredictorMemory { readonly kernelMemory: KernelMemory }

export class ExtrapolatingPredictor {
  /** x_{n−1} … x_{n−depth} as a ring: x_{n−1−k} is slots[(head + k) % depth]; valid while the step size stays `historyH`. */
  private readonly slots: Float64Array[];
  /**
   * The slots' pointers twice over (k = 0 … depth + HISTORY_POINTERS − 2: slots[k % depth]), so that the kernel's
   * table of x_{n−1}, x_{n−2}, … starts at entry `head`: the ring turns without rewriting it.
   */
  private readonly history: Int32Array;
  private head = 0;
  private count = 0;
  private historyH = NaN;
  private readonly depth: number;
  private readonly size: number;
  private readonly memory: KernelMemory;
  /** Copies of x_n and the prediction, for vectors that live outside the memory. */
  private readonly current: Float64Array;
  private readonly predicted: Float64Array;
  /** The vectors of the last predict and their pointers (−1: outside the memory); reading `buffer` is slow. */
  private lastCurrent: Float64Array | null = null;
  private currentPointer = -1;
  /** The vector last pushed and its pointer in the memory (−1: outside). */
  private lastPushed: Float64Array | null = null;
  private pushedPointer = -1;
  private lastOut: Float64Array | null = null;
  private outPointer = -1;
  /** The kernel's last answer: the order it chose and where that order's error was largest (where the next choice looks first). */
  private hint = 0;

  /**
   * The history and the work vectors go into `into`'s kernel memory when it has room (then vectors of that memory
   * are read and written in place), else into a memory of the predictor's own.
   */
  constructor(size: number, readonly maxOrder: PredictorOrder, into?: PredictorMemory) {
    // 'auto' keeps AUTO_MAX_ORDER + 1 values (the choice reads all of them, valid or not).
    this.depth = maxOrder === 'auto' ? AUTO_MAX_ORDER + 1 : 2;
    this.size = size;
    const pointers = this.depth - 1 + HISTORY_POINTERS;
    const bytes = arrayBytes(Array(this.depth + 2).fill(size), [pointers]);
    this.memory = into && into.kernelMemory.free >= bytes + 64 ? into.kernelMemory : new KernelMemory(bytes);
    this.slots = Array.from({ length: this.depth }, () => this.memory.f64(size));
    this.history = this.memory.i32(pointers);
    for (let k = 0; k < pointers; k++) this.history[k] = this.slots[k % this.depth].byteOffset;
    this.current = this.memory.f64(size);
    this.predicted = this.memory.f64(size);
  }

  /** out = x_{n+1} extrapolated from x_n = `current` and the history, for a step of size h: one kernel call (kernels/assembly/predictor.ts). */
  predict(h: number, current: Float64Array, out: Float64Array): void {
    if (h !== this.historyH) { this.count = 0; this.historyH = h; }
    const { memory, size } = this;
    if (current !== this.lastCurrent) { this.lastCurrent = current; this.currentPointer = memory.pointerOf(current); }
    if (out !== this.lastOut) { this.lastOut = out; this.outPointer = memory.pointerOf(out); }
    let x = this.currentPointer;
    if (x < 0) { this.current.set(current.length === size ? current : current.subarray(0, size)); x = this.current.byteOffset; }
    const direct = this.outPointer >= 0;
    this.hint = memory.kernels.predict(
      this.order(), size, this.count - 1, this.hint, x, this.history.byteOffset + 4 * this.head, direct ? this.outPointer : this.predicted.byteOffset,
    );
    if (!direct) out.set(this.predicted);
  }

  /** The order of the last prediction. */
  get lastOrder(): number { return this.hint & 7; }

  /** Records x_n (about to be replaced by the accepted x_{n+1}) as history. */
  push(current: Float64Array): void {
    this.head = (this.head + this.depth - 1) % this.depth;
    if (current !== this.lastPushed) { this.lastPushed = current; this.pushedPointer = this.memory.pointerOf(current); }
    const slot = this.slots[this.head];
    if (this.pushedPointer >= 0) this.memory.kernels.copyF64(slot.byteOffset, this.pushedPointer, this.size);
    else copyVector(this.size, current, slot);
    this.count = Math.min(this.depth, this.count + 1);
  }

  /** Forgets the history (a new start). */
  reset(): void { this.count = 0; this.historyH = NaN; this.hint = 0; }

  /**
   * The order for the kernel: a fixed order as far as the history allows; for 'auto' the quadratic one or lower
   * until the history holds an order's points, then CHOOSE_ORDER: whichever extrapolation of orders 2 …
   * AUTO_MAX_ORDER from x_{n−1} … would have come closest to x_n (max norm; ties to the lower order), found by the
   * kernel: the last choice measured over every component, each other order dropped at the first component that
   * rules it out.
   */
  private order(): number {
    if (this.maxOrder !== 'auto') return Math.min(this.maxOrder, this.count);
    return this.count - 1 < 3 ? Math.min(2, this.count) : CHOOSE_ORDER;
  }
}
