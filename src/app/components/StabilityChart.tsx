import { Line, ReferenceDot, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../scenario/validate';
import { logDomain, logTicks, positiveRange } from '../plotData';
import { ladderRows, MODE_TEXT } from '../stability';
import type { StabilityResult } from '../studies';
import { METHOD_LABELS, usePalette } from '../theme';
import { METHOD_SHORT } from '../methodInfo';
import { axisStyle, axisTitle, ChartFrame } from './ChartFrame';

/** A failed run's mark: a cross in the method's colour. */
function Cross(props: { cx?: number; cy?: number; stroke?: string; size: number }) {
  const { cx, cy, stroke, size } = props;
  if (cx === undefined || cy === undefined) return null;
  return <path d={`M${cx - size},${cy - size}L${cx + size},${cy + size}M${cx - size},${cy + size}L${cx + size},${cy - size}`} stroke={stroke} strokeWidth={2} fill="none" />;
}

/** The stability study's one-line summary: each method's h_max. */
export function stabilitySummary(result: StabilityResult): string {
  const parts = result.points.map((p) => `${METHOD_LABELS[p.method]} ${Number.isNaN(p.hMax) ? 'none' : `h ≤ ${formatNumber(Number(p.hMax.toPrecision(3)))} s`}${p.failureMode ? ` (then ${MODE_TEXT[p.failureMode]})` : ''}`);
  return `Largest stable step over ${formatNumber(result.options.tEnd)} s runs: ${parts.join('; ')}.`;
}

/**
 * Every run of the stability study on a log h axis, one row per method: dots where the run was stable, crosses where
 * it was not, a ring at h_max.
 */
export function StabilityChart({ result }: { result: StabilityResult }) {
  const palette = usePalette();
  const rows = ladderRows(result.points);
  const xDomain = logDomain(positiveRange(rows.map((r) => r.x)));
  const count = result.points.length;
  const font = palette.fontSize;
  const label = (row: number) => (result.points[row] ? METHOD_SHORT[result.points[row].method] : '');
  return (
    <div className="study-chart-block">
      <ChartFrame
        className="study-chart stability-chart"
        label={`Stability study: runs over the step size h, stable (dots) or not (crosses), per method`}
        summary={stabilitySummary(result)}
        testId="study-chart"
        figure="study"
        data={rows}
        margin={{ top: 6, right: 16, bottom: 16, left: 4 }}
        palette={palette}
        legend={false}
        tooltipLabel={(x) => `h = ${formatNumber(Number(x.toPrecision(4)))} s`}
      >
        <XAxis
          dataKey="x" type="number" scale="log" domain={xDomain} ticks={logTicks(xDomain)} allowDataOverflow
          tickFormatter={(v: number) => v.toExponential(0)} {...axisStyle(palette)}
          label={axisTitle(palette, 'step size h (s)', 'insideBottomRight', -10)}
        />
        <YAxis
          type="number" domain={[-0.5, count - 0.5]} ticks={result.points.map((_, k) => k)} reversed
          tickFormatter={label} width={Math.ceil(font * 6.5)} {...axisStyle(palette)}
        />
        {result.points.flatMap((p) => [
          <Line
            key={`${p.method}-stable`} name={`${METHOD_LABELS[p.method]} stable`} dataKey={`${p.method}-stable`} stroke="none"
            dot={{ r: palette.lineWidth + 2, fill: palette.method[p.method], stroke: palette.method[p.method] }}
            activeDot={false} isAnimationActive={false} legendType="none"
          />,
          <Line
            key={`${p.method}-unstable`} name={`${METHOD_LABELS[p.method]} unstable`} dataKey={`${p.method}-unstable`} stroke="none"
            dot={<Cross stroke={palette.method[p.method]} size={palette.lineWidth + 3} />}
            activeDot={false} isAnimationActive={false} legendType="none"
          />,
        ])}
        {result.points.map((p, row) =>
          Number.isNaN(p.hMax) ? null : (
            <ReferenceDot
              key={`${p.method}-hmax`} x={p.hMax} y={row} r={palette.lineWidth + 6} fill="none" stroke={palette.text} strokeWidth={2}
              ifOverflow="hidden" label={{ value: 'h_max', position: 'top', fill: palette.text, fontSize: font }}
            />
          ),
        )}
      </ChartFrame>
    </div>
  );
}
