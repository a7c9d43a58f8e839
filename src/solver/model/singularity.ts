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

/**
 * A clause naming the joints that nearly lose a rank at q, or null when C_q is well away from singular. Only a
 * closed loop of joints can lose a rank (a tree of the library's joints has C_q of full rank at every pose), and
 * the row test mixes lengths and Euler parameters, so a tree's long lever arm could look like one: trees are
 * never reported.
 */
export function singularityNote(constraints: readonly Constraint[], q: Float64Array, t: number): string | null {
  if (!hasLoop(constraints)) return null;
  const rows = dependentRows(constraints, q, t, NEAR_SINGULAR_TOLERANCE);
  const names = [...new Set(rows.map((r) => constraints[r.constraint]).filter((c) => !c.normalization).map((c) => `"${c.name}"`))];
  if (names.length === 0) return null;
  const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
  return `the mechanism is at or near a singular configuration: an equation of ${shown} nearly depends on the others (the joints lose a rank there, as a four-bar's do when its links line up)`;
}

/** True if the joints (not the normalisations) close a loop: an edge between bodies already joined, ground included. */
function hasLoop(constraints: readonly Constraint[]): boolean {
  const parent = new Map<number, number>();
  const root = (i: number): number => {
    let r = i;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r) as number;
    return r;
  };
  const GROUND_NODE = -1;
  for (const c of constraints) {
    if (c.normalization) continue;
    const [a, b = GROUND_NODE] = c.bodies;
    const ra = root(a), rb = root(b);
    if (ra === rb) return true;
    parent.set(ra, rb);
    if (!parent.has(rb)) parent.set(rb, rb);
  }
  return false;
}
