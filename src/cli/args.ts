/**
 * Command-line arguments of `sim` (SPEC §3) → complete, validated run options, or the one
 * issue to report. Flags are applied in order, so a later flag overrides `--url`.
 */
import type { IntegratorMethod } from '../solver/simulate';
import { DEFAULT_SCENARIO_ID, getScenario } from '../scenario/registry';
import type { InputIssue, ParamValues, ScenarioId, ValueNamer } from '../scenario/types';
import { decodeShareQuery } from '../scenario/url';
import {
  checkTolerance,
  defaultMinStep,
  formatNumber,
  MAX_STEPS,
  parseMethodsText,
  parseNumberText,
  quoteText,
  validateRunSettings,
  type RunKeys,
} from '../scenario/validate';
import {
  catchInput,
  ensure,
  fail,
  flagNamer,
  InputError,
  linkNamer,
  parseAlpha,
  parseFormatFlag,
  parseMethodFlag,
  parseScenarioFlag,
  parseTime,
  resolveParams,
  setNamer,
  tokenize,
  unwrap,
  wholeMultiple,
  type FlagArg,
  type OutputFormat,
  type ParamAssignment,
} from './input';

export { flagNamer, OUTPUT_FORMATS, SAMPLE_MULTIPLE_TOLERANCE, type OutputFormat } from './input';

/** The method run when neither a flag nor a single-method link chooses one. */
export const DEFAULT_METHOD: IntegratorMethod = 'modified';

/** Step-size control of an adaptive run (`--tol`). */
export interface AdaptiveOptions {
  /** Local error tolerance ε (Negrut Eq. 34). */
  readonly tolerance: number;
  /** Smallest step before the run is given up; tEnd / hMin ≤ MAX_STEPS. */
  readonly hMin: number;
  /** Largest step (steps never cross a sample time either). */
  readonly hMax: number;
}

export interface SimOptions {
  readonly scenario: ScenarioId;
  readonly method: IntegratorMethod;
  readonly alpha: number;
  /** Fixed step, or the initial step of an adaptive run (then a whole fraction of sampleDt). */
  readonly h: number;
  readonly tEnd: number;
  readonly sampleDt: number;
  /** round(sampleDt / h) ≥ 1. */
  readonly sampleEvery: number;
  /** Present for an adaptive run (`--tol`), absent for a fixed step. */
  readonly adaptive?: AdaptiveOptions;
  readonly values: ParamValues;
  readonly format: OutputFormat;
}

export type ParsedCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly options: SimOptions }
  | { readonly kind: 'error'; readonly issue: InputIssue };

/** Flag names used in cross-field messages (`--h 2 is larger than --t-end 1`). */
const CLI_RUN_KEYS: RunKeys = { alpha: '--alpha', h: '--h', tEnd: '--t-end', tolerance: '--tol' };

const VALUE_FLAGS = [
  '--scenario', '--url', '--method', '--alpha', '--h', '--t-end', '--sample-dt', '--tol', '--h-min', '--h-max', '--set', '--format',
] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

/** Everything set so far; undefined means "not given, use the default". */
interface Assignments {
  scenario?: ScenarioId;
  method?: IntegratorMethod;
  alpha?: number;
  h?: number;
  tEnd?: number;
  sampleDt?: number;
  tolerance?: number;
  hMin?: number;
  hMax?: number;
  format?: OutputFormat;
  params: Map<string, ParamAssignment>;
}

function parseTolerance(key: string, text: string, name: ValueNamer): number {
  const value = unwrap(parseNumberText(key, text, name));
  ensure(checkTolerance(value, key, (k) => name(k, text)));
  return value;
}

/** `--set NAME=VALUE`: run settings by their link keys, everything else is a scenario parameter. */
function applySet(into: Assignments, text: string): void {
  const eq = text.indexOf('=');
  if (eq <= 0) fail('--set', `--set ${quoteText(text)} must have the form NAME=VALUE`);
  const key = text.slice(0, eq);
  const value = text.slice(eq + 1);
  if (key === 'alpha') into.alpha = parseAlpha(key, value, setNamer);
  else if (key === 'h') into.h = parseTime(key, value, setNamer);
  else if (key === 't') into.tEnd = parseTime(key, value, setNamer);
  else if (key === 'tol') into.tolerance = parseTolerance(key, value, setNamer);
  else if (key === 'methods') applyMethods(into, unwrap(parseMethodsText(key, value, setNamer)));
  else into.params.set(key, { text: value, name: setNamer });
}

