/**
 * Products with the constraint Jacobian C_q, stored as rows over the per-constraint blocks (model/assembly.ts):
 * row r's entries are blocks[rowEntries[r] .. rowEntries[r + 1]), entry o in column entryColumn[o]. The sums run
 * in the blocks' own order, as the TypeScript they replaced did.
 */

const COORDS_PER_BODY = 7;

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function n32(ptr: usize, k: i32): i32 { return load<i32>(ptr + (<usize>k << 2)); }

/**
 * out[0..n) += C_qᵀ λ (the constraint forces of Sherif Eq. 62). A row's entries come in runs of 7, one body's
 * coordinates each, in consecutive columns (model/assembly.ts lays them out so): one column lookup per run, and the
 * run's seven products added two at a time (f64x2) and one alone. An exact zero of C_q adds ±0, which leaves every
 * sum as it was but a zero's sign.
 * @example addJacobianTransposeTimes(118, rowEntries, entryColumn, blocks, lambda, out)
 */
export function addJacobianTransposeTimes(m: i32, rowEntries: usize, entryColumn: usize, blocks: usize, lambda: usize, out: usize): void {
  for (let r = 0; r < m; r++) {
    const l = f(lambda, r), lanes = f64x2.splat(l);
    for (let o = n32(rowEntries, r), o1 = n32(rowEntries, r + 1); o < o1; o += COORDS_PER_BODY) {
      const x = out + (<usize>n32(entryColumn, o) << 3), b = blocks + (<usize>o << 3);
      v128.store(x, f64x2.add(v128.load(x, 0, 8), f64x2.mul(v128.load(b, 0, 8), lanes)), 0, 8);
      v128.store(x, f64x2.add(v128.load(x, 16, 8), f64x2.mul(v128.load(b, 16, 8), lanes)), 16, 8);
      v128.store(x, f64x2.add(v128.load(x, 32, 8), f64x2.mul(v128.load(b, 32, 8), lanes)), 32, 8);
      store<f64>(x, load<f64>(x, 48) + load<f64>(b, 48) * l, 48);
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
