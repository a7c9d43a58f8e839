/**
 * What the page suggests after a failed run ("the UI says what to try"), per method:
 * HHT is offered more damping through α, the ρ∞ methods (generalized-α, Lie-group, Ji–Xing) through
 * a lower ρ∞, every method a smaller step (or a tighter tolerance when adaptive).
 */
import { DEFAULT_RHO, methodParameter, type RunMethod } from '../scenario/methods';
import type { ScenarioState } from '../scenario/types';
import { formatNumber, TOLERANCE_MIN } from '../scenario/validate';

/** Above this α, HHT damps too little to hold the index-3 multiplier oscillation down. */
export const LOW_DAMPING_ALPHA = -0.1;

/**
 * Above this ρ∞ the generalized-α family damps its highest frequencies too little for an index-3
 * joint: at ρ∞ = 1 it is the trapezoidal rule's weak instability (SPEC §5, §6).
 */
export const LOW_DAMPING_RHO = 0.9;

/** x rounded to six digits, so suggested values read cleanly (1e-4 / 10 → 0.00001). */
const tidy = (x: number): string => formatNumber(Number(x.toPrecision(6)));

/** The settings a failure advice reads. */
export type FailureState = Pick<ScenarioState, 'alpha' | 'h' | 'tolerance' | 'rho'>;

/** The ρ∞ the failure box offers with one click: a good deal of high-frequency damping. */
export const TRY_RHO = 0.5;

/** The step a failure advice suggests: ten times smaller. */
export function smallerStep(state: Pick<ScenarioState, 'h'>): string {
  return tidy(state.h / 10);
}

/** More numerical damping in the method's own parameter, or null when it already damps enough. */
function dampingOption(state: FailureState, method: RunMethod): string | null {
  if (methodParameter(method) === 'alpha') return state.alpha > LOW_DAMPING_ALPHA ? 'α < 0 (e.g. α = −0.1)' : null;
  return (state.rho ?? DEFAULT_RHO) > TRY_RHO ? `a lower ρ∞ (e.g. ρ∞ = ${formatNumber(TRY_RHO)})` : null;
}

/**
 * Concrete settings to try after `method` failed: a tolerance 100× tighter for adaptive runs, else
 * a step 10× smaller; and more numerical damping (α < 0 for HHT, a lower ρ∞ for the others).
 * Example: failureAdvice({ alpha: 0, h: 1e-4 }) === 'use α < 0 (e.g. α = −0.1) or a smaller step (e.g. h = 0.00001 s)';
 * failureAdvice({ alpha: -0.2, h: 1e-3 }, 'ji-xing') === 'use a lower ρ∞ (e.g. ρ∞ = 0.5) or a smaller step (e.g. h = 0.0001 s)'.
 */
export function failureAdvice(state: FailureState, method: RunMethod = 'classical'): string {
  const options: string[] = [];
  const damping = dampingOption(state, method);
  if (damping) options.push(damping);
  if (state.tolerance !== undefined) options.push(`a tighter tolerance (e.g. tol = ${tidy(Math.max(TOLERANCE_MIN, state.tolerance / 100))})`);
  else options.push(`a smaller step (e.g. h = ${smallerStep(state)} s)`);
  return `use ${options.join(' or ')}`;
}

/** The α the failure box offers with one click: a little damping, enough for the index-3 joints. */
export const TRY_ALPHA = -0.05;

const HHT_REASON =
  'With α this close to 0 HHT hardly damps, and the joint’s multiplier (an index-3 constraint) oscillates with a sign that flips every step and grows until Newton fails: the trapezoidal rule’s weak instability on index-3 constraints (Cardona & Géradin 1989). A little numerical damping holds it down.';

const RHO_REASON =
  'With ρ∞ this close to 1 the method hardly damps its highest frequencies, and the joint’s multiplier (an index-3 constraint) oscillates with a sign that flips every step and grows until Newton fails, as with the trapezoidal rule (ρ∞ = 1; Cardona & Géradin 1989). A lower ρ∞ holds it down.';

const JI_XING_REASON =
  'The Ji–Xing composite with the modified Euler-parameter updates amplifies the joint multiplier’s sign-flipping (index-3) mode once the step times the spin rate, h·Ω, passes a limit (SPEC §6; the Theory tab gives the measured limit). A smaller step holds it down.';

/**
 * Why `method`'s run failed, when the cause is known (null when no explanation applies: a free body
 * runs stably, so its failure has another cause). With joints: HHT with α near 0 and a ρ∞ method with
 * ρ∞ near 1 meet the trapezoidal rule's weak instability on index-3 constraints (Cardona & Géradin
 * 1989; SPEC §5); the Ji–Xing composite has an h·Ω limit of its own (SPEC §6).
 */
export function failureReason(state: Pick<ScenarioState, 'alpha' | 'rho'>, hasJoints: boolean, method: RunMethod = 'classical'): string | null {
  if (!hasJoints) return null;
  if (methodParameter(method) === 'alpha') return state.alpha <= LOW_DAMPING_ALPHA ? null : HHT_REASON;
  if ((state.rho ?? DEFAULT_RHO) > LOW_DAMPING_RHO) return RHO_REASON;
  return method === 'ji-xing' ? JI_XING_REASON : null;
}
