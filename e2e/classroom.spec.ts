/**
 * The classroom: lesson mode by link and keys, the page
 * explained on a first visit, the ω and t readout over the 3D view, touch orbit, and the failure
 * box that says why and offers α = −0.05.
 */
import type { Page } from '@playwright/test';
import { NUMERICAL_DAMPING } from '../src/app/lessons/lessons';
import { seriousViolations } from './axe';
import { expect, finalOmega, runId, test, waitForSettled } from './fixtures';

const lessonLink = (step: number) => `${NUMERICAL_DAMPING.steps[step - 1].query}&lesson=numerical-damping&step=${step}`;

async function outlineWidth(page: Page, testId: string): Promise<number> {
  return page.getByTestId(testId).evaluate((el) => (getComputedStyle(el).outlineStyle === 'none' ? 0 : parseFloat(getComputedStyle(el).outlineWidth)));
}

test.describe('lesson mode in projector mode at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('a lesson link opens its step; → / ← and the buttons move through the steps and the link follows', async ({ page, appUrl, consoleErrors }, testInfo) => {
    // Seven steps, each starting its runs (the V8 and four methods on the governor among them).
    test.setTimeout(120_000);
    await page.goto(`${appUrl}?${lessonLink(1)}&projector=on`);
    await waitForSettled(page);
    const bar = page.getByTestId('lesson-bar');
    await expect(page.getByTestId('lesson-step')).toHaveText(`Step 1 of ${NUMERICAL_DAMPING.steps.length}`);
    await expect(page.getByTestId('lesson-narration')).toContainText('the exact ωx is the dashed line');
    expect(await page.evaluate(() => window.__hht!.state().alpha)).toBe(0);
    // The step's element is pointed at (classical's failure box: the run fails honestly at 1.28 s); the others are not.
    await expect(page.getByTestId('failure-classical')).toContainText('Failed at t = 1.28 s');
    expect(await outlineWidth(page, 'failure-classical')).toBeGreaterThanOrEqual(3);
    expect(await outlineWidth(page, 'omega-chart-modified')).toBe(0);
    // In projector mode the lesson, the 3D view and both time charts share the screen.
    for (const id of ['lesson-bar', 'scene', 'omega-chart-classical', 'omega-chart-modified', 'energy-chart-modified']) {
      const b = (await page.getByTestId(id).boundingBox())!;
      expect(b.y + b.height, id).toBeLessThanOrEqual(720);
    }
    for (const id of ['omega-chart-classical', 'energy-chart-classical']) expect((await page.getByTestId(id).boundingBox())!.height, id).toBeGreaterThanOrEqual(180);
    expect(await seriousViolations(page)).toEqual([]);
    const shot = await page.screenshot({ path: 'test-results/layout/projector-1280x720-lesson.png' });
    await testInfo.attach('projector-1280x720-lesson.png', { body: shot, contentType: 'image/png' });

    // The link follows each step once its run starts (urlSync writes history entries then).
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('lesson-step')).toHaveText(/^Step 2 of/);
    await expect.poll(() => page.url()).toContain('scenario=heavy-top');
    await expect.poll(() => page.url()).toContain('lesson=numerical-damping&step=2');
    await expect.poll(() => page.url()).toContain('projector=on');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('lesson-step')).toHaveText(/^Step 1 of/);
    await expect.poll(() => page.url()).toContain('scenario=spin');

    await page.getByTestId('lesson-next').click();
    await page.getByTestId('lesson-next').click();
    await expect(page.getByTestId('lesson-step')).toHaveText(/^Step 3 of/);
    await expect(page.getByTestId('tab-studies')).toHaveAttribute('aria-selected', 'true');
    expect(await outlineWidth(page, 'lesson-action')).toBeGreaterThanOrEqual(3);
    await page.getByTestId('lesson-next').click();
    await expect(page.getByTestId('damping-chart')).toBeVisible();
    expect(await outlineWidth(page, 'damping-chart')).toBeGreaterThanOrEqual(3);
    await page.getByTestId('lesson-next').click();
    await expect(page.getByTestId('lesson-step')).toHaveText('Step 5 of 7');
    await expect.poll(() => page.url()).toContain('scenario=v8-crank');
    // Step 6 (the method family): four methods on the heavy top, generalized-α pointed at.
    await page.getByTestId('lesson-next').click();
    await expect(page.getByTestId('lesson-step')).toHaveText('Step 6 of 7');
    await expect.poll(() => page.url()).toContain('methods=classical,modified,generalized-alpha,lie-group');
    expect(await outlineWidth(page, 'omega-chart-generalized-alpha')).toBeGreaterThanOrEqual(3);
    // Step 7 (a real machine): the same four methods on the flyball governor, classical's energy pointed at.
    await page.getByTestId('lesson-next').click();
    await expect(page.getByTestId('lesson-step')).toHaveText('Step 7 of 7');
    await expect.poll(() => page.url()).toContain('scenario=flyball-governor');
    expect(await outlineWidth(page, 'energy-chart-classical')).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('lesson-next')).toBeDisabled();
    // The tabs keep their own arrow keys: focus on a tab moves tabs, not steps.
    await page.getByTestId('tab-plots').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByTestId('lesson-step')).toHaveText('Step 7 of 7');
    await page.getByTestId('lesson-exit').click();
    await expect(page.getByTestId('lesson-bar')).toHaveCount(0);
    await expect.poll(() => page.url()).not.toContain('lesson=');
    await expect(bar).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });
});

