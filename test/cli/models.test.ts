/**
 * `sim` with a user's model (SPEC §3, §8): `--model FILE`, `--model -` (standard input) and `--url` with a link
 * carrying the model (inline, or hosted on a local server) all run the same rows; the model's outputs are extra
 * columns named as in the model (CSV and JSON); what the assembly did goes to stderr, with the removed equations'
 * largest residual in the run summary; every mistake in a model is one line naming where, exit 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/scenario/custom';
import { SAMPLE_COLUMNS } from '../../src/solver/simulate';
import { defaultStateOf, readCustomModel } from '../../src/scenario/registry';
import { encodeShareQuery } from '../../src/scenario/url';
import { sim, simWithInput } from './spawnSim';
import { DOUBLE_PENDULUM, FOUR_BAR, MISSPELT_BODY } from '../support/customModels';

const SHORT = ['--t-end', '0.05', '--sample-dt', '0.01'];
const PENDULUM_COLUMNS = [...SAMPLE_COLUMNS, 'x_tip', 'y_tip', 'elbow angle', 'elbow rate'].join(',');

let dir = '';
let server: Server;
let base = '';
const file = (name: string) => join(dir, name);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sim-models-'));
  writeFileSync(file('pendulum.json'), DOUBLE_PENDULUM);
  writeFileSync(file('four-bar.json'), FOUR_BAR);
  writeFileSync(file('typo.json'), MISSPELT_BODY);
  writeFileSync(file('broken.json'), DOUBLE_PENDULUM.slice(0, 300));
  // Two mistakes the schema finds: each gets its line.
  writeFileSync(file('two-mistakes.json'), DOUBLE_PENDULUM.replace('"gravity"', '"gravty"').replace('"type": "revolute", "bodies": ["ground"', '"type": "revolut", "bodies": ["ground"'));
  // A mass that a parameter value can make negative: the model reads, building it with --set m=0.2 fails.
  writeFileSync(file('mass.json'), DOUBLE_PENDULUM.replace('{ "name": "lower", "mass": "m"', '{ "name": "lower", "mass": "m - 0.5"'));
  server = createServer((req, res) => {
    if (req.url === '/pendulum.json') return res.end(DOUBLE_PENDULUM);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  server.close();
});

function linkOf(text: string, url?: string): string {
  const read = readCustomModel(text);
  if (!read?.ok) throw new Error('the test model does not read');
  return `https://example.org/hht/?${encodeShareQuery(defaultStateOf(read.def, { text, ...(url ? { url } : {}) }))}`;
}

describe('sim with a user model', () => {
  it('--model FILE: the standard columns, then the outputs named as in the model', async () => {
    const result = await sim('--model', file('pendulum.json'), ...SHORT);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(PENDULUM_COLUMNS);
    expect(lines).toHaveLength(1 + 6);
    const first = lines[1].split(',').map(Number);
    expect(first).toHaveLength(13);
    // x_tip, y_tip at t = 0: the lower rod's tip at (1, −1); the elbow angle from the initial pose: 0.
    expect(first.slice(9)).toEqual([1, -1, 0, 0]);
  });

  it('--model - (standard input), --url with the model inline and --url with it hosted write the same bytes', async () => {
    const [fromFile, fromStdin, inline, hosted] = await Promise.all([
      sim('--model', file('pendulum.json'), ...SHORT),
      simWithInput(DOUBLE_PENDULUM, '--model', '-', ...SHORT),
      sim('--url', linkOf(DOUBLE_PENDULUM), ...SHORT),
      sim('--url', linkOf(DOUBLE_PENDULUM, `${base}/pendulum.json`), ...SHORT),
    ]);
    for (const other of [fromStdin, inline, hosted]) {
      expect(other.stderr).toBe('');
      expect(other.stdout).toBe(fromFile.stdout);
    }
  });

  it('the model\'s parameters are --set names and link keys alike', async () => {
    const link = linkOf(DOUBLE_PENDULUM).replace('scenario=custom', 'scenario=custom&L=1.5');
    const [set, url] = await Promise.all([sim('--model', file('pendulum.json'), '--set', 'L=1.5', ...SHORT), sim('--url', link, ...SHORT)]);
    expect(set.code).toBe(0);
    expect(url.stdout).toBe(set.stdout);
    expect(set.stdout.split('\n')[1].split(',').slice(9, 11).map(Number)).toEqual([1.5, -1.5]);
  });

  it('says on stderr how far the assembly moved each body and which equations it removed, and how they held', async () => {
    const [csv, json] = await Promise.all([
      sim('--model', file('four-bar.json'), '--t-end', '0.1', '--sample-dt', '0.05'),
      sim('--model', file('four-bar.json'), '--t-end', '0.1', '--sample-dt', '0.05', '--format', 'json'),
    ]);
    expect(csv.code).toBe(0);
    const lines = csv.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('sim: notice: The assembly moved 3 bodies to close the joints: coupler by 87.2 mm; crank by 43.6 mm, turned 5°; rocker by 43.6 mm, turned 5°.');
    expect(lines[1]).toBe('sim: notice: 3 equations of joint D removed as redundant (dependent at the initial configuration).');
    expect(lines[2]).toMatch(/^sim: summary: The 3 equations removed as redundant held to [\d.e+-]+ \(largest residual, at t = [\d.]+ s\)\.$/);
    expect(lines).toHaveLength(3);
    expect(json.stderr).toBe(csv.stderr);
    const out = JSON.parse(json.stdout) as Record<string, unknown> & { rows: number[][]; removedEquations: { count: number; largestResidual: number } };
    expect(out.scenario).toBe('custom');
    expect(out.columns).toEqual([...SAMPLE_COLUMNS, 'crank angle', 'x_C']);
    expect(out.outputs).toEqual([{ name: 'crank angle', unit: 'rad' }, { name: 'x_C', unit: 'm' }]);
    expect(out.preparation).toMatchObject({ removed: [{ constraint: 'D', rows: 3 }], moved: [{ body: 'crank' }, { body: 'coupler' }, { body: 'rocker' }] });
    expect(out.rows[0]).toHaveLength(11);
    expect(out.removedEquations.count).toBe(3);
    // Measured: the removed equations hold to round-off along the run (they are implied by the kept ones).
    expect(out.removedEquations.largestResidual).toBeLessThan(1e-9);
    // The CSV's rows are the JSON's.
    expect(csv.stdout.trimEnd().split('\n').slice(1).map((l) => l.split(',').map(Number))).toEqual(out.rows);
  });

  it('every mistake in a model file is one line naming file, path and what; exit 2; nothing on stdout', async () => {
    const [typo, broken, two, missing, mass, badUrl, stdin] = await Promise.all([
      sim('--model', file('typo.json')),
      sim('--model', file('broken.json')),
      sim('--model', file('two-mistakes.json')),
      sim('--model', file('nothing-here.json')),
      sim('--model', file('mass.json'), '--set', 'm=0.2'),
      sim('--url', linkOf(DOUBLE_PENDULUM, `${base}/missing.json`)),
      simWithInput('{ "format": "hht-model/1" }', '--model', '-'),
    ]);
    for (const r of [typo, broken, two, missing, mass, badUrl, stdin]) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    }
    expect(typo.stderr).toBe(`sim: ${file('typo.json')}:20:64: joints[1].bodies[1]: no body named "lowr"; did you mean "lower"?\n`);
    expect(broken.stderr).toMatch(new RegExp(`^sim: ${file('broken.json')}:7:64: not valid JSON: .+\\n$`));
    const twoLines = two.stderr.trimEnd().split('\n');
    expect(twoLines).toHaveLength(2);
    expect(twoLines).toEqual(expect.arrayContaining([
      `sim: ${file('two-mistakes.json')}:9:3: unknown key "gravty"; did you mean "gravity"?`,
      expect.stringMatching(new RegExp(`^sim: ${file('two-mistakes.json')}:19:35: joints\\[0\\]\\.type: "revolut" is not a known type; did you mean "revolute"\\?`)),
    ]));
    expect(missing.stderr).toBe(`sim: --model ${file('nothing-here.json')}: no such file\n`);
    expect(mass.stderr).toMatch(new RegExp(`^sim: ${file('mass.json')}: bodies\\[1\\]\\.mass: .+\\n$`));
    expect(badUrl.stderr).toBe(`sim: --url: model=${base}/missing.json: the server answered HTTP 404 Not Found\n`);
    expect(stdin.stderr.split('\n')[0]).toMatch(/^sim: standard input:\d+:\d+: /);
  });

  it('a hosted model behind a redirect is refused (exit 2), and the address the redirect names never sees a request', async () => {
    // 127.0.0.2 is this machine to the kernel, but not an address a link may name (http only from localhost and
    // 127.0.0.1): as an intranet host behind a public redirect would be for `sim --url` on a server.
    const hits: string[] = [];
    const inside = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end(DOUBLE_PENDULUM);
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.2', resolve));
    const target = `http://127.0.0.2:${(inside.address() as AddressInfo).port}/pendulum.json`;
    const redirector = createServer((_req, res) => res.writeHead(301, { location: target }).end());
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/pendulum.json`;
    try {
      const [run, study] = await Promise.all([
        sim('--url', linkOf(DOUBLE_PENDULUM, url), ...SHORT),
        sim('study', 'stability', '--url', linkOf(DOUBLE_PENDULUM, url)),
      ]);
      for (const result of [run, study]) {
        expect(result).toMatchObject({ code: 2, stdout: '' });
        expect(result.stderr).toBe(`sim: --url: model=${url}: the server answered HTTP 301, a redirect to ${target}; redirects are not followed, and a link may not name that address (https only; http only from localhost)\n`);
      }
      expect(hits).toEqual([]);
    } finally {
      redirector.close();
      inside.close();
    }
  });

  it('--help lists the shipped models in their groups and --model', async () => {
    const help = await sim('--help');
    expect(help.stdout).toContain('Shipped models: the paper');
    expect(help.stdout).toContain('--model FILE');
    for (const id of ['spin', 'heavy-top', 'v8-crank']) expect(help.stdout).toContain(`  ${id} — `);
  });
});
