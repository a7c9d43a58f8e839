/**
 * The Studies panel's state (a vanilla zustand store with module-level actions): the study
 * chosen, its settings as text, and its runs on a pool of study workers. The settings are validated by
 * the `sim study` parser itself (parseStudyArgs) on the equivalent command line, so the panel
 * accepts exactly what the command does, with the same defaults (studyDefaults.ts: the paper's
 * figures) and messages; results export as the command's CSV.
 */
import { createStore } from 'zustand/vanilla';
import type { AlphaSweepPoint, ConvergencePoint, RhoSweepPoint } from '../solver/studies/convergenceStudy';
import { DEFAULT_RHO, isRunMethod, methodParameter, takesParameter, type MethodParameterKey, type RunMethod } from '../scenario/methods';
import { defaultStateOf, scenarioOf } from '../scenario/registry';
import type { CustomModel, ScenarioDef, ScenarioState } from '../scenario/types';
import { formatNumber } from '../scenario/validate';
import { encodeShareQuery } from '../scenario/url';
import type { ModelInputs } from '../scenario/flags';
import {
  parseStudyArgs, type AlphaSweepOptions, type ConvergenceOptions, type DampingScanOptions, type RhoSweepOptions, type StabilityOptions,
  type StudyCommandKind,
  type StudyOptions,
} from '../scenario/studyArgs';
import {
  alphaSweepDefaults, convergenceDefaults, DEFAULT_ALPHA_COUNT, DEFAULT_RHO_COUNT, DEFAULT_STABILITY_RTOL, rhoSweepDefaults, dampingScanDefaults, stabilityDefaults,
} from '../scenario/studyDefaults';
import { formatAlphaSweep, formatConvergence, formatDampingScan, formatRhoSweep, formatStability } from '../run/studyFormat';
import { unstableIntervals, type DampingScanPoint } from '../solver/studies/dampingScan';
import { keepPageScan, noteScanProgress, type PageScan } from './dampingMarks';
import { DEFAULT_STABILITY_BOUNDS, type StabilityPoint } from '../solver/studies/stabilityStudy';
import { poolSize, runStudyPool, studyFailureText, studyJob, taskChannel, type StudyTaskReply, type TaskWorker } from '../run/studyTasks';

/** The studies the panel offers: every `sim study` subcommand (the ρ∞ sweep for the ρ∞ methods, SPEC §6). */
export type StudyKind = StudyCommandKind;

/** One setting of a study: the `sim study` flag it stands for. */
export interface StudyField {
  readonly flag: string;
  readonly label: string;
  readonly unit: string;
  /**
   * Shown and passed only when a compared method takes this parameter ('alpha' or 'rho'), or, for
   * `reference`, when the reference method does; each method is given its own parameter, never converted.
   */
  readonly needs?: MethodParameterKey;
  readonly of?: 'runs' | 'reference';
}

