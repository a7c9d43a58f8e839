/**
 * The method family as the user names it (SPEC §6): the five `--method` / link names, the one
 * parameter each takes (HHT's α or ρ∞), and the rules that tie a run's parameters to its methods.
 * A parameter no selected method takes is an input error, never converted: HHT's α and ρ∞ are
 * related by ρ∞ = (1 + α)/(1 − α) (α = −0.3 ↔ ρ∞ = 0.538), but each method is given its own.
 */
import { METHOD_PARAMETERS } from '../solver/integrators/methodNames';
import type { FamilyMethodName } from '../solver/studies/methodStability';
import type { InputIssue, ValueNamer } from './types';

/** Every method a run may use: the registry's `Method`s plus the Lie-group stepper (its own simulation). */
export type RunMethod = FamilyMethodName;

/** The names in SPEC §6 order (the order of `--help` and of the error messages). */
export const RUN_METHODS: readonly RunMethod[] = ['classical', 'modified', 'generalized-alpha', 'lie-group', 'ji-xing'];

/** The parameter a method takes: HHT's α (link `alpha`) or the spectral radius at infinity ρ∞ (link `rho`). */
export type MethodParameterKey = 'alpha' | 'rho';

/** ρ∞ bounds (Chung & Hulbert 1993): 0 annihilates the highest frequencies in one step, 1 keeps them. */
export const RHO_MIN = 0;
export const RHO_MAX = 1;

/**
 * ρ∞ when a ρ∞ method is selected and none is given: 2/3, the value of the published generalized-α and
 * Lie-group heavy-top results (Arnold & Brüls 2007; Brüls, Cardona & Arnold 2012) and of SPEC §6.
 * A link or command that gives no ρ∞ method never uses it, so every earlier link keeps its meaning.
 */
export const DEFAULT_RHO = 2 / 3;

/** Most methods compared side by side (SPEC §6: a link lists two to four; one is kept for earlier links). */
export const MAX_COMPARED_METHODS = 4;

export function isRunMethod(text: string): text is RunMethod {
  return (RUN_METHODS as readonly string[]).includes(text);
}

/** The parameter `method` takes. */
export function methodParameter(method: RunMethod): MethodParameterKey {
  if (method === 'lie-group') return 'rho';
  return METHOD_PARAMETERS[method][0];
}

/** Whether any of `methods` takes `key`. */
export function takesParameter(methods: readonly RunMethod[], key: MethodParameterKey): boolean {
  return methods.some((method) => methodParameter(method) === key);
}

/** The methods that run only with a fixed step (the Lie-group stepper has no error estimate). */
export function isFixedStepOnly(method: RunMethod): boolean {
  return method === 'lie-group';
}

/** ρ∞ ∈ [0, 1]. */
export function checkRho(rho: number, key: string, name: ValueNamer): InputIssue | null {
  if (Number.isFinite(rho) && rho >= RHO_MIN && rho <= RHO_MAX) return null;
  return { key, message: `${name(key, String(rho))} is outside [0, 1] (ρ∞, the spectral radius at infinite step)` };
}

/** Names of a parameter in messages: the flag or link key of α and of ρ∞. */
export interface ParameterKeys {
  readonly alpha: string;
  readonly rho: string;
}

export const LINK_PARAMETER_KEYS: ParameterKeys = { alpha: 'alpha', rho: 'rho' };
export const CLI_PARAMETER_KEYS: ParameterKeys = { alpha: '--alpha', rho: '--rho-inf' };

/**
 * The issue when a parameter was given that none of the selected methods takes, e.g.
 * "--rho-inf 0.5: modified takes --alpha, not ρ∞ (ρ∞ is for generalized-alpha, lie-group, ji-xing)".
 */
export function unusedParameterIssue(
  methods: readonly RunMethod[], given: MethodParameterKey, text: string, keys: ParameterKeys, name: ValueNamer,
): InputIssue | null {
  if (takesParameter(methods, given)) return null;
  const other: MethodParameterKey = given === 'alpha' ? 'rho' : 'alpha';
  const takers = RUN_METHODS.filter((m) => methodParameter(m) === given).join(', ');
  const what = given === 'alpha' ? 'HHT α' : 'ρ∞';
  const list = methods.join(', ');
  return {
    key: keys[given],
    message:
      `${name(keys[given], text)}: ${list} ${methods.length === 1 ? 'takes' : 'take'} ${keys[other]}, not ${what} ` +
      `(${what} is for ${takers}; each method is given its own parameter, never converted)`,
  };
}

/** The issue when a fixed-step-only method is asked for an adaptive run. */
export function adaptiveIssue(methods: readonly RunMethod[], key: string): InputIssue | null {
  const fixed = methods.filter(isFixedStepOnly);
  if (fixed.length === 0) return null;
  return { key, message: `${key}: ${fixed.join(', ')} runs with a fixed step only (no local error estimate); leave ${key} out` };
}
