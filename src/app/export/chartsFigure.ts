/**
 * The run's plots as one PNG: the chart columns of the plots section (one per method), each with
 * its heading and, per chart, the legend text as caption. Browser only.
 */
import type { Palette } from '../theme';
import { downloadBlob } from './download';
import { figurePng, pageFont, type FigureColumn } from './figure';
import type { FigureHeader } from './figureHeader';

/** The main SVG of a recharts chart (legend icons are SVGs too, inside the legend). */
export function chartSvg(chart: Element): SVGSVGElement | null {
  return chart.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface');
}

/** The canvas a time chart (uPlot) draws its axes and curves on. */
export function chartCanvas(chart: Element): HTMLCanvasElement | null {
  return chart.querySelector<HTMLCanvasElement>('.uplot canvas');
}

/** A chart's legend as one line, e.g. "classical HHT ωy · exact" (a time chart's data-legend, or the recharts legend's items). */
export function legendText(chart: Element): string {
  const legend = chart.getAttribute('data-legend');
  if (legend) return legend;
  const items = Array.from(chart.querySelectorAll('.recharts-legend-item-text'), (item) => item.textContent ?? '');
  return items.filter(Boolean).join(' · ');
}

/** Columns of the charts under `root`: elements with data-figure-column, their charts data-figure-chart. */
export function figureColumns(root: Element): FigureColumn[] {
  return Array.from(root.querySelectorAll<HTMLElement>('[data-figure-column]')).map((column) => {
    const heading = column.querySelector<HTMLElement>('[data-figure-heading]');
    const charts = Array.from(column.querySelectorAll('[data-figure-chart]')).flatMap((chart) => {
      const image = chartCanvas(chart) ?? chartSvg(chart);
      return image ? [{ caption: legendText(chart) || (chart.getAttribute('data-figure-chart') ?? ''), image }] : [];
    });
    return {
      wide: column.getAttribute('data-figure-column') === 'wide',
      heading: heading?.textContent ?? '',
      headingColor: heading ? getComputedStyle(heading).color : '#000',
      charts,
    };
  });
}

/** Renders the figure columns under `root` to a PNG (with the header and link, when given) and downloads it. */
export async function downloadFigurePng(root: Element, palette: Palette, filename: string, header?: FigureHeader): Promise<void> {
  const columns = figureColumns(root).filter((c) => c.charts.length > 0);
  if (columns.length === 0) throw new Error('there is no plot to export yet');
  const blob = await figurePng(columns, { background: palette.panel, text: palette.text, font: pageFont(), scale: 2 }, header);
  downloadBlob(blob, filename);
}
