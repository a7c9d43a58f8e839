/**
 * Before a run: find redundant constraints by name, and make the initial state consistent —
 * positions by Newton on C(q) = 0 (minimum-norm corrections), velocities by projection onto
 * C_q q̇ = −C_t — while `drivers` (extra constraints such as a prescribed crank angle) hold the
 * independent coordinates at their stated values. Dense linear algebra: this runs once per run.
 */
import { COORDS_PER_BODY, type Constraint } from './types';
import type { AssembledSystem } from './assembly';
import { luFactor, luSolve, maxAbs } from '../linalg/dense';

/** Relative size below which a constraint row counts as a combination of earlier rows. */
export const REDUNDANCY_TOLERANCE = 1e-9;
/** Position residual (max-norm) accepted as assembled. */
export const ASSEMBLY_TOLERANCE = 1e-12;
const MAX_ASSEMBLY_ITERATIONS = 30;

interface DenseRows {
  readonly jac: Float64Array;
  /** Constraint index of every row. */
  readonly owner: Int32Array;
  readonly rows: number;
}

/** C_q of a list of constraints as a dense rows × n matrix. */
export function denseConstraintJacobian(constraints: readonly Constraint[], q: Float64Array, t: number): DenseRows {
  const n = q.length;
  const rows = constraints.reduce((k, c) => k + c.rows, 0);
  const jac = new Float64Array(rows * n);
  const owner = new Int32Array(rows);
  let row = 0;
  constraints.forEach((c, ci) => {
    const ld = COORDS_PER_BODY * c.bodies.length;
    const block = new Float64Array(c.rows * ld);
    c.jacobian(q, t, block, 0);
    for (let r = 0; r < c.rows; r++, row++) {
      owner[row] = ci;
      c.bodies.forEach((b, s) => {
        for (let k = 0; k < COORDS_PER_BODY; k++) jac[row * n + COORDS_PER_BODY * b + k] = block[r * ld + COORDS_PER_BODY * s + k];
      });
    }
  });
  return { jac, owner, rows };
}

/**
 * Rows of C_q that are combinations of earlier rows, reported as one sentence per redundant
 * constraint naming the constraints it duplicates (largest contributions first).
 */
export function findRedundantConstraints(constraints: readonly Constraint[], q: Float64Array, t: number): string[] {
  const n = q.length;
  const { jac, owner, rows } = denseConstraintJacobian(constraints, q, t);
  const basis: Float64Array[] = [];
  const independent: number[] = [];
  const reported = new Set<number>();
  const messages: string[] = [];
  for (let r = 0; r < rows; r++) {
    const row = jac.slice(r * n, (r + 1) * n);
    const norm = Math.hypot(...row);
    const v = Float64Array.from(row);
    for (let pass = 0; pass < 2; pass++) {
      for (const b of basis) {
        let d = 0;
        for (let j = 0; j < n; j++) d += b[j] * v[j];
        for (let j = 0; j < n; j++) v[j] -= d * b[j];
      }
    }
    const rest = Math.hypot(...v);
    if (norm === 0 || rest <= REDUNDANCY_TOLERANCE * norm) {
      if (!reported.has(owner[r])) {
        reported.add(owner[r]);
        messages.push(describeRedundancy(constraints, owner[r], row, independent.map((i) => jac.slice(i * n, (i + 1) * n)), independent.map((i) => owner[i]), norm === 0));
      }
      continue;
    }
    basis.push(v.map((x) => x / rest));
    independent.push(r);
  }
  return messages;
}

function describeRedundancy(
  constraints: readonly Constraint[], ci: number, row: Float64Array,
  earlier: Float64Array[], earlierOwner: number[], zero: boolean,
): string {
  const name = constraints[ci].name;
  if (zero) return `"${name}" has a zero row: it constrains nothing at the initial configuration`;
  const coef = leastSquares(earlier, row);
  const share = new Map<number, number>();
  coef.forEach((c, k) => share.set(earlierOwner[k], (share.get(earlierOwner[k]) ?? 0) + Math.abs(c) * Math.hypot(...earlier[k])));
  const ranked = [...share.entries()].filter(([o]) => o !== ci).sort((x, y) => y[1] - x[1]);
  const joints = ranked.filter(([o]) => !constraints[o].normalization);
  const names = (joints.length > 0 ? joints : ranked).slice(0, 3).map(([o]) => `"${constraints[o].name}"`);
  if (names.length === 0) return `"${name}" repeats one of its own equations`;
  return `"${name}" duplicates ${names.join(', ')}: remove it or one of them (redundant constraints)`;
}

/** Coefficients c minimising |Σ c_k a_k − b| by the normal equations. */
function leastSquares(a: Float64Array[], b: Float64Array): Float64Array {
  const k = a.length;
  const g = new Float64Array(k * k), rhs = new Float64Array(k), piv = new Int32Array(k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) { let s = 0; for (let x = 0; x < b.length; x++) s += a[i][x] * a[j][x]; g[i * k + j] = s; }
    let s = 0; for (let x = 0; x < b.length; x++) s += a[i][x] * b[x]; rhs[i] = s;
  }
  if (luFactor(k, g, piv) >= 0) return new Float64Array(k);
  luSolve(k, g, piv, rhs);
  return rhs;
}

