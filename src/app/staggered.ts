/**
 * Staggered redraws: each subscriber to the plot version is re-rendered in its own macrotask
 * (one after the other), so four charts cost four short tasks rather than one long one and
 * the main thread stays responsive while data streams in.
 */
import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { appStore } from './store';

const queue: Array<() => void> = [];
/** How many tasks at the head of the queue are first ones (see `first` below). */
let firstQueued = 0;
let pumping = false;
/** When the round of redraws in progress began, and how long the last whole round took (ms). */
let roundStartedAt = 0;
let lastRoundMs = 0;

/**
 * How long the last round of redraws took, from its first task to the end of its last (ms; 0 before the first):
 * the charts' renders and the page's own work between them (layout, paint, messages).
 */
export function lastRedrawMs(): number {
  return lastRoundMs;
}

/** Whether a round of redraws is still in progress. */
export function redrawing(): boolean {
  return pumping;
}

function pump(): void {
  const task = queue.shift();
  if (firstQueued > 0) firstQueued--;
  if (task) task();
  if (queue.length > 0) setTimeout(pump, 0);
  else {
    pumping = false;
    lastRoundMs = performance.now() - roundStartedAt;
  }
}

function enqueue(task: () => void, first: boolean): void {
  if (first) queue.splice(firstQueued++, 0, task);
  else queue.push(task);
  if (!pumping) {
    pumping = true;
    roundStartedAt = performance.now();
    setTimeout(pump, 0);
  }
}

/**
 * The store's plotVersion, delivered to this component in a task of its own; `first` components (the ω plots, what a
 * user waits for) are redrawn before the others.
 */
export function useStaggeredPlotVersion(first = false): number {
  const [version, setVersion] = useState(() => appStore.getState().plotVersion);
  useEffect(() => {
    let queued = false;
    const deliver = () => {
      queued = false;
      flushSync(() => setVersion(appStore.getState().plotVersion));
    };
    // Catch up with a version bumped between the first render and this effect (no flushSync
    // inside an effect: React forbids it there).
    if (appStore.getState().plotVersion !== version) setVersion(appStore.getState().plotVersion);
    return appStore.subscribe((s, prev) => {
      if (s.plotVersion !== prev.plotVersion && !queued) {
        queued = true;
        enqueue(deliver, first);
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return version;
}
