/**
 * Arguments of `sim study convergence|alpha-sweep …` → complete, validated study options, or the
 * one issue to report. Same conventions as `sim` (SPEC §3): flags apply in order, later ones
 * override earlier ones and `--url`; every problem is one sentence naming the value as written.
 * Everything that could make a study fail for a reason other than the numerics (grids that do
 * not line up, a reference no finer than the runs, unbounded work) is rejected here, before any run.
 */
import type { IntegratorMethod } from '../solver/simulate';
import { DEFAULT_SCENARIO_ID, getScenario } from './registry';
import type { InputIssue, ParamValues, ScenarioId, ValueNamer } from './types';
import { decodeShareQuery } from './url';
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
  parseAlpha,
  parseFormatFlag,
  parseMethodFlag,
  parseScenarioFlag,
  parseTime,
  resolveParams,
  setNamer,
  tokenize,
  unwrap,
  type FlagArg,
  type OutputFormat,
  type ParamAssignment,
} from './flags';
import {
  ALPHA_SWEEP_DEFAULTS,
  CONVERGENCE_DEFAULTS,
  DEFAULT_ALPHA_COUNT,
  DEFAULT_STUDY_METHODS,
  evenAlphas,
  MAX_ALPHA_COUNT,
  MAX_LIST_LENGTH,
  MAX_STUDY_STEPS,
  STUDY_WORK_FACTOR,
} from './studyDefaults';

export type StudyKind = 'convergence' | 'alpha-sweep';
export const STUDY_KINDS: readonly StudyKind[] = ['convergence', 'alpha-sweep'];

interface StudyCommon {
  readonly scenario: ScenarioId;
  readonly values: ParamValues;
  readonly methods: readonly IntegratorMethod[];
  readonly tEnd: number;
  readonly format: OutputFormat;
  /** `--progress` given: report runs on stderr even when it is not a terminal. */
  readonly progress: boolean;
  /** Steps of all runs together (reference included): the work the study will do. */
  readonly totalSteps: number;
}

export interface ConvergenceOptions extends StudyCommon {
  readonly kind: 'convergence';
  readonly alpha: number;
  /** Distinct step sizes, as given. */
  readonly steps: readonly number[];
  readonly sampleDt: number;
  readonly reference: { readonly method: IntegratorMethod; readonly alpha: number; readonly h: number };
}

export interface AlphaSweepOptions extends StudyCommon {
  readonly kind: 'alpha-sweep';
  readonly alphas: readonly number[];
  readonly h: number;
}

export type StudyOptions = ConvergenceOptions | AlphaSweepOptions;

export type ParsedStudyCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly options: StudyOptions }
  | { readonly kind: 'error'; readonly issue: InputIssue };

const COMMON_FLAGS = ['--scenario', '--url', '--set', '--methods', '--t-end', '--format'] as const;
const CONVERGENCE_FLAGS = ['--alpha', '--steps', '--sample-dt', '--ref-h', '--ref-alpha', '--ref-method'] as const;
const SWEEP_FLAGS = ['--alphas', '--alpha-steps', '--h'] as const;
const SWITCHES = ['--progress'] as const;
type StudyFlag =
  | (typeof COMMON_FLAGS)[number]
  | (typeof CONVERGENCE_FLAGS)[number]
  | (typeof SWEEP_FLAGS)[number]
  | (typeof SWITCHES)[number];

const VALUE_FLAGS: Readonly<Record<StudyKind, readonly StudyFlag[]>> = {
  convergence: [...COMMON_FLAGS, ...CONVERGENCE_FLAGS],
  'alpha-sweep': [...COMMON_FLAGS, ...SWEEP_FLAGS],
};

/** A number list as written, kept for messages. */
interface GivenList {
  readonly values: readonly number[];
  readonly text: string;
}

/** Everything set so far; undefined means "not given, use the study default". */
interface Assignments {
  scenario?: ScenarioId;
  methods?: readonly IntegratorMethod[];
  alpha?: number;
  tEnd?: number;
  steps?: GivenList;
  sampleDt?: number;
  refH?: number;
  refAlpha?: number;
  refMethod?: IntegratorMethod;
  alphas?: GivenList;
  alphaCount?: number;
  h?: number;
  format?: OutputFormat;
  progress: boolean;
  params: Map<string, ParamAssignment>;
}

