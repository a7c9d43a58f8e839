/**
 * Share links (SPEC §4): the whole scenario in a readable, versioned query string, e.g.
 * `v=2&scenario=heavy-top&alpha=-0.1&h=0.0001&t=1&tol=1e-6&omega0=0,100,-4` (`tol` only for
 * adaptive runs: its absence means a fixed step; `norm=position` only when an adaptive run uses the position
 * error norm, see SHARE_SCHEMA_VERSION).
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
import {
  decodeCustomModelData, DEFAULT_METHODS, DEFAULT_SCENARIO_ID, defaultState, defaultStateOf, encodeCustomModelData, getScenario, isScenarioId,
  readCustomModel, SCENARIO_IDS, scenarioOf,
} from './registry';
import {
  DEFAULT_ERROR_NORM, errorNormOf, fixedStepNormIssue, NORM_KEY, parseErrorNorm, V1_ERROR_NORM, type ErrorNorm,
} from './errorNorm';
import { CUSTOM_SCENARIO_ID, type CustomModel, type InputIssue, type ParamDef, type ParamValues, type ScenarioDef, type ScenarioId, type ScenarioState } from './types';
import { checkModelUrl, MODEL_LINK_KEYS, MODEL_LINK_LIMITS, type ModelTextResult } from './modelLink';
import { MODEL_LIMITS } from '../modelfile/limits';
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

/**
 * Bumped when a key changes meaning. v2: an adaptive run without `norm` uses the velocity error norm
 * (errorNorm.ts DEFAULT_ERROR_NORM); v1 links are still read, their adaptive runs keeping the position norm
 * (V1_ERROR_NORM), so they reproduce their rows bit for bit. Links of other versions open with defaults and a notice.
 */
export const SHARE_SCHEMA_VERSION = 2;

/**
 * The version a state's link is written in: the oldest that reads it as meant. Only an adaptive run needs v2 (v1
 * has no `norm` and meant the position norm); a fixed-step link stays v1, readable by an app that knows only v1
 * (an offline copy of an earlier version).
 */
export function linkVersionOf(state: Pick<ScenarioState, 'tolerance'>): number {
  return state.tolerance === undefined ? 1 : SHARE_SCHEMA_VERSION;
}

/** Versions a link may carry; a link without `v` is read as the current one. */
export const READABLE_SCHEMA_VERSIONS: readonly number[] = [1, 2];

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
/** Keys whose values may be longer than MAX_VALUE_LENGTH: a user's model inline or by URL (modelLink.ts). */
const LONG_VALUE_LIMITS: Readonly<Record<string, number>> = {
  [MODEL_LINK_KEYS.data]: MODEL_LINK_LIMITS.dataCharacters,
  [MODEL_LINK_KEYS.url]: MODEL_LINK_LIMITS.urlCharacters,
};
/** A key's length; a model's parameter names (its keys) are bounded alike (modelfile/limits.ts). */
export const MAX_KEY_LENGTH = MODEL_LIMITS.valueNameLength;
export const MAX_QUERY_LENGTH = 16_384;
export const MAX_KEYS = 100;

export interface DecodedShareQuery {
  /** Complete, valid state: defaults wherever the link was silent or wrong. */
  readonly state: ScenarioState;
  /** Allowed view keys with valid values (see VIEW_KEYS). */
  readonly view: Record<string, string>;
  /** One specific issue per problem; empty for a clean link. */
  readonly issues: InputIssue[];
  /** Link keys whose values were taken into `state` (e.g. 'alpha', 'J'; 'model' for a user's model), so callers know what the link set. */
  readonly setKeys: readonly string[];
  /**
   * A user's model the link carried that could not be used (its issues are in `issues`): its text when it was
   * read (the page offers it in the editor, so nothing is lost), and its URL when it was hosted.
   */
  readonly failedModel?: { readonly text?: string; readonly url?: string };
}

const RUN_KEYS = ['methods', LINK_RUN_KEYS.alpha, LINK_PARAMETER_KEYS.rho, LINK_RUN_KEYS.h, LINK_RUN_KEYS.tEnd, LINK_RUN_KEYS.tolerance, NORM_KEY] as const;

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
  if (state.tolerance !== undefined && errorNormOf(state) !== DEFAULT_ERROR_NORM) pairs.push([NORM_KEY, errorNormOf(state)]);
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
 * A user's model as its link key: `model=<URL>` when it was fetched from one, else `model-data=` (inline). Only
 * the reader makes a state with a model, so the codec it installs is there; without it the link would lose the model.
 */
