/**
 * α's keyboard steps while its slider has focus: arrows move 0.01 (ten of the slider's 0.001 positions) to the next
 * multiple of 0.01, Page Up/Down 0.05, Home/End the ends −1/3 and 0; ρ∞'s arrows 0.01 and Page keys 0.1.
 */
import { describe, expect, it } from 'vitest';
import { keyedPosition } from '../../src/app/components/SliderField';
import { ALPHA_KEY_STEPS } from '../../src/app/components/IntegratorPanel';
import { SLIDER_MIN, sliderToAlpha } from '../../src/app/alpha';

const alphaAfter = (keys: readonly string[], from: number) =>
  sliderToAlpha(keys.reduce((p, key) => keyedPosition(key, p, SLIDER_MIN, 0, ALPHA_KEY_STEPS) ?? p, from));

describe('α slider keys', () => {
  it('arrows step 0.01 and land on multiples of 0.01', () => {
    expect(alphaAfter(['ArrowRight'], -200)).toBe(-0.19);
    expect(alphaAfter(['ArrowLeft'], -200)).toBe(-0.21);
    expect(alphaAfter(['ArrowUp'], -203)).toBe(-0.2);
    expect(alphaAfter(['ArrowDown'], -203)).toBe(-0.21);
  });

  it('from −1/3 the right arrow goes to −0.33, and the left arrow from −0.33 back to −1/3 (never past it)', () => {
    expect(alphaAfter(['ArrowRight'], SLIDER_MIN)).toBe(-0.33);
    expect(alphaAfter(['ArrowLeft'], -330)).toBe(-1 / 3);
    expect(alphaAfter(['ArrowLeft', 'ArrowLeft'], -330)).toBe(-1 / 3);
    expect(alphaAfter(['ArrowRight', 'ArrowRight'], -10)).toBe(0);
  });

  it('from −0.3 to 0 takes 30 presses of an arrow, or 6 of Page Up; Home and End reach the ends', () => {
    const presses = (key: string) => {
      let p = -300, n = 0;
      while (sliderToAlpha(p) !== 0) { p = keyedPosition(key, p, SLIDER_MIN, 0, ALPHA_KEY_STEPS)!; n++; }
      return n;
    };
    expect(presses('ArrowRight')).toBe(30);
    expect(presses('PageUp')).toBe(6);
    expect(alphaAfter(['PageDown'], -200)).toBe(-0.25);
    expect(alphaAfter(['Home'], -200)).toBe(-1 / 3);
    expect(alphaAfter(['End'], -200)).toBe(0);
  });

  it('leaves other keys to the browser', () => {
    expect(keyedPosition('Tab', -200, SLIDER_MIN, 0, ALPHA_KEY_STEPS)).toBeNull();
    expect(keyedPosition('a', -200, SLIDER_MIN, 0, ALPHA_KEY_STEPS)).toBeNull();
  });

  it('ρ∞ (positions of 0.01): arrows one position, Page keys 0.1', () => {
    const steps = { arrow: 1, page: 10 };
    expect(keyedPosition('ArrowRight', 67, 0, 100, steps)).toBe(68);
    expect(keyedPosition('PageUp', 67, 0, 100, steps)).toBe(70);
    expect(keyedPosition('PageDown', 67, 0, 100, steps)).toBe(60);
    expect(keyedPosition('PageUp', 95, 0, 100, steps)).toBe(100);
  });
});
