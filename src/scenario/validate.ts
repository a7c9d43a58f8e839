/**
 * Reading and checking user input (share links, `--set`, `--alpha`, the web app's fields).
 * Every function returns problems as values (InputIssue) and never throws, so a bad link or
 * a bad flag can always be reported in one specific sentence.
 */
import { closestName } from '../modelfile/names';
import { METHOD_NAMES as INTEGRATOR_METHODS, type MethodName as IntegratorMethod } from '../solver/integrators/methodNames';
import type { InputIssue, ParamDef, ParamValues, ScenarioDef, ValueNamer } from './types';
import { isRunMethod, MAX_COMPARED_METHODS, RUN_METHODS, type RunMethod } from './methods';

export type { ValueNamer } from './types';

/** HHT α range (SPEC §1): below −1/3 the method loses unconditional stability, above 0 it is not HHT. */
export const ALPHA_MIN = -1 / 3;
export const ALPHA_MAX = 0;

/**
 * Work limit: a run may take at most this many steps, so no input can run unbounded. Fixed step:
 * tEnd / h ≤ MAX_STEPS. Adaptive: the smallest step h_min is at least tEnd / MAX_STEPS.
 */
export const MAX_STEPS = 20_000_000;

/**
 * Bounds of the local error tolerance ε of adaptive runs (Negrut Eq. 34): below 1e-12 the
 * estimate is rounding noise, above 0.1 it no longer controls anything.
 */
export const TOLERANCE_MIN = 1e-12;
export const TOLERANCE_MAX = 1e-1;

/** Smallest value accepted where a quantity must be strictly positive (mass, inertia). */
export const POSITIVE_MIN = 1e-9;

/** Longest excerpt of user text quoted in a message, so hostile input cannot flood the notice. */
const MAX_QUOTED_LENGTH = 40;

/** Either a value or the reason it could not be read. */
export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly issue: InputIssue };

/** `alpha=0.5`: share links, `--set` and the web app. */
export const assignmentNamer: ValueNamer = (key, text) => `${key}=${quoteText(text)}`;

/** The user-facing keys of the run settings, so cross-field messages name the right inputs. */
export interface RunKeys {
  readonly alpha: string;
  readonly h: string;
  readonly tEnd: string;
  readonly tolerance: string;
}

/** Keys as written in share links (SPEC §2 table, last row; `tol` for adaptive runs). */
export const LINK_RUN_KEYS: RunKeys = { alpha: 'alpha', h: 'h', tEnd: 't', tolerance: 'tol' };

export interface RunValues {
  readonly alpha: number;
  readonly h: number;
  readonly tEnd: number;
  /** Local error tolerance of an adaptive run; undefined for a fixed step. */
  readonly tolerance?: number;
}

/** Plain decimal or scientific notation only: rejects '', 'NaN', 'Infinity', hex, '1_000'. */
const DECIMAL_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Quotes user text safely for a one-line message: control characters replaced, long text cut.
 * Example: quoteText('a\nb') === 'a?b'.
 */
export function quoteText(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return clean.length > MAX_QUOTED_LENGTH ? `${clean.slice(0, MAX_QUOTED_LENGTH)}…` : clean;
}

