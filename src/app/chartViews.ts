/**
 * What each time plot shows: its points (from the streamed, decimated series of one method),
 * its axes and labels, and a one-sentence summary of the key numbers (the plot's text
 * alternative). Pure apart from reading the results passed in; tested in test/app/chartViews.test.ts.
 */
import type { RunMethod as IntegratorMethod } from '../scenario/methods';
import { defaultValues, getScenario } from '../scenario/registry';
import type { ScenarioDef, ScenarioState } from '../scenario/types';
import type { MethodResults } from './runs';
import type { LowerPlot, OmegaComponent } from './store';
import { SAMPLE_WIDTH } from '../solver/sampleColumns';
import { SERIES_WIDTH } from '../worker/protocol';
import type { OutputColumn } from '../run/modelFacts';
import { formatTime } from './runs';
import { METHOD_SHORT } from './methodInfo';
import { referenceCurvePoints } from './referenceCurves';
import { COLUMN, differenceSeries, energyMetric, logDomain, logTicks, mergePairs, niceDomain, niceTicks, RPM_PER_RAD_S, type PairPoint } from './plotData';

export interface Point extends PairPoint {
  exact?: number;
}

/** The plots: ω component of the primary body, a model output (in ω's place), or one of the lower plots. */
export type ChartKind = 'omega' | 'output' | LowerPlot;

const COMPONENTS: readonly OmegaComponent[] = ['x', 'y', 'z'];

// Every builder leaves non-finite values out: no NaN or Infinity ever reaches a plot.

function omegaPoints(res: MethodResults, component: OmegaComponent): Point[] {
  const pairs = res.series[COLUMN[`omega_${component}`]].view();
  const def = res.def;
  const k = COMPONENTS.indexOf(component);
  const points: Point[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const t = pairs[i];
    const v = pairs[i + 1];
    if (!Number.isFinite(v)) continue;
    points.push(def.exactOmega ? { t, v, exact: def.exactOmega(res.state.values, t)[k] } : { t, v });
  }
  return points;
}

/** Points of one series, mapped (e.g. scaled or shifted); non-finite and, on a log axis, non-positive ones left out. */
function seriesPoints(pairs: Float64Array, map: (v: number) => number, positive = false): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const v = map(pairs[i + 1]);
    if (Number.isFinite(v) && (!positive || v > 0)) points.push({ t: pairs[i], v });
  }
  return points;
}

function energyPoints(res: MethodResults): Point[] {
  const { factor } = energyMetric(res);
  return seriesPoints(res.series[COLUMN.energy_error].view(), (v) => v * factor);
}

/** L_z − L_z(0): the first decimated point is the t = 0 sample. */
function momentumPoints(res: MethodResults): Point[] {
  const pairs = res.series[COLUMN.angular_momentum_z].view();
  const l0 = pairs.length > 1 ? pairs[1] : 0;
  return seriesPoints(pairs, (v) => v - l0);
}

/**
 * What the difference plot subtracts: the exact solution where the model has one, else the first
 * compared method's run (every other method is plotted minus it). Example: heavy top with
 * [classical, modified] → 'classical'; spin → 'exact'.
 */
export function differenceReference(def: ScenarioDef | undefined, methods: readonly IntegratorMethod[]): 'exact' | IntegratorMethod {
  return def?.exactOmega ? 'exact' : methods[0];
}

/** ω of one run minus the exact ω, at the run's uniformly spaced sample rows. */
function exactDifferencePoints(res: MethodResults, component: OmegaComponent): Point[] {
  const exact = res.def.exactOmega;
  const rows = res.rows.view();
  const k = COMPONENTS.indexOf(component);
  const column = COLUMN[`omega_${component}`];
  const points: Point[] = [];
  if (!exact) return points;
  for (let i = 0; i + SAMPLE_WIDTH <= rows.length; i += SAMPLE_WIDTH) {
    const v = rows[i + column] - exact(res.state.values, rows[i])[k];
    if (Number.isFinite(v)) points.push({ t: rows[i], v });
  }
  return points;
}

