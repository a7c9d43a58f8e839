import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from 'zustand';
import { RUN_METHODS, type RunMethod } from '../../scenario/methods';
import { methodDash } from '../methodInfo';
import { chartsShown, LOWER_PLOT_LABELS } from '../chartViews';
import { chartCanvas, downloadFigurePng } from '../export/chartsFigure';
import { drawnCharts, notePngCharts } from '../export/drawnCharts';
import { exportFileStem } from '../export/fileNames';
import { figureHeader } from '../export/figureHeader';
import { changedFromPreset } from '../presetStatus';
import { PRESETS } from '../presets';
import { results } from '../runs';
import { appStore } from '../store';
import { exportPalette, METHOD_LABELS } from '../theme';
import { shareUrl } from '../urlSync';
import { ChartColumns, useChartColumns } from './Charts';

/** Size of the exported figure's charts, CSS px (drawn at 2×): 16:9 with two columns. */
export const FIGURE_COLUMN_WIDTH = 700;
export const FIGURE_COLUMN_HEIGHT = 650;
/** Longest wait for the off-screen charts to draw, ms. */
const DRAW_TIMEOUT_MS = 4000;

/** Whether every chart under `root` has drawn at its size (its ticks chosen for it): its canvas, and a line wherever it has points. */
function drawn(root: HTMLElement): boolean {
  const charts = Array.from(root.querySelectorAll<HTMLElement>('[data-figure-chart]'));
  return (
    charts.length > 0 &&
    charts.every((chart) => {
      const points = Number(chart.getAttribute('data-points') ?? '0');
      const measured = chart.getAttribute('data-measured') !== 'no';
      return measured && chartCanvas(chart) !== null && (points === 0 || Number(chart.getAttribute('data-drawn-points') ?? '0') > 0);
    })
  );
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

/**
 * The plots rendered off screen at the figure size (whatever tab is open), handed to `onDrawn`
 * once drawn: the same ChartColumns as the page with what the page's plots show (useChartColumns), in the export palette.
 */
function FigureStage({ onDrawn }: { onDrawn: (root: HTMLElement) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const columns = useChartColumns();
  const projector = useStore(appStore, (s) => s.view.projector);
  const palette = exportPalette(projector);
  const count = columns.methods.length;
  const rows = columns.lower === 'difference' && !columns.exact ? 2 : 1;
  useEffect(() => {
    let live = true;
    (async () => {
      const start = performance.now();
      while (live && ref.current && !drawn(ref.current) && performance.now() - start < DRAW_TIMEOUT_MS) await nextFrame();
      // One more frame so the last redraw has been painted.
      await nextFrame();
      if (live && ref.current) onDrawn(ref.current);
    })();
    return () => {
      live = false;
    };
  }, [onDrawn]);
  return createPortal(
    <div
      ref={ref}
      className="figure-stage"
      aria-hidden="true"
      style={{ width: FIGURE_COLUMN_WIDTH * count + 10 * (count - 1), height: FIGURE_COLUMN_HEIGHT * rows, background: palette.panel, color: palette.text }}
    >
      <ChartColumns {...columns} palette={palette} notices={false} />
    </div>,
    document.body,
  );
}

/** What the upper plots show, for the figure's title: the model output's name, or ω's component ("ωy"). */
function upperLabel(shown: { readonly output: string | null; readonly component: string }): string {
  return shown.output ?? `ω${shown.component}`;
}

/**
 * PNG of the plots for a slide: what the page's plots show (ω's component or a model output, the lower plot, each
 * compared method, the exact solution and reference curves) with a title, the legend (each method's colour and line
 * style), α or ρ∞, h, t_end, changed parameters and the share link (shortened when long, whole in the PNG's
 * metadata), at a fixed size from any tab. Disabled until a run has samples.
 */
export function PngExport() {
  useStore(appStore, (s) => s.plotVersion);
  const methods = useStore(appStore, (s) => s.state.methods);
  const ready = methods.some((m) => (results.current[m]?.rows.length ?? 0) > 0);
  const [exporting, setExporting] = useState(false);
  const [status, setStatus] = useState('');
  const onDrawn = useRef(async (root: HTMLElement) => {
    const app = appStore.getState();
    const { state, view } = app;
    const palette = exportPalette(view.projector);
    const preset = view.preset && !changedFromPreset(view.preset, state) ? PRESETS[view.preset].title : null;
    const charts = drawnCharts(root);
    const header = figureHeader({
      state, methodNames: METHOD_LABELS, methodColors: palette.method, exactColor: palette.exact, referenceColor: palette.muted,
      methodDashes: Object.fromEntries(RUN_METHODS.map((m) => [m, methodDash(m, 3)])) as Record<RunMethod, string | undefined>,
      upperLabel: upperLabel(chartsShown(app)), lowerLabel: LOWER_PLOT_LABELS[view.lower], presetTitle: preset, link: shareUrl(),
      drawnLines: [...new Set(charts.flatMap((chart) => chart.lines.map((line) => line.role)))],
    });
    try {
      await downloadFigurePng(root, palette, `${exportFileStem(state)}-plots.png`, header);
      notePngCharts(charts);
      setStatus('PNG saved');
    } catch (error) {
      setStatus(`PNG failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setExporting(false);
    }
  }).current;
  return (
    <div className="export-row">
      <button type="button" onClick={() => setExporting(true)} disabled={!ready || exporting} data-testid="export-png" aria-describedby="export-png-note">
        PNG of the plots
      </button>
      <span id="export-png-note" className="hint" role="status">
        {status || (ready ? 'the plots as shown, with title, legend, α or ρ∞, h, t_end and the link; 1,400 px wide per method' : 'available once the run has samples')}
      </span>
      {exporting && <FigureStage onDrawn={onDrawn} />}
    </div>
  );
}
