/**
 * The time charts on a canvas (uPlot): the chart's series as uPlot's aligned columns, its options
 * (axes, scales, series styles) and the marks drawn over the curves (y = 0, the failure line).
 * Every value that changes while a run streams (ticks, domains, labels, the failure time) is read
 * through `TimePlotState`, so a redraw is one setData and the plot is only re-created when its
 * series or axes change. Browser only (uPlot draws on a canvas).
 */
import uPlot from 'uplot';
import type { ChartView, Point } from './chartViews';
import { failureMarkText, OFF_SCALE_TEXT } from './chartViews';
import { labelsThatFit, type PlacedLabel } from './markerLabels';
import { formatTime } from './runs';
import type { Palette } from './theme';

/** What the plot reads on every draw: replaced on each render, never a reason to re-create it. */
export interface TimePlotState {
  view: ChartView;
  tEnd: number;
  timeTicks: number[];
  yFormat: (v: number) => string;
  rightFormat: ((v: number) => string) | undefined;
  failedAt: number | null;
}

/** One drawn line: its legend name, style and which column of `points` it plots. */
export interface TimeSeries {
  readonly key: 'second' | 'main' | 'reference' | 'exact';
  readonly name: string;
  readonly color: string;
  readonly alpha: number;
  readonly width: number;
  /** Dash pattern in CSS px, [] for solid. */
  readonly dash: number[];
  readonly axis: 'left' | 'right';
  readonly step: boolean;
}

/** Dash lengths of an SVG stroke-dasharray ('9 3' → [9, 3]; undefined → solid). */
export function dashArray(dash: string | undefined): number[] {
  return dash ? dash.split(/[\s,]+/).filter(Boolean).map(Number) : [];
}

/**
 * The lines of a chart in drawing order: the second line first, so the main one is drawn over it;
 * the model's reference curve thin and grey over the run's; the exact solution dashed.
 */
export function timeSeries(view: ChartView, palette: Palette, mainColor: string, mainDash: string | undefined, withExact: boolean): TimeSeries[] {
  const lw = palette.lineWidth;
  const series: TimeSeries[] = [];
  const { second } = view;
  if (second) {
    const right = second.axis === 'right';
    series.push({ key: 'second', name: second.name, color: right ? palette.muted : palette.exact, alpha: right ? 0.55 : 0.9, width: right ? lw * 0.6 : lw, dash: [], axis: second.axis, step: second.step });
  }
  series.push({ key: 'main', name: view.seriesName, color: mainColor, alpha: 1, width: lw, dash: dashArray(mainDash), axis: 'left', step: false });
  if (view.reference) series.push({ key: 'reference', name: 'reference', color: palette.muted, alpha: 0.9, width: lw * 0.5, dash: [], axis: 'left', step: false });
  if (withExact) series.push({ key: 'exact', name: 'exact', color: palette.exact, alpha: 1, width: lw * 0.9, dash: [6, 4], axis: 'left', step: false });
  return series;
}

const VALUE: Record<TimeSeries['key'], (p: Point) => number | undefined> = {
  second: (p) => p.w,
  main: (p) => p.v,
  reference: (p) => p.v,
  exact: (p) => p.exact,
};

const finiteOrNull = (x: number | undefined): number | null => (x !== undefined && Number.isFinite(x) ? x : null);

/**
 * The chart's points as uPlot's aligned columns [t, one column per series]. The reference curve has
 * its own times: both sorted time lists are merged, each series null where it has no point (its
 * line spans the gaps). Example: data t = [0, 1], reference t = [0.5] → t = [0, 0.5, 1], main [v0, null, v1].
 */
export function alignedData(view: ChartView, series: readonly TimeSeries[]): uPlot.AlignedData {
  const { data } = view;
  const reference = series.some((s) => s.key === 'reference') ? (view.reference ?? []) : [];
  const n = data.length + reference.length;
  const t = new Array<number>(n);
  const columns = series.map(() => new Array<number | null>(n));
  let i = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    const fromData = j >= reference.length || (i < data.length && data[i].t <= reference[j].t);
    const p = fromData ? data[i++] : reference[j++];
    t[k] = p.t;
    for (let s = 0; s < series.length; s++) {
      const own = (series[s].key === 'reference') !== fromData;
      columns[s][k] = own ? finiteOrNull(VALUE[series[s].key](p)) : null;
    }
  }
  return [t, ...columns];
}

