/**
 * A growable Float64Array (amortised doubling), for accumulating streamed rows without
 * boxing numbers. Example: const b = new Float64Builder(); b.append(row); b.view().
 */
export class Float64Builder {
  private data: Float64Array;
  private used = 0;

  constructor(initialCapacity = 256) {
    this.data = new Float64Array(Math.max(1, initialCapacity));
  }

  get length(): number {
    return this.used;
  }

  /** Appends all of `values` (a typed array, or a plain array of numbers). */
  append(values: ArrayLike<number>): void {
    this.reserve(values.length);
    if (values instanceof Float64Array) this.data.set(values, this.used);
    else for (let i = 0; i < values.length; i++) this.data[this.used + i] = values[i];
    this.used += values.length;
  }

  /** Appends two values (a (t, v) pair of a series) without an array for them. */
  appendPair(a: number, b: number): void {
    this.reserve(2);
    this.data[this.used++] = a;
    this.data[this.used++] = b;
  }

  /** Appends the first `count` values of `values`. */
  appendPrefix(values: Float64Array, count: number): void {
    this.append(count === values.length ? values : values.subarray(0, count));
  }

  /** The filled part, without copying; invalidated by the next append. */
  view(): Float64Array {
    return this.data.subarray(0, this.used);
  }

  /** Copies the filled part out and empties the builder. */
  take(): Float64Array {
    const out = this.data.slice(0, this.used);
    this.used = 0;
    return out;
  }

  clear(): void {
    this.used = 0;
  }

  private reserve(extra: number): void {
    const needed = this.used + extra;
    if (needed <= this.data.length) return;
    let capacity = this.data.length * 2;
    while (capacity < needed) capacity *= 2;
    const bigger = new Float64Array(capacity);
    bigger.set(this.data.subarray(0, this.used));
    this.data = bigger;
  }
}