/**
 * The difference plot's points of `res`: its ω minus the exact ω, or (no exact solution) minus the
 * reference run's ω (none for the reference itself: it would be zero).
 */
function differencePoints(res: MethodResults, component: OmegaComponent, reference: 'exact' | IntegratorMethod, results: Partial<Record<IntegratorMethod, MethodResults>>): Point[] {
  if (reference === 'exact') return exactDifferencePoints(res, component);
  const base = results[reference];
  return base && base !== res ? differenceSeries(res.rows.view(), base.rows.view(), COLUMN[`omega_${component}`]) : [];
}

/**
 * The output the upper plots show in ω's place: the view's (a link's `output`, the picker's choice or the model's
 * default output) if the running model has it, else none (ω). Example: shownOutput('beta', [{ name: 'beta' }]) === 'beta'.
 */
export function shownOutput(chosen: string | null, outputs: readonly { readonly name: string }[]): string | null {
  return chosen !== null && outputs.some((o) => o.name === chosen) ? chosen : null;
}

/** What the time charts show: the compared methods, the upper plot (ω's component or a model output) and the lower plot. */
export interface ChartsShown {
  readonly methods: readonly IntegratorMethod[];
  readonly component: OmegaComponent;
  /** A model output plotted in ω's place, or null for ω. */
  readonly output: string | null;
  readonly lower: LowerPlot;
  /** The scenario has an exact ω (drawn dashed on the ω plots; the difference plot subtracts it). */
  readonly exact: boolean;
}

/**
 * What the time charts show for the page's state: the one answer the page's plots and the exported PNG of the
 * plots both draw from. Example: andrews with its default output → { output: 'beta', lower: 'energy', … }.
 */
export function chartsShown(app: {
  readonly state: ScenarioState;
  readonly view: { readonly component: OmegaComponent; readonly output: string | null; readonly lower: LowerPlot };
  readonly modelFacts: { readonly outputs: readonly { readonly name: string }[] } | null;
}): ChartsShown {
  return {
    methods: app.state.methods,
    component: app.view.component,
    output: shownOutput(app.view.output, app.modelFacts?.outputs ?? []),
    lower: app.view.lower,
    exact: !!getScenario(app.state.scenario)?.exactOmega,
  };
}

/**
 * The quantity a chart plots, named as `sim`'s columns and the model's outputs are (SPEC §3, §8): the ω component's
 * column, the output's name, or the lower plot's column. Example: chartQuantity('difference', 'y') === 'omega_y'.
 */
export function chartQuantity(kind: ChartKind, component: OmegaComponent, output?: string | null): string {
  switch (kind) {
    case 'omega':
    case 'difference':
      return `omega_${component}`;
    case 'output':
      return output ?? 'output';
    case 'energy':
      return 'energy_error';
    case 'steps':
      return 'h';
    case 'norm':
      return 'euler_norm_drift';
    case 'constraints':
      return 'constraint_error';
    case 'momentum':
      return 'angular_momentum_z';
  }
}

/** The output named `name` of a run's model and its series index (after the fixed series), or null. */
export function outputOf(res: Pick<MethodResults, 'facts'>, name: string | undefined): { column: OutputColumn; series: number } | null {
  const k = name === undefined ? -1 : res.facts.outputs.findIndex((o) => o.name === name);
  return k < 0 ? null : { column: res.facts.outputs[k], series: SERIES_WIDTH + k };
}

