import { describe, expect, it } from 'vitest';
import { MinMaxDecimator, UniformPicker, bucketSizeFor, decimateMinMax } from '../../src/worker/decimate';
import { mulberry32 as rng } from '../support/prng';

function pairs(out: Float64Array): Array<[number, number]> {
  const list: Array<[number, number]> = [];
  for (let i = 0; i < out.length; i += 2) list.push([out[i], out[i + 1]]);
  return list;
}

function series(n: number, f: (i: number) => number): { t: Float64Array; v: Float64Array } {
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = i * 1e-3;
    v[i] = f(i);
  }
  return { t, v };
}

describe('bucketSizeFor', () => {
  it('passes short series through and bounds long ones', () => {
    expect(bucketSizeFor(10, 2000)).toBe(1);
    expect(bucketSizeFor(2000, 2000)).toBe(1);
    expect(bucketSizeFor(1_000_001, 2000)).toBe(1002);
    expect(bucketSizeFor(999 * 7 + 1, 2000)).toBe(7);
    expect(() => bucketSizeFor(10, 3)).toThrow(RangeError);
  });
});

describe('decimateMinMax', () => {
  it('returns short series unchanged', () => {
    const { t, v } = series(7, (i) => Math.sin(i));
    const out = pairs(decimateMinMax(t, v, 2000));
    expect(out).toEqual(Array.from(t, (ti, i) => [ti, v[i]]));
  });

  it('returns nothing for an empty series', () => {
    expect(decimateMinMax([], [], 100).length).toBe(0);
  });

  for (const n of [2001, 5000, 100_001, 1_000_001]) {
    it(`keeps ≤ maxPoints, first, last, global extremes and time order (n = ${n})`, () => {
      const random = rng(n);
      const { t, v } = series(n, (i) => Math.sin(i * 0.01) + 0.1 * random());
      const maxPoints = 2000;
      const out = pairs(decimateMinMax(t, v, maxPoints));
      expect(out.length).toBeLessThanOrEqual(maxPoints);
      expect(out.length).toBeGreaterThan(maxPoints / 2);
      expect(out[0]).toEqual([t[0], v[0]]);
      expect(out[out.length - 1]).toEqual([t[n - 1], v[n - 1]]);
      for (let k = 1; k < out.length; k++) expect(out[k][0]).toBeGreaterThan(out[k - 1][0]);
      const values = out.map((p) => p[1]);
      expect(Math.max(...values)).toBe(v.reduce((a, b) => Math.max(a, b), -Infinity));
      expect(Math.min(...values)).toBe(v.reduce((a, b) => Math.min(a, b), Infinity));
      // Every kept point is a real sample.
      for (const [tk, vk] of out) expect(v[Math.round(tk / 1e-3)]).toBe(vk);
    });
  }

  it('keeps a one-sample spike that a uniform subsample would miss', () => {
    const { t, v } = series(100_000, (i) => (i === 43_217 ? 5 : 0));
    const out = pairs(decimateMinMax(t, v, 500));
    expect(out.some(([tk, vk]) => vk === 5 && tk === t[43_217])).toBe(true);
  });

  it('keeps the bucket envelope: each bucket min and max appear', () => {
    const random = rng(7);
    const n = 10_000;
    const { t, v } = series(n, () => random());
    const maxPoints = 202;
    const size = bucketSizeFor(n, maxPoints);
    const kept = new Set(pairs(decimateMinMax(t, v, maxPoints)).map((p) => p[1]));
    for (let start = 1; start < n; start += size) {
      const bucket = Array.from(v.subarray(start, Math.min(n, start + size)));
      expect(kept.has(Math.min(...bucket))).toBe(true);
      expect(kept.has(Math.max(...bucket))).toBe(true);
    }
  });

  it('does not let NaN hide the finite extremes of a bucket', () => {
    const { t, v } = series(10_000, (i) => (i === 5 ? Number.NaN : i === 6 ? 9 : 0));
    const values = pairs(decimateMinMax(t, v, 100)).map((p) => p[1]);
    expect(values).toContain(9);
  });
});

describe('MinMaxDecimator streaming', () => {
  it('gives the same points whatever the drain pattern (seeded)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const random = rng(seed);
      const n = 1 + Math.floor(random() * 20_000);
      const maxPoints = 4 + Math.floor(random() * 3000);
      const { t, v } = series(n, () => random() - 0.5);
      const whole = decimateMinMax(t, v, maxPoints);
      const d = new MinMaxDecimator(n, maxPoints);
      const parts: number[] = [];
      for (let i = 0; i < n; i++) {
        d.push(t[i], v[i]);
        if (random() < 0.01) parts.push(...d.drain());
      }
      d.finish();
      parts.push(...d.drain());
      expect(Float64Array.from(parts), `seed ${seed}`).toEqual(whole);
      expect(parts.length / 2, `seed ${seed}`).toBeLessThanOrEqual(Math.max(n, 0) <= maxPoints ? n : maxPoints);
    }
  });

  it('holds only undrained points in memory', () => {
    const d = new MinMaxDecimator(1_000_001, 2000);
    let held = 0;
    for (let i = 0; i <= 1_000_000; i++) {
      d.push(i, Math.cos(i));
      if (i % 100_000 === 0) held = Math.max(held, d.drain().length / 2);
    }
    expect(held).toBeLessThanOrEqual(2000);
    expect(d.emittedCount).toBeLessThanOrEqual(2000);
  });
});

describe('UniformPicker', () => {
  it('keeps every stride-th sample and at most maxCount + 1 with the last', () => {
    const n = 100_001;
    const picker = new UniformPicker(n, 2000);
    expect(picker.stride).toBe(51);
    let kept = 0;
    for (let i = 0; i < n; i++) if (picker.next()) kept++;
    expect(kept).toBeLessThanOrEqual(2000);
    expect(kept + (picker.lastKept ? 0 : 1)).toBeLessThanOrEqual(2001);
  });

  it('keeps everything when the series is short', () => {
    const picker = new UniformPicker(10, 2000);
    expect(Array.from({ length: 10 }, () => picker.next()).every(Boolean)).toBe(true);
  });
});
