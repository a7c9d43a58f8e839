/**
 * The Studies panel's state (a vanilla zustand store with module-level actions): the study
 * chosen, its settings as text, and the run in the study worker. The settings are validated by
 * the `sim study` parser itself (parseStudyArgs) on the equivalent command line, so the panel
 * accepts exactly what the command does, with the same defaults (studyDefaults.ts: the paper's
 * figures) and messages; results export as the command's CSV.
 */
import { createStore } from 'zustand/vanilla';
import type { AlphaSweepPoint, ConvergencePoint } from '../solver/studies/convergenceStudy';
import { getScenario } from '../scenario/registry';
import type { ScenarioId, ScenarioState } from '../scenario/types';
import { formatNumber } from '../scenario/validate';
import { parseStudyArgs, type AlphaSweepOptions, type ConvergenceOptions, type StudyKind, type StudyOptions } from '../scenario/studyArgs';
import { ALPHA_SWEEP_DEFAULTS, CONVERGENCE_DEFAULTS, DEFAULT_ALPHA_COUNT } from '../scenario/studyDefaults';
import { formatAlphaSweep, formatConvergence } from '../run/studyFormat';
import type { StudyReply } from '../worker/studyProtocol';

export type { StudyKind };

/** One setting of a study: the `sim study` flag it stands for. */
export interface StudyField {
  readonly flag: string;
  readonly label: string;
  readonly unit: string;
}

export const STUDY_FIELDS: Readonly<Record<StudyKind, readonly StudyField[]>> = {
  convergence: [
    { flag: '--steps', label: 'Step sizes h (comma list)', unit: 's' },
    { flag: '--alpha', label: 'α of the runs', unit: '' },
    { flag: '--t-end', label: 'End time', unit: 's' },
    { flag: '--sample-dt', label: 'Common sample interval', unit: 's' },
    { flag: '--ref-h', label: 'Reference step', unit: 's' },
    { flag: '--ref-alpha', label: 'Reference α', unit: '' },
  ],
  'alpha-sweep': [
    { flag: '--alpha-steps', label: 'Number of α values in [−1/3, 0]', unit: '' },
    { flag: '--h', label: 'Step size', unit: 's' },
    { flag: '--t-end', label: 'End time', unit: 's' },
  ],
};

/** The study defaults of a scenario as field texts (the paper's figures). */
export function defaultTexts(kind: StudyKind, scenario: ScenarioId): Record<string, string> {
  if (kind === 'alpha-sweep') {
    const d = ALPHA_SWEEP_DEFAULTS[scenario];
    return { '--alpha-steps': String(DEFAULT_ALPHA_COUNT), '--h': formatNumber(d.h), '--t-end': formatNumber(d.tEnd) };
  }
  const d = CONVERGENCE_DEFAULTS[scenario];
  return {
    '--steps': d.steps.map(formatNumber).join(','),
    '--alpha': formatNumber(d.alpha),
    '--t-end': formatNumber(d.tEnd),
    '--sample-dt': formatNumber(d.sampleDt),
    '--ref-h': formatNumber(d.reference.h),
    '--ref-alpha': formatNumber(d.reference.alpha),
  };
}

/**
 * The `sim study` arguments for the settings and the current scenario (its parameters where they
 * differ from the defaults, and the compared methods).
 * Example: ['convergence', '--scenario', 'spin', '--methods', 'classical,modified', '--steps', '0.01,0.005', …].
 */
export function studyArgv(kind: StudyKind, state: ScenarioState, texts: Readonly<Record<string, string>>): string[] {
  const argv = [kind, '--scenario', state.scenario, '--methods', state.methods.join(',')];
  for (const param of getScenario(state.scenario).params) {
    const value = state.values[param.name];
    if (value.some((x, k) => !Object.is(x, param.default[k]))) argv.push('--set', `${param.name}=${value.map(formatNumber).join(',')}`);
  }
  for (const { flag } of STUDY_FIELDS[kind]) {
    const text = texts[flag]?.trim();
    if (text) argv.push(flag, text);
  }
  return argv;
}