/** The nonzero columns of each row of a dense rows × n matrix, ascending. */
function nonzeroColumns(jac: Float64Array, rows: number, n: number): Int32Array[] {
  const out: Int32Array[] = [];
  for (let i = 0; i < rows; i++) {
    const cols: number[] = [];
    for (let x = 0; x < n; x++) if (jac[i * n + x] !== 0) cols.push(x);
    out.push(Int32Array.from(cols));
  }
  return out;
}

/**
 * Σ_x a[ia + x] a[ja + x] over the columns both rows have nonzero, in ascending x: the same sum, bit for bit, as
 * the dense loop over every x (a zero product adds +0 or −0, which leaves a sum that starts at +0 unchanged), at
 * the cost of the two short lists instead of n (a joint row has at most 14 nonzeros).
 */
function sparseDot(a: Float64Array, ia: number, ci: Int32Array, ja: number, cj: Int32Array): number {
  let s = 0;
  for (let p = 0, k = 0; p < ci.length && k < cj.length;) {
    const x = ci[p], y = cj[k];
    if (x === y) { s += a[ia + x] * a[ja + x]; p++; k++; }
    else if (x < y) p++;
    else k++;
  }
  return s;
}

/** Solves (J Jᵀ) y = r and returns Jᵀ y: the minimum-norm x with J x = r. */
function minimumNormSolution(jac: Float64Array, rows: number, n: number, r: Float64Array): Float64Array | null {
  const g = new Float64Array(rows * rows), piv = new Int32Array(rows);
  const nonzero = nonzeroColumns(jac, rows, n);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j <= i; j++) {
      const s = sparseDot(jac, i * n, nonzero[i], j * n, nonzero[j]);
      g[i * rows + j] = s; g[j * rows + i] = s;
    }
  }
  if (luFactor(rows, g, piv) >= 0) return null;
  const y = Float64Array.from(r);
  luSolve(rows, g, piv, y);
  const x = new Float64Array(n);
  for (let i = 0; i < rows; i++) for (let j = 0; j < n; j++) x[j] += jac[i * n + j] * y[i];
  return x;
}

export type AssemblyResult = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * Newton on C(q, t) = 0 together with the drivers, with minimum-norm corrections, in place on q.
 * On failure names the constraint with the largest remaining residual.
 */
export function assemblePositions(
  system: AssembledSystem, drivers: readonly Constraint[], q: Float64Array, t: number,
): AssemblyResult {
  const all = [...system.constraints, ...drivers];
  const rows = all.reduce((k, c) => k + c.rows, 0);
  const residual = new Float64Array(rows);
  const evaluate = () => { let row = 0; for (const c of all) { c.evaluate(q, t, residual, row); row += c.rows; } };
  for (let it = 0; it < MAX_ASSEMBLY_ITERATIONS; it++) {
    evaluate();
    if (maxAbs(rows, residual) <= ASSEMBLY_TOLERANCE) return { ok: true };
    const { jac } = denseConstraintJacobian(all, q, t);
    const dx = minimumNormSolution(jac, rows, q.length, residual);
    if (!dx) return { ok: false, reason: 'the constraints are redundant or singular at the initial configuration' };
    for (let j = 0; j < q.length; j++) q[j] -= dx[j];
  }
  evaluate();
  let worst = 0;
  for (let i = 1; i < rows; i++) if (Math.abs(residual[i]) > Math.abs(residual[worst])) worst = i;
  let row = 0;
  const culprit = all.find((c) => (row += c.rows) > worst);
  return {
    ok: false,
    reason: `the constraints cannot be satisfied at the initial configuration: "${culprit?.name}" keeps a residual of ${Math.abs(residual[worst]).toExponential(2)}`,
  };
}

/** Projects q̇ in place onto C_q q̇ = −C_t (with the drivers' velocity rows), minimum-norm change. */
export function projectVelocities(
  system: AssembledSystem, drivers: readonly Constraint[], q: Float64Array, qd: Float64Array, t: number,
): AssemblyResult {
  const all = [...system.constraints, ...drivers];
  const { jac, rows } = denseConstraintJacobian(all, q, t);
  const n = q.length;
  const target = new Float64Array(rows);
  let row = 0;
  for (const c of all) { c.velocityRhs(q, t, target, row); row += c.rows; }
  for (let i = 0; i < rows; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += jac[i * n + j] * qd[j];
    target[i] = s - target[i];
  }
  const dx = minimumNormSolution(jac, rows, n, target);
  if (!dx) return { ok: false, reason: 'the velocity constraints are redundant or singular at the initial configuration' };
  for (let j = 0; j < n; j++) qd[j] -= dx[j];
  return { ok: true };
}
