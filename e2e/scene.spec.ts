/**
 * The 3D view draws any model (SPEC §8): every shipped model and a user's model are drawn from their files —
 * the canvas is not blank and every body is drawn — and the paper's models and a large linkage are
 * photographed at the sizes of SPEC §7 (test-results/scene/, for a person to look at).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test, waitForSettled } from './fixtures';
import { decodePng, distinctColours, luminanceStdDev } from './png';

/** The shipped models by id, from models/*.json. */
const SHIPPED: readonly string[] = readdirSync('models')
  .filter((f) => f.endsWith('.json'))
  .map((f) => (JSON.parse(readFileSync(`models/${f}`, 'utf8')) as { id: string }).id)
  .sort();

/** Bodies the specification gives for these models (SPEC §2, §8). */
const KNOWN_BODIES: Readonly<Record<string, number>> = { spin: 1, 'heavy-top': 1, 'v8-crank': 17, 'n-four-bar': 81 };

/** A user's model in a link: the file's text deflated and written in base64url (the `model-data` key). */
function modelLink(path: string): string {
  return `model-data=${deflateRawSync(Buffer.from(readFileSync(path, 'utf8'))).toString('base64url')}`;
}

/** Opens a link and waits for its (short) run; null if the page did not open a user's model from it. */
async function openUserModel(page: Page, url: string): Promise<boolean> {
  await page.goto(url);
  await waitForSettled(page, 0, 120_000);
  return page.evaluate(() => window.__hht!.state().scenario === 'custom');
}

async function expectDrawn(page: Page, bodies?: number): Promise<void> {
  const scene = page.getByTestId('scene');
  const model = Number(await scene.getAttribute('data-model-bodies'));
  if (bodies !== undefined) expect(model).toBe(bodies);
  expect(model).toBeGreaterThan(0);
  expect(Number(await scene.getAttribute('data-drawn-bodies'))).toBe(model);
  const image = decodePng(await page.locator('[data-testid="scene"] canvas').screenshot());
  expect(luminanceStdDev(image)).toBeGreaterThan(6);
  expect(distinctColours(image)).toBeGreaterThan(30);
}

for (const id of SHIPPED) {
  test(`${id}: the 3D view draws every body of the model file`, async ({ page, appUrl, consoleErrors }) => {
    test.setTimeout(120_000);
    await page.goto(`${appUrl}?scenario=${id}&t=0.02`);
    await waitForSettled(page, 0, 100_000);
    await expectDrawn(page, KNOWN_BODIES[id]);
    expect(consoleErrors).toEqual([]);
  });
}

const USER_MODELS = [
  { file: 'test/fixtures/scene-showcase.json', bodies: 4, t: 0.5 },
  { file: 'test/fixtures/n-four-bar-scene.json', bodies: 81, t: 0.02 },
];

for (const { file, bodies, t } of USER_MODELS) {
  test(`a user's model (${file}) is drawn from its file`, async ({ page, appUrl, consoleErrors }) => {
    test.setTimeout(180_000);
    const opened = await openUserModel(page, `${appUrl}?${modelLink(file)}&t=${t}`);
    test.skip(!opened, 'this build opens no user model from a link (the model-data key)');
    await expectDrawn(page, bodies);
    expect(consoleErrors).toEqual([]);
  });
}

const SIZES = [
  { name: 'projector-1280x720', width: 1280, height: 720, projector: true, touch: false },
  { name: 'laptop-1366x768', width: 1366, height: 768, projector: false, touch: false },
  { name: 'tablet-768x1024', width: 768, height: 1024, projector: false, touch: true },
  { name: 'phone-390x844', width: 390, height: 844, projector: false, touch: true },
];

/** What is photographed: the paper's three models and the 81-body linkage (shipped, or the fixture). */
const SHOTS = [
  { name: 'spin', query: 'scenario=spin&t=0.6', at: 0.6 },
  { name: 'heavy-top', query: 'scenario=heavy-top&t=0.6', at: 0.6 },
  { name: 'v8-crank', query: 'scenario=v8-crank&t=0.3&omega0=40', at: 0.3 },
  SHIPPED.includes('n-four-bar')
    ? { name: 'n-four-bar', query: 'scenario=n-four-bar&t=0.5', at: 0.5 }
    : { name: 'n-four-bar-fixture', query: `${modelLink('test/fixtures/n-four-bar-scene.json')}&t=0.5`, at: 0.5 },
];

for (const size of SIZES) {
  test.describe(size.name, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.touch, isMobile: size.touch });

    test(`3D view at ${size.width}×${size.height}: the paper's models and the 81-body linkage, screenshots`, async ({ page, appUrl, consoleErrors }) => {
      test.setTimeout(300_000);
      mkdirSync('test-results/scene', { recursive: true });
      for (const shot of SHOTS) {
        await page.goto(`${appUrl}?${shot.query}${size.projector ? '&projector=on' : ''}`);
        await waitForSettled(page, 0, 120_000);
        const state = await page.evaluate(() => window.__hht!.state().scenario);
        if (shot.name.endsWith('fixture') && state !== 'custom') continue;
        await page.evaluate((t) => window.__hht!.seek(t), shot.at);
        const scene = page.getByTestId('scene');
        await scene.scrollIntoViewIfNeeded();
        await expectDrawn(page);
        await scene.screenshot({ path: `test-results/scene/${shot.name}-${size.name}.png` });
      }
      expect(consoleErrors).toEqual([]);
    });
  });
}
