import { memo, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { RunMethod as IntegratorMethod } from '../../scenario/methods';
import { chartQuantity, chartSummary, chartView, type ChartKind } from '../chartViews';
import { noteCurveDrawn } from '../deferred';
import { methodDash } from '../methodInfo';
import { seek } from '../playhead';
import { useDerivedSize } from '../elementSize';
import { niceTicks, ticksThatFit, tickFormatterFor } from '../plotData';
import { formatTime, isBusy, results } from '../runs';
import { streamingPolicy } from '../stableAxes';
import { useStaggeredPlotVersion } from '../staggered';
import { appStore, type OmegaComponent } from '../store';
import { METHOD_LABELS, type Palette } from '../theme';
import { alignedData, drawnMarks, timePlotOptions, timeSeries, type TimePlotState, type TimeSeries } from '../timePlot';
import { emptyGeometry, PlayheadCursor, type CursorGeometry } from './PlayheadCursor';
import { PartBoundary } from './PartBoundary';

export interface TimeChartProps {
  readonly kind: ChartKind;
  readonly method: IntegratorMethod;
  /** All compared methods: the y axis covers all of them so side-by-side charts match. */
  readonly methods: readonly IntegratorMethod[];
  readonly component: OmegaComponent;
  readonly palette: Palette;
  /** End of the time axis when it is not t_end (every method failed: zoom to the failures). */
  readonly tMax: number | null;
  /** The model output a chart of kind 'output' plots. */
  readonly output?: string;
}

/** Log ticks as 1e-4. */
function logTick(v: number): string {
  return v.toExponential(0);
}

/** Charts shorter than this (px at 11 px type) drop their legend: it would take a third of them. */
const LEGEND_MIN_HEIGHT = 150;
/** Charts narrower than this (px at 11 px type, e.g. four methods on a projector) drop it too: it would wrap over the plot; the column's title names the method. */
const LEGEND_MIN_WIDTH = 230;
const LEGEND_BIT = 1_000_000;

/** The page's font family, for the text uPlot draws on its canvas. */
function fontFamily(element: Element): string {
  return getComputedStyle(element).fontFamily || 'sans-serif';
}

/** A value in the tooltip: 6 significant digits. */
function tooltipValue(value: number): string {
  return value.toPrecision(6);
}

/**
 * The figure's test hooks, written after each draw (the curves and labels are canvas pixels):
 * data-series (each line's name, drawn points, colour, dash and width), data-axes (each axis's
 * title and tick labels with their pixel positions), data-marks (the y = 0 and failure lines drawn, with their labels);
 * data-text (written beside them): the y titles as drawn (fitted to the chart) and the marks' labels with their boxes.
 */
function writeHooks(figure: HTMLElement, u: uPlot, series: readonly TimeSeries[], state: TimePlotState): void {
  const drawnSeries = series.map((s, k) => {
    const column = u.data[k + 1] ?? [];
    let points = 0;
    for (let i = 0; i < column.length; i++) if (column[i] !== null && column[i] !== undefined) points++;
    return { name: s.name, key: s.key, points, color: s.color, dash: s.dash.join(' ') || 'solid', width: s.width, axis: s.axis };
  });
  const ticks = (values: number[], scale: string, format: (v: number) => string) =>
    values.map((v) => ({ text: format(v), px: Math.round(u.valToPos(v, scale) * 10) / 10 }));
  const { view } = state;
  const axes: Record<string, { label: string; ticks: { text: string; px: number }[] }> = {
    x: { label: 't (s)', ticks: ticks(state.timeTicks, 'x', formatTime) },
    y: { label: view.yLabel, ticks: ticks(view.ticks, 'y', state.yFormat) },
  };
  if (view.right && state.rightFormat && u.scales.r) axes.right = { label: view.right.label, ticks: ticks(view.right.ticks, 'r', state.rightFormat) };
  figure.setAttribute('data-series', JSON.stringify(drawnSeries));
  figure.setAttribute('data-axes', JSON.stringify(axes));
  figure.setAttribute('data-marks', JSON.stringify(drawnMarks(state)));
  figure.setAttribute('data-drawn-points', String(drawnSeries.find((s) => s.key === 'main')?.points ?? 0));
}

/** The tooltip's lines at the cursor: the time and each line's value there. */
function showTooltip(tooltip: HTMLElement, u: uPlot, series: readonly TimeSeries[]): void {
  const { idx, left, top } = u.cursor;
  if (idx === null || idx === undefined || left === undefined || left < 0) {
    tooltip.hidden = true;
    return;
  }
  const rows: HTMLElement[] = [];
  const time = document.createElement('div');
  time.textContent = `t = ${formatTime(u.data[0][idx])} s`;
  rows.push(time);
  series.forEach((s, k) => {
    const at = u.cursor.idxs?.[k + 1] ?? idx;
    const value = at === null ? null : u.data[k + 1]?.[at];
    if (value === null || value === undefined) return;
    const row = document.createElement('div');
    row.style.color = s.color;
    row.textContent = `${s.name}: ${tooltipValue(value)}`;
    rows.push(row);
  });
  tooltip.replaceChildren(...rows);
  tooltip.hidden = false;
  // Beside the cursor, on the side with more room (positions in the plot area, the tooltip in the whole plot).
  const ratio = uPlot.pxRatio;
  const x = left + u.bbox.left / ratio;
  const y = Math.max(0, (top ?? 0) - 10) + u.bbox.top / ratio;
  tooltip.style.transform = left > u.bbox.width / ratio / 2 ? `translate(calc(${x - 10}px - 100%), ${y}px)` : `translate(${x + 10}px, ${y}px)`;
}

/**
 * One chart over time, drawn by uPlot on a canvas. It reads the streamed results itself when its
 * staggered version changes, so the charts redraw in separate short tasks instead of one long one,
 * and hands them to the plot with setData (the plot is re-created only when its lines or axes
 * change). Its y axes only grow while the run streams (stableAxes.ts), at nice tick values. Its
 * key numbers are its text alternative (read by screen readers).
 */
export const TimeChart = memo(function TimeChart(props: TimeChartProps) {
  const { kind, method } = props;
  return (
    <PartBoundary part={`chart-${kind}-${method}`} label={`The ${CHART_NAMES[kind]} plot of ${METHOD_LABELS[method]}`} className="chart time-chart">
      <TimeChartPlot {...props} />
    </PartBoundary>
  );
});

/** The charts' names in a failure message ("The ω plot of classical HHT could not be shown."). */
const CHART_NAMES: Readonly<Record<ChartKind, string>> = {
  omega: 'ω',
  output: 'model output',
  energy: 'energy drift',
  steps: 'step size',
  norm: 'Euler-parameter norm',
  constraints: 'constraint residual',
  momentum: 'angular momentum',
  difference: 'difference',
};

/** One chart (TimeChart without its error boundary). */
function TimeChartPlot({ kind, method, methods, component, palette, tMax, output }: TimeChartProps) {
  const mainCurve = kind === 'omega' || kind === 'output';
  const version = useStaggeredPlotVersion(mainCurve);
  const failedAt = useStore(appStore, (s) => s.runs[method].failure?.time ?? null);
  // The compared runs that failed, as one string (a stable value for the store): their blow-up does not set the axes.
  const failedList = useStore(appStore, (s) => methods.filter((m) => s.runs[m]?.failure).join(','));
  const streaming = useStore(appStore, (s) => isBusy(s));
  // How many ticks fit: y from the height, time from the width (labels of up to ~5 characters),
  // and whether the legend does (a short chart, e.g. in a small embedded frame, leaves it to the
  // column's title). Packed in one number so a resize re-renders only when one of them changes.
  const [measure, fit] = useDerivedSize(({ width, height }) =>
    height > 0
      ? (height >= LEGEND_MIN_HEIGHT * (palette.fontSize / 11) && width >= LEGEND_MIN_WIDTH * (palette.fontSize / 11) ? LEGEND_BIT : 0) + ticksThatFit(height, palette.fontSize) * 1000 + Math.max(3, Math.floor(width / (palette.fontSize * 6)))
      : 0,
  );
  const maxTicks = fit > 0 ? Math.floor((fit % LEGEND_BIT) / 1000) : undefined;
  const maxTimeTicks = fit > 0 ? fit % 1000 : 3;
  const legend = fit === 0 || fit >= LEGEND_BIT;
  const view = useMemo(
    () => {
      // The run id is read, not subscribed to: a new run also flips `streaming`.
      const policy = streamingPolicy(appStore.getState().runId, `${kind}|${component}|${output ?? ''}|${methods.join(',')}`, streaming);
      const failed = failedList === '' ? [] : (failedList.split(',') as IntegratorMethod[]);
      return chartView(kind, method, methods, component, results.current, appStore.getState().state, METHOD_LABELS[method], { policy, maxTicks, output, failed });
    },
    // `version` stands for the streamed data, which lives outside React.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version, kind, method, methods, component, streaming, maxTicks, output, failedList],
  );
  const withExact = kind === 'omega' && view.exact;
  const { data, domain, right } = view;
  // The first points of a method's main curve on screen let the rest of the page load (deferred.ts).
  const drawn = mainCurve && data.length > 1;
  useEffect(() => {
    if (drawn) noteCurveDrawn(method);
  }, [drawn, method]);
  const yFormat = useMemo(() => (view.log ? logTick : tickFormatterFor(domain)), [view.log, domain]);
  const rightFormat = useMemo(() => (right ? tickFormatterFor(right.domain) : undefined), [right]);
  const tEnd = Math.min(tMax ?? Infinity, view.state.tEnd);
  const timeTicks = useMemo(() => niceTicks([0, tEnd], maxTimeTicks), [tEnd, maxTimeTicks]);
  const geometry = useMemo(emptyGeometry, []);
  // Every curve of a method in its colour and line style (a difference plot: the method subtracted from).
  const series = useMemo(
    () => timeSeries(view, palette, palette.method[method], methodDash(method, palette.lineWidth), withExact),
    // Only the lines' names and styles matter, not the points.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [palette, method, withExact, view.seriesName, view.second, !!view.reference],
  );
  const state = useRef<TimePlotState>(null!);
  state.current = { view, tEnd, timeTicks, yFormat, rightFormat, failedAt };
  const figureRef = useRef<HTMLDivElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const tooltipRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  // A new plot when its lines, axes or scales change; otherwise only new data.
  const structure = `${series.map((s) => `${s.key}:${s.name}:${s.axis}:${s.step}`).join('|')}|${view.log}|${!!right}|${view.yLabel}|${right?.label ?? ''}`;
  useLayoutEffect(() => {
    const host = hostRef.current;
    const figure = figureRef.current;
    if (!host || !figure) return;
    const place = (u: uPlot) => {
      const ratio = uPlot.pxRatio;
      geometry.scale = (t) => u.valToPos(t, 'x') + u.bbox.left / ratio;
      geometry.invert = (x) => u.posToVal(x - u.bbox.left / ratio, 'x');
      geometry.top = u.bbox.top / ratio;
      geometry.height = u.bbox.height / ratio;
      geometry.onChange?.();
    };
    let lastTEnd = NaN;
    let live = true;
    const u = new uPlot(
      timePlotOptions({
        width: Math.max(1, host.clientWidth),
        height: Math.max(1, host.clientHeight),
        palette,
        fontFamily: fontFamily(figure),
        series,
        state: () => state.current,
        live: () => live,
        drawn: (plot, text) => {
          writeHooks(figure, plot, series, state.current);
          figure.setAttribute('data-text', JSON.stringify(text));
          // The time axis changed (a new t_end): the playhead moves with it.
          if (state.current.tEnd !== lastTEnd) {
            lastTEnd = state.current.tEnd;
            place(plot);
          }
        },
        geometry: place,
        cursor: (plot) => tooltipRef.current && showTooltip(tooltipRef.current, plot, series),
      }),
      alignedData(state.current.view, series),
      host,
    );
    plotRef.current = u;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      if (width > 0 && height > 0 && (width !== u.width || height !== u.height)) u.setSize({ width: Math.floor(width), height: Math.floor(height) });
    });
    observer.observe(host);
    return () => {
      live = false;
      observer.disconnect();
      plotRef.current = null;
      u.destroy();
    };
  }, [structure, series, palette, geometry]);
  // New points, ticks or marks: one setData (the axes' ranges are read again from the state); new ticks on
  // unchanged ranges (e.g. more of them fit) also lay the axes out again, which setData alone does not.
  const first = useRef(true);
  const drawnTicks = useRef('');
  const ticks = `${view.ticks.join()}|${timeTicks.join()}|${right?.ticks.join() ?? ''}|${view.ticks.map(yFormat).join()}`;
  useLayoutEffect(() => {
    const u = plotRef.current;
    const newTicks = ticks !== drawnTicks.current;
    drawnTicks.current = ticks;
    if (first.current) {
      first.current = false;
      return;
    }
    if (!u) return;
    u.setData(alignedData(view, series));
    if (newTicks) u.redraw(false, true);
  }, [view, series, tEnd, timeTicks, failedAt, yFormat, rightFormat, ticks]);
  const summaryId = useId();
  const figureElement = useCallback(
    (element: HTMLDivElement | null) => {
      figureRef.current = element;
      measure(element);
    },
    [measure],
  );
  return (
    <div
      ref={figureElement}
      className="chart time-chart"
      role="figure"
      aria-label={view.seriesName}
      aria-describedby={summaryId}
      data-testid={`${kind}-chart-${method}`}
      data-figure-chart={kind}
      data-method={method}
      data-quantity={chartQuantity(kind, component, output)}
      data-component={kind === 'omega' || kind === 'difference' ? component : undefined}
      data-points={data.length}
      data-domain={domain.join(',')}
      data-line-width={palette.lineWidth}
      data-font-size={palette.fontSize}
      data-measured={fit > 0 ? 'yes' : 'no'}
      data-legend={legend ? series.map((s) => s.name).join(' · ') : ''}
      onClick={(e) => {
        const t = geometry.invert?.(e.clientX - (hostRef.current?.getBoundingClientRect().left ?? 0));
        if (typeof t === 'number' && t >= 0 && t <= tEnd) seek(t);
      }}
    >
      <p id={summaryId} className="sr-only" data-testid={`${kind}-summary-${method}`}>
        {chartSummary(view)}
      </p>
      {legend && (
        <ul className="chart-legend" style={{ fontSize: palette.fontSize, minHeight: palette.fontSize * 2 }} aria-hidden="true">
          {series.map((s) => (
            <li key={s.key} className="chart-legend-item">
              <svg width={palette.fontSize * 1.6} height={palette.fontSize} aria-hidden="true">
                <line x1={0} x2={palette.fontSize * 1.6} y1={palette.fontSize / 2} y2={palette.fontSize / 2} stroke={s.color} strokeOpacity={s.alpha} strokeWidth={Math.min(3, s.width)} strokeDasharray={s.dash.length > 0 ? s.dash.join(' ') : undefined} />
              </svg>
              <span className="chart-legend-item-text">{s.name}</span>
            </li>
          ))}
        </ul>
      )}
      <div ref={hostRef} className="chart-plot">
        <PlayheadCursor geometry={geometry} color={palette.cursor} />
        <div ref={tooltipRef} className="chart-tooltip" hidden style={{ background: palette.panel, borderColor: palette.grid, color: palette.text, fontSize: palette.fontSize + 1 }} />
      </div>
    </div>
  );
}
