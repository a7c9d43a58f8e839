/**
 * A user's own model in the app (SPEC §8): opened from a link (inline `model-data=`, hosted `model=<URL>` with its
 * failures named), from a file, and from the editor (mistakes at their line as you type, Run runs it); the model's
 * outputs in the output picker, with the choice in the link; what the assembly did in the notice; the editor's
 * text kept across a reload. Screenshots at the sizes of SPEC §7 are attached.
 */
import type { Page, TestInfo } from '@playwright/test';
import '../src/scenario/custom';
import { defaultStateOf, readCustomModel } from '../src/scenario/registry';
import { encodeShareQuery } from '../src/scenario/url';
import { encodeModelData } from '../src/scenario/modelData';
import { DOUBLE_PENDULUM, FOUR_BAR, MISSPELT_BODY } from '../test/support/customModels';
import { expect, test, waitForApi, waitForSettled } from './fixtures';

/** The share query of a model at its defaults (inline). */
function modelQuery(text: string, extra = ''): string {
  const read = readCustomModel(text);
  if (!read?.ok) throw new Error('the test model does not read');
  return `?${encodeShareQuery(defaultStateOf(read.def, { text }))}${extra}`;
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

test('an inline model link runs the model, lists its outputs, and the chosen output is a link key', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}${modelQuery(DOUBLE_PENDULUM)}`);
  const status = await waitForSettled(page);
  expect(status.methods.classical.phase).toBe('finished');
  expect(status.methods.modified.phase).toBe('finished');
  const state = await page.evaluate(() => window.__hht!.state());
  expect(state.scenario).toBe('custom');
  expect(state.model?.text).toBe(DOUBLE_PENDULUM);
  // Full rows: SPEC §3's nine columns, then the four outputs.
  expect((await page.evaluate(() => window.__hht!.finalRow('modified')))?.length).toBe(13);
  await expect(page.getByTestId('scenario-select')).toHaveValue('custom');
  const picker = page.getByTestId('output-picker');
  await expect(picker.locator('option')).toHaveText(['ω (angular velocity)', 'x_tip (m)', 'y_tip (m)', 'elbow angle (rad)', 'elbow rate (rad/s)']);
  await picker.selectOption('y_tip');
  await expect(page.locator('.chart-column [data-axes*=\'"label":"y_tip (m)"\']').first()).toBeVisible();
  await expect.poll(() => page.url()).toContain('output=y_tip');
  const series = await page.evaluate(() => window.__hht!.series('modified', 'y_tip'));
  expect(series.length).toBeGreaterThan(10);
  expect(series[0]).toEqual([0, -1]);
  // The link with the output reopens with it chosen.
  await page.goto(page.url());
  await waitForSettled(page);
  await expect(page.getByTestId('output-picker')).toHaveValue('y_tip');
  expect(consoleErrors).toEqual([]);
});

test('a four-bar of 3D revolute joints: the notice says what the assembly moved and removed, the run summary how the removed equations held', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}${modelQuery(FOUR_BAR)}`);
  await waitForSettled(page);
  const notice = page.getByTestId('model-notice');
  await expect(notice).toContainText('The assembly moved 3 bodies to close the joints: coupler by 87.2 mm; crank by 43.6 mm, turned 5°');
  await expect(notice).toContainText('3 equations of joint D removed as redundant');
  await expect(page.getByTestId('run-modified')).toContainText(/the 3 removed equations held to \d/);
  const facts = await page.evaluate(() => window.__hht!.modelFacts());
  expect(facts?.preparation.removed).toEqual([{ constraint: 'D', rows: 3, prescribed: false }]);
});

test('a model with a mistake, from a link: the notice names where and what, the text waits in the editor', async ({ page, appUrl }) => {
  await page.goto(`${appUrl}?v=1&scenario=custom&model-data=${encodeModelData(MISSPELT_BODY)}`);
  await waitForSettled(page);
  const notice = page.getByTestId('link-notice');
  await expect(notice).toContainText('joints[1].bodies[1]: no body named "lowr"; did you mean "lower"?');
  expect((await page.evaluate(() => window.__hht!.state())).scenario).toBe('heavy-top');
  await page.getByTestId('notice-edit-model').click();
  await expect(page.getByTestId('model-editor')).toBeVisible();
  // The mistake is marked at its line (the elbow joint's line).
  const marked = page.locator('.cm-lintRange-error');
  await expect(marked.first()).toHaveText('"lowr"');
  expect(await page.evaluate(() => window.__hht!.modelEditor().text)).toBe(MISSPELT_BODY);
});

