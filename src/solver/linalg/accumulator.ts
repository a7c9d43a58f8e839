/**
 * Where assembly code adds matrix entries: a dense row-major array, or a sparse matrix with the same
 * `add(row, col, value)` contract. Assembly never needs to know the storage.
 */
export interface MatrixAccumulator {
  /** A[row, col] += value (global indices). */
  add(row: number, col: number, value: number): void;
  /**
   * A[row0 + a, col0 + b] += scale · src[offset + a·cols + b] for a < rows, b < cols: a small row-major block
   * (a body's 4×4 Euler-parameter block). The same sums as `add` entry by entry; the storage lookup is done
   * once per block instead of once per entry.
   */
  addBlock(row0: number, col0: number, rows: number, cols: number, src: Float64Array, offset: number, scale: number): void;
}

/**
 * Dense row-major storage with leading dimension ld.
 * @example const acc = new DenseAccumulator(new Float64Array(n * n), n); acc.add(0, 1, 2.5);
 */
export class DenseAccumulator implements MatrixAccumulator {
  constructor(public data: Float64Array, public readonly ld: number) {}

  add(row: number, col: number, value: number): void {
    this.data[row * this.ld + col] += value;
  }

  addBlock(row0: number, col0: number, rows: number, cols: number, src: Float64Array, offset: number, scale: number): void {
    const { data, ld } = this;
    for (let a = 0; a < rows; a++) {
      const d = (row0 + a) * ld + col0, s = offset + a * cols;
      for (let b = 0; b < cols; b++) data[d + b] += scale * src[s + b];
    }
  }
}
