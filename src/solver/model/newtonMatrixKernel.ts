/**
 * The places, in a sparse LU's storage, of every entry the Newton-matrix kernels (kernels/assembly/newton.ts) add
 * to: each body's 7×7 coordinate block, each pair of bodies a compiled primitive couples (both orders), and C_q's
 * and C_qᵀ's entries. They live in the model's kernel memory, sized once, and are found anew when the matrix's
 * layout changes (the LU's analysis lays the entries out where its factors live: BlockSparseMatrix.layoutVersion).
 * The kernels run only when the matrix's storage is in the same memory (the stepper's LU, whose workspace the
 * model's memory has room for: newtonLuReserveBytes) and every entry has a place; otherwise the caller's TypeScript
 * assembly runs.
 */
import { COORDS_PER_BODY, type Constraint } from './types';
import type { BlockSparseMatrix } from '../linalg/blockSparse';
import { arrayBytes, type KernelMemory } from '../kernels/wasm';
import { RECORD_LENGTH, stiffnessRecordCount } from '../kernels/constraintProgram';

/**
 * The table's length and its one field written after construction, the storage's pointer (newton.ts's order:
 * bodyCount, masses, inertias, program, records, bodyPlaces, recordPairs, pairPlaces, blockEntries, blocks, rowPlace,
 * columnPlace, bodyBlockData, values, expandedRows, expansion, expandedLambda).
 */
const TABLE_LENGTH = 17, VALUES = 13;
/** Places per body or body pair: a 7×7 coordinate block. */
const PLACES = COORDS_PER_BODY * COORDS_PER_BODY;
/** Record fields read here (kernels/constraintProgram.ts). */
const BODY_I = 1, BODY_J = 2;

/** What the places are made from: the model's arrays in its kernel memory. */
export interface NewtonMatrixSources {
  readonly bodyCount: number;
  readonly masses: Float64Array;
  readonly inertias: Float64Array;
  /** The records of ∂(C_qᵀλ)/∂q (ConstraintProgram.stiffnessPointer, stiffnessRecords). */
  readonly programPointer: number;
  readonly recordCount: number;
  /** Multipliers expanded to full constraints' rows, and where each comes from (null: λ itself). */
  readonly expansion: Int32Array | null;
  readonly expandedLambda: Float64Array | null;
  readonly jacobianBlocks: Float64Array;
  readonly rowEntries: Int32Array;
  readonly entryColumn: Int32Array;
  readonly bodyBlockData: Float64Array;
}

/**
 * The body pairs (i, j), in the order the records name them, that records with two distinct bodies couple (key
 * i · 65536 + j → pair number), and each record's first place in pairPlaces (−1: no pair).
 */
function recordPairs(program: Float64Array, records: number): { pairs: Map<number, number>; ofRecord: Int32Array } {
  const pairs = new Map<number, number>(), ofRecord = new Int32Array(records).fill(-1);
  for (let r = 0; r < records; r++) {
    const i = program[r * RECORD_LENGTH + BODY_I], j = program[r * RECORD_LENGTH + BODY_J];
    if (i < 0 || j < 0 || i === j) continue;
    const key = i * 65536 + j;
    if (!pairs.has(key)) pairs.set(key, pairs.size);
    ofRecord[r] = 2 * PLACES * pairs.get(key)!;
  }
  return { pairs, ofRecord };
}

/** Lengths of the i32 arrays the places of a model take (for sizing its memory before the records exist: a bound). */
export function newtonPlacesLengths(constraints: readonly Constraint[], bodyCount: number, blockEntries: number): number[] {
  let records = 0, pairs = 0;
  for (const c of constraints) {
    const k = stiffnessRecordCount(c);
    records += k;
    if (c.bodies.length > 1) pairs += k;
  }
  return [TABLE_LENGTH, PLACES * bodyCount, Math.max(1, records), Math.max(1, 2 * PLACES * pairs), blockEntries, blockEntries];
}

/**
 * Bytes to keep free in a model's memory for the stepper's sparse LU (SparseLu with a host: 1.25 × its workspace),
 * from a bound on the Newton matrix's block pattern (newtonStructure.ts: 8×8 per body, a joint's rows against
 * itself and its bodies, 8×8 both ways per coupled body pair), taking the factors (pattern and fill) as large as
 * that bound and the elimination's multiply-adds twice as many (the V8: a bound of 6,5xx entries, 1,190 in its factors,
 * 693–2,061 multiply-adds). An analysis that needs more gets a memory of its own (SparseLu), and the TypeScript
 * assembly runs.
 */
export function newtonLuReserveBytes(constraints: readonly Constraint[], bodyCount: number, loadBodies: readonly (readonly number[])[]): number {
  const block = COORDS_PER_BODY + 1;
  let entries = block * block * bodyCount, unknowns = block * bodyCount;
  const pairs = (k: number) => (k * (k - 1)) / 2;
  for (const c of constraints) {
    if (c.normalization) continue;
    unknowns += c.rows;
    entries += c.rows * c.rows + 2 * block * c.rows * c.bodies.length + 2 * block * block * pairs(c.bodies.length);
  }
  for (const bodies of loadBodies) entries += 2 * block * block * pairs(bodies.length);
  const n = unknowns, factors = entries, values = entries + factors + block * block;
  return Math.ceil(1.25 * arrayBytes([values, factors, n, n, n], [n + 1, n, factors, 2 * entries, n, n])) + 64;
}

