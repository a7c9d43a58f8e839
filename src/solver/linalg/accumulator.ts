/**
 * Where assembly code adds matrix entries: a dense row-major array, or a sparse matrix with the same
 * `add(row, col, value)` contract. Assembly never needs to know the storage.
 */
export interface MatrixAccumulator {
  /** A[row, col] += value (global indices). */
  add(row: number, col: number, value: number): void;
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
}