test('an unknown lesson or step is named in the notice and the default scenario opens', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&alpha=0&lesson=numerical-dampnig`);
  await expect(page.getByTestId('link-notice')).toContainText("lesson 'numerical-dampnig' does not exist");
  expect(await page.evaluate(() => window.__hht!.state().scenario)).toBe('heavy-top');
  await expect(page.getByTestId('lesson-bar')).toHaveCount(0);
  await page.goto(`${appUrl}?v=1&scenario=spin&lesson=numerical-damping&step=9`);
  await expect(page.getByTestId('link-notice')).toContainText("step '9' of lesson 'numerical-damping' does not exist (steps 1 to 7)");
  expect(await page.evaluate(() => window.__hht!.state().scenario)).toBe('heavy-top');
  expect(consoleErrors).toEqual([]);
});

test('first visit: the page explains itself in a dialog (keyboard, Esc, Help button); not in projector mode unless asked', async ({ browser, appUrl }) => {
  // A fresh context without the fixtures' "seen" mark: a first-time reader.
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  // The plain page, nobody reading it yet: the dialog opens by itself.
  await page.goto(appUrl);
  const dialog = page.getByTestId('help-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('β = (1 − α)²/4');
  await expect(dialog).toContainText('γ = (1 − 2α)/2');
  await expect(dialog).toContainText('Classical HHT');
  await expect(dialog).toContainText('Modified HHT');
  await expect(dialog).toContainText('classical decays from 150');
  // Focus starts on Close, Shift+Tab walks the dialog's buttons (the page behind is inert), Esc closes it.
  await expect(page.getByTestId('help-close')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('help-start-lesson')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Dismissed once: not again on the next visit; the Help button brings it back.
  await page.reload();
  await waitForSettled(page);
  await expect(dialog).toBeHidden();
  await page.getByTestId('help-button').click();
  await expect(dialog).toBeVisible();
  await page.getByTestId('help-start-lesson').click();
  await expect(page.getByTestId('lesson-step')).toHaveText('Step 1 of 7');
  await context.close();

  const projector = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const room = await projector.newPage();
  await room.goto(`${appUrl}?v=1&scenario=spin&t=0.5&projector=on`);
  await waitForSettled(room);
  await expect(room.getByTestId('help-dialog')).toBeHidden();
  await room.getByTestId('help-button').click();
  await expect(room.getByTestId('help-dialog')).toBeVisible();
  await projector.close();
});

test('first visit by a link (a panel of the page): never a dialog over it, a one-line invitation instead, while the reader scrolls', async ({ browser, appUrl }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await page.goto(`${appUrl}?v=1&scenario=spin&panel=damping`);
  await waitForSettled(page);
  // The reader scrolls the panel; the later parts of the page load meanwhile (the moment the dialog used to open).
  await page.getByTestId('damping-panel').hover();
  for (let k = 0; k < 5; k++) {
    await page.mouse.wheel(0, 200);
    await page.waitForTimeout(400);
  }
  const invitation = page.getByTestId('help-invitation');
  await expect(invitation).toBeVisible();
  await expect(page.getByTestId('help-dialog')).toHaveCount(0);
  // Over the 3D view among the notices: it covers nothing.
  const line = (await invitation.boundingBox())!;
  const scene = (await page.getByTestId('scene').boundingBox())!;
  expect(line.y + line.height).toBeLessThanOrEqual(scene.y + 0.5);
  await page.getByTestId('help-invitation-open').click();
  await expect(page.getByTestId('help-dialog')).toBeVisible();
  await context.close();
});

for (const size of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
]) {
  test(`the explanation at ${size.width}×${size.height}: its buttons in view, its text about this screen's layout`, async ({ page, appUrl, consoleErrors }) => {
    await page.setViewportSize(size);
    await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5${size.height <= 768 && size.width < 1366 ? '&projector=on' : ''}`);
    await waitForSettled(page);
    await page.getByTestId('help-button').click();
    const dialog = page.getByTestId('help-dialog');
    await expect(dialog).toBeVisible();
    for (const id of ['help-start-lesson', 'help-theory', 'help-close']) {
      const b = (await page.getByTestId(id).boundingBox())!;
      expect(b.y >= 0 && b.y + b.height <= size.height && b.x >= 0 && b.x + b.width <= size.width, id).toBe(true);
      // Not scrolled out of the dialog's visible area: the button itself is what is at its centre.
      const hit = await page.getByTestId(id).evaluate((el) => {
        const r = el.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return at === el || el.contains(at);
      });
      expect(hit, id).toBe(true);
    }
    // The reader starts at the title.
    const title = (await page.locator('#help-title').boundingBox())!;
    expect(title.y).toBeGreaterThanOrEqual(0);
    // Where the settings are, as this screen lays them out.
    const said = await dialog.evaluate((d) => (d as HTMLElement).innerText);
    if (size.width < 1000) {
      expect(said).not.toContain('on the left');
      expect(said).toContain('further down the page');
    } else {
      expect(said).toContain('on the left');
    }
    await page.getByTestId('help-close').click();
    await expect(dialog).toBeHidden();
    expect(consoleErrors).toEqual([]);
  });
}

test('first visit on a phone: the curves first, then a one-line invitation instead of the dialog; the dialog opens at its title', async ({ browser, appUrl }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(appUrl);
  await waitForSettled(page);
  const invitation = page.getByTestId('help-invitation');
  await expect(invitation).toBeVisible();
  await expect(page.getByTestId('help-dialog')).toBeHidden();
  // α and both ω plots stay on the first screen, clear of the invitation.
  const foot = (await invitation.boundingBox())!;
  for (const id of ['bar-alpha-slider', 'omega-chart-classical', 'omega-chart-modified']) {
    const b = (await page.getByTestId(id).boundingBox())!;
    expect(b.y >= 0 && b.y + b.height <= foot.y, id).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('help-invitation-open').click();
  const dialog = page.getByTestId('help-dialog');
  await expect(dialog).toBeVisible();
  await expect(invitation).toBeHidden();
  // The reader starts at the title, with focus on Close (in view under the text, which scrolls).
  expect(await page.getByTestId('help-body').evaluate((d) => d.scrollTop)).toBe(0);
  await expect(page.getByTestId('help-close')).toBeFocused();
  await page.keyboard.press('Escape');
  await page.reload();
  await waitForSettled(page);
  await expect(invitation).toBeHidden();
  await expect(dialog).toBeHidden();
  // Dismissed with ×: remembered as well.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const second = await other.newPage();
  await second.goto(appUrl);
  await second.getByTestId('help-invitation-dismiss').click();
  await expect(second.getByTestId('help-invitation')).toBeHidden();
  expect(await second.evaluate(() => window.localStorage.getItem('hht-playground.help-seen'))).not.toBeNull();
  await other.close();
  await context.close();
});

/** Stops playback (it starts by itself when a run ends), so the playhead stays where it is put. */
async function pause(page: Page): Promise<void> {
  // On a phone the play button is the one in the bar above the plots.
  const play = page.locator('[data-testid="play-button"]:visible, [data-testid="bar-play"]:visible').first();
  if ((await play.getAttribute('aria-label')) === 'Pause') await play.click();
  await expect(play).toHaveAttribute('aria-label', 'Play');
}

test('the 3D view reads out ω and t at the playhead', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5`);
  await waitForSettled(page);
  await pause(page);
  await page.evaluate(() => window.__hht!.seek(0.5));
  const omega = await finalOmega(page, 'classical');
  await expect(page.getByTestId('readout-omega-classical')).toHaveText(`ωx = ${omega![0].toFixed(2)} rad/s`);
  await expect(page.getByTestId('readout-time')).toHaveText('t = 0.500 s');
  await page.evaluate(() => window.__hht!.seek(0));
  await expect(page.getByTestId('readout-omega-modified')).toHaveText('ωx = 10.00 rad/s');
  expect(consoleErrors).toEqual([]);
});

