/**
 * The model's constraints compiled once into the records the WebAssembly kernel walks
 * (kernels/assembly/constraints.ts: runConstraints), and the calls that run them: for a whole model
 * (ConstraintProgram, on the model's kernel memory) and for one constraint alone (evaluateOne, on a small shared
 * memory: the consistent-state solve, reduced constraints, the Lie-group method and tests call constraints one by
 * one). A constraint is compiled when it lists its primitives (Constraint.primitives: every joint and every
 * Euler-parameter normalisation); any other constraint runs its own TypeScript evaluateWithJacobian, writing into
 * the same memory.
 */
import { COORDS_PER_BODY, type Constraint, type ConstraintPrimitiveLayout } from '../model/types';
import { arrayBytes, KernelMemory } from './wasm';
import { reductionOf } from '../model/reducedConstraint';

/** f64 slots per record (assembly/constraints.ts: RECORD_LENGTH). */
export const RECORD_LENGTH = 19;
/** The record's fields (assembly/constraints.ts's layout). */
const KIND = 0, BODY_I = 1, BODY_J = 2, ROW = 3, OFFSET = 4, LD = 5, COL_I = 6, COL_J = 7, ZERO_COUNT = 8;
/** Where a primitive's own parameters (c, then up to three vectors) start. */
export const PARAMETERS = 9;

/** i32 per record in the program's header table (assembly/constraints.ts: recordHeaders). */
export const HEADER_LENGTH = 9;
/** f64 per body in the program's rotation table (assembly/constraints.ts: rotationTable). */
export const ROTATION_LENGTH = 9;

/** The kinds of primitive the kernel knows (assembly/constraints.ts). */
export const enum PrimitiveKind { Normalization = 0, PointsCoincide = 1, VectorsDot = 2, VectorToPointDot = 3 }

/** A primitive as the kernel sees it: its kind, bodies and parameters (c and vectors), possibly moving with t. */
export interface KernelPrimitive {
  readonly rows: number;
  readonly kind: PrimitiveKind;
  readonly bodyI: number;
  readonly bodyJ: number;
  /** Writes c and the vectors into record[at + PARAMETERS ..]. */
  writeParameters(record: Float64Array, at: number): void;
  /** For a ground vector that moves: writes its value at t into the record (absent: nothing depends on t). */
  updateParameters?(t: number, record: Float64Array, at: number): void;
}

/** Records needed by a constraint's primitives (0 when it is not compiled). */
export function recordCount(c: Constraint): number {
  return c.primitives?.list.length ?? 0;
}

/**
 * Writes the records of constraint c with values at row `row` and its block at `offset`; `localBodies` numbers its
 * bodies by their slot in c.bodies (for a kernel run on that constraint's coordinates alone). Returns the records
 * written; `moving` collects the records whose parameters depend on t.
 */
function writeRecords(
  c: Constraint, layout: ConstraintPrimitiveLayout, program: Float64Array, first: number, row: number, offset: number,
  localBodies: boolean, moving: Array<[KernelPrimitive, number]>,
): number {
  const { list, starts, ld, colI, colJ } = layout;
  for (let k = 0; k < list.length; k++) {
    const p = list[k], at = (first + k) * RECORD_LENGTH;
    program[at + KIND] = p.kind;
    program[at + BODY_I] = localBodies ? (colI < 0 ? -1 : colI / COORDS_PER_BODY) : p.bodyI;
    program[at + BODY_J] = localBodies ? (colJ < 0 ? -1 : colJ / COORDS_PER_BODY) : p.bodyJ;
    program[at + ROW] = row + starts[k];
    program[at + OFFSET] = offset + starts[k] * ld;
    program[at + LD] = ld;
    program[at + COL_I] = colI;
    program[at + COL_J] = colJ;
    program[at + ZERO_COUNT] = k === 0 ? c.rows * ld : 0;
    p.writeParameters(program, at);
    if (p.updateParameters) moving.push([p, at]);
  }
  return list.length;
}

/**
 * The primitives of c's ∂(C_qᵀλ)/∂q: c's own, or those of the full constraint a reduced constraint keeps rows of
 * (its multipliers of the dropped rows zero: model/reducedConstraint.ts); null when c has none.
 */
