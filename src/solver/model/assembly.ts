/**
 * Assembles a MultibodyModel into the global quantities of Sherif Eqs. 57-58:
 * M(q) q̈ + C_qᵀ λ = Q(q̇, q, t), C(q, t) = 0, with q = (r_1, e_1, r_2, e_2, …).
 * Q holds the applied loads and the negated rotational quadratic-velocity terms of Eq. 9.
 * Every body's Euler-parameter normalisation comes first, then the model's own constraints.
 * The constraint Jacobian is kept as one small dense block per constraint (its bodies' columns only), in the
 * model's WebAssembly memory, where one kernel call computes every joint's values and blocks (kernels/).
 * The per-body inertia terms (Sherif Eq. 9) run there too (kernels/assembly/bodies.ts), one call for all bodies.
 * The memory has room for the vectors of one integrator (kernelVector: its state, unknowns, right-hand side and
 * work vectors); a vector in it is handed to the kernels by its pointer, any other is copied in and out.
 */
import { COORDS_PER_BODY, type CompiledLoad, type Constraint, type Load, type MultibodyModel } from './types';
import { eulerNormalization } from './eulerNormalization';
import { angularVelocity } from '../rotation/eulerParameters';
import type { MatrixAccumulator } from '../linalg/accumulator';
import { BlockSparseMatrix } from '../linalg/blockSparse';
import { zeroRange } from '../linalg/dense';
import { arrayBytes, KernelMemory } from '../kernels/wasm';
import { ConstraintProgram, programArrayLengths } from '../kernels/constraintProgram';
import { differenceTableLength } from '../integrators/predictor';
import { NewtonMatrixPlaces, newtonLuReserveBytes, newtonPlacesLengths } from './newtonMatrixKernel';

/** Scratch vectors for kernel arguments outside the memory: q, q̇, q̈, q̈_{n+1} or the old force term, two outputs, w. */
const Q = 0, QD = 1, QDD = 2, OLD = 3, OUT = 4, OUT2 = 5, HISTORY = 6, ARGUMENT_SCRATCH = 7;
/** Call sites that hand vectors to the kernels (the last argument of pointer, outputPointer, copyOut, where). */
const CALL_SITES = 21;

/**
 * The f64 vectors one integrator keeps in the model's memory (kernelVector): the stepper's q, q̇, q̈ (n each) and
 * λ (m), its error weights (2n) and the table of its accepted step (6), the Newton unknowns and right-hand side
 * (n + m each) and the norms of a correction (4), a method's q_{n+1}, q̇_{n+1}, old force term and
 * work vectors (4n) and its per-body history (3 per body), and the predictors' difference tables of q̈ and λ (integrators/
 * predictor.ts); with room to spare for alignment.
 */
/** The parts of the kernel bodyBlocks (kernels/assembly/bodies.ts) and the f64 each body's blocks take. */
const MASS_BLOCK = 1, MASS_STIFFNESS_BLOCK = 2, QUADRATIC_STIFFNESS_BLOCK = 4, RATE_DERIVATIVE_BLOCK = 8;
export const BODY_BLOCKS = 64;
/** Where ∂f2/∂ė starts in a body's blocks (velocityRateDerivatives). */
export const RATE_DERIVATIVE_OFFSET = 48;

/** The model's table for the kernels forceTerm and hhtResidual (kernels/assembly/residual.ts: its fields, in order). */
const MODEL_TABLE = 17;
/** A compiled load's kind in the kernel's records (kernels/assembly/loads.ts). */
const LOAD_KINDS: Readonly<Record<CompiledLoad['kind'], number>> = { force: 0, 'body-moment': 1, 'global-moment': 2 };
/** The vectors of hhtResidual, in the order of its table: q, q̇, q̈, q̈_{n+1}, w, q_{n+1}, q̇_{n+1}, λ_{n+1}, old force term, out. */
const RESIDUAL_VECTORS = 10;

/** A predictor of `size` values (integrators/predictor.ts): its difference table and two work vectors. */
function predictorVectors(size: number): number[] {
  return [differenceTableLength(size), size, size];
}

/** The i32 lengths of C_q's runs by body (AssembledSystem.runsByBody): their starts, then a pair per run of seven entries. */
function bodyRunLengths(bodies: number, entries: number): [number, number] {
  return [bodies + 1, 2 * (entries / COORDS_PER_BODY)];
}

function integratorVectors(n: number, m: number, bodies: number): number[] {
  return [n, n, n, m, n, n, n + m, n + m, 4, 6, n, n, n, n, 3 * bodies, 64, ...predictorVectors(n), ...predictorVectors(m)];
}

