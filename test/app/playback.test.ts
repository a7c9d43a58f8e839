import { afterEach, describe, expect, it } from 'vitest';
import { playableEnd } from '../../src/app/playback';
import { clearResults, results, type MethodResults } from '../../src/app/runs';
import { Float64Builder } from '../../src/run/float64Builder';
import { SAMPLE_WIDTH } from '../../src/solver/sampleColumns';

/** Results of one method with sample rows at `times` (and a pose each), plus `extra` values after the last row. */
function shown(times: readonly number[], extra: readonly number[] = []): MethodResults {
  const rows = new Float64Builder();
  const poses = new Float64Builder();
  for (const t of times) {
    const row = new Float64Array(SAMPLE_WIDTH);
    row[0] = t;
    row[1] = 100 + t;
    rows.append(row);
    poses.append([0, 0, 0, 1, 0, 0, 0]);
  }
  rows.append(extra);
  return { rows, poses, coordinates: 7 } as unknown as MethodResults;
}

describe('playableEnd', () => {
  afterEach(clearResults);

  it('is the time of the latest sample any shown method has a pose for', () => {
    results.current = { classical: shown([0, 0.5, 1]), modified: shown([0, 0.5, 1, 1.5, 2]) };
    expect(playableEnd()).toBe(2);
  });

  it('reads whole rows only: values after the last whole row never pass for a time', () => {
    // A stray partial row (e.g. a model's outputs written after the last sample) ends in values such as 0.3.
    results.current = { classical: shown([0, 5, 10], [10, 101, 0, 0.3]) };
    expect(playableEnd()).toBe(10);
  });

  it('is 0 before any sample', () => {
    expect(playableEnd()).toBe(0);
    results.current = { classical: shown([]) };
    expect(playableEnd()).toBe(0);
  });
});