function stiffnessSource(c: Constraint): { readonly full: Constraint; readonly keep: readonly number[] | null } | null {
  if (c.primitives) return { full: c, keep: null };
  const reduction = reductionOf(c);
  return reduction?.full.primitives ? reduction : null;
}

/**
 * The stiffness program a model needs besides the one of C and C_q: none when every constraint is compiled (the
 * kernel walks the same records) or when some constraint has no primitives at all (its TypeScript runs); else
 * records of every constraint, a reduced one's full constraint in its place, over multipliers expanded to the full
 * constraints' rows.
 */
export function stiffnessProgramSize(constraints: readonly Constraint[]): { readonly records: number; readonly rows: number } {
  let records = 0, rows = 0, compiledOnly = true;
  for (const c of constraints) {
    const source = stiffnessSource(c);
    if (!source) return { records: 0, rows: 0 };
    if (source.keep) compiledOnly = false;
    records += recordCount(source.full);
    rows += source.full.rows;
  }
  return compiledOnly ? { records: 0, rows: 0 } : { records, rows };
}

/** Records a constraint's ∂(C_qᵀλ)/∂q takes in the kernel (its own, or its full constraint's). */
export function stiffnessRecordCount(c: Constraint): number {
  const source = stiffnessSource(c);
  return source ? recordCount(source.full) : 0;
}

/** Records of all the constraints' primitives. */
function totalRecords(constraints: readonly Constraint[]): number {
  let records = 0;
  for (const c of constraints) records += recordCount(c);
  return records;
}

/** f64 entries of a model's program: its records, the stiffness program's records, expanded λ and expansion (i32 in f64s). */
function programLength(constraints: readonly Constraint[], records: number): number {
  const stiffness = stiffnessProgramSize(constraints);
  return (records + stiffness.records) * RECORD_LENGTH + stiffness.rows + Math.ceil(stiffness.rows / 2) + 1;
}

/**
 * The lengths of the arrays a model's ConstraintProgram allocates in its kernel memory besides q, values and blocks
 * (for KernelMemory's sizing, arrayBytes): f64 — the program, the rotation table (ROTATION_LENGTH per body); i32 —
 * the record headers (HEADER_LENGTH per record).
 */
export function programArrayLengths(constraints: readonly Constraint[], bodies: number): { readonly f64: number[]; readonly i32: number[] } {
  const records = totalRecords(constraints);
  return { f64: [programLength(constraints, records), ROTATION_LENGTH * bodies], i32: [HEADER_LENGTH * records] };
}

/**
 * C(q, t) and C_q of a model's constraints in one kernel call. q, values and blocks live in the model's kernel
 * memory (blocks is the system's jacobianBlocks); q is copied in per call (n numbers).
 */
export class ConstraintProgram {
  private readonly program: Float64Array;
  /** The records' integer fields, converted once (assembly/constraints.ts: recordHeaders). */
  private readonly headers: Int32Array;
  /** The bodies' rotation matrices, written by the kernel at each run (9 f64 per body). */
  private readonly rotations: Float64Array;
  private readonly bodies: number;
  private readonly records: number;
  private readonly moving: Array<[KernelPrimitive, number]> = [];
  /** The q and out of the last run, and where they live (reading a typed array's buffer is slow). */
  private lastQ: Float64Array | null = null;
  private lastQPointer = -1;
  private lastOut: Float64Array | null = null;
  private outInMemory = false;
  /** Constraints the kernel does not know, with their rows and block offsets. */
  private readonly others: Array<[Constraint, number, number]> = [];
  /**
   * ∂(C_qᵀλ)/∂q's records when they differ from the program's (reduced constraints), over multipliers expanded to the
   * full constraints' rows: expandedLambda[i] = λ[expansion[i]], or 0 where expansion[i] < 0 (a dropped row).
   */
  private readonly stiffness: Float64Array | null = null;
  private readonly stiffnessMoving: Array<[KernelPrimitive, number]> = [];
  readonly expansion: Int32Array | null = null;
  readonly expandedLambda: Float64Array | null = null;
  /** True if the kernel computes ∂(C_qᵀλ)/∂q of every constraint (compiled ones, and reduced ones of compiled joints). */
  readonly stiffnessCompiled: boolean;

