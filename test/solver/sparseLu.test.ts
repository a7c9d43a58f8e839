/**
 * The sparse LU (src/solver/linalg/sparseLu.ts, markowitz.ts) against the dense LU of dense.ts: random sparse
 * matrices of odd sizes, KKT systems with zero diagonal blocks, Newton matrices captured from real runs (V8 crank,
 * heavy top); its counts against an independent symbolic elimination; both re-analysis paths (an entry outside the
 * pattern becomes nonzero, a static pivot degrades); singular and non-finite matrices reported by factor() false.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { BlockSparseMatrix, type BlockStructure } from '../../src/solver/linalg/blockSparse';
import { FLUSH_BELOW, REFACTOR_THRESHOLD, SparseLu } from '../../src/solver/linalg/sparseLu';
import { relativeDifference, seededRandom } from './helpers';
import { denseSolution, kktSystem, relativeResidual } from './kktSystems';
import { BENCH_RUNS, captureNewtonMatrices, v8CrankKkt, type CapturedMatrix } from '../../bench/sparseLu';

/** Backward error of a solve, ‖Ax − b‖ / (‖A‖‖x‖ + ‖b‖): a few units of round-off for a stable factorisation. */
const RESIDUAL_TOLERANCE = 1e-14;
/**
 * The same after unrelated new values on the old pivots: the refactorisation accepts pivots down to
 * REFACTOR_THRESHOLD of their row (a hundredth of the analysis' threshold), so the growth, and with it the backward
 * error, may be larger (measured: at most 6e-14 over 200 random KKT systems, 6e-16 freshly analysed; 5.3e-13 on one of
 * the heavy top's ≈ 370 matrices captured over its first 3000 steps while it refactorised after every step that
 * needed more than one Newton correction).
 */
const REFACTOR_RESIDUAL_TOLERANCE = 1e-12;
/** Sparse vs dense solution relative to ‖x‖∞ on the well-conditioned random systems (both backward stable). */
const SOLUTION_TOLERANCE = 1e-10;
const ODD_SIZES = [1, 2, 3, 5, 7, 11, 17, 31, 53];

const randomArray = (rand: () => number, n: number) => Float64Array.from({ length: n }, () => 2 * rand() - 1);

/** Every unknown its own block: the storage declares exactly `pattern` (and the diagonal). */
function scalarStructure(n: number, pattern: readonly (readonly [number, number])[]): BlockStructure {
  return { blockIndices: Array.from({ length: n }, (_, i) => [i]), coupled: pattern.filter(([i, j]) => i !== j) };
}

/**
 * A random unsymmetric sparse n×n matrix, nonsingular by construction: a permuted dominant "diagonal" (row i,
 * column perm[i]) plus `density` · n² random entries; the true diagonal is often structurally zero.
 */
function randomSparse(rand: () => number, n: number, density: number) {
  const perm = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [perm[i], perm[j]] = [perm[j], perm[i]]; }
  const dense = new Float64Array(n * n);
  for (let i = 0; i < n; i++) dense[i * n + perm[i]] = (rand() < 0.5 ? -1 : 1) * (4 + rand());
  for (let e = 0; e < density * n * n; e++) dense[Math.floor(rand() * n) * n + Math.floor(rand() * n)] += 2 * rand() - 1;
  const pattern: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (dense[i * n + j] !== 0) pattern.push([i, j]);
  return { dense, matrix: loaded(new BlockSparseMatrix(scalarStructure(n, pattern)), n, dense) };
}

/** Assembles the dense row-major values into `m` (zero() first). */
function loaded(m: BlockSparseMatrix, n: number, dense: Float64Array): BlockSparseMatrix {
  m.zero();
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (dense[i * n + j] !== 0) m.add(i, j, dense[i * n + j]);
  return m;
}

function solved(lu: SparseLu, b: Float64Array): Float64Array {
  const x = b.slice();
  lu.solve(x);
  return x;
}

