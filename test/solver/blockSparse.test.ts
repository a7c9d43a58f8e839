/**
 * Block-sparse LU (src/solver/linalg/blockSparse*.ts, blockKernels.ts, blockOrdering.ts) against the dense
 * LU of dense.ts on seeded random KKT-like systems [K C_qᵀ; C_q 0]: K dominant per body, Euler bodies
 * with a rank-3 K_ee made nonsingular by their normalisation row, joints as zero-diagonal blocks,
 * unknowns numbered by a random permutation; plus the V8 crank pattern that bench/blockSparse.ts times.
 */
import { describe, expect, it } from 'vitest';
import { BlockSparseLu, BlockSparseMatrix, type BlockStructure } from '../../src/solver/linalg/blockSparse';
import { minimumDegreeBlockOrder, type MultiplierRule } from '../../src/solver/linalg/blockOrdering';
import { blockLuFactor, luSolveVector, subtractGatheredRows } from '../../src/solver/linalg/blockKernels';
import { luFactor, luSolve } from '../../src/solver/linalg/dense';
import { DenseAccumulator } from '../../src/solver/linalg/accumulator';
import { relativeDifference, seededRandom } from './helpers';
import { assembleKkt, kktBlockStructure, v8CrankKkt, type KktBody, type KktDescription, type KktJoint } from '../../bench/blockSparse';

/** Block-sparse vs dense LU solution, relative to ‖x‖∞ (both backward stable; these systems are well conditioned). */
const SOLUTION_TOLERANCE = 1e-10;
/** Kernels against naive loops on O(1) data. */
const KERNEL_TOLERANCE = 1e-13;
/** A healthy block pivot of these systems is far above round-off … */
const HEALTHY_PIVOT_RATIO = 1e-8;
/** … a numerically singular one sits at round-off. */
const SINGULAR_PIVOT_RATIO = 1e-12;
const SEEDS = Array.from({ length: 40 }, (_, i) => 1000 + i);
const ODD_SIZES = [1, 2, 3, 5, 7, 8];

const randomArray = (rand: () => number, n: number) => Float64Array.from({ length: n }, () => 2 * rand() - 1);

function permutation(rand: () => number, n: number): Int32Array {
  const p = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); const t = p[i]; p[i] = p[j]; p[j] = t; }
  return p;
}

/**
 * Random bodies (Euler bodies of size 8, plain bodies of size 1–8), joints of 1–5 rows on one or two
 * bodies, random stiffness pairs. Rows are charged to each joint's first body within its freedoms
 * (Euler 6, plain its size), so C_q has full row rank; the second body may get more rows than it has
 * freedoms, as the V8 rods do.
 */
function randomKkt(rand: () => number): KktDescription {
  const nBodies = 2 + Math.floor(rand() * 6);
  const bodies: KktBody[] = Array.from({ length: nBodies }, () =>
    (rand() < 0.4 ? { kind: 'euler', size: 8 } : { kind: 'plain', size: 1 + Math.floor(rand() * 8) }));
  const budget = bodies.map((b) => (b.kind === 'euler' ? 6 : b.size));
  const joints: KktJoint[] = [];
  for (let tries = 0; tries < 2 * nBodies; tries++) {
    const a = Math.floor(rand() * nBodies);
    if (budget[a] === 0) continue;
    const rows = 1 + Math.floor(rand() * Math.min(5, budget[a]));
    budget[a] -= rows;
    const b = Math.floor(rand() * nBodies);
    joints.push({ rows, bodies: b !== a && rand() < 0.6 ? [a, b] : [a] });
  }
  const stiffness: [number, number][] = [];
  for (let a = 0; a < nBodies; a++) for (let b = a + 1; b < nBodies; b++) if (rand() < 0.3) stiffness.push([a, b]);
  return { bodies, joints, stiffness };
}

