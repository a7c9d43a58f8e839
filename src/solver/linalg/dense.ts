/**
 * Dense LU factorisation with partial pivoting on row-major Float64Arrays, in place, BLAS style.
 * For the small systems of consistent initial states and redundancy checks; Newton matrices go to the sparse LU
 * (sparseLu.ts). Pivots are LAPACK-style sequential row swaps: piv[k] is the row swapped with row k at step k.
 */

/**
 * Factorises the n×n row-major matrix a (leading dimension n) in place into P A = L U (unit L below the
 * diagonal, U on and above). Returns the index of the first zero or non-finite pivot (singular matrix), or −1.
 * @example const piv = new Int32Array(n); if (luFactor(n, a, piv) >= 0) fail('singular');
 */
export function luFactor(n: number, a: Float64Array, piv: Int32Array): number {
  for (let k = 0; k < n; k++) {
    const rk = k * n;
    let p = k;
    let max = Math.abs(a[rk + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]);
      if (v > max) { max = v; p = i; }
    }
    piv[k] = p;
    if (max === 0 || !(max < Infinity)) return k;
    if (p !== k) {
      const rp = p * n;
      for (let j = 0; j < n; j++) { const t = a[rk + j]; a[rk + j] = a[rp + j]; a[rp + j] = t; }
    }
    const inv = 1 / a[rk + k];
    for (let i = k + 1; i < n; i++) {
      const ri = i * n;
      const f = a[ri + k] * inv;
      a[ri + k] = f;
      if (f === 0) continue;
      for (let j = k + 1; j < n; j++) a[ri + j] -= f * a[rk + j];
    }
  }
  return -1;
}

/**
 * Solves A x = b in place (b becomes x) with the factors from luFactor: x = U⁻¹ L⁻¹ P b.
 * @example luSolve(n, a, piv, rhs) // rhs now holds the solution
 */
export function luSolve(n: number, a: Float64Array, piv: Int32Array, b: Float64Array): void {
  for (let k = 0; k < n; k++) {
    const p = piv[k];
    if (p !== k) { const t = b[k]; b[k] = b[p]; b[p] = t; }
  }
  for (let i = 1; i < n; i++) {
    const li = i * n;
    let s = b[i];
    for (let c = 0; c < i; c++) s -= a[li + c] * b[c];
    b[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    const ui = i * n;
    let s = b[i];
    for (let j = i + 1; j < n; j++) s -= a[ui + j] * b[j];
    b[i] = s / a[ui + i];
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

/**
 * dst[0..n) = src[0..n). A plain loop: for the short vectors of a time step it is several times cheaper than
 * the TypedArray `set` builtin's call (measured on the heavy top, n = 7).
 */
export function copyVector(n: number, src: Float64Array, dst: Float64Array): void {
  for (let i = 0; i < n; i++) dst[i] = src[i];
}

/** x[from .. to) = 0, as a plain loop (see copyVector). */
export function zeroRange(x: Float64Array, from: number, to: number): void {
  for (let i = from; i < to; i++) x[i] = 0;
}
