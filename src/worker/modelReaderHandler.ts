/**
 * What the model-reader worker does with one request (modelReaderProtocol.ts): the text read as the page and `sim`
 * read it (src/scenario/custom.ts). Its work is bounded by the reader's limits and counted operations
 * (docs/model-format.md "Limits"). Pure (given the reader), so tests run it without a worker.
 */
import type { CustomScenarioResult } from '../scenario/custom';
import type { ModelReadReply, ModelReadRequest } from './modelReaderProtocol';

/** The reader of user models (src/scenario/custom.ts customScenario). */
export type ModelTextReader = (text: string) => CustomScenarioResult;

export function answerModelRead({ id, text }: ModelReadRequest, read: ModelTextReader): ModelReadReply {
  const result = read(text);
  return result.ok ? { kind: 'model-read', id, ok: true, document: result.def.document } : { kind: 'model-read', id, ok: false, issues: result.issues };
}

/** The answer when the text could not be read at all (the reader's chunk did not load): one issue for the whole text. */
export function unreadableModel({ id }: ModelReadRequest, message: string): ModelReadReply {
  return { kind: 'model-read', id, ok: false, issues: [{ path: '', message, line: 1, column: 1 }] };
}