function pointsFor(kind: ChartKind, res: MethodResults, component: OmegaComponent, results: Partial<Record<IntegratorMethod, MethodResults>>, reference: 'exact' | IntegratorMethod, output?: string): Point[] {
  switch (kind) {
    case 'omega':
      return omegaPoints(res, component);
    case 'output': {
      const found = outputOf(res, output);
      return found ? seriesPoints(res.series[found.series].view(), (v) => v) : [];
    }
    case 'energy':
      return energyPoints(res);
    // Step size (v, log axis) and Newton iterations of the step (w).
    case 'steps':
      return mergePairs(res.series[COLUMN.h].view(), res.series[COLUMN.iterations].view(), true);
    // The Euler parameters' position-level (v) and velocity-level (w) normalisation, both on the log axis.
    case 'norm':
      return mergePairs(res.series[COLUMN.euler_norm_drift].view(), res.series[COLUMN.euler_velocity].view(), true, true);
    // Position-level (v) and velocity-level (w) residuals, both on the log axis.
    case 'constraints':
      return mergePairs(res.series[COLUMN.constraint_error].view(), res.series[COLUMN.velocity_constraint_error].view(), true, true);
    case 'momentum':
      return momentumPoints(res);
    case 'difference':
      return differencePoints(res, component, reference, results);
  }
}

/** Whether every parameter of the model `def` has its default value: a model file's reference curves hold only there. */
function atDefaults(state: ScenarioState, def: ScenarioDef): boolean {
  const defaults = defaultValues(def);
  return Object.entries(defaults).every(([name, value]) => {
    const now = state.values[name];
    return now !== undefined && now.length === value.length && now.every((x, i) => x === value[i]);
  });
}

/**
 * The reference curve of the output `name` of the model `def` (the model file's `reference`, docs/model-format.md)
 * up to the run's end time, or null: none in the model, not loaded yet (referenceCurves.ts), or a parameter changed
 * from its default (the curve would be wrong).
 */
export function referencePoints(state: ScenarioState, def: ScenarioDef | undefined, name: string | undefined): Point[] | null {
  const reference = name === undefined || !def ? undefined : referenceCurvePoints(def, name);
  if (!reference || !def || !atDefaults(state, def)) return null;
  const points: Point[] = [];
  for (const [t, v] of reference) if (t <= state.tEnd * (1 + 1e-12)) points.push({ t, v });
  return points.length > 0 ? points : null;
}

/** Range of `key` over all lines (and of the exact line), so both methods' charts share their axes. */
export function valueRange(sets: readonly Point[][], key: 'v' | 'w', withExact = key === 'v'): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const points of sets) {
    for (const p of points) {
      for (const x of [p[key], withExact ? p.exact : undefined]) {
        if (x === undefined || !Number.isFinite(x)) continue;
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
    }
  }
  return [lo, hi];
}

/** A secondary y axis on the right: crank speed in rpm, or Newton iterations. */
export interface RightAxis {
  readonly domain: [number, number];
  readonly ticks: number[];
  readonly label: string;
  readonly integer: boolean;
}

/** A second curve (`w` of the points): on the right axis, or on the left one with the first. */
export interface SecondLine {
  readonly name: string;
  readonly axis: 'left' | 'right';
  /** Drawn as steps (Newton iterations are whole numbers per step). */
  readonly step: boolean;
}

export interface ChartView {
  readonly kind: ChartKind;
  readonly data: Point[];
  readonly state: ScenarioState;
  /** Whether the model of the plotted run has an exact ω (drawn dashed on the ω plot). */
  readonly exact: boolean;
  readonly domain: [number, number];
  /** Log axis (ticks at decades) or linear (ticks at nice multiples). */
  readonly log: boolean;
  readonly ticks: number[];
  readonly yLabel: string;
  readonly seriesName: string;
  readonly right: RightAxis | null;
  readonly second: SecondLine | null;
  /** A model output's reference curve, on the left axis (its own times; null: none to draw). */
  readonly reference?: Point[] | null;
  /** Some of this chart's own points lie outside its y axis: a failed run's blow-up left off scale (beforeBlowUp). */
  readonly offScale?: boolean;
}

/**
 * Chooses an axis's domain from the one its data alone would get (`tight`): the time plots pass
 * one that only grows while a run streams (grownDomain), so the axes do not jump.
 */
export type DomainPolicy = (axis: 'left' | 'right', tight: [number, number], log: boolean) => [number, number];