test('a hosted model is fetched; CORS or network failure, HTTP status and size are named', async ({ page, appUrl }) => {
  await page.route('https://models.example/**', async (route) => {
    const url = route.request().url();
    if (url.endsWith('/pendulum.json')) return route.fulfill({ status: 200, body: DOUBLE_PENDULUM, headers: { 'content-type': 'application/json', 'access-control-allow-origin': '*' } });
    if (url.endsWith('/missing.json')) return route.fulfill({ status: 404, body: 'not here', headers: { 'access-control-allow-origin': '*' } });
    if (url.endsWith('/huge.json')) return route.fulfill({ status: 200, body: ' '.repeat(1_200_000), headers: { 'access-control-allow-origin': '*' } });
    return route.abort('failed');
  });
  await page.goto(`${appUrl}?v=1&scenario=custom&model=${encodeURIComponent('https://models.example/pendulum.json')}&t=0.2`);
  await waitForSettled(page);
  const state = await page.evaluate(() => window.__hht!.state());
  expect(state.model).toEqual({ text: DOUBLE_PENDULUM, url: 'https://models.example/pendulum.json' });
  // The link stays short: the URL, not the text.
  expect(page.url()).toContain('model=https%3A%2F%2Fmodels.example%2Fpendulum.json');
  expect(page.url()).not.toContain('model-data');

  for (const [file, message] of [
    ['missing.json', 'the server answered HTTP 404'],
    ['huge.json', 'a model may have at most 1000000 bytes'],
    ['blocked.json', 'a network error, or the server does not allow other sites to read it (CORS)'],
  ] as const) {
    await page.goto(`${appUrl}?v=1&scenario=custom&model=${encodeURIComponent(`https://models.example/${file}`)}`);
    await waitForApi(page);
    await expect(page.getByTestId('link-notice')).toContainText(message);
  }
});

test('Open model… runs a file; a file with a mistake opens the editor with it marked', async ({ page, appUrl }, testInfo) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5`);
  await waitForSettled(page);
  const before = (await page.evaluate(() => window.__hht!.runStatus())).runId;
  await page.getByTestId('open-model-file').setInputFiles({ name: 'pendulum.json', mimeType: 'application/json', buffer: Buffer.from(DOUBLE_PENDULUM) });
  await waitForSettled(page, before);
  expect((await page.evaluate(() => window.__hht!.state())).model?.text).toBe(DOUBLE_PENDULUM);
  await shot(page, testInfo, 'custom-model-running-1600x900');

  await page.getByTestId('open-model-file').setInputFiles({ name: 'typo.json', mimeType: 'application/json', buffer: Buffer.from(MISSPELT_BODY) });
  await expect(page.getByTestId('model-editor')).toBeVisible();
  await expect(page.locator('.cm-lintRange-error').first()).toHaveText('"lowr"');
  await expect(page.getByTestId('link-notice')).toContainText('typo.json: joints[1].bodies[1]: no body named "lowr"');
});

test('Edit model: mistakes at their line as you type, Run runs the fixed model, and the text survives a reload', async ({ page, appUrl }, testInfo) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5`);
  await waitForSettled(page);
  await page.getByTestId('edit-model').click();
  const editor = page.getByTestId('model-editor-text');
  await expect(editor).toBeVisible();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // Pasted, as a whole (typed key by key, the editor would close every bracket the text closes itself).
  await page.keyboard.insertText(MISSPELT_BODY);
  await expect(page.locator('.cm-lintRange-error').first()).toHaveText('"lowr"', { timeout: 10_000 });
  await expect(page.getByTestId('model-editor-status')).toContainText('1 mistake');
  const lintLine = await page.locator('.cm-lint-marker-error').first().evaluate((el) => {
    const gutter = el.closest('.cm-gutterElement') as HTMLElement;
    return gutter.getBoundingClientRect().top;
  });
  const typoLine = await page.locator('.cm-line', { hasText: '"lowr"' }).evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(lintLine - typoLine)).toBeLessThan(4);
  await shot(page, testInfo, 'editor-with-error-1600x900');
  await page.getByTestId('model-editor-run').click();
  await expect(page.getByTestId('model-editor-status')).toContainText('Not run: 1 mistake');

  // Reload: the text is still there (nothing typed is lost).
  await page.reload();
  await waitForApi(page);
  expect(await page.evaluate(() => window.__hht!.modelEditor().text)).toBe(MISSPELT_BODY);
  await page.getByTestId('edit-model').click();
  await expect(page.locator('.cm-line', { hasText: '"lowr"' })).toBeVisible();
  // Fix the typo and run: a double click selects the misspelt word.
  await page.locator('.cm-lintRange-error').first().dblclick();
  await page.keyboard.type('lower');
  await expect(page.getByTestId('model-editor-status')).toContainText('The model reads', { timeout: 10_000 });
  const before = (await page.evaluate(() => window.__hht!.runStatus())).runId;
  await page.getByTestId('model-editor-run').click();
  await expect(page.getByTestId('model-editor')).toBeHidden();
  await waitForSettled(page, before);
  expect((await page.evaluate(() => window.__hht!.state())).model?.text).toBe(DOUBLE_PENDULUM);
});

