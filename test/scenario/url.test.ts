import { describe, expect, it } from 'vitest';
import type { IntegratorMethod } from '../../src/solver/simulate';
import { defaultState, SCENARIO_IDS, SCENARIOS } from '../../src/scenario/registry';
import { validateState } from '../../src/scenario/state';
import type { ParamDef, ScenarioId, ScenarioState } from '../../src/scenario/types';
import {
  decodeShareQuery,
  encodeShareQuery,
  MAX_VALUE_LENGTH,
  SHARE_SCHEMA_VERSION,
  linkVersionOf,
  VIEW_KEYS,
  VIEW_VALUE_PATTERNS,
} from '../../src/scenario/url';
import { ALPHA_MIN, TOLERANCE_MAX, TOLERANCE_MIN } from '../../src/scenario/validate';
import { errorNormOf } from '../../src/scenario/errorNorm';
import { logUniform, mulberry32, pick, uniform } from '../support/prng';

/** Fuzz cases per scenario; a failing seed is printed in the test name and can be pinned below. */
const ROUND_TRIP_CASES = 300;
const HOSTILE_CASES = 500;
/** Longest issue message we accept: a notice line, never an echo of the hostile input. */
const MAX_MESSAGE_LENGTH = 300;

function randomInertias(rand: () => number): number[] {
  const a = logUniform(rand, 1e-3, 1e3);
  const b = logUniform(rand, 1e-3, 1e3);
  const c = uniform(rand, Math.abs(a - b), a + b);
  return [a, b, Math.max(c, 1e-9)];
}

function randomParamValue(rand: () => number, def: ParamDef): readonly number[] {
  if (rand() < 0.3) return def.default;
  if (def.name === 'J') return randomInertias(rand);
  // A V8 rod must be longer than 1.2 × the crank radius (checked across parameters): draw radii below
  // 0.12 m and rods above 0.15 m (the default), so every pair is valid.
  if (def.name === 'crankRadius') return [uniform(rand, def.min, 0.12)];
  if (def.name === 'rodLength') return [uniform(rand, 0.15, def.max)];
  return def.default.map(() => {
    if (def.min > 0) return logUniform(rand, def.min, def.max);
    const r = rand();
    if (r < 0.05) return -0;
    if (r < 0.1) return 0;
    return uniform(rand, def.min, def.max);
  });
}

function randomMethods(rand: () => number): IntegratorMethod[] {
  return pick(rand, [['classical'], ['modified'], ['classical', 'modified'], ['modified', 'classical']] as IntegratorMethod[][]);
}

function randomState(rand: () => number, id: ScenarioId): ScenarioState {
  const def = SCENARIOS[id];
  const h = rand() < 0.3 ? def.defaultH : logUniform(rand, 1e-6, 1);
  const values: Record<string, readonly number[]> = {};
  for (const param of def.params) values[param.name] = randomParamValue(rand, param);
  return {
    scenario: id,
    methods: randomMethods(rand),
    alpha: rand() < 0.3 ? def.defaultAlpha : uniform(rand, ALPHA_MIN, 0),
    h,
    // The default t_end only where it is not shorter than h (Andrews' squeezer runs 0.03 s).
    tEnd: rand() < 0.3 && h <= def.defaultTEnd ? def.defaultTEnd : h * (1 + Math.floor(rand() * 1e6)),
    ...(rand() < 0.5 ? { tolerance: logUniform(rand, TOLERANCE_MIN, TOLERANCE_MAX) } : {}),
    values,
  };
}

function randomView(rand: () => number): Record<string, string> {
  const view: Record<string, string> = {};
  if (rand() < 0.5) view.component = pick(rand, ['x', 'y', 'z']);
  if (rand() < 0.5) view.show = pick(rand, ['energy', 'omega,energy', 'constraint_error']);
  if (rand() < 0.5) view.projector = pick(rand, ['on', 'off', '3d']);
  // `omega` stands for ω's plot on a model that names a default output (the page decides; the link carries it).
  if (rand() < 0.5) view.output = pick(rand, ['omega', 'x_B0', 'elbow angle']);
  return view;
}

