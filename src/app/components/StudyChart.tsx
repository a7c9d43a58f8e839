import { useState } from 'react';
import { Line, ReferenceDot, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../../scenario/validate';
import { axisWidth, logDomain, logTicks, niceDomain, niceTicks, positiveRange, tickFormatterFor } from '../plotData';
import type { StudyResult as AnyStudyResult } from '../studies';

/** The results this chart draws (the stability study and the damping scan have their own: StabilityChart.tsx, DampingScanView.tsx). */
type StudyResult = Exclude<AnyStudyResult, { kind: 'stability' | 'damping-scan' }>;
import {
  convergenceRows,
  orderLabels,
  sweepAxis,
  sweepComponent,
  sweepRows,
  type ConvergenceQuantity,
  type StudyRow,
  type SweepQuantity,
} from '../studyPlot';
import { METHOD_DASH, METHOD_LABELS, usePalette } from '../theme';
import { axisStyle, axisTitle, ChartFrame } from './ChartFrame';
import { RadioChoice } from './SliderField';

const CONVERGENCE_CHOICES = [
  { value: 'omega', label: 'angular velocity e_ω (Eq. 71)' },
  { value: 'position', label: 'positions e_q' },
] as const;
const SWEEP_CHOICES = [
  { value: 'omega', label: 'final ω' },
  { value: 'energy', label: 'final energy error' },
] as const;

interface Axes {
  readonly rows: StudyRow[];
  readonly xLabel: string;
  readonly yLabel: string;
  readonly log: boolean;
  readonly xDomain: [number, number];
  readonly yDomain: [number, number];
}

/** Every method's y value in the rows. */
function yValues(rows: readonly StudyRow[], methods: StudyResult['options']['methods']): number[] {
  return rows.flatMap((r) => methods.flatMap((m) => (r[m] === undefined ? [] : [r[m]!])));
}

function axesOf(result: StudyResult, quantity: string): Axes {
  if (result.kind === 'convergence') {
    const rows = convergenceRows(result.points, quantity as ConvergenceQuantity);
    const ys = yValues(rows, result.options.methods);
    return {
      rows, log: true, xLabel: 'step size h (s)', yLabel: quantity === 'omega' ? 'e_ω (rad)' : 'e_q (m s)',
      xDomain: logDomain(positiveRange(rows.map((r) => r.x))), yDomain: logDomain(positiveRange(ys)),
    };
  }
  const component = sweepComponent(result.options.values, result.points);
  const rows = sweepRows(result.points, quantity as SweepQuantity, component);
  const ys = yValues(rows, result.options.methods);
  const axis = sweepAxis(result.kind);
  return {
    rows, log: false, xLabel: axis.label, yLabel: quantity === 'omega' ? `final ω${component} (rad/s)` : 'final E − E₀ − W (J)',
    xDomain: axis.domain, yDomain: niceDomain(ys.length > 0 ? [Math.min(...ys), Math.max(...ys)] : [0, 1]),
  };
}

/** The one-line summary of a result: the observed orders of the last segment, or the range swept. */
export function studySummary(result: StudyResult): string {
  if (result.kind !== 'convergence') {
    const values = result.kind === 'alpha-sweep' ? result.options.alphas : result.options.rhos;
    const { symbol } = sweepAxis(result.kind);
    const failed = result.points.filter((p) => p.failure).length;
    return `${symbol} sweep over ${values.length} values of ${symbol} in [${formatNumber(Math.min(...values))}, ${formatNumber(Math.max(...values))}], h = ${formatNumber(result.options.h)} s, t_end = ${formatNumber(result.options.tEnd)} s${failed > 0 ? `; ${failed} of ${result.points.length} runs failed` : ''}.`;
  }
  const parts = result.options.methods.map((m) => {
    const mine = result.points.filter((p) => p.method === m);
    const last = mine[mine.length - 1];
    return `${METHOD_LABELS[m]} ${last && Number.isFinite(last.omegaOrder) ? last.omegaOrder.toFixed(2) : '—'} in ω, ${last && Number.isFinite(last.positionOrder) ? last.positionOrder.toFixed(2) : '—'} in positions`;
  });
  return `Observed order at the smallest step: ${parts.join('; ')}.`;
}

/** The study's plot: log–log errors with the order of each segment, or a sweep over α or ρ∞; each method in its colour and line style. */
export function StudyChart({ result }: { result: StudyResult }) {
  const palette = usePalette();
  const [quantity, setQuantity] = useState<string>('omega');
  const axes = axesOf(result, quantity);
  const labels = result.kind === 'convergence' ? orderLabels(result.points, quantity as ConvergenceQuantity) : [];
  const font = palette.fontSize;
  const tick = axes.log ? (v: number) => v.toExponential(0) : tickFormatterFor(axes.yDomain);
  const xTick = axes.log ? (v: number) => v.toExponential(0) : tickFormatterFor(axes.xDomain);
  const xTicks = axes.log ? logTicks(axes.xDomain) : niceTicks(axes.xDomain);
  const yTicks = axes.log ? logTicks(axes.yDomain) : niceTicks(axes.yDomain);
  /** Both axes: numeric, log–log or linear, with the given ticks. */
  const axisProps = (domain: [number, number], ticks: number[], format: (v: number) => string) =>
    ({ type: 'number', scale: axes.log ? 'log' : 'linear', domain, ticks, allowDataOverflow: true, tickFormatter: format, ...axisStyle(palette) }) as const;
  return (
    <div className="study-chart-block">
      {result.kind === 'convergence' ? (
        <RadioChoice label="Plot:" ariaLabel="Plotted error" options={CONVERGENCE_CHOICES} current={quantity as ConvergenceQuantity} testIdPrefix="study-quantity" onChange={setQuantity} />
      ) : (
        <RadioChoice label="Plot:" ariaLabel="Plotted quantity" options={SWEEP_CHOICES} current={quantity as SweepQuantity} testIdPrefix="study-quantity" onChange={setQuantity} />
      )}
      <ChartFrame
        className="study-chart"
        label={`${result.kind === 'convergence' ? 'Convergence study' : `${sweepAxis(result.kind).symbol} sweep`}: ${axes.yLabel} over ${axes.xLabel}`}
        summary={studySummary(result)}
        testId="study-chart"
        figure="study"
        data={axes.rows}
        margin={{ top: 6, right: 16, bottom: 16, left: 4 }}
        palette={palette}
        tooltipLabel={(x) => `${result.kind === 'convergence' ? 'h' : sweepAxis(result.kind).symbol} = ${formatNumber(x)}`}
      >
        <XAxis dataKey="x" {...axisProps(axes.xDomain, xTicks, xTick)} label={axisTitle(palette, axes.xLabel, 'insideBottomRight', -10)} />
        <YAxis {...axisProps(axes.yDomain, yTicks, tick)} width={axisWidth(yTicks.map(tick), font)} label={axisTitle(palette, axes.yLabel, 'insideLeft')} />
        {result.options.methods.map((m) => (
          <Line
            key={m}
            name={METHOD_LABELS[m]}
            dataKey={m}
            stroke={palette.method[m]}
            strokeDasharray={METHOD_DASH[m]}
            strokeWidth={palette.lineWidth}
            legendType="plainline"
            dot={{ r: palette.lineWidth + 1.5, strokeDasharray: '' }}
            connectNulls
            isAnimationActive={false}
          />
        ))}
        {labels.map((l, k) => (
          <ReferenceDot
            key={k}
            x={l.x}
            y={l.y}
            r={0}
            ifOverflow="hidden"
            label={{ value: `p = ${l.order.toFixed(2)}`, position: l.method === 'classical' ? 'top' : 'bottom', fill: palette.method[l.method], fontSize: font }}
          />
        ))}
      </ChartFrame>
    </div>
  );
}
