/**
 * A user's model in a share link (SPEC §4, §8): its keys, its limits and which URLs may be fetched. Inline as
 * `model-data=` (modelData.ts: the file's text deflated, in base64url), or hosted as `model=<https URL>`
 * (modelFetch.ts: fetched by the page and by `sim --url`). Every step is bounded: the inline value's length, the
 * inflated size, the fetched size and the fetch's time. Failures come back as one sentence naming what went wrong,
 * never as an exception.
 */

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
export function shortText(text: string): string {
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  return clean.length > 60 ? `${clean.slice(0, 57)}…` : clean;
}
