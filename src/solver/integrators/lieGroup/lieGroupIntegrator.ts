/**
 * Lie-group generalized-α (Brüls, Cardona & Arnold, Mech. Mach. Theory 48:121, 2012; Arnold & Brüls 2007)
 * on R³ × SO(3) per body: positions x ∈ R³, rotations stored as Euler parameters e but advanced by
 * body-fixed rotation-vector increments, velocities v = (ẋ, Ω) with Ω the body-fixed angular velocity.
 *
 *   M v̇ + g(v) − f(q, v, t) + Bᵀλ = 0,   Φ(q, t) = 0                                  (BCA Eq. 26)
 *   (1 − αm) a_{n+1} + αm a_n = (1 − αf) v̇_{n+1} + αf v̇_n                             (BCA Eq. 13)
 *   Δq_n = v_n + h(½ − β) a_n + hβ a_{n+1},  x_{n+1} = x_n + hΔq_x,  e_{n+1} = e_n ⊗ exp(hΔq_Θ)   (Eq. 11)
 *   v_{n+1} = v_n + h(1 − γ) a_n + hγ a_{n+1}                                           (Eq. 12)
 * with g = (0, Ω × JΩ) and B = C_q P(e), P = diag(I₃, ½ L(e)ᵀ) per body (δe = ½ Lᵀ δΘ, Sherif Eq. 3).
 * Unknowns per step: v̇_{n+1} and λ_{n+1}, constraint rows scaled by 1/β″, β″ = h²β(1−αf)/(1−αm).
 * Newton matrix (BCA Eq. 35 with the exact tangent operator):
 *   [ M + γ′ C_t + β″ K_t T̂ ,  Bᵀ ;  B T̂ ,  0 ],  γ′ = hγ(1−αf)/(1−αm),  T̂ = diag(I₃, T(hΔq_Θ)),
 *   C_t = ∂g/∂Ω = Ω̃J − (JΩ)~,  K_t = Pᵀ ∂(C_qᵀλ)/∂q P − ¼ L(C_eᵀλ) L(e)ᵀ (rotation block).
 * The stiffness and damping of loads that couple bodies (spring-dampers) enter as −β″ Pᵀ(∂Q/∂q)P T̂ and
 * −γ′ Pᵀ(∂Q/∂q̇)P: without them Newton diverges on stiff springs (the flyball governor's 8e5 N/m, 4e4 N s/m,
 * SPEC §8 A05). Other loads are left out (exact for gravity and constant body-fixed moments, the loads of the
 * spin and heavy-top scenarios; otherwise Newton converges linearly).
 * A rotation increment about a fixed axis composes exactly, so a constant angular acceleration is
 * integrated exactly (spin case), and on the heavy top Ω̇_y = 0 holds exactly, so Ω_y stays constant.
 */
import { COORDS_PER_BODY, type Constraint, type MultibodyModel } from '../../model/types';
import type { AssembledSystem } from '../../model/assembly';
import type { MatrixAccumulator } from '../../linalg/accumulator';
import { BlockSparseMatrix } from '../../linalg/blockSparse';
import { maxAbs } from '../../linalg/dense';
import { SparseNewtonSolver } from '../../linalg/newtonSolver';
import { bodyBlockStructure } from '../../model/newtonStructure';
import { angularVelocity, eulerParameterRates, lTimes, lTransposeTimes } from '../../rotation/eulerParameters';
import { composeEulerParameters, expRotationVector, tangentOperator } from '../../rotation/so3';
import { generalizedAlphaParameters, type GeneralizedAlphaParameters } from '../methods/generalizedAlpha';
import { DEFAULT_NEWTON, type NewtonSettings, type StepResult } from '../hhtIntegrator';

/**
 * Up to this many unknowns Newton refactors the matrix at every iteration (quadratic convergence, and the
 * spin stays exact to round-off); above it the factors are kept across iterations and steps (modified Newton,
 * refreshed as in NewtonSettings), as the other methods do.
 */
export const FULL_NEWTON_LIMIT = 40;

/** Velocity coordinates per body: ẋ (3) and body-fixed Ω (3). */
export const VELOCITIES_PER_BODY = 6;
/** Entries of a body's P(e), 7 × 6. */
const PROJECTOR_SIZE = COORDS_PER_BODY * VELOCITIES_PER_BODY;

