/**
 * `generalized-alpha`: Chung–Hulbert generalized-α in the index-3 form of Arnold & Brüls
 * (Multibody Syst. Dyn. 18:185, 2007) on Euler parameters. The equations of motion hold at t_{n+1}
 * (Eq. 11a, see endpointEquilibrium.ts); the algorithmic acceleration a carries the dissipation:
 *   (1 − αm) a_{n+1} + αm a_n = (1 − αf) q̈_{n+1} + αf q̈_n                        (Eq. 11d)
 *   q_{n+1} = q_n + h q̇_n + h²(½ − β) a_n + h²β a_{n+1}                           (Eq. 11b)
 *   q̇_{n+1} = q̇_n + h(1 − γ) a_n + hγ a_{n+1}                                     (Eq. 11c)
 * for every coordinate, the Euler parameters included (plain Newmark updates: Sherif's modified
 * update of Eq. 34 does not carry over, SPEC §6). ∂q_{n+1}/∂q̈_{n+1} = h²β(1−αf)/(1−αm) and
 * ∂q̇_{n+1}/∂q̈_{n+1} = hγ(1−αf)/(1−αm) (Eq. 16). a₀ = q̈₀. Quadratic-velocity term: the model's
 * f2 = 8 Lᵀ L L̇ᵀ J L ė (Sherif Eq. 9).
 */
import type { AssembledSystem } from '../../model/assembly';
import type { MatrixAccumulator } from '../../linalg/accumulator';
import type { StepState } from '../method';
import { EndpointEquilibriumMethod, StepHistory } from './endpointEquilibrium';

/** Generalized-α parameters in Arnold–Brüls' convention (the α's weight the *old* values). */
export interface GeneralizedAlphaParameters {
  readonly alphaM: number;
  readonly alphaF: number;
  readonly beta: number;
  readonly gamma: number;
}

/**
 * Chung & Hulbert's optimal choice for the spectral radius ρ∞ ∈ [0, 1] at h → ∞ (Chung & Hulbert 1993,
 * Eq. 25; Arnold & Brüls Eq. 13): αm = (2ρ∞ − 1)/(ρ∞ + 1), αf = ρ∞/(ρ∞ + 1), then γ and β below.
 */
export function generalizedAlphaParameters(rhoInf: number): GeneralizedAlphaParameters {
  return newmarkFromAlphas((2 * rhoInf - 1) / (rhoInf + 1), rhoInf / (rhoInf + 1));
}

/** γ = ½ − αm + αf (second order), β = ¼ (γ + ½)² (Chung & Hulbert 1993, Eqs. 17, 20). */
export function newmarkFromAlphas(alphaM: number, alphaF: number): GeneralizedAlphaParameters {
  const gamma = 0.5 - alphaM + alphaF;
  return { alphaM, alphaF, gamma, beta: 0.25 * (gamma + 0.5) * (gamma + 0.5) };
}

/**
 * Local error constants for q̈ = f(t): in the steady state a_n = f(t_n + Δh) + κh² f″ with Δ = αm − αf
 * (= ½ − γ), so δq ≈ (β − γ/2 + 1/12) h³ f′ and δq̇ ≈ c_v h³ f″ with
 * c_v = (1 − γ)Δ²/2 + γ(1 + Δ)²/2 + κ − 1/6, κ = (1 − αf)/2 − (1 − αm)(1 + Δ)²/2 − αm Δ²/2 (Taylor expansion).
 */
export function generalizedAlphaErrorConstants(p: GeneralizedAlphaParameters): { position: number; velocity: number } {
  const d = p.alphaM - p.alphaF;
  const kappa = (1 - p.alphaF) / 2 - ((1 - p.alphaM) * (1 + d) * (1 + d)) / 2 - (p.alphaM * d * d) / 2;
  return {
    position: p.beta - p.gamma / 2 + 1 / 12,
    velocity: ((1 - p.gamma) * d * d) / 2 + (p.gamma * (1 + d) * (1 + d)) / 2 + kappa - 1 / 6,
  };
}

export class GeneralizedAlpha extends EndpointEquilibriumMethod {
  readonly name = 'generalized-alpha';
  readonly stageCount = 1;
  readonly alphaM: number;
  readonly alphaF: number;
  readonly beta: number;
  readonly gamma: number;
  readonly parameters: Readonly<Record<string, number>>;
  /** Algorithmic accelerations a_n (state of the method) and a_{n+1} of the current iterate. */
  readonly accel: Float64Array;
  private readonly accelNew: Float64Array;
  /** a_n carried over to a step of another size (beginStage), and the a_n the current step uses. */
  private readonly accelRescaled: Float64Array;
  private accelStart: Float64Array;
  /** Size of the last accepted step (NaN before the first). */
  private hPrevious = NaN;
  private readonly history: StepHistory;
  private readonly errorConstants: { position: number; velocity: number };
  /** ∂a_{n+1}/∂q̈_{n+1}. */
  private readonly accelSensitivity: number;

