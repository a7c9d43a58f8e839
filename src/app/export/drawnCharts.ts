/**
 * What the time charts under an element have drawn, read from the hooks each chart writes after a draw
 * (TimeChart: data-method, data-quantity, data-component, data-series): per chart the plotted quantity and its
 * lines. The page's plots and the exported PNG's are described alike, so a test can check that the PNG draws
 * what the screen shows (window.__hht.screenSeries() and lastPngSeries()).
 */

/** One line of a chart: whose it is (the chart's method, 'exact', 'reference' or 'second'), its legend name and points. */
export interface DrawnLine {
  readonly role: string;
  readonly name: string;
  readonly points: number;
}

/** One chart as drawn: its kind (omega, output, energy, …), method, quantity (a `sim` column or output name), ω component and lines. */
export interface DrawnChart {
  readonly kind: string;
  readonly method: string;
  readonly quantity: string;
  /** The ω component for ω and difference plots, else null. */
  readonly component: string | null;
  readonly lines: readonly DrawnLine[];
}

/** A line of a chart's data-series hook (timePlot.ts TimeSeries and the points drawn). */
interface SeriesHook {
  readonly key: string;
  readonly name: string;
  readonly points: number;
}

/** Who a line belongs to: the chart's main line is its method's; the others are named by their key. */
function lineRole(key: string, method: string): string {
  return key === 'main' ? method : key;
}

/** A chart element's description from its hooks; its lines are [] before its first draw. */
export function drawnChart(chart: Element): DrawnChart {
  const method = chart.getAttribute('data-method') ?? '';
  const hook = chart.getAttribute('data-series');
  const series = hook ? (JSON.parse(hook) as SeriesHook[]) : [];
  return {
    kind: chart.getAttribute('data-figure-chart') ?? '',
    method,
    quantity: chart.getAttribute('data-quantity') ?? '',
    component: chart.getAttribute('data-component'),
    lines: series.map((s) => ({ role: lineRole(s.key, method), name: s.name, points: s.points })),
  };
}

/** The time charts under `root`, in the page's order (column by column, the upper plot first). */
export function drawnCharts(root: ParentNode): DrawnChart[] {
  return Array.from(root.querySelectorAll('.time-chart[data-figure-chart]'), drawnChart);
}

/** The charts the last PNG of the plots drew (null before one was made). */
let lastPng: DrawnChart[] | null = null;

/** Records the charts a PNG of the plots has just drawn. */
export function notePngCharts(charts: DrawnChart[]): void {
  lastPng = charts;
}

/** The charts the last PNG of the plots drew, or null before one. */
export function lastPngCharts(): DrawnChart[] | null {
  return lastPng;
}
