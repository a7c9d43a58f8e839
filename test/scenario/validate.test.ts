import { describe, expect, it } from 'vitest';
import { SCENARIOS } from '../../src/scenario/registry';
import {
  ALPHA_MIN,
  checkAlpha,
  checkInertiaTriangle,
  checkTolerance,
  defaultMinStep,
  formatNumber,
  MAX_STEPS,
  parseMethodsText,
  parseNumberText,
  parseParamText,
  quoteText,
  validateParamValues,
  TOLERANCE_MAX,
  TOLERANCE_MIN,
  validateRunSettings,
} from '../../src/scenario/validate';
import { mulberry32 } from '../support/prng';

const J = SCENARIOS.spin.params.find((p) => p.name === 'J')!;
const m = SCENARIOS['heavy-top'].params.find((p) => p.name === 'm')!;

describe('parseNumberText', () => {
  it.each([
    ['1', 1], ['-0.2', -0.2], ['1e-4', 1e-4], ['2.5E+3', 2500], [' 3 ', 3], ['.5', 0.5], ['5.', 5], ['-0', -0],
  ])('reads %j', (text, value) => {
    expect(parseNumberText('x', text)).toEqual({ ok: true, value });
  });

  it.each(['', ' ', 'NaN', 'Infinity', '-Infinity', '1e400', '0x10', '1_000', '1,5', '--1', 'e5', '1e', '١'])(
    'rejects %j with a message naming it',
    (text) => {
      const parsed = parseNumberText('alpha', text);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) {
        expect(parsed.issue.key).toBe('alpha');
        expect(parsed.issue.message).toContain(`alpha=${text}`);
      }
    },
  );
});

describe('parseParamText', () => {
  it('reads vectors as comma lists, spaces allowed', () => {
    expect(parseParamText(J, '1, 2 ,2.5')).toEqual({ ok: true, value: [1, 2, 2.5] });
    expect(parseParamText(m, '15')).toEqual({ ok: true, value: [15] });
  });

  it.each([
    [J, '1,2', /J=1,2: J needs 3 comma-separated numbers, got 2/],
    [J, '1,2,3,4', /got 4/],
    [J, '1,,2', /an entry is empty/],
    [J, '1,NaN,2', /'NaN' is not a finite number/],
    [J, '-1,2,2', /-1 is outside \[1e-9, 1000000\] kg m²/],
    [m, '0', /m=0: 0 is outside \[1e-9, 1000000\] kg/],
    [m, '1,2', /m needs one number, got 2/],
    [m, 'heavy', /m=heavy is not a finite number/],
  ])('rejects %#', (def, text, message) => {
    const parsed = parseParamText(def, text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issue.message).toMatch(message);
  });

  it('names the value with the caller namer (CLI style)', () => {
    const parsed = parseParamText(J, '1,2', (k, t) => `--set ${k}=${t}`);
    expect(!parsed.ok && parsed.issue.message).toMatch(/^--set J=1,2:/);
  });
});

