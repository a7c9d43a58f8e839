/**
 * The linear solver behind each Newton iteration: assemble through `accumulator`, factor, solve.
 * The sparse LU implements it for every model (one body or many).
 */
import type { MatrixAccumulator } from './accumulator';
import { BlockSparseMatrix, type BlockStructure } from './blockSparse';
import { SparseLu, type SparseLuCounts } from './sparseLu';
import type { KernelMemory } from '../kernels/wasm';

export interface NewtonLinearSolver {
  readonly size: number;
  readonly accumulator: MatrixAccumulator;
  /** Clears the matrix before assembly. */
  zero(): void;
  /** Factorises the assembled matrix; false if it is singular. */
  factor(): boolean;
  /** Solves in place with the last factors; with negate, for −rhs (the Newton correction of a residual). */
  solve(rhs: Float64Array, negate?: boolean): void;
}

/**
 * Scalar sparse LU (sparseLu.ts) on a matrix assembled into block storage (blockSparse.ts): the blocks give
 * every entry the assembly may write a fixed place; the LU analyses the entries that are nonzero, once per model.
 */
export class SparseNewtonSolver implements NewtonLinearSolver {
  readonly size: number;
  readonly accumulator: BlockSparseMatrix;
  readonly lu: SparseLu;

  /** `host`: the memory the LU works in while it has room (SparseLu). */
  constructor(structure: BlockStructure, host?: KernelMemory) {
    this.accumulator = new BlockSparseMatrix(structure);
    this.size = this.accumulator.size;
    this.lu = new SparseLu(this.accumulator, host);
  }

  zero(): void {
    this.lu.invalidate();
    this.accumulator.zero();
  }

  factor(): boolean { return this.lu.factor(); }

  solve(rhs: Float64Array, negate = false): void { this.lu.solve(rhs, negate); }

  /** Sizes and work of the LU's current analysis, and how many analyses ran. */
  get counts(): SparseLuCounts & { readonly analyses: number; readonly patternGrowths: number; readonly pivotDegradations: number } {
    const { analyses, patternGrowths, pivotDegradations } = this.lu;
    return { ...this.lu.counts, analyses, patternGrowths, pivotDegradations };
  }
}
