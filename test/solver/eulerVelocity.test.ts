/**
 * The free spin at α = 0 (SPEC §5): classical HHT's unenforced velocity-level normalisation s = eᵀė grows as
 * exp(|ω|t/2) with alternating sign, whatever h, while the modified update keeps s = 0; the failure is explained
 * as that mode, not as the index-3 joint oscillation (integrators/eulerVelocityMonitor.ts).
 */
import { describe, expect, it } from 'vitest';
import { paperModel } from '../support/paperModel';
import { Simulation, type IntegratorMethod } from '../../src/solver/simulate';
import { eulerVelocityResidual, eulerVelocityReason } from '../../src/solver/integrators/eulerVelocityMonitor';
import { InvariantMonitor, INVARIANT_COLUMNS } from '../../src/solver/studies/invariants';

/** s = eᵀė of the spinning body after every step of a constant spin at ω about x (M = 0), until the run ends. */
function constantSpin(omega: number, h: number, method: IntegratorMethod, tEnd: number) {
  const model = paperModel('spin', { M: [0, 0, 0], omega0: [omega, 0, 0] });
  const sim = new Simulation(model, { method, alpha: 0, h, tEnd, sampleEvery: 1 });
  const t: number[] = [], s: number[] = [];
  while (sim.advance(1, () => {}) === 'running') {
    const { q, qd } = sim.integrator;
    t.push(sim.time);
    s.push(q[3] * qd[3] + q[4] * qd[4] + q[5] * qd[5] + q[6] * qd[6]);
  }
  return { t, s, sim };
}

/** Least-squares slope of ln|s| over t where 1e-9 < |s| < 1e-2: out of the round-off floor, before Newton suffers. */
function growthRate(t: readonly number[], s: readonly number[]): number {
  const points = t.map((x, k) => [x, Math.log(Math.abs(s[k]))]).filter((_, k) => Math.abs(s[k]) > 1e-9 && Math.abs(s[k]) < 1e-2);
  const mt = points.reduce((a, p) => a + p[0], 0) / points.length;
  const ml = points.reduce((a, p) => a + p[1], 0) / points.length;
  const num = points.reduce((a, p) => a + (p[0] - mt) * (p[1] - ml), 0);
  return num / points.reduce((a, p) => a + (p[0] - mt) ** 2, 0);
}

describe('classical HHT at α = 0 on a constant spin: eᵀė grows as exp(ωt/2) with alternating sign', () => {
  for (const omega of [10, 20, 40]) {
    for (const h of [0.002, 0.001]) {
      it(`ω = ${omega} rad/s, h = ${h} s: rate ω/2 = ${omega / 2} 1/s, sign flips every step, Newton fails at the end`, () => {
        const { t, s, sim } = constantSpin(omega, h, 'classical', 12);
        // Measured 5.00, 5.00, 10.00, 10.00, 19.97, 19.99; the 2-D linearised map gives −(1 ± Ωh), Ω = ω/2.
        expect(growthRate(t, s) / (omega / 2)).toBeCloseTo(1, 2);
        const grown = s.map((x, k) => k).filter((k) => k > 0 && Math.abs(s[k]) > 1e-6);
        expect(grown.every((k) => s[k] * s[k - 1] < 0)).toBe(true);
        expect(sim.failure?.cause).toBe('euler-velocity');
      });
    }
  }

  it('the modified update keeps eᵀė = 0 to round-off over the same span, and finishes', () => {
    const { s, sim } = constantSpin(40, 0.002, 'modified', 3);
    expect(sim.failure).toBeNull();
    expect(Math.max(...s.map(Math.abs))).toBeLessThan(1e-12);
  });
});

describe('the failure is explained as the eᵀė mode, not the index-3 joint oscillation', () => {
  function failure(alpha: number, model = paperModel('spin'), h = 0.01, tEnd = 10) {
    const sim = new Simulation(model, { method: 'classical', alpha, h, tEnd, sampleEvery: 1 });
    while (sim.advance(10_000, () => {}) === 'running');
    return sim.failure;
  }

  it('spin, α = 0, h = 0.01: Newton fails at 1.28 s, the reason names eᵀė and the remedies', () => {
    const f = failure(0);
    expect(f?.time).toBeCloseTo(1.28, 10);
    expect(f?.cause).toBe('euler-velocity');
    // The sparse LU's pivot check may see the Newton matrix singular before Newton gives up: either is the failure.
    expect(f?.reason).toMatch(/^(Newton did not converge in \d+ iterations|the Newton matrix is singular): the velocity-level normalisation eᵀė = 0/);
    expect(f?.reason).toContain('use α < 0');
    expect(f?.reason).toContain('the modified method');
    expect(f?.reason).not.toContain('index-3 constraints');
  });

  it('spin, α = −0.05: the multiplier monitor stops it at 5.86 s, but a free body has no joint: eᵀė is named', () => {
    const f = failure(-0.05);
    expect(f?.time).toBeCloseTo(5.86, 10);
    expect(f?.cause).toBe('euler-velocity');
    expect(f?.reason).toContain('at α = -0.05');
  });

  it('heavy top, α = 0: the joint multiplier oscillation keeps its own reason', () => {
    const f = failure(0, paperModel('heavy-top'), 1e-3, 1);
    expect(f?.cause).toBe('multiplier-oscillation');
    expect(f?.reason).toContain('index-3 constraints');
  });

  it('the reason for the ρ∞ methods names their own knob', () => {
    expect(eulerVelocityReason({ rho: 1 }, 0.5)).toContain('use a smaller ρ∞');
    expect(eulerVelocityReason({ alpha: 0 }, 0.5)).toContain('|eᵀė| = 0.50 1/s');
  });
});

describe('eᵀė among the invariant monitors', () => {
  it('is the last monitor column, max over bodies of |e_bᵀė_b|', () => {
    expect(INVARIANT_COLUMNS[INVARIANT_COLUMNS.length - 1]).toBe('euler_velocity');
    const q = Float64Array.of(0, 0, 0, 0.6, 0.8, 0, 0, 1, 1, 1, 1, 0, 0, 0);
    const qd = Float64Array.of(0, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0.5, 0, 0, 0);
    expect(eulerVelocityResidual(2, q, qd)).toBeCloseTo(2.2, 14);
  });

  it('the monitor reads it from a run of classical HHT at α = 0 as it grows', () => {
    const { sim } = constantSpin(40, 0.002, 'classical', 1);
    const out = new Float64Array(INVARIANT_COLUMNS.length);
    new InvariantMonitor(sim.system).evaluate(sim.integrator.q, sim.integrator.qd, sim.time, out);
    expect(out[INVARIANT_COLUMNS.indexOf('euler_velocity')]).toBeGreaterThan(1e-9);
  });
});