function isStudyKind(word: string): word is StudyKind {
  return (STUDY_KINDS as readonly string[]).includes(word);
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

function parseAlphaCount(text: string): number {
  const count = unwrap(parseNumberText('--alpha-steps', text, flagNamer));
  if (!Number.isInteger(count) || count < 2 || count > MAX_ALPHA_COUNT) {
    fail('--alpha-steps', `${flagNamer('--alpha-steps', text)} must be a whole number from 2 to ${MAX_ALPHA_COUNT}`);
  }
  return count;
}

function parseMethodsFlag(text: string, name: ValueNamer, key = '--methods'): readonly IntegratorMethod[] {
  return unwrap(parseMethodsText(key, text, name));
}

/**
 * `--set NAME=VALUE`: the share-link keys that mean something for this study (t, methods, and alpha
 * or h), everything else a scenario parameter. A key the study decides itself is an error, not ignored.
 */
function applySet(kind: StudyKind, into: Assignments, text: string): void {
  const eq = text.indexOf('=');
  if (eq <= 0) fail('--set', `--set ${quoteText(text)} must have the form NAME=VALUE`);
  const key = text.slice(0, eq);
  const value = text.slice(eq + 1);
  const subject = setNamer(key, value);
  if (key === 't') into.tEnd = parseTime(key, value, setNamer);
  else if (key === 'methods') into.methods = parseMethodsFlag(value, setNamer, key);
  else if (key === 'alpha' && kind === 'convergence') into.alpha = parseAlpha(key, value, setNamer);
  else if (key === 'alpha') fail(key, `${subject}: the α sweep chooses α itself (use --alphas or --alpha-steps)`);
  else if (key === 'h' && kind === 'alpha-sweep') into.h = parseTime(key, value, setNamer);
  else if (key === 'h') fail(key, `${subject}: a convergence study takes its step sizes from --steps`);
  else if (key === 'tol') fail(key, `${subject}: studies run with fixed steps (leave tol out)`);
  else into.params.set(key, { text: value, name: setNamer });
}

/**
 * `--url`: the scenario, its parameters, methods and t as the link sets them; alpha for a convergence
 * study and h for an α sweep. A link describes one run, so what the study varies itself (h resp.
 * alpha) and an adaptive tolerance are ignored rather than rejected.
 */
function applyUrl(kind: StudyKind, into: Assignments, link: string): void {
  const decoded = decodeShareQuery(link);
  const problem = decoded.issues[0];
  if (problem) fail('--url', `--url: ${problem.message}`);
  const { state, setKeys } = decoded;
  for (const key of setKeys) {
    if (key === 'scenario') into.scenario = state.scenario;
    else if (key === 'methods') into.methods = state.methods;
    else if (key === 't') into.tEnd = state.tEnd;
    else if (key === 'alpha') {
      if (kind === 'convergence') into.alpha = state.alpha;
    } else if (key === 'h') {
      if (kind === 'alpha-sweep') into.h = state.h;
    } else if (key !== 'tol') {
      into.params.set(key, { text: state.values[key].map(formatNumber).join(','), name: linkNamer });
    }
  }
}

/** What each flag does to the assignments: one table of options (STYLE.md habit 18). */
const FLAG_ACTIONS: Readonly<Record<StudyFlag, (into: Assignments, value: string, kind: StudyKind) => void>> = {
  '--scenario': (into, value) => (into.scenario = parseScenarioFlag(value)),
  '--url': (into, value, kind) => applyUrl(kind, into, value),
  '--set': (into, value, kind) => applySet(kind, into, value),
  '--methods': (into, value) => (into.methods = parseMethodsFlag(value, flagNamer)),
  '--t-end': (into, value) => (into.tEnd = parseTime('--t-end', value, flagNamer)),
  '--format': (into, value) => (into.format = parseFormatFlag(value)),
  '--progress': (into) => (into.progress = true),
  '--alpha': (into, value) => (into.alpha = parseAlpha('--alpha', value, flagNamer)),
  '--steps': (into, value) => (into.steps = parseSteps(value)),
  '--sample-dt': (into, value) => (into.sampleDt = parseTime('--sample-dt', value, flagNamer)),
  '--ref-h': (into, value) => (into.refH = parseTime('--ref-h', value, flagNamer)),
  '--ref-alpha': (into, value) => (into.refAlpha = parseAlpha('--ref-alpha', value, flagNamer)),
  '--ref-method': (into, value) => (into.refMethod = parseMethodFlag(value, '--ref-method')),
  '--alphas': (into, value) => {
    into.alphas = parseList('--alphas', value, checkAlpha);
    into.alphaCount = undefined;
  },
  '--alpha-steps': (into, value) => {
    into.alphaCount = parseAlphaCount(value);
    into.alphas = undefined;
  },
  '--h': (into, value) => (into.h = parseTime('--h', value, flagNamer)),
};

function applyFlag(kind: StudyKind, into: Assignments, { flag, value }: FlagArg<StudyFlag>): void {
  FLAG_ACTIONS[flag](into, value, kind);
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

/** Methods to compare: as given, else both. */
function methodsOf(given: Assignments): readonly IntegratorMethod[] {
  return given.methods ?? DEFAULT_STUDY_METHODS;
}

/** The settings every study has; parameters are checked last, as in `sim`. */
function common(given: Assignments, scenario: ScenarioId, tEnd: number, totalSteps: number): StudyCommon {
  return {
    scenario,
    tEnd,
    values: resolveParams(getScenario(scenario), given.params),
    methods: methodsOf(given),
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
function resolveConvergence(given: Assignments): ConvergenceOptions {
  const scenario = given.scenario ?? DEFAULT_SCENARIO_ID;
  const defaults = CONVERGENCE_DEFAULTS[scenario];
  const alpha = given.alpha ?? defaults.alpha;
  const tEnd = given.tEnd ?? defaults.tEnd;
  const steps = given.steps?.values ?? defaults.steps;
  const stepsText = given.steps ? flagNamer('--steps', given.steps.text) : `--steps ${steps.map(formatNumber).join(',')} (study default)`;
  const sampleDt = given.sampleDt ?? defaults.sampleDt;
  const reference = {
    method: given.refMethod ?? defaults.reference.method,
    alpha: given.refAlpha ?? defaults.reference.alpha,
    h: given.refH ?? defaults.reference.h,
  };
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
  const runSteps = methodsOf(given).length * perMethod;
  const total = referenceSteps + runSteps;
  checkStudyWork(
    total,
    `reference ${referenceSteps}, runs ${runSteps}`,
    'use a larger --ref-h, fewer or larger --steps, or a shorter --t-end',
  );
  return { kind: 'convergence', ...common(given, scenario, tEnd, total), alpha, steps: [...steps], sampleDt, reference };
}

/** α sweep: one run per method and α at the step h to t_end; only the final state is kept. */
function resolveAlphaSweep(given: Assignments): AlphaSweepOptions {
  const scenario = given.scenario ?? DEFAULT_SCENARIO_ID;
  const defaults = ALPHA_SWEEP_DEFAULTS[scenario];
  const h = given.h ?? defaults.h;
  const tEnd = given.tEnd ?? defaults.tEnd;
  const hText = described('--h', h, given.h !== undefined);
  const tText = described('--t-end', tEnd, given.tEnd !== undefined);
  if (h > tEnd) fail('--h', `${hText} is larger than ${tText}`);
  checkRunLength(hText, h, tText, tEnd);
  const alphas = given.alphas?.values ?? evenAlphas(given.alphaCount ?? DEFAULT_ALPHA_COUNT);
  const runs = alphas.length * methodsOf(given).length;
  const total = runs * stepCount(h, tEnd);
  checkStudyWork(total, `${runs} runs of ${stepCount(h, tEnd)}`, 'use fewer α values or methods, a larger --h, or a shorter --t-end');
  return { kind: 'alpha-sweep', ...common(given, scenario, tEnd, total), alphas: [...alphas], h };
}

/**
 * Reads the words after `study` (the subcommand first). Never throws: bad input comes back as
 * `{ kind: 'error', issue }` with a message naming the offending value.
 */
export function parseStudyArgs(argv: readonly string[]): ParsedStudyCommand {
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
    for (const arg of tokenize<StudyFlag>(rest, VALUE_FLAGS[kind], SWITCHES)) applyFlag(kind, given, arg);
    const options = kind === 'convergence' ? resolveConvergence(given) : resolveAlphaSweep(given);
    return { kind: 'run', options };
  });
}
