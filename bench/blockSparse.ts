/**
 * `npx tsx bench/blockSparse.ts`: block-sparse LU on a KKT system with the V8 crank's pattern
 * (17 bodies, 119 coordinates, 118 constraints). Prints figures, never asserts.
 * Also exports the KKT-like test problems used by test/solver/blockSparse.test.ts, so the timed
 * pattern is the tested one.
 */
import { pathToFileURL } from 'node:url';
import os from 'node:os';
import { BlockSparseLu, BlockSparseMatrix, type BlockStructure } from '../src/solver/linalg/blockSparse';
import { luFactor, luSolve } from '../src/solver/linalg/dense';
import { mulberry32 } from '../test/support/prng';

/** A body block: 'euler' = 7 coordinates (r, e) + its normalisation multiplier (size 8); 'plain' = size coordinates. */
export interface KktBody { readonly kind: 'euler' | 'plain'; readonly size: number }
/** A joint block: `rows` multipliers coupled to one or two bodies. */
export interface KktJoint { readonly rows: number; readonly bodies: readonly number[] }
export interface KktDescription {
  readonly bodies: readonly KktBody[];
  readonly joints: readonly KktJoint[];
  /** Body pairs with stiffness coupling (K off-diagonal blocks). */
  readonly stiffness: readonly (readonly [number, number])[];
}

/** Blocks 0..B−1 are the bodies, B.. the joints; unknowns numbered by `permutation` (identity if omitted). */
export function kktBlockStructure(d: KktDescription, permutation?: ArrayLike<number>): BlockStructure {
  const sizes = [...d.bodies.map((b) => b.size), ...d.joints.map((j) => j.rows)];
  let next = 0;
  const blockIndices = sizes.map((s) => Array.from({ length: s }, () => { const p = next++; return permutation ? permutation[p] : p; }));
  const nb = d.bodies.length;
  const coupled: [number, number][] = [...d.stiffness.map(([a, b]) => [a, b] as [number, number])];
  d.joints.forEach((j, k) => { for (const b of j.bodies) coupled.push([nb + k, b]); });
  return { blockIndices, coupled, zeroDiagonal: sizes.map((_, b) => b >= nb) };
}

/** Coordinates of a body block (the euler body's multiplier is its local index 7). */
const coordinates = (b: KktBody) => (b.kind === 'euler' ? 7 : b.size);

/**
 * Adds KKT-like values [K C_qᵀ; C_q 0] through `add` (global indices): K diagonal-dominant per plain body;
 * per euler body K_rr dominant, K_ee = P(GGᵀ + 2I)P (PSD, rank 3, null vector e, P = I − eeᵀ) with small
 * couplings that vanish on e, plus the normalisation row/column 2e; joint rows random (with a dominant entry in
 * a column of its own on the joint's first body), in both C_q and C_qᵀ;
 * small unsymmetric stiffness couplings between bodies.
 */
export function assembleKkt(
  rand: () => number, d: KktDescription, structure: BlockStructure, add: (row: number, col: number, value: number) => void,
): void {
  const r = () => 2 * rand() - 1;
  const idx = structure.blockIndices;
  d.bodies.forEach((body, b) => {
    const g = idx[b];
    if (body.kind === 'plain') {
      const s = body.size;
      for (let i = 0; i < s; i++) for (let j = 0; j < s; j++) add(g[i], g[j], r() + (i === j ? s + 3 : 0));
      return;
    }
    const e = [r(), r(), r(), r()];
    const norm = Math.hypot(...e);
    for (let a = 0; a < 4; a++) e[a] /= norm;
    const P = (a: number, c: number) => (a === c ? 1 : 0) - e[a] * e[c];
    const G = Array.from({ length: 16 }, r);
    const S = (a: number, c: number) => { let s = a === c ? 2 : 0; for (let t = 0; t < 4; t++) s += G[4 * a + t] * G[4 * c + t]; return s; };
    for (let a = 0; a < 4; a++) {
      for (let c = 0; c < 4; c++) {
        let v = 0;
        for (let s = 0; s < 4; s++) for (let t = 0; t < 4; t++) v += P(a, s) * S(s, t) * P(t, c);
        add(g[3 + a], g[3 + c], v);
      }
    }
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) add(g[i], g[j], r() + (i === j ? 6 : 0));
    const Rre = Array.from({ length: 12 }, () => 0.3 * r()), Rer = Array.from({ length: 12 }, () => 0.3 * r());
    for (let i = 0; i < 3; i++) {
      for (let a = 0; a < 4; a++) {
        let re = 0, er = 0;
        for (let t = 0; t < 4; t++) { re += Rre[4 * i + t] * P(t, a); er += P(a, t) * Rer[4 * i + t]; }
        add(g[i], g[3 + a], re);
        add(g[3 + a], g[i], er);
      }
    }
    for (let a = 0; a < 4; a++) { add(g[7], g[3 + a], 2 * e[a]); add(g[3 + a], g[7], 2 * e[a]); }
  });
  const nb = d.bodies.length;
  const nextColumn = new Array<number>(nb).fill(0);
  d.joints.forEach((joint, k) => {
    const gj = idx[nb + k];
    joint.bodies.forEach((b, side) => {
      const gb = idx[b], coords = coordinates(d.bodies[b]);
      for (let i = 0; i < joint.rows; i++) {
        // On the first body each row also gets a dominant entry in a column of its own, so that
        // C_q stays well conditioned (random square blocks alone are often nearly singular).
        const own = side === 0 ? nextColumn[b]++ % (coords === 7 ? 6 : coords) : -1;
        for (let c = 0; c < coords; c++) {
          const v = r() + (c === own ? 3 : 0);
          add(gj[i], gb[c], v);
          add(gb[c], gj[i], v);
        }
      }
    });
  });
  for (const [a, b] of d.stiffness) {
    const ga = idx[a], gb = idx[b];
    const scale = 0.2 / Math.max(coordinates(d.bodies[a]), coordinates(d.bodies[b]));
    for (let i = 0; i < coordinates(d.bodies[a]); i++) {
      for (let j = 0; j < coordinates(d.bodies[b]); j++) { add(ga[i], gb[j], scale * r()); add(gb[j], ga[i], scale * r()); }
    }
  }
}