export const STUDY_FIELDS: Readonly<Record<StudyKind, readonly StudyField[]>> = {
  convergence: [
    { flag: '--steps', label: 'Step sizes h (comma list)', unit: 's' },
    { flag: '--alpha', label: 'α of the HHT runs', unit: '', needs: 'alpha', of: 'runs' },
    { flag: '--t-end', label: 'End time', unit: 's' },
    { flag: '--sample-dt', label: 'Common sample interval', unit: 's' },
    { flag: '--ref-method', label: 'Reference method (empty: study default)', unit: '' },
    { flag: '--ref-h', label: 'Reference step', unit: 's' },
    { flag: '--ref-alpha', label: 'Reference α', unit: '', needs: 'alpha', of: 'reference' },
    { flag: '--ref-rho', label: 'Reference ρ∞', unit: '', needs: 'rho', of: 'reference' },
  ],
  'alpha-sweep': [
    { flag: '--alpha-steps', label: 'Number of α values in [−1/3, 0]', unit: '' },
    { flag: '--h', label: 'Step size', unit: 's' },
    { flag: '--t-end', label: 'End time', unit: 's' },
  ],
  'rho-sweep': [
    { flag: '--rho-steps', label: 'Number of ρ∞ values in [0, 1]', unit: '' },
    { flag: '--h', label: 'Step size', unit: 's' },
    { flag: '--t-end', label: 'End time', unit: 's' },
  ],
  stability: [
    { flag: '--h-range', label: 'Steps scanned, smallest and largest (LO,HI)', unit: 's' },
    { flag: '--t-end', label: 'Length of every run', unit: 's' },
    { flag: '--rtol', label: 'Refine until h_fail ≤ (1 + rtol) h_max', unit: '–' },
    { flag: '--energy-bound', label: 'Stable: energy created E − E₀ − W ≤ bound × the run’s energy scale', unit: '–' },
    { flag: '--constraint-bound', label: 'Stable: constraint residual ≤ bound', unit: 'm' },
  ],
  'damping-scan': [
    { flag: '--h', label: 'Step size of every run', unit: 's' },
    { flag: '--t-end', label: 'Length of every run', unit: 's' },
    { flag: '--alpha-step', label: 'α grid spacing over [−1/3, 0] (1/n)', unit: '', needs: 'alpha', of: 'runs' },
    { flag: '--rho-step', label: 'ρ∞ grid spacing over [0, 1] (1/n)', unit: '–', needs: 'rho', of: 'runs' },
    { flag: '--energy-bound', label: 'Stable: energy created E − E₀ − W ≤ bound × the run’s energy scale', unit: '–' },
    { flag: '--constraint-bound', label: 'Stable: constraint residual ≤ bound', unit: 'm' },
  ],
};

/** The parameter a sweep varies; a sweep runs only the methods that take it. */
const SWEPT: Partial<Record<StudyKind, MethodParameterKey>> = { 'alpha-sweep': 'alpha', 'rho-sweep': 'rho' };

/** The compared methods a study of `kind` runs: all of them, or for a sweep those that take its parameter. */
export function studyMethods(kind: StudyKind, methods: readonly RunMethod[]): RunMethod[] {
  const swept = SWEPT[kind];
  return methods.filter((m) => swept === undefined || methodParameter(m) === swept);
}

/** The studies the panel offers for the compared methods: convergence and stability always, each sweep when a method takes its parameter. */
export function studyKinds(methods: readonly RunMethod[]): StudyKind[] {
  return (['convergence', 'alpha-sweep', 'rho-sweep', 'stability', 'damping-scan'] as const).filter((kind) => studyMethods(kind, methods).length > 0);
}

/** The model a study runs: a shipped scenario by its id, or the user's model (scenario 'custom') by its text. */
export type StudyTarget = Pick<ScenarioState, 'scenario' | 'model'>;

/** The scenario of the model on screen (a user's model is read already: its reader is loaded when it opens). */
export function targetScenario(target: StudyTarget): ScenarioDef {
  const def = scenarioOf(target);
  if (!def) throw new Error(`the studies cannot read the model of scenario '${target.scenario}'`);
  return def;
}

/** Whether two targets are the same model (the same shipped id, or the same text of a user's model). */
export function sameTarget(a: StudyTarget, b: StudyTarget): boolean {
  return a.scenario === b.scenario && a.model?.text === b.model?.text;
}

/** The reference method the settings name (the model's default when the field is empty or not a method). */
function referenceMethod(target: StudyTarget, texts: Readonly<Record<string, string>>): RunMethod {
  const text = texts['--ref-method']?.trim() ?? '';
  return isRunMethod(text) ? text : convergenceDefaults(targetScenario(target)).reference.method;
}

/**
 * The settings of a study that apply to the compared methods: a parameter field only when a method of the
 * study (or, for the reference's, the reference method) takes that parameter.
 */
export function studyFields(kind: StudyKind, state: Pick<ScenarioState, 'scenario' | 'model' | 'methods'>, texts: Readonly<Record<string, string>>): StudyField[] {
  const methods = studyMethods(kind, state.methods);
  return STUDY_FIELDS[kind].filter((f) => {
    if (f.needs === undefined) return true;
    if (f.of === 'reference') return methodParameter(referenceMethod(state, texts)) === f.needs;
    return takesParameter(methods, f.needs);
  });
}

