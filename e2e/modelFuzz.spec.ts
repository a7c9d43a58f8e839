/**
 * A sample of the model-file fuzz cases (test/fuzz/modelFileCases.ts) read in Chromium through the built page, as
 * the page reads a user's model (its reader's worker, app/modelReader.ts): the same reader, in the browser's
 * JavaScript engine, never fails, accepts the valid models (read, compiled and assembled), refuses the rest with
 * issues at places inside the text, answers every one before the page's deadline, and touches no prototype.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { hostileCase, hostileWorkCase, mutationCase, tenMegabyteCase, validCase, type ModelCase } from '../test/fuzz/modelFileCases';

const SHIPPED = ['spin', 'heavy-top', 'v8-crank'].map((id) => ({ id, text: readFileSync(`models/${id}.json`, 'utf8') }));

/** Seeds of the Node suite (test/fuzz/modelFile.test.ts), a few of each class. */
function sample(): ModelCase[] {
  const cases: ModelCase[] = [];
  for (let seed = 1; seed <= 40; seed++) cases.push(validCase(seed));
  SHIPPED.forEach(({ id, text }, s) => { for (let k = 0; k < 10; k++) cases.push(mutationCase(100_000 * (s + 1) + k, id, text)); });
  for (let seed = 1; seed <= 29; seed++) cases.push(hostileCase(seed, SHIPPED.map((m) => m.text)));
  for (let seed = 1; seed <= 12; seed++) cases.push(hostileWorkCase(seed));
  cases.push(tenMegabyteCase());
  return cases;
}

interface BrowserOutcome {
  readonly threw: string | null;
  readonly ok: boolean;
  readonly late: boolean;
  readonly issues: readonly { path: string; message: string; line?: number; column?: number }[];
}

test('about 110 fuzz cases read in Chromium: no exception, valid models compile, issues placed in the text, none late', async ({ page, appUrl, consoleErrors }) => {
  test.setTimeout(180_000);
  await page.goto(`${appUrl}?scenario=spin`);
  await page.waitForFunction(() => window.__hht !== undefined);
  const cases = sample();
  expect(cases.length).toBeGreaterThanOrEqual(100);
  const prototypesBefore = await page.evaluate(() => [Object.prototype, Array.prototype, Function.prototype].map((o) => Object.getOwnPropertyNames(o).sort().join(',')).join('|'));
  const outcomes = await page.evaluate(async (texts) => {
    const outcomes: BrowserOutcome[] = [];
    for (const text of texts) {
      try {
        const result = await window.__hht!.readModel(text);
        outcomes.push({ threw: null, ok: result.ok, late: result.late, issues: result.issues.map((i) => ({ ...i })) });
      } catch (error) {
        outcomes.push({ threw: String(error), ok: false, late: false, issues: [] });
      }
    }
    return outcomes;
  }, cases.map((c) => c.text));
  const prototypesAfter = await page.evaluate(() => [Object.prototype, Array.prototype, Function.prototype].map((o) => Object.getOwnPropertyNames(o).sort().join(',')).join('|'));
  expect(prototypesAfter).toBe(prototypesBefore);
  expect(await page.evaluate(() => ({} as Record<string, unknown>).polluted)).toBeUndefined();

  const problems: string[] = [];
  cases.forEach((c, k) => {
    const outcome = outcomes[k];
    const where = `seed ${c.seed} (${c.group} ${c.kind})`;
    if (outcome.threw) problems.push(`${where}: threw ${outcome.threw}`);
    if (outcome.late) problems.push(`${where}: no answer before the page's deadline`);
    if (c.mustRead && !outcome.ok) problems.push(`${where}: refused: ${outcome.issues[0]?.message}`);
    const lines = c.text.split(/\r\n|\r|\n/).length;
    for (const issue of outcome.issues) {
      if (issue.message.startsWith('the reader failed unexpectedly')) problems.push(`${where}: ${issue.message}`);
      const { line = 0, column = 0 } = issue;
      if (line < 1 || line > lines || column < 1) problems.push(`${where}: place ${line}:${column}`);
    }
  });
  expect(problems).toEqual([]);
  const read = outcomes.filter((o) => o.ok).length;
  console.log(`fuzz model-file reader in Chromium: ${cases.length} cases: read ${read}, refused ${cases.length - read}`);
  expect(consoleErrors).toEqual([]);
});