describe('run settings', () => {
  it('accepts the α range endpoints exactly, and -1/3 written in decimal', () => {
    expect(checkAlpha(ALPHA_MIN)).toBeNull();
    expect(checkAlpha(0)).toBeNull();
    expect(checkAlpha(Number('-0.3333333333333333'))).toBeNull();
    expect(checkAlpha(-0.34)?.message).toBe('alpha=-0.34 is outside [-1/3, 0]');
    expect(checkAlpha(1e-12)).not.toBeNull();
    expect(checkAlpha(NaN)).not.toBeNull();
  });

  it('checks h > 0, t > 0, h ≤ t and the work limit', () => {
    expect(validateRunSettings({ alpha: -0.1, h: 0.01, tEnd: 0.01 })).toEqual([]);
    expect(validateRunSettings({ alpha: -0.1, h: 0, tEnd: 1 })[0].message).toMatch(/h=0 must be a positive/);
    expect(validateRunSettings({ alpha: -0.1, h: 1, tEnd: -1 })[0].message).toMatch(/t=-1 must be a positive/);
    expect(validateRunSettings({ alpha: -0.1, h: 2, tEnd: 1 })[0].message).toBe('h=2 is larger than t=1');
    expect(validateRunSettings({ alpha: -0.1, h: 1e-6, tEnd: MAX_STEPS * 1e-6 })).toEqual([]);
    expect(validateRunSettings({ alpha: -0.1, h: 1e-6, tEnd: 2 * MAX_STEPS * 1e-6 })[0].message).toMatch(/limit is 20000000/);
  });

  it('checks the adaptive tolerance and bounds the initial step by t_end / MAX_STEPS', () => {
    const run = { alpha: -0.1, h: 1e-3, tEnd: 1 };
    expect(validateRunSettings({ ...run, tolerance: 1e-6 })).toEqual([]);
    expect(validateRunSettings({ ...run, tolerance: TOLERANCE_MIN })).toEqual([]);
    expect(validateRunSettings({ ...run, tolerance: TOLERANCE_MAX })).toEqual([]);
    expect(validateRunSettings({ ...run, tolerance: 0.2 })[0]).toEqual({
      key: 'tol',
      message: 'tol=0.2: the local error tolerance must lie in [1e-12, 0.1] (leave it out for a fixed step)',
    });
    expect(validateRunSettings({ ...run, tolerance: NaN })[0].message).toBe('tol=NaN is not a finite number');
    expect(validateRunSettings({ ...run, h: 1e-9, tolerance: 1e-6 })[0].message).toBe(
      'h=1e-9: the initial step is below the smallest step 5e-8 s allowed with t=1 (limit 20000000 steps)',
    );
    expect(defaultMinStep(10)).toBe(5e-7);
  });

  it('rejects tolerances outside [TOLERANCE_MIN, TOLERANCE_MAX] and anything non-finite', () => {
    for (const bad of [0, -0, -1e-6, 1e-13, 0.10000000000000002, 1, Infinity, -Infinity, NaN]) {
      expect(checkTolerance(bad), String(bad)).not.toBeNull();
    }
    for (const good of [1e-12, 1e-9, 1e-6, 1e-3, 0.1]) expect(checkTolerance(good)).toBeNull();
    expect(checkTolerance(0.5, '--tol', (k, t) => `${k} ${t}`)?.message).toMatch(/^--tol 0\.5: the local error tolerance/);
  });

  it('uses the keys and namer it is given', () => {
    const flags = { alpha: '--alpha', h: '--h', tEnd: '--t-end', tolerance: '--tol' };
    const issues = validateRunSettings({ alpha: 0.5, h: 2, tEnd: 1 }, flags, (k, t) => `${k} ${t}`);
    expect(issues.map((i) => i.message)).toEqual(['--alpha 0.5 is outside [-1/3, 0]', '--h 2 is larger than --t-end 1']);
  });
});

describe('methods', () => {
  it('reads lists, drops repeats, rejects unknown and empty', () => {
    expect(parseMethodsText('methods', 'modified,classical,modified')).toEqual({ ok: true, value: ['modified', 'classical'] });
    expect(parseMethodsText('methods', '').ok).toBe(false);
    expect(parseMethodsText('methods', 'euler').ok).toBe(false);
  });
});

describe('inertia triangle inequality', () => {
  it('accepts the limiting flat body and decimal rounding', () => {
    expect(checkInertiaTriangle('J', [0.234375, 0.46875, 0.234375])).toBeNull();
    expect(checkInertiaTriangle('J', [0.7, 0.1, 0.8])).toBeNull();
  });

  it('rejects each violated permutation with a specific message', () => {
    expect(checkInertiaTriangle('J', [5, 1, 1])?.message).toMatch(/Jy \+ Jz = 2 < Jx = 5/);
    expect(checkInertiaTriangle('J', [1, 5, 1])?.message).toMatch(/Jz \+ Jx = 2 < Jy = 5/);
    expect(checkInertiaTriangle('J', [1, 1, 5])?.message).toMatch(/Jx \+ Jy = 2 < Jz = 5/);
  });

  it('is applied by validateParamValues only after bounds pass', () => {
    const spin = SCENARIOS.spin;
    expect(validateParamValues(spin, { J: [1, 1, 5], M: [0, 0, 0], omega0: [0, 0, 0] })[0].message).toMatch(/triangle/);
    expect(validateParamValues(spin, { J: [1, 1, -5], M: [0, 0, 0], omega0: [0, 0, 0] })[0].message).toMatch(/outside/);
    expect(validateParamValues(spin, { J: [1, 1, 1], M: [0, 0, 0] })[0].message).toBe('omega0 is missing');
    expect(validateParamValues(spin, { J: [1, 1, 1], M: [0, 0, 0], omega0: [0, 0, 0], m: [1] })[0].message).toMatch(
      /'m' is not a parameter of scenario spin/,
    );
  });
});

describe('formatting of user text', () => {
  it('round-trips every double through formatNumber (seeded)', () => {
    const rand = mulberry32(7);
    const view = new DataView(new ArrayBuffer(8));
    for (let k = 0; k < 2000; k++) {
      view.setUint32(0, (rand() * 2 ** 32) >>> 0);
      view.setUint32(4, (rand() * 2 ** 32) >>> 0);
      const x = view.getFloat64(0);
      if (!Number.isFinite(x)) continue;
      expect(Object.is(Number(formatNumber(x)), x)).toBe(true);
    }
    expect(formatNumber(-0)).toBe('-0');
  });

  it('quotes safely', () => {
    expect(quoteText('a\nb\u0000c')).toBe('a?b?c');
    expect(quoteText('x'.repeat(100))).toHaveLength(41);
  });
});