/** Shortest text that reads back as the same double; keeps the sign of −0. */
export function formatNumber(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

function issue(key: string, message: string): InputIssue {
  return { key, message };
}

/** U+2212 MINUS SIGN, as slides and word processors write a negative number (−0.1). */
const TYPOGRAPHIC_MINUS = /\u2212/g;

/** A fraction of two decimals, as α is written on slides: -1/3, 1e-3 / 4 (spaces around '/' allowed). */
const FRACTION = /^([^/]+)\/([^/]+)$/;

/** One decimal (after the typographic minus is read as '-'), else null. */
function readDecimal(text: string): number | null {
  const trimmed = text.trim();
  return DECIMAL_NUMBER.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The finite number written in `text`, else null: a decimal or scientific number, or a fraction of
 * two of them (one rounding: -1/3 is the double nearest −1/3), with surrounding spaces and '−' (U+2212)
 * for '-'. Examples: ' −0.1 ' → -0.1; '-1/3' → -1/3; '1e-4' → 0.0001; '1/0', '0x10', 'NaN' → null.
 */
function readFiniteNumber(text: string): number | null {
  const plain = text.replace(TYPOGRAPHIC_MINUS, '-');
  const fraction = FRACTION.exec(plain);
  const value = fraction ? quotient(readDecimal(fraction[1]), readDecimal(fraction[2])) : readDecimal(plain);
  return value !== null && Number.isFinite(value) ? value : null;
}

function quotient(numerator: number | null, denominator: number | null): number | null {
  return numerator === null || denominator === null ? null : numerator / denominator;
}

/**
 * Reads one finite number as people write it (see readFiniteNumber: decimals, '−', fractions, spaces).
 * Example: parseNumberText('alpha', '−1/3') → { ok: true, value: -1/3 }.
 */
export function parseNumberText(key: string, text: string, name: ValueNamer = assignmentNamer): Parsed<number> {
  if (text.trim() === '') return { ok: false, issue: issue(key, `${name(key, text)}: a number is required`) };
  const value = readFiniteNumber(text);
  if (value === null) return { ok: false, issue: issue(key, `${name(key, text)} is not a finite number`) };
  return { ok: true, value };
}

function boundsText(def: ParamDef): string {
  return `[${formatNumber(def.min)}, ${formatNumber(def.max)}]`;
}

/** Checks length and per-component bounds of a parameter value; `text` is how the user wrote it. */
export function checkParamValue(
  def: ParamDef,
  value: readonly number[],
  text: string = value.map(formatNumber).join(','),
  name: ValueNamer = assignmentNamer,
): InputIssue | null {
  const subject = name(def.name, text);
  if (value.length !== def.length) {
    const wanted = def.length === 1 ? 'one number' : `${def.length} comma-separated numbers`;
    return issue(def.name, `${subject}: ${def.name} needs ${wanted}, got ${value.length}`);
  }
  for (let k = 0; k < value.length; k++) {
    const x = value[k];
    if (!Number.isFinite(x)) return issue(def.name, `${subject}: ${formatNumber(x)} is not a finite number`);
    if (x < def.min || x > def.max) {
      return issue(def.name, `${subject}: ${formatNumber(x)} is outside ${boundsText(def)} ${def.unit}`.trimEnd());
    }
  }
  return null;
}

function notANumberMessage(subject: string, length: number, part: string): string {
  if (part.trim() === '') return length === 1 ? `${subject}: a number is required` : `${subject}: an entry is empty`;
  if (length === 1) return `${subject} is not a finite number`;
  return `${subject}: '${quoteText(part.trim())}' is not a finite number`;
}

/**
 * Reads a parameter value: one number, or a comma list for vectors, within the bounds.
 * Example: parseParamText(J, '1,2,2') → { ok: true, value: [1, 2, 2] }.
 */
export function parseParamText(def: ParamDef, text: string, name: ValueNamer = assignmentNamer): Parsed<number[]> {
  const parts = text.split(',');
  if (parts.length !== def.length) {
    const wanted = def.length === 1 ? 'one number' : `${def.length} comma-separated numbers`;
    return { ok: false, issue: issue(def.name, `${name(def.name, text)}: ${def.name} needs ${wanted}, got ${parts.length}`) };
  }
  const value: number[] = [];
  for (const part of parts) {
    const x = readFiniteNumber(part);
    if (x === null) {
      return { ok: false, issue: issue(def.name, notANumberMessage(name(def.name, text), def.length, part)) };
    }
    value.push(x);
  }
  const bad = checkParamValue(def, value, text, name);
  return bad ? { ok: false, issue: bad } : { ok: true, value };
}

/**
 * Reads the list of compared methods, e.g. 'classical,generalized-alpha', in drawing order; repeats are
 * dropped. At most MAX_COMPARED_METHODS (SPEC §6: two to four; a single method, as earlier links wrote, is kept).
 */
export function parseMethodsText(
  key: string, text: string, name: ValueNamer = assignmentNamer, limit: number = MAX_COMPARED_METHODS,
): Parsed<RunMethod[]> {
  const methods: RunMethod[] = [];
  for (const part of text.split(',')) {
    const method = part.trim();
    if (!isRunMethod(method)) {
      const what = method === '' ? 'an empty entry' : `'${quoteText(method)}' is not a method`;
      return { ok: false, issue: issue(key, `${name(key, text)}: ${what} (use ${RUN_METHODS.join(' or ')})`) };
    }
    if (!methods.includes(method)) methods.push(method);
  }
  if (methods.length > limit) {
    return { ok: false, issue: issue(key, `${name(key, text)}: at most ${limit} methods are compared at once, got ${methods.length}`) };
  }
  return { ok: true, value: methods };
}

export function isIntegratorMethod(text: string): text is IntegratorMethod {
  return (INTEGRATOR_METHODS as readonly string[]).includes(text);
}

/** Checks a methods list given as values (web app state): non-empty, known names only. */
export function checkMethods(key: string, methods: readonly string[], name: ValueNamer = assignmentNamer): InputIssue | null {
  if (methods.length === 0) return issue(key, `${name(key, '')}: choose at least one method`);
  const parsed = parseMethodsText(key, methods.join(','), name);
  return parsed.ok ? null : parsed.issue;
}

/** α ∈ [−1/3, 0] (SPEC §1). */
export function checkAlpha(alpha: number, key = LINK_RUN_KEYS.alpha, name: ValueNamer = assignmentNamer): InputIssue | null {
  if (Number.isFinite(alpha) && alpha >= ALPHA_MIN && alpha <= ALPHA_MAX) return null;
  return issue(key, `${name(key, formatNumber(alpha))} is outside [-1/3, 0]`);
}

/** A strictly positive finite time (step size h or end time). */
export function checkPositiveTime(value: number, key: string, name: ValueNamer = assignmentNamer): InputIssue | null {
  if (Number.isFinite(value) && value > 0) return null;
  return issue(key, `${name(key, formatNumber(value))} must be a positive number of seconds`);
}

/** ε ∈ [TOLERANCE_MIN, TOLERANCE_MAX] (adaptive step size, Negrut Eq. 34). */
export function checkTolerance(
  tolerance: number,
  key = LINK_RUN_KEYS.tolerance,
  name: ValueNamer = assignmentNamer,
): InputIssue | null {
  const subject = name(key, formatNumber(tolerance));
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance)) return issue(key, `${subject} is not a finite number`);
  if (tolerance >= TOLERANCE_MIN && tolerance <= TOLERANCE_MAX) return null;
  return issue(
    key,
    `${subject}: the local error tolerance must lie in [${formatNumber(TOLERANCE_MIN)}, ${formatNumber(TOLERANCE_MAX)}]` +
      ' (leave it out for a fixed step)',
  );
}