describe('share link round trip', () => {
  for (const id of SCENARIO_IDS) {
    it(`reproduces random valid ${id} states exactly (seeds 1..${ROUND_TRIP_CASES})`, () => {
      for (let seed = 1; seed <= ROUND_TRIP_CASES; seed++) {
        const rand = mulberry32(seed);
        const state = randomState(rand, id);
        const view = randomView(rand);
        expect(validateState(state), `seed ${seed}`).toEqual([]);
        const query = encodeShareQuery(state, view);
        const decoded = decodeShareQuery(query);
        expect(decoded.issues, `seed ${seed}: ${query}`).toEqual([]);
        expect(decoded.state, `seed ${seed}: ${query}`).toEqual(state);
        expect(decoded.view, `seed ${seed}`).toEqual(view);
      }
    });
  }

  it('accepts a full URL, a ?query and a bare query alike', () => {
    const state = { ...defaultState('spin'), alpha: -0.1 };
    const query = encodeShareQuery(state);
    for (const form of [query, `?${query}`, `https://example.org/hht/?${query}#top`]) {
      const decoded = decodeShareQuery(form);
      expect(decoded.issues).toEqual([]);
      expect(decoded.state).toEqual(state);
    }
  });

  it('carries the adaptive tolerance as tol, and its absence as a fixed step', () => {
    const fixed = defaultState('heavy-top');
    const adaptive = { ...fixed, tolerance: 1e-6 };
    expect(encodeShareQuery(adaptive)).toBe('v=2&scenario=heavy-top&tol=0.000001');
    expect(decodeShareQuery(encodeShareQuery(adaptive)).state).toEqual(adaptive);
    expect(decodeShareQuery(encodeShareQuery(fixed)).state.tolerance).toBeUndefined();
    for (const tolerance of [TOLERANCE_MIN, TOLERANCE_MAX, 0.3 - 0.2, 3.3e-7]) {
      const decoded = decodeShareQuery(encodeShareQuery({ ...fixed, tolerance }));
      expect(decoded.issues).toEqual([]);
      expect(decoded.state.tolerance).toBe(tolerance);
      expect(decoded.setKeys).toContain('tol');
    }
  });

  it('keeps the sign of -0 and numbers beyond 17 digits exactly', () => {
    const base = defaultState('spin');
    const state = { ...base, alpha: -0, values: { ...base.values, omega0: [0.1 + 0.2, -0, 1e-300] } };
    expect(decodeShareQuery(encodeShareQuery(state)).state).toEqual(state);
  });
});

describe('share links and the error norm of adaptive runs (schema v2)', () => {
  const base = defaultState('heavy-top');

  it('an adaptive v1 link without norm keeps the position norm it was written with, and says so when written again', () => {
    const decoded = decodeShareQuery('v=1&scenario=heavy-top&t=1&tol=1e-4');
    expect(decoded.issues).toEqual([]);
    expect(decoded.state.errorNorm).toBe('position');
    expect(encodeShareQuery(decoded.state)).toBe('v=2&scenario=heavy-top&t=1&tol=0.0001&norm=position');
    expect(decodeShareQuery(encodeShareQuery(decoded.state)).state).toEqual(decoded.state);
  });

  it('an adaptive v2 link (or one without v) without norm means the velocity norm', () => {
    for (const query of ['v=2&scenario=heavy-top&tol=1e-4', 'scenario=heavy-top&tol=1e-4']) {
      const { state, issues } = decodeShareQuery(query);
      expect(issues).toEqual([]);
      expect(errorNormOf(state)).toBe('position-velocity');
    }
    expect(encodeShareQuery({ ...base, tolerance: 1e-4, errorNorm: 'position-velocity' })).toBe('v=2&scenario=heavy-top&tol=0.0001');
  });

  it('fixed-step links are written as v1: their meaning did not change', () => {
    expect(linkVersionOf(base)).toBe(1);
    expect(linkVersionOf({ tolerance: 1e-6 })).toBe(SHARE_SCHEMA_VERSION);
    expect(decodeShareQuery('v=1&scenario=spin&alpha=-0.1').state).toEqual(decodeShareQuery('v=2&scenario=spin&alpha=-0.1').state);
  });

  it('reads norm=position in a v1 link too, and the key is listed as set', () => {
    const decoded = decodeShareQuery('v=1&scenario=spin&tol=1e-5&norm=position-velocity');
    expect(decoded.state.errorNorm).toBe('position-velocity');
    expect(decoded.setKeys).toContain('norm');
  });
});

