/**
 * How the app writes numbers whatever the browser's language (SPEC §7: every size works in every browser language):
 * neutral, with a decimal point, as typed into its fields and read back by its one parser (src/scenario/validate.ts),
 * and counts grouped in thousands the same way everywhere. Nothing here reads navigator.language: a browser passes
 * on what the system says, and Intl refuses some of it with a RangeError (Chromium under LANG=C.UTF-8 reports
 * 'en-US@posix'). The one library that did read it, uPlot, is guarded at build time (scripts/uplotLocale.ts).
 */

const COUNT = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });

/** A count grouped in thousands. Example: formatCount(100000) === '100,000'. */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? COUNT.format(n) : String(n);
}
