/**
 * Where the α and ρ∞ sliders mark the model on screen as measured unstable: the damping scan (`sim study
 * damping-scan`, solver/studies/dampingScan.ts) of the model's file (measured once per shipped model at its default
 * step and parameter values), or one measured on the page for the model and step on screen (the Studies tab's
 * damping scan). A scan applies only to the model, parameter values and step it was measured at: elsewhere the
 * slider says it is not measured rather than showing a verdict on another run. Pure functions and a small store,
 * so the first screen's slider carries no solver code.
 */
import { createStore } from 'zustand/vanilla';
import { methodParameter, type MethodParameterKey, type RunMethod } from '../scenario/methods';
import type { ModelDocument } from '../modelfile/schema';
import type { ParamValues, ScenarioDef, ScenarioState } from '../scenario/types';
import { formatNumber } from '../scenario/validate';

/** A method's unstable grid values, as `sim study damping-scan` summarises them (UnstableInterval). */
export interface MarkedInterval {
  readonly from: number;
  readonly to: number;
  readonly modes: readonly string[];
  readonly firstFailure: number;
}

/** A damping scan as the sliders read it. */
export interface DampingScanSummary {
  readonly h: number;
  readonly tEnd: number;
  readonly alphaStep: number;
  readonly rhoStep: number;
  /** Per scanned method its unstable intervals ([]: stable at every grid value); a method not listed was not scanned. */
  readonly unstable: Partial<Record<RunMethod, readonly MarkedInterval[]>>;
}

/** A scan measured on the page, with what it was measured on. */
export interface PageScan extends DampingScanSummary {
  /** The model it ran (a shipped model's definition, or the user's model in use then). */
  readonly def: ScenarioDef;
  readonly values: ParamValues;
}

/** A damping scan in flight on the page: runs started of all. */
export interface ScanProgress {
  readonly done: number;
  readonly total: number;
}

/**
 * The last damping scan finished on the page and the one in flight (the Studies tab's pool writes both), so the
 * sliders read them without loading the study code.
 */
export const pageScanStore = createStore<{ readonly scan: PageScan | null; readonly measuring: ScanProgress | null }>()(() => ({ scan: null, measuring: null }));

export function keepPageScan(scan: PageScan): void {
  pageScanStore.setState({ scan, measuring: null });
}

export function noteScanProgress(measuring: ScanProgress | null): void {
  pageScanStore.setState({ measuring });
}

/** Why the sliders show no marks: nothing measured for this model, or measured at another step or other parameter values. */
export type NoScanReason = 'not-measured' | 'other-step' | 'other-values';

export type ScanVerdict =
  | { readonly kind: 'scan'; readonly scan: DampingScanSummary; readonly source: 'model-file' | 'page' }
  | { readonly kind: 'none'; readonly reason: NoScanReason; readonly scanH?: number };

function sameValues(a: ParamValues, b: ParamValues): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => a[k].length === b[k]?.length && a[k].every((x, i) => Object.is(x, b[k][i])));
}

function defaultValues(def: ScenarioDef): ParamValues {
  return Object.fromEntries(def.params.map((p) => [p.name, p.default]));
}

/** The same step up to the last digit a person types (1e-4 read from a link is 0.0001 exactly; 10 s / 1e5 is not). */
const sameStep = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(a, b);

/**
 * The scan that describes `state`'s model at its step: one measured on the page for this model, parameter values and
 * step, else the model file's (measured at its default values), else why there is none.
 */
export function scanFor(state: Pick<ScenarioState, 'h' | 'values'>, def: ScenarioDef, page: PageScan | null): ScanVerdict {
  if (page && page.def === def && sameStep(page.h, state.h) && sameValues(page.values, state.values)) return { kind: 'scan', scan: page, source: 'page' };
  const own = documentScan(def.document);
  if (!own) return { kind: 'none', reason: 'not-measured' };
  if (!sameStep(own.h, state.h)) return { kind: 'none', reason: 'other-step', scanH: own.h };
  if (!sameValues(defaultValues(def), state.values)) return { kind: 'none', reason: 'other-values', scanH: own.h };
  return { kind: 'scan', scan: own, source: 'model-file' };
}

