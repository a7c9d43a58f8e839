/**
 * Share links (SPEC §4): the whole scenario in a readable, versioned query string, e.g.
 * `v=1&scenario=heavy-top&alpha=-0.1&h=0.0001&t=1&tol=1e-6&omega0=0,100,-4` (`tol` only for
 * adaptive runs: its absence means a fixed step).
 * Decoding never throws: whatever is bad falls back to its default and is listed as an issue,
 * so a hostile or outdated link still opens a safe, bounded run with a specific notice.
 * Issue messages state the problem only; the fallback is always "default used" (for h/t
 * consistency both go back to their defaults, for a bad version everything does).
 */
import {
  adaptiveIssue,
  checkRho,
  DEFAULT_RHO,
  LINK_PARAMETER_KEYS,
  takesParameter,
  unusedParameterIssue,
  type RunMethod,
} from './methods';
import { DEFAULT_METHODS, DEFAULT_SCENARIO_ID, defaultState, getScenario, isScenarioId, SCENARIO_IDS } from './registry';
import type { InputIssue, ParamDef, ParamValues, ScenarioDef, ScenarioId, ScenarioState } from './types';
import {
  assignmentNamer,
  checkAlpha,
  checkPositiveTime,
  checkTolerance,
  formatNumber,
  LINK_RUN_KEYS,
  parseMethodsText,
  parseNumberText,
  parseParamText,
  quoteText,
  suggestionText,
  validateRunSettings,
} from './validate';

/** Bumped when a key changes meaning; links of other versions open with defaults and a notice. */
export const SHARE_SCHEMA_VERSION = 1;

/** View-state keys the web app may share; passed through in `view`, never interpreted here. */
export const VIEW_KEYS = ['component', 'output', 'show', 'projector', 'embed', 'panel', 'preset', 'lesson', 'step', 'bodies'] as const;
export type ViewKey = (typeof VIEW_KEYS)[number];

/** What each view key may hold: component is one axis; the others are short token lists. */
export const VIEW_VALUE_PATTERNS: Readonly<Record<ViewKey, RegExp>> = {
  component: /^[xyz]$/,
  // A model output's name as the model writes it (any printable text; modelfile names have at most 120 characters).
  output: /^[^\u0000-\u001f\u007f]{1,120}$/,
  show: /^[A-Za-z0-9_.:-]+(,[A-Za-z0-9_.:-]+)*$/,
  projector: /^[A-Za-z0-9_.:-]+$/,
  embed: /^[A-Za-z0-9_.:-]+$/,
  panel: /^[A-Za-z0-9_.:-]+$/,
  preset: /^[A-Za-z0-9_.:-]+$/,
  lesson: /^[A-Za-z0-9_.:-]+$/,
  step: /^[A-Za-z0-9_.:-]+$/,
  // The 3D view's arrangement of the compared methods: side (default) or overlaid (ghosts).
  bodies: /^[A-Za-z0-9_.:-]+$/,
};

/** Limits that keep decoding bounded whatever the input. */
export const MAX_VALUE_LENGTH = 200;
export const MAX_KEY_LENGTH = 32;
export const MAX_QUERY_LENGTH = 16_384;
export const MAX_KEYS = 100;

export interface DecodedShareQuery {
  /** Complete, valid state: defaults wherever the link was silent or wrong. */
  readonly state: ScenarioState;
  /** Allowed view keys with valid values (see VIEW_KEYS). */
  readonly view: Record<string, string>;
  /** One specific issue per problem; empty for a clean link. */
  readonly issues: InputIssue[];
  /** Link keys whose values were taken into `state` (e.g. 'alpha', 'J'), so callers know what the link set. */
  readonly setKeys: readonly string[];
}

const RUN_KEYS = ['methods', LINK_RUN_KEYS.alpha, LINK_PARAMETER_KEYS.rho, LINK_RUN_KEYS.h, LINK_RUN_KEYS.tEnd, LINK_RUN_KEYS.tolerance] as const;

function issue(key: string, message: string): InputIssue {
  return { key, message };
}

// ---------------------------------------------------------------------------------------------
// Encoding

/** Percent-encodes a value but keeps commas readable (they separate vector components). */
function encodeValue(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ',');
}

function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, k) => Object.is(x, b[k]));
}

