/**
 * Arguments of `sim study convergence|alpha-sweep|rho-sweep|stability …` → complete, validated study options, or the
 * one issue to report. Same conventions as `sim` (SPEC §3): flags apply in order, later ones
 * override earlier ones and `--url`; every problem is one sentence naming the value as written.
 * Any method of the family runs (SPEC §6), each with its own parameter: HHT's α (`--alpha`) for classical
 * and modified, ρ∞ (`--rho-inf`, default 2/3) for the others; a parameter no selected method takes is bad input.
 * Everything that could make a study fail for a reason other than the numerics (grids that do
 * not line up, a reference no finer than the runs, unbounded work) is rejected here, before any run.
 */
import type { StudyReference } from '../solver/studies/convergenceStudy';
import { DEFAULT_STABILITY_BOUNDS, scanSteps, stabilityRounds, type StabilityBounds } from '../solver/studies/stabilityStudy';
import { gridDivisions, scanValues } from '../solver/studies/dampingScan';
import {
  checkRho, CLI_PARAMETER_KEYS, DEFAULT_RHO, methodParameter, RUN_METHODS, takesParameter, unusedParameterIssue,
  type MethodParameterKey, type ParameterKeys, type RunMethod,
} from './methods';
import { DEFAULT_SCENARIO_ID, getScenario } from './registry';
import { CUSTOM_SCENARIO_ID, type CustomModel, type InputIssue, type ParamValues, type ScenarioDef, type ScenarioId, type ValueNamer } from './types';
import { decodeShareQuery, linkModelSource } from './url';
import {
  checkAlpha,
  checkPositiveTime,
  formatNumber,
  MAX_STEPS,
  parseMethodsText,
  parseNumberText,
  quoteText,
  SAMPLE_MULTIPLE_TOLERANCE,
  stepCount,
  wholeMultiple,
} from './validate';
import {
  catchInput,
  ensure,
  fail,
  flagNamer,
  linkNamer,
  modelDefinition,
  modelInputsWanted,
  modelOfFile,
  modelOfLink,
  parseAlpha,
  parseFormatFlag,
  parseMethodFlag,
  parseRho,
  parseScenarioFlag,
  parseTime,
  resolveParams,
  setNamer,
  tokenize,
  unwrap,
  type FlagArg,
  type GivenModel,
  type ModelInputs,
  type ModelInputsWanted,
  type OutputFormat,
  type ParamAssignment,
} from './flags';
import {
  alphaSweepDefaults,
  convergenceDefaults,
  DEFAULT_ALPHA_COUNT,
  DEFAULT_RHO_COUNT,
  DEFAULT_STABILITY_RTOL,
  stabilityDefaults,
  DEFAULT_RHO_SWEEP_METHODS,
  DEFAULT_STUDY_METHODS,
  evenAlphas,
  evenRhos,
  rhoSweepDefaults,
  dampingScanDefaults,
  MAX_ALPHA_COUNT,
  MAX_LIST_LENGTH,
  MAX_STUDY_STEPS,
  STUDY_WORK_FACTOR,
  type ConvergenceDefaults,
} from './studyDefaults';

/** The studies the app's panel offers (its records are keyed by these). */
export type StudyKind = 'convergence' | 'alpha-sweep';
/**
 * Every `sim study` subcommand: the panel's studies, the ρ∞ sweep of the generalized-α family, the largest stable step
 * and the scan of each method's damping parameter at one step.
 */
export type StudyCommandKind = StudyKind | 'rho-sweep' | 'stability' | 'damping-scan';
export const STUDY_KINDS: readonly StudyCommandKind[] = ['convergence', 'alpha-sweep', 'rho-sweep', 'stability', 'damping-scan'];

interface StudyCommon {
  readonly scenario: ScenarioId;
  /** The user's model when scenario is 'custom' (`--model FILE`, or a `--url` link carrying one): every run reads its text. */
  readonly model?: CustomModel;
  /** Where the user's model came from, as messages name it: the file, 'standard input' or the link's model. */
  readonly modelSource?: string;
  readonly values: ParamValues;
  readonly methods: readonly RunMethod[];
  readonly tEnd: number;
  readonly format: OutputFormat;
  /** `--progress` given: report runs on stderr even when it is not a terminal. */
  readonly progress: boolean;
  /** `--shard K/N`: compute only the K-th of N disjoint parts of the study (run/studyShards.ts); absent: all of it. */
  readonly shard?: Shard;
  /** Steps of all runs together (reference included): the work the study will do. */
  readonly totalSteps: number;
}

export interface ConvergenceOptions extends StudyCommon {
  readonly kind: 'convergence';
  /** HHT α of the HHT methods; absent when none is selected. */
  readonly alpha?: number;
  /** ρ∞ of the other methods; absent when none is selected. */
  readonly rho?: number;
  /** Distinct step sizes, as given. */
  readonly steps: readonly number[];
  readonly sampleDt: number;
  /** The reference run: its method with that method's parameter (`alpha` or `rho`), and its step. */
  readonly reference: StudyReference;
}

export interface AlphaSweepOptions extends StudyCommon {
  readonly kind: 'alpha-sweep';
  readonly alphas: readonly number[];
  readonly h: number;
}

