/**
 * `sim study`'s pool on real worker threads (src/cli/studyPool.ts, entry src/cli/studyWorker.ts run
 * through tsx's loader): the points of the single-threaded study to the bit, and a failed reference.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/scenario/custom';
import { getScenario, readCustomModel } from '../../src/scenario/registry';
import { parseStudyArgs } from '../../src/scenario/studyArgs';
import { alphaSweep, convergenceStudy, ReferenceRunFailed } from '../../src/solver/studies/convergenceStudy';
import { runStudyInThreads, studyWorkerEntry } from '../../src/cli/studyPool';
import { bits, studyOptions } from '../run/studyHelpers';
import { classifyStabilityRun, stabilityStudy } from '../../src/solver/studies/stabilityStudy';
import { dampingScanPoints, dampingScanRuns } from '../../src/solver/studies/dampingScan';
import { buildScenarioModel } from '../../src/scenario/build';

describe('sim study on worker threads', () => {
  it('convergence and α sweep on 2 threads equal the serial study to the bit', async () => {
    const convergence = studyOptions(['convergence', '--scenario', 'spin', '--t-end', '0.5', '--steps', '0.01,0.005,0.0025', '--ref-h', '0.0005']);
    const sweep = studyOptions(['alpha-sweep', '--scenario', 'heavy-top', '--alphas', '-0.3,-0.1,0', '--h', '1e-3', '--t-end', '1']);
    if (convergence.kind !== 'convergence' || sweep.kind !== 'alpha-sweep') throw new Error('wrong study kinds');
    const [pooledConvergence, pooledSweep] = await Promise.all([runStudyInThreads(convergence, undefined, { threads: 2 }), runStudyInThreads(sweep, undefined, { threads: 2 })]);
    const serialConvergence = convergenceStudy(buildScenarioModel(getScenario('spin'), convergence.values), convergence);
    const serialSweep = alphaSweep(buildScenarioModel(getScenario('heavy-top'), sweep.values), sweep.methods, sweep.alphas, sweep.h, sweep.tEnd);
    expect(pooledConvergence.points).toHaveLength(6);
    expect(bits(pooledConvergence.points)).toEqual(bits(serialConvergence));
    expect(pooledSweep.points).toHaveLength(6);
    expect(bits(pooledSweep.points)).toEqual(bits(serialSweep));
  });

  it('the stability study on 2 threads (scan and refinement stages) equals the serial study to the bit', async () => {
    const options = studyOptions(['stability', '--scenario', 'spin', '--methods', 'classical,modified', '--alpha', '-0.05', '--h-range', '0.005,0.05', '--t-end', '3']);
    if (options.kind !== 'stability') throw new Error('wrong study kind');
    const started: string[] = [];
    const pooled = await runStudyInThreads(options, (_k, _total, label) => started.push(label), { threads: 2 });
    const serial = stabilityStudy(buildScenarioModel(getScenario('spin'), options.values), options);
    expect(pooled.kind).toBe('stability');
    expect(bits(pooled.points)).toEqual(bits(serial));
    // The scan (0.005, 0.01, 0.02, 0.05 for each method), then the refinement of classical only: modified is stable over the range.
    expect(serial[0].runs).toBeGreaterThan(4);
    expect(serial[1].runs).toBe(4);
    expect(started).toHaveLength(serial[0].runs + serial[1].runs + 1);
    expect(started[started.length - 1]).toBe('done');
  });

  it('a user model\'s convergence study on 2 threads (each compiles the model\'s checked document) equals the serial study to the bit', async () => {
    const text = readFileSync(resolve(__dirname, '../../docs/examples/double-pendulum.json'), 'utf8');
    const parsed = parseStudyArgs(
      ['convergence', '--model', 'm.json', '--t-end', '0.1', '--steps', '0.01,0.005', '--sample-dt', '0.01', '--ref-h', '0.001'],
      { modelFiles: new Map([['m.json', { ok: true, text }]]) },
    );
    if (parsed.kind !== 'run' || parsed.options.kind !== 'convergence') throw new Error(JSON.stringify(parsed));
    const options = parsed.options;
    const pooled = await runStudyInThreads(options, undefined, { threads: 2 });
    const def = readCustomModel(text);
    if (!def?.ok) throw new Error('the example model does not read');
    const serial = convergenceStudy(buildScenarioModel(def.def, options.values), options);
    expect(pooled.points).toHaveLength(4);
    expect(bits(pooled.points)).toEqual(bits(serial));
  });

  it('the damping scan on 2 threads equals one thread\'s classification of every run to the bit', async () => {
    const options = studyOptions(['damping-scan', '--scenario', 'spin', '--methods', 'classical,generalized-alpha', '--alpha-step', '0.1', '--rho-step', '0.25', '--t-end', '3']);
    if (options.kind !== 'damping-scan') throw new Error('wrong study kind');
    const pooled = await runStudyInThreads(options, undefined, { threads: 2 });
    const model = buildScenarioModel(getScenario('spin'), options.values);
    const runs = dampingScanRuns(options);
    const serial = dampingScanPoints(runs, runs.map(({ run }) => classifyStabilityRun(model, run.settings, options.bounds)));
    expect(pooled.kind).toBe('damping-scan');
    expect(pooled.points).toHaveLength(5 + 5);
    expect(bits(pooled.points)).toEqual(bits(serial));
  });

  it('a failed reference rejects with ReferenceRunFailed', async () => {
    const options = studyOptions(['convergence', '--scenario', 'heavy-top', '--t-end', '0.5', '--steps', '1e-3', '--sample-dt', '1e-3', '--ref-h', '1e-4', '--ref-alpha', '0']);
    await expect(runStudyInThreads(options, undefined, { threads: 2 })).rejects.toBeInstanceOf(ReferenceRunFailed);
  });

  it('finds the TypeScript entry beside its module from source, and names the folder when there is none', () => {
    expect(studyWorkerEntry().pathname).toMatch(/\/src\/cli\/studyWorker\.ts$/);
    expect(() => studyWorkerEntry('file:///nowhere/sim.mjs')).toThrow(/no studyWorker\.mjs, \.js or \.ts beside \/nowhere\/sim\.mjs/);
  });
});