/**
 * The V8 crank's block pattern: body 0 the crank, 1..8 the rods, 9..16 the pistons (Euler bodies); joints:
 * revolute crank–ground (5), then per cylinder spherical rod–crank (3), universal rod–piston (4),
 * prismatic piston–ground (5); stiffness couplings rod–crank and rod–piston.
 */
export function v8CrankKkt(): KktDescription {
  const bodies: KktBody[] = Array.from({ length: 17 }, () => ({ kind: 'euler', size: 8 }));
  const joints: KktJoint[] = [{ rows: 5, bodies: [0] }];
  const stiffness: [number, number][] = [];
  for (let k = 1; k <= 8; k++) {
    const rod = k, piston = 8 + k;
    joints.push({ rows: 3, bodies: [rod, 0] }, { rows: 4, bodies: [rod, piston] }, { rows: 5, bodies: [piston] });
    stiffness.push([rod, 0], [rod, piston]);
  }
  return { bodies, joints, stiffness };
}

/** Fastest of `repeats` timings of `inner` calls, in µs per call (the minimum is the figure least disturbed by other load). */
function microseconds(inner: number, repeats: number, f: () => void): number {
  let best = Infinity;
  for (let r = 0; r < repeats; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < inner; i++) f();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e3 / inner);
  }
  return best;
}

function main(): void {
  const rand = mulberry32(8);
  const d = v8CrankKkt();
  const structure = kktBlockStructure(d);
  const matrix = new BlockSparseMatrix(structure);
  assembleKkt(rand, d, structure, (i, j, v) => matrix.add(i, j, v));
  const lu = new BlockSparseLu(matrix);
  const n = matrix.size;
  const b = Float64Array.from({ length: n }, () => 2 * rand() - 1);
  const x = b.slice();

  if (lu.factor() !== -1) throw new Error('V8 pattern: singular block');
  const factorUs = microseconds(500, 40, () => lu.factor());
  const solveUs = microseconds(2000, 40, () => { x.set(b); lu.solve(x); });
  // add() throughput over the entries the assembly touches, as (row, col, value) triples
  const rows: number[] = [], cols: number[] = [], vals: number[] = [];
  assembleKkt(rand, d, structure, (i, j, v) => { rows.push(i); cols.push(j); vals.push(v); });
  const values = matrix.values.slice();
  const addUs = microseconds(200, 20, () => {
    matrix.zero();
    for (let e = 0; e < rows.length; e++) matrix.add(rows[e], cols[e], vals[e]);
  });
  matrix.values.set(values);

  const dense = matrix.toDense(), piv = new Int32Array(n);
  const denseUs = microseconds(20, 9, () => { dense.set(matrix.toDense()); luFactor(n, dense, piv); });
  lu.factor();
  x.set(b); lu.solve(x);
  const y = b.slice(); luSolve(n, dense, piv, y);
  let diff = 0, scale = 0;
  for (let i = 0; i < n; i++) { diff = Math.max(diff, Math.abs(x[i] - y[i])); scale = Math.max(scale, Math.abs(y[i])); }

  console.log(JSON.stringify({ machine: os.cpus()[0]?.model ?? 'unknown CPU', node: process.version }));
  console.log(JSON.stringify({
    case: 'v8-crank-kkt',
    size: n,
    blocks: matrix.blockCount,
    declared_entries: matrix.entryCount,
    fill_blocks: lu.fillBlocks,
    factor_entries: lu.entryCount,
    factor_flops: lu.factorFlops,
    solve_flops: lu.solveFlops,
    dense_lu_flops: Math.round((2 / 3) * n ** 3),
    us_per_factor: +factorUs.toFixed(2),
    us_per_solve: +solveUs.toFixed(2),
    adds_per_assembly: rows.length,
    us_per_zero_and_adds: +addUs.toFixed(2),
    us_per_dense_lu_for_comparison: +denseUs.toFixed(1),
    relative_difference_to_dense: diff / scale,
    order: Array.from(lu.order),
  }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