/** ρ∞ sweep: the α sweep's shape over ρ∞ ∈ [0, 1] for the ρ∞ methods. */
export interface RhoSweepOptions extends StudyCommon {
  readonly kind: 'rho-sweep';
  readonly rhos: readonly number[];
  readonly h: number;
}

/**
 * The largest stable step of each method (solver/studies/stabilityStudy.ts): a scan of h over `hRange`, refined
 * to `rtol`, every run to t_end with the method's own parameter.
 */
export interface StabilityOptions extends StudyCommon {
  readonly kind: 'stability';
  /** HHT α of the HHT methods; absent when none is selected. */
  readonly alpha?: number;
  /** ρ∞ of the other methods; absent when none is selected. */
  readonly rho?: number;
  readonly hRange: readonly [number, number];
  readonly rtol: number;
  readonly bounds: StabilityBounds;
}

/**
 * Where each method's damping parameter is unstable at one step (solver/studies/dampingScan.ts): HHT's α over
 * [−1/3, 0] and ρ∞ over [0, 1] on grids of `alphaStep` and `rhoStep`, every run at h to t_end, classified with the
 * stability study's bounds.
 */
export interface DampingScanOptions extends StudyCommon {
  readonly kind: 'damping-scan';
  readonly h: number;
  readonly alphaStep: number;
  readonly rhoStep: number;
  readonly bounds: StabilityBounds;
}

export type StudyOptions = ConvergenceOptions | AlphaSweepOptions | RhoSweepOptions | StabilityOptions | DampingScanOptions;

/** Part `part` (from 1) of `parts` disjoint parts of a study. */
export interface Shard {
  readonly part: number;
  readonly parts: number;
}

/**
 * The independent units a study splits into for `--shard` (SPEC §3), in the order of its table: the runs (method,
 * h) of a convergence study (its reference is computed by every part that needs it), the runs (method, value) of a
 * sweep or of a damping scan, the methods of a stability study (whose refinement rounds depend on each other).
 */
export function studyUnitCount(options: StudyOptions): number {
  if (options.kind === 'convergence') return options.methods.length * options.steps.length;
  if (options.kind === 'alpha-sweep') return options.methods.length * options.alphas.length;
  if (options.kind === 'rho-sweep') return options.methods.length * options.rhos.length;
  if (options.kind === 'damping-scan') return options.methods.reduce((sum, method) => sum + scanValues(method, options).length, 0);
  return options.methods.length;
}

/** What each kind of study splits into, for messages. */
const UNIT_NAMES: Readonly<Record<StudyCommandKind, string>> = {
  convergence: 'runs (method and step)', 'alpha-sweep': 'runs (method and α)', 'rho-sweep': 'runs (method and ρ∞)', stability: 'methods',
  'damping-scan': 'runs (method and α or ρ∞)',
};

export type ParsedStudyCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly options: StudyOptions }
  /** `details`: further lines (every mistake of a model file gets its own line). */
  | { readonly kind: 'error'; readonly issue: InputIssue; readonly details?: readonly string[] };

const COMMON_FLAGS = ['--scenario', '--model', '--url', '--set', '--methods', '--t-end', '--format', '--shard'] as const;
const CONVERGENCE_FLAGS = ['--alpha', '--rho-inf', '--steps', '--sample-dt', '--ref-h', '--ref-alpha', '--ref-rho', '--ref-method'] as const;
const SWEEP_FLAGS = ['--alphas', '--alpha-steps', '--h'] as const;
const RHO_SWEEP_FLAGS = ['--rhos', '--rho-steps', '--h'] as const;
const STABILITY_FLAGS = ['--alpha', '--rho-inf', '--h-range', '--rtol', '--energy-bound', '--constraint-bound'] as const;
const DAMPING_SCAN_FLAGS = ['--h', '--alpha-step', '--rho-step', '--energy-bound', '--constraint-bound'] as const;
const SWITCHES = ['--progress'] as const;
type StudyFlag =
  | (typeof COMMON_FLAGS)[number]
  | (typeof CONVERGENCE_FLAGS)[number]
  | (typeof SWEEP_FLAGS)[number]
  | (typeof RHO_SWEEP_FLAGS)[number]
  | (typeof STABILITY_FLAGS)[number]
  | (typeof DAMPING_SCAN_FLAGS)[number]
  | (typeof SWITCHES)[number];

const VALUE_FLAGS: Readonly<Record<StudyCommandKind, readonly StudyFlag[]>> = {
  convergence: [...COMMON_FLAGS, ...CONVERGENCE_FLAGS],
  'alpha-sweep': [...COMMON_FLAGS, ...SWEEP_FLAGS],
  'rho-sweep': [...COMMON_FLAGS, ...RHO_SWEEP_FLAGS],
  stability: [...COMMON_FLAGS, ...STABILITY_FLAGS],
  'damping-scan': [...COMMON_FLAGS, ...DAMPING_SCAN_FLAGS],
};

/** A number list as written, kept for messages. */
interface GivenList {
  readonly values: readonly number[];
  readonly text: string;
}

/** A parameter value and the words that gave it, to name it if no selected method takes it. */
interface GivenParameter {
  readonly value: number;
  readonly key: string;
  readonly text: string;
  readonly name: ValueNamer;
}

