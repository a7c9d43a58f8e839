/**
 * Reading what `sim`'s arguments refer to before they are parsed: model files (`--model FILE`, `-` for standard
 * input) and the hosted models of links (`--url` with `model=<URL>`, fetched with the same time and size limits
 * as the page: src/scenario/modelFetch.ts). Each comes back as its text or one sentence saying why not.
 */
import { open } from 'node:fs/promises';
import { MODEL_LINK_LIMITS, type ModelTextResult } from '../scenario/modelLink';
import { fetchModelText } from '../scenario/modelFetch';
import type { ModelInputsWanted } from '../scenario/flags';
import type { SimInputs } from './args';

/** Bytes of a model file read from disk or standard input (the size limit of a hosted one). */
export const MODEL_FILE_BYTES = MODEL_LINK_LIMITS.fetchedBytes;

function utf8(bytes: Uint8Array): ModelTextResult {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, message: 'the file is not UTF-8 text' };
  }
}

/** A stream's bytes, at most `limit` (more: too large). */
async function readStream(stream: AsyncIterable<Uint8Array | string>, limit: number): Promise<Uint8Array | 'too-large'> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    size += bytes.length;
    if (size > limit) return 'too-large';
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, size);
}

/** A model file's text ('-': standard input), or why it cannot be read. */
export async function readModelFile(path: string): Promise<ModelTextResult> {
  const tooLarge: ModelTextResult = { ok: false, message: `the file is larger than ${MODEL_FILE_BYTES} bytes; a model may have at most ${MODEL_FILE_BYTES} bytes` };
  if (path === '-') {
    const bytes = await readStream(process.stdin, MODEL_FILE_BYTES);
    return bytes === 'too-large' ? tooLarge : utf8(bytes);
  }
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, message: code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : code === 'EISDIR' ? 'is a folder, not a file' : `cannot be opened (${code ?? 'unknown error'})` };
  }
  try {
    if ((await handle.stat()).isDirectory()) return { ok: false, message: 'is a folder, not a file' };
    const bytes = await readStream(handle.createReadStream(), MODEL_FILE_BYTES);
    return bytes === 'too-large' ? tooLarge : utf8(bytes);
  } catch (error) {
    return { ok: false, message: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})` };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Reads every file and fetches every hosted model the arguments name. */
export async function readSimInputs(wanted: ModelInputsWanted): Promise<SimInputs> {
  const modelFiles = new Map<string, ModelTextResult>();
  for (const file of wanted.files) if (!modelFiles.has(file)) modelFiles.set(file, await readModelFile(file));
  const hostedModels = new Map<string, ModelTextResult>();
  for (const url of wanted.urls) if (!hostedModels.has(url)) hostedModels.set(url, await fetchModelText(url, fetch));
  return { modelFiles, hostedModels };
}
