/**
 * The page's model reader: a user's model text (a link, a file, the Model menu, the editor's check as you type) is
 * read off the main thread, in a Web Worker (an instance of the solver worker kept for reading: it carries the
 * reader of user models already, src/worker/modelReaderProtocol.ts), and the page waits for its answer
 * with a deadline. The reader's own work is bounded by counted operations (docs/model-format.md "Limits"), so an
 * answer comes in about a second whatever the text; the deadline is there for whatever nobody foresaw: past it the
 * worker is terminated, the text is kept and the place that asked says so. Nothing here parses, compiles or
 * evaluates the text: the page only builds a scenario from the document the worker has checked.
 *
 * Loaded as its own chunk (app/models.ts loadModelReader) with the link codec of user models (modelData.ts); it
 * installs them as the registry's reader, which answers from the texts read here (registry.ts readCustomModel).
 */
import { installCustomModelSupport, type CustomModelIssue, type CustomReadResult } from '../scenario/registry';
import { scenarioFromDocument } from '../scenario/fromDocument';
import { decodeModelData, encodeModelData } from '../scenario/modelData';
import { CUSTOM_SCENARIO_ID, type ScenarioDef } from '../scenario/types';
import type { ModelReadReply, ModelReadRequest } from '../worker/modelReaderProtocol';
import type { ReadyMessage } from '../worker/protocol';

/** How long the page waits for the reader's answer to one text before it ends the worker, ms. */
export const MODEL_READ_DEADLINE_MS = 8000;

/** A mistake in the text, with its place when the reader found one (line and column, 1-based). */
export type ModelReadIssue = CustomModelIssue & { readonly line?: number; readonly column?: number };

/** What reading a text gave: its scenario, or its mistakes (`late`: the reader did not answer in time). */
export type ModelReadOutcome =
  | { readonly ok: true; readonly def: ScenarioDef }
  | { readonly ok: false; readonly issues: readonly ModelReadIssue[]; readonly late?: boolean };

/**
 * Why a text is read: `open` (it is to run: a link, a file, the menu, Run) or `check` (the editor's check as you
 * type: a newer check replaces one still waiting, and its answers do not push out the models in use).
 */
export type ModelReadPurpose = 'open' | 'check';

