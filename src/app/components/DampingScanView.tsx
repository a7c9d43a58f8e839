import { Line, XAxis, YAxis } from 'recharts';
import type { MethodParameterKey, RunMethod } from '../../scenario/methods';
import { formatNumber } from '../../scenario/validate';
import { unstableIntervals } from '../../solver/studies/dampingScan';
import { intervalsText } from '../dampingMarks';
import { METHOD_SHORT } from '../methodInfo';
import { MODE_TEXT } from '../stability';
import type { StudyResult } from '../studies';
import { METHOD_LABELS, usePalette } from '../theme';
import { axisStyle, axisTitle, ChartFrame } from './ChartFrame';

export type DampingScanResult = Extract<StudyResult, { kind: 'damping-scan' }>;

const AXIS: Readonly<Record<MethodParameterKey, { label: string; domain: [number, number]; ticks: number[] }>> = {
  alpha: { label: 'α', domain: [-1 / 3, 0], ticks: [-0.3, -0.25, -0.2, -0.15, -0.1, -0.05, 0] },
  rho: { label: 'ρ∞', domain: [0, 1], ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] },
};

/** The scanned methods that take `parameter`, in the study's order. */
function methodsTaking(result: DampingScanResult, parameter: MethodParameterKey): RunMethod[] {
  return result.options.methods.filter((m) => result.points.some((p) => p.method === m && p.parameter === parameter));
}

/** The damping scan's one-line summary: each method's unstable values. */
export function dampingScanSummary(result: DampingScanResult): string {
  const parts = result.options.methods.map((m) => {
    const parameter = result.points.find((p) => p.method === m)?.parameter ?? 'alpha';
    return `${METHOD_LABELS[m]} ${intervalsText(unstableIntervals(result.points, m), parameter)}`;
  });
  return `Measured at h = ${formatNumber(result.options.h)} s over ${formatNumber(result.options.tEnd)} s runs: ${parts.join('; ')}.`;
}

/** A failed run's mark: a cross in the method's colour. */
function Cross(props: { cx?: number; cy?: number; stroke?: string; size: number }) {
  const { cx, cy, stroke, size } = props;
  if (cx === undefined || cy === undefined) return null;
  return <path d={`M${cx - size},${cy - size}L${cx + size},${cy + size}M${cx - size},${cy + size}L${cx + size},${cy - size}`} stroke={stroke} strokeWidth={2} fill="none" />;
}

/** Every run over one parameter's range, one row per method: a dot where stable, a cross where not. */
function ScanChart({ result, parameter }: { result: DampingScanResult; parameter: MethodParameterKey }) {
  const palette = usePalette();
  const methods = methodsTaking(result, parameter);
  if (methods.length === 0) return null;
  const axis = AXIS[parameter];
  const rows = result.points
    .filter((p) => p.parameter === parameter)
    .map((p) => ({ x: p.value, [`${p.method}-${p.outcome.stable ? 'stable' : 'unstable'}`]: methods.indexOf(p.method) }));
  return (
    <div className="study-chart-block damping-scan-block">
      <ChartFrame
        className="study-chart damping-scan-chart"
        label={`Damping scan: runs over ${axis.label} at h = ${formatNumber(result.options.h)} s, stable (dots) or not (crosses), per method`}
        summary={dampingScanSummary(result)}
        testId={`scan-chart-${parameter}`}
        figure="study"
        data={rows}
        margin={{ top: 6, right: 16, bottom: 16, left: 4 }}
        palette={palette}
        legend={false}
        tooltipLabel={(x) => `${axis.label} = ${formatNumber(Number(x.toPrecision(4)))}`}
      >
        <XAxis dataKey="x" type="number" domain={axis.domain} ticks={axis.ticks} allowDataOverflow {...axisStyle(palette)} label={axisTitle(palette, `${axis.label} (–)`, 'insideBottomRight', -10)} />
        <YAxis
          type="number" domain={[-0.5, methods.length - 0.5]} ticks={methods.map((_, k) => k)} reversed
          tickFormatter={(k: number) => METHOD_SHORT[methods[k]] ?? ''} width={Math.ceil(palette.fontSize * 6.5)} {...axisStyle(palette)}
        />
        {methods.flatMap((m) => [
          <Line
            key={`${m}-stable`} name={`${METHOD_LABELS[m]} stable`} dataKey={`${m}-stable`} stroke="none"
            dot={{ r: palette.lineWidth + 1, fill: palette.method[m], stroke: palette.method[m] }} activeDot={false} isAnimationActive={false} legendType="none"
          />,
          <Line
            key={`${m}-unstable`} name={`${METHOD_LABELS[m]} unstable`} dataKey={`${m}-unstable`} stroke="none"
            dot={<Cross stroke={palette.method[m]} size={palette.lineWidth + 2} />} activeDot={false} isAnimationActive={false} legendType="none"
          />,
        ])}
      </ChartFrame>
    </div>
  );
}

/** The scan's plots: α for the HHT methods, ρ∞ for the others. */
export function DampingScanCharts({ result }: { result: DampingScanResult }) {
  return (
    <>
      <ScanChart result={result} parameter="alpha" />
      <ScanChart result={result} parameter="rho" />
    </>
  );
}

/** Per method: its unstable values, what stopped those runs, and the earliest failure. */
export function DampingScanTable({ result }: { result: DampingScanResult }) {
  return (
    <table className="theory-table study-table" data-testid="study-table">
      <caption>{dampingScanSummary(result)}</caption>
      <thead>
        <tr>
          <th scope="col">method</th>
          <th scope="col">runs</th>
          <th scope="col">measured unstable</th>
          <th scope="col">what stopped them</th>
        </tr>
      </thead>
      <tbody>
        {result.options.methods.map((m) => {
          const own = result.points.filter((p) => p.method === m);
          const parameter = own[0]?.parameter ?? 'alpha';
          const intervals = unstableIntervals(result.points, m);
          const modes = [...new Set(intervals.flatMap((i) => i.modes))];
          const first = Math.min(...intervals.map((i) => i.firstFailure));
          return (
            <tr key={m} data-testid={`study-row-${m}`}>
              <th scope="row">{METHOD_LABELS[m]}</th>
              <td>{own.length}</td>
              <td data-testid={`scan-unstable-${m}`}>{intervalsText(intervals, parameter)}</td>
              <td>{modes.length > 0 ? `${modes.map((mode) => MODE_TEXT[mode]).join('; ')} (first at t = ${formatNumber(Number(first.toPrecision(3)))} s)` : '—'}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
