/**
 * Command-line arguments of `sim` (SPEC §3) → complete, validated run options, or the one
 * issue to report. Flags are applied in order, so a later flag overrides `--url`.
 */
import { DEFAULT_SCENARIO_ID, getScenario, useCustomScenario } from '../scenario/registry';
import { CUSTOM_SCENARIO_ID, type CustomModel, type InputIssue, type ScenarioDef, type ScenarioId, type ScenarioState, type ValueNamer } from '../scenario/types';
import { decodeShareQuery, linkModelSource } from '../scenario/url';
// Loading it installs the reader of user models (`--model`, links with a model).
import '../scenario/custom';
import { CLI_PLAN_KEYS, planRun, type RunPlan } from '../run/plan';
import { runSettingsOf, type RunSettings } from '../run/runJson';
import { adaptiveIssue, CLI_PARAMETER_KEYS, unusedParameterIssue, type RunMethod } from '../scenario/methods';
import { errorNormOf, fixedStepNormIssue, NORM_KEY, parseErrorNorm, type ErrorNorm } from '../scenario/errorNorm';
import {
  checkTolerance,
  formatNumber,
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
  modelDefinition,
  modelInputsWanted,
  modelOfFile,
  modelOfLink,
  parseAlpha,
  parseFormatFlag,
  parseRho,
  parseMethodFlag,
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
} from '../scenario/flags';

export { flagNamer, modelIssueLine, OUTPUT_FORMATS, type OutputFormat } from '../scenario/flags';
export { SAMPLE_MULTIPLE_TOLERANCE } from '../scenario/validate';

/** The method run when neither a flag nor a single-method link chooses one. */
export const DEFAULT_METHOD: RunMethod = 'modified';

/**
 * A `sim` run: its plan (one method), and the plan's figures spelled out as the JSON head writes them (RunSettings,
 * src/run/runJson.ts), with what the command line adds: the model and its source, the output format. sampleEvery
 * is the solver's (steps per row for a fixed step; sampleDt / h for an adaptive run, whose steps land on each
 * sample time).
 */
export interface SimOptions extends RunSettings {
  readonly plan: RunPlan;
  /** The user's model (`--model`, or a link carrying one) when scenario is 'custom'. */
  readonly model?: CustomModel;
  /** Where the user's model came from, as messages name it: the file, 'standard input' or the link's model. */
  readonly modelSource?: string;
  readonly sampleEvery: number;
  readonly format: OutputFormat;
}

export type ParsedCommand =
  | { readonly kind: 'help' }
  | { readonly kind: 'run'; readonly options: SimOptions }
  /** `details`: further lines (every mistake of a model file gets its own line). */
  | { readonly kind: 'error'; readonly issue: InputIssue; readonly details?: readonly string[] };

/** What `sim`'s arguments refer to, read before they are parsed (src/cli/modelInput.ts). */
export type SimInputs = ModelInputs;

/** The model files and hosted model URLs the arguments name (bad arguments are left to parseSimArgs). */
export function inputsWanted(argv: readonly string[]): ModelInputsWanted {
  return modelInputsWanted(argv, VALUE_FLAGS);
}

/** Flag names used in cross-field messages (`--h 2 is larger than --t-end 1`). */
const CLI_RUN_KEYS: RunKeys = { alpha: '--alpha', h: '--h', tEnd: '--t-end', tolerance: '--tol' };

const VALUE_FLAGS = [
  '--scenario', '--model', '--url', '--method', '--alpha', '--rho-inf', '--h', '--t-end', '--sample-dt', '--tol', '--error-norm', '--h-min', '--h-max',
  '--set', '--format',
] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];

/** Everything set so far; undefined means "not given, use the default". */
interface Assignments {
  scenario?: ScenarioId;
  /** A user's model and where it came from (for messages); cleared by a later `--scenario`. */
  model?: GivenModel;
  method?: RunMethod;
  alpha?: number;
  /** Text of the α / ρ∞ as given (flag, --set or link), so a parameter the method does not take is named as written. */
  alphaGiven?: GivenText;
  rho?: number;
  rhoGiven?: GivenText;
  h?: number;
  tEnd?: number;
  sampleDt?: number;
  tolerance?: number;
  /** The norm as given (flag, --set or link), named in the message when no --tol comes with it. */
  errorNorm?: { readonly value: ErrorNorm; readonly key: string };
  hMin?: number;
  hMax?: number;
  format?: OutputFormat;
  params: Map<string, ParamAssignment>;
}

/** A value as the user wrote it and how to name it in a message. */
interface GivenText {
  readonly text: string;
  readonly name: ValueNamer;
}