export class LieGroupIntegrator {
  readonly params: GeneralizedAlphaParameters;
  /** Euler-parameter form of the state at t_n (7 per body) — what the samples report. */
  readonly q: Float64Array;
  readonly qd: Float64Array;
  /** Velocities v = (ẋ, Ω) per body, accelerations v̇ and algorithmic accelerations a at t_n; multipliers. */
  readonly v: Float64Array;
  readonly vdot: Float64Array;
  readonly accel: Float64Array;
  readonly lambda: Float64Array;
  t = 0;
  totalIterations = 0;
  /** Step size of the current factorisation (NaN: none) and Newton iterations of the last step. */
  private factoredH = NaN;
  private lastIterations = 0;

  private readonly bodies: number;
  private readonly nv: number;
  private readonly n7: number;
  private readonly m: number;
  private readonly size: number;
  private readonly constraints: readonly Constraint[];
  private readonly rows: Int32Array;
  private readonly blockOffsets: Int32Array;
  private readonly blocks: Float64Array;
  private h = 0;
  // unknowns and the implied state at t_{n+1}
  private readonly vdotNew: Float64Array;
  private readonly lambdaNew: Float64Array;
  private readonly accelNew: Float64Array;
  private readonly increment: Float64Array;
  private readonly vNew: Float64Array;
  private readonly qNew: Float64Array;
  private readonly qdNew: Float64Array;
  // scratch
  private readonly force: Float64Array;
  private readonly reaction: Float64Array;
  private readonly rhs: Float64Array;
  /** The Newton matrix's storage and sparse LU; the start system's, made on first use. */
  private readonly solver: SparseNewtonSolver;
  private startSolver: SparseNewtonSolver | null = null;
  /** H = ∂(C_qᵀλ)/∂q − ∂Q/∂q (coupling loads) in 7×7 blocks per body pair. */
  private readonly hessian: BlockSparseMatrix;
  /** −∂Q/∂q̇ of the coupling loads, in the same blocks. */
  private readonly damping: BlockSparseMatrix;
  /** P(e) = diag(I₃, ½ L(e)ᵀ), 7 × 6 row-major per body. */
  private readonly projector: Float64Array;
  private readonly tangents: Float64Array;
  /** One body pair's H_ab (7×7), H_ab P_b (7×6), K_ab = P_aᵀ H_ab P_b and β″ K_ab T̂_b (6×6). */
  private readonly hBlock = new Float64Array(COORDS_PER_BODY * COORDS_PER_BODY);
  private readonly hp = new Float64Array(COORDS_PER_BODY * VELOCITIES_PER_BODY);
  private readonly kBlock = new Float64Array(VELOCITIES_PER_BODY * VELOCITIES_PER_BODY);
  private readonly ktBlock = new Float64Array(VELOCITIES_PER_BODY * VELOCITIES_PER_BODY);
  private readonly tmp: Float64Array;
  /** Loads that couple bodies (springs): their stiffness and damping enter the Newton matrix. */
  private readonly couplingLoads: MultibodyModel['loads'];
  private readonly d4 = new Float64Array(4);
  private readonly lt = new Float64Array(12);
  private readonly c9 = new Float64Array(9);
  private readonly s3 = new Float64Array(3);
  private readonly success: { ok: true; iterations: number; errorRatio: number } = { ok: true, iterations: 0, errorRatio: NaN };

