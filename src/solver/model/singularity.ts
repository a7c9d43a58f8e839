/**
 * Why a run stopped where it did: a mechanism passing a singular configuration — a four-bar whose links line up,
 * the rockers of a parallelogram passing the horizontal — has constraint equations that are nearly dependent
 * there (C_q loses a rank), so the Newton matrix is nearly singular and a step may not converge. A failed run
 * says so, naming the joint, instead of only "try a smaller h" (which near a singularity can make it worse:
 * the index-3 rows are scaled by 1/(βh²)).
 */
import type { Constraint } from './types';
import { dependentRows } from './prepare';

/**
 * Relative size (of a row of C_q, left after projecting out the earlier rows) below which a row counts as
 * nearly dependent when a failure is explained: 2 % is within about 1° of a four-bar's dead point.
 */
export const NEAR_SINGULAR_TOLERANCE = 0.02;

/** A clause naming the joints that nearly lose a rank at q, or null when C_q is well away from singular. */
export function singularityNote(constraints: readonly Constraint[], q: Float64Array, t: number): string | null {
  const rows = dependentRows(constraints, q, t, NEAR_SINGULAR_TOLERANCE);
  const names = [...new Set(rows.map((r) => constraints[r.constraint]).filter((c) => !c.normalization).map((c) => `"${c.name}"`))];
  if (names.length === 0) return null;
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  return `the mechanism is at or near a singular configuration: an equation of ${shown} nearly depends on the others (the joints lose a rank there, as a four-bar's do when its links line up)`;
}