describe('share link encoding', () => {
  it('writes only v and scenario for a default state', () => {
    for (const id of SCENARIO_IDS) {
      expect(encodeShareQuery(defaultState(id))).toBe(`v=1&scenario=${id}`);
    }
  });

  it('writes readable keys, in order, only where they differ from the defaults', () => {
    const base = defaultState('heavy-top');
    const state = { ...base, methods: ['modified'] as const, tEnd: 1, values: { ...base.values, omega0: [0, 100, -4] } };
    expect(encodeShareQuery(state, { component: 'y' })).toBe('v=1&scenario=heavy-top&methods=modified&t=1&omega0=0,100,-4&component=y');
  });

  it('writes numbers in shortest exact form and reads exponents as written (a literal + too)', () => {
    const state = { ...defaultState('spin'), h: 1e-4, tEnd: 0.1 + 0.2 };
    const query = encodeShareQuery(state);
    expect(query).toBe('v=1&scenario=spin&h=0.0001&t=0.30000000000000004');
    expect(decodeShareQuery('scenario=spin&t=1e+1&h=2.5E-3').state).toMatchObject({ tEnd: 10, h: 0.0025 });
    expect(decodeShareQuery('scenario=spin&t=1e%2B1').state.tEnd).toBe(10);
  });

  it('drops view keys that are not shareable', () => {
    expect(encodeShareQuery(defaultState('spin'), { secret: '1', component: 'x' })).toBe('v=1&scenario=spin&component=x');
  });
});

/** Decodes a query and returns the single issue it must produce, with the resulting state. */
function decodeWithOneIssue(query: string) {
  const decoded = decodeShareQuery(query);
  expect(decoded.issues, query).toHaveLength(1);
  return { ...decoded, issue: decoded.issues[0] };
}

