/**
 * Seeded generators of scenario states and hostile text for the fuzz suites. Everything is drawn
 * from a mulberry32 stream, so a case is replayed from its seed alone.
 */
import type { IntegratorMethod } from '../../src/solver/simulate';
import { SCENARIOS } from '../../src/scenario/registry';
import { validateState } from '../../src/scenario/state';
import type { ParamDef, ScenarioId, ScenarioState } from '../../src/scenario/types';
import { ALPHA_MIN, MAX_STEPS, TOLERANCE_MAX, TOLERANCE_MIN } from '../../src/scenario/validate';
import { logUniform, pick, uniform } from '../support/prng';

export type Rand = () => number;

/** Principal inertias in [lo, hi] that satisfy the triangle inequality (a + b ≥ c and cyclic). */
export function randomInertias(rand: Rand, lo: number, hi: number): number[] {
  const a = logUniform(rand, lo, hi);
  const b = logUniform(rand, lo, hi);
  const c = uniform(rand, Math.abs(a - b), a + b);
  const J = [a, b, Math.min(hi, Math.max(c, lo))];
  // Shuffle so the dependent component is not always Jz.
  const shift = Math.floor(rand() * 3);
  return [J[shift % 3], J[(shift + 1) % 3], J[(shift + 2) % 3]];
}

/** A component anywhere in the schema bounds: signed uniform, zero and −0 now and then, log-uniform for positives. */
function schemaComponent(rand: Rand, def: ParamDef): number {
  if (def.min > 0) return logUniform(rand, def.min, def.max);
  const r = rand();
  if (r < 0.05) return -0;
  if (r < 0.1) return 0;
  return uniform(rand, def.min, def.max);
}

/** A value within the schema bounds; cross-parameter checks may still reject it (callers re-draw). */
export function schemaValue(rand: Rand, def: ParamDef): readonly number[] {
  if (rand() < 0.25) return def.default;
  if (def.name === 'J') return randomInertias(rand, def.min, def.max);
  return def.default.map(() => schemaComponent(rand, def));
}

export function randomMethods(rand: Rand): IntegratorMethod[] {
  return pick(rand, [['classical'], ['modified'], ['classical', 'modified'], ['modified', 'classical']] as IntegratorMethod[][]);
}

/**
 * A random state that passes validateState: run settings and parameters anywhere in their bounds,
 * an adaptive tolerance half the time. Re-draws the parameters (at most a few times) when a
 * cross-parameter check rejects them, then falls back to the defaults.
 */
export function randomValidState(rand: Rand, id: ScenarioId): ScenarioState {
  const def = SCENARIOS[id];
  const h = rand() < 0.3 ? def.defaultH : logUniform(rand, 1e-6, 1);
  const base = {
    scenario: id,
    methods: randomMethods(rand),
    alpha: rand() < 0.3 ? def.defaultAlpha : uniform(rand, ALPHA_MIN, 0),
    h,
    tEnd: rand() < 0.3 ? Math.max(h, def.defaultTEnd) : h * (1 + Math.floor(rand() * 1e6)),
    ...(rand() < 0.5 ? { tolerance: logUniform(rand, TOLERANCE_MIN, TOLERANCE_MAX) } : {}),
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    const values: Record<string, readonly number[]> = {};
    for (const param of def.params) values[param.name] = schemaValue(rand, param);
    const state = { ...base, values };
    if (validateState(state).length === 0) return state;
  }
  const values: Record<string, readonly number[]> = {};
  for (const param of def.params) values[param.name] = [...param.default];
  return { ...base, values };
}

/**
 * A state with every number at or next to a bound: parameters at min/max, α at −1/3 or 0 (or −0),
 * the tolerance at its bounds, h = t_end or t_end / MAX_STEPS. Cross-field checks (triangle
 * inequality, rod length, work limit) may reject it: borderline means "decided by the bound".
 */
export function borderlineState(rand: Rand, id: ScenarioId): ScenarioState {
  const def = SCENARIOS[id];
  const values: Record<string, readonly number[]> = {};
  for (const param of def.params) {
    values[param.name] = param.default.map((x) => pick(rand, [param.min, param.max, x, param.min > 0 ? param.min : -0]));
  }
  const tEnd = pick(rand, [def.defaultTEnd, 1e-6, 1, 1e3]);
  const h = pick(rand, [tEnd, tEnd / MAX_STEPS, def.defaultH, tEnd / 2]);
  const tolerance = pick(rand, [undefined, TOLERANCE_MIN, TOLERANCE_MAX]);
  return {
    scenario: id,
    methods: randomMethods(rand),
    alpha: pick(rand, [ALPHA_MIN, 0, -0, def.defaultAlpha]),
    h,
    tEnd,
    ...(tolerance === undefined ? {} : { tolerance }),
    values,
  };
}

/**
 * Physical ranges kept moderate for short solver runs, per parameter name: with h ≤ 1e-2 the rotation
 * per step |ω| h stays below 1 rad, where an implicit integrator is expected to converge.
 */
const BOUNDED_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  J: [1e-2, 1e2],
  M: [-100, 100],
  omega0: [-100, 100],
  m: [0.1, 100],
  xcm: [-2, 2],
  g: [-20, 20],
  torque: [-500, 500],
  ramp: [1e-3, 1],
  bank: [45, 135],
  crankRadius: [0.02, 0.1],
  rodLength: [0.15, 0.4],
  crankMass: [1, 50],
  rodMass: [0.1, 5],
  pistonMass: [0.1, 5],
};