/** The model file's `measured.dampingScan`, or null. */
export function documentScan(doc: ModelDocument): DampingScanSummary | null {
  const scan = doc.measured?.dampingScan;
  if (!scan) return null;
  return { h: scan.h, tEnd: scan.tEnd, alphaStep: scan.alphaStep, rhoStep: scan.rhoStep, unstable: scan.unstable };
}

/** The ends of a parameter's slider. */
const RANGE: Readonly<Record<MethodParameterKey, readonly [number, number]>> = { alpha: [-1 / 3, 0], rho: [0, 1] };

/** A stretch of the slider, as fractions of its travel from its left end (0) to its right end (1). */
export interface MarkSegment {
  readonly start: number;
  readonly end: number;
}

/**
 * Where to draw a method's unstable intervals on its slider: each grid value stands for the half step on either side
 * of it (the boundary lies between the last stable and the first unstable value), cut to the slider's ends.
 * Example: α unstable at −0.04 … 0 on a 0.01 grid → one segment from α = −0.045 to 0, i.e. [0.865, 1].
 */
export function markSegments(intervals: readonly MarkedInterval[], parameter: MethodParameterKey, step: number): MarkSegment[] {
  const [lo, hi] = RANGE[parameter];
  const fraction = (x: number) => Math.min(1, Math.max(0, (x - lo) / (hi - lo)));
  return intervals.map((i) => ({ start: fraction(i.from - step / 2), end: fraction(i.to + step / 2) }));
}

/** The compared methods that take `parameter`, and what the scan says of each (null: not scanned). */
export function methodMarks(scan: DampingScanSummary, methods: readonly RunMethod[], parameter: MethodParameterKey): { method: RunMethod; intervals: readonly MarkedInterval[] | null }[] {
  return methods.filter((m) => methodParameter(m) === parameter).map((method) => ({ method, intervals: scan.unstable[method] ?? null }));
}

/** Whether `value` lies in one of the intervals, read as markSegments draws them (half a grid step on either side). */
export function isMarkedUnstable(intervals: readonly MarkedInterval[], value: number, step: number): boolean {
  return intervals.some((i) => value >= i.from - step / 2 - 1e-12 && value <= i.to + step / 2 + 1e-12);
}

const SYMBOL: Readonly<Record<MethodParameterKey, string>> = { alpha: 'α', rho: 'ρ∞' };

/** A value as written on the page (−0.04, not -0.04). */
const shown = (x: number) => formatNumber(Number(x.toPrecision(6))).replace('-', '−');

/**
 * One method's verdict in words: "unstable for α ≥ −0.04", "stable at every α", "unstable for ρ∞ ≤ 0.1 and ρ∞ ≥ 0.95",
 * "not scanned". An interval touching an end of the range is said as one inequality, an inner one as a range.
 */
export function intervalsText(intervals: readonly MarkedInterval[] | null, parameter: MethodParameterKey): string {
  if (intervals === null) return 'not scanned';
  if (intervals.length === 0) return `stable at every ${SYMBOL[parameter]}`;
  return `unstable for ${intervalConditions(intervals, parameter)}`;
}

/** The unstable values as conditions: "α ≥ −0.04", "ρ∞ ≤ 0.1 and ρ∞ ≥ 0.95", "0.3 ≤ ρ∞ ≤ 0.4". */
export function intervalConditions(intervals: readonly MarkedInterval[], parameter: MethodParameterKey): string {
  const p = SYMBOL[parameter];
  const [lo, hi] = RANGE[parameter];
  return intervals.map(({ from, to }) => {
    if (from === to) return `${p} = ${shown(from)}`;
    if (Math.abs(to - hi) < 1e-12 && Math.abs(from - lo) < 1e-12) return `every ${p}`;
    if (Math.abs(to - hi) < 1e-12) return `${p} ≥ ${shown(from)}`;
    if (Math.abs(from - lo) < 1e-12) return `${p} ≤ ${shown(to)}`;
    return `${shown(from)} ≤ ${p} ≤ ${shown(to)}`;
  }).join(' and ');
}

/** Where the scan was measured, in words: "at h = 0.0001 s, runs of 1 s". */
export function scanConditions(scan: DampingScanSummary): string {
  return `at h = ${formatNumber(scan.h)} s, runs of ${formatNumber(scan.tEnd)} s`;
}
