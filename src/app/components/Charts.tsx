import { memo, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  usePlotArea,
  useXAxisInverseScale,
  useXAxisScale,
} from 'recharts';
import type { IntegratorMethod } from '../../solver/simulate';
import { getScenario } from '../../scenario/registry';
import type { ScenarioState } from '../../scenario/types';
import { failureAdvice } from '../failure';
import { playheadStore, seek } from '../playhead';
import { allFailedEnd, formatTime as formatRunTime, results, type MethodResults } from '../runs';
import { appStore, setComponent, setLowerPlot, type LowerPlot, type OmegaComponent } from '../store';
import { METHOD_LABELS, usePalette, type Palette } from '../theme';
import {
  COLUMN,
  energyScale,
  logDomain,
  logTicks,
  mergePairs,
  niceDomain,
  RPM_PER_RAD_S,
  tickFormatterFor,
  type PairPoint,
} from '../plotData';
import { useStaggeredPlotVersion } from '../staggered';

interface Point extends PairPoint {
  exact?: number;
}

const COMPONENTS: readonly OmegaComponent[] = ['x', 'y', 'z'];

/** The lower plot choices, as the toolbar names them. */
const LOWER_PLOTS: ReadonlyArray<{ value: LowerPlot; label: string }> = [
  { value: 'energy', label: 'energy drift' },
  { value: 'steps', label: 'step size h & Newton iterations' },
];

// Every builder leaves non-finite values out: no NaN or Infinity ever reaches a plot.

function omegaPoints(res: MethodResults, component: OmegaComponent, state: ScenarioState): Point[] {
  const pairs = res.series[COLUMN[`omega_${component}`]].view();
  const def = getScenario(state.scenario);
  const k = COMPONENTS.indexOf(component);
  const points: Point[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const t = pairs[i];
    const v = pairs[i + 1];
    if (!Number.isFinite(v)) continue;
    points.push(def.exactOmega ? { t, v, exact: def.exactOmega(state.values, t)[k] } : { t, v });
  }
  return points;
}

function energyPoints(res: MethodResults): Point[] {
  const pairs = res.series[COLUMN.energy_error].view();
  const { factor } = energyScale(res);
  const points: Point[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const v = pairs[i + 1] * factor;
    if (Number.isFinite(v)) points.push({ t: pairs[i], v });
  }
  return points;
}

/** Step size (v, log axis) and Newton iterations of the step (w) at each sample. */
function stepPoints(res: MethodResults): Point[] {
  return mergePairs(res.series[COLUMN.h].view(), res.series[COLUMN.iterations].view(), true);
}

/** Where the plot area is and how time maps to x, shared from inside the chart to its overlay. */
interface CursorGeometry {
  scale: ((t: number) => unknown) | null;
  /** x pixel → time. */
  invert: ((x: number) => unknown) | null;
  top: number;
  height: number;
  /** Called when the geometry changed. */
  onChange: (() => void) | null;
}

/** Reads the x scale and plot area inside the chart (recharts hooks); draws nothing. */
function CursorGeometryProbe({ geometry }: { geometry: CursorGeometry }) {
  const scale = useXAxisScale();
  const invert = useXAxisInverseScale();
  const area = usePlotArea();
  useEffect(() => {
    geometry.scale = scale ?? null;
    geometry.invert = invert ?? null;
    geometry.top = area?.y ?? 0;
    geometry.height = area?.height ?? 0;
    geometry.onChange?.();
  }, [geometry, scale, invert, area?.y, area?.height]);
  return null;
}

/**
 * A vertical line at the playhead time: an HTML element over the chart moved with a CSS
 * transform through its ref, on its own compositor layer, so it never re-renders React or
 * repaints the chart (which matters while the playhead moves every frame).
 */
