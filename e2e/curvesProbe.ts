/**
 * A page probe shared by the measurements (measure.spec.ts, measureNetwork.spec.ts), installed with
 * page.addInitScript before the app loads: when the plots' section (the shell) and both ω curves' first points
 * appear, in ms since navigation, on window.__shellAt and window.__curvesAt. Self-contained: Playwright sends
 * its source text to the page.
 */
export const CURVES_PROBE = () => {
  const w = window as unknown as { __shellAt: number | null; __curvesAt: number | null };
  w.__shellAt = null;
  w.__curvesAt = null;
  const check = () => {
    if (w.__shellAt === null && document.querySelector('[data-testid="charts"]')) w.__shellAt = performance.now();
    const drawn = ['classical', 'modified'].every((m) => {
      // The chart's hook after each draw (TimeChart.tsx): its main line has more than two points.
      const series = JSON.parse(document.querySelector(`[data-testid="omega-chart-${m}"]`)?.getAttribute('data-series') ?? '[]') as { key: string; points: number }[];
      return (series.find((s) => s.key === 'main')?.points ?? 0) > 2;
    });
    if (drawn) w.__curvesAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
};