export class AssembledSystem {
  /** Number of coordinates (7 per body). */
  readonly n: number;
  /** Number of constraint equations. */
  readonly m: number;
  readonly constraints: readonly Constraint[];
  /** First row of each constraint. */
  readonly constraintRows: Int32Array;
  /** Offset of each constraint's Jacobian block in `jacobianBlocks`. */
  readonly blockOffsets: Int32Array;
  /** Local Jacobian blocks, rows × 7·bodies each (see Constraint.jacobian), in the model's kernel memory. */
  readonly jacobianBlocks: Float64Array;
  /** The model's WebAssembly memory (sized once for the model) and the compiled constraints that run on it. */
  readonly kernelMemory: KernelMemory;
  private readonly constraintProgram: ConstraintProgram;
  /**
   * The blocks as rows of C_q: global constraint row r holds jacobianBlocks[rowEntries[r] .. rowEntries[r + 1])
   * (each block is row-major, so a row is contiguous), entry o in global column entryColumn[o]. Made once, so
   * the products with C_q are flat loops in the blocks' own order (the same sums, in the same order).
   */
  private readonly rowEntries: Int32Array;
  private readonly entryColumn: Int32Array;
  /**
   * The same runs of seven entries by body, for the gather of C_qᵀλ (kernels/assembly/products.ts): body b's are
   * k ∈ [bodyRunStart[b], bodyRunStart[b + 1]), each the pair (first entry, row) at bodyRuns[2k], rows ascending.
   */
  private readonly bodyRunStart: Int32Array;
  private readonly bodyRuns: Int32Array;
  /** Masses and principal inertias (3 per body), in the model's kernel memory. */
  readonly masses: Float64Array;
  readonly inertias: Float64Array;
  /** Per-body views into `inertias` (made once: no allocation in a step). */
  private readonly inertiaViews: Float64Array[];
  private readonly w = new Float64Array(3);
  /** C(q) of updateConstraintJacobian, which keeps only the blocks. */
  private readonly valuesScratch: Float64Array;
  /** Kernel-memory vectors of length n and m for arguments that live outside the memory (copied in and out). */
  private readonly kernelN: Float64Array;
  private readonly kernelM: Float64Array;
  /** More such vectors (q, q̇, q̈, the old force term) and the loads' work vector, all of length n. */
  private readonly argumentScratch: Float64Array[];
  private readonly loadsScratch: Float64Array;
  /** where(): the vector each call site was last handed and its pointer (−1: outside the memory). */
  private readonly siteArray: (Float64Array | null)[] = new Array<Float64Array | null>(CALL_SITES).fill(null);
  private readonly sitePointer = new Int32Array(CALL_SITES);
  /** Each body's 4×4 blocks of the Newton matrix from the kernel bodyBlocks (BODY_BLOCKS per body). */
  private readonly bodyBlockData: Float64Array;
  /** The places of the Newton matrix's entries in a sparse LU's storage (addJacobianBlocks' map, the kernels' tables). */
  private readonly newtonPlaces: NewtonMatrixPlaces;
  /** True if a load depends on q̇ (then the methods add its ∂Q/∂q̇ to the Newton matrix). */
  readonly hasVelocityDependentLoads: boolean;
  /**
   * True if the kernels evaluate every load (loadsInKernels): the constant loads' sum is `constantLoads`, formed once,
   * the kernels copy it and add the compiled loads (Load.compiled), whose vectors at a time are `loadValues`.
   */
  readonly loadsCompiled: boolean;
  private readonly constantLoads: Float64Array;
  private readonly compiledLoads: readonly CompiledLoad[];
  /** 3 f64 per compiled load (its vector at loadTime), in the model's memory, and a view of each load's three. */
  private readonly loadValues: Float64Array;
  private readonly loadValueViews: Float64Array[];
  private loadTime = NaN;
  /** The model's table (MODEL_TABLE) and hhtResidual's vector table (RESIDUAL_VECTORS), by pointer. */
  private readonly modelTable: number;
  private readonly residualTable: Int32Array;
  private readonly residualTablePointer: number;
  /** The vectors the residual table was written for, and whether the one-call residual runs on them. */
  private readonly residualVectors: (Float64Array | null)[] = new Array<Float64Array | null>(RESIDUAL_VECTORS).fill(null);
  private residualFused = false;

