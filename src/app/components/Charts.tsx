import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import type { RunMethod as IntegratorMethod } from '../../scenario/methods';
import { chartsShown, LOWER_PLOT_LABELS, shownOutput } from '../chartViews';
import { differenceCaption, METHOD_SHORT } from '../methodInfo';
import { niceDomain } from '../plotData';
import { allFailedEnd } from '../runs';
import type { OutputColumn } from '../../run/modelFacts';
import { appStore, LOWER_PLOTS, setComponent, setLowerPlot, setOutput, type LowerPlot, type OmegaComponent } from '../store';
import { METHOD_LABELS, usePalette, type Palette } from '../theme';
import { LOWER_PLOT_TIPS, OMEGA_PLOT_TIP } from '../plotTips';
import { FailureBox } from './FailureBox';
import { InfoTip } from './InfoTip';
import { MethodSwatch } from './MethodSwatch';
import { RadioChoice } from './SliderField';
import { TimeChart } from './TimeChart';

const COMPONENT_OPTIONS: ReadonlyArray<{ value: OmegaComponent; label: string }> = [
  { value: 'x', label: 'x' },
  { value: 'y', label: 'y' },
  { value: 'z', label: 'z' },
];

/** The plot under the ω plot: energy drift, steps, an invariant monitor or the difference plot. */
function LowerPlotChoice() {
  const lower = useStore(appStore, (s) => s.view.lower);
  return (
    <label className="inline-select">
      <span>lower plot:</span>
      <select value={lower} onChange={(e) => setLowerPlot(e.target.value as LowerPlot)} data-testid="lower-plot">
        {LOWER_PLOTS.map((value) => (
          <option key={value} value={value}>
            {LOWER_PLOT_LABELS[value]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The outputs of a model without any (one array, so a store selector returns the same value each time). */
const NO_OUTPUTS: readonly OutputColumn[] = [];

/** The value of the output picker's ω entry (output names come from the model and cannot be empty). */
const OMEGA_ENTRY = '';

/**
 * The output picker beside the ω component (a model with named outputs, SPEC §8): ω, or any output of the
 * running model in ω's place, with its unit on the axis; the choice is the link's `output` key.
 */
function OutputPicker() {
  const outputs = useStore(appStore, (s) => s.modelFacts?.outputs ?? NO_OUTPUTS);
  const chosen = useStore(appStore, (s) => shownOutput(s.view.output, s.modelFacts?.outputs ?? []));
  if (outputs.length === 0) return null;
  return (
    <label className="inline-select output-picker">
      <span>plot:</span>
      <select value={chosen ?? OMEGA_ENTRY} onChange={(e) => setOutput(e.target.value === OMEGA_ENTRY ? null : e.target.value)} data-testid="output-picker">
        <option value={OMEGA_ENTRY}>ω (angular velocity)</option>
        <optgroup label="model outputs">
          {outputs.map((o) => (
            <option key={o.name} value={o.name}>
              {o.unit ? `${o.name} (${o.unit})` : o.name}
            </option>
          ))}
        </optgroup>
      </select>
    </label>
  );
}


/** The previous lower plot, so the difference button toggles back to it. */
let beforeDifference: LowerPlot = 'energy';

/** One click to the difference plot (and back): against the exact solution, or each method minus the first. */
function DifferenceToggle({ exact, methods }: { exact: boolean; methods: readonly IntegratorMethod[] }) {
  const lower = useStore(appStore, (s) => s.view.lower);
  const on = lower === 'difference';
  const toggle = () => {
    if (!on) beforeDifference = lower;
    setLowerPlot(on ? beforeDifference : 'difference');
  };
  return (
    <button type="button" className="difference-toggle" aria-pressed={on} onClick={toggle} data-testid="difference-toggle" title="Plot the difference under the ω plots">
      Δω {differenceCaption(methods, exact)}
    </button>
  );
}

/**
 * The full-width difference row (scenarios without an exact solution): every other method minus the
 * first selected, one chart each in the method's colour and line style, on one shared y axis.
 */
function DifferenceRow({ methods, component, palette, tMax }: { methods: readonly IntegratorMethod[]; component: OmegaComponent; palette: Palette; tMax: number | null }) {
  const [first, ...others] = methods;
  if (others.length === 0) {
    return (
      <div className="difference-row">
        <p className="hint difference-needs-both" data-testid="difference-needs-both">
          The difference plot subtracts the first compared method from the others: tick a second method under Compare methods.
        </p>
      </div>
    );
  }
  return (
    <div className="difference-row" style={{ gridTemplateColumns: `repeat(${others.length}, minmax(0, 1fr))` }}>
      {others.map((m) => (
        <div key={m} className="chart-column" data-figure-column="wide">
          <div className="chart-header">
            <h2 className="chart-title" style={{ color: palette.method[m] }} data-figure-heading>
              <MethodSwatch method={m} palette={palette} />
              {METHOD_SHORT[m]} − {METHOD_SHORT[first]}
            </h2>
          </div>
          <TimeChart kind="difference" method={m} methods={methods} component={component} palette={palette} tMax={tMax} />
        </div>
      ))}
    </div>
  );
}

export interface ChartColumnsProps {
  readonly methods: readonly IntegratorMethod[];
  readonly component: OmegaComponent;
  readonly lower: LowerPlot;
  readonly exact: boolean;
  readonly palette: Palette;
  readonly tMax: number | null;
  /** Failure notices above the plots (the page; not the exported figure). */
  readonly notices: boolean;
  /** False: the ω plots only (the embedded page). */
  readonly lowerPlots?: boolean;
  /** A model output plotted in ω's place, or null. */
  readonly output?: string | null;
}

/**
 * The chart columns, one per method: ω and the lower plot with identical axes, or (difference
 * plot without an exact solution) ω per method over one full-width row of each method minus the first.
 * The page shows them, and the PNG export renders them off screen at a fixed size.
 */
export function ChartColumns({ methods, component, lower, exact, palette, tMax, notices, lowerPlots = true, output = null }: ChartColumnsProps) {
  const sharedDifference = lowerPlots && lower === 'difference' && !exact;
  const omegaOnly = sharedDifference || !lowerPlots;
  return (
    <div
      className={`charts-grid${sharedDifference ? ' with-difference-row' : ''}`}
      data-methods={methods.length}
      style={{ gridTemplateColumns: `repeat(${methods.length}, minmax(0, 1fr))` }}
    >
      {methods.map((m) => (
        <div key={m} className={`chart-column${omegaOnly ? ' omega-only' : ''}`} data-figure-column>
          <div className="chart-header">
            <h2 className="chart-title" style={{ color: palette.method[m] }} data-figure-heading>
              <MethodSwatch method={m} palette={palette} />
              {/* Three or four columns are narrow: the short name (the full one is in the run panel and picker). */}
              {methods.length >= 3 ? METHOD_SHORT[m] : METHOD_LABELS[m]}
            </h2>
            {notices && <FailureBox method={m} />}
          </div>
          {output === null ? (
            <TimeChart kind="omega" method={m} methods={methods} component={component} palette={palette} tMax={tMax} />
          ) : (
            <TimeChart kind="output" method={m} methods={methods} component={component} palette={palette} tMax={tMax} output={output} />
          )}
          {!omegaOnly && <TimeChart kind={lower} method={m} methods={methods} component={component} palette={palette} tMax={tMax} />}
        </div>
      ))}
      {sharedDifference && <DifferenceRow methods={methods} component={component} palette={palette} tMax={tMax} />}
    </div>
  );
}

/** End of the time axes: t_end, or (every method failed) a nice time just past the failures. */
export function useTimeAxisEnd(): number | null {
  const failedEnd = useStore(appStore, (s) => allFailedEnd(s));
  return failedEnd === null ? null : niceDomain([0, failedEnd])[1];
}

/**
 * What the chart columns show now (everything but `notices`), from chartsShown: the page's plots, the embedded
 * page's and the exported PNG's, so the PNG draws what the screen shows.
 */
export function useChartColumns(): Omit<ChartColumnsProps, 'notices'> {
  const shown = useStore(appStore, useShallow(chartsShown));
  const palette = usePalette();
  const tMax = useTimeAxisEnd();
  return { ...shown, palette, tMax };
}

/** ω and the chosen lower plot, the compared methods side by side with identical axes. */
export function Charts() {
  const columns = useChartColumns();
  const { component, lower, exact, output } = columns;
  // The ω component applies where ω is drawn: the upper plots (unless a model output takes ω's place) and Δω.
  const omegaShown = output === null || lower === 'difference';
  return (
    <section className="charts" aria-label="Plots" data-testid="charts">
      <div className="charts-toolbar">
        {omegaShown && (
          <RadioChoice
            label="ω component (body axes):"
            ariaLabel="Angular velocity component"
            options={COMPONENT_OPTIONS}
            current={component}
            testIdPrefix="component"
            onChange={setComponent}
          />
        )}
        <OutputPicker />
        <LowerPlotChoice />
        <DifferenceToggle exact={exact} methods={columns.methods} />
        <span className="charts-help">
          <span className="charts-help-text">Click a plot to move the time cursor.</span>{' '}
          <InfoTip about="the plots" text={`${OMEGA_PLOT_TIP} ${LOWER_PLOT_TIPS[lower]}`} testId="tip-plots" />
        </span>
      </div>
      <ChartColumns {...columns} notices />
    </section>
  );
}
