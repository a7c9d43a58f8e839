/**
 * Offline support (SPEC §7 "no network"): registers the Workbox service worker that
 * vite-plugin-pwa generates from the build manifest, and keeps its state in a small vanilla
 * store the UI reads. A new version waits until the user accepts the reload, so the page never
 * runs a mix of old and new files (the service worker's precache is replaced as a whole).
 */
import { createStore } from 'zustand/vanilla';

export interface OfflineState {
  /** Every file of this version is cached: the app now opens and runs without network. */
  readonly offlineReady: boolean;
  /** A newer version is installed and waiting; `reload` activates it. */
  readonly updateWaiting: boolean;
}

/** How often an open page asks the server for a new version (a lecture lasts hours). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export const offlineStore = createStore<OfflineState>(() => ({ offlineReady: false, updateWaiting: false }));

let activateUpdate: ((reloadPage?: boolean) => Promise<void>) | null = null;

/** Registers the service worker (production builds in browsers that support it). */
export async function startServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  activateUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => offlineStore.setState({ updateWaiting: true }),
    onOfflineReady: () => offlineStore.setState({ offlineReady: true }),
    onRegisteredSW: (_url, registration) => {
      if (registration) setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    },
  });
}

/**
 * Registers the service worker once the page's first run has settled (or after `fallbackMs`): its
 * precache download and hashing would otherwise compete with the two solver workers for the cores
 * while the first curves are drawn. `settled` tells whether a run has stopped since page load.
 */
export function startServiceWorkerAfterFirstRun(
  subscribe: (listener: () => void) => () => void, settled: () => boolean, fallbackMs = 10_000,
): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    unsubscribe();
    clearTimeout(timer);
    void startServiceWorker();
  };
  const unsubscribe = subscribe(() => { if (settled()) start(); });
  const timer = setTimeout(start, fallbackMs);
}

/** Activates the waiting version and reloads the page with it. */
export function reloadWithUpdate(): void {
  void activateUpdate?.(true);
}

/** Hides the "new version" notice for this page; the update still applies on the next visit. */
export function dismissUpdate(): void {
  offlineStore.setState({ updateWaiting: false });
}
