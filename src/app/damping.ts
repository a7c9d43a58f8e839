/**
 * "Numerical damping explained": the spectral radius and period error of HHT on the linear
 * oscillator over Ωh (hhtStability.ts), and the frequencies present in a run — the peaks of the
 * amplitude spectrum of the primary body's Euler parameters (spectrum.ts) — placed on that axis
 * as Ωh. Pure; tested in test/app/damping.test.ts.
 */
import { COORDS_PER_BODY } from '../solver/model/types';
import { SAMPLE_WIDTH } from '../solver/simulate';
import { oscillatorResponse } from '../solver/studies/hhtStability';
import { amplitudeSpectrum, dominantFrequencies, type Spectrum } from '../solver/studies/spectrum';

/** The Ωh axis of the damping plot: decades from 1e-3 to 1e3. */
export const OMEGA_H_RANGE: readonly [number, number] = [1e-3, 1e3];

export interface DampingPoint {
  /** Ωh. */
  readonly wh: number;
  readonly spectralRadius: number;
  /** Relative period error in per cent; absent where the principal roots are real. */
  readonly periodErrorPercent?: number;
}

/** ρ and the period error at `count` log-spaced Ωh over OMEGA_H_RANGE. */
export function dampingCurve(alpha: number, count = 181): DampingPoint[] {
  const [lo, hi] = OMEGA_H_RANGE.map(Math.log10);
  return Array.from({ length: count }, (_, k) => {
    const wh = 10 ** (lo + ((hi - lo) * k) / (count - 1));
    const { spectralRadius, periodError } = oscillatorResponse(alpha, wh);
    return Number.isFinite(periodError) && periodError > 0
      ? { wh, spectralRadius, periodErrorPercent: 100 * periodError }
      : { wh, spectralRadius };
  });
}

/** A frequency found in a run: Ω (rad/s), Ωh, and what HHT does to it per step and over the run. */
export interface RunFrequency {
  readonly omega: number;
  readonly wh: number;
  readonly spectralRadius: number;
  /** ρ^N over the N steps of the run: the amplitude factor numerical damping alone would leave. */
  readonly overRun: number;
}

/** Smallest peak kept, relative to the largest (weaker ones are window leakage and noise). */
export const PEAK_FLOOR = 0.05;

/**
 * Frequencies of the primary body's Euler parameters in uniformly spaced poses: the amplitude
 * spectra of e0…e3 summed, its largest peaks (at most `count`, each ≥ PEAK_FLOOR of the
 * largest). `rows` are the poses' sample rows (time in column 0); a trailing pose off the
 * uniform grid is left out. Empty when there are fewer than 16 poses.
 */
export function eulerFrequencies(rows: Float64Array, poses: Float64Array, coordinates: number, primaryBody: number, count = 3): number[] {
  const n = Math.min(rows.length / SAMPLE_WIDTH, poses.length / coordinates);
  if (n < 16) return [];
  const dt = rows[SAMPLE_WIDTH] - rows[0];
  let uniform = n;
  const lastGap = rows[(n - 1) * SAMPLE_WIDTH] - rows[(n - 2) * SAMPLE_WIDTH];
  if (Math.abs(lastGap - dt) > 1e-6 * dt) uniform = n - 1;
  const offset = primaryBody * COORDS_PER_BODY + 3;
  let summed: Spectrum | null = null;
  for (let k = 0; k < 4; k++) {
    const signal = Float64Array.from({ length: uniform }, (_, i) => poses[i * coordinates + offset + k]);
    const s = amplitudeSpectrum(signal, dt);
    if (!summed) summed = { omega: s.omega, amplitude: Float64Array.from(s.amplitude) };
    else for (let b = 0; b < s.amplitude.length; b++) summed.amplitude[b] += s.amplitude[b];
  }
  const spectrum = summed!;
  const peaks = dominantFrequencies(spectrum, count);
  if (peaks.length === 0) return [];
  const bin = spectrum.omega[1];
  const amplitudeAt = (w: number) => spectrum.amplitude[Math.round(w / bin)];
  const top = amplitudeAt(peaks[0]);
  return peaks.filter((w) => amplitudeAt(w) >= PEAK_FLOOR * top);
}

/** Where frequencies Ω of a run with step h and N steps sit on the damping curve. */
export function placeFrequencies(omegas: readonly number[], alpha: number, h: number, steps: number): RunFrequency[] {
  return omegas.map((omega) => {
    const wh = omega * h;
    const { spectralRadius } = oscillatorResponse(alpha, wh);
    return { omega, wh, spectralRadius, overRun: spectralRadius ** steps };
  });
}
