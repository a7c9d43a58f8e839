/**
 * src/solver/exactMath.ts gives the same bits in Chromium as in Node: 20,000 seeded arguments per function, the
 * results hashed in each engine (e2e/exactMathProbe.ts, bundled for the page with esbuild). Math's own results are
 * hashed beside them: how often Chromium's Math differs from Node's is printed, the reason the project does not
 * use it (docs/architecture.md, "Web = CLI to the bit").
 */
import { buildSync } from 'esbuild';
import { expect, test } from './fixtures';
import { probeExactMath, type ProbeResult } from './exactMathProbe';

const COUNT = 20_000;

test('every exactMath function returns the same bits in Chromium as in Node', async ({ page, consoleErrors }) => {
  const bundle = buildSync({ entryPoints: ['e2e/exactMathProbe.ts'], bundle: true, format: 'iife', globalName: 'exactMathProbe', write: false, logLevel: 'warning' });
  await page.setContent('<!doctype html><title>exactMath</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const web = await page.evaluate((count) => (window as unknown as { exactMathProbe: { probeExactMath: (n: number) => ProbeResult } }).exactMathProbe.probeExactMath(count), COUNT);
  const node = probeExactMath(COUNT);
  const mathDiffers = Object.keys(node.math).filter((name) => node.math[name as keyof ProbeResult['math']] !== web.math[name as keyof ProbeResult['math']]);
  console.log(`Math's results differ between Node ${process.versions.node} and ${await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0])} for: ${mathDiffers.join(', ') || 'none'}; `
    + `Chromium's Math differs from exactMath on ${Object.entries(web.mathDiffers).map(([name, n]) => `${name} ${((100 * n) / COUNT).toFixed(1)} %`).join(', ')}`);
  expect(web.exact).toEqual(node.exact);
  expect(consoleErrors).toEqual([]);
});