  constructor(readonly model: MultibodyModel) {
    const nb = model.bodies.length;
    this.n = nb * COORDS_PER_BODY;
    // Normalisations first: they are always independent, so a redundancy is blamed on a joint.
    this.constraints = [
      ...model.bodies.map((b, i) => eulerNormalization(i, b.name)),
      ...model.constraints,
    ];
    this.constraintRows = new Int32Array(this.constraints.length);
    this.blockOffsets = new Int32Array(this.constraints.length);
    let row = 0, offset = 0;
    this.constraints.forEach((c, i) => {
      this.constraintRows[i] = row;
      this.blockOffsets[i] = offset;
      row += c.rows;
      offset += c.rows * COORDS_PER_BODY * c.bodies.length;
    });
    this.m = row;
    const program = programArrayLengths(this.constraints, nb);
    const n = this.n;
    this.loadsCompiled = loadsInKernels(model.loads);
    this.compiledLoads = this.loadsCompiled ? model.loads.flatMap((load) => (load.compiled ? [load.compiled] : [])) : [];
    const compiledCount = this.compiledLoads.length;
    // Room for the stepper's sparse LU too (newtonSolverFor(system, true)), so that one kernel sees the model and the
    // LU's storage: the Newton matrix is assembled into it and the right-hand side solved in place.
    const luReserve = newtonLuReserveBytes(this.constraints, nb, model.loads.map((load) => load.bodies ?? []));
    this.kernelMemory = new KernelMemory(luReserve + arrayBytes(
      [n, row, offset, ...program.f64, n, row, row, nb, 3 * nb, BODY_BLOCKS * nb, ...Array(ARGUMENT_SCRATCH + 2).fill(n), 3 * compiledCount, ...integratorVectors(n, row, nb)],
      [row + 1, offset, ...bodyRunLengths(nb, offset), ...program.i32, MODEL_TABLE, RESIDUAL_VECTORS, 2 * compiledCount, ...newtonPlacesLengths(this.constraints, nb, offset)],
    ));
    const kq = this.kernelMemory.f64(this.n), kValues = this.kernelMemory.f64(row);
    this.jacobianBlocks = this.kernelMemory.f64(offset);
    this.kernelN = this.kernelMemory.f64(this.n);
    this.kernelM = this.kernelMemory.f64(row);
    this.constraintProgram = new ConstraintProgram(
      this.kernelMemory, this.constraints, this.constraintRows, this.blockOffsets, kq, kValues, this.jacobianBlocks,
    );
    this.valuesScratch = this.kernelMemory.f64(row);
    this.rowEntries = this.kernelMemory.i32(row + 1);
    this.entryColumn = this.kernelMemory.i32(offset);
    this.constraints.forEach((c, i) => {
      let o = this.blockOffsets[i];
      for (let r = 0; r < c.rows; r++) {
        this.rowEntries[this.constraintRows[i] + r] = o;
        for (const body of c.bodies) {
          for (let k = 0; k < COORDS_PER_BODY; k++) this.entryColumn[o++] = body * COORDS_PER_BODY + k;
        }
      }
    });
    this.rowEntries[row] = offset;
    [this.bodyRunStart, this.bodyRuns] = this.runsByBody(nb, offset);
    this.masses = this.kernelMemory.f64(nb);
    model.bodies.forEach((b, i) => { this.masses[i] = b.mass; });
    this.inertias = this.kernelMemory.f64(3 * nb);
    model.bodies.forEach((b, i) => this.inertias.set(b.inertia, 3 * i));
    this.inertiaViews = model.bodies.map((_, i) => this.inertias.subarray(3 * i, 3 * i + 3));
    this.hasVelocityDependentLoads = model.loads.some((load) => load.addForceDamping !== undefined);
    this.argumentScratch = Array.from({ length: ARGUMENT_SCRATCH }, () => this.kernelMemory.f64(n));
    this.bodyBlockData = this.kernelMemory.f64(BODY_BLOCKS * nb);
    this.loadsScratch = this.kernelMemory.f64(n);
    this.constantLoads = this.kernelMemory.f64(n);
    if (this.loadsCompiled) {
      for (const load of model.loads) if (!load.compiled) load.addForce(this.loadsScratch, this.loadsScratch, 0, this.constantLoads);
    }
    this.loadValues = this.kernelMemory.f64(3 * compiledCount);
    this.loadValueViews = this.compiledLoads.map((_, k) => this.loadValues.subarray(3 * k, 3 * k + 3));
    const loadRecords = this.kernelMemory.i32(2 * compiledCount);
    this.compiledLoads.forEach((load, k) => {
      loadRecords[2 * k] = LOAD_KINDS[load.kind];
      loadRecords[2 * k + 1] = load.body * COORDS_PER_BODY + (load.kind === 'force' ? 0 : 3);
    });
    const table = this.kernelMemory.i32(MODEL_TABLE);
    table.set([
      n, row, nb, this.constraintProgram.programPointer, this.constraintProgram.recordCount, this.jacobianBlocks.byteOffset,
      this.bodyRunStart.byteOffset, this.bodyRuns.byteOffset, this.masses.byteOffset, this.inertias.byteOffset,
      this.constantLoads.byteOffset, this.loadsScratch.byteOffset, compiledCount, loadRecords.byteOffset, this.loadValues.byteOffset,
      this.constraintProgram.headersPointer, this.constraintProgram.rotationsPointer,
    ]);
    this.modelTable = table.byteOffset;
    this.residualTable = this.kernelMemory.i32(RESIDUAL_VECTORS);
    this.residualTablePointer = this.residualTable.byteOffset;
    this.newtonPlaces = new NewtonMatrixPlaces(this.kernelMemory, {
      bodyCount: nb, masses: this.masses, inertias: this.inertias, programPointer: this.constraintProgram.stiffnessPointer,
      recordCount: this.constraintProgram.stiffnessRecords, expansion: this.constraintProgram.expansion,
      expandedLambda: this.constraintProgram.expandedLambda, jacobianBlocks: this.jacobianBlocks, rowEntries: this.rowEntries,
      entryColumn: this.entryColumn, bodyBlockData: this.bodyBlockData,
    });
  }

  /**
   * A zeroed vector for an integrator: in the model's kernel memory while there is room (one integrator's worth),
   * else an ordinary array (the kernels then copy it in and out).
   */
  kernelVector(length: number): Float64Array {
    return this.kernelMemory.free >= 8 * length + 8 ? this.kernelMemory.f64(length) : new Float64Array(length);
  }

  /** Whether a vector lives in the model's kernel memory (then the kernels read and write it in place). */
  inKernelMemory(a: Float64Array): boolean { return this.kernelMemory.pointerOf(a) >= 0; }

