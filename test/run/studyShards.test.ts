/**
 * A study split into parts (run/studyShards.ts, SPEC §3): for every kind, the parts of `--shard K/N` joined by
 * `merge` give the points of the unsharded study to the bit (failed runs, NaN and −0 included), whatever order the
 * parts come in; on a shipped model and on a user's model. The part document round-trips every number; merge
 * refuses parts of different studies, a part twice, a missing part and text that is no part, each with a sentence.
 * The pool's workers are in-process (the real message path); test/cli/studyShards.test.ts runs `sim`.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import '../../src/scenario/custom';
import { bits } from './studyHelpers';
import { parseStudyArgs, type StudyOptions } from '../../src/scenario/studyArgs';
import { handleStudyTask, runStudyPool, studyJob, taskChannel, type TaskWorker } from '../../src/run/studyTasks';
import { mergeParts, partText, readPart, shardJob, shardUnits, type StudyPart } from '../../src/run/studyShards';
import { formatStudy } from '../../src/run/studyFormat';

const MODEL = readFileSync(resolve(__dirname, '../../docs/examples/double-pendulum.json'), 'utf8');

function options(argv: string[]): StudyOptions {
  const parsed = parseStudyArgs(argv, { modelFiles: new Map([['double-pendulum.json', { ok: true, text: MODEL }]]) });
  if (parsed.kind !== 'run') throw new Error(JSON.stringify(parsed));
  return parsed.options;
}

/** In-process workers through the real message path (structured clone both ways). */
function workers(count: number): TaskWorker[] {
  return Array.from({ length: count }, () => {
    const channel = taskChannel(1, (request) => setTimeout(() => handleStudyTask(structuredClone(request), (reply) => channel.receive(structuredClone(reply)))));
    return channel.worker;
  });
}

/** Every part of `parts` computed and printed as `sim study … --shard K/N` prints it, read back. */
async function partsOf(study: StudyOptions, parts: number): Promise<StudyPart[]> {
  const read: StudyPart[] = [];
  for (let part = 1; part <= parts; part++) {
    const shard = { part, parts };
    const text = partText({ ...study, shard }, shard, await runStudyPool(shardJob(study, shard), workers(2)));
    const back = readPart(text);
    if (typeof back === 'string') throw new Error(back);
    read.push(back);
  }
  return read;
}

const CASES: readonly (readonly [string, string[], number])[] = [
  // Modified HHT at α = 0 fails on the heavy top (SPEC §5): failed runs, NaN errors and orders travel through the parts.
  ['convergence, heavy top, a failing method', ['convergence', '--scenario', 'heavy-top', '--methods', 'modified,generalized-alpha', '--alpha', '0', '--t-end', '0.4', '--steps', '2e-3,1e-3,5e-4', '--sample-dt', '2e-3', '--ref-h', '1e-4', '--ref-alpha', '-0.2'], 4],
  ['convergence, user model', ['convergence', '--model', 'double-pendulum.json', '--t-end', '0.1', '--steps', '0.01,0.005,0.0025', '--sample-dt', '0.01', '--ref-h', '0.0005'], 3],
  ['α sweep, heavy top (α = 0 fails), −0 among the values', ['alpha-sweep', '--scenario', 'heavy-top', '--alphas', '-0.3,-0.1,-0', '--h', '1e-3', '--t-end', '0.4'], 4],
  ['ρ∞ sweep, user model', ['rho-sweep', '--model', 'double-pendulum.json', '--rho-steps', '3', '--h', '0.005', '--t-end', '0.1', '--format', 'json'], 2],
  ['damping scan, user model', ['damping-scan', '--model', 'double-pendulum.json', '--methods', 'classical,modified,lie-group', '--alpha-step', '0.1', '--rho-step', '0.5', '--h', '0.01', '--t-end', '0.3'], 3],
  ['stability, user model', ['stability', '--model', 'double-pendulum.json', '--methods', 'classical,modified,generalized-alpha', '--h-range', '0.01,0.2', '--t-end', '0.3'], 3],
];

