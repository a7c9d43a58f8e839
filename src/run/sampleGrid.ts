/**
 * The rows of a run on its sample grid (plan.samples): the same rows, with the same t, whether the
 * worker or `sim` receives the solver's samples.
 */
import type { SampleSink } from '../solver/simulate';
import { DecimalMultiples } from './decimalTime';
import type { Emission, RunPlan } from './plan';

/**
 * One sample: the solver's row and coordinates q, and the row as written on the sample grid (t as the
 * grid time, see gridSink) when the sample is on the grid, else null. All reused: copy to keep.
 */
export type GridSampleSink = (row: Float64Array, q: Float64Array, gridRow: Float64Array | null) => void;

/**
 * Wraps a sink for the solver's samples of a plan (emitted as `emission` says). A sample is on the
 * grid at every `every`-th step and the last; its written row has t as the clean grid time n·h
 * (DecimalMultiples.snap: 0.0003, not 0.00030000000000000003). Adaptive samples are the solver's
 * landing times, all on the grid, written as they are.
 */
export function gridSink(plan: RunPlan, emission: Emission, sink: GridSampleSink): SampleSink {
  const { steps, samples } = plan;
  if (steps.kind === 'adaptive') return (row, q) => sink(row, q, row);
  // Sized by the first row: SAMPLE_WIDTH, then the model's outputs.
  let gridRow = new Float64Array(0);
  const times = new DecimalMultiples(steps.h);
  let index = 0;
  return (row, q) => {
    const step = index++;
    const onGrid = emission === 'grid' || step % samples.every === 0 || step === steps.count;
    if (!onGrid) return sink(row, q, null);
    if (gridRow.length !== row.length) gridRow = new Float64Array(row.length);
    gridRow.set(row);
    gridRow[0] = times.snap(row[0]);
    sink(row, q, gridRow);
  };
}