const TIGHT: DomainPolicy = (_axis, tight) => tight;

export interface ChartViewOptions {
  /** Domain of each axis from its data's own (default: exactly that). */
  readonly policy?: DomainPolicy;
  /** Most y ticks that fit the chart's height (default 11: as many as the nice step gives). */
  readonly maxTicks?: number;
  /** The model output a chart of kind 'output' plots (its name). */
  readonly output?: string;
  /** The compared methods whose runs failed: their blow-up does not set the axes (beforeBlowUp). */
  readonly failed?: readonly IntegratorMethod[];
}

/** Labels of the lower plots, as the plot choice names them. */
export const LOWER_PLOT_LABELS: Readonly<Record<LowerPlot, string>> = {
  energy: 'energy drift',
  steps: 'step size h & Newton iterations',
  norm: 'Euler-parameter norm & eᵀė',
  constraints: 'constraint residuals',
  momentum: 'angular momentum about z',
  difference: 'difference plot (Δω)',
};

/** A view on a linear axis: the policy's domain with nice ticks. */
type ViewBase = Omit<ChartView, 'domain' | 'log' | 'ticks' | 'right' | 'second'>;

/** The policy's domain, or the tight one while there is no data (a placeholder must not seed a growing axis). */
function chosenDomain(policy: DomainPolicy, axis: 'left' | 'right', range: [number, number], tight: [number, number], log: boolean): [number, number] {
  return range[0] <= range[1] ? policy(axis, tight, log) : tight;
}

function linearView(base: ViewBase, range: [number, number], { policy = TIGHT, maxTicks }: ChartViewOptions): ChartView {
  const domain = chosenDomain(policy, 'left', range, niceDomain(range), false);
  return { ...base, domain, log: false, ticks: niceTicks(domain, maxTicks), right: null, second: null };
}

function logView(base: ViewBase, sets: Point[][], second: SecondLine | null, { policy = TIGHT, maxTicks }: ChartViewOptions): ChartView {
  const [lo, hi] = valueRange(sets, 'v');
  const [wLo, wHi] = second?.axis === 'left' ? valueRange(sets, 'w') : [Infinity, -Infinity];
  const range: [number, number] = [Math.min(lo, wLo), Math.max(hi, wHi)];
  const domain = chosenDomain(policy, 'left', range, logDomain(range), true);
  return { ...base, domain, log: true, ticks: logTicks(domain, Math.min(6, maxTicks ?? 6)), right: null, second };
}

/**
 * Axes and labels of one chart of `method`, from the results of all compared methods (so the
 * charts side by side share their y axes). `state` is used while no results exist yet; `policy`
 * may keep the axes from jumping while data stream in.
 */
export function chartView(
  kind: ChartKind, method: IntegratorMethod, methods: readonly IntegratorMethod[], component: OmegaComponent,
  results: Partial<Record<IntegratorMethod, MethodResults>>, fallbackState: ScenarioState, label: string,
  options: ChartViewOptions = {},
): ChartView {
  const own = results[method];
  const shown = own ?? methods.map((m) => results[m]).find(Boolean);
  // The model of the results on screen (not the page's current one: a run's results stay until the next run's replace them).
  const state = shown?.state ?? fallbackState;
  const def = shown ? shown.def : getScenario(fallbackState.scenario);
  const reference = differenceReference(def, methods);
  const { output, failed = [] } = options;
  const data = own ? pointsFor(kind, own, component, results, reference, output) : [];
  const sets = methods.map((m) => (m === method ? data : results[m] ? pointsFor(kind, results[m]!, component, results, reference, output) : []));
  const log = kind === 'steps' || kind === 'norm' || kind === 'constraints';
  // The axes come from each failed run's points before its blow-up; the blow-up is drawn, clipped at the axis.
  const axisSets = sets.map((points, k) => (failed.includes(methods[k]) ? beforeBlowUp(points, log) : points));
  const view = viewOf(kind, method, methods, component, results, state, def, reference, label, { kind, data, state, exact: !!def?.exactOmega }, axisSets, options);
  return failed.includes(method) && axisSets[methods.indexOf(method)].length < data.length ? { ...view, offScale: true } : view;
}