  constructor(readonly system: AssembledSystem, readonly rhoInf: number, readonly newton: NewtonSettings = DEFAULT_NEWTON) {
    this.params = generalizedAlphaParameters(rhoInf);
    const model: MultibodyModel = system.model;
    const nb = (this.bodies = system.bodyCount);
    const nv = (this.nv = VELOCITIES_PER_BODY * nb);
    const n7 = (this.n7 = COORDS_PER_BODY * nb);
    // The Lie-group form needs no normalisation constraints: only the model's joints.
    this.constraints = model.constraints;
    this.rows = new Int32Array(this.constraints.length);
    this.blockOffsets = new Int32Array(this.constraints.length);
    let m = 0, blockSize = 0;
    this.constraints.forEach((c, i) => {
      this.rows[i] = m; m += c.rows;
      this.blockOffsets[i] = blockSize; blockSize += c.rows * COORDS_PER_BODY * c.bodies.length;
    });
    this.m = m;
    this.size = nv + m;
    this.blocks = new Float64Array(blockSize);
    this.q = new Float64Array(n7); this.qd = new Float64Array(n7);
    this.v = new Float64Array(nv); this.vdot = new Float64Array(nv); this.accel = new Float64Array(nv);
    this.lambda = new Float64Array(m);
    this.vdotNew = new Float64Array(nv); this.lambdaNew = new Float64Array(m);
    this.accelNew = new Float64Array(nv); this.increment = new Float64Array(nv); this.vNew = new Float64Array(nv);
    this.qNew = new Float64Array(n7); this.qdNew = new Float64Array(n7);
    this.force = new Float64Array(n7); this.reaction = new Float64Array(n7);
    this.rhs = new Float64Array(this.size);
    this.couplingLoads = model.loads.filter((load) => (load.bodies?.length ?? 0) > 0);
    const loadBodies = this.couplingLoads.map((load) => load.bodies ?? []);
    this.solver = new SparseNewtonSolver(bodyBlockStructure(nb, VELOCITIES_PER_BODY, this.constraints, nv, loadBodies));
    this.hessian = new BlockSparseMatrix(bodyBlockStructure(nb, COORDS_PER_BODY, this.constraints, n7, loadBodies));
    this.damping = new BlockSparseMatrix(bodyBlockStructure(nb, COORDS_PER_BODY, [], n7, loadBodies));
    this.projector = new Float64Array(COORDS_PER_BODY * VELOCITIES_PER_BODY * nb);
    for (let b = 0; b < nb; b++) for (let k = 0; k < 3; k++) this.projector[PROJECTOR_SIZE * b + VELOCITIES_PER_BODY * k + k] = 1;
    this.tangents = new Float64Array(9 * nb);
    this.tmp = new Float64Array(COORDS_PER_BODY * VELOCITIES_PER_BODY);
  }

  /** β″ = ∂(position increment)/∂v̇_{n+1} and γ′ = ∂v_{n+1}/∂v̇_{n+1} (scalar factors). */
  private get betaPrime(): number {
    const { alphaM, alphaF, beta } = this.params;
    return this.h * this.h * beta * (1 - alphaF) / (1 - alphaM);
  }

  private get gammaPrime(): number {
    const { alphaM, alphaF, gamma } = this.params;
    return this.h * gamma * (1 - alphaF) / (1 - alphaM);
  }

  /**
   * State at t0 from Euler-parameter coordinates and rates (already consistent), and consistent v̇, λ from
   * [M Bᵀ; B 0][v̇; λ] = [f − g; C_q-rhs − C_e ½ L(ė)ᵀ Ω]. False if that matrix is singular.
   */
  initialize(q0: Float64Array, qd0: Float64Array, t0: number): boolean {
    this.q.set(q0); this.qd.set(qd0); this.t = t0;
    for (let b = 0; b < this.bodies; b++) {
      const c = b * COORDS_PER_BODY, o = b * VELOCITIES_PER_BODY;
      for (let k = 0; k < 3; k++) this.v[o + k] = qd0[c + k];
      angularVelocity(q0, c + 3, qd0, c + 3, this.v, o + 3);
    }
    const { nv, rhs } = this;
    const start = (this.startSolver ??= new SparseNewtonSolver(bodyBlockStructure(this.bodies, VELOCITIES_PER_BODY, this.constraints, nv)));
    start.zero();
    this.writeJointJacobian(this.q, t0);
    this.addMass(start.accumulator);
    this.addConstraintBlocks(false, start.accumulator);
    this.dynamicForces(this.q, this.qd, this.v, t0, rhs);
    for (let i = 0; i < nv; i++) rhs[i] = -rhs[i];
    // B v̇ = γ − C_e ½ Lᵀ(ė) Ω: the q̈ = (ẍ, ½Lᵀ(e)Ω̇ + ½Lᵀ(ė)Ω) chain
    this.force.fill(0);
    for (let b = 0; b < this.bodies; b++) {
      const c = b * COORDS_PER_BODY;
      lTransposeTimes(this.qd, c + 3, this.v, b * VELOCITIES_PER_BODY + 3, this.force, c + 3);
      for (let k = 0; k < 4; k++) this.force[c + 3 + k] *= 0.5;
    }
    for (let i = 0; i < this.constraints.length; i++) {
      this.constraints[i].accelerationRhs(this.q, this.qd, t0, rhs, nv + this.rows[i]);
      this.subtractBlockTimes(i, this.force, rhs, nv + this.rows[i]);
    }
    if (!start.factor()) return false;
    start.solve(rhs);
    this.vdot.set(rhs.subarray(0, nv));
    this.accel.set(this.vdot);
    this.lambda.set(rhs.subarray(nv));
    return true;
  }

