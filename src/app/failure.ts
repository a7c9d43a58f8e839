/**
 * What the page suggests after a failed run ("the UI says what to try"), per method:
 * HHT is offered more damping through α, the ρ∞ methods (generalized-α, Lie-group, Ji–Xing) through
 * a lower ρ∞, every method a smaller step (or a tighter tolerance when adaptive).
 */
import { DEFAULT_RHO, methodParameter, type RunMethod } from '../scenario/methods';
import type { ScenarioState } from '../scenario/types';
import { ALPHA_MIN, formatNumber, TOLERANCE_MIN } from '../scenario/validate';
import type { FailureCause } from '../solver/simulate';

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

/** α as the page writes it: −0.05, −1/3. */
export function alphaText(alpha: number): string {
  return Object.is(alpha, ALPHA_MIN) ? '−1/3' : formatNumber(alpha).replace('-', '−');
}

/** The α the failure box offers at α = 0: a little damping, enough for the index-3 joints at the models' own steps. */
export const TRY_ALPHA = -0.05;

/** The α a failure box offers, from the least damping up: a step of at least 0.025 below the failed α each time. */
const ALPHA_RUNGS: readonly number[] = [TRY_ALPHA, -0.1, -0.2, -0.3, ALPHA_MIN];
const RUNG_GAP = 0.025;

/**
 * The α to try after an HHT run at `alpha` failed: the first rung of ALPHA_RUNGS clearly below it that was not
 * measured unstable for this method at this step (`measuredUnstable`, from the damping scan), or null when α is
 * already at the most damping there is. Example: suggestedAlpha(0) === −0.05, suggestedAlpha(−0.1) === −0.2.
 */
export function suggestedAlpha(alpha: number, measuredUnstable: (alpha: number) => boolean = () => false): number | null {
  const below = ALPHA_RUNGS.filter((a) => a <= alpha - RUNG_GAP + 1e-12);
  return below.find((a) => !measuredUnstable(a)) ?? null;
}

/** More numerical damping in the method's own parameter, or null when it already damps enough. */
function dampingOption(state: FailureState, method: RunMethod, measuredUnstable?: (alpha: number) => boolean): string | null {
  if (methodParameter(method) === 'alpha') {
    const alpha = suggestedAlpha(state.alpha, measuredUnstable);
    if (alpha === null) return null;
    return `${state.alpha < 0 ? 'a more negative α' : 'α < 0'} (e.g. α = ${alphaText(alpha)})`;
  }
  return (state.rho ?? DEFAULT_RHO) > TRY_RHO ? `a lower ρ∞ (e.g. ρ∞ = ${formatNumber(TRY_RHO)})` : null;
}

/**
 * Concrete settings to try after `method` failed: a tolerance 100× tighter for adaptive runs, else
 * a step 10× smaller; and more numerical damping (α < 0 at α = 0 or a more negative α for HHT — a value not measured
 * unstable at this step, `measuredUnstable` — and a lower ρ∞ for the others).
 * Example: failureAdvice({ alpha: 0, h: 1e-4 }) === 'use α < 0 (e.g. α = −0.05) or a smaller step (e.g. h = 0.00001 s)';
 * failureAdvice({ alpha: -0.1, h: 1e-3 }, 'modified') === 'use a more negative α (e.g. α = −0.2) or a smaller step (e.g. h = 0.0001 s)';
 * failureAdvice({ alpha: -0.2, h: 1e-3 }, 'ji-xing') === 'use a lower ρ∞ (e.g. ρ∞ = 0.5) or a smaller step (e.g. h = 0.0001 s)'.
 */
export function failureAdvice(
  state: FailureState, method: RunMethod = 'classical', cause?: FailureCause, measuredUnstable?: (alpha: number) => boolean,
): string {
  if (cause === 'euler-velocity') return eulerVelocityAdvice(state, method);
  const options: string[] = [];
  const damping = dampingOption(state, method, measuredUnstable);
  if (damping) options.push(damping);
  if (state.tolerance !== undefined) options.push(`a tighter tolerance (e.g. tol = ${tidy(Math.max(TOLERANCE_MIN, state.tolerance / 100))})`);
  else options.push(`a smaller step (e.g. h = ${smallerStep(state)} s)`);
  return `use ${options.join(' or ')}`;
}

/**
 * The α offered when the Euler parameters' eᵀė mode stopped an HHT run: a little damping is not enough there (the
 * spin at α = −0.05 still fails at 5.86 s), α = −0.3 runs it to the end.
 */
export const TRY_ALPHA_EULER = -0.3;