/** Everything set so far; undefined means "not given, use the study default". */
interface Assignments {
  scenario?: ScenarioId;
  /** A user's model and where it came from; cleared by a later `--scenario`. */
  model?: GivenModel;
  methods?: readonly RunMethod[];
  alpha?: GivenParameter;
  rho?: GivenParameter;
  tEnd?: number;
  steps?: GivenList;
  sampleDt?: number;
  refH?: number;
  refAlpha?: GivenParameter;
  refRho?: GivenParameter;
  refMethod?: RunMethod;
  /** The swept values (`--alphas` or `--rhos`, by the study), or how many evenly spaced ones (`--alpha-steps`, `--rho-steps`). */
  sweepValues?: GivenList;
  sweepCount?: number;
  h?: number;
  /** Stability: the range of h, the refinement tolerance and the bounds. */
  hRange?: GivenList;
  rtol?: number;
  energyBound?: number;
  constraintBound?: number;
  /** Damping scan: the grid spacings of α and ρ∞. */
  alphaStep?: number;
  rhoStep?: number;
  format?: OutputFormat;
  progress: boolean;
  shard?: GivenShard;
  params: Map<string, ParamAssignment>;
}

/** `--shard K/N` as read, checked against the study's units once they are known. */
interface GivenShard extends Shard {
  readonly text: string;
}

function isStudyKind(word: string): word is StudyCommandKind {
  return (STUDY_KINDS as readonly string[]).includes(word);
}

function givenAlpha(key: string, text: string, name: ValueNamer): GivenParameter {
  return { value: parseAlpha(key, text, name), key, text, name };
}

function givenRho(key: string, text: string, name: ValueNamer): GivenParameter {
  return { value: parseRho(key, text, name), key, text, name };
}

/**
 * Reads a comma list of numbers, each checked by `check`; messages quote the list and the entry
 * (`--steps 1e-3,-1: '-1' must be a positive number of seconds`).
 */
function parseList(flag: string, text: string, check: (x: number, key: string, name: ValueNamer) => InputIssue | null): GivenList {
  const parts = text.split(',');
  if (parts.length > MAX_LIST_LENGTH) fail(flag, `${flagNamer(flag, text)}: at most ${MAX_LIST_LENGTH} entries, got ${parts.length}`);
  const entryNamer: ValueNamer = (key, entry) => `${flagNamer(key, text)}: '${quoteText(entry.trim())}'`;
  const values: number[] = [];
  for (const part of parts) {
    if (part.trim() === '') fail(flag, `${flagNamer(flag, text)}: an entry is empty`);
    const value = unwrap(parseNumberText(flag, part, entryNamer));
    ensure(check(value, flag, (key) => entryNamer(key, part)));
    values.push(value);
  }
  return { values, text };
}

/** Step sizes: positive and distinct (a repeated h would make its observed order 0/0). */
function parseSteps(text: string): GivenList {
  const list = parseList('--steps', text, checkPositiveTime);
  list.values.forEach((h, k) => {
    if (list.values.indexOf(h) !== k) fail('--steps', `${flagNamer('--steps', text)}: ${formatNumber(h)} is given twice`);
  });
  return list;
}

/** `--alpha-steps N` / `--rho-steps N`: a whole number of sweep values from 2 to MAX_ALPHA_COUNT. */
function parseValueCount(flag: string, text: string): number {
  const count = unwrap(parseNumberText(flag, text, flagNamer));
  if (!Number.isInteger(count) || count < 2 || count > MAX_ALPHA_COUNT) {
    fail(flag, `${flagNamer(flag, text)} must be a whole number from 2 to ${MAX_ALPHA_COUNT}`);
  }
  return count;
}

/**
 * `--methods`: any of the family (SPEC §6), all five at once (a study's table has no side-by-side limit, unlike
 * the app's 4 compared runs); each runs with its own parameter.
 */
function parseMethodsFlag(text: string, name: ValueNamer, key = '--methods'): readonly RunMethod[] {
  return unwrap(parseMethodsText(key, text, name, RUN_METHODS.length));
}

/** A parameter was given that no method of the study takes (`--rho-inf` with HHT only, …): bad input, never converted. */
function checkParameterUsed(
  methods: readonly RunMethod[], parameter: MethodParameterKey, given: GivenParameter | undefined, keys: ParameterKeys = CLI_PARAMETER_KEYS,
): void {
  if (given) ensure(unusedParameterIssue(methods, parameter, given.text, { ...keys, [parameter]: given.key }, given.name));
}

/** How messages name the reference's parameters. */
const REFERENCE_PARAMETER_KEYS: ParameterKeys = { alpha: '--ref-alpha', rho: '--ref-rho' };

/** A sweep runs only the methods that take its parameter: the α sweep HHT, the ρ∞ sweep the others. */
function checkSweepMethods(kind: 'alpha-sweep' | 'rho-sweep', methods: readonly RunMethod[]): void {
  const parameter: MethodParameterKey = kind === 'alpha-sweep' ? 'alpha' : 'rho';
  const others = methods.filter((m) => methodParameter(m) !== parameter);
  if (others.length === 0) return;
  const takers = RUN_METHODS.filter((m) => methodParameter(m) === parameter).join(', ');
  const instead = kind === 'alpha-sweep' ? 'rho-sweep' : 'alpha-sweep';
  fail('--methods', `--methods ${methods.join(',')}: the ${kind} runs ${takers} only; ${others.join(', ')} take${others.length === 1 ? 's' : ''} the other parameter (use ${instead})`);
}

