/**
 * What the page loads after its first curves (SPEC §7 phone, docs/performance.md "The first visit"): the page
 * shell, α and the time charts come first; the 3D view, the Theory, Numerical damping and Studies tabs are their
 * own chunks. They load as soon as they are shown (a link that opens on a tab), and all of them once the first
 * run's curves are on screen, so a slow network serves the curves before the rest. The service worker
 * precaches every chunk, so a repeat visit takes them from the cache.
 */
import { createStore } from 'zustand/vanilla';
import { results } from './runs';
import { appStore } from './store';

/** Whether the parts loaded after the first curves may be drawn now. */
export const deferredStore = createStore<{ readonly later: boolean }>()(() => ({ later: false }));

/** The chunks loaded after the first curves (each import is cached by the module loader: calling it again is free). */
export const LATER_CHUNKS = {
  scene: () => import('./components/Scene3D'),
  theory: () => import('./components/TheoryPanel'),
  damping: () => import('./components/DampingPanel'),
  studies: () => import('./components/StudiesPanel'),
} as const;

/** Longest wait for the first curves before the rest loads anyway (a run that never starts, ms). */
const FALLBACK_MS = 8000;

/** Every compared method of the latest run has data on screen (its first chunk shows at once), or has ended without. */
function firstCurvesShown(): boolean {
  const { state, runs, runId } = appStore.getState();
  if (runId === 0) return false;
  return state.methods.every((m) => {
    const phase = runs[m].phase;
    return results.current[m]?.runId === runId || phase === 'failed' || phase === 'cancelled';
  });
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
  const unsubscribe = appStore.subscribe(() => {
    if (firstCurvesShown()) done();
  });
  function done(): void {
    clearTimeout(timer);
    unsubscribe();
    // After the frames that render and paint the curves, so their paint is not delayed by the chunks' requests.
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(loadLater, 0)));
  }
}
