import { describe, expect, it } from 'vitest';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { dampingCurve, eulerFrequencies, placeFrequencies } from '../../src/app/damping';

describe('numerical damping explained', () => {
  it('ρ is 1 at small Ωh and tends to ρ∞ = (1+α)/(1−α); the period error is positive', () => {
    const curve = dampingCurve(-0.3);
    expect(curve[0].spectralRadius).toBeCloseTo(1, 6);
    expect(curve[curve.length - 1].spectralRadius).toBeCloseTo(0.7 / 1.3, 3);
    expect(curve[0].periodErrorPercent!).toBeGreaterThan(0);
    expect(curve.every((p) => p.wh > 0)).toBe(true);
  });

  it('finds the frequency |ω|/2 of the Euler parameters of a steady spin, and places it on the curve', () => {
    const omega = 150;
    const dt = 1e-3;
    const n = 2049; // the last pose off the grid is dropped
    const rows = new Float64Array(n * SAMPLE_WIDTH);
    const poses = new Float64Array(n * 14);
    for (let i = 0; i < n; i++) {
      const t = i === n - 1 ? (i - 0.5) * dt : i * dt;
      rows[i * SAMPLE_WIDTH] = t;
      // Body 1 spins about y: e = (cos(ωt/2), 0, sin(ωt/2), 0).
      poses[i * 14 + 7 + 3] = Math.cos((omega * t) / 2);
      poses[i * 14 + 7 + 5] = Math.sin((omega * t) / 2);
    }
    const found = eulerFrequencies(rows, poses, 14, 1);
    const bin = (2 * Math.PI) / (2048 * dt);
    expect(found.length).toBeGreaterThanOrEqual(1);
    expect(Math.abs(found[0] - omega / 2)).toBeLessThan(bin);
    const [placed] = placeFrequencies([75], -0.2, 1e-4, 1000);
    expect(placed.wh).toBeCloseTo(0.0075, 12);
    expect(placed.spectralRadius).toBeLessThanOrEqual(1);
    expect(placed.overRun).toBeCloseTo(placed.spectralRadius ** 1000, 12);
    expect(eulerFrequencies(rows.subarray(0, 10 * SAMPLE_WIDTH), poses, 14, 1)).toEqual([]);
  });
});