/**
 * `--set NAME=VALUE`: the share-link keys that mean something for this study (t, methods, and alpha
 * or h), everything else a scenario parameter. A key the study decides itself is an error, not ignored.
 */
function applySet(kind: StudyCommandKind, into: Assignments, text: string): void {
  const eq = text.indexOf('=');
  if (eq <= 0) fail('--set', `--set ${quoteText(text)} must have the form NAME=VALUE`);
  const key = text.slice(0, eq);
  const value = text.slice(eq + 1);
  const subject = setNamer(key, value);
  if (key === 't') into.tEnd = parseTime(key, value, setNamer);
  else if (key === 'methods') into.methods = parseMethodsFlag(value, setNamer, key);
  else if (key === 'alpha' && (kind === 'convergence' || kind === 'stability')) into.alpha = givenAlpha(key, value, setNamer);
  else if (key === 'alpha' && kind === 'alpha-sweep') fail(key, `${subject}: the α sweep chooses α itself (use --alphas or --alpha-steps)`);
  else if ((key === 'alpha' || key === 'rho') && kind === 'damping-scan') fail(key, `${subject}: the damping scan chooses α and ρ∞ itself (use --alpha-step and --rho-step)`);
  else if (key === 'alpha') fail(key, `${subject}: the ρ∞ sweep runs methods that take ρ∞, not HHT α`);
  else if (key === 'rho' && (kind === 'convergence' || kind === 'stability')) into.rho = givenRho(key, value, setNamer);
  else if (key === 'rho' && kind === 'rho-sweep') fail(key, `${subject}: the ρ∞ sweep chooses ρ∞ itself (use --rhos or --rho-steps)`);
  else if (key === 'rho') fail(key, `${subject}: the α sweep runs HHT methods, which take α, not ρ∞`);
  else if (key === 'h' && kind === 'stability') fail(key, `${subject}: a stability study chooses h itself (use --h-range)`);
  else if (key === 'h' && kind !== 'convergence') into.h = parseTime(key, value, setNamer);
  else if (key === 'h') fail(key, `${subject}: a convergence study takes its step sizes from --steps`);
  else if (key === 'tol' || key === 'norm') fail(key, `${subject}: studies run with fixed steps (leave ${key} out)`);
  else into.params.set(key, { text: value, name: setNamer });
}

/**
 * `--url`: the scenario, its parameters, methods and t as the link sets them; alpha and rho for a
 * convergence study and h for a sweep. A link describes one run, so what the study varies itself (h resp.
 * alpha or ρ∞) and an adaptive tolerance are ignored rather than rejected. (The link itself is valid:
 * its decoder already refused an alpha or rho that none of its methods takes.)
 */
function applyUrl(kind: StudyCommandKind, into: Assignments, link: string, inputs: ModelInputs): void {
  const source = linkModelSource(link);
  const hosted = source.kind === 'hosted' ? inputs.hostedModels?.get(source.url) : undefined;
  const decoded = decodeShareQuery(link, hosted ? { hosted } : {});
  const problem = decoded.issues[0];
  if (problem) fail('--url', `--url: ${problem.message}`, decoded.issues.slice(1).map((i) => `--url: ${i.message}`));
  const { state, setKeys } = decoded;
  for (const key of setKeys) {
    if (key === 'scenario') setScenario(into, state.scenario);
    else if (key === 'model' && state.model) into.model = modelOfLink(state.model);
    else if (key === 'methods') into.methods = state.methods;
    else if (key === 't') into.tEnd = state.tEnd;
    else if (key === 'alpha' || key === 'rho') {
      if (kind === 'convergence' || kind === 'stability') applyUrlParameter(into, key, state.alpha, state.rho);
    } else if (key === 'h') {
      if (kind !== 'convergence' && kind !== 'stability') into.h = state.h;
    } else if (key !== 'tol' && key !== 'norm') {
      into.params.set(key, { text: state.values[key].map(formatNumber).join(','), name: linkNamer });
    }
  }
}

/** A shipped scenario replaces any user model given before. */
function setScenario(into: Assignments, scenario: ScenarioId): void {
  into.scenario = scenario;
  delete into.model;
}

/** `--model FILE` (or `-`): the user's model, read before parsing (ModelInputs). */
function applyModel(into: Assignments, file: string, inputs: ModelInputs): void {
  into.scenario = CUSTOM_SCENARIO_ID;
  into.model = modelOfFile(file, inputs);
}

/** A link's alpha or rho for a convergence study (named `--url alpha=…` in messages). */
function applyUrlParameter(into: Assignments, key: 'alpha' | 'rho', alpha: number, rho: number | undefined): void {
  const value = key === 'alpha' ? alpha : rho ?? DEFAULT_RHO;
  const given: GivenParameter = { value, key: `--url ${key}`, text: formatNumber(value), name: (k, text) => `${k}=${text}` };
  if (key === 'alpha') into.alpha = given;
  else into.rho = given;
}

