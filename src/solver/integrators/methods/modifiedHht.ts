/**
 * Modified HHT (Sherif Sect. 6): positions by Eq. 33 (= Eq. 17); the Euler parameters' velocities by the
 * modified Newmark update of Eq. 34, which keeps ė on the constraint manifold's tangent; J₁ of Eq. 69.
 */
import type { MatrixAccumulator } from '../../linalg/accumulator';
import { COORDS_PER_BODY } from '../../model/types';
import { BODY_BLOCKS, RATE_DERIVATIVE_OFFSET } from '../../model/assembly';
import type { StepState } from '../method';
import { modifiedVelocityJacobian } from '../newmark';
import { HhtMethod } from './hhtMethod';

export class ModifiedHht extends HhtMethod {
  readonly name = 'modified';
  /** Eq. 60 for the positions' rates, Eq. 34 for the Euler parameters' (kernels/assembly/bodies.ts). */
  protected readonly modifiedVelocity = 1;
  private readonly block2 = new Float64Array(16);
  private readonly product = new Float64Array(16);

  /** w = L(e_n) ė_n + h(1−γ) L(e_n) ë_n (Sherif Eq. 75) for every body. */
  override beginStage(state: StepState, h: number): void {
    this.system.modifiedVelocityHistory(h, this.gamma, state, this.history);
  }

  /** −Q_ė J₁ with J₁ = ∂ė_{n+1}/∂ë_{n+1} of Sherif Eq. 69. */
  protected addVelocityJacobian(h: number, qddNew: Float64Array, acc: MatrixAccumulator): void {
    const { system, block2, product } = this;
    const rate = system.velocityRateDerivatives(this.qNew, this.qdNew);
    for (let b = 0; b < system.bodyCount; b++) {
      const oe = b * COORDS_PER_BODY + 3, r = BODY_BLOCKS * b + RATE_DERIVATIVE_OFFSET;
      modifiedVelocityJacobian(h, this.beta, this.gamma, this.history, 3 * b, this.qNew, qddNew, oe, block2);
      for (let a = 0; a < 4; a++) {
        for (let c = 0; c < 4; c++) {
          let s = 0;
          for (let k = 0; k < 4; k++) s += rate[r + 4 * a + k] * block2[4 * k + c];
          product[4 * a + c] = s;
        }
      }
      acc.addBlock(oe, oe, 4, 4, product, 0, 1);
    }
  }
}