  constructor(
    private readonly memory: KernelMemory, constraints: readonly Constraint[], rows: Int32Array, blockOffsets: Int32Array,
    private readonly q: Float64Array, private readonly values: Float64Array, private readonly blocks: Float64Array,
  ) {
    this.program = memory.f64(programLength(constraints, totalRecords(constraints)));
    let r = 0;
    constraints.forEach((c, i) => {
      if (c.primitives) r += writeRecords(c, c.primitives, this.program, r, rows[i], blockOffsets[i], false, this.moving);
      else this.others.push([c, rows[i], blockOffsets[i]]);
    });
    this.records = r;
    this.headers = memory.i32(HEADER_LENGTH * r);
    this.bodies = q.length / COORDS_PER_BODY;
    this.rotations = memory.f64(ROTATION_LENGTH * this.bodies);
    memory.kernels.recordHeaders(this.program.byteOffset, r, this.headers.byteOffset);
    const size = stiffnessProgramSize(constraints);
    this.stiffnessCompiled = this.others.length === 0 || size.records > 0;
    if (size.records > 0) {
      this.stiffness = memory.f64(size.records * RECORD_LENGTH);
      this.expandedLambda = memory.f64(size.rows);
      this.expansion = memory.i32(size.rows).fill(-1);
      let record = 0, row = 0;
      constraints.forEach((c, i) => {
        const { full, keep } = stiffnessSource(c)!;
        record += writeRecords(full, full.primitives!, this.stiffness!, record, row, 0, false, this.stiffnessMoving);
        for (let k = 0; k < c.rows; k++) this.expansion![row + (keep ? keep[k] : k)] = rows[i] + k;
        row += full.rows;
      });
    }
  }

  /** The records of ∂(C_qᵀλ)/∂q (kernels/assembly/newton.ts) and their count: the program's, or the stiffness program's. */
  get stiffnessPointer(): number { return this.stiffness ? this.stiffness.byteOffset : this.program.byteOffset; }
  get stiffnessRecords(): number { return this.stiffness ? this.stiffness.length / RECORD_LENGTH : this.records; }

  /** The program's pointer and record count, for a kernel that runs it itself (kernels/assembly/residual.ts). */
  get programPointer(): number { return this.program.byteOffset; }
  get headersPointer(): number { return this.headers.byteOffset; }
  get rotationsPointer(): number { return this.rotations.byteOffset; }
  get recordCount(): number { return this.records; }

  /** True if every constraint is compiled (no TypeScript constraint runs between the kernel's records). */
  get compiledOnly(): boolean { return this.others.length === 0; }

  /** Writes the moving ground vectors at t into their records (before a kernel runs the program). */
  updateMoving(t: number): void {
    const { moving, program } = this;
    for (let k = 0; k < moving.length; k++) moving[k][0].updateParameters!(t, program, moving[k][1]);
    const stiffnessMoving = this.stiffnessMoving;
    for (let k = 0; k < stiffnessMoving.length; k++) stiffnessMoving[k][0].updateParameters!(t, this.stiffness!, stiffnessMoving[k][1]);
  }

  /**
   * out[offset ..] = C(q, t) and blocks = C_q(q, t). q and out are read and written in place when they live in this
   * memory (an integrator's vectors, AssembledSystem.kernelVector); otherwise q is copied in and the values out.
   */
  run(q: Float64Array, t: number, out: Float64Array, offset: number): void {
    this.call(q, t, out, offset, true);
  }

  /** out[offset ..] = C(q, t) alone (the same numbers as run's): the Jacobian blocks are neither computed nor touched. */
  valuesOnly(q: Float64Array, t: number, out: Float64Array, offset: number): void {
    this.call(q, t, out, offset, false);
  }

