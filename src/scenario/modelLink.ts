/**
 * A user's model in a share link (SPEC §4, §8): inline as `model-data=` (the file's text, UTF-8, deflated raw and
 * written in base64url: fflate), or hosted as `model=<https URL>` (fetched by the page and by `sim --url`). Every
 * step is bounded: the inline value's length, the inflated size (streamed with a byte cap, so a link is never a
 * decompression bomb), the fetched size and the fetch's time. Failures come back as one sentence naming what went
 * wrong, never as an exception.
 */
import { deflateSync, Inflate } from 'fflate';

/** The link keys of a user's model. */
export const MODEL_LINK_KEYS = { url: 'model', data: 'model-data' } as const;

/** Limits of a model carried by a link (docs/links.md states them). */
export const MODEL_LINK_LIMITS = {
  /** Characters of a `model-data` value: with the other keys the link stays within MAX_QUERY_LENGTH. */
  dataCharacters: 12_000,
  /** Characters of a `model` URL. */
  urlCharacters: 2_000,
  /** Bytes of the inflated text of a `model-data` value. */
  inflatedBytes: 262_144,
  /** Bytes of a hosted model file (the model file's own limit is 1,000,000 characters). */
  fetchedBytes: 1_000_000,
  /** Time allowed for fetching a hosted model file, ms. */
  fetchMs: 10_000,
} as const;

export type ModelTextResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly message: string };

/** Compressed input fed to the inflater per call: the output of one call is at most ~1032 × this (DEFLATE's ratio). */
const INFLATE_PIECE = 256;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const BASE64URL_VALUE = new Map([...BASE64URL].map((c, k) => [c, k]));

/** base64url without padding (RFC 4648 §5). Example: base64url(Uint8Array.of(251, 255)) === '-_8'. */
export function base64url(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) text += BASE64URL[(n >> (18 - 6 * k)) & 63];
  }
  return text;
}

/** The bytes of base64url text (padding '=' allowed at the end), or null if it is not base64url. */
export function fromBase64url(text: string): Uint8Array | null {
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((body.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let j = 0;
  for (const c of body) {
    const v = BASE64URL_VALUE.get(c);
    if (v === undefined) return null;
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[j++] = (value >> bits) & 255;
    }
  }
  return out;
}

/** The `model-data` value of a model's text: UTF-8, raw DEFLATE at level 9, base64url. */
export function encodeModelData(text: string): string {
  return base64url(deflateSync(new TextEncoder().encode(text), { level: 9 }));
}

/**
 * The text of a `model-data` value: inflated piece by piece, stopped as soon as it passes
 * MODEL_LINK_LIMITS.inflatedBytes; the bytes must be UTF-8.
 */
export function decodeModelData(data: string): ModelTextResult {
  const key = MODEL_LINK_KEYS.data;
  if (data.length > MODEL_LINK_LIMITS.dataCharacters) {
    return { ok: false, message: `${key}: the value has ${data.length} characters (limit ${MODEL_LINK_LIMITS.dataCharacters})` };
  }
  const bytes = fromBase64url(data);
  if (!bytes || bytes.length === 0) return { ok: false, message: `${key}: not base64url text (A–Z, a–z, 0–9, - and _)` };
  const chunks: Uint8Array[] = [];
  let size = 0;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    size += chunk.length;
    if (size <= MODEL_LINK_LIMITS.inflatedBytes) chunks.push(chunk);
    if (final) finished = true;
  });
  try {
    for (let i = 0; i < bytes.length && size <= MODEL_LINK_LIMITS.inflatedBytes; i += INFLATE_PIECE) {
      inflater.push(bytes.subarray(i, i + INFLATE_PIECE), i + INFLATE_PIECE >= bytes.length);
    }
  } catch {
    return { ok: false, message: `${key}: not a compressed model (the DEFLATE data is broken)` };
  }
  if (size > MODEL_LINK_LIMITS.inflatedBytes) {
    return { ok: false, message: `${key}: the model inflates to more than ${MODEL_LINK_LIMITS.inflatedBytes} bytes (the limit of a model in a link)` };
  }
  if (!finished) return { ok: false, message: `${key}: the compressed model is cut short` };
  const joined = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.length;
  }
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(joined) };
  } catch {
    return { ok: false, message: `${key}: the model's text is not UTF-8` };
  }
}

/** Hosts that may serve a model over plain http: this machine (a file served while testing). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The URL of a `model=` value if it may be fetched (https, or http from this machine), else the reason why not. */
export function checkModelUrl(text: string): { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string } {
  const key = MODEL_LINK_KEYS.url;
  if (text.length > MODEL_LINK_LIMITS.urlCharacters) {
    return { ok: false, message: `${key}: the URL has ${text.length} characters (limit ${MODEL_LINK_LIMITS.urlCharacters})` };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `${key}=${shortText(text)} is not a URL (expected https://…/model.json)` };
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return { ok: true, url: url.href };
  return { ok: false, message: `${key}=${shortText(text)}: a model is fetched over https only (http only from localhost)` };
}

/** A value as a message quotes it: control characters shown as '?', at most 60 characters. */
function shortText(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}

/** What fetching needs of the platform: the page's and Node's `fetch` both fit. */
export type Fetcher = (url: string, init: { signal: AbortSignal; redirect: 'follow'; credentials?: 'omit' }) => Promise<Response>;

/**
 * Fetches a hosted model file's text within MODEL_LINK_LIMITS (time and size), reading the body as a stream so a
 * huge file is cut off, not downloaded. Failures name their kind: network or CORS (a browser does not tell the
 * two apart), HTTP status, too large, time-out, not UTF-8. `where` prefixes the messages (e.g. 'model=<url>').
 */
export async function fetchModelText(url: string, fetcher: Fetcher, where = `${MODEL_LINK_KEYS.url}=${shortText(url)}`): Promise<ModelTextResult> {
  const limit = MODEL_LINK_LIMITS.fetchedBytes;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, MODEL_LINK_LIMITS.fetchMs);
  const fail = (message: string): ModelTextResult => ({ ok: false, message: `${where}: ${message}` });
  const timeOut = () => fail(`no answer within ${MODEL_LINK_LIMITS.fetchMs / 1000} s`);
  try {
    let response: Response;
    try {
      response = await fetcher(url, { signal: controller.signal, redirect: 'follow', credentials: 'omit' });
    } catch (error) {
      if (timedOut) return timeOut();
      return fail(`could not be fetched: a network error, or the server does not allow other sites to read it (CORS)${detail(error)}`);
    }
    if (!response.ok) return fail(`the server answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
    const declared = Number(response.headers.get('content-length'));
    if (declared > limit) return fail(`the file has ${declared} bytes; a model may have at most ${limit} bytes`);
    const body = await readLimited(response, limit);
    if (body === 'too-large') return fail(`the file is larger than ${limit} bytes; a model may have at most ${limit} bytes`);
    try {
      return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body) };
    } catch {
      return fail('the file is not UTF-8 text');
    }
  } catch (error) {
    if (timedOut) return timeOut();
    return fail(`the download broke off${detail(error)}`);
  } finally {
    clearTimeout(timer);
  }
}

function detail(error: unknown): string {
  const message = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
  return message && !/fetch failed|failed to fetch/i.test(message) ? ` (${message})` : '';
}

/** A response body's bytes, reading at most `limit` + 1 of them. */
async function readLimited(response: Response, limit: number): Promise<Uint8Array | 'too-large'> {
  const reader = response.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}
