/**
 * The HHT integrator of Sherif Eqs. 59-69 / Negrut Eqs. 10-14 as one object: an `ImplicitStepper` running the
 * classical or modified HHT `Method` (methods/classicalHht.ts, methods/modifiedHht.ts). Kept for tests and
 * callers that want one HHT step with a given α; new code builds `ImplicitStepper` with `createMethod`.
 */
import type { AssembledSystem } from '../model/assembly';
import type { NewtonLinearSolver } from '../linalg/newtonSolver';
import type { MatrixAccumulator } from '../linalg/accumulator';
import { ImplicitStepper } from './implicitStepper';
import { createMethod } from './methodRegistry';
import type { HhtMethod } from './methods/hhtMethod';
import { hhtErrorConstant } from './methods/hhtMethod';
import { DEFAULT_NEWTON, type NewtonSettings } from './newtonDriver';

export { DEFAULT_NEWTON, type NewtonSettings } from './newtonDriver';
export { type StepResult } from './implicitStepper';
export { CORRECTOR_ACCURACY } from './rateBasedStop';

export type IntegratorMethodName = 'classical' | 'modified';

export class HhtIntegrator extends ImplicitStepper {
  readonly beta: number;
  readonly gamma: number;
  private h = 0;

  constructor(
    system: AssembledSystem,
    readonly methodName: IntegratorMethodName,
    readonly alpha: number,
    newton: NewtonSettings = DEFAULT_NEWTON,
    linearSolver?: NewtonLinearSolver,
  ) {
    const method = createMethod(methodName, system, { alpha }, newton) as HhtMethod;
    super(system, method, newton, linearSolver);
    this.beta = method.beta;
    this.gamma = method.gamma;
  }

  /** Builds per-step constants (h, and w of Eq. 75 for the modified method). */
  prepareStep(h: number): void {
    this.h = h;
    this.method.beginStage(this, h, 0);
  }

  /** Residual of Sherif Eq. 62 and the scaled constraints (Negrut Eq. 13) at (q̈_{n+1}, λ_{n+1}) into out. */
  residual(qddNew: Float64Array, lambdaNew: Float64Array, out: Float64Array): void {
    this.driver.scaledResidual(this, this.h, 0, qddNew, lambdaNew, out);
  }

  /** Newton matrix of Sherif Eq. 65 at the iterate of the last residual() call. */
  jacobian(qddNew: Float64Array, lambdaNew: Float64Array, acc: MatrixAccumulator): void {
    this.method.jacobian(this, this.h, qddNew, lambdaNew, acc);
  }

  /** β − 1/(6(1+α)) of Negrut Eq. 25 (see methods/hhtMethod.ts). */
  errorConstant(): number {
    return hhtErrorConstant(this.alpha);
  }
}