  /** One step of size h; on failure the state stays at t. */
  step(h: number): StepResult {
    this.h = h;
    const { nv, m, size, rhs, vdotNew, lambdaNew, newton } = this;
    vdotNew.set(this.vdot);
    lambdaNew.set(this.lambda);
    const bp = this.betaPrime;
    const reuse = size > FULL_NEWTON_LIMIT;
    let needFactor = !reuse || this.factoredH !== h || this.lastIterations > newton.refreshAfterIterations;
    let previous = Infinity;
    for (let it = 1; it <= newton.maxIterations; it++) {
      this.totalIterations++;
      this.residual(vdotNew, lambdaNew, rhs);
      if (needFactor) {
        this.assembleNewtonMatrix(lambdaNew);
        this.factoredH = NaN;
        if (!this.solver.factor()) return { ok: false, iterations: it, reason: 'the Newton matrix is singular' };
        this.factoredH = h;
        needFactor = !reuse;
      }
      for (let i = 0; i < size; i++) rhs[i] = -rhs[i];
      this.solver.solve(rhs);
      for (let i = 0; i < nv; i++) vdotNew[i] += rhs[i];
      for (let i = 0; i < m; i++) lambdaNew[i] += rhs[nv + i];
      const dv = maxAbs(nv, rhs), dl = maxAbs(m, rhs, nv);
      if (!Number.isFinite(dv) || !Number.isFinite(dl)) {
        this.factoredH = NaN;
        return { ok: false, iterations: it, reason: 'Newton produced non-finite values' };
      }
      if (dv <= newton.accelerationTolerance * (1 + maxAbs(nv, vdotNew))
        || bp * dv <= newton.positionTolerance * (1 + maxAbs(this.n7, this.qNew))) {
        this.accept(h);
        this.lastIterations = it;
        this.success.iterations = it;
        return this.success;
      }
      // Modified Newton converges linearly; a slow rate means the factors are too old: refresh them.
      if (dv > newton.refreshRate * previous) needFactor = true;
      previous = dv;
    }
    this.factoredH = NaN;
    return { ok: false, iterations: newton.maxIterations, reason: `Newton did not converge in ${newton.maxIterations} iterations` };
  }

  /**
   * Residual at (v̇_{n+1}, λ_{n+1}): the dynamics rows M v̇ + g − f + Bᵀλ (6 per body) and Φ(q_{n+1})/β″.
   * Sets q_{n+1}, v_{n+1} and the joint Jacobian at q_{n+1}.
   */
  residual(vdotNew: Float64Array, lambdaNew: Float64Array, out: Float64Array): void {
    this.updateKinematics(vdotNew);
    const tNew = this.t + this.h;
    const { nv, qNew } = this;
    this.writeJointJacobian(qNew, tNew);
    this.dynamicForces(qNew, this.qdNew, this.vNew, tNew, out);
    this.addMassTimes(vdotNew, out);
    this.addReaction(qNew, lambdaNew, out);
    const s = 1 / this.betaPrime;
    for (let i = 0; i < this.constraints.length; i++) this.constraints[i].evaluate(qNew, tNew, out, nv + this.rows[i]);
    for (let i = nv; i < this.size; i++) out[i] *= s;
  }

