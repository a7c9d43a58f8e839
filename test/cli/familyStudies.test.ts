/**
 * `sim study` over the method family: any of the five methods, each with its own parameter
 * (HHT α or ρ∞, SPEC §6), the ρ∞ sweep, the pool equal to the serial study to the bit with the Lie-group
 * stepper among the runs, and HHT-only studies printing what they printed before the family.
 */
import { describe, expect, it } from 'vitest';
import { parseStudyArgs } from '../../src/scenario/studyArgs';
import { DEFAULT_RHO } from '../../src/scenario/methods';
import { getScenario } from '../../src/scenario/registry';
import { convergenceStudy, parameterSweep } from '../../src/solver/studies/convergenceStudy';
import { runStudyInThreads } from '../../src/cli/studyPool';
import { formatConvergence, formatStudy, RHO_SWEEP_COLUMNS } from '../../src/run/studyFormat';
import { runStudyPool, studyJob, runStudyTask, type TaskWorker } from '../../src/run/studyTasks';
import { bits, studyOptions } from '../run/studyHelpers';
import { buildScenarioModel } from '../../src/scenario/build';

function errorMessage(argv: string[]): string {
  const command = parseStudyArgs(argv);
  if (command.kind !== 'error') throw new Error(`expected an error, got ${JSON.stringify(command)}`);
  return command.issue.message;
}

/** Workers that run each task in this thread (the pool's logic without threads). */
const inThread: TaskWorker[] = [{ run: async (task) => runStudyTask(task) }];

