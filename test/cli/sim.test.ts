/**
 * End-to-end: the `sim` command as a user runs it (a child process), kept to a few short runs.
 * It runs the bundle `npm run sim` runs (test/support/simBundle.ts), started with node so that npm cannot write to stderr.
 */
import { describe, expect, it } from 'vitest';
import { expectBadInput, sim } from './spawnSim';
import { SAMPLE_COLUMNS } from '../../src/solver/simulate';

function csvRows(stdout: string): number[][] {
  return stdout.trimEnd().split('\n').slice(1).map((line) => line.split(',').map(Number));
}

const SHORT_SPIN = ['--scenario', 'spin', '--t-end', '0.05', '--h', '0.01'];

describe('sim command', () => {
  it('prints the header and one row per sample time t = 0, DT, … t_end', async () => {
    const [every, coarse] = await Promise.all([sim(...SHORT_SPIN), sim(...SHORT_SPIN, '--t-end', '0.1', '--sample-dt', '0.02')]);
    expect(every.stderr).toBe('');
    expect(every.code).toBe(0);
    expect(every.stdout.split('\n')[0]).toBe(SAMPLE_COLUMNS.join(','));
    const rows = csvRows(every.stdout);
    expect(rows).toHaveLength(0.05 / 0.01 + 1);
    for (const row of rows) expect(row).toHaveLength(SAMPLE_COLUMNS.length);
    expect(rows.map((r) => r[0])).toEqual([0, 0.01, 0.02, 0.03, 0.04, 0.05]);
    expect(rows[0].slice(1, 4)).toEqual([10, 0, 0]);
    expect(csvRows(coarse.stdout).map((r) => r[0])).toEqual([0, 0.02, 0.04, 0.06, 0.08, 0.1]);
  });

  it('runs the heavy top briefly', async () => {
    const result = await sim('--scenario', 'heavy-top', '--t-end', '0.01');
    expect(result.code).toBe(0);
    expect(csvRows(result.stdout)).toHaveLength(0.01 / 1e-4 + 1);
  });

  it('gives the same output for --url as for the equivalent flags', async () => {
    const link = 'https://example.org/?v=1&scenario=spin&methods=classical&alpha=-0.1&h=0.01&t=0.05&J=1,2,2.5&component=x';
    const [fromUrl, fromFlags] = await Promise.all([
      sim('--url', link),
      sim(...SHORT_SPIN, '--method', 'classical', '--alpha=-0.1', '--set', 'J=1,2,2.5'),
    ]);
    expect(fromUrl.code).toBe(0);
    expect(fromUrl.stdout).toBe(fromFlags.stdout);
  });

  it('prints one JSON object with --format json', async () => {
    const result = await sim(...SHORT_SPIN, '--format', 'json');
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout);
    expect(parsed).toMatchObject({ scenario: 'spin', method: 'modified', alpha: -0.3, h: 0.01, tEnd: 0.05, sampleDt: 0.01 });
    expect(parsed.params).toEqual({ J: [1, 2, 2], M: [5, 0, 0], omega0: [10, 0, 0] });
    expect(parsed.columns).toEqual([...SAMPLE_COLUMNS]);
    expect(parsed.rows).toHaveLength(6);
    expect(parsed.status).toBe('finished');
    expect(parsed.failure).toBeNull();
  });

  it('runs adaptively with --tol: rows at every DT, column h the last step, work reported in JSON', async () => {
    const adaptive = ['--scenario', 'spin', '--tol', '1e-6', '--h', '0.03', '--t-end', '0.5', '--sample-dt', '0.1'];
    const [csv, json] = await Promise.all([sim(...adaptive), sim(...adaptive, '--format', 'json')]);
    expect(csv.stderr).toBe('');
    expect(csv.code).toBe(0);
    const rows = csvRows(csv.stdout);
    // Sample k lands at k · DT exactly as the solver computes it (3 · 0.1 = 0.30000000000000004).
    expect(rows.map((r) => r[0])).toEqual([0, 1, 2, 3, 4, 5].map((k) => k * 0.1));
    // The initial step is h as given (it was 0.1 / ceil(0.1 / 0.03) = 0.025, fitted to DT).
    expect(rows[0][8]).toBe(0.03);
    for (const row of rows.slice(1)) expect(row[8]).toBeLessThanOrEqual(0.1);
    const parsed = JSON.parse(json.stdout);
    // The cap h_max follows the sample grid: max(h, DT); the velocity norm is the default.
    expect(parsed).toMatchObject({
      h: 0.03, sampleDt: 0.1, tolerance: 1e-6, errorNorm: 'position-velocity', hMin: 0.5 / 20_000_000, hMax: 0.1, status: 'finished',
    });
    expect(parsed.stepsCapped).toBeGreaterThanOrEqual(0);
    expect(parsed.steps).toBeGreaterThan(5);
    expect(parsed.stepsRejected).toBeGreaterThanOrEqual(0);
    expect(parsed.newtonIterations).toBeGreaterThanOrEqual(parsed.steps);
    expect(parsed.rows).toEqual(rows);
  });

  it('answers bad input with exit code 2 and one stderr line naming the value', async () => {
    const cases: [string[], RegExp][] = [
      [['--scenario', 'moon'], /^sim: --scenario moon is not a known scenario/],
      [['--scenario', 'spin', '--set', 'torque=5'], /^sim: --set torque=5: 'torque' is not a parameter of scenario spin/],
      [['--alpha', 'NaN'], /^sim: --alpha NaN is not a finite number$/],
      [['--h', '0'], /^sim: --h 0 must be a positive number of seconds$/],
      [['--h', '-0.01'], /^sim: --h -0.01 must be a positive/],
      [['--alpha', '0.5'], /^sim: --alpha 0.5 is outside \[-1\/3, 0\]$/],
      [[...SHORT_SPIN, '--sample-dt', '0.015'], /^sim: --sample-dt 0.015 is not a whole multiple of --h 0.01$/],
      [[...SHORT_SPIN, '--tol', '1'], /^sim: --tol 1: the local error tolerance must lie in \[1e-12, 0.1\]/],
      [[...SHORT_SPIN, '--h-min', '1e-4'], /^sim: --h-min applies to adaptive runs only/],
    ];
    await expectBadInput(cases);
  });

  it('keeps the rows computed before a solver failure and exits with 3', async () => {
    // SPEC §5: α = 0 with the heavy top's index-3 joint diverges within a few tenths of a second.
    const result = await sim('--scenario', 'heavy-top', '--alpha', '0', '--h', '1e-3', '--t-end', '2', '--sample-dt', '0.001');
    expect(result.code).toBe(3);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sim: solver failed at t = [0-9.e-]+: \S/);
    const rows = csvRows(result.stdout);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.length).toBeLessThan(2001);
  });

  // 'DT / ceil(DT / h)' (the initial step fitted to DT) gave way to the run plan's defaults.
  it('lists every scenario and parameter in --help', async () => {
    const result = await sim('--help');
    expect(result.code).toBe(0);
    for (const word of [
      'spin', 'heavy-top', 'omega0', 'xcm', 'kg m²', 'rad/s', '0.234375,0.46875,0.234375', '[1e-9, 1000000]', '--alpha -0.2',
      '--tol TOL', '[1e-12, 0.1]', '--h-min HMIN', '--h-max HMAX', 'max(h, t_end / 1999)', 'default t_end / 20000000',
    ]) {
      expect(result.stdout).toContain(word);
    }
  });
});
