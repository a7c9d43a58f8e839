/**
 * Web Worker entry: one simulation at a time, driven by the typed protocol in ./protocol.ts.
 * All logic lives in ./handler.ts; this file only binds it to the worker globals, and loads the
 * reader of user models (src/scenario/custom.ts, with the schema library: its own chunk) the first
 * time a start message carries one.
 */
/// <reference lib="webworker" />
import { createRunHandler } from './handler';
import { prepareRun, type CustomModelReader } from './prepare';
import type { MainToWorker, ReadyMessage } from './protocol';

declare const self: DedicatedWorkerGlobalScope;

// A MessageChannel task runs without the ≥4 ms clamp of nested setTimeout(0), and still
// lets queued messages (cancel, start) be handled between two slices.
const channel = new MessageChannel();
const tasks: Array<() => void> = [];
channel.port1.onmessage = () => tasks.shift()?.();

const handle = createRunHandler({
  post: (message, transfer) => self.postMessage(message, transfer),
  now: () => performance.now(),
  schedule: (task) => {
    tasks.push(task);
    channel.port2.postMessage(null);
  },
  prepare: (start, settings) => prepareRun(start, settings, readCustom),
});

/** The user-model reader, once its chunk has loaded. */
let readCustom: CustomModelReader | null = null;
let customReader: Promise<unknown> | null = null;
/** Messages in arrival order: a start with a user's model waits for its reader, and nothing overtakes it. */
let queue: Promise<void> = Promise.resolve();

self.onmessage = (event: MessageEvent<MainToWorker>) => {
  const message = event.data;
  if (message.kind === 'start' && message.model) {
    // A chunk that does not load leaves prepareRun to say that the model cannot be read.
    customReader ??= import('../scenario/custom')
      .then(({ customScenarioDef }) => void (readCustom = customScenarioDef))
      .catch(() => undefined);
    const loading = customReader;
    queue = queue.then(() => loading).then(() => handle(message));
    return;
  }
  queue = queue.then(() => handle(message));
};

// The code has loaded: the page times the runs it sends from now on.
self.postMessage({ kind: 'ready' } satisfies ReadyMessage);
