import { describe, expect, it } from 'vitest';
import { EULER_VELOCITY_REASON, failureAdvice, failureReason } from '../../src/app/failure';

describe('failure advice', () => {
  it('suggests damping and a smaller step for a fixed step with α near 0', () => {
    expect(failureAdvice({ alpha: 0, h: 1e-4 })).toBe('use α < 0 (e.g. α = −0.1) or a smaller step (e.g. h = 0.00001 s)');
  });

  it('suggests only a smaller step when α already damps', () => {
    expect(failureAdvice({ alpha: -0.3, h: 0.003 })).toBe('use a smaller step (e.g. h = 0.0003 s)');
  });

  it('suggests a tighter tolerance for adaptive runs, never below the bound', () => {
    expect(failureAdvice({ alpha: -0.2, h: 1e-3, tolerance: 1e-4 })).toBe('use a tighter tolerance (e.g. tol = 0.000001)');
    expect(failureAdvice({ alpha: 0, h: 1e-3, tolerance: 1e-12 })).toBe('use α < 0 (e.g. α = −0.1) or a tighter tolerance (e.g. tol = 1e-12)');
  });
});

describe('the Euler parameters\' eᵀė mode (classical HHT at α = 0 on the free spin)', () => {
  it('is explained whatever the joints, and the index-3 text is not used for it', () => {
    expect(failureReason({ alpha: 0 }, false, 'classical', 'euler-velocity')).toBe(EULER_VELOCITY_REASON);
    expect(EULER_VELOCITY_REASON).toContain('exp(|ω|t/2)');
    expect(EULER_VELOCITY_REASON).toContain('this is not the joints’ index-3 oscillation');
    // Without the solver's cause a free body's failure has no explanation here; with joints the index-3 one.
    expect(failureReason({ alpha: 0 }, false, 'classical')).toBeNull();
    expect(failureReason({ alpha: 0 }, true, 'classical', 'multiplier-oscillation')).toMatch(/index-3 constraint/);
  });

  it('advises damping or the modified method, not a smaller step', () => {
    expect(failureAdvice({ alpha: 0, h: 0.01 }, 'classical', 'euler-velocity')).toBe(
      'use α < 0 (e.g. α = −0.3) or the modified method; a smaller step only postpones the failure',
    );
    expect(failureAdvice({ alpha: 0, h: 0.01, rho: 1 }, 'generalized-alpha', 'euler-velocity')).toBe(
      'use a lower ρ∞ (e.g. ρ∞ = 0.5); a smaller step only postpones the failure',
    );
  });
});
