/**
 * The two mechanisms of docs/examples/, written from docs/model-format.md alone, read and run with their
 * physics checked: the double pendulum against an independent solution of its Lagrange equations, and its
 * energy; the gyroscope in a gimbal against the gyroscopic approximation of its precession and nutation.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readModelText } from '../../src/modelfile/read';
import { compileModel } from '../../src/modelfile/compile';
import type { ModelDocument } from '../../src/modelfile/schema';
import { prepareModel } from '../../src/solver/model/prepare';
import type { MultibodyModel } from '../../src/solver/model/types';
import { Simulation, SAMPLE_WIDTH, type RunSettings } from '../../src/solver/simulate';

const text = (name: string) => readFileSync(`docs/examples/${name}.json`, 'utf8');

function prepared(name: string, values: Record<string, number[]> = {}): MultibodyModel {
  const result = prepareModel(compileModel(JSON.parse(text(name)) as ModelDocument, values).model);
  if (!result.ok) throw new Error(result.reason);
  return result.model;
}

/** Every sample row of a run that must finish. */
function rows(model: MultibodyModel, settings: Omit<RunSettings, 'sampleEvery'>): Float64Array[] {
  const out: Float64Array[] = [];
  const sim = new Simulation(model, { ...settings, sampleEvery: 1 });
  while (sim.advance(100_000, (row) => { out.push(row.slice()); }) === 'running');
  expect(sim.failure).toBeNull();
  return out;
}

const maxAbs = (xs: readonly number[]) => xs.reduce((m, x) => Math.max(m, Math.abs(x)), 0);

describe('the examples read as they are', () => {
  it.each(['double-pendulum', 'gyroscope'])('%s: no issue, no warning, nothing to assemble or remove', (name) => {
    const result = readModelText(text(name));
    expect(result.ok, result.ok ? '' : JSON.stringify(result.issues)).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([]);
    expect(result.report).toEqual({ moved: [], removed: [] });
  });
});

describe('double pendulum', () => {
  // Two uniform rods 1 m × 0.04 m × 0.04 m of 1 kg; φ1, φ2 their angles from +x, the file's defaults φ1 = 0°, φ2 = 30°.
  const m = 1, l = 1, c = 0.5, g = 9.81, I = (m * (l * l + 0.04 * 0.04)) / 12;

  /**
   * The Lagrange equations in the absolute angles (an independent model of the same mechanism):
   *   (I + m c² + m l²) φ̈1 + m l c cos(φ1 − φ2) φ̈2 + m l c sin(φ1 − φ2) φ̇2² + (m c + m l) g cos φ1 = 0
   *   m l c cos(φ1 − φ2) φ̈1 + (I + m c²) φ̈2 − m l c sin(φ1 − φ2) φ̇1² + m g c cos φ2 = 0,
   * integrated by RK4 with h = 1e-5 s (its error, ~h⁴, is far below what is compared).
   */
  function lagrange(phi1: number, phi2: number, tEnd: number): [number, number] {
    const f = ([a, b, ad, bd]: number[]) => {
      const m11 = I + m * c * c + m * l * l, m12 = m * l * c * Math.cos(a - b), m22 = I + m * c * c;
      const r1 = -(m * l * c * Math.sin(a - b) * bd * bd + (m * c + m * l) * g * Math.cos(a));
      const r2 = -(-m * l * c * Math.sin(a - b) * ad * ad + m * g * c * Math.cos(b));
      const det = m11 * m22 - m12 * m12;
      return [ad, bd, (r1 * m22 - m12 * r2) / det, (m11 * r2 - m12 * r1) / det];
    };
    const h = 1e-5;
    let s = [phi1, phi2, 0, 0];
    for (let i = 0; i < Math.round(tEnd / h); i++) {
      const k1 = f(s), k2 = f(s.map((x, j) => x + (h / 2) * k1[j])), k3 = f(s.map((x, j) => x + (h / 2) * k2[j])), k4 = f(s.map((x, j) => x + h * k3[j]));
      s = s.map((x, j) => x + (h / 6) * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]));
    }
    return [s[0], s[1]];
  }

  const T = 2;
  const reference = lagrange(0, (30 * Math.PI) / 180, T);
  const model = prepared('double-pendulum');
  /** The absolute angles at T from the joint-angle outputs: φ1 = θ1, φ2 = 30° + θ1 + θ2 (θ2 is relative). */
  const run = (h: number) => {
    const out = rows(model, { method: 'modified', alpha: -0.05, h, tEnd: T });
    const last = out[out.length - 1];
    const phi: [number, number] = [last[SAMPLE_WIDTH], (30 * Math.PI) / 180 + last[SAMPLE_WIDTH] + last[SAMPLE_WIDTH + 1]];
    return { error: Math.max(Math.abs(phi[0] - reference[0]), Math.abs(phi[1] - reference[1])), energy: maxAbs(out.map((r) => r[5])) };
  };
  const coarse = run(1e-3), fine = run(5e-4);

  it('follows its Lagrange equations at second order (2 s, modified HHT, α = −0.05)', () => {
    // Measured 8.1e-5 rad at h = 1e-3 and 2.0e-5 at 5e-4: the error falls 4× per halving, as a second-order method's must.
    expect(coarse.error).toBeLessThan(1.5e-4);
    expect(coarse.error / fine.error).toBeGreaterThan(3);
    expect(coarse.error / fine.error).toBeLessThan(5);
  });

  it('keeps its energy but for HHT\'s own dissipation, which falls at second order', () => {
    // No load does work, so energy_error = E − E0 is the method's numerical dissipation (measured 2.0e-3 J and 5.1e-4 J
    // of the 2.45 J in motion): α = −0.05 damps at O(h²) on this slow motion.
    expect(fine.energy).toBeLessThan(1e-3);
    expect(coarse.energy / fine.energy).toBeGreaterThan(3);
    expect(coarse.energy / fine.energy).toBeLessThan(5);
  });
});

