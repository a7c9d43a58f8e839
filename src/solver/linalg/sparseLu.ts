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
 * Numeric phase (factor), in place, in WebAssembly (kernels/assembly/lu.ts, on the plan copied into a KernelMemory
 * with the matrix's storage): row i = 0, 1, … of P A Q (Doolittle, IKJ order):
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
 * |x_i| < FLUSH_BELOW is set to exactly 0 (see there). An analysis that has served PROGRAM_AFTER_SOLVES solves gets
 * its solve written out as straight-line WebAssembly (kernels/luSolveProgram.ts: no branch per row, the same bits).
 * The refactorisation written out the same way (2,061 multiply-adds and the row checks: a 100 kB function, run
 * 0.17–0.27 times per V8 step) made the modified V8 run 7–8 % slower (the classical about even), and stays a loop
 * kernel.
 */
import { markowitzOrder, SINGULAR_PIVOT_RATIO, type PivotSequence } from './markowitz';
import { arrayBytes, KernelMemory } from '../kernels/wasm';
import { copyVector } from './dense';
import { compileLuSolve, type LuSolveProgram } from '../kernels/luSolveProgram';

/**
 * Solves on one analysis before its solve is written out as a program: an analysis may last only a few steps (the
 * V8 crank's 9 s run analyses 18 times with the modified method, 12 with the classical one, a few of them serving a
 * few hundred solves, most thousands); writing and compiling a program (≈ 30 kB for its 1,736 multiply-adds) pays
 * off on one that stays.
 */
export const PROGRAM_AFTER_SOLVES = 256;

/**
 * Analyses kept for reuse. A re-analysis often returns to an earlier pivot order: the V8 crank's 9 s run (modified)
 * analyses 18 times, alternating between two orders as the crank turns (a pivot degrades, the other order takes
 * over); an order met again reuses its plan and its solve program, instead of building both again (the plan's arrays,
 * and the ≈ 30 kB of WebAssembly a program is: V8 reuses the compiled code of identical bytes, not the writing).
 */
export const KEPT_ANALYSES = 4;

/** An earlier analysis: its plan, what it was made from, and its solve program once written for `memory`'s layout. */
interface KeptAnalysis {
  readonly plan: LuPlan;
  readonly pattern: Uint8Array;
  memory: KernelMemory | null;
  valuesPointer: number;
  program: LuSolveProgram | null;
}

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
  /** Entries the storage holds behind the laid-out ones (a sink for stray writes). */
  readonly trailingEntries: number;
  /**
   * Moves entry p to storage[slots[p]], storage holding `length` laid-out entries and the trailing ones behind
   * them; `storage` (zeroed) becomes the matrix's values. `previous` is a copy of the values in the current layout
   * (the new storage may reuse the old one's memory).
   */
  setLayout(slots: Int32Array, length: number, storage: Float64Array, previous: Float64Array): void;
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

/** How a numeric factorisation ended (the codes of kernels/assembly/lu.ts). */
const enum Outcome { Done = 0, PatternGrew = 1, PivotDegraded = 2, NotFinite = 3 }

/**
 * A plan and the matrix's storage in WebAssembly memory, where the kernels factorise and solve: the plan's index
 * arrays, A's copy (`original`, kept by the factorisation row by row for a new analysis), 1/u_ii, the solve's work
 * vector and right-hand side, and the matrix values laid out as [L+U | outside | trailing].
 */
class LuWorkspace {
  readonly values: Float64Array;
  readonly original: Float64Array;
  readonly inversePivot: Float64Array;
  readonly work: Float64Array;
  readonly rhs: Float64Array;
  readonly rowStart: Int32Array;
  readonly diag: Int32Array;
  readonly column: Int32Array;
  readonly target: Int32Array;
  readonly rowOrder: Int32Array;
  readonly colOrder: Int32Array;
  /** The solve's pointers, read once (a typed array's byteOffset costs more than the heavy top's solve arithmetic). */
  readonly solvePointers: {
    readonly rowOrder: number; readonly colOrder: number; readonly rowStart: number; readonly diag: number;
    readonly column: number; readonly inversePivot: number; readonly values: number; readonly work: number; readonly rhs: number;
  };

  constructor(readonly memory: KernelMemory, plan: LuPlan, valuesLength: number) {
    const n = plan.n;
    memory.reset();
    this.values = memory.f64(valuesLength);
    this.original = memory.f64(plan.factorEntries);
    this.inversePivot = memory.f64(n);
    this.work = memory.f64(n);
    this.rhs = memory.f64(n);
    this.rowStart = copyInto(memory, plan.rowStart);
    this.diag = copyInto(memory, plan.diag);
    this.column = copyInto(memory, plan.column);
    this.target = copyInto(memory, plan.target);
    this.rowOrder = copyInto(memory, plan.rowOrder);
    this.colOrder = copyInto(memory, plan.colOrder);
    this.solvePointers = {
      rowOrder: this.rowOrder.byteOffset, colOrder: this.colOrder.byteOffset, rowStart: this.rowStart.byteOffset,
      diag: this.diag.byteOffset, column: this.column.byteOffset, inversePivot: this.inversePivot.byteOffset,
      values: this.values.byteOffset, work: this.work.byteOffset, rhs: this.rhs.byteOffset,
    };
  }

  /** Bytes a workspace of `plan` needs. */
  static bytes(plan: LuPlan, valuesLength: number): number {
    const n = plan.n;
    return arrayBytes([valuesLength, plan.factorEntries, n, n, n], [n + 1, n, plan.factorEntries, plan.target.length, n, n]);
  }
}

/** A copy of `a` in the memory. */
function copyInto(memory: KernelMemory, a: Int32Array): Int32Array {
  const view = memory.i32(a.length);
  view.set(a);
  return view;
}

export class SparseLu {
  readonly size: number;
  /** Analyses so far: the first, and one per pattern growth or degraded pivot. */
  analyses = 0;
  /** Of those, the analyses redone because an entry outside the pattern became nonzero, or a pivot degraded. */
  patternGrowths = 0;
  pivotDegradations = 0;
  /** New WebAssembly memories made because an analysis outgrew the one before (the first is counted too). */
  memories = 0;
  private plan: LuPlan | null = null;
  private workspace: LuWorkspace | null = null;
  private factored = false;
  private readonly entryRow: Int32Array;
  private readonly entryCol: Int32Array;
  private readonly inPattern: Uint8Array;
  /** The last right-hand side solved and its pointer in the workspace's memory (−1: outside; reading `buffer` is slow). */
  private lastRhs: Float64Array | null = null;
  /** Solves on the current analysis, and its programs once written (null before, or where none can be compiled). */
  private solvesOnPlan = 0;
  private program: LuSolveProgram | null = null;
  /** Earlier analyses, the most recent first (the current one included), at most KEPT_ANALYSES. */
  private readonly kept: KeptAnalysis[] = [];
  /** Analyses that reused an earlier plan (diagnostics and tests). */
  reusedAnalyses = 0;
  private rhsPointer = -1;

  /**
   * Factorises `matrix` in place (its storage holds the factors after factor(), until the next assembly). With
   * `host`, the workspace is a region of that memory while it has room: a right-hand side living there (the Newton
   * driver's, in the model's memory) is then solved in place, without copies.
   */
  /**
   * `host`: a memory whose free room may hold the factors. `programAfterSolves`: solves on one analysis before its
   * program is written (Infinity: never; tests compare the two paths).
   */
  constructor(
    private readonly matrix: LaidOutMatrix, private readonly host?: KernelMemory,
    private readonly programAfterSolves = PROGRAM_AFTER_SOLVES,
  ) {
    this.size = matrix.size;
    ({ row: this.entryRow, col: this.entryCol } = matrix.entryPositions());
    this.inPattern = new Uint8Array(matrix.entryCount);
  }

  /** True when solves run the current analysis' program (diagnostics and tests). */
  get solvesByProgram(): boolean { return this.program !== null; }

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
    let outcome = this.plan ? this.refactor(this.plan, this.workspace!) : Outcome.PatternGrew;
    if (outcome === Outcome.NotFinite) return false;
    if (outcome !== Outcome.Done) {
      if (outcome === Outcome.PatternGrew && this.plan) this.patternGrowths++;
      if (outcome === Outcome.PivotDegraded) this.pivotDegradations++;
      if (!this.analyse()) return false;
      outcome = this.refactor(this.plan!, this.workspace!);
      if (outcome !== Outcome.Done) return false;
    }
    this.factored = true;
    return true;
  }

  /**
   * Solves A x = b in place (rhs holds b on entry, x on return); with negate, A x = −b (b negated as the kernel
   * reads it: the same bits as negating rhs first). Throws without a successful factor().
   */
  solve(rhs: Float64Array, negate = false): void {
    const plan = this.plan, w = this.workspace;
    if (!this.factored || !plan || !w) throw new Error('SparseLu.solve: no successful factor() since the last assembly');
    const n = plan.n, p = w.solvePointers;
    if (rhs !== this.lastRhs) { this.lastRhs = rhs; this.rhsPointer = w.memory.pointerOf(rhs); }
    // The kernel reads every b_i before it writes any x_i, so it may solve in the caller's vector.
    const inPlace = this.rhsPointer >= 0;
    if (!inPlace) copyVector(n, rhs, w.rhs);
    const at = inPlace ? this.rhsPointer : p.rhs;
    if (++this.solvesOnPlan === this.programAfterSolves && !this.program) this.program = this.keepProgram(this.writeProgram(plan, w), w);
    if (this.program) this.program(at, negate ? -1 : 1);
    else {
      w.memory.kernels.luSolve(
        n, p.rowOrder, p.colOrder, p.rowStart, p.diag, p.column, p.inversePivot, p.values, p.work, at, FLUSH_BELOW, negate ? 1 : 0,
      );
    }
    if (!inPlace) copyVector(n, w.rhs, rhs);
  }

  /** Keeps `program` with the current analysis (kept[0]) for the workspace's layout, and returns it. */
  private keepProgram(program: LuSolveProgram | null, w: LuWorkspace): LuSolveProgram | null {
    const entry = this.kept[0];
    if (entry && entry.plan === this.plan) {
      entry.program = program;
      entry.memory = w.memory;
      entry.valuesPointer = w.solvePointers.values;
    }
    return program;
  }

  /** The current analysis' solve as a program (kernels/luSolveProgram.ts), on the workspace's pointers. */
  private writeProgram(plan: LuPlan, w: LuWorkspace): LuSolveProgram | null {
    const p = w.solvePointers;
    return compileLuSolve(w.memory.memory, {
      n: plan.n, rowOrder: plan.rowOrder, colOrder: plan.colOrder, rowStart: plan.rowStart, diag: plan.diag, column: plan.column,
      valuesPointer: p.values, inversePivotPointer: p.inversePivot, workPointer: p.work, flushBelow: FLUSH_BELOW,
    });
  }

  /** The numeric phase on a plan, in place (kernels/assembly/lu.ts: luRefactor). On a degraded pivot A is put back. */
  private refactor(plan: LuPlan, w: LuWorkspace): Outcome {
    return w.memory.kernels.luRefactor(
      plan.n, w.rowStart.byteOffset, w.diag.byteOffset, w.column.byteOffset, w.target.byteOffset,
      w.inversePivot.byteOffset, w.original.byteOffset, w.values.byteOffset, plan.factorEntries, plan.outsideEntries,
      REFACTOR_THRESHOLD, SINGULAR_PIVOT_RATIO,
    ) as Outcome;
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
    const kept = this.keptAnalysis(seq, inPattern);
    const plan = kept?.plan ?? new LuPlan(this.size, seq, entryRow, entryCol, inPattern);
    const laidOut = plan.factorEntries + plan.outsideEntries, length = laidOut + matrix.trailingEntries;
    const bytes = LuWorkspace.bytes(plan, length);
    let memory = this.workspace?.memory;
    if (!memory || memory.capacity < bytes) {
      // Room for the pattern to grow a little before another memory is needed.
      const want = Math.ceil(1.25 * bytes);
      memory = this.host && this.host.free >= want + 8 ? new KernelMemory(want, this.host) : new KernelMemory(want);
      this.memories++;
      this.lastRhs = null;
    }
    const old = matrix.values.slice();
    const workspace = new LuWorkspace(memory, plan, length);
    matrix.setLayout(plan.slots, laidOut, workspace.values, old);
    this.plan = plan;
    this.workspace = workspace;
    this.solvesOnPlan = 0;
    // A program is written for addresses: it serves again where the workspace landed where it did before.
    const sameLayout = kept !== undefined && kept.memory === memory && kept.valuesPointer === workspace.solvePointers.values;
    this.program = sameLayout ? kept.program : null;
    this.keep(kept ?? { plan, pattern: inPattern.slice(), memory: null, valuesPointer: -1, program: null }, sameLayout);
    return true;
  }

  /** The kept analysis with this pivot order on this pattern (the plan is a function of the two), if any. */
  private keptAnalysis(seq: PivotSequence, pattern: Uint8Array): KeptAnalysis | undefined {
    return this.kept.find((k) => equalArrays(k.plan.rowOrder, seq.rowOrder) && equalArrays(k.plan.colOrder, seq.colOrder)
      && equalArrays(k.pattern, pattern));
  }

  /** Makes `entry` the most recent kept analysis (its program dropped unless it serves this layout). */
  private keep(entry: KeptAnalysis, sameLayout: boolean): void {
    const at = this.kept.indexOf(entry);
    if (at >= 0) { this.kept.splice(at, 1); this.reusedAnalyses++; }
    if (!sameLayout) { entry.program = null; entry.memory = null; entry.valuesPointer = -1; }
    this.kept.unshift(entry);
    if (this.kept.length > KEPT_ANALYSES) this.kept.pop();
  }
}

function equalArrays(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