/** A list of sweep values or their count; the later flag wins. */
function setSweepValues(into: Assignments, given: GivenList | number): void {
  into.sweepValues = typeof given === 'number' ? undefined : given;
  into.sweepCount = typeof given === 'number' ? given : undefined;
}

/** What each flag does to the assignments: one table of options (STYLE.md habit 18). */
const FLAG_ACTIONS: Readonly<Record<StudyFlag, (into: Assignments, value: string, kind: StudyCommandKind, inputs: ModelInputs) => void>> = {
  '--scenario': (into, value) => setScenario(into, parseScenarioFlag(value)),
  '--model': (into, value, _kind, inputs) => applyModel(into, value, inputs),
  '--url': (into, value, kind, inputs) => applyUrl(kind, into, value, inputs),
  '--set': (into, value, kind) => applySet(kind, into, value),
  '--methods': (into, value) => (into.methods = parseMethodsFlag(value, flagNamer)),
  '--t-end': (into, value) => (into.tEnd = parseTime('--t-end', value, flagNamer)),
  '--format': (into, value) => (into.format = parseFormatFlag(value)),
  '--progress': (into) => (into.progress = true),
  '--shard': (into, value) => (into.shard = parseShard(value)),
  '--alpha': (into, value) => (into.alpha = givenAlpha('--alpha', value, flagNamer)),
  '--rho-inf': (into, value) => (into.rho = givenRho('--rho-inf', value, flagNamer)),
  '--steps': (into, value) => (into.steps = parseSteps(value)),
  '--sample-dt': (into, value) => (into.sampleDt = parseTime('--sample-dt', value, flagNamer)),
  '--ref-h': (into, value) => (into.refH = parseTime('--ref-h', value, flagNamer)),
  '--ref-alpha': (into, value) => (into.refAlpha = givenAlpha('--ref-alpha', value, flagNamer)),
  '--ref-rho': (into, value) => (into.refRho = givenRho('--ref-rho', value, flagNamer)),
  '--ref-method': (into, value) => (into.refMethod = parseMethodFlag(value, '--ref-method')),
  '--alphas': (into, value) => setSweepValues(into, parseList('--alphas', value, checkAlpha)),
  '--alpha-steps': (into, value) => setSweepValues(into, parseValueCount('--alpha-steps', value)),
  '--rhos': (into, value) => setSweepValues(into, parseList('--rhos', value, checkRho)),
  '--rho-steps': (into, value) => setSweepValues(into, parseValueCount('--rho-steps', value)),
  '--h': (into, value) => (into.h = parseTime('--h', value, flagNamer)),
  '--h-range': (into, value) => (into.hRange = parseRange(value)),
  '--rtol': (into, value) => (into.rtol = parseBound('--rtol', value, 1)),
  '--energy-bound': (into, value) => (into.energyBound = parseBound('--energy-bound', value)),
  '--constraint-bound': (into, value) => (into.constraintBound = parseBound('--constraint-bound', value)),
  '--alpha-step': (into, value) => (into.alphaStep = parseGridStep('--alpha-step', value, 1 / 3)),
  '--rho-step': (into, value) => (into.rhoStep = parseGridStep('--rho-step', value, 1 / 2)),
};

/** `--shard K/N`: whole numbers, 1 ≤ K ≤ N. */
function parseShard(text: string): GivenShard {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,6})\s*$/.exec(text);
  const [part, parts] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(part >= 1 && parts >= 1 && part <= parts)) fail('--shard', `${flagNamer('--shard', text)} must be K/N, whole numbers with 1 ≤ K ≤ N (part K of N)`);
  return { part, parts, text };
}

/** The study split into parts: at most one part per unit, so that no part is empty. */
function withShard(options: StudyOptions, shard: GivenShard | undefined): StudyOptions {
  if (!shard) return options;
  const units = studyUnitCount(options);
  if (shard.parts > units) {
    fail('--shard', `${flagNamer('--shard', shard.text)}: this ${options.kind} study has ${units} ${UNIT_NAMES[options.kind]} to split; use at most ${units} parts`);
  }
  return { ...options, shard: { part: shard.part, parts: shard.parts } };
}

/** A grid spacing of the damping scan: 1/n for a whole n, from 0.001 up to `max` (so the grid has at least two inner values). */
function parseGridStep(flag: string, text: string, max: number): number {
  const value = unwrap(parseNumberText(flag, text, flagNamer));
  if (!(value >= 0.001 && value <= max * (1 + 1e-12)) || Number.isNaN(gridDivisions(value))) {
    fail(flag, `${flagNamer(flag, text)} must be 1/n for a whole n, from 0.001 to ${formatNumber(Number(max.toPrecision(3)))} (e.g. 0.01, 0.02, 0.05)`);
  }
  return value;
}

/** `--h-range LO,HI`: two positive step sizes, LO < HI. */
function parseRange(text: string): GivenList {
  const list = parseList('--h-range', text, checkPositiveTime);
  if (list.values.length !== 2) fail('--h-range', `${flagNamer('--h-range', text)} needs two step sizes LO,HI, got ${list.values.length}`);
  if (!(list.values[0] < list.values[1])) fail('--h-range', `${flagNamer('--h-range', text)}: LO must be smaller than HI`);
  return list;
}

