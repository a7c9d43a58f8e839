/**
 * Block-level minimum-degree ordering and symbolic fill for BlockSparseLu, run once per pattern.
 * Simulates elimination on the block graph: eliminating block k joins all its remaining neighbours
 * pairwise (the fill of the Schur complement).
 */

export interface BlockElimination {
  /** order[t]: the block eliminated at step t. */
  readonly order: Int32Array;
  /** position[b]: the step at which block b is eliminated (inverse of order). */
  readonly position: Int32Array;
  /** later[b]: the blocks coupled to b in the filled pattern that are eliminated after b, by position. */
  readonly later: readonly Int32Array[];
  /** Fill pairs [i, j], i < j: coupled in the factors but not in the declared pattern. */
  readonly fill: readonly (readonly [number, number])[];
}

/**
 * When a block with a structurally zero diagonal (joint multipliers) may be eliminated:
 * - 'allNeighbours' (default): once all its declared non-zero-diagonal neighbours (bodies) are
 *   eliminated. Every leading block submatrix then holds complete constraint rows, so each block pivot
 *   is nonsingular whenever C_q (normalisation rows included) has full row rank and the symmetric
 *   part of K is positive definite on the null space of the normalisation rows (a mass matrix plus
 *   small h-dependent terms), whatever the values.
 * - 'anyNeighbour': once one of them is eliminated (its Schur diagonal is then filled). Less fill, but
 *   unsafe: it can eliminate more constraint rows than the eliminated bodies have freedoms. On the V8
 *   crank it eliminates piston, prismatic (5 rows) and universal joint (4 rows) first: 9 rows on 6
 *   freedoms, a numerically singular block pivot that is not exactly zero, so factor() succeeds and
 *   the solution is wrong (BlockSparseLu.smallestPivotRatio shows it).
 */
export type MultiplierRule = 'allNeighbours' | 'anyNeighbour';

/**
 * Minimum degree on the block graph, degree = total size of a block's remaining neighbours, ties to the
 * lower block index, with zero-diagonal blocks held back by `multiplierRule`. If no remaining block is
 * eligible (a zero-diagonal block without a non-zero-diagonal neighbour, a structurally singular
 * matrix) the rule is dropped for that step and the numeric factorisation reports the block.
 * @example const { order, later } = minimumDegreeBlockOrder(m.blockSize, m.neighbours, m.zeroDiagonal);
 */
export function minimumDegreeBlockOrder(
  blockSize: ArrayLike<number>, neighbours: readonly ArrayLike<number>[], zeroDiagonal: readonly boolean[],
  multiplierRule: MultiplierRule = 'allNeighbours',
): BlockElimination {
  const nb = blockSize.length;
  const adjacency = neighbours.map((list) => new Set<number>(Array.from(list)));
  const eliminated = new Uint8Array(nb);
  /** touched[b]: how many of b's declared non-zero-diagonal neighbours are eliminated. */
  const touched = new Int32Array(nb);
  const needed = Int32Array.from(neighbours, (list) => {
    const count = Array.from(list).filter((j) => !zeroDiagonal[j]).length;
    return multiplierRule === 'anyNeighbour' ? Math.min(1, count) : count;
  });
  const order = new Int32Array(nb);
  const position = new Int32Array(nb);
  const laterSets: number[][] = [];
  const fill: [number, number][] = [];

  for (let t = 0; t < nb; t++) {
    let best = -1, bestDegree = Infinity, bestEligible = false;
    for (let b = 0; b < nb; b++) {
      if (eliminated[b]) continue;
      const eligible = !zeroDiagonal[b] || (needed[b] > 0 && touched[b] >= needed[b]);
      if (bestEligible && !eligible) continue;
      let degree = 0;
      for (const j of adjacency[b]) degree += blockSize[j];
      if ((eligible && !bestEligible) || degree < bestDegree) { best = b; bestDegree = degree; bestEligible = eligible; }
    }
    const k = best;
    order[t] = k;
    position[k] = t;
    eliminated[k] = 1;
    const remaining = [...adjacency[k]];
    laterSets[k] = remaining;
    if (!zeroDiagonal[k]) for (let q = 0; q < neighbours[k].length; q++) touched[neighbours[k][q]]++;
    for (const i of remaining) {
      adjacency[i].delete(k);
      for (const j of remaining) {
        if (i < j && !adjacency[i].has(j)) {
          adjacency[i].add(j);
          adjacency[j].add(i);
          fill.push([i, j]);
        }
      }
    }
  }
  const later = laterSets.map((list) => Int32Array.from(list.sort((a, b) => position[a] - position[b])));
  return { order, position, later, fill };
}
