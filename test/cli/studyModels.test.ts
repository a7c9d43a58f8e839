/**
 * `sim study` on a user's model (SPEC §3, §8): every study kind runs on docs/examples/double-pendulum.json given
 * as `--model FILE`; `--model -` (standard input), `--url` with the model inline (`model-data=`) and `--url` with
 * it hosted (`model=`, a local server) print the same table to the byte; the defaults come from the model's run;
 * a model's mistakes and a model that cannot be built are bad input (exit 2), one line each. Short spans.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../src/scenario/custom';
import { defaultStateOf, readCustomModel } from '../../src/scenario/registry';
import { encodeShareQuery } from '../../src/scenario/url';
import { ALPHA_SWEEP_COLUMNS, CONVERGENCE_COLUMNS, RHO_SWEEP_COLUMNS, STABILITY_COLUMNS } from '../../src/run/studyFormat';
import { sim, simWithInput } from './spawnSim';

const FILE = resolve(__dirname, '../../docs/examples/double-pendulum.json');
const TEXT = readFileSync(FILE, 'utf8');

/** Each kind with a span of a few tenths of a second: the header, and one row per method and step, value or method. */
const KINDS = [
  { kind: 'convergence', args: ['--t-end', '0.1', '--steps', '0.01,0.005', '--sample-dt', '0.01', '--ref-h', '0.0005'], columns: CONVERGENCE_COLUMNS, rows: 4 },
  { kind: 'alpha-sweep', args: ['--t-end', '0.1', '--h', '0.005', '--alpha-steps', '3'], columns: ALPHA_SWEEP_COLUMNS, rows: 6 },
  { kind: 'rho-sweep', args: ['--t-end', '0.1', '--h', '0.005', '--rho-steps', '2'], columns: RHO_SWEEP_COLUMNS, rows: 6 },
  { kind: 'stability', args: ['--t-end', '0.2', '--h-range', '0.01,0.1'], columns: STABILITY_COLUMNS, rows: 2 },
] as const;

let server: Server;
let base = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/double-pendulum.json') return res.end(TEXT);
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

/** A share link of the model at its defaults: inline, or by the URL it is hosted at. */
function linkOf(url?: string): string {
  const read = readCustomModel(TEXT);
  if (!read?.ok) throw new Error('the example model does not read');
  return `https://example.org/hht/?${encodeShareQuery(defaultStateOf(read.def, { text: TEXT, ...(url ? { url } : {}) }))}`;
}

function csvRows(stdout: string): string[][] {
  return stdout.trimEnd().split('\n').slice(1).map((line) => line.split(','));
}

describe('sim study on a user model', () => {
  for (const { kind, args, columns, rows } of KINDS) {
    it(`${kind} --model FILE: the table of the model's primary body, exit 0, nothing on stderr`, async () => {
      const result = await sim('study', kind, '--model', FILE, ...args);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(result.stdout.split('\n')[0]).toBe(columns.join(','));
      const table = csvRows(result.stdout);
      expect(table).toHaveLength(rows);
      // Every run finished (the failure column is empty) and the numbers are finite.
      for (const row of table) expect(row[columns.indexOf('failure')], row.join(',')).toBe('');
      if (kind === 'convergence') for (const row of table) expect(Number(row[2])).toBeGreaterThan(0);
      if (kind !== 'convergence' && kind !== 'stability') {
        // The rods turn about z: the final body-fixed ω is (0, 0, ω_z), ω_z the same for every method to 1e-3.
        const omegaZ = table.map((row) => Number(row[4]));
        for (const w of omegaZ) expect(w).toBeCloseTo(omegaZ[0], 3);
        expect(Math.abs(omegaZ[0])).toBeGreaterThan(0.1);
      }
    });
  }

  it('--model -, --url with the model inline and --url with it hosted print what --model FILE prints, to the byte', async () => {
    const [kind, args] = ['convergence', KINDS[0].args] as const;
    const [fromFile, fromInput, inline, hosted] = await Promise.all([
      sim('study', kind, '--model', FILE, ...args),
      simWithInput(TEXT, 'study', kind, '--model', '-', ...args),
      sim('study', kind, '--url', linkOf(), ...args),
      sim('study', kind, '--url', linkOf(`${base}/double-pendulum.json`), ...args),
    ]);
    expect(fromFile.code).toBe(0);
    for (const other of [fromInput, inline, hosted]) {
      expect(other.stderr).toBe('');
      expect(other.stdout).toBe(fromFile.stdout);
    }
  });

  it('the link\'s parameters and the model\'s own --set names apply; JSON names the scenario custom', async () => {
    const read = readCustomModel(TEXT);
    if (!read?.ok) throw new Error('the example model does not read');
    const state = defaultStateOf(read.def, { text: TEXT });
    const link = `?${encodeShareQuery({ ...state, values: { ...state.values, L2: [1.5] } })}`;
    const args = ['--t-end', '0.1', '--h', '0.005', '--alphas', '-0.1', '--methods', 'modified', '--format', 'json'];
    const [fromLink, fromSet] = await Promise.all([
      sim('study', 'alpha-sweep', '--url', link, ...args),
      sim('study', 'alpha-sweep', '--model', FILE, '--set', 'L2=1.5', ...args),
    ]);
    expect(fromLink.stderr).toBe('');
    expect(fromLink.stdout).toBe(fromSet.stdout);
    const parsed = JSON.parse(fromSet.stdout);
    expect(parsed).toMatchObject({ study: 'alpha-sweep', scenario: 'custom', methods: ['modified'], alphas: [-0.1], h: 0.005, tEnd: 0.1 });
    expect(parsed.params.L2).toBe(1.5);
  });

  it('defaults from the model\'s run (h = 0.0005, t_end = 10 s, α = −0.05): the α sweep runs its 10 s at h', async () => {
    // --alphas keeps it short; h and t_end are the defaults.
    const result = await sim('study', 'alpha-sweep', '--model', FILE, '--alphas', '-0.05', '--methods', 'modified', '--format', 'json');
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.stdout)).toMatchObject({ h: 0.0005, tEnd: 10, totalSteps: 20000 });
  });

  it('a model\'s mistakes are bad input, one line each naming the file; so is a model that cannot be built', async () => {
    const typo = TEXT.replace('"bodies": ["rod 1", "rod 2"]', '"bodies": ["rod 1", "rod2"]');
    const [misspelt, missing, unbuildable] = await Promise.all([
      simWithInput(typo, 'study', 'stability', '--model', '-'),
      sim('study', 'stability', '--model', 'no-such-file.json'),
      // A mass that a parameter value within its bounds makes negative: the model reads, building it fails.
      simWithInput(TEXT.replace('"mass": "m2"', '"mass": "m2 - 0.5"'), 'study', 'alpha-sweep', '--model', '-', '--set', 'm2=0.2', '--t-end', '0.1', '--h', '0.01'),
    ]);
    expect(misspelt.code).toBe(2);
    expect(misspelt.stdout).toBe('');
    expect(misspelt.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(misspelt.stderr).toMatch(/^sim: standard input:\d+:\d+: joints\[1\]\.bodies\[1\]: no body named "rod2"; did you mean "rod 2"\?/);
    expect(missing).toMatchObject({ code: 2, stdout: '', stderr: 'sim: --model no-such-file.json: no such file\n' });
    expect(unbuildable.code).toBe(2);
    expect(unbuildable.stdout).toBe('');
    expect(unbuildable.stderr).toMatch(/^sim: standard input: bodies\[1\]\.mass: .*-0\.3/);
    expect(unbuildable.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
