/**
 * Rows for the text labels of vertical markers on a log x axis (the run's frequencies on the
 * damping plot), so that no two labels in one row overlap: greedy, left to right, each label in
 * the first row where it clears the previous label by a gap. Pure; tested in
 * test/app/markerLabels.test.ts.
 */

export interface LabelBox {
  /** Position on the log axis (its value, e.g. Ωh). */
  readonly x: number;
  /** Label width in px. */
  readonly width: number;
}

/**
 * The row (0 = top) of each label, in input order. A label starts `pad` px right of its
 * marker; `pxPerDecade` converts the log axis to px.
 * Example: stackLabels([{x: 1, width: 50}, {x: 1.1, width: 50}], 100) → [0, 1].
 */
export function stackLabels(labels: readonly LabelBox[], pxPerDecade: number, gap = 6, pad = 3): number[] {
  const order = labels.map((_, k) => k).sort((a, b) => labels[a].x - labels[b].x);
  const rowEnds: number[] = [];
  const rows = new Array<number>(labels.length).fill(0);
  for (const k of order) {
    const start = Math.log10(labels[k].x) * pxPerDecade + pad;
    let row = rowEnds.findIndex((end) => start >= end + gap);
    if (row < 0) row = rowEnds.length;
    rowEnds[row] = start + labels[k].width;
    rows[k] = row;
  }
  return rows;
}

/**
 * How far right of its marker a label starts, px: past half the marker's line width and a gap of a third of the
 * type size, so the first character never touches the line (3 px lines in projector mode).
 * Example: markerLabelOffset(3, 20) === 9.
 */
export function markerLabelOffset(lineWidth: number, fontSize: number): number {
  return Math.ceil(lineWidth / 2 + fontSize / 3);
}

/** Estimated width in px of a label of `text` at `fontSize` (proportional fonts, digits ≈ 0.6 em). */
export function labelWidth(text: string, fontSize: number): number {
  return Math.ceil(text.length * fontSize * 0.6);
}

/** A label's box on a chart, px (x, y its top left corner). */
export interface PlacedLabel {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** Whether two boxes share any area, with `gap` px kept clear between them. */
export function labelsOverlap(a: PlacedLabel, b: PlacedLabel, gap = 0): boolean {
  return a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;
}

/**
 * The labels to draw, in order of importance: each one that clears every label kept before it by `gap` px, so
 * that on a short chart a less important label gives way instead of overprinting (the failure line's "blow-up
 * off scale" under its "fails at t = …"). Example: two boxes 10 px tall at y = 0 and y = 8 → only the first.
 */
export function labelsThatFit(labels: readonly PlacedLabel[], gap = 2): PlacedLabel[] {
  const kept: PlacedLabel[] = [];
  for (const label of labels) if (kept.every((k) => !labelsOverlap(k, label, gap))) kept.push(label);
  return kept;
}