/** Stored entries of L+U and multiply-adds of the elimination in the given pivot order, by dense boolean elimination. */
function symbolicCounts(n: number, dense: Float64Array, rows: Int32Array, cols: Int32Array): { entries: number; multiplyAdds: number } {
  const nz = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => dense[rows[i] * n + cols[j]] !== 0));
  let entries = 0, multiplyAdds = 0;
  for (let k = 0; k < n; k++) {
    let lower = 0, upper = 0;
    for (let i = k + 1; i < n; i++) if (nz[i][k]) lower++;
    for (let j = k + 1; j < n; j++) if (nz[k][j]) upper++;
    entries += 1 + lower + upper;
    multiplyAdds += lower * upper;
    for (let i = k + 1; i < n; i++) if (nz[i][k]) for (let j = k + 1; j < n; j++) if (nz[k][j]) nz[i][j] = true;
  }
  return { entries, multiplyAdds };
}

describe('sparse LU on random sparse matrices of odd sizes', () => {
  it('solves like the dense LU with a round-off residual; counts equal a symbolic elimination in its order', () => {
    const rand = seededRandom(41);
    for (const n of ODD_SIZES) {
      for (const density of [0.05, 0.2, 0.6]) {
        const { dense, matrix } = randomSparse(rand, n, density);
        const lu = new SparseLu(matrix);
        expect(lu.factor(), `n ${n} density ${density}`).toBe(true);
        const b = randomArray(rand, n);
        const x = solved(lu, b);
        expect(relativeResidual(n, dense, x, b)).toBeLessThan(RESIDUAL_TOLERANCE);
        expect(relativeDifference(x, denseSolution(n, dense, b)!)).toBeLessThan(SOLUTION_TOLERANCE);
        const order = lu.pivotOrder!;
        expect([...order.rows].sort((p, q) => p - q)).toEqual([...Array(n).keys()]);
        expect([...order.cols].sort((p, q) => p - q)).toEqual([...Array(n).keys()]);
        const { entries, multiplyAdds } = symbolicCounts(n, dense, order.rows, order.cols);
        expect(lu.counts.factorEntries).toBe(entries);
        expect(lu.counts.factorMultiplyAdds).toBe(multiplyAdds);
        expect(lu.counts.solveMultiplyAdds).toBe(entries - n);
        expect(lu.counts.patternEntries).toBe(dense.filter((v) => v !== 0).length);
      }
    }
  });

  it('the same matrix gets the same pivot order (the analysis is a function of the values)', () => {
    const { dense, matrix } = randomSparse(seededRandom(5), 31, 0.2);
    const first = new SparseLu(matrix);
    expect(first.factor()).toBe(true);
    const again = new SparseLu(loaded(new BlockSparseMatrix(scalarStructure(31, [...Array(31 * 31).keys()].filter((p) => dense[p] !== 0).map((p) => [Math.floor(p / 31), p % 31] as const))), 31, dense));
    expect(again.factor()).toBe(true);
    expect(again.pivotOrder).toEqual(first.pivotOrder);
  });

  it('a matrix that needs off-diagonal pivots (zero diagonal) and a 1×1 matrix', () => {
    const n = 3, dense = Float64Array.from([0, 2, 0, 0, 0, 3, 5, 0, 0]);
    const lu = new SparseLu(loaded(new BlockSparseMatrix(scalarStructure(n, [[0, 1], [1, 2], [2, 0]])), n, dense));
    expect(lu.factor()).toBe(true);
    expect(Array.from(solved(lu, Float64Array.from([2, 3, 5])))).toEqual([1, 1, 1]);
    const one = new SparseLu(loaded(new BlockSparseMatrix(scalarStructure(1, [])), 1, Float64Array.of(-4)));
    expect(one.factor()).toBe(true);
    expect(Array.from(solved(one, Float64Array.of(2)))).toEqual([-0.5]);
  });
});

