/**
 * Small pure helpers for the plots: sample column indices, the energy-drift scale and
 * rounded axis domains. Tested in test/app/plotData.test.ts.
 */
import { SAMPLE_WIDTH } from '../solver/sampleColumns';
import { SERIES_COLUMNS } from '../worker/protocol';

type ColumnName = (typeof SERIES_COLUMNS)[number];

/**
 * Index of each series column by name (the sample columns, then the invariant monitors), which
 * is also the index into a sample row for the sample columns, e.g. COLUMN.omega_x === 1.
 */
export const COLUMN = Object.fromEntries(SERIES_COLUMNS.map((name, k) => [name, k])) as Record<ColumnName, number>;

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

/**
 * Whether a scenario starts from rest (every initial angular velocity zero, e.g. the V8 under
 * its torque): then E₀ is no scale for the energy error (it is the potential energy of an
 * arbitrary datum, or zero), so the drift is plotted in joules.
 */
export function startsFromRest(values: Readonly<Record<string, readonly number[]>>): boolean {
  const omega0 = values.omega0;
  return omega0 !== undefined && omega0.every((w) => w === 0);
}

/** How the energy error is plotted: its factor from joules, unit and axis label. */
export interface EnergyMetric {
  readonly factor: number;
  readonly unit: '%' | 'J';
  readonly label: string;
}

/**
 * The energy metric of a run: E − E₀ − W in joules when it starts from rest (the V8: the work W
 * of the torque is the energy that matters, and E₀ ≈ 0 made the old percentage −1.2e5 %) or
 * when E₀ ≈ 0; otherwise in percent of |E₀| (Sherif Fig. 5). Decided from the state and the
 * first row, so the unit never changes while a run streams.
 */
export function energyMetric(res: { state: { values: Readonly<Record<string, readonly number[]>> }; rows: { length: number; view(): Float64Array } }): EnergyMetric {
  const { factor, unit } = startsFromRest(res.state.values) ? { factor: 1, unit: 'J' as const } : energyScale(res);
  return { factor, unit, label: unit === '%' ? '(E−E₀−W)/|E₀| (%)' : 'E−E₀−W (J)' };
}

/**
 * The difference a(t) − b(t) of column `column` of two runs' sample rows (SAMPLE_WIDTH each),
 * at the times of `a`, with b interpolated linearly between its samples (exact where the times
 * agree, as on a fixed step); times outside b's range and non-finite values are left out.
 * Example: with a = ω 1, 2, 3 and b = ω 1, 1, 1 at t = 0, 1, 2 → [{t: 0, v: 0}, {t: 1, v: 1}, {t: 2, v: 2}].
 */
