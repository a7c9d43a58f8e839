import { describe, expect, it } from 'vitest';
import { parseStudyArgs, type StudyOptions } from '../../src/scenario/studyArgs';
import { runStudyRequest } from '../../src/worker/studyHandler';
import type { StudyReply } from '../../src/worker/studyProtocol';

function options(argv: string[]): StudyOptions {
  const parsed = parseStudyArgs(argv);
  if (parsed.kind !== 'run') throw new Error(JSON.stringify(parsed));
  return parsed.options;
}

function run(argv: string[]): StudyReply[] {
  const replies: StudyReply[] = [];
  runStudyRequest({ kind: 'run-study', id: 7, options: options(argv) }, (r) => replies.push(r));
  return replies;
}

describe('study worker handler', () => {
  it('reports progress before each run, then the convergence points', () => {
    const replies = run(['convergence', '--scenario', 'spin', '--t-end', '0.2', '--steps', '0.01,0.005', '--ref-h', '0.001']);
    const progress = replies.filter((r) => r.kind === 'progress');
    expect(progress[0]).toEqual({ kind: 'progress', id: 7, done: 0, total: 5, label: 'reference' });
    expect(progress[progress.length - 1]).toMatchObject({ done: 5, total: 5 });
    const last = replies[replies.length - 1];
    expect(last.kind).toBe('convergence');
    if (last.kind !== 'convergence') return;
    expect(last.points.map((p) => [p.method, p.h])).toEqual([['classical', 0.01], ['classical', 0.005], ['modified', 0.01], ['modified', 0.005]]);
    expect(last.points.every((p) => p.omegaError > 0 && p.failure === null)).toBe(true);
  });

  it('runs an α sweep', () => {
    const last = run(['alpha-sweep', '--scenario', 'spin', '--t-end', '0.5', '--alphas', '-0.3,0']).pop()!;
    expect(last.kind).toBe('alpha-sweep');
    if (last.kind === 'alpha-sweep') expect(last.points.find((p) => p.method === 'modified' && p.alpha === 0)!.finalOmega[0]).toBeCloseTo(12.5, 9);
  });

  it('names a failed reference run instead of returning points', () => {
    // The heavy top at α = 0 diverges (SPEC §5), so a reference at α = 0 fails.
    const last = run(['convergence', '--scenario', 'heavy-top', '--t-end', '0.5', '--steps', '1e-3', '--sample-dt', '1e-3', '--ref-h', '1e-4', '--ref-alpha', '0']).pop()!;
    expect(last).toMatchObject({ kind: 'failed', id: 7 });
    if (last.kind === 'failed') expect(last.reason).toMatch(/^the reference run \(modified, α = 0, h = 0\.0001\) failed at t = /);
  });
});
