/**
 * Scalar sparse LU for the fixed-pattern Newton matrices of a model: a symbolic phase once per pattern and a
 * numeric phase per refactorisation that touches only the nonzeros of L and U.
 *
 * Symbolic phase (analyse): the pattern is every stored entry that has been nonzero at some factorisation;
 * a Markowitz order with threshold pivoting (markowitz.ts) is chosen on the values at hand, and compiled into
 * flat arrays: L and U row by row in pivot order, each row laid out as [L part | pivot | U part], and the
 * elimination as a list of target positions, one per multiply-add. The matrix's entries are then laid out
 * (LaidOutMatrix.setLayout) at their places in the factors, the entries outside the pattern behind them, so
 * that the assembly writes straight into the factors' storage: [L+U (fill entries 0) | outside | sink].
 *
 * Numeric phase (factor), in place: row i = 0, 1, … of P A Q (Doolittle, IKJ order):
 *   l_ik = a_ik / u_kk for the row's L entries k ascending, each followed by a_ij −= l_ik u_kj over U row k;
 * nothing is allocated, nothing is looked up but the precompiled positions; A is kept in a copy for a new
 * analysis. Each refactorisation checks
 *   (i) that no stored entry outside the pattern has become nonzero, and
 *   (ii) every pivot against its row, |u_ii| ≥ τ · max_{j>i} |u_ij| (τ = REFACTOR_THRESHOLD, the row form of the
 *        threshold test: it bounds the growth of the elimination as the analysis' threshold does), and against
 *        the row of A it came from, |u_ii| > SINGULAR_PIVOT_RATIO · max_j |a_ij| (a cancellation to round-off:
 *        the matrix is singular to working precision, and the analysis will say so),
 * and analyses afresh on the current values when either fails, as KLU's refactor is followed by a full factor
 * when its pivots degrade (Davis & Palamadai Natarajan, ACM TOMS 37(3), 2010, Sect. 2.4).
 *
 * Solve: y = P b, forward L y = y, backward U y = y, x = Q y, each a row of dot products over the nonzeros; then
 * |x_i| < FLUSH_BELOW is set to exactly 0 (see there).
 */
import { markowitzOrder, SINGULAR_PIVOT_RATIO, type PivotSequence } from './markowitz';

/** A factorisation's pivot may fall to this fraction of its row's largest U entry before the analysis is redone. */
export const REFACTOR_THRESHOLD = 1e-3;

/**
 * Solutions below this magnitude are flushed to 0. Where the block LU produced exact zeros (unknowns decoupled
 * from the right-hand side's nonzeros), the scalar elimination leaves round-off-sized remnants down to 1e-66;
 * carried into q̈ and λ, their products with each other reach the subnormal range in later steps' residuals and
 * assemblies, where every floating-point operation on them is many times slower (measured: the V8 step ~20 %).
 * 1e-150 is far below any meaningful acceleration or multiplier and its square is still a normal number.
 */
export const FLUSH_BELOW = 1e-150;

/** Sizes and work of the current analysis. */
export interface SparseLuCounts {
  /** Stored entries of the pattern of A. */
  readonly patternEntries: number;
  /** Stored entries of L + U (unit diagonal of L not stored). */
  readonly factorEntries: number;
  /** Multiply-adds of one factorisation (the elimination's a_ij −= l_ik u_kj), not counting the L scaling. */
  readonly factorMultiplyAdds: number;
  /** Multiply-adds of one solve (the off-diagonal entries of L and U). */
  readonly solveMultiplyAdds: number;
}

/** The storage the LU factorises in place (blockSparse.ts): entry p at values[slot[p]], laid out by the LU. */
export interface LaidOutMatrix {
  readonly size: number;
  readonly entryCount: number;
  readonly values: Float64Array;
  readonly slot: Int32Array;
  /** (row, col) of every entry p < entryCount. */
  entryPositions(): { row: Int32Array; col: Int32Array };
  /** Moves entry p to values[slots[p]] (values kept), in a storage of `length` entries (plus anything the matrix keeps behind). */
  setLayout(slots: Int32Array, length: number): void;
}

