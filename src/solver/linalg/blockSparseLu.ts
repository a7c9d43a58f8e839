/**
 * Block-sparse LU with dense blocks for the fixed-pattern Newton systems of a multibody model:
 * analyse once (block minimum-degree order, symbolic fill, all storage and a flat elimination program),
 * then factor() after each re-assembly and solve() as often as wanted with the same factors.
 *
 * Right-looking block elimination in the chosen order. At step k the Schur-updated diagonal block is
 * factorised P_k S_kk = L_kk U_kk with partial pivoting inside the block only (no pivoting across
 * blocks); then for all later neighbours i, j of k
 *   W_kj = S_kk⁻¹ S_kj  (overwrites S_kj),   S_ij −= S_ik W_kj,
 * and S_ik is kept as it is: A = (I + L) D (I + W) with block-strictly-lower L_ik = S_ik S_kk⁻¹,
 * D = blockdiag(S_kk) and block-strictly-upper W. Same flops as the textbook split
 * L_ik = S_ik U_kk⁻¹, U_kj = L_kk⁻¹ P_k S_kj, but one kernel of row operations instead of two
 * triangular ones, and one division per row instead of one per entry.
 * Solve: forward w_k = S_kk⁻¹ b_k, b_i −= S_ik w_k; backward x_k = w_k − Σ_j W_kj x_j.
 *
 * Multiplier (zero-diagonal) blocks are ordered by a MultiplierRule (blockOrdering.ts); the default
 * 'allNeighbours' never produces a singular block pivot for a nonsingular KKT matrix whose K is
 * nonsingular on the constraint tangent space, which the caller-side 'anyNeighbour' rule does on
 * the V8 crank. Nothing is allocated in factor() or solve().
 */
import type { BlockSparseMatrix } from './blockSparse';
import { minimumDegreeBlockOrder, type MultiplierRule } from './blockOrdering';
import { blockLuFactor, subtractGatheredRows, swapRows } from './blockKernels';
import { SparseRowProgram } from './sparseRowProgram';

export class BlockSparseLu {
  readonly size: number;
  /** order[t]: the block eliminated at step t. */
  readonly order: Int32Array;
  /** Off-diagonal block pairs created by fill, counting (i, j) and (j, i) separately. */
  readonly fillBlocks: number;
  /** Floating-point operations of one factor(), counted as dense block kernels (multiply and add separately). */
  readonly factorFlops: number;
  /** Floating-point operations of one solve(). */
  readonly solveFlops: number;
  /** Entries stored for the factors, fill blocks included. */
  readonly entryCount: number;

  private readonly matrix: BlockSparseMatrix;
  /** The declared-pattern part of matrix.values (a view made once, so factor() allocates nothing). */
  private readonly source: Float64Array;
  private readonly lu: Float64Array;
  private readonly piv: Int32Array;
  private readonly work: Float64Array;
  /** Per step t: pivot block, its size, diagonal offset in lu, range of its later neighbours. */
  private readonly stepBlock: Int32Array;
  private readonly stepSize: Int32Array;
  private readonly stepDiag: Int32Array;
  private readonly stepStart: Int32Array;
  /** Per later neighbour q of a step: block j, its size and start, offsets of W_kj (row block) and S_jk (column block). */
  private readonly nbrSize: Int32Array;
  private readonly nbrStart: Int32Array;
  private readonly nbrRowOffset: Int32Array;
  private readonly nbrColOffset: Int32Array;
  /** Offsets of the Schur targets S_ij, |N_k|² per step, row-major in the neighbour list order. */
  private readonly updateOffset: Int32Array;
  /** The sweeps' off-diagonal blocks without their zeros, rebuilt by factor(): S_jk rows (forward), W_kj rows (backward). */
  private readonly forward: SparseRowProgram;
  private readonly backward: SparseRowProgram;
  /**
   * Per step, the pivot block's triangular solves without their zeros, rebuilt by factor(): L rows
   * x_i −= Σ_{c<i} l_ic x_c (ascending i), then U rows x_i ← (x_i − Σ_{c>i} u_ic x_c) / u_ii (descending i).
   */
  private readonly pivotRows: SparseRowProgram;
  private factored = false;
  /**
   * Diagnostics of the last factor(): the smallest ratio min|u_ii| / max|S_kk| over the block pivots, and
   * the block where it occurred. Around 1e-16 means a numerically singular block pivot (for instance a
   * multiplier block eliminated before enough bodies, see MultiplierRule), even when factor() succeeded.
   */
  get smallestPivotRatio(): number { return this.pivotRatio; }
  get smallestPivotBlock(): number { return this.pivotBlock; }
  private pivotRatio = NaN;
  private pivotBlock = -1;

