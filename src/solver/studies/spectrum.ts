/**
 * Amplitude spectrum of a uniformly sampled signal (radix-2 FFT after removing the mean and a Hann
 * window), used to mark the frequencies present in a run — e.g. of the primary body's Euler parameters —
 * on the HHT damping curve.
 */
import { cos, hypot, sin } from '../exactMath';

/** In-place iterative radix-2 FFT of (re, im), length a power of two. */
export function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  if ((n & (n - 1)) !== 0 || n !== im.length) throw new Error('fft needs two arrays of the same power-of-two length');
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) { [re[i], re[j]] = [re[j], re[i]]; [im[i], im[j]] = [im[j], im[i]]; }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const ang = (-2 * Math.PI) / len, wr = cos(ang), wi = sin(ang);
    for (let i = 0; i < n; i += len) {
      let cr = 1, ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k, b = a + len / 2;
        const tr = re[b] * cr - im[b] * ci, ti = re[b] * ci + im[b] * cr;
        re[b] = re[a] - tr; im[b] = im[a] - ti;
        re[a] += tr; im[a] += ti;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr; cr = ncr;
      }
    }
  }
}

export interface Spectrum {
  /** Angular frequencies of the bins, rad/s. */
  readonly omega: Float64Array;
  readonly amplitude: Float64Array;
}

/** One-sided amplitude spectrum of samples x taken every dt seconds (the last power of two of them). */
export function amplitudeSpectrum(x: ArrayLike<number>, dt: number): Spectrum {
  let n = 1;
  while (n * 2 <= x.length) n *= 2;
  const re = new Float64Array(n), im = new Float64Array(n);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += x[i] / n;
  for (let i = 0; i < n; i++) re[i] = (x[i] - mean) * (0.5 - 0.5 * cos((2 * Math.PI * i) / (n - 1)));
  fft(re, im);
  const half = n / 2;
  const omega = new Float64Array(half), amplitude = new Float64Array(half);
  for (let k = 0; k < half; k++) {
    omega[k] = (2 * Math.PI * k) / (n * dt);
    amplitude[k] = (2 * hypot(re[k], im[k])) / n;
  }
  return { omega, amplitude };
}

/** The angular frequencies of the `count` largest local maxima of a spectrum, largest first. */
export function dominantFrequencies(s: Spectrum, count: number): number[] {
  const peaks: [number, number][] = [];
  for (let k = 1; k < s.amplitude.length - 1; k++) {
    if (s.amplitude[k] > s.amplitude[k - 1] && s.amplitude[k] >= s.amplitude[k + 1]) peaks.push([s.amplitude[k], s.omega[k]]);
  }
  return peaks.sort((a, b) => b[0] - a[0]).slice(0, count).map((p) => p[1]);
}

/** Smallest peak kept, relative to the largest (weaker ones are window leakage and noise). */
export const PEAK_FLOOR = 0.05;

/**
 * The frequencies of a body's Euler parameters in uniformly spaced samples: times `t` (n) and the parameters `e`
 * (4 per sample); the amplitude spectra of e0…e3 summed, its largest peaks (at most `count`, each ≥ PEAK_FLOOR of
 * the largest), rad/s. A trailing sample off the uniform grid is left out. Empty when there are fewer than 16
 * samples. A body spinning at |ω| shows Ω = |ω|/2.
 */
export function eulerParameterFrequencies(t: Float64Array, e: Float64Array, count = 3): number[] {
  const n = Math.min(t.length, e.length / 4);
  if (n < 16) return [];
  const dt = t[1] - t[0];
  const lastGap = t[n - 1] - t[n - 2];
  const uniform = Math.abs(lastGap - dt) > 1e-6 * dt ? n - 1 : n;
  let summed: Spectrum | null = null;
  for (let k = 0; k < 4; k++) {
    const signal = Float64Array.from({ length: uniform }, (_, i) => e[4 * i + k]);
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
