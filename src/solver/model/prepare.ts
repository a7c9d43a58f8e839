/**
 * A model made ready to run (SPEC §8): the initial configuration assembled onto C(q) = 0 and the velocities
 * made consistent, while the assembly drivers hold what the model says is given (a driving angle, a speed);
 * equations that are dependent at the assembled configuration (planar loops of 3D revolute joints, Bricard's
 * mechanism) removed for the run and named; how far each body had to move, measured.
 *
 * For a model whose constraints are independent this does exactly what a run's start did before (the same
 * operations in the same order), so its rows do not change by a bit.
 */
import { COORDS_PER_BODY, type Constraint, type MultibodyModel, type PreparedState } from './types';
import { AssembledSystem } from './assembly';
import { assemblePositions, findRedundantConstraints, projectVelocities, REDUNDANCY_TOLERANCE } from './consistentState';
import { eulerParameterRates } from '../rotation/eulerParameters';
import { reducedConstraint } from './reducedConstraint';

/** How far the assembly moved one body from its stated pose. */
export interface BodyMove {
  readonly body: number;
  /** Distance its centre of mass moved, m. */
  readonly distance: number;
  /** Angle it turned, rad. */
  readonly angle: number;
}

/** Equations of one constraint removed as dependent. */
export interface RemovedEquations {
  readonly constraint: string;
  readonly rows: number;
}

export interface PreparationReport {
  readonly moved: readonly BodyMove[];
  readonly removed: readonly RemovedEquations[];
}

export type PrepareResult =
  | { readonly ok: true; readonly model: MultibodyModel; readonly report: PreparationReport }
  | { readonly ok: false; readonly reason: string };

/** Moves smaller than these are round-off of an exact configuration, not assembly. */
const MOVE_DISTANCE = 1e-12;
const MOVE_ANGLE = 1e-12;
/** Passes of remove-then-assemble: a configuration only roughly right may reveal dependence once assembled. */
const MAX_PASSES = 3;

/** The stated initial state: positions, Euler parameters, and ė = ½ Lᵀ ω from each body's ω (Sherif Eq. 3). */
export function statedInitialState(system: AssembledSystem): { q: Float64Array; qd: Float64Array } {
  const q = new Float64Array(system.n);
  const qd = new Float64Array(system.n);
  const w = new Float64Array(3);
  system.model.bodies.forEach((b, i) => {
    const c = i * COORDS_PER_BODY;
    q.set(b.position, c);
    q.set(b.orientation, c + 3);
    qd.set(b.velocity, c);
    w.set(b.angularVelocity);
    eulerParameterRates(q, c + 3, w, 0, qd, c + 3);
  });
  return { q, qd };
}

/**
 * The initial state a run starts from: the prepared one, or — for a model built in code and not prepared —
 * the stated state made consistent in place (redundant constraints are then an error naming them).
 */
export function startingState(system: AssembledSystem): { q: Float64Array; qd: Float64Array } | { failure: string } {
  const prepared = system.model.prepared;
  if (prepared) return { q: Float64Array.from(prepared.q), qd: Float64Array.from(prepared.qd) };
  const { q, qd } = statedInitialState(system);
  const drivers = system.model.assemblyDrivers ?? [];
  const redundant = findRedundantConstraints(system.constraints, q, 0);
  if (redundant.length > 0) return { failure: redundant.join('; ') };
  const positions = assemblePositions(system, drivers, q, 0);
  if (!positions.ok) return { failure: positions.reason };
  const velocities = projectVelocities(system, drivers, q, qd, 0);
  return velocities.ok ? { q, qd } : { failure: velocities.reason };
}

/** One row of C_q as its nonzero columns (ascending) and values. */
interface SparseRow {
  readonly cols: Int32Array;
  readonly vals: Float64Array;
}

