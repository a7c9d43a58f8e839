/**
 * `sim study … --shard K/N` and `sim study merge` as a batch system runs them (child processes, part files on
 * disk), on a user's model: the merged table is the unsharded one to the byte, in CSV and in JSON; merge's
 * mistakes are one line, exit 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sim } from './spawnSim';

const MODEL = resolve(__dirname, '../../docs/examples/double-pendulum.json');
const STUDY = ['study', 'alpha-sweep', '--model', MODEL, '--alpha-steps', '3', '--h', '0.005', '--t-end', '0.1'];

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sim-shards-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('sim study --shard and merge', () => {
  it('three parts of a user model\'s α sweep, merged, print the unsharded table to the byte (CSV, and JSON on request)', async () => {
    const [whole, wholeJson, ...parts] = await Promise.all([
      sim(...STUDY), sim(...STUDY, '--format', 'json'), ...[1, 2, 3].map((k) => sim(...STUDY, '--shard', `${k}/3`)),
    ]);
    expect(whole.code).toBe(0);
    parts.forEach((part, k) => {
      expect(part).toMatchObject({ code: 0, stderr: '' });
      writeFileSync(join(dir, `part${k + 1}.json`), part.stdout);
    });
    const files = [3, 1, 2].map((k) => join(dir, `part${k}.json`));
    const [merged, mergedJson] = await Promise.all([sim('study', 'merge', ...files), sim('study', 'merge', '--format', 'json', ...files)]);
    expect(merged.stderr).toBe('');
    expect(merged.stdout).toBe(whole.stdout);
    expect(mergedJson.stdout).toBe(wholeJson.stdout);
  });

  it('merge names what is wrong in one line, exit 2', async () => {
    writeFileSync(join(dir, 'table.csv'), 'method,alpha\n');
    const part = await sim(...STUDY, '--shard', '1/2');
    writeFileSync(join(dir, 'half.json'), part.stdout);
    const cases = await Promise.all([
      sim('study', 'merge'),
      sim('study', 'merge', join(dir, 'nothing.json')),
      sim('study', 'merge', join(dir, 'table.csv')),
      sim('study', 'merge', join(dir, 'half.json')),
      sim('study', 'merge', '--frmat', 'json', join(dir, 'half.json')),
    ]);
    const lines = cases.map((c) => {
      expect(c.code).toBe(2);
      expect(c.stdout).toBe('');
      return c.stderr.trimEnd();
    });
    expect(lines).toEqual([
      'sim: study merge needs the part files: sim study merge PART1 PART2 … (written by sim study … --shard K/N)',
      `sim: study merge: ${join(dir, 'nothing.json')}: no such file`,
      `sim: study merge: ${join(dir, 'table.csv')}: not a study part (not JSON): write it with sim study … --shard K/N`,
      'sim: study merge: part 2/2 missing',
      'sim: unknown option --frmat of study merge (see sim study --help)',
    ]);
  });
});
