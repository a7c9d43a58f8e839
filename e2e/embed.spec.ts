/**
 * Embed mode (SPEC §7, course page): a course page (served by the test on the app's origin) embeds a
 * share link with `embed=on` in an iframe. At 640×400 and 320×240 both ω curves appear, the
 * frame's document does not scroll, committed runs inside the frame add no entry to the course
 * page's history, the full-app link drops `embed`, and axe finds nothing serious in the frame.
 * Screenshots of the frame go to SHOTS_DIR (default test-results/shots-embed) for a person.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { curvePoints, expect, test, waitForSettled } from './fixtures';

const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/shots-embed';
const LINK = 'v=1&scenario=heavy-top&t=0.3&embed=on';

/** Serves a course page with the embedded link at `appUrl`course.html and opens it; returns the frame. */
async function openCoursePage(page: Page, appUrl: string, width: number, height: number): Promise<Frame> {
  const src = `${appUrl}?${LINK}`.replace(/&/g, '&amp;');
  await page.route(`${appUrl}course.html`, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Course page</title></head><body><main><h1>Week 3: numerical damping</h1>
<iframe id="demo" src="${src}" width="${width}" height="${height}" title="HHT Playground: heavy top" allow="fullscreen" style="border: 0"></iframe></main></body></html>`,
    }),
  );
  await page.goto(`${appUrl}course.html`);
  const handle = await page.locator('#demo').elementHandle();
  const frame = await handle!.contentFrame();
  await frame!.waitForLoadState('load');
  return frame!;
}

/** Scroll and client sizes of the frame's document (root and body). */
function documentSizes(frame: Frame) {
  return frame.evaluate(() => {
    const size = (el: Element) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, scrollHeight: el.scrollHeight, clientHeight: el.clientHeight });
    return { root: size(document.documentElement), body: size(document.body), inner: [window.innerWidth, window.innerHeight] };
  });
}

for (const size of [
  { width: 640, height: 400 },
  { width: 320, height: 240 },
]) {
  test.describe(`embedded at ${size.width}×${size.height}`, () => {
    test('both curves, no scrollbars, no history entries in the course page, a full-app link, axe clean', async ({ page, appUrl, consoleErrors }) => {
      // A first visit: the explanation dialog would open outside embed mode.
      await page.addInitScript(() => {
        try {
          window.localStorage.removeItem('hht-playground.help-seen');
        } catch {
          // No storage: nothing to forget.
        }
      });
      const frame = await openCoursePage(page, appUrl, size.width, size.height);
      let status = await waitForSettled(frame);
      expect(await frame.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([size.width, size.height]);

      // Both curves in the frame, each chart inside the frame's viewport and tall enough to read.
      for (const method of ['classical', 'modified']) {
        const chart = frame.getByTestId(`omega-chart-${method}`);
        await expect.poll(() => curvePoints(frame, `omega-chart-${method}`)).toBeGreaterThan(1);
        const box = await chart.evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.top).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(size.width + 0.5);
        expect(box.bottom).toBeLessThanOrEqual(size.height + 0.5);
        expect(box.height).toBeGreaterThanOrEqual(60);
      }
      // The 3D view and the minimal chrome; nothing of the full app's settings, no dialog.
      const scene = await frame.locator('.scene canvas').evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
      expect(scene.width * scene.height).toBeGreaterThan(0.1 * size.width * size.height);
      expect(scene.bottom).toBeLessThanOrEqual(size.height + 0.5);
      for (const id of ['play-button', 'restart-button', 'alpha-slider', 'embed-full-link']) await expect(frame.getByTestId(id), id).toBeVisible();
      await expect(frame.locator('.controls')).toHaveCount(0);
      await expect(frame.locator('dialog[open]')).toHaveCount(0);

      // No scrollbars inside the frame: the document fits its viewport exactly.
      const sizes = await documentSizes(frame);
      for (const el of [sizes.root, sizes.body]) {
        expect(el.scrollWidth, JSON.stringify(sizes)).toBeLessThanOrEqual(el.clientWidth);
        expect(el.scrollHeight, JSON.stringify(sizes)).toBeLessThanOrEqual(el.clientHeight);
      }

      mkdirSync(SHOTS_DIR, { recursive: true });
      await page.locator('#demo').screenshot({ path: join(SHOTS_DIR, `embed-${size.width}x${size.height}.png`) });

      // Two committed runs from the keyboard inside the frame: the course page's history stays.
      const startLength = await page.evaluate(() => history.length);
      const slider = frame.getByTestId('alpha-slider');
      for (let k = 0; k < 2; k++) {
        const alphaBefore = await frame.evaluate(() => window.__hht!.state().alpha);
        await slider.focus();
        await page.keyboard.press('ArrowLeft');
        await expect.poll(() => frame.evaluate(() => window.__hht!.state().alpha)).toBeLessThan(alphaBefore);
        status = await waitForSettled(frame, status.runId);
        await expect(slider).toBeFocused();
      }
      expect(status.methods.modified.phase).toBe('finished');
      expect(await page.evaluate(() => history.length)).toBe(startLength);
      // The frame's own address still follows the run (replaced, not pushed), embed kept.
      const alpha = await frame.evaluate(() => window.__hht!.state().alpha);
      await expect.poll(() => frame.evaluate(() => window.location.search)).toContain(`alpha=${alpha}`);
      expect(await frame.evaluate(() => window.location.search)).toContain('embed=on');

      // The full app: the same scenario without `embed`, in a new tab.
      const link = frame.getByTestId('embed-full-link');
      await expect(link).toHaveAttribute('target', '_blank');
      const href = (await link.getAttribute('href'))!;
      const url = new URL(href);
      expect(url.searchParams.has('embed')).toBe(false);
      expect(url.searchParams.get('scenario')).toBe('heavy-top');
      expect(url.searchParams.get('alpha')).toBe(String(alpha));
      expect(url.searchParams.get('t')).toBe('0.3');

      expect(await seriousViolations(page)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  });
}

/** The attributes of the snippet's one iframe, entities decoded (src/app/embed.ts escapes & " < >). */
function iframeAttributes(html: string): { src: string; width: string; height: string; title: string; allow: string } | null {
  const tag = /^<iframe\s([^>]*)><\/iframe>$/.exec(html.trim());
  if (!tag) return null;
  const attributes = Object.fromEntries([...tag[1].matchAll(/([a-z]+)="([^"]*)"/g)].map((m) => [m[1], m[2].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')]));
  return { src: attributes.src, width: attributes.width, height: attributes.height, title: attributes.title, allow: attributes.allow };
}

test('the full app offers the embed code: an iframe of the embed link with size, title and allow="fullscreen"', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=v8-crank&alpha=-0.2&t=0.1`);
  await waitForSettled(page);
  const snippet = await page.getByTestId('embed-snippet').inputValue();
  // Read here, not by a DOMParser in the page: the page's Content-Security-Policy would refuse the snippet's style
  // attribute there (a style attribute written as text), which is the course page's to apply, not the app's.
  const doc = iframeAttributes(snippet);
  expect(doc).not.toBeNull();
  const src = new URL(doc!.src);
  expect(src.searchParams.get('embed')).toBe('on');
  expect(src.searchParams.get('scenario')).toBe('v8-crank');
  expect(src.searchParams.get('alpha')).toBe('-0.2');
  expect(doc).toMatchObject({ width: '640', height: '400', allow: 'fullscreen' });
  expect(doc!.title).toContain('V8');
  // The embed link opens the embedded view of the same run.
  await page.goto(doc!.src);
  await waitForSettled(page);
  await expect(page.getByTestId('embed-full-link')).toBeVisible();
  expect(await page.evaluate(() => window.__hht!.state().alpha)).toBe(-0.2);
  expect(consoleErrors).toEqual([]);
});
