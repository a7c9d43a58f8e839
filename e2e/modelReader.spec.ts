/**
 * A user's model text is read off the page's main thread (app/modelReader.ts): a hostile link within every limit
 * keeps the page responsive while the reader works — requestAnimationFrame keeps ticking and a button still
 * answers — and ends with the reader's message at its place; a reader that does not answer before the page's
 * deadline is stopped with a message, the text kept, and the next text is read; a hostile text kept as the
 * editor's draft never freezes a later Edit model. Opening a file over an edited draft keeps the draft one click
 * away (Restore previous draft).
 */
import type { Page } from '@playwright/test';
import { encodeModelData } from '../src/scenario/modelData';
import { groupLetsText, sharedListsText } from '../test/fuzz/modelFileCases';
import { DOUBLE_PENDULUM, FOUR_BAR } from '../test/support/customModels';
import { expect, test, waitForApi, waitForSettled } from './fixtures';

/** 2 kB of link: 300 group `let` entries over 20,000 copies, each depending on the copy (the reader counts past its limit). */
const BUSY = groupLetsText(300, 20_000, true);
/** 680 characters of link: 60 levels of shared lists compared (never ended before the reader counted). */
const SHARED = sharedListsText(60);
const linkOf = (text: string) => `?v=1&scenario=custom&model-data=${encodeModelData(text)}`;

/** What the page did while a piece of work ran: animation frames, the longest gap between two, clicks handled. */
interface Seen { readonly frames: number; readonly longestGapMs: number; readonly elapsedMs: number; readonly clicks: number }

/**
 * Runs `work` in the page while counting animation frames: the longest gap between two and how many there were.
 * `work` is a link to open, or `{ blockMs }`: the main thread held that long (the negative control).
 */
async function framesDuring(page: Page, work: string | { readonly blockMs: number }): Promise<Seen> {
  return page.evaluate(async (query) => {
    let frames = 0, longest = 0, last = performance.now(), running = true, clicks = 0;
    const tick = (now: number) => {
      frames++;
      longest = Math.max(longest, now - last);
      last = now;
      if (running) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
    // A button of the page, clicked every 50 ms while the reader works: each click handled is a responsive page.
    const button = document.querySelector<HTMLButtonElement>('[data-testid="edit-model"]')!;
    const count = () => { clicks++; };
    button.addEventListener('click', count, { capture: true });
    const clicking = setInterval(() => button.dispatchEvent(new MouseEvent('click', { bubbles: false, cancelable: true })), 50);
    const start = performance.now();
    if (typeof query === 'string') await window.__hht!.openLink(query);
    else {
      // Yields once so that the first frames are counted, then holds the main thread as a reader on it would.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const until = performance.now() + query.blockMs;
      while (performance.now() < until) { /* the main thread is busy */ }
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    const elapsed = performance.now() - start;
    running = false;
    clearInterval(clicking);
    button.removeEventListener('click', count, { capture: true });
    return { frames, longestGapMs: longest, elapsedMs: elapsed, clicks };
  }, work);
}

/**
 * The page drew and answered while the work ran: no single stall holds half of the work's time (a reader on the
 * main thread would be one stall as long as the reading), and over a reading longer than 200 ms frames were drawn
 * and more than one click was handled. Relative to the work's time, not an absolute number of milliseconds: on a
 * two-core host drawing the 3D view in software beside the reader, a frame can wait 250 ms for a core while the
 * main thread is idle.
 */
function responsive(seen: Seen): boolean {
  if (seen.longestGapMs >= seen.elapsedMs / 2) return false;
  return seen.elapsedMs <= 200 || (seen.frames > 0 && seen.clicks > 1);
}

test('a hostile link keeps the page responsive while the reader works, and ends with its message at the place', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.2`);
  await waitForSettled(page);
  for (const [text, message] of [[BUSY, /groups\[0\]\.let\.a\d+: the model needs more than 2000000 operations/], [SHARED, /let\.l15: this value would hold more than 100000 items/]] as const) {
    expect(linkOf(text).length).toBeLessThan(2100);
    const seen = await framesDuring(page, linkOf(text));
    console.log(`reading a hostile link of ${linkOf(text).length} characters: ${seen.elapsedMs.toFixed(0)} ms, ${seen.frames} frames, longest gap ${seen.longestGapMs.toFixed(0)} ms, ${seen.clicks} clicks handled`);
    await expect(page.getByTestId('link-notice')).toContainText(message);
    expect(responsive(seen), JSON.stringify(seen)).toBe(true);
  }
  expect(await page.evaluate(() => window.__hht!.modelEditor().text)).toBe(SHARED);
});

test('negative control: the same watch sees a main thread held as long as the reading', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.2`);
  await waitForSettled(page);
  const seen = await framesDuring(page, { blockMs: 600 });
  expect(responsive(seen), JSON.stringify(seen)).toBe(false);
});

