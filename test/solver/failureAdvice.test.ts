/**
 * Failure advice fits the method: HHT runs are told α < 0, the ρ∞ methods (generalized-alpha,
 * ji-xing, lie-group) a smaller ρ∞, whether the multiplier monitor stopped the run, Newton failed while the
 * monitor saw the oscillation, or Newton failed with little damping.
 */
import { describe, expect, it } from 'vitest';
import { paperModel } from '../support/paperModel';
import { simulateFamily } from '../../src/solver/studies/familyRuns';
import type { FamilyMethodName } from '../../src/solver/studies/methodStability';
import {
  failureAdvice, LOW_DAMPING_ALPHA, LOW_DAMPING_RHO, OSCILLATION_REASON, oscillationReason,
} from '../../src/solver/integrators/multiplierMonitor';

const HHT_ADVICE = /use α < 0 or a smaller h$/;
const RHO_ADVICE = /use a smaller ρ∞ or a smaller h$/;

/** The failure of a heavy-top run (h = 1e-3) that is expected to fail. */
function failure(method: FamilyMethodName, parameter: { alpha: number } | { rho: number }, tEnd: number): { time: number; reason: string } {
  const settings = 'alpha' in parameter
    ? { method, alpha: parameter.alpha, h: 1e-3, tEnd, sampleEvery: 100 }
    : { method, alpha: 0, rho: parameter.rho, h: 1e-3, tEnd, sampleEvery: 100 };
  const r = simulateFamily(paperModel('heavy-top'), settings, () => {});
  expect(r.status).toBe('failed');
  return r.failure!;
}

describe('the advice names the method\'s own damping parameter', () => {
  it('HHT: the oscillation reason says α < 0 and never mentions ρ∞', () => {
    expect(oscillationReason({ alpha: 0 })).toBe(OSCILLATION_REASON);
    expect(OSCILLATION_REASON).toMatch(HHT_ADVICE);
    expect(OSCILLATION_REASON).not.toContain('ρ∞');
  });

  it('ρ∞ methods: the oscillation reason names ρ∞ and its value and never α', () => {
    const reason = oscillationReason({ rho: 0.95 });
    expect(reason).toContain('(ρ∞ = 0.95)');
    expect(reason).toMatch(RHO_ADVICE);
    expect(reason).not.toContain('α');
  });

  it('after a Newton failure: the knob only when the method damps little (α > −0.1, ρ∞ > (1 − 0.1)/(1 + 0.1))', () => {
    expect(LOW_DAMPING_RHO).toBeCloseTo(9 / 11, 15);
    expect(failureAdvice({ alpha: 0 })).toMatch(HHT_ADVICE);
    expect(failureAdvice({ alpha: LOW_DAMPING_ALPHA - 0.1 })).toBe('try a smaller h');
    // Below α = 0 the knob is "more negative", never "α < 0" (the run already has it).
    expect(failureAdvice({ alpha: -0.05 })).toMatch(/use a more negative α or a smaller h$/);
    expect(oscillationReason({ alpha: -0.03 })).toMatch(/use a more negative α or a smaller h$/);
    expect(failureAdvice({ rho: 1 })).toMatch(RHO_ADVICE);
    expect(failureAdvice({ rho: 1 })).not.toContain('α');
    expect(failureAdvice({ rho: 2 / 3 })).toBe('try a smaller h');
  });
});

/** A ρ∞ method's failure reason: it starts as expected, contains `detail`, ends with the ρ∞ advice and never names α. */
function expectRhoReason(reason: string, start: RegExp, detail: string): void {
  expect(reason).toMatch(start);
  expect(reason).toContain(detail);
  expect(reason).toMatch(RHO_ADVICE);
  expect(reason).not.toContain('α');
}

describe('heavy top, h = 1e-3: each family fails with its own advice', () => {
  it('classical HHT, α = 0: the monitor stops the run and advises α < 0', () => {
    const { reason } = failure('classical', { alpha: 0 }, 1);
    expect(reason).toBe(OSCILLATION_REASON);
  });

  it('modified HHT, α = −0.1: the monitor stops the run and advises a more negative α, never "α < 0" (α already is); α = −0.2 runs', () => {
    const { reason, time } = failure('modified', { alpha: -0.1 }, 1);
    expect(time).toBeLessThan(0.2);
    expect(reason).toMatch(/^the constraint multipliers oscillate/);
    expect(reason).toMatch(/use a more negative α or a smaller h$/);
    expect(reason).not.toContain('α < 0');
    const damped = simulateFamily(paperModel('heavy-top'), { method: 'modified', alpha: -0.2, h: 1e-3, tEnd: 1, sampleEvery: 1000 }, () => {});
    expect(damped.status).toBe('finished');
  });

  it('generalized-α, ρ∞ = 1: the monitor stops the run and advises a smaller ρ∞, not α (it said α < 0 before)', () => {
    expectRhoReason(failure('generalized-alpha', { rho: 1 }, 1).reason, /^the constraint multipliers oscillate/, '(ρ∞ = 1)');
  });

  it('Ji–Xing, ρ∞ = 1: Newton fails during the oscillation; the advice names ρ∞', () => {
    // The multipliers reach 1e23 within 0.04 s: the Newton matrix's rotation rows are then singular to working
    // precision (a pivot below 1e-14 of its row, sparseLu.ts), or Newton stops converging, whichever comes first.
    expectRhoReason(failure('ji-xing', { rho: 1 }, 0.2).reason, /^(Newton did not converge|the Newton matrix is singular).*: the constraint multipliers oscillate/, '(ρ∞ = 1)');
  });

  it('Lie group, ρ∞ = 1 (its own stepper, no monitor): Newton fails and the advice names ρ∞', () => {
    expectRhoReason(failure('lie-group', { rho: 1 }, 1).reason, /^Newton did not converge/, 'with ρ∞ = 1 the method damps little');
  });
});

describe('the Lie group refuses error control rather than ignoring it', () => {
  it('simulateFamily with a tolerance throws a sentence naming the fixed step', () => {
    const settings = { method: 'lie-group' as const, alpha: 0, rho: 2 / 3, h: 1e-3, tEnd: 0.01, sampleEvery: 1, tolerance: 1e-5 };
    expect(() => simulateFamily(paperModel('heavy-top'), settings, () => {})).toThrow('lie-group runs with a fixed step only (no tolerance)');
  });
});
