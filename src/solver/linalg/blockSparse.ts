/**
 * Block-sparse square matrices with dense blocks, for the Newton (KKT) systems of multibody models:
 * one block per body (7 coordinates + its normalisation multiplier), one per joint (its multipliers).
 * The blocks are the contract between the assembly and the linear solver: every entry a joint, a load or a
 * method may write lies in a declared block pair, so the declared entries have fixed places, found by index
 * arithmetic (no search, no Map), and values are re-assembled with add() every Newton refresh.
 *
 * Use: `const m = new BlockSparseMatrix(structure);` once per model, then per assembly
 * `m.zero(); …m.add(row, col, v)…`; the sparse LU (sparseLu.ts) factorises it in place.
 * The pair table is blockCount² Int32s: fine up to a few thousand blocks.
 *
 * Entries: every declared block pair (i, i) and (i, j) as a tight row-major size(i)×size(j) piece at
 * `pairOffset[i·blockCount + j]`, in the order block 0's row (diagonal first, then its coupled blocks ascending),
 * block 1's row, … — entries 0 … entryCount−1. Behind them sits a sink of maxBlockSize² entries that undeclared
 * pairs point to, so a stray add() never corrupts a declared entry and hasStrayEntries() can detect it.
 * Storage: entry p lives at values[slot[p]]. The slots start as the entry order; a solver may lay the entries out
 * to suit its factorisation (setLayout: the sparse LU puts them where its factors are stored), the sink last.
 */

/** The caller's grouping of unknowns into blocks, and which blocks couple. */
export interface BlockStructure {
  /** blockIndices[b]: global indices of block b's unknowns in local order; together a permutation of 0..n−1. */
  readonly blockIndices: readonly (readonly number[])[];
  /** Off-diagonal block pairs that may hold nonzeros; each unordered pair once or in both orders. */
  readonly coupled: readonly (readonly [number, number])[];
}

export class BlockSparseMatrix {
  /** Number of unknowns n. */
  readonly size: number;
  readonly blockCount: number;
  readonly blockSize: Int32Array;
  /** blockStart[b]: position of block b's first unknown in block order (blocks laid out 0, 1, …). */
  readonly blockStart: Int32Array;
  /** globalIndex[p]: global index of the unknown at block-order position p. */
  readonly globalIndex: Int32Array;
  readonly blockOf: Int32Array;
  readonly localOf: Int32Array;
  /**
   * runLength[g]: how many global indices g, g+1, … lie in g's block at consecutive local positions (so a
   * block of entries starting at g is one contiguous piece of a block pair: addBlock's fast path).
   */
  private readonly runLength: Int32Array;
  /** Entry number of block pair (i, j)'s first entry; the sink's, `entryCount`, if the pair is not declared. */
  readonly pairOffset: Int32Array;
  /** neighbours[b]: the blocks declared coupled to b, ascending. */
  readonly neighbours: readonly Int32Array[];
  /** Number of entries of the declared pattern (the sink's follow). */
  readonly entryCount: number;
  /** slot[p]: where entry p (declared or sink) lives in `values`. */
  readonly slot: Int32Array;
  /** The storage; replaced by setLayout. */
  values: Float64Array;
  /** Counts the layouts: a place found by offsetOf stays valid while this is unchanged. */
  layoutVersion = 0;
  /** The sink's place in `values`: [sinkStart, values.length). */
  private sinkStart: number;

