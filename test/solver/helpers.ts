/** Shared helpers for solver tests: a seeded PRNG and small vector utilities. */

/** A seeded PRNG (mulberry32), so every random test is reproducible. */
export { mulberry32 as seededRandom } from '../support/prng';

export function randomUnitQuaternion(rand: () => number): Float64Array {
  const e = Float64Array.from([rand() - 0.5, rand() - 0.5, rand() - 0.5, rand() - 0.5]);
  const n = Math.hypot(...e);
  return e.map((x) => x / n);
}

export function randomVector(rand: () => number, n: number, scale = 1): Float64Array {
  return Float64Array.from({ length: n }, () => scale * (2 * rand() - 1));
}

/** Max-norm of a − b relative to max(‖a‖∞, floor). */
export function relativeDifference(a: ArrayLike<number>, b: ArrayLike<number>, floor = 1e-300): number {
  let d = 0, s = floor;
  for (let i = 0; i < a.length; i++) {
    d = Math.max(d, Math.abs(a[i] - b[i]));
    s = Math.max(s, Math.abs(a[i]));
  }
  return d / s;
}

/** Central finite-difference Jacobian of f: R^n → R^m, column-major columns returned as arrays. */
export function finiteDifferenceColumns(
  x: Float64Array, m: number, f: (x: Float64Array, out: Float64Array) => void, step = 1e-6,
): Float64Array[] {
  const cols: Float64Array[] = [];
  const fp = new Float64Array(m), fm = new Float64Array(m);
  for (let j = 0; j < x.length; j++) {
    const x0 = x[j];
    const d = step * Math.max(1, Math.abs(x0));
    x[j] = x0 + d; f(x, fp);
    x[j] = x0 - d; f(x, fm);
    x[j] = x0;
    cols.push(fp.map((v, i) => (v - fm[i]) / (2 * d)));
  }
  return cols;
}

/** Numerical rank of a row-major rows×cols matrix by Gaussian elimination with full pivoting. */
export function numericalRank(a: ArrayLike<number>, rows: number, cols: number, relTol = 1e-10): number {
  const m = Float64Array.from(a);
  let scale = 0;
  for (const v of m) scale = Math.max(scale, Math.abs(v));
  let rank = 0;
  const usedRow = new Uint8Array(rows), usedCol = new Uint8Array(cols);
  for (;;) {
    let best = 0, bi = -1, bj = -1;
    for (let i = 0; i < rows; i++) if (!usedRow[i]) for (let j = 0; j < cols; j++) {
      if (!usedCol[j] && Math.abs(m[i * cols + j]) > best) { best = Math.abs(m[i * cols + j]); bi = i; bj = j; }
    }
    if (bi < 0 || best <= relTol * scale) return rank;
    usedRow[bi] = 1; usedCol[bj] = 1; rank++;
    for (let i = 0; i < rows; i++) {
      if (usedRow[i]) continue;
      const f = m[i * cols + bj] / m[bi * cols + bj];
      for (let j = 0; j < cols; j++) m[i * cols + j] -= f * m[bi * cols + j];
    }
  }
}