/** The part of a Worker this client uses (tests give an in-process one: useModelReaderPort). */
export interface ModelReaderPort {
  postMessage(request: ModelReadRequest): void;
  terminate(): void;
  /** Its answers, and the solver worker's 'ready' once its code has loaded (which carries no id: ignored here). */
  onmessage: ((event: { readonly data: ModelReadReply | ReadyMessage }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

const startWorker = (): ModelReaderPort =>
  new Worker(new URL('../worker/sim.worker.ts', import.meta.url), { type: 'module', name: 'hht-model-reader' }) as unknown as ModelReaderPort;

/** One text waiting for, or being read by, the worker. */
interface Job {
  readonly id: number;
  readonly text: string;
  readonly purpose: ModelReadPurpose;
  readonly done: (outcome: ModelReadOutcome | null) => void;
}

/** Texts read, newest last: the models opened (kept longer) and the editor's checks. */
const OPENED_KEPT = 8;
const CHECKED_KEPT = 4;

class ModelReaderClient {
  private port: ModelReaderPort | null = null;
  private readonly queue: Job[] = [];
  private current: { readonly job: Job; readonly timer: ReturnType<typeof setTimeout> } | null = null;
  private nextId = 1;
  readonly opened = new Map<string, ModelReadOutcome>();
  readonly checked = new Map<string, ModelReadOutcome>();
  deadlineMs = MODEL_READ_DEADLINE_MS;

  constructor(public spawn: () => ModelReaderPort) {}

  /** The outcome of a text read before, or undefined. */
  known(text: string): ModelReadOutcome | undefined {
    return this.opened.get(text) ?? this.checked.get(text);
  }

  /** Reads `text` in the worker (or answers from the texts read before); null when a newer check replaced it. */
  read(text: string, purpose: ModelReadPurpose): Promise<ModelReadOutcome | null> {
    const known = this.known(text);
    if (known) {
      this.remember(text, known, purpose);
      return Promise.resolve(known);
    }
    if (purpose === 'check') {
      for (const waiting of this.queue.filter((j) => j.purpose === 'check')) {
        this.queue.splice(this.queue.indexOf(waiting), 1);
        waiting.done(null);
      }
    }
    return new Promise((resolve) => {
      this.queue.push({ id: this.nextId++, text, purpose, done: resolve });
      this.pump();
    });
  }

  private remember(text: string, outcome: ModelReadOutcome, purpose: ModelReadPurpose): void {
    const kept = purpose === 'open' ? this.opened : this.checked;
    kept.delete(text);
    kept.set(text, outcome);
    const limit = purpose === 'open' ? OPENED_KEPT : CHECKED_KEPT;
    while (kept.size > limit) kept.delete(kept.keys().next().value as string);
  }

  private pump(): void {
    if (this.current || this.queue.length === 0) return;
    const job = this.queue.shift()!;
    const port = this.started();
    const timer = setTimeout(() => this.giveUp(job), this.deadlineMs);
    this.current = { job, timer };
    port.postMessage({ kind: 'read-model', id: job.id, text: job.text });
  }

  private started(): ModelReaderPort {
    if (this.port) return this.port;
    const port = this.spawn();
    port.onmessage = (event) => this.answered(event.data);
    // The worker's script could not be loaded (offline before the page was cached) or it failed: this text is
    // not read, the next one starts a new worker.
    port.onerror = () => this.stop(unread('the model reader could not be started (no network?); the text is kept'));
    this.port = port;
    return port;
  }

  private answered(reply: ModelReadReply | ReadyMessage): void {
    const current = this.current;
    if (!current || reply.kind === 'ready' || reply.id !== current.job.id) return;
    clearTimeout(current.timer);
    this.current = null;
    const outcome: ModelReadOutcome = reply.ok
      ? { ok: true, def: scenarioFromDocument(reply.document, CUSTOM_SCENARIO_ID) }
      : { ok: false, issues: reply.issues };
    this.remember(current.job.text, outcome, current.job.purpose);
    current.job.done(outcome);
    this.pump();
  }

  /** The deadline passed: the worker is ended (its work with it) and the text gets a message instead. */
  private giveUp(job: Job): void {
    if (this.current?.job !== job) return;
    const seconds = this.deadlineMs / 1000;
    const outcome = unread(`the model reader did not answer within ${seconds} s and was stopped; the text is kept (is the file unusually large?)`);
    this.remember(job.text, outcome, job.purpose);
    this.stop(outcome);
  }

  private stop(outcome: ModelReadOutcome): void {
    this.port?.terminate();
    this.port = null;
    const current = this.current;
    if (current) {
      clearTimeout(current.timer);
      this.current = null;
      current.job.done(outcome);
    }
    this.pump();
  }

  /** Forgets every text and ends the worker (tests). */
  reset(): void {
    this.port?.terminate();
    this.port = null;
    if (this.current) clearTimeout(this.current.timer);
    this.current = null;
    this.queue.length = 0;
    this.opened.clear();
    this.checked.clear();
    this.deadlineMs = MODEL_READ_DEADLINE_MS;
  }
}

const unread = (message: string): ModelReadOutcome => ({ ok: false, late: true, issues: [{ path: '', message, line: 1, column: 1 }] });

const client = new ModelReaderClient(startWorker);

/**
 * Reads a model's text off the main thread: its scenario, or its mistakes at their places; null when it was a
 * check that a newer check replaced before the worker took it.
 */
export function readModel(text: string, purpose: ModelReadPurpose): Promise<ModelReadOutcome | null> {
  return client.read(text, purpose);
}

/** What the page knows of a text without reading it: what the worker said of it, if it was read. */
function knownRead(text: string): CustomReadResult {
  return client.known(text) ?? { ok: false, issues: [{ path: '', message: 'the model has not been read on this page yet' }] };
}

/** Sets the deadline (tests: a short one shows what a late answer does). */
export function setModelReadDeadline(ms: number): void {
  client.deadlineMs = ms;
}

/** Reads through `spawn`'s ports from now on, everything read so far forgotten (tests: an in-process reader). */
export function useModelReaderPort(spawn: () => ModelReaderPort): void {
  client.reset();
  client.spawn = spawn;
}

// The registry reads user models through this module from now on: what the worker said of each text.
installCustomModelSupport({ read: knownRead, encodeData: encodeModelData, decodeData: decodeModelData });