/**
 * Smallest step of an adaptive run when none is given: the one that keeps the step count within
 * MAX_STEPS (the work limit of fixed-step runs applies to adaptive ones through h_min).
 */
export function defaultMinStep(tEnd: number): number {
  return tEnd / MAX_STEPS;
}

/** Relative tolerance of "DT is a whole multiple of h", so decimal input like 0.03 / 0.01 passes. */
export const SAMPLE_MULTIPLE_TOLERANCE = 1e-9;

/** Whether DT is a whole multiple k ≥ 1 of h, to SAMPLE_MULTIPLE_TOLERANCE; k, else 0. */
export function wholeMultiple(sampleDt: number, h: number): number {
  const every = Math.round(sampleDt / h);
  return every >= 1 && Math.abs(sampleDt - every * h) <= SAMPLE_MULTIPLE_TOLERANCE * sampleDt ? every : 0;
}

/** Number of steps of a run, as the solver computes it. */
export function stepCount(h: number, tEnd: number): number {
  return Math.round(tEnd / h);
}

/**
 * Checks α, h, tEnd, the tolerance (if adaptive), h ≤ tEnd and the work limit MAX_STEPS
 * (fixed: tEnd / h steps; adaptive: the initial step h may not be below defaultMinStep(tEnd)).
 * Cross-field problems are reported on `keys.h` because h is what the user would change.
 */
