import { describe, expect, it } from 'vitest';
import { alphaToSlider, hhtBetaGamma, SLIDER_MIN, sliderToAlpha } from '../../src/app/alpha';

describe('α slider and Newmark parameters', () => {
  it('reaches both ends of [−1/3, 0] exactly, and round values', () => {
    expect(sliderToAlpha(SLIDER_MIN)).toBe(-1 / 3);
    expect(sliderToAlpha(0)).toBe(0);
    expect(Object.is(sliderToAlpha(0), 0)).toBe(true);
    expect(sliderToAlpha(-200)).toBe(-0.2);
    expect(sliderToAlpha(-333)).toBe(-0.333);
  });

  it('round-trips every slider position', () => {
    for (let k = SLIDER_MIN; k <= 0; k++) expect(alphaToSlider(sliderToAlpha(k))).toBe(k);
  });

  it('gives β = (1 − α)²/4 and γ = (1 − 2α)/2', () => {
    expect(hhtBetaGamma(0)).toEqual({ beta: 0.25, gamma: 0.5 });
    const { beta, gamma } = hhtBetaGamma(-0.2);
    expect(beta).toBeCloseTo(0.36, 15);
    expect(gamma).toBeCloseTo(0.7, 15);
  });
});
