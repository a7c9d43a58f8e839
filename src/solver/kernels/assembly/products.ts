/**
 * Products with the constraint Jacobian C_q, stored as rows over the per-constraint blocks (model/assembly.ts):
 * row r's entries are blocks[rowEntries[r] .. rowEntries[r + 1]), entry o in column entryColumn[o]. The sums run
 * in the blocks' own order, as the TypeScript they replaced did, so the numbers are the same to the bit.
 */

const COORDS_PER_BODY = 7;

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function n32(ptr: usize, k: i32): i32 { return load<i32>(ptr + (<usize>k << 2)); }

/** out[c] += v · l unless v is an exact zero (which adds nothing: C_q's structural zeros are most of the blocks). */
@inline function addScaled(out: usize, c: i32, v: f64, l: f64): void {
  if (v != 0) setF(out, c, f(out, c) + v * l);
}

/**
 * out[0..n) += C_qᵀ λ (the constraint forces of Sherif Eq. 62); exact zeros of C_q add nothing. A row's entries come
 * in runs of 7, one body's coordinates each, in consecutive columns (model/assembly.ts lays them out so): one column
 * lookup per run.
 * @example addJacobianTransposeTimes(118, rowEntries, entryColumn, blocks, lambda, out)
 */
export function addJacobianTransposeTimes(m: i32, rowEntries: usize, entryColumn: usize, blocks: usize, lambda: usize, out: usize): void {
  for (let r = 0; r < m; r++) {
    const l = f(lambda, r);
    for (let o = n32(rowEntries, r), o1 = n32(rowEntries, r + 1); o < o1; o += COORDS_PER_BODY) {
      const c = n32(entryColumn, o), b = blocks + (<usize>o << 3);
      addScaled(out, c, f(b, 0), l);
      addScaled(out, c + 1, f(b, 1), l);
      addScaled(out, c + 2, f(b, 2), l);
      addScaled(out, c + 3, f(b, 3), l);
      addScaled(out, c + 4, f(b, 4), l);
      addScaled(out, c + 5, f(b, 5), l);
      addScaled(out, c + 6, f(b, 6), l);
    }
  }
}

/** out[0..m) = C_q v. */
export function jacobianTimes(m: i32, rowEntries: usize, entryColumn: usize, blocks: usize, v: usize, out: usize): void {
  for (let r = 0; r < m; r++) {
    let sum: f64 = 0;
    for (let o = n32(rowEntries, r), o1 = n32(rowEntries, r + 1); o < o1; o++) sum += f(blocks, o) * f(v, n32(entryColumn, o));
    setF(out, r, sum);
  }
}
