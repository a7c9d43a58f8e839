/**
 * Safe by construction: the built app runs under its Content-Security-Policy (scripts/contentSecurityPolicy.ts,
 * sent as a header by the test server) with no violation in the page, its workers or its service worker over a
 * run, the tabs, a study, the exports, the model editor, a model file and its study, and model links (inline, and
 * hosted on another origin); a negative control shows the watch sees a violation of the page and one of a worker.
 * A hosted model behind a redirect is refused, and the address the redirect names never sees a request.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateRawSync } from 'node:zlib';
import { CONTENT_SECURITY_POLICY } from '../scripts/contentSecurityPolicy';
import { CSP_REPORT_PATH } from './server';
import { watchCsp } from './csp';
import { expect, test, waitForApi, waitForSettled } from './fixtures';

const MODEL = readFileSync('docs/examples/double-pendulum.json', 'utf8');

/** A server on another origin: the model with CORS, a redirect to it, and a count of what was asked for. */
async function modelHost(): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const cors = { 'access-control-allow-origin': '*' };
    if (req.url === '/double-pendulum.json') return void res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(MODEL);
    if (req.url === '/moved.json') return void res.writeHead(302, { ...cors, location: '/double-pendulum.json' }).end();
    res.writeHead(404, cors).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

test('the page, its workers and its service worker run under the policy without a violation', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(180_000);
  const host = await modelHost();
  const watch = await watchCsp(page, appUrl);
  try {
    // The policy arrives as a header (it reaches the workers) and as the page's <meta> (hosts without headers).
    const response = await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.3`);
    expect(response?.headers()['content-security-policy']).toBe(`${CONTENT_SECURITY_POLICY}; report-uri ${CSP_REPORT_PATH}`);
    await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute('content', CONTENT_SECURITY_POLICY);
    await waitForSettled(page);
    // The service worker registers once the first run has settled; its script runs under the header too.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toMatch(/activat/);

    for (const tab of ['theory', 'damping', 'studies'] as const) {
      await page.getByTestId(`tab-${tab}`).click();
      await expect(page.getByTestId(`tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
    }
    // A study on the study workers (WebAssembly compiled there too).
    await page.getByTestId('study-kind-alpha-sweep').check();
    await page.getByTestId('study-field-alpha-steps').fill('2');
    await page.getByTestId('study-field-h').fill('1e-3');
    await page.getByTestId('study-field-t-end').fill('0.05');
    await page.getByTestId('study-run').click();
    await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });
    await Promise.all([page.waitForEvent('download'), page.getByTestId('study-export-png').click()]);
    await Promise.all([page.waitForEvent('download'), page.getByTestId('study-export-svg').click()]);

    // The exports of the run: the PNG of the plots (an SVG drawn into a canvas) and a CSV.
    await page.getByTestId('tab-plots').click();
    await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByTestId('export-png').click()]);
    await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv-modified').click()]);

    // A model inline in a link (the model reader in the page and the workers), and the editor (its style sheets).
    await page.goto(`${appUrl}?v=1&scenario=custom&t=0.2&model-data=${deflateRawSync(Buffer.from(MODEL)).toString('base64url')}`);
    await waitForSettled(page);
    await page.getByTestId('edit-model').click();
    await expect(page.getByTestId('model-editor-text')).toBeVisible();
    await page.getByTestId('model-editor-close').click();
    // The same model opened from a file (Open model…), then a study of it on the study workers.
    const before = (await page.evaluate(() => window.__hht!.runStatus())).runId;
    await page.getByTestId('open-model-file').setInputFiles({ name: 'double-pendulum.json', mimeType: 'application/json', buffer: Buffer.from(MODEL) });
    await waitForSettled(page, before);
    await page.getByTestId('tab-studies').click();
    await page.getByTestId('study-kind-alpha-sweep').check();
    await page.getByTestId('study-field-alpha-steps').fill('2');
    await page.getByTestId('study-field-h').fill('0.005');
    await page.getByTestId('study-field-t-end').fill('0.05');
    await page.getByTestId('study-run').click();
    await expect(page.getByTestId('study-status')).toHaveAttribute('data-phase', 'done', { timeout: 60_000 });

    // A model hosted on another origin (connect-src).
    await page.goto(`${appUrl}?v=1&scenario=custom&t=0.2&model=${encodeURIComponent(`${host.url}/double-pendulum.json`)}`);
    await waitForSettled(page);
    expect((await page.evaluate(() => window.__hht!.state())).model?.url).toBe(`${host.url}/double-pendulum.json`);

    expect(await watch.seen()).toEqual({ events: [], console: [], reports: [] });
    expect(consoleErrors).toEqual([]);
  } finally {
    host.server.close();
  }
});

test('negative control: the watch sees a violation of the page and one inside a worker', async ({ page, appUrl }) => {
  const watch = await watchCsp(page, appUrl);
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.1`);
  await waitForSettled(page);
  // An inline script: script-src has no 'unsafe-inline'.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true;';
    document.head.append(script);
  });
  expect(await page.evaluate(() => (window as unknown as { inlineRan?: boolean }).inlineRan)).toBeUndefined();
  // A worker of the app's origin, under the header, that evaluates a string: script-src has no 'unsafe-eval'.
  await page.route(`${appUrl}csp-probe-worker.js`, (route) => route.fulfill({
    status: 200, body: 'try { new Function("return 1")(); postMessage("ran"); } catch { postMessage("refused"); }',
    headers: { 'content-type': 'text/javascript', 'content-security-policy': `${CONTENT_SECURITY_POLICY}; report-uri ${CSP_REPORT_PATH}` },
  }));
  const answer = await page.evaluate(() => new Promise<string>((resolve) => {
    const worker = new Worker('./csp-probe-worker.js');
    worker.onmessage = (e) => resolve(String(e.data));
    worker.onerror = () => resolve('error');
  }));
  expect(answer).toBe('refused');
  const seen = await watch.seen();
  expect(seen.events.some((e) => e.startsWith('script-src') && e.includes('inline'))).toBe(true);
  expect(seen.reports.some((r) => r.startsWith('script-src') && r.includes('blocked inline'))).toBe(true);
  // The worker's violation never reaches the page's events: the report (or its console) shows it.
  expect([...seen.reports, ...seen.console].some((r) => /eval/.test(r) && /csp-probe-worker/.test(r)), JSON.stringify(seen)).toBe(true);
});

test('a hosted model behind a redirect is refused, and the address it redirects to is never asked', async ({ page, appUrl }) => {
  const host = await modelHost();
  try {
    await page.goto(`${appUrl}?v=1&scenario=custom&model=${encodeURIComponent(`${host.url}/moved.json`)}`);
    await waitForApi(page);
    await expect(page.getByTestId('link-notice')).toContainText('the server answered with a redirect; redirects are not followed');
    expect(host.hits).toEqual(['/moved.json']);
    expect((await page.evaluate(() => window.__hht!.state())).scenario).toBe('heavy-top');
  } finally {
    host.server.close();
  }
});