function modelPairs(model: CustomModel | undefined): [string, string][] {
  if (!model) return [];
  if (model.url !== undefined) return [[MODEL_LINK_KEYS.url, model.url]];
  const data = encodeCustomModelData(model.text);
  if (data === null) throw new Error(`${MODEL_LINK_KEYS.data}: a state has a user's model but src/scenario/custom.ts is not loaded`);
  return [[MODEL_LINK_KEYS.data, data]];
}

/**
 * The query string (without '?') of a share link. `v` (linkVersionOf) and `scenario` are always written;
 * settings and parameters only where they differ from the scenario's defaults, numbers in
 * their shortest exact form so the link reproduces the run bit for bit. A user's model
 * (`scenario=custom`) is written last, as `model=<URL>` or `model-data=` (modelLink.ts).
 */
export function encodeShareQuery(state: ScenarioState, view?: Record<string, string>): string {
  const custom = state.model !== undefined;
  const def = scenarioOf(state) ?? (custom ? undefined : getScenario(DEFAULT_SCENARIO_ID));
  const pairs: [string, string][] = [
    ['v', String(linkVersionOf(state))],
    ['scenario', custom ? CUSTOM_SCENARIO_ID : def!.id],
    // A user's model not read here (its reader not loaded) is written with every setting and value.
    ...(def ? runPairs(state, def) : runPairs(state, undefinedDefaults(state))),
    ...(def ? paramPairs(state.values, def) : Object.entries(state.values).map(([k, v]): [string, string] => [k, v.map(formatNumber).join(',')])),
    ...viewPairs(view),
    ...modelPairs(state.model),
  ];
  return pairs.map(([key, value]) => `${key}=${encodeValue(value)}`).join('&');
}

/** Run defaults that no value equals, so runPairs writes every setting. */
function undefinedDefaults(state: ScenarioState): ScenarioDef {
  return { ...getScenario(DEFAULT_SCENARIO_ID), defaultAlpha: NaN, defaultH: NaN, defaultTEnd: NaN, id: state.scenario };
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
    } else if (value.length > valueLimit(key)) {
      issues.push(issue(key, `${quoteText(key)}: the value has ${value.length} characters (limit ${valueLimit(key)})`));
    } else {
      const list = pairs.get(key);
      if (list) list.push(value);
      else pairs.set(key, [value]);
    }
  }
  return { pairs, issues };
}