  constructor(structure: BlockStructure) {
    const { blockIndices, coupled } = structure;
    const nb = blockIndices.length;
    this.blockCount = nb;
    this.blockSize = Int32Array.from(blockIndices, (ix) => ix.length);
    this.blockStart = new Int32Array(nb + 1);
    let maxSize = 0;
    for (let b = 0; b < nb; b++) {
      const s = this.blockSize[b];
      if (s < 1) throw new RangeError(`block ${b} is empty`);
      maxSize = Math.max(maxSize, s);
      this.blockStart[b + 1] = this.blockStart[b] + s;
    }
    const n = this.blockStart[nb];
    this.size = n;
    this.globalIndex = new Int32Array(n);
    this.blockOf = new Int32Array(n).fill(-1);
    this.localOf = new Int32Array(n);
    for (let b = 0; b < nb; b++) {
      blockIndices[b].forEach((g, l) => {
        if (!Number.isInteger(g) || g < 0 || g >= n) throw new RangeError(`block ${b}: index ${g} outside 0..${n - 1}`);
        if (this.blockOf[g] >= 0) throw new RangeError(`index ${g} is in blocks ${this.blockOf[g]} and ${b}`);
        this.blockOf[g] = b;
        this.localOf[g] = l;
        this.globalIndex[this.blockStart[b] + l] = g;
      });
    }

    this.runLength = new Int32Array(n);
    for (let g = n - 1; g >= 0; g--) {
      const next = g + 1 < n && this.blockOf[g + 1] === this.blockOf[g] && this.localOf[g + 1] === this.localOf[g] + 1;
      this.runLength[g] = next ? this.runLength[g + 1] + 1 : 1;
    }

    const adjacency = Array.from({ length: nb }, () => new Set<number>());
    for (const [i, j] of coupled) {
      if (!(Number.isInteger(i) && Number.isInteger(j) && i >= 0 && j >= 0 && i < nb && j < nb) || i === j) {
        throw new RangeError(`coupled pair (${i}, ${j}) is not two distinct blocks of 0..${nb - 1}`);
      }
      adjacency[i].add(j);
      adjacency[j].add(i);
    }
    this.neighbours = adjacency.map((set) => Int32Array.from([...set].sort((a, b) => a - b)));

    let offset = 0;
    const offsets = new Int32Array(nb * nb).fill(-1);
    for (let i = 0; i < nb; i++) {
      offsets[i * nb + i] = offset;
      offset += this.blockSize[i] * this.blockSize[i];
      for (const j of this.neighbours[i]) {
        offsets[i * nb + j] = offset;
        offset += this.blockSize[i] * this.blockSize[j];
      }
    }
    this.entryCount = offset;
    for (let p = 0; p < nb * nb; p++) if (offsets[p] < 0) offsets[p] = offset;
    this.pairOffset = offsets;
    const stored = offset + maxSize * maxSize;
    this.slot = Int32Array.from({ length: stored }, (_, p) => p);
    this.values = new Float64Array(stored);
    this.sinkStart = offset;
  }

  /** Entries of the sink, stored behind the laid-out entries. */
  get trailingEntries(): number { return this.slot.length - this.entryCount; }

  /**
   * Lays the entries out anew in `storage` (zeroed, length ≥ length + trailingEntries), which becomes `values`:
   * entry p < entryCount moves to storage[slots[p]] (distinct, below `length`), the sink behind them; `previous`
   * holds the values in the current layout (a copy: the new storage may reuse the old one's memory). Positions
   * that no entry maps to hold 0.
   */
  setLayout(slots: Int32Array, length: number, storage: Float64Array, previous: Float64Array = this.values.slice()): void {
    const slot = this.slot, sink = this.trailingEntries;
    for (let p = 0; p < this.entryCount; p++) {
      if (!(slots[p] >= 0 && slots[p] < length)) throw new RangeError(`setLayout: slot ${slots[p]} of entry ${p} outside 0..${length - 1}`);
    }
    if (storage.length < length + sink) throw new RangeError(`setLayout: storage of ${storage.length} entries, ${length + sink} needed`);
    for (let p = 0; p < this.entryCount; p++) {
      storage[slots[p]] = previous[slot[p]];
      slot[p] = slots[p];
    }
    for (let s = 0; s < sink; s++) {
      storage[length + s] = previous[slot[this.entryCount + s]];
      slot[this.entryCount + s] = length + s;
    }
    this.values = storage;
    this.sinkStart = length;
    this.layoutVersion++;
  }

  /** Sets every entry (and the sink) to zero. */
  zero(): void {
    this.values.fill(0);
  }

  /**
   * A[row, col] += value, global indices. Unchecked: an entry outside the declared pattern lands in
   * the sink (see hasStrayEntries); use addChecked or contains while developing an assembler.
   */
  add(row: number, col: number, value: number): void {
    const bj = this.blockOf[col];
    this.values[this.slot[this.pairOffset[this.blockOf[row] * this.blockCount + bj] + this.localOf[row] * this.blockSize[bj] + this.localOf[col]]] += value;
  }

