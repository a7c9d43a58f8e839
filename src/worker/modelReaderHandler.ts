/**
 * What the model-reader worker does with one request (modelReaderProtocol.ts): the text read as the page and `sim`
 * read it (src/scenario/custom.ts). Its work is bounded by the reader's limits and counted operations
 * (docs/model-format.md "Limits"). Pure, so tests run it without a worker.
 */
import { customScenario } from '../scenario/custom';
import type { ModelReadReply, ModelReadRequest } from './modelReaderProtocol';

export function answerModelRead({ id, text }: ModelReadRequest): ModelReadReply {
  const read = customScenario(text);
  return read.ok ? { id, ok: true, document: read.def.document } : { id, ok: false, issues: read.issues };
}
