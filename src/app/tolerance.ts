/** The tolerance slider (log10 ε in quarter decades between the schema's bounds), the error-norm choice and the step cap's note. */
import { formatNumber, TOLERANCE_MAX, TOLERANCE_MIN } from '../scenario/validate';
import type { ErrorNorm } from '../scenario/errorNorm';

/** Slider positions per decade of ε. */
export const TOLERANCE_STEPS_PER_DECADE = 4;
export const TOLERANCE_SLIDER_MIN = Math.round(Math.log10(TOLERANCE_MIN) * TOLERANCE_STEPS_PER_DECADE);
export const TOLERANCE_SLIDER_MAX = Math.round(Math.log10(TOLERANCE_MAX) * TOLERANCE_STEPS_PER_DECADE);

/** ε at slider position k, to two digits so it reads well. Example: sliderToTolerance(-16) === 1e-4, sliderToTolerance(-15) === 1.8e-4. */
export function sliderToTolerance(k: number): number {
  const clamped = Math.min(TOLERANCE_SLIDER_MAX, Math.max(TOLERANCE_SLIDER_MIN, Math.round(k)));
  return Number((10 ** (clamped / TOLERANCE_STEPS_PER_DECADE)).toPrecision(2));
}

/** The nearest slider position for ε (clamped to the bounds). */
export function toleranceToSlider(tolerance: number): number {
  if (!(tolerance > 0)) return TOLERANCE_SLIDER_MIN;
  const k = Math.round(Math.log10(tolerance) * TOLERANCE_STEPS_PER_DECADE);
  return Math.min(TOLERANCE_SLIDER_MAX, Math.max(TOLERANCE_SLIDER_MIN, k));
}

/** The error-norm choices as the page offers them, the default first. */
export const ERROR_NORM_CHOICES: readonly { readonly value: ErrorNorm; readonly label: string }[] = [
  { value: 'position-velocity', label: 'positions and velocities (ω)' },
  { value: 'position', label: 'positions only' },
];

/** What the tolerance bounds under a norm, for the field's hint. */
export function normHint(norm: ErrorNorm): string {
  return norm === 'position'
    ? 'local error per step in the coordinates (Negrut Eq. 34); ω follows it only loosely (links of schema v1 use it)'
    : 'local error per step in the coordinates and, sharpened to ε (ε/0.1)^¼, in their velocities: ω follows ε';
}

/** Above this share of cap-limited steps the cap, not the tolerance, chose the run's steps. */
export const CAP_BINDS_SHARE = 0.5;

/**
 * What the step cap h_max (the sample interval) did to a finished adaptive run, in words, or null when it limited
 * no step. Example: capNote(1990, 2002, 5e-4) ===
 * 'the step cap h_max = 0.0005 s (the sample interval) set 99 % of the steps: a looser tolerance gives the same run'.
 */
export function capNote(stepsCapped: number, stepsDone: number, hMax: number): string | null {
  if (!(stepsCapped > 0 && stepsDone > 0)) return null;
  const share = stepsCapped / stepsDone;
  const percent = share < 0.01 ? '< 1' : String(Math.round(100 * share));
  const binds = share >= CAP_BINDS_SHARE ? ': a looser tolerance gives the same run' : '';
  return `the step cap h_max = ${formatNumber(Number(hMax.toPrecision(3)))} s (the sample interval) set ${percent} % of the steps${binds}`;
}