function PlayheadCursor({ geometry, color }: { geometry: CursorGeometry; color: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const place = () => {
      const line = ref.current;
      const x = geometry.scale?.(playheadStore.getState().time);
      if (!line) return;
      if (typeof x !== 'number' || !Number.isFinite(x) || geometry.height <= 0) {
        line.style.visibility = 'hidden';
        return;
      }
      line.style.visibility = 'visible';
      line.style.top = `${geometry.top}px`;
      line.style.height = `${geometry.height}px`;
      line.style.transform = `translateX(${x}px)`;
    };
    geometry.onChange = place;
    place();
    const unsubscribe = playheadStore.subscribe(place);
    return () => {
      unsubscribe();
      geometry.onChange = null;
    };
  }, [geometry]);
  return <div ref={ref} className="cursor-line" style={{ background: color }} aria-hidden="true" />;
}

/** Time ticks: seconds with as many decimals as they need. */
function formatTime(v: number): string {
  return Number(v.toPrecision(6)).toString();
}

/** The plots: ω component of the primary body, energy drift, step size and Newton iterations. */
type ChartKind = 'omega' | LowerPlot;

function pointsFor(kind: ChartKind, res: MethodResults, component: OmegaComponent): Point[] {
  if (kind === 'omega') return omegaPoints(res, component, res.state);
  return kind === 'energy' ? energyPoints(res) : stepPoints(res);
}

/** Range of `key` over all lines (and of the exact line), so both methods' charts share their axes. */
function valueRange(sets: Point[][], key: 'v' | 'w'): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const points of sets) {
    for (const p of points) {
      for (const x of [p[key], key === 'v' ? p.exact : undefined]) {
        if (x === undefined || !Number.isFinite(x)) continue;
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
    }
  }
  return [lo, hi];
}

/** A secondary y axis on the right: crank speed in rpm, or Newton iterations. */
interface RightAxis {
  readonly domain: [number, number];
  readonly label: string;
  readonly integer: boolean;
}

interface ChartView {
  readonly data: Point[];
  readonly state: ScenarioState;
  readonly domain: [number, number];
  /** Log axis ticks (decades) for the step size, else undefined (automatic). */
  readonly ticks: number[] | undefined;
  readonly yLabel: string;
  readonly seriesName: string;
  readonly right: RightAxis | null;
}

/** Axes and labels of one chart from the streamed results of all compared methods. */
function chartView(kind: ChartKind, method: IntegratorMethod, methods: readonly IntegratorMethod[], component: OmegaComponent): ChartView {
  const own = results.current[method];
  const data = own ? pointsFor(kind, own, component) : [];
  const sets = methods.map((m) => (m === method ? data : results.current[m] ? pointsFor(kind, results.current[m]!, component) : []));
  const state = own?.state ?? methods.map((m) => results.current[m]?.state).find(Boolean) ?? appStore.getState().state;
  const label = METHOD_LABELS[method];
  if (kind === 'steps') {
    const domain = logDomain(valueRange(sets, 'v'));
    const maxIterations = valueRange(sets, 'w')[1];
    const top = Number.isFinite(maxIterations) ? Math.max(4, Math.ceil(maxIterations * 1.25)) : 4;
    return {
      data, state, domain, ticks: logTicks(domain), yLabel: 'step h (s)', seriesName: `${label} step h`,
      right: { domain: [0, top], label: 'Newton iterations', integer: true },
    };
  }
  const domain = niceDomain(valueRange(sets, 'v'));
  if (kind === 'energy') {
    const unit = own ? energyScale(own).unit : '%';
    const yLabel = unit === '%' ? '(E−E₀−W)/|E₀| (%)' : 'E−E₀−W (J)';
    return { data, state, domain, ticks: undefined, yLabel, seriesName: `${label} energy drift`, right: null };
  }
  // The V8's crank speed is the crankshaft's ω_x: also shown in rpm on the right.
  if (state.scenario === 'v8-crank' && component === 'x') {
    const right: RightAxis = { domain: [domain[0] * RPM_PER_RAD_S, domain[1] * RPM_PER_RAD_S], label: 'crank speed (rpm)', integer: false };
    return { data, state, domain, ticks: undefined, yLabel: 'crank speed ωx (rad/s)', seriesName: `${label} crank speed`, right };
  }
  return { data, state, domain, ticks: undefined, yLabel: `ω${component} (rad/s)`, seriesName: `${label} ω${component}`, right: null };
}

