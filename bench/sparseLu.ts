/**
 * `npx tsx bench/sparseLu.ts`: the sparse LU (src/solver/linalg/sparseLu.ts) on Newton matrices captured from
 * real runs (the V8 crank and the heavy top) and on the synthetic V8 KKT pattern, with the dense LU beside it.
 * Prints figures, never asserts. Also exports the test problems of test/solver/sparseLu.test.ts (the KKT-like
 * systems and the captured Newton matrices), so the timed matrices are the tested ones.
 */
import { pathToFileURL } from 'node:url';
import { BlockSparseMatrix, type BlockStructure } from '../src/solver/linalg/blockSparse';
import { luFactor, luSolve } from '../src/solver/linalg/dense';
import { SparseLu } from '../src/solver/linalg/sparseLu';
import { SparseNewtonSolver } from '../src/solver/linalg/newtonSolver';
import { newtonBlockStructure } from '../src/solver/model/newtonStructure';
import { Simulation, type RunSettings } from '../src/solver/simulate';
import type { MultibodyModel } from '../src/solver/model/types';
import { paperModel } from '../test/support/paperModel';
import { machineLine } from './stats';
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
  return { blockIndices, coupled };
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

/** A Newton matrix captured from a run: the model's block structure and the assembled matrix, dense, global numbering. */
export interface CapturedMatrix {
  readonly structure: BlockStructure;
  readonly size: number;
  readonly dense: Float64Array;
  /** Steps done when it was assembled. */
  readonly step: number;
}

/**
 * Runs `model` for `steps` steps and keeps a dense copy of the Newton matrix at every factorisation taken at or
 * after step `from` (the run's own sparse solver factorises it as usual).
 */
export function captureNewtonMatrices(model: MultibodyModel, settings: RunSettings, steps: number, from = 0): CapturedMatrix[] {
  const sim = new Simulation(model, settings);
  const linear = sim.integrator.driver.linear;
  if (!(linear instanceof SparseNewtonSolver)) throw new Error('captureNewtonMatrices: the run does not use the sparse LU');
  const structure = newtonBlockStructure(sim.system);
  const captured: CapturedMatrix[] = [];
  const factor = linear.factor.bind(linear);
  linear.factor = () => {
    if (sim.stepsDone >= from) captured.push({ structure, size: linear.size, dense: linear.accumulator.toDense(), step: sim.stepsDone });
    return factor();
  };
  const status = sim.advance(steps, () => {});
  if (status === 'failed') throw new Error(`captureNewtonMatrices: ${sim.failure?.reason}`);
  return captured;
}

/** The V8 crank (Paper Fig. 8 settings) and the heavy top, as run by `npm run bench`. */
export const BENCH_RUNS = {
  v8: { model: () => paperModel('v8-crank'), settings: { method: 'modified', alpha: -0.3, h: 1e-4, tEnd: 9, sampleEvery: 100 } },
  heavyTop: { model: () => paperModel('heavy-top'), settings: { method: 'modified', alpha: -0.2, h: 1e-5, tEnd: 1, sampleEvery: 1000 } },
} satisfies Record<string, { model: () => MultibodyModel; settings: RunSettings }>;

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

/** ‖A x − b‖∞ / (‖A‖∞ ‖x‖∞ + ‖b‖∞), A dense row-major: the backward error of a computed solution. */
export function relativeResidual(n: number, a: Float64Array, x: Float64Array, b: Float64Array): number {
  let r = 0, normA = 0, normX = 0, normB = 0;
  for (let i = 0; i < n; i++) {
    let s = -b[i], row = 0;
    for (let j = 0; j < n; j++) { s += a[i * n + j] * x[j]; row += Math.abs(a[i * n + j]); }
    r = Math.max(r, Math.abs(s));
    normA = Math.max(normA, row);
    normX = Math.max(normX, Math.abs(x[i]));
    normB = Math.max(normB, Math.abs(b[i]));
  }
  return r / (normA * normX + normB);
}

/**
 * One JSON line: the sparse LU's counts and times on the dense row-major matrix stored in `matrix`'s structure
 * (values restored before each factorisation), the dense LU beside.
 */
function benchMatrix(name: string, matrix: BlockSparseMatrix, dense: Float64Array): void {
  const n = matrix.size;
  const lu = new SparseLu(matrix);
  const assemble = () => {
    matrix.zero();
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (dense[i * n + j] !== 0) matrix.add(i, j, dense[i * n + j]);
  };
  assemble();
  if (!lu.factor()) throw new Error(`${name}: singular`);
  assemble(); // in the layout of the factors
  const assembled = matrix.values.slice();
  const b = Float64Array.from({ length: n }, (_, i) => Math.sin(i + 1));
  const x = b.slice();
  const inner = Math.max(20, Math.round(40_000 / lu.counts.factorEntries));
  const restoreUs = microseconds(inner, 25, () => matrix.values.set(assembled));
  const factorUs = microseconds(inner, 25, () => { matrix.values.set(assembled); lu.factor(); }) - restoreUs;
  const solveUs = microseconds(4 * inner, 25, () => { x.set(b); lu.solve(x); });
  x.set(b); lu.solve(x);
  const a = dense.slice(), piv = new Int32Array(n), y = b.slice();
  const denseFactorUs = microseconds(Math.max(2, Math.round(inner * 40 / n ** 2)), 9, () => { a.set(dense); luFactor(n, a, piv); });
  const denseSolveUs = microseconds(inner, 9, () => { y.set(b); luSolve(n, a, piv, y); });
  console.log(JSON.stringify({
    case: name, size: n, declared_entries: matrix.entryCount, ...lu.counts, analyses: lu.analyses,
    us_per_factor: +factorUs.toFixed(2), us_per_solve: +solveUs.toFixed(2),
    relative_residual: +relativeResidual(n, dense, x, b).toExponential(2),
    dense_lu_us_per_factor: +denseFactorUs.toFixed(2), dense_lu_us_per_solve: +denseSolveUs.toFixed(2),
    dense_lu_multiply_adds: Math.round((n ** 3 - n) / 3),
  }));
}

function main(): void {
  console.log(machineLine());
  for (const [name, run] of Object.entries(BENCH_RUNS)) {
    const c = captureNewtonMatrices(run.model(), run.settings, name === 'v8' ? 3000 : 1000).at(-1);
    if (c) benchMatrix(`${name} Newton matrix (step ${c.step})`, new BlockSparseMatrix(c.structure), c.dense);
  }
  const rand = mulberry32(8);
  const d = v8CrankKkt();
  const structure = kktBlockStructure(d);
  const matrix = new BlockSparseMatrix(structure);
  const dense = new Float64Array(matrix.size ** 2);
  assembleKkt(rand, d, structure, (i, j, v) => { dense[i * matrix.size + j] += v; });
  benchMatrix('synthetic V8 KKT (random values, every declared entry nonzero)', matrix, dense);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