describe('sim study over the method family', () => {
  it('takes all five methods, each with its own parameter; ρ∞ defaults to 2/3, α to the scenario default', () => {
    const o = studyOptions(['convergence', '--scenario', 'spin', '--methods', 'classical,modified,generalized-alpha,lie-group,ji-xing', '--rho-inf', '0.5']);
    if (o.kind !== 'convergence') throw new Error('kind');
    expect(o.methods).toHaveLength(5);
    expect([o.alpha, o.rho]).toEqual([-0.3, 0.5]);
    const rhoOnly = studyOptions(['convergence', '--scenario', 'spin', '--methods', 'lie-group', '--ref-method', 'ji-xing']);
    if (rhoOnly.kind !== 'convergence') throw new Error('kind');
    expect([rhoOnly.alpha, rhoOnly.rho]).toEqual([undefined, DEFAULT_RHO]);
    expect(rhoOnly.reference).toEqual({ method: 'ji-xing', rho: DEFAULT_RHO, h: 1e-4 });
    const linked = studyOptions(['convergence', '--url', '?v=1&scenario=spin&methods=modified,generalized-alpha&alpha=-0.1&rho=0.25']);
    if (linked.kind !== 'convergence') throw new Error('kind');
    expect([linked.alpha, linked.rho]).toEqual([-0.1, 0.25]);
  });

  it('a parameter no selected method takes is bad input, named as written', () => {
    expect(errorMessage(['convergence', '--methods', 'classical,modified', '--rho-inf', '0.5'])).toMatch(/^--rho-inf 0\.5: classical, modified take --alpha, not ρ∞/);
    expect(errorMessage(['convergence', '--methods', 'lie-group', '--alpha', '-0.1'])).toMatch(/^--alpha -0\.1: lie-group takes --rho-inf, not HHT α/);
    expect(errorMessage(['convergence', '--methods', 'lie-group', '--set', 'alpha=-0.1'])).toMatch(/^--set alpha=-0\.1: lie-group takes --rho-inf/);
    expect(errorMessage(['convergence', '--ref-method', 'lie-group', '--ref-alpha', '-0.1'])).toMatch(/^--ref-alpha -0\.1: lie-group takes --ref-rho, not HHT α/);
    expect(errorMessage(['convergence', '--ref-rho', '0.5'])).toMatch(/^--ref-rho 0\.5: modified takes --ref-alpha, not ρ∞/);
    expect(errorMessage(['convergence', '--methods', 'ji-xing', '--rho-inf', '1.5'])).toMatch(/outside \[0, 1\]/);
    expect(errorMessage(['alpha-sweep', '--methods', 'classical,ji-xing'])).toMatch(/alpha-sweep runs classical, modified only; ji-xing takes the other parameter \(use rho-sweep\)/);
    expect(errorMessage(['rho-sweep', '--methods', 'modified'])).toMatch(/rho-sweep runs generalized-alpha, lie-group, ji-xing only; modified takes/);
    expect(errorMessage(['rho-sweep', '--rhos', '0,1.2'])).toMatch(/^--rhos 0,1\.2: '1\.2' is outside \[0, 1\]/);
  });

  it('the ρ∞ sweep: by default the three ρ∞ methods over ρ∞ = 0, 0.1, …, 1, with a rho column', () => {
    const o = studyOptions(['rho-sweep', '--scenario', 'spin']);
    if (o.kind !== 'rho-sweep') throw new Error('kind');
    expect(o.methods).toEqual(['generalized-alpha', 'lie-group', 'ji-xing']);
    expect(o.rhos).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);
    expect(RHO_SWEEP_COLUMNS[1]).toBe('rho');
  });

  it('pooled = serial to the bit for a mixed family convergence study and a ρ∞ sweep (2 worker threads)', async () => {
    const convergence = studyOptions(['convergence', '--scenario', 'heavy-top', '--methods', 'modified,lie-group,ji-xing,generalized-alpha', '--t-end', '0.05',
      '--steps', '1e-3,5e-4', '--ref-method', 'lie-group', '--ref-h', '1e-4']);
    const sweep = studyOptions(['rho-sweep', '--scenario', 'heavy-top', '--rhos', '0,0.5,1', '--h', '1e-3', '--t-end', '0.2']);
    if (convergence.kind !== 'convergence' || sweep.kind !== 'rho-sweep') throw new Error('kinds');
    const [pooledConvergence, pooledSweep] = await Promise.all([runStudyInThreads(convergence, undefined, { threads: 2 }), runStudyInThreads(sweep, undefined, { threads: 2 })]);
    const serialConvergence = convergenceStudy(buildScenarioModel(getScenario('heavy-top'), convergence.values), convergence);
    const serialSweep = parameterSweep(buildScenarioModel(getScenario('heavy-top'), sweep.values), 'rho', sweep.methods, sweep.rhos, sweep.h, sweep.tEnd);
    expect(pooledConvergence.points).toHaveLength(8);
    expect(bits(pooledConvergence.points)).toEqual(bits(serialConvergence));
    expect(pooledSweep.points).toHaveLength(9);
    expect(bits(pooledSweep.points)).toEqual(bits(serialSweep));
    expect(serialSweep.map((p) => p.rho)).toEqual([0, 0.5, 1, 0, 0.5, 1, 0, 0.5, 1]);
    // The Lie group keeps ω_y of the heavy top at 150 rad/s (Brüls, Cardona & Arnold 2012) at every ρ∞.
    for (const p of serialSweep.filter((q) => q.method === 'lie-group')) expect(Math.abs(p.finalOmega[1] - 150)).toBeLessThan(1e-9);
  }, 120_000);

  it('second order for the ρ∞ methods on the heavy top (e_ω against a Lie-group reference)', async () => {
    const o = studyOptions(['convergence', '--scenario', 'heavy-top', '--methods', 'generalized-alpha,lie-group,ji-xing', '--t-end', '0.2',
      '--steps', '1e-3,5e-4,2.5e-4', '--ref-method', 'lie-group', '--ref-h', '2.5e-5']);
    const study = await runStudyPool(studyJob(o), inThread);
    if (study.kind !== 'convergence') throw new Error('kind');
    const finest = (method: string) => study.points.filter((p) => p.method === method).at(-1)!.omegaOrder;
    for (const method of ['generalized-alpha', 'lie-group', 'ji-xing']) expect(Math.abs(finest(method) - 2)).toBeLessThan(0.15);
    expect(formatStudy(o, study).split('\n')[0]).toBe('method,h,omega_error,omega_order,position_error,position_order,failure');
  }, 120_000);

  it('an HHT-only study prints its JSON head as before the family: alpha, no rho, reference {method, alpha, h}', () => {
    const o = studyOptions(['convergence', '--scenario', 'spin', '--format', 'json']);
    if (o.kind !== 'convergence') throw new Error('kind');
    const head = JSON.parse(formatConvergence(o, []));
    expect(Object.keys(head)).toEqual(['study', 'scenario', 'params', 'methods', 'alpha', 'steps', 'tEnd', 'sampleDt', 'reference', 'totalSteps', 'columns', 'rows']);
    expect(head.reference).toEqual({ method: 'modified', alpha: 0, h: 1e-4 });
    const mixed = studyOptions(['convergence', '--scenario', 'spin', '--methods', 'classical,lie-group', '--format', 'json']);
    if (mixed.kind !== 'convergence') throw new Error('kind');
    expect(JSON.parse(formatConvergence(mixed, []))).toMatchObject({ alpha: -0.3, rho: DEFAULT_RHO });
  });
});
