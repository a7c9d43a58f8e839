/**
 * Before a run: find redundant constraints by name, and make the initial state consistent —
 * positions by Newton on C(q) = 0 (minimum-norm corrections), velocities by projection onto
 * C_q q̇ = −C_t — while `drivers` (extra constraints such as a prescribed crank angle) hold the
 * independent coordinates at their stated values. Dense linear algebra: this runs once per run.
 */
import { COORDS_PER_BODY, type Constraint } from './types';
import type { AssembledSystem } from './assembly';
import { luFactor, luSolve, maxAbs } from '../linalg/dense';
import { hypot } from '../exactMath';

/** Relative size below which a constraint row counts as a combination of earlier rows. */
export const REDUNDANCY_TOLERANCE = 1e-9;
/** Position residual (max-norm) accepted as assembled. */
export const ASSEMBLY_TOLERANCE = 1e-12;
const MAX_ASSEMBLY_ITERATIONS = 50;
/**
 * Largest change of a body's Euler parameters in one assembly step (|Δe| ≈ half the angle turned: about 30°).
 * A driver that turns a crank half a turn then walks the mechanism there in steps, closing the loop on the
 * way, instead of one linearised leap that can land on the other branch or nowhere. Steps that stay below it
 * (every model whose stated pose is nearly right) are plain Newton steps.
 */
const MAX_TURN_STEP = 0.25;

interface DenseRows {
  readonly jac: Float64Array;
  /** Constraint index of every row. */
  readonly owner: Int32Array;
  readonly rows: number;
  /**
   * The columns a row can be non-zero in (its constraint's bodies' 7 coordinates each, ascending; shared by the
   * rows of one constraint): sums over them skip only exact zeros, so they give the dense sums' bits.
   */
  readonly columns: readonly Int32Array[];
}

/** The 7 coordinates of each body of a constraint, in ascending order. */
function constraintColumns(c: Constraint): Int32Array {
  const bodies = [...c.bodies].sort((a, b) => a - b);
  const columns = new Int32Array(bodies.length * COORDS_PER_BODY);
  bodies.forEach((b, s) => { for (let k = 0; k < COORDS_PER_BODY; k++) columns[s * COORDS_PER_BODY + k] = COORDS_PER_BODY * b + k; });
  return columns;
}