/** A positive number, at most `max` (the tolerance of the refinement, or a bound). */
function parseBound(flag: string, text: string, max = Infinity): number {
  const value = unwrap(parseNumberText(flag, text, flagNamer));
  if (!(value > 0 && value <= max)) fail(flag, `${flagNamer(flag, text)} must be a positive number${Number.isFinite(max) ? ` of at most ${max}` : ''}`);
  return value;
}

function applyFlag(kind: StudyCommandKind, into: Assignments, { flag, value }: FlagArg<StudyFlag>, inputs: ModelInputs): void {
  FLAG_ACTIONS[flag](into, value, kind, inputs);
}

/** `--t-end 9 (study default)`: a resolved value, marked when the user did not give it. */
function described(flag: string, value: number, given: boolean): string {
  return `${flag} ${formatNumber(value)}${given ? '' : ' (study default)'}`;
}

/** One run of tEnd / h steps must keep `sim`'s own limit MAX_STEPS. */
function checkRunLength(subject: string, h: number, tEndText: string, tEnd: number): void {
  if (tEnd / h > MAX_STEPS) {
    fail(subject, `${subject} with ${tEndText} needs ${stepCount(h, tEnd)} steps per run; the limit is ${MAX_STEPS}`);
  }
}

/** The whole study must keep MAX_STUDY_STEPS; the message says where the work goes and what to change. */
function checkStudyWork(total: number, breakdown: string, remedy: string): void {
  if (total > MAX_STUDY_STEPS) {
    fail(
      'work',
      `the study needs ${total} steps in all (${breakdown}); the limit is ${MAX_STUDY_STEPS} ` +
        `(${STUDY_WORK_FACTOR} × ${MAX_STEPS}): ${remedy}`,
    );
  }
}

/** Methods to compare: as given, else both HHT methods (the ρ∞ sweep: the three ρ∞ methods; the damping scan: all five). */
function methodsOf(given: Assignments, kind: StudyCommandKind = 'convergence'): readonly RunMethod[] {
  if (given.methods) return given.methods;
  if (kind === 'damping-scan') return RUN_METHODS;
  return kind === 'rho-sweep' ? DEFAULT_RHO_SWEEP_METHODS : DEFAULT_STUDY_METHODS;
}

/** The scenario the study runs: the user's model when one is given (its mistakes are bad input), else the shipped one. */
function scenarioDefOf(given: Assignments): ScenarioDef {
  return given.model ? modelDefinition(given.model) : getScenario(given.scenario ?? DEFAULT_SCENARIO_ID);
}

/** The settings every study has; parameters are checked last, as in `sim`. */
function common(given: Assignments, kind: StudyCommandKind, def: ScenarioDef, tEnd: number, totalSteps: number): StudyCommon {
  return {
    scenario: def.id,
    ...(given.model ? { model: given.model.model, modelSource: given.model.source } : {}),
    tEnd,
    values: resolveParams(def, given.params),
    methods: methodsOf(given, kind),
    format: given.format ?? 'csv',
    progress: given.progress,
    totalSteps,
  };
}

/**
 * Convergence: the runs and the reference share one sample grid, so every step and the reference
 * step divide DT and t_end is a whole number of DT (else the error integrals compare different
 * times); the reference must be finer than every run, or it is no reference.
 */
function resolveConvergence(given: Assignments, def: ScenarioDef): ConvergenceOptions {
  const defaults = convergenceDefaults(def);
  const methods = methodsOf(given);
  checkParameterUsed(methods, 'alpha', given.alpha);
  checkParameterUsed(methods, 'rho', given.rho);
  const alpha = takesParameter(methods, 'alpha') ? given.alpha?.value ?? defaults.alpha : undefined;
  const rho = takesParameter(methods, 'rho') ? given.rho?.value ?? DEFAULT_RHO : undefined;
  const tEnd = given.tEnd ?? defaults.tEnd;
  const steps = given.steps?.values ?? defaults.steps;
  const stepsText = given.steps ? flagNamer('--steps', given.steps.text) : `--steps ${steps.map(formatNumber).join(',')} (study default)`;
  const sampleDt = given.sampleDt ?? defaults.sampleDt;
  const reference = resolveReference(given, defaults.reference);
  const tText = described('--t-end', tEnd, given.tEnd !== undefined);
  const dtText = described('--sample-dt', sampleDt, given.sampleDt !== undefined);
  const refText = described('--ref-h', reference.h, given.refH !== undefined);

  if (sampleDt > tEnd) fail('--sample-dt', `${dtText} is larger than ${tText}`);
  for (const h of steps) {
    if (wholeMultiple(sampleDt, h) === 0) fail('--sample-dt', `${dtText} is not a whole multiple of the step ${formatNumber(h)} in ${stepsText}`);
  }
  if (wholeMultiple(tEnd, sampleDt) === 0) {
    fail('--t-end', `${tText} is not a whole multiple of ${dtText}: every run must end on a common sample`);
  }
  const smallest = Math.min(...steps);
  if (!(reference.h < smallest * (1 - SAMPLE_MULTIPLE_TOLERANCE))) {
    fail('--ref-h', `${refText} must be smaller than every step; ${stepsText} includes ${formatNumber(smallest)}`);
  }
  if (wholeMultiple(sampleDt, reference.h) === 0) fail('--ref-h', `${dtText} is not a whole multiple of ${refText}`);
  checkRunLength(refText, reference.h, tText, tEnd);

  const referenceSteps = stepCount(reference.h, tEnd);
  const perMethod = steps.reduce((sum, h) => sum + stepCount(h, tEnd), 0);
  const runSteps = methods.length * perMethod;
  const total = referenceSteps + runSteps;
  checkStudyWork(
    total,
    `reference ${referenceSteps}, runs ${runSteps}`,
    'use a larger --ref-h, fewer or larger --steps, or a shorter --t-end',
  );
  return { kind: 'convergence', ...common(given, 'convergence', def, tEnd, total), alpha, rho, steps: [...steps], sampleDt, reference };
}

