import { useState } from 'react';
import { Line, ReferenceDot, XAxis, YAxis } from 'recharts';
import { INTEGRATOR_METHODS } from '../../solver/simulate';
import { formatNumber } from '../../scenario/validate';
import { axisWidth, logDomain, logTicks, niceDomain, niceTicks, positiveRange, tickFormatterFor } from '../plotData';
import type { StudyResult } from '../studies';
import {
  convergenceRows,
  orderLabels,
  sweepComponent,
  sweepRows,
  type ConvergenceQuantity,
  type StudyRow,
  type SweepQuantity,
} from '../studyPlot';
import { METHOD_LABELS, usePalette } from '../theme';
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

function axesOf(result: StudyResult, quantity: string): Axes {
  if (result.kind === 'convergence') {
    const rows = convergenceRows(result.points, quantity as ConvergenceQuantity);
    const ys = rows.flatMap((r) => INTEGRATOR_METHODS.flatMap((m) => (r[m] === undefined ? [] : [r[m]!])));
    return {
      rows, log: true, xLabel: 'step size h (s)', yLabel: quantity === 'omega' ? 'e_ω (rad)' : 'e_q (m s)',
      xDomain: logDomain(positiveRange(rows.map((r) => r.x))), yDomain: logDomain(positiveRange(ys)),
    };
  }
  const component = sweepComponent(result.options.scenario, result.options.values);
  const rows = sweepRows(result.points, quantity as SweepQuantity, component);
  const ys = rows.flatMap((r) => INTEGRATOR_METHODS.flatMap((m) => (r[m] === undefined ? [] : [r[m]!])));
  return {
    rows, log: false, xLabel: 'α (–)', yLabel: quantity === 'omega' ? `final ω${component} (rad/s)` : 'final E − E₀ − W (J)',
    xDomain: [-0.35, 0], yDomain: niceDomain([Math.min(...ys), Math.max(...ys)]),
  };
}

/** The one-line summary of a result: the observed orders of the last segment, or the range swept. */
export function studySummary(result: StudyResult): string {
  if (result.kind === 'alpha-sweep') {
    return `α sweep over ${result.options.alphas.length} values of α in [${formatNumber(Math.min(...result.options.alphas))}, ${formatNumber(Math.max(...result.options.alphas))}], h = ${formatNumber(result.options.h)} s, t_end = ${formatNumber(result.options.tEnd)} s.`;
  }
  const parts = result.options.methods.map((m) => {
    const mine = result.points.filter((p) => p.method === m);
    const last = mine[mine.length - 1];
    return `${METHOD_LABELS[m]} ${last && Number.isFinite(last.omegaOrder) ? last.omegaOrder.toFixed(2) : '—'} in ω, ${last && Number.isFinite(last.positionOrder) ? last.positionOrder.toFixed(2) : '—'} in positions`;
  });
  return `Observed order at the smallest step: ${parts.join('; ')}.`;
}

/** The study's plot: log–log errors with the order of each segment, or the α sweep. */
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
        label={`${result.kind === 'convergence' ? 'Convergence study' : 'α sweep'}: ${axes.yLabel} over ${axes.xLabel}`}
        summary={studySummary(result)}
        testId="study-chart"
        figure="study"
        data={axes.rows}
        margin={{ top: 6, right: 16, bottom: 16, left: 4 }}
        palette={palette}
        tooltipLabel={(x) => `${axes.log ? 'h' : 'α'} = ${formatNumber(x)}`}
      >
        <XAxis dataKey="x" {...axisProps(axes.xDomain, xTicks, xTick)} label={axisTitle(palette, axes.xLabel, 'insideBottomRight', -10)} />
        <YAxis {...axisProps(axes.yDomain, yTicks, tick)} width={axisWidth(yTicks.map(tick), font)} label={axisTitle(palette, axes.yLabel, 'insideLeft')} />
        {result.options.methods.map((m) => (
          <Line key={m} name={METHOD_LABELS[m]} dataKey={m} stroke={palette.method[m]} strokeWidth={palette.lineWidth} dot={{ r: palette.lineWidth + 1.5 }} connectNulls isAnimationActive={false} />
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
