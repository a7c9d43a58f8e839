/**
 * The off-diagonal part of a block LU's triangular sweeps with its exact zeros left out, rebuilt after
 * every factorisation: a list of row segments `x[target] −= Σ_e value_e · x[column_e]`, grouped by
 * elimination step. About 60 % of the entries of the V8 crank's factor blocks are zero (structural
 * zeros of the joint and body blocks, and columns of the normalisation multipliers), and a dense
 * block kernel multiplies them all. A row built by addRow sums its nonzeros in the same order as the
 * dense row sum y_i −= Σ_j a_ij x_j and skips only exact zeros, so it gives the same result;
 * a row gathered from several blocks saves the per-row overhead and rounds as one longer sum. A row may
 * also end by a scale (the division by a U pivot of a triangular solve).
 *
 * Use per factorisation: `p.reset(); for each step t { for each row: p.addRow(…) ; p.endStep(); }` (a row
 * may also be gathered from several blocks: appendEntries(…) for each, then endRow(target)),
 * then per solve `for each step t: p.applyStep(t, x)`. Storage is sized once for the dense worst case.
 */
export class SparseRowProgram {
  /** Row r updates x[target[r]] (read-only outside: the layout is for kernels that reuse the rows). */
  readonly target: Int32Array;
  /** Row r's entries are entryStart[r] .. entryStart[r + 1). */
  readonly entryStart: Int32Array;
  readonly column: Int32Array;
  readonly value: Float64Array;
  /** Row r ends with x[target] ← (x[target] − Σ) · scale[r] (1 except for rows that divide by a pivot). */
  readonly scale: Float64Array;
  /** Step t's rows are stepStart[t] .. stepStart[t + 1). */
  readonly stepStart: Int32Array;
  private rows = 0;
  private entries = 0;
  private steps = 0;

  /** Capacity: at most `maxRows` segments, `maxEntries` entries and `maxSteps` steps. */
  constructor(maxRows: number, maxEntries: number, maxSteps: number) {
    this.target = new Int32Array(maxRows);
    this.entryStart = new Int32Array(maxRows + 1);
    this.column = new Int32Array(maxEntries);
    this.value = new Float64Array(maxEntries);
    this.scale = new Float64Array(maxRows);
    this.stepStart = new Int32Array(maxSteps + 1);
  }

  /** Number of nonzero entries of the current program. */
  get entryCount(): number { return this.entries; }

  reset(): void {
    this.rows = 0;
    this.entries = 0;
    this.steps = 0;
    this.stepStart[0] = 0;
    this.entryStart[0] = 0;
  }

  /**
   * Appends the row x[target] −= Σ_{j<length} src[offset + j] · x[firstColumn + j], nonzeros only; a row
   * without nonzeros is not stored at all.
   */
  addRow(target: number, src: Float64Array, offset: number, length: number, firstColumn: number): void {
    this.appendEntries(src, offset, length, firstColumn);
    this.endRow(target);
  }

  /** Appends src[offset + j] · x[firstColumn + j], j < length, to the open row (nonzeros only). */
  appendEntries(src: Float64Array, offset: number, length: number, firstColumn: number): void {
    let e = this.entries;
    for (let j = 0; j < length; j++) {
      const v = src[offset + j];
      if (v !== 0) { this.column[e] = firstColumn + j; this.value[e] = v; e++; }
    }
    this.entries = e;
  }

  /**
   * Closes the open row as x[target] ← (x[target] − Σ of its entries) · scale; a row without entries and
   * with scale 1 changes nothing and is dropped.
   */
  endRow(target: number, scale = 1): void {
    if (this.entries === this.entryStart[this.rows] && scale === 1) return;
    this.target[this.rows] = target;
    this.scale[this.rows] = scale;
    this.entryStart[++this.rows] = this.entries;
  }

  /** Closes the current step. */
  endStep(): void {
    this.stepStart[++this.steps] = this.rows;
  }

  /** Applies step t's rows to x. */
  applyStep(t: number, x: Float64Array): void {
    const { target, entryStart, column, value, scale } = this;
    for (let r = this.stepStart[t], r1 = this.stepStart[t + 1]; r < r1; r++) {
      let s = 0;
      for (let e = entryStart[r], e1 = entryStart[r + 1]; e < e1; e++) s += value[e] * x[column[e]];
      const i = target[r];
      x[i] = (x[i] - s) * scale[r];
    }
  }
}