  private call(q: Float64Array, t: number, out: Float64Array, offset: number, withJacobian: boolean): void {
    const { blocks, program, memory } = this;
    if (q !== this.lastQ) { this.lastQ = q; this.lastQPointer = memory.pointerOf(q); }
    if (out !== this.lastOut) { this.lastOut = out; this.outInMemory = memory.pointerOf(out) >= 0; }
    let qPtr = this.lastQPointer;
    if (qPtr < 0) { this.q.set(q); qPtr = this.q.byteOffset; }
    const direct = this.outInMemory;
    const values = direct ? out : this.values, base = direct ? offset : 0;
    this.updateMoving(t);
    const valuesPtr = values.byteOffset + 8 * base;
    const headers = this.headers.byteOffset, bodies = this.bodies, table = this.rotations.byteOffset;
    if (withJacobian) memory.kernels.runConstraints(program.byteOffset, headers, this.records, qPtr, valuesPtr, blocks.byteOffset, 1, bodies, table);
    else memory.kernels.constraintValues(program.byteOffset, headers, this.records, qPtr, valuesPtr, bodies, table);
    const others = this.others;
    for (let k = 0; k < others.length; k++) {
      const [c, row, off] = others[k];
      if (!withJacobian) c.evaluate(q, t, values, base + row);
      else if (c.evaluateWithJacobian) c.evaluateWithJacobian(q, t, values, base + row, blocks, off);
      else { c.jacobian(q, t, blocks, off); c.evaluate(q, t, values, base + row); }
    }
    if (!direct) out.set(this.values, offset);
  }
}

/** Largest constraint evaluateOne handles: rows, and records. */
const ONE_MAX_ROWS = 16, ONE_MAX_RECORDS = 16, ONE_MAX_BODIES = 2;

/** The small memory of evaluateOne (made on first use). */
let one: {
  memory: KernelMemory; program: Float64Array; q: Float64Array; values: Float64Array; block: Float64Array;
  rotations: Float64Array; headers: Int32Array; moving: Array<[KernelPrimitive, number]>;
} | null = null;

/**
 * One compiled constraint on its own bodies' coordinates: values into out[row ..] (if out), its block into
 * block[offset ..] (if block). The records are written afresh at each call (a few dozen numbers).
 */
export function evaluateOne(
  c: Constraint, q: Float64Array, t: number, out: Float64Array | null, row: number, block: Float64Array | null, offset: number,
): void {
  const layout = c.primitives!;
  if (!one) {
    const memory = new KernelMemory(arrayBytes(
      [ONE_MAX_RECORDS * RECORD_LENGTH, 7 * ONE_MAX_BODIES, ONE_MAX_ROWS, ONE_MAX_ROWS * 7 * ONE_MAX_BODIES, ROTATION_LENGTH * ONE_MAX_BODIES],
      [HEADER_LENGTH * ONE_MAX_RECORDS],
    ));
    one = {
      memory, program: memory.f64(ONE_MAX_RECORDS * RECORD_LENGTH), q: memory.f64(7 * ONE_MAX_BODIES),
      values: memory.f64(ONE_MAX_ROWS), block: memory.f64(ONE_MAX_ROWS * 7 * ONE_MAX_BODIES),
      rotations: memory.f64(ROTATION_LENGTH * ONE_MAX_BODIES), headers: memory.i32(HEADER_LENGTH * ONE_MAX_RECORDS), moving: [],
    };
  }
  if (c.rows > ONE_MAX_ROWS || layout.list.length > ONE_MAX_RECORDS || c.bodies.length > ONE_MAX_BODIES) {
    throw new RangeError(`${c.name}: too large for a single-constraint kernel call`);
  }
  const s = one;
  s.moving.length = 0;
  const records = writeRecords(c, layout, s.program, 0, 0, 0, true, s.moving);
  for (let k = 0; k < s.moving.length; k++) s.moving[k][0].updateParameters!(t, s.program, s.moving[k][1]);
  for (let b = 0; b < c.bodies.length; b++) {
    const from = c.bodies[b] * COORDS_PER_BODY, to = b * COORDS_PER_BODY;
    for (let k = 0; k < COORDS_PER_BODY; k++) s.q[to + k] = q[from + k];
  }
  const { kernels } = s.memory;
  kernels.recordHeaders(s.program.byteOffset, records, s.headers.byteOffset);
  kernels.runConstraints(
    s.program.byteOffset, s.headers.byteOffset, records, s.q.byteOffset, s.values.byteOffset, s.block.byteOffset, 1, c.bodies.length,
    s.rotations.byteOffset,
  );
  if (out) for (let k = 0; k < c.rows; k++) out[row + k] = s.values[k];
  if (block) {
    const size = c.rows * layout.ld;
    for (let k = 0; k < size; k++) block[offset + k] = s.block[k];
  }
}