test('a reader that does not answer before the deadline is stopped: the message in the notice and the editor, the text kept; the next text reads', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.2`);
  await waitForSettled(page);
  await page.evaluate(() => window.__hht!.setModelReadDeadline(1));
  await page.evaluate((query) => window.__hht!.openLink(query), linkOf(FOUR_BAR));
  await expect(page.getByTestId('link-notice')).toContainText('the model reader did not answer within 0.001 s and was stopped; the text is kept');
  expect(await page.evaluate(() => window.__hht!.modelEditor().text)).toBe(FOUR_BAR);
  await page.evaluate(() => window.__hht!.setModelReadDeadline(8000));
  const before = (await page.evaluate(() => window.__hht!.runStatus())).runId;
  await page.evaluate((query) => window.__hht!.openLink(query), linkOf(DOUBLE_PENDULUM));
  await expect(page.getByTestId('link-notice')).toBeHidden();
  expect((await page.evaluate(() => window.__hht!.state())).model?.text).toBe(DOUBLE_PENDULUM);
  void before;
});

test('a hostile text kept as the draft: Edit model opens at once, marks the mistake and the page keeps drawing', async ({ page, appUrl }) => {
  await page.addInitScript((text) => {
    if (!sessionStorage.getItem('draft-set')) {
      localStorage.setItem('hht-playground.model', text);
      sessionStorage.setItem('draft-set', '1');
    }
  }, BUSY);
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.2`);
  await waitForSettled(page);
  for (let k = 0; k < 2; k++) {
    await page.getByTestId('edit-model').click();
    await expect(page.getByTestId('model-editor-text')).toBeVisible();
    const gap = await page.evaluate(() => new Promise<number>((done) => {
      let longest = 0, last = performance.now(), frames = 0;
      const tick = (now: number) => {
        longest = Math.max(longest, now - last);
        last = now;
        if (++frames < 60) requestAnimationFrame(tick);
        else done(longest);
      };
      requestAnimationFrame(tick);
    }));
    expect(gap).toBeLessThan(250);
    await expect(page.getByTestId('model-editor-status')).toContainText(/1 mistake.*the model needs more than 2000000 operations/, { timeout: 15_000 });
    expect(await page.evaluate(() => window.__hht!.modelEditor().text)).toBe(BUSY);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('model-editor')).toBeHidden();
    await page.reload();
    await waitForApi(page);
  }
});

test('opening a file over an edited draft keeps the draft one click away', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.2`);
  await waitForSettled(page);
  await page.getByTestId('edit-model').click();
  const editor = page.getByTestId('model-editor-text');
  await editor.click();
  await page.keyboard.insertText(FOUR_BAR);
  await expect(page.getByTestId('model-editor-status')).toContainText('The model reads', { timeout: 10_000 });
  await page.keyboard.press('Escape');
  await page.getByTestId('open-model-file').setInputFiles({ name: 'pendulum.json', mimeType: 'application/json', buffer: Buffer.from(DOUBLE_PENDULUM) });
  await expect.poll(() => page.evaluate(() => window.__hht!.state().model?.text)).toBe(DOUBLE_PENDULUM);
  await page.getByTestId('edit-model').click();
  await page.getByTestId('model-editor-restore').click();
  await expect.poll(() => page.evaluate(() => window.__hht!.modelEditor().text)).toBe(FOUR_BAR);
  await expect(page.locator('.cm-content')).toContainText('"title": "Four-bar');
});
