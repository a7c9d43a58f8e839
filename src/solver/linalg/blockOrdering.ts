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
 * Minimum degree on the block graph, degree = total size of a block's remaining neighbours, ties to the
 * lower block index. A block with a structurally zero diagonal is eligible only after one of its
 * neighbours has been eliminated (its Schur complement diagonal is then filled); if no remaining block is
 * eligible (a zero-diagonal block with no eliminated neighbour left, a structurally singular matrix) the
 * rule is dropped for that step and the numeric factorisation reports the block.
 * @example const { order, later } = minimumDegreeBlockOrder(m.blockSize, m.neighbours, m.zeroDiagonal);
 */
export function minimumDegreeBlockOrder(
  blockSize: ArrayLike<number>, neighbours: readonly ArrayLike<number>[], zeroDiagonal: readonly boolean[],
): BlockElimination {
  const nb = blockSize.length;
  const adjacency = neighbours.map((list) => new Set<number>(Array.from(list)));
  const eliminated = new Uint8Array(nb);
  const touched = new Uint8Array(nb);
  const order = new Int32Array(nb);
  const position = new Int32Array(nb);
  const laterSets: number[][] = [];
  const fill: [number, number][] = [];

  for (let t = 0; t < nb; t++) {
    let best = -1, bestDegree = Infinity, bestEligible = false;
    for (let b = 0; b < nb; b++) {
      if (eliminated[b]) continue;
      const eligible = !zeroDiagonal[b] || touched[b] === 1;
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
    for (const i of remaining) {
      adjacency[i].delete(k);
      touched[i] = 1;
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