/** The study defaults of a model as field texts (the paper's figures; a user's model's from its file or its run). */
export function defaultTexts(kind: StudyKind, target: StudyTarget): Record<string, string> {
  const def = targetScenario(target);
  if (kind === 'damping-scan') {
    const d = dampingScanDefaults(def);
    return {
      '--h': formatNumber(d.h), '--t-end': formatNumber(d.tEnd), '--alpha-step': formatNumber(d.alphaStep), '--rho-step': formatNumber(d.rhoStep),
      '--energy-bound': formatNumber(DEFAULT_STABILITY_BOUNDS.energy), '--constraint-bound': formatNumber(DEFAULT_STABILITY_BOUNDS.constraint),
    };
  }
  if (kind === 'stability') {
    const d = stabilityDefaults(def);
    return {
      '--h-range': d.hRange.map(formatNumber).join(','), '--t-end': formatNumber(d.tEnd), '--rtol': formatNumber(DEFAULT_STABILITY_RTOL),
      '--energy-bound': formatNumber(DEFAULT_STABILITY_BOUNDS.energy), '--constraint-bound': formatNumber(DEFAULT_STABILITY_BOUNDS.constraint),
    };
  }
  if (kind !== 'convergence') {
    const d = (kind === 'alpha-sweep' ? alphaSweepDefaults : rhoSweepDefaults)(def);
    const [countFlag, count] = kind === 'alpha-sweep' ? ['--alpha-steps', DEFAULT_ALPHA_COUNT] : ['--rho-steps', DEFAULT_RHO_COUNT];
    return { [countFlag]: String(count), '--h': formatNumber(d.h), '--t-end': formatNumber(d.tEnd) };
  }
  const d = convergenceDefaults(def);
  return {
    '--steps': d.steps.map(formatNumber).join(','),
    '--alpha': formatNumber(d.alpha),
    '--t-end': formatNumber(d.tEnd),
    '--sample-dt': formatNumber(d.sampleDt),
    '--ref-method': '',
    '--ref-h': formatNumber(d.reference.h),
    '--ref-alpha': formatNumber(d.reference.alpha),
    '--ref-rho': formatNumber(DEFAULT_RHO),
  };
}

/** The last model link made (deflating a large model for every render would cost milliseconds each time). */
let lastModelLink: { readonly model: CustomModel; readonly query: string } | null = null;

/**
 * A link that carries the user's model and nothing else (every setting at the model's default): `sim study --url`
 * reads the model from it as the page does, inline (`model-data=`) or by its URL (`model=`), so the command runs
 * as it is copied.
 */
export function modelOnlyLink(def: ScenarioDef, model: CustomModel): string {
  if (lastModelLink?.model.text !== model.text || lastModelLink.model.url !== model.url) {
    lastModelLink = { model, query: `?${encodeShareQuery(defaultStateOf(def, model))}` };
  }
  return lastModelLink.query;
}

/** How the command names the model: `--scenario ID`, or `--url` with a link that carries the user's model. */
function modelArgs(state: StudyTarget, def: ScenarioDef): string[] {
  return state.model ? ['--url', modelOnlyLink(def, state.model)] : ['--scenario', state.scenario];
}

/**
 * The `sim study` arguments for the settings and the current model (its parameters where they
 * differ from the defaults, the compared methods the study runs, and the app's ρ∞ for the ρ∞ methods of a
 * convergence study when it is not the default 2/3).
 * Example: ['convergence', '--scenario', 'spin', '--methods', 'classical,modified', '--steps', '0.01,0.005', …].
 */
