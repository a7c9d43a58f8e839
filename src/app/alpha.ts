/** α, its slider and the Newmark parameters it implies (SPEC §1). */
import { ALPHA_MIN } from '../scenario/validate';

/** HHT parameters from α: β = (1 − α)²/4, γ = (1 − 2α)/2 (Negrut Eq. 10). */
export function hhtBetaGamma(alpha: number): { beta: number; gamma: number } {
  return { beta: (1 - alpha) ** 2 / 4, gamma: (1 - 2 * alpha) / 2 };
}

/**
 * The α slider works in integer steps of 0.001 so its ends and round values are exact:
 * position k ∈ [−333, 0] is α = k/1000, and one extra position −334 is exactly −1/3.
 */
export const SLIDER_MIN = -334;

/** Example: sliderToAlpha(-200) === -0.2, sliderToAlpha(-334) === -1/3. */
export function sliderToAlpha(k: number): number {
  if (k <= SLIDER_MIN) return ALPHA_MIN;
  return k >= 0 ? 0 : k / 1000;
}

/** The slider position showing α (nearest 0.001). */
export function alphaToSlider(alpha: number): number {
  if (alpha <= ALPHA_MIN + 1e-12) return SLIDER_MIN;
  return Math.max(SLIDER_MIN + 1, Math.min(0, Math.round(alpha * 1000)));
}
