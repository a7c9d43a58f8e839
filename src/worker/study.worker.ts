/**
 * Web Worker entry for study tasks (run/studyTasks.ts handleStudyTask): one run per message. The page
 * runs a pool of these and terminates them to cancel.
 */
/// <reference lib="webworker" />
import { handleStudyTask, type StudyTaskRequest } from '../run/studyTasks';

declare const self: DedicatedWorkerGlobalScope;

self.onmessage = (event: MessageEvent<StudyTaskRequest>) => handleStudyTask(event.data, (reply, transfer) => self.postMessage(reply, transfer));
