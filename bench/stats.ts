/**
 * Repeated measurements for the benchmarks: each case runs `repeats` times and is reported by
 * its median and spread, so one disturbed run (other load on the machine) neither makes nor breaks a figure.
 */
import os from 'node:os';

export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
  /** (max − min) / median, in per cent. */
  readonly spreadPercent: number;
}

/** Median, extremes and relative spread of the samples (at least one). */
export function spreadOf(samples: readonly number[]): Spread {
  if (samples.length === 0) throw new RangeError('spreadOf: no samples');
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const median = s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
  return { median, min: s[0], max: s[s.length - 1], spreadPercent: (100 * (s[s.length - 1] - s[0])) / median };
}

/** The spread as JSON fields `<name>_median`, `<name>_min`, `<name>_max`, `<name>_spread_pct`, rounded to `digits`. */
export function spreadFields(name: string, samples: readonly number[], digits = 3): Record<string, number> {
  const { median, min, max, spreadPercent } = spreadOf(samples);
  return {
    [`${name}_median`]: +median.toFixed(digits),
    [`${name}_min`]: +min.toFixed(digits),
    [`${name}_max`]: +max.toFixed(digits),
    [`${name}_spread_pct`]: +spreadPercent.toFixed(1),
  };
}

/** Wall seconds and user-CPU seconds of one call (CPU time is less disturbed by other processes on a shared machine). */
export function timed<T>(f: () => T): { value: T; wallSeconds: number; cpuSeconds: number } {
  const cpu0 = process.cpuUsage().user;
  const start = process.hrtime.bigint();
  const value = f();
  const wallSeconds = Number(process.hrtime.bigint() - start) / 1e9;
  const cpuSeconds = (process.cpuUsage().user - cpu0) / 1e6;
  return { value, wallSeconds, cpuSeconds };
}

/** The machine line every benchmark prints first. */
export function machineLine(extra: Record<string, unknown> = {}): string {
  const cpus = os.cpus();
  return JSON.stringify({
    machine: cpus[0]?.model ?? 'unknown CPU', cores: cpus.length, node: process.version,
    platform: `${os.platform()} ${os.arch()}`, load_average_1min: +os.loadavg()[0].toFixed(2), ...extra,
  });
}
