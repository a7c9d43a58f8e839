/**
 * The numeric phase of the sparse LU (src/solver/linalg/sparseLu.ts holds the symbolic phase and the layout):
 * factorisation in place on the compiled plan, and the two triangular solves. AssemblyScript, compiled to
 * WebAssembly; every argument named `…Ptr` is a byte offset into the memory the caller laid out.
 *
 * Plan arrays (i32): rowStart[n+1], diag[n], column[factorEntries], target[one per multiply-add],
 * rowOrder[n], colOrder[n]. Values (f64): lu[factorEntries + outsideEntries + sink], original[factorEntries],
 * inversePivot[n], work[n].
 */

/** How a factorisation ended (sparseLu.ts's Outcome). */
const DONE = 0, PATTERN_GREW = 1, PIVOT_DEGRADED = 2, NOT_FINITE = 3;

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function n32(ptr: usize, k: i32): i32 { return load<i32>(ptr + (<usize>k << 2)); }

/**
 * Whether some value in [from, end) differs from ±0 (v != 0: NaN included), as one OR over the bits shifted past
 * the sign, four entries per pass: the outside entries are thousands and almost always all 0, and a compare and
 * branch per entry cost a third of the factorisation.
 */
function anyNonzero(ptr: usize, from: i32, end: i32): bool {
  let a: u64 = 0, b: u64 = 0, c: u64 = 0, d: u64 = 0;
  let p = ptr + (<usize>from << 3);
  const last = ptr + (<usize>end << 3);
  for (; p + 32 <= last; p += 32) {
    a |= load<u64>(p); b |= load<u64>(p, 8); c |= load<u64>(p, 16); d |= load<u64>(p, 24);
  }
  for (; p < last; p += 8) a |= load<u64>(p);
  return ((a | b | c | d) << 1) != 0;
}

/**
 * Row i = 0, 1, … of P A Q in place (Doolittle, IKJ order): l_ik = a_ik / u_kk for the row's L entries k
 * ascending, each followed by a_ij −= l_ik u_kj over U row k at the precompiled targets. Checks first that the
 * entries outside the pattern are exactly 0, then each pivot: |u_ii| ≥ threshold · max_{j>i} |u_ij| and
 * |u_ii| > singularRatio · max_j |a_ij|; on a failing pivot A is put back from `original`.
 */
export function luRefactor(
  n: i32, rowStartPtr: usize, diagPtr: usize, columnPtr: usize, targetPtr: usize, inversePivotPtr: usize,
  originalPtr: usize, luPtr: usize, factorEntries: i32, outsideEntries: i32, threshold: f64, singularRatio: f64,
): i32 {
  if (anyNonzero(luPtr, factorEntries, factorEntries + outsideEntries)) {
    for (let p = factorEntries, end = factorEntries + outsideEntries; p < end; p++) {
      const v = f(luPtr, p);
      if (v != 0) return isFinite<f64>(v) ? PATTERN_GREW : NOT_FINITE;
    }
  }
  let t: i32 = 0;
  for (let i = 0; i < n; i++) {
    const start = n32(rowStartPtr, i), d = n32(diagPtr, i), end = n32(rowStartPtr, i + 1);
    let scale: f64 = 0;
    for (let p = start; p < end; p++) {
      const v = f(luPtr, p);
      setF(originalPtr, p, v);
      const a = abs<f64>(v);
      if (!(a <= scale)) scale = a;
    }
    for (let e = start; e < d; e++) {
      const k = n32(columnPtr, e);
      const l = f(luPtr, e) * f(inversePivotPtr, k);
      setF(luPtr, e, l);
      for (let u = n32(diagPtr, k) + 1, u1 = n32(rowStartPtr, k + 1); u < u1; u++) {
        const target = n32(targetPtr, t++);
        setF(luPtr, target, f(luPtr, target) - l * f(luPtr, u));
      }
    }
    let rowMax: f64 = 0;
    for (let u = d + 1; u < end; u++) {
      const a = abs<f64>(f(luPtr, u));
      if (!(a <= rowMax)) rowMax = a;
    }
    const pivot = abs<f64>(f(luPtr, d));
    if (!(pivot >= threshold * rowMax) || !(pivot > singularRatio * scale)) {
      for (let p = 0; p < end; p++) setF(luPtr, p, f(originalPtr, p));
      return PIVOT_DEGRADED;
    }
    setF(inversePivotPtr, i, 1 / f(luPtr, d));
  }
  return DONE;
}

/**
 * Solves A x = b in place in rhs (A x = −b when negate ≠ 0: each b_i is negated as it is read, the Newton
 * correction of a residual b): y = L⁻¹ P b, then x = Q U⁻¹ y, the permutations folded into the sweeps'
 * first read and last write; |x_i| < flushBelow is written as 0 (sparseLu.ts's FLUSH_BELOW says why).
 */
export function luSolve(
  n: i32, rowOrderPtr: usize, colOrderPtr: usize, rowStartPtr: usize, diagPtr: usize, columnPtr: usize,
  inversePivotPtr: usize, luPtr: usize, workPtr: usize, rhsPtr: usize, flushBelow: f64, negate: i32,
): void {
  for (let i = 0; i < n; i++) {
    let s = f(rhsPtr, n32(rowOrderPtr, i));
    if (negate != 0) s = -s;
    for (let e = n32(rowStartPtr, i), e1 = n32(diagPtr, i); e < e1; e++) s -= f(luPtr, e) * f(workPtr, n32(columnPtr, e));
    setF(workPtr, i, s);
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = f(workPtr, i);
    for (let e = n32(diagPtr, i) + 1, e1 = n32(rowStartPtr, i + 1); e < e1; e++) s -= f(luPtr, e) * f(workPtr, n32(columnPtr, e));
    const v = s * f(inversePivotPtr, i);
    setF(workPtr, i, v);
    setF(rhsPtr, n32(colOrderPtr, i), v < flushBelow && v > -flushBelow ? 0 : v);
  }
}
