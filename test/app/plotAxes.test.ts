import { describe, expect, it } from 'vitest';
import { SAMPLE_WIDTH } from '../../src/solver/simulate';
import { defaultState } from '../../src/scenario/registry';
import { axisWidth, COLUMN, differenceSeries, energyMetric, grownDomain, logTicks, niceTicks, ticksThatFit } from '../../src/app/plotData';
import { settledDomain } from '../../src/app/stableAxes';
import { Float64Builder } from '../../src/run/float64Builder';

/** Whole multiples of one 1-2-5 step, equally spaced. */
function isNice(ticks: number[]): boolean {
  const step = ticks[1] - ticks[0];
  const m = step / 10 ** Math.floor(Math.log10(step) + 1e-12);
  return [1, 2, 5, 10].some((k) => Math.abs(m - k) < 1e-6 * k) && ticks.every((t, k) => Math.abs(t / step - Math.round(t / step)) < 1e-6 * Math.max(1, Math.abs(t / step)) && Math.abs(t - ticks[0] - k * step) < 1e-9 * Math.max(1, Math.abs(t)));
}

describe('nice ticks', () => {
  it('are multiples of a 1-2-5 step inside the domain, coarser when few fit', () => {
    expect(niceTicks([70, 160])).toEqual([80, 100, 120, 140, 160]);
    expect(niceTicks([70, 160], 3)).toEqual([100, 150]);
    expect(niceTicks([-35, 0], 5)).toEqual([-30, -20, -10, 0]);
    expect(niceTicks([0, 0.3], 4)).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks([1, 1])).toEqual([]);
    let seed = 11;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let k = 0; k < 500; k++) {
      const lo = (random() - 0.5) * 10 ** (random() * 10 - 5);
      const hi = lo + 10 ** (random() * 8 - 6);
      const max = 2 + Math.floor(random() * 10);
      const ticks = niceTicks([lo, hi], max);
      expect(ticks.length).toBeLessThanOrEqual(max);
      expect(ticks.length).toBeGreaterThanOrEqual(1);
      for (const t of ticks) expect(t >= lo - 1e-9 * Math.abs(lo) && t <= hi + 1e-9 * Math.abs(hi)).toBe(true);
      if (ticks.length >= 2) expect(isNice(ticks), `${lo} ${hi} → ${ticks}`).toBe(true);
    }
  });

  it('fit the axis height, and log ticks thin out to a count', () => {
    expect(ticksThatFit(200, 11)).toBe(6);
    expect(ticksThatFit(60, 16)).toBe(2);
    expect(ticksThatFit(400, 16)).toBeGreaterThan(ticksThatFit(200, 16));
    expect(logTicks([1e-12, 1], 4)).toEqual([1e-12, 1e-8, 1e-4, 1]);
    expect(logTicks([1e-5, 1e-3])).toEqual([1e-5, 1e-4, 1e-3]);
  });

  it('make the axis as wide as its longest label', () => {
    expect(axisWidth(['-1.2e+5'], 11)).toBeGreaterThan(axisWidth(['150'], 11));
    expect(axisWidth(['150'], 16)).toBeGreaterThan(axisWidth(['150'], 11));
  });
});

describe('axes that do not jump while streaming', () => {
  it('keep the domain while the data stay inside, grow with headroom when they leave', () => {
    expect(grownDomain(null, [0, 12], false)).toEqual([0, 12]);
    expect(grownDomain([0, 20], [0, 12], false)).toEqual([0, 20]);
    expect(grownDomain([0, 10], [0, 12], false)).toEqual([0, 20]);
    expect(grownDomain([1e-6, 1e-3], [1e-8, 1e-4], true)).toEqual([1e-8, 1e-3]);
  });

  it('rescale a few times, not on every redraw, for a curve growing steadily', () => {
    let domain: [number, number] | null = null;
    const seen = new Set<string>();
    for (let k = 1; k <= 1000; k++) {
      const tight: [number, number] = [150 - 0.067 * k, 150];
      domain = grownDomain(domain, [Math.floor(tight[0]), 150], false);
      expect(domain[0]).toBeLessThanOrEqual(tight[0]);
      seen.add(domain.join());
    }
    expect(seen.size).toBeLessThanOrEqual(8);
  });

  it('settle to the data’s own domain only when it is much tighter', () => {
    expect(settledDomain([0, 20], [0, 12], false)).toEqual([0, 20]);
    expect(settledDomain([0, 100], [0, 12], false)).toEqual([0, 12]);
    expect(settledDomain([1e-9, 1], [1e-3, 1e-2], true)).toEqual([1e-3, 1e-2]);
  });
});

/** Sample rows with the given times and ω_y values. */
function rows(ts: number[], wy: number[]): Float64Array {
  const out = new Float64Array(ts.length * SAMPLE_WIDTH);
  ts.forEach((t, i) => {
    out[i * SAMPLE_WIDTH] = t;
    out[i * SAMPLE_WIDTH + COLUMN.omega_y] = wy[i];
  });
  return out;
}

describe('difference series', () => {
  it('subtracts at equal times exactly and interpolates the other run between its samples', () => {
    expect(differenceSeries(rows([0, 1, 2], [1, 2, 3]), rows([0, 1, 2], [1, 1, 1]), COLUMN.omega_y)).toEqual([{ t: 0, v: 0 }, { t: 1, v: 1 }, { t: 2, v: 2 }]);
    // b at t = 0 and 2 only: at t = 1 its value is the mean.
    expect(differenceSeries(rows([0, 1, 2, 3], [0, 0, 0, 0]), rows([0, 2], [2, 4]), COLUMN.omega_y)).toEqual([{ t: 0, v: -2 }, { t: 1, v: -3 }, { t: 2, v: -4 }]);
    expect(differenceSeries(rows([0], [1]), new Float64Array(0), COLUMN.omega_y)).toEqual([]);
    expect(differenceSeries(rows([0, 1], [NaN, 1]), rows([0, 1], [0, 0]), COLUMN.omega_y)).toEqual([{ t: 1, v: 1 }]);
  });
});

describe('energy metric', () => {
  const withE0 = (e0: number) => {
    const b = new Float64Builder();
    const row = new Array(SAMPLE_WIDTH).fill(0);
    row[COLUMN.energy] = e0;
    b.append(row);
    return b;
  };

  it('is the drift in joules for a run from rest (the V8), per cent of |E₀| for a spinning top', () => {
    const v8 = defaultState('v8-crank');
    expect(v8.values.omega0).toEqual([0]);
    // Even with a tiny nonzero E₀ (the old −1.2e5 %), the V8 from rest plots joules.
    expect(energyMetric({ state: v8, rows: withE0(1e-3) })).toEqual({ factor: 1, unit: 'J', label: 'E−E₀−W (J)' });
    expect(energyMetric({ state: defaultState('heavy-top'), rows: withE0(50) })).toEqual({ factor: 2, unit: '%', label: '(E−E₀−W)/|E₀| (%)' });
    const spinning = { ...v8, values: { ...v8.values, omega0: [100] } };
    expect(energyMetric({ state: spinning, rows: withE0(500) }).unit).toBe('%');
  });
});