function runPairs(state: ScenarioState, def: ScenarioDef): [string, string][] {
  const pairs: [string, string][] = [];
  const sameMethods = state.methods.length === DEFAULT_METHODS.length && state.methods.every((m, k) => m === DEFAULT_METHODS[k]);
  if (!sameMethods) pairs.push(['methods', state.methods.join(',')]);
  // Each parameter only where a selected method takes it (a link giving another one is refused on reading).
  if (takesParameter(state.methods, 'alpha') && !Object.is(state.alpha, def.defaultAlpha)) {
    pairs.push([LINK_RUN_KEYS.alpha, formatNumber(state.alpha)]);
  }
  if (takesParameter(state.methods, 'rho') && state.rho !== undefined && !Object.is(state.rho, DEFAULT_RHO)) {
    pairs.push([LINK_PARAMETER_KEYS.rho, formatNumber(state.rho)]);
  }
  if (!Object.is(state.h, def.defaultH)) pairs.push([LINK_RUN_KEYS.h, formatNumber(state.h)]);
  if (!Object.is(state.tEnd, def.defaultTEnd)) pairs.push([LINK_RUN_KEYS.tEnd, formatNumber(state.tEnd)]);
  if (state.tolerance !== undefined) pairs.push([LINK_RUN_KEYS.tolerance, formatNumber(state.tolerance)]);
  return pairs;
}

function paramPairs(values: ParamValues, def: ScenarioDef): [string, string][] {
  const pairs: [string, string][] = [];
  for (const param of def.params) {
    const value = Object.hasOwn(values, param.name) ? values[param.name] : undefined;
    if (value && !sameNumbers(value, param.default)) pairs.push([param.name, value.map(formatNumber).join(',')]);
  }
  return pairs;
}

function viewPairs(view: Record<string, string> | undefined): [string, string][] {
  if (!view) return [];
  return VIEW_KEYS.filter((key) => Object.hasOwn(view, key)).map((key) => [key, view[key]]);
}

/**
 * The query string (without '?') of a share link. `v` and `scenario` are always written;
 * settings and parameters only where they differ from the scenario's defaults, numbers in
 * their shortest exact form so the link reproduces the run bit for bit.
 */
export function encodeShareQuery(state: ScenarioState, view?: Record<string, string>): string {
  const def = getScenario(state.scenario) ?? getScenario(DEFAULT_SCENARIO_ID);
  const pairs: [string, string][] = [
    ['v', String(SHARE_SCHEMA_VERSION)],
    ['scenario', def.id],
    ...runPairs(state, def),
    ...paramPairs(state.values, def),
    ...viewPairs(view),
  ];
  return pairs.map(([key, value]) => `${key}=${encodeValue(value)}`).join('&');
}

// ---------------------------------------------------------------------------------------------
// Decoding: split into pairs, then read the version, the scenario, and every other key.

/** The query part of a full URL, a '?query' or a bare query; fragment dropped. */
export function extractQuery(input: string): string {
  const noFragment = input.split('#', 1)[0];
  const mark = noFragment.indexOf('?');
  if (mark >= 0) return noFragment.slice(mark + 1);
  // A URL without a query sets nothing; anything else is taken as the query itself.
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(noFragment) ? '' : noFragment;
}

function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** Every key with the values it was given, in order of first appearance. */
type PairMap = Map<string, string[]>;

/**
 * Splits a query into key → values, dropping (and reporting) malformed, oversized and
 * excess pairs. '+' is kept literally, so `h=1e+21` reads as written.
 */
export function splitShareQuery(input: string): { pairs: PairMap; issues: InputIssue[] } {
  const issues: InputIssue[] = [];
  const pairs: PairMap = new Map();
  let query = extractQuery(String(input));
  if (query.length > MAX_QUERY_LENGTH) {
    issues.push(issue('', `the link is longer than ${MAX_QUERY_LENGTH} characters; the rest was ignored`));
    query = query.slice(0, MAX_QUERY_LENGTH);
  }
  const segments = query.split('&').filter((segment) => segment !== '');
  if (segments.length > MAX_KEYS) {
    issues.push(issue('', `the link has ${segments.length} entries; only the first ${MAX_KEYS} were read`));
  }
  for (const segment of segments.slice(0, MAX_KEYS)) {
    const eq = segment.indexOf('=');
    const key = decodeComponent(eq < 0 ? segment : segment.slice(0, eq));
    const value = decodeComponent(eq < 0 ? '' : segment.slice(eq + 1));
    if (key === null || value === null) {
      issues.push(issue('', `'${quoteText(segment)}' is not valid percent-encoding`));
    } else if (key.length > MAX_KEY_LENGTH) {
      issues.push(issue('', `unknown key '${quoteText(key)}' (longer than ${MAX_KEY_LENGTH} characters)`));
    } else if (value.length > MAX_VALUE_LENGTH) {
      issues.push(issue(key, `${quoteText(key)}: the value has ${value.length} characters (limit ${MAX_VALUE_LENGTH})`));
    } else {
      const list = pairs.get(key);
      if (list) list.push(value);
      else pairs.set(key, [value]);
    }
  }
  return { pairs, issues };
}

