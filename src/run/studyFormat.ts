/**
 * Output of `sim study …`: one CSV row (or JSON row array) per run. A study has tens of rows, so
 * the text is built whole. Values that do not exist — the order of the first (largest) h, every
 * error of a failed run — are empty CSV cells and JSON nulls, so a plot skips them instead of
 * drawing NaN.
 */
import type { AlphaSweepPoint, ConvergencePoint, RhoSweepPoint } from '../solver/studies/convergenceStudy';
import type { AlphaSweepOptions, ConvergenceOptions, DampingScanOptions, RhoSweepOptions, StabilityOptions, StudyOptions } from '../scenario/studyArgs';
import type { DampingScanPoint } from '../solver/studies/dampingScan';
import type { StabilityPoint } from '../solver/studies/stabilityStudy';
import type { StudyPoints } from './studyTasks';
import { csvTextCell, paramsObject } from './rowText';

export const CONVERGENCE_COLUMNS = ['method', 'h', 'omega_error', 'omega_order', 'position_error', 'position_order', 'failure'] as const;
export const ALPHA_SWEEP_COLUMNS = ['method', 'alpha', 'omega_x', 'omega_y', 'omega_z', 'energy_error', 'failure'] as const;
/** The ρ∞ sweep: the α sweep's columns with the swept parameter `rho` (ρ∞) in place of `alpha`. */
export const RHO_SWEEP_COLUMNS = ['method', 'rho', 'omega_x', 'omega_y', 'omega_z', 'energy_error', 'failure'] as const;

/**
 * The stability study: h_max (largest stable step), h_fail (smallest failing step above it), omega (Ω of the h_max
 * run's Euler parameters) and omega_h = h_max·Ω, that run's energy_ratio and constraint_error, the failure mode,
 * time and text of the h_fail run, stable_above (a stable step above h_fail: not monotone) and the runs taken.
 */
export const STABILITY_COLUMNS = [
  'method', 'parameter', 'h_max', 'h_fail', 'omega', 'omega_h', 'energy_ratio', 'constraint_error',
  'failure_mode', 'failure_time', 'failure', 'stable_above', 'runs',
] as const;

function stabilityRow(p: StabilityPoint): Cell[] {
  return [
    p.method, p.parameter, p.hMax, p.hFail, p.omega, p.omegaH, p.energyRatio, p.constraintError,
    p.failureMode, p.failureTime, p.failure, p.stableAbove, p.runs,
  ];
}

/** A cell before formatting: text, a number (NaN = no value) or no value. */
type Cell = string | number | null;

function convergenceRow(p: ConvergencePoint): Cell[] {
  return [p.method, p.h, p.omegaError, p.omegaOrder, p.positionError, p.positionOrder, p.failure];
}

function sweepRow(method: string, value: number, p: AlphaSweepPoint | RhoSweepPoint): Cell[] {
  return [method, value, ...p.finalOmega, p.energyError, p.failure];
}