function valueLimit(key: string): number {
  return Object.hasOwn(LONG_VALUE_LIMITS, key) ? LONG_VALUE_LIMITS[key] : MAX_VALUE_LENGTH;
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

/** The link's schema version (the current one when it names none), or null with an issue when it cannot be read. */
function readVersion(single: Map<string, string>, issues: InputIssue[]): number | null {
  const version = single.get('v');
  if (version === undefined) return SHARE_SCHEMA_VERSION;
  const readable = READABLE_SCHEMA_VERSIONS.find((v) => String(v) === version);
  if (readable !== undefined) return readable;
  issues.push(
    issue('v', `link version v=${quoteText(version)} is not supported (this app reads v=${READABLE_SCHEMA_VERSIONS.join(' and v=')})`),
  );
  return null;
}

/**
 * What a key the link leaves out meant in its version: an adaptive v1 link (written before `norm` existed) used
 * the position norm. A `norm` without `tol` is reported and dropped (a fixed step has no error control).
 */
function applyVersionMeaning(draft: Draft, version: number, issues: InputIssue[], setKeys: Set<string>): void {
  if (draft.errorNorm !== undefined && draft.tolerance === undefined) {
    issues.push(fixedStepNormIssue(NORM_KEY, LINK_RUN_KEYS.tolerance));
    delete draft.errorNorm;
    setKeys.delete(NORM_KEY);
  }
  if (version === 1 && draft.tolerance !== undefined && draft.errorNorm === undefined) draft.errorNorm = V1_ERROR_NORM;
}

function readScenario(single: Map<string, string>, issues: InputIssue[]): ScenarioId {
  const id = single.get('scenario');
  if (id === undefined) return DEFAULT_SCENARIO_ID;
  if (isScenarioId(id)) return id;
  if (id === CUSTOM_SCENARIO_ID) {
    issues.push(issue('scenario', `scenario=${CUSTOM_SCENARIO_ID} needs its model: ${MODEL_LINK_KEYS.url}=<https URL> or ${MODEL_LINK_KEYS.data}=…`));
  } else {
    issues.push(issue('scenario', `scenario=${quoteText(id)} is not a known scenario (${SCENARIO_IDS.join(', ')}, or ${CUSTOM_SCENARIO_ID} with a model)`));
  }
  return DEFAULT_SCENARIO_ID;
}

/** Where a link's model comes from: none (a shipped scenario), inline (`model-data`) or hosted (`model`). */
export type LinkModelSource =
  | { readonly kind: 'none' }
  | { readonly kind: 'inline'; readonly data: string }
  | { readonly kind: 'hosted'; readonly url: string }
  /** Model keys the link cannot use (both given, a key twice, a URL that may not be fetched); `issue` says why. */
  | { readonly kind: 'bad'; readonly issue: InputIssue };

/**
 * The model a link carries, read before the link is decoded: a hosted one must be fetched first (fetchModelText)
 * and its result handed to decodeShareQuery; an inline one needs the user-model reader (src/scenario/custom.ts).
 */
export function linkModelSource(query: string): LinkModelSource {
  const { pairs } = splitShareQuery(query);
  const url = pairs.get(MODEL_LINK_KEYS.url);
  const data = pairs.get(MODEL_LINK_KEYS.data);
  if (url === undefined && data === undefined) return { kind: 'none' };
  if (url !== undefined && data !== undefined) {
    return { kind: 'bad', issue: issue(MODEL_LINK_KEYS.url, `the link has both ${MODEL_LINK_KEYS.url}= and ${MODEL_LINK_KEYS.data}=; a link carries one model`) };
  }
  const [key, values] = url !== undefined ? [MODEL_LINK_KEYS.url, url] : [MODEL_LINK_KEYS.data, data!];
  if (values.length > 1) return { kind: 'bad', issue: issue(key, `'${key}' appears ${values.length} times`) };
  if (key === MODEL_LINK_KEYS.data) return { kind: 'inline', data: values[0] };
  const checked = checkModelUrl(values[0]);
  return checked.ok ? { kind: 'hosted', url: checked.url } : { kind: 'bad', issue: issue(key, checked.message) };
}

/** How the link's model reads: its scenario and the model, or the issues (and the text, when there was one). */
type LinkModel =
  | { readonly ok: true; readonly def: ScenarioDef; readonly model: CustomModel }
  | { readonly ok: false; readonly issues: InputIssue[]; readonly failed: { text?: string; url?: string } };

/** Longest model mistake in a link notice: the reader may quote the file (a line of JSON). */
const MAX_MODEL_MESSAGE = 240;

/** "the model: joints[1].bodies[1]: no body named …", on one line of bounded length whatever the file holds. */
function modelIssueText(found: { path: string; message: string }): string {
  const text = `the model: ${found.path ? `${found.path}: ` : ''}${found.message}`.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return text.length > MAX_MODEL_MESSAGE ? `${text.slice(0, MAX_MODEL_MESSAGE - 1)}…` : text;
}

/** At most this many of a failing model's mistakes are listed in the notice (the editor shows them all). */
const MODEL_ISSUES_LISTED = 5;

function readLinkModel(source: Exclude<LinkModelSource, { kind: 'none' }>, hosted: ModelTextResult | undefined): LinkModel {
  if (source.kind === 'bad') return { ok: false, issues: [source.issue], failed: {} };
  const key = source.kind === 'inline' ? MODEL_LINK_KEYS.data : MODEL_LINK_KEYS.url;
  const url = source.kind === 'hosted' ? source.url : undefined;
  const text = source.kind === 'inline'
    ? decodeCustomModelData(source.data) ?? { ok: false as const, message: `${key}: user models cannot be read here` }
    : hosted ?? { ok: false as const, message: `${key}=${quoteText(source.url)}: the model was not fetched` };
  if (!text.ok) return { ok: false, issues: [issue(key, text.message)], failed: url === undefined ? {} : { url } };
  const read = readCustomModel(text.text);
  const failed = { text: text.text, ...(url === undefined ? {} : { url }) };
  if (!read) return { ok: false, issues: [issue(key, `${key}: user models cannot be read here`)], failed };
  if (!read.ok) {
    const listed = read.issues.slice(0, MODEL_ISSUES_LISTED).map((found) => issue(key, modelIssueText(found)));
    const more = read.issues.length - listed.length;
    if (more > 0) listed.push(issue(key, `the model: ${more} more mistake${more === 1 ? '' : 's'} (the editor lists them all)`));
    return { ok: false, issues: listed, failed };
  }
  return { ok: true, def: read.def, model: { text: text.text, ...(url === undefined ? {} : { url }) } };
}

/** Mutable copy of a state while a link is read into it. */
interface Draft {
  scenario: ScenarioId;
  model?: CustomModel;
  methods: readonly RunMethod[];
  alpha: number;
  rho?: number;
  h: number;
  tEnd: number;
  tolerance?: number;
  errorNorm?: ErrorNorm;
  values: Record<string, readonly number[]>;
}

function readRunKey(draft: Draft, key: string, text: string): InputIssue | null {
  if (key === 'methods') {
    const parsed = parseMethodsText(key, text);
    if (!parsed.ok) return parsed.issue;
    draft.methods = parsed.value;
    return null;
  }
  if (key === NORM_KEY) {
    const parsed = parseErrorNorm(key, text);
    if (!parsed.ok) return parsed.issue;
    draft.errorNorm = parsed.value;
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

/** What decodeShareQuery needs besides the query. */
export interface DecodeOptions {
  /** The fetched text of the link's hosted model (`model=<URL>`; linkModelSource says when), or why it failed. */
  readonly hosted?: ModelTextResult;
}

/** The link's scenario: a user's model when it carries one that reads, else the shipped scenario it names. */
function readLinkScenario(
  query: string, single: Map<string, string>, issues: InputIssue[], options: DecodeOptions,
): { def: ScenarioDef; base: ScenarioState; failedModel?: { text?: string; url?: string } } {
  const source = linkModelSource(query);
  if (source.kind === 'none') {
    const scenario = readScenario(single, issues);
    return { def: getScenario(scenario), base: defaultState(scenario) };
  }
  const named = single.get('scenario');
  const linked = readLinkModel(source, options.hosted);
  if (!linked.ok) {
    issues.push(...linked.issues);
    const scenario = named !== undefined && isScenarioId(named) ? named : DEFAULT_SCENARIO_ID;
    return { def: getScenario(scenario), base: defaultState(scenario), failedModel: linked.failed };
  }
  if (named !== undefined && named !== CUSTOM_SCENARIO_ID) {
    issues.push(issue('scenario', `scenario=${quoteText(named)}: the link carries its own model, which was opened (scenario=${CUSTOM_SCENARIO_ID})`));
  }
  return { def: linked.def, base: defaultStateOf(linked.def, linked.model) };
}

/**
 * Reads a share link (full URL, '?query' or bare query). Never throws; anything bad falls
 * back to its default and is reported as one issue naming the key and the reason. A link with a
 * user's model needs src/scenario/custom.ts loaded, and a hosted one its fetched text in `options`.
 */
export function decodeShareQuery(query: string, options: DecodeOptions = {}): DecodedShareQuery {
  const { pairs, issues } = splitShareQuery(query);
  const single = singleValues(pairs, issues);
  const { def, base, failedModel } = readLinkScenario(query, single, issues, options);
  const scenario = base.scenario;
  const draft: Draft = { ...base, values: { ...base.values } };
  const view: Record<string, string> = {};
  const setKeys = new Set<string>();
  if (base.model) setKeys.add('scenario').add('model');
  else if (pairs.has('scenario') && single.get('scenario') === scenario) setKeys.add('scenario');
  const done = (): DecodedShareQuery => ({ state: draft, view, issues, setKeys: [...setKeys], ...(failedModel ? { failedModel } : {}) });
  const version = readVersion(single, issues);
  if (version === null) return done();

  for (const [key, text] of single) {
    if (key === 'v' || key === 'scenario' || key === MODEL_LINK_KEYS.url || key === MODEL_LINK_KEYS.data) continue;
    const found = readKey(draft, def, view, key, text);
    if (found) issues.push(found);
    else if (!isViewKey(key)) setKeys.add(key);
  }
  enforceMethodRules(draft, single, issues, setKeys, def);
  enforceConsistency(draft, def, issues, setKeys);
  applyVersionMeaning(draft, version, issues, setKeys);
  return done();
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
