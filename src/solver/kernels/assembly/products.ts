/**
 * Products with the constraint Jacobian C_q, stored as rows over the per-constraint blocks (model/assembly.ts):
 * row r's entries are blocks[rowEntries[r] .. rowEntries[r + 1]), entry o in column entryColumn[o], a row's
 * entries in runs of seven, one body's coordinates each. The sums run in the blocks' own order, as the TypeScript
 * they replaced did.
 */

const COORDS_PER_BODY = 7;

@inline function f(ptr: usize, k: i32): f64 { return load<f64>(ptr + (<usize>k << 3)); }
@inline function setF(ptr: usize, k: i32, v: f64): void { store<f64>(ptr + (<usize>k << 3), v); }
@inline function n32(ptr: usize, k: i32): i32 { return load<i32>(ptr + (<usize>k << 2)); }

/**
 * out[0..n) += C_qᵀ λ (the constraint forces of Sherif Eq. 62), gathered body by body: body b's runs of seven
 * entries (one per row of C_q that involves it, rows ascending) are bodyRuns[2k] (the run's first entry) and
 * bodyRuns[2k + 1] (its row) for k in [bodyRunStart[b], bodyRunStart[b + 1]) (model/assembly.ts makes them). The
 * body's seven sums stay in registers, three f64x2 and one scalar, and are stored once: each column receives the same
 * products in the same row order as a row-by-row scatter, so the same numbers, without a store and reload of out per
 * row. An exact zero of C_q adds ±0, which leaves every sum as it was but a zero's sign.
 * @example addJacobianTransposeTimes(17, bodyRunStart, bodyRuns, blocks, lambda, out)
 */
export function addJacobianTransposeTimes(bodies: i32, bodyRunStart: usize, bodyRuns: usize, blocks: usize, lambda: usize, out: usize): void {
  for (let b = 0; b < bodies; b++) {
    const k0 = n32(bodyRunStart, b), k1 = n32(bodyRunStart, b + 1);
    if (k0 == k1) continue;
    const x = out + <usize>(b * COORDS_PER_BODY << 3);
    let a0 = v128.load(x, 0, 8), a1 = v128.load(x, 16, 8), a2 = v128.load(x, 32, 8), a3 = load<f64>(x, 48);
    for (let k = k0; k < k1; k++) {
      const b0 = blocks + (<usize>n32(bodyRuns, 2 * k) << 3), l = f(lambda, n32(bodyRuns, 2 * k + 1)), lanes = f64x2.splat(l);
      a0 = f64x2.add(a0, f64x2.mul(v128.load(b0, 0, 8), lanes));
      a1 = f64x2.add(a1, f64x2.mul(v128.load(b0, 16, 8), lanes));
      a2 = f64x2.add(a2, f64x2.mul(v128.load(b0, 32, 8), lanes));
      a3 += load<f64>(b0, 48) * l;
    }
    v128.store(x, a0, 0, 8); v128.store(x, a1, 16, 8); v128.store(x, a2, 32, 8); store<f64>(x, a3, 48);
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
