/**
 * uPlot (1.6.32, the latest release) builds `new Intl.NumberFormat(navigator.language)` while its module loads. A
 * language tag Intl refuses throws a RangeError there — Chromium under LANG=C.UTF-8 reports 'en-US@posix' — and the
 * page's whole bundle stops: a white page. This build step rewrites that one expression to Intl's own default locale,
 * which is always valid (uPlot's upstream change "use implicit locale for Intl.NumberFormat" does the same); the app
 * formats every number it draws itself (src/app/timePlot.ts), so nothing on screen changes.
 *
 * The build fails when uPlot's code reads navigator.language in any other way, so an update of the library cannot
 * bring the throw back unnoticed: look at the new code, then change or drop this step.
 */
import type { Plugin } from 'vite';

/** The expression uPlot 1.6.x evaluates at load (`nav` is its `navigator`, null outside a browser). */
const UNCHECKED = "new Intl.NumberFormat(domEnv ? nav.language : 'en-US')";
const DEFAULT_LOCALE = 'new Intl.NumberFormat()';

/** The module's code with its unchecked language tag replaced; throws if it reads navigator.language otherwise. */
export function withoutUncheckedLocale(code: string, id = 'uPlot'): string {
  const rewritten = code.split(UNCHECKED).join(DEFAULT_LOCALE);
  if (/\bnav(igator)?\.languages?\b/.test(rewritten)) {
    throw new Error(`${id}: reads navigator.language in a way the locale guard (scripts/uplotLocale.ts) does not know; check that an unparsable tag cannot throw, then update the guard`);
  }
  return rewritten;
}

/** The Vite plugin applying withoutUncheckedLocale to uPlot's modules. */
export function uplotSafeLocale(): Plugin {
  return {
    name: 'uplot-safe-locale',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]uplot[\\/].*\.m?js$/.test(id.split('?')[0])) return null;
      return { code: withoutUncheckedLocale(code, id), map: null };
    },
  };
}