describe('sparse LU on KKT systems with zero diagonal blocks', () => {
  it('random structures: like dense LU, twice with the same factors, and again after new values', () => {
    let worst = 0;
    for (let seed = 1000; seed < 1040; seed++) {
      const sys = kktSystem(seed);
      const lu = new SparseLu(sys.matrix);
      const rand = seededRandom(seed + 99);
      for (let round = 0; round < 2; round++) {
        if (round > 0) sys.refill(seed + 500);
        expect(lu.factor(), `seed ${seed}`).toBe(true);
        for (let rhs = 0; rhs < 2; rhs++) {
          const b = randomArray(rand, sys.size);
          const x = solved(lu, b);
          expect(relativeResidual(sys.size, sys.dense, x, b), `seed ${seed} round ${round}`)
            .toBeLessThan(round === 0 ? RESIDUAL_TOLERANCE : REFACTOR_RESIDUAL_TOLERANCE);
          const difference = relativeDifference(x, denseSolution(sys.size, sys.dense, b)!);
          worst = Math.max(worst, difference);
          expect(difference, `seed ${seed} round ${round}`).toBeLessThan(SOLUTION_TOLERANCE);
        }
      }
    }
    expect(worst).toBeGreaterThan(0); // the comparison compared something
  });

  it('the V8 crank pattern with random values (every declared entry nonzero): far fewer multiply-adds than dense LU', () => {
    const sys = kktSystem(31, v8CrankKkt());
    expect(sys.size).toBe(237);
    const lu = new SparseLu(sys.matrix);
    expect(lu.factor()).toBe(true);
    expect(lu.counts.factorMultiplyAdds).toBeLessThan((sys.size ** 3 / 3) / 100);
    for (const seed of [32, 33]) {
      const b = randomArray(seededRandom(seed), sys.size);
      expect(relativeResidual(sys.size, sys.dense, solved(lu, b), b)).toBeLessThan(RESIDUAL_TOLERANCE);
    }
  });
});

describe('sparse LU on Newton matrices captured from runs', () => {
  const captured: Record<string, CapturedMatrix[]> = {};
  beforeAll(() => {
    // V8: the first 0.4 s (refactorisations are rare early on: every one of them); heavy top: 3000 steps.
    captured.v8 = captureNewtonMatrices(BENCH_RUNS.v8.model(), BENCH_RUNS.v8.settings, 4000);
    captured.heavyTop = captureNewtonMatrices(BENCH_RUNS.heavyTop.model(), BENCH_RUNS.heavyTop.settings, 3000);
  }, 60_000);

  it.each(['v8', 'heavyTop'])('%s: every captured matrix, refactorised on the first one\'s analysis, solves with a round-off residual', (name) => {
    const list = captured[name];
    expect(list.length).toBeGreaterThanOrEqual(2);
    const matrix = new BlockSparseMatrix(list[0].structure);
    const lu = new SparseLu(matrix);
    const rand = seededRandom(3);
    for (const c of list) {
      loaded(matrix, c.size, c.dense);
      expect(lu.factor(), `step ${c.step}`).toBe(true);
      const b = randomArray(rand, c.size);
      const x = solved(lu, b);
      // The first matrix is analysed on its own values; the later ones are refactorised on its pivots.
      expect(relativeResidual(c.size, c.dense, x, b), `step ${c.step}`).toBeLessThan(c === list[0] ? RESIDUAL_TOLERANCE : REFACTOR_RESIDUAL_TOLERANCE);
    }
    // Fewer entries than the declared blocks hold: the analysis sees the structural zeros of the joints and bodies.
    expect(lu.counts.patternEntries).toBeLessThan(matrix.entryCount / 2);
  });

  it.each(['v8', 'heavyTop'])('%s: the solve written as a program gives the loop kernel\'s bits (negated, flushed, NaN)', (name) => {
    const list = captured[name];
    const loop = new BlockSparseMatrix(list[0].structure), written = new BlockSparseMatrix(list[0].structure);
    const byLoop = new SparseLu(loop, undefined, Infinity), byProgram = new SparseLu(written, undefined, 1);
    const rand = seededRandom(5);
    const bits = (v: Float64Array) => Array.from(new BigUint64Array(Float64Array.from(v, (x) => (x !== x ? NaN : x)).buffer));
    for (const c of list) {
      loaded(loop, c.size, c.dense);
      loaded(written, c.size, c.dense);
      expect(byLoop.factor()).toBe(true);
      expect(byProgram.factor()).toBe(true);
      const b = randomArray(rand, c.size).map((v, i) => (i % 5 === 0 ? v * 1e-152 : v));
      for (const negate of [false, true]) {
        const x = b.slice(), y = b.slice();
        byLoop.solve(x, negate);
        byProgram.solve(y, negate);
        expect(byProgram.solvesByProgram, `step ${c.step}`).toBe(true);
        expect(bits(y), `step ${c.step}, negate ${negate}`).toEqual(bits(x));
      }
      const withNaN = b.slice();
      withNaN[c.size >> 1] = NaN;
      const x = withNaN.slice(), y = withNaN.slice();
      byLoop.solve(x);
      byProgram.solve(y);
      expect(bits(y)).toEqual(bits(x));
    }
    expect(byLoop.solvesByProgram).toBe(false);
  });

  it('the V8 matrix needs a small fraction of the dense LU\'s work and storage', () => {
    const c = captured.v8.at(-1)!;
    const lu = new SparseLu(loaded(new BlockSparseMatrix(c.structure), c.size, c.dense));
    expect(lu.factor()).toBe(true);
    const { factorEntries, factorMultiplyAdds } = lu.counts;
    expect(factorEntries).toBeLessThan(c.size ** 2 / 20);
    expect(factorMultiplyAdds).toBeLessThan(c.size ** 3 / 3 / 1000);
  });
});

