import { describe, expect, it } from 'vitest';
import type { ChartView } from '../../src/app/chartViews';
import { defaultState } from '../../src/scenario/registry';
import { paletteFor } from '../../src/app/theme';
import { alignedData, dashArray, drawnMarks, fittedTitle, timeSeries } from '../../src/app/timePlot';

function viewOf(partial: Partial<ChartView>): ChartView {
  return {
    kind: 'omega', data: [], state: defaultState('heavy-top'), exact: false, domain: [0, 10], log: false, ticks: [0, 5, 10], yLabel: 'ωy (rad/s)',
    seriesName: 'modified HHT ωy', right: null, second: null, ...partial,
  };
}

const palette = paletteFor(false, false);

describe('time plot columns (uPlot aligned data)', () => {
  it('draws the second line first, then the main line, the reference and the exact solution', () => {
    const view = viewOf({ second: { name: 'Newton iterations', axis: 'right', step: true }, reference: [{ t: 0, v: 1 }] });
    const series = timeSeries(view, palette, '#123456', '9 3', true);
    expect(series.map((s) => s.key)).toEqual(['second', 'main', 'reference', 'exact']);
    expect(series[1]).toMatchObject({ name: 'modified HHT ωy', color: '#123456', dash: [9, 3], width: palette.lineWidth });
    expect(series[0]).toMatchObject({ axis: 'right', step: true });
    expect(series[3].dash).toEqual([6, 4]);
  });

  it('puts each value in its series column, null where a line has no point', () => {
    const view = viewOf({ data: [{ t: 0, v: 1, w: 3, exact: 1.5 }, { t: 1, v: 2, exact: 2.5 }] });
    const series = timeSeries({ ...view, second: { name: 'w', axis: 'left', step: false } }, palette, '#000', undefined, true);
    expect(alignedData(view, series)).toEqual([[0, 1], [3, null], [1, 2], [1.5, 2.5]]);
  });

  it('merges the reference curve\'s own times with the run\'s', () => {
    const view = viewOf({ data: [{ t: 0, v: 1 }, { t: 1, v: 2 }], reference: [{ t: 0.5, v: 7 }, { t: 2, v: 8 }] });
    const series = timeSeries(view, palette, '#000', undefined, false);
    expect(alignedData(view, series)).toEqual([[0, 0.5, 1, 2], [1, null, 2, null], [null, 7, null, 8]]);
  });

  it('never hands a non-finite value to the plot', () => {
    const view = viewOf({ data: [{ t: 0, v: NaN }, { t: 1, v: Infinity }, { t: 2, v: 3 }] });
    expect(alignedData(view, timeSeries(view, palette, '#000', undefined, false))[1]).toEqual([null, null, 3]);
  });
});

describe('time plot marks and dashes', () => {
  it('reads SVG dash arrays', () => {
    expect(dashArray('9 3')).toEqual([9, 3]);
    expect(dashArray(undefined)).toEqual([]);
  });

  it('marks y = 0 on a difference plot and where a run failed, inside the time axis', () => {
    const state = { tEnd: 10, timeTicks: [], yFormat: String, rightFormat: undefined };
    expect(drawnMarks({ ...state, view: viewOf({ kind: 'difference', domain: [-1, 1] }), failedAt: null })).toEqual([{ kind: 'zero', labels: [] }]);
    expect(drawnMarks({ ...state, view: viewOf({ domain: [-1, 1], offScale: true }), failedAt: 1.28 })).toEqual([{ kind: 'failure', labels: ['fails at t = 1.28 s', 'blow-up off scale'] }]);
    expect(drawnMarks({ ...state, view: viewOf({}), failedAt: 12 })).toEqual([]);
  });
});

describe('axis titles on short charts', () => {
  // One unit of width per character.
  const ctx = { measureText: (text: string) => ({ width: text.length }) as TextMetrics };

  it('keeps a title that fits, else its last words (the unit) after an ellipsis, else cuts it', () => {
    expect(fittedTitle(ctx, 'ωy (rad/s)', 20)).toBe('ωy (rad/s)');
    expect(fittedTitle(ctx, 'crank speed ωx (rad/s)', 12)).toBe('…ωx (rad/s)');
    expect(fittedTitle(ctx, 'constraint', 5)).toBe('cons…');
  });
});