  /**
   * a's pointer in the memory, or −1: remembered per call site `site` (a site is handed the same vector every
   * time, and reading a typed array's buffer costs more than a small model's kernel arithmetic).
   */
  private where(a: Float64Array, site: number): number {
    if (this.siteArray[site] === a) return this.sitePointer[site];
    const p = this.kernelMemory.pointerOf(a);
    this.siteArray[site] = a;
    this.sitePointer[site] = p;
    return p;
  }

  /** The pointer of a's first n entries for a kernel: a's own, or that of scratch vector `slot` holding a copy. */
  private pointer(a: Float64Array, slot: number, site: number): number {
    const p = this.where(a, site);
    if (p >= 0) return p;
    const s = this.argumentScratch[slot], n = Math.min(this.n, a.length);
    for (let i = 0; i < n; i++) s[i] = a[i];
    return s.byteOffset;
  }

  /** The pointer an output vector a is written at: a's own, or that of scratch vector `slot` (copyOut afterwards). */
  private outputPointer(a: Float64Array, slot: number, site: number): number {
    const p = this.where(a, site);
    return p >= 0 ? p : this.argumentScratch[slot].byteOffset;
  }

  /** out[0..min(n, out.length)) = scratch vector `slot`, unless out is in the memory (then it was written in place). */
  private copyOut(slot: number, out: Float64Array, site: number): void {
    if (this.where(out, site) >= 0) return;
    const s = this.argumentScratch[slot], n = Math.min(this.n, out.length);
    for (let i = 0; i < n; i++) out[i] = s[i];
  }

  /**
   * HHT's q_{n+1} (Sherif Eq. 59) and q̇_{n+1} (Eq. 60; with modified = 1, Eq. 34 for the Euler parameters, w of
   * Eq. 75 in history) from the state at t_n and q̈_{n+1}: one kernel call (kernels/assembly/bodies.ts).
   */
  hhtKinematics(
    h: number, beta: number, gamma: number, modified: number, state: { readonly q: Float64Array; readonly qd: Float64Array; readonly qdd: Float64Array },
    qddNew: Float64Array, history: Float64Array, qNew: Float64Array, qdNew: Float64Array,
  ): void {
    this.kernelMemory.kernels.hhtKinematics(
      this.bodyCount, h, beta, gamma, modified, this.pointer(state.q, Q, 0), this.pointer(state.qd, QD, 1), this.pointer(state.qdd, QDD, 2),
      this.pointer(qddNew, OLD, 3), modified ? this.pointer(history, HISTORY, 4) : 0, this.outputPointer(qNew, OUT2, 5), this.outputPointer(qdNew, OUT, 6),
    );
    this.copyOut(OUT2, qNew, 5);
    this.copyOut(OUT, qdNew, 6);
  }

  /** w = L(e_n) ė_n + h(1−γ) L(e_n) ë_n per body (Sherif Eq. 75) into history (3 per body): one kernel call. */
  modifiedVelocityHistory(h: number, gamma: number, state: { readonly q: Float64Array; readonly qd: Float64Array; readonly qdd: Float64Array }, history: Float64Array): void {
    this.kernelMemory.kernels.modifiedHistory(
      this.bodyCount, h, gamma, this.pointer(state.q, Q, 0), this.pointer(state.qd, QD, 1), this.pointer(state.qdd, QDD, 2), this.outputPointer(history, OUT, 4),
    );
    this.copyOut(OUT, history, 4);
  }

  /**
   * HHT's residual (Sherif Eq. 62, unscaled C(q_{n+1}) in out[n ..]) in one kernel call (kernels/assembly/residual.ts):
   * q_{n+1}, q̇_{n+1} as hhtKinematics, C and C_q as updateConstraintJacobianAndValues, the rest as forceTerms. Runs
   * when the kernels evaluate the loads (loadsCompiled), every constraint is compiled and every vector lives in the
   * model's memory; false (nothing done) otherwise, and the caller makes those three calls.
   */
  hhtResidual(
    h: number, beta: number, gamma: number, modified: number, state: { readonly q: Float64Array; readonly qd: Float64Array; readonly qdd: Float64Array },
    qddNew: Float64Array, history: Float64Array, qNew: Float64Array, qdNew: Float64Array, lambdaNew: Float64Array,
    forceOld: Float64Array, massScale: number, oldWeight: number, t: number, out: Float64Array,
  ): boolean {
    const v = this.residualVectors;
    if (v[0] !== state.q || v[1] !== state.qd || v[2] !== state.qdd || v[3] !== qddNew || v[4] !== history || v[5] !== qNew
      || v[6] !== qdNew || v[7] !== lambdaNew || v[8] !== forceOld || v[9] !== out) {
      this.writeResidualTable([state.q, state.qd, state.qdd, qddNew, history, qNew, qdNew, lambdaNew, forceOld, out]);
    }
    if (!this.residualFused) return false;
    this.constraintProgram.updateMoving(t);
    this.writeLoadValues(t);
    this.kernelMemory.kernels.hhtResidual(this.modelTable, this.residualTablePointer, h, beta, gamma, modified, massScale, oldWeight);
    return true;
  }