/** The compiled result of one analysis (immutable; replaced when the analysis is redone). */
class LuPlan implements SparseLuCounts {
  readonly n: number;
  readonly rowOrder: Int32Array;
  readonly colOrder: Int32Array;
  /** Row i of L+U (pivot order) is lu[rowStart[i] .. rowStart[i+1]), its pivot at diag[i]; rowStart[n] = factorEntries. */
  readonly rowStart: Int32Array;
  readonly diag: Int32Array;
  /** Pivot-order column of each stored entry. */
  readonly column: Int32Array;
  /** Position updated by each multiply-add, in the order factor() performs them. */
  readonly target: Int32Array;
  /** slots[p]: entry p's place, in the factors (pattern) or behind them (outside: factorEntries + k). */
  readonly slots: Int32Array;
  /** The entries outside the pattern (they must stay exactly 0). */
  readonly outsideEntries: number;
  readonly inversePivot: Float64Array;
  /** A's values in the factors' layout, kept by factor() (row by row, as it goes) for a new analysis. */
  readonly original: Float64Array;
  readonly patternEntries: number;
  readonly factorEntries: number;
  readonly factorMultiplyAdds: number;
  readonly solveMultiplyAdds: number;

  constructor(n: number, seq: PivotSequence, entryRow: Int32Array, entryCol: Int32Array, inPattern: Uint8Array) {
    this.n = n;
    this.rowOrder = seq.rowOrder;
    this.colOrder = seq.colOrder;
    const rowPos = inverse(seq.rowOrder), colPos = inverse(seq.colOrder);
    // Row i's L columns: the steps k whose L column holds i.
    const lowerOfRow: number[][] = Array.from({ length: n }, () => []);
    for (let k = 0; k < n; k++) for (const r of seq.lowerRows[k]) lowerOfRow[rowPos[r]].push(k);
    this.rowStart = new Int32Array(n + 1);
    this.diag = new Int32Array(n);
    let size = 0;
    for (let i = 0; i < n; i++) {
      this.rowStart[i] = size;
      this.diag[i] = size + lowerOfRow[i].length;
      size += lowerOfRow[i].length + 1 + seq.upperCols[i].length;
    }
    this.rowStart[n] = size;
    this.column = new Int32Array(size);
    for (let i = 0; i < n; i++) {
      const l = lowerOfRow[i].sort((a, b) => a - b);
      const u = Array.from(seq.upperCols[i], (c) => colPos[c]).sort((a, b) => a - b);
      let e = this.rowStart[i];
      for (const k of l) this.column[e++] = k;
      this.column[e++] = i;
      for (const j of u) this.column[e++] = j;
    }
    // Elimination program: for row i, L entry k, the positions of (i, j) for j in U row k.
    const where = new Int32Array(n).fill(-1);
    const targets: number[] = [];
    for (let i = 0; i < n; i++) {
      for (let e = this.rowStart[i]; e < this.rowStart[i + 1]; e++) where[this.column[e]] = e;
      for (let e = this.rowStart[i]; e < this.diag[i]; e++) {
        const k = this.column[e];
        for (let u = this.diag[k] + 1; u < this.rowStart[k + 1]; u++) {
          const t = where[this.column[u]];
          if (t < 0) throw new Error('sparse LU analysis: fill entry missing from the pattern');
          targets.push(t);
        }
      }
      for (let e = this.rowStart[i]; e < this.rowStart[i + 1]; e++) where[this.column[e]] = -1;
    }
    this.target = Int32Array.from(targets);
    // Every entry's place: in the factors, or behind them.
    this.slots = new Int32Array(entryRow.length);
    const byRow: number[][] = Array.from({ length: n }, () => []);
    let outside = 0, pattern = 0;
    for (let p = 0; p < entryRow.length; p++) {
      if (inPattern[p]) { byRow[rowPos[entryRow[p]]].push(p); pattern++; } else this.slots[p] = size + outside++;
    }
    for (let i = 0; i < n; i++) {
      for (let e = this.rowStart[i]; e < this.rowStart[i + 1]; e++) where[this.column[e]] = e;
      for (const p of byRow[i]) this.slots[p] = where[colPos[entryCol[p]]];
      for (let e = this.rowStart[i]; e < this.rowStart[i + 1]; e++) where[this.column[e]] = -1;
    }
    this.outsideEntries = outside;
    this.inversePivot = new Float64Array(n);
    this.original = new Float64Array(size);
    this.patternEntries = pattern;
    this.factorEntries = size;
    this.factorMultiplyAdds = targets.length;
    this.solveMultiplyAdds = size - n;
  }
}