/**
 * The label of a failed run's marker (its column's title names the method): when it failed. Example:
 * failureMarkText(1.28) → "fails at t = 1.28 s".
 */
export function failureMarkText(time: number): string {
  return `fails at t = ${formatTime(time)} s`;
}

/** The marker's second label when the run's last samples are off scale (ChartView.offScale). */
export const OFF_SCALE_TEXT = 'blow-up off scale';

/** Samples at the end of a failed run that may be left off scale (its blow-up): at most this many. */
export const BLOW_UP_SAMPLES = 3;
/** Points a run must have before its last ones for these to count as a blow-up. */
const BLOW_UP_HISTORY = 8;

/**
 * The points of a failed run that set the axes: all but its blow-up, the last points (at most BLOW_UP_SAMPLES)
 * each of which lies more than the span of the points before it outside their range, in v or w (in decades on a
 * log axis). A growth visible over many samples stays on scale; only the jump of the last samples is left off.
 * Example: v = 10, 12, 11, 15, 14, 13, 16, 15, −3, 837 → all but the last two.
 */
export function beforeBlowUp(points: Point[], log: boolean): Point[] {
  let end = points.length;
  while (end > Math.max(BLOW_UP_HISTORY, points.length - BLOW_UP_SAMPLES) && isBlowUp(points, end - 1, log)) end--;
  return end === points.length ? points : points.slice(0, end);
}

function isBlowUp(points: Point[], last: number, log: boolean): boolean {
  const value = (x: number | undefined) => (x === undefined ? NaN : log ? (x > 0 ? Math.log10(x) : NaN) : x);
  return (['v', 'w'] as const).some((key) => {
    const x = value(points[last][key]);
    if (!Number.isFinite(x)) return false;
    let lo = Infinity, hi = -Infinity;
    for (let i = 0; i < last; i++) {
      const y = value(points[i][key]);
      if (y < lo) lo = y;
      if (y > hi) hi = y;
    }
    const span = hi - lo;
    return lo <= hi && (x > hi + span || x < lo - span);
  });
}