describe('re-analysis', () => {
  it('an entry outside the pattern that becomes nonzero widens the pattern and re-analyses', () => {
    const n = 4;
    const structure = scalarStructure(n, [[0, 1], [1, 2], [2, 3], [0, 3]]);
    const first = Float64Array.from([4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4, 1, 0, 0, 1, 4]); // (0, 3), (3, 0) declared, zero
    const matrix = loaded(new BlockSparseMatrix(structure), n, first);
    const lu = new SparseLu(matrix);
    expect(lu.factor()).toBe(true);
    expect(lu.counts.patternEntries).toBe(10);
    const second = first.slice();
    second[0 * n + 3] = 2;
    loaded(matrix, n, second);
    expect(lu.factor()).toBe(true);
    expect([lu.analyses, lu.patternGrowths, lu.pivotDegradations]).toEqual([2, 1, 0]);
    expect(lu.counts.patternEntries).toBe(11);
    const b = Float64Array.from([1, 2, 3, 4]);
    expect(relativeResidual(n, second, solved(lu, b), b)).toBeLessThan(RESIDUAL_TOLERANCE);
    // Zero again: the pattern keeps the entry, no further analysis.
    loaded(matrix, n, first);
    expect(lu.factor()).toBe(true);
    expect(lu.analyses).toBe(2);
  });

  it('every outside entry is watched: one becoming nonzero re-analyses, −0 does not, a NaN fails', () => {
    const n = 9;
    const full = scalarStructure(n, [...Array(n * n).keys()].map((p) => [Math.floor(p / n), p % n] as const));
    const band = Float64Array.from({ length: n * n }, (_, p) => (Math.abs(Math.floor(p / n) - (p % n)) <= 1 ? (p % 7) + 1 : 0));
    for (let i = 0; i < n; i++) band[i * n + i] += 4 * n;
    const outside = [...band.keys()].filter((p) => band[p] === 0);
    const run = (p: number, v: number) => {
      const matrix = loaded(new BlockSparseMatrix(full), n, band);
      const lu = new SparseLu(matrix);
      expect(lu.factor()).toBe(true);
      loaded(matrix, n, band);
      matrix.values[matrix.offsetOf(Math.floor(p / n), p % n)] = v;
      return { ok: lu.factor(), analyses: lu.analyses, growths: lu.patternGrowths };
    };
    for (const p of outside) {
      expect(run(p, 1e-300), `entry ${p}`).toEqual({ ok: true, analyses: 2, growths: 1 });
      expect(run(p, -0), `entry ${p}`).toEqual({ ok: true, analyses: 1, growths: 0 });
      expect(run(p, NaN).ok, `entry ${p}`).toBe(false);
    }
  });

  it.each([Infinity, 1])('a static pivot that falls below the refactorisation threshold of its row is replaced by a new analysis (the solve a program after %s solves)', (programAfterSolves) => {
    const rand = seededRandom(77);
    for (const n of [2, 5, 9]) {
      const dense = Float64Array.from({ length: n * n }, () => 2 * rand() - 1);
      for (let i = 0; i < n; i++) dense[i * n + i] += n;
      const pattern = [...Array(n * n).keys()].map((p) => [Math.floor(p / n), p % n] as const);
      const matrix = loaded(new BlockSparseMatrix(scalarStructure(n, pattern)), n, dense);
      const lu = new SparseLu(matrix, undefined, programAfterSolves);
      expect(lu.factor()).toBe(true);
      solved(lu, randomArray(rand, n));
      expect(lu.solvesByProgram).toBe(programAfterSolves === 1);
      const { rows, cols } = lu.pivotOrder!;
      // The first pivot shrinks to far below REFACTOR_THRESHOLD of its row (whose other entries stay): the old
      // order would divide by it.
      const changed = dense.slice();
      changed[rows[0] * n + cols[0]] *= 1e-3 * REFACTOR_THRESHOLD;
      loaded(matrix, n, changed);
      expect(lu.factor(), `n ${n}`).toBe(true);
      expect([lu.analyses, lu.pivotDegradations]).toEqual([2, 1]);
      expect(lu.pivotOrder!.rows[0] !== rows[0] || lu.pivotOrder!.cols[0] !== cols[0]).toBe(true);
      const b = randomArray(rand, n);
      const x = solved(lu, b);
      expect(relativeResidual(n, changed, x, b)).toBeLessThan(RESIDUAL_TOLERANCE);
      expect(relativeDifference(x, denseSolution(n, changed, b)!)).toBeLessThan(SOLUTION_TOLERANCE);
    }
  });
});

