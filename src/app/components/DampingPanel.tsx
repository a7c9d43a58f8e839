import { useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { Line, ReferenceLine, XAxis, YAxis } from 'recharts';
import {
  curveKeys,
  eulerFrequencies,
  familyDampingRows,
  methodSettings,
  type FamilyDampingRow,
  OMEGA_H_RANGE,
  parameterText,
  placeFrequencies,
  sameCurveAs,
  spinLossPerStep,
  SPIN_SENTENCES,
  type MethodSetting,
  type RunFrequency,
} from '../damping';
import { useElementSize } from '../elementSize';
import { labelWidth, markerLabelOffset, stackLabels } from '../markerLabels';
import { axisWidth, logTicks } from '../plotData';
import { results } from '../runs';
import { appStore } from '../store';
import { linearVerdict, measuredVerdict } from '../stability';
import { stabilityFor, startStabilityStudy, studyStore } from '../studies';
import { METHOD_DASH, METHOD_LABELS, usePalette, type Palette } from '../theme';
import { axisStyle, axisTitle, ChartFrame } from './ChartFrame';

const PERIOD_DOMAIN: [number, number] = [1e-6, 1e4];

function num(x: number, digits = 4): string {
  return Number.isFinite(x) ? Number(x.toPrecision(digits)).toString() : '—';
}

/** A frequency of one method's shown run, placed on that method's curve. */
interface MarkedFrequency extends RunFrequency {
  readonly setting: MethodSetting;
  readonly label: string;
}

/** The frequencies of each compared method's shown run, each on its own method's curve at its own parameter. */
function runFrequencies(settings: readonly MethodSetting[]): MarkedFrequency[] {
  return settings.flatMap((setting) => {
    const res = results.current[setting.method];
    if (!res) return [];
    const omegas = eulerFrequencies(res.rows.view(), res.poses.view(), res.coordinates, res.primaryBody);
    const steps = Math.max(1, Math.round(res.state.tEnd / res.state.h));
    return placeFrequencies(omegas, setting.parameter, res.state.h, steps, setting.method).map((f) => ({ ...f, setting, label: `${num(f.omega, 3)} rad/s` }));
  });
}

/** Chart margins, px: the plot area between them and the y axis carries the log Ωh axis; the right one holds half the last tick label. */
function chartMargin(fontSize: number) {
  return { top: 6, right: Math.ceil(fontSize * 1.4), bottom: 16, left: 6 };
}
/** Top of the ρ axis: a little above 1, so the undamped plateau is visible. */
const RHO_TOP = 1.05;
const RHO_TICKS = [0, 0.2, 0.4, 0.6, 0.8, 1];
const formatDecade = (v: number): string => v.toExponential(0);
const DECADES = Math.log10(OMEGA_H_RANGE[1] / OMEGA_H_RANGE[0]);

/**
 * A marker's label in its row, from just under the ρ = 1 line down (recharts passes the marker's
 * viewBox: its x and the plot's top and height), clear of the ρ curve's plateau. It starts clear of its own
 * marker line (markerLabelOffset), and a halo in the panel's colour keeps it readable where another marker
 * or a curve crosses it.
 */
function MarkerText({ viewBox, row, text, color, fontSize, lineWidth, halo }: {
  viewBox?: { x: number; y: number; height: number }; row: number; text: string; color: string; fontSize: number; lineWidth: number; halo: string;
}) {
  if (!viewBox) return null;
  const top = viewBox.y + viewBox.height * ((RHO_TOP - 1) / RHO_TOP) + 4;
  return (
    <text
      className="damping-marker-label"
      x={viewBox.x + markerLabelOffset(lineWidth, fontSize)}
      y={top + fontSize + row * (fontSize + 3)}
      fill={color}
      fontSize={fontSize}
      stroke={halo}
      strokeWidth={Math.max(3, lineWidth + 2)}
      strokeLinejoin="round"
      paintOrder="stroke"
    >
      {text}
    </text>
  );
}

/** A method's legend name: its label, parameter, and the method its oscillator curve coincides with. */
function curveName(setting: MethodSetting, settings: readonly MethodSetting[]): string {
  const twin = sameCurveAs(setting, settings);
  return `${METHOD_LABELS[setting.method]} (${parameterText(setting)})${twin ? ` = ${METHOD_LABELS[twin]}` : ''}`;
}

/**
 * The legend of both charts, above them, as wrapping HTML (a recharts legend has a fixed height and would
 * run into the plot when four long names wrap at projector type): each method's line sample and name.
 */
function MethodLegend({ settings, palette }: { settings: readonly MethodSetting[]; palette: Palette }) {
  return (
    <ul className="method-legend" data-testid="damping-legend" style={{ fontSize: palette.fontSize }}>
      {settings.map((s) => (
        <li key={s.method}>
          <svg width={28} height={palette.fontSize} aria-hidden="true">
            <line x1={0} x2={28} y1={palette.fontSize / 2} y2={palette.fontSize / 2} stroke={palette.method[s.method]} strokeWidth={palette.lineWidth} strokeDasharray={METHOD_DASH[s.method]} />
          </svg>
          {curveName(s, settings)}
        </li>
      ))}
    </ul>
  );
}

/** The Ωh axis both charts share. */
function OmegaHAxis({ palette, title }: { palette: Palette; title: boolean }) {
  return (
    <XAxis
      dataKey="wh"
      type="number"
      scale="log"
      domain={[...OMEGA_H_RANGE]}
      ticks={logTicks(OMEGA_H_RANGE)}
      tickFormatter={formatDecade}
      {...axisStyle(palette)}
      label={title ? axisTitle(palette, 'Ωh (rad)', 'insideBottomRight', -10) : undefined}
    />
  );
}

/** One curve per compared method in its colour and line style (theme.ts: METHOD_DASH). */
function methodLines(settings: readonly MethodSetting[], which: 'rho' | 'period', palette: Palette) {
  return settings.map((s) => (
    <Line
      key={s.method}
      name={curveName(s, settings)}
      dataKey={curveKeys(s.method)[which]}
      stroke={palette.method[s.method]}
      strokeDasharray={METHOD_DASH[s.method]}
      strokeWidth={palette.lineWidth}
      legendType="plainline"
      dot={false}
      isAnimationActive={false}
    />
  ));
}

/** The run's frequencies as vertical markers in their method's colour and line style; labelled in the ρ chart only. */
function markerLines(marks: readonly MarkedFrequency[], palette: Palette, labelRows: readonly number[] | null) {
  return marks.map((f, k) => (
    <ReferenceLine
      key={`${f.setting.method}-${k}`}
      x={f.wh}
      stroke={palette.method[f.setting.method]}
      strokeWidth={palette.lineWidth}
      strokeDasharray={METHOD_DASH[f.setting.method]}
      ifOverflow="hidden"
      label={labelRows ? <MarkerText row={labelRows[k]} text={f.label} color={palette.method[f.setting.method]} fontSize={palette.fontSize} lineWidth={palette.lineWidth} halo={palette.panel} /> : undefined}
    />
  ));
}

/**
 * Spectral radius ρ and period error of every compared method on the linear oscillator over Ωh (HHT at
 * the current α, the ρ∞ methods at the current ρ∞), with the frequencies of each method's run (peaks of
 * the primary body's Euler parameters) marked; their labels are stacked in rows so they never overprint
 * (markerLabels.ts). Below or beside: why each method does or does not lose the spin beyond ρ.
 */
export function DampingPanel() {
  const version = useStore(appStore, (s) => s.plotVersion);
  const methods = useStore(appStore, (s) => s.state.methods);
  const alpha = useStore(appStore, (s) => s.state.alpha);
  const rho = useStore(appStore, (s) => s.state.rho);
  const palette = usePalette();
  const settings = useMemo(() => methodSettings({ methods, alpha, rho }), [methods, alpha, rho]);
  const rows = useMemo(() => familyDampingRows(settings), [settings]);
  // `version` stands for the streamed poses, which live outside React.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const marks = useMemo(() => runFrequencies(settings), [settings, version]);
  const font = palette.fontSize;
  const [measure, { width }] = useElementSize();
  const leftAxis = axisWidth(logTicks(PERIOD_DOMAIN).map(formatDecade), font);
  const margin = chartMargin(font);
  const pxPerDecade = Math.max(1, width - margin.left - margin.right - leftAxis) / DECADES;
  const labelRows = stackLabels(marks.map((f) => ({ x: f.wh / OMEGA_H_RANGE[0], width: labelWidth(f.label, font) })), pxPerDecade, 6, markerLabelOffset(palette.lineWidth, font));
  const style = axisStyle(palette);
  const atTenth = rows.reduce((best, r) => (Math.abs(Math.log10(r.wh) + 1) < Math.abs(Math.log10(best.wh) + 1) ? r : best));
  const view: ChartView = { rows, settings, marks, margin, palette };
  const named = settings.map((s) => `${METHOD_LABELS[s.method]} at ${parameterText(s)}`).join(', ');
  return (
    <section className="tab-body damping" aria-label="Numerical damping explained" data-testid="damping-panel">
      <div className="damping-layout">
        <div className="damping-chart-box damping-family-charts" ref={measure}>
          <MethodLegend settings={settings} palette={palette} />
          <DampingChart
            which="rho"
            label={`Spectral radius over Ωh of ${named}`}
            summary={`${settings.map((s) => `${METHOD_LABELS[s.method]}: ρ∞ = ${num(rows[rows.length - 1][curveKeys(s.method).rho])}`).join('; ')}; ${marks.length} frequencies of the run marked.`}
            view={view}
            yAxis={<YAxis type="number" domain={[0, RHO_TOP]} ticks={RHO_TICKS} {...style} width={leftAxis} label={axisTitle(palette, 'spectral radius ρ (–)', 'insideLeft')} />}
            labelRows={labelRows}
          />
          <DampingChart
            which="period"
            label={`Relative period error per step over Ωh of ${named}`}
            summary={`Period error per step in per cent, log scale; at Ωh = 0.1: ${settings.map((s) => `${METHOD_LABELS[s.method]} ${num(atTenth[curveKeys(s.method).period] ?? NaN, 3)} %`).join(', ')}.`}
            view={view}
            yAxis={
              <YAxis
                type="number"
                scale="log"
                domain={PERIOD_DOMAIN}
                ticks={logTicks(PERIOD_DOMAIN)}
                allowDataOverflow
                tickFormatter={formatDecade}
                {...style}
                width={leftAxis}
                label={axisTitle(palette, 'period error (%)', 'insideLeft')}
              />
            }
            labelRows={null}
          />
        </div>
        {/* It scrolls when the methods' text is longer than the charts: focusable, so the keyboard can scroll it. */}
        <div className="damping-text" tabIndex={0} role="region" aria-label="What each method does to the spin">
          <p id="damping-summary" data-testid="damping-summary">
            One step of each method multiplies a linear oscillation of frequency Ω by its ρ(Ωh): 1 for small Ωh, ρ∞ for large; below, the
            period error per step. On this linear test classical and modified HHT are one scheme, and so are generalized-α and the Lie
            group (they differ only in how they update rotations). A spin at |ω| makes the Euler parameters oscillate at Ω = |ω|/2 (the
            markers); where ρᴺ ≈ 1 the linear damping leaves it alone, and each method keeps or loses the spin by how it updates them:
          </p>
          <ul className="damping-methods" data-testid="damping-methods">
            {settings.map((s) => (
              <li key={s.method} data-testid={`damping-why-${s.method}`}>
                <span style={{ color: palette.method[s.method] }} className="damping-method-name">
                  {METHOD_LABELS[s.method]}
                </span>{' '}
                ({parameterText(s)}): {SPIN_SENTENCES[s.method]}
              </li>
            ))}
          </ul>
        </div>
        {/* The numbers under both, as wide as the tab: a column of their own squeezed them to ≈ 400 px. */}
        <div className="damping-wide">
          <FrequencyTable marks={marks} palette={palette} />
          <StabilityVerdicts settings={settings} palette={palette} />
        </div>
      </div>
    </section>
  );
}

/** What both damping charts draw: the rows, the compared methods, the run's frequencies, margins and palette. */
interface ChartView {
  readonly rows: readonly FamilyDampingRow[];
  readonly settings: readonly MethodSetting[];
  readonly marks: readonly MarkedFrequency[];
  readonly margin: { top: number; right: number; bottom: number; left: number };
  readonly palette: Palette;
}

/** One damping chart over Ωh: ρ or the period error of every method, with the run's frequencies marked. */
function DampingChart({ which, label, summary, view, yAxis, labelRows }: {
  which: 'rho' | 'period'; label: string; summary: string; view: ChartView; yAxis: ReactNode; labelRows: readonly number[] | null;
}) {
  const { palette } = view;
  return (
    <ChartFrame
      className={which === 'rho' ? 'damping-chart' : 'damping-chart damping-period-chart'}
      label={label}
      summary={summary}
      testId={which === 'rho' ? 'damping-chart' : 'damping-period-chart'}
      figure={which === 'rho' ? 'damping' : 'damping-period'}
      data={view.rows}
      margin={view.margin}
      palette={palette}
      legend={false}
      tooltipLabel={(wh) => `Ωh = ${Number(wh).toPrecision(4)}`}
    >
      <OmegaHAxis palette={palette} title />
      {yAxis}
      {methodLines(view.settings, which, palette)}
      {markerLines(view.marks, palette, labelRows)}
    </ChartFrame>
  );
}

/** The run's Euler-parameter frequencies, a row per method and frequency, on that method's curve. */
function FrequencyTable({ marks, palette }: { marks: readonly MarkedFrequency[]; palette: Palette }) {
  return (
    <table className="theory-table" data-testid="damping-table">
      <caption>Frequencies of the primary body’s Euler parameters in the current run (FFT)</caption>
      <thead>
        <tr>
          <th scope="col">run</th>
          <th scope="col">Ω (rad/s)</th>
          <th scope="col">Ωh (rad)</th>
          <th scope="col">1 − ρ per step</th>
          <th scope="col">ρᴺ over the run</th>
          <th scope="col">period error per step</th>
          <th scope="col">spin loss per step beyond ρ</th>
        </tr>
      </thead>
      <tbody>
        {marks.length === 0 && (
          <tr>
            <td colSpan={7}>no run to analyse yet</td>
          </tr>
        )}
        {marks.map((f, k) => {
          const loss = spinLossPerStep(f.setting.method, f.setting.parameter, f.wh);
          return (
            <tr key={`${f.setting.method}-${k}`} data-testid={`damping-row-${f.setting.method}`}>
              <th scope="row" style={{ color: palette.method[f.setting.method] }}>
                {METHOD_LABELS[f.setting.method]}
                <span className="damping-parameter"> {parameterText(f.setting)}</span>
              </th>
              <td className="num">{num(f.omega)}</td>
              <td className="num">{num(f.wh)}</td>
              <td className="num">{(1 - f.spectralRadius).toExponential(2)}</td>
              <td className="num">{num(f.overRun)}</td>
              <td className="num">{Number.isFinite(f.periodError) ? f.periodError.toExponential(2) : '—'}</td>
              <td className="damping-loss">
                {Number.isFinite(loss.perStep) ? (
                  <>
                    <span className="num">{loss.perStep === 0 ? '0' : loss.perStep.toExponential(2)}</span> ({loss.why})
                  </>
                ) : (
                  loss.why
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * Beside the linear oscillator's verdict, what the stability study measured on the model in front of the user (the
 * Studies tab's "largest stable step", same numbers), or a button that measures it.
 */
function StabilityVerdicts({ settings, palette }: { settings: readonly MethodSetting[]; palette: Palette }) {
  const state = useStore(appStore, (s) => s.state);
  const { stability, phase, kind, progress } = useStore(studyStore);
  const running = phase === 'running' && kind === 'stability';
  const measured = settings.map((s) => stabilityFor(stability, state, s.method));
  const missing = measured.some((p) => p === null);
  return (
    <section className="damping-stability" data-testid="damping-stability" aria-label="Step limits: linear analysis and this model">
      <h3>How large a step? Linear analysis and this model</h3>
      <ul className="damping-methods">
        {settings.map((s, k) => {
          const point = measured[k];
          return (
            <li key={s.method} data-testid={`damping-verdict-${s.method}`}>
              <span style={{ color: palette.method[s.method] }} className="damping-method-name">
                {METHOD_LABELS[s.method]}
              </span>{' '}
              ({parameterText(s)}): linear analysis: {linearVerdict(s.method, s.parameter)}; measured on this model:{' '}
              {point && stability ? measuredVerdict(point, stability.options.hRange) : 'not yet measured'}.
            </li>
          );
        })}
      </ul>
      {missing && (
        <p>
          <button type="button" onClick={() => startStabilityStudy(state)} disabled={running} data-testid="damping-measure-stability">
            Measure the largest stable step
          </button>{' '}
          <span className="hint" role="status" data-testid="damping-stability-status">
            {running
              ? `measuring: run ${Math.min((progress?.done ?? 0) + 1, progress?.total ?? 1)} of at most ${progress?.total ?? '…'} (Studies tab)`
              : 'runs the Studies tab’s stability study on all cores (about a minute on the heavy top)'}
          </span>
        </p>
      )}
    </section>
  );
}
