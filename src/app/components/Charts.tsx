import { memo, useEffect, useMemo, useRef } from 'react';
import { useStore } from 'zustand';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
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
import { playheadStore, seek } from '../playhead';
import { results, type MethodResults } from '../runs';
import { appStore, setComponent, type OmegaComponent } from '../store';
import { METHOD_LABELS, usePalette, type Palette } from '../theme';
import { COLUMN, energyScale, niceDomain, tickFormatterFor } from '../plotData';
import { useStaggeredPlotVersion } from '../staggered';

interface Point {
  t: number;
  v: number;
  exact?: number;
}

const COMPONENTS: readonly OmegaComponent[] = ['x', 'y', 'z'];

function omegaPoints(res: MethodResults, component: OmegaComponent, state: ScenarioState): Point[] {
  const pairs = res.series[COLUMN[`omega_${component}`]].view();
  const def = getScenario(state.scenario);
  const k = COMPONENTS.indexOf(component);
  const points: Point[] = new Array(pairs.length / 2);
  for (let i = 0, j = 0; i < pairs.length; i += 2, j++) {
    const t = pairs[i];
    points[j] = def.exactOmega ? { t, v: pairs[i + 1], exact: def.exactOmega(state.values, t)[k] } : { t, v: pairs[i + 1] };
  }
  return points;
}

function energyPoints(res: MethodResults): Point[] {
  const pairs = res.series[COLUMN.energy_error].view();
  const { factor } = energyScale(res);
  const points: Point[] = new Array(pairs.length / 2);
  for (let i = 0, j = 0; i < pairs.length; i += 2, j++) points[j] = { t: pairs[i], v: pairs[i + 1] * factor };
  return points;
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

/** The two kinds of plot: ω component of the primary body, and the energy drift. */
type ChartKind = 'omega' | 'energy';

function pointsFor(kind: ChartKind, res: MethodResults, component: OmegaComponent): Point[] {
  return kind === 'omega' ? omegaPoints(res, component, res.state) : energyPoints(res);
}

interface ChartProps {
  readonly kind: ChartKind;
  readonly method: IntegratorMethod;
  /** All compared methods: the y axis covers all of them so side-by-side charts match. */
  readonly methods: readonly IntegratorMethod[];
  readonly component: OmegaComponent;
  readonly palette: Palette;
}

/**
 * One chart. It reads the streamed results itself when its staggered version changes, so
 * the four charts redraw in four separate short tasks instead of one long one.
 */
const Chart = memo(function Chart({ kind, method, methods, component, palette }: ChartProps) {
  const version = useStaggeredPlotVersion();
  const view = useMemo(() => {
    const own = results.current[method];
    const data = own ? pointsFor(kind, own, component) : [];
    const sets = methods.map((m) => (m === method ? data : results.current[m] ? pointsFor(kind, results.current[m]!, component) : []));
    const state = own?.state ?? methods.map((m) => results.current[m]?.state).find(Boolean) ?? appStore.getState().state;
    const unit = own ? energyScale(own).unit : '%';
    return { data, domain: niceDomain(valueRange(sets)), state, unit };
    // `version` stands for the streamed data, which lives outside React.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, kind, method, methods, component]);
  const withExact = kind === 'omega' && !!getScenario(view.state.scenario).exactOmega;
  const yLabel = kind === 'omega' ? `ω${component} (rad/s)` : view.unit === '%' ? '(E−E₀−W)/|E₀| (%)' : 'E−E₀−W (J)';
  const seriesName = kind === 'omega' ? `${METHOD_LABELS[method]} ω${component}` : `${METHOD_LABELS[method]} energy drift`;
  const { data, domain } = view;
  const yTicks = useMemo(() => tickFormatterFor(domain), [domain]);
  const tEnd = view.state.tEnd;
  const geometry = useMemo<CursorGeometry>(() => ({ scale: null, invert: null, top: 0, height: 0, onChange: null }), []);
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
        <LineChart
          data={data}
          margin={{ top: 6, right: 14, bottom: 14, left: 10 }}
        >
          <CartesianGrid stroke={palette.grid} strokeDasharray="3 3" />
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
            type="number"
            domain={domain}
            allowDataOverflow
            tickFormatter={yTicks}
            stroke={palette.muted}
            tick={{ fontSize: 11 }}
            width={58}
            label={{ value: yLabel, angle: -90, position: 'insideLeft', offset: 4, fill: palette.muted, fontSize: 11, style: { textAnchor: 'middle' } }}
          />
          <Tooltip
            isAnimationActive={false}
            labelFormatter={(t) => `t = ${Number(t).toPrecision(6)} s`}
            formatter={(value) => (typeof value === 'number' ? value.toPrecision(8) : String(value))}
            contentStyle={{ background: palette.panel, borderColor: palette.grid, color: palette.text, fontSize: 12 }}
          />
          <Legend verticalAlign="top" height={20} iconSize={10} itemSorter={null} wrapperStyle={{ fontSize: 11 }} />
          <Line name={seriesName} dataKey="v" stroke={palette.method[method]} dot={false} strokeWidth={1.6} isAnimationActive={false} />
          {withExact && (
            <Line name="exact" dataKey="exact" stroke={palette.exact} strokeDasharray="6 4" dot={false} strokeWidth={1.4} isAnimationActive={false} />
          )}
          <CursorGeometryProbe geometry={geometry} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
});

/** Union of the values of all lines, so both methods' charts share one y axis. */
function valueRange(sets: Point[][]): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const points of sets) {
    for (const p of points) {
      if (Number.isFinite(p.v)) {
        if (p.v < lo) lo = p.v;
        if (p.v > hi) hi = p.v;
      }
      if (p.exact !== undefined) {
        if (p.exact < lo) lo = p.exact;
        if (p.exact > hi) hi = p.exact;
      }
    }
  }
  return [lo, hi];
}

/** ω and energy drift, classical and modified side by side with identical axes. */
export function Charts() {
  const component = useStore(appStore, (s) => s.view.component);
  const methods = useStore(appStore, (s) => s.state.methods);
  const palette = usePalette();
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
        <span className="charts-help">Click a plot to move the time cursor.</span>
      </div>
      <div className="charts-grid" style={{ gridTemplateColumns: `repeat(${methods.length}, minmax(0, 1fr))` }}>
        {methods.map((m) => (
          <div key={m} className="chart-column">
            <h2 className="chart-title" style={{ color: palette.method[m] }}>
              {METHOD_LABELS[m]}
            </h2>
            <Chart kind="omega" method={m} methods={methods} component={component} palette={palette} />
            <Chart kind="energy" method={m} methods={methods} component={component} palette={palette} />
          </div>
        ))}
      </div>
    </section>
  );
}
