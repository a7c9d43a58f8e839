/**
 * CSV export of a run: exactly what `sim` writes (SPEC §3) — the SAMPLE_COLUMNS header, then one
 * line per sample with every value as String(x), the shortest text that reads back as the same
 * double. Pure; test/app/samplesCsv.test.ts checks it against the CLI's own writer.
 */
import { SAMPLE_COLUMNS, SAMPLE_WIDTH } from '../../solver/simulate';
import { formatNumber } from '../../scenario/validate';

/** The CSV text of sample rows (SAMPLE_WIDTH values each, flat). */
export function samplesCsv(rows: Float64Array): string {
  const lines: string[] = [SAMPLE_COLUMNS.join(',')];
  for (let i = 0; i + SAMPLE_WIDTH <= rows.length; i += SAMPLE_WIDTH) {
    let line = String(rows[i]);
    for (let k = 1; k < SAMPLE_WIDTH; k++) line += ',' + String(rows[i + k]);
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}

/** What a run's exported rows are, for the note next to the button. */
export interface ExportSource {
  readonly rows: number;
  readonly exportStride: number;
  readonly h: number;
  readonly adaptive: boolean;
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
  const dt = formatNumber(Number((exportStride * h).toPrecision(12)));
  return `${count}: every ${exportStride}th step (the run has more samples than the export bound), as \`sim --sample-dt ${dt}\``;
}
