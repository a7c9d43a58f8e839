/**
 * What the page says about a method's step limit: the linear oscillator's verdict (methodStability.ts: ρ ≤ 1 at every
 * Ωh means unconditionally stable) next to what the stability study measured on the model in front of the user
 * (solver/studies/stabilityStudy.ts), in words and as the rows of the study's plot. Pure; tested in
 * test/app/stability.test.ts.
 */
import type { RunMethod } from '../scenario/methods';
import { methodOscillatorResponse } from '../solver/studies/methodStability';
import type { InstabilityMode, StabilityPoint } from '../solver/studies/stabilityStudy';
import { OMEGA_H_RANGE } from './damping';

/** What stopped a run, as the page names it. */
export const MODE_TEXT: Readonly<Record<InstabilityMode, string>> = {
  newton: 'Newton stops converging',
  'multiplier-oscillation': 'the joint multipliers oscillate (index-3 mode)',
  'euler-velocity': 'eᵀė of the Euler parameters grows',
  'blow-up': 'the state blows up',
  energy: 'the energy error breaks its bound',
  constraint: 'the constraint residual breaks its bound',
  setup: 'the run cannot start',
};

/** ρ above 1 by more than this is growth, not rounding (the 3×3 eigenvalues lose ~1e-11 at Ωh ≈ 1e3 for ρ∞ = 1). */
const GROWTH = 1e-8;

/**
 * The linear oscillator's verdict on `method` at its parameter over the damping plot's Ωh range (log-spaced):
 * 'unconditionally stable' when ρ ≤ 1 everywhere, else where ρ first exceeds 1.
 */
export function linearVerdict(method: RunMethod, parameter: number, count = 241): string {
  const [lo, hi] = OMEGA_H_RANGE.map(Math.log10);
  for (let k = 0; k < count; k++) {
    const wh = 10 ** (lo + ((hi - lo) * k) / (count - 1));
    if (methodOscillatorResponse(method, parameter, wh).spectralRadius > 1 + GROWTH) return `conditionally stable: ρ > 1 from Ωh ≈ ${wh.toPrecision(2)}`;
  }
  return 'unconditionally stable (ρ ≤ 1 at every Ωh)';
}

/** A step or h·Ω in three digits. */
function short(x: number): string {
  return Number(x.toPrecision(3)).toString();
}

/**
 * What the stability study measured for one method, in a sentence: "h ≤ 0.00181 s (h·Ω = 0.135); above it the joint
 * multipliers oscillate (index-3 mode)"; the two ends of the range when nothing or everything failed.
 */
export function measuredVerdict(point: StabilityPoint, range: readonly [number, number]): string {
  if (Number.isNaN(point.hMax)) {
    return `unstable at every step tried, down to h = ${short(range[0])} s: ${MODE_TEXT[point.failureMode ?? 'newton']}`;
  }
  const omegaH = Number.isFinite(point.omegaH) ? ` (h·Ω = ${short(point.omegaH)})` : '';
  if (Number.isNaN(point.hFail)) return `stable at every step tried, up to h = ${short(point.hMax)} s${omegaH}`;
  const again = Number.isFinite(point.stableAbove) ? `; stable again at h = ${short(point.stableAbove)} s` : '';
  return `h ≤ ${short(point.hMax)} s${omegaH}; above it ${MODE_TEXT[point.failureMode ?? 'newton']}${again}`;
}

/** One point of the study's plot: a run at h (x) of the method drawn at row y, under `<method>-stable` or `<method>-unstable`. */
export type LadderRow = { readonly x: number } & Readonly<Record<string, number>>;

/** The plot's rows: every run of every method, the method's row index as the value (stable and unstable apart). */
export function ladderRows(points: readonly StabilityPoint[]): LadderRow[] {
  const rows: Record<string, number>[] = [];
  points.forEach((p, row) => {
    for (const mark of p.ladder) rows.push({ x: mark.h, [`${p.method}-${mark.stable ? 'stable' : 'unstable'}`]: row });
  });
  return rows.sort((a, b) => a.x - b.x) as LadderRow[];
}
