/**
 * The solver workers' file, fetched as early as the page can: the page's entry creates the workers of the
 * link's compared methods before the rest of the app has loaded (docs/performance.md "The first visit"), and
 * the runner adopts them by method. Nothing here may import the app: it runs before the app's code arrives.
 */

/** The methods a link without `methods=` compares (DEFAULT_METHODS of src/scenario/registry.ts). */
const DEFAULT_PAIR = ['classical', 'modified'];

/** Workers created ahead, by method name, until the runner takes them. */
const early = new Map<string, Worker>();

/** Workers whose code has loaded (they said 'ready'; src/worker/sim.worker.ts). */
const loaded = new WeakSet<Worker>();

/**
 * A new solver worker for `method`, named `hht-<method>` (tests and the browser's task manager see the name). It is
 * listened to from the start, so its 'ready' is noted even before the runner takes it.
 */
export function createSimWorker(method: string): Worker {
  const worker = new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: `hht-${method}` });
  worker.addEventListener('message', (event: MessageEvent<{ kind?: unknown }>) => {
    if (event.data?.kind === 'ready') loaded.add(worker);
  });
  return worker;
}

/** Whether the worker's code has loaded (it said 'ready'). */
export function workerLoaded(worker: Worker): boolean {
  return loaded.has(worker);
}

/**
 * Creates the workers the link will run: its `methods=` list (at most four names of lower-case letters and
 * dashes; the app checks them later, a name it refuses only costs an idle worker) or the default pair.
 */
export function startWorkersEarly(search: string): void {
  const listed = new URLSearchParams(search).get('methods');
  const names = listed === null ? DEFAULT_PAIR : listed.split(',').filter((m) => /^[a-z-]{1,40}$/.test(m)).slice(0, 4);
  for (const method of names) if (!early.has(method)) early.set(method, createSimWorker(method));
}

/** The worker created ahead for `method` (once), or undefined. */
export function takeEarlyWorker(method: string): Worker | undefined {
  const worker = early.get(method);
  early.delete(method);
  return worker;
}

/** Ends the workers created ahead that no method took (a link whose methods were refused). */
export function dropEarlyWorkers(): void {
  for (const worker of early.values()) worker.terminate();
  early.clear();
}
