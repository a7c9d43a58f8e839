/**
 * Accessibility: an axe-core audit of the main page and of the studies panel
 * with no serious or critical violation; the controls are reachable by keyboard with visible focus.
 */
import { seriousViolations } from './axe';
import { expect, test, waitForSettled } from './fixtures';

test('axe-core finds no serious or critical violation on the main page, in projector mode and with the studies panel open', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5`);
  await waitForSettled(page);
  expect(await seriousViolations(page)).toEqual([]);
  for (const panel of ['theory', 'damping', 'studies']) {
    await page.getByTestId(`tab-${panel}`).click();
    expect(await seriousViolations(page), panel).toEqual([]);
  }
  await page.getByTestId('projector-toggle').click();
  expect(await seriousViolations(page), 'projector').toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('keyboard: every control on the way is reachable with a visible focus; the view tabs follow the arrow keys', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5`);
  await waitForSettled(page);
  await page.getByRole('heading', { name: /HHT Playground/ }).click();
  const seen: string[] = [];
  for (let k = 0; k < 45; k++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const style = getComputedStyle(el);
      return { what: `${el.tagName} ${el.getAttribute('data-testid') ?? el.textContent?.slice(0, 30) ?? ''}`, outline: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    if (!focused) continue;
    seen.push(focused.what);
    expect(focused.outline, focused.what).not.toBe('none');
    expect(focused.width, focused.what).toBeGreaterThan(0);
  }
  // The walk passes the presets, the run buttons and the form.
  expect(seen.some((s) => s.startsWith('A '))).toBe(true);
  expect(seen).toContain('BUTTON rerun-button');
  expect(seen).toContain('INPUT field-alpha');

  await page.getByTestId('tab-plots').focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('tab-theory')).toBeFocused();
  await expect(page.getByTestId('tab-theory')).toHaveAttribute('aria-selected', 'true');
  expect(page.url()).toContain('panel=theory');
  await page.keyboard.press('End');
  await expect(page.getByTestId('tab-studies')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(page.getByTestId('tab-plots')).toHaveAttribute('aria-selected', 'true');
  // Plots carry their key numbers as text.
  await expect(page.getByTestId('omega-chart-modified')).toHaveAccessibleDescription(/modified HHT ωx \(ωx \(rad\/s\)\), t = 0 … 0\.5 s: from 10 to \d/);
  expect(consoleErrors).toEqual([]);
});

test('a skip link is the first Tab stop: to α, and to the plots; α steps 0.01 per arrow, 0.05 per Page key, Home/End to its ends', async ({ page, appUrl, consoleErrors }) => {
  await page.goto(`${appUrl}?v=1&scenario=spin&t=0.5`);
  await waitForSettled(page);
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-to-damping');
  await expect(skip).toBeFocused();
  await expect(skip).toHaveText('Skip to α');
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  const slider = page.getByTestId('bar-alpha-slider');
  await expect(slider).toBeFocused();
  const alpha = () => page.evaluate(() => window.__hht!.state().alpha);
  // The spin opens at α = −0.3.
  for (const [key, expected] of [['ArrowRight', -0.29], ['ArrowRight', -0.28], ['ArrowLeft', -0.29], ['PageUp', -0.25], ['PageUp', -0.2], ['PageDown', -0.25], ['End', 0], ['Home', -1 / 3], ['ArrowRight', -0.33]] as const) {
    await page.keyboard.press(key);
    await expect.poll(alpha, { message: key }).toBe(expected);
  }
  // The second stop goes to the plots.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.getByRole('heading', { name: /HHT Playground/ }).click();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('skip-to-damping')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('skip-to-plots')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('charts')).toBeFocused();
  expect(consoleErrors).toEqual([]);
});
