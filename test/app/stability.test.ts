/** The page's words on step limits (src/app/stability.ts): the linear oscillator's verdict and the study's measurement. */
import { describe, expect, it } from 'vitest';
import { ladderRows, linearVerdict, measuredVerdict } from '../../src/app/stability';
import type { StabilityPoint } from '../../src/solver/studies/stabilityStudy';

function point(overrides: Partial<StabilityPoint>): StabilityPoint {
  return {
    method: 'modified', parameter: -0.2, hMax: 1.81e-3, hFail: 1.83e-3, omega: 74.4, omegaH: 0.13466, energyRatio: 0, constraintError: 0,
    failureMode: 'multiplier-oscillation', failureTime: 0.99, failure: 'x', stableAbove: NaN, runs: 19, ladder: [], ...overrides,
  };
}

describe('linear analysis against this model', () => {
  it('every method of the family is unconditionally stable on the oscillator, over the whole Ωh axis', () => {
    for (const [method, parameter] of [['classical', -0.3], ['modified', 0], ['generalized-alpha', 2 / 3], ['lie-group', 1], ['ji-xing', 2 / 3]] as const) {
      expect(linearVerdict(method, parameter)).toBe('unconditionally stable (ρ ≤ 1 at every Ωh)');
    }
  });

  it('puts the measured limit in words: h, h·Ω, what fails above it', () => {
    expect(measuredVerdict(point({}), [1e-5, 1e-2])).toBe('h ≤ 0.00181 s (h·Ω = 0.135); above it the joint multipliers oscillate (index-3 mode)');
    expect(measuredVerdict(point({ hMax: NaN, hFail: 1e-3, failureMode: 'euler-velocity' }), [1e-3, 1])).toBe(
      'unstable at every step tried, down to h = 0.001 s: eᵀė of the Euler parameters grows',
    );
    expect(measuredVerdict(point({ hMax: 0.01, hFail: NaN, failureMode: null, omegaH: 0.75 }), [1e-5, 1e-2])).toBe('stable at every step tried, up to h = 0.01 s (h·Ω = 0.75)');
    expect(measuredVerdict(point({ stableAbove: 5e-3 }), [1e-5, 1e-2])).toContain('; stable again at h = 0.005 s');
  });

  it('lays every run out by h, one row per method, stable and unstable apart', () => {
    const rows = ladderRows([
      point({ method: 'classical', ladder: [{ h: 2e-3, stable: false, mode: 'newton' }, { h: 1e-3, stable: true, mode: null }] }),
      point({ method: 'modified', ladder: [{ h: 1e-3, stable: true, mode: null }] }),
    ]);
    expect(rows).toEqual([{ x: 1e-3, 'classical-stable': 0 }, { x: 1e-3, 'modified-stable': 1 }, { x: 2e-3, 'classical-unstable': 0 }]);
  });
});
