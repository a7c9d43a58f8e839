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
 * B ← L⁻¹ P B for the n×m block b[offB ..], with P, L from blockLuFactor (the "row block" U_kj).
 * @example lowerSolveLeft(8, 5, lu, 0, piv, 0, lu, 64) // U_kj = L_kk⁻¹ P_k A_kj
 */
export function lowerSolveLeft(
  n: number, m: number, lu: Float64Array, offLu: number, piv: Int32Array, offPiv: number, b: Float64Array, offB: number,
): void {
  for (let k = 0; k < n; k++) {
    const p = piv[offPiv + k];
    if (p !== k) {
      const rk = offB + k * m, rp = offB + p * m;
      for (let j = 0; j < m; j++) { const t = b[rk + j]; b[rk + j] = b[rp + j]; b[rp + j] = t; }
    }
  }
  for (let i = 1; i < n; i++) {
    const ri = offB + i * m, li = offLu + i * n;
    for (let c = 0; c < i; c++) {
      const f = lu[li + c];
      if (f === 0) continue;
      const rc = offB + c * m;
      for (let j = 0; j < m; j++) b[ri + j] -= f * b[rc + j];
    }
  }
}

/**
 * B ← B U⁻¹ for the m×n block b[offB ..], with U from blockLuFactor (the "column block" L_ik).
 * @example upperSolveRight(5, 8, lu, 0, lu, 104) // L_ik = A_ik U_kk⁻¹
 */
export function upperSolveRight(m: number, n: number, lu: Float64Array, offLu: number, b: Float64Array, offB: number): void {
  for (let r = 0; r < m; r++) {
    const br = offB + r * n;
    for (let c = 0; c < n; c++) {
      const uc = offLu + c * n;
      const x = b[br + c] / lu[uc + c];
      b[br + c] = x;
      if (x === 0) continue;
      for (let j = c + 1; j < n; j++) b[br + j] -= x * lu[uc + j];
    }
  }
}

/**
 * C ← C − A B with A m×k at a[offA ..], B k×n at b[offB ..], C m×n at c[offC ..] (all tight row-major).
 * @example gemmSubtract(5, 8, 3, lu, 104, lu, 64, lu, 200) // Schur update A_ij −= L_ik U_kj
 */
export function gemmSubtract(
  m: number, k: number, n: number, a: Float64Array, offA: number, b: Float64Array, offB: number, c: Float64Array, offC: number,
): void {
  for (let i = 0; i < m; i++) {
    const ci = offC + i * n, ai = offA + i * k;
    for (let t = 0; t < k; t++) {
      const f = a[ai + t];
      if (f === 0) continue;
      const bt = offB + t * n;
      for (let j = 0; j < n; j++) c[ci + j] -= f * b[bt + j];
    }
  }
}

/**
 * x ← L⁻¹ P x for the n-vector x[offX ..], with P, L from blockLuFactor.
 * @example lowerSolveVector(8, lu, 0, piv, 0, x, 16)
 */
export function lowerSolveVector(n: number, lu: Float64Array, offLu: number, piv: Int32Array, offPiv: number, x: Float64Array, offX: number): void {
  for (let k = 0; k < n; k++) {
    const p = piv[offPiv + k];
    if (p !== k) { const t = x[offX + k]; x[offX + k] = x[offX + p]; x[offX + p] = t; }
  }
  for (let i = 1; i < n; i++) {
    const li = offLu + i * n;
    let s = x[offX + i];
    for (let c = 0; c < i; c++) s -= lu[li + c] * x[offX + c];
    x[offX + i] = s;
  }
}

/**
 * x ← U⁻¹ x for the n-vector x[offX ..], with U from blockLuFactor.
 * @example upperSolveVector(8, lu, 0, x, 16)
 */
export function upperSolveVector(n: number, lu: Float64Array, offLu: number, x: Float64Array, offX: number): void {
  for (let i = n - 1; i >= 0; i--) {
    const ui = offLu + i * n;
    let s = x[offX + i];
    for (let j = i + 1; j < n; j++) s -= lu[ui + j] * x[offX + j];
    x[offX + i] = s / lu[ui + i];
  }
}

/**
 * y ← y − A x with A m×n at a[offA ..], x at x[offX ..], y at y[offY ..].
 * @example gemvSubtract(5, 8, lu, 104, x, 0, x, 8) // forward sweep x_i −= L_ik y_k
 */
export function gemvSubtract(
  m: number, n: number, a: Float64Array, offA: number, x: Float64Array, offX: number, y: Float64Array, offY: number,
): void {
  for (let i = 0; i < m; i++) {
    const ai = offA + i * n;
    let s = 0;
    for (let j = 0; j < n; j++) s += a[ai + j] * x[offX + j];
    y[offY + i] -= s;
  }
}
