/**
 * PNG and SVG export of the plots: each time chart's canvas (uPlot) is drawn as it is, each recharts
 * SVG is serialised (with its size, a background and the page's font made explicit), onto one canvas, in columns with a heading and
 * a caption per chart (the legends are HTML, so their text becomes the caption), the wide
 * columns side by side in one row under them, and optionally a header (title, parameters, legend) and the share link as footer
 * (wrapped, or shortened with the whole link in the PNG's metadata).
 * Browser only.
 */
import { shortenedLink, wrapLines, type FigureHeader } from './figureHeader';
import { withPngText } from './pngText';

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
const TITLE_PX = 28;
const LINE_PX = 22;
const LINK_LINE_PX = 20;
/** A link longer than this many printed lines is printed shortened, whole in the PNG's metadata. */
export const MAX_LINK_LINES = 3;
/** The PNG text (iTXt) keyword of the figure's whole share link. */
export const LINK_TEXT_KEYWORD = 'URL';

const titleFont = (style: FigureStyle) => `600 20px ${style.font}`;
const lineFont = (style: FigureStyle) => `15px ${style.font}`;
const linkFont = (style: FigureStyle) => `14px ${style.font}`;
const noteFont = (style: FigureStyle) => `italic 13px ${style.font}`;

/** The header's and footer's text broken into lines of the figure's width (CSS px), and the legend into rows. */
interface TextLayout {
  readonly title: string[];
  readonly parameters: string[];
  readonly legend: number[][];
  readonly link: string[];
  /** Said under a shortened link: where the whole link is. */
  readonly linkNote: string | null;
}

function fitter(ctx: CanvasRenderingContext2D, font: string, room: number): (line: string) => boolean {
  return (line) => {
    ctx.font = font;
    return ctx.measureText(line).width <= room;
  };
}

const LEGEND_SWATCH = 34;
const LEGEND_GAP = 22;

/** The legend's entries in rows that fit `room` (indices into header.legend). */
function legendRows(ctx: CanvasRenderingContext2D, header: FigureHeader, style: FigureStyle, room: number): number[][] {
  ctx.font = lineFont(style);
  const rows: number[][] = [];
  let x = 0;
  header.legend.forEach((entry, k) => {
    const w = LEGEND_SWATCH + ctx.measureText(entry.name).width + LEGEND_GAP;
    if (rows.length === 0 || (x + w > room && x > 0)) {
      rows.push([]);
      x = 0;
    }
    rows[rows.length - 1].push(k);
    x += w;
  });
  return rows;
}

/**
 * The header's and footer's lines: the title and parameters wrapped at spaces, the link at '?' and '&' — whole
 * when it fits MAX_LINK_LINES lines, else with its long values cut (a model carried in the link) and a note that
 * the whole link is the PNG's "URL" text.
 */
function layoutText(ctx: CanvasRenderingContext2D, header: FigureHeader, style: FigureStyle, width: number): TextLayout {
  const room = width - 2 * GAP_PX;
  const linkFits = fitter(ctx, linkFont(style), room);
  let link = wrapLines(header.link, linkFits);
  let linkNote: string | null = null;
  if (link.length > MAX_LINK_LINES) {
    link = wrapLines(shortenedLink(header.link), linkFits).slice(0, MAX_LINK_LINES);
    linkNote = `Link shortened: the whole link (${header.link.length.toLocaleString('en')} characters) is this PNG file's "${LINK_TEXT_KEYWORD}" text (its metadata).`;
  }
  return {
    title: wrapLines(header.title, fitter(ctx, titleFont(style), room)),
    parameters: wrapLines(header.parameters, fitter(ctx, lineFont(style), room)),
    legend: legendRows(ctx, header, style, room),
    link,
    linkNote,
  };
}

/** Height of the header block: title, parameter and legend lines. */
const headerHeight = (text: TextLayout | null): number =>
  text ? GAP_PX + text.title.length * TITLE_PX + (text.parameters.length + text.legend.length) * LINE_PX + 6 : 0;

/** Height of the footer: the link's lines and the note under a shortened one. */
const footerHeight = (text: TextLayout | null): number => (text ? text.link.length * LINK_LINE_PX + (text.linkNote ? LINK_LINE_PX : 0) + 4 : 0);

function drawHeader(ctx: CanvasRenderingContext2D, header: FigureHeader, text: TextLayout, style: FigureStyle): void {
  let y = GAP_PX;
  ctx.fillStyle = style.text;
  ctx.font = titleFont(style);
  for (const line of text.title) {
    ctx.fillText(line, GAP_PX, y + TITLE_PX / 2);
    y += TITLE_PX;
  }
  ctx.font = lineFont(style);
  for (const line of text.parameters) {
    ctx.fillText(line, GAP_PX, y + LINE_PX / 2);
    y += LINE_PX;
  }
  for (const row of text.legend) {
    let x = GAP_PX;
    for (const k of row) {
      const entry = header.legend[k];
      ctx.strokeStyle = entry.color;
      ctx.lineWidth = 3;
      ctx.setLineDash(entry.dash ? entry.dash.split(/\s+/).map(Number) : entry.dashed ? [7, 4] : []);
      ctx.beginPath();
      ctx.moveTo(x, y + LINE_PX / 2);
      ctx.lineTo(x + 28, y + LINE_PX / 2);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.fillStyle = entry.color;
      ctx.fillText(entry.name, x + LEGEND_SWATCH, y + LINE_PX / 2);
      x += LEGEND_SWATCH + ctx.measureText(entry.name).width + LEGEND_GAP;
    }
    y += LINE_PX;
  }
}

function drawFooter(ctx: CanvasRenderingContext2D, text: TextLayout, style: FigureStyle, bottom: number): void {
  let y = bottom - footerHeight(text);
  ctx.fillStyle = style.text;
  ctx.font = linkFont(style);
  for (const line of text.link) {
    ctx.fillText(line, GAP_PX, y + LINK_LINE_PX / 2);
    y += LINK_LINE_PX;
  }
  if (text.linkNote) {
    ctx.font = noteFont(style);
    ctx.fillText(text.linkNote, GAP_PX, y + LINK_LINE_PX / 2);
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
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas context');
  const text = header ? layoutText(ctx, header, style, width) : null;
  const sideHeight = rowHeight(side);
  const top = headerHeight(text) + (header ? GAP_PX : 4);
  const height = top + sideHeight + (wide.length > 0 ? rowHeight(wide) + GAP_PX : 0) + GAP_PX + footerHeight(text);
  // Sizing the canvas resets its context: the text was measured above, the drawing starts here.
  canvas.width = Math.round(width * style.scale);
  canvas.height = Math.round(height * style.scale);
  ctx.scale(style.scale, style.scale);
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  if (header && text) drawHeader(ctx, header, text, style);
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
  if (text) drawFooter(ctx, text, style, height);
  const png = await new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'));
  if (!header) return png;
  const bytes = withPngText(new Uint8Array(await png.arrayBuffer()), {
    Title: header.title, Description: header.parameters, [LINK_TEXT_KEYWORD]: header.link, Software: 'HHT Playground',
  });
  return new Blob([bytes], { type: 'image/png' });
}

/** The page's font family, for text drawn outside the DOM. */
export function pageFont(): string {
  return getComputedStyle(document.documentElement).fontFamily || 'sans-serif';
}
