/** Shared helpers for solver tests: a seeded PRNG and small vector utilities. */

/** mulberry32: a tiny seeded PRNG so every random test is reproducible. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
