import { describe, expect, it } from 'vitest';
import { EULER_VELOCITY_REASON, failureAdvice, failureReason, suggestedAlpha } from '../../src/app/failure';
import { splitReason } from '../../src/app/components/FailureBox';
import { oscillationReason } from '../../src/solver/integrators/multiplierMonitor';

describe('failure advice', () => {
  it('suggests damping and a smaller step for a fixed step with α = 0', () => {
    expect(failureAdvice({ alpha: 0, h: 1e-4 })).toBe('use α < 0 (e.g. α = −0.05) or a smaller step (e.g. h = 0.00001 s)');
  });

  it('below α = 0 says "a more negative α" with a value below the failed one, never "α < 0"', () => {
    // The heavy top at h = 1e-3: modified HHT fails at α = −0.1 and runs at −0.2.
    expect(failureAdvice({ alpha: -0.1, h: 1e-3 }, 'modified', 'multiplier-oscillation')).toBe('use a more negative α (e.g. α = −0.2) or a smaller step (e.g. h = 0.0001 s)');
    // On the default heavy top dragging α right: modified fails at −0.03.
    expect(failureAdvice({ alpha: -0.03, h: 1e-4 }, 'modified')).toBe('use a more negative α (e.g. α = −0.1) or a smaller step (e.g. h = 0.00001 s)');
    for (let k = -333; k < 0; k++) {
      const alpha = k / 1000;
      for (const cause of [undefined, 'multiplier-oscillation', 'newton', 'euler-velocity'] as const) {
        expect(failureAdvice({ alpha, h: 1e-3 }, 'classical', cause)).not.toContain('α < 0');
        expect(failureAdvice({ alpha, h: 1e-3 }, 'modified', cause)).not.toContain('α < 0');
      }
    }
  });

  it('suggests −1/3 from −0.3 and only a smaller step at the most damping there is', () => {
    expect(failureAdvice({ alpha: -0.3, h: 0.003 })).toBe('use a more negative α (e.g. α = −1/3) or a smaller step (e.g. h = 0.0003 s)');
    expect(failureAdvice({ alpha: -1 / 3, h: 0.003 })).toBe('use a smaller step (e.g. h = 0.0003 s)');
  });

  it('suggests a tighter tolerance for adaptive runs, never below the bound', () => {
    expect(failureAdvice({ alpha: -0.2, h: 1e-3, tolerance: 1e-4 })).toBe('use a more negative α (e.g. α = −0.3) or a tighter tolerance (e.g. tol = 0.000001)');
    expect(failureAdvice({ alpha: 0, h: 1e-3, tolerance: 1e-12 })).toBe('use α < 0 (e.g. α = −0.05) or a tighter tolerance (e.g. tol = 1e-12)');
  });

  it('skips a suggestion the damping scan measured unstable for the method at this step', () => {
    expect(suggestedAlpha(0)).toBe(-0.05);
    expect(suggestedAlpha(-0.1)).toBe(-0.2);
    // Measured unstable for α ≥ −0.06: −0.05 is not offered.
    expect(suggestedAlpha(0, (a) => a >= -0.065)).toBe(-0.1);
    expect(failureAdvice({ alpha: 0, h: 1e-4 }, 'modified', 'multiplier-oscillation', (a) => a >= -0.065)).toBe('use α < 0 (e.g. α = −0.1) or a smaller step (e.g. h = 0.00001 s)');
  });
});

describe('the box\'s reason', () => {
  it('explains the index-3 mode whenever the monitor names it, at α = −0.1 too, without "α this close to 0"', () => {
    const why = failureReason({ alpha: -0.1 }, true, 'modified', 'multiplier-oscillation')!;
    expect(why).toMatch(/index-3/);
    expect(why).toContain('At α = −0.1 and this step it is not');
    expect(why).not.toContain('close to 0');
  });

  it('leaves out the solver\'s own closing remedy (the box says what to try with values), keeps the rest', () => {
    const { headline, detail } = splitReason(oscillationReason({ alpha: -0.03 }));
    expect(headline).toMatch(/^the constraint multipliers oscillate/);
    expect(`${headline} ${detail}`).not.toMatch(/use /);
    const euler = splitReason('the velocity-level normalisation eᵀė = 0 grew to |eᵀė| = 0.39 1/s; no joint is involved; the plain Newmark update of ė damps this mode too little at α = 0: use α < 0 (the faster the body turns, the more) or the modified method, whose update keeps eᵀė = 0');
    expect(euler.headline).toBe('the velocity-level normalisation eᵀė = 0 grew to |eᵀė| = 0.39 1/s');
    expect(euler.detail).toBe('No joint is involved; the plain Newmark update of ė damps this mode too little at α = 0');
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
    expect(failureAdvice({ alpha: -0.05, h: 0.01 }, 'classical', 'euler-velocity')).toBe(
      'use a more negative α (e.g. α = −0.3) or the modified method; a smaller step only postpones the failure',
    );
    expect(failureAdvice({ alpha: 0, h: 0.01, rho: 1 }, 'generalized-alpha', 'euler-velocity')).toBe(
      'use a lower ρ∞ (e.g. ρ∞ = 0.5); a smaller step only postpones the failure',
    );
  });
});
