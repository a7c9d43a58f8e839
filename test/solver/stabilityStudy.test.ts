/**
 * The stability study (solver/studies/stabilityStudy.ts): its step sizes, refinement, classification of a run and
 * the largest stable step of classical HHT at α = −0.05 on the spin, where the Euler parameters' eᵀė mode sets a
 * real h·Ω limit (integrators/eulerVelocityMonitor.ts).
 */
import { describe, expect, it } from 'vitest';
import { paperModel } from '../support/paperModel';
import {
  classifyStabilityRun, DEFAULT_STABILITY_BOUNDS, refinementSteps, scanSteps, spectrumSampleEvery, stabilityPoint, stabilityRounds,
  stabilityRunSettings, stabilityStudy, SPECTRUM_SAMPLES, type StabilityOutcome,
} from '../../src/solver/studies/stabilityStudy';

function outcome(h: number, stable: boolean): StabilityOutcome {
  return {
    h, stable, mode: stable ? null : 'newton', failureTime: stable ? NaN : 0.5, failure: stable ? null : 'Newton did not converge',
    energyRatio: 0, constraintError: 0, omega: stable ? 75 : NaN,
  };
}

describe('steps of the scan and of the refinement', () => {
  it('scans the 1, 2, 5 × 10ⁿ steps of the range, both ends included, as decimals', () => {
    expect(scanSteps(1e-5, 1e-2)).toEqual([1e-5, 2e-5, 5e-5, 1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 1e-2]);
    expect(scanSteps(3e-3, 0.04)).toEqual([3e-3, 5e-3, 0.01, 0.02, 0.04]);
  });

  it('quadrisects the bracket in log h with square roots, and stops within 1 + rtol', () => {
    const outcomes = [outcome(1e-3, true), outcome(2e-3, true), outcome(5e-3, false), outcome(1e-2, false)];
    const steps = refinementSteps(outcomes, 0.02);
    expect(steps).toHaveLength(3);
    expect(steps[1]).toBe(Math.sqrt(2e-3 * 5e-3));
    expect(steps[0] / 2e-3).toBeCloseTo(steps[2] / steps[1], 12);
    expect(refinementSteps([outcome(1e-3, true), outcome(1.01e-3, false)], 0.02)).toEqual([]);
    expect(refinementSteps([outcome(1e-3, true), outcome(2e-3, true)], 0.02)).toEqual([]);
    expect(refinementSteps([outcome(1e-3, false), outcome(2e-3, false)], 0.02)).toEqual([]);
  });

  it('needs at most stabilityRounds rounds from the widest scan gap', () => {
    expect(stabilityRounds(0.02)).toBe(3); // 2.5^(1/64) = 1.0144
    expect(stabilityRounds(0.2)).toBe(2);
  });

  it('keeps at most SPECTRUM_SAMPLES + 1 samples per run', () => {
    expect(spectrumSampleEvery(1e-5, 1)).toBe(25);
    expect(Math.round(1 / 1e-5) / spectrumSampleEvery(1e-5, 1)).toBeLessThanOrEqual(SPECTRUM_SAMPLES);
    expect(spectrumSampleEvery(0.01, 1)).toBe(1);
  });
});

describe('a method\'s point from its runs', () => {
  it('h_max below the smallest failing step, a stable step above it reported, failure mode of the failing run', () => {
    const p = stabilityPoint('modified', -0.2, [outcome(5e-3, true), outcome(1e-3, true), outcome(2e-3, false), outcome(1.5e-3, true)]);
    expect(p).toMatchObject({ method: 'modified', parameter: -0.2, hMax: 1.5e-3, hFail: 2e-3, failureMode: 'newton', failureTime: 0.5, stableAbove: 5e-3, runs: 4 });
    expect(p.omegaH).toBeCloseTo(1.5e-3 * 75, 15);
    expect(p.ladder.map((m) => m.h)).toEqual([1e-3, 1.5e-3, 2e-3, 5e-3]);
  });

  it('no stable run: h_max NaN; no failing run: h_fail NaN', () => {
    expect(stabilityPoint('classical', 0, [outcome(1e-3, false)])).toMatchObject({ hMax: NaN, hFail: 1e-3 });
    expect(stabilityPoint('classical', 0, [outcome(1e-3, true)])).toMatchObject({ hMax: 1e-3, hFail: NaN, failureMode: null });
  });
});

describe('classifying a run of the spin', () => {
  const spin = paperModel('spin');
  const settings = (method: 'classical' | 'modified', alpha: number, h: number, tEnd: number) => stabilityRunSettings(method, { alpha }, h, tEnd);

  it('classical HHT at α = 0 fails by the eᵀė mode; modified is stable, Ω = |ω|/2 of the spin', () => {
    const classical = classifyStabilityRun(spin, settings('classical', 0, 0.01, 3), DEFAULT_STABILITY_BOUNDS);
    expect(classical).toMatchObject({ stable: false, mode: 'euler-velocity' });
    expect(classical.failureTime).toBeCloseTo(1.28, 10);
    // A constant spin at 40 rad/s: the Euler parameters turn at Ω = 20 rad/s; 400 samples, a 256-point FFT.
    const constant = paperModel('spin', { M: [0, 0, 0], omega0: [40, 0, 0] });
    const modified = classifyStabilityRun(constant, settings('modified', 0, 0.005, 2), DEFAULT_STABILITY_BOUNDS);
    expect(modified).toMatchObject({ stable: true, mode: null, failure: null });
    expect(Math.abs(modified.omega - 20)).toBeLessThanOrEqual((2 * Math.PI) / (256 * 0.005));
    expect(modified.constraintError).toBeLessThan(1e-12);
  });

  it('a bound broken is instability: the constraint bound, and the energy created (dissipation is not)', () => {
    const tight = classifyStabilityRun(spin, settings('modified', 0, 0.01, 1), { energy: 1, constraint: 1e-30 });
    expect(tight).toMatchObject({ stable: false, mode: 'constraint' });
    expect(tight.failure).toMatch(/^the constraint residual reached .* \(bound 1e-30\)$/);
    // Classical α = −0.3 dissipates most of the torque's work (ω_x(10) = 18.8 of 60): E − E₀ − W < 0, stable.
    const dissipating = classifyStabilityRun(spin, settings('classical', -0.3, 0.01, 10), DEFAULT_STABILITY_BOUNDS);
    expect(dissipating.stable).toBe(true);
    expect(dissipating.energyRatio).toBeLessThanOrEqual(0);
  });
});

describe('the largest stable step of classical HHT on the spin at α = −0.05', () => {
  it('h_max ≈ 0.0148 s, h·Ω ≈ 0.1, the eᵀė mode above it; modified stable over the whole range', () => {
    const points = stabilityStudy(paperModel('spin'), {
      methods: ['classical', 'modified'], alpha: -0.05, hRange: [5e-3, 0.05], tEnd: 3, rtol: 0.02, bounds: DEFAULT_STABILITY_BOUNDS,
    });
    const [classical, modified] = points;
    // Measured 0.014768 s and 0.014929 s, h·Ω = 0.098.
    expect(classical.hMax).toBeGreaterThan(0.0140);
    expect(classical.hMax).toBeLessThan(0.0155);
    expect(classical.hFail / classical.hMax).toBeLessThanOrEqual(1.02);
    expect(classical.failureMode).toBe('euler-velocity');
    expect(classical.omegaH).toBeGreaterThan(0.08);
    expect(classical.omegaH).toBeLessThan(0.12);
    expect(modified).toMatchObject({ hMax: 0.05, hFail: NaN, failureMode: null });
  });
});
