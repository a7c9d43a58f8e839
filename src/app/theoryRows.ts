/**
 * The theory overlay of the `spin` scenario: the papers' one-step closed forms (theory.ts)
 * evaluated for the current α, h, ω′ = ω0_x and μ = M_x / J_x, next to the first step the
 * running simulation measured. Pure; tested in test/app/theoryRows.test.ts.
 */
import { SAMPLE_WIDTH, type IntegratorMethod } from '../solver/simulate';
import {
  classicalOneStepOmega,
  constantSpinOmega,
  fromRestOmega,
  modifiedOneStepE0,
  modifiedOneStepOmega,
  type OneStepPrediction,
} from '../solver/studies/theory';
import type { ScenarioState } from '../scenario/types';
import { COLUMN } from './plotData';

/** What the first step of a run gave: ω_x before and after, and e0 of the primary body after. */
export interface MeasuredStep {
  readonly omegaBefore: number;
  readonly omegaAfter: number;
  readonly e0After: number;
}

/**
 * Reads the first step from a run's `head` (HEAD_SAMPLES × (row, pose), pose = `coordinates`
 * values with e0 at index 3 of the primary body 0); null if the run has no first step yet.
 */
export function measuredFirstStep(head: Float64Array, coordinates: number): MeasuredStep | null {
  const stride = SAMPLE_WIDTH + coordinates;
  if (head.length < 2 * stride) return null;
  return { omegaBefore: head[COLUMN.omega_x], omegaAfter: head[stride + COLUMN.omega_x], e0After: head[stride + SAMPLE_WIDTH + 3] };
}

/** Which formula a row shows (also the key of its rendered maths). */
export type FormulaKey = 'eq28' | 'eq41' | 'eq42' | 'eq6-classical' | 'eq6-modified' | 'eq7' | 'eq13';

export interface TheoryRow {
  readonly key: FormulaKey;
  readonly method: IntegratorMethod;
  readonly prediction: OneStepPrediction;
  /** The value before the step: ω′ for ω, 1 for e0. */
  readonly before: number;
  /** Why the formula does not describe this run (then nothing is compared), or null. */
  readonly notApplicable: string | null;
}

/** The inputs of the closed forms: α, h, ω′ and μ; `singleAxis` is false when ω0 or M has y/z parts. */
export interface TheoryInputs {
  readonly alpha: number;
  readonly h: number;
  readonly omega: number;
  readonly mu: number;
  readonly singleAxis: boolean;
}

export function theoryInputs(state: ScenarioState): TheoryInputs {
  const [wx, wy, wz] = state.values.omega0;
  const [mx, my, mz] = state.values.M;
  const jx = state.values.J[0];
  return { alpha: state.alpha, h: state.h, omega: wx, mu: mx / jx, singleAxis: wy === 0 && wz === 0 && my === 0 && mz === 0 };
}

/** Every closed form for the inputs; the short paper's special cases say when they do not apply. */
export function theoryRows({ alpha, h, omega, mu }: TheoryInputs): TheoryRow[] {
  const needsNoMoment = mu === 0 ? null : 'assumes M = 0 (constant spin)';
  const needsRest = omega === 0 ? null : 'assumes ω0 = 0 (start from rest)';
  return [
    { key: 'eq28', method: 'classical', prediction: classicalOneStepOmega(alpha, h, omega, mu), before: omega, notApplicable: null },
    { key: 'eq41', method: 'modified', prediction: modifiedOneStepE0(h, omega, mu), before: 1, notApplicable: null },
    { key: 'eq42', method: 'modified', prediction: modifiedOneStepOmega(alpha, h, omega, mu), before: omega, notApplicable: null },
    { key: 'eq6-classical', method: 'classical', prediction: constantSpinOmega('classical', alpha, h, omega), before: omega, notApplicable: needsNoMoment },
    { key: 'eq6-modified', method: 'modified', prediction: constantSpinOmega('modified', alpha, h, omega), before: omega, notApplicable: needsNoMoment },
    { key: 'eq7', method: 'classical', prediction: fromRestOmega('classical', alpha, h, mu), before: 0, notApplicable: needsRest },
    { key: 'eq13', method: 'modified', prediction: fromRestOmega('modified', alpha, h, mu), before: 0, notApplicable: needsRest },
  ];
}

/** The measured value a row compares with: e0 for Eq. 41, ω_x after the step otherwise. */
export function measuredValue(row: TheoryRow, step: MeasuredStep): number {
  return row.key === 'eq41' ? step.e0After : step.omegaAfter;
}
