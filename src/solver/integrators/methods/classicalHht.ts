/**
 * Classical HHT on Euler parameters (Sherif Eqs. 17, 18, 20; Negrut): every coordinate, the Euler
 * parameters included, takes the Newmark velocity update of Eq. 60, so J₁ = hγ I (Eq. 67).
 */
import type { MatrixAccumulator } from '../../linalg/accumulator';
import { COORDS_PER_BODY } from '../../model/types';
import { BODY_BLOCKS, RATE_DERIVATIVE_OFFSET } from '../../model/assembly';
import { HhtMethod } from './hhtMethod';

export class ClassicalHht extends HhtMethod {
  readonly name = 'classical';
  /** Sherif Eq. 60 for every coordinate: q̇_{n+1} = q̇_n + h(1−γ) q̈_n + hγ q̈_{n+1}. */
  protected readonly modifiedVelocity = 0;

  /** −Q_ė J₁ with J₁ = hγ I₄: only the quadratic-velocity terms depend on ė (Q_e ∋ −f2, so −Q_ė = ∂f2/∂ė). */
  protected addVelocityJacobian(h: number, _qddNew: Float64Array, acc: MatrixAccumulator): void {
    const { system } = this;
    const hg = h * this.gamma;
    const rate = system.velocityRateDerivatives(this.qNew, this.qdNew);
    for (let b = 0; b < system.bodyCount; b++) {
      const oe = b * COORDS_PER_BODY + 3;
      acc.addBlock(oe, oe, 4, 4, rate, BODY_BLOCKS * b + RATE_DERIVATIVE_OFFSET, hg);
    }
  }
}
