/**
 * Amplitude spectrum of a uniformly sampled signal (radix-2 FFT after removing the mean and a Hann
 * window), used to mark the frequencies present in a run — e.g. of the primary body's Euler parameters —
 * on the HHT damping curve.
 */

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
    const ang = (-2 * Math.PI) / len, wr = Math.cos(ang), wi = Math.sin(ang);
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
  for (let i = 0; i < n; i++) re[i] = (x[i] - mean) * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)));
  fft(re, im);
  const half = n / 2;
  const omega = new Float64Array(half), amplitude = new Float64Array(half);
  for (let k = 0; k < half; k++) {
    omega[k] = (2 * Math.PI * k) / (n * dt);
    amplitude[k] = (2 * Math.hypot(re[k], im[k])) / n;
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