describe('share link decoding of bad values', () => {
  const spin = defaultState('spin');
  const cases: [query: string, key: string, message: RegExp, check: (s: ScenarioState) => unknown][] = [
    ['scenario=spin&alpha=0.5', 'alpha', /alpha=0\.5 is outside \[-1\/3, 0\]/, (s) => s.alpha === spin.alpha],
    ['scenario=spin&alpha=-0.34', 'alpha', /outside \[-1\/3, 0\]/, (s) => s.alpha === spin.alpha],
    ['scenario=spin&alpha=NaN', 'alpha', /alpha=NaN is not a finite number/, (s) => s.alpha === spin.alpha],
    ['scenario=spin&h=0', 'h', /h=0 must be a positive/, (s) => s.h === spin.h],
    ['scenario=spin&h=-1', 'h', /h=-1 must be a positive/, (s) => s.h === spin.h],
    ['scenario=spin&t=Infinity', 't', /t=Infinity is not a finite number/, (s) => s.tEnd === spin.tEnd],
    ['scenario=spin&h=', 'h', /a number is required/, (s) => s.h === spin.h],
    ['scenario=spin&h=0x10', 'h', /h=0x10 is not a finite number/, (s) => s.h === spin.h],
    ['scenario=spin&h=1e400', 'h', /not a finite number/, (s) => s.h === spin.h],
    ['scenario=spin&h=2&t=1', 'h', /h=2 is larger than t=1/, (s) => s.h === spin.h && s.tEnd === spin.tEnd],
    ['scenario=spin&h=1e-7&t=10', 'h', /needs 100000000 steps; the limit is 20000000/, (s) => s.h === spin.h],
    ['scenario=spin&methods=', 'methods', /empty entry/, (s) => s.methods.length === 2],
    ['scenario=spin&tol=0.5', 'tol', /tol=0\.5: the local error tolerance must lie in \[1e-12, 0\.1\]/, (s) => s.tolerance === undefined],
    ['scenario=spin&tol=1e-13', 'tol', /tol=1e-13: the local error tolerance must lie in/, (s) => s.tolerance === undefined],
    ['scenario=spin&tol=0', 'tol', /tol=0: the local error tolerance must lie in/, (s) => s.tolerance === undefined],
    ['scenario=spin&tol=-1e-6', 'tol', /must lie in/, (s) => s.tolerance === undefined],
    ['scenario=spin&tol=NaN', 'tol', /tol=NaN is not a finite number/, (s) => s.tolerance === undefined],
    ['scenario=spin&tol=1e309', 'tol', /tol=1e309 is not a finite number/, (s) => s.tolerance === undefined],
    ['scenario=spin&tol=', 'tol', /tol=: a number is required/, (s) => s.tolerance === undefined],
    ['scenario=spin&tol=1e-6&tol=1e-4', 'tol', /'tol' appears 2 times/, (s) => s.tolerance === undefined],
    ['scenario=spin&tol=1e-6&h=1e-7&t=10', 'h', /h=1e-7: the initial step is below the smallest step 5e-7 s allowed with t=10/, (s) => s.h === spin.h && s.tolerance === 1e-6],
    ['scenario=spin&methods=classical,rk4', 'methods', /'rk4' is not a method/, (s) => s.methods.length === 2],
    ['scenario=spin&J=1,2', 'J', /J=1,2: J needs 3 comma-separated numbers, got 2/, (s) => s.values.J[2] === 2],
    ['scenario=spin&J=1,2,x', 'J', /J=1,2,x: 'x' is not a finite number/, (s) => s.values.J[0] === 1],
    ['scenario=spin&J=0,2,2', 'J', /J=0,2,2: 0 is outside \[1e-9, 1000000\]/, (s) => s.values.J[0] === 1],
    ['scenario=spin&J=1,1,5', 'J', /triangle inequality.*Jx \+ Jy = 2 < Jz = 5/, (s) => s.values.J[2] === 2],
    ['scenario=heavy-top&m=-15', 'm', /m=-15: -15 is outside \[1e-9, 1000000\] kg/, (s) => s.values.m[0] === 15],
    ['scenario=spin&m=15', 'm', /unknown key 'm' \(scenario spin has parameters J, M, omega0\)/, () => true],
    ['scenario=spin&foo=1', 'foo', /unknown key 'foo'/, () => true],
    ['scenario=moon', 'scenario', /scenario=moon is not a known scenario/, (s) => s.scenario === 'heavy-top'],
    ['v=3&scenario=spin&alpha=-0.1', 'v', /v=3 is not supported \(this app reads v=1 and v=2\)/, (s) => s.scenario === 'spin' && s.alpha === spin.alpha],
    ['scenario=spin&norm=position', 'norm', /norm applies to adaptive runs only: give tol too/, (s) => s.errorNorm === undefined],
    ['scenario=spin&tol=1e-4&norm=velocity', 'norm', /norm=velocity is not an error norm \(position or position-velocity\)/, (s) => s.errorNorm === undefined],
    ['scenario=spin&alpha=-0.1&alpha=-0.2', 'alpha', /'alpha' appears 2 times/, (s) => s.alpha === spin.alpha],
    ['scenario=spin&component=w', 'component', /component=w is not a valid view setting/, () => true],
    ['scenario=spin&show=%3Cscript%3E', 'show', /not a valid view setting/, () => true],
    [`scenario=spin&J=${'1'.repeat(MAX_VALUE_LENGTH + 1)}`, 'J', /201 characters \(limit 200\)/, (s) => s.values.J[0] === 1],
    ['scenario=spin&alpha=%E0%A4%A', '', /not valid percent-encoding/, (s) => s.alpha === spin.alpha],
  ];
  for (const [query, key, message, check] of cases) {
    it(`rejects ${query.slice(0, 60)}`, () => {
      const { issue, state } = decodeWithOneIssue(query);
      expect(issue.key).toBe(key);
      expect(issue.message).toMatch(message);
      expect(check(state)).toBe(true);
      expect(validateState(state)).toEqual([]);
    });
  }

  it('keeps the good keys of a link with one bad key', () => {
    const decoded = decodeShareQuery('scenario=spin&alpha=-0.1&h=oops&J=1,2,2.5');
    expect(decoded.issues.map((i) => i.key)).toEqual(['h']);
    expect(decoded.state.alpha).toBe(-0.1);
    expect(decoded.state.values.J).toEqual([1, 2, 2.5]);
    expect(decoded.setKeys).toEqual(['scenario', 'alpha', 'J']);
  });

  it('opens an empty link, or a URL without a query, with defaults and no notice', () => {
    for (const input of ['', '?', 'https://example.org/', '&&&']) {
      const decoded = decodeShareQuery(input);
      expect(decoded.issues).toEqual([]);
      expect(decoded.state).toEqual(defaultState('heavy-top'));
    }
  });
});

