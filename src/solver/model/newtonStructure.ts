/**
 * The block structure of a model's Newton matrix (the storage of the sparse LU): one block per body
 * (its 7 coordinates and its normalisation multiplier), one block per joint or driver (its
 * multipliers). Bodies sharing a constraint are coupled (∂(C_qᵀλ)/∂q has cross terms), and every
 * constraint is coupled to its bodies (C_q, C_qᵀ). Loads act on single bodies and add no coupling.
 */
import { COORDS_PER_BODY } from './types';
import type { AssembledSystem } from './assembly';
import type { BlockStructure } from '../linalg/blockSparse';

export function newtonBlockStructure(system: AssembledSystem): BlockStructure {
  const { n, bodyCount, constraints, constraintRows } = system;
  const blockIndices: number[][] = [];
  const coupled: [number, number][] = [];
  const bodyBlock = new Int32Array(bodyCount).fill(-1);
  constraints.forEach((c, ci) => {
    if (!c.normalization) return;
    const b = c.bodies[0];
    const coords = Array.from({ length: COORDS_PER_BODY }, (_, k) => b * COORDS_PER_BODY + k);
    bodyBlock[b] = blockIndices.length;
    blockIndices.push([...coords, n + constraintRows[ci]]);
  });
  if (bodyBlock.some((b) => b < 0)) throw new Error('every body needs its normalisation constraint');
  constraints.forEach((c, ci) => {
    if (c.normalization) return;
    const block = blockIndices.length;
    blockIndices.push(Array.from({ length: c.rows }, (_, k) => n + constraintRows[ci] + k));
    c.bodies.forEach((b, s) => {
      coupled.push([bodyBlock[b], block]);
      for (const other of c.bodies.slice(s + 1)) coupled.push([bodyBlock[b], bodyBlock[other]]);
    });
  });
  return { blockIndices, coupled };
}