/** Numbers in full precision (shortest round-trip text, as `sim`); no value → empty. */
function csvCell(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return csvTextCell(cell);
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

/**
 * Convergence study: settings {study, scenario, params, methods, alpha, rho, steps, tEnd, sampleDt, reference,
 * totalSteps}; `alpha` only if an HHT method runs and `rho` only if a ρ∞ method does (JSON drops an undefined
 * value, so HHT-only studies print what they printed before the family). The reference is {method, alpha, h}
 * or {method, rho, h}. The CSV has no parameter column: each method runs with its one parameter of the head.
 */
export function formatConvergence(options: ConvergenceOptions, points: readonly ConvergencePoint[]): string {
  const { alpha, rho, steps, tEnd, sampleDt, reference } = options;
  return formatTable(options, CONVERGENCE_COLUMNS, points.map(convergenceRow), { alpha, rho, steps, tEnd, sampleDt, reference });
}

/**
 * A study's table: the CSV, or the JSON with the settings every study has ({study, scenario, params, methods}), the
 * study's `own` settings and totalSteps, then columns and rows.
 */
function formatTable(options: StudyOptions, columns: readonly string[], rows: readonly Cell[][], own: Record<string, unknown>): string {
  if (options.format === 'csv') return csvTable(columns, rows);
  const settings = {
    study: options.kind, scenario: options.scenario, params: paramsObject(options.values), methods: options.methods, ...own,
    totalSteps: options.totalSteps,
  };
  return jsonTable(settings, columns, rows);
}

/** A sweep's table; JSON settings {study, scenario, params, methods, alphas | rhos, h, tEnd, totalSteps}. */
function formatSweep(options: AlphaSweepOptions | RhoSweepOptions, columns: readonly string[], rows: readonly Cell[][], values: Record<string, readonly number[]>): string {
  return formatTable(options, columns, rows, { ...values, h: options.h, tEnd: options.tEnd });
}

/** α sweep: columns ALPHA_SWEEP_COLUMNS, JSON settings with `alphas`. */
export function formatAlphaSweep(options: AlphaSweepOptions, points: readonly AlphaSweepPoint[]): string {
  return formatSweep(options, ALPHA_SWEEP_COLUMNS, points.map((p) => sweepRow(p.method, p.alpha, p)), { alphas: options.alphas });
}

/** ρ∞ sweep: columns RHO_SWEEP_COLUMNS, JSON settings with `rhos`. */
export function formatRhoSweep(options: RhoSweepOptions, points: readonly RhoSweepPoint[]): string {
  return formatSweep(options, RHO_SWEEP_COLUMNS, points.map((p) => sweepRow(p.method, p.rho, p)), { rhos: options.rhos });
}

/**
 * Stability: one row per method, columns STABILITY_COLUMNS; JSON settings {study, scenario, params, methods, alpha,
 * rho, hRange, tEnd, rtol, bounds, totalSteps} (totalSteps: the most the study may take).
 */
export function formatStability(options: StabilityOptions, points: readonly StabilityPoint[]): string {
  const { alpha, rho, hRange, tEnd, rtol, bounds } = options;
  return formatTable(options, STABILITY_COLUMNS, points.map(stabilityRow), { alpha, rho, hRange, tEnd, rtol, bounds });
}

/**
 * The damping scan: one row per method and value of its parameter (`alpha` or `rho_inf`), `stable` 1 or 0, and for
 * an unstable run what stopped it and when; energy_ratio and constraint_error of the run as the stability study
 * reports them.
 */
export const DAMPING_SCAN_COLUMNS = [
  'method', 'parameter', 'value', 'stable', 'failure_mode', 'failure_time', 'energy_ratio', 'constraint_error', 'failure',
] as const;

function dampingScanRow({ method, parameter, value, outcome }: DampingScanPoint): Cell[] {
  return [
    method, parameter === 'alpha' ? 'alpha' : 'rho_inf', value, outcome.stable ? 1 : 0,
    outcome.mode, outcome.failureTime, outcome.energyRatio, outcome.constraintError, outcome.failure,
  ];
}

/** Damping scan: columns DAMPING_SCAN_COLUMNS; JSON settings {study, scenario, params, methods, h, tEnd, alphaStep, rhoStep, bounds, totalSteps}. */
export function formatDampingScan(options: DampingScanOptions, points: readonly DampingScanPoint[]): string {
  const { h, tEnd, alphaStep, rhoStep, bounds } = options;
  return formatTable(options, DAMPING_SCAN_COLUMNS, points.map(dampingScanRow), { h, tEnd, alphaStep, rhoStep, bounds });
}

/** The text `sim study` prints for the points of a study run with `options`. */
export function formatStudy(options: StudyOptions, study: StudyPoints): string {
  if (study.kind === 'damping-scan') return formatDampingScan(options as DampingScanOptions, study.points);
  if (study.kind === 'convergence') return formatConvergence(options as ConvergenceOptions, study.points);
  if (study.kind === 'alpha-sweep') return formatAlphaSweep(options as AlphaSweepOptions, study.points);
  if (study.kind === 'stability') return formatStability(options as StabilityOptions, study.points);
  return formatRhoSweep(options as RhoSweepOptions, study.points);
}