/** A domain uPlot can draw: the view's, or a placeholder while it has none (no data yet). */
function drawable([lo, hi]: readonly [number, number], log: boolean): [number, number] {
  if (Number.isFinite(lo) && Number.isFinite(hi) && hi > lo && (!log || lo > 0)) return [lo, hi];
  return log ? [1e-6, 1] : [0, 1];
}

/** Width of a y axis without its title (uPlot adds labelSize): its widest tick label, the gap and the tick. */
function yAxisSize(labels: readonly string[], font: number): number {
  const chars = Math.max(2, ...labels.map((l) => l.length));
  return Math.ceil(chars * font * 0.62 + 12);
}

/**
 * An axis title that fits `room` canvas px in the context's font: whole, or its last words after an
 * ellipsis (the unit stays), or cut. Example: "crank speed ωx (rad/s)" on a short chart → "…ωx (rad/s)".
 */
export function fittedTitle(ctx: Pick<CanvasRenderingContext2D, 'measureText'>, title: string, room: number): string {
  const fits = (text: string) => ctx.measureText(text).width <= room;
  if (fits(title)) return title;
  const words = title.split(' ');
  for (let k = 1; k < words.length; k++) {
    const tail = `…${words.slice(k).join(' ')}`;
    if (fits(tail)) return tail;
  }
  let cut = title;
  while (cut.length > 1 && !fits(`${cut}…`)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

export interface TimePlotOptions {
  readonly width: number;
  readonly height: number;
  readonly palette: Palette;
  readonly fontFamily: string;
  readonly series: readonly TimeSeries[];
  readonly state: () => TimePlotState;
  /** False once the plot is replaced: a redraw it had queued draws no marks and writes no hooks. */
  readonly live: () => boolean;
  /** Called after each draw (the figure's test hooks). */
  readonly drawn: (u: uPlot, text: DrawnText) => void;
  /** The plot area moved or the time axis changed (the playhead cursor). */
  readonly geometry: (u: uPlot) => void;
  /** Cursor moved over the plot (idx null: left it). */
  readonly cursor: (u: uPlot) => void;
}

/** uPlot options of a time chart; the axes and marks read the current state on every draw. */
export function timePlotOptions(o: TimePlotOptions): uPlot.Options {
  const { palette, state } = o;
  const font = palette.fontSize;
  const axisFont = `${font}px ${o.fontFamily}`;
  // A right axis of its own (Newton iterations) or the left one in other units (the V8's crank speed in rpm).
  const hasRight = state().view.right !== null;
  const axisLines = { stroke: palette.muted, width: 1 };
  // No grid line on the plot's edge: the axis line is drawn there.
  const grid: uPlot.Axis.Grid = {
    stroke: palette.grid,
    width: 1,
    dash: [3, 3],
    filter: (u, splits, axisIdx) => {
      const scale = u.scales[u.axes[axisIdx].scale ?? 'y'];
      return splits.map((v) => (v === scale.min || v === scale.max ? null : v));
    },
  };
  // Every axis: muted tick labels in the chart's type, its title beside them, its line and ticks, the dashed grid.
  const style: uPlot.Axis = {
    stroke: palette.muted,
    font: axisFont,
    labelFont: axisFont,
    labelSize: font + 4,
    labelGap: 0,
    gap: 3,
    grid,
    ticks: { ...axisLines, size: 4 },
    border: { show: true, ...axisLines },
  };
  const left: uPlot.Axis = {
    ...style,
    scale: 'y',
    // The y titles are drawn by drawTitles (uPlot keeps their room): on a short chart in smaller type.
    label: '',
    splits: () => state().view.ticks,
    // Every tick given is drawn (the view chose how many fit): no thinning of log ticks.
    filter: (_u, splits) => splits,
    values: (_u, splits) => splits.map((v) => (v === null || v === undefined ? '' : state().yFormat(v))),
    size: (_u, values) => yAxisSize(values ?? [], font),
  };
  const axes: uPlot.Axis[] = [
    {
      ...style,
      scale: 'x',
      label: 't (s)',
      size: font + 10,
      splits: () => state().timeTicks,
      values: (_u, splits) => splits.map(formatTime),
    },
    left,
  ];
  if (hasRight) {
    axes.push({
      ...left,
      scale: 'r',
      side: 1,
      label: '',
      grid: { show: false },
      splits: () => state().view.right?.ticks ?? [],
      values: (_u, splits) => splits.map((v) => (v === null || v === undefined ? '' : (state().rightFormat?.(v) ?? String(v)))),
    });
  }
  const log = state().view.log;
  return {
    width: o.width,
    height: o.height,
    // Room above for the top tick label, at the right for the last time label (or the right axis).
    padding: [Math.ceil(font / 2) + 2, hasRight ? RIGHT_PAD_RIGHT_AXIS : RIGHT_PAD, 0, LEFT_PAD],
    legend: { show: false },
    cursor: { y: false, points: { show: false }, drag: { x: false, y: false, setScale: false } },
    scales: {
      x: { time: false, range: () => [0, drawable([0, state().tEnd], false)[1]] },
      y: { distr: log ? 3 : 1, log: 10, range: () => drawable(state().view.domain, log) },
      ...(hasRight ? { r: { range: () => drawable(state().view.right?.domain ?? [0, 1], false) } } : {}),
    },
    axes,
    series: [
      {},
      ...o.series.map<uPlot.Series>((s) => ({
        label: s.name,
        scale: s.axis === 'right' ? 'r' : 'y',
        stroke: s.color,
        alpha: s.alpha,
        width: s.width,
        dash: s.dash.length > 0 ? s.dash : undefined,
        spanGaps: true,
        points: { show: false },
        paths: s.step ? uPlot.paths.stepped!({ align: 1 }) : undefined,
      })),
    ],
    hooks: {
      draw: [
        (u) => {
          if (!o.live()) return;
          const titles = drawTitles(u, palette, o.fontFamily, state());
          const labels = drawMarks(u, palette, o.fontFamily, state());
          o.drawn(u, { titles, labels });
        },
      ],
      setSize: [o.geometry],
      ready: [o.geometry],
      setCursor: [o.cursor],
    },
  };
}

/** Padding of the canvas around the axes, CSS px: room at the right for the last time label (or the right axis). */
const LEFT_PAD = 2;
const RIGHT_PAD = 14;
const RIGHT_PAD_RIGHT_AXIS = 4;
/** The smallest type of a y title, as a share of the chart's. */
const SMALLEST_TITLE = 0.8;

/**
 * The y axes' titles, rotated and centred on the plot, at the outer edge of their axes: in the chart's type,
 * smaller (to SMALLEST_TITLE) where the chart is too short for it, and then fitted (fittedTitle).
 */
function drawTitles(u: uPlot, palette: Palette, fontFamily: string, state: TimePlotState): string[] {
  const drawn: string[] = [];
  const { ctx } = u;
  const ratio = uPlot.pxRatio;
  const centre = u.bbox.top + u.bbox.height / 2;
  // A title may run over the x axis rows, not off the canvas.
  const room = 2 * Math.min(centre, ctx.canvas.height - centre) - 4 * ratio;
  const labelSize = palette.fontSize + 4;
  const titles: Array<[string, number, number]> = [[state.view.yLabel, (LEFT_PAD + labelSize) * ratio, -Math.PI / 2]];
  if (state.view.right && u.scales.r) titles.push([state.view.right.label, ctx.canvas.width - (RIGHT_PAD_RIGHT_AXIS + labelSize) * ratio, Math.PI / 2]);
  ctx.save();
  ctx.fillStyle = palette.muted;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'bottom';
  for (const [title, x, angle] of titles) {
    let size = palette.fontSize;
    const font = () => `${Math.round(size * ratio)}px ${fontFamily}`;
    ctx.font = font();
    while (ctx.measureText(title).width > room && size > palette.fontSize * SMALLEST_TITLE) {
      size = Math.max(palette.fontSize * SMALLEST_TITLE, size - 0.5);
      ctx.font = font();
    }
    ctx.save();
    ctx.translate(x, centre);
    ctx.rotate(angle);
    const fitted = fittedTitle(ctx, title, room);
    ctx.fillText(fitted, 0, 0);
    drawn.push(fitted);
    ctx.restore();
  }
  ctx.restore();
  return drawn;
}

/**
 * The marks over the curves: y = 0 on a difference plot, and where the run failed with its labels (those that fit
 * without overprinting each other). Returns the labels drawn, in CSS px of the canvas.
 */
function drawMarks(u: uPlot, palette: Palette, fontFamily: string, state: TimePlotState): PlacedLabel[] {
  const drawn: PlacedLabel[] = [];
  const { ctx } = u;
  const { left, top, width, height } = u.bbox;
  const ratio = uPlot.pxRatio;
  const { view, failedAt, tEnd } = state;
  ctx.save();
  ctx.beginPath();
  ctx.rect(left, top, width, height);
  ctx.clip();
  if (view.kind === 'difference' && !view.log && view.domain[0] <= 0 && view.domain[1] >= 0) {
    const y = Math.round(u.valToPos(0, 'y', true)) + 0.5;
    ctx.strokeStyle = palette.muted;
    ctx.lineWidth = ratio;
    ctx.beginPath();
    ctx.moveTo(left, y);
    ctx.lineTo(left + width, y);
    ctx.stroke();
  }
  if (failedAt !== null && failedAt >= 0 && failedAt <= tEnd) {
    const x = Math.round(u.valToPos(failedAt, 'x', true)) + 0.5;
    ctx.strokeStyle = palette.failure;
    ctx.lineWidth = ratio;
    ctx.setLineDash([4 * ratio, 3 * ratio]);
    ctx.beginPath();
    ctx.moveTo(x, top);
    ctx.lineTo(x, top + height);
    ctx.stroke();
    ctx.setLineDash([]);
    // The labels on the wider side of the line.
    const onLeft = failedAt > tEnd / 2;
    const inset = 5 * ratio;
    ctx.fillStyle = palette.failure;
    ctx.font = `${Math.round(palette.fontSize * ratio)}px ${fontFamily}`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    // The failure's time at the top, "off scale" at the bottom where the chart is tall enough for both.
    const lineHeight = Math.round(palette.fontSize * 1.2 * ratio);
    const box = (text: string, y: number): PlacedLabel => {
      const w = ctx.measureText(text).width;
      return { text, x: onLeft ? x - inset - w : x + inset, y, width: w, height: lineHeight };
    };
    const wanted = [box(failureMarkText(failedAt), top + inset)];
    if (view.offScale) wanted.push(box(OFF_SCALE_TEXT, top + height - inset - lineHeight));
    for (const label of labelsThatFit(wanted, 2 * ratio)) {
      ctx.fillText(label.text, label.x, label.y);
      drawn.push({ text: label.text, x: label.x / ratio, y: label.y / ratio, width: label.width / ratio, height: label.height / ratio });
    }
  }
  ctx.restore();
  return drawn;
}

/** The text a draw put on the canvas (the figure's test hook): the y titles as fitted, the marks' labels with their boxes. */
export interface DrawnText {
  readonly titles: readonly string[];
  readonly labels: readonly PlacedLabel[];
}

/** A mark drawn over the curves (the figure's test hook): the y = 0 line, the failure line and their labels. */
export interface DrawnMark {
  readonly kind: 'zero' | 'failure';
  readonly labels: string[];
}

/** The marks drawMarks draws for `state`. Example: failed at 1.28 s, off scale → [{ kind: 'failure', labels: ['fails at t = 1.28 s', 'blow-up off scale'] }]. */
export function drawnMarks(state: TimePlotState): DrawnMark[] {
  const { view, failedAt, tEnd } = state;
  const marks: DrawnMark[] = [];
  if (view.kind === 'difference' && !view.log && view.domain[0] <= 0 && view.domain[1] >= 0) marks.push({ kind: 'zero', labels: [] });
  if (failedAt !== null && failedAt >= 0 && failedAt <= tEnd) marks.push({ kind: 'failure', labels: view.offScale ? [failureMarkText(failedAt), OFF_SCALE_TEXT] : [failureMarkText(failedAt)] });
  return marks;
}
