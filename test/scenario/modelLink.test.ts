/**
 * A user's model in a share link (SPEC §4, §8; src/scenario/modelLink.ts, modelData.ts, modelFetch.ts and url.ts):
 * inline (`model-data=`, deflate-raw + base64url, inflated with a byte cap) and hosted (`model=<URL>`, fetched with
 * a time-out and a size limit). Every failure is one sentence naming what failed; the link opens its scenario or the default.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deflateSync } from 'fflate';
import '../../src/scenario/custom';
import { defaultStateOf, readCustomModel } from '../../src/scenario/registry';
import { checkModelUrl, MODEL_LINK_LIMITS } from '../../src/scenario/modelLink';
import { fetchModelText } from '../../src/scenario/modelFetch';
import { base64url, decodeModelData, encodeModelData, fromBase64url } from '../../src/scenario/modelData';
import { decodeShareQuery, encodeShareQuery, linkModelSource, MAX_QUERY_LENGTH } from '../../src/scenario/url';
import { validateState } from '../../src/scenario/state';
import { DOUBLE_PENDULUM, MISSPELT_BODY } from '../support/customModels';

function customDef(text: string) {
  const read = readCustomModel(text);
  if (!read?.ok) throw new Error('the test model does not read');
  return read.def;
}

describe('base64url', () => {
  it('round-trips every length of bytes, without padding', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, k) => (k * 97 + n * 31) & 255);
      const text = base64url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(Array.from(fromBase64url(text)!)).toEqual(Array.from(bytes));
    }
    expect(base64url(Uint8Array.of(251, 255))).toBe('-_8');
  });

  it('refuses text that is not base64url', () => {
    for (const bad of ['a', 'ab+c', 'ab/c', 'a b', 'é', '%%']) expect(fromBase64url(bad)).toBeNull();
  });
});

describe('model-data: the model inline', () => {
  it('carries the text bit for bit, in a fraction of its length', () => {
    const data = encodeModelData(DOUBLE_PENDULUM);
    expect(data.length).toBeLessThan(DOUBLE_PENDULUM.length / 2);
    expect(decodeModelData(data)).toEqual({ ok: true, text: DOUBLE_PENDULUM });
  });

  it('is never a decompression bomb: inflation stops at the byte cap', () => {
    // 5 MB of spaces deflate to about 5 kB, well within the value's length limit.
    const bomb = base64url(deflateSync(new Uint8Array(5_000_000).fill(32), { level: 9 }));
    expect(bomb.length).toBeLessThan(MODEL_LINK_LIMITS.dataCharacters);
    const start = performance.now();
    const result = decodeModelData(bomb);
    expect(performance.now() - start).toBeLessThan(1000);
    expect(result).toEqual({ ok: false, message: `model-data: the model inflates to more than ${MODEL_LINK_LIMITS.inflatedBytes} bytes (the limit of a model in a link)` });
  });

  it('names what is wrong with a broken value', () => {
    const good = encodeModelData(DOUBLE_PENDULUM);
    expect(decodeModelData('not*base64')).toMatchObject({ ok: false, message: expect.stringContaining('not base64url') });
    expect(decodeModelData(good.slice(0, good.length - 20))).toMatchObject({ ok: false, message: expect.stringMatching(/cut short|broken/) });
    expect(decodeModelData('AAAA')).toMatchObject({ ok: false });
    expect(decodeModelData(base64url(deflateSync(Uint8Array.of(0xff, 0xfe, 0x80))))).toEqual({ ok: false, message: "model-data: the model's text is not UTF-8" });
    expect(decodeModelData('A'.repeat(MODEL_LINK_LIMITS.dataCharacters + 1))).toMatchObject({ ok: false, message: expect.stringContaining('limit 12000') });
  });

  it('a link of the model round-trips: scenario=custom, the same text, parameters as keys, no notice', () => {
    const def = customDef(DOUBLE_PENDULUM);
    const state = { ...defaultStateOf(def, { text: DOUBLE_PENDULUM }), alpha: -0.2, values: { L: [1.5], m: [1] } };
    const query = encodeShareQuery(state, { output: 'elbow angle' });
    expect(query).toMatch(/^v=1&scenario=custom&alpha=-0\.2&L=1\.5&output=elbow%20angle&model-data=[A-Za-z0-9_-]+$/);
    expect(query.length).toBeLessThan(MAX_QUERY_LENGTH);
    const decoded = decodeShareQuery(query);
    expect(decoded.issues).toEqual([]);
    expect(decoded.state).toEqual(state);
    expect(decoded.view).toEqual({ output: 'elbow angle' });
    expect(decoded.setKeys).toEqual(expect.arrayContaining(['scenario', 'model', 'alpha', 'L']));
    expect(validateState(decoded.state)).toEqual([]);
  });

  it('a model with a mistake: the notice names its path and message, the default scenario opens, the text is kept', () => {
    const decoded = decodeShareQuery(`v=1&scenario=custom&model-data=${encodeModelData(MISSPELT_BODY)}&alpha=-0.2`);
    expect(decoded.issues).toEqual([{ key: 'model-data', message: 'the model: joints[1].bodies[1]: no body named "lowr"; did you mean "lower"?' }]);
    expect(decoded.state.scenario).toBe('heavy-top');
    expect(decoded.state.model).toBeUndefined();
    expect(decoded.failedModel).toEqual({ text: MISSPELT_BODY });
  });

  // Found by test/fuzz/modelLink.test.ts (seed 295 of the mutated models): run defaults no link may hold.
  it('a model whose own defaults make no valid run is refused, naming the run setting or parameter', () => {
    const doc = JSON.parse(DOUBLE_PENDULUM) as { run: Record<string, number>; parameters: Record<string, { value: number }> };
    const badEnd = JSON.stringify({ ...doc, run: { ...doc.run, tEnd: -1e308 } });
    const read = readCustomModel(badEnd);
    expect(read).toMatchObject({ ok: false, issues: [{ path: 'run.tEnd', message: '-1e+308: an end time is > 0 s' }] });
    const outside = JSON.stringify({ ...doc, parameters: { ...doc.parameters, L: { ...doc.parameters.L, value: 20 } } });
    expect(readCustomModel(outside)).toMatchObject({ ok: false, issues: [{ path: 'parameters.L.value' }] });
    const decoded = decodeShareQuery(`v=1&model-data=${encodeModelData(badEnd)}`);
    expect(decoded.issues).toEqual([{ key: 'model-data', message: 'the model: run.tEnd: -1e+308: an end time is > 0 s' }]);
    expect(validateState(decoded.state)).toEqual([]);
  });

  it('scenario=custom without a model, both model keys, a named scenario beside a model: each named', () => {
    expect(decodeShareQuery('v=1&scenario=custom').issues[0].message).toBe('scenario=custom needs its model: model=<https URL> or model-data=…');
    const both = decodeShareQuery(`v=1&model=https://x.org/m.json&model-data=${encodeModelData(DOUBLE_PENDULUM)}`);
    expect(both.issues[0].message).toContain('both model= and model-data=');
    const named = decodeShareQuery(`v=1&scenario=spin&model-data=${encodeModelData(DOUBLE_PENDULUM)}`);
    expect(named.state.scenario).toBe('custom');
    expect(named.issues[0]).toEqual({ key: 'scenario', message: 'scenario=spin: the link carries its own model, which was opened (scenario=custom)' });
  });
});

describe('model=<URL>: a hosted model', () => {
  it('is fetched over https, or http from this machine only', () => {
    expect(checkModelUrl('https://example.org/m.json')).toEqual({ ok: true, url: 'https://example.org/m.json' });
    expect(checkModelUrl('http://127.0.0.1:8080/m.json').ok).toBe(true);
    expect(checkModelUrl('http://localhost/m.json').ok).toBe(true);
    for (const bad of ['http://example.org/m.json', 'javascript:alert(1)', 'data:application/json,{}', 'file:///etc/passwd', 'm.json', '']) {
      expect(checkModelUrl(bad).ok, bad).toBe(false);
    }
    expect(linkModelSource('model=ftp%3A%2F%2Fx').kind).toBe('bad');
    expect(linkModelSource(`model=${encodeURIComponent('https://x.org/a.json')}`)).toEqual({ kind: 'hosted', url: 'https://x.org/a.json' });
  });

  it('a link keeps the URL, not the text, and decodes with the fetched text', () => {
    const url = 'https://models.example/pendulum.json';
    const def = customDef(DOUBLE_PENDULUM);
    const state = defaultStateOf(def, { text: DOUBLE_PENDULUM, url });
    const query = encodeShareQuery(state);
    expect(query).toBe(`v=1&scenario=custom&model=${encodeURIComponent(url)}`);
    const decoded = decodeShareQuery(query, { hosted: { ok: true, text: DOUBLE_PENDULUM } });
    expect(decoded.issues).toEqual([]);
    expect(decoded.state).toEqual(state);
    const failed = decodeShareQuery(query, { hosted: { ok: false, message: `model=${url}: the server answered HTTP 404` } });
    expect(failed.issues).toEqual([{ key: 'model', message: `model=${url}: the server answered HTTP 404` }]);
    expect(failed.failedModel).toEqual({ url });
  });
});

describe('fetchModelText (Node fetch against a local server)', () => {
  let server: Server;
  let base = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/model.json') return res.end(DOUBLE_PENDULUM);
      if (req.url === '/huge.json') {
        // No content-length: the body is streamed until the reader stops it.
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = ' '.repeat(64 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 4_000_000) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        return pump();
      }
      if (req.url === '/slow.json') return; // never answers
      res.statusCode = 404;
      res.end('no');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  it('fetches the text, names an HTTP status, stops a file past the size limit, and names a refused connection', async () => {
    expect(await fetchModelText(`${base}/model.json`, fetch)).toEqual({ ok: true, text: DOUBLE_PENDULUM });
    expect(await fetchModelText(`${base}/nothing.json`, fetch)).toEqual({ ok: false, message: `model=${base}/nothing.json: the server answered HTTP 404 Not Found` });
    const huge = await fetchModelText(`${base}/huge.json`, fetch);
    expect(huge).toEqual({ ok: false, message: `model=${base}/huge.json: the file is larger than 1000000 bytes; a model may have at most 1000000 bytes` });
    const refused = await fetchModelText('http://127.0.0.1:9/m.json', fetch);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toContain('could not be fetched: a network error, or the server does not allow other sites to read it (CORS)');
  });

  it('refuses a redirect, wherever it leads; the address it leads to never sees a request', async () => {
    // A second server on 127.0.0.2: loopback to the kernel, but an address a link may not name (http only from
    // localhost and 127.0.0.1), as an intranet host would be; a fetch that followed the redirect would reach it.
    const hits: string[] = [];
    const target = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end(DOUBLE_PENDULUM);
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.2', resolve));
    const forbidden = `http://127.0.0.2:${(target.address() as AddressInfo).port}/model.json`;
    const redirector = createServer((req, res) => {
      res.writeHead(302, { location: req.url === '/to-allowed' ? `${base}/model.json` : req.url === '/relative' ? '/model.json' : forbidden });
      res.end();
    });
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const from = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
    try {
      expect(await fetchModelText(`${from}/to-forbidden`, fetch)).toEqual({
        ok: false,
        message: `model=${from}/to-forbidden: the server answered HTTP 302, a redirect to ${forbidden}; redirects are not followed, and a link may not name that address (https only; http only from localhost)`,
      });
      expect(hits).toEqual([]);
      // Even to an address a link may name: the page cannot see where a redirect leads, so neither follows one.
      expect(await fetchModelText(`${from}/to-allowed`, fetch)).toEqual({
        ok: false,
        message: `model=${from}/to-allowed: the server answered HTTP 302, a redirect to ${base}/model.json; redirects are not followed: link that address instead`,
      });
      const relative = await fetchModelText(`${from}/relative`, fetch);
      expect(!relative.ok && relative.message).toContain(`a redirect to ${from}/model.json;`);
      // What a browser gives for `redirect: 'manual'`: an opaque response that hides the Location.
      const opaque = { type: 'opaqueredirect', status: 0, ok: false, headers: new Headers(), body: null } as unknown as Response;
      expect(await fetchModelText('https://example.org/m.json', async () => opaque)).toEqual({
        ok: false, message: 'model=https://example.org/m.json: the server answered with a redirect; redirects are not followed: link the file\'s own address',
      });
    } finally {
      redirector.close();
      target.close();
    }
  });

  it('gives up after the time-out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let aborted = false;
      const never: typeof fetch = (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => {
        aborted = true;
        reject(new Error('aborted'));
      }));
      const result = fetchModelText('https://x.org/slow.json', never as never);
      await vi.advanceTimersByTimeAsync(MODEL_LINK_LIMITS.fetchMs - 1);
      expect(aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await result).toEqual({ ok: false, message: 'model=https://x.org/slow.json: no answer within 10 s' });
    } finally {
      vi.useRealTimers();
    }
  });
});
