/** The tolerance slider: log10 ε in quarter decades between the schema's bounds. */
import { TOLERANCE_MAX, TOLERANCE_MIN } from '../scenario/validate';

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