/** C_q of a list of constraints as a dense rows × n matrix. */
export function denseConstraintJacobian(constraints: readonly Constraint[], q: Float64Array, t: number): DenseRows {
  const n = q.length;
  const rows = constraints.reduce((k, c) => k + c.rows, 0);
  const jac = new Float64Array(rows * n);
  const owner = new Int32Array(rows);
  const columns: Int32Array[] = [];
  let row = 0;
  constraints.forEach((c, ci) => {
    const cols = constraintColumns(c);
    for (let r = 0; r < c.rows; r++) columns.push(cols);
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
  return { jac, owner, rows, columns };
}

/**
 * Rows of C_q that are combinations of earlier rows, reported as one sentence per redundant
 * constraint naming the constraints it duplicates (largest contributions first).
 */
export function findRedundantConstraints(constraints: readonly Constraint[], q: Float64Array, t: number): string[] {
  return redundancies(constraints, q, t).map((r) => r.message);
}

/** The redundant constraints (index into `constraints`) with the sentence that names what they duplicate. */
function redundancies(constraints: readonly Constraint[], q: Float64Array, t: number): { constraint: number; message: string }[] {
  const n = q.length;
  const { jac, owner, rows } = denseConstraintJacobian(constraints, q, t);
  const basis: Float64Array[] = [];
  const independent: number[] = [];
  const reported = new Set<number>();
  const found: { constraint: number; message: string }[] = [];
  for (let r = 0; r < rows; r++) {
    const row = jac.slice(r * n, (r + 1) * n);
    const norm = euclidean(row);
    const v = Float64Array.from(row);
    for (let pass = 0; pass < 2; pass++) {
      for (const b of basis) {
        let d = 0;
        for (let j = 0; j < n; j++) d += b[j] * v[j];
        for (let j = 0; j < n; j++) v[j] -= d * b[j];
      }
    }
    const rest = euclidean(v);
    if (norm === 0 || !(rest > REDUNDANCY_TOLERANCE * norm)) {
      if (!reported.has(owner[r])) {
        reported.add(owner[r]);
        const message = describeRedundancy(constraints, owner[r], row, independent.map((i) => jac.slice(i * n, (i + 1) * n)), independent.map((i) => owner[i]), norm === 0);
        found.push({ constraint: owner[r], message });
      }
      continue;
    }
    basis.push(v.map((x) => x / rest));
    independent.push(r);
  }
  return found;
}

/** |v|, without the argument-count limit of Math.hypot(...v) on long rows. */
function euclidean(v: Float64Array): number {
  let s = 0;
  for (let j = 0; j < v.length; j++) s += v[j] * v[j];
  return Math.sqrt(s);
}

function describeRedundancy(
  constraints: readonly Constraint[], ci: number, row: Float64Array,
  earlier: Float64Array[], earlierOwner: number[], zero: boolean,
): string {
  const name = constraints[ci].name;
  if (zero) return `"${name}" has a zero row: it constrains nothing at the initial configuration`;
  const coef = leastSquares(earlier, row);
  const share = new Map<number, number>();
  coef.forEach((c, k) => share.set(earlierOwner[k], (share.get(earlierOwner[k]) ?? 0) + Math.abs(c) * euclidean(earlier[k])));
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

/**
 * Solves (J Jᵀ) y = r and returns Jᵀ y: the minimum-norm x with J x = r. J Jᵀ is formed from the rows' own
 * columns only (rows that share no body give an exact 0): the same sums in the same order as the dense products,
 * at a cost of rows × (rows sharing a body) × 7 instead of rows² × n.
 */
function minimumNormSolution(dense: DenseRows, n: number, r: Float64Array): Float64Array | null {
  const { jac, rows, columns } = dense;
  const g = gramMatrix(dense, n);
  const piv = new Int32Array(rows);
  if (luFactor(rows, g, piv) >= 0) return null;
  const y = Float64Array.from(r);
  luSolve(rows, g, piv, y);
  const x = new Float64Array(n);
  for (let i = 0; i < rows; i++) {
    const cols = columns[i];
    for (let k = 0; k < cols.length; k++) x[cols[k]] += jac[i * n + cols[k]] * y[i];
  }
  return x;
}

/** J Jᵀ (rows × rows, symmetric) from the rows' own columns. */
function gramMatrix({ jac, rows, columns }: DenseRows, n: number): Float64Array {
  const g = new Float64Array(rows * rows);
  // Rows by the columns they touch, so each row meets only the rows it shares a body with.
  const byColumn = new Map<number, number[]>();
  for (let i = 0; i < rows; i++) {
    const first = columns[i];
    for (let k = 0; k < first.length; k += COORDS_PER_BODY) {
      const list = byColumn.get(first[k]);
      if (list) list.push(i); else byColumn.set(first[k], [i]);
    }
  }
  const seen = new Int32Array(rows).fill(-1);
  for (let i = 0; i < rows; i++) {
    const ci = columns[i];
    for (let k = 0; k < ci.length; k += COORDS_PER_BODY) {
      for (const j of byColumn.get(ci[k]) as number[]) {
        if (j > i || seen[j] === i) continue;
        seen[j] = i;
        const cj = columns[j];
        let s = 0;
        // Merge the two ascending column lists: the shared columns in ascending order.
        for (let a = 0, b = 0; a < ci.length && b < cj.length;) {
          if (ci[a] < cj[b]) a++;
          else if (ci[a] > cj[b]) b++;
          else { s += jac[i * n + ci[a]] * jac[j * n + cj[b]]; a++; b++; }
        }
        g[i * rows + j] = s; g[j * rows + i] = s;
      }
    }
  }
  return g;
}

export type AssemblyResult =
  | { readonly ok: true }
  | {
    readonly ok: false;
    readonly reason: string;
    /** The constraint (joint, motion or assembly driver) the reason names, when one is to blame. */
    readonly constraint?: string;
  };

/**
 * Newton on C(q, t) = 0 together with the drivers, with minimum-norm corrections, in place on q.
 * On failure names the constraint to blame: one that duplicates others at the stated configuration (a driver
 * that holds what the joints already decide), else the one that keeps the largest residual (a joint that
 * cannot be closed), with q left as it was stated.
 */
export function assemblePositions(
  system: AssembledSystem, drivers: readonly Constraint[], q: Float64Array, t: number,
): AssemblyResult {
  const all = [...system.constraints, ...drivers];
  const rows = all.reduce((k, c) => k + c.rows, 0);
  const residual = new Float64Array(rows);
  const stated = Float64Array.from(q);
  const evaluate = () => { let row = 0; for (const c of all) { c.evaluate(q, t, residual, row); row += c.rows; } };
  let singular = false;
  for (let it = 0; it < MAX_ASSEMBLY_ITERATIONS; it++) {
    evaluate();
    const size = maxAbs(rows, residual);
    if (size <= ASSEMBLY_TOLERANCE) return { ok: true };
    if (!(size < Infinity)) break;
    const dense = denseConstraintJacobian(all, q, t);
    const dx = minimumNormSolution(dense, q.length, residual);
    if (!dx) { singular = true; break; }
    const scale = stepScale(dx);
    for (let j = 0; j < q.length; j++) q[j] -= scale * dx[j];
  }
  evaluate();
  const failedAt = Float64Array.from(q);
  q.set(stated);
  const duplicate = redundancies(all, stated, t)[0];
  if (duplicate) {
    return { ok: false, reason: `the initial configuration cannot be assembled: ${duplicate.message}`, constraint: all[duplicate.constraint].name };
  }
  if (singular) {
    const locked = redundancies(all, failedAt, t)[0];
    const name = locked ? all[locked.constraint].name : undefined;
    return {
      ok: false,
      reason: `the initial configuration cannot be assembled: on the way the joints lock each other${locked ? ` (${locked.message})` : ''}; start closer to a configuration that closes`,
      ...(name ? { constraint: name } : {}),
    };
  }
  // A body's own normalisation is never the one to blame: the joints and drivers are.
  const blamed = residual.slice();
  let start = 0;
  for (const c of all) { if (c.normalization) blamed.fill(0, start, start + c.rows); start += c.rows; }
  const worst = largestResidualRow(blamed);
  let row = 0;
  const culprit = all.find((c) => (row += c.rows) > worst) as Constraint;
  const size = Math.abs(residual[worst]);
  const what = size < Infinity ? `it keeps a residual of ${size.toExponential(2)} after ${MAX_ASSEMBLY_ITERATIONS} Newton iterations` : 'the Newton iteration diverged';
  return {
    ok: false,
    reason: `"${culprit.name}" cannot be closed at the initial configuration: ${what}; check that the bodies it joins can reach each other${heldText(drivers)}`,
    constraint: culprit.name,
  };
}

/** " with … held" for the drivers of an assembly, which may ask for a pose the mechanism cannot reach. */
function heldText(drivers: readonly Constraint[]): string {
  if (drivers.length === 0) return '';
  const names = drivers.slice(0, 3).map((d) => d.name).join(', ');
  return ` with ${names}${drivers.length > 3 ? ` and ${drivers.length - 3} more` : ''} held`;
}

/** 1, or less so that no body's Euler parameters change by more than MAX_TURN_STEP in one step. */
function stepScale(dx: Float64Array): number {
  let largest = 0;
  for (let c = 0; c < dx.length; c += COORDS_PER_BODY) {
    const d = hypot(dx[c + 3], dx[c + 4], dx[c + 5], dx[c + 6]);
    if (d > largest) largest = d;
  }
  return largest > MAX_TURN_STEP ? MAX_TURN_STEP / largest : 1;
}

/** The row with the largest |residual| (a NaN row counts as largest). */
function largestResidualRow(residual: Float64Array): number {
  let worst = 0;
  for (let i = 0; i < residual.length; i++) {
    const v = Math.abs(residual[i]);
    if (v !== v) return i;
    if (v > Math.abs(residual[worst])) worst = i;
  }
  return worst;
}

/** Projects q̇ in place onto C_q q̇ = −C_t (with the drivers' velocity rows), minimum-norm change. */
export function projectVelocities(
  system: AssembledSystem, drivers: readonly Constraint[], q: Float64Array, qd: Float64Array, t: number,
): AssemblyResult {
  const all = [...system.constraints, ...drivers];
  const dense = denseConstraintJacobian(all, q, t);
  const { jac, rows } = dense;
  const n = q.length;
  const target = new Float64Array(rows);
  let row = 0;
  for (const c of all) { c.velocityRhs(q, t, target, row); row += c.rows; }
  for (let i = 0; i < rows; i++) {
    let s = 0;
    for (let j = 0; j < n; j++) s += jac[i * n + j] * qd[j];
    target[i] = s - target[i];
  }
  const dx = minimumNormSolution(dense, n, target);
  if (!dx) {
    const duplicate = redundancies(all, q, t)[0];
    return duplicate
      ? { ok: false, reason: `the initial velocities cannot be made consistent: ${duplicate.message}`, constraint: all[duplicate.constraint].name }
      : { ok: false, reason: 'the initial velocities cannot be made consistent: the velocity equations are singular at the assembled configuration' };
  }
  for (let j = 0; j < n; j++) qd[j] -= dx[j];
  return { ok: true };
}
