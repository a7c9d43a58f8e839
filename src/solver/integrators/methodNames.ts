/**
 * The registry's method names and the parameter each takes (SPEC §6), without the methods themselves: the page
 * checks links and labels controls with these, and loads the methods' code only in the solver workers
 * (methodRegistry.ts holds the constructors, one entry per name here).
 */
import type { MethodParameters } from './method';

/** The parameters of MethodParameters each method takes (a run giving another one is an input error). */
export const METHOD_PARAMETERS = {
  classical: ['alpha'],
  modified: ['alpha'],
  'generalized-alpha': ['rho'],
  'ji-xing': ['rho'],
} as const satisfies Record<string, readonly (keyof MethodParameters)[]>;

export type MethodName = keyof typeof METHOD_PARAMETERS;

/** The registry's names in drawing order. */
export const METHOD_NAMES = Object.keys(METHOD_PARAMETERS) as MethodName[];
