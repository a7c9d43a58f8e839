import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/app/locale';
import { uplotSafeLocale, withoutUncheckedLocale } from '../../scripts/uplotLocale';

describe('numbers whatever the browser language', () => {
  it('groups counts in thousands, neutrally', () => {
    expect(formatCount(100_000)).toBe('100,000');
    expect(formatCount(7)).toBe('7');
    expect(formatCount(NaN)).toBe('NaN');
  });
});

describe("uPlot's language tag, guarded at build time", () => {
  const shipped = readFileSync('node_modules/uplot/dist/uPlot.esm.js', 'utf8');

  it('builds its number format from Intl\'s default locale, never from navigator.language', () => {
    expect(shipped).toContain('nav.language');
    const guarded = withoutUncheckedLocale(shipped);
    expect(guarded).not.toMatch(/\bnav(igator)?\.language/);
    expect(guarded).toContain('new Intl.NumberFormat()');
    // Nothing else changes.
    expect(guarded.length).toBe(shipped.length - "domEnv ? nav.language : 'en-US'".length);
  });

  it('stops the build when uPlot reads the language in a way the guard does not know', () => {
    expect(() => withoutUncheckedLocale('const f = new Intl.NumberFormat(navigator.languages[0]);', 'uPlot.next.js')).toThrow(/uPlot\.next\.js: reads navigator\.language/);
  });

  it('applies to uPlot\'s modules only', () => {
    const plugin = uplotSafeLocale();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    expect(transform.call({}, shipped, '/x/node_modules/uplot/dist/uPlot.esm.js')?.code).toContain('new Intl.NumberFormat()');
    expect(transform.call({}, 'navigator.language', '/x/src/app/main.tsx')).toBeNull();
  });
});
