/**
 * Output of `sim study …`: one CSV row (or JSON row array) per run. A study has tens of rows, so
 * the text is built whole. Values that do not exist — the order of the first (largest) h, every
 * error of a failed run — are empty CSV cells and JSON nulls, so a plot skips them instead of
 * drawing NaN.
 */
import type { AlphaSweepPoint, ConvergencePoint } from '../solver/studies/convergenceStudy';
import type { AlphaSweepOptions, ConvergenceOptions } from '../scenario/studyArgs';
import { paramsObject } from './rowText';

export const CONVERGENCE_COLUMNS = ['method', 'h', 'omega_error', 'omega_order', 'position_error', 'position_order', 'failure'] as const;
export const ALPHA_SWEEP_COLUMNS = ['method', 'alpha', 'omega_x', 'omega_y', 'omega_z', 'energy_error', 'failure'] as const;

/** A cell before formatting: text, a number (NaN = no value) or no value. */
type Cell = string | number | null;

function convergenceRow(p: ConvergencePoint): Cell[] {
  return [p.method, p.h, p.omegaError, p.omegaOrder, p.positionError, p.positionOrder, p.failure];
}

function alphaSweepRow(p: AlphaSweepPoint): Cell[] {
  return [p.method, p.alpha, ...p.finalOmega, p.energyError, p.failure];
}

/** RFC 4180: text with a comma, quote or line break is quoted, inner quotes doubled (failure reasons may hold commas). */
function csvText(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Numbers in full precision (shortest round-trip text, as `sim`); no value → empty. */
function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return csvText(cell);
}

function jsonCell(cell: Cell): Cell {
  return typeof cell === 'number' && !Number.isFinite(cell) ? null : cell;
}

function csvTable(columns: readonly string[], rows: readonly Cell[][]): string {
  return [columns.join(','), ...rows.map((row) => row.map(csvCell).join(','))].join('\n') + '\n';
}

/** JSON: the settings, then `columns` and `rows` (arrays in column order), one row per line. */
function jsonTable(settings: Record<string, unknown>, columns: readonly string[], rows: readonly Cell[][]): string {
  const head = JSON.stringify({ ...settings, columns }).slice(0, -1);
  const body = rows.map((row) => JSON.stringify(row.map(jsonCell))).join(',\n');
  return `${head},"rows":[\n${body}\n]}\n`;
}

/** Convergence study: settings {study, scenario, params, methods, alpha, steps, tEnd, sampleDt, reference, totalSteps}. */
export function formatConvergence(options: ConvergenceOptions, points: readonly ConvergencePoint[]): string {
  const rows = points.map(convergenceRow);
  if (options.format === 'csv') return csvTable(CONVERGENCE_COLUMNS, rows);
  const settings = {
    study: options.kind, scenario: options.scenario, params: paramsObject(options.values), methods: options.methods,
    alpha: options.alpha, steps: options.steps, tEnd: options.tEnd, sampleDt: options.sampleDt, reference: options.reference,
    totalSteps: options.totalSteps,
  };
  return jsonTable(settings, CONVERGENCE_COLUMNS, rows);
}

/** α sweep: settings {study, scenario, params, methods, alphas, h, tEnd, totalSteps}. */
export function formatAlphaSweep(options: AlphaSweepOptions, points: readonly AlphaSweepPoint[]): string {
  const rows = points.map(alphaSweepRow);
  if (options.format === 'csv') return csvTable(ALPHA_SWEEP_COLUMNS, rows);
  const settings = {
    study: options.kind, scenario: options.scenario, params: paramsObject(options.values), methods: options.methods,
    alphas: options.alphas, h: options.h, tEnd: options.tEnd, totalSteps: options.totalSteps,
  };
  return jsonTable(settings, ALPHA_SWEEP_COLUMNS, rows);
}
