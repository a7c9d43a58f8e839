/**
 * A small typed API on `window.__hht` for the end-to-end tests (they read numbers, not
 * pixels): state, run status, samples, and the actions a user can take.
 */
import { SAMPLE_WIDTH } from '../solver/sampleColumns';
import type { RunMethod as IntegratorMethod } from '../scenario/methods';
import type { ScenarioId, ScenarioState } from '../scenario/types';
import { playheadStore, seek } from './playhead';
import { cancelRun, silenceWorkerForTests, startRun } from './runner';
import { isBusy, results } from './runs';
import { COLUMN } from './plotData';
import { outputOf } from './chartViews';
import { drawnCharts, lastPngCharts, type DrawnChart } from './export/drawnCharts';
import { modelStore, openLink, openModel, type OpenModelResult } from './models';
import { failPart } from './partFaults';
import type { ModelFacts } from '../run/modelFacts';
import {
  appStore,
  setAlpha,
  setComponent,
  setField,
  setMethods,
  setOutput,
  selectScenario,
  type MethodRun,
  type OmegaComponent,
} from './store';

export interface RunStatusReport {
  readonly runId: number;
  /** True while a run is scheduled or any method is computing. */
  readonly busy: boolean;
  readonly methods: Readonly<Record<IntegratorMethod, MethodRun>>;
}

/** performance.now() marks of the latest run, for the measurements in e2e/measure.spec.ts. */
export interface RunTiming {
  readonly runId: number;
  readonly startedAt: number | null;
  readonly settledAt: number | null;
}

export interface HhtTestApi {
  state(): ScenarioState;
  /** Field texts and their issues. */
  fields(): Record<string, { text: string; issue: string | null }>;
  notice(): string[] | null;
  runStatus(): RunStatusReport;
  timing(): RunTiming;
  /** Full sample rows (SAMPLE_COLUMNS) at uniform times, as shown by the 3D view. */
  samples(method: IntegratorMethod): number[][];
  /** The decimated (t, value) pairs of one sample column or model output (by name), as plotted. */
  series(method: IntegratorMethod, column: string): number[][];
  /** The latest run's model facts: outputs, assembly moves, removed equations, warnings. */
  modelFacts(): ModelFacts | null;
  /** Opens a user's model text as Open model… does (resolves when it runs or has failed). */
  openModel(text: string): Promise<OpenModelResult>;
  /** Opens a share link as the page does on load (a model is read, a hosted one fetched). */
  openLink(query: string): Promise<void>;
  /** The model editor's text and mistakes. */
  modelEditor(): { open: boolean; text: string; issues: { path: string; message: string }[] };
  setOutput(output: string | null): void;
  /** The exact last sample row of the run (null until it finished or failed). */
  finalRow(method: IntegratorMethod): number[] | null;
  finalOmega(method: IntegratorMethod): [number, number, number] | null;
  url(): string;
  playhead(): number;
  setAlpha(alpha: number): void;
  setScenario(id: ScenarioId): void;
  setField(key: string, text: string): void;
  setMethods(methods: IntegratorMethod[]): void;
  setComponent(component: OmegaComponent): void;
  seek(t: number): void;
  run(): void;
  cancel(): void;
  /** The time charts of the Plots tab as drawn now: per chart its quantity, ω component and lines with their points. */
  screenSeries(): DrawnChart[];
  /** The same description of the charts the last PNG of the plots drew (null before one). */
  lastPngSeries(): DrawnChart[] | null;
  /** The model-file reader and compiler (e2e/modelFuzz.spec.ts), loaded on first use like the app's own. */
  modelFile(): Promise<ModelFileApi>;
  /** Makes one part of the page (a PartBoundary's `part`, e.g. 'scene') throw at its next render, or stop (false). */
  failPart(part: string, fail?: boolean): void;
  /**
   * Ends `method`'s solver worker without telling the page, as a worker that hangs looks from the page, and sets how
   * long the page waits for an answer before it ends the run (ms; absent: unchanged).
   */
  silenceWorker(method: IntegratorMethod, limitMs?: number): void;
}

export interface ModelFileApi {
  readonly readModelText: typeof import('../modelfile/read').readModelText;
  readonly compileModel: typeof import('../modelfile/compile').compileModel;
}

declare global {
  interface Window {
    __hht?: HhtTestApi;
  }
}

function rowsOf(data: Float64Array): number[][] {
  const out: number[][] = [];
  for (let i = 0; i + SAMPLE_WIDTH <= data.length; i += SAMPLE_WIDTH) out.push(Array.from(data.subarray(i, i + SAMPLE_WIDTH)));
  return out;
}

export function installTestApi(): void {
  let timing: RunTiming = { runId: 0, startedAt: null, settledAt: null };
  appStore.subscribe((s, prev) => {
    if (s.runId !== prev.runId) timing = { runId: s.runId, startedAt: performance.now(), settledAt: null };
    else if (timing.settledAt === null && isBusy(prev) && !isBusy(s)) timing = { ...timing, settledAt: performance.now() };
  });
  const api: HhtTestApi = {
    state: () => appStore.getState().state,
    fields: () => ({ ...appStore.getState().fields }),
    notice: () => appStore.getState().notice?.issues.map((i) => i.message) ?? null,
    runStatus: () => {
      const s = appStore.getState();
      return { runId: s.runId, busy: isBusy(s), methods: s.runs };
    },
    timing: () => timing,
    samples: (method) => {
      const res = results.current[method];
      return res ? rowsOf(res.rows.view()) : [];
    },
    series: (method, column) => {
      const res = results.current[method];
      const c = Object.hasOwn(COLUMN, column) ? (COLUMN as Record<string, number>)[column] : res ? outputOf(res, column)?.series : undefined;
      if (!res || c === undefined || c === 0) return [];
      const pairs = res.series[c].view();
      const out: number[][] = [];
      for (let i = 0; i < pairs.length; i += 2) out.push([pairs[i], pairs[i + 1]]);
      return out;
    },
    finalRow: (method) => {
      const row = results.current[method]?.finalRow;
      return row ? Array.from(row) : null;
    },
    finalOmega: (method) => {
      const row = results.current[method]?.finalRow;
      return row ? [row[COLUMN.omega_x], row[COLUMN.omega_y], row[COLUMN.omega_z]] : null;
    },
    modelFacts: () => appStore.getState().modelFacts,
    openModel: (text) => openModel({ text }, 'the model'),
    openLink,
    modelEditor: () => {
      const { open, text, issues } = modelStore.getState();
      return { open, text, issues: issues.map((i) => ({ path: i.path, message: i.message })) };
    },
    setOutput,
    url: () => window.location.href,
    playhead: () => playheadStore.getState().time,
    setAlpha,
    setScenario: selectScenario,
    setField,
    setMethods,
    setComponent,
    seek,
    run: startRun,
    cancel: cancelRun,
    screenSeries: () => {
      const charts = document.querySelector('[data-testid="charts"]');
      return charts ? drawnCharts(charts) : [];
    },
    lastPngSeries: lastPngCharts,
    modelFile: async () => {
      const [{ readModelText }, { compileModel }] = await Promise.all([import('../modelfile/read'), import('../modelfile/compile')]);
      return { readModelText, compileModel };
    },
    failPart,
    silenceWorker: silenceWorkerForTests,
  };
  window.__hht = api;
}
