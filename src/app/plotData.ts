/**
 * Small pure helpers for the plots: sample column indices, the energy-drift scale and
 * rounded axis domains. Tested in test/app/plotData.test.ts.
 */
import { SAMPLE_COLUMNS, SAMPLE_WIDTH } from '../solver/simulate';

type ColumnName = (typeof SAMPLE_COLUMNS)[number];

/** Index of each sample column by name, e.g. COLUMN.omega_x === 1. */
export const COLUMN = Object.fromEntries(SAMPLE_COLUMNS.map((name, k) => [name, k])) as Record<ColumnName, number>;

/** Below this |E₀| (J) the drift is shown in joules, not relative to E₀. */
export const ENERGY_FLOOR = 1e-12;

/**
 * The factor turning energy_error (J) into the plotted drift: 100/|E₀| for percent, or 1 for
 * joules when E₀ ≈ 0. E₀ is the energy of the first sample row.
 */
export function energyScale(res: { rows: { length: number; view(): Float64Array } }): { factor: number; unit: '%' | 'J' } {
  if (res.rows.length < SAMPLE_WIDTH) return { factor: 100, unit: '%' };
  const e0 = Math.abs(res.rows.view()[COLUMN.energy]);
  return e0 > ENERGY_FLOOR ? { factor: 100 / e0, unit: '%' } : { factor: 1, unit: 'J' };
}

/** A 1, 2 or 5 times a power of ten close to `rough`. Example: niceStep(13) === 10. */
export function niceStep(rough: number): number {
  const power = 10 ** Math.floor(Math.log10(rough));
  const m = rough / power;
  return (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10) * power;
}

/**
 * An axis domain around [lo, hi] rounded outward to a nice tick step (about 5 ticks), widened
 * when the range is (nearly) flat so a constant curve sits mid-plot.
 * Example: niceDomain([79.7, 153.6]) → [70, 160].
 */
export function niceDomain([lo, hi]: [number, number]): [number, number] {
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || lo > hi) return [-1, 1];
  const scale = Math.max(Math.abs(lo), Math.abs(hi));
  let span = hi - lo;
  if (span <= scale * 1e-9) {
    const pad = scale > 0 ? scale * 0.01 : 1;
    lo -= pad;
    hi += pad;
    span = hi - lo;
  }
  const step = niceStep(span / 5);
  return [Math.floor(lo / step) * step, Math.ceil(hi / step) * step];
}

/**
 * A tick formatter with just enough decimals for the tick step of `domain`, so a narrow
 * range (e.g. ω_y = 150 ± 1e-4) does not label every tick "150".
 * Example: tickFormatterFor([149.9999, 150.0001])(150.00005) === '150.00005'.
 */
export function tickFormatterFor([lo, hi]: readonly [number, number]): (v: number) => string {
  const span = hi - lo;
  const scale = Math.max(Math.abs(lo), Math.abs(hi));
  if (!(span > 0) || !Number.isFinite(span)) return (v) => String(v);
  const step = niceStep(span / 5);
  if (scale >= 1e5 || scale < 1e-3) return (v) => (v === 0 ? '0' : v.toExponential(Math.max(1, Math.min(6, Math.ceil(Math.log10(scale / step)) + 1))));
  const decimals = Math.max(0, Math.min(12, -Math.floor(Math.log10(step) + 1e-9)));
  return (v) => {
    const text = v.toFixed(decimals);
    return /^-0(\.0*)?$/.test(text) ? text.slice(1) : text;
  };
}
