/**
 * Fetching a hosted model (`model=<URL>`, SPEC §4, §8) within MODEL_LINK_LIMITS: the page with its `fetch`,
 * `sim --url` with Node's. Only the address the link names is fetched: a redirect is refused, not followed
 * (redirectMessage).
 */
import { checkModelUrl, MODEL_LINK_KEYS, MODEL_LINK_LIMITS, shortText, type ModelTextResult } from './modelLink';

/** What fetching needs of the platform: the page's and Node's `fetch` both fit. */
export type Fetcher = (url: string, init: { signal: AbortSignal; redirect: 'manual'; credentials: 'omit' }) => Promise<Response>;

/**
 * Why a response is a redirect that was not followed, or null when it is none. Every address a model is fetched
 * from must pass the rules of the first (checkModelUrl: https, or http from this machine), and a page cannot check
 * where a redirect leads (a browser hands it over as an opaque response, its Location hidden), so neither the page
 * nor `sim` follows one: a link fetches the same in both, and `sim --url` on a server is never sent on to an
 * address the link could not name (a request forgery). Node shows the Location: the message names it, and says
 * whether a link may name it instead.
 */
export function redirectMessage(response: Response, url: string): string | null {
  if (response.type === 'opaqueredirect') return 'the server answered with a redirect; redirects are not followed: link the file\'s own address';
  const location = response.headers.get('location');
  if (response.status < 300 || response.status > 399 || location === null) return null;
  let target: string;
  try {
    target = new URL(location, url).href;
  } catch {
    return `the server answered HTTP ${response.status} with a redirect that is not a URL; redirects are not followed`;
  }
  const advice = checkModelUrl(target).ok ? ': link that address instead' : ', and a link may not name that address (https only; http only from localhost)';
  return `the server answered HTTP ${response.status}, a redirect to ${shortText(target)}; redirects are not followed${advice}`;
}

/**
 * Fetches a hosted model file's text within MODEL_LINK_LIMITS (time and size), reading the body as a stream so a
 * huge file is cut off, not downloaded. Failures name their kind: network or CORS (a browser does not tell the
 * two apart), HTTP status, too large, time-out, not UTF-8; each message starts `model=<url>:`.
 */
export async function fetchModelText(url: string, fetcher: Fetcher): Promise<ModelTextResult> {
  const where = `${MODEL_LINK_KEYS.url}=${shortText(url)}`;
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
      response = await fetcher(url, { signal: controller.signal, redirect: 'manual', credentials: 'omit' });
    } catch (error) {
      if (timedOut) return timeOut();
      return fail(`could not be fetched: a network error, or the server does not allow other sites to read it (CORS)${detail(error)}`);
    }
    const redirect = redirectMessage(response, url);
    if (redirect) {
      await response.body?.cancel().catch(() => undefined);
      return fail(redirect);
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
