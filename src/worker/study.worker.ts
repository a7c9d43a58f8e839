/**
 * Web Worker entry for studies (./studyHandler.ts): one study per message; the page terminates
 * the worker to cancel.
 */
/// <reference lib="webworker" />
import { runStudyRequest } from './studyHandler';
import type { StudyRequest } from './studyProtocol';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<StudyRequest>) => runStudyRequest(event.data, (reply) => self.postMessage(reply));
