/**
 * Dense output (src/solver/integrators/denseOutput.ts): the cubic Hermite interpolant's observed orders on an
 * exact trajectory, and adaptive runs that step past sample times.
 */
import { describe, expect, it } from 'vitest';
import { hermite } from '../../src/solver/integrators/denseOutput';
import { paperModel, paperValues, spinExactOmega } from '../support/paperModel';
import { Simulation, type RunSettings } from '../../src/solver/simulate';

/** Halving h must shrink an O(h^p) interpolation error by at least this fraction of 2^p. */
const ORDER_SLACK = 0.8;

/** Exact spin about x under the constant moment (the spin file's defaults): θ = ω0 t + ½ (M/J) t², e = (cos θ/2, sin θ/2, 0, 0). */
function exactEulerParameters(t: number): { e: Float64Array; ed: Float64Array } {
  const spin = paperValues('spin');
  const w0 = spin.omega0[0], a = spin.M[0] / spin.J[0];
  const th = w0 * t + 0.5 * a * t * t, w = w0 + a * t;
  return {
    e: Float64Array.of(Math.cos(th / 2), Math.sin(th / 2), 0, 0),
    ed: Float64Array.of(-0.5 * w * Math.sin(th / 2), 0.5 * w * Math.cos(th / 2), 0, 0),
  };
}

/** Largest interpolation error in e and ė over [t0, t0 + h] at eight interior points. */
function interpolationErrors(t0: number, h: number): { position: number; velocity: number } {
  const a = exactEulerParameters(t0), b = exactEulerParameters(t0 + h);
  const x = new Float64Array(4), v = new Float64Array(4);
  let position = 0, velocity = 0;
  for (let k = 1; k < 9; k++) {
    const t = t0 + (k / 9) * h;
    hermite(4, a.e, a.ed, t0, b.e, b.ed, t0 + h, t, x, v);
    const exact = exactEulerParameters(t);
    for (let i = 0; i < 4; i++) {
      position = Math.max(position, Math.abs(x[i] - exact.e[i]));
      velocity = Math.max(velocity, Math.abs(v[i] - exact.ed[i]));
    }
  }
  return { position, velocity };
}

describe('cubic Hermite dense output on the exact spin trajectory', () => {
  it('reproduces the end points and their rates exactly', () => {
    const a = exactEulerParameters(0.3), b = exactEulerParameters(0.35);
    const x = new Float64Array(4), v = new Float64Array(4);
    hermite(4, a.e, a.ed, 0.3, b.e, b.ed, 0.35, 0.35, x, v);
    for (let i = 0; i < 4; i++) {
      expect(x[i]).toBeCloseTo(b.e[i], 14);
      expect(v[i]).toBeCloseTo(b.ed[i], 12);
    }
  });

  it('observed order: error O(h⁴) in the positions, O(h³) in the velocities', () => {
    for (const h of [0.02, 0.01, 0.005]) {
      const coarse = interpolationErrors(1, h), fine = interpolationErrors(1, h / 2);
      expect(coarse.position / fine.position).toBeGreaterThan(ORDER_SLACK * 16);
      expect(coarse.velocity / fine.velocity).toBeGreaterThan(ORDER_SLACK * 8);
    }
  });
});

describe('adaptive runs with dense output step past sample times', () => {
  const model = paperModel('spin');
  /** Samples every 1 ms over 2 s; the steps are several ms long. */
  const base: RunSettings = { method: 'modified', alpha: -0.2, h: 1e-3, tEnd: 2, sampleEvery: 1, tolerance: 1e-6, hMax: 0.05 };
  function run(settings: RunSettings) {
    const sim = new Simulation(model, settings);
    const rows: number[][] = [];
    sim.advance(Number.MAX_SAFE_INTEGER, (row) => rows.push(Array.from(row)));
    const error = Math.max(...rows.map((r) => Math.abs(r[1] - spinExactOmega(r[0])[0])));
    return { sim, rows, error };
  }

  it('samples every 1 ms exactly, with several samples per step and fewer steps than landing on each sample', () => {
    const landing = run(base), dense = run({ ...base, denseOutput: true });
    expect(dense.sim.failure).toBeNull();
    expect(dense.rows.length).toBe(2001);
    dense.rows.forEach((r, k) => expect(r[0]).toBeCloseTo(k * 1e-3, 13));
    expect(dense.rows[2000][0]).toBe(2);
    expect(dense.sim.stepsDone).toBeLessThan(2000 / 2);
    expect(dense.sim.stepsDone).toBeLessThan(landing.sim.stepsDone / 2);
  });

  it('interpolated ω converges at second order: the step halves with ε/8 and the sample error falls about 4×', () => {
    // On exact data the velocity interpolant is O(h³) (above); HHT's positions and velocities fit one smooth
    // curve only to O(h³) per step (β, γ ≠ ¼, ½), so on a run the interpolated q̇ is O(h²), like the method.
    const coarse = run({ ...base, denseOutput: true }), fine = run({ ...base, tolerance: base.tolerance! / 8, denseOutput: true });
    expect(coarse.error / fine.error).toBeGreaterThan(ORDER_SLACK * 4); // measured 4.05
    expect(coarse.error / fine.error).toBeLessThan(8 / ORDER_SLACK);
  });
});