  /**
   * An accepted HHT step's q_{n+1}, q̇_{n+1} (as hhtKinematics) and its force term C_qᵀλ − Q into forceOld (as
   * forceTerms at time t, C_q of the last residual) in one kernel call (kernels/assembly/residual.ts: hhtAccept), on the
   * vectors of the last one-call residual; false (nothing done) when they are not those or that residual could not run.
   */
  hhtAccept(
    h: number, beta: number, gamma: number, modified: number, state: { readonly q: Float64Array; readonly qd: Float64Array; readonly qdd: Float64Array },
    qddNew: Float64Array, history: Float64Array, qNew: Float64Array, qdNew: Float64Array, lambdaNew: Float64Array, forceOld: Float64Array,
    t: number,
  ): boolean {
    const v = this.residualVectors;
    if (!this.residualFused || v[0] !== state.q || v[1] !== state.qd || v[2] !== state.qdd || v[3] !== qddNew || v[4] !== history
      || v[5] !== qNew || v[6] !== qdNew || v[7] !== lambdaNew || v[8] !== forceOld) return false;
    this.writeLoadValues(t);
    this.kernelMemory.kernels.hhtAccept(this.modelTable, this.residualTablePointer, h, beta, gamma, modified);
    return true;
  }

  /** Remembers hhtResidual's vectors, writes their pointers into its table and decides whether the one call can run. */
  private writeResidualTable(vectors: readonly Float64Array[]): void {
    let fused = this.loadsCompiled && this.constraintProgram.compiledOnly;
    for (let k = 0; k < RESIDUAL_VECTORS; k++) {
      this.residualVectors[k] = vectors[k];
      const p = this.kernelMemory.pointerOf(vectors[k]);
      if (p < 0) fused = false;
      this.residualTable[k] = p;
    }
    this.residualFused = fused;
  }

  /** The compiled loads' vectors at time t into loadValues, for the kernels (each a function of t alone: once per t). */
  private writeLoadValues(t: number): void {
    if (t === this.loadTime) return;
    const loads = this.compiledLoads;
    for (let k = 0; k < loads.length; k++) loads[k].vector(t, this.loadValueViews[k]);
    this.loadTime = t;
  }

  get bodyCount(): number { return this.masses.length; }

  inertiaOf(body: number): Float64Array {
    return this.inertiaViews[body];
  }

