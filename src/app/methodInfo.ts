/**
 * What the app says about the method family (SPEC §6) beyond colour: short names for tight
 * places, the "?" tip of each method, its line style at a given width, and the rules of the
 * method picker (which boxes may be ticked, and why not). Pure; tested in test/app/methodInfo.test.ts.
 */
import { isFixedStepOnly, MAX_COMPARED_METHODS, RUN_METHODS, type RunMethod } from '../scenario/methods';
import { METHOD_DASH } from './theme';

/** Names where space is short (three or four columns, difference plots, the 3D view's list). */
export const METHOD_SHORT: Readonly<Record<RunMethod, string>> = {
  classical: 'classical',
  modified: 'modified',
  'generalized-alpha': 'gen-α',
  'lie-group': 'Lie-group',
  'ji-xing': 'Ji–Xing',
};

/** The "?" tip of each method in the picker: what it is and what it does to the spin. */
export const METHOD_TIPS: Readonly<Record<RunMethod, string>> = {
  classical:
    'Classical HHT-I3 with Euler parameters (Sherif Eqs. 17, 18, 20; Negrut): Newmark updates of the Euler-parameter derivatives. Parameter α. Its numerical damping slows a fast spin down, the effect the paper is about.',
  modified:
    'Modified HHT (Sherif Eqs. 33, 34; Jacobian Eq. 69): the same method with the modified Newmark velocity update, which keeps a free body’s constant spin exactly for every α. With joints the index-3 constraint mode still needs enough damping: the heavy top at h = 1e-4 s runs at α ≤ −0.05 and fails from −0.04 (the α slider marks where). Parameter α.',
  'generalized-alpha':
    'Generalized-α of Chung & Hulbert in the index-3 form of Arnold & Brüls (2007), on Euler parameters. Parameter ρ∞ (spectral radius at infinite step). Second order; loses far less spin than classical HHT, but not none.',
  'lie-group':
    'Lie-group generalized-α (Brüls, Cardona & Arnold 2012): rotations on SO(3) by rotation-vector increments, positions in R³. Parameter ρ∞. Keeps a constant spin to round-off. Fixed step only (no error estimate).',
  'ji-xing':
    'Ji & Xing 2023 three-sub-step composite: two trapezoidal sub-steps with the modified velocity update, then a four-point backward formula (appendix A.3–A.5). Parameter ρ∞. Second order; each step costs about three.',
};

/** The one click of the product's headline comparison. */
export const HEADLINE_PAIR: readonly RunMethod[] = ['classical', 'modified'];

/** Line width the METHOD_DASH lengths are drawn for (the default plot line, px). */
const DASH_BASE_WIDTH = 1.6;

/**
 * A method's SVG stroke-dasharray at line width `lineWidth`: METHOD_DASH scaled so thick projector
 * lines keep the same pattern. Example: methodDash('modified', 3.2) === '18 6'; classical: undefined (solid).
 */
export function methodDash(method: RunMethod, lineWidth: number): string | undefined {
  const dash = METHOD_DASH[method];
  if (dash === undefined) return undefined;
  const scale = Math.max(1, lineWidth / DASH_BASE_WIDTH);
  return dash
    .split(/\s+/)
    .map((length) => Number((Number(length) * scale).toFixed(2)))
    .join(' ');
}

/** The methods in SPEC §6 order with `method` added or removed (the picker keeps that order, so links do not depend on click order). */
export function toggledMethods(selected: readonly RunMethod[], method: RunMethod): RunMethod[] {
  const on = selected.includes(method);
  return RUN_METHODS.filter((m) => (m === method ? !on : selected.includes(m)));
}

/**
 * Why the picker's box of `method` cannot be clicked now, in words shown at the box; null when it can.
 * Example: with four methods ticked the fifth says "four methods are compared at most: untick one first".
 */
export function pickBlock(selected: readonly RunMethod[], method: RunMethod, adaptive: boolean): string | null {
  const on = selected.includes(method);
  if (on) return selected.length === 1 ? 'at least one method runs: tick another before unticking this one' : null;
  if (selected.length >= MAX_COMPARED_METHODS) return `${MAX_COMPARED_METHODS} methods are compared at most: untick one first`;
  if (adaptive && isFixedStepOnly(method)) return 'fixed step only (no local error estimate): set Step size to fixed to choose it';
  return null;
}

/**
 * Why adaptive stepping cannot be chosen with these methods, or null (the Lie-group stepper has no
 * error estimate; the rule of src/scenario/methods.ts adaptiveIssue, said at the Step size control).
 */
export function adaptiveBlock(selected: readonly RunMethod[]): string | null {
  const fixed = selected.filter(isFixedStepOnly);
  if (fixed.length === 0) return null;
  return `adaptive steps: not with ${fixed.map((m) => METHOD_SHORT[m]).join(', ')} (fixed step only, no local error estimate)`;
}

/**
 * What the difference plot subtracts from what, for its button and titles: each method minus the
 * exact line where the scenario has one, else every other method minus the first selected.
 * Example: differenceCaption(['classical', 'modified'], false) === 'modified − classical'.
 */
export function differenceCaption(methods: readonly RunMethod[], exact: boolean): string {
  if (exact) return '− exact';
  if (methods.length < 2) return 'needs two methods';
  const [first, ...others] = methods;
  if (others.length === 1) return `${METHOD_SHORT[others[0]]} − ${METHOD_SHORT[first]}`;
  return `each − ${METHOD_SHORT[first]}`;
}