/**
 * What to try when eᵀė of the Euler parameters grew until Newton failed: a smaller step only postpones it (the growth
 * rate |ω|/2 does not depend on h); more damping, or the modified update that keeps eᵀė = 0.
 */
function eulerVelocityAdvice(state: FailureState, method: RunMethod): string {
  if (methodParameter(method) === 'alpha') {
    const more = state.alpha < 0 ? 'a more negative α' : 'α < 0';
    const alpha = state.alpha > TRY_ALPHA_EULER ? TRY_ALPHA_EULER : suggestedAlpha(state.alpha);
    const example = alpha === null ? '' : ` (e.g. α = ${alphaText(alpha)})`;
    return `use ${alpha === null ? '' : `${more}${example} or `}the modified method; a smaller step only postpones the failure`;
  }
  return `use a lower ρ∞ (e.g. ρ∞ = ${formatNumber(TRY_RHO)}); a smaller step only postpones the failure`;
}

/** The Euler parameters' own instability (solver cause 'euler-velocity'), explained (SPEC §5; docs/stability-and-tolerance.md). */
export const EULER_VELOCITY_REASON =
  'Only eᵀe = 1 holds each body’s Euler parameters; their velocity-level twin eᵀė = 0 is never enforced. Classical HHT advances ė with Newmark’s formula, and at α = 0 (the trapezoidal rule) the parameters turning on the unit sphere at Ω = |ω|/2 turn the rule’s undamped sign-flipping root into one that grows: eᵀė flips sign every step and grows as exp(|ω|t/2) from round-off until Newton fails — at nearly the same time for every h (the spin: 1.28, 1.41, 1.77 s for h = 0.01, 0.005, 0.001 s), so a smaller step does not help. The multipliers stay at round-off: this is not the joints’ index-3 oscillation. The modified update (Sherif Eq. 34) keeps eᵀė = 0 exactly; HHT’s damping (α < 0) holds the mode down.';

/** Why an HHT run on a jointed model failed with too little damping for its step (α near 0, or h·Ω large for its α). */
function hhtReason(alpha: number): string {
  return alpha === 0
    ? 'At α = 0 HHT does not damp at all, and the joint’s multiplier (an index-3 constraint) oscillates with a sign that flips every step and grows until Newton fails: the trapezoidal rule’s weak instability on index-3 constraints (Cardona & Géradin 1989). A little numerical damping holds it down.'
    : `The joint’s multiplier (an index-3 constraint) oscillates with a sign that flips every step and grows until Newton fails: the trapezoidal rule’s weak instability on index-3 constraints (Cardona & Géradin 1989), which HHT’s numerical damping holds down only when α is negative enough for the step — the faster the mechanism turns (h·Ω), the more. At α = ${alphaText(alpha)} and this step it is not: a more negative α or a smaller step holds it down.`;
}

const RHO_REASON =
  'With ρ∞ this close to 1 the method hardly damps its highest frequencies, and the joint’s multiplier (an index-3 constraint) oscillates with a sign that flips every step and grows until Newton fails, as with the trapezoidal rule (ρ∞ = 1; Cardona & Géradin 1989). A lower ρ∞ holds it down.';

const JI_XING_REASON =
  'The Ji–Xing composite with the modified Euler-parameter updates amplifies the joint multiplier’s sign-flipping (index-3) mode once the step times the spin rate, h·Ω, passes a limit (SPEC §6; the Theory tab gives the measured limit). A smaller step holds it down.';

/**
 * Why `method`'s run failed, when the cause is known (null when no explanation applies). The solver's cause
 * 'euler-velocity' (eᵀė of the Euler parameters grew, eulerVelocityMonitor.ts) has its own explanation, jointed or
 * not. With joints: HHT with α near 0 and a ρ∞ method with ρ∞ near 1 meet the trapezoidal rule's weak instability
 * on index-3 constraints (Cardona & Géradin 1989; SPEC §5); the Ji–Xing composite has an h·Ω limit of its own
 * (SPEC §6).
 */
export function failureReason(
  state: Pick<ScenarioState, 'alpha' | 'rho'>, hasJoints: boolean, method: RunMethod = 'classical', cause?: FailureCause,
): string | null {
  if (cause === 'euler-velocity') return EULER_VELOCITY_REASON;
  if (!hasJoints) return null;
  if (methodParameter(method) === 'alpha') return state.alpha <= LOW_DAMPING_ALPHA && cause !== 'multiplier-oscillation' ? null : hhtReason(state.alpha);
  if ((state.rho ?? DEFAULT_RHO) > LOW_DAMPING_RHO) return RHO_REASON;
  return method === 'ji-xing' ? JI_XING_REASON : null;
}
