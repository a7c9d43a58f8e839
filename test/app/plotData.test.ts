import { describe, expect, it } from 'vitest';
import { SAMPLE_COLUMNS } from '../../src/solver/simulate';
import { COLUMN, energyScale, logDomain, logTicks, mergePairs, niceDomain, niceStep, RPM_PER_RAD_S } from '../../src/app/plotData';
import { Float64Builder } from '../../src/run/float64Builder';

describe('plot helpers', () => {
  it('names every sample column', () => {
    SAMPLE_COLUMNS.forEach((name, k) => expect(COLUMN[name]).toBe(k));
  });

  it('rounds domains outward to nice steps and keeps the data inside', () => {
    expect(niceStep(13)).toBe(10);
    expect(niceStep(0.3)).toBeCloseTo(0.2, 15);
    expect(niceDomain([79.7, 153.6])).toEqual([70, 160]);
    for (const [lo, hi] of [[-70.7, 3.4], [1e-9, 3e-9], [10, 60], [-5, -5], [0, 0], [59.99999999, 60]] as const) {
      const [a, b] = niceDomain([lo, hi]);
      expect(a).toBeLessThanOrEqual(lo);
      expect(b).toBeGreaterThanOrEqual(hi);
      expect(b).toBeGreaterThan(a);
    }
    expect(niceDomain([Infinity, -Infinity])).toEqual([-1, 1]);
  });

  it('scales the energy drift to percent of |E0|, or joules when E0 = 0', () => {
    const rows = new Float64Builder();
    const row = new Array(SAMPLE_COLUMNS.length).fill(0);
    row[COLUMN.energy] = -50;
    rows.append(row);
    expect(energyScale({ rows })).toEqual({ factor: 2, unit: '%' });
    rows.clear();
    row[COLUMN.energy] = 0;
    rows.append(row);
    expect(energyScale({ rows })).toEqual({ factor: 1, unit: 'J' });
  });
});

describe('tick labels', () => {
  it('show enough decimals to tell ticks apart', async () => {
    const { tickFormatterFor } = await import('../../src/app/plotData');
    const narrow = tickFormatterFor([149.9999, 150.0001]);
    expect(narrow(150.00005)).toBe('150.00005');
    expect(narrow(149.99995)).not.toBe(narrow(150));
    const wide = tickFormatterFor([70, 160]);
    expect(wide(80)).toBe('80');
    expect(tickFormatterFor([-1, 1])(-0.0)).toBe('0.0');
    expect(tickFormatterFor([-8e-5, 8e-5])(4e-5)).toMatch(/^4(\.0+)?e-5$/);
  });
});

describe('log axis, rpm and merged series', () => {
  it('puts a log domain on whole decades around the data, a flat curve mid-plot', () => {
    expect(logDomain([6e-4, 1.4e-3])).toEqual([1e-4, 1e-2]);
    expect(logDomain([1e-4, 1e-4])).toEqual([1e-5, 1e-3]);
    expect(logDomain([1e-4, 1e-3])).toEqual([1e-5, 1e-2]);
    expect(logDomain([0, 1])).toEqual([1e-6, 1]);
    expect(logDomain([Infinity, -Infinity])).toEqual([1e-6, 1]);
    expect(logTicks([1e-5, 1e-3])).toEqual([1e-5, 1e-4, 1e-3]);
    expect(logTicks([1e-12, 1]).length).toBeLessThanOrEqual(7);
  });

  it('converts rad/s to rpm', () => {
    expect(2 * Math.PI * RPM_PER_RAD_S).toBeCloseTo(60, 12);
  });

  it('merges two decimated series by time and drops what a plot cannot show', () => {
    expect(mergePairs([0, 1, 2, 3], [0, 5, 1, 6])).toEqual([{ t: 0, v: 1, w: 5 }, { t: 1, w: 6 }, { t: 2, v: 3 }]);
    expect(mergePairs([0, NaN, 1, 0, 2, 1e-4], [1, Infinity], true)).toEqual([{ t: 0 }, { t: 1 }, { t: 2, v: 1e-4 }]);
    expect(mergePairs([], [])).toEqual([]);
  });
});
