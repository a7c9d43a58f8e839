/**
 * CSV export of a run: exactly what `sim` writes (SPEC §3), through the same row writer
 * (src/run/rowText.ts) — the SAMPLE_COLUMNS header, then one line per sample of the run plan's
 * sample grid. Pure; test/app/exportCsv.test.ts checks it against the CLI's own writer.
 */
import type { IntegratorMethod } from '../../solver/simulate';
import { SAMPLE_WIDTH } from '../../solver/simulate';
import { decimalProduct } from '../../run/decimalTime';
import { exportSampleDt } from '../../run/plan';
import { csvCell, csvHeader, sampleLine } from '../../run/rowText';
import type { ScenarioState } from '../../scenario/types';
import { formatNumber } from '../../scenario/validate';

/** The CSV text of sample rows (flat: SAMPLE_WIDTH values, then one per model output named in `outputNames`). */
export function samplesCsv(rows: Float64Array, outputNames: readonly string[] = []): string {
  const width = SAMPLE_WIDTH + outputNames.length;
  let text = csvHeader(outputNames) + '\n';
  for (let i = 0; i + width <= rows.length; i += width) text += sampleLine(rows, i, csvCell, width) + '\n';
  return text;
}

/** What a run's exported rows are, for the note next to the button. */
export interface ExportSource {
  readonly rows: number;
  readonly exportStride: number;
  readonly h: number;
  readonly adaptive: boolean;
}

/** 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 20th, 21st. */
function ordinal(k: number): string {
  const teen = k % 100 >= 11 && k % 100 <= 13;
  const suffix = teen ? 'th' : ['th', 'st', 'nd', 'rd'][k % 10] ?? 'th';
  return `${k}${suffix}`;
}

/**
 * One sentence saying which samples the CSV holds and the `sim` flag that writes the same rows.
 * Example: exportNote({rows: 1001, exportStride: 1, h: 0.01, adaptive: false}) →
 * "1,001 rows: every step, as `sim --url <link> --sample-dt 0.01`".
 */
export function exportNote({ rows, exportStride, h, adaptive }: ExportSource): string {
  const count = `${rows.toLocaleString('en')} rows`;
  if (adaptive) return `${count}: the adaptive run's samples`;
  if (exportStride === 1) return `${count}: every step, as \`sim --url <link> --sample-dt ${formatNumber(h)}\``;
  const dt = formatNumber(decimalProduct(exportStride, h));
  return `${count}: every ${ordinal(exportStride)} step (a grid of ${dt} s), as \`sim --sample-dt ${dt}\``;
}

/** A shell word: single-quoted unless it is plainly safe. */
function shellWord(text: string): string {
  return /^[A-Za-z0-9_./:=,+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * The `sim` command whose output is byte for byte the CSV export of `method`'s run of `state`
 * opened from `link`: for a fixed step with the run plan's CSV grid (`--sample-dt`), for an adaptive
 * run with the plan's default grid. Example: simCommand('https://x/?v=1&scenario=spin', 'modified',
 * state) === "sim --url 'https://x/?v=1&scenario=spin' --method modified --sample-dt 0.01".
 */
export function simCommand(link: string, method: IntegratorMethod, state: Pick<ScenarioState, 'h' | 'tEnd' | 'tolerance'>): string {
  const dt = exportSampleDt(state);
  return `sim --url ${shellWord(link)} --method ${method}${dt === undefined ? '' : ` --sample-dt ${formatNumber(dt)}`}`;
}