export function studyArgv(kind: StudyKind, state: ScenarioState, texts: Readonly<Record<string, string>>): string[] {
  const methods = studyMethods(kind, state.methods);
  const def = targetScenario(state);
  const argv = [kind, ...modelArgs(state, def), '--methods', methods.join(',')];
  for (const param of def.params) {
    const value = state.values[param.name];
    if (value.some((x, k) => !Object.is(x, param.default[k]))) argv.push('--set', `${param.name}=${value.map(formatNumber).join(',')}`);
  }
  // The stability study runs the compared methods as they run in the app: with the app's α and ρ∞.
  if (kind === 'stability' && takesParameter(methods, 'alpha') && !Object.is(state.alpha, def.defaultAlpha)) {
    argv.push('--alpha', formatNumber(state.alpha));
  }
  const rhoStudy = kind === 'convergence' || kind === 'stability';
  if (rhoStudy && takesParameter(methods, 'rho') && state.rho !== undefined && !Object.is(state.rho, DEFAULT_RHO)) {
    argv.push('--rho-inf', formatNumber(state.rho));
  }
  for (const { flag } of studyFields(kind, state, texts)) {
    const text = texts[flag]?.trim();
    if (text) argv.push(flag, text);
  }
  return argv;
}

/** The command line as a user would type it in a POSIX shell (an argument with a character the shell reads, such as a link's `&`, quoted). */
export function commandText(argv: readonly string[]): string {
  return ['sim study', ...argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`))].join(' ');
}

export type StudyResult =
  | { readonly kind: 'convergence'; readonly options: ConvergenceOptions; readonly points: readonly ConvergencePoint[] }
  | { readonly kind: 'alpha-sweep'; readonly options: AlphaSweepOptions; readonly points: readonly AlphaSweepPoint[] }
  | { readonly kind: 'rho-sweep'; readonly options: RhoSweepOptions; readonly points: readonly RhoSweepPoint[] }
  | { readonly kind: 'stability'; readonly options: StabilityOptions; readonly points: readonly StabilityPoint[] }
  | { readonly kind: 'damping-scan'; readonly options: DampingScanOptions; readonly points: readonly DampingScanPoint[] };

/** The CSV `sim study … --format csv` prints for a result. */
export function resultCsv(result: StudyResult): string {
  if (result.kind === 'convergence') return formatConvergence({ ...result.options, format: 'csv' }, result.points);
  if (result.kind === 'alpha-sweep') return formatAlphaSweep({ ...result.options, format: 'csv' }, result.points);
  if (result.kind === 'stability') return formatStability({ ...result.options, format: 'csv' }, result.points);
  if (result.kind === 'damping-scan') return formatDampingScan({ ...result.options, format: 'csv' }, result.points);
  return formatRhoSweep({ ...result.options, format: 'csv' }, result.points);
}

/** A finished stability study (kept apart from the panel's result: the Numerical damping tab shows it beside ρ). */
export type StabilityResult = Extract<StudyResult, { kind: 'stability' }>;

/**
 * The stability point of `method` when `result` ran the state's model with the method's parameter as the state has
 * it (scenario, parameter values, α or ρ∞), else null: a verdict on another model is not this model's.
 */
export function stabilityFor(result: StabilityResult | null, state: ScenarioState, method: RunMethod): StabilityPoint | null {
  if (!result || !sameTarget(result.options, state)) return null;
  const sameValues = Object.entries(state.values).every(([name, v]) => v.every((x, k) => Object.is(x, result.options.values[name]?.[k])));
  if (!sameValues) return null;
  const point = result.points.find((p) => p.method === method);
  const parameter = methodParameter(method) === 'alpha' ? state.alpha : state.rho ?? DEFAULT_RHO;
  return point && Object.is(point.parameter, parameter) ? point : null;
}

export type StudyPhase = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface StudyState {
  readonly kind: StudyKind;
  /** Field texts by flag, and the model they were filled for. */
  readonly texts: Readonly<Record<string, string>>;
  readonly target: StudyTarget;
  readonly phase: StudyPhase;
  readonly progress: { readonly done: number; readonly total: number; readonly label: string } | null;
  readonly startedAt: number;
  readonly elapsedMs: number;
  /**
   * The last finished study: it stays while a new one runs, fails or is cancelled (the panel marks it as the previous
   * result then), until a new one finishes and replaces it.
   */
  readonly result: StudyResult | null;
  /** The last finished stability study, whatever the panel shows now. */
  readonly stability: StabilityResult | null;
  /** Why the last start was refused or the study failed. */
  readonly error: string | null;
}

function initialStudyState(target: StudyTarget = { scenario: 'heavy-top' }): StudyState {
  return {
    kind: 'convergence', texts: defaultTexts('convergence', target), target: targetOf(target), phase: 'idle', progress: null,
    startedAt: 0, elapsedMs: 0, result: null, stability: null, error: null,
  };
}

export const studyStore = createStore<StudyState>()(() => initialStudyState());

/** Only what names the model: the scenario id and the user's model (a whole state would keep its other settings alive). */
function targetOf(target: StudyTarget): StudyTarget {
  return { scenario: target.scenario, ...(target.model ? { model: target.model } : {}) };
}

/** Which study the panel shows; its settings go back to the model's defaults. */
export function setStudyKind(kind: StudyKind, target: StudyTarget): void {
  studyStore.setState({ kind, texts: defaultTexts(kind, target), target: targetOf(target), error: null });
}

/** Fills the settings with the defaults of another model (the panel follows the app's model, shipped or the user's). */
export function followScenario(target: StudyTarget): void {
  const s = studyStore.getState();
  if (!sameTarget(s.target, target)) studyStore.setState({ texts: defaultTexts(s.kind, target), target: targetOf(target), error: null });
}

export function setStudyText(flag: string, text: string): void {
  studyStore.setState({ texts: { ...studyStore.getState().texts, [flag]: text } });
}

/**
 * What `sim study` would read before parsing, handed over from the page: a hosted model's text (the page fetched it
 * when the link opened), so the parser takes the model on screen instead of fetching it again.
 */
function pageInputs(state: StudyTarget): ModelInputs {
  const url = state.model?.url;
  return url !== undefined && state.model ? { hostedModels: new Map([[url, { ok: true, text: state.model.text }]]) } : {};
}

export type StudyCheck = { readonly options: StudyOptions } | { readonly error: string };

/** The last check (the panel checks on every render; a user's model would be inflated and looked up each time). */
let lastCheck: { readonly argv: string; readonly model: CustomModel | undefined; readonly checked: StudyCheck } | null = null;

/** The options the current settings give, or the reason they are refused (the first line of the parser's message). */
export function checkStudy(state: ScenarioState, s: StudyState = studyStore.getState()): StudyCheck {
  const argv = studyArgv(s.kind, state, s.texts);
  const key = argv.join('\u0000');
  if (lastCheck?.argv === key && lastCheck.model === state.model) return lastCheck.checked;
  const parsed = parseStudyArgs(argv, pageInputs(state));
  const checked = parsed.kind === 'run' ? { options: parsed.options } : { error: parsed.kind === 'error' ? parsed.issue.message : 'unexpected help request' };
  lastCheck = { argv: key, model: state.model, checked };
  return checked;
}

// ---------------------------------------------------------------------------------------------
// The study workers (browser only): a pool of navigator.hardwareConcurrency workers, one run each at a
// time (run/studyTasks.ts); the page assembles the points. Cancel terminates the pool.

let pool: Worker[] = [];
let studyId = 0;

/** A pool member for study `id`: one task in flight, settled by its reply or the worker's death. */
function taskWorker(worker: Worker, id: number): TaskWorker {
  const channel = taskChannel(id, (request) => worker.postMessage(request));
  worker.onmessage = (event: MessageEvent<StudyTaskReply>) => channel.receive(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    channel.died(`a study worker stopped: ${event.message || 'unknown error'}`);
  };
  return channel.worker;
}

function terminatePool(): void {
  for (const worker of pool) worker.terminate();
  pool = [];
}

/** Applies `patch` if study `id` is still the one running (a cancelled or replaced study stays silent). */
function updateRunning(id: number, patch: (elapsedMs: number) => Partial<StudyState>): void {
  const s = studyStore.getState();
  if (id === studyId && s.phase === 'running') studyStore.setState(patch(performance.now() - s.startedAt));
}

/** Starts the study of the current settings for `state`; refused settings are reported in `error`. */
export function startStudy(state: ScenarioState): void {
  const checked = checkStudy(state);
  if ('error' in checked) {
    studyStore.setState({ error: checked.error });
    return;
  }
  if (studyStore.getState().phase === 'running') cancelStudy();
  const { options } = checked;
  const id = ++studyId;
  const job = studyJob(options);
  pool = Array.from({ length: poolSize(navigator.hardwareConcurrency, job) }, (_, k) =>
    new Worker(new URL('../worker/study.worker.ts', import.meta.url), { type: 'module', name: `hht-study-${k + 1}` }));
  // The last finished table stays (marked as the previous result) until this study finishes and replaces it.
  studyStore.setState({ phase: 'running', progress: null, startedAt: performance.now(), elapsedMs: 0, error: null });
  const scan = options.kind === 'damping-scan';
  if (scan) noteScanProgress({ done: 0, total: job.tasks.length });
  const progress = (done: number, total: number, label: string) => {
    if (scan && id === studyId && done < total) noteScanProgress({ done, total });
    updateRunning(id, (elapsedMs) => ({ progress: { done, total, label }, elapsedMs }));
  };
  runStudyPool(job, pool.map((worker) => taskWorker(worker, id)), progress).then(
    (study) => updateRunning(id, (elapsedMs) => {
      const result = { ...study, options } as StudyResult;
      if (result.kind === 'damping-scan') keepPageScan(pageScanOf(result));
      return { phase: 'done', result, elapsedMs, ...(result.kind === 'stability' ? { stability: result } : {}) };
    }),
    (error) => updateRunning(id, (elapsedMs) => ({ phase: 'failed', error: studyFailureText(options, error), elapsedMs })),
  ).finally(() => {
    if (id !== studyId) return;
    terminatePool();
    if (scan) noteScanProgress(null);
  });
}

/** A finished damping scan as the sliders read it: each method's unstable intervals, on the model it ran. */
export function pageScanOf(result: Extract<StudyResult, { kind: 'damping-scan' }>): PageScan {
  const { options, points } = result;
  const unstable = Object.fromEntries(options.methods.map((m) => [m, unstableIntervals(points, m)]));
  return { def: targetScenario(options), values: options.values, h: options.h, tEnd: options.tEnd, alphaStep: options.alphaStep, rhoStep: options.rhoStep, unstable };
}

/** Stops the study in flight (terminates its workers; the next start makes new ones). */
export function cancelStudy(): void {
  terminatePool();
  studyId++;
  noteScanProgress(null);
  if (studyStore.getState().phase === 'running') {
    studyStore.setState({ phase: 'cancelled', elapsedMs: performance.now() - studyStore.getState().startedAt });
  }
}

/** Starts the stability study of the current model with its defaults (the Numerical damping tab's button). */
export function startStabilityStudy(state: ScenarioState): void {
  setStudyKind('stability', state);
  startStudy(state);
}

/**
 * Starts the damping scan of the model and step on screen with its defaults (the sliders' "Measure it"): the compared
 * methods, the app's h and parameter values.
 */
export function startDampingScan(state: ScenarioState): void {
  setStudyKind('damping-scan', state);
  setStudyText('--h', formatNumber(state.h));
  startStudy(state);
}

/** The last preset study request handled (the view's studyRequest counter). */
let handledRequest = 0;

/** Starts the convergence study with the scenario's defaults if a preset asked for it and it was not done yet. */
export function handleStudyRequest(request: number, state: ScenarioState): void {
  if (request <= handledRequest) return;
  handledRequest = request;
  setStudyKind('convergence', state);
  startStudy(state);
}

/** Back to the first state (tests). */
export function resetStudies(): void {
  cancelStudy();
  handledRequest = 0;
  studyStore.setState(initialStudyState(), true);
}
