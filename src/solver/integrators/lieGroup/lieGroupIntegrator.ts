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
import { DenseAccumulator } from '../../linalg/accumulator';
import { luFactor, luSolve, maxAbs } from '../../linalg/dense';
import { angularVelocity, eulerParameterRates, lTimes, lTransposeTimes } from '../../rotation/eulerParameters';
import { composeEulerParameters, expRotationVector, tangentOperator } from '../../rotation/so3';
import { generalizedAlphaParameters, type GeneralizedAlphaParameters } from '../methods/generalizedAlpha';
import { DEFAULT_NEWTON, type NewtonSettings, type StepResult } from '../hhtIntegrator';

/**
 * Up to this many unknowns Newton refactors the matrix at every iteration (quadratic convergence, and the
 * spin stays exact to round-off); above it the factors are kept across iterations and steps (modified Newton,
 * refreshed as in NewtonSettings) — the dense LU of the V8's 203 unknowns is the cost of a step.
 */
export const FULL_NEWTON_LIMIT = 40;

/** Velocity coordinates per body: ẋ (3) and body-fixed Ω (3). */
export const VELOCITIES_PER_BODY = 6;

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
  private readonly matrix: Float64Array;
  private readonly pivots: Int32Array;
  private readonly stiffness7: Float64Array;
  private readonly stiffnessAcc: DenseAccumulator;
  private readonly projector: Float64Array;
  private readonly tangents: Float64Array;
  /** K_t (nv × nv) before the tangent operator and β″ are applied. */
  private readonly kScratch: Float64Array;
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
    this.matrix = new Float64Array(this.size * this.size);
    this.pivots = new Int32Array(this.size);
    this.stiffness7 = new Float64Array(n7 * n7);
    this.stiffnessAcc = new DenseAccumulator(this.stiffness7, n7);
    this.projector = new Float64Array(n7 * nv);
    this.tangents = new Float64Array(9 * nb);
    this.kScratch = new Float64Array(nv * nv);
    this.tmp = new Float64Array(COORDS_PER_BODY * VELOCITIES_PER_BODY);
    this.couplingLoads = model.loads.filter((load) => (load.bodies?.length ?? 0) > 0);
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
    const { nv, size, matrix, rhs } = this;
    matrix.fill(0);
    this.writeJointJacobian(this.q, t0);
    this.addMass(1);
    this.addConstraintBlocks(false);
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
    if (luFactor(size, matrix, this.pivots) >= 0) return false;
    luSolve(size, matrix, this.pivots, rhs);
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
        if (luFactor(size, this.matrix, this.pivots) >= 0) return { ok: false, iterations: it, reason: 'the Newton matrix is singular' };
        this.factoredH = h;
        needFactor = !reuse;
      }
      for (let i = 0; i < size; i++) rhs[i] = -rhs[i];
      luSolve(size, this.matrix, this.pivots, rhs);
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
    // P(e) = diag(I₃, ½ L(e)ᵀ) per body, 7N × 6N row-major
    const { projector, nv } = this;
    projector.fill(0);
    for (let b = 0; b < this.bodies; b++) {
      const c = b * COORDS_PER_BODY, o = b * VELOCITIES_PER_BODY;
      for (let k = 0; k < 3; k++) projector[(c + k) * nv + o + k] = 1;
      const e0 = q[c + 3], e1 = q[c + 4], e2 = q[c + 5], e3 = q[c + 6];
      // ½ Lᵀ, L = [−e1 e0 e3 −e2; −e2 −e3 e0 e1; −e3 e2 −e1 e0] (Sherif Eq. 4)
      const lt = this.lt;
      lt[0] = -e1; lt[1] = -e2; lt[2] = -e3; lt[3] = e0; lt[4] = -e3; lt[5] = e2;
      lt[6] = e3; lt[7] = e0; lt[8] = -e1; lt[9] = -e2; lt[10] = e1; lt[11] = e0;
      for (let r = 0; r < 4; r++) for (let k = 0; k < 3; k++) projector[(c + 3 + r) * nv + o + 3 + k] = 0.5 * lt[3 * r + k];
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

  private addMass(scale: number): void {
    const { matrix, size } = this;
    for (let b = 0; b < this.bodies; b++) {
      const o = b * VELOCITIES_PER_BODY, j = this.system.inertiaOf(b);
      for (let k = 0; k < 3; k++) {
        matrix[(o + k) * size + o + k] += scale * this.system.masses[b];
        matrix[(o + 3 + k) * size + o + 3 + k] += scale * j[k];
      }
    }
  }

  /** B = C_q P into the constraint rows (times T̂ if `withTangent`) and Bᵀ into the constraint columns. */
  private addConstraintBlocks(withTangent: boolean): void {
    const { matrix, size, nv, projector, tangents } = this;
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
              s += this.blocks[off + r * ld + COORDS_PER_BODY * slot + k] * projector[(COORDS_PER_BODY * body + k) * nv + o + col];
            }
            matrix[(o + col) * size + row] += s; // Bᵀ
            this.tmp[col] = s;
          }
          for (let col = 0; col < VELOCITIES_PER_BODY; col++) {
            let s = this.tmp[col];
            if (withTangent && col >= 3) {
              s = 0;
              for (let k = 0; k < 3; k++) s += this.tmp[3 + k] * tangents[9 * body + 3 * k + (col - 3)];
            }
            matrix[row * size + o + col] += s; // B T̂
          }
        }
      }
    }
  }

  /** The Newton matrix at the current iterate (residual() must have run for the same v̇_{n+1}). */
  assembleNewtonMatrix(lambdaNew: Float64Array): void {
    const { matrix, size, nv, tangents, stiffness7 } = this;
    const tNew = this.t + this.h, bp = this.betaPrime, gp = this.gammaPrime;
    matrix.fill(0);
    for (let b = 0; b < this.bodies; b++) tangentOperator(this.increment, b * VELOCITIES_PER_BODY + 3, tangents, 9 * b);
    this.addMass(1);
    // γ′ C_t: ∂(Ω × JΩ)/∂Ω = Ω̃J − (JΩ)~
    for (let b = 0; b < this.bodies; b++) {
      const o = b * VELOCITIES_PER_BODY + 3, j = this.system.inertiaOf(b);
      const wx = this.vNew[o], wy = this.vNew[o + 1], wz = this.vNew[o + 2];
      const hx = j[0] * wx, hy = j[1] * wy, hz = j[2] * wz;
      const ct = this.c9;
      ct[0] = 0; ct[1] = -wz * j[1] + hz; ct[2] = wy * j[2] - hy;
      ct[3] = wz * j[0] - hz; ct[4] = 0; ct[5] = -wx * j[2] + hx;
      ct[6] = -wy * j[0] + hy; ct[7] = wx * j[1] - hx; ct[8] = 0;
      for (let r = 0; r < 3; r++) for (let k = 0; k < 3; k++) matrix[(o + r) * size + o + k] += gp * ct[3 * r + k];
    }
    this.addConstraintBlocks(true);
    const coupled = this.couplingLoads.length > 0;
    if (this.m === 0 && !coupled) return;
    if (coupled) this.addCouplingDamping(tNew, gp);
    // β″ K_t T̂ with K_t = Pᵀ H P − ¼ L(C_eᵀλ) Lᵀ(e), H = ∂(C_qᵀλ)/∂q − ∂Q/∂q of the coupling loads
    stiffness7.fill(0);
    for (let i = 0; i < this.constraints.length; i++) {
      this.constraints[i].addMultiplierStiffness(this.qNew, tNew, lambdaNew, this.rows[i], 1, this.stiffnessAcc);
    }
    for (const load of this.couplingLoads) load.addForceStiffness(this.qNew, this.qdNew, tNew, -1, this.stiffnessAcc);
    // K = Pᵀ H P block by block (P is block-diagonal: 7 × 6 per body); blocks of H that are zero are skipped
    this.kScratch.fill(0);
    for (let a = 0; a < this.bodies; a++) {
      for (let b = 0; b < this.bodies; b++) this.addProjectedBlock(a, b);
    }
    for (let b = 0; b < this.bodies; b++) {
      const c = b * COORDS_PER_BODY + 3, o = b * VELOCITIES_PER_BODY + 3;
      // −¼ L(y) L(e)ᵀ, y = (C_qᵀλ)_e: column k is −¼ L(y) (L(e)ᵀ u_k)
      for (let k = 0; k < 3; k++) {
        this.s3.fill(0); this.s3[k] = 1;
        lTransposeTimes(this.qNew, c, this.s3, 0, this.d4, 0);
        const y0 = this.reaction[c], y1 = this.reaction[c + 1], y2 = this.reaction[c + 2], y3 = this.reaction[c + 3];
        const x0 = this.d4[0], x1 = this.d4[1], x2 = this.d4[2], x3 = this.d4[3];
        // L(y) x (Sherif Eq. 4 with y in place of e)
        const kk = this.kScratch;
        kk[o * nv + o + k] -= 0.25 * (-y1 * x0 + y0 * x1 + y3 * x2 - y2 * x3);
        kk[(o + 1) * nv + o + k] -= 0.25 * (-y2 * x0 - y3 * x1 + y0 * x2 + y1 * x3);
        kk[(o + 2) * nv + o + k] -= 0.25 * (-y3 * x0 + y2 * x1 - y1 * x2 + y0 * x3);
      }
    }
    // times T̂ (rotation columns) and β″
    for (let r = 0; r < nv; r++) {
      for (let b = 0; b < this.bodies; b++) {
        const o = b * VELOCITIES_PER_BODY;
        for (let k = 0; k < 3; k++) matrix[r * size + o + k] += bp * this.kScratch[r * nv + o + k];
        for (let k = 0; k < 3; k++) {
          let s = 0;
          for (let l = 0; l < 3; l++) s += this.kScratch[r * nv + o + 3 + l] * tangents[9 * b + 3 * l + k];
          matrix[r * size + o + 3 + k] += bp * s;
        }
      }
    }
  }


  /** matrix += −γ′ Pᵀ (∂Q/∂q̇) P over the coupling loads' damping (the dynamics rows hold −Q). */
  private addCouplingDamping(t: number, gp: number): void {
    const { matrix, size, nv, stiffness7 } = this;
    stiffness7.fill(0);
    for (const load of this.couplingLoads) load.addForceDamping?.(this.qNew, this.qdNew, t, -1, this.stiffnessAcc);
    this.kScratch.fill(0);
    for (let a = 0; a < this.bodies; a++) {
      for (let b = 0; b < this.bodies; b++) this.addProjectedBlock(a, b);
    }
    for (let r = 0; r < nv; r++) for (let c = 0; c < nv; c++) matrix[r * size + c] += gp * this.kScratch[r * nv + c];
  }

  /** kScratch[6a.., 6b..] += P_aᵀ H_ab P_b for the 7×7 block H_ab of ∂(C_qᵀλ)/∂q. */
  private addProjectedBlock(a: number, b: number): void {
    const { n7, nv, stiffness7, projector, tmp, kScratch } = this;
    const ra = COORDS_PER_BODY * a, rb = COORDS_PER_BODY * b, ca = VELOCITIES_PER_BODY * a, cb = VELOCITIES_PER_BODY * b;
    let any = false;
    for (let r = 0; r < COORDS_PER_BODY && !any; r++) {
      for (let k = 0; k < COORDS_PER_BODY; k++) if (stiffness7[(ra + r) * n7 + rb + k] !== 0) { any = true; break; }
    }
    if (!any) return;
    // tmp (7 × 6) = H_ab P_b
    for (let r = 0; r < COORDS_PER_BODY; r++) {
      for (let c = 0; c < VELOCITIES_PER_BODY; c++) {
        let s = 0;
        for (let k = 0; k < COORDS_PER_BODY; k++) s += stiffness7[(ra + r) * n7 + rb + k] * projector[(rb + k) * nv + cb + c];
        tmp[r * VELOCITIES_PER_BODY + c] = s;
      }
    }
    for (let i = 0; i < VELOCITIES_PER_BODY; i++) {
      for (let c = 0; c < VELOCITIES_PER_BODY; c++) {
        let s = 0;
        for (let r = 0; r < COORDS_PER_BODY; r++) s += projector[(ra + r) * nv + ca + i] * tmp[r * VELOCITIES_PER_BODY + c];
        kScratch[(ca + i) * nv + cb + c] += s;
      }
    }
  }

  /** Dense copy of the current Newton matrix (size × size, row-major), for tests. */
  newtonMatrix(): Float64Array { return Float64Array.from(this.matrix); }
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
