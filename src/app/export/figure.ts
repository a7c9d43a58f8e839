/**
 * PNG and SVG export of the plots: each recharts SVG is serialised (with its size, a background
 * and the page's font made explicit) and drawn onto one canvas, in columns with a heading and
 * a caption per chart (the legends are HTML, so their text becomes the caption). Browser only.
 */

const SVG_NS = 'http://www.w3.org/2000/svg';

export interface FigureChart {
  /** Text above the chart, e.g. its legend "modified HHT ωy · exact". */
  readonly caption: string;
  readonly svg: SVGSVGElement;
}

export interface FigureColumn {
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

/** Draws the columns side by side onto one canvas and returns it as a PNG. */
export async function figurePng(columns: readonly FigureColumn[], style: FigureStyle): Promise<Blob> {
  const sizes = columns.map((column) => column.charts.map((c) => c.svg.getBoundingClientRect()));
  const widths = sizes.map((charts) => Math.max(1, ...charts.map((r) => Math.round(r.width))));
  const heights = sizes.map((charts) => HEADING_PX + charts.reduce((sum, r) => sum + CAPTION_PX + Math.round(r.height), 0));
  const width = widths.reduce((a, b) => a + b, 0) + GAP_PX * (columns.length + 1);
  const height = Math.max(...heights) + GAP_PX;
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * style.scale);
  canvas.height = Math.round(height * style.scale);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas context');
  ctx.scale(style.scale, style.scale);
  ctx.fillStyle = style.background;
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  let x = GAP_PX;
  for (let k = 0; k < columns.length; k++) {
    const column = columns[k];
    let y = 4;
    ctx.font = `600 15px ${style.font}`;
    ctx.fillStyle = column.headingColor;
    ctx.fillText(column.heading, x + 4, y + HEADING_PX / 2);
    y += HEADING_PX;
    for (let c = 0; c < column.charts.length; c++) {
      const chart = column.charts[c];
      const rect = sizes[k][c];
      ctx.font = `12px ${style.font}`;
      ctx.fillStyle = style.text;
      ctx.fillText(chart.caption, x + 8, y + CAPTION_PX / 2);
      y += CAPTION_PX;
      const image = await svgImage(svgDocument(chart.svg, style));
      ctx.drawImage(image, x, y, Math.round(rect.width), Math.round(rect.height));
      y += Math.round(rect.height);
    }
    x += widths[k] + GAP_PX;
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'));
}

/** The page's font family, for text drawn outside the DOM. */
export function pageFont(): string {
  return getComputedStyle(document.documentElement).fontFamily || 'sans-serif';
}
