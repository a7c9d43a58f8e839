/** mulberry32: a tiny seeded PRNG, so every fuzz case can be replayed from its seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)];
}

/** Uniform in [lo, hi], with the bounds themselves drawn now and then. */
export function uniform(rand: () => number, lo: number, hi: number): number {
  const r = rand();
  if (r < 0.05) return lo;
  if (r < 0.1) return hi;
  return lo + (hi - lo) * rand();
}

/** Log-uniform in [lo, hi] (both > 0): exercises many decades and full-precision mantissas. */
export function logUniform(rand: () => number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, lo * Math.pow(hi / lo, rand())));
}
