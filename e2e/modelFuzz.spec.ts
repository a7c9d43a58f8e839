/**
 * A sample of the model-file fuzz cases (test/fuzz/modelFileCases.ts) read in Chromium through the built page:
 * the same reader, in the browser's JavaScript engine, never throws, accepts the valid models (and compiles
 * them), refuses the rest with issues at places inside the text, and touches no prototype.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { hostileCase, mutationCase, tenMegabyteCase, validCase, type ModelCase } from '../test/fuzz/modelFileCases';

const SHIPPED = ['spin', 'heavy-top', 'v8-crank'].map((id) => ({ id, text: readFileSync(`models/${id}.json`, 'utf8') }));

/** Seeds of the Node suite (test/fuzz/modelFile.test.ts), a few of each class. */
function sample(): ModelCase[] {
  const cases: ModelCase[] = [];
  for (let seed = 1; seed <= 40; seed++) cases.push(validCase(seed));
  SHIPPED.forEach(({ id, text }, s) => { for (let k = 0; k < 10; k++) cases.push(mutationCase(100_000 * (s + 1) + k, id, text)); });
  for (let seed = 1; seed <= 29; seed++) cases.push(hostileCase(seed, SHIPPED.map((m) => m.text)));
  cases.push(tenMegabyteCase());
  return cases;
}

interface BrowserOutcome {
  readonly threw: string | null;
  readonly ok: boolean;
  readonly compiled: boolean;
  readonly issues: readonly { path: string; message: string; line: number; column: number }[];
}

test('about 100 fuzz cases read in Chromium: no exception, valid models compile, issues placed in the text', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(120_000);
  await page.goto(`${appUrl}?scenario=spin`);
  await page.waitForFunction(() => window.__hht !== undefined);
  const cases = sample();
  expect(cases.length).toBeGreaterThanOrEqual(100);
  const prototypesBefore = await page.evaluate(() => [Object.prototype, Array.prototype, Function.prototype].map((o) => Object.getOwnPropertyNames(o).sort().join(',')).join('|'));
  const outcomes = await page.evaluate(async (texts) => {
    const api = await window.__hht!.modelFile();
    return texts.map((text): BrowserOutcome => {
      try {
        const result = api.readModelText(text);
        if (!result.ok) return { threw: null, ok: false, compiled: false, issues: result.issues.map((i) => ({ ...i })) };
        api.compileModel(result.document, {});
        return { threw: null, ok: true, compiled: true, issues: [] };
      } catch (error) {
        return { threw: String(error), ok: false, compiled: false, issues: [] };
      }
    });
  }, cases.map((c) => c.text));
  const prototypesAfter = await page.evaluate(() => [Object.prototype, Array.prototype, Function.prototype].map((o) => Object.getOwnPropertyNames(o).sort().join(',')).join('|'));
  expect(prototypesAfter).toBe(prototypesBefore);
  expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();

  const problems: string[] = [];
  cases.forEach((c, k) => {
    const outcome = outcomes[k];
    const where = `seed ${c.seed} (${c.group} ${c.kind})`;
    if (outcome.threw) problems.push(`${where}: threw ${outcome.threw}`);
    if (c.mustRead && !outcome.compiled) problems.push(`${where}: refused: ${outcome.issues[0]?.message}`);
    const lines = c.text.split(/\r\n|\r|\n/).length;
    for (const issue of outcome.issues) {
      if (issue.message.startsWith('the reader failed unexpectedly')) problems.push(`${where}: ${issue.message}`);
      if (issue.line < 1 || issue.line > lines || issue.column < 1) problems.push(`${where}: place ${issue.line}:${issue.column}`);
    }
  });
  expect(problems).toEqual([]);
  const read = outcomes.filter((o) => o.ok).length;
  console.log(`fuzz model-file reader in Chromium: ${cases.length} cases: read ${read}, refused ${cases.length - read}`);
  expect(consoleErrors).toEqual([]);
});