  /** Analyses the matrix's pattern; `multiplierRule` is explained in blockOrdering.ts. */
  constructor(matrix: BlockSparseMatrix, multiplierRule: MultiplierRule = 'allNeighbours') {
    this.matrix = matrix;
    this.source = matrix.values.subarray(0, matrix.entryCount);
    const nb = matrix.blockCount, sizes = matrix.blockSize;
    this.size = matrix.size;
    const { order, later, fill } = minimumDegreeBlockOrder(sizes, matrix.neighbours, matrix.zeroDiagonal, multiplierRule);
    this.order = order;
    this.fillBlocks = 2 * fill.length;

    // Factor storage: the matrix's layout, then the fill blocks.
    const offsets = matrix.pairOffset.slice();
    let offset = matrix.entryCount;
    for (const [i, j] of fill) {
      offsets[i * nb + j] = offset; offset += sizes[i] * sizes[j];
      offsets[j * nb + i] = offset; offset += sizes[i] * sizes[j];
    }
    this.entryCount = offset;
    this.lu = new Float64Array(offset);
    this.piv = new Int32Array(matrix.size);
    this.work = new Float64Array(matrix.size);
    let pivotEntries = 0;
    for (let b = 0; b < nb; b++) pivotEntries += sizes[b] * sizes[b];
    this.pivotRows = new SparseRowProgram(2 * matrix.size, pivotEntries, nb);

    const neighbourCount = later.reduce((sum, l) => sum + l.length, 0);
    const updateCount = later.reduce((sum, l) => sum + l.length * l.length, 0);
    this.stepBlock = new Int32Array(nb);
    this.stepSize = new Int32Array(nb);
    this.stepDiag = new Int32Array(nb);
    this.stepStart = new Int32Array(nb + 1);
    this.nbrSize = new Int32Array(neighbourCount);
    this.nbrStart = new Int32Array(neighbourCount);
    this.nbrRowOffset = new Int32Array(neighbourCount);
    this.nbrColOffset = new Int32Array(neighbourCount);
    this.updateOffset = new Int32Array(updateCount);
    let q = 0, u = 0, factorFlops = 0, solveFlops = 0;
    for (let t = 0; t < nb; t++) {
      const k = order[t], s = sizes[k];
      this.stepBlock[t] = k;
      this.stepSize[t] = s;
      this.stepDiag[t] = offsets[k * nb + k];
      this.stepStart[t] = q;
      for (let c = 0; c < s; c++) factorFlops += (s - 1 - c) * (1 + 2 * (s - 1 - c));
      solveFlops += 2 * s * s;
      for (const j of later[k]) {
        const sj = sizes[j];
        this.nbrSize[q] = sj;
        this.nbrStart[q] = matrix.blockStart[j];
        this.nbrRowOffset[q] = offsets[k * nb + j];
        this.nbrColOffset[q] = offsets[j * nb + k];
        q++;
        factorFlops += 2 * s * s * sj;
        solveFlops += 4 * s * sj;
      }
      for (const i of later[k]) {
        for (const j of later[k]) {
          this.updateOffset[u++] = offsets[i * nb + j];
          factorFlops += 2 * sizes[i] * s * sizes[j];
        }
      }
    }
    this.stepStart[nb] = q;
    let offDiagonalRows = 0, offDiagonalEntries = 0;
    for (let t = 0; t < nb; t++) {
      for (let r = this.stepStart[t]; r < this.stepStart[t + 1]; r++) {
        offDiagonalRows += this.nbrSize[r] + this.stepSize[t];
        offDiagonalEntries += 2 * this.nbrSize[r] * this.stepSize[t];
      }
    }
    this.forward = new SparseRowProgram(offDiagonalRows, offDiagonalEntries, nb);
    this.backward = new SparseRowProgram(offDiagonalRows, offDiagonalEntries, nb);
    this.factorFlops = factorFlops;
    this.solveFlops = solveFlops;
  }

