/**
 * Drives the simulation workers (one per compared method, so they run in parallel): starts a
 * run shortly after the committed state changes (debounced), cancels stale runs, and feeds
 * the replies to runs.ts. Browser only.
 */
// One worker per method of the whole family (src/scenario/methods.ts), created when first compared.
import { RUN_METHODS as INTEGRATOR_METHODS, type RunMethod as IntegratorMethod } from '../scenario/methods';
import type { MainToWorker, ReadyMessage, WorkerToMain } from '../worker/protocol';
import { applyWorkerMessage, beginRun, failStoppedWorker, markCancelled } from './runs';
import { createSimWorker, dropEarlyWorkers, takeEarlyWorker, workerLoaded } from './simWorkers';
import { appStore } from './store';
import { startMessageOf } from '../worker/startMessage';
import { silenceReason, WorkerWatch } from './workerWatch';

/** Wait after the last change before rerunning, ms (a dragged slider sends many changes). */
export const RERUN_DEBOUNCE_MS = 300;

const workers: Partial<Record<IntegratorMethod, Worker>> = {};
let debounce: ReturnType<typeof setTimeout> | null = null;

/** When each worker was last heard from, so one that stops answering ends its run (workerWatch.ts). */
const watch = new WorkerWatch();
let watchTimer: ReturnType<typeof setInterval> | null = null;

function inFlight(method: IntegratorMethod): boolean {
  const phase = appStore.getState().runs[method].phase;
  return phase === 'pending' || phase === 'running';
}

function workerFor(method: IntegratorMethod): Worker {
  let worker = workers[method];
  if (!worker) {
    worker = takeEarlyWorker(method) ?? createSimWorker(method);
    worker.onmessage = (event: MessageEvent<WorkerToMain | ReadyMessage>) => {
      watch.heard(method, Date.now());
      if (event.data.kind !== 'ready') applyWorkerMessage(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      endWorker(method, `the worker stopped: ${event.message || 'unknown error'}`);
    };
    workers[method] = worker;
  }
  return worker;
}

/** Ends `method`'s worker and the run it owed (what it computed stays); the next run gets a new worker. */
function endWorker(method: IntegratorMethod, reason: string): void {
  workers[method]?.terminate();
  delete workers[method];
  watch.forget(method);
  failStoppedWorker(method, reason);
}

/** Checks the workers of the runs in flight about once a second, while there are any (workerWatch.ts). */
function watchWorkers(): void {
  if (watchTimer !== null) return;
  watchTimer = setInterval(() => {
    const methods = INTEGRATOR_METHODS.filter(inFlight);
    if (methods.length === 0) {
      clearInterval(watchTimer!);
      watchTimer = null;
      return;
    }
    const owes = (m: string) => methods.includes(m as IntegratorMethod) && workers[m as IntegratorMethod] !== undefined && workerLoaded(workers[m as IntegratorMethod]!);
    for (const method of watch.silent(Date.now(), owes)) endWorker(method as IntegratorMethod, silenceReason(watch.limitMs));
  }, Math.min(1000, watch.limitMs / 4));
}

function post(method: IntegratorMethod, message: MainToWorker): void {
  workerFor(method).postMessage(message);
  if (message.kind === 'start') {
    watch.heard(method, Date.now());
    watchWorkers();
  }
}

/**
 * End-to-end tests only (window.__hht): ends `method`'s worker without telling the page, as a worker that hangs
 * looks from here (no reply, no error), and sets how long the page waits for one (ms; absent: unchanged).
 */
export function silenceWorkerForTests(method: IntegratorMethod, limitMs?: number): void {
  if (limitMs !== undefined && limitMs > 0) watch.limitMs = limitMs;
  workers[method]?.terminate();
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
