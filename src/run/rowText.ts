/**
 * Text of sample rows, shared by `sim` (CSV and JSON) and the web app's CSV export, so both write
 * the same bytes (SPEC §3). No Node built-ins: the app imports it too.
 */
import { SAMPLE_COLUMNS, SAMPLE_WIDTH } from '../solver/sampleColumns';
import type { ParamValues } from '../scenario/types';
import { formulaStart } from '../modelfile/names';

/** The CSV header line of a model without outputs (without newline). */
export const SAMPLE_HEADER = SAMPLE_COLUMNS.join(',');

/**
 * A text cell of a CSV (a header's name, a study's failure text): as written, in double quotes (RFC 4180) when it
 * holds a comma, a quote or a line break. A text that a spreadsheet would read as a formula (formulaStart: "=", "+",
 * "-", "@", tab, carriage return) is written quoted after a "'", which spreadsheets show as text; the model reader
 * refuses such output names, so a model's header cells are always its names as written.
 * Example: csvTextCell('a, b') === '"a, b"'; csvTextCell('=1+1') === `"'=1+1"`.
 */
export function csvTextCell(text: string): string {
  if (formulaStart(text)) return `"'${text.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header cell: a column's name as a CSV text cell. */
export function csvHeaderCell(name: string): string {
  return csvTextCell(name);
}

/** The CSV header line: SPEC §3's columns, then the model's outputs named as in the model (SPEC §8). */
export function csvHeader(outputNames: readonly string[]): string {
  return [SAMPLE_HEADER, ...outputNames.map(csvHeaderCell)].join(',');
}

/** CSV: shortest text that reads back as the same double (SPEC §3: full precision). */
export function csvCell(x: number): string {
  return String(x);
}

/** JSON has no NaN or Infinity; a diverged value is written as null. */
export function jsonCell(x: number): string {
  return Number.isFinite(x) ? String(x) : 'null';
}

/**
 * One sample row (`width` values from `offset`: SAMPLE_WIDTH, then the model's outputs) as comma-separated
 * cells, without newline. Example: sampleLine(Float64Array.of(0, 1, …), 0, csvCell) === '0,1,…'.
 */
export function sampleLine(values: ArrayLike<number>, offset: number, cell: (x: number) => string, width: number = SAMPLE_WIDTH): string {
  let line = cell(values[offset]);
  for (let k = 1; k < width; k++) line += ',' + cell(values[offset + k]);
  return line;
}

/** Scalars as numbers, vectors as arrays, for readable JSON (`sim --format json`, `sim study`). */
export function paramsObject(values: ParamValues): Record<string, number | readonly number[]> {
  const params: Record<string, number | readonly number[]> = {};
  for (const [name, value] of Object.entries(values)) params[name] = value.length === 1 ? value[0] : value;
  return params;
}