export function differenceSeries(a: Float64Array, b: Float64Array, column: number): PairPoint[] {
  const points: PairPoint[] = [];
  const nb = Math.floor(b.length / SAMPLE_WIDTH);
  if (nb === 0) return points;
  let j = 0;
  for (let i = 0; i + SAMPLE_WIDTH <= a.length; i += SAMPLE_WIDTH) {
    const t = a[i];
    while (j + 1 < nb && b[(j + 1) * SAMPLE_WIDTH] <= t) j++;
    const t0 = b[j * SAMPLE_WIDTH];
    let other: number;
    if (t === t0) other = b[j * SAMPLE_WIDTH + column];
    else if (j + 1 < nb && t > t0) {
      const t1 = b[(j + 1) * SAMPLE_WIDTH];
      const s = (t - t0) / (t1 - t0);
      other = b[j * SAMPLE_WIDTH + column] + s * (b[(j + 1) * SAMPLE_WIDTH + column] - b[j * SAMPLE_WIDTH + column]);
    } else continue;
    const v = a[i + column] - other;
    if (Number.isFinite(v)) points.push({ t, v });
  }
  return points;
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

/** A value as 12 significant digits, so k·step prints 0.3, not 0.30000000000000004. */
const tidy = (x: number): number => (x === 0 ? 0 : Number(x.toPrecision(12)));

/** The next coarser 1-2-5 step. Example: coarserStep(2e-3) === 5e-3. */
function coarserStep(step: number): number {
  const power = 10 ** Math.floor(Math.log10(step) + 1e-9);
  const m = Math.round(step / power);
  return tidy((m === 1 ? 2 : m === 2 ? 5 : 10) * power);
}

/**
 * Ticks at whole multiples of a 1-2-5 step inside `domain`: the nice step of the domain (the one
 * tickFormatterFor formats for), made coarser until at most `maxCount` ticks remain (what fits
 * the axis's height), so an axis never reads 92.5 or 137.14 and labels never overprint.
 * Example: niceTicks([70, 160]) → [80, 100, 120, 140, 160]; niceTicks([70, 160], 3) → [100, 150].
 */
export function niceTicks([lo, hi]: readonly [number, number], maxCount = 11): number[] {
  if (!(hi > lo) || !Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  let step = niceStep((hi - lo) / 5);
  const count = (s: number) => Math.floor(hi / s + 1e-9) - Math.ceil(lo / s - 1e-9) + 1;
  while (count(step) > Math.max(2, maxCount)) step = coarserStep(step);
  const ticks: number[] = [];
  for (let k = Math.ceil(lo / step - 1e-9); k <= Math.floor(hi / step + 1e-9); k++) ticks.push(tidy(k * step));
  return ticks;
}

/**
 * How many tick labels of `fontSize` px fit a y axis of `height` px (the chart's height less
 * its legend and x axis), at least 2. Example: ticksThatFit(200, 11) === 6.
 */
export function ticksThatFit(height: number, fontSize: number): number {
  const plot = height - 3 * fontSize - 40;
  return Math.max(2, Math.floor(plot / (fontSize * 2.2)) + 1);
}

/**
 * The y domain of an axis while its curves still grow: it never shrinks, and when the data
 * leave it, it grows past them by half the new span (linear axes) or to the union of the
 * decades (log axes), so a streaming plot rescales a few times, not on every redraw.
 * `tight` is the domain the data alone would get. Example: grownDomain([0, 10], [0, 12], false) → [0, 20].
 */
export function grownDomain(previous: readonly [number, number] | null, tight: [number, number], log: boolean): [number, number] {
  if (!previous) return tight;
  const [pLo, pHi] = previous;
  if (tight[0] >= pLo && tight[1] <= pHi) return [pLo, pHi];
  const lo = Math.min(pLo, tight[0]);
  const hi = Math.max(pHi, tight[1]);
  if (log) return [lo, hi];
  const headroom = (hi - lo) / 2;
  return niceDomain([tight[0] < pLo ? lo - headroom : lo, tight[1] > pHi ? hi + headroom : hi]);
}

/**
 * Characters of the longest tick label → width of a y axis in px (tick text, its gap and the
 * rotated axis label), so long labels such as −1.2e+5 never run into the axis title.
 */
export function axisWidth(labels: readonly string[], fontSize: number): number {
  const chars = Math.max(3, ...labels.map((l) => l.length));
  return Math.ceil(chars * fontSize * 0.62 + fontSize * 1.6 + 10);
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

/** Revolutions per minute per rad/s. Example: 100 rad/s · RPM_PER_RAD_S ≈ 954.9 rpm. */
export const RPM_PER_RAD_S = 60 / (2 * Math.PI);

/** 10^k exactly as written (10 ** -4 is 0.00009999999999999999). */
const decade = (k: number): number => Number(`1e${k}`);

/**
 * Whole decades [10^a, 10^b] strictly around the positive range [lo, hi] for a log axis, so no
 * line runs along the frame (a fixed step sits mid-plot).
 * Example: logDomain([6e-4, 1.4e-3]) → [1e-4, 1e-2]; logDomain([1e-4, 1e-4]) → [1e-5, 1e-3].
 */
export function logDomain([lo, hi]: [number, number]): [number, number] {
  if (!(lo > 0) || !(hi >= lo) || !Number.isFinite(hi)) return [1e-6, 1];
  const a = Math.ceil(Math.log10(lo) - 1e-9) - 1;
  const b = Math.floor(Math.log10(hi) + 1e-9) + 1;
  return [decade(a), decade(b)];
}

/**
 * [min, max] of the positive finite values, for logDomain ([NaN, NaN] when there is none, which
 * logDomain turns into its fallback). Example: logDomain(positiveRange([3e-4, 2e-2])) → [1e-4, 1e-1].
 */
export function positiveRange(values: readonly number[]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    if (!(v > 0) || !Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : [NaN, NaN];
}

/** Decade ticks of a logDomain, every k-th decade so there are at most `maxCount` (default six). Example: logTicks([1e-5, 1e-3]) → [1e-5, 1e-4, 1e-3]. */
export function logTicks([lo, hi]: readonly [number, number], maxCount = 6): number[] {
  const a = Math.round(Math.log10(lo));
  const b = Math.round(Math.log10(hi));
  const every = Math.max(1, Math.ceil((b - a) / Math.max(1, maxCount - 1)));
  const ticks: number[] = [];
  for (let k = a; k <= b; k += every) ticks.push(decade(k));
  return ticks;
}

/** A plotted point: time, the main value `v` and a second value `w` (either may be absent). */
export interface PairPoint {
  t: number;
  v?: number;
  w?: number;
}

/**
 * Merges two decimated (t, value) series, interleaved pairs in time order, into points by time:
 * `v` from the first, `w` from the second. Non-finite values are left out (never plotted), and
 * so are values ≤ 0 of the first when `positiveV`, of the second when `positiveW` (log axes).
 * Example: mergePairs([0, 1, 2, 3], [0, 5, 1, 6]) → [{t: 0, v: 1, w: 5}, {t: 1, w: 6}, {t: 2, v: 3}].
 */
export function mergePairs(a: ArrayLike<number>, b: ArrayLike<number>, positiveV = false, positiveW = false): PairPoint[] {
  const points: PairPoint[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const ta = i < a.length ? a[i] : Infinity;
    const tb = j < b.length ? b[j] : Infinity;
    const point: PairPoint = { t: Math.min(ta, tb) };
    if (ta === point.t) {
      const v = a[i + 1];
      if (Number.isFinite(v) && (!positiveV || v > 0)) point.v = v;
      i += 2;
    }
    if (tb === point.t) {
      const w = b[j + 1];
      if (Number.isFinite(w) && (!positiveW || w > 0)) point.w = w;
      j += 2;
    }
    points.push(point);
  }
  return points;
}