/** Matrix (pattern of d, random numbering) with KKT values, and an independently accumulated dense copy. */
function kktSystem(seed: number, d: KktDescription = randomKkt(seededRandom(seed)), numbered = true) {
  const rand = seededRandom(seed + 7);
  const size = [...d.bodies.map((b) => b.size), ...d.joints.map((j) => j.rows)].reduce((s, x) => s + x, 0);
  const structure = kktBlockStructure(d, numbered ? permutation(rand, size) : undefined);
  const matrix = new BlockSparseMatrix(structure);
  const dense = new Float64Array(size * size);
  const fill = (r: () => number) => {
    matrix.zero();
    dense.fill(0);
    assembleKkt(r, d, structure, (i, j, v) => { matrix.add(i, j, v); dense[i * size + j] += v; });
  };
  fill(rand);
  return { d, structure, matrix, dense, size, refill: (s: number) => fill(seededRandom(s)) };
}

function denseSolution(n: number, a: Float64Array, b: Float64Array): Float64Array {
  const lu = a.slice(), piv = new Int32Array(n), x = b.slice();
  expect(luFactor(n, lu, piv), 'dense reference singular').toBe(-1);
  luSolve(n, lu, piv, x);
  return x;
}

function sparseSolution(lu: BlockSparseLu, b: Float64Array): Float64Array {
  const x = b.slice();
  lu.solve(x);
  return x;
}

/** Structural elimination on a boolean block matrix in the given order: the filled pattern, independently. */
function filledPattern(nb: number, pairs: readonly (readonly [number, number])[], order: Int32Array): boolean[][] {
  const g = Array.from({ length: nb }, () => new Array<boolean>(nb).fill(false));
  for (const [i, j] of pairs) { g[i][j] = true; g[j][i] = true; }
  const done = new Array<boolean>(nb).fill(false);
  for (const k of order) {
    done[k] = true;
    for (let i = 0; i < nb; i++) {
      if (done[i] || !g[i][k]) continue;
      for (let j = 0; j < nb; j++) if (!done[j] && j !== i && g[k][j]) { g[i][j] = true; g[j][i] = true; }
    }
  }
  return g;
}

describe('block kernels (odd sizes, offsets, untouched surroundings)', () => {
  const OFFSET = 5, PAD = 4;

  it('blockLuFactor gives P A = L U', () => {
    const rand = seededRandom(1);
    for (const n of ODD_SIZES) {
      const a = randomArray(rand, n * n);
      const buf = randomArray(rand, OFFSET + n * n + PAD);
      buf.set(a, OFFSET);
      const before = buf.slice();
      const piv = new Int32Array(n + 3);
      expect(blockLuFactor(n, buf, OFFSET, piv, 3)).toBe(-1);
      const pa = a.slice();
      for (let k = 0; k < n; k++) {
        const p = piv[3 + k];
        expect(p).toBeGreaterThanOrEqual(k);
        for (let j = 0; j < n; j++) { const t = pa[k * n + j]; pa[k * n + j] = pa[p * n + j]; pa[p * n + j] = t; }
      }
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          let s = 0;
          for (let c = 0; c <= Math.min(i, j); c++) s += (c === i ? 1 : buf[OFFSET + i * n + c]) * buf[OFFSET + c * n + j];
          expect(Math.abs(s - pa[i * n + j])).toBeLessThan(KERNEL_TOLERANCE * n);
        }
      }
      expect(buf.subarray(0, OFFSET)).toEqual(before.subarray(0, OFFSET));
      expect(buf.subarray(OFFSET + n * n)).toEqual(before.subarray(OFFSET + n * n));
    }
  });

  it('blockLuFactor reports the first zero pivot and a non-finite one', () => {
    const a = Float64Array.from([1, 2, 3, 2, 4, 6, 0, 1, 1]); // row 1 = 2 · row 0
    expect(blockLuFactor(3, a, 0, new Int32Array(3), 0)).toBe(2);
    expect(blockLuFactor(2, Float64Array.from([NaN, 1, 1, 1]), 0, new Int32Array(2), 0)).toBe(0);
  });

  it('luSolveVector solves A x = b', () => {
    const rand = seededRandom(2);
    for (const n of ODD_SIZES) {
      for (let repeat = 0; repeat < 4; repeat++) {
        const a = randomArray(rand, n * n);
        for (let i = 0; i < n; i++) a[i * n + i] += 0.5; // keeps the random block away from singular
        const lu = new Float64Array(OFFSET + n * n);
        lu.set(a, OFFSET);
        const piv = new Int32Array(n + 2);
        expect(blockLuFactor(n, lu, OFFSET, piv, 2)).toBe(-1);
        const b = randomArray(rand, n);
        const x = randomArray(rand, 7 + n + PAD);
        x.set(b, 7);
        const before = x.slice();
        luSolveVector(n, lu, OFFSET, piv, 2, x, 7);
        for (let i = 0; i < n; i++) {
          let s = 0;
          for (let c = 0; c < n; c++) s += a[i * n + c] * x[7 + c];
          expect(Math.abs(s - b[i])).toBeLessThan(1e-10);
        }
        expect(x.subarray(0, 7)).toEqual(before.subarray(0, 7));
        expect(x.subarray(7 + n)).toEqual(before.subarray(7 + n));
      }
    }
  });

  it('subtractGatheredRows matches a naive loop over the gathered rows', () => {
    const rand = seededRandom(3);
    for (const n of ODD_SIZES) {
      for (const rows of [1, 2, 3, 5, 8]) {
        for (const count of [0, 1, 2, 3, 4, 5, rows]) {
          if (count > rows) continue;
          const src = randomArray(rand, 1 + rows * n), f = randomArray(rand, 3 + count);
          const index = Int32Array.from({ length: 2 + count }, () => Math.floor(rand() * rows));
          const y = randomArray(rand, 2 + n + PAD), expected = y.slice();
          for (let j = 0; j < n; j++) for (let c = 0; c < count; c++) expected[2 + j] -= f[3 + c] * src[1 + index[2 + c] * n + j];
          subtractGatheredRows(n, count, f, 3, index, 2, src, 1, y, 2);
          expect(relativeDifference(y, expected, 1)).toBeLessThan(KERNEL_TOLERANCE);
        }
      }
    }
  });
});

