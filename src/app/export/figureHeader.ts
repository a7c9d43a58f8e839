/**
 * The text around an exported figure: a title, the run's parameters (α, h, t_end, and the
 * tolerance of an adaptive run), a legend of the method colours and the share link, so a PNG
 * pasted into a slide says what it shows. Pure; tested in test/app/figureHeader.test.ts.
 */
import { DEFAULT_RHO, takesParameter, type RunMethod as IntegratorMethod } from '../../scenario/methods';
import { getScenario } from '../../scenario/registry';
import type { ScenarioState } from '../../scenario/types';
import { formatNumber } from '../../scenario/validate';

export interface LegendEntry {
  readonly name: string;
  readonly color: string;
  readonly dashed: boolean;
  /** The line's own dash pattern (SVG stroke-dasharray) where the figure draws the methods' line styles. */
  readonly dash?: string;
}

export interface FigureHeader {
  readonly title: string;
  readonly parameters: string;
  readonly legend: readonly LegendEntry[];
  readonly link: string;
}

/** A number for print: the shortest round-trip text with a typographic minus. Example: −0.2. */
export function printNumber(x: number): string {
  return formatNumber(x).replace(/^-/, '−');
}

/**
 * "α = −0.2 · h = 0.0001 s · t_end = 10 s", with the tolerance of an adaptive run
 * ("h₀ = … s (adaptive, tol = 1e-4)"); α only when an HHT method is compared, ρ∞ when a
 * ρ∞ method is ("ρ∞ = 2/3" for the default).
 */
export function parameterLine(state: ScenarioState): string {
  const step = state.tolerance === undefined ? `h = ${printNumber(state.h)} s` : `h₀ = ${printNumber(state.h)} s (adaptive, tol = ${printNumber(state.tolerance)})`;
  const rho = state.rho ?? DEFAULT_RHO;
  const parameters = [
    ...(takesParameter(state.methods, 'alpha') ? [`α = ${printNumber(state.alpha)}`] : []),
    ...(takesParameter(state.methods, 'rho') ? [`ρ∞ = ${Object.is(rho, DEFAULT_RHO) ? '2/3' : printNumber(rho)}`] : []),
  ];
  return [...parameters, step, `t_end = ${printNumber(state.tEnd)} s`].join(' · ');
}

export interface FigureHeaderInput {
  readonly state: ScenarioState;
  readonly methodNames: Readonly<Record<IntegratorMethod, string>>;
  readonly methodColors: Readonly<Record<IntegratorMethod, string>>;
  /** Each method's line style (SVG stroke-dasharray, undefined: solid), when the figure shows them. */
  readonly methodDashes?: Readonly<Record<IntegratorMethod, string | undefined>>;
  readonly exactColor: string;
  /** What the lower plots show, e.g. "energy drift". */
  readonly lowerLabel: string;
  /** Title of the preset shown, when the screen is still that preset. */
  readonly presetTitle: string | null;
  readonly link: string;
}

export function figureHeader(input: FigureHeaderInput): FigureHeader {
  const scenario = getScenario(input.state.scenario);
  const legend: LegendEntry[] = input.state.methods.map((m) => {
    const dash = input.methodDashes?.[m];
    return dash ? { name: input.methodNames[m], color: input.methodColors[m], dashed: true, dash } : { name: input.methodNames[m], color: input.methodColors[m], dashed: false };
  });
  if (scenario.exactOmega) legend.push({ name: 'exact solution', color: input.exactColor, dashed: true });
  const what = `ω and ${input.lowerLabel}`;
  return {
    title: input.presetTitle ? `${input.presetTitle} — ${what}` : `${scenario.title} — ${what}`,
    parameters: parameterLine(input.state),
    legend,
    link: input.link,
  };
}