  /** a_{n+1}, the increment Δq, q_{n+1} (R³ sum and SO(3) composition) and v_{n+1} from v̇_{n+1}. */
  private updateKinematics(vdotNew: Float64Array): void {
    const { alphaM, alphaF, beta, gamma } = this.params;
    const { h, nv } = this;
    for (let i = 0; i < nv; i++) {
      const aNew = ((1 - alphaF) * vdotNew[i] + alphaF * this.vdot[i] - alphaM * this.accel[i]) / (1 - alphaM);
      this.accelNew[i] = aNew;
      this.increment[i] = h * (this.v[i] + h * (0.5 - beta) * this.accel[i] + h * beta * aNew);
      this.vNew[i] = this.v[i] + h * (1 - gamma) * this.accel[i] + h * gamma * aNew;
    }
    for (let b = 0; b < this.bodies; b++) {
      const c = b * COORDS_PER_BODY, o = b * VELOCITIES_PER_BODY;
      for (let k = 0; k < 3; k++) {
        this.qNew[c + k] = this.q[c + k] + this.increment[o + k];
        this.qdNew[c + k] = this.vNew[o + k];
      }
      expRotationVector(this.increment, o + 3, this.d4, 0);
      composeEulerParameters(this.q, c + 3, this.d4, 0, this.qNew, c + 3);
      eulerParameterRates(this.qNew, c + 3, this.vNew, o + 3, this.qdNew, c + 3);
    }
  }

  /** out[0..nv) = g(v) − f(q, q̇, t) per body: (−f_x, Ω × JΩ − ½ L(e) Q_e). */
  private dynamicForces(q: Float64Array, qd: Float64Array, v: Float64Array, t: number, out: Float64Array): void {
    const { force, s3 } = this;
    force.fill(0);
    for (const load of this.system.model.loads) load.addForce(q, qd, t, force);
    for (let b = 0; b < this.bodies; b++) {
      const c = b * COORDS_PER_BODY, o = b * VELOCITIES_PER_BODY;
      const j = this.system.inertiaOf(b);
      for (let k = 0; k < 3; k++) out[o + k] = -force[c + k];
      lTimes(q, c + 3, force, c + 3, s3, 0);
      const wx = v[o + 3], wy = v[o + 4], wz = v[o + 5];
      const hx = j[0] * wx, hy = j[1] * wy, hz = j[2] * wz;
      out[o + 3] = wy * hz - wz * hy - 0.5 * s3[0];
      out[o + 4] = wz * hx - wx * hz - 0.5 * s3[1];
      out[o + 5] = wx * hy - wy * hx - 0.5 * s3[2];
    }
  }

  private addMassTimes(vdot: Float64Array, out: Float64Array): void {
    for (let b = 0; b < this.bodies; b++) {
      const o = b * VELOCITIES_PER_BODY;
      const mass = this.system.masses[b], j = this.system.inertiaOf(b);
      for (let k = 0; k < 3; k++) { out[o + k] += mass * vdot[o + k]; out[o + 3 + k] += j[k] * vdot[o + 3 + k]; }
    }
  }

  /** out[0..nv) += Bᵀλ = Pᵀ C_qᵀ λ (rotation rows: ½ L(e) C_eᵀλ). Keeps C_qᵀλ in `reaction`. */
  private addReaction(q: Float64Array, lambda: Float64Array, out: Float64Array): void {
    const { reaction, s3 } = this;
    reaction.fill(0);
    for (let i = 0; i < this.constraints.length; i++) {
      const c = this.constraints[i];
      const ld = COORDS_PER_BODY * c.bodies.length, off = this.blockOffsets[i], row = this.rows[i];
      for (let r = 0; r < c.rows; r++) {
        const l = lambda[row + r];
        for (let slot = 0; slot < c.bodies.length; slot++) {
          const base = COORDS_PER_BODY * c.bodies[slot], src = off + r * ld + COORDS_PER_BODY * slot;
          for (let k = 0; k < COORDS_PER_BODY; k++) reaction[base + k] += this.blocks[src + k] * l;
        }
      }
    }
    for (let b = 0; b < this.bodies; b++) {
      const c = b * COORDS_PER_BODY, o = b * VELOCITIES_PER_BODY;
      for (let k = 0; k < 3; k++) out[o + k] += reaction[c + k];
      lTimes(q, c + 3, reaction, c + 3, s3, 0);
      for (let k = 0; k < 3; k++) out[o + 3 + k] += 0.5 * s3[k];
    }
  }

