/**
 * Web Worker entry: one simulation at a time, driven by the typed protocol in ./protocol.ts.
 * All logic lives in ./handler.ts; this file only binds it to the worker globals.
 */
/// <reference lib="webworker" />
import { Simulation } from '../solver/simulate';
import { getScenario } from '../scenario/registry';
import { COORDS_PER_BODY } from '../solver/model/types';
import { createRunHandler } from './handler';
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
  prepare: (start, settings) => {
    const model = getScenario(start.scenario).buildModel(start.values);
    return { simulation: new Simulation(model, settings), coordinates: model.bodies.length * COORDS_PER_BODY };
  },
});

self.onmessage = (event: MessageEvent<MainToWorker>) => handle(event.data);