/** The inverse of a permutation. */
function inverse(order: Int32Array): Int32Array {
  const pos = new Int32Array(order.length);
  for (let k = 0; k < order.length; k++) pos[order[k]] = k;
  return pos;
}

/** How a numeric factorisation ended. */
const enum Outcome { Done, PatternGrew, PivotDegraded, NotFinite }

export class SparseLu {
  readonly size: number;
  /** Analyses so far: the first, and one per pattern growth or degraded pivot. */
  analyses = 0;
  /** Of those, the analyses redone because an entry outside the pattern became nonzero, or a pivot degraded. */
  patternGrowths = 0;
  pivotDegradations = 0;
  private plan: LuPlan | null = null;
  private factored = false;
  private readonly entryRow: Int32Array;
  private readonly entryCol: Int32Array;
  private readonly inPattern: Uint8Array;
  private readonly work: Float64Array;

  /** Factorises `matrix` in place (its storage holds the factors after factor(), until the next assembly). */
  constructor(private readonly matrix: LaidOutMatrix) {
    this.size = matrix.size;
    ({ row: this.entryRow, col: this.entryCol } = matrix.entryPositions());
    this.inPattern = new Uint8Array(matrix.entryCount);
    this.work = new Float64Array(this.size);
  }

  /** Counts of the current analysis (all zero before the first factor()). */
  get counts(): SparseLuCounts {
    const p = this.plan;
    return {
      patternEntries: p?.patternEntries ?? 0, factorEntries: p?.factorEntries ?? 0,
      factorMultiplyAdds: p?.factorMultiplyAdds ?? 0, solveMultiplyAdds: p?.solveMultiplyAdds ?? 0,
    };
  }

  /** The current pivot sequence, pivot k at (rows[k], cols[k]) of A; null before the first analysis (diagnostics and tests). */
  get pivotOrder(): { readonly rows: Int32Array; readonly cols: Int32Array } | null {
    return this.plan && { rows: this.plan.rowOrder.slice(), cols: this.plan.colOrder.slice() };
  }

  /** Marks the factors as overwritten (a new assembly has begun): solve() throws until the next factor(). */
  invalidate(): void { this.factored = false; }

  /**
   * Factorises the matrix's current values; false if it is singular or not finite (the factors are then
   * unusable until the next successful factor()). Re-analyses first when needed (see the file comment).
   */
  factor(): boolean {
    this.factored = false;
    let outcome = this.plan ? this.refactor(this.plan) : Outcome.PatternGrew;
    if (outcome === Outcome.NotFinite) return false;
    if (outcome !== Outcome.Done) {
      if (outcome === Outcome.PatternGrew && this.plan) this.patternGrowths++;
      if (outcome === Outcome.PivotDegraded) this.pivotDegradations++;
      if (!this.analyse()) return false;
      outcome = this.refactor(this.plan!);
      if (outcome !== Outcome.Done) return false;
    }
    this.factored = true;
    return true;
  }

