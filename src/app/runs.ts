/**
 * Run bookkeeping on the page: the streamed results (kept outside React and the store, as
 * growable Float64Arrays) and how worker messages update them and the run phases.
 * No Worker or DOM here, so tests drive it with hand-made messages.
 */
import { SAMPLE_WIDTH } from '../solver/sampleColumns';
// The app's per-method tables cover the whole family (src/scenario/methods.ts); the method picker comes later.
import type { RunMethod as IntegratorMethod } from '../scenario/methods';
import type { ScenarioDef, ScenarioState } from '../scenario/types';
import { getScenario, scenarioOf } from '../scenario/registry';
import { Float64Builder } from '../run/float64Builder';
import { SERIES_WIDTH, type RunProgress, type WorkerToMain } from '../worker/protocol';
import type { ModelFacts } from '../run/modelFacts';
import type { SceneModel } from '../scenario/sceneModel';
import { appStore, IDLE_RUN, type MethodRun, type RunPhase } from './store';
import { lastRedrawMs, redrawing } from './staggered';

/** Everything streamed for one method of one run. */
export interface MethodResults {
  readonly runId: number;
  readonly state: ScenarioState;
  /**
   * The model the run computed (a shipped one or the user's): what its plots and 3D view draw. Carried with the
   * results, since they stay on screen after the page has opened another model, until that model's run replaces them.
   */
  readonly def: ScenarioDef;
  readonly totalSteps: number;
  /** Coordinates per pose (7 per body). */
  readonly coordinates: number;
  /** The body whose ω the samples report. */
  readonly primaryBody: number;
  /** A user's model as its run's worker compiled it for the 3D view (the page never evaluates a user's text). */
  readonly scene?: SceneModel;
  /** The model's outputs (their series follow SERIES_WIDTH), its assembly and warnings. */
  readonly facts: ModelFacts;
  /** Values per full sample row (`exportRows`, `finalRow`): SAMPLE_WIDTH, then one per model output. */
  readonly width: number;
  /** Decimated (t, value) pairs per SERIES_COLUMNS column (index 0 unused), then per model output. */
  readonly series: Float64Builder[];
  /** The SAMPLE_COLUMNS of sample rows (SAMPLE_WIDTH each) at uniform times, and the poses at those times. */
  readonly rows: Float64Builder;
  readonly poses: Float64Builder;
  /** Full sample rows (`width` each, as `sim` writes them) at full resolution (every exportStride-th sample and the last), for CSV export. */
  readonly exportRows: Float64Builder;
  readonly exportStride: number;
  /** The first samples as (row, pose) pairs (HEAD_SAMPLES of them once known), else empty. */
  head: Float64Array;
  finalRow: Float64Array | null;
  finalPose: Float64Array | null;
}

/** The results on screen, by method; a new run's results replace these at its first chunk. */
export const results: { current: Partial<Record<IntegratorMethod, MethodResults>> } = { current: {} };

/** Results of the run in flight that have not yet produced data (not shown yet). */
const incoming: Partial<Record<IntegratorMethod, MethodResults>> = {};

/** The state the run with id runId was started for, and its model (null: the state names no model it can read). */
let runState: ScenarioState | null = null;
let runDef: ScenarioDef | null = null;
/** The run whose model facts the page shows. */
let factsRunId = 0;

/**
 * Shortest time between two screen updates while data streams in, ms. Chunks and progress
 * are applied to the data at once but shown together at most this often, so a run costs a
 * few frames per second on the main thread, not one per message.
 */
export const PLOT_INTERVAL_MS = 250;
/**
 * Screen updates are also spaced by this many times the last round of redraws took, and a new
 * round waits for the last to end, so redrawing takes at most about a quarter of the main thread:
 * on a machine with few cores that thread competes with the solver workers for the CPU (a V8 run
 * with six charts of 2,000 points each cost ≈ 100–300 ms per round).
 */
export const REDRAW_SPACING = 4;

/** Time between two screen updates after a round of redraws that took lastRoundMs: PLOT_INTERVAL_MS, or longer (ms). */
export function plotInterval(lastRoundMs: number): number {
  return Math.max(PLOT_INTERVAL_MS, REDRAW_SPACING * lastRoundMs);
}
let plotTimer: ReturnType<typeof setTimeout> | null = null;
let lastPlotAt = -Infinity;
/** Progress received but not yet shown, by method. */
const pendingProgress: Partial<Record<IntegratorMethod, RunProgress>> = {};

/** Shows the data and progress received so far now (also used by tests). */
export function flushRunUpdates(): void {
  lastPlotAt = Date.now();
  const s = appStore.getState();
  let runs = s.runs;
  for (const m of Object.keys(pendingProgress) as IntegratorMethod[]) {
    runs = { ...runs, [m]: { ...runs[m], progress: pendingProgress[m]! } };
    delete pendingProgress[m];
  }
  appStore.setState({ runs, plotVersion: s.plotVersion + 1 });
}