/**
 * The reference run: `--ref-method` (default the scenario's) with its own parameter — `--ref-alpha` for an
 * HHT reference (default the scenario's reference α), `--ref-rho` for a ρ∞ reference (default 2/3); the other
 * one given is bad input. An HHT reference keeps its earlier shape {method, alpha, h}.
 */
function resolveReference(given: Assignments, defaults: ConvergenceDefaults['reference']): StudyReference {
  const method = given.refMethod ?? defaults.method;
  const h = given.refH ?? defaults.h;
  checkParameterUsed([method], 'alpha', given.refAlpha, REFERENCE_PARAMETER_KEYS);
  checkParameterUsed([method], 'rho', given.refRho, REFERENCE_PARAMETER_KEYS);
  if (methodParameter(method) === 'alpha') return { method, alpha: given.refAlpha?.value ?? defaults.alpha, h };
  return { method, rho: given.refRho?.value ?? DEFAULT_RHO, h };
}

/** The step, end time and work of a sweep with `count` values per method (the α and the ρ∞ sweep alike). */
function resolveSweepRuns(
  given: Assignments, def: ScenarioDef, kind: 'alpha-sweep' | 'rho-sweep', count: number, remedy: string,
): { h: number; tEnd: number; total: number } {
  const defaults = (kind === 'alpha-sweep' ? alphaSweepDefaults : rhoSweepDefaults)(def);
  const h = given.h ?? defaults.h;
  const tEnd = given.tEnd ?? defaults.tEnd;
  const hText = described('--h', h, given.h !== undefined);
  const tText = described('--t-end', tEnd, given.tEnd !== undefined);
  if (h > tEnd) fail('--h', `${hText} is larger than ${tText}`);
  checkRunLength(hText, h, tText, tEnd);
  const runs = count * methodsOf(given, kind).length;
  const total = runs * stepCount(h, tEnd);
  checkStudyWork(total, `${runs} runs of ${stepCount(h, tEnd)}`, remedy);
  return { h, tEnd, total };
}

/** α sweep: one run per HHT method and α at the step h to t_end; only the final state is kept. */
function resolveAlphaSweep(given: Assignments, def: ScenarioDef): AlphaSweepOptions {
  checkSweepMethods('alpha-sweep', methodsOf(given, 'alpha-sweep'));
  const alphas = given.sweepValues?.values ?? evenAlphas(given.sweepCount ?? DEFAULT_ALPHA_COUNT);
  const { h, tEnd, total } = resolveSweepRuns(given, def, 'alpha-sweep', alphas.length, 'use fewer α values or methods, a larger --h, or a shorter --t-end');
  return { kind: 'alpha-sweep', ...common(given, 'alpha-sweep', def, tEnd, total), alphas: [...alphas], h };
}

/** ρ∞ sweep: one run per ρ∞ method and ρ∞ at the step h to t_end; only the final state is kept. */
function resolveRhoSweep(given: Assignments, def: ScenarioDef): RhoSweepOptions {
  checkSweepMethods('rho-sweep', methodsOf(given, 'rho-sweep'));
  const rhos = given.sweepValues?.values ?? evenRhos(given.sweepCount ?? DEFAULT_RHO_COUNT);
  const { h, tEnd, total } = resolveSweepRuns(given, def, 'rho-sweep', rhos.length, 'use fewer ρ∞ values or methods, a larger --h, or a shorter --t-end');
  return { kind: 'rho-sweep', ...common(given, 'rho-sweep', def, tEnd, total), rhos: [...rhos], h };
}

/**
 * Stability: the range's smallest step must fit `sim`'s run limit, and the whole study the study limit, counted
 * as the scan plus the most refinement rounds it can take, every refinement run as long as the smallest step's.
 */