/** The view of one chart once the points that set its axes are known (`sets`, one per compared method). */
function viewOf(
  kind: ChartKind, method: IntegratorMethod, methods: readonly IntegratorMethod[], component: OmegaComponent,
  results: Partial<Record<IntegratorMethod, MethodResults>>, state: ScenarioState, def: ScenarioDef | undefined, reference: 'exact' | IntegratorMethod,
  label: string, base: Pick<ChartView, 'kind' | 'data' | 'state' | 'exact'>, sets: Point[][], options: ChartViewOptions,
): ChartView {
  const { policy = TIGHT, maxTicks, output } = options;
  const own = results[method];
  switch (kind) {
    case 'steps': {
      const range = valueRange(sets, 'v');
      const domain = chosenDomain(policy, 'left', range, logDomain(range), true);
      const logTickCount = Math.min(6, maxTicks ?? 6);
      const maxIterations = valueRange(sets, 'w')[1];
      const top = Number.isFinite(maxIterations) ? Math.max(4, Math.ceil(maxIterations * 1.25)) : 4;
      const rightDomain = chosenDomain(policy, 'right', range, [0, top], false);
      return {
        ...base, domain, log: true, ticks: logTicks(domain, logTickCount), yLabel: 'step h (s)', seriesName: `${label} step h`,
        right: { domain: rightDomain, ticks: niceTicks(rightDomain, maxTicks).filter(Number.isInteger), label: 'Newton iterations (per step)', integer: true },
        second: { name: 'Newton iterations', axis: 'right', step: true },
      };
    }
    case 'norm':
      return logView(
        { ...base, yLabel: '| |e|² − 1 | (–), |eᵀė| (1/s)', seriesName: `${label} Euler-norm drift` }, sets,
        { name: 'velocity-level |eᵀė|', axis: 'left', step: false }, options,
      );
    case 'constraints':
      return logView({ ...base, yLabel: 'constraint residual (m, m/s)', seriesName: `${label} position |C|` }, sets, { name: 'velocity |C_q q̇ + C_t|', axis: 'left', step: false }, options);
    case 'momentum':
      return linearView({ ...base, yLabel: 'L_z − L_z(0) (kg m²/s)', seriesName: `${label} L_z drift` }, valueRange(sets, 'v'), options);
    case 'energy': {
      const metric = own ? energyMetric(own) : energyMetric({ state, rows: { length: 0, view: () => new Float64Array(0) } });
      return linearView({ ...base, yLabel: metric.label, seriesName: `${label} energy drift` }, valueRange(sets, 'v'), options);
    }
    case 'difference': {
      // Every difference chart shares one y axis (the reference's own set is empty), so they compare at a glance.
      const name = reference === 'exact' ? `${label} ω${component} − exact` : `${METHOD_SHORT[method]} − ${METHOD_SHORT[reference]} ω${component}`;
      return linearView({ ...base, yLabel: `Δω${component} (rad/s)`, seriesName: name }, valueRange(sets, 'v'), options);
    }
    case 'output': {
      const found = methods.map((m) => results[m]).find((r) => r && outputOf(r, output));
      const column = found ? outputOf(found, output)!.column : { name: output ?? 'output', unit: '' };
      const yLabel = column.unit ? `${column.name} (${column.unit})` : column.name;
      const reference = referencePoints(state, def, output);
      const range = valueRange(reference ? [...sets, reference] : sets, 'v');
      return { ...linearView({ ...base, yLabel, seriesName: `${label} ${column.name}` }, range, options), reference };
    }
    case 'omega': {
      const range = valueRange(sets, 'v');
      // The V8's crank speed is the crankshaft's ω_x: also shown in rpm on the right.
      if (state.scenario === 'v8-crank' && component === 'x') {
        const view = linearView({ ...base, yLabel: 'crank speed ωx (rad/s)', seriesName: `${label} crank speed` }, range, options);
        const rpm: [number, number] = [view.domain[0] * RPM_PER_RAD_S, view.domain[1] * RPM_PER_RAD_S];
        return { ...view, right: { domain: rpm, ticks: niceTicks(rpm, maxTicks), label: 'crank speed (rpm)', integer: false } };
      }
      return linearView({ ...base, yLabel: `ω${component} (rad/s)`, seriesName: `${label} ω${component}` }, range, options);
    }
  }
}

/** A number for a sentence: 6 significant digits. */
function numberText(x: number): string {
  return Number(x.toPrecision(6)).toString();
}

/**
 * The chart's key numbers in one sentence, its text alternative: the range of times, the first
 * and last value and the extremes of the main line (and the largest value of the second).
 * Example: "modified HHT ωy (rad/s), t = 0 … 10 s: from 150 to 149.9, min 149.9, max 150."
 */
export function chartSummary(view: ChartView): string {
  const main = view.data.filter((p) => p.v !== undefined);
  if (main.length === 0) return `${view.seriesName}: no data yet.`;
  const values = main.map((p) => p.v!);
  const first = main[0];
  const last = main[main.length - 1];
  let text = `${view.seriesName} (${view.yLabel}), t = ${formatTime(first.t)} … ${formatTime(last.t)} s: from ${numberText(first.v!)} to ${numberText(last.v!)}, min ${numberText(Math.min(...values))}, max ${numberText(Math.max(...values))}`;
  if (view.second) {
    const seconds = view.data.flatMap((p) => (p.w === undefined ? [] : [p.w]));
    if (seconds.length > 0) text += `; ${view.second.name} max ${numberText(Math.max(...seconds))}`;
  }
  return `${text}.`;
}