/** Flushes when the last round of redraws has ended and its spacing (plotInterval) has passed; else waits. */
function flushWhenDue(): void {
  plotTimer = null;
  const wait = redrawing() ? PLOT_INTERVAL_MS / 5 : lastPlotAt + plotInterval(lastRedrawMs()) - Date.now();
  if (wait > 0) plotTimer = setTimeout(flushWhenDue, wait);
  else flushRunUpdates();
}

function bumpPlots(immediate: boolean): void {
  if (immediate) {
    if (plotTimer !== null) clearTimeout(plotTimer);
    plotTimer = null;
    flushRunUpdates();
    return;
  }
  if (plotTimer === null) flushWhenDue();
}

function setRun(method: IntegratorMethod, patch: Partial<MethodRun>): void {
  appStore.setState((s) => ({ runs: { ...s.runs, [method]: { ...s.runs[method], ...patch } } }));
}

/**
 * Registers a new run of the current state and returns its id: the methods compared go to
 * 'pending', the others to 'idle'. Replies of older runs are ignored from now on.
 */
export function beginRun(): number {
  const s = appStore.getState();
  const runId = s.runId + 1;
  runState = s.state;
  // The user's model in use is the state's (openCustomScenario sets both); read from the text only if it is not.
  runDef = getScenario(s.state.scenario) ?? scenarioOf(s.state) ?? null;
  for (const m of Object.keys(incoming) as IntegratorMethod[]) delete incoming[m];
  for (const m of Object.keys(pendingProgress) as IntegratorMethod[]) delete pendingProgress[m];
  const runs = { ...s.runs };
  for (const m of Object.keys(runs) as IntegratorMethod[]) {
    runs[m] = s.state.methods.includes(m) ? { ...IDLE_RUN, phase: 'pending' } : IDLE_RUN;
  }
  // Methods no longer compared leave the screen at once.
  for (const m of Object.keys(results.current) as IntegratorMethod[]) if (!s.state.methods.includes(m)) delete results.current[m];
  appStore.setState({ runId, runs, runScheduled: false });
  bumpPlots(true);
  return runId;
}

/** Marks the methods still computing as cancelled (their results so far stay on screen). */
export function markCancelled(reason = 'cancelled'): IntegratorMethod[] {
  const s = appStore.getState();
  const stopped: IntegratorMethod[] = [];
  for (const m of Object.keys(s.runs) as IntegratorMethod[]) {
    const phase = s.runs[m].phase;
    if (phase === 'pending' || phase === 'running') {
      stopped.push(m);
      setRun(m, { phase: 'cancelled', reason, progress: pendingProgress[m] ?? s.runs[m].progress });
      delete pendingProgress[m];
      promote(m);
    }
  }
  appStore.setState({ runScheduled: false });
  bumpPlots(true);
  return stopped;
}

/** Shows a method's incoming results even if no chunk came (e.g. cancelled at once). */
function promote(method: IntegratorMethod): void {
  const pending = incoming[method];
  if (pending && pending.rows.length > 0) results.current[method] = pending;
  delete incoming[method];
}

