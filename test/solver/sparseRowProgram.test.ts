/**
 * SparseRowProgram (src/solver/linalg/sparseRowProgram.ts): the zero-free off-diagonal sweeps of the block
 * LU. Against the dense row sums y_i −= Σ_j a_ij x_j on blocks with many exact zeros: the same result to
 * the last bit (the same nonzeros summed in the same order), zeros and all-zero rows left out, steps applied separately, rows
 * gathered from several blocks.
 */
import { describe, expect, it } from 'vitest';
import { SparseRowProgram } from '../../src/solver/linalg/sparseRowProgram';
import { seededRandom } from './helpers';

/** An m×n block at offset 2 of a padded array, each entry zero with probability `zeros`. */
function sparseBlock(rand: () => number, m: number, n: number, zeros: number): Float64Array {
  const a = new Float64Array(2 + m * n + 3);
  for (let e = 0; e < m * n; e++) a[2 + e] = rand() < zeros ? 0 : 2 * rand() - 1;
  return a;
}

describe('SparseRowProgram', () => {
  it('applies y −= A x like the dense row sums, bit for bit, storing only the nonzeros', () => {
    const rand = seededRandom(12);
    for (const [m, n] of [[1, 1], [3, 8], [8, 5], [5, 4], [7, 7]]) {
      for (const zeros of [0, 0.6, 1]) {
        const a = sparseBlock(rand, m, n, zeros);
        const x = Float64Array.from({ length: 20 }, () => 2 * rand() - 1);
        const expected = x.slice();
        for (let i = 0; i < m; i++) {
          let sum = 0;
          for (let j = 0; j < n; j++) sum += a[2 + i * n + j] * expected[1 + j];
          expected[9 + i] -= sum;
        }
        const program = new SparseRowProgram(m, m * n, 1);
        program.reset();
        for (let i = 0; i < m; i++) program.addRow(9 + i, a, 2 + i * n, n, 1);
        program.endStep();
        program.applyStep(0, x);
        expect(Array.from(x)).toEqual(Array.from(expected));
        let nonzeros = 0;
        for (let e = 0; e < m * n; e++) if (a[2 + e] !== 0) nonzeros++;
        expect(program.entryCount).toBe(nonzeros);
      }
    }
  });

  it('keeps steps apart and starts afresh after reset', () => {
    const program = new SparseRowProgram(4, 8, 2);
    const src = Float64Array.from([1, 0, 2, 0, 0, 0, 3, 4]);
    for (let round = 0; round < 2; round++) {
      program.reset();
      program.addRow(0, src, 0, 2, 2); // x0 −= 1·x2
      program.endStep();
      program.addRow(1, src, 2, 2, 2); // x1 −= 2·x2
      program.addRow(0, src, 4, 2, 2); // all zero: not stored
      program.addRow(3, src, 6, 2, 1); // x3 −= 3·x1 + 4·x2
      program.endStep();
      expect(program.entryCount).toBe(4);
      const x = Float64Array.from([10, 20, 1, 5]);
      program.applyStep(1, x);
      expect(Array.from(x)).toEqual([10, 18, 1, 5 - (3 * 18 + 4)]);
      program.applyStep(0, x);
      expect(Array.from(x)).toEqual([9, 18, 1, -53]);
    }
  });

  it('gathers one row from several blocks (appendEntries, endRow) and drops an empty one', () => {
    const program = new SparseRowProgram(2, 6, 1);
    const src = Float64Array.from([0, 2, 0, 0, 3, 5]);
    program.reset();
    program.appendEntries(src, 0, 2, 1); // 2·x2
    program.appendEntries(src, 4, 2, 3); // 3·x3 + 5·x4
    program.endRow(0);
    program.appendEntries(src, 2, 2, 1); // zeros only
    program.endRow(1);
    program.endStep();
    expect(program.entryCount).toBe(3);
    const x = Float64Array.from([100, 7, 1, 2, 3]);
    program.applyStep(0, x);
    expect(Array.from(x)).toEqual([100 - (2 * 1 + 3 * 2 + 5 * 3), 7, 1, 2, 3]);
  });
});
