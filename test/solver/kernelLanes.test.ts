/**
 * The per-component kernels run two components at a time (f64x2). These tests hold them to one-at-a-time loops,
 * written out here in JavaScript (whose double arithmetic is WebAssembly's), to the bit: even and odd
 * lengths, vectors at 16-byte and at 8-byte (not 16) offsets, NaN in either lane and in the last component, ties.
 */
import { describe, expect, it } from 'vitest';
import { KernelMemory } from '../../src/solver/kernels/wasm';

/** Each value's 64 bits (so −0 is not 0), a NaN as 'NaN' (its payload is the hardware's, in JavaScript as well). */
const bits = (v: ArrayLike<number>) => Array.from(v, (x) => (x !== x ? 'NaN' : new BigUint64Array(Float64Array.of(x).buffer)[0]));

/** A memory, shifted by one f64 when `odd`, so the vectors that follow sit at 8 (mod 16). */
function memoryAt(odd: boolean): KernelMemory {
  const memory = new KernelMemory(1 << 16);
  if (odd) memory.f64(1);
  return memory;
}

/** Rows of the predictor's difference table (kernels/assembly/predictor.ts: MAX_ORDER + 2). */
const ROWS = 12;
/** Where row k of component i sits in the kernel's table (by pairs of components: PAIR_BYTES = 16 · ROWS). */
const tableIndex = (k: number, i: number) => (i >> 1) * 2 * ROWS + 2 * k + (i & 1);

/**
 * predict() one component at a time, on a plain table t[k][i]: the differences in place, each order's error as the
 * larger of its entries with NaN passed over (as pmax keeps it), the choice, the sum from the highest difference down.
 */
function predictByComponent(order: number, available: number, x: Float64Array, t: Float64Array[], out: Float64Array): number {
  const n = x.length, errors = new Float64Array(ROWS);
  for (let i = 0; i < n; i++) {
    let v = x[i], o = t[0][i];
    t[0][i] = v;
    for (let k = 1; k < ROWS; k++) {
      v -= o;
      o = t[k][i];
      t[k][i] = v;
      if (k >= 3 && errors[k - 1] < Math.abs(v)) errors[k - 1] = Math.abs(v);
    }
  }
  let p = order;
  if (order === -1) {
    p = 2;
    for (let q = 3; q <= Math.min(10, available); q++) if (errors[q] < errors[p]) p = q;
  }
  for (let i = 0; i < n; i++) {
    let s = t[p][i];
    for (let k = p - 1; k >= 0; k--) s += t[k][i];
    out[i] = s;
  }
  return p;
}