describe('BlockSparseMatrix', () => {
  it('add in global indices lands where toDense says, for non-contiguous blocks', () => {
    for (const seed of SEEDS.slice(0, 10)) {
      const { matrix, dense } = kktSystem(seed);
      expect(matrix.toDense()).toEqual(dense);
      expect(matrix.hasStrayEntries()).toBe(false);
    }
  });

  it('contains, offsetOf and addChecked know the declared pattern; a stray add() corrupts nothing', () => {
    const structure: BlockStructure = { blockIndices: [[4, 0], [2], [1, 3]], coupled: [[0, 1]], zeroDiagonal: [false, false, true] };
    const m = new BlockSparseMatrix(structure);
    expect(m.size).toBe(5);
    expect(m.contains(4, 2)).toBe(true); // blocks (0, 1)
    expect(m.contains(2, 0)).toBe(true); // blocks (1, 0)
    expect(m.contains(1, 3)).toBe(true); // diagonal block of a zero-diagonal block is stored
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
    const structure: BlockStructure = { blockIndices: [[0, 1, 2, 3], [5, 4], [6]], coupled: [[0, 1], [0, 2]], zeroDiagonal: [false, false, false] };
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

  it('rejects malformed structures', () => {
    expect(() => new BlockSparseMatrix({ blockIndices: [[0, 1], [1]], coupled: [], zeroDiagonal: [false, false] })).toThrow(/index 1/);
    expect(() => new BlockSparseMatrix({ blockIndices: [[0], [2]], coupled: [], zeroDiagonal: [false, false] })).toThrow(/outside/);
    expect(() => new BlockSparseMatrix({ blockIndices: [[0], [1]], coupled: [[1, 1]], zeroDiagonal: [false, false] })).toThrow(/distinct/);
    expect(() => new BlockSparseMatrix({ blockIndices: [[0], [1]], coupled: [], zeroDiagonal: [false] })).toThrow(/zeroDiagonal/);
    expect(() => new BlockSparseMatrix({ blockIndices: [[0], []], coupled: [], zeroDiagonal: [false, false] })).toThrow(/empty/);
  });
});

describe('block minimum-degree ordering', () => {
  it.each(['allNeighbours', 'anyNeighbour'] as MultiplierRule[])('%s: a permutation, multipliers held back, fill = structural elimination', (rule) => {
    for (const seed of SEEDS) {
      const { matrix, structure } = kktSystem(seed);
      const nb = matrix.blockCount;
      const { order, position, later, fill } = minimumDegreeBlockOrder(matrix.blockSize, matrix.neighbours, matrix.zeroDiagonal, rule);
      expect([...order].sort((a, b) => a - b)).toEqual([...Array(nb).keys()]);
      for (let b = 0; b < nb; b++) {
        expect(position[order[b]]).toBe(b);
        if (!structure.zeroDiagonal[b]) continue;
        const before = [...matrix.neighbours[b]].filter((j) => !structure.zeroDiagonal[j]).map((j) => position[j] < position[b]);
        expect(rule === 'allNeighbours' ? before.every(Boolean) : before.some(Boolean), `block ${b}, seed ${seed}`).toBe(true);
      }
      const filled = filledPattern(nb, structure.coupled, order);
      const declared = filledPattern(nb, structure.coupled, new Int32Array(0));
      for (let i = 0; i < nb; i++) {
        const expectedLater = [...Array(nb).keys()].filter((j) => filled[i][j] && position[j] > position[i]).sort((a, b) => position[a] - position[b]);
        expect([...later[i]]).toEqual(expectedLater);
      }
      const expectedFill = [];
      for (let i = 0; i < nb; i++) for (let j = i + 1; j < nb; j++) if (filled[i][j] && !declared[i][j]) expectedFill.push([i, j]);
      expect([...fill].map(([i, j]) => [i, j]).sort((p, q) => p[0] - q[0] || p[1] - q[1])).toEqual(expectedFill);
      expect(minimumDegreeBlockOrder(matrix.blockSize, matrix.neighbours, matrix.zeroDiagonal, rule).order).toEqual(order);
    }
  });
});

describe('BlockSparseLu on KKT-like systems', () => {
  it('solves random structures like dense LU, twice with the same factors, and again after new values', () => {
    let worst = 0;
    for (const seed of SEEDS) {
      const sys = kktSystem(seed);
      const lu = new BlockSparseLu(sys.matrix);
      const rand = seededRandom(seed + 99);
      for (let round = 0; round < 2; round++) {
        if (round > 0) sys.refill(seed + 500);
        expect(lu.factor(), `seed ${seed}`).toBe(-1);
        expect(lu.smallestPivotRatio).toBeGreaterThan(HEALTHY_PIVOT_RATIO);
        for (let rhs = 0; rhs < 2; rhs++) {
          const b = randomArray(rand, sys.size);
          const difference = relativeDifference(sparseSolution(lu, b), denseSolution(sys.size, sys.dense, b));
          worst = Math.max(worst, difference);
          expect(difference, `seed ${seed} round ${round}`).toBeLessThan(SOLUTION_TOLERANCE);
        }
      }
    }
    expect(worst).toBeGreaterThan(0); // the comparison compared something
  });

  it('a chain grounded at both ends fills in and still solves', () => {
    const bodies: KktBody[] = [{ kind: 'euler', size: 8 }, { kind: 'plain', size: 5 }, { kind: 'euler', size: 8 }, { kind: 'plain', size: 3 }, { kind: 'euler', size: 8 }];
    const joints: KktJoint[] = [{ rows: 3, bodies: [0] }, ...[0, 1, 2, 3].map((i) => ({ rows: 2, bodies: [i, i + 1] })), { rows: 2, bodies: [4] }];
    const stiffness = [0, 1, 2, 3].map((i) => [i, i + 1] as const);
    const sys = kktSystem(7, { bodies, joints, stiffness });
    const lu = new BlockSparseLu(sys.matrix);
    expect(lu.fillBlocks).toBeGreaterThan(0);
    expect(lu.entryCount).toBeGreaterThan(sys.matrix.entryCount);
    expect(lu.factor()).toBe(-1);
    const b = randomArray(seededRandom(8), sys.size);
    expect(relativeDifference(sparseSolution(lu, b), denseSolution(sys.size, sys.dense, b))).toBeLessThan(SOLUTION_TOLERANCE);
  });

  it('reports the singular block (caller numbering), refuses to solve, and recovers after new values', () => {
    const sys = kktSystem(11, {
      bodies: [{ kind: 'euler', size: 8 }, { kind: 'plain', size: 4 }],
      joints: [{ rows: 3, bodies: [0, 1] }, { rows: 2, bodies: [1] }],
      stiffness: [[0, 1]],
    }, false);
    const lu = new BlockSparseLu(sys.matrix);
    expect(lu.factor()).toBe(-1);
    const jointRows = sys.structure.blockIndices[3];
    const bodyRow = sys.structure.blockIndices[1][2];

    // joint 1 (block 3) with all couplings zero: its Schur diagonal stays exactly zero
    for (const r of jointRows) {
      for (let c = 0; c < sys.size; c++) {
        for (const off of [sys.matrix.offsetOf(r, c), sys.matrix.offsetOf(c, r)]) if (off >= 0) sys.matrix.values[off] = 0;
      }
    }
    expect(lu.factor()).toBe(3);
    expect(lu.smallestPivotBlock).toBe(3);
    expect(() => lu.solve(new Float64Array(sys.size))).toThrow(/factor/);

    // a zero row in body block 1
    sys.refill(12);
    for (let c = 0; c < sys.size; c++) { const off = sys.matrix.offsetOf(bodyRow, c); if (off >= 0) sys.matrix.values[off] = 0; }
    expect(lu.factor()).toBe(1);

    // a NaN on a diagonal
    sys.refill(12);
    sys.matrix.add(bodyRow, bodyRow, NaN);
    expect(lu.factor()).toBeGreaterThanOrEqual(0);

    sys.refill(13);
    expect(lu.factor()).toBe(-1);
    const b = randomArray(seededRandom(14), sys.size);
    expect(relativeDifference(sparseSolution(lu, b), denseSolution(sys.size, sys.dense, b))).toBeLessThan(SOLUTION_TOLERANCE);
  });

  it('zero() leaves an all-zero matrix that factor() reports at the first block eliminated', () => {
    const sys = kktSystem(21);
    const lu = new BlockSparseLu(sys.matrix);
    expect(lu.factor()).toBe(-1);
    sys.matrix.zero();
    expect(sys.matrix.toDense().every((v) => v === 0)).toBe(true);
    expect(lu.factor()).toBe(lu.order[0]);
  });
});

describe('the V8 crank pattern (17 Euler bodies, 25 joints)', () => {
  const d = v8CrankKkt();

  it('has the size of the model and solves like dense LU at a small fraction of its flops', () => {
    const sys = kktSystem(31, d);
    expect(sys.size).toBe(237);
    expect(sys.matrix.blockCount).toBe(42);
    const lu = new BlockSparseLu(sys.matrix);
    expect(lu.factor()).toBe(-1);
    expect(lu.smallestPivotRatio).toBeGreaterThan(HEALTHY_PIVOT_RATIO);
    expect(lu.factorFlops).toBeLessThan(((2 / 3) * sys.size ** 3) / 20);
    for (const seed of [32, 33]) {
      const b = randomArray(seededRandom(seed), sys.size);
      expect(relativeDifference(sparseSolution(lu, b), denseSolution(sys.size, sys.dense, b))).toBeLessThan(SOLUTION_TOLERANCE);
    }
  });

  it("'anyNeighbour' eliminates a joint on too few freedoms there: a round-off pivot that factor() cannot see", () => {
    const sys = kktSystem(31, d);
    const lu = new BlockSparseLu(sys.matrix, 'anyNeighbour');
    expect(lu.factor()).toBe(-1);
    expect(lu.smallestPivotRatio).toBeLessThan(SINGULAR_PIVOT_RATIO);
  });
});
