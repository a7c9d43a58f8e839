/**
 * Which local errors the tolerance of an adaptive run controls, as the user names it: share-link key `norm`,
 * `sim --error-norm`, the app's choice next to the tolerance (integrators/adaptiveStepper.ts ErrorNorm).
 *
 * The default is 'position-velocity', chosen by measurement (docs/stability-and-tolerance.md): with it e_ω falls
 * at least 3× per decade of tolerance on the spin and the heavy top where the step cap does not bind; with
 * 'position' it falls about 1.5–2× and tolerances 1e-3 … 1e-5 give one run on the heavy top. Share links of
 * schema v1 were written when only the position norm existed, so an adaptive v1 link without `norm` keeps it
 * and reproduces its rows bit for bit (url.ts); links of schema v2 without `norm` mean the new default.
 */
import type { ErrorNorm } from '../solver/simulate';
import type { InputIssue, ScenarioState, ValueNamer } from './types';
import { assignmentNamer, quoteText, type Parsed } from './validate';

export type { ErrorNorm };

export const ERROR_NORMS: readonly ErrorNorm[] = ['position', 'position-velocity'];

/** The norm of an adaptive run that names none (links of schema v2, `sim`, the app). */
export const DEFAULT_ERROR_NORM: ErrorNorm = 'position-velocity';

/** The norm of an adaptive link of schema v1 that names none: the only one there was. */
export const V1_ERROR_NORM: ErrorNorm = 'position';

/** The share-link key (and `--set` name). */
export const NORM_KEY = 'norm';

export function isErrorNorm(text: string): text is ErrorNorm {
  return (ERROR_NORMS as readonly string[]).includes(text);
}

/** Reads a norm name as written. Example: parseErrorNorm('norm', 'position') → { ok: true, value: 'position' }. */
export function parseErrorNorm(key: string, text: string, name: ValueNamer = assignmentNamer): Parsed<ErrorNorm> {
  const trimmed = text.trim();
  if (isErrorNorm(trimmed)) return { ok: true, value: trimmed };
  return { ok: false, issue: { key, message: `${name(key, quoteText(text))} is not an error norm (${ERROR_NORMS.join(' or ')})` } };
}

/** The norm a state's adaptive run uses: its own, else the default. */
export function errorNormOf(state: Pick<ScenarioState, 'errorNorm'>): ErrorNorm {
  return state.errorNorm ?? DEFAULT_ERROR_NORM;
}

/** The issue when a norm is given for a run without a tolerance (a fixed step has no error control). */
export function fixedStepNormIssue(key: string, toleranceKey: string): InputIssue {
  return { key, message: `${key} applies to adaptive runs only: give ${toleranceKey} too (or leave ${key} out)` };
}
