/**
 * Axes that do not jump while a run streams: each time plot's y domain is remembered per run and
 * only grows (grownDomain) until every run has stopped; then it settles to the data's own domain
 * if that is much tighter. One memory for the charts side by side, so they keep sharing axes.
 */
import type { DomainPolicy } from './chartViews';
import { grownDomain } from './plotData';

const memory = new Map<string, [number, number]>();
let memoryRun = -1;

/** Below this share of the grown span the settled axis returns to the data's own domain. */
export const SETTLE_FILL = 0.6;

/**
 * The settled domain of a finished run: the tight one when the data fill less than SETTLE_FILL of
 * the grown axis (log axes: of its decades), else the grown one, so a finished plot is not
 * needlessly rescaled. Example: settledDomain([0, 20], [0, 12], false) → [0, 20].
 */
export function settledDomain(grown: [number, number], tight: [number, number], log: boolean): [number, number] {
  const span = (d: [number, number]) => (log ? Math.log10(d[1] / d[0]) : d[1] - d[0]);
  return span(tight) < SETTLE_FILL * span(grown) || tight[0] < grown[0] || tight[1] > grown[1] ? tight : grown;
}

/**
 * The domain policy of one plot (`chartKey`: what it shows) in run `runId`: growing while
 * `streaming`, settled after. Browser state; the rules are the pure functions above.
 */
export function streamingPolicy(runId: number, chartKey: string, streaming: boolean): DomainPolicy {
  if (runId !== memoryRun) {
    memory.clear();
    memoryRun = runId;
  }
  return (axis, tight, log) => {
    const key = `${chartKey}|${axis}`;
    const previous = memory.get(key) ?? null;
    const next = streaming ? grownDomain(previous, tight, log) : previous ? settledDomain(previous, tight, log) : tight;
    memory.set(key, next);
    return next;
  };
}