  /** acc += scale · M(q): m I₃ and 4 LᵀJL per body (Sherif Eq. 9), the e-blocks by one kernel call. */
  addMassMatrix(q: Float64Array, scale: number, acc: MatrixAccumulator): void {
    this.computeBodyBlocks(MASS_BLOCK, q, q, q, scale, 0, 0);
    const data = this.bodyBlockData;
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      for (let i = 0; i < 3; i++) acc.add(c + i, c + i, scale * this.masses[b]);
      acc.addBlock(c + 3, c + 3, 4, 4, data, BODY_BLOCKS * b, 1);
    }
  }

  /** acc += scale · ∂(M(q) q̈)/∂q = scale · 4 [ŵ(J L(e) ë) − Lᵀ(e) J L(ë)] per body, by one kernel call. */
  addMassStiffness(q: Float64Array, qdd: Float64Array, scale: number, acc: MatrixAccumulator): void {
    this.computeBodyBlocks(MASS_STIFFNESS_BLOCK, q, q, qdd, 0, scale, 0);
    const data = this.bodyBlockData;
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY + 3;
      acc.addBlock(c, c, 4, 4, data, BODY_BLOCKS * b + 16, 1);
    }
  }

  /**
   * ∂f2/∂ė = 8 (|e|² I − e eᵀ) [ŵ(J L(e) ė) + Lᵀ(ė) J L(e)] of every body (Sherif Eq. 9's quadratic-velocity term;
   * Q_e ∋ −f2, so −Q_ė = ∂f2/∂ė), by one kernel call: body b's row-major 4×4 block is at
   * rateDerivatives[offset(b) ..], offset(b) = BODY_BLOCKS · b + RATE_DERIVATIVE_OFFSET (valid until the next call).
   */
  velocityRateDerivatives(q: Float64Array, qd: Float64Array): Float64Array {
    this.computeBodyBlocks(RATE_DERIVATIVE_BLOCK, q, qd, q, 0, 0, 0);
    return this.bodyBlockData;
  }

  /** The kernel bodyBlocks (kernels/assembly/bodies.ts) into bodyBlockData. */
  private computeBodyBlocks(parts: number, q: Float64Array, qd: Float64Array, qdd: Float64Array, sM: number, sK: number, sQ: number): void {
    this.kernelMemory.kernels.bodyBlocks(
      parts, this.bodyCount, this.inertias.byteOffset, this.pointer(q, Q, 7), this.pointer(qd, QD, 8), this.pointer(qdd, QDD, 9),
      sM, sK, sQ, this.bodyBlockData.byteOffset,
    );
  }

  /** out[0..n) += scale · Q(q, q̇, t): applied loads minus the quadratic-velocity terms (Sherif Eq. 9). */
  addGeneralizedForces(q: Float64Array, qd: Float64Array, t: number, scale: number, out: Float64Array): void {
    const p = this.where(out, 10);
    if (p >= 0) { this.bodyForces(q, qd, t, null, 0, scale, null, 0, p); return; }
    this.bodyForces(q, qd, t, null, 0, scale, null, 0, this.pointer(out, OUT, 10));
    this.copyOut(OUT, out, 10);
  }

  /**
   * out[0..n) = C_qᵀλ − Q(q, q̇, t) − oldWeight · forceOld + massScale · M(q) q̈, C_q from the last constraint
   * evaluation: the force part of Sherif Eq. 62 (forceOld = (C_qᵀλ − Q)_n, oldWeight = α/(1+α), massScale = 1/(1+α))
   * and of the endpoint methods' residual (no forceOld, massScale 1); with neither, the force term C_qᵀλ − Q itself.
   * One kernel call when the kernels evaluate the loads (loadsCompiled), else two (C_qᵀλ, then every body's terms)
   * around the TypeScript loads.
   */
  forceTerms(
    q: Float64Array, qd: Float64Array, t: number, lambda: Float64Array, qdd: Float64Array | null, massScale: number,
    forceOld: Float64Array | null, oldWeight: number, out: Float64Array,
  ): void {
    // The residual's call (with forceOld) and the force term's call are two call sites: each keeps its own vector.
    const site = forceOld ? 11 : 20;
    const o = this.where(out, site) >= 0 ? out : this.argumentScratch[OUT];
    if (this.loadsCompiled) {
      this.writeLoadValues(t);
      this.kernelMemory.kernels.forceTerm(
        this.modelTable, this.pointer(q, Q, 12), this.pointer(qd, QD, 13), qdd ? this.pointer(qdd, QDD, 14) : 0, massScale,
        this.lambdaPointer(lambda), forceOld ? this.pointer(forceOld, OLD, 15) : 0, oldWeight, o.byteOffset,
      );
    } else {
      zeroRange(o, 0, this.n);
      this.jacobianTransposeTimesAt(lambda, o.byteOffset);
      this.bodyForces(q, qd, t, qdd, massScale, -1, forceOld, oldWeight, o.byteOffset);
    }
    this.copyOut(OUT, out, site);
  }

  /** The loads into the loads' vector, then the bodies' kernel on the vector at pointer `out`. */
  private bodyForces(
    q: Float64Array, qd: Float64Array, t: number, qdd: Float64Array | null, massScale: number, forceScale: number,
    forceOld: Float64Array | null, oldWeight: number, out: number,
  ): void {
    const loads = this.model.loads, tmp = this.loadsScratch;
    zeroRange(tmp, 0, this.n);
    for (let i = 0; i < loads.length; i++) loads[i].addForce(q, qd, t, tmp);
    this.kernelMemory.kernels.bodyForces(
      this.bodyCount, this.masses.byteOffset, this.inertias.byteOffset, this.pointer(q, Q, 12), this.pointer(qd, QD, 13),
      qdd ? this.pointer(qdd, QDD, 14) : 0, massScale, tmp.byteOffset, forceScale, forceOld ? this.pointer(forceOld, OLD, 15) : 0,
      oldWeight, out,
    );
  }

  /** acc += scale · ∂Q/∂q: the loads' (TypeScript), then −scale · ∂f2/∂e per body by one kernel call. */
  addForceStiffness(q: Float64Array, qd: Float64Array, t: number, scale: number, acc: MatrixAccumulator): void {
    for (const load of this.model.loads) load.addForceStiffness(q, qd, t, scale, acc);
    this.computeBodyBlocks(QUADRATIC_STIFFNESS_BLOCK, q, qd, q, 0, 0, -scale);
    const data = this.bodyBlockData;
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY + 3;
      acc.addBlock(c, c, 4, 4, data, BODY_BLOCKS * b + 32, 1);
    }
  }

  /** acc += scale · ∂Q/∂q̇ of the velocity-dependent loads (dampers); the quadratic-velocity terms are the methods'. */
  addForceDamping(q: Float64Array, qd: Float64Array, t: number, scale: number, acc: MatrixAccumulator): void {
    const loads = this.model.loads;
    for (let i = 0; i < loads.length; i++) loads[i].addForceDamping?.(q, qd, t, scale, acc);
  }

  /**
   * out[offset .. offset+m) = C(q, t): one kernel call for the whole model, values only (the same arithmetic,
   * record by record, as each constraint's own evaluate); the Jacobian blocks of the Newton step are untouched.
   */
  evaluateConstraints(q: Float64Array, t: number, out: Float64Array, offset = 0): void {
    this.constraintProgram.valuesOnly(q, t, out, offset);
  }

  /** Recomputes every constraint's Jacobian block at (q, t). */
  updateConstraintJacobian(q: Float64Array, t: number): void {
    this.constraintProgram.run(q, t, this.valuesScratch, 0);
  }

  /**
   * updateConstraintJacobian(q, t) and evaluateConstraints(q, t, out, offset) in one pass: one kernel call for
   * every joint and normalisation (kernels/constraintProgram.ts), each rotated vector computed once.
   */
  updateConstraintJacobianAndValues(q: Float64Array, t: number, out: Float64Array, offset: number): void {
    this.constraintProgram.run(q, t, out, offset);
  }

  /** out[0..n) += C_qᵀ λ, from the blocks of the last updateConstraintJacobian (kernels/assembly/products.ts). */
  addJacobianTransposeTimes(lambda: Float64Array, out: Float64Array): void {
    if (this.where(out, 16) >= 0) { this.jacobianTransposeTimesAt(lambda, out.byteOffset); return; }
    const { kernelN, n } = this;
    for (let i = 0; i < n; i++) kernelN[i] = out[i];
    this.jacobianTransposeTimesAt(lambda, kernelN.byteOffset);
    for (let i = 0; i < n; i++) out[i] = kernelN[i];
  }

  /** The vector at pointer `out` += C_qᵀ λ. */
  private jacobianTransposeTimesAt(lambda: Float64Array, out: number): void {
    this.kernelMemory.kernels.addJacobianTransposeTimes(
      this.model.bodies.length, this.bodyRunStart.byteOffset, this.bodyRuns.byteOffset, this.jacobianBlocks.byteOffset,
      this.lambdaPointer(lambda), out,
    );
  }

  /** C_q's runs of seven entries grouped by body, rows ascending (bodyRunStart, bodyRuns), in the kernel memory. */
  private runsByBody(bodies: number, entries: number): [Int32Array, Int32Array] {
    const [starts, pairs] = bodyRunLengths(bodies, entries);
    const start = this.kernelMemory.i32(starts), runs = this.kernelMemory.i32(pairs);
    const bodyOf = (o: number) => this.entryColumn[o] / COORDS_PER_BODY;
    for (let o = 0; o < entries; o += COORDS_PER_BODY) start[bodyOf(o) + 1]++;
    for (let b = 0; b < bodies; b++) start[b + 1] += start[b];
    const next = start.slice(0, bodies);
    for (let r = 0; r < this.m; r++) {
      for (let o = this.rowEntries[r]; o < this.rowEntries[r + 1]; o += COORDS_PER_BODY) {
        const k = next[bodyOf(o)]++;
        runs[2 * k] = o;
        runs[2 * k + 1] = r;
      }
    }
    return [start, runs];
  }

  /** λ's pointer for a kernel: its own, or that of a copy in the memory. */
  private lambdaPointer(lambda: Float64Array): number {
    const l = this.where(lambda, 17);
    if (l >= 0) return l;
    const { kernelM, m } = this;
    for (let i = 0; i < m; i++) kernelM[i] = lambda[i];
    return kernelM.byteOffset;
  }

  /** out[0..m) = C_q v, from the blocks of the last updateConstraintJacobian (kernels/assembly/products.ts). */
  jacobianTimes(v: Float64Array, out: Float64Array): void {
    const { kernelM, m } = this;
    const direct = this.where(out, 18) >= 0;
    this.kernelMemory.kernels.jacobianTimes(
      m, this.rowEntries.byteOffset, this.entryColumn.byteOffset, this.jacobianBlocks.byteOffset, this.pointer(v, Q, 19),
      direct ? out.byteOffset : kernelM.byteOffset,
    );
    if (!direct) for (let i = 0; i < m; i++) out[i] = kernelM[i];
  }

  /**
   * Writes C_q into rows rowBase.. (columns 0..n) and C_qᵀ into columns rowBase.. of a matrix
   * (the constraint blocks of the Newton matrix, Negrut Eq. 12). Into the sparse LU's storage by a map made once
   * per layout: entry o of the blocks goes to values[rowPlace[o]] and values[columnPlace[o]].
   */
  addJacobianBlocks(acc: MatrixAccumulator, rowBase: number): void {
    if (acc instanceof BlockSparseMatrix && this.newtonPlaces.jacobianPlaces(acc, rowBase)) {
      const values = acc.values, blocks = this.jacobianBlocks, { rowPlace, columnPlace } = this.newtonPlaces;
      for (let o = 0; o < blocks.length; o++) {
        const x = blocks[o];
        values[rowPlace[o]] += x;
        values[columnPlace[o]] += x;
      }
      return;
    }
    const cs = this.constraints, blocks = this.jacobianBlocks;
    for (let i = 0; i < cs.length; i++) {
      const bodies = cs[i].bodies, nb = bodies.length, rows = cs[i].rows;
      let o = this.blockOffsets[i];
      for (let r = 0; r < rows; r++) {
        const row = rowBase + this.constraintRows[i] + r;
        for (let s = 0; s < nb; s++, o += COORDS_PER_BODY) {
          const col0 = bodies[s] * COORDS_PER_BODY;
          // A body's 7 columns of the row, and the same 7 values as a column of C_qᵀ (exact zeros add nothing).
          acc.addBlock(row, col0, 1, COORDS_PER_BODY, blocks, o, 1);
          acc.addBlock(col0, row, COORDS_PER_BODY, 1, blocks, o, 1);
        }
      }
    }
  }

  /**
   * acc += scale · ∂(C_qᵀ λ)/∂q (Sherif Eq. 65): one kernel call (kernels/assembly/newton.ts) into a sparse LU's storage
   * in the model's memory when every constraint's is compiled, else each constraint's TypeScript.
   */
  addMultiplierStiffness(q: Float64Array, t: number, lambda: Float64Array, scale: number, acc: MatrixAccumulator): void {
    if (this.newtonKernelsFor(acc, this.n)) {
      const qPointer = this.pointer(q, Q, 7);
      this.constraintProgram.updateMoving(t);
      this.kernelMemory.kernels.multiplierStiffness(this.newtonPlaces.tablePointer, qPointer, this.lambdaPointer(lambda), scale);
      return;
    }
    const cs = this.constraints;
    for (let i = 0; i < cs.length; i++) cs[i].addMultiplierStiffness(q, t, lambda, this.constraintRows[i], scale, acc);
  }

  /**
   * Whether the Newton-matrix kernels may write acc (C_q's rows from rowBase): every constraint's ∂(C_qᵀλ)/∂q compiled
   * (a reduced constraint by its full joint's records), the storage in the memory.
   */
  private newtonKernelsFor(acc: MatrixAccumulator, rowBase: number): acc is BlockSparseMatrix {
    return acc instanceof BlockSparseMatrix && this.constraintProgram.stiffnessCompiled && this.newtonPlaces.kernelsCanWrite(acc, rowBase);
  }

  /**
   * HHT's Newton matrix (Sherif Eq. 65, C_q and C_qᵀ in rows and columns n.. as in Negrut Eq. 12) into a sparse LU's
   * storage in the model's memory, by two kernel calls around the loads' stiffness and damping (TypeScript), at
   * q_{n+1}, q̇_{n+1}, q̈_{n+1}, λ_{n+1}; with modified = 1, −Q_ė J₁ by Sherif Eq. 69 (w of Eq. 75 in history), else
   * hγ ∂f2/∂ė (Eq. 67). The same sums, in the same order, as the methods' entry-wise assembly (HhtMethod.jacobian).
   * False (nothing done) when the kernels cannot write acc.
   */
  hhtNewtonMatrix(
    h: number, beta: number, gamma: number, alpha: number, modified: number, q: Float64Array, qd: Float64Array,
    qdd: Float64Array, lambda: Float64Array, history: Float64Array, t: number, dampingScale: number, acc: MatrixAccumulator,
  ): boolean {
    if (!this.newtonKernelsFor(acc, this.n)) return false;
    const kernels = this.kernelMemory.kernels, table = this.newtonPlaces.tablePointer;
    const qp = this.pointer(q, Q, 7), qdp = this.pointer(qd, QD, 8), qddp = this.pointer(qdd, QDD, 9);
    const lp = this.lambdaPointer(lambda), hp = modified ? this.pointer(history, HISTORY, 4) : 0;
    this.constraintProgram.updateMoving(t);
    kernels.hhtNewtonMatrix(table, 0, qp, qdp, qddp, lp, hp, h, beta, gamma, alpha, modified);
    const bh2 = beta * h * h, loads = this.model.loads;
    for (let i = 0; i < loads.length; i++) loads[i].addForceStiffness(q, qd, t, -bh2, acc);
    kernels.hhtNewtonMatrix(table, 1, qp, qdp, qddp, lp, hp, h, beta, gamma, alpha, modified);
    // Dampers: −Q_q̇ γh (their entries are in the coordinates' block, which C_q's never share: the order is free).
    if (this.hasVelocityDependentLoads) this.addForceDamping(q, qd, t, dampingScale, acc);
    return true;
  }

  /** out[0..m) = γ with C_q q̈ = γ. */
  accelerationRhs(q: Float64Array, qd: Float64Array, t: number, out: Float64Array): void {
    const cs = this.constraints;
    for (let i = 0; i < cs.length; i++) cs[i].accelerationRhs(q, qd, t, out, this.constraintRows[i]);
  }

  /** out[0..m) = −C_t with C_q q̇ = −C_t. */
  velocityRhs(q: Float64Array, t: number, out: Float64Array): void {
    const cs = this.constraints;
    for (let i = 0; i < cs.length; i++) cs[i].velocityRhs(q, t, out, this.constraintRows[i]);
  }

  /** Kinetic energy Σ ½ m |ṙ|² + ½ ωᵀ J ω. */
  kineticEnergy(q: Float64Array, qd: Float64Array): number {
    let e = 0;
    const w = this.w;
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      e += 0.5 * this.masses[b] * (qd[c] * qd[c] + qd[c + 1] * qd[c + 1] + qd[c + 2] * qd[c + 2]);
      angularVelocity(q, c + 3, qd, c + 3, w, 0);
      const j = 3 * b;
      e += 0.5 * (this.inertias[j] * w[0] * w[0] + this.inertias[j + 1] * w[1] * w[1] + this.inertias[j + 2] * w[2] * w[2]);
    }
    return e;
  }

  /** Potential energy of conservative loads. */
  potentialEnergy(q: Float64Array): number {
    let v = 0;
    for (const load of this.model.loads) v += load.potential(q);
    return v;
  }

  /** Power of non-conservative loads, W. */
  appliedPower(q: Float64Array, qd: Float64Array, t: number): number {
    let p = 0;
    for (const load of this.model.loads) p += load.power(q, qd, t);
    return p;
  }
}

/**
 * Whether the kernels can evaluate these loads: each constant (Load.constant) or compiled (Load.compiled), and no
 * constant load after a compiled one. The kernels add the constant loads' sum first, then the compiled loads in order:
 * with the constant ones first, that is the TypeScript's order of additions, so the sums are the same to the bit.
 */
export function loadsInKernels(loads: readonly Load[]): boolean {
  let compiledSeen = false;
  for (const load of loads) {
    if (load.compiled) compiledSeen = true;
    else if (load.constant !== true || compiledSeen) return false;
  }
  return true;
}