const HOSTILE_PIECES = [
  '<script>alert(1)</script>', '"\'><img src=x onerror=alert(1)>', 'NaN', 'Infinity', '-Infinity', '1e999', '%', '%zz', '%00',
  '&', '=', '==', '?', '#', ',', ',,,', '__proto__', 'constructor', 'toString', 'scenario', 'v', 'alpha', 'h', 't', 'J',
  'omega0', 'methods', 'component', 'spin', 'heavy-top', '😀', 'ω', '\u0000', '\n', '\u2028', '\ud800', 'x'.repeat(5000),
  '-0', '0', '1e-400', ' ', '+', '%2C', '%E2%82%AC', 'javascript:alert(1)',
];

describe('hostile share links', () => {
  it(`never throw and always give a valid bounded state (seeds 1..${HOSTILE_CASES})`, () => {
    for (let seed = 1; seed <= HOSTILE_CASES; seed++) {
      const rand = mulberry32(seed);
      const parts: string[] = [];
      const count = 1 + Math.floor(rand() * 12);
      for (let k = 0; k < count; k++) parts.push(pick(rand, HOSTILE_PIECES));
      const query = parts.join(pick(rand, ['', '&', '=', ',']));
      const decoded = decodeShareQuery(query);
      expect(validateState(decoded.state), `seed ${seed}`).toEqual([]);
      for (const found of decoded.issues) expect(found.message.length, `seed ${seed}`).toBeLessThanOrEqual(MAX_MESSAGE_LENGTH);
      for (const [key, value] of Object.entries(decoded.view)) {
        expect(VIEW_KEYS as readonly string[]).toContain(key);
        expect(value).toMatch(VIEW_VALUE_PATTERNS[key as (typeof VIEW_KEYS)[number]]);
      }
    }
  });

  it('bounds the work of a huge link', () => {
    const huge = 'scenario=spin&' + Array.from({ length: 100_000 }, (_, k) => `k${k}=1`).join('&');
    const start = performance.now();
    const decoded = decodeShareQuery(huge);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(decoded.issues.length).toBeLessThanOrEqual(120);
    expect(decoded.issues[0].message).toMatch(/longer than/);
  });

  it('does not echo control characters or long text in messages', () => {
    const decoded = decodeShareQuery(`scenario=spin&alpha=${encodeURIComponent('\n\u001b[31mred' + 'x'.repeat(150))}`);
    expect(decoded.issues).toHaveLength(1);
    expect(decoded.issues[0].message).not.toMatch(/[\n\u001b]/);
    expect(decoded.issues[0].message.length).toBeLessThan(120);
  });

  it('survives non-string input from untyped callers', () => {
    expect(() => decodeShareQuery(undefined as unknown as string)).not.toThrow();
    expect(() => decodeShareQuery(42 as unknown as string)).not.toThrow();
  });
});