/** One value per key; repeated keys are reported and dropped (which one was meant is unknowable). */
function singleValues(pairs: PairMap, issues: InputIssue[]): Map<string, string> {
  const single = new Map<string, string>();
  for (const [key, values] of pairs) {
    if (values.length === 1) single.set(key, values[0]);
    else issues.push(issue(key, `'${quoteText(key)}' appears ${values.length} times`));
  }
  return single;
}

function readVersion(single: Map<string, string>, issues: InputIssue[]): boolean {
  const version = single.get('v');
  if (version === undefined || version === String(SHARE_SCHEMA_VERSION)) return true;
  issues.push(
    issue('v', `link version v=${quoteText(version)} is not supported (this app reads v=${SHARE_SCHEMA_VERSION})`),
  );
  return false;
}

function readScenario(single: Map<string, string>, issues: InputIssue[]): ScenarioId {
  const id = single.get('scenario');
  if (id === undefined) return DEFAULT_SCENARIO_ID;
  if (isScenarioId(id)) return id;
  issues.push(issue('scenario', `scenario=${quoteText(id)} is not a known scenario (${SCENARIO_IDS.join(', ')})`));
  return DEFAULT_SCENARIO_ID;
}

/** Mutable copy of a state while a link is read into it. */
interface Draft {
  scenario: ScenarioId;
  methods: readonly RunMethod[];
  alpha: number;
  rho?: number;
  h: number;
  tEnd: number;
  tolerance?: number;
  values: Record<string, readonly number[]>;
}

function readRunKey(draft: Draft, key: string, text: string): InputIssue | null {
  if (key === 'methods') {
    const parsed = parseMethodsText(key, text);
    if (!parsed.ok) return parsed.issue;
    draft.methods = parsed.value;
    return null;
  }
  const parsed = parseNumberText(key, text);
  if (!parsed.ok) return parsed.issue;
  if (key === LINK_PARAMETER_KEYS.rho) {
    const bad = checkRho(parsed.value, key, assignmentNamer);
    if (bad) return bad;
    draft.rho = parsed.value;
    return null;
  }
  if (key === LINK_RUN_KEYS.tolerance) {
    const bad = checkTolerance(parsed.value, key);
    if (bad) return bad;
    draft.tolerance = parsed.value;
    return null;
  }
  const bad = key === LINK_RUN_KEYS.alpha ? checkAlpha(parsed.value, key) : checkPositiveTime(parsed.value, key);
  if (bad) return bad;
  if (key === LINK_RUN_KEYS.alpha) draft.alpha = parsed.value;
  else if (key === LINK_RUN_KEYS.h) draft.h = parsed.value;
  else draft.tEnd = parsed.value;
  return null;
}

function readParamKey(draft: Draft, param: ParamDef, text: string): InputIssue | null {
  const parsed = parseParamText(param, text);
  if (!parsed.ok) return parsed.issue;
  draft.values[param.name] = parsed.value;
  return null;
}

function readViewKey(view: Record<string, string>, key: ViewKey, text: string): InputIssue | null {
  if (!VIEW_VALUE_PATTERNS[key].test(text)) return issue(key, `${key}=${quoteText(text)} is not a valid view setting`);
  view[key] = text;
  return null;
}

function isViewKey(key: string): key is ViewKey {
  return (VIEW_KEYS as readonly string[]).includes(key);
}

/**
 * A parameter no selected method takes (alpha with only ρ∞ methods, rho with only HHT) and a fixed-step-only
 * method with `tol` are reported; the offending key goes back to its default (never converted).
 */
