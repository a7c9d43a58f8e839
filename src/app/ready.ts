/**
 * "The page is up": the page shell with its charts has been drawn (App.tsx). The first run starts only then,
 * so the first React render and the streamed run never compete for the main thread; the 3D view loads later,
 * after the first curves (deferred.ts).
 */
let ready = false;
const waiting: Array<() => void> = [];

export function markPageReady(): void {
  if (ready) return;
  ready = true;
  for (const callback of waiting.splice(0)) setTimeout(callback, 0);
}

/** Calls back once the page is up, or after `fallbackMs` whatever happens. */
export function whenPageReady(callback: () => void, fallbackMs = 2000): void {
  if (ready) {
    setTimeout(callback, 0);
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    callback();
  };
  waiting.push(once);
  setTimeout(once, fallbackMs);
}