/** The rows of C_q, each as its nonzeros only (a joint row touches at most 14 of the n columns). */
function sparseConstraintRows(constraints: readonly Constraint[], q: Float64Array, t: number): { rows: SparseRow[]; owner: number[] } {
  const rows: SparseRow[] = [];
  const owner: number[] = [];
  constraints.forEach((c, ci) => {
    const ld = COORDS_PER_BODY * c.bodies.length;
    const block = new Float64Array(c.rows * ld);
    c.jacobian(q, t, block, 0);
    const order = c.bodies.map((b, s) => ({ b, s })).sort((x, y) => x.b - y.b);
    for (let r = 0; r < c.rows; r++) {
      const cols: number[] = [], vals: number[] = [];
      for (const { b, s } of order) {
        for (let k = 0; k < COORDS_PER_BODY; k++) {
          const v = block[r * ld + COORDS_PER_BODY * s + k];
          if (v !== 0) { cols.push(COORDS_PER_BODY * b + k); vals.push(v); }
        }
      }
      rows.push({ cols: Int32Array.from(cols), vals: Float64Array.from(vals) });
      owner.push(ci);
    }
  });
  return { rows, owner };
}

/**
 * Rows of C_q (constraint index, row within it) that are combinations of earlier rows at q: each row is reduced
 * against the independent rows before it (Gaussian elimination, each kept row pivoting on its largest entry) and
 * counts as dependent when what remains is below REDUNDANCY_TOLERANCE of its norm. The rows are kept sparse, so
 * a chain of many bodies costs little more than linear time (the dense Gram–Schmidt this replaces took 8 s for
 * the 81-body N-four-bar). What remains bounds the row's distance from the span of the rows before it from
 * above, so a row found dependent is within the tolerance of that span.
 */
export function dependentRows(constraints: readonly Constraint[], q: Float64Array, t: number): { constraint: number; row: number }[] {
  const n = q.length;
  const { rows, owner } = sparseConstraintRows(constraints, q, t);
  const kept: { pivot: number; pivotValue: number; cols: Int32Array; vals: Float64Array }[] = [];
  const work = new Float64Array(n);
  const inSupport = new Uint8Array(n);
  const support: number[] = [];
  const found: { constraint: number; row: number }[] = [];
  const firstRow = new Int32Array(constraints.length);
  for (let r = 0, c = 0; c < constraints.length; r += constraints[c].rows, c++) firstRow[c] = r;
  const touch = (col: number): void => { if (!inSupport[col]) { inSupport[col] = 1; support.push(col); } };
  for (let r = 0; r < rows.length; r++) {
    const { cols, vals } = rows[r];
    let norm = 0;
    for (let k = 0; k < cols.length; k++) { work[cols[k]] = vals[k]; touch(cols[k]); norm += vals[k] * vals[k]; }
    norm = Math.sqrt(norm);
    for (const b of kept) {
      const x = work[b.pivot];
      if (x === 0) continue;
      const f = x / b.pivotValue;
      for (let k = 0; k < b.cols.length; k++) { touch(b.cols[k]); work[b.cols[k]] -= f * b.vals[k]; }
      work[b.pivot] = 0;
    }
    let rest = 0, pivot = -1;
    for (const col of support) {
      rest += work[col] * work[col];
      if (work[col] !== 0 && (pivot < 0 || Math.abs(work[col]) > Math.abs(work[pivot]))) pivot = col;
    }
    rest = Math.sqrt(rest);
    if (norm === 0 || rest <= REDUNDANCY_TOLERANCE * norm) {
      found.push({ constraint: owner[r], row: r - firstRow[owner[r]] });
    } else {
      const nz = support.filter((col) => work[col] !== 0).sort((a, b) => a - b);
      kept.push({ pivot, pivotValue: work[pivot], cols: Int32Array.from(nz), vals: Float64Array.from(nz, (col) => work[col]) });
    }
    for (const col of support) { work[col] = 0; inSupport[col] = 0; }
    support.length = 0;
  }
  return found;
}