  /** Joint Jacobian blocks C_q at q (local layout of Constraint.jacobian). */
  private writeJointJacobian(q: Float64Array, t: number): void {
    for (let i = 0; i < this.constraints.length; i++) this.constraints[i].jacobian(q, t, this.blocks, this.blockOffsets[i]);
    // P(e) = diag(I₃, ½ L(e)ᵀ) per body (the I₃ part is set once)
    const { projector } = this;
    for (let b = 0; b < this.bodies; b++) {
      const c = b * COORDS_PER_BODY, p = PROJECTOR_SIZE * b + VELOCITIES_PER_BODY * 3 + 3;
      const e0 = q[c + 3], e1 = q[c + 4], e2 = q[c + 5], e3 = q[c + 6];
      // ½ Lᵀ, L = [−e1 e0 e3 −e2; −e2 −e3 e0 e1; −e3 e2 −e1 e0] (Sherif Eq. 4)
      const lt = this.lt;
      lt[0] = -e1; lt[1] = -e2; lt[2] = -e3; lt[3] = e0; lt[4] = -e3; lt[5] = e2;
      lt[6] = e3; lt[7] = e0; lt[8] = -e1; lt[9] = -e2; lt[10] = e1; lt[11] = e0;
      for (let r = 0; r < 4; r++) for (let k = 0; k < 3; k++) projector[p + VELOCITIES_PER_BODY * r + k] = 0.5 * lt[3 * r + k];
    }
  }

  /** out[row + r] −= (C_q x)_r for constraint i. */
  private subtractBlockTimes(i: number, x: Float64Array, out: Float64Array, row: number): void {
    const c = this.constraints[i], ld = COORDS_PER_BODY * c.bodies.length, off = this.blockOffsets[i];
    for (let r = 0; r < c.rows; r++) {
      let s = 0;
      for (let slot = 0; slot < c.bodies.length; slot++) {
        for (let k = 0; k < COORDS_PER_BODY; k++) s += this.blocks[off + r * ld + COORDS_PER_BODY * slot + k] * x[COORDS_PER_BODY * c.bodies[slot] + k];
      }
      out[row + r] -= s;
    }
  }

  /** acc += M (mass and principal inertias per body). */
  private addMass(acc: MatrixAccumulator): void {
    for (let b = 0; b < this.bodies; b++) {
      const o = b * VELOCITIES_PER_BODY, j = this.system.inertiaOf(b);
      for (let k = 0; k < 3; k++) {
        acc.add(o + k, o + k, this.system.masses[b]);
        acc.add(o + 3 + k, o + 3 + k, j[k]);
      }
    }
  }

  /** B = C_q P into the constraint rows (times T̂ if `withTangent`) and Bᵀ into the constraint columns. */
  private addConstraintBlocks(withTangent: boolean, acc: MatrixAccumulator): void {
    const { nv, projector, tangents } = this;
    for (let i = 0; i < this.constraints.length; i++) {
      const c = this.constraints[i];
      const ld = COORDS_PER_BODY * c.bodies.length, off = this.blockOffsets[i];
      for (let r = 0; r < c.rows; r++) {
        const row = nv + this.rows[i] + r;
        for (let slot = 0; slot < c.bodies.length; slot++) {
          const body = c.bodies[slot];
          const o = body * VELOCITIES_PER_BODY;
          for (let col = 0; col < VELOCITIES_PER_BODY; col++) {
            let s = 0;
            for (let k = 0; k < COORDS_PER_BODY; k++) {
              s += this.blocks[off + r * ld + COORDS_PER_BODY * slot + k] * projector[PROJECTOR_SIZE * body + VELOCITIES_PER_BODY * k + col];
            }
            acc.add(o + col, row, s); // Bᵀ
            this.tmp[col] = s;
          }
          for (let col = 0; col < VELOCITIES_PER_BODY; col++) {
            let s = this.tmp[col];
            if (withTangent && col >= 3) {
              s = 0;
              for (let k = 0; k < 3; k++) s += this.tmp[3 + k] * tangents[9 * body + 3 * k + (col - 3)];
            }
            acc.add(row, o + col, s); // B T̂
          }
        }
      }
    }
  }