  /** Solves A x = b in place (rhs holds b on entry, x on return). Throws without a successful factor(). */
  solve(rhs: Float64Array): void {
    const plan = this.plan;
    if (!this.factored || !plan) throw new Error('SparseLu.solve: no successful factor() since the last assembly');
    const { n, rowOrder, colOrder, rowStart, diag, column, inversePivot } = plan;
    const lu = this.matrix.values, y = this.work;
    // y = L⁻¹ P b, then x = Q U⁻¹ y, the permutations folded into the sweeps' first read and last write.
    for (let i = 0; i < n; i++) {
      let s = rhs[rowOrder[i]];
      for (let e = rowStart[i], e1 = diag[i]; e < e1; e++) s -= lu[e] * y[column[e]];
      y[i] = s;
    }
    for (let i = n - 1; i >= 0; i--) {
      let s = y[i];
      for (let e = diag[i] + 1, e1 = rowStart[i + 1]; e < e1; e++) s -= lu[e] * y[column[e]];
      const v = s * inversePivot[i];
      y[i] = v;
      rhs[colOrder[i]] = v < FLUSH_BELOW && v > -FLUSH_BELOW ? 0 : v;
    }
  }

  /**
   * The numeric phase on a plan, in place: pattern check, copy of A, elimination with the pivot check. On a
   * degraded pivot A is put back, for the new analysis.
   */
  private refactor(plan: LuPlan): Outcome {
    const { n, rowStart, diag, column, target, inversePivot, original, factorEntries, outsideEntries } = plan;
    const lu = this.matrix.values;
    for (let p = factorEntries, end = factorEntries + outsideEntries; p < end; p++) {
      if (lu[p] !== 0) return Number.isFinite(lu[p]) ? Outcome.PatternGrew : Outcome.NotFinite;
    }
    let t = 0;
    for (let i = 0; i < n; i++) {
      const start = rowStart[i], d = diag[i], end = rowStart[i + 1];
      // Row i is untouched until now (IKJ order): keep it, and its scale for the singularity test.
      let scale = 0;
      for (let p = start; p < end; p++) { const v = lu[p]; original[p] = v; const a = Math.abs(v); if (!(a <= scale)) scale = a; }
      for (let e = start; e < d; e++) {
        const k = column[e];
        const f = lu[e] * inversePivot[k];
        lu[e] = f;
        for (let u = diag[k] + 1, u1 = rowStart[k + 1]; u < u1; u++) lu[target[t++]] -= f * lu[u];
      }
      let rowMax = 0;
      for (let u = d + 1; u < end; u++) { const a = Math.abs(lu[u]); if (!(a <= rowMax)) rowMax = a; }
      const pivot = Math.abs(lu[d]);
      if (!(pivot >= REFACTOR_THRESHOLD * rowMax) || !(pivot > SINGULAR_PIVOT_RATIO * scale)) {
        for (let p = 0; p < end; p++) lu[p] = original[p];
        return Outcome.PivotDegraded;
      }
      inversePivot[i] = 1 / lu[d];
    }
    return Outcome.Done;
  }

  /**
   * The symbolic phase on the current values: widens the pattern to today's nonzeros, orders, compiles and lays
   * the matrix out for the new factors. False if the matrix is singular or not finite.
   */
  private analyse(): boolean {
    const { entryRow, entryCol, inPattern, matrix } = this;
    const values = matrix.values, slot = matrix.slot;
    const rows: number[] = [], cols: number[] = [], vals: number[] = [];
    for (let p = 0; p < entryRow.length; p++) {
      const v = values[slot[p]];
      if (v !== 0) inPattern[p] = 1;
      if (inPattern[p]) { rows.push(entryRow[p]); cols.push(entryCol[p]); vals.push(v); }
    }
    this.analyses++;
    const seq = markowitzOrder(this.size, rows, cols, vals, rows.length);
    if (!seq) return false;
    const plan = new LuPlan(this.size, seq, entryRow, entryCol, inPattern);
    matrix.setLayout(plan.slots, plan.factorEntries + plan.outsideEntries);
    this.plan = plan;
    return true;
  }
}
