/** What the page suggests after a failed run (issue 5 item 5: "the UI says what to try"). */
import type { ScenarioState } from '../scenario/types';
import { formatNumber, TOLERANCE_MIN } from '../scenario/validate';

/** Above this α, HHT damps too little to hold the index-3 multiplier oscillation down. */
export const LOW_DAMPING_ALPHA = -0.1;

/** x rounded to six digits, so suggested values read cleanly (1e-4 / 10 → 0.00001). */
const tidy = (x: number): string => formatNumber(Number(x.toPrecision(6)));

/**
 * Concrete settings to try after a failure: a tolerance 100× tighter for adaptive runs, else
 * a step 10× smaller; and more numerical damping when α > LOW_DAMPING_ALPHA.
 * Example: failureAdvice({ alpha: 0, h: 1e-4 }) === 'use α < 0 (e.g. α = −0.1) or a smaller step (e.g. h = 0.00001 s)'.
 */
export function failureAdvice(state: Pick<ScenarioState, 'alpha' | 'h' | 'tolerance'>): string {
  const options: string[] = [];
  if (state.alpha > LOW_DAMPING_ALPHA) options.push('α < 0 (e.g. α = −0.1)');
  if (state.tolerance !== undefined) options.push(`a tighter tolerance (e.g. tol = ${tidy(Math.max(TOLERANCE_MIN, state.tolerance / 100))})`);
  else options.push(`a smaller step (e.g. h = ${tidy(state.h / 10)} s)`);
  return `use ${options.join(' or ')}`;
}

/** The α the failure box offers with one click: a little damping, enough for the index-3 joints. */
export const TRY_ALPHA = -0.05;

/**
 * Why a run failed, when the cause is known: with joints and α near 0 the joint multiplier
 * oscillates with an alternating (−1)ⁿ sign and grows — the trapezoidal rule's weak instability
 * on index-3 constraints (Cardona & Géradin 1989; SPEC §5). Null when no explanation applies
 * (a free body runs stably at α = 0, so its failure has another cause).
 */
export function failureReason(state: Pick<ScenarioState, 'alpha'>, hasJoints: boolean): string | null {
  if (!hasJoints || state.alpha <= LOW_DAMPING_ALPHA) return null;
  return 'With α this close to 0 HHT hardly damps, and the joint’s multiplier (an index-3 constraint) oscillates with a sign that flips every step and grows until Newton fails: the trapezoidal rule’s weak instability on index-3 constraints (Cardona & Géradin 1989). A little numerical damping holds it down.';
}