export class NewtonMatrixPlaces {
  /** The kernels' table (TABLE_LENGTH i32) and its pointer. */
  private readonly table: Int32Array;
  readonly tablePointer: number;
  private readonly bodyPlaces: Int32Array;
  private readonly pairPlaces: Int32Array;
  private readonly pairKeys: Map<number, number>;
  /** Places of C_q's entries (row) and C_qᵀ's (column), one per entry of the Jacobian blocks. */
  readonly rowPlace: Int32Array;
  readonly columnPlace: Int32Array;
  /** The matrix, layout and row base the places were found for, and whether every entry has one. */
  private matrix: BlockSparseMatrix | null = null;
  private version = -1;
  private rowBase = -1;
  private complete = false;
  /** Whether the matrix's storage lies in this memory (else the kernels cannot write it). */
  private inMemory = false;
  /** Whether C_q's and C_qᵀ's places are complete (addJacobianBlocks' map; the kernels need the body places too). */
  private blocksComplete = false;

  constructor(private readonly memory: KernelMemory, private readonly sources: NewtonMatrixSources) {
    const { bodyCount, recordCount, programPointer, jacobianBlocks } = sources;
    const program = new Float64Array(memory.buffer, programPointer, recordCount * RECORD_LENGTH);
    const { pairs, ofRecord } = recordPairs(program, recordCount);
    this.pairKeys = pairs;
    this.table = memory.i32(TABLE_LENGTH);
    this.tablePointer = this.table.byteOffset;
    this.bodyPlaces = memory.i32(PLACES * bodyCount);
    const recordPair = memory.i32(Math.max(1, recordCount));
    recordPair.set(ofRecord);
    this.pairPlaces = memory.i32(Math.max(1, 2 * PLACES * pairs.size));
    this.rowPlace = memory.i32(jacobianBlocks.length);
    this.columnPlace = memory.i32(jacobianBlocks.length);
    this.table.set([
      bodyCount, sources.masses.byteOffset, sources.inertias.byteOffset, programPointer, recordCount, this.bodyPlaces.byteOffset,
      recordPair.byteOffset, this.pairPlaces.byteOffset, jacobianBlocks.length, jacobianBlocks.byteOffset, this.rowPlace.byteOffset,
      this.columnPlace.byteOffset, sources.bodyBlockData.byteOffset, 0, sources.expansion?.length ?? 0,
      sources.expansion?.byteOffset ?? 0, sources.expandedLambda?.byteOffset ?? 0,
    ]);
  }

  /**
   * Makes the places current for `acc` (rows of C_q from rowBase on) and says whether the kernels may write into it:
   * its storage in this memory and every entry they add to inside its pattern.
   */
  kernelsCanWrite(acc: BlockSparseMatrix, rowBase: number): boolean {
    this.update(acc, rowBase);
    return this.complete && this.inMemory;
  }

  /** Makes the places current and says whether C_q's and C_qᵀ's are complete (addJacobianBlocks' map). */
  jacobianPlaces(acc: BlockSparseMatrix, rowBase: number): boolean {
    this.update(acc, rowBase);
    return this.blocksComplete;
  }

  private update(acc: BlockSparseMatrix, rowBase: number): void {
    if (this.matrix === acc && this.version === acc.layoutVersion && this.rowBase === rowBase) return;
    this.matrix = acc;
    this.version = acc.layoutVersion;
    this.rowBase = rowBase;
    this.inMemory = this.memory.pointerOf(acc.values) >= 0;
    this.table[VALUES] = this.inMemory ? acc.values.byteOffset : 0;
    this.blocksComplete = this.findJacobianPlaces(acc, rowBase);
    this.complete = this.blocksComplete && this.findBodyPlaces(acc);
  }

  /** C_q's entries at (rowBase + r, column) and C_qᵀ's at (column, rowBase + r); false if one lies outside the pattern. */
  private findJacobianPlaces(acc: BlockSparseMatrix, rowBase: number): boolean {
    const { rowEntries, entryColumn } = this.sources;
    const m = rowEntries.length - 1;
    let complete = true;
    for (let r = 0; r < m; r++) {
      for (let o = rowEntries[r]; o < rowEntries[r + 1]; o++) {
        const row = rowBase + r, col = entryColumn[o];
        this.rowPlace[o] = acc.offsetOf(row, col);
        this.columnPlace[o] = acc.offsetOf(col, row);
        if (this.rowPlace[o] < 0 || this.columnPlace[o] < 0) complete = false;
      }
    }
    return complete;
  }

  /** Every body's 7×7 coordinate block, and both orders of every coupled pair; false if one lies outside the pattern. */
  private findBodyPlaces(acc: BlockSparseMatrix): boolean {
    let complete = true;
    const block = (places: Int32Array, at: number, bi: number, bj: number) => {
      for (let a = 0; a < COORDS_PER_BODY; a++) {
        for (let b = 0; b < COORDS_PER_BODY; b++) {
          const p = acc.offsetOf(bi * COORDS_PER_BODY + a, bj * COORDS_PER_BODY + b);
          places[at + COORDS_PER_BODY * a + b] = p;
          if (p < 0) complete = false;
        }
      }
    };
    for (let b = 0; b < this.sources.bodyCount; b++) block(this.bodyPlaces, PLACES * b, b, b);
    for (const [key, index] of this.pairKeys) {
      const i = Math.floor(key / 65536), j = key % 65536;
      block(this.pairPlaces, 2 * PLACES * index, i, j);
      block(this.pairPlaces, 2 * PLACES * index + PLACES, j, i);
    }
    return complete;
  }
}
