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
import { assemblePositions, denseConstraintJacobian, findRedundantConstraints, projectVelocities, REDUNDANCY_TOLERANCE } from './consistentState';
import { eulerParameterRates } from '../rotation/eulerParameters';
import { reducedConstraint } from './reducedConstraint';
import { atan2, hypot } from '../exactMath';

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
  /** True for a prescribed motion, false for a joint. */
  readonly prescribed: boolean;
}

export interface PreparationReport {
  readonly moved: readonly BodyMove[];
  readonly removed: readonly RemovedEquations[];
}

export type PrepareResult =
  | { readonly ok: true; readonly model: MultibodyModel; readonly report: PreparationReport }
  | { readonly ok: false; readonly reason: string; readonly constraint?: string };

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
  // The sparse test first (a chain of 100 links: milliseconds, where the dense one that names the duplicates takes
  // seconds); the dense one only to name what a dependent constraint duplicates.
  const dependent = dependentRows(system.constraints, q, 0);
  if (dependent.length > 0) return { failure: redundancyFailure(system.constraints, q, dependent) };
  const positions = assemblePositions(system, drivers, q, 0);
  if (!positions.ok) return { failure: positions.reason };
  const velocities = projectVelocities(system, drivers, q, qd, 0);
  return velocities.ok ? { q, qd } : { failure: velocities.reason };
}

/**
 * The error for dependent rows: what each redundant constraint duplicates (consistentState.ts), else — when the dense
 * test finds no duplicate at its tolerance's edge — the names of the constraints the sparse test found dependent.
 */
export function redundancyFailure(constraints: readonly Constraint[], q: Float64Array, dependent: readonly { constraint: number }[]): string {
  const named = findRedundantConstraints(constraints, q, 0);
  if (named.length > 0) return named.join('; ');
  const names = [...new Set(dependent.map((d) => `"${constraints[d.constraint].name}"`))];
  return `${names.join(', ')} ${names.length > 1 ? 'are' : 'is'} dependent on earlier constraints at the initial configuration (redundant constraints)`;
}

/**
 * Rows of C_q (constraint index, row within it) that are combinations of earlier rows at q: Gram–Schmidt in the
 * rows' order, a row dependent when less than REDUNDANCY_TOLERANCE of its length is left after projecting out
 * the earlier rows. A row of C_q is non-zero in its bodies' columns only, so the projection coefficients are
 * sums over those few columns (classical Gram–Schmidt), and the correction touches each basis vector's
 * non-zero span only; a second projection (Gram–Schmidt twice, "twice is enough") runs when the first left
 * less than half of the row, which is where cancellation can hide a dependence. A chain or a loop of n
 * bodies costs about n² instead of the n³ of dense rows.
 */
export function dependentRows(
  constraints: readonly Constraint[], q: Float64Array, t: number, tolerance = REDUNDANCY_TOLERANCE,
): { constraint: number; row: number }[] {
  const n = q.length;
  const { jac, owner, rows, columns } = denseConstraintJacobian(constraints, q, t);
  const basis: { readonly v: Float64Array; readonly lo: number; readonly hi: number }[] = [];
  const found: { constraint: number; row: number }[] = [];
  const firstRow = new Int32Array(constraints.length);
  for (let r = 0, c = 0; c < constraints.length; r += constraints[c].rows, c++) firstRow[c] = r;
  const v = new Float64Array(n);
  const coefficients = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    const cols = columns[r];
    const base = r * n;
    let norm = 0;
    for (let k = 0; k < cols.length; k++) norm += jac[base + cols[k]] * jac[base + cols[k]];
    norm = Math.sqrt(norm);
    let lo = cols[0], hi = cols[cols.length - 1] + 1;
    v.fill(0, 0, n);
    for (let k = 0; k < cols.length; k++) v[cols[k]] = jac[base + cols[k]];
    // First projection: coefficients against the row as it is (its few columns), then one correction.
    for (let b = 0; b < basis.length; b++) {
      const e = basis[b].v;
      let d = 0;
      for (let k = 0; k < cols.length; k++) d += e[cols[k]] * jac[base + cols[k]];
      coefficients[b] = d;
    }
    for (let b = 0; b < basis.length; b++) {
      const d = coefficients[b];
      if (d === 0) continue;
      const { v: e, lo: elo, hi: ehi } = basis[b];
      for (let j = elo; j < ehi; j++) v[j] -= d * e[j];
      if (elo < lo) lo = elo;
      if (ehi > hi) hi = ehi;
    }
    let rest = span(v, lo, hi);
    if (rest < 0.5 * norm && rest > tolerance * norm) {
      for (const { v: e, lo: elo, hi: ehi } of basis) {
        const from = Math.max(lo, elo), to = Math.min(hi, ehi);
        if (from >= to) continue;
        let d = 0;
        for (let j = from; j < to; j++) d += e[j] * v[j];
        if (d === 0) continue;
        for (let j = elo; j < ehi; j++) v[j] -= d * e[j];
        if (elo < lo) lo = elo;
        if (ehi > hi) hi = ehi;
      }
      rest = span(v, lo, hi);
    }
    if (norm === 0 || !(rest > tolerance * norm)) {
      found.push({ constraint: owner[r], row: r - firstRow[owner[r]] });
      continue;
    }
    // Keep the basis vector on its non-zero span only.
    while (lo < hi && v[lo] === 0) lo++;
    while (hi > lo && v[hi - 1] === 0) hi--;
    const e = new Float64Array(n);
    for (let j = lo; j < hi; j++) e[j] = v[j] / rest;
    basis.push({ v: e, lo, hi });
  }
  return found;
}

/** |v| over v[lo .. hi) (zero outside). */
function span(v: Float64Array, lo: number, hi: number): number {
  let s = 0;
  for (let j = lo; j < hi; j++) s += v[j] * v[j];
  return Math.sqrt(s);
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
    report.push({ constraint: c.name, rows: drop.length, prescribed: c.prescribed === true });
  });
  return { kept, removed, report };
}

function sameCoordinates(a: Float64Array, b: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
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
  return 2 * atan2(Math.sqrt(x * x + y * y + z * z), Math.abs(w));
}

function bodyMoves(before: Float64Array, after: Float64Array, bodies: number): BodyMove[] {
  const moves: BodyMove[] = [];
  for (let b = 0; b < bodies; b++) {
    const c = b * COORDS_PER_BODY;
    const distance = hypot(after[c] - before[c], after[c + 1] - before[c + 1], after[c + 2] - before[c + 2]);
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
    const before = Float64Array.from(q);
    const positions = assemblePositions(system, drivers, q, 0);
    if (!positions.ok) return positions;
    // Unmoved, the kept rows are the ones just found independent at this q: nothing more to find.
    if (sameCoordinates(before, q)) break;
    if (dependent.length === 0 && dependentRows(system.constraints, q, 0).length === 0) break;
  }
  const velocities = projectVelocities(system, drivers, q, qd, 0);
  if (!velocities.ok) return velocities;
  const prepared: PreparedState = { q, qd, removed };
  return {
    ok: true,
    model: { ...current, prepared },
    report: { moved: bodyMoves(stated, q, model.bodies.length), removed: report },
  };
}
