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

/**
 * The parameters that differ from the model's defaults, for print: "L2 = 1.5 m · phi2 = 45 °" (vectors as
 * "(0, 150, −4.6) rad/s"); '' when every parameter has its default.
 */
export function changedParameters(state: ScenarioState): string {
  const def = getScenario(state.scenario);
  if (!def) return '';
  return def.params
    .filter((p) => {
      const now = state.values[p.name];
      return now !== undefined && (now.length !== p.default.length || now.some((x, i) => !Object.is(x, p.default[i])));
    })
    .map((p) => {
      const value = state.values[p.name];
      const text = value.length === 1 ? printNumber(value[0]) : `(${value.map(printNumber).join(', ')})`;
      return p.unit ? `${p.name} = ${text} ${p.unit}` : `${p.name} = ${text}`;
    })
    .join(' · ');
}

export interface FigureHeaderInput {
  readonly state: ScenarioState;
  readonly methodNames: Readonly<Record<IntegratorMethod, string>>;
  readonly methodColors: Readonly<Record<IntegratorMethod, string>>;
  /** Each method's line style (SVG stroke-dasharray, undefined: solid), when the figure shows them. */
  readonly methodDashes?: Readonly<Record<IntegratorMethod, string | undefined>>;
  readonly exactColor: string;
  /** Colour of a model output's reference curve. */
  readonly referenceColor?: string;
  /** What the upper plots show, e.g. "ωy" or "beta". */
  readonly upperLabel: string;
  /** What the lower plots show, e.g. "energy drift". */
  readonly lowerLabel: string;
  /** Title of the preset shown, when the screen is still that preset. */
  readonly presetTitle: string | null;
  readonly link: string;
  /**
   * The owners of the lines the figure's charts draw (drawnCharts: a method, 'exact', 'reference', …): the legend
   * names the exact solution and the reference curve only where a chart draws them.
   */
  readonly drawnLines: readonly string[];
}

export function figureHeader(input: FigureHeaderInput): FigureHeader {
  const scenario = getScenario(input.state.scenario);
  const legend: LegendEntry[] = input.state.methods.map((m) => {
    const dash = input.methodDashes?.[m];
    return dash ? { name: input.methodNames[m], color: input.methodColors[m], dashed: true, dash } : { name: input.methodNames[m], color: input.methodColors[m], dashed: false };
  });
  if (input.drawnLines.includes('exact')) legend.push({ name: 'exact solution', color: input.exactColor, dashed: true });
  if (input.drawnLines.includes('reference')) legend.push({ name: 'reference curve (model file)', color: input.referenceColor ?? input.exactColor, dashed: false });
  const what = `${input.upperLabel} and ${input.lowerLabel}`;
  const changed = changedParameters(input.state);
  return {
    title: input.presetTitle ? `${input.presetTitle} — ${what}` : `${scenario.title} — ${what}`,
    parameters: changed ? `${parameterLine(input.state)} · ${changed}` : parameterLine(input.state),
    legend,
    link: input.link,
  };
}

/** A link's query values longer than this are cut where the link is printed shortened. */
export const PRINTED_VALUE_CHARS = 24;

/**
 * A link shortened for print: each query value longer than PRINTED_VALUE_CHARS cut to its start and "…", so the
 * settings of a link that carries its model stay readable. Example: shortenedLink('https://x/?v=1&model-data=' +
 * 'A'.repeat(5000) + '&t=2') === 'https://x/?v=1&model-data=AAAAAAAAAAAAAAAAAAAAAAAA…&t=2'.
 */
export function shortenedLink(link: string): string {
  const query = link.indexOf('?');
  if (query < 0) return link.length > 4 * PRINTED_VALUE_CHARS ? `${link.slice(0, 4 * PRINTED_VALUE_CHARS)}…` : link;
  const pairs = link.slice(query + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const value = eq < 0 ? '' : pair.slice(eq + 1);
    return value.length > PRINTED_VALUE_CHARS ? `${pair.slice(0, eq + 1)}${value.slice(0, PRINTED_VALUE_CHARS)}…` : pair;
  });
  return `${link.slice(0, query + 1)}${pairs.join('&')}`;
}

/**
 * Lines of at most the width `fits` allows, broken after '?' and '&' (a link) or at spaces (a sentence), and inside
 * a part only where that part alone is too wide. Example: wrapLines('a=1&b=2', (s) => s.length <= 4) → ['a=1&', 'b=2'].
 */
export function wrapLines(text: string, fits: (line: string) => boolean): string[] {
  const parts = text.match(/[^?& ]*[?& ]|[^?& ]+$/g) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const part of parts) {
    if (fits(line + part) || fits((line + part).trimEnd())) {
      line += part;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    line = '';
    let rest = part;
    while (rest && !fits(rest.trimEnd())) {
      let cut = 1;
      while (cut < rest.length && fits(rest.slice(0, cut + 1))) cut++;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line.trimEnd()) lines.push(line.trimEnd());
  return lines;
}