  /**
   * Factorises the matrix's current values (copied; the matrix is left intact). Returns −1 on success,
   * else the index (caller's numbering) of the block whose Schur-updated diagonal block has a zero or
   * non-finite pivot; the factors are then unusable until the next successful factor().
   */
  factor(): number {
    const lu = this.lu, piv = this.piv, m = this.matrix;
    lu.set(this.source);
    lu.fill(0, m.entryCount);
    this.forward.reset();
    this.backward.reset();
    this.pivotRows.reset();
    const { stepBlock, stepSize, stepDiag } = this;
    const blockStart = m.blockStart;
    let u = 0, smallestRatio = Infinity, smallestBlock = -1;
    for (let t = 0; t < stepBlock.length; t++) {
      const k = stepBlock[t], s = stepSize[t], d = stepDiag[t], p = blockStart[k];
      let blockMax = 0;
      for (let e = d; e < d + s * s; e++) { const v = Math.abs(lu[e]); if (v > blockMax) blockMax = v; }
      if (blockLuFactor(s, lu, d, piv, p) >= 0) {
        this.factored = false;
        this.pivotRatio = 0;
        this.pivotBlock = k;
        return k;
      }
      let pivotMin = Infinity;
      for (let i = 0; i < s; i++) pivotMin = Math.min(pivotMin, Math.abs(lu[d + i * s + i]));
      if (pivotMin < smallestRatio * blockMax) { smallestRatio = pivotMin / blockMax; smallestBlock = k; }
      this.solveRowBlocks(t, s, d, p);
      this.recordSweeps(t, s, p);
      u = this.schurUpdate(t, p, u);
    }
    this.factored = true;
    this.pivotRatio = smallestRatio;
    this.pivotBlock = smallestBlock;
    return -1;
  }

  /**
   * W_kj = S_kk⁻¹ S_kj = U⁻¹ L⁻¹ P S_kj in place for every later neighbour j of step t (pivot block of
   * size s with factors at d, pivots at p): records the pivot block's L and U rows without their zeros
   * (about half of the V8 crank's pivot-block entries), then applies the row swaps and those rows to each S_kj.
   */
  private solveRowBlocks(t: number, s: number, d: number, p: number): void {
    const { lu, piv, pivotRows, nbrSize, nbrRowOffset } = this;
    for (let i = 1; i < s; i++) { pivotRows.appendEntries(lu, d + i * s, i, p); pivotRows.endRow(p + i); }
    for (let i = s - 1; i >= 0; i--) {
      pivotRows.appendEntries(lu, d + i * s + i + 1, s - 1 - i, p + i + 1);
      pivotRows.endRow(p + i, 1 / lu[d + i * s + i]);
    }
    pivotRows.endStep();
    const { target, entryStart, column, value, scale } = pivotRows;
    const r0 = pivotRows.stepStart[t], r1 = pivotRows.stepStart[t + 1];
    for (let q = this.stepStart[t]; q < this.stepStart[t + 1]; q++) {
      const m = nbrSize[q], b = nbrRowOffset[q];
      swapRows(s, m, piv, p, lu, b);
      for (let r = r0; r < r1; r++) {
        const c0 = entryStart[r], row = b + (target[r] - p) * m;
        subtractGatheredRows(m, entryStart[r + 1] - c0, value, c0, column, c0, lu, b - p * m, lu, row);
        const f = scale[r];
        if (f !== 1) for (let j = 0; j < m; j++) lu[row + j] *= f;
      }
    }
  }