export function validateRunSettings(
  run: RunValues,
  keys: RunKeys = LINK_RUN_KEYS,
  name: ValueNamer = assignmentNamer,
): InputIssue[] {
  const issues: InputIssue[] = [];
  const alphaIssue = checkAlpha(run.alpha, keys.alpha, name);
  const hIssue = checkPositiveTime(run.h, keys.h, name);
  const tIssue = checkPositiveTime(run.tEnd, keys.tEnd, name);
  const tolIssue = run.tolerance === undefined ? null : checkTolerance(run.tolerance, keys.tolerance, name);
  for (const found of [alphaIssue, hIssue, tIssue, tolIssue]) if (found) issues.push(found);
  if (hIssue || tIssue) return issues;
  const hText = name(keys.h, formatNumber(run.h));
  const tText = name(keys.tEnd, formatNumber(run.tEnd));
  if (run.h > run.tEnd) {
    issues.push(issue(keys.h, `${hText} is larger than ${tText}`));
  } else if (run.tolerance !== undefined && run.tEnd / run.h > MAX_STEPS) {
    const hMin = formatNumber(defaultMinStep(run.tEnd));
    issues.push(issue(keys.h, `${hText}: the initial step is below the smallest step ${hMin} s allowed with ${tText} (limit ${MAX_STEPS} steps)`));
  } else if (run.tEnd / run.h > MAX_STEPS) {
    const steps = Math.round(run.tEnd / run.h);
    issues.push(issue(keys.h, `${hText} with ${tText} needs ${steps} steps; the limit is ${MAX_STEPS}`));
  }
  return issues;
}

/** Relative slack of the triangle test, so valid inertias typed in decimal are not rejected by rounding. */
const TRIANGLE_TOLERANCE = 1e-12;

/**
 * Principal inertias of a real body satisfy Jx + Jy ≥ Jz (and cyclic); otherwise the mass
 * distribution is impossible and the motion meaningless.
 */
export function checkInertiaTriangle(key: string, J: readonly number[], name: ValueNamer = assignmentNamer): InputIssue | null {
  const axes = ['x', 'y', 'z'];
  for (let k = 0; k < 3; k++) {
    const a = (k + 1) % 3;
    const b = (k + 2) % 3;
    const sum = J[a] + J[b];
    if (sum < J[k] * (1 - TRIANGLE_TOLERANCE)) {
      const subject = name(key, J.map(formatNumber).join(','));
      return issue(
        key,
        `${subject} violates the triangle inequality of principal inertias: ` +
          `J${axes[a]} + J${axes[b]} = ${formatNumber(sum)} < J${axes[k]} = ${formatNumber(J[k])}`,
      );
    }
  }
  return null;
}

/**
 * Checks a complete set of values for a scenario: every parameter present and in bounds,
 * no unknown names, and the scenario's own cross-parameter checks.
 */
export function validateParamValues(def: ScenarioDef, values: ParamValues, name: ValueNamer = assignmentNamer): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const param of def.params) {
    const value = Object.hasOwn(values, param.name) ? values[param.name] : undefined;
    if (!value) {
      issues.push(issue(param.name, `${param.name} is missing`));
      continue;
    }
    const bad = checkParamValue(param, value, undefined, name);
    if (bad) issues.push(bad);
  }
  for (const key of Object.keys(values)) {
    if (!def.params.some((p) => p.name === key)) issues.push(unknownParamIssue(def, key));
  }
  if (issues.length === 0 && def.checkValues) issues.push(...def.checkValues(values, name));
  return issues;
}

/**
 * "'foo' is not a parameter of scenario spin (parameters: J, M, omega0)", with "; did you mean 'J'?"
 * when a parameter or one of `otherNames` (the run keys where they are accepted too) is a likely misspelling.
 */
export function unknownParamIssue(def: ScenarioDef, key: string, otherNames: readonly string[] = []): InputIssue {
  const names = def.params.map((p) => p.name);
  return issue(key, `'${quoteText(key)}' is not a parameter of scenario ${def.id} (parameters: ${names.join(', ')})${suggestionText(key, [...names, ...otherNames])}`);
}

/** "; did you mean 'alpha'?" for a likely misspelling of one of `names`, else ''. */
export function suggestionText(key: string, names: readonly string[]): string {
  const match = closestName(key, names, MAX_QUOTED_LENGTH);
  return match === null ? '' : `; did you mean '${match}'?`;
}