  /** The Newton matrix at the current iterate (residual() must have run for the same v̇_{n+1}). */
  assembleNewtonMatrix(lambdaNew: Float64Array): void {
    const { tangents } = this;
    const acc = this.solver.accumulator;
    const tNew = this.t + this.h, gp = this.gammaPrime;
    this.solver.zero();
    for (let b = 0; b < this.bodies; b++) tangentOperator(this.increment, b * VELOCITIES_PER_BODY + 3, tangents, 9 * b);
    this.addMass(acc);
    // γ′ C_t: ∂(Ω × JΩ)/∂Ω = Ω̃J − (JΩ)~
    for (let b = 0; b < this.bodies; b++) {
      const o = b * VELOCITIES_PER_BODY + 3, j = this.system.inertiaOf(b);
      const wx = this.vNew[o], wy = this.vNew[o + 1], wz = this.vNew[o + 2];
      const hx = j[0] * wx, hy = j[1] * wy, hz = j[2] * wz;
      const ct = this.c9;
      ct[0] = 0; ct[1] = -wz * j[1] + hz; ct[2] = wy * j[2] - hy;
      ct[3] = wz * j[0] - hz; ct[4] = 0; ct[5] = -wx * j[2] + hx;
      ct[6] = -wy * j[0] + hy; ct[7] = wx * j[1] - hx; ct[8] = 0;
      acc.addBlock(o, o, 3, 3, ct, 0, gp);
    }
    this.addConstraintBlocks(true, acc);
    const coupled = this.couplingLoads.length > 0;
    if (this.m === 0 && !coupled) return;
    if (coupled) this.addCouplingDamping(tNew, gp);
    // β″ K_t T̂ with K_t = Pᵀ H P − ¼ L(C_eᵀλ) Lᵀ(e), H = ∂(C_qᵀλ)/∂q − ∂Q/∂q of the coupling loads, one body
    // pair (a, b) of H at a time
    const hessian = this.hessian;
    hessian.zero();
    for (let i = 0; i < this.constraints.length; i++) {
      this.constraints[i].addMultiplierStiffness(this.qNew, tNew, lambdaNew, this.rows[i], 1, hessian);
    }
    for (const load of this.couplingLoads) load.addForceStiffness(this.qNew, this.qdNew, tNew, -1, hessian);
    for (let a = 0; a < this.bodies; a++) {
      this.addStiffnessBlock(a, a);
      const neighbours = hessian.neighbours[a];
      for (let q = 0; q < neighbours.length; q++) if (neighbours[q] < this.bodies) this.addStiffnessBlock(a, neighbours[q]);
    }
  }

  /**
   * Adds β″ K_ab T̂_b to the Newton matrix, K_ab = P_aᵀ H_ab P_b (− ¼ L(y) L(e)ᵀ in the rotation block when
   * a = b, y = (C_qᵀλ)_e); nothing for a pair of distinct bodies whose H_ab is zero.
   */
  private addStiffnessBlock(a: number, b: number): void {
    const { kBlock, ktBlock, tangents } = this;
    const V = VELOCITIES_PER_BODY, C = COORDS_PER_BODY;
    if (!this.projectBlock(this.hessian, a, b)) {
      if (a !== b) return;
      kBlock.fill(0);
    }
    if (a === b) {
      const c = a * C + 3;
      // −¼ L(y) L(e)ᵀ, y = (C_qᵀλ)_e: column k is −¼ L(y) (L(e)ᵀ u_k)
      for (let k = 0; k < 3; k++) {
        this.s3.fill(0); this.s3[k] = 1;
        lTransposeTimes(this.qNew, c, this.s3, 0, this.d4, 0);
        const y0 = this.reaction[c], y1 = this.reaction[c + 1], y2 = this.reaction[c + 2], y3 = this.reaction[c + 3];
        const x0 = this.d4[0], x1 = this.d4[1], x2 = this.d4[2], x3 = this.d4[3];
        // L(y) x (Sherif Eq. 4 with y in place of e)
        kBlock[V * 3 + 3 + k] -= 0.25 * (-y1 * x0 + y0 * x1 + y3 * x2 - y2 * x3);
        kBlock[V * 4 + 3 + k] -= 0.25 * (-y2 * x0 - y3 * x1 + y0 * x2 + y1 * x3);
        kBlock[V * 5 + 3 + k] -= 0.25 * (-y3 * x0 + y2 * x1 - y1 * x2 + y0 * x3);
      }
    }
    // times T̂_b (rotation columns) and β″
    const bp = this.betaPrime, t = 9 * b;
    for (let r = 0; r < V; r++) {
      for (let k = 0; k < 3; k++) ktBlock[V * r + k] = bp * kBlock[V * r + k];
      for (let k = 0; k < 3; k++) {
        let s = 0;
        for (let l = 0; l < 3; l++) s += kBlock[V * r + 3 + l] * tangents[t + 3 * l + k];
        ktBlock[V * r + 3 + k] = bp * s;
      }
    }
    this.solver.accumulator.addBlock(V * a, V * b, V, V, ktBlock, 0, 1);
  }