  /**
   * Step t's rows of both sweeps, from its final blocks: forward rows b_j −= S_jk w_k of the column
   * blocks, backward rows x_k −= Σ_j W_kj x_j (one per unknown of block k over all its later neighbours).
   */
  private recordSweeps(t: number, s: number, p: number): void {
    const { lu, forward, backward, stepStart, nbrSize, nbrStart, nbrRowOffset, nbrColOffset } = this;
    for (let q = stepStart[t]; q < stepStart[t + 1]; q++) {
      for (let i = 0; i < nbrSize[q]; i++) forward.addRow(nbrStart[q] + i, lu, nbrColOffset[q] + i * s, s, p);
    }
    for (let i = 0; i < s; i++) {
      for (let q = stepStart[t]; q < stepStart[t + 1]; q++) backward.appendEntries(lu, nbrRowOffset[q] + i * nbrSize[q], nbrSize[q], nbrStart[q]);
      backward.endRow(p + i);
    }
    forward.endStep();
    backward.endStep();
  }

  /**
   * S_ij −= S_ik W_kj for all later neighbours i, j of step t (pivot block at unknowns p..p+s), from
   * update target u on; returns the next target. The coefficients are the forward sweep's rows of step t:
   * each row of S_ik without its zeros (about 70 % of the V8 crank's S_ik entries), applied to every W_kj.
   */
  private schurUpdate(t: number, p: number, u: number): number {
    const { lu, forward, nbrSize, nbrStart, nbrRowOffset, updateOffset } = this;
    const { target, entryStart, column, value } = forward;
    const q0 = this.stepStart[t], q1 = this.stepStart[t + 1];
    let row = forward.stepStart[t];
    const rowEnd = forward.stepStart[t + 1];
    for (let qi = q0; qi < q1; qi++) {
      const si = nbrSize[qi], first = nbrStart[qi];
      // Rows of S_ik without nonzeros were not recorded: walk the recorded ones of block i.
      const rowBegin = row;
      while (row < rowEnd && target[row] < first + si && target[row] >= first) row++;
      for (let qj = q0; qj < q1; qj++) {
        const sj = nbrSize[qj], dest = updateOffset[u++], w = nbrRowOffset[qj] - p * sj;
        for (let r = rowBegin; r < row; r++) {
          const c0 = entryStart[r];
          subtractGatheredRows(sj, entryStart[r + 1] - c0, value, c0, column, c0, lu, w, lu, dest + (target[r] - first) * sj);
        }
      }
    }
    return u;
  }

  /**
   * Solves A x = b in place: rhs[0..n) holds b in the global numbering on entry and x on return.
   * Throws if the last factor() failed or none ran (a programming error, not a numeric outcome).
   */
  solve(rhs: Float64Array): void {
    if (!this.factored) throw new Error('BlockSparseLu.solve: no successful factor()');
    const piv = this.piv, x = this.work, g = this.matrix.globalIndex, blockStart = this.matrix.blockStart;
    const { stepBlock, stepSize, pivotRows, forward, backward } = this;
    const n = this.size, nb = stepBlock.length;
    for (let p = 0; p < n; p++) x[p] = rhs[g[p]];
    for (let t = 0; t < nb; t++) {
      swapRows(stepSize[t], 1, piv, blockStart[stepBlock[t]], x, blockStart[stepBlock[t]]);
      pivotRows.applyStep(t, x);
      forward.applyStep(t, x);
    }
    for (let t = nb - 1; t >= 0; t--) backward.applyStep(t, x);
    for (let p = 0; p < n; p++) rhs[g[p]] = x[p];
  }
}
