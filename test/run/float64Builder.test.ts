import { describe, expect, it } from 'vitest';
import { Float64Builder } from '../../src/run/float64Builder';

describe('Float64Builder', () => {
  it('appends typed and plain arrays across growth, and takes a copy', () => {
    const b = new Float64Builder(3);
    b.append(Float64Array.of(1, 2));
    b.append([3, 4, 5]);
    b.appendPrefix(Float64Array.of(6, 7, 8), 2);
    expect(Array.from(b.view())).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const taken = b.take();
    expect(b.length).toBe(0);
    b.append([9]);
    expect(Array.from(taken)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(Array.from(b.view())).toEqual([9]);
  });

  it('appends (t, v) pairs, growing past its capacity (the decimators\' output, which was PairBuffer)', () => {
    const b = new Float64Builder(1);
    for (let k = 0; k < 100; k++) b.appendPair(k, -k);
    expect(b.length).toBe(200);
    expect(Array.from(b.view().subarray(196))).toEqual([98, -98, 99, -99]);
  });
});
