/**
 * How well the equations removed as redundant held along a run, in a sentence for the run summary and `sim`'s
 * stderr (SPEC §8). What preparing the model did is said by modelfile/report.ts.
 */
import { formatNumber } from './validate';

/** How well the removed equations held along a run: their largest residual and when. */
export interface RemovedResidual {
  /** Number of removed equations (0: none). */
  readonly count: number;
  /** Largest |C| of them at a sample, m (or the equations' own unit). */
  readonly largest: number;
  /** Time of that sample, s. */
  readonly time: number;
}

/** "The 3 equations removed as redundant held to 2.1e-12 (largest residual, at t = 0.53 s)." */
export function removedResidualText(residual: RemovedResidual): string {
  const { count, largest, time } = residual;
  return `The ${count} equation${count === 1 ? '' : 's'} removed as redundant held to ${Number(largest.toPrecision(3))} (largest residual, at t = ${formatNumber(time)} s).`;
}
