import { describe, expect, it } from 'vitest';
import { failureAdvice } from '../../src/app/failure';

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