function setAlpha(into: Assignments, key: string, text: string, name: ValueNamer): void {
  into.alpha = parseAlpha(key, text, name);
  into.alphaGiven = { text, name };
}

function setRho(into: Assignments, key: string, text: string, name: ValueNamer): void {
  into.rho = parseRho(key, text, name);
  into.rhoGiven = { text, name };
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
  if (key === 'alpha') setAlpha(into, key, value, setNamer);
  else if (key === 'rho') setRho(into, key, value, setNamer);
  else if (key === 'h') into.h = parseTime(key, value, setNamer);
  else if (key === 't') into.tEnd = parseTime(key, value, setNamer);
  else if (key === 'tol') into.tolerance = parseTolerance(key, value, setNamer);
  else if (key === NORM_KEY) into.errorNorm = { value: unwrap(parseErrorNorm(key, value, setNamer)), key: `--set ${NORM_KEY}` };
  else if (key === 'methods') applyMethods(into, unwrap(parseMethodsText(key, value, setNamer)));
  else into.params.set(key, { text: value, name: setNamer });
}

/**
 * A one-method list selects that method; a comparison list leaves the choice to `--method` (default
 * DEFAULT_METHOD if the list has it, else the list's first method, so the run uses a parameter the link set).
 */
function applyMethods(into: Assignments, methods: readonly RunMethod[]): void {
  if (methods.length === 1 || !methods.includes(DEFAULT_METHOD)) into.method = methods[0];
}

/** `--url`: everything the link sets (and only that) is applied; a bad link is bad input. */
function applyUrl(into: Assignments, link: string, inputs: SimInputs): void {
  const source = linkModelSource(link);
  const hosted = source.kind === 'hosted' ? inputs.hostedModels?.get(source.url) : undefined;
  const decoded = decodeShareQuery(link, hosted ? { hosted } : {});
  const problem = decoded.issues[0];
  if (problem) fail('--url', `--url: ${problem.message}`, decoded.issues.slice(1).map((i) => `--url: ${i.message}`));
  const { state, setKeys } = decoded;
  for (const key of setKeys) {
    if (key === 'scenario') setScenario(into, state.scenario);
    else if (key === 'model' && state.model) into.model = modelOfLink(state.model);
    // A link's α and ρ∞ were checked against the link's own methods; `--method` may pick any of them.
    else if (key === 'alpha') into.alpha = state.alpha;
    else if (key === 'rho') into.rho = state.rho;
    else if (key === 'h') into.h = state.h;
    else if (key === 't') into.tEnd = state.tEnd;
    else if (key === 'tol') {
      into.tolerance = state.tolerance;
      // An adaptive v1 link means the position norm without saying so (url.ts): carry it.
      if (state.errorNorm !== undefined) into.errorNorm = { value: state.errorNorm, key: `--url ${NORM_KEY}` };
    } else if (key === NORM_KEY) into.errorNorm = { value: errorNormOf(state), key: `--url ${NORM_KEY}` };
    else if (key === 'methods') applyMethods(into, state.methods);
    else into.params.set(key, { text: state.values[key].map(formatNumber).join(','), name: linkNamer });
  }
}

/** A shipped scenario replaces any user model given before. */
function setScenario(into: Assignments, scenario: ScenarioId): void {
  into.scenario = scenario;
  delete into.model;
}

/** `--model FILE` (or `-`, standard input): the file's text, read before parsing (SimInputs). */
function applyModel(into: Assignments, file: string, inputs: SimInputs): void {
  into.scenario = CUSTOM_SCENARIO_ID;
  into.model = modelOfFile(file, inputs);
}

/** What each flag does to the assignments: one table of options (STYLE.md habit 18). */
const FLAG_ACTIONS: Readonly<Record<ValueFlag, (into: Assignments, value: string, inputs: SimInputs) => void>> = {
  '--scenario': (into, value) => setScenario(into, parseScenarioFlag(value)),
  '--model': applyModel,
  '--url': applyUrl,
  '--method': (into, value) => (into.method = parseMethodFlag(value)),
  '--alpha': (into, value) => setAlpha(into, '--alpha', value, flagNamer),
  '--rho-inf': (into, value) => setRho(into, '--rho-inf', value, flagNamer),
  '--h': (into, value) => (into.h = parseTime('--h', value, flagNamer)),
  '--t-end': (into, value) => (into.tEnd = parseTime('--t-end', value, flagNamer)),
  '--sample-dt': (into, value) => (into.sampleDt = parseTime('--sample-dt', value, flagNamer)),
  '--tol': (into, value) => (into.tolerance = parseTolerance('--tol', value, flagNamer)),
  '--error-norm': (into, value) => (into.errorNorm = { value: unwrap(parseErrorNorm('--error-norm', value, flagNamer)), key: '--error-norm' }),
  '--h-min': (into, value) => (into.hMin = parseTime('--h-min', value, flagNamer)),
  '--h-max': (into, value) => (into.hMax = parseTime('--h-max', value, flagNamer)),
  '--set': applySet,
  '--format': (into, value) => (into.format = parseFormatFlag(value)),
};