/** SPEC §7 sizes the model UI is looked at in: phone, projector, laptop. */
const SIZES = [
  { name: 'phone-390x844', width: 390, height: 844, projector: false },
  { name: 'projector-1280x720', width: 1280, height: 720, projector: true },
  { name: 'laptop-1366x768', width: 1366, height: 768, projector: false },
] as const;

for (const size of SIZES) {
  test(`model UI at ${size.name}: the menu, the editor with a mistake at its line, a user model running; no horizontal scrolling`, async ({ page, appUrl }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const projector = size.projector ? '&projector=on' : '';
    await page.goto(`${appUrl}${modelQuery(DOUBLE_PENDULUM, `${projector}&output=elbow%20angle`)}`);
    await waitForSettled(page);
    await page.waitForTimeout(500);
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSideScroll()).toBe(true);
    // Every control of the model menu is reachable and, on a touch size, at least 44 px tall.
    for (const id of ['scenario-select', 'open-model', 'edit-model', 'output-picker']) {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      expect(box!.x + box!.width, id).toBeLessThanOrEqual(size.width + 1);
      if (size.width < 1000) expect(box!.height, id).toBeGreaterThanOrEqual(44);
    }
    await shot(page, testInfo, `${size.name}-custom-model`);
    await page.screenshot({ path: testInfo.outputPath(`${size.name}-custom-model.png`) });
    // The menu's groups, shown open (a native drop-down is not in a screenshot: the list is unfolded for it).
    await page.getByTestId('scenario-select').evaluate((el: HTMLSelectElement) => {
      el.size = el.options.length + el.querySelectorAll('optgroup').length;
      el.style.height = 'auto';
      el.style.position = 'relative';
      el.style.zIndex = '40';
    });
    await page.screenshot({ path: testInfo.outputPath(`${size.name}-menu.png`) });
    await page.reload();
    await waitForSettled(page);
    await page.getByTestId('edit-model').click();
    const editor = page.getByTestId('model-editor-text');
    await expect(editor).toBeVisible();
    await page.locator('.cm-line', { hasText: '"upper", "lower"' }).first().dblclick({ position: { x: 5, y: 5 } });
    await page.evaluate(() => {
      const line = [...document.querySelectorAll('.cm-line')].find((l) => l.textContent?.includes('["upper", "lower"]'))!;
      line.scrollIntoView({ block: 'center' });
    });
    await page.keyboard.press('End');
    await page.locator('.cm-line', { hasText: '["upper", "lower"]' }).click();
    await page.locator('.cm-line', { hasText: '["upper", "lower"]' }).getByText('"lower"').dblclick();
    await page.keyboard.type('lowr');
    await expect(page.locator('.cm-lintRange-error').first()).toBeVisible({ timeout: 10_000 });
    await page.locator('.cm-lintRange-error').first().hover();
    await page.waitForTimeout(700);
    expect(await noSideScroll()).toBe(true);
    await page.screenshot({ path: testInfo.outputPath(`${size.name}-editor-error.png`) });
    await shot(page, testInfo, `${size.name}-editor-error`);
  });
}