  /** `params`: ρ∞ (Chung–Hulbert choice) or explicit αm, αf, β, γ (e.g. HHT's, for the equivalence test). */
  constructor(system: AssembledSystem, params: number | GeneralizedAlphaParameters, predictorOrder: 0 | 1 | 2) {
    super(system);
    const p = typeof params === 'number' ? generalizedAlphaParameters(params) : params;
    ({ alphaM: this.alphaM, alphaF: this.alphaF, beta: this.beta, gamma: this.gamma } = p);
    this.parameters = {
      ...(typeof params === 'number' ? { rho: params } : {}),
      alphaM: p.alphaM, alphaF: p.alphaF, beta: p.beta, gamma: p.gamma,
    };
    this.accel = new Float64Array(this.n);
    this.accelNew = new Float64Array(this.n);
    this.accelRescaled = new Float64Array(this.n);
    this.accelStart = this.accel;
    this.history = new StepHistory(this.n, this.m, predictorOrder, system);
    this.errorConstants = generalizedAlphaErrorConstants(p);
    this.accelSensitivity = (1 - p.alphaF) / (1 - p.alphaM);
  }

  initialize(state: StepState): void {
    this.accel.set(state.qdd);
    this.hPrevious = NaN;
    this.history.reset();
  }

  /**
   * Variable steps: a_n lags q̈ by the last step's size, a_n = q̈(t_n + (αm − αf) h_n) + O(h²) (the steady state of
   * Eq. 11d, generalizedAlphaErrorConstants), so a step of size h ≠ h_n starts from a_n rescaled to
   * q̈_n + (h/h_n)(a_n − q̈_n). Without it a step shortened to land on a sample time (adaptive runs) inherits an
   * O(h_n − h) error in a that the index-3 heavy top amplifies (e_ω 5.5 instead of 0.3 at ε = 1e-5).
   * Fixed steps (h = h_n) use a_n as it is, bit for bit.
   */
  beginStage(state: StepState, h: number): void {
    const ratio = h / this.hPrevious;
    if (!(ratio > 0) || ratio === 1) { this.accelStart = this.accel; return; }
    const { n, accel, accelRescaled } = this, qdd = state.qdd;
    for (let i = 0; i < n; i++) accelRescaled[i] = qdd[i] + ratio * (accel[i] - qdd[i]);
    this.accelStart = accelRescaled;
  }

  predict(state: StepState, h: number, _stage: number, qddNew: Float64Array, lambdaNew: Float64Array): void {
    this.history.predict(state, h, qddNew, lambdaNew);
  }

  positionSensitivity(h: number): number { return h * h * this.beta * this.accelSensitivity; }

  newtonMatrixKey(h: number): number { return h; }

  /** Arnold & Brüls Eqs. 11b-d. */
  updateKinematics(state: StepState, h: number, qddNew: Float64Array): void {
    const { n, alphaM, alphaF, beta, gamma, accelStart: accel, accelNew, qNew, qdNew } = this;
    const { q, qd, qdd } = state;
    const pa = h * h * (0.5 - beta), pb = h * h * beta, va = h * (1 - gamma), vb = h * gamma;
    for (let i = 0; i < n; i++) {
      const a1 = ((1 - alphaF) * qddNew[i] + alphaF * qdd[i] - alphaM * accel[i]) / (1 - alphaM);
      accelNew[i] = a1;
      qNew[i] = q[i] + h * qd[i] + pa * accel[i] + pb * a1;
      qdNew[i] = qd[i] + va * accel[i] + vb * a1;
    }
  }

  protected stageTime(state: StepState, h: number): number { return state.t + h; }

  protected addVelocityJacobian(h: number, _qddNew: Float64Array, acc: MatrixAccumulator): void {
    this.addPlainVelocityJacobian(h * this.gamma * this.accelSensitivity, acc);
  }

  endStage(): void {}

  /** a_{n+1} becomes the method's state (q̈, λ, q, q̇ are the stepper's). */
  accept(state: StepState, h: number): void {
    this.history.push(state, h);
    this.accel.set(this.accelNew);
    this.hPrevious = h;
  }

  reject(): void {}

  positionErrorFactor(h: number): number { return Math.abs(this.errorConstants.position) * h * h; }

  /** d = q̈_{n+1} − q̈_n, δq ≈ |β − γ/2 + 1/12| h² d. */
  positionErrorEstimate(state: StepState, h: number, qddNew: Float64Array, out: Float64Array): number {
    for (let i = 0; i < this.n; i++) out[i] = qddNew[i] - state.qdd[i];
    return this.positionErrorFactor(h);
  }

  /** ∂q̇_{n+1}/∂q̈_{n+1} = hγ(1 − αf)/(1 − αm). */
  velocityErrorFactor(h: number): number { return h * this.gamma * this.accelSensitivity; }

  velocityErrorEstimate(state: StepState, h: number, qddNew: Float64Array, out: Float64Array): number {
    return this.history.velocityErrorEstimate(this.errorConstants.velocity, state, h, qddNew, out);
  }
}