/** A parameter value in the moderate range above (schema bounds for names not listed). */
export function boundedValue(rand: Rand, def: ParamDef): readonly number[] {
  if (rand() < 0.2) return def.default;
  const [lo, hi] = BOUNDED_RANGES[def.name] ?? [def.min, def.max];
  if (def.name === 'J') return randomInertias(rand, lo, hi);
  return def.default.map(() => (lo > 0 ? logUniform(rand, lo, hi) : uniform(rand, lo, hi)));
}

/** Settings of one short solver run: at most `maxSteps` steps of h. */
export interface ShortRun {
  readonly state: ScenarioState;
  readonly method: IntegratorMethod;
  readonly sampleEvery: number;
}

/**
 * A valid state for a short run: moderate (`bounded`) or anywhere in the schema (`extreme`)
 * parameters, h in [hRange], t_end = n·h with n ≤ maxSteps, adaptive half the time.
 */
export function shortRun(
  rand: Rand, id: ScenarioId, range: 'bounded' | 'extreme', hRange: readonly [number, number], maxSteps: number,
): ShortRun {
  const def = SCENARIOS[id];
  const h = logUniform(rand, hRange[0], hRange[1]);
  const steps = 1 + Math.floor(rand() * maxSteps);
  const adaptive = rand() < 0.5;
  const tolerance = range === 'bounded' ? logUniform(rand, 1e-7, 1e-2) : logUniform(rand, TOLERANCE_MIN, TOLERANCE_MAX);
  const base = {
    scenario: id,
    methods: randomMethods(rand),
    alpha: uniform(rand, ALPHA_MIN, 0),
    h,
    tEnd: h * steps,
    ...(adaptive ? { tolerance } : {}),
  };
  const method: IntegratorMethod = rand() < 0.5 ? 'classical' : 'modified';
  const sampleEvery = 1 + Math.floor(rand() * 3);
  for (let attempt = 0; attempt < 20; attempt++) {
    const values: Record<string, readonly number[]> = {};
    for (const param of def.params) values[param.name] = range === 'bounded' ? boundedValue(rand, param) : schemaValue(rand, param);
    const state = { ...base, values };
    if (validateState(state).length === 0) return { state, method, sampleEvery };
  }
  const values: Record<string, readonly number[]> = {};
  for (const param of def.params) values[param.name] = [...param.default];
  return { state: { ...base, values }, method, sampleEvery };
}

/** Pieces of hostile text: markup, scripts, numbers JavaScript reads loosely, keys of Object.prototype, broken encodings. */
export const HOSTILE_PIECES: readonly string[] = [
  '<script>alert(1)</script>', '"\'><img src=x onerror=alert(1)>', 'javascript:alert(1)', 'data:text/html,<b>x</b>',
  '${7*7}', '{{7*7}}', '`rm -rf`', 'NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '1e-400', '-0', '0', '0x10', '0b1', '1_000',
  '１２', '٣', '1e', '.', '+', '--1', '0.1.2', ' 1 ', '\t2', '%', '%zz', '%00', '%ff', '%E0%A4%A', '%C0%AF', '%2C', '%26', '%3D',
  '%E2%82%AC', '&', '=', '==', '?', '#', ',', ',,,', ';', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty',
  '__proto__[polluted]', 'constructor[prototype][polluted]', '__proto__.polluted', 'scenario', 'v', 'alpha', 'h', 't', 'tol',
  'J', 'M', 'm', 'omega0', 'xcm', 'g', 'torque', 'rodLength', 'methods', 'component', 'show', 'projector', 'spin', 'heavy-top',
  'v8-crank', 'classical', 'modified', '😀', 'ω', 'ﬁ', 'İ', '\u0000', '\n', '\r\n', '\u001b[31m', '\u2028', '\u202e', '\ud800',
  '\ufeff', ' ', '1,2,3', '1,2', '1e-12', '0.1', '-0.3333333333333333',
];

/** A random string of code points from awkward ranges (controls, surrogates, RTL marks, emoji, CJK). */
export function randomUnicode(rand: Rand, maxLength: number): string {
  const ranges: [number, number][] = [
    [0x0, 0x1f], [0x20, 0x7e], [0x7f, 0x9f], [0xa0, 0x2ff], [0x2000, 0x206f], [0xd800, 0xdfff], [0x4e00, 0x4e80], [0x1f600, 0x1f64f],
  ];
  const length = Math.floor(rand() * maxLength);
  let text = '';
  for (let k = 0; k < length; k++) {
    const [lo, hi] = pick(rand, ranges);
    text += String.fromCodePoint(lo + Math.floor(rand() * (hi - lo + 1)));
  }
  return text;
}

/** Percent signs followed by anything: truncated escapes, invalid UTF-8, overlong forms. */
export function percentGarbage(rand: Rand): string {
  let text = '';
  const count = 1 + Math.floor(rand() * 6);
  for (let k = 0; k < count; k++) {
    text += '%' + pick(rand, ['', 'G', '0', 'FF', 'C0%80', 'E0%80', 'ED%A0%80', 'F4%90%80%80', '2', 'zz', '%', 'E2%82']);
  }
  return text;
}

/** One hostile string: a piece, a huge run, random unicode or percent garbage. */
export function hostileText(rand: Rand): string {
  const r = rand();
  if (r < 0.55) return pick(rand, HOSTILE_PIECES);
  if (r < 0.65) return pick(rand, ['x', '9', '%41', '<', ',', '1,']).repeat(1 + Math.floor(rand() * 20_000));
  if (r < 0.85) return randomUnicode(rand, 30);
  return percentGarbage(rand);
}
