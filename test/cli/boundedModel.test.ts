/**
 * `sim` with a hostile model (SPEC §3, docs/model-format.md "Limits"): a file or a link of a few hundred
 * characters whose evaluation used to run for minutes is refused as bad input — exit 2, one stderr line naming the
 * file, line, column and path, nothing on stdout. Each command is killed after a guard time, so a reader that
 * hangs fails the test instead of hanging the runner.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeModelData } from '../../src/scenario/modelData';
import { sharedListsText } from '../fuzz/modelFileCases';
import { simWithin, type SimResult } from './spawnSim';

/** Far beyond the few seconds `sim` takes to start and refuse the file; far below "never". */
const GUARD_MS = 60_000;

const SHARED = sharedListsText(60);
const COMPARED = sharedListsText(14, Array.from({ length: 100 }, () => 'l14 == l14').join(' && '));

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-hostile-'));
  writeFileSync(join(dir, 'shared.json'), SHARED);
  writeFileSync(join(dir, 'compared.json'), COMPARED);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function badInput(result: SimResult): string {
  expect(result.code, result.stderr).toBe(2);
  expect(result.stdout).toBe('');
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  return lines[0];
}

describe('sim refuses a model whose evaluation would not end', () => {
  it('--model: 60 levels of shared lists, at the list too large to build', async () => {
    const line = badInput(await simWithin(GUARD_MS, '--model', join(dir, 'shared.json')));
    expect(line).toMatch(/^sim: .*shared\.json:\d+:\d+: let\.l15: this value would hold more than 100000 items/);
  });

  it('--model: a large list compared a hundred times, at the comparison, by its count of operations', async () => {
    const line = badInput(await simWithin(GUARD_MS, '--model', join(dir, 'compared.json')));
    expect(line).toMatch(/^sim: .*compared\.json:\d+:\d+: bodies\[0\]\.mass: the model needs more than 2000000 operations/);
  });

  it('--url with the model inline: the same message', async () => {
    const link = `https://example.org/hht/?v=1&scenario=custom&model-data=${encodeModelData(SHARED)}`;
    expect(link.length).toBeLessThan(1000);
    const line = badInput(await simWithin(GUARD_MS, '--url', link));
    expect(line).toMatch(/let\.l15: this value would hold more than 100000 items/);
  });
});