describe('re-analysis to an earlier pivot order', () => {
  it.each([Infinity, 1])('reuses that analysis (plan and, once written, its program) with the solutions of a fresh one, bit for bit (the solve a program after %s solves)', (programAfterSolves) => {
    // Each matrix makes the current order's first pivot degrade, and the new analysis returns to the other order.
    const n = 2, small = 1e-3 * REFACTOR_THRESHOLD;
    const diagonalFirst = Float64Array.from([4, 1, 1, 4]);
    const matrices = [diagonalFirst, Float64Array.from([small, 1, 1, 4]), Float64Array.from([4, 1, small, 4]), Float64Array.from([small, 1, 1, 4])];
    const matrix = loaded(new BlockSparseMatrix(scalarStructure(n, [[0, 1]])), n, diagonalFirst);
    const lu = new SparseLu(matrix, undefined, programAfterSolves);
    const orders: string[] = [];
    const b = Float64Array.from([1, -2]);
    for (const dense of matrices) {
      loaded(matrix, n, dense);
      expect(lu.factor()).toBe(true);
      orders.push(JSON.stringify(lu.pivotOrder));
      const x = solved(lu, b);
      const fresh = new SparseLu(loaded(new BlockSparseMatrix(scalarStructure(n, [[0, 1]])), n, dense), undefined, programAfterSolves);
      expect(fresh.factor()).toBe(true);
      expect(fresh.pivotOrder).toEqual(lu.pivotOrder);
      const y = solved(fresh, b);
      expect([...x].map((v, i) => Object.is(v, y[i]))).toEqual([true, true]);
      expect(relativeResidual(n, dense, x, b)).toBeLessThan(RESIDUAL_TOLERANCE);
    }
    // Orders A, B, A, B: the last two analyses found their orders kept.
    expect(new Set(orders).size).toBe(2);
    expect([orders[0] === orders[2], orders[1] === orders[3]]).toEqual([true, true]);
    expect([lu.analyses, lu.pivotDegradations, lu.reusedAnalyses]).toEqual([4, 3, 2]);
    expect(lu.solvesByProgram).toBe(programAfterSolves === 1);
  });
});

