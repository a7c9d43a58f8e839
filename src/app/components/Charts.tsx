import { useStore } from 'zustand';
import type { IntegratorMethod } from '../../solver/simulate';
import { LOWER_PLOT_LABELS } from '../chartViews';
import { niceDomain } from '../plotData';
import { allFailedEnd } from '../runs';
import { appStore, LOWER_PLOTS, setComponent, setLowerPlot, type LowerPlot, type OmegaComponent } from '../store';
import { METHOD_LABELS, usePalette } from '../theme';
import { LOWER_PLOT_TIPS, OMEGA_PLOT_TIP } from '../plotTips';
import { FailureBox } from './FailureBox';
import { InfoTip } from './InfoTip';
import { RadioChoice } from './SliderField';
import { TimeChart } from './TimeChart';

const COMPONENT_OPTIONS: ReadonlyArray<{ value: OmegaComponent; label: string }> = [
  { value: 'x', label: 'x' },
  { value: 'y', label: 'y' },
  { value: 'z', label: 'z' },
];

/** The plot under the ω plot: energy drift, steps, or an invariant monitor. */
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

/** ω and the chosen lower plot, classical and modified side by side with identical axes. */
export function Charts() {
  const component = useStore(appStore, (s) => s.view.component);
  const lower = useStore(appStore, (s) => s.view.lower);
  const methods = useStore(appStore, (s) => s.state.methods);
  const failedEnd = useStore(appStore, (s) => allFailedEnd(s));
  const palette = usePalette();
  const tMax = failedEnd === null ? null : niceDomain([0, failedEnd])[1];
  return (
    <section className="charts" aria-label="Plots" data-testid="charts">
      <div className="charts-toolbar">
        <RadioChoice
          label="ω component (body axes):"
          ariaLabel="Angular velocity component"
          options={COMPONENT_OPTIONS}
          current={component}
          testIdPrefix="component"
          onChange={setComponent}
        />
        <LowerPlotChoice />
        <span className="charts-help">
          Click a plot to move the time cursor. <InfoTip about="the plots" text={`${OMEGA_PLOT_TIP} ${LOWER_PLOT_TIPS[lower]}`} testId="tip-plots" />
        </span>
      </div>
      <div className="charts-grid" style={{ gridTemplateColumns: `repeat(${methods.length}, minmax(0, 1fr))` }}>
        {methods.map((m) => (
          <div key={m} className="chart-column" data-figure-column>
            <div className="chart-header">
              <h2 className="chart-title" style={{ color: palette.method[m] }} data-figure-heading>
                {METHOD_LABELS[m]}
              </h2>
              <FailureBox method={m} />
            </div>
            <TimeChart kind="omega" method={m} methods={methods} component={component} palette={palette} tMax={tMax} />
            <TimeChart kind={lower} method={m} methods={methods} component={component} palette={palette} tMax={tMax} />
          </div>
        ))}
      </div>
    </section>
  );
}
