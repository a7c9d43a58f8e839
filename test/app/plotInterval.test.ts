import { describe, expect, it } from 'vitest';
import { PLOT_INTERVAL_MS, plotInterval, REDRAW_SPACING } from '../../src/app/runs';

describe('plotInterval: the spacing of screen updates while a run streams', () => {
  it('is PLOT_INTERVAL_MS while redraws are cheap', () => {
    expect(plotInterval(0)).toBe(PLOT_INTERVAL_MS);
    expect(plotInterval(PLOT_INTERVAL_MS / REDRAW_SPACING)).toBe(PLOT_INTERVAL_MS);
  });

  it('grows with the cost of the last round, so redraws take at most 1/REDRAW_SPACING of the main thread', () => {
    for (const cost of [100, 200, 400]) {
      const interval = plotInterval(cost);
      expect(interval).toBeGreaterThan(PLOT_INTERVAL_MS);
      expect(cost / interval).toBeCloseTo(1 / REDRAW_SPACING, 12);
    }
  });
});
