/**
 * Assembles a MultibodyModel into the global quantities of Sherif Eqs. 57-58:
 * M(q) q̈ + C_qᵀ λ = Q(q̇, q, t), C(q, t) = 0, with q = (r_1, e_1, r_2, e_2, …).
 * Q holds the applied loads and the negated rotational quadratic-velocity terms of Eq. 9.
 * Every body's Euler-parameter normalisation comes first, then the model's own constraints.
 * The constraint Jacobian is kept as one small dense block per constraint (its bodies' columns only), in the
 * model's WebAssembly memory, where one kernel call computes every joint's values and blocks (kernels/).
 */
import { COORDS_PER_BODY, type Constraint, type MultibodyModel } from './types';
import { eulerNormalization } from './eulerNormalization';
import {
  addQuadraticVelocityStiffness, addQuadraticVelocityTerm, addRotationalMassMatrix,
  addRotationalMassStiffness, addRotationalMassTimes,
} from './rigidBodyInertia';
import { angularVelocity } from '../rotation/eulerParameters';
import type { MatrixAccumulator } from '../linalg/accumulator';
import { zeroRange } from '../linalg/dense';
import { arrayBytes, KernelMemory } from '../kernels/wasm';
import { ConstraintProgram, programLength } from '../kernels/constraintProgram';

export class AssembledSystem {
  /** Number of coordinates (7 per body). */
  readonly n: number;
  /** Number of constraint equations. */
  readonly m: number;
  readonly constraints: readonly Constraint[];
  /** First row of each constraint. */
  readonly constraintRows: Int32Array;
  /** Offset of each constraint's Jacobian block in `jacobianBlocks`. */
  readonly blockOffsets: Int32Array;
  /** Local Jacobian blocks, rows × 7·bodies each (see Constraint.jacobian), in the model's kernel memory. */
  readonly jacobianBlocks: Float64Array;
  /** The model's WebAssembly memory (sized once for the model) and the compiled constraints that run on it. */
  readonly kernelMemory: KernelMemory;
  private readonly constraintProgram: ConstraintProgram;
  /**
   * The blocks as rows of C_q: global constraint row r holds jacobianBlocks[rowEntries[r] .. rowEntries[r + 1])
   * (each block is row-major, so a row is contiguous), entry o in global column entryColumn[o]. Made once, so
   * the products with C_q are flat loops in the blocks' own order (the same sums, in the same order).
   */
  private readonly rowEntries: Int32Array;
  private readonly entryColumn: Int32Array;
  readonly masses: Float64Array;
  /** Principal inertias, 3 per body. */
  readonly inertias: Float64Array;
  /** Per-body views into `inertias` (made once: no allocation in a step). */
  private readonly inertiaViews: Float64Array[];
  private readonly w = new Float64Array(3);
  /** C(q) of updateConstraintJacobian, which keeps only the blocks. */
  private readonly valuesScratch: Float64Array;
  /** Kernel-memory vectors of length n and m for the products with C_q (copied in and out per call). */
  private readonly kernelN: Float64Array;
  private readonly kernelM: Float64Array;
  /** True if a load depends on q̇ (then the methods add its ∂Q/∂q̇ to the Newton matrix). */
  readonly hasVelocityDependentLoads: boolean;

  constructor(readonly model: MultibodyModel) {
    const nb = model.bodies.length;
    this.n = nb * COORDS_PER_BODY;
    // Normalisations first: they are always independent, so a redundancy is blamed on a joint.
    this.constraints = [
      ...model.bodies.map((b, i) => eulerNormalization(i, b.name)),
      ...model.constraints,
    ];
    this.constraintRows = new Int32Array(this.constraints.length);
    this.blockOffsets = new Int32Array(this.constraints.length);
    let row = 0, offset = 0;
    this.constraints.forEach((c, i) => {
      this.constraintRows[i] = row;
      this.blockOffsets[i] = offset;
      row += c.rows;
      offset += c.rows * COORDS_PER_BODY * c.bodies.length;
    });
    this.m = row;
    const program = programLength(this.constraints);
    this.kernelMemory = new KernelMemory(arrayBytes([this.n, row, offset, program, this.n, row], [row + 1, offset]));
    const kq = this.kernelMemory.f64(this.n), kValues = this.kernelMemory.f64(row);
    this.jacobianBlocks = this.kernelMemory.f64(offset);
    this.kernelN = this.kernelMemory.f64(this.n);
    this.kernelM = this.kernelMemory.f64(row);
    this.constraintProgram = new ConstraintProgram(
      this.kernelMemory, this.constraints, this.constraintRows, this.blockOffsets, kq, kValues, this.jacobianBlocks,
    );
    this.valuesScratch = new Float64Array(row);
    this.rowEntries = this.kernelMemory.i32(row + 1);
    this.entryColumn = this.kernelMemory.i32(offset);
    this.constraints.forEach((c, i) => {
      let o = this.blockOffsets[i];
      for (let r = 0; r < c.rows; r++) {
        this.rowEntries[this.constraintRows[i] + r] = o;
        for (const body of c.bodies) {
          for (let k = 0; k < COORDS_PER_BODY; k++) this.entryColumn[o++] = body * COORDS_PER_BODY + k;
        }
      }
    });
    this.rowEntries[row] = offset;
    this.masses = Float64Array.from(model.bodies, (b) => b.mass);
    this.inertias = new Float64Array(3 * nb);
    model.bodies.forEach((b, i) => this.inertias.set(b.inertia, 3 * i));
    this.inertiaViews = model.bodies.map((_, i) => this.inertias.subarray(3 * i, 3 * i + 3));
    this.hasVelocityDependentLoads = model.loads.some((load) => load.addForceDamping !== undefined);
  }