function resolveStability(given: Assignments, def: ScenarioDef): StabilityOptions {
  const defaults = stabilityDefaults(def);
  const methods = methodsOf(given);
  checkParameterUsed(methods, 'alpha', given.alpha);
  checkParameterUsed(methods, 'rho', given.rho);
  const alpha = takesParameter(methods, 'alpha') ? given.alpha?.value ?? def.defaultAlpha : undefined;
  const rho = takesParameter(methods, 'rho') ? given.rho?.value ?? DEFAULT_RHO : undefined;
  const [lo, hi] = given.hRange?.values ?? defaults.hRange;
  const tEnd = given.tEnd ?? defaults.tEnd;
  const rtol = given.rtol ?? DEFAULT_STABILITY_RTOL;
  const rangeText = given.hRange ? flagNamer('--h-range', given.hRange.text) : `--h-range ${formatNumber(lo)},${formatNumber(hi)} (study default)`;
  const tText = described('--t-end', tEnd, given.tEnd !== undefined);
  if (lo > tEnd) fail('--h-range', `${rangeText}: the smallest step is larger than ${tText}`);
  checkRunLength(rangeText, lo, tText, tEnd);
  const scan = scanSteps(lo, Math.min(hi, tEnd));
  const scanWork = scan.reduce((sum, h) => sum + stepCount(h, tEnd), 0);
  const refinement = 3 * stabilityRounds(rtol) * stepCount(lo, tEnd);
  const total = methods.length * (scanWork + refinement);
  checkStudyWork(total, `${methods.length} methods × (scan ${scanWork} + refinement at most ${refinement})`, 'use a larger smallest step in --h-range, fewer methods, a larger --rtol or a shorter --t-end');
  const bounds = { energy: given.energyBound ?? DEFAULT_STABILITY_BOUNDS.energy, constraint: given.constraintBound ?? DEFAULT_STABILITY_BOUNDS.constraint };
  return {
    kind: 'stability', ...common(given, 'stability', def, tEnd, total),
    ...(alpha !== undefined ? { alpha } : {}), ...(rho !== undefined ? { rho } : {}),
    hRange: [lo, Math.min(hi, tEnd)], rtol, bounds,
  };
}

/**
 * Damping scan: one run per method and grid value of its parameter at the step h to t_end; each run within `sim`'s
 * run limit, the whole scan within the study limit.
 */
function resolveDampingScan(given: Assignments, def: ScenarioDef): DampingScanOptions {
  const defaults = dampingScanDefaults(def);
  const methods = methodsOf(given, 'damping-scan');
  const h = given.h ?? defaults.h;
  const tEnd = given.tEnd ?? defaults.tEnd;
  const alphaStep = given.alphaStep ?? defaults.alphaStep;
  const rhoStep = given.rhoStep ?? defaults.rhoStep;
  const hText = described('--h', h, given.h !== undefined);
  const tText = described('--t-end', tEnd, given.tEnd !== undefined);
  if (h > tEnd) fail('--h', `${hText} is larger than ${tText}`);
  checkRunLength(hText, h, tText, tEnd);
  const runs = methods.reduce((sum, method) => sum + scanValues(method, { alphaStep, rhoStep }).length, 0);
  const total = runs * stepCount(h, tEnd);
  checkStudyWork(total, `${runs} runs of ${stepCount(h, tEnd)}`, 'use a coarser --alpha-step or --rho-step, fewer methods, a larger --h or a shorter --t-end');
  const bounds = { energy: given.energyBound ?? DEFAULT_STABILITY_BOUNDS.energy, constraint: given.constraintBound ?? DEFAULT_STABILITY_BOUNDS.constraint };
  return { kind: 'damping-scan', ...common(given, 'damping-scan', def, tEnd, total), h, alphaStep, rhoStep, bounds };
}

const RESOLVERS: Readonly<Record<StudyCommandKind, (given: Assignments, def: ScenarioDef) => StudyOptions>> = {
  convergence: resolveConvergence,
  'alpha-sweep': resolveAlphaSweep,
  'rho-sweep': resolveRhoSweep,
  stability: resolveStability,
  'damping-scan': resolveDampingScan,
};

/** The model files and hosted model URLs a study's arguments name, to read before parsing (none for a bad subcommand). */
export function studyInputsWanted(argv: readonly string[]): ModelInputsWanted {
  const [kind, ...rest] = argv;
  if (kind === undefined || !isStudyKind(kind)) return { files: [], urls: [] };
  return modelInputsWanted<StudyFlag>(rest, VALUE_FLAGS[kind], SWITCHES);
}

/**
 * Reads the words after `study` (the subcommand first) and the texts they refer to (`inputs`, read by the caller:
 * model files, standard input, hosted models). Never throws: bad input comes back as `{ kind: 'error', issue }`
 * with a message naming the offending value.
 */
export function parseStudyArgs(argv: readonly string[], inputs: ModelInputs = {}): ParsedStudyCommand {
  if (argv.some((word) => word === '--help' || word === '-h')) return { kind: 'help' };
  const [kind, ...rest] = argv;
  if (kind === undefined) {
    return { kind: 'error', issue: { key: 'study', message: `study needs a subcommand: ${STUDY_KINDS.join(' or ')} (see sim study --help)` } };
  }
  if (!isStudyKind(kind)) {
    const message = `'${quoteText(kind)}' is not a study (${STUDY_KINDS.join(' or ')}; see sim study --help)`;
    return { kind: 'error', issue: { key: 'study', message } };
  }
  return catchInput((): ParsedStudyCommand => {
    const given: Assignments = { progress: false, params: new Map() };
    for (const arg of tokenize<StudyFlag>(rest, VALUE_FLAGS[kind], SWITCHES)) applyFlag(kind, given, arg, inputs);
    return { kind: 'run', options: withShard(RESOLVERS[kind](given, scenarioDefOf(given)), given.shard) };
  });
}
