/**
 * The linear solver behind each Newton iteration: assemble through `accumulator`, factor, solve.
 * Dense LU for small systems; the block-sparse LU implements the same contract for mechanisms.
 */
import { DenseAccumulator, type MatrixAccumulator } from './accumulator';
import { luFactor, luSolve } from './dense';
import { BlockSparseLu, BlockSparseMatrix, type BlockStructure } from './blockSparse';

export interface NewtonLinearSolver {
  readonly size: number;
  readonly accumulator: MatrixAccumulator;
  /** Clears the matrix before assembly. */
  zero(): void;
  /** Factorises the assembled matrix; false if it is singular. */
  factor(): boolean;
  /** Solves in place with the last factors. */
  solve(rhs: Float64Array): void;
}

/** Dense LU with partial pivoting (src/solver/linalg/dense.ts). */
export class DenseNewtonSolver implements NewtonLinearSolver {
  readonly accumulator: DenseAccumulator;
  private readonly pivots: Int32Array;

  constructor(readonly size: number) {
    this.accumulator = new DenseAccumulator(new Float64Array(size * size), size);
    this.pivots = new Int32Array(size);
  }

  zero(): void { this.accumulator.data.fill(0); }

  factor(): boolean { return luFactor(this.size, this.accumulator.data, this.pivots) < 0; }

  solve(rhs: Float64Array): void { luSolve(this.size, this.accumulator.data, this.pivots, rhs); }
}

/** Block-sparse LU (blockSparseLu.ts): analysed once for the model's fixed pattern, refactored numerically. */
export class BlockSparseNewtonSolver implements NewtonLinearSolver {
  readonly size: number;
  readonly accumulator: BlockSparseMatrix;
  private readonly lu: BlockSparseLu;

  constructor(structure: BlockStructure) {
    this.accumulator = new BlockSparseMatrix(structure);
    this.lu = new BlockSparseLu(this.accumulator);
    this.size = this.accumulator.size;
  }

  zero(): void { this.accumulator.zero(); }

  factor(): boolean { return this.lu.factor() < 0; }

  solve(rhs: Float64Array): void { this.lu.solve(rhs); }
}
