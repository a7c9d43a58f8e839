/**
 * Web Worker entry of the model reader (modelReaderHandler.ts): one answer per text. The page terminates it when
 * an answer is late (src/app/modelReader.ts) and starts a new one for the next text.
 */
/// <reference lib="webworker" />
import { answerModelRead } from './modelReaderHandler';
import type { ModelReadRequest } from './modelReaderProtocol';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<ModelReadRequest>) => self.postMessage(answerModelRead(event.data));