/** The command line as a user would type it (arguments with spaces quoted). */
export function commandText(argv: readonly string[]): string {
  return ['sim study', ...argv.map((a) => (/[\s'"]/.test(a) ? `'${a.replace(/'/g, "'\\''")}'` : a))].join(' ');
}

export type StudyResult =
  | { readonly kind: 'convergence'; readonly options: ConvergenceOptions; readonly points: readonly ConvergencePoint[] }
  | { readonly kind: 'alpha-sweep'; readonly options: AlphaSweepOptions; readonly points: readonly AlphaSweepPoint[] };

/** The CSV `sim study … --format csv` prints for a result. */
export function resultCsv(result: StudyResult): string {
  return result.kind === 'convergence'
    ? formatConvergence({ ...result.options, format: 'csv' }, result.points)
    : formatAlphaSweep({ ...result.options, format: 'csv' }, result.points);
}

export type StudyPhase = 'idle' | 'running' | 'done' | 'failed' | 'cancelled';

export interface StudyState {
  readonly kind: StudyKind;
  /** Field texts by flag, and the scenario they were filled for. */
  readonly texts: Readonly<Record<string, string>>;
  readonly scenario: ScenarioId;
  readonly phase: StudyPhase;
  readonly progress: { readonly done: number; readonly total: number; readonly label: string } | null;
  readonly startedAt: number;
  readonly elapsedMs: number;
  readonly result: StudyResult | null;
  /** Why the last start was refused or the study failed. */
  readonly error: string | null;
}

function initialStudyState(scenario: ScenarioId = 'heavy-top'): StudyState {
  return {
    kind: 'convergence', texts: defaultTexts('convergence', scenario), scenario, phase: 'idle', progress: null,
    startedAt: 0, elapsedMs: 0, result: null, error: null,
  };
}

export const studyStore = createStore<StudyState>()(() => initialStudyState());

/** Which study the panel shows; its settings go back to the scenario's defaults. */
export function setStudyKind(kind: StudyKind, scenario: ScenarioId): void {
  studyStore.setState({ kind, texts: defaultTexts(kind, scenario), scenario, error: null });
}

/** Fills the settings with the defaults of another scenario (the panel follows the app's scenario). */
export function followScenario(scenario: ScenarioId): void {
  const s = studyStore.getState();
  if (s.scenario !== scenario) studyStore.setState({ texts: defaultTexts(s.kind, scenario), scenario, error: null });
}

export function setStudyText(flag: string, text: string): void {
  studyStore.setState({ texts: { ...studyStore.getState().texts, [flag]: text } });
}

/** The options the current settings give, or the reason they are refused. */
export function checkStudy(state: ScenarioState, s: StudyState = studyStore.getState()): { options: StudyOptions } | { error: string } {
  const parsed = parseStudyArgs(studyArgv(s.kind, state, s.texts));
  if (parsed.kind === 'run') return { options: parsed.options };
  return { error: parsed.kind === 'error' ? parsed.issue.message : 'unexpected help request' };
}

// ---------------------------------------------------------------------------------------------
// The study worker (browser only): one at a time; cancel terminates it.

let worker: Worker | null = null;
let studyId = 0;
/** The options of the study in flight (its reply carries only the points). */
let pending: { options: StudyOptions } | null = null;

function onReply(reply: StudyReply): void {
  if (reply.id !== studyId || studyStore.getState().phase !== 'running') return;
  const elapsedMs = performance.now() - studyStore.getState().startedAt;
  switch (reply.kind) {
    case 'progress':
      studyStore.setState({ progress: { done: reply.done, total: reply.total, label: reply.label }, elapsedMs });
      return;
    case 'failed':
      studyStore.setState({ phase: 'failed', error: reply.reason, elapsedMs });
      return;
    case 'convergence':
    case 'alpha-sweep': {
      const { options } = pending!;
      const result = (reply.kind === 'convergence'
        ? { kind: 'convergence', options: options as ConvergenceOptions, points: reply.points }
        : { kind: 'alpha-sweep', options: options as AlphaSweepOptions, points: reply.points }) as StudyResult;
      studyStore.setState({ phase: 'done', result, elapsedMs });
      return;
    }
  }
}

/** Starts the study of the current settings for `state`; refused settings are reported in `error`. */
export function startStudy(state: ScenarioState): void {
  const checked = checkStudy(state);
  if ('error' in checked) {
    studyStore.setState({ error: checked.error });
    return;
  }
  if (worker && studyStore.getState().phase === 'running') cancelStudy();
  if (!worker) {
    worker = new Worker(new URL('../worker/study.worker.ts', import.meta.url), { type: 'module', name: 'hht-study' });
    worker.onmessage = (event: MessageEvent<StudyReply>) => onReply(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      onReply({ kind: 'failed', id: studyId, reason: `the study worker stopped: ${event.message || 'unknown error'}` });
    };
  }
  pending = checked;
  studyId++;
  studyStore.setState({ phase: 'running', progress: null, startedAt: performance.now(), elapsedMs: 0, result: null, error: null });
  worker.postMessage({ kind: 'run-study', id: studyId, options: checked.options });
}

/** Stops the study in flight (terminates its worker; the next start makes a new one). */
export function cancelStudy(): void {
  worker?.terminate();
  worker = null;
  if (studyStore.getState().phase === 'running') {
    studyStore.setState({ phase: 'cancelled', elapsedMs: performance.now() - studyStore.getState().startedAt });
  }
}

/** The last preset study request handled (the view's studyRequest counter). */
let handledRequest = 0;

/** Starts the convergence study with the scenario's defaults if a preset asked for it and it was not done yet. */
export function handleStudyRequest(request: number, state: ScenarioState): void {
  if (request <= handledRequest) return;
  handledRequest = request;
  setStudyKind('convergence', state.scenario);
  startStudy(state);
}

/** Back to the first state (tests). */
export function resetStudies(): void {
  cancelStudy();
  handledRequest = 0;
  studyStore.setState(initialStudyState(), true);
}
