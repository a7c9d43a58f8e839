import { useMemo } from 'react';
import { useStore } from 'zustand';
import { Line, ReferenceLine, XAxis, YAxis } from 'recharts';
import { INTEGRATOR_METHODS, type IntegratorMethod } from '../../solver/simulate';
import { formatNumber } from '../../scenario/validate';
import { dampingCurve, eulerFrequencies, OMEGA_H_RANGE, placeFrequencies, type RunFrequency } from '../damping';
import { useElementSize } from '../elementSize';
import { labelWidth, stackLabels } from '../markerLabels';
import { axisWidth, logTicks } from '../plotData';
import { results } from '../runs';
import { appStore } from '../store';
import { METHOD_LABELS, usePalette } from '../theme';
import { axisStyle, axisTitle, ChartFrame } from './ChartFrame';

const PERIOD_DOMAIN: [number, number] = [1e-6, 1e4];

function num(x: number, digits = 4): string {
  return Number.isFinite(x) ? Number(x.toPrecision(digits)).toString() : '—';
}

/** The frequencies of each method's shown run, on the curve of the current α. */
function runFrequencies(alpha: number): Partial<Record<IntegratorMethod, RunFrequency[]>> {
  const out: Partial<Record<IntegratorMethod, RunFrequency[]>> = {};
  for (const m of INTEGRATOR_METHODS) {
    const res = results.current[m];
    if (!res) continue;
    const omegas = eulerFrequencies(res.rows.view(), res.poses.view(), res.coordinates, res.primaryBody);
    const steps = Math.max(1, Math.round(res.state.tEnd / res.state.h));
    out[m] = placeFrequencies(omegas, alpha, res.state.h, steps);
  }
  return out;
}

/** Chart margins and y-axis widths, px: the plot area between them carries the log Ωh axis. */
const MARGIN = { top: 6, right: 4, bottom: 16, left: 6 };
/** Top of the ρ axis: a little above 1, so the undamped plateau is visible. */
const RHO_TOP = 1.05;
const RHO_TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];
const formatDecade = (v: number): string => v.toExponential(0);
const DECADES = Math.log10(OMEGA_H_RANGE[1] / OMEGA_H_RANGE[0]);

/**
 * A marker's label in its row, from just under the ρ = 1 line down (recharts passes the marker's
 * viewBox: its x and the plot's top and height), clear of the ρ curve's plateau.
 */
function MarkerText({ viewBox, row, text, color, fontSize }: { viewBox?: { x: number; y: number; height: number }; row: number; text: string; color: string; fontSize: number }) {
  if (!viewBox) return null;
  const top = viewBox.y + viewBox.height * ((RHO_TOP - 1) / RHO_TOP) + 4;
  return (
    <text className="damping-marker-label" x={viewBox.x + 4} y={top + fontSize + row * (fontSize + 3)} fill={color} fontSize={fontSize}>
      {text}
    </text>
  );
}

/**
 * Spectral radius ρ and period error of HHT on the linear oscillator over Ωh for the current α,
 * with the frequencies of the current run (peaks of the primary body's Euler parameters) marked;
 * their labels are stacked in rows so they never overprint (markerLabels.ts).
 */