describe('a study split into parts', () => {
  for (const [name, argv, parts] of CASES) {
    it(`${name}: ${parts} parts merged in any order give the unsharded points and table to the bit`, async () => {
      const study = options(argv);
      const whole = await runStudyPool(studyJob(study), workers(2));
      const read = await partsOf(study, parts);
      const merged = mergeParts([...read].reverse());
      if (typeof merged === 'string') throw new Error(merged);
      expect(bits(merged.points)).toEqual(bits(whole));
      if (name.includes('fail')) {
        const points = merged.points.points as readonly { failure: unknown }[];
        expect(points.some((p) => p.failure !== null) && points.some((p) => p.failure === null)).toBe(true);
      }
      expect(formatStudy(merged.options, merged.points)).toBe(formatStudy(study, whole));
    });
  }

  it('the units of part K of N: every N-th from K − 1, disjoint, together all of them', () => {
    expect(shardUnits(7, { part: 1, parts: 3 })).toEqual([0, 3, 6]);
    expect(shardUnits(7, { part: 3, parts: 3 })).toEqual([2, 5]);
    const all = [1, 2, 3].flatMap((part) => shardUnits(7, { part, parts: 3 })).sort();
    expect(all).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('--shard is checked: K/N with 1 ≤ K ≤ N, and no more parts than the study has units', () => {
    const message = (argv: string[]) => {
      const parsed = parseStudyArgs(argv);
      return parsed.kind === 'error' ? parsed.issue.message : JSON.stringify(parsed);
    };
    expect(message(['stability', '--scenario', 'spin', '--shard', '3/2'])).toBe('--shard 3/2 must be K/N, whole numbers with 1 ≤ K ≤ N (part K of N)');
    expect(message(['stability', '--scenario', 'spin', '--shard', 'x'])).toBe('--shard x must be K/N, whole numbers with 1 ≤ K ≤ N (part K of N)');
    expect(message(['stability', '--scenario', 'spin', '--shard', '1/3'])).toBe('--shard 1/3: this stability study has 2 methods to split; use at most 2 parts');
    const parsed = parseStudyArgs(['alpha-sweep', '--scenario', 'spin', '--alpha-steps', '3', '--shard', '2/6']);
    expect(parsed.kind === 'run' && parsed.options.shard).toEqual({ part: 2, parts: 6 });
  });

  it('merge refuses a part of another study, a part twice, a missing part and a file that is no part', async () => {
    const a = await partsOf(options(['alpha-sweep', '--scenario', 'spin', '--alphas', '-0.1,0', '--methods', 'modified', '--t-end', '0.1']), 2);
    const b = await partsOf(options(['alpha-sweep', '--scenario', 'spin', '--alphas', '-0.2,0', '--methods', 'modified', '--t-end', '0.1']), 2);
    expect(mergeParts([a[0], b[1]])).toBe('part 2/2 is a part of another study than part 1/2');
    expect(mergeParts([a[0], a[0]])).toBe('part 1/2 is given twice');
    expect(mergeParts([a[1]])).toBe('part 1/2 missing');
    expect(readPart('{"rows": []}')).toBe('not a study part (expected "part": "hht-study-part/1"): write it with sim study … --shard K/N');
    expect(readPart('method,alpha\n')).toBe('not a study part (not JSON): write it with sim study … --shard K/N');
    // The model file a part was computed from is part of the study: the same model from two places is one study.
    const fromFile = options(['stability', '--model', 'double-pendulum.json', '--h-range', '0.05,0.1', '--t-end', '0.1', '--shard', '1/2']);
    const fromLink = { ...fromFile, modelSource: 'https://example.org/m.json' };
    expect(partText(fromFile, fromFile.shard!, [])).toBe(partText(fromLink, fromLink.shard!, []));
  });
});
