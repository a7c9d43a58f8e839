/**
 * Chart data of a study result: the convergence study's errors over h (log–log) with the
 * observed order of each segment, and a sweep's final ω or energy error over α (HHT) or ρ∞ (the others).
 * Pure; tested in test/app/studyPlot.test.ts.
 */
import type { RunMethod as IntegratorMethod } from '../scenario/methods';
import type { AlphaSweepPoint, ConvergencePoint, RhoSweepPoint } from '../solver/studies/convergenceStudy';
import type { ParamValues } from '../scenario/types';
import { defaultComponent, type OmegaComponent } from './store';

/** What the convergence plot shows: e_ω (Sherif Eq. 71) or the position error. */
export type ConvergenceQuantity = 'omega' | 'position';
/** What the α-sweep plot shows: the final ω component or the final energy error. */
export type SweepQuantity = 'omega' | 'energy';

/** One x value with each method's y (absent where the run failed or, on a log axis, y ≤ 0). */
export type StudyRow = { x: number } & Partial<Record<IntegratorMethod, number>>;

/** An observed order written at the middle of a segment (geometric middle on log axes). */
export interface OrderLabel {
  readonly method: IntegratorMethod;
  readonly x: number;
  readonly y: number;
  readonly order: number;
}

function rowsOf(entries: readonly { method: IntegratorMethod; x: number; y: number }[], positive: boolean): StudyRow[] {
  const byX = new Map<number, StudyRow>();
  for (const { method, x, y } of entries) {
    if (!Number.isFinite(y) || (positive && y <= 0)) continue;
    const row = byX.get(x) ?? { x };
    row[method] = y;
    byX.set(x, row);
  }
  return [...byX.values()].sort((a, b) => a.x - b.x);
}

export function convergenceRows(points: readonly ConvergencePoint[], quantity: ConvergenceQuantity): StudyRow[] {
  return rowsOf(points.map((p) => ({ method: p.method, x: p.h, y: quantity === 'omega' ? p.omegaError : p.positionError })), true);
}

/** The observed order of each segment (a point and the next larger h of its method), placed at its middle. */
export function orderLabels(points: readonly ConvergencePoint[], quantity: ConvergenceQuantity): OrderLabel[] {
  const labels: OrderLabel[] = [];
  for (let k = 1; k < points.length; k++) {
    const [a, b] = [points[k - 1], points[k]];
    const order = quantity === 'omega' ? b.omegaOrder : b.positionOrder;
    const [ea, eb] = quantity === 'omega' ? [a.omegaError, b.omegaError] : [a.positionError, b.positionError];
    if (a.method !== b.method || !Number.isFinite(order) || !(ea > 0 && eb > 0)) continue;
    labels.push({ method: b.method, x: Math.sqrt(a.h * b.h), y: Math.sqrt(ea * eb), order });
  }
  return labels;
}

/**
 * The ω component a sweep reports: the axis of the largest initial spin (the V8: crank x); for a model without an
 * initial spin `omega0` (a user's pendulum turning about z) the component largest in magnitude at the end of the runs.
 */
export function sweepComponent(values: ParamValues, points: readonly (AlphaSweepPoint | RhoSweepPoint)[] = []): OmegaComponent {
  if (values.omega0) return defaultComponent({ values } as Parameters<typeof defaultComponent>[0]);
  const largest = [0, 1, 2].map((k) => Math.max(0, ...points.map((p) => (Number.isFinite(p.finalOmega[k]) ? Math.abs(p.finalOmega[k]) : 0))));
  const best = largest.indexOf(Math.max(...largest));
  return (['x', 'y', 'z'] as const)[best];
}

/** The swept value of a sweep point: α (α sweep) or ρ∞ (ρ∞ sweep). */
export function sweptValue(p: AlphaSweepPoint | RhoSweepPoint): number {
  return 'alpha' in p ? p.alpha : p.rho;
}

/** A sweep's x axis: its title and range (α over [−1/3, 0], ρ∞ over [0, 1]), with a margin. */
export function sweepAxis(kind: 'alpha-sweep' | 'rho-sweep'): { readonly label: string; readonly symbol: string; readonly domain: [number, number] } {
  return kind === 'alpha-sweep' ? { label: 'α (–)', symbol: 'α', domain: [-0.35, 0] } : { label: 'ρ∞ (–)', symbol: 'ρ∞', domain: [0, 1] };
}

export function sweepRows(points: readonly (AlphaSweepPoint | RhoSweepPoint)[], quantity: SweepQuantity, component: OmegaComponent): StudyRow[] {
  const k = ['x', 'y', 'z'].indexOf(component);
  return rowsOf(points.map((p) => ({ method: p.method, x: sweptValue(p), y: quantity === 'omega' ? p.finalOmega[k] : p.energyError })), false);
}
