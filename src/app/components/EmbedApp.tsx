import { useMemo } from 'react';
import { useStore } from 'zustand';
import { getScenario } from '../../scenario/registry';
import { formatNumber } from '../../scenario/validate';
import { appStore } from '../store';
import { appLink } from '../urlSync';
import { ChartColumns, useChartColumns } from './Charts';
import { useAlphaSlider } from './IntegratorPanel';
import { Scene3D } from './LaterParts';
import { RangeInput } from './SliderField';
import { PlayButton, RestartButton } from './Timeline';

/** α on one line: its value and the slider (the settings' text field and hint stay in the full app). */
function EmbedAlpha() {
  const alpha = useStore(appStore, (s) => s.state.alpha);
  const slider = useAlphaSlider();
  return (
    <label className="embed-alpha">
      <span>
        <span className="key">α</span> = <output data-testid="embed-alpha-value">{formatNumber(alpha)}</output>
      </span>
      <RangeInput slider={slider} />
    </label>
  );
}

/** The same scenario and view in the full app, in a new tab (the link without `embed`). */
function FullAppLink() {
  const state = useStore(appStore, (s) => s.state);
  const view = useStore(appStore, (s) => s.view);
  const href = useMemo(() => appLink(false), [state, view]);
  return (
    <a className="embed-full-link" href={href} target="_blank" rel="noopener" data-testid="embed-full-link" title="All settings, plots, theory and studies">
      <span className="embed-link-long">Open in the </span>full app ↗
    </a>
  );
}

/** The embedded ω plots: one per compared method, identical axes. */
function EmbedCharts() {
  const columns = useChartColumns();
  return (
    <section className="charts embed-charts" aria-label="Plots" data-testid="charts">
      <ChartColumns {...columns} notices lowerPlots={false} />
    </section>
  );
}

/**
 * The page inside a course page's iframe (`embed=on`, SPEC §7 "course page"): play/restart, α and
 * the link to the full app on one bar, the 3D view and the ω plots filling the frame.
 */
export function EmbedApp() {
  const title = useStore(appStore, (s) => getScenario(s.state.scenario).title);
  return (
    <main className="embed-app" aria-label={`HHT Playground: ${title}`}>
      <h1 className="sr-only">HHT Playground: {title}</h1>
      <div className="embed-bar" role="group" aria-label="Playback and α">
        <PlayButton />
        <RestartButton />
        <EmbedAlpha />
        <FullAppLink />
      </div>
      <Scene3D />
      <EmbedCharts />
    </main>
  );
}