  /**
   * kBlock = P_aᵀ M_ab P_b for the 7×7 block M_ab of a matrix over the Euler-parameter coordinates (P(e) =
   * diag(I₃, ½ L(e)ᵀ)); false, with kBlock untouched, when M_ab is zero.
   */
  private projectBlock(source: BlockSparseMatrix, a: number, b: number): boolean {
    const { hBlock, hp, kBlock, projector } = this;
    const V = VELOCITIES_PER_BODY, C = COORDS_PER_BODY;
    if (!source.readBlock(a, b, hBlock)) return false;
    let any = false;
    for (let e = 0; e < C * C && !any; e++) if (hBlock[e] !== 0) any = true;
    if (!any) return false;
    const pa = PROJECTOR_SIZE * a, pb = PROJECTOR_SIZE * b;
    // hp (7 × 6) = M_ab P_b, then P_aᵀ hp
    for (let r = 0; r < C; r++) {
      for (let c = 0; c < V; c++) {
        let s = 0;
        for (let k = 0; k < C; k++) s += hBlock[C * r + k] * projector[pb + V * k + c];
        hp[V * r + c] = s;
      }
    }
    for (let i = 0; i < V; i++) {
      for (let c = 0; c < V; c++) {
        let s = 0;
        for (let r = 0; r < C; r++) s += projector[pa + V * r + i] * hp[V * r + c];
        kBlock[V * i + c] = s;
      }
    }
    return true;
  }

  /** Newton matrix += −γ′ Pᵀ (∂Q/∂q̇) P over the coupling loads' damping (the dynamics rows hold −Q). */
  private addCouplingDamping(t: number, gp: number): void {
    const damping = this.damping;
    damping.zero();
    for (const load of this.couplingLoads) load.addForceDamping?.(this.qNew, this.qdNew, t, -1, damping);
    for (let a = 0; a < this.bodies; a++) {
      this.addDampingBlock(a, a, gp);
      const neighbours = damping.neighbours[a];
      for (let k = 0; k < neighbours.length; k++) if (neighbours[k] < this.bodies) this.addDampingBlock(a, neighbours[k], gp);
    }
  }

  /** Newton matrix block (a, b) += γ′ P_aᵀ D_ab P_b, D the coupling loads' −∂Q/∂q̇; nothing where D_ab is zero. */
  private addDampingBlock(a: number, b: number, gp: number): void {
    const V = VELOCITIES_PER_BODY;
    if (this.projectBlock(this.damping, a, b)) this.solver.accumulator.addBlock(V * a, V * b, V, V, this.kBlock, 0, gp);
  }

  /** Dense copy of the current Newton matrix (size × size, row-major), for tests: call before it is factorised. */
  newtonMatrix(): Float64Array { return this.solver.accumulator.toDense(); }
  get unknowns(): number { return this.size; }
  get velocityCount(): number { return this.nv; }
  /** Sets the step size for residual()/assembleNewtonMatrix() outside step() (tests). */
  prepareStep(h: number): void { this.h = h; }

  private accept(h: number): void {
    this.updateKinematics(this.vdotNew);
    this.q.set(this.qNew); this.qd.set(this.qdNew);
    this.v.set(this.vNew); this.vdot.set(this.vdotNew); this.accel.set(this.accelNew);
    this.lambda.set(this.lambdaNew);
    this.t += h;
  }
}
