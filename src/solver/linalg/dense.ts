/**
 * Dense LU factorisation with partial pivoting on row-major Float64Arrays, in place, BLAS style.
 * Enough for the small Newton systems of one or two bodies; the V8 crank gets a sparse solver.
 */
import { blockLuFactor, luSolveVector } from './blockKernels';

/**
 * Factorises the n×n row-major matrix a (leading dimension n) in place into L U with row pivots.
 * Returns the index of the first zero pivot (singular matrix), or −1 on success.
 * The one dense LU of the code base: the block kernel of blockKernels.ts at offset 0.
 * @example const piv = new Int32Array(n); if (luFactor(n, a, piv) >= 0) fail('singular');
 */
export function luFactor(n: number, a: Float64Array, piv: Int32Array): number {
  return blockLuFactor(n, a, 0, piv, 0);
}

/**
 * Solves A x = b in place (b becomes x) with the factors from luFactor.
 * @example luSolve(n, a, piv, rhs) // rhs now holds the solution
 */
export function luSolve(n: number, a: Float64Array, piv: Int32Array, b: Float64Array): void {
  luSolveVector(n, a, 0, piv, 0, b, 0);
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
