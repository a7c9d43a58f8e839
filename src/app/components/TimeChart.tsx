import { memo, useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { Line, ReferenceLine, XAxis, YAxis } from 'recharts';
import type { RunMethod as IntegratorMethod } from '../../scenario/methods';
import { getScenario } from '../../scenario/registry';
import { chartSummary, chartView, failureMarkText, OFF_SCALE_TEXT, type ChartKind } from '../chartViews';
import { noteCurveDrawn } from '../deferred';
import { methodDash } from '../methodInfo';
import { seek } from '../playhead';
import { useDerivedSize } from '../elementSize';
import { axisWidth, niceTicks, ticksThatFit, tickFormatterFor } from '../plotData';
import { formatTime, isBusy, results } from '../runs';
import { streamingPolicy } from '../stableAxes';
import { useStaggeredPlotVersion } from '../staggered';
import { appStore, type OmegaComponent } from '../store';
import { METHOD_LABELS, type Palette } from '../theme';
import { axisStyle, axisTitle, ChartFrame } from './ChartFrame';
import { CursorGeometryProbe, emptyGeometry, PlayheadCursor } from './PlayheadCursor';

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

/**
 * One chart over time. It reads the streamed results itself when its staggered version changes,
 * so the charts redraw in separate short tasks instead of one long one. Its y axes only grow
 * while the run streams (stableAxes.ts), at nice tick values. Its key numbers are its text
 * alternative (read by screen readers).
 */
export const TimeChart = memo(function TimeChart({ kind, method, methods, component, palette, tMax, output }: TimeChartProps) {
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
  const withExact = kind === 'omega' && !!getScenario(view.state.scenario).exactOmega;
  const { data, domain, right, second } = view;
  // The first points of a method's main curve on screen let the rest of the page load (deferred.ts).
  const drawn = mainCurve && data.length > 1;
  useEffect(() => {
    if (drawn) noteCurveDrawn(method);
  }, [drawn, method]);
  const yTicks = useMemo(() => (view.log ? logTick : tickFormatterFor(domain)), [view.log, domain]);
  const rightTicks = useMemo(() => (right ? tickFormatterFor(right.domain) : undefined), [right]);
  const tEnd = Math.min(tMax ?? Infinity, view.state.tEnd);
  const timeTicks = useMemo(() => niceTicks([0, tEnd], maxTimeTicks), [tEnd, maxTimeTicks]);
  const geometry = useMemo(emptyGeometry, []);
  const font = palette.fontSize;
  const style = axisStyle(palette);
  // Every curve of a method in its colour and line style (a difference plot: the method subtracted from),
  // and its legend entry a sample of that line.
  const mainColor = palette.method[method];
  const mainDash = methodDash(method, palette.lineWidth);
  return (
    <ChartFrame
      className="chart"
      label={view.seriesName}
      summary={chartSummary(view)}
      testId={`${kind}-chart-${method}`}
      summaryTestId={`${kind}-summary-${method}`}
      figure={kind}
      data={data}
      margin={{ top: 6, right: right ? 2 : 14, bottom: 14, left: 4 }}
      palette={palette}
      gridAxis="left"
      legend={legend}
      tooltipLabel={(t) => `t = ${formatTime(t)} s`}
      attributes={{ 'data-points': data.length, 'data-domain': domain.join(',') }}
      measureRef={measure}
      overlay={<PlayheadCursor geometry={geometry} color={palette.cursor} />}
      onClick={(e) => {
        const t = geometry.invert?.(e.clientX - e.currentTarget.getBoundingClientRect().left);
        if (typeof t === 'number' && t >= 0 && t <= tEnd) seek(t);
      }}
    >
      <XAxis
        dataKey="t"
        type="number"
        domain={[0, tEnd]}
        ticks={timeTicks}
        allowDataOverflow
        tickFormatter={formatTime}
        {...style}
        label={axisTitle(palette, 't (s)', 'insideBottomRight', -8)}
      />
      <YAxis
        yAxisId="left"
        type="number"
        scale={view.log ? 'log' : 'linear'}
        domain={domain}
        ticks={view.ticks}
        allowDataOverflow
        tickFormatter={yTicks}
        {...style}
        width={axisWidth(view.ticks.map(yTicks), font)}
        label={axisTitle(palette, view.yLabel, 'insideLeft', 4)}
      />
      {right && (
        <YAxis
          yAxisId="right"
          orientation="right"
          type="number"
          domain={right.domain}
          ticks={right.ticks}
          allowDataOverflow
          tickFormatter={rightTicks}
          {...style}
          width={axisWidth(right.ticks.map(rightTicks!), font)}
          label={axisTitle(palette, right.label, 'insideRight', 4)}
        />
      )}
      {/* The second line first, so the main one is drawn over it. */}
      {second && (
        <Line
          yAxisId={second.axis}
          name={second.name}
          type={second.step ? 'stepAfter' : 'linear'}
          dataKey="w"
          stroke={second.axis === 'right' ? palette.muted : palette.exact}
          strokeOpacity={second.axis === 'right' ? 0.55 : 0.9}
          dot={false}
          strokeWidth={second.axis === 'right' ? palette.lineWidth * 0.6 : palette.lineWidth}
          connectNulls
          isAnimationActive={false}
        />
      )}
      <Line yAxisId="left" name={view.seriesName} dataKey="v" stroke={mainColor} strokeDasharray={mainDash} legendType="plainline" dot={false} strokeWidth={palette.lineWidth} connectNulls isAnimationActive={false} />
      {/* The model's reference curve over the run's, thin and grey so both show where they coincide: its own points, not the run's times. */}
      {view.reference && (
        <Line yAxisId="left" name="reference" data={view.reference} dataKey="v" stroke={palette.muted} strokeOpacity={0.9} legendType="plainline" dot={false} strokeWidth={palette.lineWidth * 0.5} isAnimationActive={false} />
      )}
      {withExact && (
        <Line yAxisId="left" name="exact" dataKey="exact" stroke={palette.exact} strokeDasharray="6 4" legendType="plainline" dot={false} strokeWidth={palette.lineWidth * 0.9} isAnimationActive={false} />
      )}
      {kind === 'difference' && <ReferenceLine yAxisId="left" y={0} stroke={palette.muted} strokeWidth={1} ifOverflow="hidden" />}
      {/* Where the run failed, its labels on the wider side of the line; the second says the blow-up is off scale. */}
      {failedAt !== null && (
        <ReferenceLine
          yAxisId="left"
          x={failedAt}
          stroke={palette.failure}
          strokeDasharray="4 3"
          label={{ value: failureMarkText(failedAt), position: failedAt > tEnd / 2 ? 'insideTopRight' : 'insideTopLeft', fill: palette.failure, fontSize: font }}
        />
      )}
      {failedAt !== null && view.offScale && (
        <ReferenceLine
          yAxisId="left"
          x={failedAt}
          stroke="none"
          label={{ value: OFF_SCALE_TEXT, position: failedAt > tEnd / 2 ? 'insideBottomRight' : 'insideBottomLeft', fill: palette.failure, fontSize: font }}
        />
      )}
      <CursorGeometryProbe geometry={geometry} />
    </ChartFrame>
  );
});