  get bodyCount(): number { return this.masses.length; }

  inertiaOf(body: number): Float64Array {
    return this.inertiaViews[body];
  }

  /** out[0..n) += scale · M(q) q̈. */
  addMassTimes(q: Float64Array, qdd: Float64Array, scale: number, out: Float64Array): void {
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      const mb = scale * this.masses[b];
      out[c] += mb * qdd[c]; out[c + 1] += mb * qdd[c + 1]; out[c + 2] += mb * qdd[c + 2];
      addRotationalMassTimes(this.inertiaOf(b), q, c + 3, qdd, c + 3, scale, out, c + 3);
    }
  }

  /** acc += scale · M(q). */
  addMassMatrix(q: Float64Array, scale: number, acc: MatrixAccumulator): void {
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      for (let i = 0; i < 3; i++) acc.add(c + i, c + i, scale * this.masses[b]);
      addRotationalMassMatrix(this.inertiaOf(b), q, c + 3, scale, acc, c + 3);
    }
  }

  /** acc += scale · ∂(M(q) q̈)/∂q. */
  addMassStiffness(q: Float64Array, qdd: Float64Array, scale: number, acc: MatrixAccumulator): void {
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY + 3;
      addRotationalMassStiffness(this.inertiaOf(b), q, c, qdd, c, scale, acc, c);
    }
  }

  /** out[0..n) += scale · Q(q, q̇, t): applied loads minus the quadratic-velocity terms. */
  addGeneralizedForces(q: Float64Array, qd: Float64Array, t: number, scale: number, out: Float64Array, tmp: Float64Array): void {
    zeroRange(tmp, 0, this.n);
    const loads = this.model.loads;
    for (let i = 0; i < loads.length; i++) loads[i].addForce(q, qd, t, tmp);
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY + 3;
      addQuadraticVelocityTerm(this.inertiaOf(b), q, c, qd, c, -1, tmp, c);
    }
    for (let i = 0; i < this.n; i++) out[i] += scale * tmp[i];
  }

  /** acc += scale · ∂Q/∂q (loads and the quadratic-velocity terms). */
  addForceStiffness(q: Float64Array, qd: Float64Array, t: number, scale: number, acc: MatrixAccumulator): void {
    for (const load of this.model.loads) load.addForceStiffness(q, qd, t, scale, acc);
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY + 3;
      addQuadraticVelocityStiffness(this.inertiaOf(b), q, c, qd, c, -scale, acc, c);
    }
  }

  /** acc += scale · ∂Q/∂q̇ of the velocity-dependent loads (dampers); the quadratic-velocity terms are the methods'. */
  addForceDamping(q: Float64Array, qd: Float64Array, t: number, scale: number, acc: MatrixAccumulator): void {
    const loads = this.model.loads;
    for (let i = 0; i < loads.length; i++) loads[i].addForceDamping?.(q, qd, t, scale, acc);
  }

  /** out[offset .. offset+m) = C(q, t). */
  evaluateConstraints(q: Float64Array, t: number, out: Float64Array, offset = 0): void {
    const cs = this.constraints;
    for (let i = 0; i < cs.length; i++) cs[i].evaluate(q, t, out, offset + this.constraintRows[i]);
  }

  /** Recomputes every constraint's Jacobian block at (q, t). */
  updateConstraintJacobian(q: Float64Array, t: number): void {
    this.constraintProgram.run(q, t, this.valuesScratch, 0);
  }

  /**
   * updateConstraintJacobian(q, t) and evaluateConstraints(q, t, out, offset) in one pass: one kernel call for
   * every joint and normalisation (kernels/constraintProgram.ts), each rotated vector computed once.
   */
  updateConstraintJacobianAndValues(q: Float64Array, t: number, out: Float64Array, offset: number): void {
    this.constraintProgram.run(q, t, out, offset);
  }

  /** out[0..n) += C_qᵀ λ, from the blocks of the last updateConstraintJacobian (kernels/assembly/products.ts). */
  addJacobianTransposeTimes(lambda: Float64Array, out: Float64Array): void {
    const { kernelN, kernelM, n, m } = this;
    kernelM.set(lambda.length === m ? lambda : lambda.subarray(0, m));
    kernelN.set(out.length === n ? out : out.subarray(0, n));
    this.kernelMemory.kernels.addJacobianTransposeTimes(
      m, this.rowEntries.byteOffset, this.entryColumn.byteOffset, this.jacobianBlocks.byteOffset, kernelM.byteOffset, kernelN.byteOffset,
    );
    out.set(kernelN);
  }

  /** out[0..m) = C_q v, from the blocks of the last updateConstraintJacobian (kernels/assembly/products.ts). */
  jacobianTimes(v: Float64Array, out: Float64Array): void {
    const { kernelN, kernelM, n, m } = this;
    kernelN.set(v.length === n ? v : v.subarray(0, n));
    this.kernelMemory.kernels.jacobianTimes(
      m, this.rowEntries.byteOffset, this.entryColumn.byteOffset, this.jacobianBlocks.byteOffset, kernelN.byteOffset, kernelM.byteOffset,
    );
    out.set(kernelM);
  }

  /**
   * Writes C_q into rows rowBase.. (columns 0..n) and C_qᵀ into columns rowBase.. of a matrix
   * (the constraint blocks of the Newton matrix, Negrut Eq. 12).
   */
  addJacobianBlocks(acc: MatrixAccumulator, rowBase: number): void {
    const cs = this.constraints, blocks = this.jacobianBlocks;
    for (let i = 0; i < cs.length; i++) {
      const bodies = cs[i].bodies, nb = bodies.length, rows = cs[i].rows;
      let o = this.blockOffsets[i];
      for (let r = 0; r < rows; r++) {
        const row = rowBase + this.constraintRows[i] + r;
        for (let s = 0; s < nb; s++, o += COORDS_PER_BODY) {
          const col0 = bodies[s] * COORDS_PER_BODY;
          // A body's 7 columns of the row, and the same 7 values as a column of C_qᵀ (exact zeros add nothing).
          acc.addBlock(row, col0, 1, COORDS_PER_BODY, blocks, o, 1);
          acc.addBlock(col0, row, COORDS_PER_BODY, 1, blocks, o, 1);
        }
      }
    }
  }

  /** acc += scale · ∂(C_qᵀ λ)/∂q. */
  addMultiplierStiffness(q: Float64Array, t: number, lambda: Float64Array, scale: number, acc: MatrixAccumulator): void {
    const cs = this.constraints;
    for (let i = 0; i < cs.length; i++) cs[i].addMultiplierStiffness(q, t, lambda, this.constraintRows[i], scale, acc);
  }

  /** out[0..m) = γ with C_q q̈ = γ. */
  accelerationRhs(q: Float64Array, qd: Float64Array, t: number, out: Float64Array): void {
    const cs = this.constraints;
    for (let i = 0; i < cs.length; i++) cs[i].accelerationRhs(q, qd, t, out, this.constraintRows[i]);
  }

  /** out[0..m) = −C_t with C_q q̇ = −C_t. */
  velocityRhs(q: Float64Array, t: number, out: Float64Array): void {
    const cs = this.constraints;
    for (let i = 0; i < cs.length; i++) cs[i].velocityRhs(q, t, out, this.constraintRows[i]);
  }

  /** Kinetic energy Σ ½ m |ṙ|² + ½ ωᵀ J ω. */
  kineticEnergy(q: Float64Array, qd: Float64Array): number {
    let e = 0;
    const w = this.w;
    for (let b = 0; b < this.bodyCount; b++) {
      const c = b * COORDS_PER_BODY;
      e += 0.5 * this.masses[b] * (qd[c] * qd[c] + qd[c + 1] * qd[c + 1] + qd[c + 2] * qd[c + 2]);
      angularVelocity(q, c + 3, qd, c + 3, w, 0);
      const j = 3 * b;
      e += 0.5 * (this.inertias[j] * w[0] * w[0] + this.inertias[j + 1] * w[1] * w[1] + this.inertias[j + 2] * w[2] * w[2]);
    }
    return e;
  }

  /** Potential energy of conservative loads. */
  potentialEnergy(q: Float64Array): number {
    let v = 0;
    for (const load of this.model.loads) v += load.potential(q);
    return v;
  }

  /** Power of non-conservative loads, W. */
  appliedPower(q: Float64Array, qd: Float64Array, t: number): number {
    let p = 0;
    for (const load of this.model.loads) p += load.power(q, qd, t);
    return p;
  }
}