function applyFlag(into: Assignments, { flag, value }: FlagArg<ValueFlag>, inputs: SimInputs): void {
  FLAG_ACTIONS[flag](into, value, inputs);
}

/** The scenario of a user's model, made the one 'custom' names; every mistake in it is bad input, one line each. */
function customDefinition(given: GivenModel): ScenarioDef {
  const def = modelDefinition(given);
  useCustomScenario(def);
  return def;
}

/**
 * The run's method takes the parameter given (SPEC §6): `--alpha` with a ρ∞ method or `--rho-inf` with HHT is bad
 * input, named as written (`--alpha -0.1`, `--set alpha=-0.1`, `--url: alpha=-0.1`), never converted. A
 * fixed-step-only method (lie-group) with `--tol` is refused.
 */
function ensureMethodTakes(given: Assignments, method: RunMethod): void {
  for (const [key, text] of [['alpha', given.alphaGiven], ['rho', given.rhoGiven]] as const) {
    if (text) ensure(unusedParameterIssue([method], key, text.text, keysOf(text.name), text.name));
  }
  if (given.tolerance !== undefined) ensure(adaptiveIssue([method], '--tol'));
}

/** How a namer writes α and ρ∞: flags for the command line, link keys for `--set` and `--url`. */
function keysOf(name: ValueNamer) {
  return name === flagNamer ? CLI_PARAMETER_KEYS : { alpha: 'alpha', rho: 'rho' };
}

function resolveOptions(given: Assignments): SimOptions {
  const scenario = given.model ? CUSTOM_SCENARIO_ID : given.scenario ?? DEFAULT_SCENARIO_ID;
  const def = given.model ? customDefinition(given.model) : getScenario(scenario);
  const alpha = given.alpha ?? def.defaultAlpha;
  const h = given.h ?? def.defaultH;
  const tEnd = given.tEnd ?? def.defaultTEnd;
  const tolerance = given.tolerance;
  const runIssue = validateRunSettings({ alpha, h, tEnd, tolerance }, CLI_RUN_KEYS, flagNamer)[0];
  if (runIssue) throw new InputError(runIssue);
  const values = resolveParams(def, given.params);
  const method = given.method ?? DEFAULT_METHOD;
  ensureMethodTakes(given, method);
  if (given.errorNorm && tolerance === undefined) throw new InputError(fixedStepNormIssue(given.errorNorm.key, '--tol'));
  const state: ScenarioState = {
    scenario, ...(given.model ? { model: given.model.model } : {}), methods: [method], alpha, h, tEnd, values,
    ...(given.rho !== undefined ? { rho: given.rho } : {}), ...(tolerance !== undefined ? { tolerance } : {}),
    ...(given.errorNorm ? { errorNorm: given.errorNorm.value } : {}),
  };
  const keys = given.h === undefined ? { ...CLI_PLAN_KEYS, hNote: '(scenario default)' } : CLI_PLAN_KEYS;
  const planned = planRun(state, { sampleDt: given.sampleDt, hMin: given.hMin, hMax: given.hMax }, keys);
  if (!planned.ok) throw new InputError(planned.issue);
  const options = simOptionsOf(planned.plan, given.format ?? 'csv');
  return given.model ? { ...options, modelSource: given.model.source } : options;
}

/** The options of a one-method plan, with the plan's figures spelled out for `--format json`. */
export function simOptionsOf(plan: RunPlan, format: OutputFormat): SimOptions {
  return { plan, ...(plan.model ? { model: plan.model } : {}), ...runSettingsOf(plan), format };
}

/**
 * Reads `sim`'s arguments (without the node and script words) and the texts they refer to (`inputs`, read by
 * the caller: model files, standard input, hosted models). Never throws: bad input comes back as
 * `{ kind: 'error', issue }` with a message naming the offending value.
 */
export function parseSimArgs(argv: readonly string[], inputs: SimInputs = {}): ParsedCommand {
  if (argv.some((word) => word === '--help' || word === '-h')) return { kind: 'help' };
  return catchInput((): ParsedCommand => {
    const given: Assignments = { params: new Map() };
    for (const arg of tokenize(argv, VALUE_FLAGS)) applyFlag(given, arg, inputs);
    return { kind: 'run', options: resolveOptions(given) };
  });
}
