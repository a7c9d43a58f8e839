import { describe, expect, it } from 'vitest';
import { checkTolerance, TOLERANCE_MAX, TOLERANCE_MIN } from '../../src/scenario/validate';
import { capNote, normHint, sliderToTolerance, TOLERANCE_SLIDER_MAX, TOLERANCE_SLIDER_MIN, toleranceToSlider } from '../../src/app/tolerance';

describe('tolerance slider', () => {
  it('spans the schema bounds exactly, with exact decades', () => {
    expect(sliderToTolerance(TOLERANCE_SLIDER_MIN)).toBe(TOLERANCE_MIN);
    expect(sliderToTolerance(TOLERANCE_SLIDER_MAX)).toBe(TOLERANCE_MAX);
    expect(sliderToTolerance(-16)).toBe(1e-4);
    expect(sliderToTolerance(-15)).toBe(1.8e-4);
    expect(sliderToTolerance(-1000)).toBe(TOLERANCE_MIN);
  });

  it('round-trips every position, and every position is a valid tolerance', () => {
    for (let k = TOLERANCE_SLIDER_MIN; k <= TOLERANCE_SLIDER_MAX; k++) {
      expect(toleranceToSlider(sliderToTolerance(k))).toBe(k);
      expect(checkTolerance(sliderToTolerance(k))).toBeNull();
    }
    expect(toleranceToSlider(3e-7)).toBe(-26);
    expect(toleranceToSlider(0)).toBe(TOLERANCE_SLIDER_MIN);
  });
});

describe('the step cap and the error norm, in words', () => {
  it('says when the cap, not the tolerance, chose the steps', () => {
    expect(capNote(1990, 2002, 5.0025e-4)).toBe('the step cap h_max = 0.0005 s (the sample interval) set 99 % of the steps: a looser tolerance gives the same run');
    expect(capNote(10, 2002, 5.0025e-4)).toBe('the step cap h_max = 0.0005 s (the sample interval) set < 1 % of the steps');
    expect(capNote(300, 1000, 0.01)).toBe('the step cap h_max = 0.01 s (the sample interval) set 30 % of the steps');
    expect(capNote(0, 1000, 0.01)).toBeNull();
  });

  it('says what each norm bounds', () => {
    expect(normHint('position')).toContain('ω follows it only loosely');
    expect(normHint('position-velocity')).toContain('ω follows ε');
  });
});