interface ChartProps {
  readonly kind: ChartKind;
  readonly method: IntegratorMethod;
  /** All compared methods: the y axis covers all of them so side-by-side charts match. */
  readonly methods: readonly IntegratorMethod[];
  readonly component: OmegaComponent;
  readonly palette: Palette;
  /** End of the time axis when it is not t_end (every method failed: zoom to the failures). */
  readonly tMax: number | null;
}

/** Log ticks as 1e-4; others with the decimals their step needs. */
function logTick(v: number): string {
  return v.toExponential(0);
}

/**
 * One chart. It reads the streamed results itself when its staggered version changes, so
 * the charts redraw in separate short tasks instead of one long one.
 */
const Chart = memo(function Chart({ kind, method, methods, component, palette, tMax }: ChartProps) {
  const version = useStaggeredPlotVersion();
  const failedAt = useStore(appStore, (s) => s.runs[method].failure?.time ?? null);
  const view = useMemo(
    () => chartView(kind, method, methods, component),
    // `version` stands for the streamed data, which lives outside React.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version, kind, method, methods, component],
  );
  const withExact = kind === 'omega' && !!getScenario(view.state.scenario).exactOmega;
  const { data, domain, right } = view;
  const yTicks = useMemo(() => (view.ticks ? logTick : tickFormatterFor(domain)), [view.ticks, domain]);
  const rightTicks = useMemo(() => (right ? tickFormatterFor(right.domain) : undefined), [right]);
  const tEnd = Math.min(tMax ?? Infinity, view.state.tEnd);
  const geometry = useMemo<CursorGeometry>(() => ({ scale: null, invert: null, top: 0, height: 0, onChange: null }), []);
  const axisLabel = { fill: palette.muted, fontSize: 11, style: { textAnchor: 'middle' } } as const;
  return (
    <div
      className="chart"
      data-testid={`${kind}-chart-${method}`}
      data-points={data.length}
      onClick={(e) => {
        const t = geometry.invert?.(e.clientX - e.currentTarget.getBoundingClientRect().left);
        if (typeof t === 'number' && t >= 0 && t <= tEnd) seek(t);
      }}
    >
      <PlayheadCursor geometry={geometry} color={palette.cursor} />
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 6, right: right ? 2 : 14, bottom: 14, left: 10 }}>
          <CartesianGrid yAxisId="left" stroke={palette.grid} strokeDasharray="3 3" />
          <XAxis
            dataKey="t"
            type="number"
            domain={[0, tEnd]}
            allowDataOverflow
            tickFormatter={formatTime}
            stroke={palette.muted}
            tick={{ fontSize: 11 }}
            label={{ value: 't (s)', position: 'insideBottomRight', offset: -8, fill: palette.muted, fontSize: 11 }}
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
            tick={{ fontSize: 11 }}
            width={58}
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
              tick={{ fontSize: 11 }}
              width={54}
              label={{ ...axisLabel, value: right.label, angle: 90, position: 'insideRight', offset: 4 }}
            />
          )}
          <Tooltip
            isAnimationActive={false}
            labelFormatter={(t) => `t = ${Number(t).toPrecision(6)} s`}
            formatter={(value) => (typeof value === 'number' ? value.toPrecision(8) : String(value))}
            contentStyle={{ background: palette.panel, borderColor: palette.grid, color: palette.text, fontSize: 12 }}
          />
          <Legend verticalAlign="top" height={20} iconSize={10} itemSorter={null} wrapperStyle={{ fontSize: 11 }} />
          {/* Iterations first, so the step size is drawn over them. */}
          {kind === 'steps' && (
            <Line yAxisId="right" name="Newton iterations" type="stepAfter" dataKey="w" stroke={palette.muted} strokeOpacity={0.55} dot={false} strokeWidth={1} connectNulls isAnimationActive={false} />
          )}
          <Line yAxisId="left" name={view.seriesName} dataKey="v" stroke={palette.method[method]} dot={false} strokeWidth={1.6} connectNulls isAnimationActive={false} />
          {withExact && (
            <Line yAxisId="left" name="exact" dataKey="exact" stroke={palette.exact} strokeDasharray="6 4" dot={false} strokeWidth={1.4} isAnimationActive={false} />
          )}
          {failedAt !== null && (
            <ReferenceLine
              yAxisId="left"
              x={failedAt}
              stroke={palette.failure}
              strokeDasharray="4 3"
              label={{ value: 'failed', position: 'insideTopLeft', fill: palette.failure, fontSize: 11 }}
            />
          )}
          <CursorGeometryProbe geometry={geometry} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
});

