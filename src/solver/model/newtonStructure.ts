/**
 * The block structure of a model's Newton matrix (the storage of the sparse LU): one block per body
 * (its 7 coordinates and its normalisation multiplier), one block per joint or driver (its
 * multipliers). Bodies sharing a constraint are coupled (∂(C_qᵀλ)/∂q has cross terms), and every
 * constraint is coupled to its bodies (C_q, C_qᵀ). A load between bodies (a spring) couples them too.
 */
import { COORDS_PER_BODY, type Constraint } from './types';
import type { AssembledSystem } from './assembly';
import type { BlockStructure } from '../linalg/blockSparse';
import { SparseNewtonSolver } from '../linalg/newtonSolver';

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
  for (const load of system.model.loads) {
    const bodies = load.bodies ?? [];
    bodies.forEach((b, s) => {
      for (const other of bodies.slice(s + 1)) coupled.push([bodyBlock[b], bodyBlock[other]]);
    });
  }
  return { blockIndices, coupled };
}

/**
 * The linear solver for a system's Newton matrix (and for its start system [M C_qᵀ; C_q 0], a sub-pattern):
 * the sparse LU at every size. On the 8- and 11-unknown systems of the spin and the heavy top its solve is as fast
 * as the dense LU's or faster (fewer multiply-adds, no divisions); see docs/performance-lu.md. inModelMemory: the
 * LU works in the model's kernel memory while it has room, so that the Newton driver's right-hand side, which lives
 * there, is solved in place (for one solver per model: the stepper's).
 */
export function newtonSolverFor(system: AssembledSystem, inModelMemory = false): SparseNewtonSolver {
  return new SparseNewtonSolver(newtonBlockStructure(system), inModelMemory ? system.kernelMemory : undefined);
}

/**
 * A block structure for a Newton matrix in other coordinates than the Euler-parameter form (the Lie-group
 * method's velocities): body b's `perBody` unknowns b·perBody …, then one block per constraint, its rows at
 * rowBase + first row …; bodies sharing a constraint or a load (a spring: `loadBodies`) are coupled, and each
 * constraint to its bodies.
 */
export function bodyBlockStructure(
  bodyCount: number, perBody: number, constraints: readonly Constraint[], rowBase: number, loadBodies: readonly (readonly number[])[] = [],
): BlockStructure {
  const blockIndices: number[][] = Array.from({ length: bodyCount }, (_, b) => Array.from({ length: perBody }, (_, k) => b * perBody + k));
  const coupled: [number, number][] = [];
  let row = rowBase;
  for (const c of constraints) {
    const block = blockIndices.length;
    blockIndices.push(Array.from({ length: c.rows }, (_, k) => row + k));
    row += c.rows;
    c.bodies.forEach((b, s) => {
      coupled.push([b, block]);
      for (const other of c.bodies.slice(s + 1)) if (other !== b) coupled.push([b, other]);
    });
  }
  for (const bodies of loadBodies) {
    bodies.forEach((b, s) => {
      for (const other of bodies.slice(s + 1)) if (other !== b) coupled.push([b, other]);
    });
  }
  return { blockIndices, coupled };
}