test.describe('touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('one finger orbits the 3D view', async ({ page, appUrl, consoleErrors }) => {
    await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5`);
    await waitForSettled(page);
    await pause(page);
    await page.evaluate(() => window.__hht!.seek(0.25));
    const scene = page.getByTestId('scene');
    await page.waitForTimeout(300);
    const before = await scene.screenshot();
    const b = (await scene.boundingBox())!;
    const cdp = await page.context().newCDPSession(page);
    const x0 = b.x + b.width / 2;
    const y0 = b.y + b.height / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
    for (let k = 1; k <= 10; k++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + 12 * k, y: y0 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForTimeout(300);
    const after = await scene.screenshot();
    expect(after.equals(before)).toBe(false);
    expect(await page.evaluate(() => window.__hht!.playhead())).toBe(0.25);
    expect(consoleErrors).toEqual([]);
  });
});

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 720 },
]) {
  test.describe(`failure box at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('α = 0 on the heavy top: the box is fully visible, says why, and "try α = −0.05" runs', async ({ page, appUrl, consoleErrors }) => {
      await page.goto(`${appUrl}?v=1&scenario=heavy-top&alpha=0&t=1${size.width > 1000 ? '&projector=on' : ''}`);
      const first = await waitForSettled(page);
      const box = page.getByTestId('failure-classical');
      await expect(box).toBeVisible();
      await expect(page.getByTestId('failure-why-classical')).toContainText('index-3');
      await box.scrollIntoViewIfNeeded();
      // Not clipped: its content fits its box, and the box fits the width.
      expect(await box.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const b = (await box.boundingBox())!;
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(size.width);
      expect(b.height).toBeLessThanOrEqual(size.height);
      // A wide column offers the fix on the failure's line, a narrow one (projector type) in its explanation.
      const inline = page.getByTestId('failure-try-classical');
      if (await inline.isVisible()) await inline.click();
      else {
        await page.getByTestId('failure-details-classical').locator('summary').click();
        await page.getByTestId('failure-try-panel-classical').click();
      }
      await expect.poll(() => page.evaluate(() => window.__hht!.state().alpha)).toBe(-0.05);
      // The page link follows when the new run starts (urlSync writes the history entry then).
      await expect.poll(() => page.url()).toContain('alpha=-0.05');
      const settled = await waitForSettled(page, first.runId);
      expect(settled.runId).toBeGreaterThan(first.runId);
      await expect(page.getByTestId('failure-classical')).toHaveCount(0);
      await expect(page.getByTestId('failure-modified')).toHaveCount(0);
      expect(await runId(page)).toBe(settled.runId);
      expect(consoleErrors).toEqual([]);
    });
  });
}

test('every parameter and the time plots have a short explanation behind a "?" (hover, focus or tap)', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=heavy-top&t=0.2`);
  await waitForSettled(page);
  const fields = await page.locator('.controls input[type="text"][data-testid^="field-"]').evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-testid')!));
  expect(fields).toEqual(expect.arrayContaining(['field-alpha', 'field-h', 'field-t', 'field-J', 'field-omega0']));
  for (const field of fields) await expect(page.getByTestId(`tip-${field}`), field).toHaveCount(1);
  const alphaTip = page.getByRole('tooltip').filter({ hasText: 'β = (1 − α)²/4' });
  await expect(alphaTip).toBeHidden();
  await page.getByTestId('tip-field-alpha').focus();
  await expect(alphaTip).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('tip-plots').click();
  await expect(page.getByRole('tooltip').filter({ hasText: 'angular velocity ω' })).toBeVisible();
  await expect(page.getByRole('tooltip').filter({ hasText: 'energy drift' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});
