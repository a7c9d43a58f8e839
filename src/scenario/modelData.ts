/**
 * A user's model inline in a share link (`model-data=`, SPEC §4): the file's text, UTF-8, deflated raw (fflate) and
 * written in base64url. Inflation is streamed with a byte cap, so a link is never a decompression bomb. Loaded with
 * the model reader (custom.ts installs it), so the compression library is not part of the page's first load.
 */
import { deflateSync, Inflate } from 'fflate';
import { MODEL_LINK_KEYS, MODEL_LINK_LIMITS, type ModelTextResult } from './modelLink';

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
