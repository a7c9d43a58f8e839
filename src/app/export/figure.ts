/**
 * PNG and SVG export of the plots: each time chart's canvas (uPlot) is drawn as it is, each recharts
 * SVG is serialised (with its size, a background and the page's font made explicit), onto one canvas, in columns with a heading and
 * a caption per chart (the legends are HTML, so their text becomes the caption), the wide
 * columns side by side in one row under them, and optionally a header (title, parameters, legend) and the share link as footer.
 * Browser only.
 */
import type { FigureHeader } from './figureHeader';

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface FigureChart {
  /** Text above the chart, e.g. its legend "modified HHT ωy · exact". */
  readonly caption: string;
  /** The chart as drawn: a time chart's canvas or a recharts SVG. */
  readonly image: HTMLCanvasElement | SVGSVGElement;
}

export interface FigureColumn {
  /** In the row under the columns (the difference plots: each method minus the first). */
  readonly wide?: boolean;
  readonly heading: string;
  readonly headingColor: string;
  readonly charts: readonly FigureChart[];
}

export interface FigureStyle {
  readonly background: string;
  readonly text: string;
  readonly font: string;
  /** Device pixels per CSS pixel of the image. */
  readonly scale: number;
}

/** A standalone SVG document of a chart as drawn (size, background and font made explicit). */
export function svgDocument(svg: SVGSVGElement, style: Pick<FigureStyle, 'background' | 'font'>): string {
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(Math.round(width)));
  clone.setAttribute('height', String(Math.round(height)));
  clone.setAttribute('viewBox', `0 0 ${Math.round(width)} ${Math.round(height)}`);
  clone.setAttribute('font-family', style.font);
  clone.removeAttribute('tabindex');
  const background = document.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', '100%');
  background.setAttribute('height', '100%');
  background.setAttribute('fill', style.background);
  clone.insertBefore(background, clone.firstChild);
  return new XMLSerializer().serializeToString(clone);
}

async function svgImage(markup: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
  await image.decode();
  return image;
}

const HEADING_PX = 26;
const CAPTION_PX = 18;
const GAP_PX = 12;
const TITLE_PX = 30;
const LINE_PX = 22;
const FOOTER_PX = 24;

/** Height of the header block: title, parameter line, legend line. */
const headerHeight = (header: FigureHeader | undefined): number => (header ? TITLE_PX + 2 * LINE_PX + 6 : 0);

function drawHeader(ctx: CanvasRenderingContext2D, header: FigureHeader, style: FigureStyle, width: number): void {
  let y = GAP_PX;
  ctx.fillStyle = style.text;
  ctx.font = `600 20px ${style.font}`;
  ctx.fillText(header.title, GAP_PX, y + TITLE_PX / 2, width - 2 * GAP_PX);
  y += TITLE_PX;
  ctx.font = `15px ${style.font}`;
  ctx.fillText(header.parameters, GAP_PX, y + LINE_PX / 2, width - 2 * GAP_PX);
  y += LINE_PX;
  let x = GAP_PX;
  for (const entry of header.legend) {
    ctx.strokeStyle = entry.color;
    ctx.lineWidth = 3;
    ctx.setLineDash(entry.dash ? entry.dash.split(/\s+/).map(Number) : entry.dashed ? [7, 4] : []);
    ctx.beginPath();
    ctx.moveTo(x, y + LINE_PX / 2);
    ctx.lineTo(x + 28, y + LINE_PX / 2);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.fillStyle = entry.color;
    ctx.fillText(entry.name, x + 34, y + LINE_PX / 2);
    x += 34 + ctx.measureText(entry.name).width + 22;
  }
}

async function drawColumn(ctx: CanvasRenderingContext2D, column: FigureColumn, rects: DOMRect[], style: FigureStyle, x: number, top: number): Promise<void> {
  let y = top;
  ctx.font = `600 15px ${style.font}`;
  ctx.fillStyle = column.headingColor;
  ctx.fillText(column.heading, x + 4, y + HEADING_PX / 2);
  y += HEADING_PX;
  for (let c = 0; c < column.charts.length; c++) {
    const chart = column.charts[c];
    const rect = rects[c];
    ctx.font = `12px ${style.font}`;
    ctx.fillStyle = style.text;
    ctx.fillText(chart.caption, x + 8, y + CAPTION_PX / 2);
    y += CAPTION_PX;
    const image = chart.image instanceof HTMLCanvasElement ? chart.image : await svgImage(svgDocument(chart.image, style));
    ctx.drawImage(image, x, y, Math.round(rect.width), Math.round(rect.height));
    y += Math.round(rect.height);
  }
}

/**
 * Draws the columns side by side (wide ones side by side in a row under them) onto one canvas, under the
 * header and over the link when given, and returns it as a PNG.
 */
export async function figurePng(columns: readonly FigureColumn[], style: FigureStyle, header?: FigureHeader): Promise<Blob> {
  const sizes = columns.map((column) => column.charts.map((c) => c.image.getBoundingClientRect()));
  const widths = sizes.map((charts) => Math.max(1, ...charts.map((r) => Math.round(r.width))));
  const heights = sizes.map((charts) => HEADING_PX + charts.reduce((sum, r) => sum + CAPTION_PX + Math.round(r.height), 0));
  const side = columns.map((_, k) => k).filter((k) => !columns[k].wide);
  const wide = columns.map((_, k) => k).filter((k) => columns[k].wide);
  const rowWidth = (row: number[]) => row.reduce((sum, k) => sum + widths[k], 0) + GAP_PX * (row.length + 1);
  const rowHeight = (row: number[]) => (row.length > 0 ? Math.max(...row.map((k) => heights[k])) : 0);
  const width = Math.max(rowWidth(side), rowWidth(wide));
  const sideHeight = rowHeight(side);
  const top = headerHeight(header) + (header ? GAP_PX : 4);
  const height = top + sideHeight + (wide.length > 0 ? rowHeight(wide) + GAP_PX : 0) + GAP_PX + (header ? FOOTER_PX : 0);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * style.scale);
  canvas.height = Math.round(height * style.scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas context');
  ctx.scale(style.scale, style.scale);
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  if (header) drawHeader(ctx, header, style, width);
  let x = GAP_PX;
  for (const k of side) {
    await drawColumn(ctx, columns[k], sizes[k], style, x, top);
    x += widths[k] + GAP_PX;
  }
  const y = top + sideHeight + (side.length > 0 ? GAP_PX : 0);
  x = GAP_PX;
  for (const k of wide) {
    await drawColumn(ctx, columns[k], sizes[k], style, x, y);
    x += widths[k] + GAP_PX;
  }
  if (header) {
    ctx.font = `13px ${style.font}`;
    ctx.fillStyle = style.text;
    ctx.fillText(header.link, GAP_PX, height - FOOTER_PX / 2 - 4, width - 2 * GAP_PX);
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'));
}

/** The page's font family, for text drawn outside the DOM. */
export function pageFont(): string {
  return getComputedStyle(document.documentElement).fontFamily || 'sans-serif';
}
