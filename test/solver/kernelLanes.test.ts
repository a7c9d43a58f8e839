/**
 * The per-component kernels run two components at a time (f64x2); the predictor's stays one at a time (its paired
 * loops cost 3.2 kB of module for about 1 % of a V8 run). These tests hold them to the one-at-a-time loops
 * they replaced, written out here in JavaScript (whose double arithmetic is WebAssembly's), to the bit: even and odd
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

/** Order p's error at component i (kernels/assembly/predictor.ts: orderError), h = x_{n−1} … x_{n−7}. */
function orderError(p: number, i: number, x: Float64Array, h: Float64Array[]): number {
  const [a, b, c, d, e, g5, g] = h.map((v) => v[i]), xi = x[i];
  switch (p) {
    case 2: return Math.abs(3 * a - 3 * b + c - xi);
    case 3: return Math.abs(4 * a - 6 * b + 4 * c - d - xi);
    case 4: return Math.abs(5 * a - 10 * b + 10 * c - 5 * d + e - xi);
    case 5: return Math.abs(6 * a - 15 * b + 20 * c - 15 * d + 6 * e - g5 - xi);
    default: return Math.abs(7 * a - 21 * b + 35 * c - 35 * d + 21 * e - 7 * g5 + g - xi);
  }
}

/** predict() one component at a time: the choice with its early exits, the hint, the extrapolation. */
function predictByComponent(order: number, available: number, hint: number, x: Float64Array, h: Float64Array[], out: Float64Array): number {
  const n = x.length;
  let p = order;
  let at = 0;
  if (order === -1) {
    const last = Math.min(6, available);
    let candidate = hint & 7;
    if (candidate < 2 || candidate > last) candidate = 2;
    at = hint >> 3;
    if (at < 0 || at >= n) at = 0;
    let bound = 0;
    for (let i = 0; i < n; i++) {
      const e = orderError(candidate, i, x, h);
      if (e > bound) at = i;
      bound = Math.max(bound, e);
    }
    let best = candidate, bestError = bound;
    for (let q = 2; q <= last; q++) {
      if (q === candidate) continue;
      const lower = q < candidate;
      const fails = (e: number) => (lower ? e > bound : e >= bound);
      let e = orderError(q, at, x, h);
      if (fails(e)) continue;
      for (let i = 0; i < n; i++) {
        e = Math.max(e, orderError(q, i, x, h));
        if (fails(e)) break;
      }
      if (fails(e)) continue;
      if (e < bestError || (e === bestError && q < best)) { best = q; bestError = e; }
    }
    p = best;
  }
  const weights = [[1], [2, -1], [3, -3, 1], [4, -6, 4, -1], [5, -10, 10, -5, 1], [6, -15, 20, -15, 6, -1], [7, -21, 35, -35, 21, -7, 1]][p];
  for (let i = 0; i < n; i++) out[i] = weights.reduce((sum, w, j) => (j === 0 ? w * x[i] : sum + w * h[j - 1][i]), 0);
  return order === -1 ? p | (at << 3) : p;
}

describe('the per-component kernels against one-component-at-a-time references', () => {
  it('predict (one component at a time, its early exits and hint): the same order, hint and bits as the reference, NaN and ties included', () => {
    let seed = 11;
    const random = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647 - 0.5; };
    // x_n (k = 0) and x_{n−1} … x_{n−7} (k = 1 … 7) at component i.
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
            const vectors = Array.from({ length: 8 }, () => memory.f64(n));
            const out = memory.f64(n), history = memory.i32(7);
            vectors.forEach((v, k) => v.set(Float64Array.from({ length: n }, (_, i) => pattern(k, i))));
            for (const i of nanAt) vectors[1 + (i % 7)][i] = NaN;
            history.set(vectors.slice(1).map((v) => v.byteOffset));
            const [x, ...h] = vectors.map((v) => Float64Array.from(v));
            const expected = new Float64Array(n);
            for (const order of [-1, 0, 1, 2, 3, 4, 5, 6]) {
              for (const hint of order === -1 ? [0, 2 | (7 << 3), 3, 4 | ((n - 1) << 3), 5 | (1 << 3), 6 | (2 << 3)] : [0]) {
                for (const available of order === -1 ? [2, 4, 6, 7] : [7]) {
                  const what = `n ${n}, offset ${odd ? 8 : 16}, pattern ${s}, NaN at ${nanAt}, order ${order}, hint ${hint}, available ${available}`;
                  const answer = memory.kernels.predict(order, n, available, hint, vectors[0].byteOffset, history.byteOffset, out.byteOffset);
                  expect(answer, what).toBe(predictByComponent(order, available, hint, x, h, expected));
                  expect(bits(out), what).toEqual(bits(expected));
                }
              }
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
