import { memo, useId, useMemo } from 'react';
import { useStore } from 'zustand';
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RunMethod as IntegratorMethod } from '../../scenario/methods';
import { getScenario } from '../../scenario/registry';
import { chartSummary, chartView, type ChartKind } from '../chartViews';
import { seek } from '../playhead';
import { tickFormatterFor } from '../plotData';
import { results } from '../runs';
import { useStaggeredPlotVersion } from '../staggered';
import { appStore, type OmegaComponent } from '../store';
import { METHOD_LABELS, type Palette } from '../theme';
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
}

/** Time ticks: seconds with as many decimals as they need. */
function formatTime(v: number): string {
  return Number(v.toPrecision(6)).toString();
}

/** Log ticks as 1e-4. */
function logTick(v: number): string {
  return v.toExponential(0);
}

/**
 * One chart over time. It reads the streamed results itself when its staggered version changes,
 * so the charts redraw in separate short tasks instead of one long one. Its key numbers are
 * its text alternative (read by screen readers, and the tooltip of nothing else).
 */
export const TimeChart = memo(function TimeChart({ kind, method, methods, component, palette, tMax }: TimeChartProps) {
  const version = useStaggeredPlotVersion();
  const failedAt = useStore(appStore, (s) => s.runs[method].failure?.time ?? null);
  const view = useMemo(
    () => chartView(kind, method, methods, component, results.current, appStore.getState().state, METHOD_LABELS[method]),
    // `version` stands for the streamed data, which lives outside React.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version, kind, method, methods, component],
  );
  const summaryId = useId();
  const withExact = kind === 'omega' && !!getScenario(view.state.scenario).exactOmega;
  const { data, domain, right, second } = view;
  const yTicks = useMemo(() => (view.ticks ? logTick : tickFormatterFor(domain)), [view.ticks, domain]);
  const rightTicks = useMemo(() => (right ? tickFormatterFor(right.domain) : undefined), [right]);
  const tEnd = Math.min(tMax ?? Infinity, view.state.tEnd);
  const geometry = useMemo(emptyGeometry, []);
  const font = palette.fontSize;
  const axisLabel = { fill: palette.muted, fontSize: font, style: { textAnchor: 'middle' } } as const;
  return (
    <div
      className="chart"
      role="figure"
      aria-label={view.seriesName}
      aria-describedby={summaryId}
      data-figure-chart={kind}
      data-testid={`${kind}-chart-${method}`}
      data-points={data.length}
      onClick={(e) => {
        const t = geometry.invert?.(e.clientX - e.currentTarget.getBoundingClientRect().left);
        if (typeof t === 'number' && t >= 0 && t <= tEnd) seek(t);
      }}
    >
      <p id={summaryId} className="sr-only" data-testid={`${kind}-summary-${method}`}>
        {chartSummary(view)}
      </p>
      <PlayheadCursor geometry={geometry} color={palette.cursor} />
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 6, right: right ? 2 : 14, bottom: 14, left: 10 }} accessibilityLayer={false}>
          <CartesianGrid yAxisId="left" stroke={palette.grid} strokeDasharray="3 3" />
          <XAxis
            dataKey="t"
            type="number"
            domain={[0, tEnd]}
            allowDataOverflow
            tickFormatter={formatTime}
            stroke={palette.muted}
            tick={{ fontSize: font }}
            label={{ value: 't (s)', position: 'insideBottomRight', offset: -8, fill: palette.muted, fontSize: font }}
          />
          <YAxis
            yAxisId="left"
            type="number"
            scale={view.ticks ? 'log' : 'auto'}
            domain={domain}
            ticks={view.ticks}
            allowDataOverflow
            tickFormatter={yTicks}
            stroke={palette.muted}
            tick={{ fontSize: font }}
            width={58 + (font - 11) * 3}
            label={{ ...axisLabel, value: view.yLabel, angle: -90, position: 'insideLeft', offset: 4 }}
          />
          {right && (
            <YAxis
              yAxisId="right"
              orientation="right"
              type="number"
              domain={right.domain}
              allowDataOverflow
              allowDecimals={!right.integer}
              tickFormatter={rightTicks}
              stroke={palette.muted}
              tick={{ fontSize: font }}
              width={54 + (font - 11) * 3}
              label={{ ...axisLabel, value: right.label, angle: 90, position: 'insideRight', offset: 4 }}
            />
          )}
          <Tooltip
            isAnimationActive={false}
            labelFormatter={(t) => `t = ${Number(t).toPrecision(6)} s`}
            formatter={(value) => (typeof value === 'number' ? value.toPrecision(8) : String(value))}
            contentStyle={{ background: palette.panel, borderColor: palette.grid, color: palette.text, fontSize: font + 1 }}
          />
          <Legend verticalAlign="top" height={font * 2} iconSize={font - 1} itemSorter={null} wrapperStyle={{ fontSize: font }} />
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
          <Line yAxisId="left" name={view.seriesName} dataKey="v" stroke={palette.method[method]} dot={false} strokeWidth={palette.lineWidth} connectNulls isAnimationActive={false} />
          {withExact && (
            <Line yAxisId="left" name="exact" dataKey="exact" stroke={palette.exact} strokeDasharray="6 4" dot={false} strokeWidth={palette.lineWidth * 0.9} isAnimationActive={false} />
          )}
          {failedAt !== null && (
            <ReferenceLine
              yAxisId="left"
              x={failedAt}
              stroke={palette.failure}
              strokeDasharray="4 3"
              label={{ value: 'failed', position: 'insideTopLeft', fill: palette.failure, fontSize: font }}
            />
          )}
          <CursorGeometryProbe geometry={geometry} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
});
