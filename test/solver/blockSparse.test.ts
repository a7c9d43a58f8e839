/**
 * BlockSparseMatrix (src/solver/linalg/blockSparse.ts), the storage of the Newton matrices: add() in global
 * indices lands where toDense() says, addBlock() equals add() entry by entry to the bit, a stray add() corrupts
 * nothing, and setLayout() moves the entries without changing the matrix. The sparse LU that factorises it is
 * tested in sparseLu.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { BlockSparseMatrix, type BlockStructure } from '../../src/solver/linalg/blockSparse';
import { DenseAccumulator } from '../../src/solver/linalg/accumulator';
import { seededRandom } from './helpers';
import { kktSystem } from './kktSystems';

const SEEDS = Array.from({ length: 10 }, (_, i) => 1000 + i);

describe('BlockSparseMatrix', () => {
  it('add in global indices lands where toDense says, for non-contiguous blocks', () => {
    for (const seed of SEEDS) {
      const { matrix, dense } = kktSystem(seed);
      expect(matrix.toDense()).toEqual(dense);
      expect(matrix.hasStrayEntries()).toBe(false);
    }
  });

  it('contains, offsetOf and addChecked know the declared pattern; a stray add() corrupts nothing', () => {
    const structure: BlockStructure = { blockIndices: [[4, 0], [2], [1, 3]], coupled: [[0, 1]] };
    const m = new BlockSparseMatrix(structure);
    expect(m.size).toBe(5);
    expect(m.contains(4, 2)).toBe(true); // blocks (0, 1)
    expect(m.contains(2, 0)).toBe(true); // blocks (1, 0)
    expect(m.contains(1, 3)).toBe(true); // a block's diagonal block is always stored
    expect(m.contains(0, 1)).toBe(false); // blocks (0, 2) undeclared
    expect(m.contains(5, 0)).toBe(false);
    expect(m.offsetOf(0, 1)).toBe(-1);
    m.values[m.offsetOf(0, 2)] = 7;
    expect(m.toDense()[0 * 5 + 2]).toBe(7);
    expect(() => m.addChecked(0, 1, 1)).toThrow(/undeclared block pair \(0, 2\)/);
    expect(() => m.addChecked(0, 9, 1)).toThrow(/outside/);
    const before = m.toDense();
    m.add(0, 1, 3);
    expect(m.toDense()).toEqual(before);
    expect(m.hasStrayEntries()).toBe(true);
    m.zero();
    expect(m.hasStrayEntries()).toBe(false);
    expect(m.toDense().every((v) => v === 0)).toBe(true);
  });

  it('addBlock equals add entry by entry, to the bit: contiguous blocks, blocks across blocks, the dense accumulator', () => {
    // Block 0 holds 0..3 in order (contiguous), block 1 holds 5, 4 (reversed), block 2 holds 6.
    const structure: BlockStructure = { blockIndices: [[0, 1, 2, 3], [5, 4], [6]], coupled: [[0, 1], [0, 2]] };
    const rand = seededRandom(17);
    const src = Float64Array.from({ length: 20 }, () => rand() - 0.5);
    const cases: [number, number, number, number][] = [[0, 0, 4, 4], [1, 2, 2, 2], [0, 6, 4, 1], [6, 0, 1, 4], [0, 3, 3, 3], [4, 0, 2, 4]];
    for (const [row0, col0, rows, cols] of cases) {
      const byEntry = new BlockSparseMatrix(structure), byBlock = new BlockSparseMatrix(structure);
      const denseByEntry = new DenseAccumulator(new Float64Array(49), 7), denseByBlock = new DenseAccumulator(new Float64Array(49), 7);
      for (const m of [byEntry, byBlock]) m.values.fill(0.25);
      for (let a = 0; a < rows; a++) {
        for (let b = 0; b < cols; b++) {
          byEntry.add(row0 + a, col0 + b, 1.7 * src[1 + a * cols + b]);
          denseByEntry.add(row0 + a, col0 + b, 1.7 * src[1 + a * cols + b]);
        }
      }
      byBlock.addBlock(row0, col0, rows, cols, src, 1, 1.7);
      denseByBlock.addBlock(row0, col0, rows, cols, src, 1, 1.7);
      expect(Array.from(byBlock.values), `block at (${row0}, ${col0})`).toEqual(Array.from(byEntry.values));
      expect(Array.from(denseByBlock.data)).toEqual(Array.from(denseByEntry.data));
    }
  });

  it('setLayout moves every entry (and the sink) without changing the matrix; add() then writes to the new places', () => {
    for (const seed of SEEDS.slice(0, 4)) {
      const { matrix, dense, size } = kktSystem(seed);
      const rand = seededRandom(seed + 3);
      const order = Array.from({ length: matrix.entryCount }, (_, p) => p).sort(() => rand() - 0.5);
      const slots = new Int32Array(matrix.entryCount);
      order.forEach((p, k) => { slots[p] = 2 * k + 1; }); // spread out: the gaps must read as 0
      matrix.add(0, size - 1, 0); // no-op unless (0, n−1) is declared
      const length = 2 * matrix.entryCount + 1;
      matrix.setLayout(slots, length, new Float64Array(length + matrix.trailingEntries));
      expect(matrix.toDense()).toEqual(dense);
      expect(matrix.hasStrayEntries()).toBe(false);
      matrix.add(1, 1, 0.5);
      const expected = dense.slice();
      if (matrix.contains(1, 1)) expected[size + 1] += 0.5;
      expect(matrix.toDense()).toEqual(expected);
      expect(() => matrix.setLayout(slots, matrix.entryCount, new Float64Array(length + matrix.trailingEntries))).toThrow(/outside/);
      expect(() => matrix.setLayout(slots, length, new Float64Array(length))).toThrow(/storage/);
    }
  });

  it('rejects malformed structures', () => {
    expect(() => new BlockSparseMatrix({ blockIndices: [[0, 1], [1]], coupled: []})).toThrow(/index 1/);
    expect(() => new BlockSparseMatrix({ blockIndices: [[0], [2]], coupled: []})).toThrow(/outside/);
    expect(() => new BlockSparseMatrix({ blockIndices: [[0], [1]], coupled: [[1, 1]]})).toThrow(/distinct/);
    expect(() => new BlockSparseMatrix({ blockIndices: [[0], []], coupled: []})).toThrow(/empty/);
  });
});

