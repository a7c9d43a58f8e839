/**
 * End-to-end: `sim study …` as a user runs it (a child process), on tiny studies of the spin.
 * stderr is not a terminal here, so without --progress it must stay empty.
 */
import { describe, expect, it } from 'vitest';
import { expectBadInput, sim } from './spawnSim';
import { ALPHA_SWEEP_COLUMNS, CONVERGENCE_COLUMNS } from '../../src/run/studyFormat';

/** CSV rows as text cells (method and failure are text). */
function csvCells(stdout: string): string[][] {
  return stdout.trimEnd().split('\n').slice(1).map((line) => line.split(','));
}

const TINY_CONVERGENCE = ['study', 'convergence', '--scenario', 'spin', '--t-end', '0.1', '--steps', '0.01,0.005', '--ref-h', '0.001'];

describe('sim study', () => {
  it('convergence on the spin: header, one row per method and h, modified more accurate than classical', async () => {
    const [csv, json, withProgress] = await Promise.all([
      sim(...TINY_CONVERGENCE),
      sim(...TINY_CONVERGENCE, '--format', 'json'),
      sim(...TINY_CONVERGENCE, '--progress'),
    ]);
    expect(csv.stderr).toBe('');
    expect(csv.code).toBe(0);
    expect(csv.stdout.split('\n')[0]).toBe(CONVERGENCE_COLUMNS.join(','));
    const rows = csvCells(csv.stdout);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => [r[0], Number(r[1])])).toEqual([['classical', 0.01], ['classical', 0.005], ['modified', 0.01], ['modified', 0.005]]);
    const omegaError = (method: string, h: number) => Number(rows.find((r) => r[0] === method && Number(r[1]) === h)![2]);
    for (const h of [0.01, 0.005]) {
      expect(omegaError('modified', h)).toBeGreaterThan(0);
      expect(omegaError('modified', h)).toBeLessThan(omegaError('classical', h));
    }
    // The order is empty for the largest step of each method and finite for the next.
    expect(rows.map((r) => r[3] === '')).toEqual([true, false, true, false]);
    for (const row of rows) expect(row[6]).toBe('');

    const parsed = JSON.parse(json.stdout);
    expect(parsed).toMatchObject({ study: 'convergence', scenario: 'spin', tEnd: 0.1, steps: [0.01, 0.005], reference: { method: 'modified', alpha: 0, h: 0.001 } });
    expect(parsed.rows.map((r: unknown[]) => r[2])).toEqual(rows.map((r) => Number(r[2])));

    expect(withProgress.stdout).toBe(csv.stdout);
    const lines = withProgress.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^study: 1\/5 reference \(modified, α = 0, h = 0\.001\)/);
    // Runs start dearest first (startOrder): reference, classical 0.005, modified 0.005, then the h = 0.01 runs.
    expect(lines[1]).toMatch(/^study: 2\/5 classical, h = 0\.005 /);
    expect(lines[2]).toMatch(/^study: 3\/5 modified, h = 0\.005 /);
    expect(lines[5]).toMatch(/^study: 5\/5 done in [0-9.]+ s$/);
  });

  it('alpha-sweep on the spin: one row per method and α; the modified final ω is the exact 10.5 rad/s', async () => {
    const result = await sim('study', 'alpha-sweep', '--scenario', 'spin', '--t-end', '0.1', '--alpha-steps', '3');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe(ALPHA_SWEEP_COLUMNS.join(','));
    const rows = csvCells(result.stdout);
    expect(rows.map((r) => [r[0], Number(r[1])])).toEqual([
      ['classical', -1 / 3], ['classical', -1 / 6], ['classical', 0], ['modified', -1 / 3], ['modified', -1 / 6], ['modified', 0],
    ]);
    // ω_x(t) = ω0 + M t / J = 10 + 5 · 0.1 / 1; modified at α = 0 is exact for the single-axis spin (SPEC §5).
    expect(Number(rows[5][2])).toBeCloseTo(10.5, 9);
    for (const row of rows) expect(row[6]).toBe('');
  });

  it('keeps a failed run as a row with its reason (α = 0 on the heavy top) and exits 0', async () => {
    const result = await sim('study', 'alpha-sweep', '--scenario', 'heavy-top', '--alphas', '-0.2,0', '--methods', 'modified', '--h', '1e-3', '--t-end', '0.3');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const rows = csvCells(result.stdout);
    expect(rows).toHaveLength(2);
    expect(rows[0][6]).toBe('');
    expect(rows[1].slice(2, 6)).toEqual(['', '', '', '']);
    expect(rows[1].slice(6).join(',')).toMatch(/^"?t = [0-9.]+: \S/);
  });

  it('exits 3 with one line when the reference run fails', async () => {
    const result = await sim(
      'study', 'convergence', '--scenario', 'heavy-top', '--t-end', '0.5', '--steps', '1e-3', '--ref-alpha', '0', '--ref-h', '5e-4', '--methods', 'modified',
    );
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^sim: study: the reference run \(modified, α = 0, h = 0\.0005\) failed at t = [0-9.]+: \S/);
  });

  it('answers bad input with exit code 2 and one stderr line naming the value', async () => {
    const cases: [string[], RegExp][] = [
      [['study'], /^sim: study needs a subcommand: convergence or alpha-sweep/],
      [['study', 'sweep'], /^sim: 'sweep' is not a study/],
      [['study', 'convergence', '--steps', '0.01,abc'], /^sim: --steps 0.01,abc: 'abc' is not a finite number$/],
      [['study', 'convergence', '--steps', '3e-4'], /^sim: --sample-dt 0.001 \(study default\) is not a whole multiple of the step 0.0003/],
      [['study', 'convergence', '--ref-h', '1e-3'], /^sim: --ref-h 0.001 must be smaller than every step/],
      [['study', 'alpha-sweep', '--alphas', '-0.5'], /^sim: --alphas -0.5: '-0.5' is outside \[-1\/3, 0\]$/],
      [['study', 'alpha-sweep', '--h', '1e-6', '--t-end', '5'], /^sim: the study needs 110000000 steps in all/],
    ];
    await expectBadInput(cases);
  });

  it('documents the studies in sim --help and sim study --help', async () => {
    const [main, study] = await Promise.all([sim('--help'), sim('study', '--help')]);
    expect(main.stdout).toContain('study convergence');
    expect(main.stdout).toContain('study alpha-sweep');
    expect(study.code).toBe(0);
    for (const word of [
      CONVERGENCE_COLUMNS.join(','), ALPHA_SWEEP_COLUMNS.join(','), 'Eq. 71', 'Fig. 2', 'Fig. 9', 'Fig. 10', '--ref-h', '--alpha-steps',
      '--progress', '--ref-h 0.000001', '--t-end 15', '100000000',
    ]) {
      expect(study.stdout).toContain(word);
    }
  });
});
