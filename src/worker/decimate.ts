/**
 * Shape-preserving decimation of streamed series, so a run of any length hands the plots a
 * bounded number of points. Pure: no worker globals, tested in Node (test/worker/decimate.test.ts).
 *
 * Min/max buckets: the first sample is kept, the rest are cut into buckets of equal sample
 * count and each bucket contributes its minimum and maximum (in time order), and the last
 * sample is always kept. Peaks, collapses and oscillation envelopes survive; memory is
 * O(points drained since the last drain) whatever the number of samples.
 */

import { Float64Builder } from '../run/float64Builder';
import { SAMPLE_POINTS } from '../run/plan';

/** Default bound on the points of one series handed to the plots (an adaptive run's samples all fit). */
export const MAX_SERIES_POINTS = SAMPLE_POINTS;

/**
 * Samples per bucket so that `expectedCount` samples give at most `maxPoints` points.
 * Example: bucketSizeFor(999 * 7 + 1, 2000) === 7 (999 buckets · 2 + first + last = 2000).
 */
export function bucketSizeFor(expectedCount: number, maxPoints: number): number {
  if (maxPoints < 4) throw new RangeError(`maxPoints must be at least 4, got ${maxPoints}`);
  if (expectedCount <= maxPoints) return 1;
  const buckets = Math.floor((maxPoints - 2) / 2);
  return Math.ceil((expectedCount - 1) / buckets);
}

/**
 * Streaming min/max decimator for one series. Push samples in time order, drain the points
 * decided so far as interleaved (t, v) pairs, call finish() after the last sample.
 *
 * Example: const d = new MinMaxDecimator(100_001, 2000); for (...) d.push(t, v); d.finish(); d.drain().
 */
export class MinMaxDecimator {
  readonly bucketSize: number;
  /** (t, v) pairs decided since the last drain, interleaved. */
  private readonly out = new Float64Builder(64);
  private pushed = 0;
  private emitted = 0;
  private inBucket = 0;
  private minT = 0;
  private minV = 0;
  private maxT = 0;
  private maxV = 0;
  private lastT = 0;
  private lastV = 0;
  /** Whether the most recent sample has already been emitted (as a min or max or first). */
  private lastEmitted = false;

  constructor(expectedCount: number, maxPoints: number = MAX_SERIES_POINTS) {
    this.bucketSize = bucketSizeFor(expectedCount, maxPoints);
  }

  push(t: number, v: number): void {
    this.lastT = t;
    this.lastV = v;
    if (this.pushed++ === 0) {
      this.emit(t, v);
      this.lastEmitted = true;
      return;
    }
    this.lastEmitted = false;
    if (this.inBucket === 0) {
      this.minT = this.maxT = t;
      this.minV = this.maxV = v;
    } else {
      // NaN never wins a comparison, so a diverged sample cannot hide the finite extremes.
      if (v < this.minV || Number.isNaN(this.minV)) {
        this.minV = v;
        this.minT = t;
      }
      if (v > this.maxV || Number.isNaN(this.maxV)) {
        this.maxV = v;
        this.maxT = t;
      }
    }
    if (++this.inBucket === this.bucketSize) this.flushBucket();
  }

  /** Emits the partial last bucket and the last sample. Call once after the last push. */
  finish(): void {
    if (this.inBucket > 0) this.flushBucket();
    if (this.pushed > 0 && !this.lastEmitted) {
      this.emit(this.lastT, this.lastV);
      this.lastEmitted = true;
    }
  }

  /** Points decided since the previous drain, as interleaved (t, v) pairs. */
  drain(): Float64Array {
    return this.out.take();
  }

  /** Number of points emitted so far (drained or not). */
  get emittedCount(): number {
    return this.emitted;
  }

  private flushBucket(): void {
    const minFirst = this.minT <= this.maxT;
    const aT = minFirst ? this.minT : this.maxT;
    const aV = minFirst ? this.minV : this.maxV;
    const bT = minFirst ? this.maxT : this.minT;
    const bV = minFirst ? this.maxV : this.minV;
    this.emit(aT, aV);
    if (bT !== aT) this.emit(bT, bV);
    this.lastEmitted = this.lastT === aT || this.lastT === bT;
    this.inBucket = 0;
  }

  private emit(t: number, v: number): void {
    this.out.appendPair(t, v);
    this.emitted++;
  }
}

/**
 * Batch form of MinMaxDecimator: decimates whole arrays t, v (same length) to at most
 * maxPoints interleaved (t, v) pairs. Example: decimateMinMax(t, v, 2000).length <= 4000.
 */
export function decimateMinMax(t: ArrayLike<number>, v: ArrayLike<number>, maxPoints: number = MAX_SERIES_POINTS): Float64Array {
  const d = new MinMaxDecimator(t.length, maxPoints);
  for (let i = 0; i < t.length; i++) d.push(t[i], v[i]);
  d.finish();
  return d.drain();
}

/**
 * Keeps every stride-th sample (stride chosen so `expectedCount` samples give at most
 * maxCount + 1) and always the last one: the uniform subsample used for the 3D poses and
 * full sample rows. Example: new UniformPicker(100_001, 2000).stride === 51.
 */
export class UniformPicker {
  readonly stride: number;
  private index = 0;

  constructor(expectedCount: number, maxCount: number = MAX_SERIES_POINTS) {
    if (maxCount < 1) throw new RangeError(`maxCount must be at least 1, got ${maxCount}`);
    this.stride = Math.max(1, Math.ceil(expectedCount / maxCount));
  }

  /** Whether the next sample is kept; call exactly once per sample. */
  next(): boolean {
    return this.index++ % this.stride === 0;
  }

  /** Whether the most recent sample was kept. */
  get lastKept(): boolean {
    return (this.index - 1) % this.stride === 0;
  }
}