/** Applies one worker reply. Replies of runs other than the latest are dropped. */
export function applyWorkerMessage(message: WorkerToMain): void {
  const s = appStore.getState();
  if (message.runId !== s.runId || runState === null) return;
  const method = message.method;
  const phase: RunPhase = s.runs[method].phase;
  if (phase === 'idle' || phase === 'cancelled') return;
  switch (message.kind) {
    case 'started':
      if (runDef === null) {
        // Not reached: a state is committed only with a model the page has read. Said, never a crash.
        const reason = 'the page could not read the model of this run';
        setRun(method, { phase: 'failed', reason, failure: { time: 0, reason } });
        return;
      }
      incoming[method] = {
        runId: message.runId,
        state: runState,
        def: runDef,
        totalSteps: message.totalSteps,
        coordinates: message.coordinates,
        primaryBody: message.primaryBody,
        ...(message.scene ? { scene: message.scene } : {}),
        facts: message.facts,
        width: message.width,
        series: Array.from({ length: SERIES_WIDTH + message.facts.outputs.length }, () => new Float64Builder(1024)),
        rows: new Float64Builder(SAMPLE_WIDTH * 512),
        poses: new Float64Builder(message.coordinates * 512),
        exportRows: new Float64Builder(message.width * 4096),
        exportStride: message.exportStride,
        head: new Float64Array(0),
        finalRow: null,
        finalPose: null,
      };
      setRun(method, { phase: 'running', progress: { time: 0, stepsDone: 0, totalSteps: message.totalSteps, stepsRejected: 0, elapsedMs: 0 } });
      // Every method of a run reports the same model: the first to start tells the page.
      if (factsRunId !== message.runId) {
        factsRunId = message.runId;
        appStore.setState({ modelFacts: message.facts });
      }
      return;
    case 'chunk': {
      const target = incoming[method] ?? results.current[method];
      if (!target || target.runId !== message.runId) return;
      const pointsBefore = target.series[1].length;
      for (let c = 1; c < target.series.length && c < message.series.length; c++) target.series[c].append(message.series[c]);
      target.rows.append(message.rows);
      target.poses.append(message.poses);
      target.exportRows.append(message.exportRows);
      if (message.head.length > 0) target.head = message.head;
      // A method's first data is shown at once (the first curves are what the user waits for).
      const first = incoming[method] === target;
      if (first) {
        results.current[method] = target;
        delete incoming[method];
      }
      pendingProgress[method] = message.progress;
      // So is its first stretch of curve (three points: the series hold interleaved (t, v) pairs).
      bumpPlots(first || (pointsBefore < 6 && target.series[1].length >= 6));
      return;
    }
    case 'progress':
      pendingProgress[method] = message.progress;
      bumpPlots(false);
      return;
    case 'done': {
      delete pendingProgress[method];
      const target = results.current[method];
      if (target && target.runId === message.runId) {
        target.finalRow = message.finalRow;
        target.finalPose = message.finalPose;
      }
      setRun(method, { phase: 'finished', progress: message.progress, reason: null, removed: message.removed });
      bumpPlots(true);
      return;
    }
    case 'failed': {
      delete pendingProgress[method];
      promote(method);
      // Results of an earlier run would be mistaken for this one's.
      if (results.current[method] && results.current[method]!.runId !== message.runId) delete results.current[method];
      const target = results.current[method];
      if (target && target.runId === message.runId && message.finalRow.length > 0) target.finalRow = message.finalRow;
      setRun(method, {
        phase: 'failed',
        progress: message.progress,
        reason: `failed at t = ${formatTime(message.time)} s: ${message.reason}`,
        failure: { time: message.time, reason: message.reason, ...(message.cause ? { cause: message.cause } : {}) },
        ...(message.removed ? { removed: message.removed } : {}),
      });
      bumpPlots(true);
      return;
    }
    case 'cancelled':
      delete pendingProgress[method];
      setRun(method, { phase: 'cancelled', progress: message.progress });
      return;
    default: {
      const never: never = message;
      throw new Error(`unknown worker message ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Ends the run of `method` whose worker stopped — it crashed, or stopped answering (workerWatch.ts) — with `reason`:
 * not a numerical failure. What it computed stays on screen and in the exports. Only a run in flight is ended.
 */
export function failStoppedWorker(method: IntegratorMethod, reason: string): void {
  const s = appStore.getState();
  const run = s.runs[method];
  if (run.phase !== 'pending' && run.phase !== 'running') return;
  const progress = pendingProgress[method] ?? run.progress ?? { time: 0, stepsDone: 0, totalSteps: 0, stepsRejected: 0, elapsedMs: 0 };
  delete pendingProgress[method];
  promote(method);
  // Results of an earlier run would be mistaken for this one's.
  if (results.current[method] && results.current[method]!.runId !== s.runId) delete results.current[method];
  setRun(method, {
    phase: 'failed',
    progress,
    reason: `failed at t = ${formatTime(progress.time)} s: ${reason}`,
    failure: { time: progress.time, reason, worker: true },
  });
  bumpPlots(true);
}

/** Whether any method of the latest run is still computing (or waiting for the debounce). */
export function isBusy(s = appStore.getState()): boolean {
  return s.runScheduled || Object.values(s.runs).some((r) => r.phase === 'pending' || r.phase === 'running');
}

/**
 * When every compared method failed (after the first step): the latest failure time, so the
 * plots can zoom to the data; otherwise null.
 */
export function allFailedEnd(s = appStore.getState()): number | null {
  let end = 0;
  for (const m of s.state.methods) {
    const failure = s.runs[m].failure;
    if (s.runs[m].phase !== 'failed' || !failure) return null;
    end = Math.max(end, failure.time);
  }
  return end > 0 ? end : null;
}

/**
 * Part of a run done before an ETA is shown: the first slices include the model set-up and the
 * code warming up, so a rate taken earlier overstates the time left many times over.
 */
export const ETA_MIN_FRACTION = 0.01;

/** Estimated wall time left, ms, from the speed so far; null until it can be told. */
export function etaMs(progress: RunProgress | null): number | null {
  if (!progress || progress.stepsDone <= 0 || progress.totalSteps <= 0) return null;
  if (progress.stepsDone < ETA_MIN_FRACTION * progress.totalSteps) return null;
  const remaining = progress.totalSteps - progress.stepsDone;
  return (progress.elapsedMs / progress.stepsDone) * remaining;
}

export function formatTime(t: number): string {
  return Number.isFinite(t) ? Number(t.toPrecision(6)).toString() : String(t);
}

/** Forgets every result (tests). */
export function clearResults(): void {
  results.current = {};
  for (const m of Object.keys(incoming) as IntegratorMethod[]) delete incoming[m];
  runState = null;
  runDef = null;
  factsRunId = 0;
  if (plotTimer !== null) clearTimeout(plotTimer);
  plotTimer = null;
  lastPlotAt = -Infinity;
  for (const m of Object.keys(pendingProgress) as IntegratorMethod[]) delete pendingProgress[m];
}