describe('singular and non-finite matrices: factor() false, never a NaN solution', () => {
  const n = 5;
  const good = () => {
    const rand = seededRandom(9);
    const a = Float64Array.from({ length: n * n }, () => 2 * rand() - 1);
    for (let i = 0; i < n; i++) a[i * n + i] += 4;
    return a;
  };
  const full = scalarStructure(n, [...Array(n * n).keys()].map((p) => [Math.floor(p / n), p % n] as const));

  it.each([
    ['all zero', () => new Float64Array(n * n)],
    ['a zero row', () => { const a = good(); a.fill(0, 2 * n, 3 * n); return a; }],
    ['a zero column', () => { const a = good(); for (let i = 0; i < n; i++) a[i * n + 3] = 0; return a; }],
    ['two equal rows', () => { const a = good(); a.copyWithin(4 * n, n, 2 * n); return a; }],
    ['a NaN', () => { const a = good(); a[7] = NaN; return a; }],
    ['an infinity off the diagonal', () => { const a = good(); a[n * n - 2] = Infinity; return a; }],
  ] as [string, () => Float64Array][])('%s, first factorisation and refactorisation alike', (_, make) => {
    for (const analysedFirst of [false, true]) {
      const matrix = loaded(new BlockSparseMatrix(full), n, analysedFirst ? good() : make());
      const lu = new SparseLu(matrix);
      if (analysedFirst) {
        expect(lu.factor()).toBe(true);
        loaded(matrix, n, make());
      }
      expect(lu.factor()).toBe(false);
      expect(() => lu.solve(new Float64Array(n))).toThrow(/factor/);
      loaded(matrix, n, good());
      expect(lu.factor()).toBe(true);
      const b = Float64Array.from([1, 2, 3, 4, 5]);
      expect(relativeResidual(n, good(), solved(lu, b), b)).toBeLessThan(RESIDUAL_TOLERANCE);
    }
  });

  it('a KKT system with a redundant constraint row (a joint row repeated by another joint)', () => {
    const structure: BlockStructure = { blockIndices: [[0, 1, 2], [3], [4]], coupled: [[0, 1], [0, 2]] };
    const dense = Float64Array.from([
      2, 0, 0, 1, 1,
      0, 2, 0, 2, 2,
      0, 0, 2, 0, 0,
      1, 2, 0, 0, 0,
      1, 2, 0, 0, 0,
    ]);
    const lu = new SparseLu(loaded(new BlockSparseMatrix(structure), 5, dense));
    expect(lu.factor()).toBe(false);
  });
});

describe('the solve flushes round-off remnants', () => {
  it(`solution entries below ${FLUSH_BELOW} come back as exact zeros, larger ones untouched`, () => {
    const n = 3, dense = Float64Array.from([2, 0, 0, 0, 2, 0, 0, 0, 2]);
    const lu = new SparseLu(loaded(new BlockSparseMatrix(scalarStructure(n, [])), n, dense));
    expect(lu.factor()).toBe(true);
    const x = solved(lu, Float64Array.from([1e-160, -1e-155, 4 * FLUSH_BELOW]));
    expect(Array.from(x)).toEqual([0, 0, 2 * FLUSH_BELOW]);
  });
});
