import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cssVariables, paletteFor } from '../../src/app/theme';

const css = readFileSync(new URL('../../src/app/styles.css', import.meta.url), 'utf8');
const PALETTES = [paletteFor(false, false), paletteFor(true, false), paletteFor(false, true)];

describe('one palette for plots, 3D view and page', () => {
  it('defines every colour variable the stylesheet reads, for light, dark and projector', () => {
    const used = new Set(Array.from(css.matchAll(/var\((--[a-z-]+)/g), (m) => m[1]));
    expect(used.size).toBeGreaterThan(5);
    for (const palette of PALETTES) {
      const defined = cssVariables(palette);
      for (const name of used) expect(defined[name], name).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('leaves no colour variable defined in the stylesheet itself', () => {
    expect(css).not.toMatch(/--(bg|panel|text|muted|border|accent|error|focus|classical|modified|exact|notice-bg|notice-border|error-bg|highlight)\s*:/);
  });

  it('writes the method colours the plots use', () => {
    for (const palette of PALETTES) {
      expect(cssVariables(palette)['--classical']).toBe(palette.method.classical);
      expect(cssVariables(palette)['--modified']).toBe(palette.method.modified);
    }
    expect(paletteFor(true, true)).toBe(paletteFor(false, true));
  });
});