/** Why a method's run failed, when, and what to try: shown above its plots. */
function FailureNotice({ method }: { method: IntegratorMethod }) {
  const run = useStore(appStore, (s) => s.runs[method]);
  if (run.phase !== 'failed' || !run.failure) return null;
  const state = results.current[method]?.state ?? appStore.getState().state;
  return (
    <div className="failure-notice" role="alert" data-testid={`failure-${method}`}>
      <strong>Failed at t = {formatRunTime(run.failure.time)} s.</strong> {run.failure.reason}.{' '}
      <strong>What to try:</strong> {failureAdvice(state)}.
    </div>
  );
}

/** ω and the chosen lower plot, classical and modified side by side with identical axes. */
export function Charts() {
  const component = useStore(appStore, (s) => s.view.component);
  const lower = useStore(appStore, (s) => s.view.lower);
  const methods = useStore(appStore, (s) => s.state.methods);
  const failedEnd = useStore(appStore, (s) => allFailedEnd(s));
  const palette = usePalette();
  const tMax = failedEnd === null ? null : niceDomain([0, failedEnd])[1];
  return (
    <section className="charts" aria-label="Plots">
      <div className="charts-toolbar">
        <div role="radiogroup" aria-label="Angular velocity component" className="component-choice">
          <span>ω component (body axes):</span>
          {COMPONENTS.map((c) => (
            <label key={c} className="radio">
              <input type="radio" name="omega-component" value={c} checked={component === c} onChange={() => setComponent(c)} data-testid={`component-${c}`} />
              {c}
            </label>
          ))}
        </div>
        <div role="radiogroup" aria-label="Lower plot" className="component-choice">
          <span>lower plot:</span>
          {LOWER_PLOTS.map(({ value, label }) => (
            <label key={value} className="radio">
              <input type="radio" name="lower-plot" value={value} checked={lower === value} onChange={() => setLowerPlot(value)} data-testid={`lower-${value}`} />
              {label}
            </label>
          ))}
        </div>
        <span className="charts-help">Click a plot to move the time cursor.</span>
      </div>
      <div className="charts-grid" style={{ gridTemplateColumns: `repeat(${methods.length}, minmax(0, 1fr))` }}>
        {methods.map((m) => (
          <div key={m} className="chart-column">
            <div className="chart-header">
              <h2 className="chart-title" style={{ color: palette.method[m] }}>
                {METHOD_LABELS[m]}
              </h2>
              <FailureNotice method={m} />
            </div>
            <Chart kind="omega" method={m} methods={methods} component={component} palette={palette} tMax={tMax} />
            <Chart kind={lower} method={m} methods={methods} component={component} palette={palette} tMax={tMax} />
          </div>
        ))}
      </div>
    </section>
  );
}
