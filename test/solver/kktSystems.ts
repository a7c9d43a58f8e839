/**
 * Seeded random KKT-like systems [K C_qᵀ; C_q 0] for the linear-algebra tests: K dominant per body, Euler
 * bodies with a rank-3 K_ee made nonsingular by their normalisation row, joints as zero-diagonal blocks, unknowns
 * numbered by a random permutation (the generators live in bench/sparseLu.ts, so the timed pattern is the tested one).
 */
import { BlockSparseMatrix } from '../../src/solver/linalg/blockSparse';
import { luFactor, luSolve } from '../../src/solver/linalg/dense';
import { assembleKkt, kktBlockStructure, relativeResidual, type KktBody, type KktDescription, type KktJoint } from '../../bench/sparseLu';
import { seededRandom } from './helpers';

export function permutation(rand: () => number, n: number): Int32Array {
  const p = Int32Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); const t = p[i]; p[i] = p[j]; p[j] = t; }
  return p;
}

/**
 * Random bodies (Euler bodies of size 8, plain bodies of size 1–8), joints of 1–5 rows on one or two
 * bodies, random stiffness pairs. Rows are charged to each joint's first body within its freedoms
 * (Euler 6, plain its size), so C_q has full row rank; the second body may get more rows than it has
 * freedoms, as the V8 rods do.
 */
export function randomKkt(rand: () => number): KktDescription {
  const nBodies = 2 + Math.floor(rand() * 6);
  const bodies: KktBody[] = Array.from({ length: nBodies }, () =>
    (rand() < 0.4 ? { kind: 'euler', size: 8 } : { kind: 'plain', size: 1 + Math.floor(rand() * 8) }));
  const budget = bodies.map((b) => (b.kind === 'euler' ? 6 : b.size));
  const joints: KktJoint[] = [];
  for (let tries = 0; tries < 2 * nBodies; tries++) {
    const a = Math.floor(rand() * nBodies);
    if (budget[a] === 0) continue;
    const rows = 1 + Math.floor(rand() * Math.min(5, budget[a]));
    budget[a] -= rows;
    const b = Math.floor(rand() * nBodies);
    joints.push({ rows, bodies: b !== a && rand() < 0.6 ? [a, b] : [a] });
  }
  const stiffness: [number, number][] = [];
  for (let a = 0; a < nBodies; a++) for (let b = a + 1; b < nBodies; b++) if (rand() < 0.3) stiffness.push([a, b]);
  return { bodies, joints, stiffness };
}

/** Matrix (pattern of d, random numbering) with KKT values, and an independently accumulated dense copy; refill(seed) draws new values. */
export function kktSystem(seed: number, d: KktDescription = randomKkt(seededRandom(seed)), numbered = true) {
  const rand = seededRandom(seed + 7);
  const size = [...d.bodies.map((b) => b.size), ...d.joints.map((j) => j.rows)].reduce((s, x) => s + x, 0);
  const structure = kktBlockStructure(d, numbered ? permutation(rand, size) : undefined);
  const matrix = new BlockSparseMatrix(structure);
  const dense = new Float64Array(size * size);
  const fill = (r: () => number) => {
    matrix.zero();
    dense.fill(0);
    assembleKkt(r, d, structure, (i, j, v) => { matrix.add(i, j, v); dense[i * size + j] += v; });
  };
  fill(rand);
  return { d, structure, matrix, dense, size, refill: (s: number) => fill(seededRandom(s)) };
}

/** x = A⁻¹ b by the dense LU (partial pivoting); null if it finds A singular. */
export function denseSolution(n: number, a: Float64Array, b: Float64Array): Float64Array | null {
  const lu = a.slice(), piv = new Int32Array(n), x = b.slice();
  if (luFactor(n, lu, piv) >= 0) return null;
  luSolve(n, lu, piv, x);
  return x;
}

export { relativeResidual };