function enforceMethodRules(draft: Draft, single: Map<string, string>, issues: InputIssue[], setKeys: Set<string>, def: ScenarioDef): void {
  for (const key of ['alpha', 'rho'] as const) {
    if (!setKeys.has(key)) continue;
    const found = unusedParameterIssue(draft.methods, key, single.get(key) ?? '', LINK_PARAMETER_KEYS, assignmentNamer);
    if (!found) continue;
    issues.push(found);
    setKeys.delete(key);
    if (key === 'alpha') draft.alpha = def.defaultAlpha;
    else delete draft.rho;
  }
  const fixedOnly = setKeys.has(LINK_RUN_KEYS.tolerance) ? adaptiveIssue(draft.methods, LINK_RUN_KEYS.tolerance) : null;
  if (fixedOnly) {
    issues.push(fixedOnly);
    setKeys.delete(LINK_RUN_KEYS.tolerance);
    delete draft.tolerance;
  }
}

/** Cross-field checks after every key is read; offending keys go back to their defaults. */
function enforceConsistency(draft: Draft, def: ScenarioDef, issues: InputIssue[], setKeys: Set<string>): void {
  const runIssues = validateRunSettings(draft);
  if (runIssues.length > 0) {
    for (const found of runIssues) issues.push(found);
    draft.h = def.defaultH;
    draft.tEnd = def.defaultTEnd;
    setKeys.delete(LINK_RUN_KEYS.h);
    setKeys.delete(LINK_RUN_KEYS.tEnd);
  }
  for (const found of def.checkValues?.(draft.values, assignmentNamer) ?? []) {
    issues.push(found);
    const param = def.params.find((p) => p.name === found.key);
    if (param) {
      draft.values[param.name] = [...param.default];
      setKeys.delete(param.name);
    }
  }
  // The default of the named key may still clash with the others (rodLength's default is too short for
  // a large crankRadius): then every parameter goes back to its default, which is always valid.
  if ((def.checkValues?.(draft.values, assignmentNamer) ?? []).length > 0) {
    for (const param of def.params) {
      draft.values[param.name] = [...param.default];
      setKeys.delete(param.name);
    }
  }
}

/**
 * Reads a share link (full URL, '?query' or bare query). Never throws; anything bad falls
 * back to its default and is reported as one issue naming the key and the reason.
 */
export function decodeShareQuery(query: string): DecodedShareQuery {
  const { pairs, issues } = splitShareQuery(query);
  const single = singleValues(pairs, issues);
  const scenario = readScenario(single, issues);
  const def = getScenario(scenario);
  const base = defaultState(scenario);
  const draft: Draft = { ...base, values: { ...base.values } };
  const view: Record<string, string> = {};
  const setKeys = new Set<string>();
  if (pairs.has('scenario') && single.get('scenario') === scenario) setKeys.add('scenario');
  if (!readVersion(single, issues)) return { state: draft, view, issues, setKeys: [...setKeys] };

  for (const [key, text] of single) {
    if (key === 'v' || key === 'scenario') continue;
    const found = readKey(draft, def, view, key, text);
    if (found) issues.push(found);
    else if (!isViewKey(key)) setKeys.add(key);
  }
  enforceMethodRules(draft, single, issues, setKeys, def);
  enforceConsistency(draft, def, issues, setKeys);
  return { state: draft, view, issues, setKeys: [...setKeys] };
}

function readKey(draft: Draft, def: ScenarioDef, view: Record<string, string>, key: string, text: string): InputIssue | null {
  if ((RUN_KEYS as readonly string[]).includes(key)) return readRunKey(draft, key, text);
  const param = def.params.find((p) => p.name === key);
  if (param) return readParamKey(draft, param, text);
  if (isViewKey(key)) return readViewKey(view, key, text);
  return unknownKeyIssue(def, key);
}

/** "unknown key 'alhpa' (scenario spin has parameters J, M, omega0); did you mean 'alpha'?" */
function unknownKeyIssue(def: ScenarioDef, key: string): InputIssue {
  const names = def.params.map((p) => p.name);
  const known = ['v', 'scenario', ...RUN_KEYS, ...names, ...VIEW_KEYS];
  return issue(key, `unknown key '${quoteText(key)}' (scenario ${def.id} has parameters ${names.join(', ')})${suggestionText(key, known)}`);
}
