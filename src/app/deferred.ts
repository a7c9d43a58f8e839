/**
 * What the page loads after its first curves (SPEC §7 phone, docs/performance.md "The first visit"): the page
 * shell, α and the time charts come first; the 3D view, the Theory, Numerical damping and Studies tabs and the
 * Export panel (CSV and PNG downloads, the embed code) are their own chunks. They load as soon as they are shown
 * (a link that opens on a tab), and all of them once the first run's curves are on screen, so a slow network serves
 * the curves before the rest. The service worker precaches every chunk, so a repeat visit takes them from the cache.
 */
import { createStore } from 'zustand/vanilla';
import { appStore } from './store';

/** Whether the parts loaded after the first curves may be drawn now. */
export const deferredStore = createStore<{ readonly later: boolean }>()(() => ({ later: false }));

/** The chunks loaded after the first curves (each import is cached by the module loader: calling it again is free). */
export const LATER_CHUNKS = {
  scene: () => import('./components/Scene3D'),
  theory: () => import('./components/TheoryPanel'),
  damping: () => import('./components/DampingPanel'),
  studies: () => import('./components/StudiesPanel'),
  export: () => import('./components/ExportPanel'),
} as const;

/** Longest wait for the first curves before the rest loads anyway (a run that never starts, ms). */
const FALLBACK_MS = 8000;

/** The methods whose main curve (ω or the chosen output) has been drawn with at least two points. */
const drawnCurves = new Set<string>();

/** Called by a time chart once its main curve is drawn. */
export function noteCurveDrawn(method: string): void {
  if (drawnCurves.has(method)) return;
  drawnCurves.add(method);
  checkFirstCurves?.();
}

let checkFirstCurves: (() => void) | null = null;

/** Every compared method has drawn its curve, or its run failed or was cancelled before it could. */
function firstCurvesShown(): boolean {
  const { state, runs } = appStore.getState();
  return state.methods.every((m) => drawnCurves.has(m) || runs[m].phase === 'failed' || runs[m].phase === 'cancelled');
}

/** Lets the deferred parts draw and fetches all of them. */
export function loadLater(): void {
  if (deferredStore.getState().later) return;
  deferredStore.setState({ later: true });
  for (const load of Object.values(LATER_CHUNKS)) void load();
}

/** Loads the deferred parts once the first run's curves are on screen (or after FALLBACK_MS). */
export function loadLaterAfterFirstCurves(): void {
  const timer = setTimeout(done, FALLBACK_MS);
  const check = () => {
    if (firstCurvesShown()) done();
  };
  checkFirstCurves = check;
  const unsubscribe = appStore.subscribe(check);
  check();
  function done(): void {
    clearTimeout(timer);
    unsubscribe();
    checkFirstCurves = null;
    // After the frame that paints the curves, so their paint is not delayed by the chunks' evaluation.
    requestAnimationFrame(() => setTimeout(loadLater, 0));
  }
}
