/**
 * Dense kernels for the block-sparse LU (blockSparseLu.ts), BLAS style: row-major blocks stored
 * tightly (leading dimension = number of columns) at an offset inside a larger Float64Array, in place.
 * Pivots are LAPACK-style sequential row swaps, local to the block: piv[offPiv + c] is the row swapped
 * with row c at step c.
 */

/**
 * Factorises the n×n block a[offA ..] in place into P A = L U (unit L below the diagonal, U on and
 * above) with partial pivoting inside the block. Returns the local index of the first zero or
 * non-finite pivot, or −1 on success.
 * @example if (blockLuFactor(8, lu, 64, piv, 8) >= 0) return 'singular block';
 */
export function blockLuFactor(n: number, a: Float64Array, offA: number, piv: Int32Array, offPiv: number): number {
  for (let k = 0; k < n; k++) {
    const rk = offA + k * n;
    let p = k;
    let max = Math.abs(a[rk + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[offA + i * n + k]);
      if (v > max) { max = v; p = i; }
    }
    piv[offPiv + k] = p;
    if (max === 0 || !(max < Infinity)) return k;
    if (p !== k) {
      const rp = offA + p * n;
      for (let j = 0; j < n; j++) { const t = a[rk + j]; a[rk + j] = a[rp + j]; a[rp + j] = t; }
    }
    const inv = 1 / a[rk + k];
    for (let i = k + 1; i < n; i++) {
      const ri = offA + i * n;
      const f = a[ri + k] * inv;
      a[ri + k] = f;
      if (f === 0) continue;
      for (let j = k + 1; j < n; j++) a[ri + j] -= f * a[rk + j];
    }
  }
  return -1;
}

/**
 * y ← y − Σ_{c<count} f[offF + c] · (row index[offIndex + c] of the tight n-column matrix src[offSrc ..]),
 * y = y[offY .. offY+n): a row of coefficients with its exact zeros left out costs only its nonzeros.
 * Four rows per pass, then two, then one: fewer loads and stores of y, about 1.5–2× faster in V8 than
 * one row at a time. The inner loop of the block LU's row blocks and Schur updates (blockSparseLu.ts).
 * @example subtractGatheredRows(5, 2, f, 0, rows, 0, lu, 64, lu, 200) // rows 3 and 6 of W_kj only
 */
export function subtractGatheredRows(
  n: number, count: number, f: Float64Array, offF: number, index: Int32Array, offIndex: number,
  src: Float64Array, offSrc: number, y: Float64Array, offY: number,
): void {
  let c = 0;
  for (; c + 3 < count; c += 4) {
    const f0 = f[offF + c], f1 = f[offF + c + 1], f2 = f[offF + c + 2], f3 = f[offF + c + 3];
    const r0 = offSrc + index[offIndex + c] * n, r1 = offSrc + index[offIndex + c + 1] * n;
    const r2 = offSrc + index[offIndex + c + 2] * n, r3 = offSrc + index[offIndex + c + 3] * n;
    for (let j = 0; j < n; j++) y[offY + j] -= f0 * src[r0 + j] + f1 * src[r1 + j] + f2 * src[r2 + j] + f3 * src[r3 + j];
  }
  if (c + 1 < count) {
    const f0 = f[offF + c], f1 = f[offF + c + 1];
    const r0 = offSrc + index[offIndex + c] * n, r1 = offSrc + index[offIndex + c + 1] * n;
    for (let j = 0; j < n; j++) y[offY + j] -= f0 * src[r0 + j] + f1 * src[r1 + j];
    c += 2;
  }
  if (c < count) {
    const f0 = f[offF + c], r0 = offSrc + index[offIndex + c] * n;
    for (let j = 0; j < n; j++) y[offY + j] -= f0 * src[r0 + j];
  }
}

/**
 * Applies the row swaps of blockLuFactor's pivots (piv[offPiv ..], n of them) to the n×m block b[offB ..]:
 * P B, the first part of a solve with the factors (m = 1 for a vector).
 * @example swapRows(8, 5, piv, 0, lu, 64) // P S_kj
 */
export function swapRows(n: number, m: number, piv: Int32Array, offPiv: number, b: Float64Array, offB: number): void {
  for (let k = 0; k < n; k++) {
    const p = piv[offPiv + k];
    if (p === k) continue;
    const rk = offB + k * m, rp = offB + p * m;
    for (let j = 0; j < m; j++) { const t = b[rk + j]; b[rk + j] = b[rp + j]; b[rp + j] = t; }
  }
}

/**
 * x ← A⁻¹ x = U⁻¹ L⁻¹ P x for the n-vector x[offX ..], with P, L, U from blockLuFactor.
 * @example luSolveVector(8, lu, 0, piv, 0, x, 16)
 */
export function luSolveVector(n: number, lu: Float64Array, offLu: number, piv: Int32Array, offPiv: number, x: Float64Array, offX: number): void {
  swapRows(n, 1, piv, offPiv, x, offX);
  for (let i = 1; i < n; i++) {
    const li = offLu + i * n;
    let s = x[offX + i];
    for (let c = 0; c < i; c++) s -= lu[li + c] * x[offX + c];
    x[offX + i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    const ui = offLu + i * n;
    let s = x[offX + i];
    for (let j = i + 1; j < n; j++) s -= lu[ui + j] * x[offX + j];
    x[offX + i] = s / lu[ui + i];
  }
}