  /** See MatrixAccumulator.addBlock; entry by entry through add() when the block is not one contiguous piece. */
  addBlock(row0: number, col0: number, rows: number, cols: number, src: Float64Array, offset: number, scale: number): void {
    if (this.runLength[row0] < rows || this.runLength[col0] < cols) {
      for (let a = 0; a < rows; a++) {
        for (let b = 0; b < cols; b++) this.add(row0 + a, col0 + b, scale * src[offset + a * cols + b]);
      }
      return;
    }
    const bj = this.blockOf[col0], ld = this.blockSize[bj], values = this.values, slot = this.slot;
    const base = this.pairOffset[this.blockOf[row0] * this.blockCount + bj] + this.localOf[row0] * ld + this.localOf[col0];
    for (let a = 0; a < rows; a++) {
      const d = base + a * ld, s = offset + a * cols;
      for (let b = 0; b < cols; b++) values[slot[d + b]] += scale * src[s + b];
    }
  }

  /** add() that throws a RangeError naming the blocks when (row, col) is outside the pattern. */
  addChecked(row: number, col: number, value: number): void {
    if (!this.contains(row, col)) {
      const ok = row >= 0 && row < this.size && col >= 0 && col < this.size;
      throw new RangeError(ok
        ? `entry (${row}, ${col}) is in undeclared block pair (${this.blockOf[row]}, ${this.blockOf[col]})`
        : `entry (${row}, ${col}) is outside the ${this.size}×${this.size} matrix`);
    }
    this.add(row, col, value);
  }

  /** Whether global entry (row, col) lies in a declared block pair. */
  contains(row: number, col: number): boolean {
    if (!(Number.isInteger(row) && Number.isInteger(col) && row >= 0 && col >= 0 && row < this.size && col < this.size)) return false;
    return this.pairOffset[this.blockOf[row] * this.blockCount + this.blockOf[col]] < this.entryCount;
  }

  /**
   * Copies block pair (i, j) (tight row-major size(i)×size(j)) into out[offset ..]; false, copying nothing, if the
   * pair is not declared.
   */
  readBlock(i: number, j: number, out: Float64Array, offset = 0): boolean {
    const off = this.pairOffset[i * this.blockCount + j];
    if (off >= this.entryCount) return false;
    const count = this.blockSize[i] * this.blockSize[j], values = this.values, slot = this.slot;
    for (let e = 0; e < count; e++) out[offset + e] = values[slot[off + e]];
    return true;
  }

  /** Index in `values` of global entry (row, col) under the current layout, or −1 outside the pattern. */
  offsetOf(row: number, col: number): number {
    if (!this.contains(row, col)) return -1;
    const bj = this.blockOf[col];
    return this.slot[this.pairOffset[this.blockOf[row] * this.blockCount + bj] + this.localOf[row] * this.blockSize[bj] + this.localOf[col]];
  }

  /** Whether some add() fell outside the pattern since the last zero(). */
  hasStrayEntries(): boolean {
    for (let p = this.sinkStart; p < this.values.length; p++) if (this.values[p] !== 0) return true;
    return false;
  }

  /** Global (row, col) of every stored entry of the declared pattern: entry p of `values` sits at (row[p], col[p]). */
  entryPositions(): { row: Int32Array; col: Int32Array } {
    const nb = this.blockCount, row = new Int32Array(this.entryCount), col = new Int32Array(this.entryCount);
    for (let i = 0; i < nb; i++) {
      for (let j = 0; j < nb; j++) {
        const off = this.pairOffset[i * nb + j];
        if (off >= this.entryCount) continue;
        const si = this.blockSize[i], sj = this.blockSize[j];
        for (let a = 0; a < si; a++) {
          for (let b = 0; b < sj; b++) {
            row[off + a * sj + b] = this.globalIndex[this.blockStart[i] + a];
            col[off + a * sj + b] = this.globalIndex[this.blockStart[j] + b];
          }
        }
      }
    }
    return { row, col };
  }

  /** Dense row-major n×n copy in the global numbering (tests and debugging; allocates). */
  toDense(): Float64Array {
    const n = this.size, nb = this.blockCount;
    const dense = new Float64Array(n * n);
    for (let i = 0; i < nb; i++) {
      const si = this.blockSize[i];
      for (let j = 0; j < nb; j++) {
        const off = this.pairOffset[i * nb + j];
        if (off >= this.entryCount) continue;
        const sj = this.blockSize[j];
        for (let a = 0; a < si; a++) {
          const row = this.globalIndex[this.blockStart[i] + a];
          for (let b = 0; b < sj; b++) dense[row * n + this.globalIndex[this.blockStart[j] + b]] = this.values[this.slot[off + a * sj + b]];
        }
      }
    }
    return dense;
  }
}