/** A one-method list selects that method; a comparison list leaves the choice to `--method`. */
function applyMethods(into: Assignments, methods: readonly IntegratorMethod[]): void {
  if (methods.length === 1) into.method = methods[0];
}

/** `--url`: everything the link sets (and only that) is applied; a bad link is bad input. */
function applyUrl(into: Assignments, link: string): void {
  const decoded = decodeShareQuery(link);
  const problem = decoded.issues[0];
  if (problem) fail('--url', `--url: ${problem.message}`);
  const { state, setKeys } = decoded;
  for (const key of setKeys) {
    if (key === 'scenario') into.scenario = state.scenario;
    else if (key === 'alpha') into.alpha = state.alpha;
    else if (key === 'h') into.h = state.h;
    else if (key === 't') into.tEnd = state.tEnd;
    else if (key === 'tol') into.tolerance = state.tolerance;
    else if (key === 'methods') applyMethods(into, state.methods);
    else into.params.set(key, { text: state.values[key].map(formatNumber).join(','), name: linkNamer });
  }
}

function applyFlag(into: Assignments, { flag, value }: FlagArg<ValueFlag>): void {
  switch (flag) {
    case '--scenario':
      into.scenario = parseScenarioFlag(value);
      break;
    case '--url':
      applyUrl(into, value);
      break;
    case '--method':
      into.method = parseMethodFlag(value);
      break;
    case '--alpha':
      into.alpha = parseAlpha(flag, value, flagNamer);
      break;
    case '--h':
      into.h = parseTime(flag, value, flagNamer);
      break;
    case '--t-end':
      into.tEnd = parseTime(flag, value, flagNamer);
      break;
    case '--sample-dt':
      into.sampleDt = parseTime(flag, value, flagNamer);
      break;
    case '--tol':
      into.tolerance = parseTolerance(flag, value, flagNamer);
      break;
    case '--h-min':
      into.hMin = parseTime(flag, value, flagNamer);
      break;
    case '--h-max':
      into.hMax = parseTime(flag, value, flagNamer);
      break;
    case '--set':
      applySet(into, value);
      break;
    case '--format':
      into.format = parseFormatFlag(value);
      break;
  }
}

/** Relative slack of the step-bound comparisons, so a bound met up to rounding (h = t_end / MAX_STEPS) passes. */
const STEP_BOUND_SLACK = 1e-12;

/** Fixed step: steps between samples; DT must be a whole multiple of h (SPEC §3). */
function resolveSampleEvery(sampleDt: number, h: number): number {
  const every = wholeMultiple(sampleDt, h);
  if (every === 0) fail('--sample-dt', `--sample-dt ${formatNumber(sampleDt)} is not a whole multiple of --h ${formatNumber(h)}`);
  return every;
}

/**
 * The step DT / k closest to it whose k-fold product is exactly DT where one exists, so the
 * solver's sample interval k·h is DT to the last bit.
 */
function exactFraction(sampleDt: number, every: number): number {
  const h = sampleDt / every;
  for (const candidate of [h, h * (1 + Number.EPSILON), h * (1 - Number.EPSILON)]) {
    if (candidate * every === sampleDt) return candidate;
  }
  return h;
}

/**
 * Adaptive step: the solver samples every sampleEvery · h seconds, so the initial step is h itself
 * when DT is a whole multiple of it, else DT / ceil(DT / h), the largest whole fraction of DT not
 * above h. Also resolves h_min (default tEnd / MAX_STEPS, the work limit) and h_max (default DT).
 */
