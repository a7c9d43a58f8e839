/**
 * Web Worker entry: one simulation at a time, driven by the typed protocol in ./protocol.ts.
 * All logic lives in ./handler.ts; this file only binds it to the worker globals.
 */
/// <reference lib="webworker" />
import { createRunHandler } from './handler';
import { prepareRun } from './prepare';
import type { MainToWorker } from './protocol';

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
  prepare: prepareRun,
});

self.onmessage = (event: MessageEvent<MainToWorker>) => handle(event.data);