/** The model's constraints without the dependent rows, and the removed rows as their own constraints. */
function withoutRows(
  constraints: readonly Constraint[], dependent: readonly { constraint: number; row: number }[],
): { kept: Constraint[]; removed: Constraint[]; report: RemovedEquations[] } {
  const byConstraint = new Map<number, number[]>();
  for (const d of dependent) byConstraint.set(d.constraint, [...(byConstraint.get(d.constraint) ?? []), d.row]);
  const kept: Constraint[] = [], removed: Constraint[] = [], report: RemovedEquations[] = [];
  constraints.forEach((c, i) => {
    const drop = byConstraint.get(i);
    if (!drop) { kept.push(c); return; }
    const keep = Array.from({ length: c.rows }, (_, r) => r).filter((r) => !drop.includes(r));
    if (keep.length > 0) kept.push(reducedConstraint(c, keep));
    removed.push(reducedConstraint(c, drop));
    report.push({ constraint: c.name, rows: drop.length });
  });
  return { kept, removed, report };
}

/** Rotation angle between two unit quaternions (scalar first), rad. */
function turnAngle(a: Float64Array, oa: number, b: Float64Array, ob: number): number {
  // Vector and scalar parts of b ⊗ conj(a).
  const a0 = a[oa], a1 = -a[oa + 1], a2 = -a[oa + 2], a3 = -a[oa + 3];
  const b0 = b[ob], b1 = b[ob + 1], b2 = b[ob + 2], b3 = b[ob + 3];
  const w = b0 * a0 - b1 * a1 - b2 * a2 - b3 * a3;
  const x = b0 * a1 + b1 * a0 + b2 * a3 - b3 * a2;
  const y = b0 * a2 - b1 * a3 + b2 * a0 + b3 * a1;
  const z = b0 * a3 + b1 * a2 - b2 * a1 + b3 * a0;
  return 2 * Math.atan2(Math.sqrt(x * x + y * y + z * z), Math.abs(w));
}

function bodyMoves(before: Float64Array, after: Float64Array, bodies: number): BodyMove[] {
  const moves: BodyMove[] = [];
  for (let b = 0; b < bodies; b++) {
    const c = b * COORDS_PER_BODY;
    const distance = Math.hypot(after[c] - before[c], after[c + 1] - before[c + 1], after[c + 2] - before[c + 2]);
    const angle = turnAngle(before, c + 3, after, c + 3);
    if (distance > MOVE_DISTANCE || angle > MOVE_ANGLE) moves.push({ body: b, distance, angle });
  }
  return moves;
}

/**
 * Assembles a model's initial state and removes its dependent equations (see the file comment). The returned
 * model carries `prepared` (the consistent state and the removed equations): runs start from it as it is.
 */
export function prepareModel(model: MultibodyModel): PrepareResult {
  let current: MultibodyModel = model;
  let system = new AssembledSystem(current);
  const { q, qd } = statedInitialState(system);
  const stated = Float64Array.from(q);
  const drivers = model.assemblyDrivers ?? [];
  const removed: Constraint[] = [];
  const report: RemovedEquations[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    // Normalisations lead the list and are never dependent on each other, so only joint rows are dropped.
    const dependent = dependentRows(system.constraints, q, 0);
    if (dependent.length > 0) {
      const joints = system.constraints.slice(system.bodyCount);
      const shifted = dependent.map((d) => ({ constraint: d.constraint - system.bodyCount, row: d.row }));
      if (shifted.some((d) => d.constraint < 0)) return { ok: false, reason: 'a body\'s Euler-parameter normalisation is dependent: a body is constrained twice in the same way' };
      const split = withoutRows(joints, shifted);
      removed.push(...split.removed);
      report.push(...split.report);
      current = { ...current, constraints: split.kept };
      system = new AssembledSystem(current);
    }
    const positions = assemblePositions(system, drivers, q, 0);
    if (!positions.ok) return { ok: false, reason: positions.reason };
    if (dependent.length === 0 && dependentRows(system.constraints, q, 0).length === 0) break;
  }
  const velocities = projectVelocities(system, drivers, q, qd, 0);
  if (!velocities.ok) return { ok: false, reason: velocities.reason };
  const prepared: PreparedState = { q, qd, removed };
  return {
    ok: true,
    model: { ...current, prepared },
    report: { moved: bodyMoves(stated, q, model.bodies.length), removed: report },
  };
}
