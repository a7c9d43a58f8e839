/** The numbers written over the 3D view (pure, so they are unit-tested). */
import { SAMPLE_COLUMNS, SAMPLE_WIDTH } from '../../../solver/simulate';
import { rowIndexAt } from '../../poses';
import type { OmegaComponent } from '../../store';
import { formatTime } from '../../runs';

/**
 * The ω component at time t (the last sample at or before t), as the readout writes it;
 * '–' before the first sample; `compact`: the number alone (the list's heading names ω and its unit).
 * Example: rows of one sample with ω_y = 150 → 'ωy = 150.00 rad/s' ('150.00' compact).
 */
export function omegaReadout(rows: Float64Array | undefined, component: OmegaComponent, t: number, compact = false): string {
  if (!rows || rows.length < SAMPLE_WIDTH) return compact ? '–' : `ω${component} = –`;
  const column = SAMPLE_COLUMNS.indexOf(`omega_${component}`);
  const value = rows[rowIndexAt(rows, t) * SAMPLE_WIDTH + column];
  return compact ? value.toFixed(2) : `ω${component} = ${value.toFixed(2)} rad/s`;
}

/**
 * What the readout says past the end of a failed run instead of its value: the run has no state after the time it
 * failed at, so its last ω would read as if it went on. Null while t is within the run (or the run did not fail).
 * Example: failedReadout(1.28, 2) → 'failed at t = 1.28 s'; failedReadout(1.28, 1) → null.
 */
export function failedReadout(failedAt: number | null, t: number): string | null {
  return failedAt !== null && t > failedAt ? `failed at t = ${formatTime(failedAt)} s` : null;
}

/** Index of the last row (of `width` values, time first) at or before t; 0 before the first. */
function rowAt(rows: Float64Array, width: number, t: number): number {
  const count = Math.floor(rows.length / width);
  if (count === 0 || !(t > rows[0])) return 0;
  let lo = 0;
  let hi = count - 1;
  if (t >= rows[hi * width]) return hi;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (rows[mid * width] <= t) lo = mid;
    else hi = mid;
  }
  return lo;
}

/**
 * A model output at time t (the last full row at or before t: rows of `width` values, the outputs after the
 * SAMPLE_WIDTH standard columns), for the readout when the plots show that output in ω's place; four significant
 * digits. Example: x_B0 = 0.8415 at t → 'x_B0 = 0.8415 m' ('0.8415' compact).
 */
export function outputReadout(rows: Float64Array | undefined, width: number, output: { readonly name: string; readonly unit: string; readonly index: number }, t: number, compact = false): string {
  const column = SAMPLE_WIDTH + output.index;
  if (!rows || column >= width || rows.length < width) return compact ? '–' : `${output.name} = –`;
  const value = rows[rowAt(rows, width, t) * width + column];
  const text = Number.isFinite(value) ? value.toPrecision(4) : '–';
  return compact ? text : `${output.name} = ${text}${output.unit ? ` ${output.unit}` : ''}`;
}