describe('gyroscope in a gimbal', () => {
  // The file's defaults: a rotor of m = 1 kg, r = 0.1 m, 0.02 m thick, d = 0.1 m from the tilt axis, spinning at 200 rad/s.
  const mass = 1, g = 9.81, d = 0.1, spin = 200, r = 0.1;
  const Js = (mass * r * r) / 2;
  /** The gyroscopic approximation of the precession rate, m g d / (Js ω): 0.981 rad/s. */
  const omegaGyro = (mass * g * d) / (Js * spin);
  /** The inertia turning about the vertical: outer ring 0.001, inner frame 0.0002, rotor m(3r² + l²)/12 + m d². */
  const Jz = 0.001 + 0.0002 + (mass * (3 * r * r + 0.02 * 0.02)) / 12 + mass * d * d;
  const T = 1;

  /** Least-squares slope of the precession angle: its mean rate, whatever phase the nutation ends in. */
  function precessionRate(out: readonly Float64Array[]): number {
    const t = out.map((row) => row[0]), y = out.map((row) => row[SAMPLE_WIDTH]);
    const mt = t.reduce((a, b) => a + b) / t.length, my = y.reduce((a, b) => a + b) / y.length;
    let sxy = 0, sxx = 0;
    t.forEach((ti, k) => { sxy += (ti - mt) * (y[k] - my); sxx += (ti - mt) ** 2; });
    return sxy / sxx;
  }
  const generalizedAlpha = (model: MultibodyModel, h: number, tEnd = T) => rows(model, { method: 'generalized-alpha', alpha: 0, rho: 0.8, h, tEnd });

  it('started at m g d / (Js ω), it precesses steadily at that rate: exact for a horizontal axle', () => {
    // For a horizontal axle the only changing angular momentum is the spin's, Js ω turning at Ω about z, and gravity's
    // moment about the pivot is m g d: Ω = m g d / (Js ω) exactly. What is left is the integrator's error, O(h²).
    const model = prepared('gyroscope', { precess: [omegaGyro] });
    const [coarse, fine] = [1e-3, 5e-4].map((h) => generalizedAlpha(model, h));
    const errors = [coarse, fine].map((out) => Math.abs(precessionRate(out) / omegaGyro - 1));
    expect(errors[1]).toBeLessThan(1e-3); // measured 6e-4
    expect(errors[0] / errors[1]).toBeGreaterThan(3);
    expect(errors[0] / errors[1]).toBeLessThan(5);
    expect(maxAbs(fine.map((row) => row[SAMPLE_WIDTH + 2]))).toBeLessThan(1e-4); // the axle stays level: measured 1.4e-5 rad
  });

  it('released, it precesses on average at the gyroscopic rate and nods as deep as the approximation says', () => {
    // Released with no precession, the axle dips until the gyroscopic moment holds it: θ_max = 2 m g d Jz / (Js ω)²
    // = 0.0269 rad, and the precession rate swings about m g d / (Js ω). Both are the fast-top limit; their corrections
    // are of the order ε = Ω / ω_nutation = Ω Jz / (Js ω) = 0.013 (of θ_max) and ε² (of the mean rate).
    // Over 2 s (24 nutation periods) the fitted mean rate is within 1e-3 of it: measured 4.5e-4 at h = 5e-4, 2.2e-3 at
    // h = 1e-3 (the method's error, O(h²); extrapolated to h = 0 it is 3e-5, the ε² of the approximation).
    const out = generalizedAlpha(prepared('gyroscope'), 5e-4, 2);
    expect(Math.abs(precessionRate(out) / omegaGyro - 1)).toBeLessThan(1e-3);
    const dip = maxAbs(out.map((row) => row[SAMPLE_WIDTH + 2]));
    const predicted = (2 * mass * g * d * Jz) / (Js * spin) ** 2;
    expect(Math.abs(dip / predicted - 1)).toBeLessThan(2 * 0.013);
  });

  it('the classical HHT loses the rotor\'s spin; the modified keeps it (Sherif et al., on a model of your own)', () => {
    const model = prepared('gyroscope');
    const finalSpin = (method: 'classical' | 'modified') => {
      const out = rows(model, { method, alpha: -0.3, h: 1e-3, tEnd: T });
      return out[out.length - 1][SAMPLE_WIDTH + 3];
    };
    expect(Math.abs(finalSpin('modified') - spin)).toBeLessThan(0.1); // measured 0.07 rad/s after 1 s
    expect(finalSpin('classical')).toBeLessThan(0.9 * spin);
  });
});