function resolveAdaptive(
  given: Assignments, tolerance: number, h: number, tEnd: number, sampleDt: number,
): { h: number; sampleEvery: number; adaptive: AdaptiveOptions } {
  const multiple = wholeMultiple(sampleDt, h);
  const sampleEvery = multiple > 0 ? multiple : Math.ceil(sampleDt / h);
  const initial = multiple > 0 && multiple * h === sampleDt ? h : exactFraction(sampleDt, sampleEvery);
  const hMin = given.hMin ?? defaultMinStep(tEnd);
  const hMax = given.hMax ?? sampleDt;
  const minText = `--h-min ${formatNumber(hMin)}${given.hMin === undefined ? ' (default t_end / MAX_STEPS)' : ''}`;
  const maxText = `--h-max ${formatNumber(hMax)}${given.hMax === undefined ? ' (default --sample-dt)' : ''}`;
  if (given.hMin !== undefined && tEnd / hMin > MAX_STEPS * (1 + STEP_BOUND_SLACK)) {
    fail(
      '--h-min',
      `${minText} with --t-end ${formatNumber(tEnd)} allows ${formatNumber(Math.ceil(tEnd / hMin))} steps; ` +
        `the limit is ${MAX_STEPS} (use --h-min ≥ ${formatNumber(defaultMinStep(tEnd))})`,
    );
  }
  const dtText = `--sample-dt ${formatNumber(sampleDt)}${given.sampleDt === undefined ? ' (default --h)' : ''}`;
  if (sampleDt < hMin * (1 - STEP_BOUND_SLACK)) fail('--sample-dt', `${dtText} is smaller than ${minText}`);
  // Given bounds must leave room between them; the defaults may meet (h = DT = t_end / MAX_STEPS, a run at the work limit).
  const bothDefault = given.hMin === undefined && given.hMax === undefined;
  if (bothDefault ? hMin > hMax * (1 + STEP_BOUND_SLACK) : !(hMin < hMax)) {
    fail(given.hMin !== undefined ? '--h-min' : '--h-max', `${minText} must be smaller than ${maxText}`);
  }
  const hText = `--h ${formatNumber(h)}${given.h === undefined ? ' (scenario default)' : ''}`;
  const initialText = initial === h ? 'the initial step' : `the initial step ${formatNumber(initial)} (a whole fraction of --sample-dt)`;
  if (initial < hMin * (1 - STEP_BOUND_SLACK)) fail('--h', `${hText}: ${initialText} is smaller than ${minText}`);
  if (initial > hMax * (1 + STEP_BOUND_SLACK)) fail('--h', `${hText}: ${initialText} is larger than ${maxText}`);
  return { h: initial, sampleEvery, adaptive: { tolerance, hMin, hMax } };
}

function rejectAdaptiveOnlyFlags(given: Assignments): void {
  for (const [flag, value] of [['--h-min', given.hMin], ['--h-max', given.hMax]] as const) {
    if (value !== undefined) fail(flag, `${flag} applies to adaptive runs only: give --tol too (or leave ${flag} out)`);
  }
}

function resolveOptions(given: Assignments): SimOptions {
  const scenario = given.scenario ?? DEFAULT_SCENARIO_ID;
  const def = getScenario(scenario);
  const alpha = given.alpha ?? def.defaultAlpha;
  const requestedH = given.h ?? def.defaultH;
  const tEnd = given.tEnd ?? def.defaultTEnd;
  const tolerance = given.tolerance;
  const runIssue = validateRunSettings({ alpha, h: requestedH, tEnd, tolerance }, CLI_RUN_KEYS, flagNamer)[0];
  if (runIssue) throw new InputError(runIssue);
  const sampleDt = given.sampleDt ?? requestedH;
  if (sampleDt > tEnd) fail('--sample-dt', `--sample-dt ${formatNumber(sampleDt)} is larger than --t-end ${formatNumber(tEnd)}`);
  let step: { h: number; sampleEvery: number; adaptive?: AdaptiveOptions };
  if (tolerance === undefined) {
    rejectAdaptiveOnlyFlags(given);
    step = { h: requestedH, sampleEvery: resolveSampleEvery(sampleDt, requestedH) };
  } else {
    step = resolveAdaptive(given, tolerance, requestedH, tEnd, sampleDt);
  }
  const values = resolveParams(def, given.params);
  const method = given.method ?? DEFAULT_METHOD;
  return {
    scenario, method, alpha, h: step.h, tEnd, sampleDt, sampleEvery: step.sampleEvery,
    ...(step.adaptive ? { adaptive: step.adaptive } : {}),
    values, format: given.format ?? 'csv',
  };
}

/**
 * Reads `sim`'s arguments (without the node and script words). Never throws: bad input
 * comes back as `{ kind: 'error', issue }` with a message naming the offending value.
 */
export function parseSimArgs(argv: readonly string[]): ParsedCommand {
  if (argv.some((word) => word === '--help' || word === '-h')) return { kind: 'help' };
  return catchInput((): ParsedCommand => {
    const given: Assignments = { params: new Map() };
    for (const arg of tokenize(argv, VALUE_FLAGS)) applyFlag(given, arg);
    return { kind: 'run', options: resolveOptions(given) };
  });
}
