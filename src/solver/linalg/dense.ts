/**
 * Dense LU factorisation with partial pivoting on row-major Float64Arrays, in place, BLAS style.
 * Enough for the small Newton systems of one or two bodies; the V8 crank gets a sparse solver.
 */

/**
 * Factorises the n×n row-major matrix a (leading dimension n) in place into L U with row pivots.
 * Returns the index of the first zero pivot (singular matrix), or −1 on success.
 * @example const piv = new Int32Array(n); if (luFactor(n, a, piv) >= 0) fail('singular');
 */
export function luFactor(n: number, a: Float64Array, piv: Int32Array): number {
  for (let k = 0; k < n; k++) {
    let p = k;
    let max = Math.abs(a[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]);
      if (v > max) { max = v; p = i; }
    }
    piv[k] = p;
    if (max === 0 || !Number.isFinite(max)) return k;
    if (p !== k) {
      const rk = k * n, rp = p * n;
      for (let j = 0; j < n; j++) { const t = a[rk + j]; a[rk + j] = a[rp + j]; a[rp + j] = t; }
    }
    const rk = k * n;
    const inv = 1 / a[rk + k];
    for (let i = k + 1; i < n; i++) {
      const ri = i * n;
      const f = a[ri + k] * inv;
      if (f === 0) { a[ri + k] = 0; continue; }
      a[ri + k] = f;
      for (let j = k + 1; j < n; j++) a[ri + j] -= f * a[rk + j];
    }
  }
  return -1;
}

/**
 * Solves A x = b in place (b becomes x) with the factors from luFactor.
 * @example luSolve(n, a, piv, rhs) // rhs now holds the solution
 */
export function luSolve(n: number, a: Float64Array, piv: Int32Array, b: Float64Array): void {
  for (let k = 0; k < n; k++) {
    const p = piv[k];
    if (p !== k) { const t = b[k]; b[k] = b[p]; b[p] = t; }
  }
  for (let i = 1; i < n; i++) {
    const ri = i * n;
    let s = b[i];
    for (let j = 0; j < i; j++) s -= a[ri + j] * b[j];
    b[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    const ri = i * n;
    let s = b[i];
    for (let j = i + 1; j < n; j++) s -= a[ri + j] * b[j];
    b[i] = s / a[ri + i];
  }
}

/** Max-norm of x[offset .. offset+n); NaN if any entry is NaN. */
export function maxAbs(n: number, x: Float64Array, offset = 0): number {
  let m = 0;
  for (let i = 0; i < n; i++) {
    const v = Math.abs(x[offset + i]);
    if (!(v <= m)) {
      if (v !== v) return NaN;
      m = v;
    }
  }
  return m;
}
