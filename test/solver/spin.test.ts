/** `spin` runs: final ω against the exact line, and energy_error including the work of the moment. */
import { describe, expect, it } from 'vitest';
import { paperModel, spinExactOmega } from '../support/paperModel';
import { simulate } from '../../src/solver/simulate';

function finalRow(method: 'classical' | 'modified', alpha: number, h = 0.01, tEnd = 10): Float64Array {
  let last = new Float64Array(0);
  const r = simulate(paperModel('spin'), { method, alpha, h, tEnd, sampleEvery: 100 }, (row) => { last = row.slice(); });
  expect(r.status).toBe('finished');
  return last;
}

describe('spin, defaults (J = diag(1,2,2), M = (5,0,0), ω0 = (10,0,0))', () => {
  const exact = spinExactOmega(10)[0];

  it('modified, α = 0 follows the exact line ω_x = 10 + 5t to round-off, with zero energy error', () => {
    const row = finalRow('modified', 0);
    expect(Math.abs(row[1] - exact)).toBeLessThan(1e-10 * exact);
    // E(t) − E(0) − W(t): W by the trapezoidal rule is exact for ω linear in t.
    expect(Math.abs(row[5])).toBeLessThan(1e-9 * row[4]);
  });

  it('classical, α = −0.3 saturates far below the exact 60 rad/s while modified stays within 0.2 %', () => {
    const classical = finalRow('classical', -0.3);
    const modified = finalRow('modified', -0.3);
    expect(classical[1]).toBeLessThan(0.5 * exact);
    expect(Math.abs(modified[1] - exact)).toBeLessThan(2e-3 * exact);
  });

  it('energy_error accounts for the work of the moment: a run without damping has |E−E0−W| ≪ W', () => {
    const row = finalRow('modified', 0);
    const work = row[4] - 50; // E(0) = ½ · 1 · 10² = 50 J
    expect(work).toBeGreaterThan(1000);
    expect(Math.abs(row[5])).toBeLessThan(1e-9 * work);
  });

  it('classical HHT loses energy even at α = 0 (Sherif Eq. 28: −(M/I) ω² h³/4 per step)', () => {
    const row = finalRow('classical', 0, 0.01, 1);
    expect(row[1]).toBeLessThan(spinExactOmega(1)[0] - 0.1);
    expect(row[5]).toBeLessThan(0);
  });

  it('classical HHT at α = 0 becomes unstable on the normalisation constraint and stops with a reason', () => {
    const r = simulate(paperModel('spin'), { method: 'classical', alpha: 0, h: 0.01, tEnd: 10, sampleEvery: 1 }, () => {});
    expect(r.status).toBe('failed');
    expect(r.failure!.time).toBeGreaterThan(1);
    expect(r.failure!.time).toBeLessThan(2);
  });
});
