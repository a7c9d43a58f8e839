/**
 * Drives the simulation workers (one per compared method, so they run in parallel): starts a
 * run shortly after the committed state changes (debounced), cancels stale runs, and feeds
 * the replies to runs.ts. Browser only.
 */
// One worker per method of the whole family (src/scenario/methods.ts), created when first compared.
import { RUN_METHODS as INTEGRATOR_METHODS, type RunMethod as IntegratorMethod } from '../scenario/methods';
import type { MainToWorker, WorkerToMain } from '../worker/protocol';
import { applyWorkerMessage, beginRun, markCancelled } from './runs';
import { createSimWorker, dropEarlyWorkers, takeEarlyWorker } from './simWorkers';
import { appStore } from './store';
import { startMessageOf } from '../worker/startMessage';

/** Wait after the last change before rerunning, ms (a dragged slider sends many changes). */
export const RERUN_DEBOUNCE_MS = 300;

const workers: Partial<Record<IntegratorMethod, Worker>> = {};
let debounce: ReturnType<typeof setTimeout> | null = null;

function workerFor(method: IntegratorMethod): Worker {
  let worker = workers[method];
  if (!worker) {
    worker = takeEarlyWorker(method) ?? createSimWorker(method);
    worker.onmessage = (event: MessageEvent<WorkerToMain>) => applyWorkerMessage(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      const { runId, runs } = appStore.getState();
      if (runs[method].phase === 'pending' || runs[method].phase === 'running') {
        applyWorkerMessage({
          kind: 'failed',
          runId,
          method,
          time: runs[method].progress?.time ?? 0,
          reason: `the worker stopped: ${event.message || 'unknown error'}`,
          finalRow: new Float64Array(0),
          progress: runs[method].progress ?? { time: 0, stepsDone: 0, totalSteps: 0, stepsRejected: 0, elapsedMs: 0 },
        });
      }
    };
    workers[method] = worker;
  }
  return worker;
}

function post(method: IntegratorMethod, message: MainToWorker): void {
  workerFor(method).postMessage(message);
}

/** Creates the workers of the compared methods ahead of the first run (they load the solver). */
export function warmUpWorkers(): void {
  for (const method of appStore.getState().state.methods) workerFor(method);
}

/** Starts a run of the current state now, replacing any run in flight. */
export function startRun(): void {
  if (debounce !== null) clearTimeout(debounce);
  debounce = null;
  const previous = appStore.getState().runId;
  const runId = beginRun();
  const { state } = appStore.getState();
  for (const method of INTEGRATOR_METHODS) {
    if (!state.methods.includes(method)) {
      if (workers[method]) post(method, { kind: 'cancel', runId: previous });
      continue;
    }
    post(method, startMessageOf(state, runId, method));
  }
  dropEarlyWorkers();
}

/** Reruns after RERUN_DEBOUNCE_MS unless another change comes first. */
export function scheduleRun(delayMs = RERUN_DEBOUNCE_MS): void {
  if (debounce !== null) clearTimeout(debounce);
  appStore.setState({ runScheduled: true });
  debounce = setTimeout(startRun, delayMs);
}

/** Stops the run in flight; what was computed stays on screen. */
export function cancelRun(): void {
  if (debounce !== null) clearTimeout(debounce);
  debounce = null;
  const { runId } = appStore.getState();
  for (const method of markCancelled()) post(method, { kind: 'cancel', runId });
}

/** Reruns whenever the committed scenario state changes. Returns the unsubscribe function. */
export function startAutoRun(): () => void {
  return appStore.subscribe((s, prev) => {
    if (s.state !== prev.state) scheduleRun();
  });
}