describe('the per-component kernels against one-component-at-a-time references', () => {
  it('predict (differences in place, the choice, the extrapolation): the same order, table and bits as one component at a time, NaN and ties included', () => {
    let seed = 11;
    const random = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647 - 0.5; };
    // x at step k, component i.
    const patterns: ((k: number, i: number) => number)[] = [
      (k, i) => Math.sin(0.3 * k + i) * (1 + (i % 4)),
      (k, i) => (k - 2) ** (i % 5) + i, // several orders exact: errors tied at zero
      () => 1, // every order exact everywhere
      (k, i) => (i % 2 ? 1 : -1) * (k * k + 1e-3 * (k % 2)), // the same |error| in every component: ties across lanes
      () => random(),
      (k, i) => (k % 3) * (i % 3 === 0 ? 1 : 0.5),
    ];
    const nanPlaces = (n: number) => [[], [0], [1], [n - 1], [n - 2], [0, n - 1]].filter((p) => p.every((i) => i >= 0));
    for (const odd of [false, true]) {
      for (const n of [1, 2, 3, 4, 5, 8, 11, 119]) {
        for (const [s, pattern] of patterns.entries()) {
          for (const nanAt of nanPlaces(n)) {
            const memory = memoryAt(odd);
            const x = memory.f64(n), out = memory.f64(n), table = memory.f64(ROWS * (n + (n & 1)));
            const t = Array.from({ length: ROWS }, () => new Float64Array(n)), expected = new Float64Array(n);
            for (let step = 0; step < 16; step++) {
              x.set(Float64Array.from({ length: n }, (_, i) => pattern(step, i)));
              if (step === 9) for (const i of nanAt) x[i] = NaN;
              const order = step < 13 ? -1 : step - 13;
              const available = Math.min(step, 11) - 1;
              const what = `n ${n}, offset ${odd ? 8 : 16}, pattern ${s}, NaN at ${nanAt}, step ${step}`;
              const answer = memory.kernels.predict(order, n, available, x.byteOffset, table.byteOffset, out.byteOffset);
              expect(answer, what).toBe(predictByComponent(order, available, Float64Array.from(x), t, expected));
              expect(bits(out), what).toEqual(bits(expected));
              const kept = t.flatMap((row, k) => Array.from(row, (_, i) => table[tableIndex(k, i)]));
              expect(bits(kept), what).toEqual(bits(t.flatMap((row) => Array.from(row))));
            }
          }
        }
      }
    }
  });

  it('newtonCorrection and scaleRange: the same bits as one component at a time, NaN in either lane or last', () => {
    const maxAbs = (v: ArrayLike<number>) => {
      let largest = 0;
      for (let i = 0; i < v.length; i++) { const a = Math.abs(v[i]); if (!(a <= largest)) { if (a !== a) return NaN; largest = a; } }
      return largest;
    };
    for (const odd of [false, true]) {
      for (const [n, m] of [[0, 0], [1, 0], [0, 3], [2, 1], [6, 4], [7, 5], [8, 9], [119, 118]]) {
        const places = [-1, 0, 1, n - 1, n, n + 1, n + m - 1].filter((i, k) => k === 0 || (i >= 0 && i < n + m));
        for (const nanAt of places) {
          for (const where of ['d', 'x', 'positions']) {
            const memory = memoryAt(odd);
            const [d, x, positions, out] = [n + m, n + m, n, 4].map((l) => memory.f64(l));
            d.set(Float64Array.from({ length: n + m }, (_, i) => Math.sin(3 * i + 1) * 10 ** ((i % 5) - 2)));
            x.set(Float64Array.from({ length: n + m }, (_, i) => (i % 4 === 1 ? -0 : Math.cos(i) - 0.5)));
            positions.set(Float64Array.from({ length: n }, (_, i) => -3 * Math.sin(i)));
            if (nanAt >= 0) {
              if (where === 'd') d[nanAt] = NaN;
              else if (where === 'x') x[nanAt] = NaN;
              else if (nanAt < n) positions[nanAt] = NaN;
            }
            const [dp, xp] = [Float64Array.from(d), Float64Array.from(x)];
            const s = 1 / 3e-7;
            memory.kernels.scaleRange(x.byteOffset, n, n + m, s);
            for (let i = n; i < n + m; i++) xp[i] *= s;
            memory.kernels.newtonCorrection(n, m, d.byteOffset, x.byteOffset, positions.byteOffset, out.byteOffset);
            for (let i = 0; i < n + m; i++) xp[i] += dp[i];
            const expected = [maxAbs(dp.subarray(0, n)), maxAbs(dp.subarray(n)), maxAbs(xp.subarray(0, n)), maxAbs(positions)];
            const what = `n ${n}, m ${m}, offset ${odd ? 8 : 16}, NaN in ${where} at ${nanAt}`;
            expect(Array.from(out), what).toEqual(expected);
            expect(bits(x), what).toEqual(bits(xp));
          }
        }
      }
    }
  });

  it('acceptState: copies and error weights raised as one component at a time does, NaN and −0 included', () => {
    for (const odd of [false, true]) {
      for (const [n, m] of [[1, 0], [2, 1], [7, 5], [14, 9], [119, 118]]) {
        const memory = memoryAt(odd);
        const value = (i: number, k: number) => [NaN, -0, 0, 2, -2, Math.sin(i + k)][(i * 7 + k) % 6];
        const [qNew, qdNew, unknowns, q, qd, qdd, lambda, yq, yqd] = [n, n, n + m, n, n, n, m, n, n].map((l, k) => {
          const v = memory.f64(l);
          v.set(Float64Array.from({ length: l }, (_, i) => value(i, k)));
          return v;
        });
        const table = memory.i32(11);
        table.set([n, m, ...[qNew, qdNew, unknowns, q, qd, qdd, lambda, yq, yqd].map((v) => v.byteOffset)]);
        const [yqExpected, yqdExpected] = [[qNew, yq], [qdNew, yqd]].map(([source, y]) => Float64Array.from(y, (yi, i) => {
          const a = Math.abs(source[i]);
          return a > yi ? a : yi;
        }));
        const copies = [qNew, qdNew, unknowns.subarray(0, n), unknowns.subarray(n)].map((v) => bits(v));
        memory.kernels.acceptState(table.byteOffset);
        const what = `n ${n}, m ${m}, offset ${odd ? 8 : 16}`;
        expect([q, qd, qdd, lambda].map((v) => bits(v)), what).toEqual(copies);
        expect([bits(yq), bits(yqd)], what).toEqual([bits(yqExpected), bits(yqdExpected)]);
      }
    }
  });

  it('hhtKinematics: q_{n+1} (Sherif Eq. 59) and the classical q̇_{n+1} (Eq. 60) as one coordinate at a time', () => {
    const [h, beta, gamma] = [1e-3, 0.4225, 0.8];
    for (const odd of [false, true]) {
      for (const bodies of [1, 2, 3, 17]) {
        for (const modified of [0, 1]) {
          const n = 7 * bodies, memory = memoryAt(odd);
          const [q, qd, qdd, qddNew, history, qNew, qdNew] = [n, n, n, n, 3 * bodies, n, n].map((l, k) => {
            const v = memory.f64(l);
            v.set(Float64Array.from({ length: l }, (_, i) => Math.sin(1.7 * i + k) * 10 ** ((i + k) % 3)));
            return v;
          });
          memory.kernels.hhtKinematics(bodies, h, beta, gamma, modified, ...[q, qd, qdd, qddNew, history, qNew, qdNew].map((v) => v.byteOffset) as [number, number, number, number, number, number, number]);
          const pa = 0.5 * h * h * (1 - 2 * beta), pb = h * h * beta, va = h * (1 - gamma), vb = h * gamma;
          const what = `${bodies} bodies, offset ${odd ? 8 : 16}, modified ${modified}`;
          expect(bits(qNew), what).toEqual(bits(Float64Array.from(q, (qi, i) => qi + h * qd[i] + pa * qdd[i] + pb * qddNew[i])));
          const velocity = Float64Array.from(qd, (v, i) => v + va * qdd[i] + vb * qddNew[i]);
          const translations = (v: Float64Array) => Array.from(v).filter((_, i) => i % 7 < 3);
          expect(bits(modified ? translations(qdNew) : qdNew), what).toEqual(bits(modified ? translations(velocity) : velocity));
        }
      }
    }
  });
});