export function DampingPanel() {
  const version = useStore(appStore, (s) => s.plotVersion);
  const alpha = useStore(appStore, (s) => s.state.alpha);
  const palette = usePalette();
  const curve = useMemo(() => dampingCurve(alpha), [alpha]);
  // `version` stands for the streamed poses, which live outside React.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const marks = useMemo(() => runFrequencies(alpha), [alpha, version]);
  const font = palette.fontSize;
  const rhoInf = (1 + alpha) / (1 - alpha);
  const rows = INTEGRATOR_METHODS.flatMap((m) => (marks[m] ?? []).map((f) => ({ method: m, ...f, label: `${num(f.omega, 3)} rad/s` })));
  const [measure, { width }] = useElementSize();
  const leftAxis = axisWidth(RHO_TICKS.map(String), font);
  const rightAxis = axisWidth(logTicks(PERIOD_DOMAIN).map(formatDecade), font);
  const pxPerDecade = Math.max(1, width - MARGIN.left - MARGIN.right - leftAxis - rightAxis) / DECADES;
  const labelRows = stackLabels(rows.map((f) => ({ x: f.wh / OMEGA_H_RANGE[0], width: labelWidth(f.label, font) })), pxPerDecade);
  const style = axisStyle(palette);
  return (
    <section className="tab-body damping" aria-label="Numerical damping explained" data-testid="damping-panel">
      <div className="damping-layout">
        <div className="damping-chart-box" ref={measure}>
          <ChartFrame
            className="damping-chart"
            label={`Spectral radius and period error of HHT over Ωh for α = ${formatNumber(alpha)}`}
            summary={`ρ∞ = ${num(rhoInf)}; ${rows.length} frequencies of the run marked.`}
            testId="damping-chart"
            figure="damping"
            data={curve}
            margin={MARGIN}
            palette={palette}
            gridAxis="rho"
            tooltipLabel={(wh) => `Ωh = ${Number(wh).toPrecision(4)}`}
          >
            <XAxis
              dataKey="wh"
              type="number"
              scale="log"
              domain={[...OMEGA_H_RANGE]}
              ticks={logTicks(OMEGA_H_RANGE)}
              tickFormatter={formatDecade}
              {...style}
              label={axisTitle(palette, 'Ωh (rad)', 'insideBottomRight', -10)}
            />
            <YAxis yAxisId="rho" type="number" domain={[0, RHO_TOP]} ticks={RHO_TICKS} {...style} width={leftAxis} label={axisTitle(palette, 'spectral radius ρ (–)', 'insideLeft')} />
            <YAxis
              yAxisId="period"
              orientation="right"
              type="number"
              scale="log"
              domain={PERIOD_DOMAIN}
              ticks={logTicks(PERIOD_DOMAIN)}
              allowDataOverflow
              tickFormatter={formatDecade}
              {...style}
              width={rightAxis}
              label={axisTitle(palette, 'period error (%)', 'insideRight')}
            />
            <Line yAxisId="rho" name={`ρ (α = ${formatNumber(alpha)})`} dataKey="spectralRadius" stroke={palette.text} dot={false} strokeWidth={palette.lineWidth} isAnimationActive={false} />
            <Line yAxisId="period" name="period error (%)" dataKey="periodErrorPercent" stroke={palette.muted} strokeDasharray="5 4" dot={false} strokeWidth={palette.lineWidth * 0.8} isAnimationActive={false} />
            {rows.map((f, k) => (
              <ReferenceLine
                key={`${f.method}-${k}`}
                yAxisId="rho"
                x={f.wh}
                stroke={palette.method[f.method]}
                strokeWidth={palette.lineWidth}
                strokeDasharray={f.method === 'classical' ? '6 3' : undefined}
                ifOverflow="hidden"
                label={<MarkerText row={labelRows[k]} text={f.label} color={palette.method[f.method]} fontSize={font} />}
              />
            ))}
          </ChartFrame>
        </div>
        <div className="damping-text">
          <p id="damping-summary">
            Each HHT step multiplies a linear oscillation of frequency Ω by ρ(Ωh): no damping for small Ωh, tending to ρ∞ = (1+α)/(1−α) ={' '}
            {num(rhoInf)} for large Ωh. A body spinning at |ω| makes its Euler parameters oscillate at Ω = |ω|/2. The classical method
            applies Newmark’s formulas to the Euler parameters, the modified one integrates ω. Compare the last two columns: where ρᴺ ≈ 1
            the linear damping alone would leave the rotation alone, and the classical loss comes from the nonlinear term of Eq. 28,
            ¼α(ωh)² of the spin per step.
          </p>
          <table className="theory-table" data-testid="damping-table">
            <caption>Frequencies of the primary body’s Euler parameters in the current run (FFT)</caption>
            <thead>
              <tr>
                <th scope="col">run</th>
                <th scope="col">Ω (rad/s)</th>
                <th scope="col">Ωh</th>
                <th scope="col">1 − ρ per step</th>
                <th scope="col">ρᴺ over the run</th>
                <th scope="col">¼|α|(2Ωh)² per step (Eq. 28)</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={6}>no run to analyse yet</td>
                </tr>
              )}
              {rows.map((f, k) => (
                <tr key={`${f.method}-${k}`}>
                  <th scope="row" style={{ color: `var(--${f.method})` }}>
                    {METHOD_LABELS[f.method]}
                  </th>
                  <td>{num(f.omega)}</td>
                  <td>{num(f.wh)}</td>
                  <td>{(1 - f.spectralRadius).toExponential(2)}</td>
                  <td>{num(f.overRun)}</td>
                  <td>{(0.25 * Math.abs(alpha) * (2 * f.wh) ** 2).toExponential(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}
