/**
 * The typed message protocol between the page and the model reader: an instance of the solver worker
 * (sim.worker.ts, which carries the reader of user models for its runs) that the page keeps for reading, so the
 * reader adds no script of its own. The page sends a model file's text, the worker reads and checks it (src/scenario/custom.ts: the reader of
 * src/modelfile/read.ts, then the model's own defaults) and answers with the document or the mistakes. The page
 * never reads a user's text itself, so no text can freeze it; it waits for the answer with a deadline
 * (src/app/modelReader.ts).
 */
import type { ModelDocument } from '../modelfile/schema';
import type { ModelIssue } from '../modelfile/read';

/** Page → worker: read this text. */
export interface ModelReadRequest {
  readonly kind: 'read-model';
  readonly id: number;
  readonly text: string;
}

/** Worker → page: the text is a model (its document, checked against the schema, compiled and assembled) or not. */
export type ModelReadReply =
  | { readonly kind: 'model-read'; readonly id: number; readonly ok: true; readonly document: ModelDocument }
  | { readonly kind: 'model-read'; readonly id: number; readonly ok: false; readonly issues: readonly ModelIssue[] };
